//! A slow, obviously correct move generator used as an oracle for the fast one: it tries
//! every piece to every square and every drop, makes the move, and keeps it when the mover's
//! king is not attacked afterwards, the piece can still move, 二歩 is respected, and a
//! checking pawn drop leaves the opponent at least one legal reply.

use crate::position::Position;
use crate::tables;
use crate::types::{Kind, Move, Square};

impl Position {
    /// Every legal move, found by brute force (slow; for tests and foul classification).
    #[doc(hidden)]
    pub fn reference_legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut pos = self.clone();
        for mv in self.pseudo_moves() {
            if pos.is_reference_legal(mv) {
                out.push(mv);
            }
        }
        out
    }

    /// Moves that follow the pieces' movement and drop rules, ignoring checks.
    pub(crate) fn pseudo_moves(&self) -> Vec<Move> {
        let us = self.side;
        let occ = self.occupied();
        let own = self.by_side[us.index()];
        let mut out = Vec::new();
        for from in own {
            let kind = self.board[from.index()].expect("own piece").kind;
            let targets = tables::attacks(us, kind, from, occ).and_not(own);
            for to in targets {
                let in_zone = |s: Square| tables::zone(us).contains(s);
                if kind.can_promote() && (in_zone(from) || in_zone(to)) {
                    out.push(Move::Board {
                        from,
                        to,
                        promote: true,
                    });
                }
                out.push(Move::Board {
                    from,
                    to,
                    promote: false,
                });
            }
        }
        for kind in Kind::HAND {
            if self.hands[us].count(kind) > 0 {
                for to in Square::all() {
                    if self.board[to.index()].is_none() {
                        out.push(Move::Drop { kind, to });
                    }
                }
            }
        }
        out
    }

    fn is_reference_legal(&mut self, mv: Move) -> bool {
        let us = self.side;
        let (kind, to) = match mv {
            Move::Board { from, to, promote } => {
                let k = self.board[from.index()].expect("piece").kind;
                (
                    if promote {
                        k.promoted().unwrap_or(k)
                    } else {
                        k
                    },
                    to,
                )
            }
            Move::Drop { kind, to } => (kind, to),
        };
        if tables::dead_squares(us, kind).contains(to) {
            return false;
        }
        if let Move::Drop {
            kind: Kind::Pawn,
            to,
        } = mv
        {
            let file = tables::FILES[usize::from(to.file() - 1)];
            if (self.pieces(us, Kind::Pawn) & file).any() {
                return false;
            }
        }
        let undo = self.play_unchecked(mv);
        let mut ok = !self.is_king_attacked(us);
        if ok
            && matches!(
                mv,
                Move::Drop {
                    kind: Kind::Pawn,
                    ..
                }
            )
            && self.in_check()
        {
            let mut pos = self.clone();
            let replies = pos.pseudo_moves();
            ok = replies.into_iter().any(|r| {
                let u = pos.play_unchecked(r);
                let safe = !pos.is_king_attacked(!us);
                pos.undo(r, u);
                safe
            });
        }
        self.undo(mv, undo);
        ok
    }
}
