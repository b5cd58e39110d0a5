//! The structure shared by WXF and Chinese notation: which piece (by file, or by its place
//! among several of a kind on one file), which way it moves, and the file or step count.
//!
//! Files are numbered 1-9 from each player's own right; "forward" is towards the opponent.
//! Rooks, cannons, pawns and the king give a number of steps when moving forward or
//! backward; horses, elephants and advisors give the destination file.

use crate::Square;
use crate::legality::IllegalReason;
use crate::moves::Move;
use crate::notation::{NotationError, NotationErrorKind};
use crate::piece::PieceKind;
use crate::position::Position;
use board_core::Side;

/// Direction of a move as the notations name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// 进: towards the opponent.
    Forward,
    /// 退: towards the own side.
    Backward,
    /// 平: along the rank.
    Sideways,
}

/// How a notation picks one of several pieces of a kind standing on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// 1-based, counted from the front (the piece nearest the opponent).
    Nth(u8),
    /// The rearmost.
    Last,
    /// The middle one of three (or five).
    Middle,
    /// WXF `+`: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `-`: the rear one of two or three, the second-last of four or five.
    WxfMinus,
}

/// Which piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The piece on this file (own numbering 1-9); several on the file make it ambiguous,
    /// except that pawns use the file for the middle one of an odd number.
    File(u8),
    /// A place among the pieces on one file; the file is given when several files hold
    /// more than one such piece.
    Ranked {
        /// The place on the shared file.
        rank: Rank,
        /// The file, written when several files hold such pieces.
        file: Option<u8>,
    },
}

/// A parsed move description, independent of the script it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Description {
    /// The kind of the moving piece.
    pub kind: PieceKind,
    /// Which piece of that kind: by file or by its place on a shared file.
    pub which: Which,
    /// The direction word (进 退 平).
    pub op: Op,
    /// The number after the direction: a file for 平 and diagonal movers, else a step count.
    pub arg: u8,
}

/// Own file number (1-9 from the side's right) of a point.
pub fn own_file(side: Side, sq: Square) -> u8 {
    sq.file_number(side)
}

/// ICCS file (0 = `a`) of an own file number.
fn iccs_file(side: Side, own: u8) -> u8 {
    // Callers check `own` is 1-9 first; 9 (off the board) otherwise.
    board_geometry::xiangqi::column_of_file_number(side, own).unwrap_or(9)
}

/// Ranks moved forward (positive) from `from` to `to` for `side`.
fn forward_steps(side: Side, from: Square, to: Square) -> i32 {
    let d = to.iccs_rank() as i32 - from.iccs_rank() as i32;
    if side == Side::First { d } else { -d }
}

fn straight_mover(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn
    )
}

/// Pieces of `side` and `kind` on the given ICCS file, front first.
fn on_file(pos: &Position, side: Side, kind: PieceKind, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = pos
        .pieces(side, kind)
        .iter()
        .filter(|s| s.x() == file)
        .collect();
    // Front = nearest the opponent: highest rank for Red, lowest for Black.
    v.sort_by_key(|s| {
        if side == Side::First {
            -(s.iccs_rank() as i32)
        } else {
            s.iccs_rank() as i32
        }
    });
    v
}

/// How a legal move is described: the file or the place among tandem pieces, and whether
/// other files also hold several pawns (then the file is named too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    /// The kind of the moving piece.
    pub kind: PieceKind,
    /// The side that moves.
    pub side: Side,
    /// Own file number of the origin.
    pub file: u8,
    /// `(index from the front, 1-based; count)` when several pieces share the file.
    pub tandem: Option<(u8, u8)>,
    /// Several files hold more than one pawn of the side.
    pub multi_file: bool,
    /// The direction word (进 退 平).
    pub op: Op,
    /// The number after the direction: a file for 平 and diagonal movers, else a step count.
    pub arg: u8,
}

/// Describes a legal move of the side to move.
pub fn describe(pos: &Position, mv: Move) -> Option<Described> {
    let piece = pos.piece_at(mv.from)?;
    let side = piece.side;
    let kind = piece.kind;
    let steps = forward_steps(side, mv.from, mv.to);
    let (op, arg) = if steps == 0 {
        (Op::Sideways, own_file(side, mv.to))
    } else {
        let op = if steps > 0 { Op::Forward } else { Op::Backward };
        let arg = if straight_mover(kind) {
            steps.unsigned_abs() as u8
        } else {
            own_file(side, mv.to)
        };
        (op, arg)
    };
    let same = on_file(pos, side, kind, mv.from.x());
    let tandem = if same.len() >= 2 {
        let idx = same.iter().position(|&s| s == mv.from)? as u8 + 1;
        Some((idx, same.len() as u8))
    } else {
        None
    };
    let multi_file = kind == PieceKind::Pawn
        && (0..9)
            .filter(|&f| on_file(pos, side, kind, f).len() >= 2)
            .count()
            >= 2;
    Some(Described {
        kind,
        side,
        file: own_file(side, mv.from),
        tandem,
        multi_file,
        op,
        arg,
    })
}

