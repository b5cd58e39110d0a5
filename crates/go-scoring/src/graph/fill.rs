//! The ultimate position (窮極盤面) that a finished count describes: each side fills its own
//! empty regions, and the points shared by both (dame), until every empty point is a one-point
//! eye, so a count made on the position can be checked by playing it out.
//!
//! The living-stones document (seed 000, 第二十七条) defines the count on the same picture: in
//! the ideal final position (两溢局面) only the essential eyes (基本眼位) stay empty, two per
//! independently living group, one own eye per group in seki plus the shared liberties; every
//! road point (路点) holds a living stone, so "stones + roads" of the count is the number of
//! stones each side has there (子路皆子). Dame are split between the sides (均分). Seed 003's
//! ultimate positions are those ideal final positions without seki.

use std::sync::Arc;

use super::config::{Board, Config};
use super::ultimate::UltimateFailure;
use crate::color::{Color, PerColor, Stone};
use crate::position::Position;
use crate::topology::Point;
use board_geometry::Graph;

/// Fills `c` (dead stones already removed) towards an ultimate position: repeatedly, an empty
/// point whose region borders only one colour is filled by that colour, and one bordering both
/// (dame) by the side that has filled fewer dame so far (Black on a tie), else the other,
/// as long as the filled string keeps at least two liberties (filling the last-but-one
/// liberty would leave an eye, which stays); dame go first, then the point with most empty
/// neighbours. Returns the ultimate position, or why the filled position is not one (e.g. seki
/// shapes, which have none): see [`fill`] for the filled position itself.
pub fn fill_to_ultimate(board: &Board<'_>, c: &Config) -> Result<Config, UltimateFailure> {
    let d = fill(board, c);
    match board.ultimate_failure(&d) {
        None => Ok(d),
        Some(failure) => Err(failure),
    }
}

/// The filling of [`fill_to_ultimate`], returned whether or not it ends ultimate.
pub fn fill(board: &Board<'_>, c: &Config) -> Config {
    let mut c = c.clone();
    let mut dame_filled = [0u32; 2];
    loop {
        // among the points that may be filled, take the one with most empty neighbours: it
        // splits an eye space into one-point eyes instead of eating it from the end
        let mut best: Option<((bool, usize), Config, bool, Color)> = None;
        for v in 0..c.len() {
            if c.get(v) != 0 {
                continue;
            }
            let empty_neighbours = board
                .graph
                .neighbour_indices(v)
                .filter(|&q| c.get(q) == 0)
                .count();
            // dame go before any own point: filled later, they would count as liberties
            // and let a side fill an eye it needs
            if best
                .as_ref()
                .is_some_and(|b| (true, empty_neighbours) <= b.0)
            {
                continue;
            }
            let region = board.string(&c, v);
            let touches = |x: i8| {
                region
                    .iter()
                    .any(|&p| board.graph.neighbour_indices(p).any(|q| c.get(q) == x))
            };
            let dame_first = if dame_filled[1] < dame_filled[0] {
                [Color::White, Color::Black]
            } else {
                [Color::Black, Color::White]
            };
            let (candidates, dame): (&[Color], bool) = match (touches(-1), touches(1)) {
                (true, false) => (&[Color::Black], false),
                (false, true) => (&[Color::White], false),
                (true, true) => (&dame_first, true),
                (false, false) => (&[], false),
            };
            let key = (dame, empty_neighbours);
            if best.as_ref().is_some_and(|b| key <= b.0) {
                continue;
            }
            for &colour in candidates {
                if let Some(d) = board.play(&c, v, colour) {
                    if board.liberties(&d, v).len() >= 2 {
                        best = Some((key, d, dame, colour));
                        break;
                    }
                }
            }
        }
        match best {
            Some((_, d, dame, colour)) => {
                if dame {
                    dame_filled[usize::from(colour == Color::White)] += 1;
                }
                c = d
            }
            None => return c,
        }
    }
}

