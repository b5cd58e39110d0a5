//! `arbiter`: rulings on Go, xiangqi and shogi positions and tournament tie-breaks.
//!
//! The binary is thin: it parses arguments, calls the rule crates and prints text or JSON.

mod go;
#[allow(dead_code)] // helpers used by the game modules as they grow
mod output;
mod shogi;
mod tiebreak;
mod xiangqi;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use output::CliError;

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
    let wants_json = std::env::args().any(|a| a == "--json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            let message = e
                .to_string()
                .lines()
                .find(|l| l.starts_with("error:"))
                .unwrap_or("error: invalid arguments")
                .trim_start_matches("error: ")
                .to_string();
            return fail(CliError::BadInput(message), wants_json);
        }
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
            if json {
                println!("{}", out.json);
            } else {
                print!("{}", out.text);
                if !out.text.ends_with('\n') {
                    println!();
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e, json),
    }
}

/// Reports an error: one line on stderr, and with `--json` an error document on stdout.
fn fail(error: CliError, json: bool) -> ExitCode {
    eprintln!("arbiter: {}", error.one_line());
    if json {
        println!(
            "{}",
            serde_json::json!({"error": {"kind": error.kind(), "message": error.one_line()}})
        );
    }
    ExitCode::from(error.exit_code())
}
