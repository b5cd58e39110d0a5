//! The drawing styles the diagram parser reads, each checked cell by cell and through
//! the round trip `parse(render(d)) == d` (and `render(parse(text)) == text` where the
//! text is already canonical).

use board_core::diagram::{Cell, Diagram, FilePlace, RankSide, Separator, Stone, parse, render};

fn round_trip(text: &str) -> Diagram {
    let d = parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let again = render(&d);
    assert_eq!(parse(&again).as_ref(), Ok(&d), "rendered:\n{again}");
    d
}

fn row_string(d: &Diagram, row: usize) -> String {
    d.rows().nth(row).unwrap().iter().map(Cell::token).collect()
}

/// 000_3834aa4e1393d201.txt, 子路皆子算法说明图: rank, space, cells; `--` before the files.
const EXPLANATION: &str = "7 ┌●┬●●○┐\n\n6 ├●●●○┼○\n\n5 ├┼●○○○○\n\n4 ●●●●○●○\n\n3 ○○○●●●●\n\n2 ○┼●○○●●\n\n1 └○○○○○●\n\n--abcdefg\n";

/// 000_3834aa4e1393d201.txt, 图七: ranks touching the cells, marks, a note beside row 5.
const FIG7: &str = "7b●┬●●○┐\n\n6●●●●○┼○\n\n5●┼●○○○○ 做棋后黑白两方各有1路,分别用字母b和w标出\n\n4●●●●○●○\n\n3○○○●●●●\n\n2○w┼○○●●\n\n1└○○○○○●\n\n_abcdefg\n";

#[test]
fn go_explanation_figure() {
    let d = round_trip(EXPLANATION);
    assert_eq!(render(&d), EXPLANATION);
    assert_eq!((d.width, d.height), (7, 7));
    assert_eq!(
        d.rank_labels.as_ref().map(|l| l.join(",")),
        Some("7,6,5,4,3,2,1".into())
    );
    assert_eq!(
        d.file_labels.as_ref().map(|l| l.join("")),
        Some("abcdefg".into())
    );
    assert_eq!(d.layout.file_prefix, "--");
    assert!(d.layout.rank_gap && d.layout.blank_lines);
    assert_eq!(d.get(0, 0), Some(&Cell::Empty('┌')));
    assert_eq!(d.get(1, 0), Some(&Cell::Stone(Stone::Black, '●')));
    assert_eq!(d.get(5, 0), Some(&Cell::Stone(Stone::White, '○')));
    assert_eq!(d.get(6, 6), Some(&Cell::Stone(Stone::Black, '●')));
    assert_eq!(d.get(7, 0), None);
    // Counted from the drawing by hand: 20 black and 20 white stones, 9 empty points.
    assert_eq!(d.count_stones(Stone::Black), 20);
    assert_eq!(d.count_stones(Stone::White), 20);
    assert_eq!(d.cells.iter().filter(|c| c.is_empty()).count(), 9);
}

#[test]
fn go_figure_with_marks_and_note() {
    let d = round_trip(FIG7);
    assert_eq!(render(&d), FIG7);
    assert!(!d.layout.rank_gap);
    assert_eq!(d.layout.file_prefix, "_");
    assert_eq!(d.get(0, 0), Some(&Cell::Mark('b')));
    assert_eq!(d.get(1, 5), Some(&Cell::Mark('w')));
    assert_eq!(
        d.notes[2].as_deref(),
        Some("做棋后黑白两方各有1路,分别用字母b和w标出")
    );
    assert!(
        d.notes
            .iter()
            .enumerate()
            .all(|(r, n)| r == 2 || n.is_none())
    );
    // 图七: 黑方有局子21个,白方有局子20个.
    assert_eq!(d.count_stones(Stone::Black), 21);
    assert_eq!(d.count_stones(Stone::White), 20);
}

#[test]
fn go_eye_marks() {
    // 000_3834aa4e1393d201.txt, 图八 (first rows): `#` marks basic eye points.
    let d = round_trip("7b●#●●○#\n6b●●●○#○\n_abcdefg\n");
    assert_eq!(d.count_token("#"), 3);
    assert_eq!(d.count_token("b"), 2);
    assert!(!d.layout.blank_lines);
}

#[test]
fn shogi_document_drawing() {
    // 004_403acaddeeb2d870.txt, 开局配置: space-separated tokens, ■ for empty squares.
    let text = "香 桂 银 金 玉 金 银 桂 香\n\n■ 飞 ■ ■ ■ ■ ■ 角 ■\n\n步 步 步 步 步 步 步 步 步\n";
    let d = round_trip(text);
    assert_eq!(render(&d), text);
    assert_eq!(d.layout.separator, Separator::Space);
    assert_eq!((d.width, d.height), (9, 3));
    assert_eq!(d.get(1, 1), Some(&Cell::Piece("飞".into())));
    assert_eq!(d.get(0, 1), Some(&Cell::Empty('■')));
    assert!(d.rank_labels.is_none() && d.file_labels.is_none());
}

