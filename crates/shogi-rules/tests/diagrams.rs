//! Snapshot suite over the shogi diagrams transcribed from the source documents
//! (`diagrams/shogi/*.txt`): each file is parsed, rendered back and snapshotted with the
//! facts its header states, and the shogi content is checked against the rules:
//!
//! * piece movement drawings (004 piece table) are regenerated from the move generator and
//!   must equal the document's drawing;
//! * the starting arrangement and every handicap setup the 004 document lists must equal
//!   the crate's start position and handicap table;
//! * the 004 sample record is parsed, replayed, compared with the drawn final position and
//!   re-printed in KI2.
//!
//! Run every suite with `cargo xtask test-diagrams`.

use std::path::Path;

use board_core::diagram::{Cell, DiagramFile};
use diagram_suite::{self as suite, Suite};
use shogi_rules::handicap::Handicap;
use shogi_rules::{Kind, Move, Piece, Position, START_SFEN, Setup, Side, Square, kanji, kif, usi};

const DIAGRAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../diagrams/shogi");
const SNAPSHOTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots");

/// Facts a shogi drawing shows by itself, checked against the header's `expect:` line.
fn check_drawn_facts(file: &DiagramFile) {
    let d = &file.diagram;
    let count = |key: &str| file.expect_int(key).unwrap_or_else(|e| panic!("{e}"));
    let pieces = d
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Piece(_)))
        .count() as i64;
    // 004: 当一局将棋开始时,双方各有二十只棋子 (each side has twenty pieces).
    if let Some(n) = count("pieces_per_side") {
        assert_eq!(pieces, 2 * n, "pieces_per_side against the drawing");
    }
    // 004: 九枚步兵全部放置於第三行 (nine pawns each); the document writes 步.
    if let Some(n) = count("pawns_per_side") {
        let pawns = (d.count_token("步")
            + d.count_token("v步")
            + d.count_token("歩")
            + d.count_token("v歩")) as i64;
        assert_eq!(pawns, 2 * n, "pawns_per_side against the drawing");
    }
}

/// The board rows of a diagram file exactly as written (tokens split on white space), for
/// drawings whose glyphs (│ — \ /) are not board cells.
fn raw_rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).expect("readable");
    let body = text.split_once("\n\n").map(|(_, b)| b).unwrap_or("");
    body.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Regenerates a piece's movement drawing: the piece (Sente, moving up) alone on 5五 of
/// an empty board; for each drawn square around it, ○ if the generator reaches it, a line
/// glyph if it also reaches the next square in that direction (a slider), ☆ for a jump
/// two ranks ahead, ■ otherwise.
fn movement_drawing(rows: &[Vec<String>]) -> (Vec<Vec<String>>, Kind, usize) {
    let (pr, pc, kind) = rows
        .iter()
        .enumerate()
        .find_map(|(r, row)| {
            row.iter()
                .enumerate()
                .find_map(|(c, t)| kanji::read_kind(t).map(|(k, _)| (r, c, k)))
        })
        .expect("the drawing shows a piece");
    let centre = Square::new(5, 5).unwrap();
    let mut setup = Setup::empty();
    setup.board[centre.index()] = Some(Piece::new(Side::First, kind));
    let pos = Position::from_setup(&setup).expect("a lone piece is a valid position");
    let mut reach: Vec<Square> = Vec::new();
    for mv in pos.legal_moves().iter() {
        if let Move::Board { to, .. } = *mv
            && !reach.contains(&to)
        {
            reach.push(to);
        }
    }
    // Offsets as drawn: columns to the right, rows down (board-geometry's x and y).
    let at = |dx: i32, dy: i32| {
        centre
            .offset(dx as i8, dy as i8)
            .is_some_and(|s| reach.contains(&s))
    };
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let mut line = Vec::new();
        for (c, drawn) in row.iter().enumerate() {
            let (dr, dc) = (r as i32 - pr as i32, c as i32 - pc as i32);
            let glyph = if (dr, dc) == (0, 0) {
                drawn.clone()
            } else if dr.abs() <= 1 && dc.abs() <= 1 {
                if at(dc, dr) && at(2 * dc, 2 * dr) {
                    match (dr, dc) {
                        (_, 0) => "│",
                        (0, _) => "—",
                        (-1, -1) | (1, 1) => "\\",
                        _ => "/",
                    }
                    .to_string()
                } else if at(dc, dr) {
                    "○".to_string()
                } else {
                    "■".to_string()
                }
            } else if dr == -2 && at(dc, dr) {
                "☆".to_string()
            } else {
                "■".to_string()
            };
            line.push(glyph);
        }
        out.push(line);
    }
    (out, kind, reach.len())
}

/// Reads a 9x9 drawing into board squares. Pieces with the BOD prefix `v` belong to Gote;
/// without any `v` in the drawing, the top three ranks are Gote's (as in the document's
/// starting arrangement) and the middle ranks must be empty.
fn board_of(file: &DiagramFile) -> [Option<Piece>; 81] {
    let d = &file.diagram;
    assert_eq!((d.width, d.height), (9, 9), "a full board");
    let uses_v = d
        .cells
        .iter()
        .any(|c| matches!(c, Cell::Piece(t) if t.starts_with('v')));
    let mut board = [None; 81];
    for (r, row) in d.rows().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let Cell::Piece(token) = cell else { continue };
            let (name, gote) = match token.strip_prefix('v') {
                Some(n) => (n, true),
                None => (token.as_str(), false),
            };
            let (kind, _) =
                kanji::read_kind(name).unwrap_or_else(|| panic!("unknown piece {token}"));
            let side = if uses_v {
                if gote { Side::Second } else { Side::First }
            } else {
                match r {
                    0..=2 => Side::Second,
                    6..=8 => Side::First,
                    _ => panic!("a piece outside the home rows needs an owner mark"),
                }
            };
            let sq = Square::from_xy(c as u8, r as u8).expect("a 9x9 drawing");
            board[sq.index()] = Some(Piece::new(side, kind));
        }
    }
    board
}

