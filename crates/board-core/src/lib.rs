#![warn(missing_docs)]
//! Game-independent building blocks shared by the arbiter rule crates.
//!
//! Nothing here knows a game rule. Every mechanism that two games share lives here once,
//! so that Go, xiangqi and shogi (and the tie-break crate) speak one vocabulary:
//!
//! * [`Side`] and [`BySide`]: the two players, whatever each game calls them;
//!   [`Outcome`]: how a game ended (`1-0`, `0-1`, `1/2-1/2`), the type every ruling returns.
//! * [`Rng`]: the one seeded generator (keys, tests, benches, playouts, Monte Carlo);
//!   [`ZobristKeys`] and [`ZobristTable`]: position keys from it.
//! * [`repetition`]: [`RepetitionTable`] and the per-ply [`History`](repetition::History)
//!   that sennichite, perpetual check, xiangqi cycles and superko read;
//!   [`hash::IdentityBuildHasher`] for maps keyed by those hashes.
//! * [`Bitboard128`], [`GridBits`], [`BitSet`]: fixed-size and run-time-size bit sets.
//! * [`TextError`] and [`Problems`]: positioned parse errors and the list of every problem a
//!   validation found; [`numerals`]: CJK numerals and full-width digits of the records.
//! * [`diagram`]: the text-diagram model every board drawing is parsed through;
//!   [`svg`]: the small SVG document builder every board picture is drawn with.
//! * [`parallel`]: work shared out over threads, for searches split at the root;
//!   [`perft`]: the leaf count of the legal-move tree for any game behind
//!   [`MoveTree`](perft::MoveTree), on one thread or several.
//!
//! The main job, in one example: a game's history detects a threefold repetition, each
//! position keyed by Zobrist keys, and the result is told as an [`Outcome`].
//!
//! ```
//! use board_core::repetition::History;
//! use board_core::{Outcome, Side, ZobristTable};
//!
//! // Keys for two pieces on four squares, plus one for the side to move.
//! let keys = ZobristTable::new(2 * 4 + 1, 0x5EED);
//! let key = |piece: usize, square: usize| keys.get(piece * 4 + square);
//! let second_to_move = keys.get(8);
//!
//! // Piece 0 shuffles between squares 0 and 1, piece 1 between squares 2 and 3.
//! let start = key(0, 0) ^ key(1, 2);
//! let mut history = History::new(start, false);
//! let mut hash = start;
//! let mut threefold = None;
//! for ply in 1..=8u32 {
//!     let piece = ((ply - 1) % 2) as usize;
//!     let from = if ply % 4 == 1 || ply % 4 == 2 { 0 } else { 1 };
//!     hash ^= key(piece, 2 * piece + from) ^ key(piece, 2 * piece + 1 - from) ^ second_to_move;
//!     if history.push(hash, false) == 3 {
//!         threefold = Some(ply);
//!     }
//! }
//! assert_eq!(history.current().hash, start);
//! assert_eq!(history.count(start), 3);
//! assert_eq!(threefold, Some(8));
//!
//! // No side checked on every move: a drawn repetition.
//! let first = history.first_occurrence(start).unwrap();
//! assert!(!history.every_move_checked(8, first) && !history.every_move_checked(7, first));
//! let result = Outcome::Draw;
//! assert_eq!(result.to_string(), "1/2-1/2");
//! assert_eq!(result.points_for(Side::First), 1);
//! ```

pub mod bitboard;
pub mod bitset;
pub mod diagram;
pub mod hash;
pub mod numerals;
pub mod outcome;
pub mod parallel;
pub mod perft;
pub mod random;
pub mod repetition;
pub mod side;
pub mod svg;
pub mod text_error;
pub mod zobrist;

pub use bitboard::{Bitboard128, GridBits};
pub use bitset::BitSet;
pub use outcome::Outcome;
pub use random::Rng;
pub use repetition::RepetitionTable;
pub use side::{BySide, Side};
pub use text_error::{Problems, TextError};
pub use zobrist::{ZobristKeys, ZobristTable, splitmix64};
