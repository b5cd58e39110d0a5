//! Snapshot suite over the Go diagrams transcribed from the source documents
//! (`diagrams/go/*.txt`): each file is parsed, rendered back and snapshotted with the
//! facts its header states. Run every suite with `cargo xtask test-diagrams`.

use std::path::Path;

use board_core::diagram::suite::{self, Suite};
use board_core::diagram::{Cell, DiagramFile, Stone};

const DIAGRAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../diagrams/go");
const SNAPSHOTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots");

/// Facts a Go drawing shows by itself, checked against the header's `expect:` line.
fn check_drawn_facts(file: &DiagramFile) {
    let d = &file.diagram;
    let count = |key: &str| file.expect_int(key).unwrap_or_else(|e| panic!("{e}"));
    // `black_stones`/`white_stones` are the stones the document counts on the board
    // for the figure (图七: 黑方有局子21个, 白方有局子20个; 图八: 盘内黑白棋子各有20颗;
    // 图九: 黑白两棋各有21枚局子; 图六: 19 and 20 after the dead stone is removed).
    for (key, stone) in [
        ("black_stones", Stone::Black),
        ("white_stones", Stone::White),
    ] {
        if let Some(n) = count(key) {
            assert_eq!(d.count_stones(stone) as i64, n, "{key} against the drawing");
        }
    }
    // Where the document marks roads with letters (图六-图九: 用字母b…w标出), the marks
    // must number the roads the text states.
    let marks = |c: char| d.cells.iter().filter(|x| **x == Cell::Mark(c)).count() as i64;
    if marks('b') + marks('w') > 0 {
        for (key, c) in [("black_roads", 'b'), ("white_roads", 'w')] {
            let stated =
                count(key).unwrap_or_else(|| panic!("roads are marked but {key} is not stated"));
            assert_eq!(marks(c), stated, "{key} against the '{c}' marks");
        }
    }
}

#[test]
fn round_trip() {
    let mut suite = Suite::new();
    insta::glob!("../../../diagrams/go", "*.txt", |path: &Path| {
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
