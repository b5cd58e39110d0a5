//! Type B tie-breaks (C.07 art. 7): the player's own results.

use super::Context;
use crate::tournament::{Colour, RoundResult};

/// 7.1 WIN: rounds in which the player got a win's points, with or without playing.
pub fn wins(ctx: &Context<'_>) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| {
            (0..ctx.rounds)
                .filter(|&r| ctx.points(i, r) == ctx.win)
                .count() as i64
        })
        .collect()
}

/// 7.2 WON: games won over the board.
pub fn won(ctx: &Context<'_>) -> Vec<i64> {
    count(ctx, |ctx, i, r| {
        let e = ctx.entry(i, r);
        e.outcome.is_played() && e.opponent.is_some() && ctx.points(i, r) == ctx.win
    })
}

/// 7.3 BPG: games played over the board with Black.
pub fn black_games(ctx: &Context<'_>) -> Vec<i64> {
    count(ctx, |ctx, i, r| {
        let e = ctx.entry(i, r);
        e.outcome.is_played() && e.colour == Colour::Black
    })
}

/// 7.4 BWG: games won over the board with Black.
pub fn black_wins(ctx: &Context<'_>) -> Vec<i64> {
    count(ctx, |ctx, i, r| {
        let e = ctx.entry(i, r);
        e.outcome.is_played() && e.colour == Colour::Black && ctx.points(i, r) == ctx.win
    })
}

/// 7.6 REP: rounds minus VURs — rounds played, pairing-allocated byes, and unplayed rounds
/// worth a win (forfeit wins, full-point byes).
pub fn rounds_elected(ctx: &Context<'_>) -> Vec<i64> {
    count(ctx, |ctx, i, r| {
        let e = ctx.entry(i, r);
        e.outcome.is_played() || e.outcome == RoundResult::PairingBye || ctx.points(i, r) == ctx.win
    })
}

/// 7.5 PS: sum of the running scores after each round; Cut-n drops rounds 1..=n.
pub fn progressive(ctx: &Context<'_>, cut: usize) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| {
            let mut running = 0;
            let mut sum = 0;
            for r in 0..ctx.rounds {
                running += ctx.points(i, r);
                if r >= cut {
                    sum += running;
                }
            }
            sum
        })
        .collect()
}

/// 7.7 STD (2026): 1 per round with more than a draw's points, ½ per round with exactly a
/// draw's points, whether played or not.
pub fn standard_points(ctx: &Context<'_>) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| {
            (0..ctx.rounds)
                .map(|r| {
                    let p = ctx.points(i, r);
                    match p.cmp(&ctx.draw) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    }
                })
                .sum()
        })
        .collect()
}

fn count(ctx: &Context<'_>, f: impl Fn(&Context<'_>, usize, usize) -> bool) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| (0..ctx.rounds).filter(|&r| f(ctx, i, r)).count() as i64)
        .collect()
}
