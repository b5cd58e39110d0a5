//! The JSA move notation (棋譜の表記方法, <https://www.shogi.or.jp/faq/kihuhyouki.html>) used
//! by KI2: destination, piece, then relative position (右 左 直) and movement (上 寄 引)
//! only when needed, then 成 / 不成 / 打.
//!
//! Rules implemented: movement words are tried first, then position words, then both
//! (`左上`); 直 only for gold-like pieces and silvers moving one square straight forward; 竜
//! and 馬 never use 直; nothing is added when one piece can reach the square; 打 only when a
//! board piece of the same kind could also move there; 成/不成 whenever promotion is optional,
//! 成 when forced.

use board_core::Side;
use board_geometry::notation::shogi::Style;

use crate::error::{ParseError, syntax};
use crate::kanji;
use crate::position::Position;
use crate::types::{Kind, Move, Square};

/// Movement relative to the mover: forward (上), sideways (寄) or backward (引).
fn movement(side: Side, from: Square, to: Square) -> char {
    let fwd = i32::from(to.relative_rank(side)) - i32::from(from.relative_rank(side));
    match fwd.signum() {
        -1 => '上',
        0 => '寄',
        _ => '引',
    }
}

/// Larger is further to the mover's right.
fn rightness(side: Side, sq: Square) -> i32 {
    match side {
        Side::First => 10 - i32::from(sq.file()),
        Side::Second => i32::from(sq.file()),
    }
}

fn straight(side: Side, from: Square, to: Square) -> bool {
    from.file() == to.file() && to.relative_rank(side) + 1 == from.relative_rank(side)
}

fn uses_straight(kind: Kind) -> bool {
    kind.is_gold_like() || kind == Kind::Silver
}

fn position_word(side: Side, kind: Kind, mine: Square, set: &[Square], to: Square) -> Option<char> {
    if uses_straight(kind) && straight(side, mine, to) {
        return Some('直');
    }
    let r = rightness(side, mine);
    let others = set.iter().filter(|&&s| s != mine);
    if others.clone().all(|&s| rightness(side, s) < r) {
        return Some('右');
    }
    if others.clone().all(|&s| rightness(side, s) > r) {
        return Some('左');
    }
    None
}

/// Origins of the pieces of `kind` (current kind) that can legally move to `to`.
fn origins(pos: &Position, kind: Kind, to: Square) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for mv in pos.legal_moves().iter() {
        if let Move::Board { from, to: t, .. } = *mv
            && t == to
            && pos.piece_at(from).map(|p| p.kind) == Some(kind)
            && !out.contains(&from)
        {
            out.push(from);
        }
    }
    out
}

/// The disambiguating words (possibly empty) for a board move of `kind` from `from`.
fn modifiers(pos: &Position, kind: Kind, from: Square, to: Square) -> String {
    let side = pos.side_to_move();
    let all = origins(pos, kind, to);
    if all.len() <= 1 {
        return String::new();
    }
    let m = movement(side, from, to);
    let same: Vec<Square> = all
        .iter()
        .copied()
        .filter(|&s| movement(side, s, to) == m)
        .collect();
    if same.len() == 1 {
        return m.to_string();
    }
    if let Some(p) = position_word(side, kind, from, &all, to) {
        return p.to_string();
    }
    match position_word(side, kind, from, &same, to) {
        Some(p) => format!("{p}{m}"),
        None => m.to_string(),
    }
}

/// Whether promotion was optional for this board move (so 成/不成 must be written).
fn promotion_optional(pos: &Position, from: Square, to: Square) -> bool {
    pos.is_legal(Move::Board {
        from,
        to,
        promote: true,
    }) && pos.is_legal(Move::Board {
        from,
        to,
        promote: false,
    })
}

/// Destination text: full-width file digit and kanji rank, or 同 when it repeats the
/// previous move's destination (`same_sep` follows 同: KI2 and KIF write a full-width space
/// before a one-character piece name).
pub(crate) fn destination(
    to: Square,
    prev: Option<Square>,
    piece_name: &str,
    compact: bool,
) -> String {
    if prev == Some(to) {
        if !compact && piece_name.chars().count() == 1 {
            "同　".to_string()
        } else {
            "同".to_string()
        }
    } else {
        to.format(Style::Japanese)
    }
}

/// JSA/KI2 text of a legal move (without the ▲/△ mark). `prev` is the previous move's
/// destination (for 同). `compact` omits the full-width space after 同.
pub fn write_move(pos: &Position, mv: Move, prev: Option<Square>, compact: bool) -> String {
    match mv {
        Move::Drop { kind, to } => {
            let name = kanji::kind_name(kind);
            let board_can = !origins(pos, kind, to).is_empty();
            format!(
                "{}{}{}",
                destination(to, prev, name, compact),
                name,
                if board_can { "打" } else { "" }
            )
        }
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map(|p| p.kind).unwrap_or(Kind::Pawn);
            let name = kanji::kind_name(kind);
            let mut s = destination(to, prev, name, compact);
            s.push_str(name);
            s.push_str(&modifiers(pos, kind, from, to));
            if promote {
                s.push('成');
            } else if promotion_optional(pos, from, to) {
                s.push_str("不成");
            }
            s
        }
    }
}

/// A move read from text before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    pub side: Option<Side>,
    /// `None` for 同.
    pub to: Option<Square>,
    pub kind: Kind,
    pub modifiers: String,
    pub promote: Option<bool>,
    pub drop: bool,
    /// Characters consumed.
    pub len: usize,
}

