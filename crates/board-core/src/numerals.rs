//! CJK numerals and full-width digits, as written in shogi and xiangqi records.
//!
//! Where each form is used:
//! * **Full-width digits** `１`..`９` name shogi files in KIF and KI2 (`７六歩`: file ７) and
//!   count moves and times in KIF headers; Black's file numbers in xiangqi Chinese notation
//!   are often printed full-width too (`炮８平５`).
//! * **Kanji numerals** `一`..`九` name shogi ranks (`７六`: rank 六) and Red's file numbers
//!   and step counts in xiangqi Chinese notation (`炮二平五`, `马八进七`).
//! * **Kanji numbers** up to 99 (`十`, `十一`, `二十`, `九十九`) count pieces in hand in KIF
//!   and BOD (`歩十八`) and label board ranks above nine in diagrams (Go's `十九`).
//!
//! Every function here is total: anything that is not a numeral gives `None`.
//!
//! ```
//! use board_core::numerals;
//!
//! assert_eq!(numerals::kanji_digit(6), Some('六'));
//! assert_eq!(numerals::full_width_digit_value('７'), Some(7));
//! assert_eq!(numerals::parse_kanji_number("十一"), Some(11));
//! assert_eq!(numerals::kanji_number(18).as_deref(), Some("十八"));
//! ```

/// `〇一二三四五六七八九`, indexed by value.
pub const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// `十`, ten, the only other character of kanji numbers below a hundred.
pub const KANJI_TEN: char = '十';

/// `０１２３４５６７８９`, indexed by value.
pub const FULL_WIDTH_DIGITS: [char; 10] =
    ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The kanji numeral for `value` in 0..=9 (`〇` for 0).
#[inline]
pub const fn kanji_digit(value: u8) -> Option<char> {
    if value < 10 {
        Some(KANJI_DIGITS[value as usize])
    } else {
        None
    }
}

/// The value 0..=9 of a kanji numeral `〇`..`九` (not `十`).
#[inline]
pub const fn kanji_digit_value(c: char) -> Option<u8> {
    Some(match c {
        '〇' => 0,
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// Whether `c` is one of `〇一二三四五六七八九十`.
#[inline]
pub const fn is_kanji_numeral(c: char) -> bool {
    c == KANJI_TEN || kanji_digit_value(c).is_some()
}

/// The full-width digit for `value` in 0..=9.
#[inline]
pub const fn full_width_digit(value: u8) -> Option<char> {
    if value < 10 {
        Some(FULL_WIDTH_DIGITS[value as usize])
    } else {
        None
    }
}

/// The value 0..=9 of a full-width digit `０`..`９`.
#[inline]
pub const fn full_width_digit_value(c: char) -> Option<u8> {
    if c >= '０' && c <= '９' {
        Some((c as u32 - '０' as u32) as u8)
    } else {
        None
    }
}

/// The value 0..=9 of a digit in any of the three forms: ASCII, full-width or kanji.
#[inline]
pub const fn any_digit_value(c: char) -> Option<u8> {
    if c.is_ascii_digit() {
        Some(c as u8 - b'0')
    } else if let Some(v) = full_width_digit_value(c) {
        Some(v)
    } else {
        kanji_digit_value(c)
    }
}

/// Reads a kanji number from 0 to 99 in its canonical kifu form: `〇`, `一`..`九`, `十`,
/// `十一`..`十九`, `二十`, `二十一`, …, `九十九`.
///
/// Non-canonical spellings (`一十`, `十〇`, `二〇`) are rejected.
pub fn parse_kanji_number(text: &str) -> Option<u32> {
    let mut chars = text.chars();
    let digits = [chars.next(), chars.next(), chars.next(), chars.next()];
    let unit = |c: char| kanji_digit_value(c).filter(|&v| v > 0).map(u32::from);
    let tens = |c: char| kanji_digit_value(c).filter(|&v| v > 1).map(u32::from);
    match digits {
        [Some(KANJI_TEN), None, ..] => Some(10),
        [Some(d), None, ..] => kanji_digit_value(d).map(u32::from),
        [Some(KANJI_TEN), Some(u), None, _] => Some(10 + unit(u)?),
        [Some(t), Some(KANJI_TEN), None, _] => Some(10 * tens(t)?),
        [Some(t), Some(KANJI_TEN), Some(u), None] => Some(10 * tens(t)? + unit(u)?),
        _ => None,
    }
}

/// The canonical kanji number for 0..=99 (`〇`, `九`, `十`, `十八`, `二十`, `九十九`);
/// `None` above 99.
pub fn kanji_number(n: u32) -> Option<String> {
    let digit = |v: u32| KANJI_DIGITS[v as usize];
    let mut out = String::new();
    match n {
        0..=9 => out.push(digit(n)),
        10..=99 => {
            if n >= 20 {
                out.push(digit(n / 10));
            }
            out.push(KANJI_TEN);
            if n % 10 != 0 {
                out.push(digit(n % 10));
            }
        }
        _ => return None,
    }
    Some(out)
}

/// Reads a run of full-width digits as a decimal number (`１８` is 18); `None` for an
/// empty text, any other character, or a value past `u32::MAX`.
pub fn parse_full_width_number(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    text.chars().try_fold(0u32, |acc, c| {
        acc.checked_mul(10)?
            .checked_add(u32::from(full_width_digit_value(c)?))
    })
}

/// `n` written in full-width digits (`１８`).
pub fn full_width_number(n: u32) -> String {
    n.to_string()
        .bytes()
        .map(|b| FULL_WIDTH_DIGITS[usize::from(b - b'0')])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip() {
        for v in 0..=9u8 {
            assert_eq!(kanji_digit(v).and_then(kanji_digit_value), Some(v));
            assert_eq!(
                full_width_digit(v).and_then(full_width_digit_value),
                Some(v)
            );
            assert_eq!(any_digit_value(char::from(b'0' + v)), Some(v));
            assert_eq!(any_digit_value(FULL_WIDTH_DIGITS[usize::from(v)]), Some(v));
            assert_eq!(any_digit_value(KANJI_DIGITS[usize::from(v)]), Some(v));
            assert!(is_kanji_numeral(KANJI_DIGITS[usize::from(v)]));
        }
        assert!(is_kanji_numeral('十'));
        assert_eq!(kanji_digit(10), None);
        assert_eq!(full_width_digit(10), None);
        for c in ['十', '零', 'a', ' ', '歩', 'Ａ'] {
            assert_eq!(kanji_digit_value(c), None, "{c:?}");
            assert_eq!(full_width_digit_value(c), None, "{c:?}");
        }
    }

    #[test]
    fn kanji_numbers_round_trip_to_ninety_nine() {
        for n in 0..=99 {
            let text = kanji_number(n).unwrap();
            assert_eq!(parse_kanji_number(&text), Some(n), "{text}");
        }
        assert_eq!(kanji_number(100), None);
        assert_eq!(kanji_number(11).as_deref(), Some("十一"));
        assert_eq!(kanji_number(20).as_deref(), Some("二十"));
        for bad in ["", "一十", "十〇", "二〇", "十十", "百", "二十一一", "1"] {
            assert_eq!(parse_kanji_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn full_width_numbers() {
        assert_eq!(full_width_number(0), "０");
        assert_eq!(full_width_number(76), "７６");
        assert_eq!(parse_full_width_number("７６"), Some(76));
        assert_eq!(parse_full_width_number("７6"), None);
        assert_eq!(parse_full_width_number(""), None);
        assert_eq!(parse_full_width_number("９９９９９９９９９９９"), None);
    }
}
