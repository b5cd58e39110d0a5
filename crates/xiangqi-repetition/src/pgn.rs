//! Xiangqi PGN (xqbase "中国象棋电脑应用规范(三)：PGN文件格式"): tags such as
//! `[Game "Chinese Chess"]`, `[Red "…"]`, `[Black "…"]`, `[FEN "…"]`, `[Format "ICCS"|"WXF"|"Chinese"]`
//! (and `"ICCS1"`, this crate's name for ICCS with ranks 1-10 as Fairy-Stockfish writes it, so
//! such a file reads back as it was written)
//! and movetext in any of those notations, with move numbers, `{comments}`, `;` comments,
//! `(variations)` (skipped), `$n` glyphs and a result `1-0`, `0-1`, `1/2-1/2` or `*`.
//! The result ends the game: a move written after it is an error
//! ([`PgnErrorKind::AfterResult`]), never played or judged.

use crate::iccs::RankBase;
use crate::moves::Move;
use crate::notation::{self, Notation, NotationError};
use crate::position::Position;
use std::fmt;

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (`FEN` tag or the start position).
    pub start: Position,
    /// The moves of the main line, checked for legality.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl Game {
    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a PGN text, at a line and column (1-based, columns in characters):
/// board-core's positioned text error with a PGN kind.
pub type PgnError = board_core::TextError<PgnErrorKind>;

/// What can be wrong with a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A tag line that is not `[Name "value"]`.
    BadTag,
    /// The FEN tag is not a legal position.
    BadFen(String),
    /// `{` or `(` without its closing partner.
    Unclosed(char),
    /// A move that cannot be read or played, with its ply number.
    Move {
        /// 1-based ply of the move.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it could not be read or played.
        error: NotationError,
    },
    /// An unknown `Format` tag value.
    UnknownFormat(String),
    /// A move or other token after the result token: the game has ended there, so what
    /// follows is neither played nor judged (a second game, or moves written after the
    /// end by mistake).
    AfterResult {
        /// The result token that ended the movetext.
        result: String,
        /// The first token found after it.
        text: String,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::BadTag => write!(f, "malformed tag, expected [Name \"value\"]"),
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::Unclosed(c) => write!(f, "unclosed {c:?}"),
            PgnErrorKind::Move { ply, text, error } => match &error.kind {
                crate::NotationErrorKind::Illegal(r) => {
                    write!(f, "ply {ply} ({text:?}): illegal move: {r}")
                }
                _ => write!(f, "ply {ply} ({text:?}): {error}"),
            },
            PgnErrorKind::UnknownFormat(v) => {
                write!(f, "unknown Format {v:?} (ICCS, ICCS1, WXF or Chinese)")
            }
            PgnErrorKind::AfterResult { result, text } => write!(
                f,
                "{text:?} after the result {result}: the game ends at its result (one game per text)"
            ),
        }
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Reads one game; moves are checked for legality as they are played. Only comments may
/// follow the result token.
pub fn read(text: &str) -> Result<Game, PgnError> {
    let err = |byte: usize, kind| PgnError::at_byte(text, byte, kind);
    let mut tags = Vec::new();
    let mut offset = 0;
    let mut body_start = text.len();
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.is_empty() {
            offset += line.len();
            continue;
        }
        if t.starts_with('[') {
            let lead = line.len() - line.trim_start().len();
            match parse_tag(t) {
                Some(tag) => tags.push(tag),
                None => return Err(err(offset + lead, PgnErrorKind::BadTag)),
            }
            offset += line.len();
        } else {
            body_start = offset;
            break;
        }
    }
    let find = |name: &str| {
        tags.iter()
            .find(|(k, _): &&(String, String)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    };
    let start = match find("FEN") {
        Some(fen) => {
            Position::from_fen(&fen).map_err(|e| err(0, PgnErrorKind::BadFen(e.to_string())))?
        }
        None => Position::start(),
    };
    let notation = match find("Format") {
        None => None,
        Some(f) => match f.to_ascii_uppercase().as_str() {
            "ICCS" | "UCCI" => Some(Notation::Iccs(RankBase::Zero)),
            "ICCS1" => Some(Notation::Iccs(RankBase::One)),
            "WXF" | "AXF" => Some(Notation::Wxf),
            "CHINESE" | "中文" => Some(Notation::Chinese),
            _ => return Err(err(0, PgnErrorKind::UnknownFormat(f))),
        },
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut result = String::from("*");
    // The result token, once read: nothing but comments may follow it.
    let mut ended = false;
    let body = &text[body_start..];
    let bytes: Vec<(usize, char)> = body.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        let (at, c) = bytes[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        match c {
            '{' | '(' => {
                let close = if c == '{' { '}' } else { ')' };
                let mut depth = 0;
                let mut j = i;
                loop {
                    if j >= bytes.len() {
                        return Err(err(body_start + at, PgnErrorKind::Unclosed(c)));
                    }
                    let ch = bytes[j].1;
                    if ch == c {
                        depth += 1;
                    } else if ch == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    j += 1;
                }
                i = j + 1;
            }
            ';' => {
                while i < bytes.len() && bytes[i].1 != '\n' {
                    i += 1;
                }
            }
            _ => {
                let mut j = i;
                while j < bytes.len()
                    && !bytes[j].1.is_whitespace()
                    && !matches!(bytes[j].1, '{' | '(' | ';')
                {
                    j += 1;
                }
                let end = bytes.get(j).map(|b| b.0).unwrap_or(body.len());
                let token = &body[at..end];
                i = j;
                if ended {
                    return Err(err(
                        body_start + at,
                        PgnErrorKind::AfterResult {
                            result,
                            text: token.to_string(),
                        },
                    ));
                }
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    ended = true;
                    result = token.to_string();
                    continue;
                }
                if token.starts_with('$') {
                    continue;
                }
                // Strip a move number prefix such as `12.` or `12...` (but `33.4` is a WXF
                // move of the middle pawn on file 3).
                let after_digits = token.trim_start_matches(|ch: char| ch.is_ascii_digit());
                let rest = after_digits.trim_start_matches('.');
                let is_number = after_digits.starts_with('.')
                    && after_digits.len() < token.len()
                    && !(rest.len() == 1 && rest.as_bytes()[0].is_ascii_digit());
                let mv_text = if is_number { rest } else { token };
                let mv_text = mv_text.trim_end_matches(['!', '?', '#']);
                if mv_text.is_empty() {
                    continue;
                }
                let mv_at = body_start + end - mv_text.len();
                let parsed = match notation {
                    Some(n) => n.parse(&pos, mv_text),
                    None => notation::parse_any(&pos, mv_text, RankBase::Zero),
                };
                match parsed {
                    Ok(mv) => {
                        pos.play_unchecked(mv);
                        moves.push(mv);
                    }
                    Err(error) => {
                        return Err(err(
                            mv_at,
                            PgnErrorKind::Move {
                                ply: moves.len() + 1,
                                text: mv_text.to_string(),
                                error,
                            },
                        ));
                    }
                }
            }
        }
    }
    if let Some(r) = find("Result") {
        if result == "*" {
            result = r;
        }
    }
    Ok(Game {
        tags,
        start,
        moves,
        result,
    })
}

