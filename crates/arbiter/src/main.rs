//! `arbiter`: rulings on Go, xiangqi and shogi positions and tournament tie-breaks.
//!
//! The binary is thin: it parses arguments, calls the rule crates and prints text or JSON.

mod go;
mod input;
#[allow(dead_code)] // helpers used by the game modules as they grow
mod output;
mod shogi;
mod tiebreak;
mod xiangqi;

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use output::{CliError, one_line_usage_error, write_stderr, write_stdout};

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Rules on East Asian board games the way a tournament arbiter does"
)]
struct Cli {
    /// Print exactly one JSON document on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    game: Game,
}

#[derive(Debug, Subcommand)]
enum Game {
    /// Go: scoring by every method of the living-stones rules, analysis, graph Go.
    #[command(subcommand)]
    Go(go::Command),
    /// Xiangqi: positions, moves, perft and repetition adjudication.
    #[command(subcommand)]
    Xiangqi(xiangqi::Command),
    /// Shogi: positions, moves, game-end rulings, kifu conversion, tsume.
    #[command(subcommand)]
    Shogi(shogi::Command),
    /// Tie-breaks: mini-matches, tie odds and tournament standings.
    #[command(subcommand)]
    Tiebreak(tiebreak::Command),
}

fn main() -> ExitCode {
    // Arguments are read as OS strings: a file name that is not UTF-8 (a Shift_JIS kifu name
    // from a Windows archive) still reaches a `PathBuf` argument, and clap reports a non-UTF-8
    // value for a text option as a usage error instead of the standard library panicking.
    let args: Vec<OsString> = std::env::args_os().collect();
    let wants_json = args.iter().skip(1).any(|a| a == "--json");
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, &args, wants_json),
    };
    let json = cli.json;
    let result = match cli.game {
        Game::Go(c) => go::run(c, json),
        Game::Xiangqi(c) => xiangqi::run(c, json),
        Game::Shogi(c) => shogi::run(c, json),
        Game::Tiebreak(c) => tiebreak::run(c, json),
    };
    match result {
        Ok(out) => {
            for warning in &out.warnings {
                write_stderr(&format!("arbiter: warning: {warning}\n"));
            }
            let mut text = if json {
                out.json_document().to_string()
            } else {
                out.text
            };
            if !text.ends_with('\n') {
                text.push('\n');
            }
            finish(write_stdout(&text), ExitCode::SUCCESS)
        }
        Err(e) => fail(e, json),
    }
}

/// Handles what clap hands back instead of a parsed command line: help and version requested
/// on purpose go to stdout (exit 0); help shown because a game or subcommand is missing
/// (bare `arbiter`, `arbiter go`) goes to stderr (exit 2); every other usage error is bad
/// input, reported with everything clap says about it, folded onto one line.
fn usage_error(error: &clap::Error, args: &[OsString], json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            finish(write_stdout(&error.to_string()), ExitCode::SUCCESS)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            write_stderr(&error.to_string());
            ExitCode::from(CliError::BAD_INPUT_EXIT)
        }
        kind => {
            let mut message = one_line_usage_error(&error.to_string());
            // clap does not say which argument was not UTF-8; name it, as lossily as it must be.
            if kind == ErrorKind::InvalidUtf8 {
                if let Some(arg) = args.iter().skip(1).find(|a| a.to_str().is_none()) {
                    let named = format!("the argument {:?} is not UTF-8", arg.to_string_lossy());
                    message = message.replacen(
                        "invalid UTF-8 was detected in one or more arguments",
                        &named,
                        1,
                    );
                }
            }
            fail(CliError::BadInput(message), json)
        }
    }
}

/// Reports an error: one line on stderr, and with `--json` an error document on stdout.
fn fail(error: CliError, json: bool) -> ExitCode {
    write_stderr(&format!("arbiter: {}\n", error.one_line()));
    let code = ExitCode::from(error.exit_code());
    if json {
        let doc = serde_json::json!({"error": {"kind": error.kind(), "message": error.one_line()}});
        return finish(write_stdout(&format!("{doc}\n")), code);
    }
    code
}

/// The exit code once the output has been written: a reader that closed the pipe early
/// (`arbiter ... | head`) has all it wanted, so that ends the program quietly with `code`;
/// any other write failure (a full disk) is an internal error, reported on stderr, exit 1.
fn finish(written: io::Result<()>, code: ExitCode) -> ExitCode {
    match written {
        Ok(()) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
        Err(e) => {
            let error = CliError::internal(format!("cannot write the output: {e}"));
            write_stderr(&format!("arbiter: {}\n", error.one_line()));
            ExitCode::from(error.exit_code())
        }
    }
}
