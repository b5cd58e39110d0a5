//! Perft (the leaf count of the legal-move tree, the standard test of a move generator) once
//! for every game.
//!
//! A game opts in by implementing [`MoveTree`] for its position: the legal moves in the
//! game's own list, a count of them, and make/unmake (`play_unchecked`/`undo`, the names every
//! game of the workspace already uses). [`perft`], [`divide`] and their multi-threaded forms
//! [`perft_parallel`] and [`divide_parallel`] are then generic over it. They are monomorphised
//! for each position type, so a game's walk compiles to what a hand-written one would: the
//! trait's methods are expected to be `#[inline]` forwards to the position's own methods.
//!
//! The last ply is counted in bulk ([`MoveTree::count_legal_moves`]), never made, which is
//! what makes perft a fast generator benchmark.
//!
//! ```
//! use board_core::perft::{MoveTree, divide, divide_parallel, perft, perft_parallel};
//!
//! /// A pile of stones; a move takes one or two of them.
//! #[derive(Clone)]
//! struct Pile(u32);
//!
//! impl MoveTree for Pile {
//!     type Move = u32;
//!     type Undo = ();
//!     type Moves = Vec<u32>;
//!     fn legal_moves(&self) -> Vec<u32> {
//!         (1..=2).filter(|&take| take <= self.0).collect()
//!     }
//!     fn play_unchecked(&mut self, take: u32) {
//!         self.0 -= take;
//!     }
//!     fn undo(&mut self, take: u32, _: ()) {
//!         self.0 += take;
//!     }
//! }
//!
//! // Three moves from four stones: 1+1+1, 1+1+2, 1+2+1 and 2+1+1.
//! let mut pile = Pile(4);
//! assert_eq!(perft(&mut pile, 3), 4);
//! // Below taking one, three lines (1+1, 1+2, 2+1); below taking two, one (1+1).
//! assert_eq!(divide(&mut pile, 3), vec![(1, 3), (2, 1)]);
//! assert_eq!(pile.0, 4, "the walk leaves the position as it found it");
//! // Any number of threads counts the same, in the same order.
//! assert_eq!(perft_parallel(&pile, 3, 2), 4);
//! assert_eq!(divide_parallel(&pile, 3, 2), vec![(1, 3), (2, 1)]);
//! ```

use crate::parallel::map_shared;

/// A position seen as the root of its legal-move tree: what a perft walk needs of a game.
///
/// The methods carry the names the games' positions already have, so an implementation is
/// a handful of `#[inline]` forwards (`Position::legal_moves(self)` and so on).
pub trait MoveTree {
    /// A move of the game; copied into the list of root moves and across threads.
    type Move: Copy;
    /// What [`MoveTree::play_unchecked`] returns and [`MoveTree::undo`] needs to take the
    /// move back (`()` for a game whose position keeps its own history).
    type Undo;
    /// The game's list of legal moves (usually kept on the stack), in generation order.
    type Moves: AsRef<[Self::Move]>;

    /// Every legal move of the side to move.
    fn legal_moves(&self) -> Self::Moves;

    /// How many legal moves the side to move has. A game with a faster count than listing
    /// (bulk counting by popcount) overrides this; it is what perft's last ply calls.
    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.legal_moves().as_ref().len() as u64
    }

    /// Plays `mv`, one of [`MoveTree::legal_moves`], without checking it.
    fn play_unchecked(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, the last move played, given what playing it returned.
    fn undo(&mut self, mv: Self::Move, undo: Self::Undo);
}

/// The number of move sequences of exactly `depth` plies from `pos` (1 at depth 0). The last
/// ply is counted, not played; `pos` is left as it was found.
pub fn perft<P: MoveTree>(pos: &mut P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &mv in moves.as_ref() {
                let undo = pos.play_unchecked(mv);
                total += perft(pos, depth - 1);
                pos.undo(mv, undo);
            }
            total
        }
    }
}

/// The leaf count below each legal move at `depth` (the `divide` breakdown that move
/// generators are compared by), in generation order; empty at depth 0, where no move is made.
pub fn divide<P: MoveTree>(pos: &mut P, depth: u32) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .as_ref()
        .iter()
        .map(|&mv| {
            let undo = pos.play_unchecked(mv);
            let n = perft(pos, depth - 1);
            pos.undo(mv, undo);
            (mv, n)
        })
        .collect()
}

/// [`divide`] on `threads` threads: the root moves are shared out one at a time (a thread
/// that finishes a small subtree takes the next move), each thread on its own copy of the
/// position ([`map_shared`]). The counts, and their order, are those of [`divide`]; with
/// `threads` of 0 or 1, or `depth` of 1 or less, it runs on the calling thread.
pub fn divide_parallel<P>(pos: &P, depth: u32, threads: usize) -> Vec<(P::Move, u64)>
where
    P: MoveTree + Clone + Sync,
    P::Move: Send + Sync,
{
    if threads <= 1 || depth <= 1 {
        return divide(&mut pos.clone(), depth);
    }
    let moves: Vec<P::Move> = pos.legal_moves().as_ref().to_vec();
    let counts = map_shared(
        &moves,
        threads,
        || pos.clone(),
        |local, &mv| {
            let undo = local.play_unchecked(mv);
            let n = perft(local, depth - 1);
            local.undo(mv, undo);
            n
        },
    );
    moves.into_iter().zip(counts).collect()
}

/// [`perft`] on `threads` threads, split at the root as [`divide_parallel`] does; with
/// `threads` of 0 or 1, or `depth` of 1 or less, it runs on the calling thread.
pub fn perft_parallel<P>(pos: &P, depth: u32, threads: usize) -> u64
where
    P: MoveTree + Clone + Sync,
    P::Move: Send + Sync,
{
    if threads <= 1 || depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    divide_parallel(pos, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that moves up by 1..=3 while it stays below a bound: the sequences of
    /// `depth` moves are the compositions counted by hand below.
    #[derive(Clone)]
    struct Climb {
        at: u32,
        top: u32,
    }

    impl MoveTree for Climb {
        type Move = u32;
        type Undo = u32;
        type Moves = Vec<u32>;
        fn legal_moves(&self) -> Vec<u32> {
            (1..=3).filter(|&s| self.at + s <= self.top).collect()
        }
        fn play_unchecked(&mut self, step: u32) -> u32 {
            let before = self.at;
            self.at += step;
            before
        }
        fn undo(&mut self, _: u32, before: u32) {
            self.at = before;
        }
    }

    /// Without a bound in reach every ply has three moves, so perft is 3^depth; with the
    /// bound at 4, two moves: 1+1, 1+2, 1+3, 2+1, 2+2, 3+1 (counted by hand).
    #[test]
    fn counts_match_the_hand_counts_on_every_thread_count() {
        let free = Climb { at: 0, top: 100 };
        let tight = Climb { at: 0, top: 4 };
        for threads in [0, 1, 2, 3, 8] {
            for depth in 0..6 {
                assert_eq!(perft_parallel(&free, depth, threads), 3u64.pow(depth));
            }
            assert_eq!(perft_parallel(&tight, 2, threads), 6);
            assert_eq!(
                divide_parallel(&tight, 2, threads),
                vec![(1, 3), (2, 2), (3, 1)]
            );
        }
        assert!(divide(&mut tight.clone(), 0).is_empty());
    }
}
