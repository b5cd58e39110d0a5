//! The adjudicator's view of a position: the engine's [`Position`] with the questions the
//! rule texts ask of it.
//!
//! Classifying one move asks many hypothetical questions: what if the opponent passed,
//! what if this piece were taken, could it be taken back, is the capturer then mated.
//! Each is answered by copy-make on the engine's bitboard position, in the engine's own
//! types ([`Square`], [`Side`], [`Piece`]). This module fixes the order in which pieces,
//! attackers and moves are listed ([`reading_order`]: from Red's back rank), so that the
//! piece an effect is attributed to does not depend on the engine's internal numbering.

use std::fmt;

use crate::{Move, Piece, PieceKind, Position, Side, Square, Undo};

/// The JSON spelling of a side: `red` for [`Side::First`], `black` for [`Side::Second`].
pub fn side_label(side: Side) -> &'static str {
    match side {
        Side::First => "red",
        Side::Second => "black",
    }
}

/// The adjudicator's listing order of points: Red's back rank first, files a to i
/// within a rank (ICCS `rank * 9 + file`). Moves are grouped by origin and attackers
/// tie-broken in this order, so that the piece an effect is credited to does not
/// depend on the engine's numbering (which runs from Black's back rank).
#[inline]
pub fn reading_order(sq: Square) -> u8 {
    sq.iccs_rank() * 9 + sq.x()
}

/// The point `df` files and `dr` ranks (towards Black) away from `sq`, if on the board.
#[inline]
pub fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    // Rows run from Black's back rank: a rank towards Black is a row up.
    sq.offset(df, dr.checked_neg()?)
}

