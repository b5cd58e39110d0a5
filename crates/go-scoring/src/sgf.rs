//! SGF `FF[4]` input and output for Go (`GM[1]`).
//!
//! Reads the main line (first variation) of the first game: `SZ` (square or `w:h`), setup
//! `AB`/`AW`/`AE` with compressed point lists, moves `B`/`W` (`[]` or `[tt]` passes on boards
//! up to 19x19), `PL`, `KM`, `HA`, `RU`, `RE`, and the end-of-game marks editors and servers
//! write: `TB`/`TW` territory (a stone inside the other colour's territory is dead) and
//! `DS`/`DD`-style dead marks are not standard, so only `TB`/`TW` are read. Errors carry the
//! byte offset, line and column.

use crate::board::{Board, Move};
use crate::color::{Color, PerColor, Stone};
use crate::position::{Position, PositionError};
use crate::rules::{Komi, Rules};
use crate::topology::{Point, Shape};
use board_geometry::Point as GeoPoint;
use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

/// Where an SGF error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgfPos {
    /// Byte offset.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// An SGF error: what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where the problem is.
    pub pos: SgfPos,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SGF line {}, column {} (byte {}): {}",
            self.pos.line, self.pos.column, self.pos.offset, self.message
        )
    }
}

impl std::error::Error for SgfError {}

/// One property: identifier, values, and the offset of its identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The property name (`B`, `AB`, `SZ`...).
    pub ident: String,
    /// Its values, unescaped.
    pub values: Vec<String>,
    /// Byte offset of the property in the text.
    pub offset: usize,
}

impl Property {
    /// The first value (the parser never builds a property without one; `""` otherwise).
    pub fn first(&self) -> &str {
        self.values.first().map_or("", String::as_str)
    }
}

/// A node: its properties in file order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Node {
    /// The node's properties, in order.
    pub properties: Vec<Property>,
}

impl Node {
    /// The first property named `ident`.
    pub fn get(&self, ident: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.ident == ident)
    }
}

/// A game tree: a sequence of nodes and its variations.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameTree {
    /// The nodes of the main line of this tree.
    pub nodes: Vec<Node>,
    /// Its variations.
    pub variations: Vec<GameTree>,
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
    depth: usize,
}

/// Variations nested deeper than this are refused (recursion would exhaust the stack).
const MAX_DEPTH: usize = 1_000;

/// Properties a node holds before its duplicate check switches from a scan to a set.
const SMALL_NODE: usize = 8;

/// The UTF-8 byte order mark some Windows editors write at the start of a file.
const BOM: &str = "\u{feff}";

impl<'a> Parser<'a> {
    fn where_(&self, offset: usize) -> SgfPos {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        SgfPos {
            offset,
            line,
            column,
        }
    }

