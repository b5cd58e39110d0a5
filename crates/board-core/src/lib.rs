//! Game-independent building blocks shared by the arbiter rule crates.
//!
//! Nothing here knows a game rule: sides, bitboards, run-time bitsets, Zobrist keys,
//! repetition counting and the text-diagram model are the mechanisms every game reuses.

pub mod bitboard;
pub mod bitset;
pub mod diagram;
pub mod hash;
pub mod numerals;
pub mod outcome;
pub mod random;
pub mod repetition;
pub mod side;
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
