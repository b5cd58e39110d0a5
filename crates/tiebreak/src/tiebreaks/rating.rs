//! Rating-based tie-breaks (C.07 art. 10): ARO, TPR, PTP, APRO, APPO.
//!
//! Only games played over the board count (art. 15.2, 2026: forfeits stay unplayed for the
//! rating tie-breaks). Unrated opponents are left out of the averages.

use num_rational::Rational64;

use super::{Context, Value};
use crate::descriptor::Descriptor;
use crate::points::round_half_up;
use crate::rating_tables::{dp, expected_percent};

/// Ratings of the rated opponents met over the board with the player's 1-½-0 points against
/// each, after the descriptor's cuts (lowest ratings first, then highest for Median).
fn games(ctx: &Context<'_>, d: &Descriptor, i: usize) -> Vec<(i64, i64)> {
    let mut g: Vec<(i64, i64)> = (0..ctx.rounds)
        .filter_map(|r| {
            let e = ctx.entry(i, r);
            let o = e.opponent? as usize;
            if !e.outcome.is_played() {
                return None;
            }
            let rating = ctx.t.players[o].rating?;
            Some((i64::from(rating), e.outcome.rating_points().0))
        })
        .collect();
    let low = usize::from(d.cut_low).min(g.len());
    let high = usize::from(d.cut_high).min(g.len() - low);
    if low + high > 0 {
        // Stable sort keeps round order among equal ratings.
        g.sort_by_key(|&(rating, _)| rating);
        g.drain(..low);
        g.truncate(g.len() - high);
    }
    g
}

fn average_rating(g: &[(i64, i64)]) -> Option<i64> {
    if g.is_empty() {
        return None;
    }
    let sum: i64 = g.iter().map(|x| x.0).sum();
    Some(round_half_up(Rational64::new(sum, g.len() as i64)))
}

fn tpr_of(g: &[(i64, i64)]) -> Option<i64> {
    let aro = average_rating(g)?;
    let points_hp: i64 = g.iter().map(|x| x.1).sum();
    // p in percent, rounded half up: 100 × (hp / 2) / games.
    let percent = round_half_up(Rational64::new(100 * points_hp, 2 * g.len() as i64));
    Some(aro + i64::from(dp(percent.clamp(0, 100) as u32)))
}

/// Lowest integer rating whose expected score (B.02 8.1.2, no 400 cap) reaches the points
/// scored; a zero score gives the lowest opponent's rating − 800 (10.3).
fn ptp_of(g: &[(i64, i64)]) -> Option<i64> {
    if g.is_empty() {
        return None;
    }
    let points_hp: i64 = g.iter().map(|x| x.1).sum();
    let lo_rating = g.iter().map(|x| x.0).min().unwrap_or(0);
    let hi_rating = g.iter().map(|x| x.0).max().unwrap_or(0);
    if points_hp == 0 {
        return Some(lo_rating - 800);
    }
    if points_hp > 2 * g.len() as i64 {
        return Some(hi_rating + 800);
    }
    // Σ expected (percent) ≥ 100 × points = 50 × half-points.
    let target = 50 * points_hp;
    let reaches = |r: i64| -> bool {
        g.iter()
            .map(|x| i64::from(expected_percent(r, x.0)))
            .sum::<i64>()
            >= target
    };
    // reaches(hi + 736) holds (every expectation is 1); reaches(lo − 800) does not.
    let (mut lo, mut hi) = (lo_rating - 800, hi_rating + 736);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

fn per_player(
    ctx: &Context<'_>,
    d: &Descriptor,
    f: fn(&[(i64, i64)]) -> Option<i64>,
) -> Vec<Option<i64>> {
    (0..ctx.n).map(|i| f(&games(ctx, d, i))).collect()
}

fn to_values(v: Vec<Option<i64>>) -> Vec<Value> {
    v.into_iter().map(|x| x.map(Rational64::from)).collect()
}

/// 10.1 ARO: average rating of opponents, rounded half up.
pub fn aro(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    to_values(per_player(ctx, d, average_rating))
}

/// 10.2 TPR: ARO + dp(p).
pub fn tpr(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    to_values(per_player(ctx, d, tpr_of))
}

/// 10.3 PTP.
pub fn ptp(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    to_values(per_player(ctx, d, ptp_of))
}

/// Mean of the opponents' values (over-the-board opponents with a value), rounded half up.
fn average_over_opponents(ctx: &Context<'_>, of: &[Option<i64>]) -> Vec<Value> {
    (0..ctx.n)
        .map(|i| {
            let vals: Vec<i64> = (0..ctx.rounds)
                .filter_map(|r| {
                    let e = ctx.entry(i, r);
                    let o = e.opponent? as usize;
                    if e.outcome.is_played() { of[o] } else { None }
                })
                .collect();
            (!vals.is_empty()).then(|| {
                Rational64::from(round_half_up(Rational64::new(
                    vals.iter().sum(),
                    vals.len() as i64,
                )))
            })
        })
        .collect()
}

/// 10.4 APRO: average TPR of the opponents.
pub fn apro(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    average_over_opponents(ctx, &per_player(ctx, d, tpr_of))
}

/// 10.5 APPO: average PTP of the opponents.
pub fn appo(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    average_over_opponents(ctx, &per_player(ctx, d, ptp_of))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptp_examples() {
        // 10.3: zero score → lowest opponent − 800.
        assert_eq!(ptp_of(&[(2000, 0), (1800, 0)]), Some(1000));
        // Half the points against equal opposition: the lowest R with expected ≥ 50 % is the
        // opponents' rating minus 3 (difference 0–3 → 0.50, B.02 8.1.2).
        assert_eq!(ptp_of(&[(2000, 1), (2000, 1)]), Some(1997));
        // A perfect score needs every expectation at 1.00, i.e. a difference above 735.
        // (TieBreakServer, gacrux 1.11.65, gives 2736, 1997 and 2225 for these three cases.)
        assert_eq!(ptp_of(&[(2000, 2), (1900, 2)]), Some(2736));
    }

    #[test]
    fn tpr_examples() {
        // 10.2 with B.02 8.1.1: 2 of 3 (p = 0.67 → dp 125) against 2000, 2100, 2200 (ARO 2100).
        assert_eq!(tpr_of(&[(2000, 2), (2100, 2), (2200, 0)]), Some(2225));
        // p = 1 → +800.
        assert_eq!(tpr_of(&[(2000, 2)]), Some(2800));
    }
}
