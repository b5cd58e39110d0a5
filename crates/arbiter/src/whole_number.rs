//! Whole-number options as people write them: `10000000000` or `1e10`.
//!
//! Search budgets run to ten or twelve digits, and notes, papers and users write them in
//! scientific notation. Such a value is accepted when it names a whole number exactly
//! (`1e10`, `2.5e3`, `1000e-3`); anything else (`1.5`, `1e-3`, `1e10x`) is refused with a
//! typed error instead of being rounded, so a budget is never silently different from the
//! one asked for. The arithmetic is on integers, not floats: `12345678901234567e0` stays
//! exact.

use std::fmt;

/// Why a value is not a whole number an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WholeNumberError {
    /// Neither digits nor digits in scientific notation.
    NotANumber,
    /// Scientific notation for a number with a fractional part (`1.5`, `1e-3`).
    NotWhole,
    /// A whole number outside the option's range (too large ones included).
    OutOfRange {
        /// The smallest value the option takes.
        min: u64,
        /// The largest value the option takes.
        max: u64,
    },
}

impl fmt::Display for WholeNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WholeNumberError::NotANumber => write!(
                f,
                "expected a whole number, in digits or scientific notation (10000000000 or 1e10)"
            ),
            WholeNumberError::NotWhole => write!(f, "not a whole number"),
            WholeNumberError::OutOfRange { min, max } => {
                write!(f, "not in {min}..={max}")
            }
        }
    }
}

impl std::error::Error for WholeNumberError {}

/// Reads `text` as a whole number in `min..=max`: plain digits, or a decimal mantissa with an
/// exponent (`e` or `E`, optionally signed) whose value is exactly a whole number.
pub fn parse(text: &str, min: u64, max: u64) -> Result<u64, WholeNumberError> {
    let out_of_range = WholeNumberError::OutOfRange { min, max };
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return Err(WholeNumberError::NotANumber);
    }
    if !fraction.is_empty() && exponent.is_none() {
        // a decimal point belongs to scientific notation only: the plain form is digits
        return Err(WholeNumberError::NotANumber);
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let unsigned = e.strip_prefix(['+', '-']).unwrap_or(e);
            if unsigned.is_empty() || !digits(unsigned) {
                return Err(WholeNumberError::NotANumber);
            }
            // an exponent past any u64 is out of range (or, negative, leaves no whole
            // number but zero, which every digit string below handles the same way)
            e.parse().unwrap_or(if e.starts_with('-') {
                i64::MIN / 2
            } else {
                i64::MAX / 2
            })
        }
    };
    // the value is the digits of whole and fraction, times ten to this power
    let mut digits_all: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
    let mut power = exponent - fraction.len() as i64;
    // a negative power must only strip zeros
    while power < 0 {
        match digits_all.last() {
            Some(b'0') => {
                digits_all.pop();
                power += 1;
            }
            Some(_) => return Err(WholeNumberError::NotWhole),
            None => break,
        }
    }
    let mut value: u64 = 0;
    for b in digits_all {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or(out_of_range)?;
    }
    if value != 0 {
        for _ in 0..power.max(0) {
            value = value.checked_mul(10).ok_or(out_of_range)?;
        }
    }
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range)
    }
}

/// A clap value parser for a whole-number option in `min..=max` (see [`parse`]).
pub fn parser(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<u64, WholeNumberError> + Clone + Send + Sync + 'static {
    move |text| parse(text, min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expectations: the decimal value of each written number (a power of ten per exponent
    // step), against the range of `arbiter go outcome --budget` (1..=10^10).
    const MAX: u64 = 10_000_000_000;

    #[test]
    fn digits_and_exact_scientific_notation_are_read() {
        assert_eq!(parse("10000000000", 1, MAX), Ok(MAX));
        assert_eq!(parse("1e10", 1, MAX), Ok(MAX));
        assert_eq!(parse("1E10", 1, MAX), Ok(MAX));
        assert_eq!(parse("1e+10", 1, MAX), Ok(MAX));
        assert_eq!(parse("2.5e3", 1, MAX), Ok(2500));
        assert_eq!(parse("1000e-3", 1, MAX), Ok(1));
        assert_eq!(parse("0.1e1", 1, MAX), Ok(1));
        assert_eq!(parse("007", 1, MAX), Ok(7));
        assert_eq!(
            parse("12345678901234567e0", 1, u64::MAX),
            Ok(12_345_678_901_234_567)
        );
    }

    #[test]
    fn fractions_are_refused() {
        for text in ["1.5e0", "1e-3", "1.25e1", "15e-1"] {
            assert_eq!(
                parse(text, 1, MAX),
                Err(WholeNumberError::NotWhole),
                "{text}"
            );
        }
    }

    #[test]
    fn garbage_is_refused() {
        for text in [
            "", "e5", "1e", "1e+", "1x", "1e10x", "-5", "+5", ".5e1", "1.e", " 1", "١", "1.5",
            "1.0",
        ] {
            assert_eq!(
                parse(text, 1, MAX),
                Err(WholeNumberError::NotANumber),
                "{text:?}"
            );
        }
    }

    #[test]
    fn values_outside_the_range_are_refused() {
        let range = Err(WholeNumberError::OutOfRange { min: 1, max: MAX });
        for text in [
            "0",
            "0e5",
            "1.1e10",
            "1e11",
            "18446744073709551616",
            "1e400",
            "1e99999999999999999999",
        ] {
            assert_eq!(parse(text, 1, MAX), range, "{text}");
        }
        assert_eq!(
            parse("1e-99999999999999999999", 1, MAX),
            Err(WholeNumberError::NotWhole)
        );
    }
}
