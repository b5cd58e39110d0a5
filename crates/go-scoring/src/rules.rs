//! Rules as orthogonal parameters: ko, suicide, komi (in half-points) and the first player.
//!
//! Code branches on these fields, never on a preset's name; the presets only fill them in.

use crate::color::Color;
use std::fmt;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
pub enum SuicideRule {
    /// No move may leave its own chain without liberties.
    Illegal,
    /// A move may remove its own chain of two or more stones; a lone stone may not.
    MultiStoneLegal,
    /// Any self-capture is legal (a lone stone disappears at once).
    AllLegal,
}

/// Komi as an integer number of half-points (7.5 is `Komi(15)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(pub i32);

impl Komi {
    pub const fn half_points(self) -> i32 {
        self.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::score::HalfPoints(self.0 as i64).to_string())
    }
}

impl std::str::FromStr for Komi {
    type Err = String;
    /// Parses `7`, `7.5`, `-0.5`, `6.50`; anything that is not a multiple of one half fails.
    fn from_str(s: &str) -> Result<Komi, String> {
        let t = s.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        let bad = || format!("komi {s:?} is not a whole or half number");
        if int.is_empty() && frac.is_empty() {
            return Err(bad());
        }
        let int_value: i32 = if int.is_empty() {
            0
        } else {
            if !int.bytes().all(|b| b.is_ascii_digit()) || int.len() > 6 {
                return Err(bad());
            }
            int.parse().map_err(|_| bad())?
        };
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let frac_trim = frac.trim_end_matches('0');
        let half = match frac_trim {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        let value = int_value * 2 + half;
        Ok(Komi(if neg { -value } else { value }))
    }
}

/// A rule set for play: every field independent of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ko: KoRule,
    pub suicide: SuicideRule,
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
