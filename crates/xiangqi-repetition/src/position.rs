//! The validated position: piece placement in bitboards and a mailbox, make/unmake with an
//! incremental Zobrist key, and attack queries.

use crate::Bitboard;
use crate::Square;
use crate::legality::IllegalReason;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::setup::Setup;
use crate::tables::{self, ADVISOR, KING, PAWN_FROM, ROT};
use crate::validate::{self, PositionError, PositionProblem};
use board_core::{Problems, Side, ZobristKeys};

const K: usize = PieceKind::King as usize;
const A: usize = PieceKind::Advisor as usize;
const E: usize = PieceKind::Elephant as usize;
const H: usize = PieceKind::Horse as usize;
const R: usize = PieceKind::Rook as usize;
const C: usize = PieceKind::Cannon as usize;
const P: usize = PieceKind::Pawn as usize;

/// Keys: 14 coloured pieces x 90 points, then one for "Black to move".
static ZOBRIST: ZobristKeys<1261> = ZobristKeys::generate(0x5851_414E_4751_4921);
const SIDE_KEY: usize = 1260;

#[inline(always)]
fn zkey(code: u8, sq: usize) -> u64 {
    ZOBRIST.get((code as usize - 1) * 90 + sq)
}

/// The Zobrist key contribution of a piece on a point (for external hashing schemes).
pub fn zobrist_piece(piece: Piece, sq: Square) -> u64 {
    zkey(piece.code(), sq.index())
}

/// The Zobrist key contribution of "Black to move".
pub fn zobrist_black_to_move() -> u64 {
    ZOBRIST.get(SIDE_KEY)
}

/// What [`Position::play`] and [`Position::play_unchecked`] return for [`Position::undo`]:
/// what taking the move back needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece the move captured.
    pub captured: Option<Piece>,
    /// The halfmove clock before the move.
    pub halfmove_clock: u32,
}

/// A legal xiangqi position (obtained only by validating a [`Setup`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) pieces: [[u128; 7]; 2],
    pub(crate) colour: [u128; 2],
    pub(crate) occ: u128,
    pub(crate) rot: u128,
    pub(crate) kings: [u8; 2],
    pub(crate) turn: Side,
    pub(crate) key: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl std::hash::Hash for Position {
    fn hash<Hs: std::hash::Hasher>(&self, state: &mut Hs) {
        self.board.hash(state);
        self.turn.hash(state);
    }
}

impl std::fmt::Display for Position {
    /// The six-field FEN, as [`Position::fen`] writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl std::str::FromStr for Position {
    type Err = crate::PositionParseError;

    /// Reads and validates a FEN, as [`Position::from_fen`].
    fn from_str(fen: &str) -> Result<Position, crate::PositionParseError> {
        Position::from_fen(fen)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard opening position.
    pub fn start() -> Position {
        Position::from_setup(&Setup::start()).expect("the start position is legal")
    }

    /// Parses and validates a FEN; errors carry every problem found.
    pub fn from_fen(fen: &str) -> Result<Position, crate::PositionParseError> {
        let setup: Setup = fen.parse().map_err(crate::PositionParseError::Fen)?;
        Position::from_setup(&setup).map_err(crate::PositionParseError::Illegal)
    }

    /// Validates a setup, listing every problem (see [`crate::validate`]).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let problems = validate::problems(setup);
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        Ok(Position::from_setup_unchecked(setup))
    }

    /// Builds a position from a setup that breaks the rules of play in ways the engine can
    /// still work with: pieces on points they can never reach (a pawn behind its starting
    /// rank), pawns stacked before the river, more pieces of a kind than a set has, facing
    /// kings, the side not to move in check. Rule-book diagrams and composed problems need
    /// this, so that an arbiter can still rule on them; games start from
    /// [`Position::from_setup`].
    ///
    /// Only what move generation cannot do without is required: exactly one king per side,
    /// and no more pieces than a move list has room for the moves of (extra pieces beyond a
    /// set are accepted while every piece's most moves still fit in
    /// [`crate::moves::MAX_MOVES`]; a third rook and cannon would not). The error lists those problems;
    /// [`crate::validate::problems`] names everything unusual that was let through, for a
    /// warning.
    pub fn from_setup_lenient(setup: &Setup) -> Result<Position, PositionError> {
        let problems: Problems<PositionProblem> = validate::problems(setup)
            .into_iter()
            .filter(|p| {
                p.is_fatal()
                    || matches!(p, PositionProblem::TooMany { side, .. }
                        if move_bound(setup, *side) > crate::moves::MAX_MOVES)
            })
            .collect();
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        Ok(Position::from_setup_unchecked(setup))
    }