    fn err<T>(&self, offset: usize, message: impl Into<String>) -> Result<T, SgfError> {
        Err(SgfError {
            pos: self.where_(offset),
            message: message.into(),
        })
    }

    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn game_tree(&mut self) -> Result<GameTree, SgfError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(self.pos, "variations nested too deeply");
        }
        let open = self.pos;
        self.pos += 1; // '('
        let mut tree = GameTree::default();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b';') => {
                    if !tree.variations.is_empty() {
                        return self.err(self.pos, "a node after a variation");
                    }
                    self.pos += 1;
                    tree.nodes.push(self.node()?);
                }
                Some(b'(') => {
                    if tree.nodes.is_empty() {
                        return self.err(self.pos, "a variation before any node");
                    }
                    tree.variations.push(self.game_tree()?);
                }
                Some(b')') => {
                    self.pos += 1;
                    if tree.nodes.is_empty() {
                        return self.err(open, "empty game tree");
                    }
                    self.depth -= 1;
                    return Ok(tree);
                }
                Some(c) => {
                    return self.err(
                        self.pos,
                        format!("unexpected {:?}, expected ';', '(' or ')'", c as char),
                    );
                }
                None => {
                    return self.err(
                        self.pos,
                        format!("file ends inside the game tree opened at byte {open}"),
                    );
                }
            }
        }
    }

    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::default();
        // Names seen so far, kept in a set once the node has a few properties: a linear
        // search per property made a node with 100,000 names quadratic.
        let mut seen: Option<HashSet<String>> = None;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_uppercase() || c.is_ascii_lowercase() => {
                    let start = self.pos;
                    let mut ident = String::new();
                    while let Some(c) = self.peek() {
                        if c.is_ascii_uppercase() {
                            ident.push(c as char);
                        } else if !c.is_ascii_lowercase() {
                            break;
                        }
                        self.pos += 1;
                    }
                    if ident.is_empty() {
                        return self.err(start, "property identifier without capital letters");
                    }
                    self.skip_ws();
                    let mut values = Vec::new();
                    while self.peek() == Some(b'[') {
                        values.push(self.value()?);
                        self.skip_ws();
                    }
                    if values.is_empty() {
                        return self.err(self.pos, format!("property {ident} has no value"));
                    }
                    let repeated = match &mut seen {
                        Some(set) => !set.insert(ident.clone()),
                        None => {
                            let found = node.get(&ident).is_some();
                            if node.properties.len() >= SMALL_NODE {
                                let mut set: HashSet<String> =
                                    node.properties.iter().map(|p| p.ident.clone()).collect();
                                set.insert(ident.clone());
                                seen = Some(set);
                            }
                            found
                        }
                    };
                    if repeated {
                        return self
                            .err(start, format!("property {ident} appears twice in one node"));
                    }
                    node.properties.push(Property {
                        ident,
                        values,
                        offset: start,
                    });
                }
                _ => return Ok(node),
            }
        }
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None => return self.err(open, "file ends inside a property value"),
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.peek() {
                        None => return self.err(open, "file ends inside a property value"),
                        Some(b'\n') | Some(b'\r') => {
                            // Soft line break.
                            let c = self.text[self.pos];
                            self.pos += 1;
                            if let Some(d) = self.peek() {
                                if (d == b'\n' || d == b'\r') && d != c {
                                    self.pos += 1;
                                }
                            }
                        }
                        Some(c) => {
                            bytes.push(c);
                            self.pos += 1;
                        }
                    }
                }
                Some(c) => {
                    bytes.push(c);
                    self.pos += 1;
                }
            }
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Parses an SGF collection into its game trees. A leading byte order mark is skipped;
/// offsets still count from the start of `text`.
pub fn parse_collection(text: &str) -> Result<Vec<GameTree>, SgfError> {
    read_collection(text).map(|c| c.trees)
}

/// A collection with where the text after its last game starts, if there is any.
struct Collection {
    trees: Vec<GameTree>,
    trailing: Option<usize>,
}

fn read_collection(text: &str) -> Result<Collection, SgfError> {
    let mut p = Parser {
        text: text.as_bytes(),
        pos: if text.starts_with(BOM) { BOM.len() } else { 0 },
        depth: 0,
    };
    let mut trees = Vec::new();
    let mut trailing = None;
    loop {
        p.skip_ws();
        match p.peek() {
            Some(b'(') => trees.push(p.game_tree()?),
            None => break,
            Some(c) => {
                if trees.is_empty() {
                    return p.err(
                        p.pos,
                        format!("expected '(' to open a game, found {:?}", c as char),
                    );
                }
                // Text after the last game is not read (common readers ignore it too), but
                // the reader says so.
                trailing = Some(p.pos);
                break;
            }
        }
    }
    if trees.is_empty() {
        return p.err(0, "no game in the file");
    }
    Ok(Collection { trees, trailing })
}

