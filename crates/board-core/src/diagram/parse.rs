//! Reading a drawing into a [`Diagram`].

use super::cell::{box_edges, is_piece_char, single};
use super::error::{DiagramError, DiagramErrorKind as Kind};
use super::labels::{label_value, numeral_class, numeral_value, strictly_monotone};
use super::{Cell, Diagram, FilePlace, Layout, RankSide, Separator};

/// Parses a drawing given as bytes; invalid UTF-8 is reported at its byte offset (and at
/// the line and column where the valid text stops).
pub fn parse_bytes(bytes: &[u8]) -> Result<Diagram, DiagramError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let valid = e.valid_up_to();
            let prefix = std::str::from_utf8(bytes.get(..valid).unwrap_or_default()).unwrap_or("");
            let line = prefix.matches('\n').count() + 1;
            let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            Err(DiagramError {
                line,
                column,
                byte_offset: Some(valid),
                kind: Kind::InvalidUtf8,
            })
        }
    }
}

/// Parses a drawing. Errors name the line and column (1-based, in characters) of the
/// first spot that could not be read.
pub fn parse(text: &str) -> Result<Diagram, DiagramError> {
    let lines: Vec<Line> = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| Line {
            no: i + 1,
            chars: l.trim_end().chars().collect(),
        })
        .collect();
    let content: Vec<&Line> = lines.iter().filter(|l| !l.chars.is_empty()).collect();
    let Some(first) = content.first() else {
        return Err(DiagramError::at(1, 1, Kind::Empty));
    };
    let blank_lines = content.windows(2).any(|w| w[1].no > w[0].no + 1);

    let mut body = &content[..];
    let top = file_label_line(first);
    if top.is_some() {
        body = &body[1..];
    }
    let bottom = match body.last() {
        Some(last) => file_label_line(last),
        None => None,
    };
    if bottom.is_some() {
        body = &body[..body.len() - 1];
    }

    let mut rows: Vec<Row> = Vec::new();
    let mut separator: Option<Separator> = None;
    let mut connector = None;
    for line in body {
        if is_frame_line(line) {
            continue;
        }
        if let Some(c) = connector_char(line) {
            connector = Some(c);
            continue;
        }
        let row = match separator {
            Some(sep) => parse_row(line, sep)?,
            None => {
                let (sep, row) = first_row(line)?;
                separator = Some(sep);
                row
            }
        };
        rows.push(row);
    }
    let Some(first_row) = rows.first() else {
        let at = top
            .as_ref()
            .or(bottom.as_ref())
            .map_or(first.no, |l| l.line);
        return Err(DiagramError::at(at + 1, 1, Kind::Empty));
    };
    if first_row.cells.is_empty() {
        return Err(DiagramError::at(
            first_row.line,
            first_row.end_col,
            Kind::NoCells,
        ));
    }
    let width = first_row.cells.len();
    let framed = first_row.framed;
    let first_gap = first_row.gap;
    for row in &rows {
        if row.framed != framed {
            return Err(DiagramError::at(
                row.line,
                row.cells_col,
                Kind::UnexpectedChar(row.first_char),
            ));
        }
        if row.cells.len() != width {
            let column = row.cells.get(width).map_or(row.end_col, |c| c.1);
            return Err(DiagramError::at(
                row.line,
                column,
                Kind::RaggedRow {
                    expected: width,
                    found: row.cells.len(),
                },
            ));
        }
    }
    let height = rows.len();
    check_edges(&rows, width, height)?;

    // Left rank labels: on every row or on none.
    let has_left = first_row.left.is_some();
    if let Some(row) = rows.iter().find(|r| r.left.is_some() != has_left) {
        return Err(DiagramError::at(
            row.line,
            row.start_col,
            Kind::MissingRankLabel,
        ));
    }
    // A numeral after a row is a rank label only if every row has one; otherwise it
    // belongs to the row's note.
    let has_right = rows.iter().all(|r| r.right.is_some());
    if !has_right {
        for row in &mut rows {
            if row.right.take().is_some() {
                row.note = row.rest.clone();
            }
        }
    }
    if has_left && has_right {
        for row in &rows {
            if let (Some((l, _)), Some((r, col))) = (&row.left, &row.right) {
                if l != r {
                    return Err(DiagramError::at(
                        row.line,
                        *col,
                        Kind::RankLabelMismatch {
                            left: l.clone(),
                            right: r.clone(),
                        },
                    ));
                }
            }
        }
    }
    let rank_side = match (has_left, has_right) {
        (_, false) => RankSide::Left,
        (false, true) => RankSide::Right,
        (true, true) => RankSide::Both,
    };
    let rank_labels = if has_left || has_right {
        Some(
            rows.iter()
                .filter_map(|r| r.left.as_ref().or(r.right.as_ref()).map(|l| l.0.clone()))
                .collect(),
        )
    } else {
        None
    };

    let (file_labels, file_place, file_prefix, file_spaced) = match (&top, &bottom) {
        (None, None) => (None, FilePlace::Below, String::new(), false),
        (Some(t), Some(b)) => {
            if t.labels() != b.labels() {
                return Err(DiagramError::at(b.line, 1, Kind::FileLabelMismatch));
            }
            (Some(t), FilePlace::Both, t.prefix.clone(), t.spaced)
        }
        (Some(t), None) => (Some(t), FilePlace::Above, t.prefix.clone(), t.spaced),
        (None, Some(b)) => (Some(b), FilePlace::Below, b.prefix.clone(), b.spaced),
    };
    let file_labels = match file_labels {
        Some(l) if l.labels.len() != width => {
            return Err(DiagramError::at(
                l.line,
                l.labels.first().map_or(1, |x| x.1),
                Kind::FileLabelCount {
                    expected: width,
                    found: l.labels.len(),
                },
            ));
        }
        Some(l) => Some(l.labels()),
        None => None,
    };

    let layout = Layout {
        separator: if framed {
            Separator::Adjacent
        } else {
            separator.unwrap_or(Separator::Adjacent)
        },
        framed,
        rank_side,
        rank_gap: has_left && first_gap,
        file_place,
        file_prefix: if file_labels.is_some() {
            file_prefix
        } else {
            String::new()
        },
        file_spaced: file_labels.is_some() && file_spaced,
        blank_lines,
        connector,
        indent: rows.iter().map(|r| r.start_col - 1).min().unwrap_or(0),
    };
    let notes = rows.iter().map(|r| r.note.clone()).collect();
    let cells = rows
        .into_iter()
        .flat_map(|r| r.cells.into_iter().map(|c| c.0))
        .collect();
    Ok(Diagram {
        width,
        height,
        cells,
        rank_labels,
        file_labels,
        notes,
        layout,
    })
}

