//! Generation of the replies of a side in check, without looking at every piece: what a
//! mate search needs at each defender node.
//!
//! A check is answered by moving the king to a square the opponent does not attack (the
//! king's own square is lifted first, so a slider's ray reaches past it), by capturing a
//! lone checker, or by putting a piece on a square between a lone sliding checker and the
//! king (a board move or a drop). Only the king moves against a double check. The pieces
//! that can capture or block are found from the target squares backwards (who attacks this
//! square), so a defender with many pieces far from the king costs nothing.

use board_core::Side;

use crate::movegen::{BOARD_KINDS, Counter, MoveList, Sink, emit};
use crate::position::Position;
use crate::tables;
use crate::types::{Bitboard, Kind, Square};

impl Position {
    /// Every legal move of the side to move when it is in check: the same set as
    /// [`Position::legal_moves`]. Falls back to the full generator when not in check.
    pub fn evasions(&self) -> MoveList {
        let mut list = MoveList::default();
        self.generate_evasions(&mut list);
        list
    }

    /// The number of [`Position::evasions`], without listing them.
    pub fn count_evasions(&self) -> u64 {
        let mut c = Counter(0);
        self.generate_evasions(&mut c);
        c.0
    }

    /// The pieces among `pieces` (all of `us`) that attack `sq` given the occupancy `occ`:
    /// [`Position::attackers_to`] with each slider family looked up only when one of those
    /// pieces stands on an empty-board line through `sq` (the checkers of a king, the few
    /// pieces that may capture or block a check: most squares have no such slider).
    #[inline]
    pub(crate) fn reaching(
        &self,
        sq: Square,
        us: Side,
        occ: Bitboard,
        pieces: Bitboard,
    ) -> Bitboard {
        let s = sq.index();
        let o = (!us).index();
        let k = &self.by_kind;
        let mut out = (tables::PAWN[o][s] & k[Kind::Pawn.index()])
            | (tables::KNIGHT[o][s] & k[Kind::Knight.index()])
            | (tables::SILVER[o][s]
                & (k[Kind::Silver.index()] | k[Kind::Horse.index()] | k[Kind::Dragon.index()]))
            | (tables::GOLD[o][s]
                & (self.golds() | k[Kind::Horse.index()] | k[Kind::Dragon.index()]));
        let rooks = (k[Kind::Rook.index()] | k[Kind::Dragon.index()]) & pieces;
        if (rooks & tables::rook_ray(sq)).any() {
            out |= tables::rook_attacks(sq, occ) & rooks;
        }
        let bishops = (k[Kind::Bishop.index()] | k[Kind::Horse.index()]) & pieces;
        if (bishops & tables::bishop_ray(sq)).any() {
            out |= tables::bishop_attacks(sq, occ) & bishops;
        }
        let lances = k[Kind::Lance.index()] & pieces;
        if (lances & tables::lance_ray(!us, sq)).any() {
            out |= tables::lance_attacks(!us, sq, occ) & lances;
        }
        out & pieces
    }

    /// Whether the side to move, in check, has a legal reply: the same answer as
    /// `count_evasions() > 0`, but each kind of reply is looked for in turn and the first
    /// one found ends the test. Not in check, or without a king: whether it has any legal
    /// move. (The mate tests split it: [`Position::king_steps_after`] before the move,
    /// [`Position::has_evasion_but_king_steps`] after it.)
    #[inline]
    pub(crate) fn has_evasion(&self) -> bool {
        if self.kings[self.side.index()].is_none() {
            return self.count_legal_moves() > 0;
        }
        self.king_step_squares(self.side).any() || self.has_evasion_but_king_steps()
    }

