//! How a game ended: one side won, or it was drawn.
//!
//! Every game's ruling returns this type (Go scores, xiangqi verdicts, shogi sennichite and
//! impasse rulings, tie-break mini-matches), each game adding its own reason enum beside it
//! as data. The text form is the one results tables use: `1-0`, `0-1`, `1/2-1/2`, with the
//! side that moves first written first (Black in Go, Red in xiangqi, sente in shogi).

use std::fmt;
use std::str::FromStr;

use crate::side::Side;

/// The result of a finished game.
///
/// ```
/// use board_core::{Outcome, Side};
///
/// let result: Outcome = "0-1".parse()?;
/// assert_eq!(result.winner(), Some(Side::Second));
/// assert_eq!(result.points_for(Side::Second), 2); // half points
/// assert_eq!(result.flipped().to_string(), "1-0");
/// assert!("draw".parse::<Outcome>()?.is_draw());
/// # Ok::<(), board_core::outcome::OutcomeParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The side that won.
        winner: Side,
    },
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// The winner, `None` for a draw.
    #[inline]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }

    /// The loser, `None` for a draw.
    #[inline]
    pub const fn loser(self) -> Option<Side> {
        match self {
            Outcome::Decisive { winner } => Some(winner.opponent()),
            Outcome::Draw => None,
        }
    }

    /// Whether the game was drawn.
    #[inline]
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw)
    }

    /// The same result seen with the sides exchanged (a draw stays a draw).
    #[inline]
    pub const fn flipped(self) -> Outcome {
        match self {
            Outcome::Decisive { winner } => Outcome::Decisive {
                winner: winner.opponent(),
            },
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// What `side` scored, in half points: 2 for a win, 1 for a draw, 0 for a loss.
    /// Half points keep scores in integers.
    #[inline]
    pub const fn points_for(self, side: Side) -> u8 {
        match self {
            Outcome::Decisive { winner } => {
                if winner as u8 == side as u8 {
                    2
                } else {
                    0
                }
            }
            Outcome::Draw => 1,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Decisive {
                winner: Side::First,
            } => "1-0",
            Outcome::Decisive {
                winner: Side::Second,
            } => "0-1",
            Outcome::Draw => "1/2-1/2",
        })
    }
}

/// A text that is none of `1-0`, `0-1`, `1/2-1/2` or `draw`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeParseError {
    text: String,
}

impl OutcomeParseError {
    /// The text that was not understood.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for OutcomeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown result {:?}: expected 1-0, 0-1, 1/2-1/2 or draw",
            self.text
        )
    }
}

impl std::error::Error for OutcomeParseError {}

impl FromStr for Outcome {
    type Err = OutcomeParseError;

    /// Reads `1-0`, `0-1`, `1/2-1/2` or `draw` (surrounding spaces ignored, `draw` in any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1-0" => Ok(Outcome::Decisive {
                winner: Side::First,
            }),
            "0-1" => Ok(Outcome::Decisive {
                winner: Side::Second,
            }),
            "1/2-1/2" => Ok(Outcome::Draw),
            t if t.eq_ignore_ascii_case("draw") => Ok(Outcome::Draw),
            _ => Err(OutcomeParseError { text: s.to_owned() }),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Outcome; 3] = [
        Outcome::Decisive {
            winner: Side::First,
        },
        Outcome::Decisive {
            winner: Side::Second,
        },
        Outcome::Draw,
    ];

    #[test]
    fn text_round_trips() {
        for outcome in ALL {
            assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome));
        }
        assert_eq!(" Draw ".parse::<Outcome>(), Ok(Outcome::Draw));
        let err = "½-½".parse::<Outcome>().unwrap_err();
        assert_eq!(err.text(), "½-½");
        assert!(err.to_string().contains("1/2-1/2"));
        assert!("".parse::<Outcome>().is_err());
    }

    #[test]
    fn points_and_sides() {
        for outcome in ALL {
            let total = outcome.points_for(Side::First) + outcome.points_for(Side::Second);
            assert_eq!(total, 2);
            assert_eq!(outcome.flipped().flipped(), outcome);
            assert_eq!(outcome.winner().map(Side::opponent), outcome.loser());
            assert_eq!(outcome.is_draw(), outcome.winner().is_none());
            for side in Side::ALL {
                assert_eq!(
                    outcome.flipped().points_for(side),
                    outcome.points_for(side.opponent())
                );
            }
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_the_text_forms() {
        let json = serde_json::to_string(&ALL).unwrap();
        assert_eq!(json, r#"["1-0","0-1","1/2-1/2"]"#);
        let back: Vec<Outcome> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ALL);
        assert!(serde_json::from_str::<Outcome>(r#""2-0""#).is_err());
        assert_eq!(serde_json::to_string(&Side::Second).unwrap(), r#""second""#);
        let side: Side = serde_json::from_str(r#""first""#).unwrap();
        assert_eq!(side, Side::First);
    }
}
