//! The diagram suite over `diagrams/xiangqi/*.txt`, dispatched on the file name:
//!
//! * `moves-*.txt`: piece movement diagrams. The drawn board (Red upper case, FEN letters)
//!   must equal the header's `fen`; the piece on the header's `piece` point moves, and its
//!   legal destinations are rendered (`*` quiet move, `#` capture) with the move list in
//!   ICCS, WXF and Chinese. The header's `expect: moves=… captures=…` states what the rules
//!   of play allow and is asserted.
//! * `001-*.txt`: the lecture case library. Each case is checked against the statements of
//!   its header (the text's cycle in Chinese, its classes, its verdicts per edition) and
//!   rendered for review (board, cycle, per-move classes and the verdict under every
//!   ruleset). A statement that does not hold fails the test.
//!
//! Run every suite with `cargo xtask test-diagrams`.

use board_core::diagram::{Cell, parse_file};
use diagram_suite::{self as suite, Suite};
use lecture_case::render_case;
use std::path::Path;
use xiangqi_repetition::*;

mod lecture_case;

const DIAGRAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../diagrams/xiangqi");
const SNAPSHOTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots");

#[test]
fn diagrams() {
    let mut suite = Suite::new();
    insta::glob!("../../../diagrams/xiangqi", "*.txt", |path: &Path| {
        let name = suite::case_file(path);
        // Name every snapshot after its file, even when the glob matches one file.
        insta::with_settings!({ snapshot_suffix => name.clone() }, {
            if name.starts_with("moves-") {
                suite.check_text(path, |_| {
                    insta::assert_snapshot!("moves", movement_case(path));
                });
            } else if name.starts_with("001-") {
                suite.check_text(path, |text| {
                    let rendered =
                        render_case(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    insta::assert_snapshot!("case", rendered);
                });
            } else {
                suite.check_text(path, |_| {
                    panic!("unknown kind of xiangqi diagram (expected moves-* or 001-*)")
                });
            }
        });
    });
    suite.finish();
}

#[test]
fn every_snapshot_has_its_diagram() {
    suite::assert_snapshots_referenced(Path::new(SNAPSHOTS), Path::new(DIAGRAMS));
}

fn movement_case(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable diagram file");
    let file = parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let d = &file.diagram;
    assert_eq!(
        (d.width, d.height),
        (9, 10),
        "{}: a xiangqi board is 9 x 10",
        path.display()
    );
    let header = |key: &str| {
        file.header
            .get(key)
            .unwrap_or_else(|| panic!("{}: header `{key}` missing", path.display()))
    };
    let fen = header("fen");
    let expected: Setup = fen
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The drawn board is the source; the FEN header must agree with it.
    let mut setup = Setup {
        turn: expected.turn,
        ..Setup::default()
    };
    for (i, cell) in d.cells.iter().enumerate() {
        setup.board[i] = match cell {
            Cell::Empty(_) => None,
            Cell::Mark(c) => Some(
                Piece::from_fen_char(*c)
                    .unwrap_or_else(|| panic!("{}: bad piece {c}", path.display())),
            ),
            other => panic!("{}: unexpected cell {other:?}", path.display()),
        };
    }
    assert_eq!(
        setup,
        expected,
        "{}: drawn board and fen header differ",
        path.display()
    );
    let pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let from = iccs::parse_move(&format!("{0}{0}", header("piece")), RankBase::Zero)
        .unwrap_or_else(|e| panic!("{}: piece point: {e}", path.display()))
        .from;
    let piece = pos
        .piece_at(from)
        .unwrap_or_else(|| panic!("{}: no piece on {from}", path.display()));
    assert_eq!(
        piece.side,
        pos.side_to_move(),
        "{}: the shown piece must belong to the side to move",
        path.display()
    );
    let moves: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from == from)
        .collect();
    let captures = moves
        .iter()
        .filter(|m| pos.piece_at(m.to).is_some())
        .count();
    if let Some(n) = file.expect_int("moves").unwrap() {
        assert_eq!(moves.len() as i64, n, "{}: moves", path.display());
    }
    if let Some(n) = file.expect_int("captures").unwrap() {
        assert_eq!(captures as i64, n, "{}: captures", path.display());
    }
    render(&pos, from, &moves, captures)
}

fn render(pos: &Position, from: Square, moves: &[Move], captures: usize) -> String {
    let mut out = String::new();
    let piece = pos.piece_at(from).expect("piece");
    out.push_str(&format!(
        "{} {:?} on {from}: {} moves, {captures} captures\n\n",
        piece.fen_char(),
        piece.kind,
        moves.len()
    ));
    for y in 0..10u8 {
        out.push_str(&format!("{} ", 9 - y));
        for x in 0..9u8 {
            let sq = Square::from_xy(x, y).expect("on board");
            let target = moves.iter().any(|m| m.to == sq);
            let c = match (pos.piece_at(sq), target) {
                (Some(_), true) => '#',
                (None, true) => '*',
                (Some(p), false) => p.fen_char(),
                (None, false) => '.',
            };
            out.push(c);
            if x < 8 {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h i\n\n");
    let mut sorted = moves.to_vec();
    sorted.sort();
    for m in sorted {
        let capture = pos
            .piece_at(m.to)
            .map(|p| format!(" captures {}", p.fen_char()))
            .unwrap_or_default();
        out.push_str(&format!(
            "{m}  {}  {}{capture}\n",
            Notation::Wxf.format(pos, m),
            Notation::Chinese.format(pos, m)
        ));
    }
    out
}
