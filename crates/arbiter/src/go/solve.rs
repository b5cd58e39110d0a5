//! `arbiter go solve`: tiny empty boards solved (area scoring, positional superko).

use board_geometry::grid::parse_size;
use board_geometry::{Graph, Point};
use go_scoring::score::HalfPoints;
use go_scoring::solve::{self, GameMove, SolveError};

use super::outcome::Undecided;
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
    /// Search budget in nodes; past it the answer is "undecided".
    #[arg(long, default_value_t = solve::DEFAULT_SOLVE_BUDGET)]
    pub budget: u64,
}

/// The `--json` document of `arbiter go solve`.
#[derive(serde::Serialize)]
struct Solved {
    board: String,
    margin: String,
    area_margin: i64,
    komi: String,
    line: Vec<String>,
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
    let solution = match solve::solve(&graph, komi, args.budget) {
        Ok(s) => s,
        Err(SolveError::Undecided { nodes }) => {
            let doc = Undecided {
                undecided: true,
                nodes,
                budget: args.budget,
            };
            return Ok(Output::new(
                format!("undecided: the search budget ran out after {nodes} nodes\n"),
                to_json(&doc)?,
            ));
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
    let margin = HalfPoints(solution.margin_half_points).to_string();
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
        komi: komi.to_string(),
        line,
        nodes: solution.nodes,
        table_entries: solution.table_entries,
    };
    Ok(Output::new(text, to_json(&doc)?))
}
