//! Rank and file labels: ASCII digits, full-width digits, CJK numerals and letters.

use crate::numerals::{
    full_width_digit_value, is_kanji_numeral, parse_full_width_number, parse_kanji_number,
};

/// The character class of a numeral, so a rank label is one run of a single class.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum NumeralClass {
    Ascii,
    FullWidth,
    Cjk,
}

pub(crate) fn numeral_class(c: char) -> Option<NumeralClass> {
    if c.is_ascii_digit() {
        Some(NumeralClass::Ascii)
    } else if full_width_digit_value(c).is_some() {
        Some(NumeralClass::FullWidth)
    } else if is_kanji_numeral(c) {
        Some(NumeralClass::Cjk)
    } else {
        None
    }
}

/// The value of a numeral label (`7`, `１２`, `十一`), or `None`.
pub(crate) fn numeral_value(label: &str) -> Option<u32> {
    let first = label.chars().next()?;
    let class = numeral_class(first)?;
    if label.chars().any(|c| numeral_class(c) != Some(class)) || label.chars().count() > 4 {
        return None;
    }
    match class {
        NumeralClass::Ascii => label.parse().ok(),
        NumeralClass::FullWidth => parse_full_width_number(label),
        NumeralClass::Cjk => parse_kanji_number(label),
    }
}

/// The value of a file label: a numeral or a single ASCII letter (`a` = 1).
pub(crate) fn label_value(label: &str) -> Option<u32> {
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Some(c.to_ascii_lowercase() as u32 - 'a' as u32 + 1)
        }
        _ => numeral_value(label),
    }
}

/// True when the values rise or fall by one at a time, as file labels do (`abcdefg`,
/// `９８７…`), allowing a step of two for Go's `ABCDEFGHJ` that skips `I`.
pub(crate) fn strictly_monotone(values: &[u32]) -> bool {
    let step = |a: u32, b: u32| (1..=2).contains(&b.wrapping_sub(a));
    values.windows(2).all(|w| step(w[0], w[1])) || values.windows(2).all(|w| step(w[1], w[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numerals() {
        assert_eq!(numeral_value("7"), Some(7));
        assert_eq!(numeral_value("19"), Some(19));
        assert_eq!(numeral_value("１２"), Some(12));
        assert_eq!(numeral_value("九"), Some(9));
        assert_eq!(numeral_value("十"), Some(10));
        assert_eq!(numeral_value("十九"), Some(19));
        assert_eq!(numeral_value("二十一"), Some(21));
        assert_eq!(numeral_value("一十"), None);
        assert_eq!(numeral_value("十〇"), None);
        assert_eq!(numeral_value("1二"), None);
        assert_eq!(numeral_value(""), None);
        assert_eq!(numeral_value("99999"), None);
        assert_eq!(label_value("a"), Some(1));
        assert_eq!(label_value("J"), Some(10));
        assert_eq!(label_value("ab"), None);
    }

    #[test]
    fn monotone() {
        assert!(strictly_monotone(&[1, 2, 3, 4, 5, 6, 7]));
        assert!(strictly_monotone(&[9, 8, 7]));
        assert!(strictly_monotone(&[1, 2, 3, 4, 5, 6, 7, 8, 10]));
        assert!(!strictly_monotone(&[2, 15, 2]));
        assert!(!strictly_monotone(&[24, 15]));
    }
}
