//! A static board: a topology and what stands on each point.
//!
//! `Setup` is the unchecked form anyone can fill in; [`Position::new`] validates it and lists
//! every chain that has no liberty, so a bad diagram is reported in full, not one error at a time.

use crate::color::{Color, Stone};
use crate::topology::{NeighboursOf, Point, Shape};
use board_geometry::Point as GeoPoint;
use board_geometry::Topology as _;
use std::fmt;
use std::sync::Arc;

/// A chain without liberties found while validating a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainWithoutLiberties {
    /// The colour of the chain without liberties.
    pub color: Color,
    /// Point names of the chain's stones, in index order.
    pub stones: Vec<String>,
}

/// Why a setup is not a legal Go position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The stone list does not match the number of points.
    WrongLength {
        /// Points of the board.
        expected: usize,
        /// Stones given.
        found: usize,
    },
    /// Chains that have no liberty (every one found).
    NoLiberties(Vec<ChainWithoutLiberties>),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::WrongLength { expected, found } => {
                write!(f, "expected {expected} points, found {found}")
            }
            PositionError::NoLiberties(chains) => {
                write!(f, "stones without liberties:")?;
                for (i, c) in chains.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    write!(f, "{sep}{} chain at {}", c.color, c.stones.join(","))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A validated position: every chain has at least one liberty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    topology: Arc<Shape>,
    stones: Vec<Stone>,
}

impl Position {
    /// An empty board.
    pub fn empty(topology: Arc<Shape>) -> Position {
        let n = topology.len();
        Position {
            topology,
            stones: vec![Stone::Empty; n],
        }
    }

    /// Validates a setup: the stone list must cover every point and every chain needs a liberty.
    pub fn new(topology: Arc<Shape>, stones: Vec<Stone>) -> Result<Position, PositionError> {
        if stones.len() != topology.len() {
            return Err(PositionError::WrongLength {
                expected: topology.len(),
                found: stones.len(),
            });
        }
        let position = Position { topology, stones };
        let bad: Vec<ChainWithoutLiberties> = position
            .chains()
            .into_iter()
            .filter(|c| c.liberties.is_empty())
            .map(|c| ChainWithoutLiberties {
                color: c.color,
                stones: c
                    .stones
                    .iter()
                    .map(|&p| position.topology.name(GeoPoint(p)))
                    .collect(),
            })
            .collect();
        if bad.is_empty() {
            Ok(position)
        } else {
            Err(PositionError::NoLiberties(bad))
        }
    }

    /// A position that is not checked for liberties (used for made-up counting boards, where
    /// liberties do not matter).
    pub fn unchecked(topology: Arc<Shape>, stones: Vec<Stone>) -> Position {
        assert_eq!(stones.len(), topology.len(), "one entry per point");
        Position { topology, stones }
    }

    /// The board.
    pub fn topology(&self) -> &Shape {
        &self.topology
    }

    /// The board, shared.
    pub fn topology_arc(&self) -> &Arc<Shape> {
        &self.topology
    }

    /// The stone on every point, by index.
    pub fn stones(&self) -> &[Stone] {
        &self.stones
    }

    #[inline]
    /// What stands on point `p`.
    pub fn at(&self, p: Point) -> Stone {
        self.stones[p as usize]
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.stones.len()
    }

    /// True for a board without points.
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// Number of stones of a colour.
    pub fn count(&self, c: Color) -> u32 {
        self.stones.iter().filter(|&&s| s == Stone::of(c)).count() as u32
    }

    /// Sets a point without any rule (no capture); for building positions.
    pub fn set(&mut self, p: Point, s: Stone) {
        self.stones[p as usize] = s;
    }

    /// All chains, in order of their lowest point.
    pub fn chains(&self) -> Vec<Chain> {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut lib_mark = vec![u32::MAX; n];
        let mut out = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            let Some(color) = self.stones[start].color() else {
                continue;
            };
            if seen[start] {
                continue;
            }
            let id = out.len() as u32;
            let mut stones = Vec::new();
            let mut liberties = Vec::new();
            seen[start] = true;
            stack.push(start as Point);
            while let Some(p) = stack.pop() {
                stones.push(p);
                for &GeoPoint(q) in self.topology.neighbours_of(p) {
                    let s = self.stones[q as usize];
                    if s == Stone::Empty {
                        if lib_mark[q as usize] != id {
                            lib_mark[q as usize] = id;
                            liberties.push(q);
                        }
                    } else if s == Stone::of(color) && !seen[q as usize] {
                        seen[q as usize] = true;
                        stack.push(q);
                    }
                }
            }
            stones.sort_unstable();
            liberties.sort_unstable();
            out.push(Chain {
                color,
                stones,
                liberties,
            });
        }
        out
    }
}

/// A maximal connected set of same-coloured stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The chain's colour.
    pub color: Color,
    /// Its stones.
    pub stones: Vec<Point>,
    /// Its liberties.
    pub liberties: Vec<Point>,
}
