//! SGF and text-diagram input: valid files (FF[4] spec features), and truncated, garbled and
//! hostile input, each of which must give a typed error naming what and where.

use go_scoring::sgf::{self, read_game};
use go_scoring::text;
use go_scoring::{Color, Komi, PerColor, Rules, Stone};

#[test]
fn sgf_game_with_capture_komi_and_rectangular_board() {
    // SZ[w:h] (FF[4] rectangular boards), KM, a capture, PL and a pass written as [] and [tt].
    let g = read_game(
        "(;FF[4]GM[1]SZ[5:3]KM[6.5]RU[Chinese]RE[B+2.5];B[ba];W[aa];B[ab];W[];B[tt])",
        Rules::CHINESE,
    )
    .unwrap();
    assert_eq!(g.topology.grid_size(), Some((5, 3)));
    assert_eq!(g.komi, Some(Komi(13)));
    assert_eq!(g.result.as_deref(), Some("B+2.5"));
    assert_eq!(g.rules_text.as_deref(), Some("Chinese"));
    let t = &g.topology;
    // W[aa] is captured by B[ab] (corner stone, liberties ba and ab).
    assert_eq!(g.position.at(t.parse_point("A3").unwrap().0), Stone::Empty);
    assert_eq!(g.captures, PerColor::new(1, 0));
    assert_eq!(g.moves, PerColor::new(2, 1));
    assert_eq!(g.passes, PerColor::new(1, 1));
    assert_eq!(g.first_mover, Some(Color::Black));
}

#[test]
fn sgf_setup_lists_and_territory_marks() {
    // AB with a compressed rectangle aa:bb, AW, AE, and TB marks on a white stone = dead.
    let g = read_game(
        "(;GM[1]FF[4]SZ[7]AB[aa:bb][dd]AW[gg][ff]AE[aa]PL[W];TB[gg][ee]TW[])",
        Rules::CHINESE,
    )
    .unwrap();
    let t = &g.topology;
    assert_eq!(g.position.count(Color::Black), 4);
    assert_eq!(g.position.count(Color::White), 2);
    assert_eq!(g.position.at(t.parse_point("A7").unwrap().0), Stone::Empty);
    assert_eq!(g.dead, vec![t.parse_point("G1").unwrap().0]);
    assert!(g.has_marks);
}

#[test]
fn sgf_round_trip() {
    let g = read_game("(;SZ[9]AB[cc][dd]AW[ee]KM[7.5])", Rules::CHINESE).unwrap();
    let out = sgf::write_position(&g.position, g.komi, Some(Color::White), None).unwrap();
    let h = read_game(&out, Rules::CHINESE).unwrap();
    assert_eq!(h.position, g.position);
    assert_eq!(h.komi, Some(Komi(15)));
}

fn sgf_err(text: &str) -> String {
    read_game(text, Rules::CHINESE).unwrap_err().to_string()
}

#[test]
fn sgf_errors_name_what_and_where() {
    assert!(sgf_err("").contains("no game"));
    assert!(sgf_err("(;SZ[9]").contains("file ends"));
    assert!(sgf_err("(;SZ[9];B[aa").contains("file ends inside a property value"));
    assert!(sgf_err("(;SZ[9];B[zz])").contains("off the 9x9 board"));
    assert!(sgf_err("(;SZ[9];B[a])").contains("not a point"));
    assert!(sgf_err("(;SZ[0])").contains("not supported"));
    assert!(sgf_err("(;SZ[52])").contains("not supported"));
    assert!(sgf_err("(;SZ[x])").contains("not a board size"));
    assert!(sgf_err("(;GM[2]SZ[9])").contains("not Go"));
    assert!(sgf_err("(;KM[seven])").contains("komi"));
    assert!(
        sgf_err("(;SZ[9];B[aa];W[aa])").contains("move 2 (W A9) is illegal: the point is occupied")
    );
    assert!(sgf_err("(;SZ[9];B[aa]W[bb])").contains("both a B and a W"));
    assert!(sgf_err("(;SZ[9]B[aa]B[bb])").contains("appears twice"));
    assert!(sgf_err("hello").contains("expected '('"));
    assert!(sgf_err("(;SZ[9]X)").contains("has no value"));
    assert!(sgf_err("()").contains("empty game tree"));
    // Stones without liberties in a setup.
    assert!(sgf_err("(;SZ[3]AB[aa]AW[ba][ab])").contains("without liberties"));
    // The position points at the line and column.
    let e = read_game("(;SZ[9]\n;B[aa]\n;W[zz])", Rules::CHINESE).unwrap_err();
    assert_eq!((e.pos.line, e.pos.column), (3, 2));
}

