//! Writing a scored game as SGF: the record as it was (setup, moves, variations, comments)
//! with the territory (`TB`/`TW`, dead stones inside the other colour's territory, as SGF
//! FF\[4\] marks them), the result (`RE`), the ruleset (`RU`) and the komi counted (`KM`).
//!
//! When the count was taken on the board the closing step left ([`crate::analysis::close`]),
//! the stones it played are not moves of the game and are not written as moves or setup:
//! the record keeps the game as played, `TB`/`TW` give the closed count's territory, and a
//! comment (`C`) on the node holding them says what the closing played ([`write_closed_game`]).
//!
//! A result the record gave (`RE`) that the count replaces is kept in the game comment
//! (`GC`). The record is read with the crate's own parser ([`crate::sgf::parse_collection`]) and
//! written back node by node, values escaped as FF\[4\] asks (`\` and `]`); a text diagram
//! becomes a one-node record with the position as `AB`/`AW` setup.

use crate::analysis::Analysis;
use crate::analysis::close::Closing;
use crate::color::{Color, PerColor, Stone};
use crate::position::Position;
use crate::rules::Komi;
use crate::ruleset::{Ruleset, Tax};
use crate::score;
use crate::sgf::{self, GameTree, Node, Property, SgfError};
use crate::topology::Point;
use std::fmt;

/// What a scored record adds to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreMarks {
    /// Each colour's territory, dead stones of the other colour included.
    pub territory: PerColor<Vec<Point>>,
    /// The result, as SGF writes it (`B+3.5`).
    pub result: String,
    /// The ruleset's name, for `RU`.
    pub ruleset: String,
    /// The komi counted, written as `KM` in points.
    pub komi: Komi,
}

