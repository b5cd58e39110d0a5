//! The unchecked position: public fields anyone can fill in, and its SFEN text form.
//!
//! A [`Setup`] may describe an impossible position; [`crate::Position::from_setup`] checks it.

use board_core::{BySide, Side};

use crate::error::{ParseError, syntax};
use crate::types::{Hand, Kind, Piece, Square};

/// SFEN of the even-game starting position.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Board, hands, side to move and move number, with no legality guarantee.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// Pieces in hand, per side.
    pub hands: BySide<Hand>,
    /// The side to move.
    pub side_to_move: Side,
    /// The SFEN move number (1 at the start of a game).
    pub move_number: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, empty hands, Sente to move, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: BySide::new(Hand::default(), Hand::default()),
            side_to_move: Side::First,
            move_number: 1,
        }
    }

    /// The even-game start position.
    pub fn start() -> Setup {
        Setup::from_sfen(START_SFEN).expect("the start SFEN is well formed")
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Parses SFEN (`board side hands [move]`), also accepting a leading `sfen ` and the word
    /// `startpos`. Errors name the column (1-based, in characters).
    pub fn from_sfen(text: &str) -> Result<Setup, ParseError> {
        let trimmed_start = text.len() - text.trim_start().len();
        let text_t = text.trim();
        if text_t == "startpos" {
            return Setup::from_sfen(START_SFEN);
        }
        let (body, offset) = match text_t.strip_prefix("sfen ") {
            Some(rest) => (rest, trimmed_start + 5),
            None => (text_t, trimmed_start),
        };
        let fields = split_fields(body);
        let col = |byte: usize| text[..(offset + byte).min(text.len())].chars().count() + 1;
        if fields.len() < 3 {
            let at = body.len();
            return Err(syntax(
                1,
                col(at),
                "SFEN needs a board, a side to move and hands",
            ));
        }
        if fields.len() > 4 {
            return Err(syntax(
                1,
                col(fields[4].0),
                "unexpected text after the SFEN move number",
            ));
        }
        let mut setup = Setup::empty();
        parse_board(fields[0].1, &mut setup)
            .map_err(|(b, m)| syntax(1, col(fields[0].0 + b), m))?;
        setup.side_to_move = match fields[1].1 {
            "b" => Side::First,
            "w" => Side::Second,
            _ => {
                return Err(syntax(
                    1,
                    col(fields[1].0),
                    "side to move must be 'b' or 'w'",
                ));
            }
        };
        parse_hands(fields[2].1, &mut setup)
            .map_err(|(b, m)| syntax(1, col(fields[2].0 + b), m))?;
        if let Some(&(at, num)) = fields.get(3) {
            setup.move_number = num
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| syntax(1, col(at), "move number must be a positive integer"))?;
        }
        Ok(setup)
    }

    /// SFEN text with hands in the conventional order R B G S N L P, Sente first.
    pub fn to_sfen(&self) -> String {
        let mut out = String::new();
        for rank in 1..=9u8 {
            if rank > 1 {
                out.push('/');
            }
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("valid square");
                match self.board[sq.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&p.sfen());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push(' ');
        out.push(if self.side_to_move == Side::First {
            'b'
        } else {
            'w'
        });
        out.push(' ');
        out.push_str(&hands_sfen(&self.hands));
        out.push(' ');
        out.push_str(&self.move_number.to_string());
        out
    }
}

