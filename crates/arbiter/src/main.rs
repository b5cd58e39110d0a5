//! `arbiter`: rulings on Go, xiangqi and shogi positions and tournament tie-breaks.
//!
//! The binary is thin: it parses arguments, calls the rule crates and prints text or JSON.

mod batch;
mod go;
mod gtp;
mod input;
#[allow(dead_code)] // helpers used by the game modules as they grow
mod output;
mod perft_limit;
mod picture;
mod progress;
mod shogi;
mod tiebreak;
mod usi;
mod whole_number;
mod xiangqi;

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use output::{CliError, Output, one_line_usage_error, write_stderr, write_stdout};

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Rules on East Asian board games the way a tournament arbiter does",
    after_help = CLI_EXAMPLES
)]
struct Cli {
    /// Print exactly one JSON document on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    /// Write no progress line on stderr during long jobs (a line is shown only when stderr is
    /// a terminal; errors and warnings are still written).
    #[arg(long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    game: Game,
}

// The examples under each help page are commands a new user can paste from the workspace
// root: they read only files of `examples/` and finish in well under a second (the CLI tests
// run every one of them).

/// Shown under `arbiter --help`.
const CLI_EXAMPLES: &str = "\
Examples:
  arbiter go score examples/go/explanation.txt --method all
  arbiter xiangqi adjudicate --fen \"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\" --moves \"e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9\" --rules axf
  arbiter shogi status --sfen startpos --moves \"7g7f 3c3d 8h2b+\"
  arbiter tiebreak minimatch examples/tiebreak/minimatch.csv

Exit codes: 0 done, 1 a failure the input cannot explain (such as a full disk), 2 bad input,
3 undecided where a certain answer was asked for (go score --strict), 4 a search stopped on
a limit (time, nodes, table or budget; the answer printed, if any, is partial). A run over
several files (go score, shogi convert, xiangqi adjudicate) exits with the worst code of its
files: 1, then 2, 4, 3.";

/// Shown under `arbiter go --help`.
const GO_EXAMPLES: &str = "\
Examples:
  arbiter go score examples/go/explanation.txt --method all
  arbiter go score examples/go/explanation.txt --dead auto --json
  arbiter go count-legal --grid 3x3
  arbiter go solve --grid 2x2";

/// Shown under `arbiter xiangqi --help`.
const XIANGQI_EXAMPLES: &str = "\
Examples:
  arbiter xiangqi perft --fen \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\" --depth 3
  arbiter xiangqi adjudicate --fen \"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\" --moves \"e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9\" --rules axf";

/// Shown under `arbiter shogi --help`.
const SHOGI_EXAMPLES: &str = "\
Examples:
  arbiter shogi perft --sfen startpos --depth 3
  arbiter shogi status --sfen startpos --moves \"7g7f 3c3d 8h2b+\"
  arbiter shogi mate --sfen \"ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42\"";

/// Shown under `arbiter tiebreak --help`.
const TIEBREAK_EXAMPLES: &str = "\
Examples:
  arbiter tiebreak standings examples/tiebreak/swiss.trf --system swiss --edition 2026 --tiebreaks \"PTS,BH/C1,BH,SB\"
  arbiter tiebreak minimatch examples/tiebreak/minimatch.csv
  arbiter tiebreak odds --moves 40..60 --time 60:00..80:00";

#[derive(Debug, Subcommand)]
enum Game {
    /// Go: scoring by every method of the living-stones rules, analysis, graph Go.
    #[command(subcommand, after_help = GO_EXAMPLES)]
    Go(go::Command),
    /// Xiangqi: positions, moves, perft and repetition adjudication.
    #[command(subcommand, after_help = XIANGQI_EXAMPLES)]
    Xiangqi(xiangqi::Command),
    /// Shogi: positions, moves, game-end rulings, kifu conversion, tsume.
    #[command(subcommand, after_help = SHOGI_EXAMPLES)]
    Shogi(shogi::Command),
    /// Tie-breaks: mini-matches, tie odds and tournament standings.
    #[command(subcommand, after_help = TIEBREAK_EXAMPLES)]
    Tiebreak(tiebreak::Command),
    /// Serve the Go Text Protocol (version 2) on stdin/stdout: play or load a game, then
    /// final_score and final_status_list.
    #[command(after_help = gtp::GTP_EXAMPLES)]
    Gtp(gtp::GtpArgs),
    /// Serve the USI protocol on stdin/stdout for a shogi GUI's mate search (go mate).
    #[command(after_help = usi::USI_EXAMPLES)]
    Usi(usi::UsiArgs),
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
    progress::set_quiet(cli.quiet);
    output::set_json(json);
    let result = match cli.game {
        Game::Go(c) => go::run(c, json),
        Game::Xiangqi(c) => xiangqi::run(c, json),
        Game::Shogi(c) => shogi::run(c, json),
        Game::Tiebreak(c) => tiebreak::run(c, json),
        Game::Gtp(args) => {
            return gtp::run(args).map_or_else(|e| fail(e, json), |()| ExitCode::SUCCESS);
        }
        Game::Usi(args) => {
            return usi::run(args).map_or_else(|e| fail(e, json), |()| ExitCode::SUCCESS);
        }
    };
    match result {
        Ok(Output {
            streamed: Some(written),
            exit_code,
            ..
        }) => finish(written, ExitCode::from(exit_code)),
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
            finish(write_stdout(&text), ExitCode::from(out.exit_code))
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