/// Why a FEN or a move could not be read; positions are byte offsets into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The FEN is malformed or not a legal position; `offset` is the byte of the first
    /// syntax problem (0 when the FEN reads but the position is illegal).
    Fen {
        /// Byte offset of the first syntax problem (0 for an illegal position).
        offset: usize,
        /// What is wrong with the FEN.
        error: crate::PositionParseError,
    },
    /// A move token is not ICCS (`h2e2`, ranks 0-9); `index` counts tokens from 0.
    MoveSyntax {
        /// Position of the token, from 0.
        index: usize,
        /// The token (at most 16 characters).
        token: String,
    },
    /// A move is not legal in the position reached; `index` counts moves from 0.
    IllegalMove {
        /// Position of the move, from 0.
        index: usize,
        /// The move in ICCS.
        token: String,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Fen { offset, error } => write!(f, "FEN byte {offset}: {error}"),
            BoardError::MoveSyntax { index, token } => {
                write!(
                    f,
                    "move {}: '{token}' is not an ICCS move like h2e2",
                    index + 1
                )
            }
            BoardError::IllegalMove { index, token } => {
                write!(f, "move {}: '{token}' is not legal here", index + 1)
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// The four line directions and the eight horse steps as (files, ranks), in the order
/// attackers are listed.
const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const HORSE_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

fn position_of<T: PartialEq>(list: &[T], item: T) -> usize {
    list.iter().position(|x| *x == item).unwrap_or(list.len())
}

/// A position with the side to move.
#[derive(Clone)]
pub struct Board {
    pos: Position,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pos.same_position(&other.pos)
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pos.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl fmt::Display for Board {
    /// The FEN, as [`Board::fen`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// Reads a FEN of a legal position, as [`Board::from_fen`].
    fn from_str(fen: &str) -> Result<Board, BoardError> {
        Board::from_fen(fen)
    }
}

impl From<Position> for Board {
    fn from(pos: Position) -> Board {
        Board { pos }
    }
}

impl Board {
    /// The engine position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }

    #[inline]
    /// The piece on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }

    /// Takes the piece off `sq` (for hypothetical positions).
    pub fn remove(&mut self, sq: Square) {
        self.pos.remove_piece(sq);
    }

    /// All occupied points with their pieces, Red's back rank first.
    pub fn pieces(&self) -> Pieces<'_> {
        Pieces {
            board: self,
            y: 10,
            row: 0,
        }
    }

    /// Reads a FEN (xqbase/UCCI: rank 9 first, `w`/`r` or `b` to move) and checks that it
    /// is a legal position.
    pub fn from_fen(fen: &str) -> Result<Board, BoardError> {
        let pos = Position::from_fen(fen).map_err(|error| BoardError::Fen {
            offset: match &error {
                crate::PositionParseError::Fen(e) => {
                    e.problems.iter().next().map_or(0, |p| p.offset)
                }
                _ => 0,
            },
            error,
        })?;
        Ok(Board { pos })
    }

    /// The FEN of this position (placement and side; counters written as `- - 0 1`).
    pub fn fen(&self) -> String {
        format!("{} - - 0 1", self.pos.position_fen())
    }

    /// The engine's Zobrist key of placement and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.pos.key()
    }

    /// `side`'s king, if it is on the board.
    pub fn king(&self, side: Side) -> Option<Square> {
        let k = self.pos.king(side);
        self.pos
            .piece_at(k)
            .is_some_and(|p| p.kind == PieceKind::King && p.side == side)
            .then_some(k)
    }

    /// Does `by` attack `target` (could a piece of `by` move there, occupancy and
    /// movement rules only; own-king safety ignored)? Flying-general attacks of a king
    /// on the other king are included.
    pub fn attacked(&self, target: Square, by: Side) -> bool {
        self.pos.attackers_of(target, by).any()
    }

    /// The points of `by`'s pieces that attack `target` (pseudo-legally), listed along the
    /// four lines first, then horses, pawns, the king's step, advisors and elephants.
    pub fn attackers(&self, target: Square, by: Side) -> impl Iterator<Item = Square> + use<> {
        // Most points have at most one attacker: no ordering to do then.
        let bits = self.pos.attackers_of(target, by);
        if bits.count() <= 1 {
            let only = bits.first();
            return AttackerList::One(only.into_iter());
        }
        let mut found: Vec<(usize, Square)> = bits
            .iter()
            .map(|a| (self.attacker_rank(target, a), a))
            .collect();
        found.sort_unstable_by_key(|&(rank, a)| (rank, reading_order(a)));
        AttackerList::Many(
            found
                .into_iter()
                .map(|(_, a)| a)
                .collect::<Vec<_>>()
                .into_iter(),
        )
    }

    /// The listing order of the attacker on `a` of `target` (see [`Board::attackers`]).
    fn attacker_rank(&self, target: Square, a: Square) -> usize {
        let df = a.x() as i8 - target.x() as i8;
        let dr = a.iccs_rank() as i8 - target.iccs_rank() as i8;
        let dist = (df.abs() + dr.abs()) as usize;
        let p = self.at(a).expect("attacker present");
        let target_is_king = self.at(target).is_some_and(|t| t.kind == PieceKind::King);
        match p.kind {
            PieceKind::Rook | PieceKind::Cannon => line_rank(df, dr, dist),
            PieceKind::King if target_is_king => line_rank(df, dr, dist),
            PieceKind::Horse => 100 + position_of(&HORSE_STEPS, (-df, -dr)),
            PieceKind::Pawn => 200 + if df == 0 { 0 } else { (df + 2) as usize },
            PieceKind::King => 300 + position_of(&ORTHO, (df, dr)),
            PieceKind::Advisor => 400 + 2 * position_of(&DIAG, (df, dr)),
            PieceKind::Elephant => 400 + 2 * position_of(&DIAG, (df / 2, dr / 2)) + 1,
        }
    }

    /// Is `side`'s king attacked (including by the facing enemy king)?
    pub fn in_check(&self, side: Side) -> bool {
        self.king(side).is_some() && self.pos.in_check(side)
    }

    /// Points the piece on `from` could capture on by its movement rule alone.
    pub fn capture_targets(&self, from: Square) -> Vec<Square> {
        let occ = self.pos.occupied();
        self.pos
            .pseudo_targets(from)
            .iter()
            .filter(|&s| occ.contains(s))
            .collect()
    }

    /// The position after `mv` (a move of either side's piece), with the turn passed on.
    pub fn after(&self, mv: Move) -> Board {
        let mut pos = self.pos.clone();
        let mover = pos.piece_at(mv.from).map(|p| p.side);
        if mover.is_some_and(|s| s != pos.side_to_move()) {
            pos.pass();
            pos.play_unchecked(mv);
            pos.pass();
        } else {
            pos.play_unchecked(mv);
        }
        Board { pos }
    }

    /// Plays a legal move of the side to move in place (make).
    #[inline]
    pub(crate) fn make(&mut self, m: Move) -> Undo {
        self.pos.play_unchecked(m)
    }

    /// Takes back the last move made with [`Board::make`] (unmake).
    #[inline]
    pub(crate) fn unmake(&mut self, m: Move, undo: Undo) {
        self.pos.undo(m, undo);
    }

    /// The same placement with the other side to move (a "pass", used to ask what the
    /// side that has just moved threatens to do next).
    pub fn passed(&self) -> Board {
        let mut pos = self.pos.clone();
        pos.pass();
        Board { pos }
    }

    /// Is `mv` legal for the side to move?
    pub fn is_legal(&self, mv: Move) -> bool {
        self.pos.is_legal(mv)
    }

    /// Does the pseudo-legal `mv` leave the mover's king safe?
    #[inline]
    pub fn keeps_king_safe(&self, mv: Move) -> bool {
        let mover = self
            .at(mv.from)
            .map(|p| p.side)
            .unwrap_or(self.side_to_move());
        !self.after(mv).in_check(mover)
    }

    /// All legal moves of the side to move, grouped by origin point from Red's back rank.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.pos.legal_moves().to_vec();
        v.sort_by_key(|m| reading_order(m.from));
        v
    }

    /// The legal moves of the side to move that give check, in the order of
    /// [`Board::legal_moves`].
    pub fn checking_moves(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.pos.checking_moves().to_vec();
        v.sort_by_key(|m| reading_order(m.from));
        v
    }

    /// Does the side to move have any legal move? (Stops at the first one.)
    pub fn has_legal_move(&self) -> bool {
        self.pos.has_legal_move()
    }

    /// Legal captures of the piece on `target` by the side to move.
    pub fn legal_captures_of(&self, target: Square) -> Vec<Move> {
        let target_is_king = self.at(target).is_some_and(|p| p.kind == PieceKind::King);
        self.attackers(target, self.side_to_move())
            .map(|from| Move { from, to: target })
            .filter(|&m| {
                // A king's flying attack is not a move it can make.
                !(target_is_king && self.at(m.from).is_some_and(|p| p.kind == PieceKind::King))
                    && self.pos.is_legal(m)
            })
            .collect()
    }

    /// Parses one ICCS move (`h2e2`, also `H2-E2`), ranks 0-9.
    pub fn parse_iccs(token: &str) -> Option<Move> {
        crate::iccs::parse_move(token, crate::RankBase::Zero).ok()
    }
}

