//! `arbiter go outcome`: outcome classes (B, W, N, P) of a graph-Go position and its Chinese score.

use std::path::PathBuf;

use board_geometry::{Point, Topology as _};
use go_scoring::Komi;
use go_scoring::graph::{
    Board, FinishFailure, Outcome, OutcomeError, OutcomeSearch, PositionFile, chinese_verdict,
    outcome,
};
use std::time::Duration;

use super::{parse_komi, to_json};
use crate::output::{CliError, Output};

#[derive(Debug, clap::Args)]
pub struct OutcomeArgs {
    /// Position file: edges `a b` (or `diagram:` rows of X O .), `black:`/`white:` stones,
    /// optional `moves: B a W b` and `komi: h`.
    pub file: PathBuf,
    /// Komi h (overrides the file's); White wins when s_c >= h.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Search budget in nodes, in digits or exact scientific notation such as 1e9 (at most
    /// 10000000000); past it the answer is "undecided" (exit code 4).
    #[arg(long, default_value_t = outcome::DEFAULT_BUDGET,
          value_parser = crate::whole_number::parser(1, outcome::MAX_BUDGET))]
    pub budget: u64,
    /// Time limit in seconds (at most 86400); past it the answer is "undecided", exit code 4.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub time_limit: u64,
    /// Memory bound of the search in MB of 2^20 bytes (16 to 65536; the unit of `shogi mate
    /// --table-mb`): the positions it meets and its table;
    /// past it the answer is "undecided", exit code 4.
    #[arg(long, default_value_t = 2048,
          value_parser = clap::value_parser!(u64).range(16..=65_536))]
    pub table_mb: u64,
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Black => "B",
        Outcome::White => "W",
        Outcome::Next => "N",
        Outcome::Previous => "P",
    }
}

fn stone_name(x: i8) -> &'static str {
    match x {
        -1 => "B",
        1 => "W",
        _ => ".",
    }
}

pub(super) fn run_outcome(args: OutcomeArgs, _json: bool) -> Result<Output, CliError> {
    let text = crate::input::read_text(&args.file)?;
    let name = args.file.display();
    let file =
        PositionFile::parse(&text).map_err(|e| CliError::bad_input(format!("{name}: {e}")))?;
    let komi = match &args.komi {
        Some(k) => parse_komi(k)?,
        None => file.komi,
    };
    let r = file
        .sequence()
        .map_err(|e| CliError::bad_input(format!("{name}: moves: {e:?}")))?;
    let graph = &file.graph;
    let board = Board::new(graph);
    let last = r.last().clone();
    let mut search =
        OutcomeSearch::new(graph, true).map_err(|e| CliError::bad_input(format!("{name}: {e}")))?;
    search.budget = args.budget;
    search.time_limit = Some(Duration::from_secs(args.time_limit));
    search.set_memory_mb(args.table_mb);
    let nodes = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    search.progress = Some(nodes.clone());
    let progress = crate::progress::Progress::new("searching the outcome")
        .limit(crate::progress::Limit::Nodes(args.budget))
        .nodes(&nodes);
    let report = match progress.run(|| search.run(&r)) {
        Ok(report) => report,
        Err(OutcomeError::Limit(limit)) => {
            return Err(CliError::LimitHit(super::limit_message(
                &name.to_string(),
                &limit,
                args.budget,
                outcome::MAX_BUDGET,
                args.table_mb,
            )));
        }
        Err(e) => return Err(CliError::bad_input(format!("{name}: {e}"))),
    };
    let verdict = chinese_verdict(&board, &last, &report.classes);
    let label = |v: usize| graph.label(Point(v as u16));
    let points: Vec<PointClass> = (0..graph.len())
        .map(|v| PointClass {
            point: label(v),
            stone: stone_name(last.get(v)),
            class: report.classes[v],
        })
        .collect();
    let failures: Vec<Failure> = verdict
        .failures
        .iter()
        .map(|f| match f {
            FinishFailure::Unsettled(v) => Failure::Unsettled(label(*v)),
            FinishFailure::SplitString { a, b } => Failure::SplitString([label(*a), label(*b)]),
        })
        .collect();
    let winner = verdict.finishable().then(|| {
        if komi.white_wins(verdict.score) {
            "white"
        } else {
            "black"
        }
    });
    let mut text = String::new();
    for v in 0..graph.len() {
        text.push_str(&format!(
            "{} {} {}\n",
            graph.label(Point(v as u16)),
            stone_name(last.get(v)),
            outcome_name(report.classes[v])
        ));
    }
    text.push_str(&format!(
        "ultimate: {}\nchinese-finishable: {}\n",
        board.is_ultimate(&last),
        verdict.finishable()
    ));
    text.push_str(&format!("s_c: {} (komi {komi})\n", verdict.score));
    match winner {
        Some(w) => text.push_str(&format!("winner: {w}\n")),
        None => text.push_str("winner: none (not finishable)\n"),
    }
    let doc = OutcomeDoc {
        points,
        ultimate: board.is_ultimate(&last),
        finishable: verdict.finishable(),
        failures,
        score: verdict.score,
        komi,
        winner,
        nodes: report.nodes,
    };
    Ok(Output::new(text, to_json(&doc)?))
}

/// The `--json` document of `arbiter go outcome`.
#[derive(serde::Serialize)]
struct OutcomeDoc {
    points: Vec<PointClass>,
    ultimate: bool,
    finishable: bool,
    failures: Vec<Failure>,
    score: i64,
    /// Komi in points, a number as in every `go` document.
    komi: Komi,
    /// `black` or `white`; none when the position is not finishable.
    winner: Option<&'static str>,
    nodes: u64,
}

/// A point of the last position: its name, its stone and its outcome class.
#[derive(serde::Serialize)]
struct PointClass {
    point: String,
    stone: &'static str,
    class: Outcome,
}

/// Why the position may not be finished Chinese-style, with points by name.
#[derive(serde::Serialize)]
#[serde(rename_all = "snake_case")]
enum Failure {
    Unsettled(String),
    SplitString([String; 2]),
}
