//! `arbiter shogi …` subcommands: perft, game status rulings and record conversion.

use std::path::PathBuf;

use serde::Serialize;
use shogi_rules::game::{DeclarationRule, Game, GameRules, GameStatus, ImpasseRule};
use shogi_rules::record::{self, Format};
use shogi_rules::types::side_name;
use shogi_rules::{Move, Position, Setup, perft, usi};

use crate::input;
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

/// `--json` of `shogi status`: the game status and the final position.
#[derive(Serialize)]
struct StatusReport<'a> {
    #[serde(flatten)]
    status: GameStatus,
    sfen: &'a Position,
}

/// `--json` of `shogi convert`.
#[derive(Serialize)]
struct ConvertReport<'a> {
    format: String,
    moves: usize,
    text: &'a str,
    /// The encoding of the written record (UTF-8 on stdout).
    encoding: &'static str,
}

/// Serializes a report; the types here have no map keys that could fail.
fn to_json(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal-move tree (bulk counting at the last ply).
    Perft {
        /// Start position in SFEN (or `startpos`).
        #[arg(long, default_value = "startpos")]
        sfen: String,
        #[arg(long)]
        depth: u32,
        /// Also list the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Accept a position with more pieces of a kind than a set holds (perft fixtures do),
        /// with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
    },
    /// Rule on a game: play the moves and report how it stands or how it ended.
    Status {
        #[arg(long, default_value = "startpos")]
        sfen: String,
        /// USI moves separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// The side to move declares (入玉宣言) after the moves.
        #[arg(long)]
        declare: bool,
        /// Declaration rule: csa27 (CSA/WCSC, JSA amateur) or jsa24 (JSA professional).
        #[arg(long, default_value = "csa27")]
        impasse_rule: String,
        /// Enable the try rule (a king reaching the enemy king's start square wins).
        #[arg(long)]
        try_rule: bool,
        /// Rule on a game record (KIF, KI2, CSA, USI) instead of --sfen and --moves; a record
        /// that contains the foul move itself (二歩, then 反則勝ち) is ruled on that foul.
        #[arg(long, conflicts_with_all = ["sfen", "moves"])]
        record: Option<PathBuf>,
        /// Which game of a multi-record CSA file (1-based; records separated by `/`).
        #[arg(long)]
        game: Option<usize>,
        /// Accept a position with more pieces of a kind than a set holds (perft fixtures do),
        /// with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
    },
    /// Convert a record (KIF, KI2, CSA, USI) to another format, checking every move.
    /// Records are read in UTF-8 (with or without BOM), Shift_JIS/CP932 or EUC-JP, as
    /// declared in the file or else as detected.
    Convert {
        file: PathBuf,
        /// kif, kifu, ki2, ki2u, csa, usi or sfen (the final position).
        #[arg(long)]
        to: String,
        /// Write the record to this file instead of stdout: `.kif`/`.ki2` in Shift_JIS (the
        /// KIF format's own encoding) unless --encoding says otherwise, `.kifu`/`.ki2u` and
        /// every other format in UTF-8.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Encoding of the written file (utf-8, shift_jis, euc-jp); stdout is always UTF-8.
        #[arg(long)]
        encoding: Option<String>,
        /// Which game of a multi-record CSA file (1-based; records separated by `/`).
        #[arg(long)]
        game: Option<usize>,
    },
    // --- tsume subcommands (mate solving and problem checking) ---
    /// Solve a tsume problem: the side to move attacks, every attacker move a check.
    Mate {
        #[arg(long)]
        sfen: String,
        /// tsume (composers' conventions) or shortest (exact shortest, every defence counted).
        #[arg(long, default_value = "tsume")]
        mode: String,
        /// Give up after this many seconds: status "unknown", or, when a mate was already
        /// proven, the best line found so far (maybe not the shortest).
        #[arg(long)]
        time_limit: Option<f64>,
        /// Give the defender every piece not on the board or in the attacker's hand.
        #[arg(long)]
        defender_rest: bool,
        /// Accept a position with more pieces of a kind than a set holds (perft fixtures do),
        /// with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
    },
    /// Check a composed problem: mate, unique attacker moves (余詰), empty hand at the end
    /// (持駒余り) and side lines (変化).
    TsumeCheck {
        #[arg(long)]
        sfen: String,
        #[arg(long)]
        time_limit: Option<f64>,
        /// Give the defender every piece not on the board or in the attacker's hand.
        #[arg(long)]
        defender_rest: bool,
        /// Accept a position with more pieces of a kind than a set holds (perft fixtures do),
        /// with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
    },
}

