//! The validated position: bitboards plus a mailbox, hands, side to move and a Zobrist key
//! that covers the board, both hands and the side to move. Moves are made and unmade in place.

use board_core::{BySide, Problems, Side, ZobristKeys};

use crate::setup::Setup;
use crate::tables::{self, GOLD, KNIGHT, PAWN, SILVER};
use crate::types::{Bitboard, Hand, Kind, Move, Piece, Square};

const PIECE_KEYS: usize = 2 * 14 * 81;
const HAND_KEYS: usize = 2 * 7 * 19;
const KEY_COUNT: usize = PIECE_KEYS + HAND_KEYS + 1;
static KEYS: ZobristKeys<KEY_COUNT> = ZobristKeys::generate(0x5_0961_2024);

#[inline]
fn piece_key(side: Side, kind: Kind, sq: Square) -> u64 {
    KEYS.get((side.index() * 14 + kind.index()) * 81 + sq.index())
}

/// Key of holding `count` pieces of `kind` (count 0 has key 0, so empty hands cost nothing).
#[inline]
fn hand_key(side: Side, kind: Kind, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS.get(PIECE_KEYS + (side.index() * 7 + kind.index()) * 19 + usize::from(count.min(18)))
    }
}

#[inline]
fn side_key() -> u64 {
    KEYS.get(KEY_COUNT - 1)
}

/// Something that makes a [`Setup`] impossible as a shogi position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionProblem {
    /// More pieces of one base kind (board and hands, promoted or not) than a set holds.
    TooManyPieces {
        /// The base kind.
        kind: Kind,
        /// How many there are.
        count: u32,
        /// How many a set holds.
        max: u32,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        side: Side,
        /// Its kings.
        count: u32,
    },
    /// A pawn or lance on its last rank, or a knight on its last two ranks, unpromoted.
    PieceWithNoMove {
        /// Where it stands.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// Two unpromoted pawns of one side on one file (二歩).
    TwoPawnsOnFile {
        /// The side.
        side: Side,
        /// The file, 1..=9.
        file: u8,
    },
    /// The side that is not to move is in check (its king could be captured).
    OpponentInCheck {
        /// The side in check.
        side: Side,
    },
}

impl std::fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionProblem::TooManyPieces { kind, count, max } => {
                write!(f, "{count} pieces of kind {kind:?}, a set holds {max}")
            }
            PositionProblem::TooManyKings { side, count } => {
                write!(f, "{} has {count} kings", crate::types::side_name(*side))
            }
            PositionProblem::PieceWithNoMove { square, piece } => write!(
                f,
                "{} {:?} on {square} can never move (行き所のない駒)",
                crate::types::side_name(piece.side),
                piece.kind
            ),
            PositionProblem::TwoPawnsOnFile { side, file } => write!(
                f,
                "{} has two unpromoted pawns on file {file} (二歩)",
                crate::types::side_name(*side)
            ),
            PositionProblem::OpponentInCheck { side } => write!(
                f,
                "{} is in check but it is not its turn",
                crate::types::side_name(*side)
            ),
        }
    }
}

/// Every problem found in a setup, not just the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The problems in the order found: pieces that can never move (square by square),
    /// material over a set, then per side extra kings and 二歩, then a side not to move in
    /// check.
    pub problems: Problems<PositionProblem>,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid position: {}", self.problems)
    }
}

impl std::error::Error for PositionError {}

/// What [`Position::undo`] needs to take back a move of [`Position::play`] or
/// [`Position::play_unchecked`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Kind>,
    key: u64,
}

impl Undo {
    /// The kind captured by the move, as it stood on the board (promoted or not).
    pub fn captured(&self) -> Option<Kind> {
        self.captured
    }
}

/// A legal shogi position (obtained only by validating a [`Setup`]).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_kind: [Bitboard; 14],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) hands: BySide<Hand>,
    pub(crate) side: Side,
    pub(crate) move_number: u32,
    pub(crate) key: u64,
    pub(crate) kings: [Option<Square>; 2],
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.hands == other.hands && self.side == other.side
    }
}
impl Eq for Position {}

impl Position {
    /// The even-game start position.
    pub fn start() -> Position {
        Position::from_setup(&Setup::start()).expect("start position is legal")
    }

    /// Reads and validates a position in SFEN (also `startpos` and a leading `sfen `).
    pub fn from_sfen(text: &str) -> Result<Position, crate::Error> {
        let setup = Setup::from_sfen(text)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Checks a setup and builds the position, or lists every problem found.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        Position::build(setup, false)
    }

