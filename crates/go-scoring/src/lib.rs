//! Go on any board topology: play with every ko and suicide rule, SGF and text diagrams,
//! analysis of finished positions (chains, regions, units, seki, Benson's pass-alive test,
//! the living-stones document's essential eyes and roads) and every counting method:
//! living stones (子路合计), equal roads (停路比子), equal stones broad and narrow (停子比路),
//! returned heads (还棋头), area, territory, group tax and Tromp-Taylor. Graph Go (outcome
//! classes, Chinese-finishable sequences), legal-position counts and a tiny-board solver
//! complete it.
//!
//! The board is a [`board_geometry::Shape`] (a grid or any graph); scores are integers in
//! half-points and rules are orthogonal parameters, never preset names.
//!
//! Its main job, scoring a finished position:
//!
//! ```
//! use go_scoring::score::{self, Method, Params};
//! use go_scoring::{Analysis, Color, Komi, text};
//!
//! // A 5x5 game: Black owns the left, White the right, nothing is dead.
//! let drawing = text::parse(
//!     ".X.O.\n\
//!      XX.OO\n\
//!      .X.O.\n\
//!      XX.OO\n\
//!      .X.O.\n",
//! )
//! .unwrap();
//! let analysis = Analysis::new(&drawing.position, &[]).unwrap();
//! let params = Params {
//!     komi: "0.5".parse::<Komi>().unwrap(),
//!     ..Params::default()
//! };
//! let area = score::score(&analysis, Method::Area, &params).unwrap();
//! // 10 points each, the middle column shared half and half; komi decides.
//! assert_eq!(area.black, area.white);
//! assert_eq!(area.winner(), Some(Color::White));
//! assert_eq!(area.margin.to_string(), "0.5");
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod benson;
pub mod board;
pub mod color;
pub mod graph;
pub mod legal_count;
pub mod madeup;
pub mod playout;
pub mod position;
pub mod rules;
pub mod ruleset;
pub mod score;
#[cfg(feature = "serde")]
mod serialize;
pub mod sgf;
pub mod sgf_write;
pub mod solve;
pub mod svg;
pub mod text;
pub mod topology;
pub mod verdict;

pub use analysis::{Analysis, PointClass};
pub use board::{Board, IllegalMove, Move};
pub use color::{Color, ColorParseError, PerColor, Stone};
pub use madeup::{Change, MadeUpBoard, Mark};
pub use position::{Position, PositionError};
pub use rules::{KoRule, Komi, KomiError, KomiErrorKind, Rules, SuicideRule};
pub use ruleset::{Ruleset, RulesetName};
pub use score::{HalfPoints, Method, Params, Score, Version};
pub use topology::{Point, Shape};
pub use verdict::{Verdict, judge};
