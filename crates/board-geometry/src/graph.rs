//! Arbitrary undirected graphs, built from an edge list or parsed from text.
//!
//! Text format: one edge per line, `a b`; a line with a single point declares it (so isolated
//! points can exist); `#` starts a comment; blank lines are ignored. Points are either all
//! numbers (indices `0..n`, `n` = largest index + 1) or all names (any run of non-blank
//! characters without `#`, numbered in order of first appearance). Self-loops and duplicate
//! edges are errors, reported with line and column together with every other problem.

use std::collections::HashMap;
use std::str::FromStr;

use crate::point::Point;
use crate::topology::{Adjacency, Topology};

/// An undirected simple graph with precomputed neighbour lists and optional point names.
///
/// A graph built by [`Graph::grid`] also remembers its width and height, so that code which
/// runs faster on grids (a path decomposition row by row) can recognise one, and so that its
/// points get short spreadsheet-style labels (see [`Graph::label`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    adjacency: Adjacency,
    names: Option<Vec<String>>,
    grid: Option<(usize, usize)>,
}

/// Largest number of points: indices must fit in [`Point`]'s `u16`.
pub const MAX_POINTS: usize = u16::MAX as usize;

impl Graph {
    /// The graph on points `0..n` with the given edges.
    ///
    /// Every problem is reported: edges with an end `>= n`, self-loops, and edges given
    /// twice (in either orientation); `n > MAX_POINTS` is reported alone.
    pub fn from_edges(n: usize, edges: &[(u16, u16)]) -> Result<Graph, GraphError> {
        if n > MAX_POINTS {
            return Err(GraphError {
                problems: vec![EdgeProblem {
                    edge: None,
                    kind: EdgeProblemKind::TooManyPoints(n),
                }],
            });
        }
        let mut problems = Vec::new();
        let mut seen: HashMap<(u16, u16), usize> = HashMap::new();
        let mut lists = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            let kind = if usize::from(a.max(b)) >= n {
                Some(EdgeProblemKind::OutOfRange {
                    point: a.max(b),
                    len: n,
                })
            } else if a == b {
                Some(EdgeProblemKind::SelfLoop(a))
            } else if let Some(&first) = seen.get(&(a.min(b), a.max(b))) {
                Some(EdgeProblemKind::Duplicate { first })
            } else {
                seen.insert((a.min(b), a.max(b)), i);
                lists[usize::from(a)].push(Point(b));
                lists[usize::from(b)].push(Point(a));
                None
            };
            if let Some(kind) = kind {
                problems.push(EdgeProblem {
                    edge: Some(i),
                    kind,
                });
            }
        }
        if !problems.is_empty() {
            return Err(GraphError { problems });
        }
        Ok(Graph::from_lists(lists, None))
    }

    /// The `width x height` grid graph of any size up to [`MAX_POINTS`] points (unlike
    /// [`Grid`](crate::Grid), which stops at 25x25 because GTP cannot name more columns).
    ///
    /// Points are numbered row by row from the top-left corner, `y * width + x`, with the
    /// same neighbour lists a [`Grid`](crate::Grid) of that size has. A side of 0 gives the
    /// empty graph.
    pub fn grid(width: usize, height: usize) -> Result<Graph, GraphError> {
        let n = width.saturating_mul(height);
        if n > MAX_POINTS {
            return Err(GraphError {
                problems: vec![EdgeProblem {
                    edge: None,
                    kind: EdgeProblemKind::TooManyPoints(n),
                }],
            });
        }
        let mut lists = vec![Vec::with_capacity(4); n];
        for (i, list) in lists.iter_mut().enumerate() {
            let (x, y) = (i % width, i / width);
            // Up, left, right, down: increasing index order.
            if y > 0 {
                list.push(Point((i - width) as u16));
            }
            if x > 0 {
                list.push(Point((i - 1) as u16));
            }
            if x + 1 < width {
                list.push(Point((i + 1) as u16));
            }
            if y + 1 < height {
                list.push(Point((i + width) as u16));
            }
        }
        let mut graph = Graph::from_lists(lists, None);
        graph.grid = Some((width, height));
        Ok(graph)
    }

    /// `Some((width, height))` for a graph built by [`Graph::grid`].
    #[inline]
    pub fn grid_size(&self) -> Option<(usize, usize)> {
        self.grid
    }

    /// Parses the text format described in the module documentation.
    pub fn parse(text: &str) -> Result<Graph, GraphParseError> {
        Parser::default().run(text)
    }

    /// A graph with the same points and neighbours as `topology` (for example a grid).
    pub fn from_topology(topology: &impl Topology) -> Graph {
        let lists = topology
            .points()
            .map(|p| topology.neighbours(p).to_vec())
            .collect();
        Graph::from_lists(lists, None)
    }

    fn from_lists(mut lists: Vec<Vec<Point>>, names: Option<Vec<String>>) -> Graph {
        for list in &mut lists {
            list.sort_unstable();
        }
        Graph {
            adjacency: Adjacency::from_lists(&lists),
            names,
            grid: None,
        }
    }

    /// The neighbours of point number `v` as plain indices, for code that keeps per-point
    /// data in slices indexed by `usize`.
    #[inline]
    pub fn neighbour_indices(&self, v: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.adjacency
            .neighbours(Point(v as u16))
            .iter()
            .map(|q| q.index())
    }

    /// True if `a` and `b` are joined by an edge (a binary search of `a`'s sorted list).
    #[inline]
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.adjacency.neighbours(a).binary_search(&b).is_ok()
    }

    /// The label that names `p` in text: its name in a named graph; on a [`Graph::grid`] a
    /// column letter (`a`..`z`, then `aa`, `ab`, ...) and the row number counted from 1 at
    /// the top, so `a1` is the top-left point; otherwise its index.
    pub fn label(&self, p: Point) -> String {
        if let Some(name) = self.name(p) {
            return name.to_string();
        }
        match self.grid {
            Some((width, _)) if width > 0 => grid_label(p.index() % width, p.index() / width),
            _ => p.0.to_string(),
        }
    }

    /// The point with the given [`label`](Graph::label), if any.
    pub fn point_labelled(&self, label: &str) -> Option<Point> {
        if self.names.is_some() {
            return self.point_named(label);
        }
        let index = match self.grid {
            Some((width, height)) => {
                let (x, y) = parse_grid_label(label)?;
                (x < width && y < height).then_some(y * width + x)?
            }
            None => label.parse::<usize>().ok()?,
        };
        (index < self.len()).then_some(Point(index as u16))
    }

    /// The name of `p` when the graph was parsed from named points.
    pub fn name(&self, p: Point) -> Option<&str> {
        self.names.as_ref()?.get(p.index()).map(String::as_str)
    }

    /// The point with the given name, if the graph has names and one matches.
    pub fn point_named(&self, name: &str) -> Option<Point> {
        let names = self.names.as_ref()?;
        names
            .iter()
            .position(|n| n == name)
            .map(|i| Point(i as u16))
    }

    /// Every edge once, as `(a, b)` with `a < b`, in increasing order.
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.points().flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .filter(move |&&b| a < b)
                .map(move |&b| (a, b))
        })
    }
}

