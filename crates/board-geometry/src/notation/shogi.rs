//! Shogi squares: file 1-9 counted from the right (as sente sees the board), rank 1-9 from
//! the top. Styles: USI `7g` (rank as a letter a-i, source: USI protocol), Japanese `７六`
//! (full-width file digit, kanji rank; KIF/KI2 as in the Kakinoki KIF spec), `7六` (ASCII
//! file) and CSA `77` (two digits, source: CSA standard record format).
//!
//! [`parse`] accepts all of them and mixtures: the file as an ASCII, full-width or kanji
//! numeral; the rank as a letter `a`-`i`, an ASCII or full-width digit or a kanji numeral.

use board_core::numerals::{FULL_WIDTH_DIGITS, KANJI_DIGITS};

use super::{Cursor, Notation, NotationError, NotationErrorKind, digit_value};
use crate::shogi::Square;

/// How to write a shogi square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// `7g`: ASCII file digit, rank letter (USI/SFEN moves).
    Usi,
    /// `７六`: full-width file digit, kanji rank (KIF, KI2, JSA records).
    Japanese,
    /// `7六`: ASCII file digit, kanji rank.
    JapaneseAscii,
    /// `77`: two ASCII digits (CSA moves, KIF origins).
    Csa,
}

impl Style {
    /// Every style, for exhaustive tests.
    pub const ALL: [Style; 4] = [
        Style::Usi,
        Style::Japanese,
        Style::JapaneseAscii,
        Style::Csa,
    ];
}

/// The square written in `style`.
pub fn format(square: Square, style: Style) -> String {
    let (file, rank) = (square.file(), square.rank());
    let (f, r) = (usize::from(file), usize::from(rank));
    let ascii_file = char::from(b'0' + file);
    let chars = match style {
        Style::Usi => [ascii_file, char::from(b'a' + rank - 1)],
        Style::Japanese => [FULL_WIDTH_DIGITS[f], KANJI_DIGITS[r]],
        Style::JapaneseAscii => [ascii_file, KANJI_DIGITS[r]],
        Style::Csa => [ascii_file, char::from(b'0' + rank)],
    };
    chars.iter().collect()
}

/// Parses a square in any accepted style (`7g`, `７六`, `7六`, `七六`, `77`, `７７`).
pub fn parse(text: &str) -> Result<Square, NotationError> {
    let mut cur = Cursor::start(Notation::ShogiSquare, text)?;
    let file = numeral(&mut cur, "a file numeral 1-9", "file", false)?;
    let rank = numeral(&mut cur, "a rank a-i or numeral 1-9", "rank", true)?;
    cur.finish()?;
    // `numeral` only returns 1..=9, so the square exists; the error is for completeness.
    Square::new(file, rank).ok_or_else(|| {
        cur.error_at(
            0,
            NotationErrorKind::OffBoard {
                what: "file",
                value: u32::from(file),
                max: 9,
            },
        )
    })
}

fn numeral(
    cur: &mut Cursor<'_>,
    expected: &'static str,
    what: &'static str,
    letters: bool,
) -> Result<u8, NotationError> {
    let c = cur.next(expected)?;
    if let Some(v) = digit_value(c) {
        return Ok(v);
    }
    if letters && ('a'..='i').contains(&c) {
        return Ok(c as u8 - b'a' + 1);
    }
    if c == '0' || c == '０' || (letters && c.is_ascii_lowercase()) {
        let value = if c.is_ascii_lowercase() {
            u32::from(c as u8 - b'a') + 1
        } else {
            0
        };
        return Err(cur.error_at(
            cur.offset() - c.len_utf8(),
            NotationErrorKind::OffBoard {
                what,
                value,
                max: 9,
            },
        ));
    }
    Err(cur.unexpected_last(c, expected))
}
