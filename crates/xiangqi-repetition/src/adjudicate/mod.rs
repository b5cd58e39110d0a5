//! Repetition adjudication (棋例) under the Chinese rule editions and the Asian rules.
//!
//! The pipeline: replay the game ([`verdict::replay`]), find the cycle from the earliest
//! earlier occurrence of the final position ([`verdict::find_cycle`]), classify every move
//! of the cycle by what it does ([`effects::classify`]: 将 杀 捉 兑 献 拦 闲), then count per
//! side and rule under a [`rules::Ruleset`] ([`verdict::judge`]).
//!
//! The classification follows the definitions the rule texts and 刘国斌's lectures give:
//! - effects are judged against the position just before the move (从没捉到捉);
//! - protection (根) is judged after the capture, by a legal recapture or a hidden root;
//! - different piece types are judged from the mover to the target (由前往后看) and a
//!   first counterattack (第一反击) does not cancel a strike;
//! - same types (or the 威力互达子 pairs of 九九/〇七) are judged from the receiver back
//!   (从后朝前观): if it can take without immediate mate or loss, the move is 兑 or 献;
//! - a chase is new when its attacker did not already threaten that victim, so a second
//!   piece joining an attack chases (AXF rule 26; lecture 49 图2 for the Chinese editions);
//! - a move with several effects takes the heaviest name (从重); under the Asian rules a
//!   move named a check chases nothing, so a check breaks a perpetual chase (AXF rule 12,
//!   [`rules::Ruleset::check_breaks_chase`]; Fairy-Stockfish counts it, and its `test.py`
//!   cases F5, F10 and F11 are ruled by the rule text instead);
//! - material is judged by short exchanges: from 八四 on a root is real only if retaking
//!   does not lose (the exchange on the point is played out), and the loss that disqualifies
//!   an offer may come from a short forced sequence the capture sets off (a check, the reply,
//!   a second capture: 「丢炮失车」), but not from losses that exist anyway;
//! - under 〇七 two perpetual chasers are weighed: chasing rootless pieces is the heavier.
//!
//! The adjudicator speaks the engine's types: points are [`Square`](crate::Square), moves
//! [`Move`], players [`Side`](crate::Side) (`First` is Red), pieces
//! [`Piece`](crate::Piece) and [`PieceKind`](crate::PieceKind). [`Board`] wraps the engine's
//! [`Position`](crate::Position) and lists pieces, moves and attackers from Red's back rank
//! ([`board::reading_order`]), the order that decides which piece an effect is credited to;
//! [`side_label`] gives the JSON spelling `red` / `black`.
//!
//! [`incremental::CycleTracker`] offers the same judgement to a search: push and pop
//! engine moves with make/unmake, ask about a repetition in time linear in the cycle.

pub mod board;
pub mod effects;
pub mod incremental;
pub mod notation;
pub mod rules;
pub mod verdict;

pub use board::{Board, BoardError, side_label};
pub use effects::{Effect, EffectKind, MoveAnalysis, Note, Shape, classify};
pub use rules::{OfferPartners, OfferTest, Ruleset, StrikeCounting};
pub use verdict::{Cycle, RepetitionReason, Ruling, SideSummary, Verdict, adjudicate};

use crate::Move;

/// Parses a move list: ICCS tokens (ranks 0-9) separated by spaces, commas or newlines.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, BoardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(index, token)| {
            Board::parse_iccs(token).ok_or_else(|| BoardError::MoveSyntax {
                index,
                token: token.chars().take(16).collect(),
            })
        })
        .collect()
}

/// Adjudicates a game given as a FEN and an ICCS move list.
pub fn adjudicate_text(fen: &str, moves: &str, rules: &Ruleset) -> Result<Ruling, BoardError> {
    let board = Board::from_fen(fen)?;
    let moves = parse_moves(moves)?;
    adjudicate(board.position(), &moves, rules)
}