/// A game read from SGF: the rules-relevant root properties, the main line replayed.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The board (`SZ`).
    pub topology: Arc<Shape>,
    /// Komi (`KM`), in points.
    pub komi: Option<Komi>,
    /// How `KM` was read when it was not plain points: some servers (Fox, Golaxy) write the
    /// komi in hundredths of a stone (`KM[375]` = 3.75 stones = 7.5 points).
    pub komi_note: Option<String>,
    /// Handicap stones: `HA`, or, when the record has no `HA`, the black setup stones of a
    /// handicap game (see [`handicap_note`](Self::handicap_note)).
    pub handicap: Option<u32>,
    /// Set when the handicap was inferred rather than read from `HA`: says from what, so a
    /// caller can show it (the same text is among the [`warnings`](Self::warnings)).
    pub handicap_note: Option<String>,
    /// The rules named (`RU`).
    pub rules_text: Option<String>,
    /// The result recorded (`RE`).
    pub result: Option<String>,
    /// The position at the end of the main line.
    pub position: Position,
    /// The colour to move at the end (PL, else the opponent of the last mover).
    pub to_move: Option<Color>,
    /// The first colour to move in the record, if any move was played.
    pub first_mover: Option<Color>,
    /// Stones captured by each colour during the replay.
    pub captures: PerColor<u32>,
    /// Real moves per colour.
    pub moves: PerColor<u32>,
    /// Passes made by each side.
    pub passes: PerColor<u32>,
    /// Dead stones read from the territory marks of the last node.
    pub dead: Vec<Point>,
    /// Whether the last node had any territory marks.
    pub has_marks: bool,
    /// Number of moves in the main line.
    pub move_count: usize,
    /// What the file holds that was not read: the other games of a collection, text after
    /// the last game. Never silent: callers show these to the user.
    pub warnings: Vec<String>,
}

fn err_at(text: &str, offset: usize, message: impl Into<String>) -> SgfError {
    let p = Parser {
        text: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    SgfError {
        pos: p.where_(offset),
        message: message.into(),
    }
}

fn parse_size(text: &str, prop: &Property) -> Result<(u32, u32), SgfError> {
    let v = prop.first().trim();
    let bad = || err_at(text, prop.offset, format!("SZ[{v}] is not a board size"));
    let (w, h) = match v.split_once(':') {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let s: u32 = v.parse().map_err(|_| bad())?;
            (s, s)
        }
    };
    Ok((w, h))
}

