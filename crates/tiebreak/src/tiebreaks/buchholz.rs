//! Buchholz family (C.07 art. 8–9): BH, FB, SB, AOB, KS.

use num_rational::Rational64;

use super::{Context, Contribution, Value, cut_sum};
use crate::descriptor::{Descriptor, Edition};
use crate::points::round_decimals_half_up;

/// Scores used by the Buchholz family: own final score and score as opponents see it. For
/// Fore Buchholz (8.3) every paired game of the final round counts as a draw, and a player
/// paired in the final round has no category-16.2.5 rounds.
struct Scores {
    own: Vec<i64>,
    adjusted: Vec<i64>,
}

fn scores(ctx: &Context<'_>, fore: bool) -> Scores {
    if !fore || ctx.rounds == 0 {
        return Scores {
            own: ctx.score.clone(),
            adjusted: ctx.adjusted.clone(),
        };
    }
    let last = ctx.rounds - 1;
    let mut own = ctx.score.clone();
    let mut adjusted = ctx.adjusted.clone();
    for i in 0..ctx.n {
        if ctx.last_paired[i] == ctx.rounds {
            adjusted[i] = ctx.adjusted_score(i, ctx.rounds);
            if ctx.opponent(i, last).is_some() {
                let delta = ctx.draw - ctx.points(i, last);
                own[i] += delta;
                adjusted[i] += delta;
            }
        }
    }
    Scores { own, adjusted }
}

/// The contributions of one player's rounds: an opponent's adjusted score for a game (or, in a
/// round-robin, a forfeit), the dummy of art. 16.4 for the player's own unplayed rounds.
fn contributions(
    ctx: &Context<'_>,
    d: &Descriptor,
    s: &Scores,
    i: usize,
    fore: bool,
    sb: bool,
) -> Vec<Contribution> {
    let rr = ctx.is_round_robin();
    let capped = ctx.edition(d) == Edition::Fide2026;
    let mut out = Vec::with_capacity(ctx.rounds);
    for r in 0..ctx.rounds {
        let e = ctx.entry(i, r);
        let opp = e.opponent.map(|o| o as usize);
        let played = e.outcome.is_played() || rr || (fore && r + 1 == ctx.rounds);
        let (score, vur) = match opp {
            Some(o) if played => (s.adjusted[o], false),
            _ if !rr => {
                let mut dummy = s.own[i];
                if capped {
                    dummy = match opp {
                        Some(o) => dummy.min(s.adjusted[o]),             // 16.4.1
                        None => dummy.min(ctx.draw * ctx.rounds as i64), // 16.4.2
                    };
                }
                (dummy, e.outcome.is_vur())
            }
            _ => continue, // round-robin rest round: not a game
        };
        let value = if sb { score * ctx.points(i, r) } else { score };
        out.push(Contribution { score, value, vur });
    }
    out
}

/// 8.1 BH (or 8.3 FB with `fore`), in half-points, with cuts.
pub fn buchholz(ctx: &Context<'_>, d: &Descriptor, fore: bool) -> Vec<i64> {
    let s = scores(ctx, fore);
    (0..ctx.n)
        .map(|i| {
            let c = contributions(ctx, d, &s, i, fore, false);
            cut_sum(c, d.cut_low.into(), d.cut_high.into(), ctx.rounds)
        })
        .collect()
}

/// 9.1 SB in quarter-points (opponent score × points scored), with cuts.
pub fn sonneborn_berger(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let s = scores(ctx, false);
    (0..ctx.n)
        .map(|i| {
            let c = contributions(ctx, d, &s, i, false, true);
            cut_sum(c, d.cut_low.into(), d.cut_high.into(), ctx.rounds)
        })
        .collect()
}

/// 8.2 AOB: mean Buchholz (FB with `/F`) of the opponents met over the board. Rounded half up
/// to 2 decimals (3 from 9 rounds, 4 from 27, 5 from 73) as TieBreakServer does, so that
/// equal printed values are equal for ranking.
pub fn average_of_buchholz(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    let bh = buchholz(ctx, d, d.fore);
    let decimals = match ctx.rounds {
        0..=8 => 2,
        9..=26 => 3,
        27..=72 => 4,
        _ => 5,
    };
    (0..ctx.n)
        .map(|i| {
            let mut sum = 0i64;
            let mut count = 0i64;
            for r in 0..ctx.rounds {
                let e = ctx.entry(i, r);
                if let (Some(o), true) = (e.opponent, e.outcome.is_played()) {
                    sum += bh[o as usize];
                    count += 1;
                }
            }
            (count > 0).then(|| round_decimals_half_up(Rational64::new(sum, 2 * count), decimals))
        })
        .collect()
}

/// 9.2 KS: points scored against opponents whose score is at least the limit (50 % of the
/// maximum by default; `/Lp` sets the percentage, `/L±n` shifts it by n half-points). Every
/// scheduled opponent counts (forfeits included); rounds without one do not. In a
/// round-robin the maximum excludes the rest rounds of an odd field.
pub fn koya(ctx: &Context<'_>, d: &Descriptor) -> Vec<i64> {
    let mut max_games = ctx.rounds as i64;
    if ctx.is_round_robin() && ctx.n > 0 {
        if ctx.rounds % ctx.n == 0 {
            max_games -= (ctx.rounds / ctx.n) as i64;
        }
        max_games -= ctx.last_paired.iter().filter(|&&l| l == 0).count() as i64;
    }
    // opponent ≥ percent/100 × win × max_games + shift, all in half-points, times 100.
    let threshold_x100 =
        i64::from(d.limit_percent) * ctx.win * max_games + 100 * i64::from(d.limit_half_points);
    (0..ctx.n)
        .map(|i| {
            (0..ctx.rounds)
                .filter_map(|r| {
                    let o = ctx.opponent(i, r)?;
                    (100 * ctx.score[o] >= threshold_x100).then(|| ctx.points(i, r))
                })
                .sum()
        })
        .collect()
}
