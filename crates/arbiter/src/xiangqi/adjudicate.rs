//! `arbiter xiangqi adjudicate`: repetition adjudication (棋例) under a rule edition.

use std::path::{Path, PathBuf};

use serde::Serialize;
use xiangqi_repetition::iccs::RankBase;
use xiangqi_repetition::{Move, Position, START_FEN};

use super::{load_position_with, rank_base, to_json, with_warnings};
use crate::output::{CliError, Output};

use xiangqi_repetition::adjudicate::{self as adj, EffectKind, Ruleset, Ruling};

#[derive(Debug, clap::Args)]
pub struct AdjudicateArgs {
    /// Position the moves start from, in xqbase/UCCI FEN (default: the FEN tag of a PGN
    /// moves file, else the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves separated by spaces or commas, in ICCS (ranks 0-9), WXF or Chinese notation:
    /// "h2e2 h9g7 …", "C2.5 H8+7 …", "炮二平五 马8进7 …".
    #[arg(long, conflicts_with_all = ["moves_file", "list"])]
    pub moves: Option<String>,
    /// A file with the moves: a plain list or PGN, in ICCS, WXF or Chinese notation,
    /// UTF-8 or GBK. Several files, or a directory (its .pgn and .txt files, by name), are
    /// judged each on its own, one result per file in the order given (see --list and
    /// --threads).
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub moves_file: Vec<PathBuf>,
    #[command(flatten)]
    pub batch: crate::batch::BatchArgs,
    /// Rule edition: cxa2011 (the default, the current Chinese edition), cxa1999, cxa1987
    /// or axf.
    #[arg(long)]
    pub rules: Option<String>,
    /// Moves are written with ranks 1-10 (Fairy-Stockfish / pyffish).
    #[arg(long)]
    pub ranks_from_one: bool,
    /// Accept a position printed in a rule book that cannot arise in a game (a pawn behind
    /// its starting rank, more pieces than a set, facing kings); what is unusual is named in
    /// a warning. Only a missing or second king is still refused.
    #[arg(long)]
    pub lenient: bool,
    /// Write a picture of the position where the cycle starts to this SVG file, the cycle's
    /// moves drawn as numbered arrows and the verdict under the board.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// Where the moves to judge are written.
#[derive(Clone, Copy, Debug)]
enum Moves<'a> {
    /// `--moves`: the list itself.
    Given(&'a str),
    /// One file of `--moves-file` or `--list`.
    File(&'a Path),
}

/// Pulls the FEN tag and the move tokens out of a PGN (or a plain token list), dropping
/// `{comments}`, move numbers (`1.`, `1...`, or glued to a move as in `1.h2e2`) and the
/// result. Moves stay in whatever notation they are written in. The result ends the game:
/// a move after it is an error, never judged.
fn moves_from_pgn(text: &str) -> Result<(Option<String>, String), CliError> {
    let mut fen = None;
    let mut body = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if let Some(rest) = t.strip_prefix("[FEN") {
                fen = rest.split('"').nth(1).map(str::to_string);
            }
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    let mut clean = String::new();
    let mut depth = 0usize;
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut tokens: Vec<&str> = Vec::new();
    let mut result = None;
    for raw in clean.split(|c: char| c.is_whitespace() || c == ',') {
        if raw.is_empty() {
            continue;
        }
        if let Some(result) = result {
            return Err(CliError::bad_input(format!(
                "--moves-file: {raw:?} after the result {result}: the game ends at its result"
            )));
        }
        if matches!(raw, "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = Some(raw);
            continue;
        }
        let t = strip_move_number(raw);
        if !t.is_empty() {
            tokens.push(t);
        }
    }
    Ok((fen, tokens.join(" ")))
}

/// Drops a leading move number (`12.`, `12...`) from a token. A number followed by a digit
/// is kept: WXF writes tandem pawns as `33.4`.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return token;
    }
    let rest = &token[digits..];
    let after_dots = rest.trim_start_matches('.');
    if after_dots.len() == rest.len() {
        return token;
    }
    match after_dots.chars().next() {
        None => "",
        Some(c) if c.is_ascii_digit() => token,
        Some(_) => after_dots,
    }
}

