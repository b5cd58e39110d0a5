//! Rules as orthogonal parameters: ko, suicide, komi (in half-points) and the first player.
//!
//! Code branches on these fields, never on a preset's name; the presets only fill them in.

use crate::color::Color;
use std::fmt;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone that just captured a single stone.
    Simple,
    /// No move may recreate any earlier board position.
    PositionalSuperko,
    /// No move may recreate an earlier board position with the same player to move.
    SituationalSuperko,
}

/// Which self-captures are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum SuicideRule {
    /// No move may leave its own chain without liberties.
    Illegal,
    /// A move may remove its own chain of two or more stones; a lone stone may not.
    MultiStoneLegal,
    /// Any self-capture is legal (a lone stone disappears at once).
    AllLegal,
}

/// Komi, the points White receives, as an integer number of half-points (7.5 is `Komi(15)`).
///
/// One type for every use: the living-stones and area counts, SGF `KM`, the command line and
/// the komi `h` of graph Go, where White wins when `s_c >= h`.
///
/// Text form: a whole or half number with an optional sign: `7`, `7.5`, `-0.5`, `+2`, `6.50`.
/// The parser also takes `.5` (no whole part) and `7.` (no fraction), as some programs write
/// them: the two parsers this one replaces disagreed there, and keeping the lenient reading
/// means no komi that either of them accepted is refused now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(pub i32);

impl Komi {
    /// The largest whole part the parser accepts: a komi of a million points is a typo.
    pub const MAX_WHOLE: i32 = 999_999;

    /// The komi in half-points.
    #[inline]
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// Graph Go: true when White wins with Chinese score `s_c` (White minus Black), that is
    /// when `s_c >= h`.
    #[inline]
    pub fn white_wins(self, score: i64) -> bool {
        2 * score >= i64::from(self.0)
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::score::HalfPoints(i64::from(self.0)).to_string())
    }
}

/// A komi text that is not a whole or half number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomiError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: KomiErrorKind,
}

/// What is wrong with a komi text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KomiErrorKind {
    /// Not a signed decimal number.
    NotANumber,
    /// A number, but not a multiple of one half (`7.25`).
    NotAHalf,
    /// A whole part beyond [`Komi::MAX_WHOLE`].
    TooLarge,
}

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            KomiErrorKind::NotANumber | KomiErrorKind::NotAHalf => {
                write!(f, "komi {:?} is not a whole or half number", self.text)
            }
            KomiErrorKind::TooLarge => write!(
                f,
                "komi {:?} is not a whole or half number of at most {} points",
                self.text,
                Komi::MAX_WHOLE
            ),
        }
    }
}

impl std::error::Error for KomiError {}

impl std::str::FromStr for Komi {
    type Err = KomiError;
    /// Parses the text form described on [`Komi`].
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        let fail = |kind| KomiError {
            text: s.to_string(),
            kind,
        };
        let t = s.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
            return Err(fail(KomiErrorKind::NotANumber));
        }
        let whole_value: i32 = if whole.is_empty() {
            0
        } else if whole.trim_start_matches('0').len() > 6 {
            return Err(fail(KomiErrorKind::TooLarge));
        } else {
            whole.parse().map_err(|_| fail(KomiErrorKind::NotANumber))?
        };
        let half = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(fail(KomiErrorKind::NotAHalf)),
        };
        let value = whole_value * 2 + half;
        Ok(Komi(if neg { -value } else { value }))
    }
}

/// A rule set for play: every field independent of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Which self-captures are legal.
    pub suicide: SuicideRule,
    /// Komi in half-points, added to White.
    pub komi: Komi,
    /// The colour that moves first in an even game (White in the living-stones documents).
    pub first: Color,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::CHINESE
    }
}

impl Rules {
    /// Chinese area rules: simple ko, no suicide, komi 7.5, Black first.
    pub const CHINESE: Rules = Rules {
        ko: KoRule::Simple,
        suicide: SuicideRule::Illegal,
        komi: Komi(15),
        first: Color::Black,
    };
    /// Japanese rules: simple ko, no suicide, komi 6.5, Black first.
    pub const JAPANESE: Rules = Rules {
        ko: KoRule::Simple,
        suicide: SuicideRule::Illegal,
        komi: Komi(13),
        first: Color::Black,
    };
    /// Tromp-Taylor: positional superko, suicide legal, komi 7.5.
    pub const TROMP_TAYLOR: Rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: SuicideRule::AllLegal,
        komi: Komi(15),
        first: Color::Black,
    };
    /// The living-stones rules as the document plays them: White first, no komi
    /// (the art version's "more moves give stones" replaces komi), simple ko.
    pub const LIVING_STONES: Rules = Rules {
        ko: KoRule::Simple,
        suicide: SuicideRule::Illegal,
        komi: Komi(0),
        first: Color::White,
    };

    /// A preset by name: `chinese`, `japanese`, `tromp-taylor`, `living-stones`.
    pub fn preset(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().as_str() {
            "chinese" => Some(Rules::CHINESE),
            "japanese" | "korean" => Some(Rules::JAPANESE),
            "tromp-taylor" | "tromptaylor" => Some(Rules::TROMP_TAYLOR),
            "living-stones" | "jihuozi" => Some(Rules::LIVING_STONES),
            _ => None,
        }
    }
}