    /// Like [`Position::from_setup`] but tolerates surplus material (more pieces of a kind
    /// than a set holds), which some published move-generation fixtures use. Every other
    /// problem is still reported.
    pub fn from_setup_lenient(setup: &Setup) -> Result<Position, PositionError> {
        Position::build(setup, true)
    }

    fn build(setup: &Setup, lenient: bool) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: [None; 81],
            by_kind: [Bitboard::EMPTY; 14],
            by_side: [Bitboard::EMPTY; 2],
            hands: setup.hands,
            side: setup.side_to_move,
            move_number: setup.move_number,
            key: 0,
            kings: [None; 2],
        };
        let mut problems = Problems::new();
        let mut counts = [0u32; 8];
        let mut kings = [0u32; 2];
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                pos.put(sq, p);
                counts[p.kind.unpromoted().index()] += 1;
                if p.kind == Kind::King {
                    kings[p.side.index()] += 1;
                    pos.kings[p.side.index()] = Some(sq);
                }
                if !p.kind.is_promoted() && tables::dead_squares(p.side, p.kind).contains(sq) {
                    problems.push(PositionProblem::PieceWithNoMove {
                        square: sq,
                        piece: p,
                    });
                }
            }
        }
        for side in Side::ALL {
            for kind in Kind::HAND {
                counts[kind.index()] += u32::from(setup.hands[side].count(kind));
                pos.key ^= hand_key(side, kind, setup.hands[side].count(kind));
            }
        }
        for kind in Kind::HAND {
            let max = u32::from(kind.full_set_count());
            if counts[kind.index()] > max && !lenient {
                problems.push(PositionProblem::TooManyPieces {
                    kind,
                    count: counts[kind.index()],
                    max,
                });
            }
        }
        for side in Side::ALL {
            if kings[side.index()] > 1 {
                problems.push(PositionProblem::TooManyKings {
                    side,
                    count: kings[side.index()],
                });
            }
            let pawns = pos.pieces(side, Kind::Pawn);
            for (file, mask) in (1..=9u8).zip(tables::FILES) {
                if (pawns & mask).has_several() {
                    problems.push(PositionProblem::TwoPawnsOnFile { side, file });
                }
            }
        }
        if kings.iter().all(|&k| k <= 1) {
            let waiting = !pos.side;
            if let Some(k) = pos.kings[waiting.index()]
                && pos.attackers_to(k, pos.side, pos.occupied()).any()
            {
                problems.push(PositionProblem::OpponentInCheck { side: waiting });
            }
        }
        if pos.side == Side::Second {
            pos.key ^= side_key();
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError { problems })
        }
    }

    /// The unchecked form of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side_to_move: self.side,
            move_number: self.move_number,
        }
    }

    /// The position in SFEN.
    pub fn to_sfen(&self) -> String {
        self.to_setup().to_sfen()
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let bit = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(p);
        self.by_kind[p.kind.index()] |= bit;
        self.by_side[p.side.index()] |= bit;
        self.key ^= piece_key(p.side, p.kind, sq);
    }

    #[inline]
    fn remove(&mut self, sq: Square, p: Piece) {
        let bit = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_kind[p.kind.index()] ^= bit;
        self.by_side[p.side.index()] ^= bit;
        self.key ^= piece_key(p.side, p.kind, sq);
    }

    #[inline]
    fn add_hand(&mut self, side: Side, kind: Kind, delta: i8) {
        let slot = &mut self.hands[side].0[kind.index()];
        let old = *slot;
        let new = (old as i8 + delta) as u8;
        *slot = new;
        self.key ^= hand_key(side, kind, old) ^ hand_key(side, kind, new);
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The SFEN move number (1 at the start of a game, one more per move played).
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Zobrist key of board, both hands and side to move (the sennichite identity).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The pieces `side` holds in hand.
    #[inline]
    pub fn hand(&self, side: Side) -> &Hand {
        &self.hands[side]
    }

    /// The square of `side`'s king (`None` in tsume positions without an attacking king).
    #[inline]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.kings[side.index()]
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_side[side.index()]
    }

    /// The squares of all of `side`'s pieces.
    #[inline]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    #[inline]
    pub(crate) fn golds(&self) -> Bitboard {
        self.by_kind[Kind::Gold.index()]
            | self.by_kind[Kind::ProPawn.index()]
            | self.by_kind[Kind::ProLance.index()]
            | self.by_kind[Kind::ProKnight.index()]
            | self.by_kind[Kind::ProSilver.index()]
    }

    /// Pieces of `by` that attack `sq` given the occupancy `occ`.
    #[inline]
    pub(crate) fn attackers_to(&self, sq: Square, by: Side, occ: Bitboard) -> Bitboard {
        let s = sq.index();
        let o = (!by).index();
        let k = &self.by_kind;
        let royal = k[Kind::King.index()] | k[Kind::Horse.index()] | k[Kind::Dragon.index()];
        let steps = (PAWN[o][s] & k[Kind::Pawn.index()])
            | (KNIGHT[o][s] & k[Kind::Knight.index()])
            | (SILVER[o][s] & (k[Kind::Silver.index()] | royal))
            | (GOLD[o][s] & (self.golds() | royal));
        let sliders = (tables::lance_attacks(!by, sq, occ) & k[Kind::Lance.index()])
            | (tables::rook_attacks(sq, occ) & (k[Kind::Rook.index()] | k[Kind::Dragon.index()]))
            | (tables::bishop_attacks(sq, occ)
                & (k[Kind::Bishop.index()] | k[Kind::Horse.index()]));
        (steps | sliders) & self.by_side[by.index()]
    }

    /// Whether any piece of `by` attacks `sq` given the occupancy `occ`. Cheaper than
    /// [`Position::attackers_to`] where it matters (king escapes): see
    /// [`Position::attacked_by`].
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, by: Side, occ: Bitboard) -> bool {
        self.attacked_by(sq, by, occ, self.by_side[by.index()])
    }

    /// Whether one of `pieces` (of side `by`) attacks `sq` given the occupancy `occ`: the
    /// step pieces are tested first, and a slider family is looked up only when one of its
    /// pieces stands on an empty-board ray through `sq`. `pieces` narrower than all of
    /// `by`'s leaves out a piece about to move (the mate tests ask before playing it).
    #[inline]
    pub(crate) fn attacked_by(
        &self,
        sq: Square,
        by: Side,
        occ: Bitboard,
        pieces: Bitboard,
    ) -> bool {
        let s = sq.index();
        let o = (!by).index();
        let k = &self.by_kind;
        let royal = k[Kind::King.index()] | k[Kind::Horse.index()] | k[Kind::Dragon.index()];
        let steps = (PAWN[o][s] & k[Kind::Pawn.index()])
            | (KNIGHT[o][s] & k[Kind::Knight.index()])
            | (SILVER[o][s] & (k[Kind::Silver.index()] | royal))
            | (GOLD[o][s] & (self.golds() | royal));
        if (steps & pieces).any() {
            return true;
        }
        let rooks = (k[Kind::Rook.index()] | k[Kind::Dragon.index()]) & pieces;
        if (rooks & tables::rook_ray(sq)).any() && (tables::rook_attacks(sq, occ) & rooks).any() {
            return true;
        }
        let bishops = (k[Kind::Bishop.index()] | k[Kind::Horse.index()]) & pieces;
        if (bishops & tables::bishop_ray(sq)).any()
            && (tables::bishop_attacks(sq, occ) & bishops).any()
        {
            return true;
        }
        let lances = k[Kind::Lance.index()] & pieces;
        (lances & tables::lance_ray(!by, sq)).any()
            && (tables::lance_attacks(!by, sq, occ) & lances).any()
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.kings[self.side.index()] {
            Some(k) => self.attackers_to(k, !self.side, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `side`'s king is attacked.
    pub fn is_king_attacked(&self, side: Side) -> bool {
        match self.kings[side.index()] {
            Some(k) => self.attackers_to(k, !side, self.occupied()).any(),
            None => false,
        }
    }

    /// Pieces of `side` pinned against their own king, given the occupancy `occ`.
    #[inline]
    pub(crate) fn pinned(&self, side: Side, king: Square, occ: Bitboard) -> Bitboard {
        let them = !side;
        let k = &self.by_kind;
        let snipers = ((tables::rook_ray(king)
            & (k[Kind::Rook.index()] | k[Kind::Dragon.index()]))
            | (tables::bishop_ray(king) & (k[Kind::Bishop.index()] | k[Kind::Horse.index()]))
            | (tables::lance_ray(side, king) & k[Kind::Lance.index()]))
            & self.by_side[them.index()];
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = tables::between(king, s) & occ;
            if b.any() && !b.has_several() {
                pinned |= b & self.by_side[side.index()];
            }
        }
        pinned
    }

    /// Plays a move assumed legal (or at least well formed: a piece of the side to move on
    /// `from`, or the dropped kind in hand). Returns what [`Position::undo`] needs.
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let undo_key = self.key;
        let mut captured = None;
        match mv {
            Move::Board { from, to, promote } => {
                let piece = self.board[from.index()].expect("a piece on the from square");
                if let Some(victim) = self.board[to.index()] {
                    self.remove(to, victim);
                    captured = Some(victim.kind);
                    self.add_hand(us, victim.kind.unpromoted(), 1);
                    if victim.kind == Kind::King {
                        self.kings[victim.side.index()] = None;
                    }
                }
                self.remove(from, piece);
                let kind = if promote {
                    piece.kind.promoted().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                self.put(to, Piece::new(us, kind));
                if kind == Kind::King {
                    self.kings[us.index()] = Some(to);
                }
            }
            Move::Drop { kind, to } => {
                self.add_hand(us, kind, -1);
                self.put(to, Piece::new(us, kind));
            }
        }
        self.side = !us;
        self.key ^= side_key();
        self.move_number += 1;
        Undo {
            captured,
            key: undo_key,
        }
    }

    /// Takes back `mv`, which must be the last move made with `undo` its result.
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let us = !self.side;
        self.side = us;
        self.move_number -= 1;
        match mv {
            Move::Board { from, to, promote } => {
                let moved = self.board[to.index()].expect("the moved piece");
                self.remove(to, moved);
                let kind = if promote {
                    moved.kind.unpromoted()
                } else {
                    moved.kind
                };
                self.put(from, Piece::new(us, kind));
                if kind == Kind::King {
                    self.kings[us.index()] = Some(from);
                }
                if let Some(victim) = undo.captured {
                    self.add_hand(us, victim.unpromoted(), -1);
                    self.put(to, Piece::new(!us, victim));
                    if victim == Kind::King {
                        self.kings[(!us).index()] = Some(to);
                    }
                }
            }
            Move::Drop { kind, to } => {
                self.remove(to, Piece::new(us, kind));
                self.add_hand(us, kind, 1);
            }
        }
        self.key = undo.key;
    }

    /// The key computed from scratch (to check the incremental one).
    #[doc(hidden)]
    pub fn recompute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= piece_key(p.side, p.kind, sq);
            }
        }
        for side in Side::ALL {
            for kind in Kind::HAND {
                key ^= hand_key(side, kind, self.hands[side].count(kind));
            }
        }
        if self.side == Side::Second {
            key ^= side_key();
        }
        key
    }
}

