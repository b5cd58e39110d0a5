//! Graph-Go subcommands of `arbiter go`: `outcome` (outcome classes and the Chinese score),
//! `count-legal` (legal positions on a grid or any graph) and `solve` (tiny boards).

use std::path::PathBuf;

use board_geometry::grid::parse_size;
use board_geometry::{Graph, Point, Topology as _};
use go_scoring::Komi;
use go_scoring::graph::{
    Board, FinishFailure, Outcome, OutcomeError, OutcomeSearch, PositionFile, chinese_verdict,
};
use go_scoring::legal_count;
use go_scoring::score::HalfPoints;
use go_scoring::solve::{self, GameMove, SolveError};

use crate::output::{CliError, Output, read_file};

#[derive(Debug, clap::Args)]
pub struct OutcomeArgs {
    /// Position file: edges `a b` (or `diagram:` rows of X O .), `black:`/`white:` stones,
    /// optional `moves: B a W b` and `komi: h`.
    pub file: PathBuf,
    /// Komi h (overrides the file's); White wins when s_c >= h.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Search budget in nodes; past it the answer is "undecided".
    #[arg(long, default_value_t = go_scoring::graph::outcome::DEFAULT_BUDGET)]
    pub budget: u64,
}

#[derive(Debug, clap::Args)]
pub struct CountLegalArgs {
    /// A grid `WxH`.
    #[arg(long, conflicts_with = "graph", required_unless_present = "graph")]
    pub grid: Option<String>,
    /// A graph file: one edge `a b` per line, a lone name declares a point, `#` comments.
    #[arg(long)]
    pub graph: Option<PathBuf>,
    /// Also count by brute force (at most 20 points) and check that both agree.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The board `WxH`.
    #[arg(long)]
    pub grid: String,
    /// Komi subtracted from Black's area margin (whole or half number).
    #[arg(long, allow_hyphen_values = true, default_value = "0")]
    pub komi: String,
    /// Search budget in nodes; past it the answer is "undecided".
    #[arg(long, default_value_t = solve::DEFAULT_SOLVE_BUDGET)]
    pub budget: u64,
}

