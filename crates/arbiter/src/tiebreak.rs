//! `arbiter tiebreak …` subcommands: tournament standings, mini-match rulings, tie odds.

use std::path::PathBuf;

use serde_json::json;
use tiebreak::descriptor::{self, Edition};
use tiebreak::minimatch;
use tiebreak::odds::{self, Distribution};
use tiebreak::{Options, Scoring, System, render, standings};

use crate::input::read_text;
use crate::output::{CliError, Output};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Ranked table with tie-breaks from a TRF16/TRF26, CSV or JSON tournament file.
    Standings {
        /// Tournament file (format detected from the content).
        file: PathBuf,
        /// Pairing system: swiss or round-robin (default: from the file, else swiss).
        #[arg(long)]
        system: Option<String>,
        /// FIDE C.07 edition: 2024 or 2026.
        #[arg(long, default_value = "2026")]
        edition: String,
        /// Comma-separated tie-breaks (e.g. "PTS,BH/C1,BH,SB"; BH-C1 also accepted) or a
        /// preset: cxa-rr, cxa-swiss, cxa-swiss-ps, egf, shogi, fide-swiss, fide-rr.
        /// Default: the file's record 212/202, else "PTS,BH/C1,BH,SB".
        #[arg(long)]
        tiebreaks: Option<String>,
        /// Scoring, e.g. "W=3,D=1,L=0" (keys W D DB L FW FL P F H Z); overrides the file.
        #[arg(long)]
        scoring: Option<String>,
        /// Print CSV instead of a text table.
        #[arg(long)]
        csv: bool,
    },
    /// Rules on two-game mini-matches (分先制) from a CSV of games.
    Minimatch {
        /// Games file: header with first, second, result, moves [, match, first_time,
        /// second_time, first_material, second_material].
        file: PathBuf,
    },
    /// Exact probability that a tied mini-match stays undecided after moves, then time.
    Odds {
        /// Moves in the deciding game: a range "40..60" (inclusive), "40..<61", optionally
        /// "~normal(50,5)".
        #[arg(long, default_value = "40..60")]
        moves: String,
        /// Thinking time: "60:00..80:00" (to the second, inclusive), optionally "~normal(70:00,2:00)".
        #[arg(long, default_value = "60:00..80:00")]
        time: String,
        /// Histogram file for moves ("value count" per line); replaces --moves.
        #[arg(long)]
        moves_hist: Option<PathBuf>,
        /// Histogram file for time ("m:ss count" per line); replaces --time.
        #[arg(long)]
        time_hist: Option<PathBuf>,
        /// Compare each player's total time over both games instead of one game's time.
        #[arg(long)]
        total_time: bool,
        /// Monte Carlo trials.
        #[arg(long, default_value_t = 1_000_000)]
        trials: u64,
        /// Seed of the SplitMix64 generator.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
    },
}

pub fn run(command: Command, json: bool) -> Result<Output, CliError> {
    match command {
        Command::Standings {
            file,
            system,
            edition,
            tiebreaks,
            scoring,
            csv,
        } => run_standings(&file, system, &edition, tiebreaks, scoring, csv, json),
        Command::Minimatch { file } => run_minimatch(&file),
        Command::Odds {
            moves,
            time,
            moves_hist,
            time_hist,
            total_time,
            trials,
            seed,
        } => run_odds(
            &moves, &time, moves_hist, time_hist, total_time, trials, seed,
        ),
    }
}

fn run_standings(
    file: &std::path::Path,
    system: Option<String>,
    edition: &str,
    tiebreaks: Option<String>,
    scoring: Option<String>,
    csv: bool,
    _json: bool,
) -> Result<Output, CliError> {
    let text = read_text(file)?;
    let mut t = tiebreak::read_tournament(&text)
        .map_err(|e| CliError::bad_input(format!("{}: {e}", file.display())))?;
    if let Some(s) = scoring {
        t.scoring =
            Scoring::parse_list(&s).map_err(|m| CliError::bad_input(format!("--scoring: {m}")))?;
    }
    let edition: Edition = edition.parse().map_err(CliError::bad_input)?;
    let system: System = match system {
        Some(s) => s.parse().map_err(CliError::bad_input)?,
        None => t.system.unwrap_or(System::Swiss),
    };
    let list_text = tiebreaks
        .or_else(|| t.standings.clone())
        .or_else(|| t.tiebreaks.clone())
        .unwrap_or_else(|| "PTS,BH/C1,BH,SB".to_string());
    let list = descriptor::parse_list(&list_text)
        .map_err(|e| CliError::bad_input(format!("--tiebreaks: {e}")))?;
    let list = standings::with_primary(list);
    let s = standings::compute(&t, Options { system, edition }, &list);
    let text = if csv {
        render::csv(&t, &s)
    } else {
        render::text(&t, &s)
    };
    // Notes on the input (declared points or ranks that the results contradict, a list the
    // rules advise against) go to stderr and the JSON "warnings" whatever the format, so that
    // `--csv` does not drop them.
    let out = Output::new(text, render::json(&t, &s));
    Ok(s.warnings.iter().fold(out, Output::with_warning))
}

