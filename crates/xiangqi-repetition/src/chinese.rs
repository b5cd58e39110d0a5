//! Chinese notation (`炮二平五`, `马8进7`, `前炮平四`, `中兵进一`), simplified or traditional.
//!
//! Red writes files and steps in Chinese numerals 一…九 counted from Red's right, Black in
//! digits 1…9 (ASCII on output; full-width accepted) from Black's right; 进/退/平 for
//! forward/backward/sideways. Several pieces of a kind on one file: 前/后 for two, 前/中/后 for
//! three, 一…五 from the front for four or five; when two files hold several pawns the file
//! follows the pawn (`前兵三平四`).

use crate::descriptive::{self, Described, Description, Op, Rank, Which};
use crate::moves::Move;
use crate::notation::{NotationError, NotationErrorKind};
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use board_core::{Side, numerals};
use board_geometry::notation::xiangqi_files;

/// A file or step number 1-9 as `side` writes it: 一..九 for Red, digits for Black.
fn numeral(side: Side, n: u8) -> String {
    xiangqi_files::numeral(side, n).map_or_else(|| n.to_string(), String::from)
}

/// The Chinese numeral for a count 1-9 (the position of a piece among five on a file).
fn red_numeral(n: u8) -> char {
    numerals::kanji_digit(n).unwrap_or('?')
}

fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '进',
        Op::Backward => '退',
        Op::Sideways => '平',
    }
}

/// Writes a legal move of the side to move in (simplified) Chinese notation.
pub fn format(pos: &Position, mv: Move) -> Option<String> {
    let d: Described = descriptive::describe(pos, mv)?;
    let name = Piece::new(d.side, d.kind).chinese();
    let tail = format!("{}{}", op_char(d.op), numeral(d.side, d.arg));
    Some(match d.tandem {
        None => format!("{name}{}{tail}", numeral(d.side, d.file)),
        Some((idx, count)) => {
            let prefix = match (count, idx) {
                (2 | 3, 1) => '前',
                (2 | 3, i) if i == count => '后',
                (3, _) => '中',
                (_, i) => red_numeral(i),
            };
            if d.multi_file {
                format!("{prefix}{name}{}{tail}", numeral(d.side, d.file))
            } else {
                format!("{prefix}{name}{tail}")
            }
        }
    })
}

fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => PieceKind::King,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '马' | '馬' | '傌' | '䭾' => PieceKind::Horse,
        '车' | '車' | '俥' | '硨' => PieceKind::Rook,
        '炮' | '砲' | '包' | '炰' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Pawn,
        _ => return None,
    })
}

/// A numeral 1-9 in Chinese, ASCII or full-width digits.
fn number_of(c: char) -> Option<u8> {
    board_geometry::notation::digit_value(c)
}

fn op_of(c: char) -> Option<Op> {
    Some(match c {
        '进' | '進' => Op::Forward,
        '退' => Op::Backward,
        '平' => Op::Sideways,
        _ => return None,
    })
}

/// Reads Chinese text into a description.
pub fn parse_description(text: &str) -> Result<Description, NotationError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    if chars.is_empty() {
        return Err(NotationError::new(0, NotationErrorKind::Empty));
    }
    let mut i = 0;
    let at = |i: usize| chars.get(i).map(|c| c.0).unwrap_or(text.len());
    let need = |i: usize, expected: &'static str| -> Result<char, NotationError> {
        chars.get(i).map(|c| c.1).ok_or(NotationError::new(
            at(i),
            NotationErrorKind::Truncated { expected },
        ))
    };
    let unexpected = |i: usize, expected| {
        NotationError::new(
            at(i),
            NotationErrorKind::Unexpected {
                found: chars[i].1,
                expected,
            },
        )
    };
    let c0 = need(0, "a piece name or 前/中/后")?;
    let prefix = match c0 {
        '前' => Some(Rank::Nth(1)),
        '后' | '後' => Some(Rank::Last),
        '中' => Some(Rank::Middle),
        c => match (number_of(c), chars.get(1).and_then(|x| kind_of(x.1))) {
            (Some(n), Some(_)) if n <= 5 && !c.is_ascii_digit() => Some(Rank::Nth(n)),
            _ => None,
        },
    };
    let (kind, which) = if let Some(rank) = prefix {
        i += 1;
        let c = need(i, "a piece name or a file")?;
        match kind_of(c) {
            Some(kind) => {
                i += 1;
                // Pawns on several files: the file follows the piece name.
                let c = need(i, "进, 退 or 平")?;
                if op_of(c).is_none() {
                    match number_of(c) {
                        Some(f) => {
                            i += 1;
                            (
                                kind,
                                Which::Ranked {
                                    rank,
                                    file: Some(f),
                                },
                            )
                        }
                        None => return Err(unexpected(i, "进, 退, 平 or a file")),
                    }
                } else {
                    (kind, Which::Ranked { rank, file: None })
                }
            }
            None => match number_of(c) {
                Some(f) => {
                    i += 1;
                    (
                        PieceKind::Pawn,
                        Which::Ranked {
                            rank,
                            file: Some(f),
                        },
                    )
                }
                None => return Err(unexpected(i, "a piece name")),
            },
        }
    } else {
        let kind = kind_of(c0).ok_or_else(|| unexpected(0, "a piece name such as 炮 or 马"))?;
        let c = need(1, "a file")?;
        let f = number_of(c).ok_or_else(|| unexpected(1, "a file 一-九 or 1-9"))?;
        i = 2;
        (kind, Which::File(f))
    };
    let c = need(i, "进, 退 or 平")?;
    let op = op_of(c).ok_or_else(|| unexpected(i, "进, 退 or 平"))?;
    i += 1;
    let c = need(i, "a number")?;
    let arg = number_of(c).ok_or_else(|| unexpected(i, "a number 一-九 or 1-9"))?;
    i += 1;
    if i < chars.len() {
        return Err(NotationError::new(
            at(i),
            NotationErrorKind::Trailing {
                found: text[at(i)..].to_string(),
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

/// Reads a Chinese move and finds the legal move it names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let d = parse_description(text)?;
    descriptive::resolve(pos, d, 0)
}
