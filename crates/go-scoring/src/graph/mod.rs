//! Go on arbitrary graphs: the board as a graph, configurations, forbidden points, ultimate
//! positions (窮極盤面) and their eyes, regular move sequences with their successor sets, the
//! outcome classes 𝓑/𝓦/𝓝/𝓟 of every point, and the Chinese-style score.
//!
//! Conventions follow the source text: a configuration maps points to −1 (Black), 0 (empty),
//! +1 (White); `c − v` is Black playing at `v`, `c + v` White playing at `v`.

pub mod chinese;
pub mod config;
pub mod fill;
pub mod life;
pub mod limit;
pub mod outcome;
pub(crate) mod packed;
pub mod position_file;
mod reach;
pub mod sequence;
pub mod symmetry;
pub mod ultimate;

pub use chinese::{ChineseVerdict, FinishFailure, chinese_score, chinese_verdict};
pub use config::{Board, Config, Move};
pub use limit::{MemoryBound, SearchLimit};
pub use outcome::{Outcome, OutcomeError, OutcomeReport, OutcomeSearch, outcome_classes};
pub use position_file::{PositionFile, PositionFileError};
pub use sequence::{RegularSequence, SequenceError};
pub use ultimate::UltimateFailure;