pub fn run(command: Command, json: bool) -> Result<Output, CliError> {
    let _ = json;
    match command {
        Command::Perft {
            sfen,
            depth,
            divide,
            lenient,
        } => {
            let (pos, warnings) = position(&sfen, lenient)?;
            Ok(with_warnings(run_perft(pos, depth, divide)?, warnings))
        }
        Command::Status {
            sfen,
            moves,
            declare,
            impasse_rule,
            try_rule,
            record,
            game,
            lenient,
        } => {
            let rules = StatusRules {
                declare,
                impasse_rule: &impasse_rule,
                try_rule,
            };
            match record {
                Some(file) => {
                    let (rec, warnings) = read_record(&file, game)?;
                    let moves: Vec<Move> = rec.moves.iter().map(|m| m.mv).collect();
                    let mut out = rule_on(rec.start, moves, &rules)?;
                    for w in warnings {
                        out = out.with_warning(w);
                    }
                    Ok(out)
                }
                None => {
                    let (start, warnings) = position(&sfen, lenient)?;
                    Ok(with_warnings(run_status(start, &moves, &rules)?, warnings))
                }
            }
        }
        Command::Convert {
            file,
            to,
            output,
            encoding,
            game,
        } => run_convert(&file, &to, output.as_deref(), encoding.as_deref(), game),
        Command::Mate {
            sfen,
            mode,
            time_limit,
            defender_rest,
            lenient,
        } => tsume_cli::run_mate(&sfen, &mode, time_limit, defender_rest, lenient),
        Command::TsumeCheck {
            sfen,
            time_limit,
            defender_rest,
            lenient,
        } => tsume_cli::run_check(&sfen, time_limit, defender_rest, lenient),
    }
}

/// The position of `--sfen`, with the warnings that go with it.
fn position(sfen: &str, lenient: bool) -> Result<(Position, Vec<String>), CliError> {
    let setup = Setup::from_sfen(sfen).map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
    validated(&setup, lenient)
}

/// Validates a setup; with `lenient`, surplus material is accepted and what was unusual
/// (the strict check's complaint) comes back as a warning.
fn validated(setup: &Setup, lenient: bool) -> Result<(Position, Vec<String>), CliError> {
    match Position::from_setup(setup) {
        Ok(pos) => Ok((pos, Vec::new())),
        Err(strict) if lenient => match Position::from_setup_lenient(setup) {
            Ok(pos) => Ok((pos, vec![format!("--lenient: accepted although {strict}")])),
            Err(e) => Err(CliError::bad_input(format!("--sfen: {e}"))),
        },
        Err(e) => Err(CliError::bad_input(format!("--sfen: {e}"))),
    }
}

/// `out` with `warnings` added.
fn with_warnings(mut out: Output, warnings: Vec<String>) -> Output {
    for w in warnings {
        out = out.with_warning(w);
    }
    out
}

fn run_perft(mut pos: Position, depth: u32, divide: bool) -> Result<Output, CliError> {
    if depth > 12 {
        return Err(CliError::bad_input("--depth must be at most 12"));
    }
    if divide {
        let parts = perft::divide(&mut pos, depth);
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
    let nodes = perft::perft(&mut pos, depth);
    let report = PerftReport {
        nodes,
        depth,
        sfen: &pos,
        divide: None,
    };
    Ok(Output::new(format!("nodes {nodes}\n"), to_json(&report)))
}

/// The rule options of `shogi status`.
struct StatusRules<'a> {
    declare: bool,
    impasse_rule: &'a str,
    try_rule: bool,
}

fn run_status(start: Position, moves: &str, rules: &StatusRules) -> Result<Output, CliError> {
    let mut parsed = Vec::new();
    let mut column = 1;
    for tok in moves.split(' ') {
        if !tok.is_empty() {
            let mv = usi::parse_move(tok).map_err(|e| {
                CliError::bad_input(format!(
                    "--moves: move {} {tok:?} at column {}: {}",
                    parsed.len() + 1,
                    column + e.column as usize - 1,
                    e.kind
                ))
            })?;
            parsed.push(mv);
        }
        column += tok.chars().count() + 1;
    }
    rule_on(start, parsed, rules)
}

