//! FEN in the xqbase/UCCI form, e.g. `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Rank 10 (Black's back rank) comes first; Red is upper case. Letters K A B N R C P, with
//! E (elephant) and H (horse) accepted as well. The side may be `w` or `r` for Red and `b` for
//! Black. Fields 3-6 are optional (`- - 0 1` assumed). An empty holdings suffix `[]` after the
//! board, as some variant programs write it, is accepted. Parsing reports every problem with
//! its byte offset.

use crate::Square;
use crate::piece::Piece;
use crate::setup::Setup;
use board_core::{Problems, Side};
use std::fmt;
use std::str::FromStr;

/// The standard opening position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// One thing wrong with a FEN string, at a byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenProblem {
    /// Byte offset in the input where the problem starts.
    pub offset: usize,
    /// What is wrong.
    pub kind: FenProblemKind,
}

/// What can be wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenProblemKind {
    /// Nothing but white space.
    Empty,
    /// The board field does not have 10 ranks separated by `/`.
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A rank describes more or fewer than 9 files (rank numbered 10 … 1 from the top as in FEN).
    FileCount {
        /// The rank, numbered 10 (top) to 1.
        rank: usize,
        /// Files it describes.
        found: usize,
    },
    /// A character that is neither a piece letter, a digit 1-9 nor `/`.
    UnknownLetter {
        /// The character.
        found: char,
    },
    /// `0` is not a valid run of empty points.
    ZeroDigit,
    /// The side field is missing.
    MissingSide,
    /// The side field is not `w`, `r` or `b`.
    BadSide {
        /// The field as given.
        found: String,
    },
    /// Fields 3 or 4 are not `-`.
    BadPlaceholder {
        /// The field as given.
        found: String,
    },
    /// A move counter is not a number.
    BadCounter {
        /// The field as given.
        found: String,
    },
    /// Fields after the sixth.
    TrailingField {
        /// The field as given.
        found: String,
    },
    /// Non-empty holdings in `[...]`.
    Holdings {
        /// What the brackets hold.
        found: String,
    },
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: ", self.offset)?;
        match &self.kind {
            FenProblemKind::Empty => write!(f, "empty FEN"),
            FenProblemKind::RankCount { found } => write!(f, "{found} ranks, expected 10"),
            FenProblemKind::FileCount { rank, found } => {
                write!(f, "rank {rank} has {found} files, expected 9")
            }
            FenProblemKind::UnknownLetter { found } => write!(f, "unknown piece letter {found:?}"),
            FenProblemKind::ZeroDigit => write!(f, "digit 0 is not a run of empty points"),
            FenProblemKind::MissingSide => write!(f, "missing side to move"),
            FenProblemKind::BadSide { found } => {
                write!(f, "side to move {found:?} is not w, r or b")
            }
            FenProblemKind::BadPlaceholder { found } => write!(f, "expected '-', found {found:?}"),
            FenProblemKind::BadCounter { found } => {
                write!(f, "move counter {found:?} is not a number")
            }
            FenProblemKind::TrailingField { found } => write!(f, "unexpected field {found:?}"),
            FenProblemKind::Holdings { found } => {
                write!(f, "xiangqi has no pieces in hand, found [{found}]")
            }
        }
    }
}

/// Every problem found in a FEN string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The problems in the order of the text.
    pub problems: Problems<FenProblem>,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.problems)
    }
}

impl std::error::Error for FenError {}

