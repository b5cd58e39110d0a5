//! Japanese (and simplified Chinese) names of digits, pieces and sides used by KIF, KI2,
//! BOD and the JSA move notation.

use board_core::Side;

use crate::types::Kind;

/// A digit 1..=9 written as a half-width, full-width or kanji digit.
pub fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32 + 1) as u8),
        _ => kanji_digit(c),
    }
}

pub fn kanji_digit(c: char) -> Option<u8> {
    Some(match c {
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

pub const FULL_WIDTH: [&str; 10] = ["０", "１", "２", "３", "４", "５", "６", "７", "８", "９"];
pub const KANJI: [&str; 11] = [
    "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
];

/// Kanji numeral for 1..=99 (十, 十八, 二十 …), as used for counts of pieces in hand.
pub fn kanji_number(n: u32) -> String {
    match n {
        0..=9 => KANJI[n as usize].to_string(),
        10 => "十".to_string(),
        11..=19 => format!("十{}", KANJI[(n - 10) as usize]),
        _ => {
            let tens = KANJI[(n / 10) as usize];
            if n % 10 == 0 {
                format!("{tens}十")
            } else {
                format!("{tens}十{}", KANJI[(n % 10) as usize])
            }
        }
    }
}

/// Parses a kanji numeral (一 .. 十八 .. 九十九) or ASCII/full-width digits.
pub fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    if s.chars()
        .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
    {
        let mut n = 0u32;
        for c in s.chars() {
            let d = if c.is_ascii_digit() {
                c as u32 - '0' as u32
            } else {
                c as u32 - '０' as u32
            };
            n = n.checked_mul(10)?.checked_add(d)?;
        }
        return Some(n);
    }
    let chars: Vec<char> = s.chars().collect();
    match chars.iter().position(|&c| c == '十') {
        None if chars.len() == 1 => kanji_digit(chars[0]).map(u32::from),
        None => None,
        Some(i) => {
            let tens = match i {
                0 => 1,
                1 => u32::from(kanji_digit(chars[0])?),
                _ => return None,
            };
            let ones = match chars.len() - i - 1 {
                0 => 0,
                1 => u32::from(kanji_digit(chars[i + 1])?),
                _ => return None,
            };
            Some(tens * 10 + ones)
        }
    }
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