/// Plays `moves` from `start` under the rules and reports the status; an illegal move ends
/// the game on its foul (with its ply and the side that played it).
fn rule_on(start: Position, parsed: Vec<Move>, rules: &StatusRules) -> Result<Output, CliError> {
    let StatusRules {
        declare,
        impasse_rule,
        try_rule,
    } = *rules;
    let rule = match impasse_rule {
        "csa27" => ImpasseRule::Points27,
        "jsa24" => ImpasseRule::Points24,
        other => {
            return Err(CliError::bad_input(format!(
                "--impasse-rule must be csa27 or jsa24, not {other:?}"
            )));
        }
    };
    let mut game = Game::new(
        start,
        GameRules {
            declaration: DeclarationRule::new(rule),
            try_rule,
        },
    );
    for mv in parsed {
        if game.ended().is_some() {
            break;
        }
        // A refused move (after the end) cannot happen: we stop as soon as the game ends.
        let _ = game.play(mv);
    }
    let status = if declare && game.ended().is_none() {
        GameStatus::Ended(game.declare())
    } else {
        game.status()
    };
    let winner = status.winner().map(side_name);
    let final_sfen = game.position().to_sfen();
    let report = StatusReport {
        status,
        sfen: game.position(),
    };
    let mut text = format!(
        "result {}\nwinner {}\nreason {status}\nply {}\n",
        status.code(),
        winner.unwrap_or("none"),
        status.ply()
    );
    if let Some(f) = status.foul() {
        text.push_str(&format!("foul {}\n", f.code()));
    }
    text.push_str(&format!("sfen {final_sfen}\n"));
    Ok(Output::new(text, to_json(&report)))
}

fn run_convert(
    file: &std::path::Path,
    to: &str,
    output: Option<&std::path::Path>,
    encoding: Option<&str>,
    game: Option<usize>,
) -> Result<Output, CliError> {
    let format = Format::from_name(to).ok_or_else(|| {
        CliError::bad_input(format!(
            "--to must be kif, kifu, ki2, ki2u, csa, usi or sfen, not {to:?}"
        ))
    })?;
    let (rec, warnings) = read_record(file, game)?;
    let to_lower = to.to_ascii_lowercase();
    // The file's encoding: asked for, else UTF-8 for .kifu/.ki2u names and non-KIF formats,
    // else Shift_JIS, the encoding KIF and KI2 files have by definition.
    let target_encoding = match encoding {
        Some(label) => input::encoding_named(label)?,
        None => {
            let named_utf8 = output
                .and_then(|p| p.extension())
                .and_then(|e| e.to_str())
                .map(|e| matches!(e.to_ascii_lowercase().as_str(), "kifu" | "ki2u"))
                .unwrap_or(false)
                || matches!(to_lower.as_str(), "kifu" | "ki2u");
            if matches!(format, Format::Kif | Format::Ki2) && !named_utf8 && output.is_some() {
                encoding_rs::SHIFT_JIS
            } else {
                encoding_rs::UTF_8
            }
        }
    };
    let written_encoding = if output.is_some() {
        target_encoding
    } else {
        encoding_rs::UTF_8
    };
    let body = record::write(&rec, format);
    let out = with_encoding_line(&body, format, written_encoding);
    let mut text = out.clone();
    if let Some(path) = output {
        let bytes = input::encode(&out, target_encoding)?;
        std::fs::write(path, bytes)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))?;
        text = format!(
            "wrote {} ({} moves, {})\n",
            path.display(),
            rec.moves.len(),
            target_encoding.name()
        );
    }
    let report = ConvertReport {
        format: to_lower,
        moves: rec.moves.len(),
        text: &out,
        encoding: written_encoding.name(),
    };
    let mut output = Output::new(text, to_json(&report));
    for w in warnings {
        output = output.with_warning(w);
    }
    for lost in record::losses(&rec, format) {
        output = output.with_warning(format!("{}: {lost}", file.display()));
    }
    Ok(output)
}

