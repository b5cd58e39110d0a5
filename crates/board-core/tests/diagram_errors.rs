//! Bad input: every failure is a typed error with line and column (and byte offset for
//! invalid UTF-8), and no input panics.

use board_core::diagram::{DiagramErrorKind as Kind, parse, parse_bytes};

fn err(text: &str) -> (usize, usize, Kind) {
    match parse(text) {
        Ok(d) => panic!("parsed {text:?} as {d:?}"),
        Err(e) => (e.line, e.column, e.kind),
    }
}

#[test]
fn empty_inputs() {
    assert_eq!(err(""), (1, 1, Kind::Empty));
    assert_eq!(err("\n\n   \n"), (1, 1, Kind::Empty));
    // Only a file-label line.
    assert_eq!(err("_abcdefg\n").2, Kind::Empty);
    assert_eq!(err("7\n").2, Kind::NoCells);
}

#[test]
fn garbled_cells() {
    assert_eq!(err("7b●?●\n"), (1, 4, Kind::UnexpectedChar('?')));
    assert_eq!(err("7b●┬\n6b●\u{0}\n").0, 2);
    assert_eq!(err("香 桂 ?\n").2, Kind::UnexpectedChar('?'));
    assert_eq!(err("┌─?─┐\n"), (1, 3, Kind::UnexpectedChar('?')));
    // A middle line that looks like file labels is a row with a bad character.
    assert_eq!(err("┌┬┐\n_abc\n└┴┘\n"), (2, 1, Kind::UnexpectedChar('_')));
}

#[test]
fn ragged_rows() {
    let text = "7 ┌●┬●●○┐\n6 ├●●●○┼○\n5 ├┼●○○○\n";
    assert_eq!(
        err(text),
        (
            3,
            9,
            Kind::RaggedRow {
                expected: 7,
                found: 6
            }
        )
    );
    let text = "┌┬┐\n├┼┼┤\n└┴┘\n";
    assert_eq!(
        err(text),
        (
            2,
            4,
            Kind::RaggedRow {
                expected: 3,
                found: 4
            }
        )
    );
    // Spaced row after side-by-side rows.
    assert_eq!(
        err("●○●\n● ○ ●\n").2,
        Kind::RaggedRow {
            expected: 3,
            found: 1
        }
    );
}

#[test]
fn labels_must_agree() {
    assert_eq!(err("2●○\n○●\n"), (2, 1, Kind::MissingRankLabel));
    assert_eq!(
        err("●○\n○●\n_abc\n"),
        (
            3,
            2,
            Kind::FileLabelCount {
                expected: 2,
                found: 3
            }
        )
    );
    assert_eq!(err("ab\n●○\n○●\nac\n").2, Kind::FileLabelMismatch);
    assert_eq!(
        err(" 2 ●○  二\n 1 ○●  一\n").2,
        Kind::RankLabelMismatch {
            left: "2".into(),
            right: "二".into()
        }
    );
}

#[test]
fn edge_glyphs_must_sit_on_their_edge() {
    // A slipped cell: `┐` one column left of the right edge.
    assert_eq!(err("┌┬┐┤\n├┼┼┤\n└┴┴┘\n"), (1, 3, Kind::MisplacedEdge('┐')));
    assert_eq!(err("┌┬┐\n└┴┘\n├┼┤\n").2, Kind::MisplacedEdge('└'));
}

#[test]
fn unclosed_frame() {
    assert_eq!(err("| 歩 歩\n").2, Kind::UnclosedFrame);
    assert_eq!(
        err("| 歩 歩|\n| 歩 ?|\n"),
        (2, 5, Kind::UnexpectedChar('?'))
    );
}

#[test]
fn invalid_utf8_reports_its_byte_offset() {
    let mut bytes = "7 ┌●┬\n6 ├".as_bytes().to_vec();
    bytes.push(0xff);
    bytes.extend_from_slice("●┼\n".as_bytes());
    let e = parse_bytes(&bytes).unwrap_err();
    assert_eq!(e.kind, Kind::InvalidUtf8);
    assert_eq!(e.byte_offset, Some("7 ┌●┬\n6 ├".len()));
    assert_eq!((e.line, e.column), (2, 4));
    assert_eq!(e.to_string(), "line 2, column 4 (byte 17): invalid UTF-8");
    // A multi-byte sequence cut short at the end.
    let cut = &"●".as_bytes()[..2];
    assert_eq!(parse_bytes(cut).unwrap_err().byte_offset, Some(0));
}

/// Every prefix of the documents' drawings, and every single-character corruption of
/// one, parses or fails with a position inside the text; nothing panics.
#[test]
fn truncated_and_corrupted_documents_never_panic() {
    let docs = [
        "7 ┌●┬●●○┐\n\n6 ├●●●○┼○\n\n5 ├┼●○○○○\n\n--abcdefg\n",
        "7b●#●●○#\n\n6b●●●○#○\n\n5●#●○○○○ 填后,\n\n_abcdefg\n",
        "香 桂 银\n\n■ 飞 ■\n",
        "  ９ ８\n+------+\n|v香v桂|一\n| ・ 歩|二\n+------+\n",
    ];
    let junk = [
        '?', ' ', '\n', '|', '-', '_', '●', 'v', '7', '十', '\u{0}', '\u{3000}', '┐',
    ];
    for doc in docs {
        let chars: Vec<char> = doc.chars().collect();
        let lines = doc.split('\n').count();
        for cut in 0..=chars.len() {
            let text: String = chars[..cut].iter().collect();
            check_position(&text, lines);
            for &j in &junk {
                let mut corrupted = chars.clone();
                if cut < corrupted.len() {
                    corrupted[cut] = j;
                } else {
                    corrupted.push(j);
                }
                let text: String = corrupted.iter().collect();
                check_position(&text, lines + 1);
            }
        }
        let bytes = doc.as_bytes();
        for cut in 0..=bytes.len() {
            let _ = parse_bytes(&bytes[..cut]);
        }
    }
}

fn check_position(text: &str, max_line: usize) {
    if let Err(e) = parse(text) {
        assert!(e.line >= 1 && e.line <= max_line + 1, "{e} for {text:?}");
        assert!(e.column >= 1, "{e} for {text:?}");
    }
}

#[test]
fn hostile_sizes() {
    let wide = format!("{}\n", "●".repeat(100_000));
    assert_eq!(parse(&wide).map(|d| d.width), Ok(100_000));
    let tall = "●\n".repeat(50_000);
    assert_eq!(parse(&tall).map(|d| d.height), Ok(50_000));
    let labels = format!("{}\n", "9".repeat(100_000));
    assert!(parse(&labels).is_err());
}