/// Writes a game: the seven xqbase tags first, `FEN` when not the start position, a
/// `Format` tag naming the notation, then numbered movetext wrapped at 80 columns.
pub fn write(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let get = |n: &str| game.tag(n).unwrap_or("?").to_string();
    tags.push(("Game".into(), "Chinese Chess".into()));
    for name in ["Event", "Site", "Date", "Round", "Red", "Black"] {
        tags.push((name.into(), get(name)));
    }
    tags.push(("Result".into(), game.result.clone()));
    if game.start.fen() != crate::START_FEN {
        tags.push(("FEN".into(), game.start.fen()));
    }
    let format = match notation {
        Notation::Iccs(RankBase::Zero) => "ICCS",
        Notation::Iccs(RankBase::One) => "ICCS1",
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
    };
    tags.push(("Format".into(), format.into()));
    let skip = [
        "Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format",
    ];
    for (k, v) in &game.tags {
        if !skip.iter().any(|s| s.eq_ignore_ascii_case(k)) {
            tags.push((k.clone(), v.clone()));
        }
    }
    for (k, v) in tags {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    out.push('\n');
    let texts = crate::movelist::format_moves(&game.start, &game.moves, notation);
    let mut line = String::new();
    let black_first = game.start.side_to_move() == board_core::Side::Second;
    let mut number = game.start.fullmove_number();
    let mut tokens = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let red_move = (i % 2 == 0) != black_first;
        if red_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(t.clone());
        if !red_move {
            number += 1;
        }
    }
    tokens.push(game.result.clone());
    for t in tokens {
        if !line.is_empty() && line.chars().count() + 1 + t.chars().count() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