struct Line {
    no: usize,
    chars: Vec<char>,
}

/// A row as read: cells with their columns, labels, note and positions for errors.
#[derive(Debug)]
struct Row {
    line: usize,
    start_col: usize,
    cells_col: usize,
    first_char: char,
    end_col: usize,
    left: Option<(String, usize)>,
    gap: bool,
    framed: bool,
    cells: Vec<(Cell, usize)>,
    right: Option<(String, usize)>,
    note: Option<String>,
    /// Everything after the cells, for when a trailing numeral turns out to be a note.
    rest: Option<String>,
}

struct LabelLine {
    line: usize,
    prefix: String,
    spaced: bool,
    labels: Vec<(String, usize)>,
}

impl LabelLine {
    fn labels(&self) -> Vec<String> {
        self.labels.iter().map(|l| l.0.clone()).collect()
    }
}

pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// A file-label line: an optional filler of `-`, `_` or spaces, then labels side by side
/// or separated by spaces. Without `-`/`_` filler the labels must rise or fall strictly,
/// so a row of marks is not mistaken for labels.
fn file_label_line(line: &Line) -> Option<LabelLine> {
    let ch = &line.chars;
    let start = ch
        .iter()
        .position(|&c| !(is_blank(c) || c == '-' || c == '_'))?;
    let marker = ch[..start].iter().any(|&c| c == '-' || c == '_');
    let spaced = ch[start..].iter().any(|&c| is_blank(c));
    let mut labels = Vec::new();
    if spaced {
        let mut i = start;
        while i < ch.len() {
            if is_blank(ch[i]) {
                i += 1;
                continue;
            }
            let j = (i..ch.len()).find(|&j| is_blank(ch[j])).unwrap_or(ch.len());
            labels.push((ch[i..j].iter().collect::<String>(), i + 1));
            i = j;
        }
    } else {
        labels = ch[start..]
            .iter()
            .enumerate()
            .map(|(k, c)| (c.to_string(), start + k + 1))
            .collect();
    }
    let values: Option<Vec<u32>> = labels.iter().map(|l| label_value(&l.0)).collect();
    let values = values?;
    if !marker && (values.len() < 2 || !strictly_monotone(&values)) {
        return None;
    }
    Some(LabelLine {
        line: line.no,
        prefix: ch[..start].iter().collect(),
        spaced,
        labels,
    })
}

