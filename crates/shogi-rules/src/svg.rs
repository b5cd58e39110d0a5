//! A picture of a shogi position as an SVG document.
//!
//! Drawn as the diagrams of shogi books and newspapers are: nine files by nine ranks of
//! squares with the four star points, file numbers １-９ from right to left above the board
//! and ranks 一-九 down its right side, pieces as five-sided tiles pointing at the opponent
//! (Gote's turned 180°), named in kanji with promoted pieces in their own characters (と,
//! 成香, 成桂 and 成銀 as two stacked characters, 馬, 龍) in red. Gote's hand stands above
//! the board, Sente's below it, counted in kanji numerals (歩三). The last move's
//! destination is shaded and its origin outlined. Caption lines (the side to move, a
//! ruling) stand under Sente's hand.
//!
//! ```
//! use shogi_rules::{Position, svg};
//!
//! let picture = svg::render(&Position::start(), &svg::Marks::default());
//! assert!(picture.contains("rotate(180") && picture.contains("飛") && picture.contains("９"));
//! ```

use board_core::Side;
use board_core::numerals::{FULL_WIDTH_DIGITS, KANJI_DIGITS};
use board_core::svg::{Anchor, Paint, Svg, TextStyle, Transform, wrap};

use crate::kanji::{kanji_number, kind_name};
use crate::{Kind, Move, Position, Square};

/// Side of one square, in user units.
pub const CELL: f64 = 44.0;
/// Left edge of the board.
pub const LEFT: f64 = 24.0;
/// Top edge of the board (room for Gote's hand and the file numbers).
pub const TOP: f64 = 72.0;
const CAPTION_SIZE: f64 = 14.0;
const LINE: f64 = 20.0;
const BOARD: &str = "#f3d38b";
const PAPER: &str = "#fbf6e9";
const TILE: &str = "#fde9b5";
const PROMOTED: &str = "#c00000";

/// What is marked on the picture besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The move that led to the position: its destination is shaded, its origin outlined.
    pub last_move: Option<Move>,
    /// Lines under the board (a ruling, a record's name); the side to move comes first.
    pub caption: Vec<String>,
}

/// The top-left corner of a square: file 9 is the leftmost column, rank 1 the top row.
pub fn corner(square: Square) -> (f64, f64) {
    (
        LEFT + CELL * f64::from(9 - square.file()),
        TOP + CELL * f64::from(square.rank() - 1),
    )
}

fn side_mark(side: Side) -> &'static str {
    match side {
        Side::First => "☗先手",
        Side::Second => "☖後手",
    }
}

/// A hand as written under a diagram: `飛 金二 歩三`, or `なし` when empty.
pub fn hand_text(position: &Position, side: Side) -> String {
    let hand = position.hand(side);
    // Books list the strongest first.
    let order = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
    ];
    let items: Vec<String> = order
        .iter()
        .filter(|&&k| hand.count(k) > 0)
        .map(|&k| match hand.count(k) {
            1 => kind_name(k).to_string(),
            n => format!("{}{}", kind_name(k), kanji_number(u32::from(n))),
        })
        .collect();
    if items.is_empty() {
        "なし".to_string()
    } else {
        items.join(" ")
    }
}

fn draw_board(svg: &mut Svg) {
    let size = 9.0 * CELL;
    svg.rect(LEFT, TOP, size, size, &Paint::fill(BOARD));
    let line = Paint::stroke("#333", 1.0);
    for i in 1..9 {
        let d = CELL * f64::from(i);
        svg.line(LEFT + d, TOP, LEFT + d, TOP + size, &line);
        svg.line(LEFT, TOP + d, LEFT + size, TOP + d, &line);
    }
    svg.rect(LEFT, TOP, size, size, &Paint::stroke("#222", 2.4));
    for (x, y) in [(3.0, 3.0), (6.0, 3.0), (3.0, 6.0), (6.0, 6.0)] {
        svg.circle(LEFT + x * CELL, TOP + y * CELL, 3.0, &Paint::fill("#222"));
    }
    let numbers = TextStyle::new(15.0).cjk().anchor(Anchor::Middle);
    for file in 1..=9u8 {
        let x = LEFT + CELL * (f64::from(9 - file) + 0.5);
        svg.text(
            x,
            TOP - 8.0,
            &FULL_WIDTH_DIGITS[usize::from(file)].to_string(),
            &numbers,
        );
    }
    let ranks = TextStyle::new(15.0).cjk();
    for rank in 1..=9u8 {
        let y = TOP + CELL * (f64::from(rank) - 0.5) + 5.0;
        svg.text(
            LEFT + size + 6.0,
            y,
            &KANJI_DIGITS[usize::from(rank)].to_string(),
            &ranks,
        );
    }
}