/// The SFEN hands field (`-` when both are empty).
pub fn hands_sfen(hands: &BySide<Hand>) -> String {
    let mut out = String::new();
    for side in Side::ALL {
        for kind in Kind::HAND.iter().rev() {
            let n = hands[side].count(*kind);
            if n == 0 {
                continue;
            }
            if n > 1 {
                out.push_str(&n.to_string());
            }
            out.push_str(&Piece::new(side, *kind).sfen());
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn split_fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c == ' ' || c == '\t' {
            if let Some(st) = start.take() {
                out.push((st, &s[st..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out
}

fn kind_from_letter(c: char) -> Option<(Side, Kind)> {
    let side = if c.is_ascii_uppercase() {
        Side::First
    } else {
        Side::Second
    };
    let kind = match c.to_ascii_uppercase() {
        'P' => Kind::Pawn,
        'L' => Kind::Lance,
        'N' => Kind::Knight,
        'S' => Kind::Silver,
        'G' => Kind::Gold,
        'B' => Kind::Bishop,
        'R' => Kind::Rook,
        'K' => Kind::King,
        _ => return None,
    };
    Some((side, kind))
}

fn parse_board(s: &str, setup: &mut Setup) -> Result<(), (usize, String)> {
    let mut rank = 1u8;
    let mut file = 9i32; // next file to fill, counting down
    let mut promoted_at: Option<usize> = None;
    for (i, c) in s.char_indices() {
        match c {
            '/' => {
                if promoted_at.is_some() {
                    return Err((i, "'+' must be followed by a piece letter".into()));
                }
                if file != 0 {
                    return Err((
                        i,
                        format!("rank {rank} has {} squares, expected 9", 9 - file),
                    ));
                }
                rank += 1;
                if rank > 9 {
                    return Err((i, "more than nine ranks".into()));
                }
                file = 9;
            }
            '1'..='9' => {
                if promoted_at.is_some() {
                    return Err((i, "'+' must be followed by a piece letter".into()));
                }
                file -= (c as u8 - b'0') as i32;
                if file < 0 {
                    return Err((i, format!("rank {rank} has more than nine squares")));
                }
            }
            '+' => {
                if promoted_at.is_some() {
                    return Err((i, "doubled '+'".into()));
                }
                promoted_at = Some(i);
            }
            _ => {
                let Some((side, kind)) = kind_from_letter(c) else {
                    return Err((i, format!("unexpected character {c:?} in the board")));
                };
                let kind = if promoted_at.take().is_some() {
                    kind.promoted()
                        .ok_or_else(|| (i, format!("{c} cannot be promoted")))?
                } else {
                    kind
                };
                if file < 1 {
                    return Err((i, format!("rank {rank} has more than nine squares")));
                }
                let sq = Square::new(file as u8, rank).expect("in range");
                setup.board[sq.index()] = Some(Piece::new(side, kind));
                file -= 1;
            }
        }
    }
    if promoted_at.is_some() {
        return Err((s.len(), "'+' must be followed by a piece letter".into()));
    }
    if rank != 9 || file != 0 {
        return Err((s.len(), format!("the board ends early (rank {rank})")));
    }
    Ok(())
}

fn parse_hands(s: &str, setup: &mut Setup) -> Result<(), (usize, String)> {
    if s == "-" {
        return Ok(());
    }
    let mut count: Option<(usize, u32)> = None;
    for (i, c) in s.char_indices() {
        if let Some(d) = c.to_digit(10) {
            let (st, n) = count.unwrap_or((i, 0));
            let n = n * 10 + d;
            if n > 99 {
                return Err((st, "hand count too large".into()));
            }
            count = Some((st, n));
            continue;
        }
        let Some((side, kind)) = kind_from_letter(c) else {
            return Err((i, format!("unexpected character {c:?} in the hands")));
        };
        if kind == Kind::King {
            return Err((i, "a king cannot be in hand".into()));
        }
        let n = match count.take() {
            Some((st, 0)) => return Err((st, "hand count must be positive".into())),
            Some((_, n)) => n,
            None => 1,
        };
        let slot = &mut setup.hands[side].0[kind.index()];
        let total = u32::from(*slot) + n;
        if total > u32::from(kind.full_set_count()) {
            return Err((i, format!("more {c} in hand than a set holds")));
        }
        *slot = total as u8;
    }
    if let Some((st, _)) = count {
        return Err((st, "hand count without a piece letter".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_and_garbled_sfen_never_panics() {
        let good = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 12";
        for (i, _) in good.char_indices() {
            let _ = Setup::from_sfen(&good[..i]);
        }
        // Every single-character corruption is either rejected or still a well-formed SFEN.
        for (i, _) in good.char_indices() {
            for c in ['+', '/', '9', '0', 'x', ' ', 'K', '\u{3000}'] {
                let mut s = good.to_string();
                s.replace_range(i..i + 1, &c.to_string());
                if let Ok(setup) = Setup::from_sfen(&s) {
                    assert!(Setup::from_sfen(&setup.to_sfen()).is_ok());
                }
            }
        }
    }

    #[test]
    fn start_round_trip() {
        assert_eq!(Setup::start().to_sfen(), START_SFEN);
    }

    #[test]
    fn hands_round_trip_in_canonical_order() {
        // Matsuri position from the spec: "w GR5pnsg" and "w RGgsn5p" describe the same hands.
        let a = Setup::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        )
        .unwrap();
        let b = Setup::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        assert_eq!(a, b);
        assert!(a.to_sfen().ends_with(" w RGgsn5p 1"));
    }

    #[test]
    fn errors_name_the_column() {
        let e = Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1")
            .unwrap_err();
        assert_eq!(e.column, 57);
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/9 x - 1").unwrap_err();
        assert_eq!(e.column, 19);
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/8 b - 1").unwrap_err();
        assert!(e.kind.to_string().contains("rank 9"), "{e}");
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/9 b 19P 1").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/9 b 3 1").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/+9 b - 1").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/+K8 b - 1").is_err());
        assert!(Setup::from_sfen("").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/9/9 b - 1").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/9 b - 0").is_err());
        assert!(Setup::from_sfen("９/9/9/9/9/9/9/9/9 b - 1").is_err());
    }
}
