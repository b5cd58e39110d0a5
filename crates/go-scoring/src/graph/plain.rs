//! A small undirected graph over point indices `0..n`, the board of graph Go.
//!
//! Kept inside this crate so the graph-Go theory and the legal-position counter depend on
//! nothing but adjacency lists. Text format (shared with the CLI): one edge per line, `a b`;
//! a line with a single name declares an isolated point; `#` starts a comment. Names are any
//! runs of non-blank characters and are numbered in order of first appearance.

use std::fmt;

/// An undirected simple graph with adjacency lists and a name per point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainGraph {
    adj: Vec<Vec<usize>>,
    names: Vec<String>,
    /// `Some((w, h))` when the graph is the `w`×`h` grid with row-major indices.
    grid: Option<(usize, usize)>,
}

/// Why a graph could not be built or parsed; `line`/`column` are 1-based (0 when not textual).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphTextError {
    pub line: usize,
    pub column: usize,
    pub kind: GraphTextErrorKind,
}

/// The problem found in a graph description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphTextErrorKind {
    /// A line with more than two names.
    TooManyFields(usize),
    /// An edge from a point to itself.
    SelfLoop(String),
    /// The same edge twice (first given on `first_line`).
    DuplicateEdge { first_line: usize },
    /// An index that does not name a point.
    OutOfRange { point: usize, len: usize },
    /// The description has no point at all.
    Empty,
    /// More points than the caller accepts.
    TooManyPoints { count: usize, limit: usize },
    /// A grid size that is zero or not of the form `WxH`.
    BadGridSize(String),
}

impl fmt::Display for GraphTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            GraphTextErrorKind::TooManyFields(n) => {
                write!(
                    f,
                    "expected `a b` (an edge) or `a` (a point), found {n} fields"
                )
            }
            GraphTextErrorKind::SelfLoop(p) => write!(f, "edge from point `{p}` to itself"),
            GraphTextErrorKind::DuplicateEdge { first_line } => {
                write!(f, "edge given twice (first on line {first_line})")
            }
            GraphTextErrorKind::OutOfRange { point, len } => {
                write!(f, "point {point} out of range (graph has {len} points)")
            }
            GraphTextErrorKind::Empty => write!(f, "the graph has no point"),
            GraphTextErrorKind::TooManyPoints { count, limit } => {
                write!(f, "{count} points, at most {limit} are supported here")
            }
            GraphTextErrorKind::BadGridSize(s) => {
                write!(f, "bad grid size `{s}` (expected WxH with W, H >= 1)")
            }
        }
    }
}

impl std::error::Error for GraphTextError {}

fn plain_error(kind: GraphTextErrorKind) -> GraphTextError {
    GraphTextError {
        line: 0,
        column: 0,
        kind,
    }
}

