//! `arbiter go …` subcommands.
//!
//! `score` reads an SGF file or a text diagram, finds or takes the dead stones, gives one
//! verdict under a named ruleset and counts by one or every method. Each subcommand is one variant of [`Command`] with its own
//! argument struct and `run_*` function, so new subcommands slot in beside it.

mod count_legal;
mod outcome;
mod score;
pub(crate) mod show;
mod solve;

use go_scoring::Komi;
use go_scoring::graph::SearchLimit;

use crate::output::{CliError, Output};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Score a finished position (SGF or text diagram): one verdict under a ruleset, then a
    /// table of the counting methods and the details.
    Score(Box<score::ScoreArgs>),
    /// Draw a position (SGF or text diagram) as a text board, or as an SVG picture.
    Show(show::ShowArgs),
    // ---- graph Go: outcome classes, legal-position counts, tiny boards ----
    /// Outcome classes (B, W, N, P) of every point of a graph-Go position, whether it is
    /// Chinese-finishable, and its Chinese score s_c.
    Outcome(outcome::OutcomeArgs),
    /// Count legal positions (every string has a liberty) on a grid or any graph.
    CountLegal(count_legal::CountLegalArgs),
    /// Solve a tiny empty board (area scoring, positional superko, no suicide): Black's
    /// margin and a principal line.
    Solve(solve::SolveArgs),
}

pub fn run(command: Command, json: bool) -> Result<Output, CliError> {
    match command {
        Command::Score(args) => score::run_score(*args, json),
        Command::Show(args) => show::run_show(args),
        Command::Outcome(args) => outcome::run_outcome(args, json),
        Command::CountLegal(args) => count_legal::run_count_legal(args, json),
        Command::Solve(args) => solve::run_solve(args, json),
    }
}

fn parse_komi(text: &str) -> Result<Komi, CliError> {
    text.parse::<Komi>()
        .map_err(|e| CliError::bad_input(format!("--komi: {e}")))
}

/// A value as JSON, through its `Serialize` implementation.
fn to_json(value: &impl serde::Serialize) -> Result<serde_json::Value, CliError> {
    serde_json::to_value(value).map_err(|e| CliError::internal(e.to_string()))
}

/// The message for a Go search (`outcome`, `solve`) that stopped on one of its limits: what
/// stopped it (`subject` names the input), then how to raise that limit. Both searches stop
/// on go-scoring's one `SearchLimit`, so the hint naming the option is written once, here.
fn limit_message(
    subject: &str,
    limit: &SearchLimit,
    budget: u64,
    max_budget: u64,
    table_mb: u64,
) -> String {
    let hint = match limit {
        SearchLimit::Budget { .. } => {
            format!("the budget was {budget} nodes; raise it with --budget (at most {max_budget})")
        }
        SearchLimit::Time { .. } => {
            "raise the limit with --time-limit SECONDS (at most 86400)".to_string()
        }
        SearchLimit::Memory(_) => {
            // the error states the bound in its own terms (the solver's bytes, the outcome
            // search's positions, three quarters of the MB given): the option's value once
            format!("raise it with --table-mb (now {table_mb}, at most 65536)")
        }
        _ => "no option raises this bound".to_string(),
    };
    format!("{subject}: {limit}; {hint}")
}
