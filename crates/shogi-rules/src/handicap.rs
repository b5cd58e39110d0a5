//! Handicap (駒落ち) start positions. The 上手 (stronger player, Gote) removes pieces and
//! moves first. SFENs and CSA `PI` strings as tabulated in the team's shogi spec §2.4
//! (tsshogi `InitialPositionSFEN`, rsshogi `initial_positions.rs`; KIF names from the
//! Kakinoki spec). 五枚落ち follows the majority reading (the 8一 knight removed).

use crate::position::Position;
use crate::types::Kind;

/// One handicap setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// KIF `手合割` name.
    pub kif_name: &'static str,
    /// Short ASCII identifier.
    pub id: &'static str,
    /// The start position in SFEN.
    pub sfen: &'static str,
    /// CSA `PI` line (the removed pieces of the 上手 as square + piece); for 歩三兵, whose
    /// 上手 holds pieces in hand, followed by a `P-` hand line.
    pub csa: &'static str,
    /// The pieces the 上手 removed.
    pub removed: &'static [Kind],
}

use Kind::{Bishop as B, Gold as G, Knight as N, Lance as L, Pawn as P, Rook as R, Silver as S};

/// Every handicap (手合割) the KIF and CSA readers know, the even game first.
pub const HANDICAPS: [Handicap; 17] = [
    Handicap {
        kif_name: "平手",
        id: "even",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        csa: "PI",
        removed: &[],
    },
    Handicap {
        kif_name: "香落ち",
        id: "lance",
        sfen: "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI11KY",
        removed: &[L],
    },
    Handicap {
        kif_name: "右香落ち",
        id: "right-lance",
        sfen: "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI91KY",
        removed: &[L],
    },
    Handicap {
        kif_name: "角落ち",
        id: "bishop",
        sfen: "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI22KA",
        removed: &[B],
    },
    Handicap {
        kif_name: "飛車落ち",
        id: "rook",
        sfen: "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI",
        removed: &[R],
    },
    Handicap {
        kif_name: "飛香落ち",
        id: "rook-lance",
        sfen: "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI11KY",
        removed: &[R, L],
    },
    Handicap {
        kif_name: "二枚落ち",
        id: "2-piece",
        sfen: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA",
        removed: &[R, B],
    },
    Handicap {
        kif_name: "三枚落ち",
        id: "3-piece",
        sfen: "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA11KY",
        removed: &[R, B, L],
    },
    Handicap {
        kif_name: "四枚落ち",
        id: "4-piece",
        sfen: "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA11KY91KY",
        removed: &[R, B, L, L],
    },
    Handicap {
        kif_name: "五枚落ち",
        id: "5-piece",
        sfen: "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA11KY91KY81KE",
        removed: &[R, B, L, L, N],
    },
    Handicap {
        kif_name: "左五枚落ち",
        id: "left-5-piece",
        sfen: "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA11KY91KY21KE",
        removed: &[R, B, L, L, N],
    },
    Handicap {
        kif_name: "六枚落ち",
        id: "6-piece",
        sfen: "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA21KE81KE11KY91KY",
        removed: &[R, B, N, N, L, L],
    },
    Handicap {
        kif_name: "八枚落ち",
        id: "8-piece",
        sfen: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA31GI71GI21KE81KE11KY91KY",
        removed: &[R, B, S, S, N, N, L, L],
    },
    Handicap {
        kif_name: "十枚落ち",
        id: "10-piece",
        sfen: "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY",
        removed: &[R, B, G, G, S, S, N, N, L, L],
    },
    // The seven-piece handicaps (spec §2.4, "other Kakinoki names"): six-piece plus one
    // silver, left and right from the 上手's side as for the lances (左 = 1-file side), so
    // 左七枚落ち removes the 3一 silver and 右七枚落ち the 7一 silver. CSA strings derived.
    Handicap {
        kif_name: "左七枚落ち",
        id: "left-7-piece",
        sfen: "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA31GI21KE81KE11KY91KY",
        removed: &[R, B, S, N, N, L, L],
    },
    Handicap {
        kif_name: "右七枚落ち",
        id: "right-7-piece",
        sfen: "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        csa: "PI82HI22KA71GI21KE81KE11KY91KY",
        removed: &[R, B, S, N, N, L, L],
    },
    // 歩三兵: the 上手 keeps only the king, with three pawns in hand. `PI` cannot put pieces
    // in hand, so the CSA text is two lines: `PI` removing every other piece of the 上手, then
    // `P-00FU00FU00FU`.
    Handicap {
        kif_name: "歩三兵",
        id: "3-pawns",
        sfen: "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
        csa: "PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY13FU23FU33FU43FU53FU63FU73FU83FU93FU\nP-00FU00FU00FU",
        removed: &[R, B, G, G, S, S, N, N, L, L, P, P, P, P, P, P],
    },
];

impl Handicap {
    /// Finds a handicap by KIF name (also accepting the forms without 送り仮名 ち, e.g. 香落,
    /// and 飛落ち for 飛車落ち) or by id.
    pub fn find(name: &str) -> Option<&'static Handicap> {
        let n = name.trim();
        let alias = match n {
            "飛落ち" | "飛車落" | "飛落" => "飛車落ち",
            "角行落ち" => "角落ち",
            "左香落ち" => "香落ち",
            _ => n,
        };
        HANDICAPS.iter().find(|h| {
            h.kif_name == alias || h.id == alias || h.kif_name.trim_end_matches('ち') == alias
        })
    }

    /// The validated start position of this handicap.
    pub fn position(&self) -> Position {
        Position::from_sfen(self.sfen).expect("table SFENs are legal")
    }

    /// Impasse points of the removed pieces (credited to the 上手 when counting).
    pub fn removed_points(&self) -> u32 {
        self.removed.iter().map(|k| k.impasse_points()).sum()
    }
}
