//! The searched position plus what the tsume search needs beside it: the attacker, a
//! board-only hash (board and side to move, no hands) so that one table slot can hold the
//! same board with different attacker hands, and check / evasion generation.

use board_core::{Side, ZobristKeys};

use super::hands;
use super::shortcut::Gather;
use crate::position::{Position, Undo};
use crate::types::{Bitboard, Hand, Kind, Move, Square};

const BOARD_KEY_COUNT: usize = 2 * 14 * 81 + 1;
static BOARD_KEYS: ZobristKeys<BOARD_KEY_COUNT> = ZobristKeys::generate(0x7473_756d_6531);

#[inline]
fn piece_key(side: Side, kind: Kind, sq: Square) -> u64 {
    BOARD_KEYS.get((side.index() * 14 + kind.index()) * 81 + sq.index())
}

#[inline]
fn turn_key() -> u64 {
    BOARD_KEYS.get(BOARD_KEY_COUNT - 1)
}

/// What [`Node::play`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeUndo {
    undo: Undo,
    board_key: u64,
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    pub(crate) attacker: Side,
    board_key: u64,
}

impl Node {
    /// The attacker is the side to move in `pos`.
    pub(crate) fn new(pos: Position) -> Node {
        let attacker = pos.side_to_move();
        let mut board_key = 0;
        // The occupied squares only: a problem has few pieces, and every solve starts here.
        for sq in pos.occupied() {
            if let Some(p) = pos.piece_at(sq) {
                board_key ^= piece_key(p.side, p.kind, sq);
            }
        }
        if attacker == Side::Second {
            board_key ^= turn_key();
        }
        Node {
            pos,
            attacker,
            board_key,
        }
    }

    /// Board and side to move, without hands.
    #[inline]
    pub(crate) fn board_key(&self) -> u64 {
        self.board_key
    }

    /// Board, both hands and side to move: the repetition identity.
    #[inline]
    pub(crate) fn full_key(&self) -> u64 {
        self.pos.key()
    }

    #[inline]
    pub(crate) fn attacker_to_move(&self) -> bool {
        self.pos.side_to_move() == self.attacker
    }

    #[inline]
    pub(crate) fn attacker_hand(&self) -> Hand {
        *self.pos.hand(self.attacker)
    }

    #[inline]
    pub(crate) fn defender_hand(&self) -> Hand {
        *self.pos.hand(!self.attacker)
    }

    /// The board key after `mv` by the side to move, without playing it.
    #[inline]
    pub(crate) fn board_key_after(&self, mv: Move) -> u64 {
        let us = self.pos.side_to_move();
        let mut k = self.board_key ^ turn_key();
        match mv {
            Move::Board { from, to, promote } => {
                if let Some(p) = self.pos.piece_at(from) {
                    k ^= piece_key(us, p.kind, from);
                    let kind = if promote {
                        p.kind.promoted().unwrap_or(p.kind)
                    } else {
                        p.kind
                    };
                    k ^= piece_key(us, kind, to);
                }
                if let Some(v) = self.pos.piece_at(to) {
                    k ^= piece_key(v.side, v.kind, to);
                }
            }
            Move::Drop { kind, to } => k ^= piece_key(us, kind, to),
        }
        k
    }

    /// The attacker's hand after `mv` by the side to move, without playing it: a table
    /// lookup of the child needs only this and [`Self::board_key_after`].
    #[inline]
    pub(crate) fn attacker_hand_after(&self, mv: Move) -> Hand {
        let hand = self.attacker_hand();
        if !self.attacker_to_move() {
            return hand;
        }
        match mv {
            Move::Drop { kind, .. } => hands::minus(hand, kind),
            Move::Board { .. } => match self.captured(mv) {
                Some(v) => hands::plus(hand, v),
                None => hand,
            },
        }
    }

    pub(crate) fn play(&mut self, mv: Move) -> NodeUndo {
        let old = self.board_key;
        let k = self.board_key_after(mv);
        let undo = self.pos.play_unchecked(mv);
        self.board_key = k;
        NodeUndo {
            undo,
            board_key: old,
        }
    }

    pub(crate) fn unplay(&mut self, mv: Move, u: NodeUndo) {
        self.pos.undo(mv, u.undo);
        self.board_key = u.board_key;
    }

    /// Legal moves of the side to move that give check (the attacker's candidate moves).
    pub(crate) fn checks(&mut self) -> Vec<Move> {
        let mut v = Vec::new();
        self.pos.generate_checks(&mut Gather(&mut v));
        v
    }

    /// Every legal reply of the side to move (the defender's evasions when in check).
    pub(crate) fn replies(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.pos.generate_evasions(&mut Gather(&mut v));
        v
    }

    /// The kind captured by `mv`, if any.
    #[inline]
    pub(crate) fn captured(&self, mv: Move) -> Option<Kind> {
        match mv {
            Move::Board { to, .. } => self.pos.piece_at(to).map(|p| p.kind),
            Move::Drop { .. } => None,
        }
    }

    /// The squares where the defender could interpose against the current check: the
    /// squares between the king and a single distant slider. Empty for contact checks,
    /// knight checks and double checks.
    pub(crate) fn interposition_squares(&self) -> Bitboard {
        let Some(k) = self.pos.king(self.pos.side_to_move()) else {
            return Bitboard::EMPTY;
        };
        let checkers = self.pos.checkers();
        if checkers.has_several() {
            return Bitboard::EMPTY;
        }
        match checkers.first() {
            Some(c) => crate::tables::between(k, c),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the defender's `mv` is an interposition (合駒): a drop, or a move of a piece
    /// other than the king, onto a square between the king and the checking slider.
    pub(crate) fn is_interposition(&self, mv: Move) -> bool {
        let squares = self.interposition_squares();
        if !squares.contains(mv.to()) {
            return false;
        }
        match mv {
            Move::Drop { .. } => true,
            Move::Board { from, .. } => self.pos.piece_at(from).map(|p| p.kind) != Some(Kind::King),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of `moves`, three plies deep, looked up without playing it and played.
    fn compare(node: &mut Node, depth: u32, seen: &mut (u32, u32)) {
        if depth == 0 {
            return;
        }
        let moves = match node.attacker_to_move() {
            true => node.checks(),
            false => node.replies(),
        };
        for mv in moves {
            let (board, hand) = (node.board_key_after(mv), node.attacker_hand_after(mv));
            let attacker = node.attacker_to_move();
            if attacker && node.captured(mv).is_some() {
                seen.1 += 1;
            }
            let u = node.play(mv);
            assert_eq!(
                (board, hand),
                (node.board_key(), node.attacker_hand()),
                "{mv:?}"
            );
            seen.0 += 1;
            compare(node, depth - 1, seen);
            node.unplay(mv, u);
        }
    }

    #[test]
    fn keys_after_a_move_are_those_of_the_played_move() {
        // The bench's 無駄合 problem (shogi.md §7.4): checks with drops and captures by
        // the attacker, drop interpositions and captures by the defender. The lookup
        // without playing must give what playing gives.
        let sfen = "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1";
        let mut node = Node::new(Position::from_sfen(sfen).unwrap());
        let mut seen = (0, 0);
        compare(&mut node, 3, &mut seen);
        assert!(seen.0 > 30 && seen.1 > 0, "{seen:?}");
    }
}
