//! Legal move generation and bulk counting.
//!
//! Legality without making moves: a move of a non-king piece is legal when the side is not in
//! check, the piece is not a blocker of a line, screen or horse leg aimed at its own king
//! ([`Position::pinned`]) and the move does not land on an empty point between an enemy cannon
//! and the king. Every other move (king moves, blocker moves, evasions) is checked by
//! recomputing the attacks on the king with the changed occupancy. Counting the legal moves of
//! the unpinned pieces is then a population count.

use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Square;
use crate::tables::{self, ADVISOR, KING, PAWN};

const K: usize = PieceKind::King as usize;
const A: usize = PieceKind::Advisor as usize;
const E: usize = PieceKind::Elephant as usize;
const H: usize = PieceKind::Horse as usize;
const R: usize = PieceKind::Rook as usize;
const C: usize = PieceKind::Cannon as usize;
const P: usize = PieceKind::Pawn as usize;

/// Game state as far as move generation can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check and has no legal move: it has lost too (困毙).
    Stalemate,
}

#[inline(always)]
fn push_targets(list: &mut MoveList, from: usize, mut targets: u128) {
    let f = Square::from_index_unchecked(from as u8);
    while targets != 0 {
        let t = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        list.push(Move::new(f, Square::from_index_unchecked(t)));
    }
}

impl Position {
    /// Pseudo-legal destinations of the piece on `from` (own pieces excluded); legality with
    /// respect to the own king is not checked.
    #[inline(always)]
    pub(crate) fn targets_from(&self, from: usize) -> u128 {
        let code = self.board[from];
        if code == 0 {
            return 0;
        }
        let side = ((code - 1) / 7) as usize;
        let kind = ((code - 1) % 7) as usize;
        self.targets_of(side, kind, from)
    }

    #[inline(always)]
    pub(crate) fn targets_of(&self, side: usize, kind: usize, from: usize) -> u128 {
        let own = self.colour[side];
        let t = match kind {
            K => KING[from],
            A => ADVISOR[from],
            E => tables::elephant(from, self.occ),
            H => tables::horse(from, self.occ),
            R => tables::rook(from, self.occ, self.rot),
            C => {
                (tables::rook(from, self.occ, self.rot) & !self.occ)
                    | (tables::cannon_captures(from, self.occ, self.rot) & self.colour[side ^ 1])
            }
            _ => PAWN[side][from],
        };
        t & !own
    }

    /// Pseudo-legal moves: every move obeying the piece's movement rule, whether or not it
    /// leaves the own king attacked.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = self.turn.index();
        let mut own = self.colour[us];
        while own != 0 {
            let s = own.trailing_zeros() as usize;
            own &= own - 1;
            push_targets(&mut list, s, self.targets_from(s));
        }
        list
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        if self.is_check() {
            let mut own = self.colour[us];
            while own != 0 {
                let s = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut t = self.targets_from(s);
                while t != 0 {
                    let to = t.trailing_zeros() as usize;
                    t &= t - 1;
                    if self.safe_after(s, to) {
                        list.push(Move::new(
                            Square::from_index_unchecked(s as u8),
                            Square::from_index_unchecked(to as u8),
                        ));
                    }
                }
            }
            return list;
        }
        let (blockers, danger) = self.king_threats(us);
        for kind in A..=P {
            let mut bb = self.pieces[us][kind];
            while bb != 0 {
                let s = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let t = self.targets_of(us, kind, s);
                if blockers & (1u128 << s) == 0 {
                    push_targets(&mut list, s, t & !danger);
                } else {
                    let mut t = t;
                    while t != 0 {
                        let to = t.trailing_zeros() as usize;
                        t &= t - 1;
                        if self.safe_after(s, to) {
                            list.push(Move::new(
                                Square::from_index_unchecked(s as u8),
                                Square::from_index_unchecked(to as u8),
                            ));
                        }
                    }
                }
            }
        }
        let mut t = self.targets_of(us, K, k);
        while t != 0 {
            let to = t.trailing_zeros() as usize;
            t &= t - 1;
            if self.safe_after(k, to) {
                list.push(Move::new(
                    Square::from_index_unchecked(k as u8),
                    Square::from_index_unchecked(to as u8),
                ));
            }
        }
        list
    }

    /// Number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        let mut n = 0u64;
        if self.is_check() {
            let mut own = self.colour[us];
            while own != 0 {
                let s = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut t = self.targets_from(s);
                while t != 0 {
                    let to = t.trailing_zeros() as usize;
                    t &= t - 1;
                    n += self.safe_after(s, to) as u64;
                }
            }
            return n;
        }
        let (blockers, danger) = self.king_threats(us);
        for kind in A..=P {
            let mut bb = self.pieces[us][kind];
            while bb != 0 {
                let s = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let t = self.targets_of(us, kind, s);
                if blockers & (1u128 << s) == 0 {
                    n += (t & !danger).count_ones() as u64;
                } else {
                    let mut t = t;
                    while t != 0 {
                        let to = t.trailing_zeros() as usize;
                        t &= t - 1;
                        n += self.safe_after(s, to) as u64;
                    }
                }
            }
        }
        let mut t = self.targets_of(us, K, k);
        while t != 0 {
            let to = t.trailing_zeros() as usize;
            t &= t - 1;
            n += self.safe_after(k, to) as u64;
        }
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `mv` obeys the movement rule of the piece of the side to move on `mv.from`.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let from = mv.from.index();
        let code = self.board[from];
        if code == 0 || ((code - 1) / 7) as usize != self.turn.index() {
            return false;
        }
        self.targets_from(from) & mv.to.bit() != 0
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && self.safe_after(mv.from.index(), mv.to.index())
    }

    /// Checkmate, stalemate (both lost for the side to move) or neither.
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.is_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    pub fn is_checkmate(&self) -> bool {
        self.status() == Status::Checkmate
    }

    pub fn is_stalemate(&self) -> bool {
        self.status() == Status::Stalemate
    }

    /// Whether the legal move `mv` gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.checks_after(mv.from.index(), mv.to.index())
    }
}