/// `+------+`, the top or bottom of a BOD frame (three dashes per cell).
fn is_frame_line(line: &Line) -> bool {
    let s: String = line.chars.iter().collect();
    let s = s.trim_start();
    // At least three dashes: `+-+` is a row of a ruled ASCII board, not a frame.
    s.len() >= 5
        && s.starts_with('+')
        && s.ends_with('+')
        && s[1..s.len() - 1].chars().all(|c| c == '-')
}

/// `│ │ │`: the vertical lines drawn between rows of a ruled board.
fn connector_char(line: &Line) -> Option<char> {
    let mut found = None;
    for &c in &line.chars {
        match c {
            '│' | '|' if found.is_none() || found == Some(c) => found = Some(c),
            c if is_blank(c) => {}
            _ => return None,
        }
    }
    found
}

const SEPARATORS: [Separator; 4] = [
    Separator::Adjacent,
    Separator::Rule('─'),
    Separator::Rule('-'),
    Separator::Space,
];

/// A row read under one separator, or the error it ran into.
type Reading = Result<(Separator, Row), DiagramError>;

/// Reads the first row under every separator and keeps the reading that gets furthest
/// into the line: the end of its cells, or the column of its error (so garbage in a
/// spaced row is reported rather than read as a one-cell row with a note).
fn first_row(line: &Line) -> Result<(Separator, Row), DiagramError> {
    let mut best: Option<(usize, Reading)> = None;
    for sep in SEPARATORS {
        let reading = parse_row(line, sep).map(|row| (sep, row));
        let reach = match &reading {
            Ok((_, row)) => row.end_col,
            Err(e) => e.column,
        };
        let better = match &best {
            None => true,
            Some((r, Ok(_))) => reach > *r,
            Some((r, Err(_))) => reach > *r || (reach == *r && reading.is_ok()),
        };
        if better {
            best = Some((reach, reading));
        }
    }
    match best {
        Some((_, reading)) => reading,
        None => Err(DiagramError::at(line.no, 1, Kind::Empty)),
    }
}

/// A cell token starting at `i` when cells are side by side: one glyph, or `v` and a
/// piece character.
fn adjacent_cell(ch: &[char], i: usize) -> Option<(Cell, usize)> {
    let c = *ch.get(i)?;
    if c == 'v' && ch.get(i + 1).is_some_and(|&p| is_piece_char(p)) {
        let token: String = ch[i..i + 2].iter().collect();
        return Some((Cell::Piece(token), i + 2));
    }
    single(c).map(|cell| (cell, i + 1))
}

/// The end of the run of non-blank characters starting at `i`.
fn token_end(ch: &[char], i: usize) -> usize {
    (i..ch.len()).find(|&j| is_blank(ch[j])).unwrap_or(ch.len())
}

/// Reads a space-separated token at `i`: a cell, or `Ok(None)` for a word that starts a
/// note, or an error for glyphs run together.
fn spaced_cell(line: &Line, i: usize) -> Result<Option<(Cell, usize)>, DiagramError> {
    let ch = &line.chars;
    let end = token_end(ch, i);
    let token: String = ch[i..end].iter().collect();
    if let Some(cell) = Cell::from_token(&token) {
        return Ok(Some((cell, end)));
    }
    // A word of glyphs that each spell a cell is a row missing its spaces; a single bad
    // character is garbage; anything else is the start of a note.
    match (i..end).find(|&k| single(ch[k]).is_none()) {
        Some(k) if end - i == 1 => Err(DiagramError::at(
            line.no,
            k + 1,
            Kind::UnexpectedChar(ch[k]),
        )),
        Some(_) => Ok(None),
        None => Err(DiagramError::at(
            line.no,
            i + 2,
            Kind::UnexpectedChar(ch[i + 1]),
        )),
    }
}

