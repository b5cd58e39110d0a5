//! A picture of a xiangqi position as an SVG document.
//!
//! The board as printed in the rule books: nine files by ten ranks of intersections, the
//! river (楚河 汉界) between the fifth and sixth ranks, the two palaces with their
//! diagonals, and round pieces named in characters (Red 帥仕相傌俥炮兵, Black
//! 將士象馬車砲卒). Files are numbered both ways: Black's 1-9 above the board and Red's
//! 九..一 below it, the way Chinese records count them, with the ICCS letters `a`-`i` and
//! ranks `0`-`9` outside those. The last move is framed, the moves of a repetition cycle
//! are drawn as numbered arrows (Red's red, Black's dark blue), and caption lines (the side
//! to move, a verdict) stand under the board.
//!
//! ```
//! use xiangqi_repetition::{Position, svg};
//!
//! let picture = svg::render(&Position::start(), &svg::Marks::default());
//! assert!(picture.contains("楚 河") && picture.contains("帥") && picture.contains("將"));
//! ```

use board_core::Side;
use board_core::svg::{Anchor, Paint, Svg, TextStyle, wrap};

use crate::{Move, PieceKind, Position, Square};

/// Distance between two neighbouring intersections, in user units.
pub const CELL: f64 = 40.0;
/// Left edge of the board's lines (room for the ICCS rank numbers).
pub const LEFT: f64 = 48.0;
/// Top edge of the board's lines (room for Black's file numbers and the ICCS letters).
pub const TOP: f64 = 56.0;
const RADIUS: f64 = CELL * 0.44;
const CAPTION_SIZE: f64 = 14.0;
const LINE: f64 = 20.0;
const BOARD: &str = "#f0d9a0";
const PIECE: &str = "#fbeed0";
const RED: &str = "#c00000";
const BLACK: &str = "#111111";

/// What is marked on the picture besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The move that led to the position: both of its points are framed.
    pub last_move: Option<Move>,
    /// The moves of a repetition cycle, in order, drawn as numbered arrows.
    pub cycle: Vec<Move>,
    /// Lines under the board (a verdict, the rules edition); the side to move comes first
    /// on its own.
    pub caption: Vec<String>,
}

/// The character a piece is named by: Red's and Black's names differ for every kind but
/// the advisor (仕/士) and are the traditional forms of the printed boards.
pub fn piece_name(side: Side, kind: PieceKind) -> char {
    let names = match side {
        Side::First => ['帥', '仕', '相', '傌', '俥', '炮', '兵'],
        Side::Second => ['將', '士', '象', '馬', '車', '砲', '卒'],
    };
    names[kind.index()]
}

/// The centre of a square's intersection in user units.
pub fn centre(square: Square) -> (f64, f64) {
    (
        LEFT + CELL * f64::from(square.x()),
        TOP + CELL * f64::from(square.y()),
    )
}

/// The picture's width and height for a caption of `lines` lines.
fn size(lines: usize) -> (f64, f64) {
    (
        2.0 * LEFT + 8.0 * CELL,
        TOP + 9.0 * CELL + 56.0 + LINE * lines as f64 + 8.0,
    )
}

fn draw_lines(svg: &mut Svg) {
    let right = LEFT + 8.0 * CELL;
    let bottom = TOP + 9.0 * CELL;
    let line = Paint::stroke("#333", 1.2);
    svg.rect(
        LEFT - 6.0,
        TOP - 6.0,
        8.0 * CELL + 12.0,
        9.0 * CELL + 12.0,
        &Paint::stroke("#333", 2.4),
    );
    for y in 0..10 {
        let yy = TOP + CELL * f64::from(y);
        svg.line(LEFT, yy, right, yy, &line);
    }
    // Files cross the river only at the edges.
    for x in 0..9 {
        let xx = LEFT + CELL * f64::from(x);
        if x == 0 || x == 8 {
            svg.line(xx, TOP, xx, bottom, &line);
        } else {
            svg.line(xx, TOP, xx, TOP + 4.0 * CELL, &line);
            svg.line(xx, TOP + 5.0 * CELL, xx, bottom, &line);
        }
    }
    // The palaces' diagonals.
    for top in [0.0, 7.0] {
        let (x3, x5) = (LEFT + 3.0 * CELL, LEFT + 5.0 * CELL);
        let (y0, y2) = (TOP + top * CELL, TOP + (top + 2.0) * CELL);
        svg.polylines(&[&[(x3, y0), (x5, y2)], &[(x5, y0), (x3, y2)]], &line);
    }
    let river = TextStyle::new(CELL * 0.55)
        .cjk()
        .anchor(Anchor::Middle)
        .fill("#5a4630");
    let y = TOP + 4.5 * CELL + CELL * 0.2;
    svg.text(LEFT + 2.0 * CELL, y, "楚 河", &river);
    svg.text(LEFT + 6.0 * CELL, y, "汉 界", &river);
}

