//! A quick and sound "no mate in one" test, made before any check is generated: a flight
//! square of the defender king that no single attacker move can take.
//!
//! Most mate-in-one tests of a search fail, and many fail because the king keeps a step
//! that no check covers. After an attacker move, a square next to the king that was free
//! before (see [`Position::king_step_squares`]) is attacked only by the moved piece from
//! its destination, or along a line of one of the attacker's sliders opened through its
//! origin: nothing else changes for it. So when the flight squares that lie on no line of
//! an attacker slider (which an opened line might reach) cannot all be attacked by one
//! piece of any kind the attacker can have on its destination after a move, every check
//! leaves the king a step. Which sets of squares next to a king a piece of a kind can
//! attack at once while it gives check is read from a table made on the empty board (the
//! most a piece reaches: a real board only blocks), by the pattern of the squares around
//! the king. A discovered check moves a piece that need not give check itself, so a
//! position with a piece that could discover one is left to the full test; so is one whose
//! flight squares all lie on such lines.

use std::sync::LazyLock;

use board_core::Side;

use crate::position::Position;
use crate::tables::{self, KING};
use crate::types::{Bitboard, Kind, Square};

/// The kinds a piece can have on its destination after a move, as the bit of its kind's
/// index: the golds and the promoted small pieces move alike and stand as [`Kind::Gold`].
const STANDING: [Kind; 9] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
];

/// The squares around a king as nine bits, three per file from the lower file and rank
/// (the king's own bit, the middle one, is never set): squares are numbered file by file,
/// nine to a file, so the block around the square `k` is the bits `k - 10 ..= k - 8`,
/// `k - 1 ..= k + 1` and `k + 8 ..= k + 10`. `around` must lie next to `k` (a square of a
/// neighbouring file never stands for one over the board's edge then).
#[inline]
fn pattern(around: Bitboard, k: Square) -> usize {
    let g = (around.0 << 10) >> k.index();
    ((g & 7) | ((g >> 9) & 7) << 3 | ((g >> 18) & 7) << 6) as usize
}

/// For each side and each pattern of squares around a king ([`pattern`]), the kinds
/// ([`STANDING`], by their index's bit) of which one piece of that side, standing where it
/// gives check, attacks all of those squares on the empty board (the king lifted, so that
/// a slider's line goes on past it). On a real board a piece attacks no more, and a
/// king at the edge has fewer squares around it, so no set a piece can take is missing.
static COVERABLE: LazyLock<Box<[[u16; 512]; 2]>> = LazyLock::new(|| {
    let mut out = Box::new([[0u16; 512]; 2]);
    let k = Square::new(5, 5).expect("5e is on the board");
    for side in [Side::First, Side::Second] {
        for kind in STANDING {
            for d in Square::all() {
                let reach = tables::attacks(side, kind, d, Bitboard::EMPTY);
                if d == k || !reach.contains(k) {
                    continue;
                }
                let full = pattern(reach & KING[k.index()], k);
                // Every subset of what the piece takes from `d`.
                let mut sub = full;
                loop {
                    out[side.index()][sub] |= 1 << kind.index();
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & full;
                }
            }
        }
    }
    out
});

/// Whether no move of the side to move mates at once because a flight square of the
/// defender king stays free after any of them. `free`: the king's flight squares
/// ([`Position::king_step_squares`] of the defender); `disc`: the side to move's pieces
/// that would check by discovery ([`Position::discoverers`]). True only when sure; false
/// means "not known here" (the full test decides). Kept out of line: the caller's code
/// for the full test stays as it was.
#[inline(never)]
pub(crate) fn flight_kept(pos: &Position, free: Bitboard, disc: Bitboard) -> bool {
    let us = pos.side_to_move();
    let Some(ek) = pos.king(!us) else {
        return false;
    };
    // A single flight square is nearly always coverable: not worth the look.
    if !free.has_several() || disc.any() {
        return false;
    }
    // Flight squares a line opened through a move's origin might reach: those on an
    // empty-board line of one of the attacker's sliders.
    let straight = pos.pieces(us, Kind::Rook) | pos.pieces(us, Kind::Dragon);
    let diagonal = pos.pieces(us, Kind::Bishop) | pos.pieces(us, Kind::Horse);
    let mut left = free;
    for s in straight {
        left = left.and_not(tables::rook_ray(s));
    }
    for s in diagonal {
        left = left.and_not(tables::bishop_ray(s));
    }
    for s in pos.pieces(us, Kind::Lance) {
        left = left.and_not(tables::lance_ray(us, s));
    }
    if left.is_empty() {
        return false;
    }
    let mut kinds = COVERABLE[us.index()][pattern(left, ek)];
    // Sure only when no piece can stand as one of those kinds after a move: a piece in
    // hand is dropped as it is (the kinds in hand have the indices of their hand counts),
    // one on the board may promote (where it could move to is not looked at).
    let hand = pos.hand(us).0;
    let mut held = 0u16;
    for (i, &n) in hand.iter().enumerate() {
        held |= u16::from(n > 0) << i;
    }
    if kinds & held != 0 {
        return false;
    }
    while kinds != 0 {
        let kind = Kind::ALL[kinds.trailing_zeros() as usize];
        kinds &= kinds - 1;
        let on_board = match kind {
            Kind::Gold => {
                pos.golds()
                    | pos.pieces(us, Kind::Pawn)
                    | pos.pieces(us, Kind::Lance)
                    | pos.pieces(us, Kind::Knight)
                    | pos.pieces(us, Kind::Silver)
            }
            Kind::Horse => diagonal,
            Kind::Dragon => straight,
            k => pos.pieces(us, k),
        };
        if (on_board & pos.side_pieces(us)).any() {
            return false;
        }
    }
    true
}

