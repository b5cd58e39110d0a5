//! Chinese move notation (炮二平五, 马8进7) for explanations and the case library.
//!
//! The lectures and the rule books write every cycle this way, so a reconstructed case is
//! checked by rendering its ICCS moves in Chinese and comparing with the text.

use super::board::{Board, Color, Kind, Mv, Sq};

const RED_NUM: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// The file number as the moving side counts it (from its own right): 一…九 for Red,
/// 1…9 for Black.
fn file_label(file: u8, color: Color) -> String {
    match color {
        Color::Red => RED_NUM[(9 - file) as usize].to_string(),
        Color::Black => (file + 1).to_string(),
    }
}

fn count_label(n: u8, color: Color) -> String {
    match color {
        Color::Red => RED_NUM[n as usize].to_string(),
        Color::Black => n.to_string(),
    }
}

/// Renders `mv` (legal in `board`) in Chinese notation, e.g. `炮二平五`, `前车进一`, `马8进7`.
/// Returns `None` if there is no piece of the side to move on the origin point.
pub fn chinese(board: &Board, mv: Mv) -> Option<String> {
    let piece = board.at(mv.from)?;
    let color = piece.color;
    let kind = piece.kind;
    let forward = |from: Sq, to: Sq| -> i8 {
        let d = to.rank() as i8 - from.rank() as i8;
        if color == Color::Red { d } else { -d }
    };
    // Same pieces on the origin file, ordered from the front (towards the enemy).
    let mut same: Vec<Sq> = board
        .pieces()
        .filter(|(s, p)| *p == piece && s.file() == mv.from.file())
        .map(|(s, _)| s)
        .collect();
    same.sort_by_key(|s| match color {
        Color::Red => -(s.rank() as i8),
        Color::Black => s.rank() as i8,
    });
    let name = kind.zh(color);
    let mut text = String::new();
    let advisor_like = matches!(kind, Kind::Advisor | Kind::Elephant);
    if same.len() >= 2 && !advisor_like {
        let pos = same.iter().position(|&s| s == mv.from)?;
        let tag = match (same.len(), pos) {
            (2, 0) => "前",
            (2, _) => "后",
            (3, 0) => "前",
            (3, 1) => "中",
            (3, _) => "后",
            (_, i) => ["一", "二", "三", "四", "五"][i.min(4)],
        };
        text.push_str(tag);
        text.push_str(name);
    } else {
        text.push_str(name);
        text.push_str(&file_label(mv.from.file(), color));
    }
    let df = forward(mv.from, mv.to);
    let action = if df > 0 {
        "进"
    } else if df < 0 {
        "退"
    } else {
        "平"
    };
    text.push_str(action);
    let diagonal = matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor);
    if df == 0 || diagonal {
        text.push_str(&file_label(mv.to.file(), color));
    } else {
        text.push_str(&count_label(df.unsigned_abs(), color));
    }
    Some(text)
}

/// Renders a line of moves from `board` in Chinese, comma-separated as the lectures do.
pub fn chinese_line(board: &Board, moves: &[Mv]) -> Option<String> {
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
}
