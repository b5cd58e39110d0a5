//! Strings of a crowded open area read one at a time.
//!
//! Low-level games end with boundaries open: many small strings of both colours stand in one
//! open area that covers the board, each within a few points of the next. The boundary
//! fights of [`LargeRegion`] cut out every string still open together with its neighbours
//! within a distance, and the connected part of such an area holds far more points than a
//! search takes at every distance, so none of its strings is read. Here each string still
//! open gets a cut of its own: its stones, the points within two or three steps of them (the
//! living stones around as walls given two eyes, the other open strings met there whole and
//! in play, each keeping up to three liberties outside the cut: see `frontier`), read for
//! that string alone. Its neighbours' verdicts from that cut are not kept.

use super::{
    CUT_DISTANCES, LARGER_CUT_SHARE, LargeRegion, LocalRule, MIN_READ_DISTANCE, RegionReport,
    RegionVerdict, Status, StringVerdict, UndecidedReason, cut_out, decide_strings, unasked,
};
use crate::color::Stone;

/// A string read on its smallest cut ([`MIN_READ_DISTANCE`] steps) gets this fraction (1/n)
/// of a search's budget: the larger cut before it was read on less.
const ONE_STRING_SHARE: u64 = 4;

impl LargeRegion<'_> {
    /// Every string still open after the boundary fights is read on a cut around it alone,
    /// at the largest distance that fits the size limit; the living stones (Benson's and those
    /// decided alive, not the seki partners) are its walls. The walls are fixed before the
    /// first cut, so no verdict found here depends on the order the strings are read in
    /// (only on the position's budget, when it runs out).
    pub(super) fn one_string_at_a_time(
        &self,
        strings: &mut [StringVerdict],
        string_of: &[usize],
        in_region: &[bool],
        remaining: &mut u64,
    ) {
        let position = self.position;
        let stones = position.stones();
        let n = position.len();
        let partners = self.seki_partners(strings);
        let alive = self.walls(strings, &partners, &vec![false; n]);
        let within: Vec<bool> = (0..n).map(|p| in_region[p] && !alive[p]).collect();
        let targets: Vec<usize> = (0..strings.len())
            .filter(|&i| unasked(&strings[i]))
            .collect();
        for target in targets {
            if *remaining == 0 {
                return;
            }
            let seeds: Vec<usize> = strings[target].stones.iter().map(|&p| p as usize).collect();
            let dist = self.distances(&seeds, &within);
            for d in CUT_DISTANCES
                .into_iter()
                .filter(|&d| d >= MIN_READ_DISTANCE)
            {
                let mut part: Vec<usize> = (0..n).filter(|&p| dist[p] <= d).collect();
                // whole strings only: a string cut in two would be read as two
                let mut inside = vec![false; n];
                part.iter().for_each(|&p| inside[p] = true);
                let mut k = 0;
                while k < part.len() {
                    let p = part[k];
                    k += 1;
                    if stones[p] == Stone::Empty || string_of[p] == usize::MAX {
                        continue;
                    }
                    for &q in &strings[string_of[p]].stones {
                        let q = q as usize;
                        if within[q] && !inside[q] {
                            inside[q] = true;
                            part.push(q);
                        }
                    }
                }
                part.sort_unstable();
                // the strings in play keep their liberties outside the cut
                let Ok(local) = cut_out(position, &part, &alive, self.limit, true, true)
                    .and_then(|l| l.with_outside_liberties(position, &part, self.limit))
                else {
                    continue;
                };
                // a cut with a smaller one behind it reads on a share of the budget, so that a
                // fight too deep to read there costs little before the smaller cut is tried
                let budget = if d > MIN_READ_DISTANCE {
                    self.budget / LARGER_CUT_SHARE
                } else {
                    self.budget / ONE_STRING_SHARE
                };
                // the target alone is asked (no seki test: its partners are not read here)
                let target_string = (strings[target].stones.clone(), strings[target].color);
                let (mut read, _) =
                    decide_strings(&local, vec![target_string], budget, remaining, self.ko);
                let Some(verdict) = read.pop() else {
                    break;
                };
                if matches!(
                    verdict.status,
                    Status::Undecided(UndecidedReason::OverBudget { .. })
                ) && d > MIN_READ_DISTANCE
                {
                    strings[target].nodes += verdict.nodes;
                    continue;
                }
                let report = RegionReport {
                    points: Vec::new(),
                    verdict: RegionVerdict::Solved,
                    strings: vec![verdict],
                };
                Self::adopt(
                    strings,
                    string_of,
                    report,
                    &LocalRule::Alone { distance: d },
                );
                break;
            }
        }
    }
}
