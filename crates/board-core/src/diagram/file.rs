//! Diagram files: a `# key: value` header, a blank line, then the board as drawn.
//!
//! ```text
//! # source: 000_3834aa4e1393d201.txt
//! # figure: 图六:子路皆子
//! # states: 本例黑方有3路 (in this example Black has 3 roads)
//! # expect: black_roads=3 white_roads=1
//!
//! 7b●┬●●○┐
//! ```
//!
//! Lines that start with `#` and two or more spaces (or with `#` but no `key:`) continue
//! the previous field. The
//! `expect` field holds machine-readable facts, `key=value` separated by spaces, that the
//! game crates assert; it may be given on several lines.

use std::collections::BTreeMap;

use super::error::{DiagramError, DiagramErrorKind as Kind};
use super::{Diagram, parse};

/// The header of a diagram file, fields in file order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Header {
    /// (key, value, line) for every field; continuation lines are joined with `\n`.
    pub fields: Vec<(String, String, usize)>,
}

impl Header {
    /// The first value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| f.0 == key)
            .map(|f| f.1.as_str())
    }

    /// Every value of `key`, in order.
    pub fn get_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.fields
            .iter()
            .filter(move |f| f.0 == key)
            .map(|f| f.1.as_str())
    }
}

/// A parsed diagram file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramFile {
    /// The `# key: value` header fields.
    pub header: Header,
    /// The `expect:` facts, sorted by key.
    pub expect: BTreeMap<String, String>,
    /// The board text exactly as in the file.
    pub board_text: String,
    /// The line of the file where the board text starts (1-based).
    pub board_line: usize,
    /// The board, parsed.
    pub diagram: Diagram,
}

impl DiagramFile {
    /// The expectation `key` as an integer, if present; a non-integer is an error.
    pub fn expect_int(&self, key: &str) -> Result<Option<i64>, String> {
        match self.expect.get(key) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("expect {key}={v} is not an integer")),
        }
    }
}

/// Fields every diagram file must have.
pub const REQUIRED_FIELDS: [&str; 2] = ["source", "figure"];

/// Parses a diagram file given as bytes (invalid UTF-8 is reported at its byte offset).
pub fn parse_file_bytes(bytes: &[u8]) -> Result<DiagramFile, DiagramError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_file(text),
        Err(_) => Err(super::parse_bytes(bytes).err().unwrap_or(DiagramError::at(
            1,
            1,
            Kind::InvalidUtf8,
        ))),
    }
}

/// Parses a diagram file. Board errors are reported at their line in the file.
pub fn parse_file(text: &str) -> Result<DiagramFile, DiagramError> {
    let mut header = Header::default();
    let mut board_start = None;
    let mut offset = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let no = i + 1;
        let line = raw.trim_end();
        if let Some(rest) = line.strip_prefix('#') {
            let body = rest.strip_prefix(' ').map(str::trim_start).unwrap_or(rest);
            if !rest.is_empty() && !rest.starts_with(' ') {
                return Err(DiagramError::at(
                    no,
                    2,
                    Kind::BadHeader("expected a space after '#'".into()),
                ));
            }
            // `# key: value` starts a field; `#` and two or more spaces continue one.
            let field = if rest.starts_with("  ") {
                None
            } else {
                split_field(body)
            };
            match field {
                Some((key, value)) => header.fields.push((key.to_string(), value.to_string(), no)),
                None => match header.fields.last_mut() {
                    Some(last) => {
                        last.1.push('\n');
                        last.1.push_str(body);
                    }
                    None => {
                        return Err(DiagramError::at(
                            no,
                            1,
                            Kind::BadHeader("expected `# key: value`".into()),
                        ));
                    }
                },
            }
        } else if line.is_empty() && !header.fields.is_empty() {
            board_start = Some((no + 1, offset + raw.len() + 1));
            break;
        } else {
            let why = if header.fields.is_empty() {
                "a diagram file starts with `# key: value` lines"
            } else {
                "the header ends with a blank line"
            };
            return Err(DiagramError::at(no, 1, Kind::BadHeader(why.into())));
        }
        offset += raw.len() + 1;
    }
    let lines = text.split('\n').count();
    let (board_line, board_offset) = board_start.ok_or_else(|| {
        DiagramError::at(
            lines,
            1,
            Kind::BadHeader("no blank line after the header".into()),
        )
    })?;
    for key in REQUIRED_FIELDS {
        if header.get(key).is_none_or(|v| v.trim().is_empty()) {
            return Err(DiagramError::at(1, 1, Kind::MissingField(key.into())));
        }
    }
    let expect = expectations(&header)?;
    let board_text = text.get(board_offset..).unwrap_or("").to_string();
    let diagram = parse(&board_text).map_err(|e| e.shifted(board_line - 1))?;
    Ok(DiagramFile {
        header,
        expect,
        board_text,
        board_line,
        diagram,
    })
}