fn rank_matches(rank: Rank, idx: u8, count: u8) -> bool {
    match rank {
        Rank::Nth(n) => n == idx,
        Rank::Last => idx == count,
        Rank::Middle => count % 2 == 1 && count >= 3 && idx == count.div_ceil(2),
        Rank::WxfPlus => {
            if count <= 3 {
                idx == 1
            } else {
                idx == 2
            }
        }
        Rank::WxfMinus => {
            if count <= 3 {
                idx == count
            } else {
                idx == count - 1
            }
        }
    }
}

/// The destination named by a description for a piece on `from`, if it exists on the board
/// and has the shape the piece kind needs.
fn destination(side: Side, kind: PieceKind, from: Square, op: Op, arg: u8) -> Option<Square> {
    if !(1..=9).contains(&arg) {
        return None;
    }
    let dir: i32 = if side == Side::First { 1 } else { -1 };
    let (fx, fr) = (from.x() as i32, from.iccs_rank() as i32);
    let (tx, tr) = match op {
        Op::Sideways => {
            if !(1..=9).contains(&arg) {
                return None;
            }
            (iccs_file(side, arg) as i32, fr)
        }
        Op::Forward | Op::Backward => {
            let sign = if op == Op::Forward { dir } else { -dir };
            if straight_mover(kind) {
                if arg == 0 {
                    return None;
                }
                (fx, fr + sign * arg as i32)
            } else {
                let tx = iccs_file(side, arg) as i32;
                let dx = (tx - fx).abs();
                let dr = match (kind, dx) {
                    (PieceKind::Horse, 1) => 2,
                    (PieceKind::Horse, 2) => 1,
                    (PieceKind::Elephant, 2) => 2,
                    (PieceKind::Advisor, 1) => 1,
                    _ => return None,
                };
                (tx, fr + sign * dr)
            }
        }
    };
    if !(0..9).contains(&tx) || !(0..10).contains(&tr) {
        return None;
    }
    Square::from_iccs(tx as u8, tr as u8)
}

/// Finds the legal move a description names in `pos` (for the side to move).
pub fn resolve(pos: &Position, d: Description, offset: usize) -> Result<Move, NotationError> {
    let side = pos.side_to_move();
    let err = |kind| NotationError::new(offset, kind);
    let mut candidates: Vec<Square> = Vec::new();
    match d.which {
        Which::File(f) => {
            if !(1..=9).contains(&f) {
                return Err(err(NotationErrorKind::OffBoard));
            }
            let same = on_file(pos, side, d.kind, iccs_file(side, f));
            // Pawns name the middle one of an odd number by its file.
            if d.kind == PieceKind::Pawn && same.len() >= 3 && same.len() % 2 == 1 {
                candidates.push(same[same.len() / 2]);
            } else {
                candidates.extend(same);
            }
        }
        Which::Ranked { rank, file } => {
            let files: Vec<u8> = match file {
                Some(f) if (1..=9).contains(&f) => vec![iccs_file(side, f)],
                Some(_) => return Err(err(NotationErrorKind::OffBoard)),
                None => (0..9).collect(),
            };
            for f in files {
                let same = on_file(pos, side, d.kind, f);
                if same.len() < 2 {
                    continue;
                }
                let count = same.len() as u8;
                for (i, s) in same.iter().enumerate() {
                    if rank_matches(rank, i as u8 + 1, count) {
                        candidates.push(*s);
                    }
                }
            }
        }
    }
    if candidates.is_empty() {
        return Err(err(NotationErrorKind::NoSuchPiece));
    }
    let moves: Vec<Move> = candidates
        .iter()
        .filter_map(|&from| {
            destination(side, d.kind, from, d.op, d.arg).map(|to| Move::new(from, to))
        })
        .collect();
    let legal: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_legal(m)).collect();
    match legal.len() {
        1 => Ok(legal[0]),
        0 => match moves.first() {
            Some(&m) => Err(err(NotationErrorKind::Illegal(
                pos.check_move(m).err().unwrap_or(IllegalReason::WrongShape),
            ))),
            None => Err(err(NotationErrorKind::Illegal(IllegalReason::WrongShape))),
        },
        n => Err(err(NotationErrorKind::Ambiguous { candidates: n })),
    }
}
