//! `arbiter go score`: a finished position scored by one or every counting method.

use std::path::PathBuf;

use go_scoring::analysis::{Analysis, close};
use go_scoring::graph::life::OpenKo;
use go_scoring::score::{self, HalfPoints, Method, MethodResult, Params, Version};
use go_scoring::sgf_write::ScoreMarks;
use go_scoring::verdict::{Agreement, LeadRange, RecordedResult, result_text};
use go_scoring::{Color, Komi, PerColor, Point, Position, Rules, Ruleset, RulesetName, Verdict};

use super::to_json;
use crate::output::{CliError, Output};

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// The position: an SGF file or a text diagram (detected from the content). Several
    /// files, or a directory (its .sgf and .txt files, by name), score each on its own, one
    /// result per file in the order given (see --list and --threads).
    #[arg(required_unless_present = "list", value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub batch: crate::batch::BatchArgs,
    /// The ruleset of the verdict line: chinese, japanese, korean, aga, nz, tromp-taylor,
    /// stone-scoring, ancient-territory, living-stones-law or living-stones-art. It also
    /// gives the komi when neither --komi nor the file does. Default: the SGF's RU when it
    /// names one of these, else chinese with the file's komi or 0. Example: `--rules japanese`.
    #[arg(long, value_name = "RULESET")]
    pub rules: Option<String>,
    /// The methods of the table: living-stones, equal-roads, equal-stones,
    /// equal-stones-refill, returned-heads, area, territory, group-tax, tromp-taylor, or
    /// `all`. Example: `--method area`.
    #[arg(long, default_value = "all")]
    pub method: String,
    /// Dead stones as GTP points, or `auto`: Benson's pass-alive test, a life-and-death
    /// search of every open region, then a labelled Monte Carlo estimate for what reading
    /// cannot decide (a progress line on stderr after a second, when stderr is a terminal).
    /// Default: the file's marks (SGF TB/TW, a diagram's `dead:` line), else none.
    /// Examples: `--dead C5,D5`, `--dead auto`.
    #[arg(long)]
    pub dead: Option<String>,
    /// With `--dead auto`: fail with exit code 3 when the undecided or estimated stones could
    /// change the winner, instead of printing an uncertain verdict. Example: `--dead auto --strict`.
    #[arg(long)]
    pub strict: bool,
    /// Close the board before counting, as an arbiter does with a record that stops before
    /// the dame are filled: `auto` plays the dame left open, the teire their filling makes
    /// necessary and the boundary points one side has closed, then counts (every method
    /// but tromp-taylor); `none` counts the board as it is. Default: auto with
    /// `--dead auto`, else none. Example: `--close auto`.
    #[arg(long, value_name = "auto|none")]
    pub close: Option<String>,
    /// Komi added to White, a whole or half number. Default: SGF KM, else the ruleset's
    /// komi with --rules, else 0. Example: `--komi 6.5`.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Handicap stones Black received (White's compensation depends on the ruleset).
    /// Default: SGF HA, else 0. Example: `--handicap 4`.
    #[arg(long)]
    pub handicap: Option<u32>,
    /// Living-stones version: `art` (more moves give stones) or `law`. Default: the
    /// ruleset's (living-stones-art or -law), else law. Example: `--living-stones-version art`.
    #[arg(long = "living-stones-version", value_name = "VERSION")]
    pub living_stones_version: Option<String>,
    /// Which colour moved first: black or white. Default: the record's first move, else the
    /// ruleset's when one is named (White for the living-stones rules), else white.
    /// Example: `--first black`.
    #[arg(long)]
    pub first: Option<String>,
    /// Stones captured during play by Black and by White: `B,W`. Default: counted from the
    /// SGF moves. Example: `--captures 3,5`.
    #[arg(long)]
    pub captures: Option<String>,
    /// Moves made by Black and by White, real and virtual: `B,W`. Default: counted from the
    /// SGF moves. Example: `--moves 21,21`.
    #[arg(long)]
    pub moves: Option<String>,
    /// Stones per bowl for equal-stones: `B,W` (default: half the points, rounded up).
    /// Example: `--bowls 13,13`.
    #[arg(long)]
    pub bowls: Option<String>,
    /// Write an SVG drawing of the analysis and the made-up boards to this file.
    /// Example: `--svg score.svg`.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the game as SGF with the count: territory and dead stones as TB/TW on the last
    /// node, RE (the verdict), RU (the ruleset) and KM; moves, setup and variations kept.
    /// Example: `--write-sgf scored.sgf`.
    #[arg(long, value_name = "FILE")]
    pub write_sgf: Option<PathBuf>,
    /// Also show the ideal final position the count describes (dead stones removed, every
    /// road and dame filled, only the essential eyes left) and check its stones against the
    /// living-stones count. Example: `--ultimate`.
    #[arg(long)]
    pub ultimate: bool,
    /// Which game of an SGF collection to score (1-based); the others are named in a
    /// warning. Example: `--game 2`.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
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
    /// Handicap stones (SGF `HA`, or counted from the setup stones when `HA` is absent).
    handicap: Option<u32>,
    /// How the handicap was counted when the record has no `HA`.
    handicap_note: Option<String>,
    /// The recorded result (SGF `RE`).
    result: Option<String>,
    /// The rules named (SGF `RU`).
    rules_text: Option<String>,
    /// The SGF text, kept to write the scored record.
    sgf: Option<String>,
    /// What the reader noticed and used anyway (other games of a collection, text after
    /// the last game).
    warnings: Vec<String>,
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