fn parse_row(line: &Line, sep: Separator) -> Result<Row, DiagramError> {
    let ch = &line.chars;
    let n = ch.len();
    let err = |i: usize| DiagramError::at(line.no, i + 1, Kind::UnexpectedChar(ch[i]));
    let mut i = (0..n).find(|&k| !is_blank(ch[k])).unwrap_or(n);
    let start_col = i + 1;

    let mut left = None;
    if let Some(class) = ch.get(i).and_then(|&c| numeral_class(c)) {
        let j = (i..n)
            .find(|&k| numeral_class(ch[k]) != Some(class))
            .unwrap_or(n);
        left = Some((ch[i..j].iter().collect::<String>(), i + 1));
        i = j;
    }
    let g = i;
    while i < n && is_blank(ch[i]) {
        i += 1;
    }
    let gap = i > g;
    let cells_col = i + 1;
    let first_char = ch.get(i).copied().unwrap_or(' ');
    let mut cells = Vec::new();
    let framed = ch.get(i) == Some(&'|');

    if framed {
        i += 1;
        loop {
            match ch.get(i) {
                None => return Err(DiagramError::at(line.no, n + 1, Kind::UnclosedFrame)),
                Some('|') => {
                    i += 1;
                    break;
                }
                Some(&p) if is_blank(p) || p == 'v' => {
                    let Some(&c) = ch.get(i + 1) else {
                        return Err(DiagramError::at(line.no, n + 1, Kind::UnclosedFrame));
                    };
                    let cell = if p == 'v' {
                        is_piece_char(c).then(|| Cell::Piece(format!("v{c}")))
                    } else {
                        single(c)
                    };
                    match cell {
                        Some(cell) => cells.push((cell, i + 1)),
                        None => return Err(err(i + 1)),
                    }
                    i += 2;
                }
                Some(_) => return Err(err(i)),
            }
        }
    } else if i < n {
        let first = match sep {
            Separator::Space => spaced_cell(line, i)?,
            _ => adjacent_cell(ch, i),
        };
        let Some((cell, next)) = first else {
            return Err(err(i));
        };
        cells.push((cell, i + 1));
        i = next;
        loop {
            match sep {
                Separator::Adjacent => match adjacent_cell(ch, i) {
                    Some((cell, next)) => {
                        cells.push((cell, i + 1));
                        i = next;
                    }
                    None if i < n && !is_blank(ch[i]) => return Err(err(i)),
                    None => break,
                },
                Separator::Rule(r) => {
                    if i < n && ch[i] == r {
                        match adjacent_cell(ch, i + 1) {
                            Some((cell, next)) => {
                                cells.push((cell, i + 2));
                                i = next;
                            }
                            None if i + 1 < n => return Err(err(i + 1)),
                            None => return Err(err(i)),
                        }
                    } else if i < n && !is_blank(ch[i]) {
                        return Err(err(i));
                    } else {
                        break;
                    }
                }
                Separator::Space => {
                    if i + 1 < n && is_blank(ch[i]) && !is_blank(ch[i + 1]) {
                        match spaced_cell(line, i + 1)? {
                            Some((cell, next)) => {
                                cells.push((cell, i + 2));
                                i = next;
                            }
                            None => break,
                        }
                    } else {
                        break;
                    }
                }
            }
        }
    }
    let end_col = i + 1;

    // After the cells: a rank label, then a note.
    while i < n && is_blank(ch[i]) {
        i += 1;
    }
    let rest: Option<String> = (i < n).then(|| ch[i..].iter().collect());
    let mut right = None;
    let mut note = rest.clone();
    if i < n {
        let j = token_end(ch, i);
        let token: String = ch[i..j].iter().collect();
        let matches_left = left
            .as_ref()
            .is_none_or(|(l, _)| numeral_value(l) == numeral_value(&token));
        if numeral_value(&token).is_some() && matches_left {
            right = Some((token, i + 1));
            let k = (j..n).find(|&k| !is_blank(ch[k])).unwrap_or(n);
            note = (k < n).then(|| ch[k..].iter().collect());
        }
    }
    Ok(Row {
        line: line.no,
        start_col,
        cells_col,
        first_char,
        end_col,
        left,
        gap,
        framed,
        cells,
        right,
        note,
        rest,
    })
}

/// Box-drawing edge glyphs must lie on the edge they draw; this catches a slipped cell
/// in a transcription.
fn check_edges(rows: &[Row], width: usize, height: usize) -> Result<(), DiagramError> {
    for (r, row) in rows.iter().enumerate() {
        for (c, (cell, col)) in row.cells.iter().enumerate() {
            if let Cell::Empty(g) = cell {
                if let Some((t, b, l, rt)) = box_edges(*g) {
                    let ok = (!t || r == 0)
                        && (!b || r + 1 == height)
                        && (!l || c == 0)
                        && (!rt || c + 1 == width);
                    if !ok {
                        return Err(DiagramError::at(row.line, *col, Kind::MisplacedEdge(*g)));
                    }
                }
            }
        }
    }
    Ok(())
}