fn draw_coordinates(svg: &mut Svg) {
    let small = TextStyle::new(11.0).anchor(Anchor::Middle).fill("#555");
    let numbers = TextStyle::new(14.0).cjk().anchor(Anchor::Middle);
    let bottom = TOP + 9.0 * CELL;
    for x in 0..9u8 {
        let xx = LEFT + CELL * f64::from(x);
        // ICCS file letters outermost, above and below.
        let letter = char::from(b'a' + x).to_string();
        svg.text(xx, 14.0, &letter, &small);
        svg.text(xx, bottom + 50.0, &letter, &small);
        // Black counts files 1-9 from its right (Red's left); Red 九..一 from Red's left.
        let black = (x + 1).to_string();
        svg.text(xx, TOP - 16.0, &black, &numbers);
        let red = board_core::numerals::kanji_digit(9 - x)
            .map(String::from)
            .unwrap_or_default();
        svg.text(xx, bottom + 30.0, &red, &numbers);
    }
    let ranks = TextStyle::new(11.0).anchor(Anchor::End).fill("#555");
    for y in 0..10u8 {
        let rank = (9 - y).to_string();
        svg.text(LEFT - 22.0, TOP + CELL * f64::from(y) + 4.0, &rank, &ranks);
    }
}

fn draw_piece(svg: &mut Svg, square: Square, side: Side, kind: PieceKind) {
    let (cx, cy) = centre(square);
    let colour = match side {
        Side::First => RED,
        Side::Second => BLACK,
    };
    let name = piece_name(side, kind);
    let who = match side {
        Side::First => "Red",
        Side::Second => "Black",
    };
    svg.circle(
        cx,
        cy,
        RADIUS,
        &Paint::fill(PIECE)
            .with_stroke(colour, 2.0)
            .with_title(format!("{who} {name} on {square}")),
    );
    svg.circle(cx, cy, RADIUS - 4.0, &Paint::stroke(colour, 1.0));
    let style = TextStyle::new(CELL * 0.5)
        .cjk()
        .anchor(Anchor::Middle)
        .fill(colour)
        .bold();
    svg.text(cx, cy + CELL * 0.18, &name.to_string(), &style);
}

/// Corner brackets around a square (the last move's points).
fn frame(svg: &mut Svg, square: Square, colour: &str) {
    let (cx, cy) = centre(square);
    let (h, l) = (CELL * 0.5, CELL * 0.16);
    let paint = Paint::stroke(colour, 2.5);
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = (cx + sx * h, cy + sy * h);
        svg.polylines(
            &[&[
                (corner.0 - sx * l, corner.1),
                corner,
                (corner.0, corner.1 - sy * l),
            ]],
            &paint,
        );
    }
}

/// An arrow from one point to another labelled with its numbers in the cycle (a move the
/// cycle plays twice, as a cycle repeated in full does, gets one arrow: `1,5`).
fn arrow(svg: &mut Svg, mv: Move, numbers: &[usize], colour: &str) {
    let label: Vec<String> = numbers.iter().map(usize::to_string).collect();
    let label = label.join(",");
    let (x1, y1) = centre(mv.from);
    let (x2, y2) = centre(mv.to);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    // Stop short of the piece at the end so the arrowhead stays visible.
    // Each arrow keeps to its right of the line between the points, so a move and the move
    // back along the same line (the usual shape of a cycle) stay apart.
    let (px, py) = (-uy, ux);
    let (x1, y1) = (x1 + px * 7.0, y1 + py * 7.0);
    let (ex, ey) = (
        x2 + px * 7.0 - ux * RADIUS * 0.6,
        y2 + py * 7.0 - uy * RADIUS * 0.6,
    );
    let paint = Paint::stroke(colour, 4.0)
        .with_opacity(0.7)
        .with_title(format!("cycle move {label}: {mv}"));
    svg.line(x1, y1, ex, ey, &paint);
    svg.polygon(
        &[
            (ex + ux * 10.0, ey + uy * 10.0),
            (ex - ux * 4.0 + px * 8.0, ey - uy * 4.0 + py * 8.0),
            (ex - ux * 4.0 - px * 8.0, ey - uy * 4.0 - py * 8.0),
        ],
        &Paint::fill(colour).with_opacity(0.8),
    );
    let (mx, my) = ((x1 + ex) / 2.0, (y1 + ey) / 2.0);
    let w = board_core::svg::text_width(&label, 11.0).max(8.0) + 8.0;
    svg.rect(
        mx - w / 2.0,
        my - 8.0,
        w,
        16.0,
        &Paint::fill("#fff").with_stroke(colour, 1.5),
    );
    svg.text(
        mx,
        my + 4.0,
        &label,
        &TextStyle::new(11.0)
            .anchor(Anchor::Middle)
            .fill(colour)
            .bold(),
    );
}

