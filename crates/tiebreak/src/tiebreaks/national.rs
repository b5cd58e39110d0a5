//! Tie-breaks of xiangqi (CXA 2011), Go (EGF / OpenGotha) and shogi practice (spec §4).

use num_rational::Rational64;

use super::{Context, Contribution, Value, cut_sum};
use crate::descriptor::Descriptor;
use crate::tournament::{Colour, RoundResult};

/// CXA 14.3.1 对手分: sum of the opponents' scores. A bye (CXA 14.4) counts as an opponent
/// with the lowest score among the players who scored at least one point; other rounds
/// without an opponent add nothing. Cuts drop the lowest values.
pub fn xiangqi_opponents(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let lowest_scorer = ctx
        .score
        .iter()
        .copied()
        .filter(|&s| s >= 2)
        .min()
        .unwrap_or(0);
    (0..ctx.n)
        .map(|i| {
            let items: Vec<Contribution> = (0..ctx.rounds)
                .filter_map(|r| {
                    let e = ctx.entry(i, r);
                    let score = match e.opponent {
                        Some(o) => ctx.score[o as usize],
                        None if matches!(
                            e.outcome,
                            RoundResult::PairingBye | RoundResult::FullBye
                        ) =>
                        {
                            lowest_scorer
                        }
                        None => return None,
                    };
                    Some(Contribution {
                        score,
                        value: score,
                        vur: false,
                    })
                })
                .collect();
            cut_sum(items, d.cut_low.into(), d.cut_high.into(), ctx.rounds)
        })
        .collect()
}

/// Go McMahon score: starting McMahon score plus the points of every round.
pub fn mcmahon(ctx: &Context<'_>) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| ctx.t.players[i].mcmahon_start.0 + ctx.score[i])
        .collect()
}

/// Go SOS: sum of the opponents' McMahon scores. In a handicap game the opponent's score is
/// corrected by the handicap (+h when the player had White, −h with Black, as OpenGotha
/// does); a round without an opponent adds the player's own starting McMahon score (0 in a
/// plain Swiss). `SOS-1`, `SOS-2` drop the lowest values.
pub fn sos(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let mms = mcmahon(ctx);
    (0..ctx.n)
        .map(|i| {
            let items: Vec<Contribution> = (0..ctx.rounds)
                .map(|r| {
                    let e = ctx.entry(i, r);
                    let score = match e.opponent {
                        Some(o) => {
                            let h = 2 * i64::from(e.handicap);
                            mms[o as usize]
                                + match e.colour {
                                    Colour::White => h,
                                    Colour::Black => -h,
                                    Colour::None => 0,
                                }
                        }
                        None => ctx.t.players[i].mcmahon_start.0,
                    };
                    Contribution {
                        score,
                        value: score,
                        vur: false,
                    }
                })
                .collect();
            cut_sum(items, d.cut_low.into(), d.cut_high.into(), ctx.rounds)
        })
        .collect()
}

/// Go SOSOS: sum of the opponents' SOS; a round without an opponent adds the player's own SOS.
pub fn sosos(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let plain = Descriptor::new(d.code);
    let s = sos(ctx, &plain);
    (0..ctx.n)
        .map(|i| {
            (0..ctx.rounds)
                .map(|r| match ctx.opponent(i, r) {
                    Some(o) => s[o],
                    None => s[i],
                })
                .sum()
        })
        .collect()
}

/// Go SODOS: sum of the McMahon scores of the opponents beaten (half for a jigo), i.e. the
/// points scored against each opponent (as a fraction of a win) times his McMahon score.
pub fn sodos(ctx: &Context<'_>) -> Vec<Value> {
    let mms = mcmahon(ctx);
    let win = ctx.win.max(1);
    (0..ctx.n)
        .map(|i| {
            let sum: i64 = (0..ctx.rounds)
                .filter_map(|r| ctx.opponent(i, r).map(|o| ctx.points(i, r) * mms[o]))
                .sum();
            // points (hp) / win (hp) × mms (hp) / 2.
            Some(Rational64::new(sum, 2 * win))
        })
        .collect()
}

/// Shogi Solkoff (ソルコフ): sum of the opponents' numbers of wins; rounds without an opponent
/// add nothing. Cuts drop the lowest values.
pub fn solkoff(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let wins = super::results::wins(ctx);
    (0..ctx.n)
        .map(|i| {
            let items: Vec<Contribution> = (0..ctx.rounds)
                .filter_map(|r| {
                    let o = ctx.opponent(i, r)?;
                    Some(Contribution {
                        score: wins[o],
                        value: wins[o],
                        vur: false,
                    })
                })
                .collect();
            cut_sum(items, d.cut_low.into(), d.cut_high.into(), ctx.rounds)
        })
        .collect()
}

/// CXA 14.3.1 fall-back "比较前一轮成绩": compare the last round's result, then the round
/// before, and so on — the results read as a base-3 number (win 2, draw 1, loss 0) with the
/// last round most significant. Only the last 39 rounds fit and count.
pub fn late_results(ctx: &Context<'_>) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| {
            (0..ctx.rounds)
                .rev()
                .take(39)
                .fold(0i64, |acc, r| acc * 3 + result_digit(ctx, i, r))
        })
        .collect()
}

fn result_digit(ctx: &Context<'_>, i: usize, r: usize) -> i64 {
    let p = ctx.points(i, r);
    if p >= ctx.win {
        2
    } else if p > 0 && p >= ctx.draw {
        1
    } else {
        0
    }
}

/// Shogi "earlier wins rank higher" (○○○× above ×○○○): the round-by-round results read as a
/// base-3 number (win 2, draw 1, loss 0) with round 1 most significant; larger is better.
/// Only the first 39 rounds fit and count.
pub fn early_wins(ctx: &Context<'_>) -> Vec<i64> {
    (0..ctx.n)
        .map(|i| (0..ctx.rounds.min(39)).fold(0i64, |acc, r| acc * 3 + result_digit(ctx, i, r)))
        .collect()
}