/// The occupied points of a board in the adjudicator's order (ranks from Red's side,
/// files from a to i), read row by row from the occupancy bits.
#[derive(Debug)]
pub struct Pieces<'a> {
    board: &'a Board,
    /// The engine row being read (rows run from Black's back rank, so Red's back rank
    /// is row 9) and its remaining occupied files.
    y: u32,
    row: u32,
}

impl Iterator for Pieces<'_> {
    type Item = (Square, Piece);

    #[inline]
    fn next(&mut self) -> Option<(Square, Piece)> {
        while self.row == 0 {
            if self.y == 0 {
                return None;
            }
            self.y -= 1;
            self.row = ((self.board.pos.occupied().0 >> (9 * self.y)) & 0x1ff) as u32;
        }
        let x = self.row.trailing_zeros();
        self.row &= self.row - 1;
        let engine = Square::from_xy(x as u8, self.y as u8).expect("row and file on board");
        let p = self.board.pos.piece_at(engine).expect("occupied point");
        Some((engine, p))
    }
}

/// The attackers of a point: a single one needs no sorting.
enum AttackerList {
    One(std::option::IntoIter<Square>),
    Many(std::vec::IntoIter<Square>),
}

impl Iterator for AttackerList {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        match self {
            AttackerList::One(it) => it.next(),
            AttackerList::Many(it) => it.next(),
        }
    }
}

/// Line attackers are listed by direction, the nearer (rook, facing king) before the
/// farther (cannon).
fn line_rank(df: i8, dr: i8, dist: usize) -> usize {
    position_of(&ORTHO, (df.signum(), dr.signum())) * 10 + dist.min(9)
}