/// The position as an SVG document, with the marks drawn over it.
pub fn render(position: &Position, marks: &Marks) -> String {
    let to_move = match position.side_to_move() {
        Side::First => "Red (红方) to move",
        Side::Second => "Black (黑方) to move",
    };
    let wrap_width = 2.0 * LEFT + 8.0 * CELL - 24.0;
    let mut caption = vec![to_move.to_string()];
    for line in &marks.caption {
        caption.extend(wrap(line, wrap_width, CAPTION_SIZE));
    }
    let (width, height) = size(caption.len());
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Paint::fill(BOARD));
    draw_lines(&mut svg);
    draw_coordinates(&mut svg);
    if let Some(mv) = marks.last_move {
        frame(&mut svg, mv.from, "#1a7f37");
        frame(&mut svg, mv.to, "#1a7f37");
    }
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            draw_piece(&mut svg, square, piece.side, piece.kind);
        }
    }
    // The cycle goes over the pieces: it is what the picture is about.
    // The cycle ends where it started, so its first move is by the side to move.
    let mut arrows: Vec<(Move, Side, Vec<usize>)> = Vec::new();
    let mut side = position.side_to_move();
    for (i, &mv) in marks.cycle.iter().enumerate() {
        match arrows.iter_mut().find(|(m, s, _)| *m == mv && *s == side) {
            Some((_, _, numbers)) => numbers.push(i + 1),
            None => arrows.push((mv, side, vec![i + 1])),
        }
        side = side.opponent();
    }
    for (mv, side, numbers) in &arrows {
        let colour = match side {
            Side::First => RED,
            Side::Second => "#1f3a93",
        };
        arrow(&mut svg, *mv, numbers, colour);
    }
    let mut y = TOP + 9.0 * CELL + 56.0;
    for (i, line) in caption.iter().enumerate() {
        let style = if i == 0 {
            TextStyle::new(CAPTION_SIZE).cjk().bold()
        } else {
            TextStyle::new(CAPTION_SIZE).cjk()
        };
        svg.text(12.0, y + 14.0, line, &style);
        y += LINE;
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the printed boards (e.g. the Chinese Xiangqi Association's 2011 rules,
    /// 第一章 第二条, lists 帅仕相马车炮兵 for Red and 将士象马车炮卒 for Black; the
    /// traditional forms 帥 傌 俥 將 車 砲 tell the two sides apart on the board).
    #[test]
    fn every_start_piece_is_named_and_drawn() {
        let doc = render(&Position::start(), &Marks::default());
        for (name, count) in [
            ('帥', 1),
            ('仕', 2),
            ('相', 2),
            ('傌', 2),
            ('俥', 2),
            ('炮', 2),
            ('兵', 5),
            ('將', 1),
            ('士', 2),
            ('象', 2),
            ('馬', 2),
            ('車', 2),
            ('砲', 2),
            ('卒', 5),
        ] {
            let text = format!(">{name}</text>");
            assert_eq!(doc.matches(&text).count(), count, "{name}");
        }
        assert!(doc.contains("楚 河") && doc.contains("汉 界"));
    }

    /// The cycle of the AXF rook-chasing-king example (the CLI help's own example): four
    /// numbered arrows, Red's first because Red is to move.
    #[test]
    fn the_cycle_is_numbered_in_order() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1").unwrap();
        let cycle: Vec<Move> = ["e1d1", "d9e9", "d1e1", "e9d9"]
            .iter()
            .map(|m| crate::iccs::parse_move(m, crate::RankBase::Zero).unwrap())
            .collect();
        let marks = Marks {
            last_move: cycle.last().copied(),
            cycle,
            caption: vec!["verdict: Red loses".into()],
        };
        let doc = render(&pos, &marks);
        for n in 1..=4 {
            assert!(doc.contains(&format!("cycle move {n}:")), "{n}");
        }
        assert!(doc.contains("cycle move 1: e1d1"));
        // The same cycle played twice (the CLI example's eight moves): one arrow per move.
        let twice: Vec<Move> = marks.cycle.iter().chain(&marks.cycle).copied().collect();
        let doubled = render(
            &pos,
            &Marks {
                cycle: twice,
                ..Marks::default()
            },
        );
        assert!(doubled.contains("cycle move 1,5: e1d1"));
        assert!(doubled.contains("cycle move 4,8: e9d9"));
        assert_eq!(doubled.matches("cycle move").count(), 4);
        assert!(doc.contains("verdict: Red loses"));
    }
}
