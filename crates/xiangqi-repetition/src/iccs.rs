//! ICCS/UCCI coordinate moves: `h2e2` (ranks 0-9 from Red's side, the default) or `H2-E2`,
//! and the same with ranks 1-10 (`h3e3`) as Fairy-Stockfish and pyffish write them.

use crate::Square;
use crate::moves::Move;
use crate::notation::{NotationError, NotationErrorKind};
use crate::position::Position;
use board_geometry::NotationErrorKind as GeoKind;
use board_geometry::notation::iccs as geo_iccs;

/// The rank convention (0-9 or 1-10), defined with the coordinates in board-geometry.
pub use board_geometry::notation::iccs::RankBase;

/// Writes a point as file letter and rank ([`board_geometry::notation::iccs`]).
pub fn format_square(sq: Square, base: RankBase) -> String {
    geo_iccs::format_in(sq, base)
}

/// Writes a move in lower-case UCCI form.
pub fn format_move(mv: Move, base: RankBase) -> String {
    format!(
        "{}{}",
        format_square(mv.from, base),
        format_square(mv.to, base)
    )
}

/// Reads the point that starts at byte `at` of a move text and returns it with the offset
/// just after it. The points of a move are not delimited, so the point's extent is found
/// here (a file letter, then one rank digit with ranks from 0, up to two from 1) and the
/// point itself is read by [`board_geometry::notation::iccs`].
fn parse_square(s: &str, at: usize, base: RankBase) -> Result<(Square, usize), NotationError> {
    let bytes = s.as_bytes();
    let Some(&first) = bytes.get(at) else {
        return Err(NotationError::new(
            at,
            NotationErrorKind::Truncated {
                expected: "a file letter a-i",
            },
        ));
    };
    let max_digits = base.max_digits();
    let mut end = at + usize::from(first.is_ascii());
    let digits_start = end;
    while end < bytes.len() && bytes[end].is_ascii_digit() && end - digits_start < max_digits {
        end += 1;
    }
    if !first.is_ascii() {
        end = at + s[at..].chars().next().map_or(1, char::len_utf8);
    }
    let text = &s[at..end];
    geo_iccs::parse_in(text, base)
        .map(|sq| (sq, end))
        .map_err(|e| {
            let offset = at + e.at;
            let kind = match e.kind {
                GeoKind::OffBoard { .. } => NotationErrorKind::OffBoard,
                // The text of one point ended: either the move text did, or what follows is
                // not a rank digit.
                GeoKind::Truncated { expected } | GeoKind::Unexpected { expected, .. }
                    if offset >= end =>
                {
                    match s[end..].chars().next() {
                        None => NotationErrorKind::Truncated { expected },
                        Some(found) => NotationErrorKind::Unexpected { found, expected },
                    }
                }
                GeoKind::Unexpected { found, expected } => {
                    NotationErrorKind::Unexpected { found, expected }
                }
                _ => NotationErrorKind::Truncated {
                    expected: "a file letter a-i",
                },
            };
            NotationError::new(offset, kind)
        })
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
        assert_eq!("e0".parse::<Square>().unwrap().iccs_rank(), 0);
        assert!("e0x".parse::<Square>().is_err());
        assert!("j0".parse::<Square>().is_err());
    }
}
