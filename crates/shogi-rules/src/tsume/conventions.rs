//! The composers' ruling on interpositions (合駒), as used by the conventional length.
//!
//! The convention (shogi.md §7.1 rules 3, 4 and 7; the seed text: 玉方的最佳著法不包括不能改变
//! 结局的打入, "the defender's best play excludes drops that cannot change the outcome")
//! does not count a useless interposition 無駄合: a piece put between the king and a
//! distant checker that is simply taken, after which the mate goes on as long as it would
//! have anyway and without needing the taken piece. Its edges, made precise here:
//!
//! * Only a piece **dropped** from the hand can be useless. A piece moved from the board
//!   (移動合) changes the position beyond the piece itself (the square it left), so it is a
//!   defence like any other and is counted.
//! * A dropped piece, wherever it stands on the line (next to the king or further away), is
//!   useless when some check taking it leads, with the taken piece handed back to the
//!   defender, to a mate no longer (in counted plies) than the longest of the defender's
//!   counted defences at that point (0 when there is none: the check then mates, as with a
//!   distant rook or lance check whose only answers are such drops). Otherwise it is a real
//!   defence and both its plies are counted.
//!
//! The square next to the king gets no exception. Taking a piece dropped there brings the
//! checker into contact with the king, so the drop is useless only when that square is
//! guarded, and then the captured piece stays in the attacker's hand to the end: were such
//! drops counted, a composed problem ending in a distant check with that square guarded
//! (図巧 #26, #73 and #93 end with a 無駄合 still possible, shogi.md §7.4) would end with a piece in hand, which the 駒余り rule (rule 6)
//! excludes from an intended line. The sugyan/tsumeshogi-solver 無駄合 case (shogi.md §7.4)
//! is this pattern: its 7-ply machine lines end with the captured pawn in hand, the
//! conventional line is 5 plies. The same ruling makes the YaneuraOu mate-in-3 problem 2
//! (a game position whose length counts every drop) a 1-ply mate by convention: after
//! 2h3i the only replies are drops on 4i, taken by the dragon under the knight's guard.

use super::node::Node;
use crate::types::Move;

/// How a defender's reply is treated by the conventional length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReplyClass {
    /// Always a defence that counts.
    Counted,
    /// A drop interposition: counted unless shown useless.
    MaybeUseless,
}

/// Classifies the defender's reply `mv` at the current node (defender to move, in check).
pub(crate) fn classify(node: &Node, mv: Move) -> ReplyClass {
    let Move::Drop { .. } = mv else {
        return ReplyClass::Counted;
    };
    if !node.is_interposition(mv) {
        return ReplyClass::Counted;
    }
    ReplyClass::MaybeUseless
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::usi;

    fn reply_class(sfen: &str, check: &str, reply: &str) -> ReplyClass {
        let mut node = Node::new(Position::from_sfen(sfen).unwrap());
        node.play(usi::parse_move(check).unwrap());
        classify(&node, usi::parse_move(reply).unwrap())
    }

    #[test]
    fn drops_on_the_line_may_be_useless_other_replies_count() {
        // A lance dropped on 1i checks the king on 1a down the whole file (a constructed
        // position): drops on the file are interpositions, next to the king or not.
        let sfen = "8k/9/9/9/9/9/9/9/9 b L2r2b4g4s4n3l18p 1";
        assert_eq!(reply_class(sfen, "L*1i", "P*1b"), ReplyClass::MaybeUseless);
        assert_eq!(reply_class(sfen, "L*1i", "P*1e"), ReplyClass::MaybeUseless);
        // A king move is never an interposition.
        assert_eq!(reply_class(sfen, "L*1i", "1a2a"), ReplyClass::Counted);
    }
}