/// Splits on ASCII white space, keeping byte offsets.
fn fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() {
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

fn parse_board(base: usize, field: &str, setup: &mut Setup, problems: &mut Problems<FenProblem>) {
    let (board, holdings) = match field.find('[') {
        Some(i) => (&field[..i], Some((i, &field[i..]))),
        None => (field, None),
    };
    if let Some((i, h)) = holdings {
        let inner = h.trim_start_matches('[').trim_end_matches(']');
        if !h.ends_with(']') || !inner.is_empty() {
            problems.push(FenProblem {
                offset: base + i,
                kind: FenProblemKind::Holdings {
                    found: inner.to_string(),
                },
            });
        }
    }
    let ranks: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = 0;
        for (i, c) in board.char_indices() {
            if c == '/' {
                v.push((start, &board[start..i]));
                start = i + 1;
            }
        }
        v.push((start, &board[start..]));
        v
    };
    if ranks.len() != 10 {
        problems.push(FenProblem {
            offset: base,
            kind: FenProblemKind::RankCount { found: ranks.len() },
        });
    }
    for (y, (off, text)) in ranks.iter().enumerate() {
        let mut x = 0usize;
        for (i, c) in text.char_indices() {
            let at = base + off + i;
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    problems.push(FenProblem {
                        offset: at,
                        kind: FenProblemKind::ZeroDigit,
                    });
                }
                x += d as usize;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if y < 10 && x < 9 {
                    setup.board[y * 9 + x] = Some(p);
                }
                x += 1;
            } else {
                problems.push(FenProblem {
                    offset: at,
                    kind: FenProblemKind::UnknownLetter { found: c },
                });
                x += 1;
            }
        }
        if x != 9 {
            problems.push(FenProblem {
                offset: base + off,
                kind: FenProblemKind::FileCount {
                    rank: 10usize.saturating_sub(y),
                    found: x,
                },
            });
        }
    }
}

impl FromStr for Setup {
    type Err = FenError;

    /// Parses a FEN; the result may still be an illegal position (see [`crate::Position`]).
    fn from_str(s: &str) -> Result<Setup, FenError> {
        let mut setup = Setup::default();
        let mut problems = Problems::new();
        let f = fields(s);
        if f.is_empty() {
            return Err(FenError {
                problems: Problems::from_iter([FenProblem {
                    offset: 0,
                    kind: FenProblemKind::Empty,
                }]),
            });
        }
        parse_board(f[0].0, f[0].1, &mut setup, &mut problems);
        match f.get(1) {
            None => problems.push(FenProblem {
                offset: s.len(),
                kind: FenProblemKind::MissingSide,
            }),
            Some(&(off, side)) => match side {
                "w" | "r" | "W" | "R" => setup.turn = Side::First,
                "b" | "B" => setup.turn = Side::Second,
                _ => problems.push(FenProblem {
                    offset: off,
                    kind: FenProblemKind::BadSide {
                        found: side.to_string(),
                    },
                }),
            },
        }
        for &(off, text) in f.iter().skip(2).take(2) {
            if text != "-" {
                problems.push(FenProblem {
                    offset: off,
                    kind: FenProblemKind::BadPlaceholder {
                        found: text.to_string(),
                    },
                });
            }
        }
        if let Some(&(off, text)) = f.get(4) {
            match text.parse::<u32>() {
                Ok(n) => setup.halfmove_clock = n,
                Err(_) => problems.push(FenProblem {
                    offset: off,
                    kind: FenProblemKind::BadCounter {
                        found: text.to_string(),
                    },
                }),
            }
        }
        if let Some(&(off, text)) = f.get(5) {
            match text.parse::<u32>() {
                Ok(n) => setup.fullmove_number = n.max(1),
                Err(_) => problems.push(FenProblem {
                    offset: off,
                    kind: FenProblemKind::BadCounter {
                        found: text.to_string(),
                    },
                }),
            }
        }
        for &(off, text) in f.iter().skip(6) {
            problems.push(FenProblem {
                offset: off,
                kind: FenProblemKind::TrailingField {
                    found: text.to_string(),
                },
            });
        }
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(FenError { problems })
        }
    }
}

/// Writes the board field only (`rnbakabnr/9/…`).
pub fn board_fen(setup: &Setup) -> String {
    let mut out = String::with_capacity(90);
    for y in 0..10 {
        if y > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for x in 0..9 {
            match setup.board[y * 9 + x] {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
    out
}

impl fmt::Display for Setup {
    /// Full six-field FEN with `w`/`b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        write!(
            f,
            "{} {} - - {} {}",
            board_fen(self),
            side,
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

/// The point named by a FEN board index, used in messages.
pub fn square_name(index: usize) -> String {
    Square::from_index(index)
        .map(|s| s.to_string())
        .unwrap_or_else(|| "?".into())
}