/// One piece: a tile pointing up (Sente's) drawn in its square, turned 180° for Gote.
fn draw_piece(svg: &mut Svg, square: Square, side: Side, kind: Kind) {
    let (x, y) = corner(square);
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let turn = match side {
        Side::First => 0.0,
        Side::Second => 180.0,
    };
    let name = kind_name(kind);
    let title = format!(
        "{} {} on {}{}",
        side_mark(side),
        name,
        FULL_WIDTH_DIGITS[usize::from(square.file())],
        KANJI_DIGITS[usize::from(square.rank())]
    );
    svg.group(Transform::Rotate(turn, cx, cy), |svg| {
        let (w, h) = (CELL * 0.78, CELL * 0.88);
        let (l, r) = (cx - w / 2.0, cx + w / 2.0);
        let (t, b) = (cy - h / 2.0, cy + h / 2.0);
        svg.polygon(
            &[
                (cx, t),
                (r - w * 0.1, t + h * 0.2),
                (r, b),
                (l, b),
                (l + w * 0.1, t + h * 0.2),
            ],
            &Paint::fill(TILE)
                .with_stroke("#5b4a2a", 1.2)
                .with_title(title),
        );
        let colour = if kind.is_promoted() { PROMOTED } else { "#111" };
        let chars: Vec<char> = name.chars().collect();
        if chars.len() == 1 {
            let style = TextStyle::new(CELL * 0.5)
                .cjk()
                .anchor(Anchor::Middle)
                .fill(colour);
            svg.text(cx, cy + CELL * 0.22, name, &style);
        } else {
            // 成香 成桂 成銀: two characters stacked, as on the pieces themselves.
            let style = TextStyle::new(CELL * 0.32)
                .cjk()
                .anchor(Anchor::Middle)
                .fill(colour);
            svg.text(cx, cy + CELL * 0.02, &chars[0].to_string(), &style);
            svg.text(cx, cy + CELL * 0.34, &chars[1].to_string(), &style);
        }
    });
}

fn draw_last_move(svg: &mut Svg, mv: Move) {
    let (x, y) = corner(mv.to());
    svg.rect(
        x,
        y,
        CELL,
        CELL,
        &Paint::fill("#f4a259")
            .with_opacity(0.55)
            .with_title("last move"),
    );
    if let Some(from) = mv.from() {
        let (x, y) = corner(from);
        svg.rect(
            x + 2.0,
            y + 2.0,
            CELL - 4.0,
            CELL - 4.0,
            &Paint::stroke("#d9480f", 2.0).with_dash("4 3"),
        );
    }
}

/// The position as an SVG document, with the marks drawn over it.
pub fn render(position: &Position, marks: &Marks) -> String {
    let mut caption = vec![format!(
        "{}番 ({} to move), move {}",
        side_mark(position.side_to_move()),
        match position.side_to_move() {
            Side::First => "Sente",
            Side::Second => "Gote",
        },
        position.move_number()
    )];
    let width = LEFT + 9.0 * CELL + 40.0;
    for line in &marks.caption {
        caption.extend(wrap(line, width - 2.0 * LEFT, CAPTION_SIZE));
    }
    let board_bottom = TOP + 9.0 * CELL;
    let height = board_bottom + 40.0 + LINE * caption.len() as f64 + 8.0;
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Paint::fill(PAPER));
    let hand_style = TextStyle::new(16.0).cjk();
    svg.text(
        LEFT,
        24.0,
        &format!(
            "{} 持駒：{}",
            side_mark(Side::Second),
            hand_text(position, Side::Second)
        ),
        &hand_style,
    );
    draw_board(&mut svg);
    if let Some(mv) = marks.last_move {
        draw_last_move(&mut svg, mv);
    }
    for file in 1..=9 {
        for rank in 1..=9 {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            if let Some(piece) = position.piece_at(square) {
                draw_piece(&mut svg, square, piece.side, piece.kind);
            }
        }
    }
    svg.text(
        LEFT,
        board_bottom + 28.0,
        &format!(
            "{} 持駒：{}",
            side_mark(Side::First),
            hand_text(position, Side::First)
        ),
        &hand_style,
    );
    let mut y = board_bottom + 40.0;
    for (i, line) in caption.iter().enumerate() {
        let style = if i == 0 {
            TextStyle::new(CAPTION_SIZE).cjk().bold()
        } else {
            TextStyle::new(CAPTION_SIZE).cjk()
        };
        svg.text(LEFT, y + 14.0, line, &style);
        y += LINE;
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start position (JSA rules, 第3条 and its diagram): twenty pieces a side, Gote's
    /// twenty turned to face Sente, empty hands.
    #[test]
    fn start_position_turns_gote_pieces() {
        let doc = render(&Position::start(), &Marks::default());
        assert_eq!(doc.matches("rotate(180 ").count(), 20);
        assert_eq!(doc.matches("rotate(0 ").count(), 20);
        assert_eq!(doc.matches("持駒：なし").count(), 2);
        for digit in "１２３４５６７８９一二三四五六七八九".chars() {
            assert!(doc.contains(&format!(">{digit}</text>")), "{digit}");
        }
    }

    /// Promoted pieces keep their own names (JSA rules 第5条: と金, 成香, 成桂, 成銀, 竜馬,
    /// 竜王); the two-character ones are stacked; hands count in kanji numerals.
    #[test]
    fn promoted_pieces_and_hands() {
        let pos =
            Position::from_sfen("4k4/9/+P+L+N+S+B+R3/9/9/9/9/9/4K4 b 3P2Gr 1").expect("legal");
        let doc = render(&pos, &Marks::default());
        for single in ["と", "馬", "龍"] {
            assert!(doc.contains(&format!(">{single}</text>")), "{single}");
        }
        for pair in ["成香", "成桂", "成銀"] {
            assert!(doc.contains(&format!("☗先手 {pair} on")), "{pair}");
        }
        assert_eq!(doc.matches(">成</text>").count(), 3);
        assert!(doc.contains("☗先手 持駒：金二 歩三"));
        assert!(doc.contains("☖後手 持駒：飛"));
    }

    #[test]
    fn last_move_is_marked() {
        let mv: Move = crate::usi::parse_move("7g7f").unwrap();
        let mut pos = Position::start();
        pos.play_unchecked(mv);
        let doc = render(
            &pos,
            &Marks {
                last_move: Some(mv),
                caption: vec!["1 ply played".into()],
            },
        );
        assert!(doc.contains("<title>last move</title>"));
        assert!(doc.contains("stroke-dasharray"));
        assert!(doc.contains("☖後手番 (Gote to move), move 2"));
    }
}
