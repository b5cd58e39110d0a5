//! `arbiter shogi mate` and `tsume-check`: mate solving and composed-problem checking.

use std::time::Duration;

use serde::Serialize;
use shogi_rules::tsume::{self, CheckReport, Mode, Options, Status};
use shogi_rules::{Move, Position, Setup};

use super::to_json;
use crate::output::{CliError, Output};

/// `--json` of `shogi mate`: the contract fields of the solution (status, length, the
/// line in USI and in KI2, nodes, whether the length is proven minimal) and, so that a
/// program reading it can say how strong the claim is as the text output does, whether
/// the line is forced and which checks on it were left open; nothing more. Every field
/// is present whatever the status.
#[derive(Serialize)]
struct MateReport<'a> {
    status: Status,
    plies: u32,
    /// The length is proven to be the shortest (false when a time limit cut the search
    /// for a shorter mate, or when there is no mate).
    proven_minimal: bool,
    /// The line shows the defender's longest resistance (false for a line read quickly
    /// from a proof too large to work out again, and when there is no mate).
    forced: bool,
    /// Checks on the line through which a shorter mate was not ruled out (the line is
    /// still a forced mate; its length is then not proven minimal).
    open_checks: u32,
    /// The plies (numbered from 1) played from the positions that hold the open checks,
    /// where the search located them.
    open_at_plies: Vec<u32>,
    pv: &'a [Move],
    ki2: String,
    nodes: u64,
}

/// `--json` of `shogi tsume-check`: the report and its main line in KI2.
#[derive(Serialize)]
struct CheckJson<'a> {
    #[serde(flatten)]
    report: &'a CheckReport,
    ki2: String,
}

pub(super) fn problem(
    sfen: &str,
    defender_rest: bool,
    lenient: bool,
) -> Result<(Position, Vec<String>), CliError> {
    let setup = Setup::from_sfen(sfen).map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
    let setup = if defender_rest {
        tsume::defender_holds_rest(&setup)
    } else {
        setup
    };
    let (pos, mut warnings) = super::validated(&setup, lenient)?;
    if !defender_rest && let Some(w) = defender_warning(&setup) {
        warnings.push(w);
    }
    Ok((pos, warnings))
}

/// A warning when the defender holds nothing although pieces are missing from the
/// position: tsume problems conventionally give every unlisted piece to the defender
/// (玉方残り駒全部), which changes the answer, and a bare SFEN does not say so.
pub(super) fn defender_warning(setup: &Setup) -> Option<String> {
    let defender = !setup.side_to_move;
    if !setup.hands[defender].is_empty() {
        return None;
    }
    let with_rest = tsume::defender_holds_rest(setup);
    let missing = with_rest.hands[defender].total();
    (missing > 0).then(|| {
        format!(
            "the defender holds no pieces and {missing} piece(s) are nowhere in the position; \
             tsume problems give them to the defender (pass --defender-rest to do so)"
        )
    })
}

/// Default of `--table-mb`: 1 GiB for the tables of one search.
pub(super) const DEFAULT_TABLE_MB: u64 = 1024;

/// The range `--table-mb` accepts: from 16 MiB to 1 TiB.
pub(super) fn table_mb_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(16..=1 << 20)
}

/// Runs `f` on a thread with [`tsume::SEARCH_STACK_BYTES`] of stack.
fn on_search_stack<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T, CliError> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("tsume".into())
            .stack_size(tsume::SEARCH_STACK_BYTES)
            .spawn_scoped(scope, f)
            .map_err(|e| CliError::internal(format!("cannot start the search thread: {e}")))?
            .join()
            .map_err(|_| CliError::internal("the search thread failed"))
    })
}

pub(super) fn options(
    mode: Mode,
    time_limit: Option<f64>,
    table_mb: u64,
) -> Result<Options, CliError> {
    let time_limit = match time_limit {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t <= 1.0e6 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(CliError::bad_input(format!(
                "--time-limit must be a positive number of seconds, not {t}"
            )));
        }
    };
    // The exact conventional search holds two tables: each gets half.
    let table_bytes = table_mb.saturating_mul(1 << 20) / 2;
    Ok(Options {
        mode,
        time_limit,
        table_entries: tsume::table_entries_within(table_bytes),
        ..Options::default()
    })
}

/// Where a line's open checks are ([`tsume::Solution::open_at`], positions of the line):
/// the plies, numbered from 1, played from the positions that hold them.
fn open_plies(open_at: &[u32]) -> Vec<u32> {
    open_at.iter().map(|i| i + 1).collect()
}

/// [`open_plies`] for the text report, or nothing when the solver did not say.
fn open_plies_text(open_at: &[u32]) -> String {
    if open_at.is_empty() {
        return String::new();
    }
    let plies: Vec<String> = open_plies(open_at).iter().map(u32::to_string).collect();
    format!(", at ply {}", plies.join(", "))
}

