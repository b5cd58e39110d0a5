//! `arbiter xiangqi …` subcommands.
//!
//! Each subcommand is one variant of [`Command`] with its own argument struct and `run_*`
//! function, so new subcommands slot in beside the others.

use serde::Serialize;
use xiangqi_repetition::iccs::{self, RankBase};
use xiangqi_repetition::movelist::{format_moves, replay};
use xiangqi_repetition::perft::{divide, perft};
use xiangqi_repetition::{Move, Notation, Position, START_FEN, Status, pgn};

use crate::output::{CliError, Output};

/// The JSON document of a report: the report types hold the library's own serializable
/// values (positions as FEN, statuses, verdicts, side summaries).
fn to_json(report: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(report).expect("reports have string keys and finite numbers")
}

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
}

/// The deepest perft the CLI runs (depth 7 from the start position is ~2·10¹¹ leaves).
const MAX_PERFT_DEPTH: u32 = 9;

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Position in xqbase/UCCI FEN (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Depth in plies (0-9).
    #[arg(long)]
    pub depth: u32,
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

pub fn run(command: Command, json: bool) -> Result<Output, CliError> {
    match command {
        Command::Perft(args) => run_perft(args, json),
        Command::Moves(args) => run_moves(args),
        Command::Validate(args) => run_validate(args),
        Command::Adjudicate(args) => run_adjudicate(args),
        Command::Convert(args) => run_convert(args),
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

fn run_perft(args: PerftArgs, json: bool) -> Result<Output, CliError> {
    if args.depth > MAX_PERFT_DEPTH {
        return Err(CliError::bad_input(format!(
            "--depth {}: at most {MAX_PERFT_DEPTH} plies",
            args.depth
        )));
    }
    let (mut pos, warnings) = load_position_with(&args.fen, args.lenient)?;
    let base = rank_base(args.ranks_from_one);
    let started = std::time::Instant::now();
    let (nodes, per_move) = if args.divide && args.depth > 0 {
        let d = divide(&mut pos, args.depth);
        (d.iter().map(|(_, n)| n).sum(), Some(d))
    } else {
        (perft(&mut pos, args.depth), None)
    };
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

fn run_moves(args: MovesArgs) -> Result<Output, CliError> {
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

fn run_validate(args: ValidateArgs) -> Result<Output, CliError> {
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

// ---------------------------------------------------------------------------------------
// `arbiter xiangqi adjudicate`: repetition adjudication (棋例) under a rule edition.
// ---------------------------------------------------------------------------------------

use xiangqi_repetition::adjudicate::{self as adj, EffectKind, Ruleset, Ruling};

#[derive(Debug, clap::Args)]
pub struct AdjudicateArgs {
    /// Position the moves start from, in xqbase/UCCI FEN (default: the FEN tag of a PGN
    /// moves file, else the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves separated by spaces or commas, in ICCS (ranks 0-9), WXF or Chinese notation:
    /// "h2e2 h9g7 …", "C2.5 H8+7 …", "炮二平五 马8进7 …".
    #[arg(long, conflicts_with = "moves_file")]
    pub moves: Option<String>,
    /// A file with the moves: a plain list or PGN, in ICCS, WXF or Chinese notation,
    /// UTF-8 or GBK.
    #[arg(long)]
    pub moves_file: Option<std::path::PathBuf>,
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
}

/// Pulls the FEN tag and the move tokens out of a PGN (or a plain token list), dropping
/// `{comments}`, move numbers (`1.`, `1...`, or glued to a move as in `1.h2e2`) and the
/// result. Moves stay in whatever notation they are written in.
fn moves_from_pgn(text: &str) -> (Option<String>, String) {
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
    let tokens: Vec<&str> = clean
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(strip_move_number)
        .filter(|t| !t.is_empty() && !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .collect();
    (fen, tokens.join(" "))
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
fn game_to_judge(args: &AdjudicateArgs) -> Result<(Position, Vec<Move>, Vec<String>), CliError> {
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
    match (&args.moves, &args.moves_file) {
        (Some(m), None) => {
            let (start, warnings) = start_from(None)?;
            let moves = read_move_list(&start, m, base)?;
            Ok((start, moves, warnings))
        }
        (None, Some(path)) => {
            let bytes = std::fs::read(path)
                .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))?;
            let (text, _) = crate::input::decode(&bytes, None, crate::input::Family::Chinese)?;
            let (tag_fen, body) = moves_from_pgn(&text);
            let (start, warnings) = start_from(tag_fen)?;
            let moves = read_move_list(&start, &body, base)?;
            Ok((start, moves, warnings))
        }
        _ => Err(CliError::bad_input(
            "give the moves with --moves or --moves-file",
        )),
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

fn run_adjudicate(args: AdjudicateArgs) -> Result<Output, CliError> {
    let rules: Ruleset = match &args.rules {
        Some(name) => name
            .parse()
            .map_err(|e| CliError::bad_input(format!("--rules: {e}")))?,
        None => DEFAULT_RULES,
    };
    let (start, list, warnings) = game_to_judge(&args)?;
    let ruling = adj::adjudicate(&start, &list, &rules)
        .map_err(|e| CliError::bad_input(format!("--moves: {e}")))?;

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
                adj::Note::OfferAndChase { exchange, shape } => {
                    format!("{}兼捉 {}", if *exchange { "兑" } else { "献" }, shape.zh())
                }
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

fn run_convert(args: ConvertArgs) -> Result<Output, CliError> {
    let to = notation_arg("--to", &args.to)?;
    if let Some(path) = &args.pgn {
        let text = crate::output::read_file(path)?;
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