fn run_minimatch(file: &std::path::Path) -> Result<Output, CliError> {
    let text = read_text(file)?;
    let parsed = minimatch::parse(&text)
        .map_err(|e| CliError::bad_input(format!("{}: {e}", file.display())))?;
    let mut out = String::new();
    let mut items = Vec::new();
    for (k, games) in parsed.matches.iter().enumerate() {
        let r = minimatch::rule(games)
            .map_err(|e| CliError::bad_input(format!("{}: {e}", file.display())))?;
        out.push_str(&format!("mini-match {}: {r}\n", k + 1));
        let comparisons: Vec<serde_json::Value> = r
            .comparisons
            .iter()
            .map(|c| {
                json!({
                    "criterion": c.criterion.name(),
                    "values": c.values.iter().map(|v| v.map(tiebreak::points::ratio_to_f64)).collect::<Vec<_>>(),
                })
            })
            .collect();
        items.push(json!({
            "players": r.players,
            "winner": r.winner.map(|w| r.players[w].clone()),
            "criterion": r.criterion.name(),
            "reason": r.reason,
            "comparisons": comparisons,
            "lines": [games[0].line, games[1].line],
        }));
    }
    Ok(Output::new(out, json!({ "matches": items })))
}

fn distribution(spec: &str, hist: Option<PathBuf>, what: &str) -> Result<Distribution, CliError> {
    match hist {
        Some(path) => {
            let text = read_text(&path)?;
            Distribution::histogram(&text)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))
        }
        None => Distribution::parse_spec(spec)
            .map_err(|m| CliError::bad_input(format!("--{what}: {m}"))),
    }
}

fn run_odds(
    moves: &str,
    time: &str,
    moves_hist: Option<PathBuf>,
    time_hist: Option<PathBuf>,
    total_time: bool,
    trials: u64,
    seed: u64,
) -> Result<Output, CliError> {
    if trials > 100_000_000 {
        return Err(CliError::bad_input("--trials: at most 100000000"));
    }
    let m = distribution(moves, moves_hist, "moves")?;
    let mut t = distribution(time, time_hist, "time")?;
    if total_time {
        t = t.sum_of_two().map_err(CliError::bad_input)?;
    }
    let report = odds::analyse(&[("moves".into(), m), ("time".into(), t)], trials, seed);
    let mut text = String::from(
        "Tied mini-match (one win each, or two draws); the two players' values are independent\n\
         draws from the same distribution. Undecided after each criterion:\n",
    );
    let mut stages = Vec::new();
    for s in &report.stages {
        let p = odds::to_f64(&s.undecided);
        text.push_str(&format!(
            "  after {:<6} exact {} = {:.6e} ({})   Monte Carlo {:.6e} ± {:.1e}   (this criterion alone: {}; ≥ 1/{} for any distribution on its {} values)\n",
            s.name,
            odds::fraction(&s.undecided),
            p,
            odds::one_in(&s.undecided),
            s.estimate,
            s.std_error,
            odds::fraction(&s.tie),
            s.support,
            s.support
        ));
        stages.push(json!({
            "criterion": s.name,
            "tie": odds::fraction(&s.tie),
            "undecided": odds::fraction(&s.undecided),
            "undecided_decimal": p,
            "monte_carlo": s.estimate,
            "std_error": s.std_error,
            "support": s.support,
        }));
    }
    text.push_str("Claims of the source document:\n");
    let mut claims = Vec::new();
    for c in &report.claims {
        text.push_str(&format!(
            "  {}: {} — model gives {} ({:.3e}) against the bound {} ({:.3e})\n",
            c.text,
            if c.holds { "holds" } else { "does NOT hold" },
            odds::fraction(&c.value),
            odds::to_f64(&c.value),
            odds::fraction(&c.bound),
            odds::to_f64(&c.bound)
        ));
        claims.push(json!({
            "claim": c.text,
            "holds": c.holds,
            "value": odds::fraction(&c.value),
            "bound": odds::fraction(&c.bound),
        }));
    }
    text.push_str(
        "Note: for a fixed set of k possible values the uniform distribution gives the smallest\n\
         tie probability (1/k); real move and time distributions tie more often.\n",
    );
    Ok(Output::new(
        text,
        json!({
            "stages": stages,
            "claims": claims,
            "trials": report.trials,
            "seed": report.seed,
        }),
    ))
}
