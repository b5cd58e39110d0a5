//! Text format for a graph-Go position: a graph, its stones, an optional move sequence and komi.
//!
//! ```text
//! # comment
//! a b            an edge (names as in the graph format)
//! black: a c     black stones of the starting position
//! white: d       white stones
//! moves: B e W f a regular move sequence played from the starting position
//! komi: 0.5      komi h (integer or half-integer), default 0
//! ```
//!
//! Instead of edges, a grid can be drawn after a line `diagram:`, one row per line, `X` Black,
//! `O` White, `.` empty (points named as in [`Graph::grid`]). Keywords end with `:`.

use crate::color::Color;
use std::fmt;

use super::config::{Board, Config, Move};
use super::sequence::{RegularSequence, SequenceError};
use crate::rules::{Komi, KomiError};
use board_geometry::{Graph, Topology as _};

/// A parsed position file.
#[derive(Clone, Debug)]
pub struct PositionFile {
    /// The graph.
    pub graph: Graph,
    /// The starting position.
    pub start: Config,
    /// The moves played from it.
    pub moves: Vec<Move>,
    /// Komi `h` (0 unless given).
    pub komi: Komi,
}

/// A problem in a position file, with its 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionFileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PositionFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PositionFileError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> PositionFileError {
    PositionFileError {
        line,
        column,
        message: message.into(),
    }
}

/// A token with its 1-based column.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() || ch == ',' {
            if let Some((c, b)) = start.take() {
                out.push((c + 1, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((col, byte));
        }
    }
    if let Some((c, b)) = start {
        out.push((c + 1, &line[b..]));
    }
    out
}

