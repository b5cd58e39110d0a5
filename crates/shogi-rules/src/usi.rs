//! USI move text (`7g7f`, `8h2b+`, `P*5e`) and `position startpos|sfen … moves …` commands.

use board_core::TextError;

use crate::error::{ParseError, ParseErrorKind, syntax, within};
use crate::position::Position;
use crate::setup::Setup;
use crate::types::{Kind, Move, Square};

fn usi_square(file: u8, rank: u8) -> Option<Square> {
    if !(b'1'..=b'9').contains(&file) || !(b'a'..=b'i').contains(&rank) {
        return None;
    }
    Square::new(file - b'0', rank - b'a' + 1)
}

/// Parses one USI move (syntax only; legality is the position's business).
/// Errors carry column 1-based within `text`.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let b = text.as_bytes();
    let bad = |col: usize, msg: &str| syntax(1, col, msg.to_string());
    if !text.is_ascii() {
        let col = text
            .char_indices()
            .position(|(_, c)| !c.is_ascii())
            .unwrap_or(0)
            + 1;
        return Err(bad(col, "USI moves are ASCII"));
    }
    if b.len() < 4 {
        return Err(bad(b.len() + 1, "USI move too short"));
    }
    if b[1] == b'*' {
        let kind = match b[0] {
            b'P' => Kind::Pawn,
            b'L' => Kind::Lance,
            b'N' => Kind::Knight,
            b'S' => Kind::Silver,
            b'G' => Kind::Gold,
            b'B' => Kind::Bishop,
            b'R' => Kind::Rook,
            _ => return Err(bad(1, "drop piece must be one of P L N S G B R")),
        };
        let to = usi_square(b[2], b[3]).ok_or_else(|| bad(3, "bad destination square"))?;
        if b.len() > 4 {
            return Err(bad(5, "unexpected text after the drop"));
        }
        return Ok(Move::Drop { kind, to });
    }
    let from = usi_square(b[0], b[1]).ok_or_else(|| bad(1, "bad origin square"))?;
    let to = usi_square(b[2], b[3]).ok_or_else(|| bad(3, "bad destination square"))?;
    let promote = match &b[4..] {
        [] => false,
        [b'+'] => true,
        _ => return Err(bad(5, "only '+' may follow a USI move")),
    };
    if from == to {
        return Err(bad(3, "origin and destination are the same square"));
    }
    Ok(Move::Board { from, to, promote })
}

/// USI text of a move.
pub fn format_move(mv: Move) -> String {
    match mv {
        Move::Board { from, to, promote } => {
            format!("{from}{to}{}", if promote { "+" } else { "" })
        }
        Move::Drop { kind, to } => format!("{}*{to}", kind.sfen()),
    }
}

/// A parsed `position …` command: the start setup and the moves, each with its column.
#[derive(Clone, Debug)]
pub struct PositionCommand {
    /// The start position.
    pub setup: Setup,
    /// The moves, each with the 1-based column it starts at.
    pub moves: Vec<(usize, Move)>,
}

/// Parses `[position] startpos|sfen <sfen>|<sfen> [moves m1 m2 …]`.
pub fn parse_position_command(text: &str) -> Result<PositionCommand, ParseError> {
    let mut rest = text.trim_start();
    let mut offset = text.len() - rest.len();
    if let Some(r) = rest.strip_prefix("position") {
        offset += "position".len();
        let t = r.trim_start();
        offset += r.len() - t.len();
        rest = t;
    }
    let (head, moves_part, moves_offset) = match rest.find(" moves") {
        Some(i) => (&rest[..i], Some(&rest[i + 6..]), offset + i + 6),
        None => match rest.strip_prefix("moves") {
            Some(r) => ("", Some(r), offset + 5),
            None => (rest, None, 0),
        },
    };
    let col = |byte: usize| text[..byte.min(text.len())].chars().count() + 1;
    let setup = if head.trim().is_empty() || head.trim() == "startpos" {
        Setup::start()
    } else {
        Setup::from_sfen(head).map_err(|e| within(e, 1, col(offset), ""))?
    };
    let mut moves = Vec::new();
    if let Some(mp) = moves_part {
        let mut pos = 0;
        for tok in mp.split(' ') {
            if !tok.is_empty() {
                let start = moves_offset + pos;
                let mv = parse_move(tok).map_err(|e| within(e, 1, col(start), ""))?;
                moves.push((col(start), mv));
            }
            pos += tok.len() + 1;
        }
    }
    Ok(PositionCommand { setup, moves })
}

impl Position {
    /// Parses a USI move and checks that it is legal here; an illegal one is reported with
    /// its foul, numbered with the position's move number.
    pub fn parse_usi(&self, text: &str) -> Result<Move, ParseError> {
        let mv = parse_move(text)?;
        self.check_move(mv).map_err(|foul| {
            let number = self.move_number() as usize;
            TextError::new(1, 1, ParseErrorKind::IllegalMove { number, mv, foul })
        })?;
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_moves_round_trip() {
        for t in ["7g7f", "8h2b+", "P*5e", "1a1b", "9i9h+"] {
            assert_eq!(format_move(parse_move(t).unwrap()), t);
        }
    }

    #[test]
    fn hostile_usi_is_an_error_not_a_panic() {
        for t in [
            "",
            "7g",
            "7g7",
            "0a1b",
            "7j7f",
            "K*5e",
            "P*5",
            "7g7f++",
            "7g7g",
            "７g7f",
            "P*5e+",
            "\u{0}\u{0}\u{0}\u{0}",
        ] {
            assert!(parse_move(t).is_err(), "{t:?}");
        }
        let e = parse_move("7g7z").unwrap_err();
        assert_eq!(e.column, 3);
    }

    #[test]
    fn position_command() {
        let c = parse_position_command("position startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(c.moves.len(), 2);
        assert_eq!(c.moves[1].0, 30);
        let e = parse_position_command("position startpos moves 7g7f 3c3x").unwrap_err();
        assert_eq!(e.column, 32);
        let c = parse_position_command("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b").unwrap();
        assert_eq!(c.moves.len(), 1);
        assert!(parse_position_command("position sfen 4k4/9 b - 1").is_err());
    }

    #[test]
    fn parse_usi_names_the_foul() {
        let pos = Position::start();
        assert!(pos.parse_usi("7g7f").is_ok());
        let e = pos.parse_usi("3c3d").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::IllegalMove {
                number: 1,
                foul: crate::foul::Foul::OutOfTurn,
                ..
            }
        ));
        assert!(pos.parse_usi("3c3").is_err());
    }
}

/// USI text (`7g7f`, `8h2b+`, `P*5e`).
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_move(*self))
    }
}

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        parse_move(s)
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn display_and_from_str_agree() {
        let m: Move = "8h2b+".parse().unwrap();
        assert_eq!(m.to_string(), "8h2b+");
        assert!("8h2b+x".parse::<Move>().is_err());
    }
}