/// Reads the notation part of a KI2/KIF move (mark, destination, piece, words, 成/不成/打).
/// Errors are at a character column within `text` (1-based).
pub(crate) fn read_written(text: &str) -> Result<Written, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let err = |i: usize, m: &str| syntax(1, i + 1, m.to_string());
    let side = chars.first().and_then(|&c| kanji::side_mark(c));
    if side.is_some() {
        i += 1;
    }
    let to = if chars.get(i) == Some(&'同') || chars.get(i) == Some(&'仝') {
        i += 1;
        while matches!(chars.get(i), Some(' ' | '　')) {
            i += 1;
        }
        None
    } else {
        let f = chars
            .get(i)
            .and_then(|&c| kanji::digit(c))
            .ok_or_else(|| err(i, "expected a file digit or 同"))?;
        let r = chars
            .get(i + 1)
            .and_then(|&c| kanji::digit(c))
            .ok_or_else(|| err(i + 1, "expected a rank"))?;
        i += 2;
        Some(Square::new(f, r).expect("digits are 1..=9"))
    };
    let rest: String = chars[i..].iter().collect();
    let (kind, n) = kanji::read_kind(&rest).ok_or_else(|| err(i, "expected a piece name"))?;
    i += n;
    let mut modifiers = String::new();
    while let Some(&c) = chars.get(i) {
        if "右左直上寄引行入".contains(c) {
            // 行 and 入 are old synonyms of 上.
            modifiers.push(if c == '行' || c == '入' { '上' } else { c });
            i += 1;
        } else {
            break;
        }
    }
    let mut promote = None;
    let mut drop = false;
    match (chars.get(i), chars.get(i + 1)) {
        (Some('不'), Some('成')) => {
            promote = Some(false);
            i += 2;
        }
        (Some('生'), _) => {
            promote = Some(false);
            i += 1;
        }
        (Some('成'), _) => {
            promote = Some(true);
            i += 1;
        }
        (Some('打'), _) => {
            drop = true;
            i += 1;
        }
        _ => {}
    }
    Ok(Written {
        side,
        to,
        kind,
        modifiers,
        promote,
        drop,
        len: i,
    })
}

/// Matches a written move against the legal moves of `pos`.
pub(crate) fn resolve(pos: &Position, w: &Written, prev: Option<Square>) -> Result<Move, String> {
    let side = pos.side_to_move();
    if let Some(s) = w.side
        && s != side
    {
        return Err(format!(
            "the move is marked for {} but {} is to move",
            crate::types::side_name(s),
            crate::types::side_name(side)
        ));
    }
    let to = match w.to.or(prev) {
        Some(t) => t,
        None => return Err("同 with no previous move".into()),
    };
    let drop = Move::Drop { kind: w.kind, to };
    if w.drop {
        if w.promote.is_some() || !w.modifiers.is_empty() {
            return Err("a drop cannot carry 成 or position words".into());
        }
        return Ok(drop);
    }
    let from_all = origins(pos, w.kind, to);
    if from_all.is_empty() {
        if w.promote.is_none()
            && w.modifiers.is_empty()
            && w.kind.index() < 7
            && w.kind != Kind::King
        {
            return Ok(drop);
        }
        return Err(format!("no {} can move to {to}", kanji::kind_name(w.kind)));
    }
    let matching: Vec<Square> = if w.modifiers.is_empty() {
        from_all.clone()
    } else {
        let exact: Vec<Square> = from_all
            .iter()
            .copied()
            .filter(|&f| modifiers(pos, w.kind, f, to) == w.modifiers)
            .collect();
        if exact.is_empty() {
            from_all
                .iter()
                .copied()
                .filter(|&f| satisfies(side, w.kind, f, to, &w.modifiers, &from_all))
                .collect()
        } else {
            exact
        }
    };
    match matching.len() {
        0 => {
            return Err(format!(
                "no {} matches {}",
                kanji::kind_name(w.kind),
                w.modifiers
            ));
        }
        1 => {}
        _ => {
            return Err(format!(
                "ambiguous: {} pieces can move to {to}; position/movement words are needed",
                matching.len()
            ));
        }
    }
    let from = matching[0];
    let promote = match w.promote {
        Some(p) => p,
        // Lenient: a forced promotion written without 成.
        None => !pos.is_legal(Move::Board {
            from,
            to,
            promote: false,
        }),
    };
    let mv = Move::Board { from, to, promote };
    if pos.is_legal(mv) {
        Ok(mv)
    } else if promote {
        Err("this move cannot promote".into())
    } else {
        Err("this piece must promote here".into())
    }
}

/// Loose reading of the words: each word must hold for the candidate.
fn satisfies(
    side: Side,
    kind: Kind,
    from: Square,
    to: Square,
    words: &str,
    all: &[Square],
) -> bool {
    words.chars().all(|c| match c {
        '上' | '寄' | '引' => movement(side, from, to) == c,
        '直' => uses_straight(kind) && straight(side, from, to),
        '右' => all
            .iter()
            .all(|&s| s == from || rightness(side, s) < rightness(side, from)),
        '左' => all
            .iter()
            .all(|&s| s == from || rightness(side, s) > rightness(side, from)),
        _ => false,
    })
}

/// Reads one KI2 move against a position.
pub fn parse_move(pos: &Position, text: &str, prev: Option<Square>) -> Result<Move, ParseError> {
    let w = read_written(text)?;
    let trailing: String = text.chars().skip(w.len).collect();
    if !trailing.trim().is_empty() {
        return Err(syntax(
            1,
            w.len + 1,
            format!("unexpected text {:?}", trailing.trim()),
        ));
    }
    resolve(pos, &w, prev).map_err(|m| syntax(1, 1, m))
}