impl PositionFile {
    /// Parses the format described in the module documentation.
    pub fn parse(text: &str) -> Result<PositionFile, PositionFileError> {
        // A byte order mark would otherwise become part of the first point's name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut edge_text = String::new();
        let mut diagram: Vec<(usize, String)> = Vec::new();
        let mut in_diagram = false;
        let mut stones: Vec<(usize, usize, Color, String)> = Vec::new();
        let mut move_tokens: Vec<(usize, usize, String)> = Vec::new();
        let mut komi = Komi(0);
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            let toks = tokens(content);
            if in_diagram {
                if toks.is_empty() {
                    in_diagram = false;
                    continue;
                }
                if toks.len() == 1 && !toks[0].1.ends_with(':') {
                    diagram.push((line_no, toks[0].1.to_string()));
                    continue;
                }
                in_diagram = false;
            }
            let Some(&(col, first)) = toks.first() else {
                edge_text.push('\n');
                continue;
            };
            match first {
                "black:" | "white:" => {
                    let colour = if first == "black:" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    for &(c, name) in &toks[1..] {
                        stones.push((line_no, c, colour, name.to_string()));
                    }
                    edge_text.push('\n');
                }
                "moves:" => {
                    for &(c, t) in &toks[1..] {
                        move_tokens.push((line_no, c, t.to_string()));
                    }
                    edge_text.push('\n');
                }
                "komi:" => {
                    if toks.len() != 2 {
                        return Err(err(line_no, col, "expected `komi: <number>`"));
                    }
                    komi = toks[1]
                        .1
                        .parse()
                        .map_err(|e: KomiError| err(line_no, toks[1].0, e.to_string()))?;
                    edge_text.push('\n');
                }
                "diagram:" => {
                    if toks.len() != 1 {
                        return Err(err(
                            line_no,
                            toks[1].0,
                            "the diagram starts on the next line",
                        ));
                    }
                    in_diagram = true;
                    edge_text.push('\n');
                }
                k if k.ends_with(':') => {
                    return Err(err(line_no, col, format!("unknown keyword `{k}`")));
                }
                _ => {
                    edge_text.push_str(content);
                    edge_text.push('\n');
                }
            }
        }
        let has_edges = edge_text.lines().any(|l| !l.trim().is_empty());
        let (graph, mut start) = if !diagram.is_empty() {
            if has_edges {
                let line = edge_text
                    .lines()
                    .position(|l| !l.trim().is_empty())
                    .unwrap_or(0)
                    + 1;
                return Err(err(line, 1, "give either edges or a diagram, not both"));
            }
            parse_diagram(&diagram)?
        } else {
            let graph = Graph::parse(&edge_text).map_err(|e| match e.problems.first() {
                Some(p) => err(p.line, p.column, p.kind.to_string()),
                None => err(1, 1, e.to_string()),
            })?;
            if graph.is_empty() {
                return Err(err(
                    text.lines().count().max(1),
                    1,
                    "the graph has no point",
                ));
            }
            let n = graph.len();
            (graph, Config::empty(n))
        };
        if graph.len() > 4096 {
            return Err(err(
                1,
                1,
                format!("{} points is too many for a position file", graph.len()),
            ));
        }
        for (line, col, colour, name) in &stones {
            let v = graph
                .point_labelled(name)
                .map(|p| p.index())
                .ok_or_else(|| err(*line, *col, format!("unknown point `{name}`")))?;
            if start.get(v) != 0 {
                return Err(err(
                    *line,
                    *col,
                    format!("point `{name}` already has a stone"),
                ));
            }
            start.0[v] = colour.value();
        }
        let board = Board::new(&graph);
        if !board.is_board_position(&start) {
            return Err(err(
                1,
                1,
                "the starting position has a string without liberty",
            ));
        }
        if move_tokens.len() % 2 != 0 {
            let (line, col, _) = move_tokens.last().cloned().unwrap_or((1, 1, String::new()));
            return Err(err(
                line,
                col,
                "moves come in pairs: a colour (B or W) then a point",
            ));
        }
        let mut moves = Vec::new();
        for pair in move_tokens.chunks_exact(2) {
            let [(line, col, colour), (name_line, name_col, name)] = pair else {
                continue;
            };
            let (line, col) = (*line, *col);
            let colour = match colour.as_str() {
                "B" | "b" => Color::Black,
                "W" | "w" => Color::White,
                other => return Err(err(line, col, format!("expected B or W, found `{other}`"))),
            };
            let point = graph
                .point_labelled(name)
                .map(|p| p.index())
                .ok_or_else(|| err(*name_line, *name_col, format!("unknown point `{name}`")))?;
            moves.push(Move {
                color: colour,
                point,
            });
        }
        Ok(PositionFile {
            graph,
            start,
            moves,
            komi,
        })
    }

    /// The regular sequence the file describes.
    pub fn sequence(&self) -> Result<RegularSequence, SequenceError> {
        RegularSequence::from_moves(&Board::new(&self.graph), self.start.clone(), &self.moves)
    }
}

fn parse_diagram(rows: &[(usize, String)]) -> Result<(Graph, Config), PositionFileError> {
    let Some((first_line, first_row)) = rows.first() else {
        return Err(err(1, 1, "the diagram has no row"));
    };
    let (first_line, width) = (*first_line, first_row.chars().count());
    let mut values = Vec::new();
    for (line, row) in rows {
        if row.chars().count() != width {
            return Err(err(
                *line,
                1,
                format!(
                    "row has {} points, the first row {width}",
                    row.chars().count()
                ),
            ));
        }
        for (col, ch) in row.chars().enumerate() {
            values.push(match ch {
                'X' | 'x' => -1,
                'O' | 'o' => 1,
                '.' | '+' => 0,
                other => {
                    return Err(err(
                        *line,
                        col + 1,
                        format!("unexpected `{other}` in diagram (use X, O or .)"),
                    ));
                }
            });
        }
    }
    if width.saturating_mul(rows.len()) > 4096 {
        return Err(err(first_line, 1, "diagram too large"));
    }
    let graph = Graph::grid(width, rows.len()).map_err(|e| err(first_line, 1, e.to_string()))?;
    Ok((graph, Config(values)))
}