/// Whether some check of the side to move leaves the opponent without a legal move, by
/// the full legal generator (for the tests and the debug cross-check of
/// [`flight_kept`]).
pub(crate) fn mates_at_once(pos: &Position) -> bool {
    let mut p = pos.clone();
    pos.check_moves().iter().any(|&mv| {
        let u = p.play_unchecked(mv);
        let mated = p.legal_moves().is_empty();
        p.undo(mv, u);
        mated
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(pos: &Position) -> bool {
        let us = pos.side_to_move();
        let free = pos.king_step_squares(!us);
        let disc = match pos.king(!us) {
            Some(k) => pos.discoverers(us, k, pos.occupied()),
            None => Bitboard::EMPTY,
        };
        flight_kept(pos, free, disc)
    }

    #[test]
    fn the_pattern_reads_the_squares_around_a_king() {
        // Squares are numbered (file - 1) * 9 + (rank - 1): the lower file, then the
        // lower rank, first.
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let k = sq("5e");
        assert_eq!(pattern(sq("6d").bit(), k), 1 << 6);
        assert_eq!(pattern(sq("4f").bit(), k), 1 << 2);
        assert_eq!(pattern(sq("5d").bit(), k), 1 << 3);
        assert_eq!(pattern(KING[k.index()], k), 0b111_101_111);
        // At the edge the neighbours of the corner map to the same bits as in the middle.
        let corner = sq("1a");
        assert_eq!(
            pattern(KING[corner.index()], corner),
            (1 << 5) | (1 << 7) | (1 << 8)
        );
    }

    #[test]
    fn the_table_holds_what_a_checking_piece_takes_around_any_king() {
        // The table is made with the king on 5e; a king anywhere else, at the edge too,
        // must find there every set of squares around it that a piece of a kind attacks
        // while it gives check (tables::attacks on the empty board, the generators' own
        // attack tables, checked against published perft counts).
        for side in [Side::First, Side::Second] {
            for kind in STANDING {
                for k in Square::all() {
                    for d in Square::all() {
                        let reach = tables::attacks(side, kind, d, Bitboard::EMPTY);
                        if d == k || !reach.contains(k) {
                            continue;
                        }
                        let around = pattern(reach & KING[k.index()], k);
                        let kinds = COVERABLE[side.index()][around];
                        assert!(kinds & (1 << kind.index()) != 0, "{kind:?} {k:?} {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_kept_flight_means_no_check_mates() {
        // Random playouts from the spec's problems (shogi.md §7.4), two constructed
        // positions and the published perft positions (tests/data/shogi_perft.json),
        // checks preferred so that mating positions come up: wherever the test says a
        // flight square stays free, no check mates by the full legal generator (itself
        // checked against published perft counts). It must decide often enough to
        // matter, and meet mates it must not hide.
        let mut starts: Vec<String> = [
            "7nl/5B1k1/6Ppp/5+R3/9/9/9/9/9 b Srb4g3s3n3l15p 1",
            "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1",
            "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1",
            "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
            // Constructed: a bare king against a hand of small pieces.
            "4k4/9/9/9/9/9/9/9/9 b 2G2S2N2L9P2r2b2g2s2n2l9p 1",
            "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
            // Constructed: slider drops beside two horses (as in shortcut.rs's mate through
            // the square behind the king).
            "9/9/7+B1/9/7k1/9/7+B1/9/9 b RL 1",
        ]
        .map(String::from)
        .to_vec();
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/data/shogi_perft.json")).unwrap();
        for p in data["positions"].as_array().unwrap() {
            starts.push(p["sfen"].as_str().unwrap().to_string());
        }
        let (mut decided, mut mates) = (0, 0);
        for (i, sfen) in starts.iter().enumerate() {
            let mut rng = board_core::Rng::new(0x666c_6967 ^ i as u64);
            let setup = crate::Setup::from_sfen(sfen).unwrap();
            for _ in 0..40 {
                let mut pos = Position::from_setup_lenient(&setup).unwrap();
                for _ in 0..14 {
                    let mate = mates_at_once(&pos);
                    if kept(&pos) {
                        assert!(!mate, "{}", pos.to_sfen());
                        decided += 1;
                    }
                    mates += usize::from(mate);
                    let checks = pos.check_moves();
                    let moves = match pos.in_check() {
                        false if !checks.is_empty() && rng.chance(2, 3) => checks,
                        _ => pos.legal_moves(),
                    };
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves.as_slice()[rng.index(moves.len())]);
                }
            }
        }
        assert!(decided > 300 && mates > 100, "{decided} {mates}");
    }
}
