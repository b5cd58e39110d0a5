//! Impasse (入玉): declarations (入玉宣言) under the 27-point and 24-point rules, and the
//! JSA 24-point counting rule.
//!
//! Sources (digested in the team's shogi spec): WCSC / JSA amateur 27-point declaration,
//! JSA professional 入玉宣言法 (31 points) and the 24-point counting rule.

use std::fmt;

use board_core::Side;

use crate::position::Position;
use crate::tables;
use crate::types::Kind;

/// Which impasse declaration rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ImpasseRule {
    /// CSA / WCSC and JSA amateur events: Sente needs 28 points, Gote 27; a failed
    /// declaration loses.
    Points27,
    /// JSA professional 入玉宣言法: 31 or more wins, 24–30 is 持将棋 (no result), otherwise
    /// the declarer loses.
    Points24,
}

/// Declaration thresholds, adjustable for handicap games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeclarationRule {
    /// The rule the thresholds come from.
    pub rule: ImpasseRule,
    /// Points needed to win, per side.
    pub win_threshold: [u32; 2],
    /// Under the 24-point rule, points needed to avoid losing (24); unused for 27 points.
    pub draw_threshold: [u32; 2],
    /// JSA professional rule: without a declaration the game is 持将棋 once this many
    /// moves have been played (if checks are still going on, when they stop).
    pub move_limit: Option<usize>,
}

impl DeclarationRule {
    /// The thresholds of `rule` for an even game.
    pub fn new(rule: ImpasseRule) -> DeclarationRule {
        match rule {
            ImpasseRule::Points27 => DeclarationRule {
                rule,
                win_threshold: [28, 27],
                draw_threshold: [28, 27],
                move_limit: None,
            },
            ImpasseRule::Points24 => DeclarationRule {
                rule,
                win_threshold: [31, 31],
                draw_threshold: [24, 24],
                move_limit: Some(500),
            },
        }
    }

    /// Lowers the thresholds of `side` (the 上手 of a handicap game) by the points of the
    /// pieces it removed (the engine convention of YaneuraOu's `EKR_*_H`, following AobaZero:
    /// 27-point 二枚落 上手 needs 17).
    pub fn with_handicap(mut self, side: Side, removed_points: u32) -> DeclarationRule {
        let i = side.index();
        self.win_threshold[i] = self.win_threshold[i].saturating_sub(removed_points);
        self.draw_threshold[i] = self.draw_threshold[i].saturating_sub(removed_points);
        self
    }

    /// The points below which a declaration loses: the win threshold under the 27-point
    /// rule, the draw threshold under the 24-point rule.
    fn losing_below(&self, side: Side) -> u32 {
        match self.rule {
            ImpasseRule::Points27 => self.win_threshold[side.index()],
            ImpasseRule::Points24 => self.draw_threshold[side.index()],
        }
    }
}

/// Why a declaration fails (the declarer then loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DeclarationFailure {
    /// The declarer has no king on the board.
    NoKing,
    /// The declarer's king is not in the enemy camp.
    KingOutsideCamp,
    /// The declarer is in check.
    InCheck,
    /// Fewer than ten pieces besides the king stand in the enemy camp.
    TooFewPieces {
        /// Pieces besides the king in the enemy camp.
        count: u32,
    },
    /// Not enough points.
    TooFewPoints {
        /// Points counted.
        points: u32,
        /// Points needed.
        needed: u32,
    },
}

impl fmt::Display for DeclarationFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationFailure::NoKing => f.write_str("the declarer has no king"),
            DeclarationFailure::KingOutsideCamp => {
                f.write_str("the declarer's king is not in the enemy camp")
            }
            DeclarationFailure::InCheck => f.write_str("the declarer is in check"),
            DeclarationFailure::TooFewPieces { count } => write!(
                f,
                "only {count} pieces besides the king in the enemy camp (10 needed)"
            ),
            DeclarationFailure::TooFewPoints { points, needed } => {
                write!(f, "{points} points, {needed} needed")
            }
        }
    }
}

/// The outcome of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Declaration {
    /// The declarer wins.
    Win {
        /// The declarer's points.
        points: u32,
    },
    /// 24-point rule only: enough to avoid losing, not enough to win.
    Draw {
        /// The declarer's points.
        points: u32,
    },
    /// The declaration fails and the declarer loses.
    Loss {
        /// What the declaration lacked.
        reason: DeclarationFailure,
    },
}

/// Points of `side`'s pieces in hand plus its pieces in the enemy camp (king excluded), and
/// the number of such pieces on the board in the camp.
pub fn declaration_points(pos: &Position, side: Side) -> (u32, u32) {
    let zone = tables::zone(side);
    let mut points = 0;
    let mut count = 0;
    for sq in pos.side_pieces(side) & zone {
        let kind = pos.board[sq.index()].map_or(Kind::King, |p| p.kind);
        if kind != Kind::King {
            points += kind.impasse_points();
            count += 1;
        }
    }
    for kind in Kind::HAND {
        points += u32::from(pos.hand(side).count(kind)) * kind.impasse_points();
    }
    (points, count)
}

/// Judges a declaration by the side to move.
pub fn judge_declaration(pos: &Position, rule: &DeclarationRule) -> Declaration {
    let side = pos.side_to_move();
    let zone = tables::zone(side);
    let fail = |reason| Declaration::Loss { reason };
    let Some(k) = pos.king(side) else {
        return fail(DeclarationFailure::NoKing);
    };
    if !zone.contains(k) {
        return fail(DeclarationFailure::KingOutsideCamp);
    }
    if pos.in_check() {
        return fail(DeclarationFailure::InCheck);
    }
    let (points, count) = declaration_points(pos, side);
    if count < 10 {
        return fail(DeclarationFailure::TooFewPieces { count });
    }
    if points >= rule.win_threshold[side.index()] {
        Declaration::Win { points }
    } else if rule.rule == ImpasseRule::Points24 && points >= rule.draw_threshold[side.index()] {
        Declaration::Draw { points }
    } else {
        fail(DeclarationFailure::TooFewPoints {
            points,
            needed: rule.losing_below(side),
        })
    }
}

/// Total impasse points of each side (board and hand, kings excluded): the JSA 24-point
/// counting rule. `extra` adds the points of pieces removed in a handicap game to the 上手.
pub fn impasse_points(pos: &Position, extra: [u32; 2]) -> [u32; 2] {
    let mut out = extra;
    for side in Side::ALL {
        for sq in pos.side_pieces(side) {
            if let Some(p) = pos.board[sq.index()] {
                out[side.index()] += p.kind.impasse_points();
            }
        }
        for kind in Kind::HAND {
            out[side.index()] += u32::from(pos.hand(side).count(kind)) * kind.impasse_points();
        }
    }
    out
}

/// The 24-point counting verdict: a side under 24 loses; both at 24 or more is 持将棋.
pub fn count_24(points: [u32; 2]) -> Option<Side> {
    match (points[0] < 24, points[1] < 24) {
        (true, false) => Some(Side::Second),
        (false, true) => Some(Side::First),
        _ => None,
    }
}