impl std::str::FromStr for Position {
    type Err = crate::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_sfen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_listed() {
        // Two sente kings, a pawn on rank 1, a knight on rank 2, nifu on file 5, 19 pawns.
        let setup = Setup::from_sfen("P3k4/5N3/9/4P4/4P4/9/9/9/K3K4 b 16P 1").unwrap();
        let err = Position::from_setup(&setup).unwrap_err();
        let p = err.problems.as_slice();
        assert!(p.contains(&PositionProblem::TooManyKings {
            side: Side::First,
            count: 2
        }));
        assert!(p.iter().any(
            |x| matches!(x, PositionProblem::PieceWithNoMove { piece, .. } if piece.kind == Kind::Pawn)
        ));
        assert!(p.iter().any(
            |x| matches!(x, PositionProblem::PieceWithNoMove { piece, .. } if piece.kind == Kind::Knight)
        ));
        assert!(p.contains(&PositionProblem::TwoPawnsOnFile {
            side: Side::First,
            file: 5
        }));
        assert!(p.contains(&PositionProblem::TooManyPieces {
            kind: Kind::Pawn,
            count: 19,
            max: 18
        }));
    }

    #[test]
    fn side_not_to_move_in_check_is_rejected() {
        // Sente's rook attacks the gote king on 5一 but it is Sente to move.
        let err = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 b - 1").unwrap_err();
        assert!(err.to_string().contains("gote is in check"), "{err}");
        assert!(Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1").is_ok());
        // Promoted pawns on one file are not nifu; a gote lance on rank 9 is stuck.
        assert!(Position::from_sfen("4k4/9/9/4+P4/4P4/9/9/9/4K4 b - 1").is_ok());
        assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/l3K4 b - 1").is_err());
    }
}