fn read_input(path: &std::path::Path, game: usize) -> Result<Input, CliError> {
    let text = crate::input::read_sgf(path)?;
    let name = path.display();
    if go_scoring::sgf::looks_like_sgf(&text) {
        let game = go_scoring::sgf::read_game_number(&text, Rules::CHINESE, game)
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
            handicap: game.handicap,
            handicap_note: game.handicap_note,
            result: game.result,
            rules_text: game.rules_text,
            sgf: Some(text),
            warnings: game.warnings,
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
        handicap: None,
        handicap_note: None,
        result: None,
        rules_text: None,
        sgf: None,
        warnings: Vec::new(),
    })
}

fn names(position: &Position, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| position.topology().name(board_geometry::Point(p)))
        .collect()
}

/// The extensions of the records `go score` finds in a directory: SGF and text diagrams.
const RECORD_EXTENSIONS: [&str; 2] = ["sgf", "txt"];

pub(super) fn run_score(args: ScoreArgs, _json: bool) -> Result<Output, CliError> {
    use crate::batch::{self, Inputs};
    match Inputs::collect(&args.files, args.batch.list.as_deref(), &RECORD_EXTENSIONS)? {
        Inputs::One(file) => score_file(&args, &file),
        Inputs::Many(files) => {
            if args.svg.is_some() || args.write_sgf.is_some() {
                return Err(CliError::bad_input(
                    "--svg and --write-sgf write one file: score one record with them",
                ));
            }
            let threads = args.batch.thread_count();
            Ok(batch::run(&files, threads, "scoring", |_, file| {
                score_file(&args, file)
            }))
        }
    }
}