/// `key: value` with a lower-case snake-case key.
fn split_field(body: &str) -> Option<(&str, &str)> {
    let (key, value) = body.split_once(':')?;
    let ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    ok.then(|| (key, value.trim()))
}

fn expectations(header: &Header) -> Result<BTreeMap<String, String>, DiagramError> {
    let mut out = BTreeMap::new();
    for (key, value, line) in &header.fields {
        if key != "expect" {
            continue;
        }
        for item in value.split_whitespace() {
            let bad = |why: &str| {
                DiagramError::at(*line, 1, Kind::BadExpectation(format!("{item}: {why}")))
            };
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| bad("expected key=value"))?;
            if k.is_empty()
                || !k
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            {
                return Err(bad("key must be snake_case"));
            }
            if v.is_empty()
                || !v
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.+-/".contains(c))
            {
                return Err(bad("value must be a number or a word"));
            }
            if out.insert(k.to_string(), v.to_string()).is_some() {
                return Err(bad("key given twice"));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# source: doc.txt\n# figure: 图一\n# states: one\n#   two\n# expect: a=1 b=black\n# expect: c=-2\n\n1●○\n_ab\n";

    #[test]
    fn reads_header_and_board() {
        let f = parse_file(GOOD).unwrap();
        assert_eq!(f.header.get("source"), Some("doc.txt"));
        assert_eq!(f.header.get("states"), Some("one\ntwo"));
        assert_eq!(f.expect.get("b").map(String::as_str), Some("black"));
        assert_eq!(f.expect_int("c"), Ok(Some(-2)));
        assert!(f.expect_int("b").is_err());
        assert_eq!(f.board_line, 8);
        assert_eq!(f.board_text, "1●○\n_ab\n");
        assert_eq!(f.diagram.width, 2);
    }

    #[test]
    fn reports_positions_in_the_file() {
        let e = parse_file(&GOOD.replace("1●○", "1●?")).unwrap_err();
        assert_eq!((e.line, e.column), (8, 3));
        let e = parse_file("# source: x\n# figure: y\n# expect: a=1 a=2\n\n1●\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(matches!(e.kind, Kind::BadExpectation(_)));
        let e = parse_file("# source: x\n\n1●\n").unwrap_err();
        assert_eq!(e.kind, Kind::MissingField("figure".into()));
        assert!(parse_file("").is_err());
        assert!(parse_file("# source: x\n# figure: y\n").is_err());
        assert!(parse_file("#source: x\n\n1●\n").is_err());
        assert!(parse_file("1●\n").is_err());
        assert!(parse_file("# source: x\n# figure: y\n# expect: a\n\n1●\n").is_err());
        assert!(parse_file("# source: x\n# figure: y\n# expect: a=\n\n1●\n").is_err());
        let e = parse_file_bytes(b"# source: x\n# figure: y\n\n1\xff\n").unwrap_err();
        assert_eq!(e.kind, Kind::InvalidUtf8);
        assert_eq!(e.byte_offset, Some(26));
    }
}
