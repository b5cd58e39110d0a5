//! `arbiter go solve`: tiny empty boards solved (area scoring, positional superko).

use board_geometry::grid::parse_size;
use board_geometry::{Graph, Point};
use go_scoring::Komi;
use go_scoring::score::HalfPoints;
use go_scoring::solve::{self, GameMove, SolveError, SolveLimits};
use std::time::Duration;

use super::{parse_komi, to_json};
use crate::output::{CliError, Output};

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The board `WxH`.
    #[arg(long)]
    pub grid: String,
    /// Komi subtracted from Black's area margin (whole or half number).
    #[arg(long, allow_hyphen_values = true, default_value = "0")]
    pub komi: String,
    /// Search budget in nodes, in digits or exact scientific notation such as 1e9 (at most
    /// 1000000000000); past it the answer is "undecided" (exit code 4).
    #[arg(long, default_value_t = solve::DEFAULT_SOLVE_BUDGET,
          value_parser = crate::whole_number::parser(1, solve::MAX_SOLVE_BUDGET))]
    pub budget: u64,
    /// Time limit in seconds (at most 86400); past it the answer is "undecided", exit code 4.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub time_limit: u64,
    /// Memory bound of the table in MB of 2^20 bytes (16 to 65536; the unit of `shogi mate
    /// --table-mb`; counted as allocated; 4x4 takes about 770 MB); past it the answer is
    /// "undecided" (exit code 4).
    #[arg(long, default_value_t = 4096,
          value_parser = clap::value_parser!(u64).range(16..=65_536))]
    pub table_mb: u64,
}

/// The `--json` document of `arbiter go solve`.
#[derive(serde::Serialize)]
struct Solved {
    board: String,
    /// Black's margin after komi, in points (a whole or half number).
    margin: HalfPoints,
    area_margin: i64,
    /// Komi in points, a number as in every `go` document.
    komi: Komi,
    /// The principal line, `B a1` / `W pass` per move.
    pv: Vec<String>,
    nodes: u64,
    table_entries: usize,
}

pub(super) fn run_solve(args: SolveArgs, _json: bool) -> Result<Output, CliError> {
    let (w, h) = parse_size(&args.grid).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
    if w * h > 64 {
        return Err(CliError::bad_input(format!(
            "--grid: {w}x{h} is too large for the exhaustive solver (at most 64 points)"
        )));
    }
    let komi = parse_komi(&args.komi)?;
    let graph = Graph::grid(w, h).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
    let nodes = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let limits = SolveLimits {
        budget: args.budget,
        time_limit: Some(Duration::from_secs(args.time_limit)),
        max_bytes: args.table_mb << 20,
        progress: Some(nodes.clone()),
    };
    let progress = crate::progress::Progress::new("solving")
        .limit(crate::progress::Limit::Nodes(args.budget))
        .nodes(&nodes);
    let solution = match progress.run(|| solve::solve_within(&graph, komi, limits)) {
        Ok(s) => s,
        Err(SolveError::Limit(limit)) => {
            return Err(CliError::LimitHit(super::limit_message(
                &format!("--grid {}", args.grid),
                &limit,
                args.budget,
                solve::MAX_SOLVE_BUDGET,
                args.table_mb,
            )));
        }
        Err(e @ SolveError::Inconsistent) => return Err(CliError::internal(e.to_string())),
        Err(e) => return Err(CliError::bad_input(e.to_string())),
    };
    let line: Vec<String> = solution
        .line
        .iter()
        .map(|m| match m {
            GameMove::Play(c, v) => format!("{} {}", c.letter(), graph.label(Point(*v as u16))),
            GameMove::Pass(c) => format!("{} pass", c.letter()),
        })
        .collect();
    let margin = HalfPoints(solution.margin_half_points);
    let text = format!(
        "{w}x{h}: Black's margin {margin} (area {}, komi {komi})\nline: {}\nnodes: {}, table entries: {}\n",
        solution.area_margin,
        line.join(", "),
        solution.nodes,
        solution.table_entries
    );
    let doc = Solved {
        board: format!("{w}x{h}"),
        margin,
        area_margin: solution.area_margin,
        komi,
        pv: line,
        nodes: solution.nodes,
        table_entries: solution.table_entries,
    };
    Ok(Output::new(text, to_json(&doc)?))
}