/// Reads the moves of a list in any notation the project writes (ICCS in either rank
/// convention, WXF, Chinese), from `start`.
fn read_move_list(start: &Position, text: &str, base: RankBase) -> Result<Vec<Move>, CliError> {
    let text = text.replace(',', " ");
    xiangqi_repetition::movelist::replay(start, &text, None, base)
        .map(|(moves, _)| moves)
        .map_err(|e| {
            let ranks = if base == RankBase::One {
                " (moves are read with ranks 1-10)"
            } else {
                ""
            };
            CliError::bad_input(format!(
                "--moves: move {} ({:?}): {}{ranks}",
                e.ply, e.text, e.error
            ))
        })
}

/// The game to judge: its start position and moves, from `--moves` or a moves file (a
/// plain list or PGN in any notation, UTF-8 or GBK).
fn game_to_judge(
    args: &AdjudicateArgs,
    source: Moves<'_>,
) -> Result<(Position, Vec<Move>, Vec<String>), CliError> {
    let base = rank_base(args.ranks_from_one);
    let start_from = |tag: Option<String>| -> Result<(Position, Vec<String>), CliError> {
        let fen = args
            .fen
            .clone()
            .or(tag)
            .unwrap_or_else(|| START_FEN.to_string());
        if args.lenient {
            return load_position_with(&fen, true);
        }
        adj::Board::from_fen(&fen)
            .map(|b| (b.position().clone(), Vec::new()))
            .map_err(|e| CliError::bad_input(format!("--fen: {e}")))
    };
    match source {
        Moves::Given(m) => {
            let (start, warnings) = start_from(None)?;
            let moves = read_move_list(&start, m, base)?;
            Ok((start, moves, warnings))
        }
        Moves::File(path) => {
            let text = crate::input::read_chinese_text(path)?;
            let (tag_fen, body) = moves_from_pgn(&text)?;
            let (start, warnings) = start_from(tag_fen)?;
            let moves = read_move_list(&start, &body, base)?;
            Ok((start, moves, warnings))
        }
    }
}

/// `arbiter xiangqi adjudicate --json`.
#[derive(Serialize)]
struct AdjudicateReport<'a> {
    result: adj::Verdict,
    /// The game result (`1-0`, `0-1`, `1/2-1/2`); absent without a repetition.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<board_core::Outcome>,
    rules: &'a Ruleset,
    cycle: Option<adj::Cycle>,
    moves: Vec<MoveReport>,
    sides: Sides<'a>,
    explanation: &'a str,
}

/// Each side's summary of the cycle.
#[derive(Serialize)]
struct Sides<'a> {
    red: &'a adj::SideSummary,
    black: &'a adj::SideSummary,
}

/// One move of the cycle as classified.
#[derive(Serialize)]
struct MoveReport {
    ply: usize,
    #[serde(rename = "move")]
    mv: Move,
    chinese: String,
    side: &'static str,
    effects: Vec<EffectReport>,
    class: EffectKind,
    class_zh: &'static str,
    notes: Vec<String>,
}

/// One effect of a move, its pieces labelled `R@g0` (FEN letter at ICCS point).
#[derive(Serialize)]
struct EffectReport {
    kind: EffectKind,
    piece: String,
    target: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_counterattack: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    victim_protected: Option<bool>,
}

fn effect_reports(r: &Ruling, k: usize) -> Vec<EffectReport> {
    let a = &r.moves[k];
    let after = r.positions[k].after(a.mv);
    let label = |sq: xiangqi_repetition::Square| -> String {
        after
            .at(sq)
            .map(|p| format!("{}@{sq}", p.fen_char()))
            .unwrap_or_else(|| sq.to_string())
    };
    if a.effects.is_empty() {
        return vec![EffectReport {
            kind: EffectKind::Idle,
            piece: label(a.mv.to),
            target: None,
            first_counterattack: None,
            victim_protected: None,
        }];
    }
    a.effects
        .iter()
        .map(|e| EffectReport {
            kind: e.kind,
            piece: label(e.piece),
            target: e.target.map(label),
            first_counterattack: matches!(
                e.kind,
                EffectKind::Check | EffectKind::MateThreat | EffectKind::Chase
            )
            .then_some(e.first_counterattack),
            victim_protected: (e.kind == EffectKind::Chase).then_some(e.victim_protected),
        })
        .collect()
}

/// The edition `adjudicate` applies without `--rules`: the current Chinese rules (the
/// 2007 trial text as adopted in 2011).
const DEFAULT_RULES: Ruleset = Ruleset::CXA2011;

