//! Handicap stones by GTP's fixed placement (specification draft 2, section 4.1.1): corner
//! points on the third line of boards up to 12x12 and the fourth line from 13x13, then the
//! middle of the sides and the centre on odd boards; at most 4 stones on 7x7 and even boards,
//! 9 on odd boards from 9x9, none below 7x7.

/// The stones of `count` handicap stones on a `size` board, as (column, row) with row 0 at the
/// top, or `None` when the specification fixes no placement for that count and size.
pub fn fixed(size: u8, count: u32) -> Option<Vec<(u8, u8)>> {
    let max = match size {
        0..=6 => 0,
        7 => 4,
        s if s % 2 == 0 => 4,
        _ => 9,
    };
    if !(2..=max).contains(&count) {
        return None;
    }
    let edge = if size < 13 { 2 } else { 3 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    // in the specification's order: the 4-4 points lower left, upper right, upper left,
    // lower right (D4 Q16 D16 Q4 on 19x19), then the sides, then the centre
    let (d4, q16, d16, q4) = ((low, high), (high, low), (low, low), (high, high));
    let (d10, q10, k4, k16, k10) = ((low, mid), (high, mid), (mid, high), (mid, low), (mid, mid));
    Some(match count {
        2 => vec![d4, q16],
        3 => vec![d4, q16, d16],
        4 => vec![d4, q16, d16, q4],
        5 => vec![d4, q16, d16, q4, k10],
        6 => vec![d4, q16, d16, q4, d10, q10],
        7 => vec![d4, q16, d16, q4, d10, q10, k10],
        8 => vec![d4, q16, d16, q4, d10, q10, k4, k16],
        _ => vec![d4, q16, d16, q4, d10, q10, k4, k16, k10],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The specification's table for 19x19 (4.1.1): 2 = D4 Q16, 5 adds K10, 6 = D4 Q16 D16
    /// Q4 D10 Q10, 8 adds K4 K16; GTP rows count from the bottom, ours from the top.
    #[test]
    fn nineteen_by_nineteen_follows_the_table() {
        let gtp = |(x, y): (u8, u8)| {
            let letters = b"ABCDEFGHJKLMNOPQRST";
            format!("{}{}", char::from(letters[usize::from(x)]), 19 - y)
        };
        let names = |n| {
            fixed(19, n)
                .unwrap()
                .into_iter()
                .map(gtp)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(2), ["D4", "Q16"]);
        assert_eq!(names(5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(
            names(8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(names(9).len(), 9);
        assert_eq!(fixed(19, 10), None);
        assert_eq!(fixed(19, 1), None);
    }

    #[test]
    fn small_and_even_boards_take_fewer_stones() {
        // third line below 13x13: C3 and G7 on 9x9
        assert_eq!(fixed(9, 2), Some(vec![(2, 6), (6, 2)]));
        assert_eq!(fixed(9, 9).map(|v| v.len()), Some(9));
        assert_eq!(fixed(7, 5), None);
        assert_eq!(fixed(10, 5), None);
        assert_eq!(fixed(6, 2), None);
        assert_eq!(fixed(13, 2), Some(vec![(3, 9), (9, 3)]));
    }
}
