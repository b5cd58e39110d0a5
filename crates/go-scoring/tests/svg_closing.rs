//! The SVG of a count taken after the closing step marks the stones the closing played, so
//! that a reader tells them from the moves of the record.
//!
//! Expectation: the closing stones are not moves (the Japanese Rules of Go 1989, commentary
//! to article 9: the dame and the teire are filled for the count, after the game); the
//! position is the first case of tests/closing.rs, where Black's teire B3 answers White's fill
//! of the dame C3.

use go_scoring::analysis::Analysis;
use go_scoring::analysis::close::close;
use go_scoring::svg::{Caption, render_closed, render_with};
use go_scoring::text;

/// Black's wall on C with a gap at C3, White's wall on D.
const OPEN_GAP: &str = ". . X O . .\n\
                        . . X O . .\n\
                        . . X O . .\n\
                        . . . O . .\n\
                        . . X O . .\n\
                        . . X O . .\n";

/// The green dot marking a closing stone, as drawn by `svg::render_closed`.
const DOT: &str = "fill=\"#1a9c3a\"";

/// (cx, cy, fill) of every circle of the picture, the legend's small ones (radius 7) left
/// out when `board_stones` (the stones on the board have a radius of 0.46 cells, 11 units).
fn circles(svg: &str, board_stones: bool) -> Vec<(f64, f64, String)> {
    svg.lines()
        .filter(|l| l.trim_start().starts_with("<circle"))
        .filter(|l| {
            let r: f64 = l
                .split(" r=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|r| r.parse().ok())
                .unwrap();
            !board_stones || r > 10.0
        })
        .map(|l| {
            let attr = |name: &str| -> String {
                l.split(&format!(" {name}=\""))
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .unwrap()
                    .to_string()
            };
            (
                attr("cx").parse().unwrap(),
                attr("cy").parse().unwrap(),
                attr("fill"),
            )
        })
        .collect()
}

#[test]
fn the_stones_the_closing_played_are_marked_as_added() {
    let position = text::parse(OPEN_GAP).unwrap().position;
    let open = Analysis::new(&position, &[]).unwrap();
    let closing = close(&open);
    let closed = closing.analysis(&[]).unwrap();
    let added: Vec<_> = closing.fills.iter().map(|f| f.point).collect();
    let b3 = position.topology().parse_point("B3").unwrap().0;
    assert_eq!(added, vec![b3]);
    let svg = render_closed(&closed, &added, &[], &Caption::default()).unwrap();
    let all = circles(&svg, false);
    // one dot on the board, one in the legend (below the board)
    let dots: Vec<&(f64, f64, String)> = all.iter().filter(|c| c.2 == "#1a9c3a").collect();
    assert_eq!(dots.len(), 2, "{svg}");
    assert!(svg.contains("added by the closing before the count"));
    assert!(svg.contains(">added by the closing<"), "legend entry");
    // B3 lies one column left of Black's C stones, halfway between C4 and C2: the board's
    // black stones on C are the five of the record, drawn in order from the top
    let black: Vec<(f64, f64)> = circles(&svg, true)
        .iter()
        .filter(|c| c.2 == "#111")
        .map(|c| (c.0, c.1))
        .collect();
    let c_column = black.iter().map(|c| c.0).fold(f64::MIN, f64::max);
    let on_c: Vec<f64> = black
        .iter()
        .filter(|c| c.0 == c_column)
        .map(|c| c.1)
        .collect();
    assert_eq!(on_c.len(), 5, "C6, C5, C4, C2, C1: {black:?}");
    let cell = on_c[1] - on_c[0];
    let expected = (c_column - cell, (on_c[2] + on_c[3]) / 2.0);
    let dot = dots.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!((dot.0, dot.1), expected, "the dot sits on B3");
    // the added stone itself is drawn as Black's stone there
    assert!(black.contains(&expected), "a black stone at B3");
}

#[test]
fn without_a_closing_nothing_is_marked_and_the_legend_has_no_entry_for_it() {
    let position = text::parse(OPEN_GAP).unwrap().position;
    let open = Analysis::new(&position, &[]).unwrap();
    let svg = render_with(&open, &[], &Caption::default()).unwrap();
    assert!(!svg.contains(DOT));
    assert!(!svg.contains("added by the closing"));
    // and the closed board drawn with nothing added is the plain drawing of that board
    let closed = close(&open).analysis(&[]).unwrap();
    assert_eq!(
        render_closed(&closed, &[], &[], &Caption::default()),
        render_with(&closed, &[], &Caption::default())
    );
}

#[test]
fn made_up_boards_mark_the_closing_stones_they_keep() {
    // The same closed board with a made-up board of its own (no changes): B3 is a stone
    // there too, drawn with the dot, so two dots on the boards and one in the legend.
    let position = text::parse(OPEN_GAP).unwrap().position;
    let open = Analysis::new(&position, &[]).unwrap();
    let closing = close(&open);
    let closed = closing.analysis(&[]).unwrap();
    let added: Vec<_> = closing.fills.iter().map(|f| f.point).collect();
    let board = go_scoring::MadeUpBoard::from_analysis(&closed);
    let svg = render_closed(
        &closed,
        &added,
        &[("made-up".to_string(), &board)],
        &Caption::default(),
    )
    .unwrap();
    let dots = circles(&svg, false)
        .into_iter()
        .filter(|c| c.2 == "#1a9c3a")
        .count();
    assert_eq!(dots, 3, "{svg}");
}
