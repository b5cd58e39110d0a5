//! Exact scores: points are counted in integer half-points, tie-break values are rationals.
//!
//! Every scoring system the tie-break rules mention (1-½-0, 2-1-0, 3-1-0, the CXA's 3-0 with
//! colour-dependent draws, McMahon scores with ½ for an absence) is a multiple of ½, so an
//! `i64` of half-points is exact and fast. Averages and products become [`Rational64`].

use std::fmt;
use std::str::FromStr;

use num_rational::Rational64;
use num_traits::{Signed, ToPrimitive, Zero};

/// A score in half-points (`Points(3)` is 1.5 points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub i64);

impl Points {
    /// No point.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);
    /// One point.
    pub const ONE: Points = Points(2);

    /// The value as an exact rational number of points.
    pub fn to_ratio(self) -> Rational64 {
        Rational64::new(self.0, 2)
    }

    /// The score in half-points.
    pub fn half_points(self) -> i64 {
        self.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl std::ops::Mul<i64> for Points {
    type Output = Points;
    fn mul(self, k: i64) -> Points {
        Points(self.0 * k)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// Why a text is not a score.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PointsError {
    /// The text (given) is not a decimal number.
    NotANumber(String),
    /// The number (given) is not a multiple of ½.
    NotAHalf(String),
}

impl fmt::Display for PointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsError::NotANumber(s) => write!(f, "`{s}` is not a number of points"),
            PointsError::NotAHalf(s) => write!(f, "`{s}`: points must be a multiple of 0.5"),
        }
    }
}

impl std::error::Error for PointsError {}

impl FromStr for Points {
    type Err = PointsError;

    /// Reads `3`, `1.5`, `0.50`, `-1`, `,5` is refused: only a point and digits.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if (int.is_empty() && frac.is_empty())
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || int.len() > 15
        {
            return Err(PointsError::NotANumber(s.to_string()));
        }
        let whole: i64 = if int.is_empty() {
            0
        } else {
            int.parse()
                .map_err(|_| PointsError::NotANumber(s.to_string()))?
        };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => {
                return Err(PointsError::NotAHalf(s.to_string()));
            }
        };
        let v = whole * 2 + half;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{}.{}", a / 2, if a % 2 == 1 { 5 } else { 0 })
    }
}

/// Formats an exact rational as a decimal: exactly when the expansion terminates within
/// `max_decimals` digits, otherwise rounded half away from zero to `max_decimals` digits.
/// Integers get one decimal (`11.0`), as tie-break tables print them.
pub fn format_ratio(v: Rational64, max_decimals: u32) -> String {
    let neg = v.is_negative();
    let v = v.abs();
    let numer = *v.numer() as i128;
    let denom = *v.denom() as i128;
    let mut digits = 1u32;
    let mut scale: i128 = 10;
    while digits < max_decimals && (numer * scale) % denom != 0 {
        digits += 1;
        scale *= 10;
    }
    let scaled = (numer * scale * 2 + denom) / (2 * denom);
    let int = scaled / scale;
    let frac = scaled % scale;
    let s = format!(
        "{}{}.{:0width$}",
        if neg && scaled != 0 { "-" } else { "" },
        int,
        frac,
        width = digits as usize
    );
    // Trim trailing zeros beyond the first decimal.
    let mut s = s;
    while s.ends_with('0') && !s.ends_with(".0") {
        s.pop();
    }
    s
}

/// Converts an exact rational to the nearest `f64` for JSON output only (never for ranking).
pub fn ratio_to_f64(v: Rational64) -> f64 {
    v.to_f64().unwrap_or(f64::NAN)
}

/// Rounds a rational to the nearest integer, halves upwards (FIDE's rounding for ARO, APRO).
pub fn round_half_up(v: Rational64) -> i64 {
    (v + Rational64::new(1, 2)).floor().to_integer()
}

/// Rounds a rational to `decimals` decimal places, halves upwards.
pub fn round_decimals_half_up(v: Rational64, decimals: u32) -> Rational64 {
    let scale = 10i64.pow(decimals);
    if v.is_zero() {
        return v;
    }
    Rational64::new(round_half_up(v * scale), scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_half_points() {
        assert_eq!("1.5".parse::<Points>().unwrap(), Points(3));
        assert_eq!("3".parse::<Points>().unwrap(), Points(6));
        assert_eq!("0.50".parse::<Points>().unwrap(), Points(1));
        assert_eq!("-0.5".parse::<Points>().unwrap(), Points(-1));
        assert_eq!(".5".parse::<Points>().unwrap(), Points(1));
        assert!("0.25".parse::<Points>().is_err());
        assert!("x".parse::<Points>().is_err());
        assert!("".parse::<Points>().is_err());
        assert!("1.2.3".parse::<Points>().is_err());
        assert!("99999999999999999999".parse::<Points>().is_err());
        assert_eq!(Points(7).to_string(), "3.5");
        assert_eq!(Points(-1).to_string(), "-0.5");
    }

    #[test]
    fn formats_rationals() {
        assert_eq!(format_ratio(Rational64::new(11, 1), 4), "11.0");
        assert_eq!(format_ratio(Rational64::new(45, 4), 4), "11.25");
        assert_eq!(format_ratio(Rational64::new(2, 3), 2), "0.67");
        assert_eq!(format_ratio(Rational64::new(-1, 2), 2), "-0.5");
        assert_eq!(round_half_up(Rational64::new(5, 2)), 3);
        assert_eq!(round_half_up(Rational64::new(-5, 2)), -2);
    }
}
