//! `arbiter go count-legal`: legal positions on a grid or any graph.

use std::path::PathBuf;

use board_geometry::grid::parse_size;
use board_geometry::{Graph, Topology as _};
use go_scoring::legal_count;

use super::to_json;
use crate::output::{CliError, Output, read_file};

#[derive(Debug, clap::Args)]
pub struct CountLegalArgs {
    /// A grid `WxH`.
    #[arg(long, conflicts_with = "graph", required_unless_present = "graph")]
    pub grid: Option<String>,
    /// A graph file: one edge `a b` per line, a lone name declares a point, `#` comments.
    #[arg(long)]
    pub graph: Option<PathBuf>,
    /// Also count by brute force (at most 20 points) and check that both agree.
    #[arg(long)]
    pub check: bool,
}

pub(super) fn run_count_legal(args: CountLegalArgs, _json: bool) -> Result<Output, CliError> {
    let (graph, label) = match (&args.grid, &args.graph) {
        (Some(size), _) => {
            let (w, h) =
                parse_size(size).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            if w * h > 4096 {
                return Err(CliError::bad_input(format!(
                    "--grid: {w}x{h} has more than 4096 points"
                )));
            }
            let g = Graph::grid(w, h).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            (g, format!("{w}x{h} grid"))
        }
        (None, Some(path)) => {
            let text = read_file(path)?;
            let g = Graph::parse(&text)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
            if g.is_empty() {
                return Err(CliError::bad_input(format!(
                    "{}: the graph has no point",
                    path.display()
                )));
            }
            (g, path.display().to_string())
        }
        (None, None) => return Err(CliError::bad_input("give --grid WxH or --graph FILE")),
    };
    let count = legal_count::count_graph(&graph).map_err(|e| CliError::bad_input(e.to_string()))?;
    let count = count.to_string();
    let mut doc = LegalCount {
        count: count.clone(),
        points: graph.len(),
        edges: graph.edge_count(),
        brute_force: None,
    };
    let mut text = format!("{count}\n");
    if args.check {
        let brute = legal_count::count_brute(&graph).ok_or_else(|| {
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
