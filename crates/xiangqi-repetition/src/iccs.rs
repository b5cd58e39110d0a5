//! ICCS/UCCI coordinate moves: `h2e2` (ranks 0-9 from Red's side, the default) or `H2-E2`,
//! and the same with ranks 1-10 (`h3e3`) as Fairy-Stockfish and pyffish write them.

use crate::moves::Move;
use crate::notation::{NotationError, NotationErrorKind};
use crate::position::Position;
use crate::square::Square;

/// Which number the first rank gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RankBase {
    /// ICCS / UCCI / Pikafish: ranks 0-9.
    #[default]
    Zero,
    /// Fairy-Stockfish / pyffish: ranks 1-10.
    One,
}

impl RankBase {
    fn offset(self) -> u32 {
        match self {
            RankBase::Zero => 0,
            RankBase::One => 1,
        }
    }
}

/// Writes a point as file letter and rank.
pub fn format_square(sq: Square, base: RankBase) -> String {
    format!(
        "{}{}",
        (b'a' + sq.file()) as char,
        sq.rank() as u32 + base.offset()
    )
}

/// Writes a move in lower-case UCCI form.
pub fn format_move(mv: Move, base: RankBase) -> String {
    format!(
        "{}{}",
        format_square(mv.from, base),
        format_square(mv.to, base)
    )
}

fn parse_square(s: &str, at: usize, base: RankBase) -> Result<(Square, usize), NotationError> {
    let bytes = s.as_bytes();
    let Some(&f) = bytes.get(at) else {
        return Err(NotationError::new(
            at,
            NotationErrorKind::Truncated {
                expected: "a file letter a-i",
            },
        ));
    };
    let file = f.to_ascii_lowercase().wrapping_sub(b'a');
    if file > 8 {
        let found = s[at..].chars().next().unwrap_or('?');
        return Err(NotationError::new(
            at,
            NotationErrorKind::Unexpected {
                found,
                expected: "a file letter a-i",
            },
        ));
    }
    let mut i = at + 1;
    let mut value: u32 = 0;
    let mut digits = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() && digits < 2 {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
        digits += 1;
    }
    if digits == 0 {
        return match s[i..].chars().next() {
            None => Err(NotationError::new(
                i,
                NotationErrorKind::Truncated {
                    expected: "a rank number",
                },
            )),
            Some(found) => Err(NotationError::new(
                i,
                NotationErrorKind::Unexpected {
                    found,
                    expected: "a rank number",
                },
            )),
        };
    }
    // With ranks 0-9 a single digit is a complete rank: `a0a1` must not read `0a`... as 2 digits.
    if base == RankBase::Zero && digits == 2 {
        i -= 1;
        value /= 10;
    }
    let rank = value.checked_sub(base.offset()).filter(|&r| r <= 9);
    match rank {
        Some(r) => Ok((
            Square::from_file_rank(file, r as u8).expect("file and rank checked"),
            i,
        )),
        None => Err(NotationError::new(at + 1, NotationErrorKind::OffBoard)),
    }
}

/// Parses a coordinate move without checking legality. Accepts `h2e2`, `H2-E2`, `h2-e2`.
pub fn parse_move(s: &str, base: RankBase) -> Result<Move, NotationError> {
    if s.trim().is_empty() {
        return Err(NotationError::new(0, NotationErrorKind::Empty));
    }
    let (from, mut i) = parse_square(s, 0, base)?;
    if s.as_bytes().get(i) == Some(&b'-') {
        i += 1;
    }
    let (to, end) = parse_square(s, i, base)?;
    if end != s.len() {
        return Err(NotationError::new(
            end,
            NotationErrorKind::Trailing {
                found: s[end..].to_string(),
            },
        ));
    }
    Ok(Move::new(from, to))
}

impl Position {
    /// Parses a coordinate move and checks that it is legal here.
    pub fn parse_iccs(&self, s: &str, base: RankBase) -> Result<Move, NotationError> {
        let mv = parse_move(s, base)?;
        self.check_move(mv)
            .map_err(|r| NotationError::new(0, NotationErrorKind::Illegal(r)))?;
        Ok(mv)
    }
}

impl std::str::FromStr for Move {
    type Err = NotationError;

    /// Reads ICCS/UCCI coordinates with ranks 0-9 (`h2e2`, `H2-E2`).
    fn from_str(s: &str) -> Result<Move, NotationError> {
        parse_move(s, RankBase::Zero)
    }
}

impl std::str::FromStr for Square {
    type Err = NotationError;

    /// Reads an ICCS point with rank 0-9 (`e0`).
    fn from_str(s: &str) -> Result<Square, NotationError> {
        let (sq, end) = parse_square(s, 0, RankBase::Zero)?;
        if end != s.len() {
            return Err(NotationError::new(
                end,
                NotationErrorKind::Trailing {
                    found: s[end..].to_string(),
                },
            ));
        }
        Ok(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_rank_conventions() {
        // 炮二平五: h2e2 in UCCI, h3e3 in pyffish (reference digest §8).
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(format_move(mv, RankBase::One), "h3e3");
        assert_eq!(parse_move("h3e3", RankBase::One), Ok(mv));
        assert_eq!(parse_move("H2-E2", RankBase::Zero), Ok(mv));
        // Rank 10 exists only with ranks from one.
        let top = parse_move("a10a9", RankBase::One).unwrap();
        assert_eq!(top.to_string(), "a9a8");
        assert!(parse_move("a10a9", RankBase::Zero).is_err());
        assert!(parse_move("a0a1", RankBase::One).is_err());
        assert_eq!("e0".parse::<Square>().unwrap().rank(), 0);
        assert!("e0x".parse::<Square>().is_err());
        assert!("j0".parse::<Square>().is_err());
    }
}
