//! `arbiter xiangqi convert`: move lists and PGN between ICCS, WXF and Chinese notation.

use serde::Serialize;
use xiangqi_repetition::movelist::{format_moves, replay};
use xiangqi_repetition::{Notation, Position, START_FEN, pgn};

use super::{load_position_with, rank_base, to_json, with_warnings};
use crate::output::{CliError, Output};

#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// Start position in xqbase/UCCI FEN (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves separated by spaces, in any notation (or the one named by --from).
    #[arg(long, conflicts_with = "pgn")]
    pub moves: Option<String>,
    /// A xiangqi PGN file to rewrite in the target notation.
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Notation of the input moves: iccs, iccs1 (ranks 1-10), wxf, chinese (default: any).
    #[arg(long)]
    pub from: Option<String>,
    /// Target notation: iccs, iccs1 (ranks 1-10), wxf, chinese.
    #[arg(long, default_value = "iccs")]
    pub to: String,
    /// Read ICCS input with ranks 1-10 when --from is not given.
    #[arg(long)]
    pub ranks_from_one: bool,
    /// Accept a position printed in a rule book that cannot arise in a game (a pawn behind
    /// its starting rank, more pieces than a set, facing kings); what is unusual is named in
    /// a warning. Only a missing or second king is still refused.
    #[arg(long)]
    pub lenient: bool,
}

/// `arbiter xiangqi convert --pgn … --json`.
#[derive(Serialize)]
struct ConvertPgnReport<'a> {
    pgn: &'a str,
    moves: Vec<String>,
}

/// `arbiter xiangqi convert --moves … --json`.
#[derive(Serialize)]
struct ConvertReport<'a> {
    moves: Vec<String>,
    /// The position after the moves.
    fen: &'a Position,
}

fn notation_arg(flag: &str, name: &str) -> Result<Notation, CliError> {
    Notation::from_name(name).ok_or_else(|| {
        CliError::bad_input(format!(
            "{flag} {name:?}: expected iccs, iccs1, wxf or chinese"
        ))
    })
}

pub(super) fn run_convert(args: ConvertArgs) -> Result<Output, CliError> {
    let to = notation_arg("--to", &args.to)?;
    if let Some(path) = &args.pgn {
        let text = crate::input::read_chinese_text(path)?;
        let game = pgn::read(&text)
            .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
        let out = pgn::write(&game, to);
        let moves = format_moves(&game.start, &game.moves, to);
        let doc = to_json(&ConvertPgnReport { pgn: &out, moves });
        return Ok(Output::new(out, doc));
    }
    let (start, warnings) = load_position_with(&args.fen, args.lenient)?;
    let from = match &args.from {
        Some(name) => Some(notation_arg("--from", name)?),
        None => None,
    };
    let text = args.moves.unwrap_or_default();
    let (moves, end) = replay(&start, &text, from, rank_base(args.ranks_from_one))
        .map_err(|e| CliError::bad_input(format!("--moves: {e}")))?;
    let converted = format_moves(&start, &moves, to);
    let out = format!("{}\n", converted.join(" "));
    let doc = to_json(&ConvertReport {
        moves: converted,
        fen: &end,
    });
    Ok(with_warnings(out, doc, warnings))
}