fn parse_komi(text: &str) -> Result<Komi, CliError> {
    text.parse::<Komi>()
        .map_err(|e| CliError::bad_input(format!("--komi: {e}")))
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

pub fn run_outcome(args: OutcomeArgs, _json: bool) -> Result<Output, CliError> {
    let text = read_file(&args.file)?;
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
    let report = match search.run(&r) {
        Ok(report) => report,
        Err(OutcomeError::Undecided { nodes }) => {
            let text = format!("undecided: the search budget ran out after {nodes} nodes\n");
            let doc = Undecided {
                undecided: true,
                nodes,
                budget: args.budget,
            };
            return Ok(Output::new(text, to_json(&doc)?));
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
            "W"
        } else {
            "B"
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
        komi: komi.to_string(),
        winner,
        nodes: report.nodes,
    };
    Ok(Output::new(text, to_json(&doc)?))
}

/// A value as JSON, through its `Serialize` implementation.
fn to_json(value: &impl serde::Serialize) -> Result<serde_json::Value, CliError> {
    serde_json::to_value(value).map_err(|e| CliError::internal(e.to_string()))
}

/// A search that ran out of budget.
#[derive(serde::Serialize)]
struct Undecided {
    undecided: bool,
    nodes: u64,
    budget: u64,
}

/// The `--json` document of `arbiter go outcome`.
#[derive(serde::Serialize)]
struct OutcomeDoc {
    points: Vec<PointClass>,
    ultimate: bool,
    finishable: bool,
    failures: Vec<Failure>,
    score: i64,
    /// Komi as text (`0.5`), as this document has always written it.
    komi: String,
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

pub fn run_count_legal(args: CountLegalArgs, _json: bool) -> Result<Output, CliError> {
    let (graph, label) = match (&args.grid, &args.graph) {
        (Some(size), _) => {
            let (w, h) =
                parse_size(size).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            if w * h > 4096 {
                return Err(CliError::bad_input(format!(
                    "--grid: {w}x{h} has more than 4096 points"
                )));
            }
            let g = Graph::grid(w, h).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
            (g, format!("{w}x{h} grid"))
        }
        (None, Some(path)) => {
            let text = read_file(path)?;
            let g = Graph::parse(&text)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?;
            if g.is_empty() {
                return Err(CliError::bad_input(format!(
                    "{}: the graph has no point",
                    path.display()
                )));
            }
            (g, path.display().to_string())
        }
        (None, None) => return Err(CliError::bad_input("give --grid WxH or --graph FILE")),
    };
    let count = legal_count::count_graph(&graph).map_err(|e| CliError::bad_input(e.to_string()))?;
    let count = count.to_string();
    let mut doc = LegalCount {
        count: count.clone(),
        points: graph.len(),
        edges: graph.edge_count(),
        brute_force: None,
    };
    let mut text = format!("{count}\n");
    if args.check {
        let brute = legal_count::count_brute(&graph).ok_or_else(|| {
            CliError::bad_input(format!(
                "--check: brute force handles at most {} points, {label} has {}",
                legal_count::BRUTE_MAX_POINTS,
                graph.len()
            ))
        })?;
        if brute.to_string() != count {
            return Err(CliError::internal(format!(
                "the two counts disagree on {label}: border-state {count}, brute force {brute}"
            )));
        }
        doc.brute_force = Some(brute.to_string());
        text.push_str("brute force agrees\n");
    }
    Ok(Output::new(text, to_json(&doc)?))
}

/// The `--json` document of `arbiter go count-legal`: counts as decimal strings, since they
/// outgrow JSON numbers.
#[derive(serde::Serialize)]
struct LegalCount {
    count: String,
    points: usize,
    edges: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force: Option<String>,
}

/// The `--json` document of `arbiter go solve`.
#[derive(serde::Serialize)]
struct Solved {
    board: String,
    margin: String,
    area_margin: i64,
    komi: String,
    line: Vec<String>,
    nodes: u64,
    table_entries: usize,
}

pub fn run_solve(args: SolveArgs, _json: bool) -> Result<Output, CliError> {
    let (w, h) = parse_size(&args.grid).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
    if w * h > 64 {
        return Err(CliError::bad_input(format!(
            "--grid: {w}x{h} is too large for the exhaustive solver (at most 64 points)"
        )));
    }
    let komi = parse_komi(&args.komi)?;
    let graph = Graph::grid(w, h).map_err(|e| CliError::bad_input(format!("--grid: {e}")))?;
    let solution = match solve::solve(&graph, komi, args.budget) {
        Ok(s) => s,
        Err(SolveError::Undecided { nodes }) => {
            let doc = Undecided {
                undecided: true,
                nodes,
                budget: args.budget,
            };
            return Ok(Output::new(
                format!("undecided: the search budget ran out after {nodes} nodes\n"),
                to_json(&doc)?,
            ));
        }
        Err(e @ SolveError::Inconsistent) => return Err(CliError::internal(e.to_string())),
        Err(e) => return Err(CliError::bad_input(e.to_string())),
    };
    let line: Vec<String> = solution
        .line
        .iter()
        .map(|m| match m {
            GameMove::Play(c, v) => format!("{} {}", c.letter(), graph.label(Point(*v as u16))),
            GameMove::Pass(c) => format!("{} pass", c.letter()),
        })
        .collect();
    let margin = HalfPoints(solution.margin_half_points).to_string();
    let text = format!(
        "{w}x{h}: Black's margin {margin} (area {}, komi {komi})\nline: {}\nnodes: {}, table entries: {}\n",
        solution.area_margin,
        line.join(", "),
        solution.nodes,
        solution.table_entries
    );
    let doc = Solved {
        board: format!("{w}x{h}"),
        margin,
        area_margin: solution.area_margin,
        komi: komi.to_string(),
        line,
        nodes: solution.nodes,
        table_entries: solution.table_entries,
    };
    Ok(Output::new(text, to_json(&doc)?))
}