impl Topology for Graph {
    #[inline]
    fn len(&self) -> usize {
        self.adjacency.len()
    }

    #[inline]
    fn neighbours(&self, p: Point) -> &[Point] {
        self.adjacency.neighbours(p)
    }

    fn edge_count(&self) -> usize {
        self.adjacency.edge_count()
    }
}

impl std::fmt::Display for Graph {
    /// The text format, which [`Graph::parse`] reads back to an equal graph: named graphs
    /// first declare every point in index order, numbered graphs declare isolated points;
    /// then one line per edge.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let label = |p: Point| match self.name(p) {
            Some(name) => name.to_string(),
            None => p.0.to_string(),
        };
        for p in self.points() {
            if self.names.is_some() || self.degree(p) == 0 {
                writeln!(f, "{}", label(p))?;
            }
        }
        for (a, b) in self.edges() {
            writeln!(f, "{} {}", label(a), label(b))?;
        }
        Ok(())
    }
}

impl FromStr for Graph {
    type Err = GraphParseError;
    fn from_str(text: &str) -> Result<Graph, GraphParseError> {
        Graph::parse(text)
    }
}

/// Spreadsheet-style column letters (`a`..`z`, `aa`..) and a 1-based row number.
fn grid_label(x: usize, y: usize) -> String {
    let mut column = Vec::new();
    let mut n = x;
    loop {
        column.push(b'a' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    column.reverse();
    format!("{}{}", String::from_utf8_lossy(&column), y + 1)
}

/// The `(x, y)` of a label made by [`grid_label`]; `None` for anything else.
fn parse_grid_label(label: &str) -> Option<(usize, usize)> {
    let split = label.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = label.split_at(split);
    if letters.is_empty() || letters.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.starts_with('0') {
        return None;
    }
    let mut x = 0usize;
    for b in letters.bytes() {
        x = x * 26 + usize::from(b - b'a') + 1;
    }
    let row: usize = digits.parse().ok()?;
    Some((x - 1, row - 1))
}

/// Every problem found in an edge list given to [`Graph::from_edges`] (or a grid size given
/// to [`Graph::grid`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// The problems, in edge-list order.
    pub problems: Vec<EdgeProblem>,
}

/// One problem of an edge list; `edge` is the index in the list (`None` for the point count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeProblem {
    /// The index of the edge in the list, `None` when the point count itself is wrong.
    pub edge: Option<usize>,
    /// What is wrong.
    pub kind: EdgeProblemKind,
}

