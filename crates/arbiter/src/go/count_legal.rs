//! `arbiter go count-legal`: legal positions on a grid or any graph.

use std::path::PathBuf;

use board_geometry::grid::parse_size;
use board_geometry::{Graph, Topology as _};
use go_scoring::legal_count;

use super::to_json;
use crate::input::read_text;
use crate::output::{CliError, Output};

/// Most points of a grid or graph that `count-legal` takes: the greedy ordering of a graph is
/// quadratic in the worst case, and no wider board than this could be counted in memory anyway.
pub const MAX_POINTS: usize = 4096;

/// Most points `--check` enumerates: `3^16` ≈ 43 million colourings take seconds, each point
/// more triples that.
pub const CHECK_MAX_POINTS: usize = 16;

/// Default memory of the border-state tables, in MiB.
pub const DEFAULT_TABLE_MIB: u64 = 1024;

/// Largest `--table-mb` accepted: the machines this runs on have tens of GiB, not more.
pub const MAX_TABLE_MIB: u64 = 16 * 1024;

#[derive(Debug, clap::Args)]
pub struct CountLegalArgs {
    /// A grid `WxH` (at most 4096 points).
    #[arg(long, conflicts_with = "graph", required_unless_present = "graph")]
    pub grid: Option<String>,
    /// A graph file: one edge `a b` per line, a lone name declares a point, `#` comments
    /// (at most 4096 points).
    #[arg(long)]
    pub graph: Option<PathBuf>,
    /// Also count by brute force (at most 16 points) and check that both agree.
    #[arg(long)]
    pub check: bool,
    /// Memory for the border-state tables, in MB of 2^20 bytes (at most 16384; the same unit as `shogi mate --table-mb`); the count stops with an
    /// error when they outgrow it.
    #[arg(long, default_value_t = DEFAULT_TABLE_MIB, value_name = "MB",
          value_parser = clap::value_parser!(u64).range(1..=MAX_TABLE_MIB))]
    pub table_mb: u64,
    /// Threads to count on, each step's border states shared out among them (default: every
    /// core; the count is the same for any number). Example: `--threads 2`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

pub(super) fn run_count_legal(args: CountLegalArgs, _json: bool) -> Result<Output, CliError> {
    let (graph, label) = match (&args.grid, &args.graph) {
        (Some(size), _) => {
            let (w, h) =
                parse_size(size).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            if w.checked_mul(h).is_none_or(|points| points > MAX_POINTS) {
                return Err(CliError::bad_input(format!(
                    "--grid: {w}x{h} has more than {MAX_POINTS} points"
                )));
            }
            let g = Graph::grid(w, h).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            (g, format!("{w}x{h} grid"))
        }
        (None, Some(path)) => {
            let text = read_text(path)?;
            let g = Graph::parse(&text)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
            if g.is_empty() {
                return Err(CliError::bad_input(format!(
                    "{}: the graph has no point",
                    path.display()
                )));
            }
            if g.len() > MAX_POINTS {
                return Err(CliError::bad_input(format!(
                    "{}: the graph has {} points, count-legal takes at most {MAX_POINTS}",
                    path.display(),
                    g.len()
                )));
            }
            (g, path.display().to_string())
        }
        (None, None) => return Err(CliError::bad_input("give --grid WxH or --graph FILE")),
    };
    if args.check && graph.len() > CHECK_MAX_POINTS {
        return Err(CliError::bad_input(format!(
            "--check: brute force handles at most {CHECK_MAX_POINTS} points, {label} has {}",
            graph.len()
        )));
    }
    let threads = args
        .threads
        .map_or_else(board_core::parallel::available_threads, |n| n as usize);
    let count = crate::progress::while_running("counting legal positions", || {
        legal_count::count_graph_on_threads(
            &graph,
            usize::try_from(args.table_mb << 20).unwrap_or(usize::MAX),
            threads,
        )
    })
    .map_err(|e| CliError::bad_input(e.to_string()))?;
    let count = count.to_string();
    let mut doc = LegalCount {
        count: count.clone(),
        points: graph.len(),
        edges: graph.edge_count(),
        brute_force: None,
    };
    let mut text = format!("{count}\n");
    if args.check {
        let brute = crate::progress::while_running("counting by brute force", || {
            legal_count::count_brute(&graph)
        })
        .ok_or_else(|| {
            CliError::bad_input(format!(
                "--check: brute force handles at most {} points, {label} has {}",
                legal_count::BRUTE_MAX_POINTS,
                graph.len()
            ))
        })?;
        if brute.to_string() != count {
            return Err(CliError::internal(format!(
                "the two counts disagree on {label}: border-state {count}, brute force {brute}"
            )));
        }
        doc.brute_force = Some(brute.to_string());
        text.push_str("brute force agrees\n");
    }
    Ok(Output::new(text, to_json(&doc)?))
}

/// The `--json` document of `arbiter go count-legal`: counts as decimal strings, since they
/// outgrow JSON numbers.
#[derive(serde::Serialize)]
struct LegalCount {
    count: String,
    points: usize,
    edges: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force: Option<String>,
}
