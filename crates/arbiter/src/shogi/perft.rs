//! `arbiter shogi perft`: leaf counts of the legal-move tree.

use serde::Serialize;
use shogi_rules::{Move, Position, perft, usi};

use super::to_json;
use crate::output::{CliError, Output};

/// `--json` of `shogi perft`.
#[derive(Serialize)]
struct PerftReport<'a> {
    nodes: u64,
    depth: u32,
    sfen: &'a Position,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

/// One root move of `shogi perft --divide`.
#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: Move,
    nodes: u64,
}

/// `shogi perft`: a depth estimated to take more than a minute is refused with the estimate
/// unless `force` is set.
pub(super) fn run_perft(
    pos: Position,
    depth: u32,
    divide: bool,
    force: bool,
    threads: usize,
) -> Result<Output, CliError> {
    if depth > 12 {
        return Err(CliError::bad_input("--depth must be at most 12"));
    }
    crate::progress::while_running("estimating the run time", || {
        crate::perft_limit::check(depth, force, |d| perft::perft_parallel(&pos, d, threads))
    })
    .map_err(CliError::bad_input)?;
    let progress = crate::progress::Progress::new("counting leaves")
        .limit(crate::progress::Limit::Depth(depth));
    if divide {
        let parts = progress.run(|| perft::divide_parallel(&pos, depth, threads));
        let total: u64 = if depth == 0 {
            1
        } else {
            parts.iter().map(|(_, n)| n).sum()
        };
        let mut text = String::new();
        for (mv, n) in &parts {
            text.push_str(&format!("{} {n}\n", usi::format_move(*mv)));
        }
        text.push_str(&format!("nodes {total}\n"));
        let divide = parts
            .iter()
            .map(|&(mv, nodes)| DivideEntry { mv, nodes })
            .collect();
        let report = PerftReport {
            nodes: total,
            depth,
            sfen: &pos,
            divide: Some(divide),
        };
        return Ok(Output::new(text, to_json(&report)));
    }
    let nodes = progress.run(|| perft::perft_parallel(&pos, depth, threads));
    let report = PerftReport {
        nodes,
        depth,
        sfen: &pos,
        divide: None,
    };
    Ok(Output::new(format!("nodes {nodes}\n"), to_json(&report)))
}
