//! Ultimate positions (窮極盤面) and their eyes.
//!
//! A board position `c` is ultimate when every empty point `v` is forbidden to Black or to
//! White and, `d` being whichever of `c − v`, `c + v` is a board position, the string through
//! `v` in `d` has exactly one liberty: every group lives with exactly two one-point eyes, and
//! there is no seki. Every empty point of an ultimate position is an *eye* (眼); those next to
//! black stones form `E_B`, those next to white stones `E_W`.
//!
//! An empty point forbidden to both sides has no such `d`; the definition then does not hold,
//! so a position with one (an isolated empty point, say) is not ultimate.

use super::config::{Board, Colour, Config};

impl Board<'_> {
    /// Why `v` keeps `c` from being ultimate, or `None` if `v` passes the test.
    fn ultimate_point_failure(&self, c: &Config, v: usize) -> Option<UltimateFailure> {
        let black = self.play(c, v, Colour::Black);
        let white = self.play(c, v, Colour::White);
        let d = match (black, white) {
            (Some(_), Some(_)) => return Some(UltimateFailure::OpenToBoth(v)),
            (None, None) => return Some(UltimateFailure::ForbiddenToBoth(v)),
            (Some(d), None) | (None, Some(d)) => d,
        };
        let libs = self.liberties(&d, v).len();
        (libs != 1).then_some(UltimateFailure::TooManyLiberties {
            point: v,
            liberties: libs,
        })
    }

    /// The first reason `c` is not ultimate (points in index order), or `None` if it is.
    pub fn ultimate_failure(&self, c: &Config) -> Option<UltimateFailure> {
        if !self.is_board_position(c) {
            return Some(UltimateFailure::NotABoardPosition);
        }
        c.points_with(0)
            .find_map(|v| self.ultimate_point_failure(c, v))
    }

    /// True when `c` is an ultimate position (窮極盤面).
    pub fn is_ultimate(&self, c: &Config) -> bool {
        self.ultimate_failure(c).is_none()
    }

    /// The eyes `(E_B, E_W)` of an ultimate position, or `None` if `c` is not ultimate. By the
    /// lemma every eye's neighbours share one colour, which decides its side.
    pub fn eyes(&self, c: &Config) -> Option<(Vec<usize>, Vec<usize>)> {
        if !self.is_ultimate(c) {
            return None;
        }
        let mut eb = Vec::new();
        let mut ew = Vec::new();
        for v in c.points_with(0) {
            let ns = self.graph.neighbours(v);
            if ns.iter().any(|&w| c.get(w) == -1) {
                eb.push(v);
            }
            if ns.iter().any(|&w| c.get(w) == 1) {
                ew.push(v);
            }
        }
        Some((eb, ew))
    }

    /// The lemma: in an ultimate position, for every empty `v` and neighbours `w, w′`,
    /// `c(w)·c(w′) = 1`. Returns the first counterexample `(v, w, w′)` if there is one.
    pub fn eye_lemma_counterexample(&self, c: &Config) -> Option<(usize, usize, usize)> {
        for v in c.points_with(0) {
            let ns = self.graph.neighbours(v);
            for &w in ns {
                for &w2 in ns {
                    if c.get(w) * c.get(w2) != 1 {
                        return Some((v, w, w2));
                    }
                }
            }
        }
        None
    }
}

/// Why a configuration is not ultimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UltimateFailure {
    /// Some string has no liberty.
    NotABoardPosition,
    /// Both sides may play at the point.
    OpenToBoth(usize),
    /// Neither side may play at the point.
    ForbiddenToBoth(usize),
    /// The one legal stone there would leave its string with this many liberties, not one.
    TooManyLiberties { point: usize, liberties: usize },
}
