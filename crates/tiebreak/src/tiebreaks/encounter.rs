//! Type A tie-breaks, computed inside a group of tied players: direct encounter (C.07 art. 6,
//! CXA 直胜) and the CXA "who had Black in the mutual game" (对局时后走).

use num_rational::Rational64;

use super::Context;
use crate::descriptor::Descriptor;
use crate::tournament::Colour;

/// Ranks a tied group by direct encounter. Returns, for each member (in the given order), its
/// position in the group (0-based; tied members share the smaller position).
///
/// 6.1: only games among the group count; forfeits only with `/P` or in a round-robin
/// (art. 15.2). 6.1.2: repeated meetings are averaged. 6.2: if every pair met (always assumed
/// in a round-robin), the mini-table orders the group. 6.3 (Swiss, not all met): a player is
/// ranked first only if his mini-table score beats every other member's best possible score
/// (current score plus a win for each missing meeting); then the same for second place, and
/// so on, stopping at the first place that cannot be decided. Each subgroup that was separated
/// is then ranked again on its own games.
pub fn direct_encounter_order(ctx: &Context<'_>, d: &Descriptor, group: &[usize]) -> Vec<usize> {
    let mut pos = vec![0usize; group.len()];
    let members: Vec<usize> = (0..group.len()).collect();
    refine(ctx, d, group, &members, &mut pos);
    pos
}

fn refine(ctx: &Context<'_>, d: &Descriptor, group: &[usize], sub: &[usize], pos: &mut [usize]) {
    if sub.len() < 2 {
        return;
    }
    let base = pos[sub[0]];
    let counts_forfeits = d.played || ctx.is_round_robin();
    let in_sub = |p: usize| sub.iter().any(|&k| group[k] == p);
    // (member, score against the subgroup, best possible score)
    let mut rows: Vec<(usize, Rational64, Rational64)> = Vec::with_capacity(sub.len());
    let mut all_met = true;
    for &k in sub {
        let i = group[k];
        // Per distinct opponent: (games, points in half-points).
        let mut met: Vec<(usize, i64, i64)> = Vec::new();
        for r in 0..ctx.rounds {
            let e = ctx.entry(i, r);
            let Some(o) = e.opponent.map(|o| o as usize) else {
                continue;
            };
            if !(e.outcome.is_played() || counts_forfeits) || !in_sub(o) {
                continue;
            }
            let p = ctx.points(i, r);
            match met.iter_mut().find(|m| m.0 == o) {
                Some(m) => {
                    m.1 += 1;
                    m.2 += p;
                }
                None => met.push((o, 1, p)),
            }
        }
        let score: Rational64 = met
            .iter()
            .map(|&(_, games, hp)| Rational64::new(hp, 2 * games))
            .sum();
        let missing = (sub.len() - 1).saturating_sub(met.len()) as i64;
        if !ctx.is_round_robin() && missing > 0 {
            all_met = false;
        }
        let best = score + Rational64::new(missing * ctx.win, 2);
        rows.push((k, score, best));
    }
    let id = |k: usize| ctx.t.players[group[k]].id;
    let mut changed = false;
    if all_met {
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(id(a.0).cmp(&id(b.0))));
        let mut current = base;
        for idx in 0..rows.len() {
            if idx > 0 && rows[idx].1 != rows[idx - 1].1 {
                current = base + idx;
                changed = true;
            }
            pos[rows[idx].0] = current;
        }
    } else {
        rows.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(b.2.cmp(&a.2))
                .then(id(a.0).cmp(&id(b.0)))
        });
        let mut current = base;
        let mut decided = true;
        for idx in 1..rows.len() {
            let best_rest = rows[idx..].iter().map(|r| r.2).max().unwrap_or_default();
            if decided && rows[idx - 1].1 > best_rest {
                current = base + idx;
                changed = true;
            } else {
                decided = false;
            }
            pos[rows[idx].0] = current;
        }
        pos[rows[0].0] = base;
    }
    if changed {
        let mut subgroups: Vec<Vec<usize>> = Vec::new();
        for &k in sub {
            match subgroups.iter_mut().find(|g| pos[g[0]] == pos[k]) {
                Some(g) => g.push(k),
                None => subgroups.push(vec![k]),
            }
        }
        for g in subgroups {
            refine(ctx, d, group, &g, pos);
        }
    }
}

/// CXA 14.1 (6) 对局时后走: two tied players who met over the board are ordered with the one who
/// had Black (the second mover) first. Larger groups, or a pair that did not meet, stay tied.
pub fn xq_black_order(ctx: &Context<'_>, group: &[usize]) -> Vec<usize> {
    if group.len() != 2 {
        return vec![0; group.len()];
    }
    let (a, b) = (group[0], group[1]);
    for r in 0..ctx.rounds {
        let e = ctx.entry(a, r);
        if e.opponent == Some(b as u32) && e.outcome.is_played() {
            return match e.colour {
                Colour::Black => vec![0, 1],
                Colour::White => vec![1, 0],
                Colour::None => vec![0, 0],
            };
        }
    }
    vec![0, 0]
}