/// What is wrong with an edge (or the point count).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EdgeProblemKind {
    /// More points than [`MAX_POINTS`].
    TooManyPoints(usize),
    /// An end of the edge is not below the point count.
    OutOfRange {
        /// The larger end of the edge.
        point: u16,
        /// The number of points.
        len: usize,
    },
    /// An edge from a point to itself.
    SelfLoop(u16),
    /// The same edge as edge number `first`.
    Duplicate {
        /// The index of the first occurrence in the list.
        first: usize,
    },
}

impl std::fmt::Display for EdgeProblemKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EdgeProblemKind::TooManyPoints(n) => {
                write!(f, "{n} points is more than the maximum {MAX_POINTS}")
            }
            EdgeProblemKind::OutOfRange { point, len } => {
                write!(f, "point {point} is not below the point count {len}")
            }
            EdgeProblemKind::SelfLoop(p) => write!(f, "self-loop at point {p}"),
            EdgeProblemKind::Duplicate { first } => {
                write!(f, "duplicate of edge {first}")
            }
        }
    }
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match p.edge {
                Some(e) => write!(f, "edge {e}: {}", p.kind)?,
                None => write!(f, "{}", p.kind)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for GraphError {}

/// Every problem found while parsing a graph text, in text order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphParseError {
    /// The problems, each at its line and column.
    pub problems: Vec<ParseProblem>,
}

/// One problem of a graph text, at a 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseProblem {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: ParseProblemKind,
}

impl std::fmt::Display for ParseProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// What is wrong at a position of a graph text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseProblemKind {
    /// A third token on a line: a line holds one edge or one point.
    ExtraToken(String),
    /// A name where the text so far used numbers, or a number where it used names.
    MixedNaming {
        /// The offending token.
        token: String,
        /// True when the points so far were numbers.
        numbered: bool,
    },
    /// A point number or a new name beyond [`MAX_POINTS`] points.
    TooManyPoints(String),
    /// An edge from a point to itself.
    SelfLoop(String),
    /// An edge already given on `first_line`.
    DuplicateEdge {
        /// The first end as written.
        a: String,
        /// The second end as written.
        b: String,
        /// The line where the edge was first given.
        first_line: usize,
    },
}

impl std::fmt::Display for ParseProblemKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseProblemKind::ExtraToken(t) => {
                write!(
                    f,
                    "unexpected `{t}`: a line holds one edge `a b` or one point"
                )
            }
            ParseProblemKind::MixedNaming { token, numbered } => {
                if *numbered {
                    write!(
                        f,
                        "`{token}` is not a number, but the points so far are numbered"
                    )
                } else {
                    write!(f, "`{token}` is a number, but the points so far are named")
                }
            }
            ParseProblemKind::TooManyPoints(t) => {
                write!(f, "point `{t}` exceeds the maximum of {MAX_POINTS} points")
            }
            ParseProblemKind::SelfLoop(t) => write!(f, "self-loop at point `{t}`"),
            ParseProblemKind::DuplicateEdge { a, b, first_line } => {
                write!(f, "edge `{a} {b}` was already given on line {first_line}")
            }
        }
    }
}