/// The extensions of the move files `xiangqi adjudicate` finds in a directory.
const RECORD_EXTENSIONS: [&str; 2] = ["pgn", "txt"];

/// `arbiter xiangqi adjudicate`: the moves of `--moves`, of one file, or of every file of a
/// batch, each judged on its own.
pub(super) fn run_adjudicate(args: AdjudicateArgs) -> Result<Output, CliError> {
    use crate::batch::{self, Inputs};
    let rules: Ruleset = match &args.rules {
        Some(name) => name
            .parse()
            .map_err(|e| CliError::bad_input(format!("--rules: {e}")))?,
        None => DEFAULT_RULES,
    };
    if let Some(moves) = &args.moves {
        return judge(&args, &rules, Moves::Given(moves));
    }
    if args.moves_file.is_empty() && args.batch.list.is_none() {
        return Err(CliError::bad_input(
            "give the moves with --moves, --moves-file or --list",
        ));
    }
    match Inputs::collect(
        &args.moves_file,
        args.batch.list.as_deref(),
        &RECORD_EXTENSIONS,
    )? {
        Inputs::One(file) => judge(&args, &rules, Moves::File(&file)),
        Inputs::Many(files) => {
            if args.svg.is_some() {
                return Err(CliError::bad_input(
                    "--svg writes one file: judge one game with it",
                ));
            }
            let threads = args.batch.thread_count();
            Ok(batch::run(&files, threads, "judging", |_, file| {
                judge(&args, &rules, Moves::File(file))
            }))
        }
    }
}

/// One game judged under `rules`.
fn judge(args: &AdjudicateArgs, rules: &Ruleset, source: Moves<'_>) -> Result<Output, CliError> {
    let rules = *rules;
    let (start, list, warnings) = game_to_judge(args, source)?;
    let ruling = adj::adjudicate(&start, &list, &rules)
        .map_err(|e| CliError::bad_input(format!("--moves: {e}")))?;
    if let Some(path) = &args.svg {
        super::show::picture_of_ruling(path, &start, &list, &ruling)?;
    }

    let mut text = format!(
        "rules: {}{}\n",
        rules.name,
        if args.rules.is_none() {
            " (default: the current Chinese edition)"
        } else {
            ""
        }
    );
    let mut move_reports = Vec::new();
    let start = ruling.cycle.map(|c| c.start_ply).unwrap_or(0);
    for (k, a) in ruling.moves.iter().enumerate() {
        let b = &ruling.positions[k];
        let zh = adj::notation::chinese(b, a.mv).unwrap_or_default();
        let effects = effect_reports(&ruling, k);
        // Every 捉 names its chaser and victim, as the JSON does.
        let chases: String = effects
            .iter()
            .filter(|e| e.kind == EffectKind::Chase)
            .map(|e| format!(" 捉 {}→{}", e.piece, e.target.as_deref().unwrap_or("?")))
            .collect();
        text.push_str(&format!(
            "{:>4}. {} {} {}: {}{chases}\n",
            start + k + 1,
            a.mv,
            zh,
            a.class.zh(),
            a.class.name()
        ));
        let notes: Vec<String> = a
            .notes
            .iter()
            .map(|n| match n {
                adj::Note::NeitherOfferNorChase { .. } => "非献非捉".to_string(),
                adj::Note::SelfRuin { .. } => "自毙".to_string(),
                adj::Note::OfferAndChase { exchange, shape } => {
                    format!("{}兼捉 {}", if *exchange { "兑" } else { "献" }, shape.zh())
                }
                // A kind of note this build does not know yet: say that there is one.
                _ => "注".to_string(),
            })
            .collect();
        move_reports.push(MoveReport {
            ply: start + k + 1,
            mv: a.mv,
            chinese: zh,
            side: adj::side_label(a.side),
            effects,
            class: a.class,
            class_zh: a.class.zh(),
            notes,
        });
    }
    text.push_str(&format!(
        "result: {}\n{}\n",
        ruling.verdict.name(),
        ruling.explanation
    ));
    let doc = to_json(&AdjudicateReport {
        result: ruling.verdict,
        outcome: ruling.outcome,
        rules: &rules,
        cycle: ruling.cycle,
        moves: move_reports,
        sides: Sides {
            red: &ruling.red,
            black: &ruling.black,
        },
        explanation: &ruling.explanation,
    });
    Ok(with_warnings(text, doc, warnings))
}
