//! How long a perft would run, estimated before it starts, so that a depth that would take
//! hours (xiangqi depth 8, shogi depth 8 from the start) is refused with the estimate instead
//! of running without a word. `--force` runs it anyway.
//!
//! The estimate times the shallower depths (each a small fraction of the next) and multiplies
//! the last one's time by the observed branching factor for each ply left: perft trees grow by
//! a roughly constant factor per ply, and the time per leaf is nearly constant.

use std::time::Instant;

/// Longest run (in seconds) a perft starts without `--force`.
pub const MAX_SECONDS: f64 = 60.0;

/// Probing goes on until one depth takes at least this long (seconds): shorter times are
/// dominated by start-up costs and timer noise, and extrapolate badly (a release build timed
/// shogi depth 3 at 12 ms and estimated depth 7 at 2.2 h; it takes minutes).
const PROBE_SECONDS: f64 = 0.05;

/// Probing never starts a depth predicted to take longer than this (seconds), so the
/// estimate itself stays cheap next to the refusal it avoids.
const MAX_PROBE_SECONDS: f64 = 2.0;

/// What the probe measured and what it predicts for the depth asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The deepest depth timed.
    pub probed_depth: u32,
    /// Leaves at that depth.
    pub probed_nodes: u64,
    /// Seconds it took.
    pub probed_seconds: f64,
    /// Leaves per node at the last ply timed.
    pub branching: f64,
    /// Predicted seconds for the depth asked for.
    pub seconds: f64,
    /// Predicted leaves at the depth asked for.
    pub nodes: f64,
}

/// Times `perft(1)`, `perft(2)`, … below `depth` and extrapolates; `None` for depths of 1 or
/// less, which are instant.
pub fn estimate(depth: u32, mut perft: impl FnMut(u32) -> u64) -> Option<Estimate> {
    if depth <= 1 {
        return None;
    }
    let mut previous_nodes = 1u64;
    let mut last: Option<Estimate> = None;
    for d in 1..depth {
        if let Some(e) = last {
            if e.probed_seconds >= PROBE_SECONDS
                || e.probed_seconds * e.branching > MAX_PROBE_SECONDS
            {
                break;
            }
        }
        let started = Instant::now();
        let nodes = perft(d);
        let seconds = started.elapsed().as_secs_f64();
        let branching = nodes as f64 / previous_nodes.max(1) as f64;
        previous_nodes = nodes;
        last = Some(Estimate {
            probed_depth: d,
            probed_nodes: nodes,
            probed_seconds: seconds,
            branching,
            seconds: 0.0,
            nodes: 0.0,
        });
    }
    let mut e = last?;
    let plies_left = (depth - e.probed_depth) as i32;
    let growth = e.branching.powi(plies_left);
    e.seconds = e.probed_seconds * growth;
    e.nodes = e.probed_nodes as f64 * growth;
    Some(e)
}

/// `Err` with a message naming the estimate when a perft to `depth` would run past
/// [`MAX_SECONDS`] and `force` is off.
pub fn check(depth: u32, force: bool, perft: impl FnMut(u32) -> u64) -> Result<(), String> {
    if force {
        return Ok(());
    }
    match estimate(depth, perft) {
        Some(e) if e.seconds > MAX_SECONDS => Err(format!(
            "--depth {depth}: estimated {} and {:.1e} leaves (depth {} took {:.3} s for {} leaves, \
             {:.1} per node), more than {MAX_SECONDS:.0} s; add --force to run it anyway",
            duration(e.seconds),
            e.nodes,
            e.probed_depth,
            e.probed_seconds,
            e.probed_nodes,
            e.branching
        )),
        _ => Ok(()),
    }
}

/// Seconds as the largest sensible unit: `3.2 min`, `5.0 h`, `12 days`, `3.1e4 years`.
fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < HOUR {
        format!("{:.1} min", seconds / MINUTE)
    } else if seconds < DAY {
        format!("{:.1} h", seconds / HOUR)
    } else if seconds < YEAR {
        format!("{:.0} days", seconds / DAY)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_that_grows_tenfold_per_ply_is_extrapolated_tenfold_per_ply() {
        // A fake perft with exactly 10^d leaves, whose time is one busy loop per leaf: the
        // estimate for a depth past the probe must be about 10 times the last probe per ply.
        let fake = |d: u32| {
            let n = 10u64.pow(d);
            let mut x = 0u64;
            for i in 0..n {
                x = std::hint::black_box(x.wrapping_add(i));
            }
            std::hint::black_box(x);
            n
        };
        let e = estimate(12, fake).unwrap();
        assert!(e.probed_depth < 12);
        assert_eq!(e.branching, 10.0);
        let plies = 12 - e.probed_depth;
        assert_eq!(e.nodes, e.probed_nodes as f64 * 10f64.powi(plies as i32));
        assert!(check(12, false, fake).is_err());
        assert!(check(12, true, fake).is_ok());
        assert!(check(1, false, fake).is_ok());
    }

    #[test]
    fn durations_use_the_largest_unit() {
        assert_eq!(duration(90.0), "1.5 min");
        assert_eq!(duration(5.0 * 3600.0), "5.0 h");
        assert_eq!(duration(3.0 * 86_400.0), "3 days");
    }
}
