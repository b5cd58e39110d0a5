//! Snapshot suite over the shogi diagrams transcribed from the source documents
//! (`diagrams/shogi/*.txt`): each file is parsed, rendered back and snapshotted with the
//! facts its header states. Run every suite with `cargo xtask test-diagrams`.

use std::path::Path;

use board_core::diagram::suite::{self, Suite};
use board_core::diagram::{Cell, DiagramFile};

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

#[test]
fn round_trip() {
    let mut suite = Suite::new();
    insta::glob!("../../../diagrams/shogi", "*.txt", |path: &Path| {
        suite.check(path, |file| {
            suite::assert_round_trip(&file.diagram);
            suite::assert_keys_documented(file, Path::new(DIAGRAMS));
            check_drawn_facts(file);
            // Name every snapshot after its file, even when the glob matches one file.
            insta::with_settings!({ snapshot_suffix => suite::case_file(path) }, {
                insta::assert_snapshot!(suite::describe(file));
            });
        });
    });
    suite.finish();
}

#[test]
fn every_snapshot_has_its_diagram() {
    suite::assert_snapshots_referenced(Path::new(SNAPSHOTS), Path::new(DIAGRAMS));
}