impl std::fmt::Display for GraphParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for GraphParseError {}

/// Parsing state: the naming mode fixed by the first token, names seen, edges seen.
#[derive(Default)]
struct Parser {
    numbered: Option<bool>,
    names: Vec<String>,
    index_of: HashMap<String, u16>,
    point_count: usize,
    edges: HashMap<(u16, u16), usize>,
    lists: Vec<Vec<Point>>,
    problems: Vec<ParseProblem>,
}

impl Parser {
    fn run(mut self, text: &str) -> Result<Graph, GraphParseError> {
        for (line_index, line) in text.lines().enumerate() {
            let line_no = line_index + 1;
            let content = line.split('#').next().unwrap_or("");
            let tokens = tokens(content);
            let mut points = Vec::with_capacity(2);
            for (i, &(column, token)) in tokens.iter().enumerate() {
                if i >= 2 {
                    self.problem(line_no, column, ParseProblemKind::ExtraToken(token.into()));
                    break;
                }
                if let Some(p) = self.point(line_no, column, token) {
                    points.push((column, token, p));
                }
            }
            if tokens.len() == 2 && points.len() == 2 {
                let ((ca, ta, a), (_, tb, b)) = (points[0], points[1]);
                self.edge(line_no, ca, (ta, a), (tb, b));
            }
        }
        if !self.problems.is_empty() {
            return Err(GraphParseError {
                problems: self.problems,
            });
        }
        let mut lists = self.lists;
        lists.resize(self.point_count, Vec::new());
        let names = (self.numbered == Some(false)).then_some(self.names);
        Ok(Graph::from_lists(lists, names))
    }

    fn problem(&mut self, line: usize, column: usize, kind: ParseProblemKind) {
        self.problems.push(ParseProblem { line, column, kind });
    }

    /// The point a token denotes, declaring it if new.
    fn point(&mut self, line: usize, column: usize, token: &str) -> Option<u16> {
        let is_number = token.bytes().all(|b| b.is_ascii_digit());
        let numbered = *self.numbered.get_or_insert(is_number);
        if numbered != is_number {
            self.problem(
                line,
                column,
                ParseProblemKind::MixedNaming {
                    token: token.into(),
                    numbered,
                },
            );
            return None;
        }
        if numbered {
            match token.parse::<usize>() {
                Ok(n) if n < MAX_POINTS => {
                    self.point_count = self.point_count.max(n + 1);
                    Some(n as u16)
                }
                _ => {
                    self.problem(line, column, ParseProblemKind::TooManyPoints(token.into()));
                    None
                }
            }
        } else if let Some(&p) = self.index_of.get(token) {
            Some(p)
        } else if self.names.len() >= MAX_POINTS {
            self.problem(line, column, ParseProblemKind::TooManyPoints(token.into()));
            None
        } else {
            let p = self.names.len() as u16;
            self.names.push(token.into());
            self.index_of.insert(token.into(), p);
            self.point_count = self.names.len();
            Some(p)
        }
    }

    fn edge(&mut self, line: usize, column: usize, (ta, a): (&str, u16), (tb, b): (&str, u16)) {
        if a == b {
            self.problem(line, column, ParseProblemKind::SelfLoop(ta.into()));
            return;
        }
        let key = (a.min(b), a.max(b));
        if let Some(&first_line) = self.edges.get(&key) {
            let kind = ParseProblemKind::DuplicateEdge {
                a: ta.into(),
                b: tb.into(),
                first_line,
            };
            self.problem(line, column, kind);
            return;
        }
        self.edges.insert(key, line);
        let needed = usize::from(a.max(b)) + 1;
        if self.lists.len() < needed {
            self.lists.resize(needed, Vec::new());
        }
        self.lists[usize::from(a)].push(Point(b));
        self.lists[usize::from(b)].push(Point(a));
    }
}

