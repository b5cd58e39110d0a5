//! `arbiter xiangqi perft`, `moves` and `validate`: a position and its legal moves.

use serde::Serialize;
use xiangqi_repetition::iccs::{self};
use xiangqi_repetition::perft;
use xiangqi_repetition::{Position, START_FEN, Status};

use super::{load_position, load_position_with, rank_base, to_json, with_warnings};
use crate::output::{CliError, Output};

/// `arbiter xiangqi perft --json`.
#[derive(Serialize)]
struct PerftReport<'a> {
    fen: &'a Position,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

/// One move of a perft divide and the leaves below it.
#[derive(Serialize)]
struct DivideEntry {
    /// ICCS with the requested rank numbering.
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

/// `arbiter xiangqi moves --json`.
#[derive(Serialize)]
struct MovesReport<'a> {
    fen: &'a Position,
    status: Status,
    check: bool,
    count: usize,
    moves: Vec<String>,
}

/// `arbiter xiangqi validate --json`.
#[derive(Serialize)]
struct ValidateReport<'a> {
    valid: bool,
    fen: &'a Position,
    /// The Zobrist key in hexadecimal.
    key: String,
}

/// The deepest perft the CLI runs (depth 7 from the start position is ~2·10¹¹ leaves).
const MAX_PERFT_DEPTH: u32 = 9;

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Position in xqbase/UCCI FEN (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Depth in plies (0-9); a depth estimated to take more than a minute is refused unless
    /// --force is given.
    #[arg(long)]
    pub depth: u32,
    /// Run a perft estimated to take more than a minute.
    #[arg(long)]
    pub force: bool,
    /// Threads to count on, the root moves shared out among them (default: every core).
    /// Example: `--threads 2`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// Also list the count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// Write moves with ranks 1-10 (Fairy-Stockfish / pyffish) instead of 0-9.
    #[arg(long)]
    pub ranks_from_one: bool,
    /// Accept a position printed in a rule book that cannot arise in a game (a pawn behind
    /// its starting rank, more pieces than a set, facing kings); what is unusual is named in
    /// a warning. Only a missing or second king is still refused.
    #[arg(long)]
    pub lenient: bool,
}

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// Position in xqbase/UCCI FEN (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Write moves with ranks 1-10 (Fairy-Stockfish / pyffish) instead of 0-9.
    #[arg(long)]
    pub ranks_from_one: bool,
    /// Accept a position printed in a rule book that cannot arise in a game (a pawn behind
    /// its starting rank, more pieces than a set, facing kings); what is unusual is named in
    /// a warning. Only a missing or second king is still refused.
    #[arg(long)]
    pub lenient: bool,
}

#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// Position in xqbase/UCCI FEN.
    #[arg(long)]
    pub fen: String,
}

pub(super) fn run_perft(args: PerftArgs, json: bool) -> Result<Output, CliError> {
    if args.depth > MAX_PERFT_DEPTH {
        return Err(CliError::bad_input(format!(
            "--depth {}: at most {MAX_PERFT_DEPTH} plies",
            args.depth
        )));
    }
    let (pos, warnings) = load_position_with(&args.fen, args.lenient)?;
    let threads = args
        .threads
        .map_or_else(perft::available_threads, |n| n as usize);
    let base = rank_base(args.ranks_from_one);
    crate::progress::while_running("estimating the run time", || {
        crate::perft_limit::check(args.depth, args.force, |d| {
            perft::perft_parallel(&pos, d, threads)
        })
    })
    .map_err(CliError::bad_input)?;
    let started = std::time::Instant::now();
    let progress = crate::progress::Progress::new("counting leaves")
        .limit(crate::progress::Limit::Depth(args.depth));
    let (nodes, per_move) = progress.run(|| {
        if args.divide && args.depth > 0 {
            let d = perft::divide_parallel(&pos, args.depth, threads);
            (d.iter().map(|(_, n)| n).sum(), Some(d))
        } else {
            (perft::perft_parallel(&pos, args.depth, threads), None)
        }
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut text = String::new();
    let mut divide_json = None;
    if let Some(d) = &per_move {
        let mut list = Vec::new();
        for &(mv, nodes) in d {
            let m = iccs::format_move(mv, base);
            text.push_str(&format!("{m}: {nodes}\n"));
            list.push(DivideEntry { mv: m, nodes });
        }
        divide_json = Some(list);
        text.push('\n');
    }
    let doc = to_json(&PerftReport {
        fen: &pos,
        depth: args.depth,
        nodes,
        divide: divide_json,
    });
    text.push_str(&format!("nodes {nodes}\n"));
    if !json {
        let rate = if elapsed > 0.0 {
            nodes as f64 / elapsed / 1e6
        } else {
            0.0
        };
        text.push_str(&format!("time {:.3} s, {rate:.1} M nodes/s\n", elapsed));
    }
    Ok(with_warnings(text, doc, warnings))
}

pub(super) fn run_moves(args: MovesArgs) -> Result<Output, CliError> {
    let (pos, warnings) = load_position_with(&args.fen, args.lenient)?;
    let base = rank_base(args.ranks_from_one);
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| iccs::format_move(*m, base))
        .collect();
    let status = pos.status();
    let status_name = match status {
        Status::Ongoing => "ongoing",
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
    };
    let text = format!(
        "{} legal moves ({status_name}): {}\n",
        moves.len(),
        moves.join(" ")
    );
    let doc = to_json(&MovesReport {
        fen: &pos,
        status,
        check: pos.is_check(),
        count: moves.len(),
        moves,
    });
    Ok(with_warnings(text, doc, warnings))
}

pub(super) fn run_validate(args: ValidateArgs) -> Result<Output, CliError> {
    let pos = load_position(&args.fen)?;
    let text = format!("legal position: {}\n", pos.fen());
    Ok(Output::new(
        text,
        to_json(&ValidateReport {
            valid: true,
            fen: &pos,
            key: format!("{:016x}", pos.key()),
        }),
    ))
}