#[test]
fn bod_framed_board() {
    let text = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n|v香v桂v銀v金v玉v金v銀v桂v香|一\n| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n| 歩 歩 歩 歩 歩 歩 歩 歩 歩|三\n+---------------------------+\n";
    let d = round_trip(text);
    assert_eq!(render(&d), text);
    assert!(d.layout.framed);
    assert_eq!(d.layout.rank_side, RankSide::Right);
    assert_eq!(d.layout.file_place, FilePlace::Above);
    assert_eq!(
        d.rank_labels.as_ref().map(|l| l.join("")),
        Some("一二三".into())
    );
    assert_eq!(
        d.file_labels.as_ref().map(|l| l.join("")),
        Some("９８７６５４３２１".into())
    );
    assert_eq!(d.get(0, 0), Some(&Cell::Piece("v香".into())));
    assert_eq!(d.get(1, 1), Some(&Cell::Piece("v飛".into())));
    assert_eq!(d.get(0, 1), Some(&Cell::Empty('・')));
    assert_eq!(d.get(8, 2), Some(&Cell::Piece("歩".into())));
}

#[test]
fn ascii_boards() {
    // GNU Go style: labels above and below, ranks on both sides.
    let text =
        "   A B C D\n 4 . . X .  4\n 3 . X O .  3\n 2 + O . .  2\n 1 . . . .  1\n   A B C D\n";
    let d = round_trip(text);
    assert_eq!(render(&d), text);
    assert_eq!(d.layout.rank_side, RankSide::Both);
    assert_eq!(d.layout.file_place, FilePlace::Both);
    assert_eq!(d.get(2, 0), Some(&Cell::Stone(Stone::Black, 'X')));
    assert_eq!(d.get(2, 1), Some(&Cell::Stone(Stone::White, 'O')));
    assert_eq!(d.get(0, 2), Some(&Cell::Empty('+')));
    // Lower-case, no labels, side by side.
    let d = round_trip("x.o\n.xo\n...\n");
    assert_eq!(d.count_stones(Stone::Black), 2);
    assert_eq!(d.count_stones(Stone::White), 2);
    assert_eq!(row_string(&d, 1), ".xo");
}

#[test]
fn ruled_box_board() {
    let text = "3 ┌─●─┐\n  │ │ │\n2 ├─┼─○\n  │ │ │\n1 └─┴─┘\n  a b c\n";
    let d = round_trip(text);
    assert_eq!(render(&d), text);
    assert_eq!(d.layout.separator, Separator::Rule('─'));
    assert_eq!(d.layout.connector, Some('│'));
    assert_eq!(row_string(&d, 1), "├┼○");
    assert_eq!(d.layout.file_prefix, "  ");
    assert!(d.layout.file_spaced);
}

#[test]
fn full_width_and_cjk_numerals() {
    let d = round_trip("十一 ┌┬┐\n 十 ├┼┤\n 九 └┴┘\n");
    assert_eq!(
        d.rank_labels.as_ref().map(|l| l.join(",")),
        Some("十一,十,九".into())
    );
    let d = round_trip("３├┼┤\n２├┼┤\n１└┴┘\n");
    assert_eq!(
        d.rank_labels.as_ref().map(|l| l.join(",")),
        Some("３,２,１".into())
    );
    let d = round_trip("┌┬┐\n└┴┘\n一二三\n");
    assert_eq!(
        d.file_labels.as_ref().map(|l| l.join(",")),
        Some("一,二,三".into())
    );
}

#[test]
fn trailing_numeral_on_some_rows_is_a_note() {
    let d = round_trip("●○ 12 stones\n○●\n");
    assert!(d.rank_labels.is_none());
    assert_eq!(d.notes[0].as_deref(), Some("12 stones"));
}

#[test]
fn from_rows_builds_a_renderable_diagram() {
    let rows = vec![
        vec![Cell::Empty('┌'), Cell::Stone(Stone::Black, '●')],
        vec![Cell::Mark('b'), Cell::Empty('┘')],
    ];
    let d = Diagram::from_rows(rows).unwrap();
    assert_eq!(render(&d), "┌●\nb┘\n");
    assert_eq!(parse(&render(&d)), Ok(d));
    assert!(Diagram::from_rows(vec![]).is_err());
    assert!(Diagram::from_rows(vec![vec![Cell::Empty('.')], vec![]]).is_err());
    assert!(Diagram::from_rows(vec![vec![Cell::Piece("歩歩".into())]]).is_err());
    assert!(Diagram::from_rows(vec![vec![Cell::Mark('?')]]).is_err());
}