fn coord(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// Reads one point value; `None` for a pass.
fn point_value(
    text: &str,
    topo: &Shape,
    prop: &Property,
    v: &str,
    allow_pass: bool,
) -> Result<Option<Point>, SgfError> {
    let (w, h) = topo.grid_size().unwrap_or((0, 0));
    if allow_pass && (v.is_empty() || (v == "tt" && w <= 19 && h <= 19)) {
        return Ok(None);
    }
    let (x, y) = point_xy(text, topo, prop, v)?;
    topo.at(x, y)
        .map(|p| Some(p.0))
        .ok_or_else(|| not_a_point(text, prop, v))
}

fn not_a_point(text: &str, prop: &Property, v: &str) -> SgfError {
    err_at(
        text,
        prop.offset,
        format!("{}[{v}] is not a point", prop.ident),
    )
}

/// The column and row of a two-letter point on the board.
fn point_xy(text: &str, topo: &Shape, prop: &Property, v: &str) -> Result<(u8, u8), SgfError> {
    let (w, h) = topo.grid_size().unwrap_or((0, 0));
    let &[a, b] = v.as_bytes() else {
        return Err(not_a_point(text, prop, v));
    };
    match (coord(a), coord(b)) {
        (Some(x), Some(y)) if x < w && y < h => Ok((x, y)),
        (Some(_), Some(_)) => Err(err_at(
            text,
            prop.offset,
            format!("{}[{v}] is off the {w}x{h} board", prop.ident),
        )),
        _ => Err(not_a_point(text, prop, v)),
    }
}

/// Reads a point list, expanding compressed `aa:cc` rectangles.
fn point_list(text: &str, topo: &Shape, prop: &Property) -> Result<Vec<Point>, SgfError> {
    let mut out = Vec::new();
    for v in &prop.values {
        if v.trim().is_empty() {
            // An empty list (`TW[]`, SGF "elist").
            continue;
        }
        match v.split_once(':') {
            Some((a, b)) => {
                let (ax, ay) = point_xy(text, topo, prop, a)?;
                let (bx, by) = point_xy(text, topo, prop, b)?;
                for y in ay.min(by)..=ay.max(by) {
                    for x in ax.min(bx)..=ax.max(bx) {
                        let p = topo.at(x, y).ok_or_else(|| not_a_point(text, prop, v))?;
                        out.push(p.0);
                    }
                }
            }
            None => {
                if let Some(p) = point_value(text, topo, prop, v, false)? {
                    out.push(p);
                }
            }
        }
    }
    Ok(out)
}

/// Reads the main line of the first game and replays it under `rules` (ko and suicide
/// decide which recorded moves are legal). Other games of a collection and text after the
/// last game are named in [`SgfGame::warnings`].
pub fn read_game(text: &str, rules: Rules) -> Result<SgfGame, SgfError> {
    read_game_number(text, rules, 1)
}

/// As [`read_game`], for the `number`th game of the collection (from 1).
pub fn read_game_number(text: &str, rules: Rules, number: usize) -> Result<SgfGame, SgfError> {
    let collection = read_collection(text)?;
    let trees = &collection.trees;
    let mut warnings = Vec::new();
    let Some(first) = number.checked_sub(1).and_then(|i| trees.get(i)) else {
        return Err(err_at(
            text,
            0,
            format!(
                "game {number} asked for, the file holds {} game{}",
                trees.len(),
                if trees.len() == 1 { "" } else { "s" }
            ),
        ));
    };
    if trees.len() > 1 {
        warnings.push(format!(
            "the file holds {} games; only game {number} is read",
            trees.len()
        ));
    }
    if let Some(offset) = collection.trailing {
        let at = err_at(text, offset, "").pos;
        warnings.push(format!(
            "text after the last game (line {}, column {}) is not read",
            at.line, at.column
        ));
    }
    let mut nodes: Vec<&Node> = Vec::new();
    let mut tree = first;
    loop {
        nodes.extend(tree.nodes.iter());
        match tree.variations.first() {
            Some(t) => tree = t,
            None => break,
        }
    }
    let Some(&root) = nodes.first() else {
        return Err(err_at(text, 0, "empty game tree"));
    };
    if let Some(gm) = root.get("GM") {
        if gm.first().trim() != "1" {
            return Err(err_at(
                text,
                gm.offset,
                format!("GM[{}] is not Go (GM[1])", gm.first()),
            ));
        }
    }
    let (w, h) = match root.get("SZ") {
        Some(p) => parse_size(text, p)?,
        None => (19, 19),
    };
    let topology = Arc::new(Shape::grid(w, h).map_err(|e| {
        let message = format!(
            "board size {}x{} is not supported (each side must be 1..={})",
            e.width,
            e.height,
            board_geometry::Grid::MAX_SIDE
        );
        err_at(text, root.get("SZ").map_or(0, |p| p.offset), message)
    })?);
    let (komi, komi_note) = match root.get("KM") {
        Some(p) => {
            let (komi, note) =
                read_komi(p.first()).map_err(|e| err_at(text, p.offset, e.to_string()))?;
            (Some(komi), note)
        }
        None => (None, None),
    };
    let handicap =
        match root.get("HA") {
            Some(p) => Some(p.first().trim().parse::<u32>().map_err(|_| {
                err_at(text, p.offset, format!("HA[{}] is not a number", p.first()))
            })?),
            None => None,
        };
    let mut board = Board::new(topology.clone(), rules);
    let mut to_move: Option<Color> = None;
    let mut first_mover = None;
    let mut move_count = 0;
    let mut last_marks: Option<(Vec<Point>, Vec<Point>)> = None;
    // Setup stones placed before the first move, and the colour PL names there.
    let mut opening = OpeningSetup::default();
    for (i, node) in nodes.iter().enumerate() {
        // Setup first, then PL, then the move.
        let mut setup: Option<Vec<Stone>> = None;
        // FF[4]: one node must not give a point two colours (AB and AW); which one a reader
        // keeps would be a guess. AE over an AB or AW point stays allowed: clearing a point
        // is unambiguous, and records use it to carve out of an `aa:cc` rectangle.
        let mut set_by: Vec<(Point, &str)> = Vec::new();
        for (ident, stone) in [
            ("AB", Stone::Black),
            ("AW", Stone::White),
            ("AE", Stone::Empty),
        ] {
            if let Some(prop) = node.get(ident) {
                let pts = point_list(text, &topology, prop)?;
                let s = setup.get_or_insert_with(|| board.position().stones().to_vec());
                for p in pts {
                    if let Some(slot) = s.get_mut(p as usize) {
                        *slot = stone;
                    }
                    if stone != Stone::Empty {
                        set_by.push((p, ident));
                    }
                }
            }
        }
        if let Some((p, first, second)) = conflicting_setup(&mut set_by) {
            let prop = node.get(second).map_or(0, |p| p.offset);
            return Err(err_at(
                text,
                prop,
                format!(
                    "node {i} sets point {} ({}) with both {first} and {second} (FF[4] forbids it)",
                    point_text(&topology, p),
                    topology.name(GeoPoint(p))
                ),
            ));
        }
        if let Some(pl) = node.get("PL") {
            let c = match pl.first().trim() {
                "B" | "b" => Color::Black,
                "W" | "w" => Color::White,
                v => return Err(err_at(text, pl.offset, format!("PL[{v}] is not B or W"))),
            };
            to_move = Some(c);
            if move_count == 0 {
                opening.player = Some(c);
            }
        }
        if let Some(stones) = setup {
            let position = Position::new(topology.clone(), stones).map_err(|e| {
                let offset = node.properties.first().map_or(0, |p| p.offset);
                err_at(text, offset, format!("setup in node {i}: {e}"))
            })?;
            let mover = to_move.unwrap_or(board.side_to_move());
            board.set_position(&position, mover);
            if move_count == 0 {
                opening.count(&position);
            }
        } else if let Some(c) = to_move {
            board.set_to_move(c);
        }
        let mv = match (node.get("B"), node.get("W")) {
            (Some(_), Some(w)) => {
                return Err(err_at(
                    text,
                    w.offset,
                    format!("node {i} has both a B and a W move"),
                ));
            }
            (Some(p), None) => Some((Color::Black, p)),
            (None, Some(p)) => Some((Color::White, p)),
            (None, None) => None,
        };
        if let Some((c, prop)) = mv {
            let point = point_value(text, &topology, prop, prop.first().trim(), true)?;
            board.set_to_move(c);
            first_mover.get_or_insert(c);
            move_count += 1;
            let m = match point {
                Some(p) => Move::Place(p),
                None => Move::Pass,
            };
            board.play_as(c, m).map_err(|e| {
                let name = point.map_or("pass".to_string(), |p| topology.name(GeoPoint(p)));
                err_at(
                    text,
                    prop.offset,
                    format!("move {move_count} ({} {name}) is illegal: {e}", c.letter()),
                )
            })?;
            to_move = None;
        }
        let tb = node
            .get("TB")
            .map(|p| point_list(text, &topology, p))
            .transpose()?;
        let tw = node
            .get("TW")
            .map(|p| point_list(text, &topology, p))
            .transpose()?;
        if tb.is_some() || tw.is_some() {
            last_marks = Some((tb.unwrap_or_default(), tw.unwrap_or_default()));
        }
    }
    let position = board.position();
    let mut dead = Vec::new();
    let has_marks = last_marks.is_some();
    if let Some((tb, tw)) = last_marks {
        for p in tb {
            if position.at(p) == Stone::White {
                dead.push(p);
            }
        }
        for p in tw {
            if position.at(p) == Stone::Black {
                dead.push(p);
            }
        }
    }
    dead.sort_unstable();
    dead.dedup();
    let (handicap, handicap_note) = match handicap {
        Some(h) => (Some(h), None),
        None => match opening.handicap(first_mover) {
            Some(n) => {
                let note = format!(
                    "no HA in the record: its {n} black setup stones with White to move first are counted as a handicap of {n} (--handicap overrides)"
                );
                warnings.push(note.clone());
                (Some(n), Some(note))
            }
            None => (None, None),
        },
    };
    Ok(SgfGame {
        topology,
        komi,
        komi_note,
        handicap,
        handicap_note,
        rules_text: root.get("RU").map(|p| p.first().to_string()),
        result: root.get("RE").map(|p| p.first().to_string()),
        position,
        to_move: Some(board.side_to_move()),
        first_mover,
        captures: board.captures(),
        moves: board.moves(),
        passes: board.passes(),
        dead,
        has_marks,
        move_count,
        warnings,
    })
}

/// The setup of a record before its first move: what tells a handicap game without `HA`.
#[derive(Default)]
struct OpeningSetup {
    /// Black and white stones on the board as the last setup before the first move left it
    /// (`AE` and repeated points taken into account).
    black: u32,
    white: u32,
    /// `PL` before the first move.
    player: Option<Color>,
}

impl OpeningSetup {
    /// Notes the stones of a position set up before the first move.
    fn count(&mut self, position: &Position) {
        let stones = position.stones();
        self.black = stones.iter().filter(|&&s| s == Stone::Black).count() as u32;
        self.white = stones.iter().filter(|&&s| s == Stone::White).count() as u32;
    }

    /// The handicap a record without `HA` shows: 2 to 9 black setup stones, no white ones,
    /// and White to move first (its first move is White's, or `PL[W]` with no move). That is
    /// how handicap games are written when `HA` is left out (the stones are placed with `AB`
    /// in the root and White plays first, as in every handicap game); a problem or a
    /// position set up for study has white stones too or Black to move.
    fn handicap(&self, first_mover: Option<Color>) -> Option<u32> {
        let white_first = match first_mover {
            Some(c) => c == Color::White,
            None => self.player == Some(Color::White),
        };
        let n = self.black;
        (white_first && self.white == 0 && (2..=9).contains(&n)).then_some(n)
    }
}

/// The first point that both AB and AW of one node set, with the two property names in
/// file-reading order (AB before AW).
fn conflicting_setup<'a>(set_by: &mut [(Point, &'a str)]) -> Option<(Point, &'a str, &'a str)> {
    // A stable sort keeps AB, AW, AE order within each point.
    set_by.sort_by_key(|&(p, _)| p);
    set_by
        .windows(2)
        .find(|w| w[0].0 == w[1].0 && w[0].1 != w[1].1)
        .map(|w| (w[0].0, w[0].1, w[1].1))
}

