//! `arbiter shogi …` subcommands: perft, game status rulings and record conversion.

mod convert;
mod perft;
mod show;
mod status;
mod tsume;

use std::path::PathBuf;

use serde::Serialize;
use shogi_rules::{Move, Position, Setup, record};

use crate::output::{CliError, Output};
use convert::read_record;
use perft::run_perft;
use status::{StatusRules, rule_on, run_status};

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
        /// Run a perft estimated to take more than a minute (refused otherwise).
        #[arg(long)]
        force: bool,
        /// Threads to count on, the root moves shared out among them (default: every
        /// core). Example: `--threads 2`.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
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
        /// Leave out moves after the end of the game (a foul, 千日手, mate, a recorded
        /// ending such as 投了 or %TORYO) with a warning, instead of refusing them.
        #[arg(long)]
        ignore_after_end: bool,
        /// Write a picture of the final position (last move marked, the ruling under it) to
        /// this SVG file.
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    /// Convert a record (KIF, KI2, CSA, USI) to another format, checking every move.
    /// Records are read in UTF-8 (with or without BOM), Shift_JIS/CP932 or EUC-JP, as
    /// declared in the file or else as detected.
    Convert {
        /// The record. Several files, or a directory (its .kif, .kifu, .ki2, .ki2u, .csa and
        /// .usi files, by name), convert each on its own into --output-dir, one result per
        /// file in the order given (see --list and --threads).
        #[arg(required_unless_present = "list", value_name = "FILE")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        batch: crate::batch::BatchArgs,
        /// kif, kifu, ki2, ki2u, csa, usi or sfen (the final position).
        #[arg(long)]
        to: String,
        /// Write the record to this file instead of stdout: `.kif`/`.ki2` in Shift_JIS (the
        /// KIF format's own encoding) unless --encoding says otherwise, `.kifu`/`.ki2u` and
        /// every other format in UTF-8.
        #[arg(long, short, conflicts_with = "output_dir")]
        output: Option<PathBuf>,
        /// Write each record into this directory, named after its input with the extension
        /// of --to (`game.csa` → `DIR/game.kif`), in the encoding --output would give that
        /// name. Needed to convert several files. Example: `--output-dir converted`.
        #[arg(long, value_name = "DIR")]
        output_dir: Option<PathBuf>,
        /// Encoding of the written file (utf-8, shift_jis, euc-jp); stdout is always UTF-8.
        #[arg(long)]
        encoding: Option<String>,
        /// Which game of a multi-record CSA file (1-based; records separated by `/`).
        #[arg(long)]
        game: Option<usize>,
        /// Leave out moves written after the record's ending (投了, %TORYO …) with a
        /// warning, instead of refusing the record.
        #[arg(long)]
        ignore_after_end: bool,
        /// Accept a start position with more pieces of a kind than a set holds (perft
        /// fixtures do), with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
    },
    /// Draw a position (after optional moves) as a BOD text board, or as an SVG picture.
    Show(show::ShowArgs),
    // --- tsume subcommands (mate solving and problem checking) ---
    /// Solve a tsume problem: the side to move attacks, every attacker move a check.
    Mate {
        #[arg(long)]
        sfen: String,
        /// tsume (composers' conventions) or shortest (exact shortest, every defence counted).
        #[arg(long, default_value = "tsume")]
        mode: String,
        /// Give up after this many seconds: status "unknown", or, when a mate was already
        /// proven, the best line found so far (maybe not the shortest); the limit hit is
        /// named in the output.
        #[arg(long, default_value = "60")]
        time_limit: Option<f64>,
        /// Memory for the search tables in MiB (garbage collected when full).
        #[arg(long, default_value_t = tsume::DEFAULT_TABLE_MB, value_parser = tsume::table_mb_parser())]
        table_mb: u64,
        /// Give the defender every piece not on the board or in the attacker's hand.
        #[arg(long)]
        defender_rest: bool,
        /// Accept a position with more pieces of a kind than a set holds (perft fixtures do),
        /// with a warning naming what is unusual.
        #[arg(long)]
        lenient: bool,
        /// Write a picture of the problem's position (the answer under it) to this SVG file.
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    /// Check a composed problem: mate, unique attacker moves (余詰), empty hand at the end
    /// (持駒余り) and side lines (変化).
    TsumeCheck {
        #[arg(long)]
        sfen: String,
        /// Give up after this many seconds (the limit hit is named in the output).
        #[arg(long, default_value = "60")]
        time_limit: Option<f64>,
        /// Memory for the search tables in MiB (garbage collected when full).
        #[arg(long, default_value_t = tsume::DEFAULT_TABLE_MB, value_parser = tsume::table_mb_parser())]
        table_mb: u64,
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
            force,
            threads,
        } => {
            let (pos, warnings) = position(&sfen, lenient)?;
            let threads =
                threads.map_or_else(shogi_rules::perft::available_threads, |n| n as usize);
            Ok(with_warnings(
                run_perft(pos, depth, divide, force, threads)?,
                warnings,
            ))
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
            ignore_after_end,
            svg,
        } => {
            let rules = StatusRules {
                declare,
                impasse_rule: &impasse_rule,
                try_rule,
                ignore_after_end,
            };
            match record {
                Some(file) => {
                    let (rec, warnings) = read_record(&file, game, ignore_after_end, lenient)?;
                    let moves: Vec<Move> = rec.moves.iter().map(|m| m.mv).collect();
                    let start = rec.start.clone();
                    let mut out = rule_on(rec.start, moves.clone(), &rules, rec.end)?;
                    if let Some(path) = &svg {
                        show::picture_of_game(path, &start, &moves, &out)?;
                    }
                    for w in warnings {
                        out = out.with_warning(w);
                    }
                    Ok(out)
                }
                None => {
                    let (start, warnings) = position(&sfen, lenient)?;
                    let out = run_status(start.clone(), &moves, &rules)?;
                    if let Some(path) = &svg {
                        show::picture_of_game(path, &start, &show::usi_moves(&moves), &out)?;
                    }
                    Ok(with_warnings(out, warnings))
                }
            }
        }
        Command::Convert {
            files,
            batch,
            to,
            output,
            output_dir,
            encoding,
            game,
            ignore_after_end,
            lenient,
        } => convert::run_convert_files(
            &files,
            &batch,
            &convert::Target {
                to: &to,
                output: output.as_deref(),
                output_dir: output_dir.as_deref(),
                encoding: encoding.as_deref(),
            },
            game,
            &record::ReadOptions::ignoring_after_end(ignore_after_end).with_lenient(lenient),
        ),
        Command::Show(args) => show::run_show(args),
        Command::Mate {
            sfen,
            mode,
            time_limit,
            table_mb,
            defender_rest,
            lenient,
            svg,
        } => {
            let out = tsume::run_mate(&sfen, &mode, time_limit, table_mb, defender_rest, lenient)?;
            if let Some(path) = &svg {
                show::picture_of_problem(path, &sfen, lenient, &out)?;
            }
            Ok(out)
        }
        Command::TsumeCheck {
            sfen,
            time_limit,
            table_mb,
            defender_rest,
            lenient,
        } => tsume::run_check(&sfen, time_limit, table_mb, defender_rest, lenient),
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
