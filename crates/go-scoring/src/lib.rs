//! Go on any board topology: play with every ko and suicide rule, SGF and text diagrams,
//! analysis of finished positions (chains, regions, units, seki, Benson's pass-alive test,
//! the living-stones document's essential eyes and roads) and every counting method:
//! living stones (子路合计), equal roads (停路比子), equal stones broad and narrow (停子比路),
//! returned heads (还棋头), area, territory, group tax and Tromp-Taylor.
//!
//! Scores are integers in half-points; rules are orthogonal parameters.

pub mod analysis;
pub mod benson;
pub mod board;
pub mod color;
pub mod graph;
pub mod legal_count;
pub mod madeup;
pub mod position;
pub mod rules;
pub mod score;
#[cfg(feature = "serde")]
mod serialize;
pub mod sgf;
pub mod solve;
pub mod svg;
pub mod text;
pub mod topology;

pub use analysis::{Analysis, PointClass};
pub use board::{Board, IllegalMove, Move};
pub use color::{Color, ColorParseError, PerColor, Stone};
pub use madeup::{Change, MadeUpBoard, Mark};
pub use position::{Position, PositionError};
pub use rules::{KoRule, Komi, KomiError, KomiErrorKind, Rules, SuicideRule};
pub use score::{HalfPoints, Method, Params, Score, Version};
pub use topology::{Point, Shape};