/// The warning naming the limit that stopped a phase (the answer is then partial, and the
/// run exits with [`Output::LIMIT_EXIT`]), as the options explain it, with the option that
/// raises it; none when every phase finished.
fn limit_warning(limit: Option<tsume::Limit>, opts: &Options) -> Option<String> {
    let (what, raise) = match limit? {
        tsume::Limit::Time => (
            format!(
                "the time limit (--time-limit {} s)",
                opts.time_limit.map_or(0.0, |t| t.as_secs_f64())
            ),
            "; raise --time-limit to search longer",
        ),
        l => (format!("a search budget ({})", l.code()), ""),
    };
    Some(format!(
        "limit hit: gave up at {what}; the answer is partial (status unknown, or a mate \
         not proven minimal){raise}"
    ))
}

pub(super) fn run_mate(
    sfen: &str,
    mode: &str,
    time_limit: Option<f64>,
    table_mb: u64,
    defender_rest: bool,
    lenient: bool,
) -> Result<Output, CliError> {
    let mode: Mode = mode
        .parse()
        .map_err(|e| CliError::bad_input(format!("--mode: {e}")))?;
    let (pos, warnings) = problem(sfen, defender_rest, lenient)?;
    let mut opts = options(mode, time_limit, table_mb)?;
    let nodes = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    opts.progress = Some(nodes.clone());
    let sol = crate::progress::Progress::new("searching for a mate")
        .limit(opts.time_limit.map(crate::progress::Limit::Time))
        .nodes(&nodes)
        .run(|| on_search_stack(|| tsume::solve(&pos, &opts)))?
        .map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
    let pv = tsume::usi_line(&sol.pv);
    let ki2 = tsume::ki2_line(&pos, &sol.pv);
    let mut text = format!("status {}\n", sol.status.code());
    if sol.status == tsume::Status::Mate {
        text.push_str(&format!(
            "plies {}\npv {}\nki2 {}\n",
            sol.plies,
            pv.join(" "),
            ki2
        ));
        if !sol.exact {
            text.push_str("length not proven minimal (a mate, maybe not the shortest)\n");
        }
        if !sol.forced {
            text.push_str(
                "line read quickly from the proof (a mate; the defences may not be the longest)\n",
            );
        }
        if sol.open_checks > 0 {
            // What the proof of a long line's length left open, without calling the
            // answer partial: the line is a forced mate, its length not claimed minimal.
            text.push_str(&format!(
                "open checks: {} check(s) on the line not refuted at the line's length within \
                 their share of nodes (a shorter mate through them is not ruled out){}\n",
                sol.open_checks,
                open_plies_text(&sol.open_at)
            ));
        }
    }
    let mut warnings = warnings;
    let limit_hit = limit_warning(sol.limit, &opts);
    let stopped = limit_hit.is_some();
    warnings.extend(limit_hit);
    text.push_str(&format!("nodes {}\n", sol.nodes));
    if sol.table_dropped > 0 {
        // Honest about the table: what garbage collection threw away had to be (or may
        // have to be) searched again.
        text.push_str(&format!(
            "table entries dropped {} (garbage collection; raise --table-mb if this is large next to nodes)\n",
            sol.table_dropped
        ));
    }
    let report = MateReport {
        status: sol.status,
        plies: sol.plies,
        proven_minimal: sol.status == tsume::Status::Mate && sol.exact,
        forced: sol.status == tsume::Status::Mate && sol.forced,
        open_checks: sol.open_checks,
        open_at_plies: open_plies(&sol.open_at),
        pv: &sol.pv,
        ki2,
        nodes: sol.nodes,
    };
    let out = Output::new(text, to_json(&report));
    let out = if stopped { out.stopped_on_limit() } else { out };
    Ok(super::with_warnings(out, warnings))
}

pub(super) fn run_check(
    sfen: &str,
    time_limit: Option<f64>,
    table_mb: u64,
    defender_rest: bool,
    lenient: bool,
) -> Result<Output, CliError> {
    let (pos, warnings) = problem(sfen, defender_rest, lenient)?;
    let mut opts = options(Mode::Tsume, time_limit, table_mb)?;
    let nodes = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    opts.progress = Some(nodes.clone());
    let r = crate::progress::Progress::new("checking the problem")
        .limit(opts.time_limit.map(crate::progress::Limit::Time))
        .nodes(&nodes)
        .run(|| on_search_stack(|| tsume::check_problem(&pos, &opts)))?
        .map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
    let main = tsume::usi_line(&r.pv);
    let leftover: u32 = r.leftover.total();
    let mut text = format!(
        "verdict {}\nstatus {}\nplies {}\nmain {}\nki2 {}\n",
        r.verdict.code(),
        r.status.code(),
        r.plies,
        main.join(" "),
        tsume::ki2_line(&pos, &r.pv)
    );
    text.push_str(&format!(
        "extra_mates {}\ndetours {}\nlast_move_alternatives {}\nleftover_pieces {leftover}\nvariations {}\n",
        r.extra_mates.len(),
        r.detours.len(),
        r.last_move_alternatives.len(),
        r.variations.len()
    ));
    for n in &r.notes {
        text.push_str(&format!("note {n}\n"));
    }
    let mut warnings = warnings;
    let limit_hit = limit_warning(r.limit, &opts);
    let stopped = limit_hit.is_some();
    warnings.extend(limit_hit);
    let report = CheckJson {
        report: &r,
        ki2: tsume::ki2_line(&pos, &r.pv),
    };
    let out = Output::new(text, to_json(&report));
    let out = if stopped { out.stopped_on_limit() } else { out };
    Ok(super::with_warnings(out, warnings))
}