    /// Whether the side to move, in check, can answer it other than by a king step: by
    /// taking a lone checker or putting a piece between it and the king: what is left of
    /// "has a reply" once the king steps are known to fail (a mate test finds that before
    /// playing its candidate move). Not in check, or without a king: whether it has any
    /// legal move.
    pub(crate) fn has_evasion_but_king_steps(&self) -> bool {
        let us = self.side;
        let them = !us;
        let occ = self.occupied();
        let Some(k) = self.kings[us.index()] else {
            return self.count_legal_moves() > 0;
        };
        let checkers = self.reaching(k, them, occ, self.by_side[them.index()]);
        let Some(c) = checkers.first() else {
            return self.count_legal_moves() > 0;
        };
        if checkers.has_several() {
            return false;
        }
        // Any piece off the pin lines that reaches the checker or a square between it and
        // the king has a legal move there: where the piece could never move again, it may
        // promote (the last ranks lie in the promotion zone).
        let others = self.by_side[us.index()].without(k);
        let block = tables::between(k, c);
        let mut candidates = self.reaching(c, us, occ, others);
        for to in block {
            candidates |= self.reaching(to, us, occ, others);
        }
        if candidates.any() && candidates.and_not(self.pinned(us, k, occ)).any() {
            return true;
        }
        if block.is_empty() {
            return false;
        }
        self.hands[us]
            .held()
            .any(|kind| self.drop_targets(us, kind, block).any())
    }

    /// The squares next to `side`'s king, not held by its own pieces, that no enemy piece
    /// attacks with the king lifted (so that a slider's line reaches past it): the king's
    /// legal steps (the king moves of [`Position::generate`] when `side` is to move), or
    /// its flight squares. Each enemy slider's attacks are found once (a side has few
    /// sliders) rather than looked for from every square; so are the steps of each enemy
    /// step piece near enough to reach one of the squares left (in a mate search there
    /// are few, where looking from every square took four lookups a square).
    pub(crate) fn king_step_squares(&self, side: Side) -> Bitboard {
        let Some(k) = self.kings[side.index()] else {
            return Bitboard::EMPTY;
        };
        let us = side;
        let them = !us;
        let without_king = self.occupied().without(k);
        let mut open = tables::KING[k.index()].and_not(self.by_side[us.index()]);
        let bk = &self.by_kind;
        let theirs = self.by_side[them.index()];
        // A slider none of whose lines on the empty board meets a square left is passed
        // without working its attacks out (in a mate search most of them aim elsewhere).
        for s in (bk[Kind::Rook.index()] | bk[Kind::Dragon.index()]) & theirs {
            if open.is_empty() {
                return open;
            }
            if (tables::rook_ray(s) & open).any() {
                open = open.and_not(tables::rook_attacks(s, without_king));
            }
        }
        for s in (bk[Kind::Bishop.index()] | bk[Kind::Horse.index()]) & theirs {
            if open.is_empty() {
                return open;
            }
            if (tables::bishop_ray(s) & open).any() {
                open = open.and_not(tables::bishop_attacks(s, without_king));
            }
        }
        for s in bk[Kind::Lance.index()] & theirs {
            if open.is_empty() {
                return open;
            }
            if (tables::lance_ray(them, s) & open).any() {
                open = open.and_not(tables::lance_attacks(them, s, without_king));
            }
        }
        // Step attacks from the enemy's step pieces close enough to reach a square left
        // (in a mate search a few), each piece's own steps taken away at once; the horse
        // and dragon step like a king, their lines were taken above.
        let t = them.index();
        let lines = bk[Kind::Lance.index()] | bk[Kind::Rook.index()] | bk[Kind::Bishop.index()];
        for p in (theirs & tables::STEP_REACH[k.index()]).and_not(lines) {
            if open.is_empty() {
                break;
            }
            let s = p.index();
            let Some(piece) = self.board[s] else {
                continue;
            };
            let steps = match piece.kind {
                Kind::Pawn => tables::PAWN[t][s],
                Kind::Knight => tables::KNIGHT[t][s],
                Kind::Silver => tables::SILVER[t][s],
                Kind::King | Kind::Horse | Kind::Dragon => tables::KING[s],
                Kind::Lance | Kind::Rook | Kind::Bishop => Bitboard::EMPTY,
                _ => tables::GOLD[t][s],
            };
            open = open.and_not(steps);
        }
        open
    }