impl PlainGraph {
    /// The graph on `0..n` with the given edges; self-loops, duplicates and bad indices are errors.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Self, GraphTextError> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            let big = a.max(b);
            if big >= n {
                return Err(plain_error(GraphTextErrorKind::OutOfRange {
                    point: big,
                    len: n,
                }));
            }
            if a == b {
                return Err(plain_error(GraphTextErrorKind::SelfLoop(a.to_string())));
            }
            if adj[a].contains(&b) {
                return Err(plain_error(GraphTextErrorKind::DuplicateEdge {
                    first_line: 0,
                }));
            }
            adj[a].push(b);
            adj[b].push(a);
        }
        for list in &mut adj {
            list.sort_unstable();
        }
        let names = (0..n).map(|i| i.to_string()).collect();
        Ok(PlainGraph {
            adj,
            names,
            grid: None,
        })
    }

    /// The `w`×`h` grid, indices row-major (`y * w + x`), names like `a1` counted from the top
    /// left (column letter, row number), which keeps names short for the CLI.
    pub fn grid(w: usize, h: usize) -> Self {
        let mut adj = vec![Vec::new(); w * h];
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if y > 0 {
                    adj[i].push(i - w);
                }
                if x > 0 {
                    adj[i].push(i - 1);
                }
                if x + 1 < w {
                    adj[i].push(i + 1);
                }
                if y + 1 < h {
                    adj[i].push(i + w);
                }
            }
        }
        let names = (0..w * h).map(|i| grid_point_name(i % w, i / w)).collect();
        PlainGraph {
            adj,
            names,
            grid: Some((w, h)),
        }
    }

    /// Parses `WxH` (also `W×H`), both at least 1.
    pub fn parse_grid_size(text: &str) -> Result<(usize, usize), GraphTextError> {
        let bad = || plain_error(GraphTextErrorKind::BadGridSize(text.to_string()));
        let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let w: usize = w.trim().parse().map_err(|_| bad())?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        if w == 0 || h == 0 {
            return Err(bad());
        }
        Ok((w, h))
    }

    /// Parses the edge-list text format described in the module documentation.
    pub fn parse(text: &str) -> Result<Self, GraphTextError> {
        let mut names: Vec<String> = Vec::new();
        let mut index: hashbrown::HashMap<String, usize> = hashbrown::HashMap::new();
        let mut adj: Vec<Vec<usize>> = Vec::new();
        let mut edge_line: hashbrown::HashMap<(usize, usize), usize> = hashbrown::HashMap::new();
        for (line_no, raw) in text.lines().enumerate() {
            let line_no = line_no + 1;
            let content = raw.split('#').next().unwrap_or("");
            let fields = fields_with_columns(content);
            if fields.is_empty() {
                continue;
            }
            if fields.len() > 2 {
                return Err(GraphTextError {
                    line: line_no,
                    column: fields[2].0,
                    kind: GraphTextErrorKind::TooManyFields(fields.len()),
                });
            }
            let mut ids = Vec::with_capacity(2);
            for &(_, name) in &fields {
                let id = *index.entry(name.to_string()).or_insert_with(|| {
                    names.push(name.to_string());
                    adj.push(Vec::new());
                    names.len() - 1
                });
                ids.push(id);
            }
            if let [a, b] = ids[..] {
                if a == b {
                    return Err(GraphTextError {
                        line: line_no,
                        column: fields[1].0,
                        kind: GraphTextErrorKind::SelfLoop(fields[0].1.to_string()),
                    });
                }
                let key = (a.min(b), a.max(b));
                if let Some(&first_line) = edge_line.get(&key) {
                    return Err(GraphTextError {
                        line: line_no,
                        column: fields[0].0,
                        kind: GraphTextErrorKind::DuplicateEdge { first_line },
                    });
                }
                edge_line.insert(key, line_no);
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        if names.is_empty() {
            return Err(GraphTextError {
                line: text.lines().count().max(1),
                column: 1,
                kind: GraphTextErrorKind::Empty,
            });
        }
        for list in &mut adj {
            list.sort_unstable();
        }
        Ok(PlainGraph {
            adj,
            names,
            grid: None,
        })
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// True when the graph has no point.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// Neighbours of `v`, ascending.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[v]
    }

    /// Name of `v` (its index as text when the graph was built from indices).
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The point called `name`, if any.
    pub fn point_named(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// `Some((w, h))` for a grid built by [`PlainGraph::grid`].
    pub fn grid_size(&self) -> Option<(usize, usize)> {
        self.grid
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.adj.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// Every edge once, as `(a, b)` with `a < b`, ascending.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (a, list) in self.adj.iter().enumerate() {
            for &b in list {
                if a < b {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

/// `a1` is the top-left point; columns are letters `a..z` then `aa..`, rows count from 1.
fn grid_point_name(x: usize, y: usize) -> String {
    let mut col = String::new();
    let mut n = x;
    loop {
        col.insert(0, char::from(b'a' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    format!("{col}{}", y + 1)
}

/// Splits on whitespace, keeping the 1-based character column of each field.
fn fields_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() {
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