/// Why a scored record could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// SGF describes rectangular boards only.
    NotAGrid,
    /// The original record does not parse.
    Sgf(SgfError),
    /// The collection has fewer games than the number asked for.
    NoSuchGame {
        /// The game asked for (1-based).
        number: usize,
        /// The games in the collection.
        count: usize,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NotAGrid => f.write_str("SGF can only describe rectangular boards"),
            WriteError::Sgf(e) => write!(f, "{e}"),
            WriteError::NoSuchGame { number, count } => {
                write!(f, "no game {number}: the collection holds {count}")
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// The territory marks of an analysed position under `ruleset`: empty points each colour
/// owns alone, only those of independently living areas when seki scores nothing
/// (`tax=SEKI`/`ALL`), and in any case every dead stone inside the other colour's marks.
pub fn territory(analysis: &Analysis, ruleset: &Ruleset) -> PerColor<Vec<Point>> {
    let mut out = PerColor::new(Vec::new(), Vec::new());
    match ruleset.tax {
        Tax::None => {
            for region in analysis.regions() {
                if let Some(c) = region.owner() {
                    out.get_mut(c).extend(region.points.iter().copied());
                }
            }
        }
        Tax::Seki | Tax::All => {
            for area in score::independent_life(analysis).areas {
                if area.seki.is_none() {
                    out.get_mut(area.color).extend(area.empty);
                }
            }
        }
    }
    let original = analysis.original();
    for &p in analysis.dead() {
        if let Some(c) = original[p as usize].color() {
            let marks = out.get_mut(c.opponent());
            if !marks.contains(&p) {
                marks.push(p);
            }
        }
    }
    for c in Color::ALL {
        out.get_mut(c).sort_unstable();
    }
    out
}

/// Writes the scored record: `original` (an SGF text) with `marks` added to its first
/// game, or, without an original, the position as a one-node setup.
pub fn write_scored(
    original: Option<&str>,
    position: &Position,
    marks: &ScoreMarks,
) -> Result<String, WriteError> {
    write_scored_game(original, 1, position, marks)
}

/// [`write_scored`] for game `number` (1-based) of a collection, the game that
/// [`sgf::read_game_number`] read; the other games are written back unchanged.
pub fn write_scored_game(
    original: Option<&str>,
    number: usize,
    position: &Position,
    marks: &ScoreMarks,
) -> Result<String, WriteError> {
    write_closed_game(original, number, position, marks, None)
}

/// How the closing comment starts, to find it again when a scored record is scored anew.
const CLOSING_PREFIX: &str = "Closed before the count";

/// The comment telling what the closing step played before the count: each stone with its
/// point and reason (teire or boundary point), and the dame it left open, e.g. `Closed
/// before the count (stones not played in the game): Black B3 (teire-unsealed); dame left:
/// C3`. Points are named as the board's coordinates (`B3`), `position` giving the board.
pub fn closing_comment(position: &Position, closing: &Closing) -> String {
    let topology = position.topology();
    let name = |p: Point| topology.name(board_geometry::Point(p));
    let stones: Vec<String> = closing
        .fills
        .iter()
        .map(|f| {
            let colour = match f.color {
                Color::Black => "Black",
                Color::White => "White",
            };
            format!("{colour} {} ({})", name(f.point), f.reason)
        })
        .collect();
    let mut text = format!("{CLOSING_PREFIX} (stones not played in the game): ");
    text.push_str(&if stones.is_empty() {
        "nothing played".to_string()
    } else {
        stones.join(", ")
    });
    if !closing.dame.is_empty() {
        let dame: Vec<String> = closing.dame.iter().map(|&p| name(p)).collect();
        text.push_str(&format!("; dame left: {}", dame.join(", ")));
    }
    text
}

/// [`write_scored_game`] for a count taken after the closing step: `position` is the board
/// of the record (the closing's stones are not written), `marks` the closed count's, and
/// `closing`, when given, is described in a comment (`C`, after any comment already there)
/// on the node with `TB`/`TW` (see [`closing_comment`]).
pub fn write_closed_game(
    original: Option<&str>,
    number: usize,
    position: &Position,
    marks: &ScoreMarks,
    closing: Option<&Closing>,
) -> Result<String, WriteError> {
    let topology = position.topology();
    let (w, h) = topology.grid_size().ok_or(WriteError::NotAGrid)?;
    let point = |p: Point| -> String {
        let (x, y) = topology.xy(board_geometry::Point(p)).expect("a grid point");
        let c = |v: u8| {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + v - 26) as char
            }
        };
        format!("{}{}", c(x), c(y))
    };
    let list = |ident: &str, points: &[Point]| Property {
        ident: ident.to_string(),
        values: points.iter().map(|&p| point(p)).collect(),
        offset: 0,
    };
    let one = |ident: &str, value: String| Property {
        ident: ident.to_string(),
        values: vec![value],
        offset: 0,
    };
    let mut trees = match original {
        Some(text) => sgf::parse_collection(text).map_err(WriteError::Sgf)?,
        None => {
            let mut root = Node::default();
            root.properties.push(one("FF", "4".into()));
            root.properties.push(one("GM", "1".into()));
            root.properties.push(one("CA", "UTF-8".into()));
            root.properties.push(one(
                "SZ",
                if w == h {
                    w.to_string()
                } else {
                    format!("{w}:{h}")
                },
            ));
            for (ident, stone) in [("AB", Stone::Black), ("AW", Stone::White)] {
                let points: Vec<Point> = (0..position.len() as Point)
                    .filter(|&p| position.at(p) == stone)
                    .collect();
                if !points.is_empty() {
                    root.properties.push(list(ident, &points));
                }
            }
            vec![GameTree {
                nodes: vec![root],
                variations: Vec::new(),
            }]
        }
    };
    let count = trees.len();
    let game = trees
        .get_mut(number.wrapping_sub(1))
        .ok_or(WriteError::NoSuchGame { number, count })?;
    if game.nodes.is_empty() {
        game.nodes.push(Node::default());
    }
    let root = &mut game.nodes[0];
    set(root, one("KM", marks.komi.to_string()));
    set(root, one("RU", marks.ruleset.clone()));
    // a recorded result the count replaces is kept in the game comment
    let recorded = root.get("RE").map(|p| p.values.join(""));
    if let Some(old) = recorded.filter(|old| old.trim() != marks.result) {
        let line = format!(
            "RE[{old}] as recorded; RE is the count under {}",
            marks.ruleset
        );
        match root.properties.iter_mut().find(|p| p.ident == "GC") {
            Some(gc) => {
                let text = gc.values.join("");
                gc.values = vec![format!("{text}\n{line}")];
            }
            None => root.properties.push(one("GC", line)),
        }
    }
    set(root, one("RE", marks.result.clone()));
    let last = last_node(game);
    last.properties
        .retain(|p| p.ident != "TB" && p.ident != "TW");
    for (ident, c) in [("TB", Color::Black), ("TW", Color::White)] {
        // an empty list is written `TB[]`, so older marks earlier in the record are not
        // read as this count's
        let mut property = list(ident, marks.territory.get(c));
        if property.values.is_empty() {
            property.values.push(String::new());
        }
        last.properties.push(property);
    }
    if let Some(closing) = closing.filter(|c| !c.is_empty()) {
        let line = closing_comment(position, closing);
        match last.properties.iter_mut().find(|p| p.ident == "C") {
            Some(c) => {
                // a record scored before keeps its other comment lines, not the old closing
                let text = c.values.join("");
                let kept: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.starts_with(CLOSING_PREFIX))
                    .collect();
                c.values = vec![if kept.is_empty() {
                    line
                } else {
                    format!("{}\n{line}", kept.join("\n"))
                }];
            }
            None => last.properties.push(one("C", line)),
        }
    }
    let mut out = String::new();
    for tree in &trees {
        write_tree(&mut out, tree);
        out.push('\n');
    }
    Ok(out)
}

/// Replaces the property of the same name, or adds it.
fn set(node: &mut Node, property: Property) {
    match node
        .properties
        .iter_mut()
        .find(|p| p.ident == property.ident)
    {
        Some(p) => *p = property,
        None => node.properties.push(property),
    }
}

/// The last node of the main line (first variations all the way down).
fn last_node(tree: &mut GameTree) -> &mut Node {
    if tree.variations.is_empty() {
        if tree.nodes.is_empty() {
            tree.nodes.push(Node::default());
        }
        let last = tree.nodes.len() - 1;
        &mut tree.nodes[last]
    } else {
        last_node(&mut tree.variations[0])
    }
}

fn write_tree(out: &mut String, tree: &GameTree) {
    out.push('(');
    for node in &tree.nodes {
        out.push(';');
        for property in &node.properties {
            out.push_str(&property.ident);
            for value in &property.values {
                out.push('[');
                for ch in value.chars() {
                    if ch == ']' || ch == '\\' {
                        out.push('\\');
                    }
                    out.push(ch);
                }
                out.push(']');
            }
        }
        if node.properties.len() > 4 {
            out.push('\n');
        }
    }
    for variation in &tree.variations {
        write_tree(out, variation);
    }
    out.push(')');
}