/// Is the point on `side`'s side of the river?
pub fn on_own_side(sq: Square, side: Side) -> bool {
    board_geometry::xiangqi::own_half(side).contains(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn perft(b: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        b.legal_moves()
            .iter()
            .map(|&m| perft(&b.after(m), depth - 1))
            .sum()
    }

    #[test]
    fn start_position_perft() {
        // chessprogramming.org "Chinese Chess Perft Results": 44, 1920, 79666.
        let b = Board::from_fen(START).unwrap();
        assert_eq!(perft(&b, 1), 44);
        assert_eq!(perft(&b, 2), 1920);
        assert_eq!(perft(&b, 3), 79666);
    }

    #[test]
    fn cpw_position_2_perft() {
        // chessprogramming.org position 2: 38, 1128, 43929.
        let b = Board::from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w")
            .unwrap();
        assert_eq!(perft(&b, 1), 38);
        assert_eq!(perft(&b, 2), 1128);
        assert_eq!(perft(&b, 3), 43929);
    }

    #[test]
    fn fen_round_trip_and_errors() {
        let b = Board::from_fen(START).unwrap();
        assert_eq!(b.fen(), START);
        for bad in [
            "",
            "rnbakabnr/9",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "4k4/9/9/9/9/9/9/9/9/4K4 w", // kings face each other: side not to move in check
            "9/9/9/9/9/9/9/9/9/4K4 w",
            "\u{0}\u{ff}",
        ] {
            assert!(Board::from_fen(bad).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn key_identifies_placement_and_side() {
        // The key after a line of moves equals the key of the same position read afresh.
        let mut b = Board::from_fen(START).unwrap();
        for m in ["h2e2", "h9g7", "e2e6", "g6g5", "e6a6"] {
            b = b.after(Board::parse_iccs(m).unwrap());
            let fresh = Board::from_fen(&b.fen()).unwrap();
            assert_eq!(b.key(), fresh.key(), "{m}");
            assert_eq!(b, fresh, "{m}");
        }
    }

    #[test]
    fn checking_moves_are_the_moves_after_which_the_king_is_attacked() {
        // Copy-make is the reference: a move checks iff the opposing king is attacked after it.
        let mut rng = board_core::Rng::new(7);
        for fen in [
            START,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "3k5/9/9/9/4p4/9/3N5/4R4/9/3KC4 w",
        ] {
            let mut b = Board::from_fen(fen).unwrap();
            for _ in 0..60 {
                let moves = b.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let by_copy: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| b.after(m).in_check(!b.side_to_move()))
                    .collect();
                assert_eq!(b.checking_moves(), by_copy, "{b:?}");
                b = b.after(moves[rng.index(moves.len())]);
            }
        }
    }

    #[test]
    fn attackers_are_listed_lines_first() {
        // A rook and a cannon on the e-file and a horse all attack e5: the rook (nearest
        // on the first line) comes first, the cannon behind its screen next, the horse last.
        let b = Board::from_fen("3k5/9/9/9/4p4/9/3N5/4R4/9/3KC4 w").unwrap();
        let list: Vec<String> = b
            .attackers(Square::from_iccs(4, 5).unwrap(), Side::First)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(list, ["e2", "e0", "d3"]);
    }

    #[test]
    fn pieces_are_listed_in_reading_order() {
        // The listing starts at Red's back rank (a0, b0, ...) and ends at Black's (i9).
        let b = Board::from_fen(START).unwrap();
        let listed: Vec<(Square, Piece)> = b.pieces().collect();
        assert_eq!(listed.len(), 32);
        assert_eq!(listed[0].0.to_string(), "a0");
        assert_eq!(listed[31].0.to_string(), "i9");
        assert!(
            listed
                .windows(2)
                .all(|w| reading_order(w[0].0) < reading_order(w[1].0))
        );
        for (sq, p) in listed {
            assert_eq!(b.at(sq), Some(p));
        }
    }

    #[test]
    fn iccs_parsing() {
        assert_eq!(Board::parse_iccs("h2e2").unwrap().to_string(), "h2e2");
        assert_eq!(Board::parse_iccs("H2-E2").unwrap().to_string(), "h2e2");
        for bad in ["", "h2e", "j2e2", "h2e22", "hhee", "炮二平五"] {
            assert!(Board::parse_iccs(bad).is_none(), "{bad}");
        }
    }
}
