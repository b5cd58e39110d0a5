//! Regular move sequences (正規着手列) and their successor sets `r^B`, `r^W`.
//!
//! A move sequence `r = c_0 … c_n` lists the board positions after each move; either side may
//! move at any time (passing is implicit, so colours need not alternate). It is *regular* when
//! every move is legal and no position occurs twice (the repetition convention: a move may not
//! recreate any earlier position of the sequence, i.e. positional superko over the whole
//! sequence). `r^B` is the set of regular sequences `r + m` for a black move `m`, `r^W` the same
//! for White.

use crate::color::Color;
use hashbrown::HashSet;

use super::config::{Board, Config, Move};

/// A regular move sequence, with its positions indexed for the repetition test.
#[derive(Clone, Debug)]
pub struct RegularSequence {
    positions: Vec<Config>,
    seen: HashSet<Config>,
}

/// Why a sequence is not regular.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SequenceError {
    /// The starting configuration has a string without liberty.
    StartNotABoardPosition,
    /// Move `index` (0-based) is on an occupied point or is suicide.
    IllegalMove {
        /// The move's index in the sequence.
        index: usize,
        /// The move.
        mv: Move,
    },
    /// Move `index` recreates the position after move `earlier` (−1 for the start).
    Repetition {
        /// The move's index in the sequence.
        index: usize,
        /// The index of the move that reached the same position (−1: the start).
        earlier: isize,
    },
}

impl RegularSequence {
    /// The sequence that only holds its starting position (which must be a board position).
    pub fn start(board: &Board<'_>, c0: Config) -> Result<Self, SequenceError> {
        if !board.is_board_position(&c0) {
            return Err(SequenceError::StartNotABoardPosition);
        }
        let mut seen = HashSet::new();
        seen.insert(c0.clone());
        Ok(RegularSequence {
            positions: vec![c0],
            seen,
        })
    }

    /// `c0` followed by `moves`, checked move by move.
    pub fn from_moves(
        board: &Board<'_>,
        c0: Config,
        moves: &[Move],
    ) -> Result<Self, SequenceError> {
        let mut r = Self::start(board, c0)?;
        for (index, &mv) in moves.iter().enumerate() {
            r = r.extend(board, mv).map_err(|e| match e {
                SequenceError::IllegalMove { mv, .. } => SequenceError::IllegalMove { index, mv },
                SequenceError::Repetition { earlier, .. } => {
                    SequenceError::Repetition { index, earlier }
                }
                other => other,
            })?;
        }
        Ok(r)
    }

    /// `r + m`, if that is regular.
    pub fn extend(&self, board: &Board<'_>, mv: Move) -> Result<Self, SequenceError> {
        let index = self.positions.len() - 1;
        let next = board
            .play(self.last(), mv.point, mv.color)
            .ok_or(SequenceError::IllegalMove { index, mv })?;
        if self.seen.contains(&next) {
            let earlier = self.positions.iter().position(|p| *p == next).unwrap_or(0) as isize - 1;
            return Err(SequenceError::Repetition { index, earlier });
        }
        let mut r = self.clone();
        r.seen.insert(next.clone());
        r.positions.push(next);
        Ok(r)
    }

    /// The final position `c_n`.
    pub fn last(&self) -> &Config {
        self.positions.last().expect("a sequence holds its start")
    }

    /// All positions `c_0 … c_n`.
    pub fn positions(&self) -> &[Config] {
        &self.positions
    }

    /// True when position `c` occurs in the sequence.
    pub fn contains(&self, c: &Config) -> bool {
        self.seen.contains(c)
    }

    /// Number of moves.
    pub fn moves(&self) -> usize {
        self.positions.len() - 1
    }

    /// `r^B` (for Black) or `r^W` (for White): every regular one-move extension, by point.
    pub fn successors(&self, board: &Board<'_>, colour: Color) -> Vec<(Move, RegularSequence)> {
        self.last()
            .points_with(0)
            .filter_map(|point| {
                let mv = Move {
                    color: colour,
                    point,
                };
                self.extend(board, mv).ok().map(|r| (mv, r))
            })
            .collect()
    }
}
