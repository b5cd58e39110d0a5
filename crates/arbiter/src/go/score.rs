//! `arbiter go score`: a finished position scored by one or every counting method.

use std::path::PathBuf;

use go_scoring::analysis::Analysis;
use go_scoring::score::{self, Method, MethodResult, Params, Version};
use go_scoring::{Color, Komi, PerColor, Point, Position, Rules};

use super::to_json;
use crate::output::{CliError, Output};

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// The position: an SGF file or a text diagram (detected from the content).
    pub file: PathBuf,
    /// A method name (living-stones, equal-roads, equal-stones, equal-stones-refill,
    /// returned-heads, area, territory, group-tax, tromp-taylor) or `all`.
    #[arg(long, default_value = "all")]
    pub method: String,
    /// Dead stones as GTP points (`A1,B2`), or `auto`: Benson's pass-alive test, then a
    /// life-and-death search (each side moving first) on every small open region; what it
    /// cannot decide is listed with the reason and kept alive.
    /// Default: the file's marks (SGF TB/TW, a diagram's `dead:` line), else none.
    #[arg(long)]
    pub dead: Option<String>,
    /// Komi added to White, a whole or half number. Default: SGF KM, else 0.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Living-stones version: `art` (more moves give stones) or `law` (default).
    #[arg(long = "version")]
    pub version: Option<String>,
    /// Which colour moved first: black or white.
    #[arg(long)]
    pub first: Option<String>,
    /// Stones captured during play by Black and by White: `B,W`.
    #[arg(long)]
    pub captures: Option<String>,
    /// Moves made by Black and by White, real and virtual: `B,W`.
    #[arg(long)]
    pub moves: Option<String>,
    /// Stones per bowl for equal-stones: `B,W` (default: half the points, rounded up).
    #[arg(long)]
    pub bowls: Option<String>,
    /// Write an SVG drawing of the analysis and the made-up boards to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Also show the ideal final position the count describes (dead stones removed, every
    /// road and dame filled, only the essential eyes left) and check its stones against the
    /// living-stones count.
    #[arg(long)]
    pub ultimate: bool,
}

/// What the input file provides besides the position.
struct Input {
    position: Position,
    dead: Vec<Point>,
    komi: Option<Komi>,
    /// How the file's komi was read when it was not plain points (SGF `KM` in stones).
    komi_note: Option<String>,
    version: Option<Version>,
    first: Option<Color>,
    captures: Option<PerColor<u32>>,
    moves: Option<PerColor<u32>>,
    kind: &'static str,
}

