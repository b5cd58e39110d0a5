//! `arbiter xiangqi show`: a position (after an optional move list) as a text board, or as
//! an SVG picture with `--svg`.

use std::path::PathBuf;

use board_core::Side;
use board_core::diagram::pad_to_width;
use serde::Serialize;
use xiangqi_repetition::iccs::RankBase;
use xiangqi_repetition::svg::{self, Marks, piece_name};
use xiangqi_repetition::{Move, Position, START_FEN, Square};

use super::{load_position_with, rank_base, to_json, with_warnings};
use crate::output::{CliError, Output};
use crate::picture::{show_tail, write_svg};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  arbiter xiangqi show
  arbiter xiangqi show --fen \"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\" --moves \"e1d1 d9e9\" --svg rook.svg")]
pub struct ShowArgs {
    /// The position, in xqbase/UCCI FEN (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves played from it, separated by spaces or commas, in ICCS (ranks 0-9), WXF or
    /// Chinese notation: "h2e2 h9g7", "C2.5 H8+7", "炮二平五 马8进7". The last one is marked.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Moves are written with ranks 1-10 (Fairy-Stockfish / pyffish).
    #[arg(long)]
    pub ranks_from_one: bool,
    /// Write the position as an SVG picture to this file (the text board is still printed).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Accept a position printed in a rule book that cannot arise in a game, with a warning
    /// naming what is unusual.
    #[arg(long)]
    pub lenient: bool,
}

/// The JSON document of `show`.
#[derive(Serialize)]
struct ShowReport {
    /// The position shown, after the moves.
    fen: String,
    /// The position the moves start from.
    start_fen: String,
    /// The moves played, in ICCS with ranks 0-9.
    moves: Vec<String>,
    /// The last of them, if any.
    last_move: Option<String>,
    /// `red` or `black`.
    side_to_move: &'static str,
    /// The text board, as printed without `--json`.
    board: String,
    /// Where the SVG picture was written.
    svg: Option<String>,
}

/// Reads a move list in any notation the project writes, from `start`.
pub(crate) fn read_moves(
    start: &Position,
    text: &str,
    base: RankBase,
) -> Result<(Vec<Move>, Position), CliError> {
    let text = text.replace(',', " ");
    xiangqi_repetition::movelist::replay(start, &text, None, base).map_err(|e| {
        CliError::bad_input(format!(
            "--moves: move {} ({:?}): {}",
            e.ply, e.text, e.error
        ))
    })
}

/// The board in characters, Black's side on top as on the picture: Black's file numbers
/// 1-9 above, Red's 九..一 and the ICCS letters below, ICCS ranks on the left, the river
/// between ranks 5 and 4. Every cell is padded to two terminal columns, so the board lines
/// up in CJK terminals where a character takes two columns and `・` too.
pub fn text_board(position: &Position) -> String {
    let cell = |s: &str| pad_to_width(s, 2);
    let row = |items: Vec<String>| format!("   {}", items.join(" ")).trim_end().to_string();
    let mut lines = vec![row((1..=9).map(|n| cell(&n.to_string())).collect())];
    for y in 0..10u8 {
        if y == 5 {
            lines.push(
                format!("   {}", pad_to_width("   楚 河        汉 界", 26))
                    .trim_end()
                    .to_string(),
            );
        }
        let cells: Vec<String> = (0..9u8)
            .map(|x| {
                let square = Square::from_xy(x, y).expect("on the board");
                match position.piece_at(square) {
                    Some(p) => cell(&piece_name(p.side, p.kind).to_string()),
                    None => cell("・"),
                }
            })
            .collect();
        lines.push(format!("{}  {}", 9 - y, cells.join(" ")));
    }
    let numerals = "九八七六五四三二一"
        .chars()
        .map(|c| cell(&c.to_string()))
        .collect();
    lines.push(row(numerals));
    lines.push(row((b'a'..=b'i')
        .map(|c| cell(&char::from(c).to_string()))
        .collect()));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The picture of `xiangqi adjudicate --svg`: the position where the cycle starts (after
/// the moves before it, the last of which is framed), the cycle's moves as numbered arrows,
/// and the rules edition and verdict under the board. Without a cycle, the final position.
pub(super) fn picture_of_ruling(
    path: &std::path::Path,
    start: &Position,
    moves: &[Move],
    ruling: &xiangqi_repetition::adjudicate::Ruling,
) -> Result<(), CliError> {
    let before = ruling
        .cycle
        .map_or(moves.len(), |c| c.start_ply.min(moves.len()));
    let mut position = start.clone();
    for &mv in &moves[..before] {
        position.play_unchecked(mv);
    }
    let marks = Marks {
        last_move: before.checked_sub(1).map(|i| moves[i]),
        cycle: ruling.moves.iter().map(|a| a.mv).collect(),
        caption: vec![
            format!(
                "rules: {}; result: {}",
                ruling.rules.name,
                ruling.verdict.name()
            ),
            ruling.explanation.clone(),
        ],
    };
    write_svg(path, &svg::render(&position, &marks))
}

pub(super) fn run_show(args: ShowArgs) -> Result<Output, CliError> {
    let (start, warnings) = load_position_with(&args.fen, args.lenient)?;
    let (moves, position) = read_moves(&start, &args.moves, rank_base(args.ranks_from_one))?;
    let last = moves.last().copied();
    let board = text_board(&position);
    let mut text = board.clone();
    text.push_str(&format!(
        "{} to move; FEN {}\n",
        match position.side_to_move() {
            Side::First => "Red",
            Side::Second => "Black",
        },
        position.fen()
    ));
    let svg = show_tail(&mut text, last, args.svg.as_deref(), || {
        let marks = Marks {
            last_move: last,
            cycle: Vec::new(),
            caption: vec![format!("FEN {}", position.fen())],
        };
        Ok(svg::render(&position, &marks))
    })?;
    let doc = to_json(&ShowReport {
        fen: position.fen(),
        start_fen: start.fen(),
        moves: moves.iter().map(Move::to_string).collect(),
        last_move: last.map(|m| m.to_string()),
        side_to_move: xiangqi_repetition::adjudicate::side_label(position.side_to_move()),
        board,
        svg,
    });
    Ok(with_warnings(text, doc, warnings))
}