/// `go score` on one record.
fn score_file(args: &ScoreArgs, file: &std::path::Path) -> Result<Output, CliError> {
    let game = args.game as usize;
    let input = read_input(file, game)?;
    let position = &input.position;
    let methods: Vec<Method> = if args.method.eq_ignore_ascii_case("all") {
        Method::ALL.to_vec()
    } else {
        vec![args.method.parse::<Method>().map_err(CliError::bad_input)?]
    };
    // the ruleset: the option, else the record's RU when it names one we know
    let ruleset = match args.rules.as_deref() {
        Some(name) => Some(
            name.parse::<Ruleset>()
                .map_err(|e| CliError::bad_input(format!("--rules: {e}")))?,
        ),
        None => input
            .rules_text
            .as_deref()
            .and_then(|ru| ru.parse::<Ruleset>().ok()),
    };
    let ruleset_from_record = args.rules.is_none() && ruleset.is_some();
    let mut life: Option<go_scoring::graph::life::SearchedLife> = None;
    let mut dead_source = if input.dead.is_empty() {
        "none"
    } else {
        "file"
    };
    let dead = match args.dead.as_deref() {
        Some(v) if v.eq_ignore_ascii_case("auto") => {
            // Benson first; open regions are then read out, the rest estimated (graph::life);
            // a ko left open is judged as the ruleset's confirmation of life and death does
            let open_ko = ruleset.map_or(OpenKo::Played, |r| r.open_ko());
            let searched = crate::progress::while_running("finding dead stones", || {
                go_scoring::graph::life::decide_life_under(
                    position,
                    go_scoring::graph::life::DEFAULT_LIFE_BUDGET,
                    go_scoring::graph::life::DEFAULT_MAX_REGION_POINTS,
                    go_scoring::graph::life::DEFAULT_PLAYOUTS,
                    open_ko,
                )
            });
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
    // komi: the option, else the file, else the ruleset's (asked for), else 0
    let (komi, komi_source) = match args.komi.as_deref() {
        Some(k) => (
            k.parse::<Komi>()
                .map_err(|e| CliError::bad_input(format!("--komi: {e}")))?,
            "given",
        ),
        None => match (input.komi, &ruleset) {
            (Some(k), _) => (k, "file"),
            (None, Some(r)) => (r.komi, "ruleset"),
            (None, None) => (Komi(0), "none"),
        },
    };
    let version = match args.living_stones_version.as_deref() {
        Some(v) => {
            let version = v
                .parse::<Version>()
                .map_err(|e| CliError::bad_input(format!("--living-stones-version: {e}")))?;
            if let Some(own) = ruleset.and_then(|r| r.version) {
                if own != version {
                    return Err(CliError::bad_input(format!(
                        "--living-stones-version {version} contradicts --rules {}",
                        ruleset.map_or("", |r| r.name.name())
                    )));
                }
            }
            version
        }
        None => ruleset
            .and_then(|r| r.version)
            .or(input.version)
            .unwrap_or(Version::Law),
    };
    let first = match args.first.as_deref() {
        Some(v) => v
            .parse::<Color>()
            .map_err(|e| CliError::bad_input(format!("--first: {e}")))?,
        None => input
            .first
            .or(ruleset.map(|r| r.first))
            .unwrap_or(Color::White),
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
    let handicap = args.handicap.or(input.handicap).unwrap_or(0);
    let closing_wanted = match args.close.as_deref() {
        None => dead_source == "auto",
        Some(v) if v.eq_ignore_ascii_case("auto") => true,
        Some(v) if v.eq_ignore_ascii_case("none") => false,
        Some(v) => {
            return Err(CliError::bad_input(format!(
                "--close {v:?}: expected auto or none"
            )));
        }
    };
    // the board as given, and (when closing) the closed board every method but
    // Tromp-Taylor counts
    let plain =
        Analysis::new(position, &dead).map_err(|e| CliError::bad_input(format!("--dead: {e}")))?;
    let closing = closing_wanted.then(|| close::close(&plain));
    let closed_analysis = closing
        .as_ref()
        .map(|c| c.analysis(plain.dead()))
        .transpose()
        .map_err(|e| CliError::internal(format!("closed board: {e}")))?;
    let analysis = closed_analysis.as_ref().unwrap_or(&plain);
    let counted_position = closing.as_ref().map_or(position, |c| &c.position);
    let params = Params {
        komi,
        version,
        first,
        captures,
        moves,
        bowls,
    };
    let ruleset_given = ruleset.is_some();
    let ruleset = ruleset.unwrap_or(Ruleset::of(RulesetName::Chinese));
    // Tromp-Taylor counts the board as it stands: no closing
    let verdict_analysis = if ruleset.name == RulesetName::TrompTaylor {
        &plain
    } else {
        analysis
    };
    let verdict = go_scoring::judge(verdict_analysis, &ruleset, &params, handicap);
    // the stones whose verdict the finder could not prove or read: they may be either way
    let doubt_stones: Vec<Point> = life.as_ref().map_or(Vec::new(), |l| {
        let mut v: Vec<Point> = l.undecided.iter().chain(&l.estimated).copied().collect();
        v.sort_unstable();
        v.dedup();
        v
    });
    let range = if doubt_stones.is_empty() || verdict.is_err() {
        None
    } else {
        // each choice of the doubtful stones is closed on its own: which dame are filled and
        // which teire played depends on which stones are dead
        let close_each = closing_wanted && ruleset.name != RulesetName::TrompTaylor;
        Some(
            go_scoring::verdict::lead_range_counted(
                position,
                &dead,
                &doubt_stones,
                |dead| {
                    let plain = Analysis::new(position, dead)?;
                    if close_each {
                        close::close(&plain).analysis(plain.dead())
                    } else {
                        Ok(plain)
                    }
                },
                &ruleset,
                &params,
                handicap,
            )
            .map_err(|e| CliError::internal(format!("lead range: {e}")))?,
        )
    };
    let certain = range.as_ref().is_none_or(|r| r.certain);
    if args.strict && !certain {
        let r = range.as_ref().expect("uncertain only with a range");
        return Err(CliError::Undecided(format!(
            "undecided: {} stone(s) the dead-stone finder could not prove ({}) could change the winner: {} to {} under {} (--strict)",
            doubt_stones.len(),
            names(position, &doubt_stones).join(","),
            result_text(r.worst_for_black),
            result_text(r.best_for_black),
            ruleset.name
        )));
    }
    let komi_note = match (komi_source, &input.komi_note) {
        ("file", Some(note)) => Some(note.clone()),
        ("ruleset", _) => Some(format!(
            "komi {komi}: the {} default (no komi in the input{})",
            ruleset.name,
            if ruleset_from_record {
                ", ruleset from the record's RU"
            } else {
                ""
            }
        )),
        ("none", _) if !ruleset_given => Some(format!(
            "komi 0: no komi in the input (--rules {} would count with its {})",
            ruleset.name, ruleset.komi
        )),
        _ => None,
    };
    let record = input.result.as_deref().map(|re| {
        let recorded = RecordedResult::parse(re);
        let agreement = verdict.as_ref().map_or(Agreement::NotComparable, |v| {
            recorded.compare(v.black_lead())
        });
        (re.to_string(), agreement)
    });
    let results: Vec<MethodResult> = methods
        .iter()
        .map(|&m| {
            if m == Method::TrompTaylor {
                score::score(&plain, m, &params)
            } else {
                score::score(analysis, m, &params)
            }
        })
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
        let added: Vec<Point> = closing
            .as_ref()
            .map_or(Vec::new(), |c| c.fills.iter().map(|f| f.point).collect());
        let svg = go_scoring::svg::render_closed(
            analysis,
            &added,
            &boards,
            &super::show::score_caption(&verdict, &ruleset.name, komi, &results),
        )
        .ok_or_else(|| CliError::bad_input("--svg draws grid boards only"))?;
        crate::picture::write_svg(svg_path, &svg)?;
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
    if let Some(note) = &komi_note {
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
    if let Some(c) = &closing {
        text.push_str(&format!("{}\n", closing_line(position, c)));
    }
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
        let filled = go_scoring::graph::fill::fill_position(counted_position, analysis.dead());
        let count = score::living_stones(analysis, &params).ok();
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
    if let Some(path) = &args.write_sgf {
        let marks = ScoreMarks {
            territory: go_scoring::sgf_write::territory(analysis, &ruleset),
            result: verdict
                .as_ref()
                .map_or("?".to_string(), |v| v.result_text()),
            ruleset: ruleset.name.sgf_name().to_string(),
            komi,
        };
        let sgf = go_scoring::sgf_write::write_closed_game(
            input.sgf.as_deref(),
            game,
            position,
            &marks,
            closing.as_ref(),
        )
        .map_err(|e| CliError::bad_input(format!("--write-sgf: {e}")))?;
        std::fs::write(path, sgf)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))?;
    }
    // where the verdict's parameters came from, when not from the options
    let mut origins: Vec<String> = Vec::new();
    if ruleset_from_record {
        origins.push(format!(
            "ruleset from the record's RU[{}]",
            input.rules_text.as_deref().unwrap_or_default()
        ));
    }
    if args.handicap.is_none() {
        origins.extend(input.handicap_note.iter().cloned());
    }
    let origin = (!origins.is_empty()).then(|| origins.join("\n"));
    let head = verdict_lines(
        position,
        &ruleset,
        origin.as_deref(),
        komi,
        &verdict,
        &doubt_stones,
        range.as_ref(),
        record.as_ref(),
        &results,
    );
    text.insert_str(0, &head);
    let report = ScoreReport {
        verdict: match &verdict {
            Ok(v) => VerdictEntry::Counted(v),
            Err(u) => VerdictEntry::Unavailable {
                ruleset: ruleset.name,
                komi,
                unavailable: &u.reason,
            },
        },
        winner: verdict
            .as_ref()
            .ok()
            .map(|v| v.winner().map_or("draw", |c| c.name())),
        komi,
        komi_note,
        handicap,
        certain,
        doubtful_stones: names(position, &doubt_stones),
        lead_range: range.as_ref().map(|r| LeadRangeEntry {
            worst_for_black: r.worst_for_black,
            best_for_black: r.best_for_black,
        }),
        record: record.as_ref().map(|(re, agreement)| RecordEntry {
            result: re.clone(),
            agreement: *agreement,
        }),
        results: results.iter().map(MethodEntry::from).collect(),
        closing: closing.as_ref().map(|c| ClosingReport::of(position, c)),
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
    let mut out = Output::new(text, to_json(&report)?);
    for w in input.warnings {
        out = out.with_warning(format!("{}: {w}", file.display()));
    }
    Ok(out)
}

/// The `--json` document of `arbiter go score`.
#[derive(serde::Serialize)]
struct ScoreReport<'a> {
    /// The count under the ruleset (`--rules`, default chinese), or why it cannot count.
    verdict: VerdictEntry<'a>,
    /// The verdict's winner: `black`, `white`, `draw`, or null without a verdict.
    winner: Option<&'static str>,
    /// The komi counted, in points.
    komi: Komi,
    /// How the komi was read or chosen, when the input did not give it in points.
    komi_note: Option<String>,
    /// Handicap stones Black received.
    handicap: u32,
    /// False when the doubtful stones could change the winner.
    certain: bool,
    /// Stones the dead-stone finder left undecided or estimated.
    doubtful_stones: Vec<String>,
    /// Black's lead with the doubtful stones all against Black and all for Black.
    lead_range: Option<LeadRangeEntry>,
    /// The record's `RE` and how the verdict compares with it.
    record: Option<RecordEntry>,
    /// One entry per method asked for.
    results: Vec<MethodEntry<'a>>,
    /// What the closing step played before counting (`--close auto`), null without it.
    closing: Option<ClosingReport>,
    /// What was scored and how the dead stones were found.
    position: PositionReport,
    /// The ideal final position, with `--ultimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    ultimate: Option<UltimateReport>,
}

/// The verdict, or the ruleset that could not count and why.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum VerdictEntry<'a> {
    Counted(&'a Verdict),
    Unavailable {
        ruleset: RulesetName,
        komi: Komi,
        unavailable: &'a str,
    },
}

/// Black's lead at both ends of the doubt.
#[derive(serde::Serialize)]
struct LeadRangeEntry {
    worst_for_black: HalfPoints,
    best_for_black: HalfPoints,
}

/// The record's result and the comparison.
#[derive(serde::Serialize)]
struct RecordEntry {
    result: String,
    agreement: Agreement,
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

/// The closing step's fills and the dame it left.
#[derive(serde::Serialize)]
struct ClosingReport {
    /// Teire played (defensive moves inside one's own boundary).
    teire: usize,
    /// Every point the closing filled, in the order played.
    fills: Vec<FillEntry>,
    /// The dame left open (counted for nobody, or half each under area counting).
    dame: Vec<String>,
    /// The dame whose fill forces teire, with the side whose fill does (`both` when either).
    sente: Vec<SenteEntry>,
}

/// One point the closing step filled.
#[derive(serde::Serialize)]
struct FillEntry {
    point: String,
    color: Color,
    reason: &'static str,
    /// The dame whose fill forces this teire, when one does.
    dame: Option<String>,
}

/// A dame whose fill forces teire.
#[derive(serde::Serialize)]
struct SenteEntry {
    point: String,
    by: &'static str,
}

impl ClosingReport {
    fn of(position: &Position, c: &close::Closing) -> ClosingReport {
        let name = |p: Point| position.topology().name(board_geometry::Point(p));
        ClosingReport {
            teire: c.teire().count(),
            fills: c
                .fills
                .iter()
                .map(|f| FillEntry {
                    point: name(f.point),
                    color: f.color,
                    reason: f.reason.name(),
                    dame: f.reason.dame().map(name),
                })
                .collect(),
            dame: c.dame.iter().map(|&p| name(p)).collect(),
            sente: c
                .sente
                .iter()
                .map(|&(p, by)| SenteEntry {
                    point: name(p),
                    by: match by {
                        close::Sente::One(c) => c.name(),
                        close::Sente::Both => "both",
                    },
                })
                .collect(),
        }
    }
}

/// The text line saying what the closing step played: dame left, teire by colour and point,
/// the boundary points filled.
fn closing_line(position: &Position, c: &close::Closing) -> String {
    let name = |p: Point| position.topology().name(board_geometry::Point(p));
    let listed = |fills: &[&close::Fill]| {
        fills
            .iter()
            .map(|f| format!("{} {}", capital(f.color), name(f.point)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let teire: Vec<&close::Fill> = c.teire().collect();
    let boundary: Vec<&close::Fill> = c.fills.iter().filter(|f| !f.reason.is_teire()).collect();
    let mut line = format!("closed: {} dame, {} teire", c.dame.len(), teire.len());
    if !teire.is_empty() {
        line.push_str(&format!(" ({})", listed(&teire)));
    }
    if !boundary.is_empty() {
        line.push_str(&format!(
            ", {} boundary point(s) filled ({})",
            boundary.len(),
            listed(&boundary)
        ));
    }
    line
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

/// The lines the output starts with: the verdict, the doubt, the record's result, the
/// verdict's notes and the short table of the methods.
#[allow(clippy::too_many_arguments)]
fn verdict_lines(
    position: &Position,
    ruleset: &Ruleset,
    origin: Option<&str>,
    komi: Komi,
    verdict: &Result<Verdict, score::Unavailable>,
    doubtful: &[Point],
    range: Option<&LeadRange>,
    record: Option<&(String, Agreement)>,
    results: &[MethodResult],
) -> String {
    let mut out = String::new();
    match verdict {
        Ok(v) => {
            let handicap = if v.handicap_bonus.0 != 0 {
                format!(", handicap {} (White +{})", v.handicap, v.handicap_bonus)
            } else if v.handicap >= 2 {
                format!(", handicap {} (no compensation)", v.handicap)
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{} ({}, komi {komi}{handicap})\n",
                v.result_text(),
                ruleset.name
            ));
        }
        Err(u) => out.push_str(&format!(
            "no verdict ({}, komi {komi}): {}\n",
            ruleset.name, u.reason
        )),
    }
    if let Some(origin) = origin {
        out.push_str(&format!("{origin}\n"));
    }
    if let Some(r) = range {
        let stones = names(position, doubtful).join(",");
        let span = format!(
            "{} to {}",
            result_text(r.worst_for_black),
            result_text(r.best_for_black)
        );
        if r.certain {
            out.push_str(&format!(
                "certain: the {} undecided or estimated stone(s) ({stones}) cannot change the winner ({span})\n",
                doubtful.len()
            ));
        } else {
            out.push_str(&format!(
                "UNCERTAIN: the winner could change with {} undecided or estimated stone(s) ({stones}): {span}\n",
                doubtful.len()
            ));
        }
    }
    if let Some((re, agreement)) = record {
        out.push_str(&format!("record: RE[{re}], {}\n", agreement.describe()));
    }
    if let Ok(v) = verdict {
        for note in &v.notes {
            out.push_str(&format!("    {note}\n"));
        }
    }
    out.push_str(&format!(
        "{:<20} {:>7} {:>7}  result\n",
        "method", "Black", "White"
    ));
    for r in results {
        match r {
            Ok(s) => out.push_str(&format!(
                "{:<20} {:>7} {:>7}  {}\n",
                s.method.name(),
                s.black.to_string(),
                s.white.to_string(),
                result_text(s.black_lead())
            )),
            Err(u) => out.push_str(&format!(
                "{:<20} {:>7} {:>7}  not available\n",
                u.method.name(),
                "-",
                "-"
            )),
        }
    }
    out.push('\n');
    out
}

fn capital(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}