/// Whether a text looks like SGF (starts with `(` and `;` after optional whitespace).
pub fn looks_like_sgf(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    t.starts_with('(') && t[1..].trim_start().starts_with(';')
}

fn point_text(topo: &Shape, p: Point) -> String {
    let (x, y) = topo.xy(GeoPoint(p)).expect("grid");
    let c = |v: u8| {
        if v < 26 {
            (b'a' + v) as char
        } else {
            (b'A' + v - 26) as char
        }
    };
    format!("{}{}", c(x), c(y))
}

fn write_list(out: &mut String, ident: &str, topo: &Shape, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    out.push_str(ident);
    for &p in points {
        out.push('[');
        out.push_str(&point_text(topo, p));
        out.push(']');
    }
}

/// The smallest `KM` magnitude read as hundredths of a stone rather than points: no game
/// gives a komi of 100 points, while Fox and Golaxy write 3.75 stones as `KM[375]`.
pub const KOMI_STONES_FROM: i32 = 100;

/// Reads a `KM` value: points, or hundredths of a stone when its magnitude is at least
/// [`KOMI_STONES_FROM`] and it is a whole number of quarter stones (a stone is two points,
/// so a quarter stone is half a point). The note says how a stone komi was read.
pub fn read_komi(text: &str) -> Result<(Komi, Option<String>), crate::rules::KomiError> {
    let komi = text.parse::<Komi>()?;
    let points = komi.half_points() / 2;
    if komi.half_points() % 2 == 0 && points.abs() >= KOMI_STONES_FROM && points % 25 == 0 {
        let read = Komi(points / 25);
        let whole = points / 100;
        let frac = (points % 100).abs();
        let note = format!(
            "KM[{}] read as {whole}.{frac:02} stones = {read} points (a komi of {KOMI_STONES_FROM} or more is taken as hundredths of a stone, as Fox and Golaxy write it)",
            text.trim()
        );
        return Ok((read, Some(note)));
    }
    Ok((komi, None))
}

