//! WXF notation (`C2.5`, `H8+7`, `R+.3`, `P3.4`, `3+.4`, `++.4`).
//!
//! Letters K A E H R C P (B and N are accepted for elephant and horse). The second
//! character is the file (1-9 from the mover's right) or `+`/`-` for the front/rear of two
//! pieces of a kind on one file. Then `+` forward, `-` backward, `.` or `=` sideways, and the
//! destination file or the number of steps. Several pawns on one file: `P+`, `P<file>`
//! (middle), `P-` for three; `++`, `P+`, `P<file>`, `P-`, `--` for four or five; when two files
//! hold several pawns the letter is replaced by the file (`3+.4`, `33.4`, `3-.4`).

use crate::descriptive::{self, Described, Description, Op, Rank, Which};
use crate::moves::Move;
use crate::notation::{NotationError, NotationErrorKind};
use crate::piece::PieceKind;
use crate::position::Position;

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '+',
        Op::Backward => '-',
        Op::Sideways => '.',
    }
}

/// Writes a legal move of the side to move in WXF notation.
pub fn format(pos: &Position, mv: Move) -> Option<String> {
    let d: Described = descriptive::describe(pos, mv)?;
    let letter = d.kind.wxf_char();
    let file = char::from(b'0' + d.file);
    let head: String = match d.tandem {
        None => format!("{letter}{file}"),
        Some((idx, count)) => {
            let pawn = d.kind == PieceKind::Pawn;
            let lead = if pawn && d.multi_file { file } else { letter };
            let mark = if count <= 3 {
                if idx == 1 {
                    "+".to_string()
                } else if idx == count {
                    "-".to_string()
                } else {
                    file.to_string()
                }
            } else if idx == 1 {
                return Some(format!("++{}{}", op_char(d.op), d.arg));
            } else if idx == count {
                return Some(format!("--{}{}", op_char(d.op), d.arg));
            } else if idx == 2 {
                "+".into()
            } else if idx == count - 1 {
                "-".into()
            } else {
                file.to_string()
            };
            format!("{lead}{mark}")
        }
    };
    Some(format!("{head}{}{}", op_char(d.op), d.arg))
}

fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => PieceKind::King,
        'A' => PieceKind::Advisor,
        'E' | 'B' => PieceKind::Elephant,
        'H' | 'N' => PieceKind::Horse,
        'R' => PieceKind::Rook,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Pawn,
        _ => return None,
    })
}

/// Reads WXF text into a description (no position needed).
pub fn parse_description(text: &str) -> Result<Description, NotationError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    if chars.is_empty() {
        return Err(NotationError::new(0, NotationErrorKind::Empty));
    }
    if chars.len() < 4 {
        return Err(NotationError::new(
            text.len(),
            NotationErrorKind::Truncated {
                expected: "four characters such as C2.5",
            },
        ));
    }
    let at = |i: usize| chars[i].0;
    let unexpected = |i: usize, expected| {
        NotationError::new(
            at(i),
            NotationErrorKind::Unexpected {
                found: chars[i].1,
                expected,
            },
        )
    };
    let digit = |c: char| c.to_digit(10).map(|d| d as u8);
    let (c0, c1) = (chars[0].1, chars[1].1);
    let (kind, which) = match (kind_of(c0), digit(c0)) {
        (Some(kind), _) => {
            let which = match c1 {
                '+' => Which::Ranked {
                    rank: Rank::WxfPlus,
                    file: None,
                },
                '-' => Which::Ranked {
                    rank: Rank::WxfMinus,
                    file: None,
                },
                _ => match digit(c1) {
                    Some(f) if (1..=9).contains(&f) => Which::File(f),
                    _ => return Err(unexpected(1, "a file 1-9 or + or -")),
                },
            };
            (kind, which)
        }
        (None, Some(f)) if (1..=9).contains(&f) => {
            let rank = match c1 {
                '+' => Rank::WxfPlus,
                '-' => Rank::WxfMinus,
                c if digit(c) == Some(f) => Rank::Middle,
                _ => return Err(unexpected(1, "+, - or the same file digit")),
            };
            (
                PieceKind::Pawn,
                Which::Ranked {
                    rank,
                    file: Some(f),
                },
            )
        }
        (None, _) if (c0 == '+' || c0 == '-') && c1 == c0 => {
            let rank = if c0 == '+' { Rank::Nth(1) } else { Rank::Last };
            (PieceKind::Pawn, Which::Ranked { rank, file: None })
        }
        _ => return Err(unexpected(0, "a piece letter K A E H R C P")),
    };
    let op = match chars[2].1 {
        '+' => Op::Forward,
        '-' => Op::Backward,
        '.' | '=' => Op::Sideways,
        _ => return Err(unexpected(2, "+, - or .")),
    };
    let arg = match digit(chars[3].1) {
        Some(a) if a >= 1 => a,
        _ => return Err(unexpected(3, "a digit 1-9")),
    };
    if chars.len() > 4 {
        return Err(NotationError::new(
            at(4),
            NotationErrorKind::Trailing {
                found: text[at(4)..].to_string(),
            },
        ));
    }
    Ok(Description {
        kind,
        which,
        op,
        arg,
    })
}

/// Reads a WXF move and finds the legal move it names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let d = parse_description(text)?;
    descriptive::resolve(pos, d, 0)
}