/// The shogi checks and the rendering added to the snapshot.
fn shogi_facts(path: &Path, file: &DiagramFile) -> String {
    let name = suite::case_file(path);
    let mut out = String::new();
    if name == "004-initial.txt" {
        // The drawing is the even-game start position, Sente to move.
        let mut setup = Setup::empty();
        setup.board = board_of(file);
        let pos = Position::from_setup(&setup).expect("legal");
        assert_eq!(pos.to_sfen(), START_SFEN);
        out.push_str(&format!(
            "sfen: {}\nlegal moves: {}\n",
            pos.to_sfen(),
            pos.legal_moves().len()
        ));
    } else if let Some(id) = name
        .strip_prefix("004-handicap-")
        .and_then(|n| n.strip_suffix(".txt"))
    {
        // 上手 (Gote, at the top) removes pieces and moves first.
        let mut setup = Setup::empty();
        setup.board = board_of(file);
        setup.side_to_move = Side::Second;
        if let Some(n) = file.expect_int("hand_pawns").unwrap() {
            setup.hands[Side::Second].0[Kind::Pawn.index()] = n as u8;
        }
        let pos = Position::from_setup(&setup).expect("a legal handicap position");
        let start = Setup::start();
        let removed = start
            .board
            .iter()
            .flatten()
            .filter(|p| p.side == Side::Second)
            .count()
            - setup
                .board
                .iter()
                .flatten()
                .filter(|p| p.side == Side::Second)
                .count();
        assert_eq!(
            Some(removed as i64),
            file.expect_int("removed_pieces").unwrap()
        );
        // Sente's pieces are untouched.
        for sq in Square::all() {
            if start.board[sq.index()].is_some_and(|p| p.side == Side::First) {
                assert_eq!(setup.board[sq.index()], start.board[sq.index()], "{sq}");
            }
        }
        if let Some(h) = Handicap::find(id) {
            assert_eq!(
                pos.to_sfen(),
                h.sfen,
                "the handicap table entry {}",
                h.kif_name
            );
            out.push_str(&format!("handicap: {} (CSA {})\n", h.kif_name, h.csa));
        }
        out.push_str(&format!(
            "sfen: {}\nside to move: gote (上手)\nlegal moves: {}\n",
            pos.to_sfen(),
            pos.legal_moves().len()
        ));
    } else if name == "004-record.txt" {
        let quote = file
            .header
            .get("states")
            .expect("states")
            .lines()
            .find(|l| l.contains('▲'))
            .expect("the record line")
            .split(" (")
            .next()
            .unwrap()
            .to_string();
        // Drop the move numbers ("1 ▲2六步 2 ▽3四步 …") and read the rest as KI2.
        let ki2_text: Vec<&str> = quote
            .split_whitespace()
            .filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
            .collect();
        let record = kif::parse(&ki2_text.join(" ")).expect("the sample record reads");
        assert_eq!(
            Some(record.moves.len() as i64),
            file.expect_int("moves").unwrap()
        );
        let final_pos = record.final_position();
        assert_eq!(
            final_pos.to_setup().board,
            board_of(file),
            "the drawn final position"
        );
        let usi_moves: Vec<String> = record
            .moves
            .iter()
            .map(|m| usi::format_move(m.mv))
            .collect();
        out.push_str(&format!(
            "record: {quote}\nusi: {}\nki2:\n{}sfen: {}\n",
            usi_moves.join(" "),
            kif::write_ki2(&record),
            final_pos.to_sfen()
        ));
    } else {
        // A piece movement drawing.
        let rows = raw_rows(path);
        let (generated, kind, reach) = movement_drawing(&rows);
        assert_eq!(generated, rows, "the move generator's drawing of {kind:?}");
        out.push_str(&format!(
            "piece: {kind:?}\nsquares reached from 5五 on an empty board: {reach}\ngenerated:\n"
        ));
        for row in &generated {
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    }
    out
}

#[test]
fn round_trip() {
    let mut suite = Suite::new();
    insta::glob!("../../../diagrams/shogi", "*.txt", |path: &Path| {
        suite.check(path, |file| {
            suite::assert_round_trip(&file.diagram);
            suite::assert_keys_documented(file, Path::new(DIAGRAMS));
            check_drawn_facts(file);
            let facts = shogi_facts(path, file);
            // Name every snapshot after its file, even when the glob matches one file.
            insta::with_settings!({ snapshot_suffix => suite::case_file(path) }, {
                insta::assert_snapshot!(format!("{}\n--- shogi ---\n{facts}", suite::describe(file)));
            });
        });
    });
    suite.finish();
}

#[test]
fn every_snapshot_has_its_diagram() {
    suite::assert_snapshots_referenced(Path::new(SNAPSHOTS), Path::new(DIAGRAMS));
}
