//! `arbiter shogi show`: a position (after an optional move list) as a BOD text board, or
//! as an SVG picture with `--svg`.

use std::path::{Path, PathBuf};

use serde::Serialize;
use shogi_rules::svg::{self, Marks};
use shogi_rules::{Move, Position, Side, kif, usi};

use super::{position, to_json, with_warnings};
use crate::output::{CliError, Output};
use crate::picture::{show_tail, write_svg};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  arbiter shogi show
  arbiter shogi show --sfen startpos --moves \"7g7f 3c3d 8h2b+\" --svg game.svg")]
pub struct ShowArgs {
    /// The position in SFEN, or `startpos`.
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// USI moves played from it, separated by spaces; the last one is marked.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Write the position as an SVG picture to this file (the text board is still printed).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Accept a position with more pieces of a kind than a set holds, with a warning
    /// naming what is unusual.
    #[arg(long)]
    pub lenient: bool,
}

/// The JSON document of `show`.
#[derive(Serialize)]
struct ShowReport {
    /// The position shown, after the moves.
    sfen: String,
    /// The position the moves start from.
    start_sfen: String,
    /// The moves played, in USI.
    moves: Vec<String>,
    /// The last of them, if any.
    last_move: Option<String>,
    /// `sente` or `gote`.
    side_to_move: &'static str,
    /// The BOD text board, as printed without `--json`.
    board: String,
    /// Where the SVG picture was written.
    svg: Option<String>,
}

/// Plays `moves` (USI, space-separated) from `start`, each checked for legality.
pub(crate) fn play_moves(start: &Position, moves: &str) -> Result<(Vec<Move>, Position), CliError> {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (i, token) in moves.split_whitespace().enumerate() {
        let mv = usi::parse_move(token)
            .map_err(|e| CliError::bad_input(format!("--moves: move {} ({token}): {e}", i + 1)))?;
        if !pos.legal_moves().iter().any(|&m| m == mv) {
            return Err(CliError::bad_input(format!(
                "--moves: move {} ({token}) is not legal in {}",
                i + 1,
                pos.to_sfen()
            )));
        }
        pos.play_unchecked(mv);
        played.push(mv);
    }
    Ok((played, pos))
}

/// The lowercase name of a side in the JSON documents.
pub(crate) fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "sente",
        Side::Second => "gote",
    }
}

/// Writes the picture of `pos` with `last` marked and `caption` under it.
pub(crate) fn picture(
    path: &Path,
    pos: &Position,
    last: Option<Move>,
    caption: Vec<String>,
) -> Result<(), CliError> {
    write_svg(path, &drawing(pos, last, caption))
}

/// The SVG picture of `pos` with `last` marked and `caption` under it.
fn drawing(pos: &Position, last: Option<Move>, caption: Vec<String>) -> String {
    let marks = Marks {
        last_move: last,
        caption,
    };
    svg::render(pos, &marks)
}

/// The picture of `shogi status --svg`: the position after the moves that could be played
/// (a foul move is left out: the board is the one it was made on), the last played move
/// marked, and the ruling under the board.
pub(super) fn picture_of_game(
    path: &Path,
    start: &Position,
    moves: &[Move],
    ruling: &Output,
) -> Result<(), CliError> {
    let mut pos = start.clone();
    let mut last = None;
    for &mv in moves {
        if !pos.legal_moves().iter().any(|&m| m == mv) {
            break;
        }
        pos.play_unchecked(mv);
        last = Some(mv);
    }
    let word = |key: &str| ruling.json[key].as_str().unwrap_or("").to_string();
    let caption = vec![
        format!("{}: {}", word("result"), word("reason")),
        format!("SFEN {}", pos.to_sfen()),
    ];
    picture(path, &pos, last, caption)
}

/// The USI moves of `--moves`, as far as they read (a ruling names a bad one).
pub(super) fn usi_moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map_while(|t| usi::parse_move(t).ok())
        .collect()
}

/// The picture of `shogi mate --svg`: the problem's position, with the answer (status,
/// length and the line in KI2) under the board.
pub(super) fn picture_of_problem(
    path: &Path,
    sfen: &str,
    lenient: bool,
    answer: &Output,
) -> Result<(), CliError> {
    let (pos, _) = position(sfen, lenient)?;
    let doc = &answer.json;
    let status = doc["status"].as_str().unwrap_or("unknown");
    let mut caption = vec![match doc["plies"].as_u64() {
        Some(n) if status == "mate" => format!("{status} in {n} plies"),
        _ => status.to_string(),
    }];
    if let Some(ki2) = doc["ki2"].as_str().filter(|k| !k.is_empty()) {
        caption.push(ki2.to_string());
    }
    picture(path, &pos, None, caption)
}

pub(super) fn run_show(args: ShowArgs) -> Result<Output, CliError> {
    let (start, warnings) = position(&args.sfen, args.lenient)?;
    let (moves, pos) = play_moves(&start, &args.moves)?;
    let last = moves.last().copied();
    let board = kif::write_bod(&pos);
    let mut text = board.clone();
    text.push_str(&format!("SFEN {}\n", pos.to_sfen()));
    let svg = show_tail(
        &mut text,
        last.map(usi::format_move),
        args.svg.as_deref(),
        || Ok(drawing(&pos, last, vec![format!("SFEN {}", pos.to_sfen())])),
    )?;
    let doc = to_json(&ShowReport {
        sfen: pos.to_sfen(),
        start_sfen: start.to_sfen(),
        moves: moves.iter().map(|&m| usi::format_move(m)).collect(),
        last_move: last.map(usi::format_move),
        side_to_move: side_word(pos.side_to_move()),
        board,
        svg,
    });
    Ok(with_warnings(Output::new(text, doc), warnings))
}