/// Reads a record file in whatever encoding it is in (see [`input::decode`]); `game` picks
/// a game of a multi-record CSA file. Also returns warnings (several games, none picked).
fn read_record(
    file: &std::path::Path,
    game: Option<usize>,
) -> Result<(record::Record, Vec<String>), CliError> {
    let bytes = std::fs::read(file)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", file.display())))?;
    let declared = declared_encoding(&bytes);
    let (text, _) = input::decode(&bytes, declared.as_deref(), input::Family::Japanese)
        .map_err(|e| CliError::bad_input(format!("{}: {}", file.display(), e.one_line())))?;
    let bad = |e: shogi_rules::ParseError| CliError::bad_input(format!("{}: {e}", file.display()));
    let mut warnings = Vec::new();
    if record::detect(&text) != Format::Csa {
        if game.is_some_and(|n| n != 1) {
            return Err(CliError::bad_input(format!(
                "{}: --game: only CSA files hold several games",
                file.display()
            )));
        }
        return Ok((record::parse_any(&text).map_err(bad)?, warnings));
    }
    let count = shogi_rules::csa::split_games(&text).len();
    if game.is_none() && count > 1 {
        warnings.push(format!(
            "{}: {count} games in the file; read game 1 (--game N picks another)",
            file.display()
        ));
    }
    let n = game.unwrap_or(1);
    let rec = shogi_rules::csa::parse_game(&text, n)
        .map_err(bad)?
        .ok_or_else(|| {
            CliError::bad_input(format!(
                "{}: --game {n}: the file holds {count} game(s)",
                file.display()
            ))
        })?;
    Ok((rec, warnings))
}

/// The encoding a KIF (`#KIF version=2.0 encoding=UTF-8`) or CSA (`'CSA encoding=SHIFT_JIS`,
/// `'encoding=UTF-8`) record declares on one of its first lines. The declaration is ASCII,
/// so it can be found before the text is decoded.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    for line in bytes.split(|&b| b == b'\n').take(5) {
        if !matches!(line.first(), Some(b'#' | b'\'')) {
            continue;
        }
        let Some(at) = line
            .windows(9)
            .position(|w| w.eq_ignore_ascii_case(b"encoding="))
        else {
            continue;
        };
        let label: String = line[at + 9..]
            .iter()
            .take_while(|b| b.is_ascii_graphic())
            .map(|&b| char::from(b))
            .collect();
        if !label.is_empty() {
            return Some(label);
        }
    }
    None
}

/// `body` with the line that declares its encoding: `#KIF version=2.0 encoding=…` for KIF
/// and KI2, `'CSA encoding=…` for CSA (as CSA V3.0 writes it; a V2.2 reader skips it as a
/// comment). USI and SFEN are ASCII and get none.
fn with_encoding_line(
    body: &str,
    format: Format,
    encoding: &'static encoding_rs::Encoding,
) -> String {
    let name = encoding.output_encoding().name();
    match format {
        Format::Kif | Format::Ki2 => format!("#KIF version=2.0 encoding={name}\n{body}"),
        Format::Csa if !body.starts_with("'CSA encoding=") => {
            format!("'CSA encoding={}\n{body}", name.to_ascii_uppercase())
        }
        _ => body.to_string(),
    }
}

// --- tsume subcommands: `mate` and `tsume-check` ---
mod tsume_cli {
    use std::time::Duration;

    use serde::Serialize;
    use shogi_rules::tsume::{self, CheckReport, Mode, Options, Status};
    use shogi_rules::{Move, Position, Setup};

    use super::to_json;
    use crate::output::{CliError, Output};

