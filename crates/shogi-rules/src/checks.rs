//! Generation of the legal moves that give check, without generating every move: what a
//! mate search needs at each attacker node.
//!
//! A move checks directly when the piece, as it stands after the move (promoted or not),
//! attacks the enemy king from its destination; the destinations from which a kind attacks
//! the king are the king's own attacks for that kind seen from the other side (for sliders
//! with the moving piece lifted from the board). A move checks by discovery when the piece
//! stood between one of its side's sliders and the enemy king and leaves that line. Drops
//! check directly only. When the mover is itself in check (rare in mate searches) all legal
//! moves are filtered instead, which keeps the evasion rules in one place.

use board_core::Side;

use crate::movegen::BOARD_KINDS;
use crate::movegen::{MoveList, Sink};
use crate::position::Position;
use crate::tables::{self, KING, PAWN};
use crate::types::{Bitboard, Kind, Move, Square};

/// Squares from which a piece of `kind` owned by `us` would attack the enemy king on `ek`,
/// with the occupancy `occ` (the moving piece already lifted).
#[inline]
fn check_squares(us: Side, kind: Kind, ek: Square, occ: Bitboard) -> Bitboard {
    // A step or slide from `to` reaches `ek` exactly when the reverse step or slide of the
    // other side's piece from `ek` reaches `to`.
    tables::attacks(!us, kind, ek, occ)
}

