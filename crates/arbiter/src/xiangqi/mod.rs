//! `arbiter xiangqi …` subcommands.
//!
//! Each subcommand is one variant of [`Command`] with its own argument struct and `run_*`
//! function, so new subcommands slot in beside the others.

mod adjudicate;
mod convert;
mod position;
mod show;

pub use adjudicate::AdjudicateArgs;
use adjudicate::run_adjudicate;
pub use convert::ConvertArgs;
use convert::run_convert;
pub use position::{MovesArgs, PerftArgs, ValidateArgs};
use position::{run_moves, run_perft, run_validate};

use serde::Serialize;
use xiangqi_repetition::Position;
use xiangqi_repetition::iccs::RankBase;

use crate::output::{CliError, Output};

/// The JSON document of a report: the report types hold the library's own serializable
/// values (positions as FEN, statuses, verdicts, side summaries).
fn to_json(report: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(report).expect("reports have string keys and finite numbers")
}
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (bulk counting at the last ply).
    Perft(PerftArgs),
    /// List the legal moves of a position.
    Moves(MovesArgs),
    /// Check a FEN and list every problem that makes it illegal.
    Validate(ValidateArgs),
    /// Judge a repetition (棋例): classify each move of the cycle and give the verdict.
    Adjudicate(AdjudicateArgs),
    /// Convert a move list (or a PGN file) between ICCS, WXF and Chinese notation.
    Convert(ConvertArgs),
    /// Draw a position (after optional moves) as a text board, or as an SVG picture.
    Show(show::ShowArgs),
}

pub fn run(command: Command, json: bool) -> Result<Output, CliError> {
    match command {
        Command::Perft(args) => run_perft(args, json),
        Command::Moves(args) => run_moves(args),
        Command::Validate(args) => run_validate(args),
        Command::Adjudicate(args) => run_adjudicate(args),
        Command::Convert(args) => run_convert(args),
        Command::Show(args) => show::run_show(args),
    }
}

fn rank_base(from_one: bool) -> RankBase {
    if from_one {
        RankBase::One
    } else {
        RankBase::Zero
    }
}

/// Parses and validates a FEN, turning every problem into one bad-input message.
pub(crate) fn load_position(fen: &str) -> Result<Position, CliError> {
    Position::from_fen(fen).map_err(|e| CliError::bad_input(format!("--fen: {e}")))
}

/// Parses a FEN, strictly or (with `lenient`) through [`Position::from_setup_lenient`];
/// every rule of play the position breaks comes back as a warning that names it.
fn load_position_with(fen: &str, lenient: bool) -> Result<(Position, Vec<String>), CliError> {
    if !lenient {
        return load_position(fen).map(|p| (p, Vec::new()));
    }
    let setup: xiangqi_repetition::Setup = fen
        .parse()
        .map_err(|e| CliError::bad_input(format!("--fen: {e}")))?;
    let pos = Position::from_setup_lenient(&setup)
        .map_err(|e| CliError::bad_input(format!("--fen: {e}")))?;
    let warnings = xiangqi_repetition::validate::problems(&setup)
        .into_iter()
        .map(|p| format!("--fen: unusual position, accepted with --lenient: {p}"))
        .collect();
    Ok((pos, warnings))
}

/// An output carrying the warnings of a lenient FEN.
fn with_warnings(text: String, doc: serde_json::Value, warnings: Vec<String>) -> Output {
    let mut out = Output::new(text, doc);
    out.warnings.extend(warnings);
    out
}
