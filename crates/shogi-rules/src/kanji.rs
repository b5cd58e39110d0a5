//! Japanese (and simplified Chinese) names of digits, pieces and sides used by KIF, KI2,
//! BOD and the JSA move notation.

use board_core::{Side, numerals};

use crate::types::Kind;

/// A digit 1..=9 written as a half-width, full-width or kanji digit (a file or rank of a
/// square in KIF, KI2 and the JSA notation; 0 in any form is not one).
pub fn digit(c: char) -> Option<u8> {
    numerals::any_digit_value(c).filter(|&d| d >= 1)
}

/// A kanji number from 1 to 99 (十, 十八, 二十 …), as used for counts of pieces in hand;
/// larger counts (which no legal hand holds) are written in ASCII digits.
pub fn kanji_number(n: u32) -> String {
    numerals::kanji_number(n).unwrap_or_else(|| n.to_string())
}

/// Parses a kanji number (一 .. 十八 .. 九十九) or a run of ASCII/full-width digits.
pub fn parse_number(s: &str) -> Option<u32> {
    let digits = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_digit() || numerals::full_width_digit_value(c).is_some());
    if !digits {
        return numerals::parse_kanji_number(s);
    }
    s.chars().try_fold(0u32, |n, c| {
        n.checked_mul(10)?
            .checked_add(u32::from(numerals::any_digit_value(c)?))
    })
}

/// The standard one- or two-character KIF/KI2 name of a piece kind.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "歩",
        Kind::Lance => "香",
        Kind::Knight => "桂",
        Kind::Silver => "銀",
        Kind::Gold => "金",
        Kind::Bishop => "角",
        Kind::Rook => "飛",
        Kind::King => "玉",
        Kind::ProPawn => "と",
        Kind::ProLance => "成香",
        Kind::ProKnight => "成桂",
        Kind::ProSilver => "成銀",
        Kind::Horse => "馬",
        Kind::Dragon => "龍",
    }
}

/// One-character names used inside BOD boards.
pub fn kind_char(kind: Kind) -> char {
    match kind {
        Kind::ProLance => '杏',
        Kind::ProKnight => '圭',
        Kind::ProSilver => '全',
        k => kind_name(k).chars().next().expect("non-empty"),
    }
}

/// Reads a piece name at the start of `s` (standard names, variants such as 王 竜 杏 圭 全
/// 个 今 仝, and the simplified forms 步 银 飞 马 龙 of the 004 document). Returns the kind and
/// the number of characters consumed.
pub fn read_kind(s: &str) -> Option<(Kind, usize)> {
    let mut it = s.chars();
    let c0 = it.next()?;
    let c1 = it.next();
    if c0 == '成' {
        let k = match c1? {
            '香' => Kind::ProLance,
            '桂' => Kind::ProKnight,
            '銀' | '银' => Kind::ProSilver,
            _ => return None,
        };
        return Some((k, 2));
    }
    let k = match c0 {
        '歩' | '步' | '兵' => Kind::Pawn,
        '香' => Kind::Lance,
        '桂' => Kind::Knight,
        '銀' | '银' => Kind::Silver,
        '金' => Kind::Gold,
        '角' => Kind::Bishop,
        '飛' | '飞' => Kind::Rook,
        '玉' | '王' => Kind::King,
        'と' => Kind::ProPawn,
        '杏' | '个' => Kind::ProLance,
        '圭' | '今' => Kind::ProKnight,
        '全' => Kind::ProSilver,
        '馬' | '马' => Kind::Horse,
        '龍' | '竜' | '龙' => Kind::Dragon,
        _ => return None,
    };
    Some((k, 1))
}

/// ▲/☗ (and ▼ which some sources use) for Sente, △/☖/▽ for Gote.
pub fn side_mark(c: char) -> Option<Side> {
    match c {
        '▲' | '☗' | '▼' => Some(Side::First),
        '△' | '☖' | '▽' => Some(Side::Second),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        for n in 1..=99 {
            assert_eq!(parse_number(&kanji_number(n)), Some(n), "{n}");
        }
        assert_eq!(parse_number("十八"), Some(18));
        assert_eq!(parse_number("18"), Some(18));
        assert_eq!(parse_number("１８"), Some(18));
        assert_eq!(parse_number("十十"), None);
        assert_eq!(parse_number(""), None);
    }

    #[test]
    fn simplified_forms_from_the_004_document() {
        // The 004 document writes 步 银 飞 马 龙 (simplified Chinese) for 歩 銀 飛 馬 龍.
        assert_eq!(read_kind("步"), Some((Kind::Pawn, 1)));
        assert_eq!(read_kind("银"), Some((Kind::Silver, 1)));
        assert_eq!(read_kind("飞成"), Some((Kind::Rook, 1)));
        assert_eq!(read_kind("马"), Some((Kind::Horse, 1)));
        assert_eq!(read_kind("龙"), Some((Kind::Dragon, 1)));
        assert_eq!(read_kind("成银"), Some((Kind::ProSilver, 2)));
        assert_eq!(read_kind("成"), None);
    }
}
