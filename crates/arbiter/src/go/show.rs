//! `arbiter go show`: a position (SGF or text diagram) as a text board, or as an SVG
//! picture with `--svg`: stones, the dead stones the file marks crossed out, each side's
//! territory, a legend and the area count with the komi under the board.

use std::path::{Path, PathBuf};

use go_scoring::analysis::Analysis;
use go_scoring::score::{self, Method, Params, Version};
use go_scoring::svg::{Caption, render_with};
use go_scoring::{Color, Komi, Point, Position, Rules};
use serde::Serialize;

use super::to_json;
use crate::input::read_sgf;
use crate::output::{CliError, Output};
use crate::picture::show_tail;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  arbiter go show examples/go/explanation.txt
  arbiter go show examples/go/explanation.txt --svg explanation.svg")]
pub struct ShowArgs {
    /// The position: an SGF file (its final position) or a text diagram.
    pub file: PathBuf,
    /// Write the position as an SVG picture to this file (the text board is still printed).
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// The JSON document of `show`.
#[derive(Serialize)]
struct ShowReport {
    /// `sgf` or `diagram`.
    input: &'static str,
    /// `WxH`, or the number of points of a graph board.
    size: String,
    /// Komi in points (SGF `KM` or the diagram's `komi:`; 0 when absent).
    komi: Komi,
    /// Dead stones the file marks (SGF `TB`/`TW`, the diagram's `dead:` line).
    dead: Vec<String>,
    /// The text board, as printed without `--json`.
    board: String,
    /// Where the SVG picture was written.
    svg: Option<String>,
}

/// The position of a file with the dead stones and komi it states.
struct Shown {
    position: Position,
    dead: Vec<Point>,
    komi: Komi,
    kind: &'static str,
}

fn read(path: &Path) -> Result<Shown, CliError> {
    let text = read_sgf(path)?;
    let name = path.display();
    if go_scoring::sgf::looks_like_sgf(&text) {
        let game = go_scoring::sgf::read_game(&text, Rules::CHINESE)
            .map_err(|e| CliError::bad_input(format!("{name}: {e}")))?;
        return Ok(Shown {
            position: game.position,
            dead: game.dead,
            komi: game.komi.unwrap_or(Komi(0)),
            kind: "sgf",
        });
    }
    let d = go_scoring::text::parse(&text)
        .map_err(|e| CliError::bad_input(format!("{name}: diagram {e}")))?;
    let topo = d.position.topology();
    let mut dead = Vec::new();
    for item in d.field("dead").unwrap_or("").split(',').map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let p = topo
            .parse_point(item)
            .ok_or_else(|| CliError::bad_input(format!("{name}: header dead: no point {item}")))?;
        dead.push(p.0);
    }
    let komi = match d.field("komi") {
        Some(v) => v
            .parse::<Komi>()
            .map_err(|e| CliError::bad_input(format!("{name}: header komi: {e}")))?,
        None => Komi(0),
    };
    Ok(Shown {
        position: d.position,
        dead,
        komi,
        kind: "diagram",
    })
}

/// The caption of the picture: the komi and the area count (Chinese rules: stones plus
/// territory, dead stones removed), with the winner.
pub(crate) fn area_caption(analysis: &Analysis, komi: Komi) -> Caption {
    let params = Params {
        komi,
        version: Version::Law,
        first: Color::Black,
        captures: None,
        moves: None,
        bowls: None,
    };
    let mut lines = Vec::new();
    if let Ok(s) = score::score(analysis, Method::Area, &params) {
        let outcome = match s.winner() {
            Some(Color::Black) => format!("Black wins by {}", s.margin),
            Some(Color::White) => format!("White wins by {}", s.margin),
            None => "draw".to_string(),
        };
        lines.push(format!(
            "area count: Black {}, White {} (komi {komi} included): {outcome}",
            s.black, s.white
        ));
    }
    Caption::new(format!("area scoring (Chinese rules), komi {komi}"), lines)
}

/// The caption of `go score --svg`: the verdict under the ruleset (or why there is none),
/// then one line per counting method asked for.
pub(crate) fn score_caption(
    verdict: &Result<go_scoring::Verdict, score::Unavailable>,
    ruleset: &impl std::fmt::Display,
    komi: Komi,
    results: &[score::MethodResult],
) -> Caption {
    let heading = match verdict {
        Ok(v) => format!("{} ({ruleset} rules, komi {komi})", v.result_text()),
        Err(u) => format!("no verdict ({ruleset} rules, komi {komi}): {}", u.reason),
    };
    let lines = results
        .iter()
        .map(|r| match r {
            Ok(s) => {
                let outcome = match s.winner() {
                    Some(Color::Black) => format!("Black wins by {}", s.margin),
                    Some(Color::White) => format!("White wins by {}", s.margin),
                    None => "draw".to_string(),
                };
                format!(
                    "{}: Black {}, White {}: {outcome}",
                    s.method.name(),
                    s.black,
                    s.white
                )
            }
            Err(u) => format!("{}: not available: {}", u.method.name(), u.reason),
        })
        .collect();
    Caption::new(heading, lines)
}

pub(super) fn run_show(args: ShowArgs) -> Result<Output, CliError> {
    let shown = read(&args.file)?;
    let position = &shown.position;
    let analysis = Analysis::new(position, &shown.dead)
        .map_err(|e| CliError::bad_input(format!("{}: dead: {e}", args.file.display())))?;
    let board = go_scoring::text::render(position);
    let size = position
        .topology()
        .grid_size()
        .map_or(format!("{} points", position.len()), |(w, h)| {
            format!("{w}x{h}")
        });
    let dead: Vec<String> = shown
        .dead
        .iter()
        .map(|&p| position.topology().name(board_geometry::Point(p)))
        .collect();
    let mut text = board.clone();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!(
        "{} {size}, komi {}, dead: {}\n",
        shown.kind,
        shown.komi,
        if dead.is_empty() {
            "none".to_string()
        } else {
            dead.join(",")
        }
    ));
    let svg = show_tail(&mut text, None::<&str>, args.svg.as_deref(), || {
        render_with(&analysis, &[], &area_caption(&analysis, shown.komi))
            .ok_or_else(|| CliError::bad_input("--svg draws grid boards only"))
    })?;
    let doc = to_json(&ShowReport {
        input: shown.kind,
        size,
        komi: shown.komi,
        dead,
        board,
        svg,
    })?;
    Ok(Output::new(text, doc))
}
