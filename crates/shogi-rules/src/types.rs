//! Squares, piece kinds, pieces, hands and moves: the vocabulary every other module uses.

use board_core::Side;

/// One of the 81 squares: board-geometry's shogi square, numbered file-major
/// (index = (file - 1) * 9 + (rank - 1)), so a file is nine consecutive bits of a
/// [`Bitboard`] and rank 1 (Gote's back rank) is the low bit of each file. Display is USI
/// (`7g`).
pub use board_geometry::shogi::Square;

/// A set of squares of the shogi board (board-geometry's typed bitboard).
pub use board_geometry::shogi::Bitboard;

/// The fourteen kinds of pieces on the board. The first seven can also be held in hand,
/// in this order (which is also the index into a [`Hand`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
pub enum Kind {
    /// 歩 (FU).
    Pawn = 0,
    /// 香 (KY).
    Lance = 1,
    /// 桂 (KE).
    Knight = 2,
    /// 銀 (GI).
    Silver = 3,
    /// 金 (KI).
    Gold = 4,
    /// 角 (KA).
    Bishop = 5,
    /// 飛 (HI).
    Rook = 6,
    /// 玉/王 (OU).
    King = 7,
    /// と, a promoted pawn (TO).
    ProPawn = 8,
    /// 成香, a promoted lance (NY).
    ProLance = 9,
    /// 成桂, a promoted knight (NK).
    ProKnight = 10,
    /// 成銀, a promoted silver (NG).
    ProSilver = 11,
    /// 馬, a promoted bishop (UM).
    Horse = 12,
    /// 龍, a promoted rook (RY).
    Dragon = 13,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kinds that can be held in hand, in hand-index order.
    pub const HAND: [Kind; 7] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
    ];

    /// The index of the kind (`Kind::ALL[k.index()] == k`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of an index below 14.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < 14 { Some(Kind::ALL[i]) } else { None }
    }

    /// The promoted form, if this kind can promote.
    #[inline]
    pub const fn promoted(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::ProPawn),
            Kind::Lance => Some(Kind::ProLance),
            Kind::Knight => Some(Kind::ProKnight),
            Kind::Silver => Some(Kind::ProSilver),
            Kind::Bishop => Some(Kind::Horse),
            Kind::Rook => Some(Kind::Dragon),
            _ => None,
        }
    }

    /// The kind a captured piece reverts to (and the kind it is counted as in hand).
    #[inline]
    pub const fn unpromoted(self) -> Kind {
        match self {
            Kind::ProPawn => Kind::Pawn,
            Kind::ProLance => Kind::Lance,
            Kind::ProKnight => Kind::Knight,
            Kind::ProSilver => Kind::Silver,
            Kind::Horse => Kind::Bishop,
            Kind::Dragon => Kind::Rook,
            k => k,
        }
    }

    /// Whether this is a promoted kind.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// Whether this kind has a promoted form.
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// Moves like a gold general (gold and the four promoted minor pieces).
    #[inline]
    pub const fn is_gold_like(self) -> bool {
        matches!(
            self,
            Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver
        )
    }

    /// Number of pieces of this base kind in a full set (both sides together).
    pub const fn full_set_count(self) -> u8 {
        match self.unpromoted() {
            Kind::Pawn => 18,
            Kind::Lance | Kind::Knight | Kind::Silver | Kind::Gold => 4,
            Kind::Bishop | Kind::Rook | Kind::King => 2,
            _ => 0,
        }
    }

    /// SFEN letter for Sente (upper case), with `+` for promoted kinds.
    pub const fn sfen(self) -> &'static str {
        match self {
            Kind::Pawn => "P",
            Kind::Lance => "L",
            Kind::Knight => "N",
            Kind::Silver => "S",
            Kind::Gold => "G",
            Kind::Bishop => "B",
            Kind::Rook => "R",
            Kind::King => "K",
            Kind::ProPawn => "+P",
            Kind::ProLance => "+L",
            Kind::ProKnight => "+N",
            Kind::ProSilver => "+S",
            Kind::Horse => "+B",
            Kind::Dragon => "+R",
        }
    }

    /// Impasse points: rook and bishop (promoted or not) 5, kings 0, everything else 1.
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            Kind::Rook | Kind::Bishop => 5,
            Kind::King => 0,
            _ => 1,
        }
    }
}

/// A piece: its owner and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub side: Side,
    /// The kind.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `side` and `kind`.
    #[inline]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// SFEN text: upper case for Sente, lower case for Gote.
    pub fn sfen(self) -> String {
        let s = self.kind.sfen();
        match self.side {
            Side::First => s.to_string(),
            Side::Second => s.to_ascii_lowercase(),
        }
    }
}

/// Pieces in hand for one side, indexed by [`Kind::HAND`] order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hand(pub [u8; 7]);

impl Hand {
    /// How many pieces of `kind` (unpromoted) the hand holds.
    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        self.0.get(kind.index()).copied().unwrap_or(0)
    }

    /// Whether the hand holds nothing.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// How many pieces the hand holds in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// The top bit of each count's byte in [`Hand::packed`]'s word (counts are below 128, so
    /// it is free): the word-at-a-time tests set it to see which counts carry or borrow.
    pub(crate) const PACKED_TOP: u64 = 0x0080_8080_8080_8080;

    /// The hand as one word, a count per byte in [`Kind::HAND`] order (seven bytes, the
    /// top one zero): hands are compared, hashed and changed a word at a time in the
    /// searches.
    #[inline]
    pub(crate) fn packed(&self) -> u64 {
        let a = self.0;
        u64::from_le_bytes([a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0])
    }

    /// The hand of a word made by [`Hand::packed`] (its top byte ignored).
    #[inline]
    pub(crate) fn from_packed(word: u64) -> Hand {
        let b = word.to_le_bytes();
        Hand([b[0], b[1], b[2], b[3], b[4], b[5], b[6]])
    }

    /// The kinds the hand holds, in [`Kind::HAND`] order: a walk over the held kinds' bits
    /// of the packed word, instead of a test of all seven counts, a branch each (the drop
    /// generators' loop).
    #[inline]
    pub(crate) fn held(&self) -> HeldKinds {
        let w = self.packed();
        // Per byte, the low seven bits plus 0x7f carry into the top bit when any is set
        // (and never into the next byte).
        const LOW: u64 = 0x007f_7f7f_7f7f_7f7f;
        HeldKinds((w | ((w & LOW) + LOW)) & Hand::PACKED_TOP)
    }
}

/// The kinds a hand holds ([`Hand::held`]): the top bit of each held count's byte.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeldKinds(u64);

impl Iterator for HeldKinds {
    type Item = Kind;

    #[inline]
    fn next(&mut self) -> Option<Kind> {
        if self.0 == 0 {
            return None;
        }
        let kind = Kind::HAND[self.0.trailing_zeros() as usize / 8];
        self.0 &= self.0 - 1;
        Some(kind)
    }
}

/// A move: a board move (with optional promotion) or a drop from hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves on the board.
    Board {
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// Whether it promotes on arrival.
        promote: bool,
    },
    /// A piece is dropped from hand.
    Drop {
        /// The kind dropped (never promoted, never a king).
        kind: Kind,
        /// Where it is dropped.
        to: Square,
    },
}

impl Move {
    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square, `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Board { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Whether the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Board { promote: true, .. })
    }
}

/// The side names used in shogi text formats.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "sente",
        Side::Second => "gote",
    }
}
