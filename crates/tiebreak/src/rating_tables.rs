//! The two tables of the FIDE Rating Regulations (B.02) that C.07 art. 10 uses.
//!
//! * 8.1.1: the rating difference `dp` for a fractional score `p` (TPR).
//! * 8.1.2: the expected score `PD` of the higher-rated player for a rating difference `D`
//!   (PTP, used without the 400-point cap).
//!
//! Values are the published tables (FIDE Handbook B.02).

/// dp for p = 0.00, 0.01, …, 1.00 (B.02 8.1.1; p = 1.00 → +800, p = 0.00 → −800).
const DP_UPPER: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a percentage score 0..=100 (B.02 8.1.1).
pub fn dp(percent: u32) -> i32 {
    let p = percent.min(100) as usize;
    if p >= 50 {
        DP_UPPER[p - 50]
    } else {
        -DP_UPPER[50 - p]
    }
}

/// Upper bounds of the rating-difference bands of B.02 8.1.2 and the expected score of the
/// higher-rated player in percent: difference 0–3 → 50, 4–10 → 51, …, 620–735 → 99, more → 100.
const PD_BANDS: [(u32, u32); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// Expected score in percent of a player rated `own` against `opponent`, by B.02 8.1.2 with no
/// 400-point cap.
pub fn expected_percent(own: i64, opponent: i64) -> u32 {
    let diff = own - opponent;
    let d = diff.unsigned_abs();
    let pd = PD_BANDS
        .iter()
        .find(|(upper, _)| d <= u64::from(*upper))
        .map(|(_, pd)| *pd)
        .unwrap_or(100);
    if diff >= 0 { pd } else { 100 - pd }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dp_table_ends_and_symmetry() {
        // B.02 8.1.1: p = 1.0 → 800, 0.99 → 677, 0.5 → 0, and dp(1 − p) = −dp(p).
        assert_eq!(dp(100), 800);
        assert_eq!(dp(99), 677);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(0), -800);
        for p in 0..=100 {
            assert_eq!(dp(p), -dp(100 - p));
        }
    }

    #[test]
    fn pd_table_bands() {
        // B.02 8.1.2: 0–3 → .50, 4–10 → .51, 620–735 → .99, > 735 → 1.00.
        assert_eq!(expected_percent(1503, 1500), 50);
        assert_eq!(expected_percent(1504, 1500), 51);
        assert_eq!(expected_percent(1500, 1504), 49);
        assert_eq!(expected_percent(2235, 1500), 99);
        assert_eq!(expected_percent(2236, 1500), 100);
        assert_eq!(expected_percent(1500, 2236), 0);
        // Monotone in the difference.
        let mut last = 0;
        for d in -900..900 {
            let e = expected_percent(1500 + d, 1500);
            assert!(e >= last);
            last = e;
        }
    }
}