/// Writes a position as an SGF setup: `SZ`, `KM`, `PL`, `AB`/`AW`, and `TB`/`TW` for the
/// territory of each colour (dead stones lie inside the other colour's territory).
pub fn write_position(
    position: &Position,
    komi: Option<Komi>,
    to_move: Option<Color>,
    territory: Option<(&[Point], &[Point])>,
) -> Result<String, PositionError> {
    let topo = position.topology();
    let (w, h) = topo.grid_size().ok_or(PositionError::WrongLength {
        expected: 0,
        found: position.len(),
    })?;
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    if w == h {
        out.push_str(&format!("SZ[{w}]"));
    } else {
        out.push_str(&format!("SZ[{w}:{h}]"));
    }
    if let Some(k) = komi {
        out.push_str(&format!("KM[{k}]"));
    }
    if let Some(c) = to_move {
        out.push_str(&format!("PL[{}]", c.letter()));
    }
    let of = |s: Stone| -> Vec<Point> {
        (0..position.len() as Point)
            .filter(|&p| position.at(p) == s)
            .collect()
    };
    write_list(&mut out, "AB", topo, &of(Stone::Black));
    write_list(&mut out, "AW", topo, &of(Stone::White));
    if let Some((tb, tw)) = territory {
        write_list(&mut out, "TB", topo, tb);
        write_list(&mut out, "TW", topo, tw);
    }
    out.push_str(")\n");
    Ok(out)
}

/// Writes a game record: the board's setup and its moves (virtual moves are not SGF and are
/// written as a comment).
pub fn write_game(board: &Board, komi: Option<Komi>) -> String {
    let topo = board.topology();
    let (w, h) = topo.grid_size().unwrap_or((0, 0));
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    if w == h {
        out.push_str(&format!("SZ[{w}]"));
    } else {
        out.push_str(&format!("SZ[{w}:{h}]"));
    }
    if let Some(k) = komi {
        out.push_str(&format!("KM[{k}]"));
    }
    let setup = board.setup_position();
    let of = |s: Stone| -> Vec<Point> {
        (0..setup.len() as Point)
            .filter(|&p| setup.at(p) == s)
            .collect()
    };
    write_list(&mut out, "AB", topo, &of(Stone::Black));
    write_list(&mut out, "AW", topo, &of(Stone::White));
    for &(c, mv) in board.record() {
        match mv {
            Move::Place(p) => out.push_str(&format!(";{}[{}]", c.letter(), point_text(topo, p))),
            Move::Pass => out.push_str(&format!(";{}[]", c.letter())),
            Move::Virtual => out.push_str(&format!(";C[{} virtual move]", c.letter())),
        }
    }
    out.push_str(")\n");
    out
}