fn parse_pair(flag: &str, text: &str) -> Result<PerColor<u32>, CliError> {
    let bad = || {
        CliError::bad_input(format!(
            "{flag} {text:?}: expected two counts B,W such as 21,21"
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    Ok(PerColor::new(a, b))
}

fn parse_points(flag: &str, position: &Position, text: &str) -> Result<Vec<Point>, CliError> {
    let topo = position.topology();
    let size = topo.grid_size().map_or(
        format!("{}-point", board_geometry::Topology::len(topo)),
        |(w, h)| format!("{w}x{h}"),
    );
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let p = topo.parse_point(item).ok_or_else(|| {
            CliError::bad_input(format!("{flag}: {item} is not a point on the {size} board"))
        })?;
        out.push(p.0);
    }
    Ok(out)
}

fn read_input(path: &std::path::Path) -> Result<Input, CliError> {
    let text = crate::input::read_sgf(path)?;
    let name = path.display();
    if go_scoring::sgf::looks_like_sgf(&text) {
        let game = go_scoring::sgf::read_game(&text, Rules::CHINESE)
            .map_err(|e| CliError::bad_input(format!("{name}: {e}")))?;
        let played = game.move_count > 0;
        return Ok(Input {
            position: game.position,
            dead: game.dead,
            komi: game.komi,
            komi_note: game.komi_note,
            version: None,
            first: game.first_mover,
            captures: played.then_some(game.captures),
            moves: played.then_some(game.moves),
            kind: "sgf",
        });
    }
    let d = go_scoring::text::parse(&text)
        .map_err(|e| CliError::bad_input(format!("{name}: diagram {e}")))?;
    let field_err = |key: &str, e: &dyn std::fmt::Display| {
        CliError::bad_input(format!("{name}: header {key}: {e}"))
    };
    let dead = match d.field("dead") {
        Some(v) => parse_points("header dead", &d.position, v)?,
        None => Vec::new(),
    };
    let komi = d
        .field("komi")
        .map(|v| v.parse::<Komi>())
        .transpose()
        .map_err(|e| field_err("komi", &e))?;
    let version = d
        .field("version")
        .map(|v| v.parse::<Version>())
        .transpose()
        .map_err(|e| field_err("version", &e))?;
    let first = d
        .field("first")
        .map(|v| v.parse::<Color>())
        .transpose()
        .map_err(|e| field_err("first", &e))?;
    let captures = d
        .field("captures")
        .map(|v| parse_pair("header captures", v))
        .transpose()?;
    let moves = d
        .field("moves")
        .map(|v| parse_pair("header moves", v))
        .transpose()?;
    Ok(Input {
        position: d.position,
        dead,
        komi,
        komi_note: None,
        version,
        first,
        captures,
        moves,
        kind: "diagram",
    })
}

fn names(position: &Position, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| position.topology().name(board_geometry::Point(p)))
        .collect()
}

pub(super) fn run_score(args: ScoreArgs, _json: bool) -> Result<Output, CliError> {
    let input = read_input(&args.file)?;
    let position = &input.position;
    let methods: Vec<Method> = if args.method.eq_ignore_ascii_case("all") {
        Method::ALL.to_vec()
    } else {
        vec![args.method.parse::<Method>().map_err(CliError::bad_input)?]
    };
    let mut life: Option<go_scoring::graph::life::SearchedLife> = None;
    let mut dead_source = if input.dead.is_empty() {
        "none"
    } else {
        "file"
    };
    let dead = match args.dead.as_deref() {
        Some(v) if v.eq_ignore_ascii_case("auto") => {
            // Benson first; small open regions are then played out (graph::life)
            let searched = go_scoring::graph::life::decide_life(
                position,
                go_scoring::graph::life::DEFAULT_LIFE_BUDGET,
                go_scoring::graph::life::DEFAULT_MAX_REGION_POINTS,
                go_scoring::graph::life::DEFAULT_PLAYOUTS,
            );
            dead_source = "auto";
            let dead = searched.dead.clone();
            life = Some(searched);
            dead
        }
        Some(v) => {
            dead_source = "given";
            parse_points("--dead", position, v)?
        }
        None => input.dead.clone(),
    };
    let komi = match args.komi.as_deref() {
        Some(k) => k
            .parse::<Komi>()
            .map_err(|e| CliError::bad_input(format!("--komi: {e}")))?,
        None => input.komi.unwrap_or(Komi(0)),
    };
    let version = match args.version.as_deref() {
        Some(v) => v
            .parse::<Version>()
            .map_err(|e| CliError::bad_input(format!("--version: {e}")))?,
        None => input.version.unwrap_or(Version::Law),
    };
    let first = match args.first.as_deref() {
        Some(v) => v
            .parse::<Color>()
            .map_err(|e| CliError::bad_input(format!("--first: {e}")))?,
        None => input.first.unwrap_or(Color::White),
    };
    let captures = match args.captures.as_deref() {
        Some(v) => Some(parse_pair("--captures", v)?),
        None => input.captures,
    };
    let moves = match args.moves.as_deref() {
        Some(v) => Some(parse_pair("--moves", v)?),
        None => input.moves,
    };
    let bowls = args
        .bowls
        .as_deref()
        .map(|v| parse_pair("--bowls", v))
        .transpose()?;
    let analysis =
        Analysis::new(position, &dead).map_err(|e| CliError::bad_input(format!("--dead: {e}")))?;
    let params = Params {
        komi,
        version,
        first,
        captures,
        moves,
        bowls,
    };
    let results: Vec<MethodResult> = methods
        .iter()
        .map(|&m| score::score(&analysis, m, &params))
        .collect();

    if let Some(svg_path) = &args.svg {
        let boards: Vec<(String, &go_scoring::MadeUpBoard)> = results
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .filter(|s| s.method.is_living_family() && s.method != Method::LivingStones)
            .filter_map(|s| {
                s.board
                    .as_ref()
                    .map(|b| (format!("{} made-up board", s.method), b))
            })
            .collect();
        let svg = go_scoring::svg::render(&analysis, &boards)
            .ok_or_else(|| CliError::bad_input("--svg draws grid boards only"))?;
        std::fs::write(svg_path, svg).map_err(|e| {
            CliError::bad_input(format!("cannot write {}: {e}", svg_path.display()))
        })?;
    }

    let dead_names = names(position, analysis.dead());
    let undecided = life.as_ref().map_or(Vec::new(), |l| l.undecided.clone());
    let undecided_names = names(position, &undecided);
    // one entry per undecided string: its stones and why
    let reasons: Vec<(Vec<String>, String)> = life
        .iter()
        .flat_map(|l| l.regions.iter().flat_map(|r| &r.strings))
        .filter_map(|s| match &s.status {
            go_scoring::graph::life::Status::Undecided(reason) => {
                Some((names(position, &s.stones), reason.to_string()))
            }
            _ => None,
        })
        .collect();
    // every searched string with how its verdict was reached: "proved" (Benson or a search
    // of the whole open region) or "local" (a part cut out, the stones around taken as alive)
    let verdicts: Vec<LifeVerdict> = life
        .iter()
        .flat_map(|l| l.regions.iter().flat_map(|r| &r.strings))
        .map(|s| {
            use go_scoring::graph::life::Basis;
            let (basis, assumption) = match &s.basis {
                Basis::Proved => ("proved", None),
                Basis::Local(rule) => ("local", Some(rule.to_string())),
                Basis::Estimated(estimate) => ("estimated", Some(estimate.to_string())),
            };
            LifeVerdict {
                stones: names(position, &s.stones),
                color: s.color,
                status: status_name(&s.status),
                basis,
                assumption,
            }
        })
        .collect();
    let local_names = life
        .as_ref()
        .map_or(Vec::new(), |l| names(position, &l.local));
    let seki_names = life
        .as_ref()
        .map_or(Vec::new(), |l| names(position, &l.seki));
    let mut text = String::new();
    let size = position
        .topology()
        .grid_size()
        .map_or(format!("{} points", position.len()), |(w, h)| {
            format!("{w}x{h}")
        });
    text.push_str(&format!(
        "{} {}, komi {}, {} version, {} moved first\n",
        input.kind, size, komi, version, first
    ));
    if let (None, Some(note)) = (&args.komi, &input.komi_note) {
        text.push_str(&format!("note: {note}\n"));
    }
    text.push_str(&format!(
        "dead ({dead_source}): {}\n",
        if dead_names.is_empty() {
            "none".to_string()
        } else {
            dead_names.join(",")
        }
    ));
    if let Some(l) = &life {
        text.push_str(&format!(
            "life search: {} open region(s), {} nodes; seki: {}\n",
            l.regions.len(),
            l.nodes(),
            if seki_names.is_empty() {
                "none".to_string()
            } else {
                seki_names.join(",")
            }
        ));
        if !l.local.is_empty() {
            text.push_str(&format!(
                "warning: {} stone(s) decided locally, assuming the stones around them live (not proved):\n",
                l.local.len()
            ));
            for s in l.regions.iter().flat_map(|r| &r.strings) {
                if let go_scoring::graph::life::Basis::Local(rule) = &s.basis {
                    let status = status_name(&s.status);
                    text.push_str(&format!(
                        "    {} {} {status}: {rule}\n",
                        s.color.name(),
                        names(position, &s.stones).join(",")
                    ));
                }
            }
        }
        if reasons.is_empty() {
            text.push_str("undecided (kept alive): none\n");
        }
        for (stones, reason) in &reasons {
            text.push_str(&format!(
                "undecided (kept alive): {}: {reason}\n",
                stones.join(",")
            ));
        }
    }
    // Units that cannot keep two eyes of their own: probably dead stones left unmarked.
    let doubtful: Vec<String> = analysis
        .doubtful_units()
        .map(|u| {
            format!(
                "{} {}",
                u.color.name(),
                names(position, &u.stones[..1]).join("")
            )
        })
        .collect();
    if !doubtful.is_empty() {
        text.push_str(&format!(
            "warning: these units cannot live on their own points (dead stones not marked?), counted as alive: {}\n",
            doubtful.join(", ")
        ));
    }
    text.push_str(&format!(
        "Black: {} stones, {} roads, {} eyes; White: {} stones, {} roads, {} eyes; shared eyes {}, dame {}\n\n",
        analysis.stones(Color::Black),
        analysis.roads(Color::Black),
        analysis.eyes(Color::Black),
        analysis.stones(Color::White),
        analysis.roads(Color::White),
        analysis.eyes(Color::White),
        analysis.shared_eyes(),
        analysis.dame()
    ));
    for r in &results {
        match r {
            Ok(s) => {
                let outcome = match s.winner() {
                    Some(c) => format!("{} wins by {}", capital(c), s.margin),
                    None => "draw".to_string(),
                };
                text.push_str(&format!(
                    "{:<20} Black {:>5}  White {:>5}  {}\n",
                    s.method.name(),
                    s.black.to_string(),
                    s.white.to_string(),
                    outcome
                ));
                for n in &s.notes {
                    text.push_str(&format!("    {n}\n"));
                }
                if let Some(t) = &s.threshold {
                    text.push_str(&format!(
                        "    归本数 threshold: Black {}, White {}\n",
                        t.black, t.white
                    ));
                }
                if s.method.is_living_family() {
                    if let Some(b) = &s.board {
                        for line in b.render().lines() {
                            text.push_str(&format!("    {line}\n"));
                        }
                    }
                }
            }
            Err(u) => {
                text.push_str(&format!(
                    "{:<20} not available: {}\n",
                    u.method.name(),
                    u.reason
                ));
            }
        }
    }
    let ultimate = args.ultimate.then(|| {
        let filled = go_scoring::graph::fill::fill_position(position, analysis.dead());
        let count = score::living_stones(&analysis, &params).ok();
        let board = go_scoring::text::render(&filled.position);
        let counted = count.as_ref().map(|c| (c.black, c.white));
        // 子路皆子: stones + roads is the stones of the ideal final position; dame are split,
        // so only the total is fixed when there are dame
        let matches = counted.map(|(b, w)| {
            let total = i64::from(filled.stones.black + filled.stones.white);
            if analysis.dame() == 0 {
                b.0 == 2 * i64::from(filled.stones.black)
                    && w.0 == 2 * i64::from(filled.stones.white)
            } else {
                b.0 + w.0 == 2 * total
            }
        });
        text.push_str("\nideal final position (dead stones removed, roads and dame filled):\n");
        for line in board.lines() {
            text.push_str(&format!("    {line}\n"));
        }
        text.push_str(&format!(
            "    Black {} stones, White {} stones, {} empty points (essential eyes)\n",
            filled.stones.black, filled.stones.white, filled.empty
        ));
        text.push_str(&match &filled.not_ultimate {
            None => "    an ultimate position (every empty point a one-point eye)\n".to_string(),
            Some(f) => format!("    not an ultimate position (seki or unsettled points): {f:?}\n"),
        });
        if let Some(m) = matches {
            text.push_str(if m {
                "    its stones equal the living-stones count\n"
            } else {
                "    warning: its stones differ from the living-stones count\n"
            });
        }
        UltimateReport {
            board,
            black: filled.stones.black,
            white: filled.stones.white,
            empty: filled.empty,
            is_ultimate: filled.not_ultimate.is_none(),
            not_ultimate_reason: filled.not_ultimate.map(|f| format!("{f:?}")),
            matches_count: matches,
        }
    });
    let report = ScoreReport {
        results: results.iter().map(MethodEntry::from).collect(),
        position: PositionReport {
            input: input.kind,
            size,
            dead: dead_names,
            dead_source,
            undecided: undecided_names,
            undecided_reasons: reasons
                .into_iter()
                .map(|(stones, reason)| UndecidedReason { stones, reason })
                .collect(),
            seki: seki_names,
            life_search_nodes: life.as_ref().map(|l| l.nodes()),
            life_verdicts: verdicts,
            decided_locally: local_names,
            doubtful_units: doubtful,
            version,
            first,
        },
        ultimate,
    };
    Ok(Output::new(text, to_json(&report)?))
}

/// The `--json` document of `arbiter go score`.
#[derive(serde::Serialize)]
struct ScoreReport<'a> {
    /// One entry per method asked for.
    results: Vec<MethodEntry<'a>>,
    /// What was scored and how the dead stones were found.
    position: PositionReport,
    /// The ideal final position, with `--ultimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    ultimate: Option<UltimateReport>,
}

