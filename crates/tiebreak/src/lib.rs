#![warn(missing_docs)]
//! Tie-breaks for board-game events.
//!
//! * [`minimatch`]: the two-game mini-match (分先制) criteria of the source document — result,
//!   moves in one's own win or second-mover draw, thinking time, material used, then lots.
//! * [`odds`]: exact probabilities (rational arithmetic) that a mini-match stays undecided
//!   after each criterion, with a seeded Monte Carlo cross-check.
//! * [`standings`] and [`tiebreaks`]: tournament standings with the FIDE C.07 tie-breaks
//!   (2024 and 2026 editions), CXA xiangqi, Go McMahon and shogi orders.
//! * [`trf`], [`csv_input`], [`json_input`]: readers for TRF16/TRF26, a simple CSV and a JSON
//!   format; [`render`]: text, CSV and JSON output.
//!
//! The crate does no I/O: readers take text, renderers return text or JSON values. Game
//! results are board-core's [`Outcome`](board_core::Outcome), input errors its positioned
//! [`TextError`](board_core::TextError), Monte Carlo runs its seeded [`Rng`](board_core::Rng).
//!
//! The main job: rank a tournament by a list of tie-breaks.
//!
//! ```
//! use tiebreak::descriptor::parse_list;
//! use tiebreak::{Options, System, read_tournament, standings};
//!
//! // A three-player round-robin in the CSV format (`2w1`: against player 2 with White,
//! // won; `U`: the round's bye).
//! let event = read_tournament(
//!     "id,name,r1,r2,r3\n\
//!      1,Ann,2w1,3b=,U\n\
//!      2,Bob,1b0,U,3w1\n\
//!      3,Cy,U,1w=,2b0\n",
//! )?;
//! let list = standings::with_primary(parse_list("SB")?);
//! let options = Options { system: System::RoundRobin, ..Options::default() };
//! let table = standings::compute(&event, options, &list);
//! let names: Vec<&str> = table.order.iter().map(|&i| event.players[i].name.as_str()).collect();
//! assert_eq!(names[0], "Ann");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! And a two-game mini-match ruled by the source document's criteria:
//!
//! ```
//! use tiebreak::minimatch::{self, Criterion};
//!
//! let file = minimatch::parse(
//!     "first,second,result,moves\n\
//!      甲,乙,1-0,25\n\
//!      乙,甲,1-0,36\n",
//! )?;
//! let ruling = minimatch::rule(&file.matches[0])?;
//! // One win each: 甲 won in fewer moves.
//! assert_eq!(ruling.criterion, Criterion::Moves);
//! assert_eq!(ruling.winner.map(|w| ruling.players[w].as_str()), Some("甲"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod csv_input;
pub mod descriptor;
pub mod error;
#[doc(hidden)]
pub mod generate;
pub mod json_input;
pub mod minimatch;
pub mod odds;
pub mod points;
pub mod rating_tables;
pub mod render;
pub mod standings;
pub mod tiebreaks;
pub mod tournament;
pub mod trf;

/// Serializes types through their `Display` text and deserializes them through `FromStr`,
/// so that a score reads `"1.5"` and a tie-break `"BH/C1"` in JSON as in every other output.
#[cfg(feature = "serde")]
macro_rules! serde_via_text {
    ($($t:ty),* $(,)?) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

#[cfg(feature = "serde")]
serde_via_text!(points::Points, descriptor::Edition, descriptor::Descriptor);

pub use descriptor::{Code, Descriptor, Edition};
pub use error::{InputError, InputErrors, UnknownName};
pub use points::Points;
pub use standings::Standings;
pub use tiebreaks::Options;
pub use tournament::{
    Colour, Entry, Player, RoundResult, Scoring, ScoringError, System, Tournament,
};

/// Reads a tournament file, choosing the format from its content: JSON if it starts with `{`,
/// CSV if its first meaningful line is a header with an `id` column, TRF otherwise.
pub fn read_tournament(text: &str) -> Result<Tournament, InputErrors> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('@'))
        .unwrap_or("");
    let first = first.trim_start_matches('\u{feff}');
    if first.starts_with('{') {
        json_input::parse(text)
    } else if first.contains(',')
        && first
            .split(',')
            .any(|f| f.trim().eq_ignore_ascii_case("id"))
    {
        csv_input::parse(text)
    } else {
        trf::parse(text)
    }
}