#[test]
fn sgf_hostile_input_does_not_panic() {
    let deep = "(;".to_string() + &"(;".repeat(20_000) + &")".repeat(20_001);
    assert!(read_game(&deep, Rules::CHINESE).is_err());
    let mut random = board_core::Rng::new(0x9e37_79b9);
    let seed = "(;FF[4]GM[1]SZ[9]KM[6.5]AB[aa:cc]AW[dd];B[ee];W[ff]C[a \\] b];B[];W[tt]TB[gg])";
    for _ in 0..3000 {
        let mut bytes = seed.as_bytes().to_vec();
        for _ in 0..3 {
            let rng = random.next_u64();
            let i = (rng % bytes.len() as u64) as usize;
            match rng % 3 {
                0 => bytes[i] = (rng >> 8) as u8 % 128,
                1 => bytes.truncate(i),
                _ => {
                    bytes.remove(i);
                }
            }
            if bytes.is_empty() {
                break;
            }
        }
        let s = String::from_utf8_lossy(&bytes);
        let _ = read_game(&s, Rules::CHINESE);
    }
}

#[test]
fn diagram_document_and_ascii_forms() {
    // The document's drawing with marks and a note, and the same in spaced ASCII.
    let doc =
        "7b●┬●●○┐\n6b●●●○┼○\n5●┼●○○○○ 做棋后\n4●●●●○●○\n3○○○●●●●\n2○w┼○○●●\n1└○○○○○●\n_abcdefg\n";
    let d = text::parse(doc).unwrap();
    assert_eq!(d.position.topology().grid_size(), Some((7, 7)));
    assert_eq!(d.position.count(Color::Black), 20);
    assert_eq!(d.marks.iter().filter(|m| **m == Some('b')).count(), 2);
    let ascii = "X . O\n. X O\nO O .\n";
    let a = text::parse(ascii).unwrap();
    assert_eq!(a.position.count(Color::White), 4);
    // Render and parse back.
    let again = text::parse(&text::render(&d.position)).unwrap();
    assert_eq!(again.position, d.position);
}

#[test]
fn diagram_errors() {
    let e = text::parse("X.O\nX.\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("row has 2 cells, expected 3"), "{e}");
    assert!(
        text::parse("")
            .unwrap_err()
            .to_string()
            .contains("no board row")
    );
    let e = text::parse("X.O\nX?O\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 2));
    // A black stone in the corner without liberties.
    let e = text::parse("XO.\nO..\n...\n").unwrap_err();
    assert!(
        e.to_string()
            .contains("without liberties: black chain at A3"),
        "{e}"
    );
    let wide = format!("{}\n", ".".repeat(26));
    assert!(
        text::parse(&wide)
            .unwrap_err()
            .to_string()
            .contains("larger than 25x25")
    );
    // Garbage never panics.
    for s in [
        "\u{0}\u{1}",
        "7",
        "--abc",
        "a: b\n",
        "●\n○○\n",
        "┌┐\n└",
        "#\n#",
    ] {
        let _ = text::parse(s);
    }
}

#[test]
fn diagram_files_with_comment_headers_read() {
    // The repository's diagram files start with `# source:` / `# expect:` comment lines.
    for name in ["000-fig5.txt", "000-fig8.txt", "000-explanation.txt"] {
        let path = format!("{}/../../diagrams/go/{name}", env!("CARGO_MANIFEST_DIR"));
        let d = text::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(d.position.topology().grid_size(), Some((7, 7)), "{name}");
    }
    // 图八 draws eyes as `#` inside rows, including at the start of rank 1's cells.
    let fig8 = "# figure: 图八\n7b●#●●○#\n1#○○○○○●\n";
    let d = text::parse(fig8).unwrap();
    assert_eq!(d.marks.iter().filter(|m| **m == Some('#')).count(), 3);
}
