//! Chinese move notation (炮二平五, 马8进7) for explanations and the case library.
//!
//! The lectures and the rule books write every cycle this way, so a reconstructed case is
//! checked by rendering its ICCS moves in Chinese and comparing with the text. The engine's
//! notation does the work; only the rule books' spelling of advisors is applied here.

use super::board::Board;
use crate::{Move, Piece, PieceKind, Side};

/// Renders `mv` (legal in `board`) in Chinese notation, e.g. `炮二平五`, `前车进一`, `马8进7`,
/// with the engine's notation. The lectures and rule books write 士 for the advisors of
/// both sides, so Red's 仕 is written 士 here. Returns `None` if there is no piece of the
/// side to move on the origin point.
pub fn chinese(board: &Board, mv: Move) -> Option<String> {
    let text = crate::chinese::format(board.position(), mv)?.replace('仕', "士");
    let piece = board.at(mv.from)?;
    if !matches!(piece.kind, PieceKind::Advisor | PieceKind::Elephant) {
        return Some(text);
    }
    // Two advisors or elephants on one file are told apart by their direction, so the rule
    // books write the file (士六进五) where the engine writes the tandem prefix (后士进五).
    match text.strip_prefix(['前', '后']) {
        Some(rest) => {
            let name = rule_book_char(piece);
            let action = rest.strip_prefix(name)?;
            Some(format!(
                "{name}{}{action}",
                file_label(mv.from.x(), piece.side)
            ))
        }
        None => Some(text),
    }
}

/// The character the rule books write for a piece: the engine's, except that the
/// advisors of both sides are 士.
pub fn rule_book_char(piece: Piece) -> char {
    match piece.chinese() {
        '仕' => '士',
        c => c,
    }
}

/// The file number as the moving side counts it (from its own right): 一…九 for Red,
/// 1…9 for Black.
fn file_label(file: u8, side: Side) -> String {
    let number = match side {
        Side::First => 9 - file,
        Side::Second => file + 1,
    };
    board_geometry::notation::xiangqi_files::numeral(side, number)
        .map_or_else(String::new, String::from)
}

/// Renders a line of moves from `board` in Chinese, comma-separated as the lectures do.
pub fn chinese_line(board: &Board, moves: &[Move]) -> Option<String> {
    let mut b = board.clone();
    let mut parts = Vec::with_capacity(moves.len());
    for &m in moves {
        parts.push(chinese(&b, m)?);
        b = b.after(m);
    }
    Some(parts.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_moves() {
        // Examples from the notation section of the reference digest (cchess oracle):
        // h2e2 = 炮二平五, h0g2 = 马二进三, c0e2 = 相七进五.
        let b = Board::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .unwrap();
        let m = |s: &str| Board::parse_iccs(s).unwrap();
        assert_eq!(chinese(&b, m("h2e2")).unwrap(), "炮二平五");
        assert_eq!(chinese(&b, m("h0g2")).unwrap(), "马二进三");
        assert_eq!(chinese(&b, m("c0e2")).unwrap(), "相七进五");
        let b2 = b.after(m("h2e2"));
        assert_eq!(chinese(&b2, m("h9g7")).unwrap(), "马8进7");
        assert_eq!(chinese(&b2, m("b7b0")).unwrap(), "炮2进7");
    }

    #[test]
    fn tandem_pieces() {
        let b = Board::from_fen("3k5/9/9/9/9/9/4C4/9/4C4/4K4 w").unwrap();
        let m = |s: &str| Board::parse_iccs(s).unwrap();
        assert_eq!(chinese(&b, m("e3f3")).unwrap(), "前炮平四");
        assert_eq!(chinese(&b, m("e1d1")).unwrap(), "后炮平六");
    }

    #[test]
    fn advisors_on_one_file_keep_the_file() {
        // 中国象棋竞赛规则 记录方法: advisors and elephants on one file are not told apart by
        // 前/后, as they only move diagonally; the lectures write red advisors 士 (001-49-1:
        // 「士五退六」).
        let b = Board::from_fen("3k5/9/9/9/9/9/9/3A5/9/3AK4 w").unwrap();
        let m = |s: &str| Board::parse_iccs(s).unwrap();
        assert_eq!(chinese(&b, m("d0e1")).unwrap(), "士六进五");
        assert_eq!(chinese(&b, m("d2e1")).unwrap(), "士六退五");
    }

    #[test]
    fn pawns_on_two_files_name_their_file() {
        // 中国象棋竞赛规则 记录方法: with several pawns on two files the file follows the pawn
        // (前兵六平七), which the engine's notation writes.
        let b = Board::from_fen("3ak4/4a4/4b4/3PP4/3PP4/9/9/9/4A4/3AK4 w").unwrap();
        let m = |s: &str| Board::parse_iccs(s).unwrap();
        assert_eq!(chinese(&b, m("d6c6")).unwrap(), "前兵六平七");
        assert_eq!(chinese(&b, m("e5f5")).unwrap(), "后兵五平四");
    }
}
