//! `loadsgf`: a game record replayed move by move onto a [`Board`], so that the history is
//! there for `undo` and the position can stop before a given move, as GTP's `loadsgf FILE
//! MOVE_NUMBER` asks (specification 6.3: "the position before move_number").
//!
//! go-scoring's reader checks the record and reads its root properties; the replay here
//! follows the same main line, keeping the board instead of only the final position.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use board_geometry::Grid;
use board_geometry::notation::sgf as sgf_point;
use go_scoring::sgf::{self, Node, Property};
use go_scoring::{Board, Color, Komi, Move, Position, Rules, Shape, Stone};

/// A record loaded for play: the board after the replay and the record's komi.
pub struct Loaded {
    /// The board, its history holding the replayed moves.
    pub board: Board,
    /// `KM`, if the record gives it.
    pub komi: Option<Komi>,
    /// `HA`: handicap stones Black received (0 when the record gives none).
    pub handicap: u32,
}

/// Why a record cannot be loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// The file cannot be read.
    Read(String),
    /// The record is not valid SGF for Go, or a move in it is illegal.
    Record(sgf::SgfError),
    /// The record is fine but a property the replay needs is not (a setup that leaves a
    /// chain without liberties, a point off the board).
    Replay(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read(why) | LoadError::Replay(why) => f.write_str(why),
            LoadError::Record(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads the main line of the first game in `path` under `rules`, stopping before move
/// number `until` (1 = the first move) when it is given.
pub fn load(path: &Path, rules: Rules, until: Option<usize>) -> Result<Loaded, LoadError> {
    // decoded as `go score` decodes records: by CA[], else the likeliest East Asian encoding
    let text = crate::input::read_sgf(path).map_err(|e| LoadError::Read(e.one_line()))?;
    load_text(&text, rules, until)
}

/// [`load`] on the record's text.
pub fn load_text(text: &str, rules: Rules, until: Option<usize>) -> Result<Loaded, LoadError> {
    let game = sgf::read_game(text, rules).map_err(LoadError::Record)?;
    let trees = sgf::parse_collection(text).map_err(LoadError::Record)?;
    let mut nodes: Vec<&Node> = Vec::new();
    let mut tree = &trees[0];
    loop {
        nodes.extend(tree.nodes.iter());
        match tree.variations.first() {
            Some(t) => tree = t,
            None => break,
        }
    }
    let topology: Arc<Shape> = game.topology.clone();
    let grid = topology
        .as_grid()
        .ok_or_else(|| LoadError::Replay("SGF boards are grids".into()))?;
    let mut board = Board::new(topology.clone(), rules);
    let mut played = 0usize;
    for node in nodes {
        let mover = node_move(node);
        if mover.is_some() && until.is_some_and(|n| played + 1 >= n) {
            break;
        }
        apply_setup(&mut board, &topology, node)?;
        if let Some((color, prop)) = mover {
            let value = prop.values.first().map_or("", |v| v.trim());
            let mv = if sgf_point::is_pass(grid, value) {
                Move::Pass
            } else {
                let p = sgf_point::parse(grid, value)
                    .map_err(|e| LoadError::Replay(format!("{}[{value}]: {e}", prop.ident)))?;
                Move::Place(p.0)
            };
            board.set_to_move(color);
            board
                .play_as(color, mv)
                .map_err(|e| LoadError::Replay(format!("move {} is illegal: {e}", played + 1)))?;
            played += 1;
        }
    }
    Ok(Loaded {
        board,
        komi: game.komi,
        handicap: game.handicap.unwrap_or(0),
    })
}

/// The node's move, if it has one (`B` or `W`; the reader refuses a node with both).
fn node_move(node: &Node) -> Option<(Color, &Property)> {
    match (node.get("B"), node.get("W")) {
        (Some(p), _) => Some((Color::Black, p)),
        (None, Some(p)) => Some((Color::White, p)),
        (None, None) => None,
    }
}

/// Applies a node's setup (`AB`, `AW`, `AE`, then `PL`), as the SGF specification orders
/// setup before the move. A setup restarts the board's history there.
fn apply_setup(board: &mut Board, topology: &Arc<Shape>, node: &Node) -> Result<(), LoadError> {
    let grid = topology
        .as_grid()
        .ok_or_else(|| LoadError::Replay("SGF boards are grids".into()))?;
    let mut stones: Option<Vec<Stone>> = None;
    for (ident, stone) in [
        ("AB", Stone::Black),
        ("AW", Stone::White),
        ("AE", Stone::Empty),
    ] {
        let Some(prop) = node.get(ident) else {
            continue;
        };
        let edited = stones.get_or_insert_with(|| board.position().stones().to_vec());
        for value in &prop.values {
            for p in point_list(grid, ident, value)? {
                edited[usize::from(p)] = stone;
            }
        }
    }
    let to_move = match node.get("PL").and_then(|p| p.values.first()) {
        Some(v) if v.trim().eq_ignore_ascii_case("b") => Some(Color::Black),
        Some(v) if v.trim().eq_ignore_ascii_case("w") => Some(Color::White),
        _ => None,
    };
    if let Some(stones) = stones {
        let position = Position::new(topology.clone(), stones)
            .map_err(|e| LoadError::Replay(format!("setup: {e}")))?;
        board.set_position(&position, to_move.unwrap_or(board.side_to_move()));
    } else if let Some(c) = to_move {
        board.set_to_move(c);
    }
    Ok(())
}

/// The points of one value of a point list: a point, or a compressed rectangle `aa:cc`.
fn point_list(grid: &Grid, ident: &str, value: &str) -> Result<Vec<u16>, LoadError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(Vec::new());
    }
    let point = |text: &str| {
        sgf_point::parse(grid, text)
            .map_err(|e| LoadError::Replay(format!("{ident}[{value}]: {e}")))
    };
    let Some((a, b)) = value.split_once(':') else {
        return Ok(vec![point(value)?.0]);
    };
    let (ax, ay) = grid.coords(point(a)?);
    let (bx, by) = grid.coords(point(b)?);
    let mut out = Vec::new();
    for y in ay.min(by)..=ay.max(by) {
        for x in ax.min(bx)..=ax.max(bx) {
            if let Some(p) = grid.point(x, y) {
                out.push(p.0);
            }
        }
    }
    Ok(out)
}