/// A method's score, or the reason it cannot count (both serialize as one object shape).
#[derive(serde::Serialize)]
#[serde(untagged)]
enum MethodEntry<'a> {
    Score(&'a score::Score),
    Unavailable(&'a score::Unavailable),
}

impl<'a> From<&'a MethodResult> for MethodEntry<'a> {
    fn from(result: &'a MethodResult) -> Self {
        match result {
            Ok(s) => MethodEntry::Score(s),
            Err(u) => MethodEntry::Unavailable(u),
        }
    }
}

/// The scored position: input, dead stones and the life search.
#[derive(serde::Serialize)]
struct PositionReport {
    input: &'static str,
    size: String,
    dead: Vec<String>,
    dead_source: &'static str,
    undecided: Vec<String>,
    undecided_reasons: Vec<UndecidedReason>,
    seki: Vec<String>,
    life_search_nodes: Option<u64>,
    life_verdicts: Vec<LifeVerdict>,
    decided_locally: Vec<String>,
    doubtful_units: Vec<String>,
    version: Version,
    first: Color,
}

/// Stones the life search left undecided, and why.
#[derive(serde::Serialize)]
struct UndecidedReason {
    stones: Vec<String>,
    reason: String,
}

/// How the life search decided one string.
#[derive(serde::Serialize)]
struct LifeVerdict {
    stones: Vec<String>,
    color: Color,
    status: &'static str,
    basis: &'static str,
    assumption: Option<String>,
}

/// The ideal final position of `--ultimate`.
#[derive(serde::Serialize)]
struct UltimateReport {
    board: String,
    black: u32,
    white: u32,
    empty: u32,
    is_ultimate: bool,
    not_ultimate_reason: Option<String>,
    matches_count: Option<bool>,
}

fn status_name(status: &go_scoring::graph::life::Status) -> &'static str {
    use go_scoring::graph::life::Status;
    match status {
        Status::Alive => "alive",
        Status::Seki => "seki",
        Status::Dead => "dead",
        Status::Undecided(_) => "undecided",
    }
}

fn capital(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}
