//! The lecture case library: every `diagrams/xiangqi/001-*.txt` file is checked against the
//! statements of its header (the text's cycle in Chinese, its classes, its verdicts per
//! edition) and rendered for review (board, cycle, per-move classes and the verdict under
//! every ruleset). A statement that does not hold fails the test.

use xiangqi_repetition::adjudicate::diagram_case::render_case;

#[test]
fn lecture_cases() {
    insta::glob!("../../../diagrams/xiangqi", "001-*.txt", |path| {
        let text = std::fs::read_to_string(path).expect("readable case file");
        let rendered = render_case(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        insta::assert_snapshot!("case", rendered);
    });
}