    /// Builds the bitboards without checking legality; used by validation itself.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut pos = Position {
            board: [0; 90],
            pieces: [[0; 7]; 2],
            colour: [0; 2],
            occ: 0,
            rot: 0,
            kings: [0; 2],
            turn: setup.turn,
            key: 0,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = p {
                let code = p.code();
                pos.board[i] = code;
                let s = p.side.index();
                pos.pieces[s][p.kind.index()] |= 1u128 << i;
                pos.colour[s] |= 1u128 << i;
                pos.occ |= 1u128 << i;
                pos.rot |= ROT[i];
                pos.key ^= zkey(code, i);
                if p.kind == PieceKind::King {
                    pos.kings[s] = i as u8;
                }
            }
        }
        if pos.turn == Side::Second {
            pos.key ^= ZOBRIST.get(SIDE_KEY);
        }
        pos
    }

    /// Back to an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup {
            board: [None; 90],
            turn: self.turn,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        };
        for i in 0..90 {
            s.board[i] = Piece::from_code(self.board[i]);
        }
        s
    }

    /// Six-field FEN.
    pub fn fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The board and side fields only: what identifies a position for repetition purposes.
    pub fn position_fen(&self) -> String {
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        format!("{} {}", crate::fen::board_fen(&self.to_setup()), side)
    }

    /// The side whose move it is (`Side::First` is Red).
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.turn
    }

    /// Zobrist key of placement and side to move (move counters excluded).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key recomputed from scratch (for tests of the incremental update).
    pub fn key_from_scratch(&self) -> u64 {
        let mut k = 0;
        for i in 0..90 {
            if self.board[i] != 0 {
                k ^= zkey(self.board[i], i);
            }
        }
        if self.turn == Side::Second {
            k ^= ZOBRIST.get(SIDE_KEY);
        }
        k
    }

    /// Plies since the last capture (FEN field 5).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (FEN field 6), starting at 1.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    #[inline]
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Points holding pieces of `side` and `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        Bitboard(self.pieces[side.index()][kind.index()])
    }

    /// Points holding pieces of `side`.
    #[inline]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        Bitboard(self.colour[side.index()])
    }

    #[inline]
    /// Every occupied point.
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occ)
    }

    #[inline]
    /// `side`'s king.
    pub fn king(&self, side: Side) -> Square {
        Square::from_bit(self.kings[side.index()] as u32)
    }

    /// Pieces of `side` that attack `sq` with the current occupancy: the pieces that could
    /// capture there if it held an enemy piece, ignoring whether the capture would be legal.
    /// The flying general counts only when `sq` holds the other king.
    pub fn attackers_of(&self, sq: Square, side: Side) -> Bitboard {
        Bitboard(self.attackers_with(sq.index(), side.index(), self.occ, self.rot))
    }

    /// As [`Position::attackers_of`] with a hypothetical occupancy (e.g. a piece removed).
    pub fn attackers_with_occupancy(&self, sq: Square, side: Side, occupied: Bitboard) -> Bitboard {
        let mut rot = 0;
        for s in occupied.iter() {
            rot |= ROT[s.index()];
        }
        Bitboard(self.attackers_with(sq.index(), side.index(), occupied.0, rot) & occupied.0)
    }

    pub(crate) fn attackers_with(&self, sq: usize, side: usize, occ: u128, rot: u128) -> u128 {
        let p = &self.pieces[side];
        let mut a = tables::rook(sq, occ, rot) & p[R];
        a |= tables::cannon_captures(sq, occ, rot) & p[C];
        a |= tables::horse_attackers(sq, occ) & p[H];
        a |= PAWN_FROM[side][sq] & p[P];
        a |= ADVISOR[sq] & p[A];
        a |= tables::elephant(sq, occ) & p[E];
        a |= KING[sq] & p[K];
        if self.kings[side ^ 1] as usize == sq {
            a |= tables::rook_file(sq, rot) & p[K];
        }
        a
    }

    /// Pieces giving check to the side to move (the flying general included).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn.index();
        Bitboard(self.king_attackers(self.kings[us] as usize, us ^ 1, self.occ, self.rot, !0))
    }

    #[inline]
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `side`'s king is attacked (for either side, not only the side to move).
    pub fn in_check(&self, side: Side) -> bool {
        let s = side.index();
        self.king_attackers(self.kings[s] as usize, s ^ 1, self.occ, self.rot, !0) != 0
    }

    /// Attackers of a king point by `them`; `keep` masks out a piece just captured.
    #[inline(always)]
    pub(crate) fn king_attackers(
        &self,
        k: usize,
        them: usize,
        occ: u128,
        rot: u128,
        keep: u128,
    ) -> u128 {
        let p = &self.pieces[them];
        ((tables::rook(k, occ, rot) & (p[R] | p[K]))
            | (tables::cannon_captures(k, occ, rot) & p[C])
            | (tables::horse_attackers(k, occ) & p[H])
            | (PAWN_FROM[them][k] & p[P]))
            & keep
    }

    /// Pieces of `side` whose removal from the board would expose `side`'s king to an attack
    /// it does not face now: single blockers of a rook or of the facing king, either of two
    /// screens between an enemy cannon and the king, pieces on the leg of an enemy horse.
    pub fn pinned(&self, side: Side) -> Bitboard {
        Bitboard(self.king_threats(side.index()).0 & self.colour[side.index()])
    }

    /// Empty points between an enemy cannon and `side`'s king with nothing in between: a
    /// piece of `side` moving there would screen the cannon and check its own king.
    pub fn screen_squares(&self, side: Side) -> Bitboard {
        Bitboard(self.king_threats(side.index()).1)
    }

    /// `(blockers of either colour, empty screen points)` for the king of `us`.
    #[inline(always)]
    pub(crate) fn king_threats(&self, us: usize) -> (u128, u128) {
        let them = us ^ 1;
        let k = self.kings[us] as usize;
        let p = &self.pieces[them];
        let lines = tables::RANK_MASK[k / 9] | tables::FILE_MASK[k % 9];
        let mut blockers = 0u128;
        let mut danger = 0u128;
        let mut sliders = lines & (p[R] | p[K]);
        while sliders != 0 {
            let s = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            let b = tables::between(k, s) & self.occ;
            if b.count_ones() == 1 {
                blockers |= b;
            }
        }
        let mut cannons = lines & p[C];
        while cannons != 0 {
            let s = cannons.trailing_zeros() as usize;
            cannons &= cannons - 1;
            let between = tables::between(k, s);
            let b = between & self.occ;
            match b.count_ones() {
                0 => danger |= between,
                2 => blockers |= b,
                _ => {}
            }
        }
        if p[H] != 0 {
            for leap in &tables::HORSE_TO[k] {
                if leap.targets & p[H] != 0 {
                    blockers |= leap.block & self.occ;
                }
            }
        }
        (blockers, danger)
    }

    /// Whether the side to move's king is safe after moving `from` → `to` (a pseudo-legal
    /// move), computed on the changed occupancy without making the move.
    #[inline(always)]
    pub(crate) fn safe_after(&self, from: usize, to: usize) -> bool {
        let us = self.turn.index();
        let fb = 1u128 << from;
        let tb = 1u128 << to;
        let occ = (self.occ ^ fb) | tb;
        let rot = (self.rot ^ ROT[from]) | ROT[to];
        let k = if from == self.kings[us] as usize {
            to
        } else {
            self.kings[us] as usize
        };
        self.king_attackers(k, us ^ 1, occ, rot, !tb) == 0
    }

    /// Whether the side to move, moving its piece `from` → `to`, attacks the other king
    /// afterwards; computed on the changed occupancy without making the move.
    #[inline]
    pub(crate) fn checks_after(&self, from: usize, to: usize) -> bool {
        let us = self.turn.index();
        let fb = 1u128 << from;
        let tb = 1u128 << to;
        let occ = (self.occ ^ fb) | tb;
        let rot = (self.rot ^ ROT[from]) | ROT[to];
        let kind = ((self.board[from] - 1) % 7) as usize;
        let mut p = self.pieces[us];
        p[kind] ^= fb | tb;
        let k = self.kings[us ^ 1] as usize;
        ((tables::rook(k, occ, rot) & (p[R] | p[K]))
            | (tables::cannon_captures(k, occ, rot) & p[C])
            | (tables::horse_attackers(k, occ) & p[H])
            | (PAWN_FROM[us][k] & p[P]))
            != 0
    }

    /// Plays `mv` if it is legal and returns what [`Position::undo`] needs to take it back;
    /// otherwise returns the reason it is illegal and leaves the position untouched.
    ///
    /// Search code that only plays generated moves uses [`Position::play_unchecked`], which
    /// skips the legality test.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalReason> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move that must be legal (a generated move, or one checked with
    /// [`Position::check_move`]); returns what [`Position::undo`] needs. The Zobrist key is
    /// updated incrementally. An illegal move leaves the position inconsistent.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let from = mv.from.index();
        let to = mv.to.index();
        let us = self.turn.index();
        let them = us ^ 1;
        let code = self.board[from];
        let cap = self.board[to];
        let fb = 1u128 << from;
        let tb = 1u128 << to;
        let undo = Undo {
            captured: Piece::from_code(cap),
            halfmove_clock: self.halfmove_clock,
        };
        if cap != 0 {
            let ck = ((cap - 1) % 7) as usize;
            self.pieces[them][ck] ^= tb;
            self.colour[them] ^= tb;
            self.key ^= zkey(cap, to);
            self.halfmove_clock = 0;
        } else {
            self.occ |= tb;
            self.rot |= ROT[to];
            self.halfmove_clock += 1;
        }
        self.occ ^= fb;
        self.rot ^= ROT[from];
        let kind = ((code - 1) % 7) as usize;
        self.pieces[us][kind] ^= fb | tb;
        self.colour[us] ^= fb | tb;
        self.board[to] = code;
        self.board[from] = 0;
        self.key ^= zkey(code, from) ^ zkey(code, to) ^ ZOBRIST.get(SIDE_KEY);
        if kind == K {
            self.kings[us] = to as u8;
        }
        if self.turn == Side::Second {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// Takes back `mv`, which must be the last move played with the `undo` it returned.
    #[inline]
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Side::Second {
            self.fullmove_number -= 1;
        }
        let from = mv.from.index();
        let to = mv.to.index();
        let us = self.turn.index();
        let them = us ^ 1;
        let code = self.board[to];
        let fb = 1u128 << from;
        let tb = 1u128 << to;
        let kind = ((code - 1) % 7) as usize;
        self.pieces[us][kind] ^= fb | tb;
        self.colour[us] ^= fb | tb;
        self.board[from] = code;
        self.occ |= fb;
        self.rot |= ROT[from];
        self.key ^= zkey(code, from) ^ zkey(code, to) ^ ZOBRIST.get(SIDE_KEY);
        if kind == K {
            self.kings[us] = from as u8;
        }
        match undo.captured {
            Some(p) => {
                let cap = p.code();
                self.board[to] = cap;
                self.pieces[them][p.kind.index()] |= tb;
                self.colour[them] |= tb;
                self.key ^= zkey(cap, to);
            }
            None => {
                self.board[to] = 0;
                self.occ ^= tb;
                self.rot ^= ROT[to];
            }
        }
        self.halfmove_clock = undo.halfmove_clock;
    }

    /// The position after a legal move (copy-make).
    pub fn after(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(mv);
        p
    }

    /// Takes the piece off `sq` without any other change, for "what if this piece were not
    /// there" questions (a lifted screen, removed checkers). The result need not be a legal
    /// position: after removing a king only piece-wise queries remain meaningful.
    pub fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let i = sq.index();
        let piece = Piece::from_code(self.board[i])?;
        let b = 1u128 << i;
        self.pieces[piece.side.index()][piece.kind.index()] ^= b;
        self.colour[piece.side.index()] ^= b;
        self.occ ^= b;
        self.rot ^= ROT[i];
        self.key ^= zkey(self.board[i], i);
        self.board[i] = 0;
        Some(piece)
    }

    /// Points the piece on `sq` could move to by its movement rule alone (own pieces
    /// excluded, own-king safety not considered); empty for an empty point.
    pub fn pseudo_targets(&self, sq: Square) -> Bitboard {
        Bitboard(self.targets_from(sq.index()))
    }

    /// Same placement and side to move (the move counters are not compared).
    pub fn same_position(&self, other: &Position) -> bool {
        self.key == other.key && self.turn == other.turn && self.board == other.board
    }

    /// Passes the turn without moving (for analysis such as "what would the opponent
    /// attack if it were to move"); the key changes as for a move.
    pub fn pass(&mut self) {
        self.turn = !self.turn;
        self.key ^= ZOBRIST.get(SIDE_KEY);
    }
}

/// The most pseudo-legal moves `side`'s pieces in `setup` can have (a rook or cannon 17, a
/// horse 8, an advisor, elephant or king 4, a pawn 3), the bound behind
/// [`crate::moves::MAX_MOVES`].
fn move_bound(setup: &Setup, side: Side) -> usize {
    setup
        .board
        .iter()
        .flatten()
        .filter(|p| p.side == side)
        .map(|p| match p.kind {
            PieceKind::Rook | PieceKind::Cannon => 17,
            PieceKind::Horse => 8,
            PieceKind::Advisor | PieceKind::Elephant | PieceKind::King => 4,
            PieceKind::Pawn => 3,
        })
        .sum()
}