impl Position {
    /// Every legal move of the side to move that gives check, each once. Same set as the
    /// legal moves filtered by "the opponent is in check afterwards".
    pub fn check_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.generate_checks(&mut list);
        list
    }

    /// Pieces of `us` that stand alone between one of `us`'s sliders and the king on `ek`
    /// (moving them off that line gives a discovered check).
    #[inline]
    pub(crate) fn discoverers(&self, us: Side, ek: Square, occ: Bitboard) -> Bitboard {
        let them = !us;
        let k = &self.by_kind;
        let snipers = ((tables::rook_ray(ek) & (k[Kind::Rook.index()] | k[Kind::Dragon.index()]))
            | (tables::bishop_ray(ek) & (k[Kind::Bishop.index()] | k[Kind::Horse.index()]))
            | (tables::lance_ray(them, ek) & k[Kind::Lance.index()]))
            & self.by_side[us.index()];
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            let b = tables::between(ek, s) & occ;
            if b.any() && !b.has_several() {
                out |= b & self.by_side[us.index()];
            }
        }
        out
    }

    pub(crate) fn generate_checks<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let Some(ek) = self.kings[them.index()] else {
            return;
        };
        let occ = self.occupied();
        let own = self.by_side[us.index()];
        let board = Bitboard::FULL;
        let our_king = self.kings[us.index()];
        if let Some(k) = our_king
            && self.attackers_to(k, them, occ).any()
        {
            self.filtered_checks(sink);
            return;
        }
        let pinned = match our_king {
            Some(k) => self.pinned(us, k, occ),
            None => Bitboard::EMPTY,
        };
        let disc = self.discoverers(us, ek, occ);
        let zone = tables::zone(us);
        for kind in BOARD_KINDS {
            let pieces = self.pieces(us, kind);
            if pieces.is_empty() {
                continue;
            }
            let promoted = kind.promoted();
            for from in pieces {
                let mut targets = tables::attacks(us, kind, from, occ).and_not(own) & board;
                if let Some(k) = our_king
                    && pinned.contains(from)
                {
                    targets &= tables::line(k, from);
                }
                if targets.is_empty() {
                    continue;
                }
                let lifted = occ.without(from);
                let off_line = if disc.contains(from) {
                    targets.and_not(tables::line(ek, from))
                } else {
                    Bitboard::EMPTY
                };
                let plain_ok = targets.and_not(tables::dead_squares(us, kind));
                let plain = plain_ok & (off_line | check_squares(us, kind, ek, lifted));
                let promo = match promoted {
                    Some(p) => {
                        let reach = if zone.contains(from) {
                            targets
                        } else {
                            targets & zone
                        };
                        reach & (off_line | check_squares(us, p, ek, lifted))
                    }
                    None => Bitboard::EMPTY,
                };
                if promo.any() || plain.any() {
                    sink.board(from, promo, plain);
                }
            }
        }
        // The king only checks by discovery, onto squares the opponent does not attack.
        if let Some(k) = our_king
            && disc.contains(k)
        {
            let without_king = occ.without(k);
            let mut ok = Bitboard::EMPTY;
            let away = KING[k.index()].and_not(own).and_not(tables::line(ek, k));
            for t in away {
                if !self.is_attacked(t, them, without_king) {
                    ok.insert(t);
                }
            }
            if ok.any() {
                sink.board(k, Bitboard::EMPTY, ok);
            }
        }
        // Drops.
        let hand = &self.hands[us];
        if hand.is_empty() {
            return;
        }
        let empty = !occ & board;
        for kind in Kind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            let mut targets =
                (empty & check_squares(us, kind, ek, occ)).and_not(tables::dead_squares(us, kind));
            if kind == Kind::Pawn {
                targets = targets.and_not(self.pawn_files(us));
                // The only checking pawn drop is right in front of the king (打ち歩詰め).
                if let Some(sq) = (targets & PAWN[them.index()][ek.index()]).first() {
                    if self.is_pawn_drop_mate(sq, ek) {
                        targets.remove(sq);
                    }
                }
            }
            if targets.any() {
                sink.drops(kind, targets);
            }
        }
    }

    /// The slow path: all legal moves, kept when they check.
    fn filtered_checks<S: Sink>(&self, sink: &mut S) {
        let mut pos = self.clone();
        for &mv in self.legal_moves().iter() {
            let undo = pos.play_unchecked(mv);
            let check = pos.in_check();
            pos.undo(mv, undo);
            if check {
                match mv {
                    Move::Board { from, to, promote } => {
                        let bit = Bitboard::from_square(to);
                        if promote {
                            sink.board(from, bit, Bitboard::EMPTY);
                        } else {
                            sink.board(from, Bitboard::EMPTY, bit);
                        }
                    }
                    Move::Drop { kind, to } => sink.drops(kind, Bitboard::from_square(to)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_filter(pos: &Position) -> Vec<Move> {
        let mut p = pos.clone();
        let mut out = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let u = p.play_unchecked(mv);
            if p.in_check() {
                out.push(mv);
            }
            p.undo(mv, u);
        }
        out
    }

    fn key(m: &Move) -> (u8, usize, usize, bool) {
        match *m {
            Move::Board { from, to, promote } => (0, from.index(), to.index(), promote),
            Move::Drop { kind, to } => (1, kind.index(), to.index(), false),
        }
    }

    /// Returns the number of checking moves compared.
    fn compare(pos: &Position) -> usize {
        let mut want = by_filter(pos);
        let mut got = pos.check_moves().as_slice().to_vec();
        want.sort_by_key(key);
        got.sort_by_key(key);
        assert_eq!(got, want, "check moves differ in {}", pos.to_sfen());
        got.len()
    }

    /// Random legal playouts from `sfen`, comparing at every position reached.
    fn playouts(sfen: &str, seed: u64, games: usize, plies: usize) -> (usize, usize) {
        let mut rng = board_core::Rng::new(seed);
        let mut positions = 0;
        let mut checks = 0;
        for _ in 0..games {
            let mut pos = Position::from_sfen(sfen).unwrap();
            for _ in 0..plies {
                checks += compare(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer checking moves now and then so that check positions and evasions
                // (and the in-check fallback) are visited too.
                let checking = pos.check_moves();
                let mv = if !checking.is_empty() && rng.chance(1, 3) {
                    checking.as_slice()[rng.index(checking.len())]
                } else {
                    moves.as_slice()[rng.index(moves.len())]
                };
                pos.play_unchecked(mv);
            }
        }
        (positions, checks)
    }

    #[test]
    fn same_as_filtering_on_random_playouts() {
        // Reference: the legal moves (checked against published perft counts) kept when
        // the opponent is in check after the move.
        let starts = [
            crate::START_SFEN,
            // Spec tsume problems (shogi.md §7.4): attacker without a king, full hands.
            "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
            "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1",
            "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
            "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1",
        ];
        let mut positions = 0;
        let mut checks = 0;
        for (i, sfen) in starts.iter().enumerate() {
            let (p, c) = playouts(sfen, 0x9e37_79b9_7f4a_7c15 ^ i as u64, 12, 120);
            positions += p;
            checks += c;
        }
        assert!(positions > 4000, "{positions} positions");
        assert!(checks > 1000, "{checks} checks");
    }

    #[test]
    fn same_as_filtering_on_perft_positions() {
        // The positions of the published perft table (tests/data/shogi_perft.json) and their
        // children.
        let text = include_str!("../tests/data/shogi_perft.json");
        let mut n = 0;
        for line in text.lines() {
            let Some(i) = line.find("\"sfen\"") else {
                continue;
            };
            let rest = &line[i + 6..];
            let start = rest.find('"').unwrap() + 1;
            let end = start + rest[start..].find('"').unwrap();
            // Two of the fixtures hold more silvers than a set: built without that check.
            let setup = crate::Setup::from_sfen(&rest[start..end]).unwrap();
            let pos = Position::from_setup_lenient(&setup).unwrap();
            compare(&pos);
            let mut p = pos.clone();
            for &mv in pos.legal_moves().iter() {
                let u = p.play_unchecked(mv);
                compare(&p);
                p.undo(mv, u);
                n += 1;
            }
        }
        assert!(n > 100);
    }

    #[test]
    fn discovered_and_promoting_checks() {
        // Hand-made: the silver on 5三 blocks the rook on 5九 against the king on 5一;
        // every silver move off file 5 checks by discovery, and 5三→5二 checks directly
        // (silver's forward step), promoting or not.
        let pos = Position::from_sfen("4k4/9/4S4/9/9/9/9/9/4R4 b 2b4g3s4n4l18pr 1").unwrap();
        let checks = pos.check_moves();
        let from = Square::new(5, 3).unwrap();
        let silver: Vec<_> = checks
            .iter()
            .filter(|m| m.from() == Some(from))
            .copied()
            .collect();
        // 4二, 6二, 4四, 6四 (each with and without promotion: the silver is in the zone)
        // and 5二 both ways.
        assert_eq!(silver.len(), 10, "{silver:?}");
        assert_eq!(compare(&pos), checks.len());
    }
}
