//! Piece kinds, coloured pieces and their letters.

use board_core::Side;
use std::fmt;

/// The seven kinds of xiangqi pieces, in the order used for table indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum PieceKind {
    /// 帅/将: steps orthogonally inside the palace.
    King = 0,
    /// 仕/士: steps diagonally inside the palace.
    Advisor = 1,
    /// 相/象: two points diagonally, never across the river, blocked at the eye.
    Elephant = 2,
    /// 马: one point orthogonally then one diagonally outwards, blocked at the leg.
    Horse = 3,
    /// 车: any distance along a rank or file.
    Rook = 4,
    /// 炮: moves as a rook, captures by jumping exactly one screen.
    Cannon = 5,
    /// 兵/卒: one point forwards; sideways too after crossing the river.
    Pawn = 6,
}

impl PieceKind {
    /// Every kind, in table order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    #[inline]
    /// The table index 0-6.
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    /// The kind with table index `i`.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 7 { Some(Self::ALL[i]) } else { None }
    }

    /// FEN letter in lower case (xqbase/UCCI: k a b n r c p).
    pub const fn fen_char(self) -> char {
        ['k', 'a', 'b', 'n', 'r', 'c', 'p'][self as usize]
    }

    /// WXF letter (K A E H R C P).
    pub const fn wxf_char(self) -> char {
        ['K', 'A', 'E', 'H', 'R', 'C', 'P'][self as usize]
    }

    /// Parses a FEN letter of either case; accepts `h`/`e` for horse/elephant as well as `n`/`b`.
    pub fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_lowercase() {
            'k' => PieceKind::King,
            'a' => PieceKind::Advisor,
            'b' | 'e' => PieceKind::Elephant,
            'n' | 'h' => PieceKind::Horse,
            'r' => PieceKind::Rook,
            'c' => PieceKind::Cannon,
            'p' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// The most a side can own of this kind.
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// Whether the kind moves along lines (rook, cannon): the pieces whose moves have a length.
    pub const fn is_line_mover(self) -> bool {
        matches!(
            self,
            PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn
        )
    }
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner (`Side::First` is Red).
    pub side: Side,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// Dense code `1..=14` (0 stands for an empty point in the mailbox).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.side as u8) * 7 + self.kind as u8 + 1
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 14 {
            return None;
        }
        let c = code - 1;
        let side = if c < 7 { Side::First } else { Side::Second };
        Some(Piece {
            side,
            kind: PieceKind::ALL[(c % 7) as usize],
        })
    }

    /// FEN letter: upper case for Red, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        if self.side == Side::First {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// Parses a FEN letter (Red upper case); accepts `H`/`E` too.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_fen_char(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        };
        Some(Piece { side, kind })
    }

    /// Simplified Chinese name as written in game records (帅仕相马车炮兵 / 将士象马车炮卒).
    pub const fn chinese(self) -> char {
        match self.side {
            Side::First => ['帅', '仕', '相', '马', '车', '炮', '兵'][self.kind as usize],
            Side::Second => ['将', '士', '象', '马', '车', '炮', '卒'][self.kind as usize],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// The side's name as used in messages.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Red",
        Side::Second => "Black",
    }
}
