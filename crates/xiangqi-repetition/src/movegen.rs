//! Legal move generation and bulk counting.
//!
//! Legality without making moves: a move of a non-king piece is legal when the side is not in
//! check, the piece is not a blocker of a line, screen or horse leg aimed at its own king
//! ([`Position::pinned`]) and the move does not land on an empty point between an enemy cannon
//! and the king. Every other move (king moves, blocker moves, evasions) is checked by
//! recomputing the attacks on the king with the changed occupancy. Counting the legal moves of
//! the unpinned pieces is then a population count.

use crate::Square;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::tables::{self, ADVISOR, KING, PAWN, PAWN_FROM};

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
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
    let f = Square::from_bit(from as u32);
    while targets != 0 {
        let t = targets.trailing_zeros();
        targets &= targets - 1;
        list.push(Move::new(f, Square::from_bit(t)));
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
        let checkers = self.checkers().0;
        if checkers != 0 {
            let (any_from, to_mask) = self.evasion_masks(checkers);
            let mut own = self.colour[us];
            while own != 0 {
                let s = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut t = self.evasion_targets(s, k, any_from, to_mask);
                while t != 0 {
                    let to = t.trailing_zeros() as usize;
                    t &= t - 1;
                    if self.safe_after(s, to) {
                        list.push(Move::new(
                            Square::from_bit(s as u32),
                            Square::from_bit(to as u32),
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
                                Square::from_bit(s as u32),
                                Square::from_bit(to as u32),
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
                    Square::from_bit(k as u32),
                    Square::from_bit(to as u32),
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
        let checkers = self.checkers().0;
        if checkers != 0 {
            let (any_from, to_mask) = self.evasion_masks(checkers);
            let mut own = self.colour[us];
            while own != 0 {
                let s = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut t = self.evasion_targets(s, k, any_from, to_mask);
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

    /// Whether the side to move has at least one legal move (stops at the first one).
    pub fn has_legal_move(&self) -> bool {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        let checkers = self.checkers().0;
        if checkers != 0 {
            let (any_from, to_mask) = self.evasion_masks(checkers);
            let mut own = self.colour[us];
            while own != 0 {
                let s = own.trailing_zeros() as usize;
                own &= own - 1;
                let mut t = self.evasion_targets(s, k, any_from, to_mask);
                while t != 0 {
                    let to = t.trailing_zeros() as usize;
                    t &= t - 1;
                    if self.safe_after(s, to) {
                        return true;
                    }
                }
            }
            return false;
        }
        let (blockers, danger) = self.king_threats(us);
        for kind in A..=P {
            let mut bb = self.pieces[us][kind];
            while bb != 0 {
                let s = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let mut t = self.targets_of(us, kind, s);
                if blockers & (1u128 << s) == 0 {
                    if t & !danger != 0 {
                        return true;
                    }
                    continue;
                }
                while t != 0 {
                    let to = t.trailing_zeros() as usize;
                    t &= t - 1;
                    if self.safe_after(s, to) {
                        return true;
                    }
                }
            }
        }
        let mut t = self.targets_of(us, K, k);
        while t != 0 {
            let to = t.trailing_zeros() as usize;
            t &= t - 1;
            if self.safe_after(k, to) {
                return true;
            }
        }
        false
    }

    /// For a side in check by `checkers`: `(pieces free to move anywhere, points a
    /// non-king move must reach)`. A non-king move can only answer a check by taking the
    /// checker, standing between a rook, king or cannon and the king (a second screen
    /// for a cannon), standing on a horse's leg, or moving a cannon's screen away; a
    /// move meeting none of these for some checker leaves that check in place. The
    /// masks only narrow the candidates; each is still tested with the changed
    /// occupancy.
    #[inline]
    fn evasion_masks(&self, checkers: u128) -> (u128, u128) {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        let mut any_from = 0u128;
        let mut to_mask = 0u128;
        let mut c = checkers;
        while c != 0 {
            let s = c.trailing_zeros() as usize;
            c &= c - 1;
            let bit = 1u128 << s;
            to_mask |= bit;
            match ((self.board[s] - 1) % 7) as usize {
                R | K => to_mask |= tables::between(k, s),
                C => {
                    let between = tables::between(k, s);
                    to_mask |= between;
                    any_from |= between & self.colour[us];
                }
                H => {
                    for leap in &tables::HORSE_TO[k] {
                        if leap.targets & bit != 0 {
                            to_mask |= leap.block;
                        }
                    }
                }
                _ => {}
            }
        }
        (any_from, to_mask)
    }

    /// Candidate evasions of the piece on `s` (see [`Position::evasion_masks`]).
    #[inline(always)]
    fn evasion_targets(&self, s: usize, k: usize, any_from: u128, to_mask: u128) -> u128 {
        let t = self.targets_from(s);
        if s == k || any_from & (1u128 << s) != 0 {
            t
        } else {
            t & to_mask
        }
    }

    /// The legal moves of the side to move that give check. Only moves that could
    /// matter are tried: a piece whose leaving could open a line, a cannon screen or a
    /// horse's leg onto the enemy king may check from anywhere; any other piece only by
    /// landing where its own kind attacks the king from, or on an empty point between
    /// an own cannon and the king (as its screen).
    ///
    /// Also meaningful when the side to move already attacks the enemy king (a position
    /// made up for analysis): then every legal move keeping an attack is listed.
    pub fn checking_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = self.turn.index();
        let them = us ^ 1;
        let ek = self.kings[them] as usize;
        let (mut blockers, screens) = self.king_threats(them);
        if self.king_attackers(ek, us, self.occ, self.rot, !0) != 0 {
            // The enemy king already stands attacked (a hypothetical position): any move
            // that keeps the attack checks, so every piece is tried everywhere.
            blockers = !0;
        }
        let lines = tables::RANK_MASK[ek / 9] | tables::FILE_MASK[ek % 9];
        let mut own = self.colour[us];
        while own != 0 {
            let s = own.trailing_zeros() as usize;
            own &= own - 1;
            let sb = 1u128 << s;
            let kind = ((self.board[s] - 1) % 7) as usize;
            let mut t = self.targets_of(us, kind, s);
            if blockers & sb == 0 {
                let occ = self.occ ^ sb;
                let direct = match kind {
                    R => tables::rook(ek, occ, self.rot ^ tables::ROT[s]),
                    C => lines,
                    H => tables::horse_attackers(ek, occ),
                    P => PAWN_FROM[us][ek],
                    K => tables::FILE_MASK[ek % 9],
                    _ => 0,
                };
                t &= direct | screens;
            }
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                if self.checks_after(s, to) && self.safe_after(s, to) {
                    list.push(Move::new(
                        Square::from_bit(s as u32),
                        Square::from_bit(to as u32),
                    ));
                }
            }
        }
        list
    }

    /// Whether `mv` obeys the movement rule of the piece of the side to move on `mv.from`.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let from = mv.from.index();
        let code = self.board[from];
        if code == 0 || ((code - 1) / 7) as usize != self.turn.index() {
            return false;
        }
        self.targets_from(from) & mv.to.bit().0 != 0
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

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.status() == Status::Checkmate
    }

    /// Whether the side to move has no legal move without being in check (困毙, a loss).
    pub fn is_stalemate(&self) -> bool {
        self.status() == Status::Stalemate
    }

    /// Whether the legal move `mv` gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.checks_after(mv.from.index(), mv.to.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games from positions rich in checks, pins, screens and horse legs: the
    /// narrowed generators agree with the plain definitions (every legal move filtered by
    /// copy-make for checks; "has a move" as "the list is not empty").
    #[test]
    fn checking_moves_and_has_legal_move_match_the_definitions() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            "3k5/9/9/9/4c4/9/9/4C4/9/4K4 w - - 0 1",
            "3k5/4a4/4N4/9/2C6/9/9/2R6/4p4/4K4 w - - 0 1",
        ];
        let mut rng = board_core::Rng::new(99);
        let mut checks_seen = 0;
        for fen in fens {
            for _ in 0..20 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..60 {
                    let legal = pos.legal_moves();
                    let slow: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|&m| pos.after(m).is_check())
                        .collect();
                    let fast: Vec<Move> = pos.checking_moves().iter().copied().collect();
                    let mut sorted = fast.clone();
                    sorted.sort();
                    let mut slow_sorted = slow.clone();
                    slow_sorted.sort();
                    assert_eq!(sorted, slow_sorted, "{}", pos.fen());
                    checks_seen += slow.len();
                    assert_eq!(pos.has_legal_move(), !legal.is_empty(), "{}", pos.fen());
                    // The same with the turn passed (the other side may be attacking the
                    // king of the side that passed, as in the analysis of threats).
                    let mut passed = pos.clone();
                    passed.pass();
                    let mut slow: Vec<Move> = passed
                        .legal_moves()
                        .iter()
                        .copied()
                        .filter(|&m| passed.after(m).is_check())
                        .collect();
                    let mut fast2: Vec<Move> = passed.checking_moves().iter().copied().collect();
                    slow.sort();
                    fast2.sort();
                    assert_eq!(fast2, slow, "passed {}", pos.fen());
                    if legal.is_empty() {
                        break;
                    }
                    let seed = rng.next_u64();
                    // Prefer checking moves half of the time so that evasions get exercised.
                    let pick = if !fast.is_empty() && (seed >> 40) & 1 == 0 {
                        fast[(seed >> 33) as usize % fast.len()]
                    } else {
                        legal
                            .iter()
                            .copied()
                            .nth((seed >> 33) as usize % legal.len())
                            .unwrap()
                    };
                    pos.play_unchecked(pick);
                }
            }
        }
        assert!(checks_seen > 500, "only {checks_seen} checking moves seen");
    }
}