/// A counted board filled out to the document's ideal final position.
#[derive(Clone, Debug)]
pub struct FilledPosition {
    /// The position after removing the dead stones and filling every road and dame.
    pub position: Position,
    /// Stones of each side on it.
    pub stones: PerColor<u32>,
    /// Empty points left (the essential eyes and, in seki, the shared liberties).
    pub empty: u32,
    /// `None` when the filled position is ultimate in seed 003's sense, else why not (seki
    /// leaves shared liberties that are open to both sides or forbidden to both).
    pub not_ultimate: Option<UltimateFailure>,
}

/// Removes `dead` from `position` and fills it as [`fill`] does. `dead` must name stones.
pub fn fill_position(position: &Position, dead: &[Point]) -> FilledPosition {
    let graph = Graph::from_topology(position.topology());
    let board = Board::new(&graph);
    let mut c = Config(
        position
            .stones()
            .iter()
            .map(|s| match s {
                Stone::Black => -1,
                Stone::White => 1,
                Stone::Empty => 0,
            })
            .collect(),
    );
    for &p in dead {
        c.0[p as usize] = 0;
    }
    let filled = fill(&board, &c);
    let not_ultimate = board.ultimate_failure(&filled);
    let stones: Vec<Stone> = filled
        .0
        .iter()
        .map(|&x| match x {
            -1 => Stone::Black,
            1 => Stone::White,
            _ => Stone::Empty,
        })
        .collect();
    let count = |s: Stone| stones.iter().filter(|&&x| x == s).count() as u32;
    let result = PerColor::new(count(Stone::Black), count(Stone::White));
    let empty = count(Stone::Empty);
    FilledPosition {
        position: Position::unchecked(Arc::clone(position.topology_arc()), stones),
        stones: result,
        empty,
        not_ultimate,
    }
}

impl FilledPosition {
    /// Stones of colour `c` on the filled board.
    pub fn stones_of(&self, c: Color) -> u32 {
        *self.stones.get(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::chinese::chinese_score;
    use crate::graph::outcome::ultimate_classes;
    use board_geometry::Graph;

    fn grid_config(rows: &[&str]) -> (Graph, Config) {
        let w = rows[0].len();
        let g = Graph::grid(w, rows.len()).unwrap();
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                'X' => -1,
                'O' => 1,
                _ => 0,
            })
            .collect();
        (g, Config(cells))
    }

    /// Area difference White − Black: stones plus empty regions reaching one colour only.
    fn area_white_minus_black(board: &Board<'_>, c: &Config) -> i64 {
        let mut score = 0i64;
        for v in 0..c.len() {
            score += match c.get(v) {
                -1 => -1,
                1 => 1,
                _ => {
                    let region = board.string(c, v);
                    let reach = |x: i8| {
                        region
                            .iter()
                            .any(|&p| board.graph.neighbour_indices(p).any(|q| c.get(q) == x))
                    };
                    match (reach(-1), reach(1)) {
                        (true, false) => -1,
                        (false, true) => 1,
                        _ => 0,
                    }
                }
            };
        }
        score
    }

    #[test]
    fn filled_territories_keep_their_count() {
        // Two walls splitting a 5×3 board: Black owns columns a-c (9 points), White d-e (6).
        // Filling leaves each side two one-point eyes; the ultimate position's Chinese score
        // (the document's s_c on its classes) equals the area count before filling: 6 − 9.
        let (g, c) = grid_config(&["..XO.", "..XO.", "..XO."]);
        let board = Board::new(&g);
        let u = fill_to_ultimate(&board, &c).unwrap();
        assert!(board.is_ultimate(&u));
        let classes = ultimate_classes(&board, &u).unwrap();
        assert_eq!(chinese_score(&u, &classes), -3);
        assert_eq!(area_white_minus_black(&board, &c), -3);
        // each side has exactly two eyes
        let (eb, ew) = board.eyes(&u).unwrap();
        assert_eq!((eb.len(), ew.len()), (2, 2));
    }

    #[test]
    fn seki_has_no_ultimate_position() {
        // . X . O . (mutual life on a row): the shared point c cannot be filled by either side
        // without losing the filler's string, and the text says ultimate positions hold no
        // seki, so filling stops short and reports why
        let (g, c) = grid_config(&[".X.O."]);
        let board = Board::new(&g);
        assert!(fill_to_ultimate(&board, &c).is_err());
    }
}