/// The blank-separated tokens of a line with their 1-based character columns.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((column, byte)),
            (true, Some((c, b))) => {
                out.push((c, &line[b..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        out.push((c, &line[b..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn from_edges_builds_sorted_symmetric_lists() {
        // A 4-cycle 0-1-2-3-0 plus an isolated point 4.
        let g = Graph::from_edges(5, &[(0, 1), (2, 1), (3, 2), (0, 3)]).unwrap();
        assert_eq!(g.len(), 5);
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.neighbours(Point(0)), &[Point(1), Point(3)]);
        assert_eq!(g.neighbours(Point(2)), &[Point(1), Point(3)]);
        assert!(g.neighbours(Point(4)).is_empty());
        assert_eq!(
            g.edges().collect::<Vec<_>>(),
            vec![
                (Point(0), Point(1)),
                (Point(0), Point(3)),
                (Point(1), Point(2)),
                (Point(2), Point(3))
            ]
        );
        assert_eq!(g.name(Point(0)), None);
    }

    #[test]
    fn from_edges_reports_every_problem() {
        let err = Graph::from_edges(3, &[(0, 1), (1, 1), (1, 0), (2, 7), (0, 1)]).unwrap_err();
        let kinds: Vec<_> = err
            .problems
            .iter()
            .map(|p| (p.edge, p.kind.clone()))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (Some(1), EdgeProblemKind::SelfLoop(1)),
                (Some(2), EdgeProblemKind::Duplicate { first: 0 }),
                (Some(3), EdgeProblemKind::OutOfRange { point: 7, len: 3 }),
                (Some(4), EdgeProblemKind::Duplicate { first: 0 }),
            ]
        );
        assert!(err.to_string().contains("edge 1: self-loop at point 1"));
        assert!(Graph::from_edges(70_000, &[]).is_err());
    }

    #[test]
    fn a_grid_as_a_graph_has_the_same_neighbours() {
        let grid = Grid::new(4, 3).unwrap();
        let g = Graph::from_topology(&grid);
        for p in grid.points() {
            assert_eq!(g.neighbours(p), grid.neighbours(p));
        }
        let again = Graph::from_edges(12, &g.edges().map(|(a, b)| (a.0, b.0)).collect::<Vec<_>>());
        assert_eq!(again.unwrap(), g);
    }

    #[test]
    fn graph_grids_match_grids_and_have_short_labels() {
        let grid = Grid::new(4, 3).unwrap();
        let g = Graph::grid(4, 3).unwrap();
        assert_eq!(g.grid_size(), Some((4, 3)));
        for p in grid.points() {
            assert_eq!(g.neighbours(p), grid.neighbours(p));
            assert_eq!(g.point_labelled(&g.label(p)), Some(p));
        }
        assert_eq!(g.label(Point(0)), "a1");
        assert_eq!(g.label(Point(11)), "d3");
        assert_eq!(g.point_labelled("e1"), None);
        assert_eq!(g.point_labelled("a0"), None);
        let wide = Graph::grid(30, 1).unwrap();
        assert_eq!(wide.label(Point(26)), "aa1");
        assert_eq!(wide.point_labelled("ad1"), Some(Point(29)));
        assert!(Graph::grid(300, 300).is_err());
        assert!(Graph::grid(0, 5).unwrap().is_empty());
        let numbered = Graph::from_edges(3, &[(0, 1)]).unwrap();
        assert_eq!(numbered.label(Point(2)), "2");
        assert_eq!(numbered.point_labelled("2"), Some(Point(2)));
        assert_eq!(numbered.point_labelled("3"), None);
        let named = Graph::parse("x y\n").unwrap();
        assert_eq!(named.label(Point(1)), "y");
        assert_eq!(named.point_labelled("y"), Some(Point(1)));
        assert!(named.adjacent(Point(0), Point(1)));
        assert_eq!(named.neighbour_indices(0).collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn numbered_text_with_comments_and_isolated_points() {
        let text = "# a triangle and a lone point\n0 1\n1 2  # closing edge next\n\n2 0\n4\n";
        let g: Graph = text.parse().unwrap();
        assert_eq!(g.len(), 5);
        assert_eq!(g.edge_count(), 3);
        assert!(g.neighbours(Point(3)).is_empty());
        assert!(g.neighbours(Point(4)).is_empty());
        assert_eq!(g.name(Point(0)), None);
    }

    #[test]
    fn named_text_numbers_points_by_first_appearance() {
        let g = Graph::parse("hub north\nhub south\n\tnorth   south\nhermit\n").unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(g.point_named("hub"), Some(Point(0)));
        assert_eq!(g.name(Point(2)), Some("south"));
        assert_eq!(g.point_named("hermit"), Some(Point(3)));
        assert_eq!(g.point_named("nowhere"), None);
        assert_eq!(g.neighbours(Point(0)), &[Point(1), Point(2)]);
    }

    #[test]
    fn display_round_trips_through_parse() {
        // Random graphs from board-core's seeded generator, numbered and named.
        let mut rng = board_core::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next_u64();
        for n in [0usize, 1, 2, 5, 17, 40] {
            let mut edges = Vec::new();
            for a in 0..n as u16 {
                for b in a + 1..n as u16 {
                    if next() % 4 == 0 {
                        edges.push((a, b));
                    }
                }
            }
            let g = Graph::from_edges(n, &edges).unwrap();
            let text = g.to_string();
            assert_eq!(Graph::parse(&text).unwrap(), g, "{text}");
            let named: String = text
                .lines()
                .map(|l| {
                    let words: Vec<String> = l.split(' ').map(|w| format!("p{w}")).collect();
                    words.join(" ") + "\n"
                })
                .collect();
            let h = Graph::parse(&named).unwrap();
            assert_eq!(Graph::parse(&h.to_string()).unwrap(), h);
            assert_eq!(h.edge_count(), g.edge_count());
        }
    }

    #[test]
    fn empty_text_is_the_empty_graph() {
        let g = Graph::parse("# nothing\n\n   \n").unwrap();
        assert!(g.is_empty());
        assert_eq!(g.edge_count(), 0);
    }

    #[test]
    fn parse_errors_carry_line_and_column() {
        let text = "a b\nb a\nc c\na b c\nd 7\n";
        let err = Graph::parse(text).unwrap_err();
        let got: Vec<_> = err
            .problems
            .iter()
            .map(|p| (p.line, p.column, p.kind.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    2,
                    1,
                    ParseProblemKind::DuplicateEdge {
                        a: "b".into(),
                        b: "a".into(),
                        first_line: 1
                    }
                ),
                (3, 1, ParseProblemKind::SelfLoop("c".into())),
                (4, 5, ParseProblemKind::ExtraToken("c".into())),
                (
                    5,
                    3,
                    ParseProblemKind::MixedNaming {
                        token: "7".into(),
                        numbered: false
                    }
                ),
            ]
        );
        assert!(
            err.to_string()
                .starts_with("line 2, column 1: edge `b a` was already given on line 1")
        );
    }

    #[test]
    fn hostile_inputs_fail_cleanly() {
        // Huge index, overflowing number, mixed naming, unicode columns.
        let err = Graph::parse("0 65535\n0 99999999999999999999999\n").unwrap_err();
        assert_eq!(err.problems.len(), 2);
        assert!(matches!(
            err.problems[0].kind,
            ParseProblemKind::TooManyPoints(_)
        ));
        let err = Graph::parse("1 2\nα β\n").unwrap_err();
        assert_eq!((err.problems[0].line, err.problems[0].column), (2, 1));
        let err = Graph::parse("αβ γ δ\n").unwrap_err();
        assert_eq!((err.problems[0].line, err.problems[0].column), (1, 6));
        // Binary garbage is just names; it must not panic.
        let garbage = "\u{0}\u{1} \u{7f}\r\n\u{fffd}#\u{0}";
        assert!(Graph::parse(garbage).is_ok());
        // Truncated text: a lone token on the last line is a point declaration.
        assert_eq!(Graph::parse("0 1\n2").unwrap().len(), 3);
    }
}
