//! Xiangqi file numbers as the Chinese notation writes them: each side counts the files 1-9
//! from its own right. Red writes them as Chinese numerals 一..九 (炮二平五), Black as Arabic
//! digits, often full-width (马８进７). Source: CXA rule book appendix (记录方法).

use board_core::Side;
use board_core::numerals::{full_width_digit_value, kanji_digit, kanji_digit_value};

use super::{Cursor, Notation, NotationError, NotationErrorKind};

/// The numeral `side` writes for file `number` (1-9): 一..九 for the first side (Red),
/// ASCII `1`..`9` for the second (Black). `None` outside 1-9.
pub fn numeral(side: Side, number: u8) -> Option<char> {
    if !(1..=9).contains(&number) {
        return None;
    }
    match side {
        Side::First => kanji_digit(number),
        Side::Second => Some(char::from(b'0' + number)),
    }
}

/// The file number 1-9 written by `side`: Red must use 一..九, Black `1`-`9` or `１`-`９`.
/// The numeral style is strict because it is how the notation tells the sides apart.
pub fn parse(side: Side, text: &str) -> Result<u8, NotationError> {
    let mut cur = Cursor::start(Notation::XiangqiFile, text)?;
    let c = cur.next("a file numeral")?;
    let value = match side {
        Side::First => kanji_digit_value(c).filter(|&v| v > 0).ok_or_else(|| {
            cur.unexpected_last(c, "a Chinese numeral 一-九 (Red's file numbers)")
        })?,
        Side::Second => {
            let ascii = ('1'..='9').contains(&c).then(|| c as u8 - b'0');
            let wide = full_width_digit_value(c).filter(|&v| v > 0);
            ascii.or(wide).ok_or_else(|| {
                if c == '0' || c == '０' {
                    cur.error_at(
                        0,
                        NotationErrorKind::OffBoard {
                            what: "file",
                            value: 0,
                            max: 9,
                        },
                    )
                } else {
                    cur.unexpected_last(c, "a digit 1-9 (Black's file numbers)")
                }
            })?
        }
    };
    cur.finish()?;
    Ok(value)
}
