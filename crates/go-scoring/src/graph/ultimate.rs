//! Ultimate positions (窮極盤面) and their eyes.
//!
//! A board position `c` is ultimate when every empty point `v` is forbidden to Black or to
//! White and, `d` being whichever of `c − v`, `c + v` is a board position, the string through
//! `v` in `d` has exactly one liberty: every group lives with exactly two one-point eyes, and
//! there is no seki. Every empty point of an ultimate position is an *eye* (眼); those next to
//! black stones form `E_B`, those next to white stones `E_W`.
//!
//! `c − v` and `c + v` are read as in the text's algebra: the configuration `c` with `v` set
//! to −1 or +1, *before* any capture; "the one that is a board position" is the one in which
//! every string has a liberty. This is the reading under which the text's remarks hold (in an
//! ultimate position the only moves are a side filling its own eye, and after reaching one
//! neither side should move): a one-eyed group in atari, `X X X X .` on a path, is *not*
//! ultimate, because neither filling leaves a board position (White's capture is a move, not
//! the configuration `c + v`). If neither or both of `c ± v` are board positions, `d` does not
//! exist and the position is not ultimate.

use super::config::{Board, Config};
use crate::color::Color;

impl Board<'_> {
    /// Why `v` keeps `c` from being ultimate, or `None` if `v` passes the test.
    fn ultimate_point_failure(&self, c: &Config, v: usize) -> Option<UltimateFailure> {
        let black = self.play(c, v, Color::Black);
        let white = self.play(c, v, Color::White);
        match (black, white) {
            (Some(_), Some(_)) => return Some(UltimateFailure::OpenToBoth(v)),
            (None, None) => return Some(UltimateFailure::ForbiddenToBoth(v)),
            _ => {}
        }
        let filled = |colour: Color| {
            let mut d = c.clone();
            d.0[v] = colour.value();
            self.is_board_position(&d).then_some(d)
        };
        let d = match (filled(Color::Black), filled(Color::White)) {
            (Some(d), None) | (None, Some(d)) => d,
            _ => return Some(UltimateFailure::NoBoardWhenFilled(v)),
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
            if self.graph.neighbour_indices(v).any(|w| c.get(w) == -1) {
                eb.push(v);
            }
            if self.graph.neighbour_indices(v).any(|w| c.get(w) == 1) {
                ew.push(v);
            }
        }
        Some((eb, ew))
    }

    /// The lemma: in an ultimate position, for every empty `v` and neighbours `w, w′`,
    /// `c(w)·c(w′) = 1`. Returns the first counterexample `(v, w, w′)` if there is one.
    pub fn eye_lemma_counterexample(&self, c: &Config) -> Option<(usize, usize, usize)> {
        for v in c.points_with(0) {
            for w in self.graph.neighbour_indices(v) {
                for w2 in self.graph.neighbour_indices(v) {
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
    /// Neither `c − v` nor `c + v` (the point filled, no capture) is a board position.
    NoBoardWhenFilled(usize),
    /// The one legal stone there would leave its string with this many liberties, not one.
    TooManyLiberties {
        /// A point of the string.
        point: usize,
        /// Its liberties.
        liberties: usize,
    },
}
