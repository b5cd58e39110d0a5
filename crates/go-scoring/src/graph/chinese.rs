//! Chinese-finishable sequences (中国式可終局) and the Chinese score `s_c` with komi `h`.
//!
//! A regular sequence `r` may be finished Chinese-style when
//! 1. every point's class is 𝓑, 𝓦 or 𝓟: each point's fate is settled, or it is in seki; and
//! 2. the class is constant on every equivalence class `[v]_r`, taken here as the strings of
//!    the last position (stones of one string must share a fate; the text's example is a
//!    dead-looking string whose capture space lets one part become Black's and another
//!    White's, so the string cannot be judged as a whole).
//!
//! `s_c = |{v : o = 𝓦 or (o = 𝓟 and r(v) = +1)}| − |{v : o = 𝓑 or (o = 𝓟 and r(v) = −1)}|`:
//! settled points count for their side, 𝓟 stones for their owner, 𝓟 empty points for nobody.
//! White wins when `s_c ≥ h`. Komi is kept in half points so no float is involved.

use super::config::{Board, Config};
use super::outcome::Outcome;

/// Why a sequence is not Chinese-finishable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinishFailure {
    /// Condition 1: the point's class is 𝓝.
    Unsettled(usize),
    /// Condition 2: two points of one string have different classes.
    SplitString {
        /// A point of the string.
        a: usize,
        /// A point of the same string with another class.
        b: usize,
    },
}

/// The verdict on a sequence's last position and classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChineseVerdict {
    /// Every reason the position may not be finished (empty when finishable).
    pub failures: Vec<FinishFailure>,
    /// `s_c` (White minus Black); meaningful as a result only when finishable.
    pub score: i64,
}

impl ChineseVerdict {
    /// True when the sequence may be finished Chinese-style (no failure).
    pub fn finishable(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Checks both conditions and computes `s_c` for position `c` with point classes `classes`.
pub fn chinese_verdict(board: &Board<'_>, c: &Config, classes: &[Outcome]) -> ChineseVerdict {
    let mut failures = Vec::new();
    for (v, &o) in classes.iter().enumerate() {
        if o == Outcome::Next {
            failures.push(FinishFailure::Unsettled(v));
        }
    }
    let mut done = vec![false; c.len()];
    for v in 0..c.len() {
        if c.get(v) == 0 || done[v] {
            continue;
        }
        let string = board.string(c, v);
        for &w in &string {
            done[w] = true;
        }
        if let Some(&w) = string.iter().find(|&&w| classes[w] != classes[v]) {
            failures.push(FinishFailure::SplitString { a: v, b: w });
        }
    }
    ChineseVerdict {
        failures,
        score: chinese_score(c, classes),
    }
}

/// `s_c` as defined above.
pub fn chinese_score(c: &Config, classes: &[Outcome]) -> i64 {
    let mut score = 0i64;
    for (v, &o) in classes.iter().enumerate() {
        score += match (o, c.get(v)) {
            (Outcome::White, _) | (Outcome::Previous, 1) => 1,
            (Outcome::Black, _) | (Outcome::Previous, -1) => -1,
            _ => 0,
        };
    }
    score
}