    pub(crate) fn generate_evasions<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let occ = self.occupied();
        let Some(k) = self.kings[us.index()] else {
            self.generate(sink);
            return;
        };
        let checkers = self.reaching(k, them, occ, self.by_side[them.index()]);
        let Some(c) = checkers.first() else {
            self.generate(sink);
            return;
        };
        let own = self.by_side[us.index()];
        let steps = self.king_step_squares(us);
        if steps.any() {
            sink.board(k, Bitboard::EMPTY, steps);
        }
        if checkers.has_several() {
            return;
        }
        let block = tables::between(k, c);
        let targets = block.with(c);
        let others = own.without(k);
        let mut candidates = Bitboard::EMPTY;
        for to in targets {
            candidates |= self.reaching(to, us, occ, others);
        }
        // Emitted in the full generator's order (by kind, then square), so that a search
        // that breaks ties by move order behaves the same with either generator.
        if candidates.any() {
            // A pinned piece's moves stay on its pin line, which meets the check line only
            // at the king, so it can neither capture the checker nor block.
            let mut rest = candidates.and_not(self.pinned(us, k, occ));
            for kind in BOARD_KINDS {
                let pieces = self.pieces(us, kind) & rest;
                if pieces.is_empty() {
                    continue;
                }
                for from in pieces {
                    let reach = tables::attacks(us, kind, from, occ) & targets;
                    emit(sink, us, kind, from, reach);
                }
                rest = rest.and_not(pieces);
                if rest.is_empty() {
                    break;
                }
            }
        }
        // Drops between a sliding checker and the king (the squares are empty).
        if block.is_empty() {
            return;
        }
        for kind in self.hands[us].held() {
            let targets = self.drop_targets(us, kind, block);
            if targets.any() {
                sink.drops(kind, targets);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Move, Square};

    fn sorted(list: &MoveList) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|m| format!("{m:?}")).collect();
        v.sort();
        v
    }

    /// What kinds of checked positions a walk met, so the comparison is known to cover them.
    #[derive(Default, Debug)]
    struct Seen {
        positions: usize,
        double_checks: usize,
        mates: usize,
        drop_blocks: usize,
        promotions: usize,
    }

    fn agree(pos: &Position, seen: &mut Seen) {
        let legal = pos.legal_moves();
        let ev = pos.evasions();
        assert_eq!(sorted(&ev), sorted(&legal), "{}", pos.to_sfen());
        // Same order as well, which keeps a search's tie-breaking unchanged.
        assert_eq!(ev.as_slice(), legal.as_slice(), "{}", pos.to_sfen());
        assert_eq!(ev.len() as u64, pos.count_evasions(), "{}", pos.to_sfen());
        assert_eq!(pos.has_evasion(), !ev.is_empty(), "{}", pos.to_sfen());
        let k = pos.king(pos.side_to_move());
        let others = ev.iter().any(|m| m.from().is_none() || m.from() != k);
        assert_eq!(
            pos.has_evasion_but_king_steps(),
            others,
            "{}",
            pos.to_sfen()
        );
        // The king's step squares, for either king, are the neighbours not held by its
        // side that the attack test finds free with the king lifted.
        for side in [board_core::Side::First, board_core::Side::Second] {
            let want = match pos.king(side) {
                Some(k) => {
                    let lifted = pos.occupied().without(k);
                    crate::tables::KING[k.index()]
                        .and_not(pos.side_pieces(side))
                        .into_iter()
                        .filter(|&t| !pos.is_attacked(t, !side, lifted))
                        .collect()
                }
                None => Bitboard::EMPTY,
            };
            assert_eq!(pos.king_step_squares(side), want, "{}", pos.to_sfen());
        }
        // The king-escape test agrees with the full attacker set on every square.
        for sq in Square::all() {
            for by in [board_core::Side::First, board_core::Side::Second] {
                let occ = pos.occupied();
                assert_eq!(
                    pos.is_attacked(sq, by, occ),
                    pos.attackers_to(sq, by, occ).any(),
                    "{} {sq}",
                    pos.to_sfen()
                );
            }
        }
        seen.positions += 1;
        seen.double_checks += usize::from(pos.checkers().has_several());
        seen.mates += usize::from(ev.is_empty());
        seen.drop_blocks += usize::from(ev.iter().any(|m| m.is_drop()));
        seen.promotions += usize::from(
            ev.iter()
                .any(|m| matches!(m, Move::Board { promote: true, .. })),
        );
    }

    /// Random games from a start position; every position in check is compared with the
    /// full legal generator. Returns how many checked positions were compared.
    fn walk(sfen: &str, seed: u64, games: usize, plies: usize, seen: &mut Seen) {
        let mut rng = board_core::Rng::new(seed);
        for _ in 0..games {
            let mut pos =
                Position::from_setup_lenient(&crate::Setup::from_sfen(sfen).unwrap()).unwrap();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer checks half the time so that checked positions come up often.
                let checks: Vec<Move> = pos.check_moves().iter().copied().collect();
                let mv = if !checks.is_empty() && rng.chance(1, 2) {
                    checks[rng.index(checks.len())]
                } else {
                    moves.as_slice()[rng.index(moves.len())]
                };
                pos.play_unchecked(mv);
                if pos.in_check() {
                    agree(&pos, seen);
                }
            }
        }
    }

    #[test]
    fn evasions_equal_filtered_legal_moves_on_random_checked_positions() {
        // The reference is the full legal generator, itself checked against published perft
        // counts (tests/perft.rs).
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../tests/data/shogi_perft.json")).unwrap();
        let mut starts: Vec<String> = data["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["sfen"].as_str().unwrap().to_string())
            .collect();
        // Tsume-like starts: a lone defending king and an attacker with a full hand, and
        // the attacker without a king.
        starts.push("4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNLPrb3g3s3n3l16p 1".to_string());
        starts.push("3sks3/9/4P4/9/9/9/9/9/9 b 2RBGSNLPb3gs3n3l16p 1".to_string());
        // Short mate problems of the spec (shogi.md §7.4), some without an attacking king.
        starts.push("3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1".to_string());
        starts.push("7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1".to_string());
        starts.push(
            "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36"
                .to_string(),
        );
        let mut seen = Seen::default();
        for (i, s) in starts.iter().enumerate() {
            walk(
                s,
                0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1),
                150,
                120,
                &mut seen,
            );
        }
        eprintln!("{seen:?}");
        assert!(seen.positions > 3000, "{seen:?}");
        assert!(seen.double_checks > 50 && seen.mates > 20, "{seen:?}");
        assert!(seen.drop_blocks > 500 && seen.promotions > 500, "{seen:?}");
    }

    #[test]
    fn double_check_allows_king_moves_only() {
        // Shogi rules: against two checkers no single capture or block helps. The king on
        // 5e is checked by the rook on 5i and the bishop on 2b; the gold on 4f may only stand.
        let pos = Position::from_sfen("9/7B1/9/9/4k4/5g3/9/9/K3R4 w - 1").unwrap();
        assert_eq!(pos.checkers().count(), 2);
        agree(&pos, &mut Seen::default());
        assert!(pos.evasions().iter().all(|m| matches!(m,
            Move::Board { from, .. } if *from == pos.king(pos.side_to_move()).unwrap())));
    }

    #[test]
    fn a_blocking_pawn_drop_that_mates_the_other_king_is_refused() {
        // Shogi rules (打ち歩詰め, shogi.md §2.3, JSA 対局規定 第8条): a pawn drop that
        // mates is illegal whoever drops it. The gote king on 8e is checked by the bishop on 4i; P*5h blocks
        // and checks the sente king on 5i, whose bishop is pinned by the rook on 1i, whose
        // escapes are covered by the gold on 5g and the silver on 7h: that block is mate.
        let p = |file, rank| Move::Drop {
            kind: Kind::Pawn,
            to: Square::new(file, rank).unwrap(),
        };
        let pinned = Position::from_sfen("9/9/9/9/1k7/9/4g4/2s6/4KB2r w p 1").unwrap();
        agree(&pinned, &mut Seen::default());
        let ev = pinned.evasions();
        assert!(ev.contains(&p(7, 6)) && ev.contains(&p(6, 7)));
        assert!(!ev.contains(&p(5, 8)));
        // Without the rook the bishop takes the pawn, so the same block is legal.
        let free = Position::from_sfen("9/9/9/9/1k7/9/4g4/2s6/4KB3 w p 1").unwrap();
        agree(&free, &mut Seen::default());
        assert!(free.evasions().contains(&p(5, 8)));
    }
}