    /// `--json` of `shogi mate`: the contract fields of the solution (status, length, the
    /// line in USI and in KI2, nodes, and whether the length is proven minimal), nothing
    /// more.
    #[derive(Serialize)]
    struct MateReport<'a> {
        status: Status,
        plies: u32,
        /// The length is proven to be the shortest (false when a time limit cut the search
        /// for a shorter mate, or when there is no mate).
        proven_minimal: bool,
        pv: &'a [Move],
        ki2: String,
        nodes: u64,
    }

    /// `--json` of `shogi tsume-check`: the report and its main line in KI2.
    #[derive(Serialize)]
    struct CheckJson<'a> {
        #[serde(flatten)]
        report: &'a CheckReport,
        ki2: String,
    }

    fn problem(
        sfen: &str,
        defender_rest: bool,
        lenient: bool,
    ) -> Result<(Position, Vec<String>), CliError> {
        let setup =
            Setup::from_sfen(sfen).map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
        let setup = if defender_rest {
            tsume::defender_holds_rest(&setup)
        } else {
            setup
        };
        let (pos, mut warnings) = super::validated(&setup, lenient)?;
        if !defender_rest && let Some(w) = defender_warning(&setup) {
            warnings.push(w);
        }
        Ok((pos, warnings))
    }

    /// A warning when the defender holds nothing although pieces are missing from the
    /// position: tsume problems conventionally give every unlisted piece to the defender
    /// (玉方残り駒全部), which changes the answer, and a bare SFEN does not say so.
    fn defender_warning(setup: &Setup) -> Option<String> {
        let defender = !setup.side_to_move;
        if !setup.hands[defender].is_empty() {
            return None;
        }
        let with_rest = tsume::defender_holds_rest(setup);
        let missing = with_rest.hands[defender].total();
        (missing > 0).then(|| {
            format!(
                "the defender holds no pieces and {missing} piece(s) are nowhere in the position; \
                 tsume problems give them to the defender (pass --defender-rest to do so)"
            )
        })
    }

    fn options(mode: Mode, time_limit: Option<f64>) -> Result<Options, CliError> {
        let time_limit = match time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t <= 1.0e6 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(CliError::bad_input(format!(
                    "--time-limit must be a positive number of seconds, not {t}"
                )));
            }
        };
        Ok(Options {
            mode,
            time_limit,
            ..Options::default()
        })
    }

    pub(super) fn run_mate(
        sfen: &str,
        mode: &str,
        time_limit: Option<f64>,
        defender_rest: bool,
        lenient: bool,
    ) -> Result<Output, CliError> {
        let mode: Mode = mode
            .parse()
            .map_err(|e| CliError::bad_input(format!("--mode: {e}")))?;
        let (pos, warnings) = problem(sfen, defender_rest, lenient)?;
        let opts = options(mode, time_limit)?;
        let sol =
            tsume::solve(&pos, &opts).map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
        let pv = tsume::usi_line(&sol.pv);
        let ki2 = tsume::ki2_line(&pos, &sol.pv);
        let mut text = format!("status {}\n", sol.status.code());
        if sol.status == tsume::Status::Mate {
            text.push_str(&format!(
                "plies {}\npv {}\nki2 {}\n",
                sol.plies,
                pv.join(" "),
                ki2
            ));
            if !sol.exact {
                text.push_str("length not proven minimal (a mate, maybe not the shortest)\n");
            }
            if !sol.forced {
                text.push_str(
                    "line read quickly from the proof (a mate; the defences may not be the longest)\n",
                );
            }
        }
        text.push_str(&format!("nodes {}\n", sol.nodes));
        let report = MateReport {
            status: sol.status,
            plies: sol.plies,
            proven_minimal: sol.status == tsume::Status::Mate && sol.exact,
            pv: &sol.pv,
            ki2,
            nodes: sol.nodes,
        };
        Ok(super::with_warnings(
            Output::new(text, to_json(&report)),
            warnings,
        ))
    }

    pub(super) fn run_check(
        sfen: &str,
        time_limit: Option<f64>,
        defender_rest: bool,
        lenient: bool,
    ) -> Result<Output, CliError> {
        let (pos, warnings) = problem(sfen, defender_rest, lenient)?;
        let opts = options(Mode::Tsume, time_limit)?;
        let r = tsume::check_problem(&pos, &opts)
            .map_err(|e| CliError::bad_input(format!("--sfen: {e}")))?;
        let main = tsume::usi_line(&r.main_line);
        let leftover: u32 = r.leftover.total();
        let mut text = format!(
            "verdict {}\nstatus {}\nplies {}\nmain {}\nki2 {}\n",
            r.verdict.code(),
            r.status.code(),
            r.plies,
            main.join(" "),
            tsume::ki2_line(&pos, &r.main_line)
        );
        text.push_str(&format!(
            "extra_mates {}\ndetours {}\nlast_move_alternatives {}\nleftover_pieces {leftover}\nvariations {}\n",
            r.extra_mates.len(),
            r.detours.len(),
            r.last_move_alternatives.len(),
            r.variations.len()
        ));
        for n in &r.notes {
            text.push_str(&format!("note {n}\n"));
        }
        let report = CheckJson {
            report: &r,
            ki2: tsume::ki2_line(&pos, &r.main_line),
        };
        Ok(super::with_warnings(
            Output::new(text, to_json(&report)),
            warnings,
        ))
    }
}
