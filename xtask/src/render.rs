//! `cargo xtask render-diagrams [--out DIR]`: an SVG picture of every file of `diagrams/`,
//! so maintainers can look at what the suites check.
//!
//! Each game's positions are drawn by that game's own renderer: a xiangqi case from its
//! `fen:` header with its `moves:` cycle as numbered arrows, a shogi board from the drawn
//! pieces (`v` marks the second player's, as in BOD; a drawing without marks gives the top
//! four rows to the second player, as the transcription notes say), a Go board through the
//! Go text reader with its `dead:` stones. What is not a full board (piece-movement charts,
//! graph-Go position files) is drawn as the drawing itself, or failing that as its text.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use board_core::diagram::{Cell, parse_file, render_svg};
use board_core::svg::{Paint, Svg, TextStyle};

/// The usage line of the task.
pub const USAGE: &str = "usage: cargo xtask render-diagrams [--out DIR]

  --out DIR  where to write <game>/<file>.svg (default: target/diagrams)";

/// The workspace root, from `CARGO_MANIFEST_DIR` at run time as `test-diagrams` reads it.
fn workspace_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// How a diagram file was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// By the game's renderer, as a position.
    Position,
    /// As the drawing of the file (a chart, a fragment).
    Drawing,
    /// As the file's text (no drawing could be read).
    Text,
}

/// One picture: the SVG document and how it was drawn.
#[derive(Debug)]
pub struct Picture {
    /// The SVG document.
    pub svg: String,
    /// How it was drawn.
    pub drawn: Drawn,
}

/// Why a picture could not be made (the file could not be read).
#[derive(Debug)]
pub struct RenderError {
    path: PathBuf,
    why: String,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.why)
    }
}

impl std::error::Error for RenderError {}

/// The options of the task.
#[derive(Debug)]
pub struct Options {
    /// The output directory.
    pub out: PathBuf,
}

impl Options {
    /// Reads the task's arguments.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut out = workspace_root().join("target/diagrams");
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--out" => {
                    out = PathBuf::from(it.next().ok_or("--out needs a directory")?);
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        Ok(Options { out })
    }
}

/// The header value of `key` in a diagram file, whether written `key: v` or `# key: v`.
fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        let l = l.trim_start_matches('#').trim();
        l.strip_prefix(key)?.strip_prefix(':').map(str::trim)
    })
}

fn title_of(text: &str, name: &str) -> String {
    match header(text, "figure") {
        Some(f) => format!("{name}: {f}"),
        None => name.to_string(),
    }
}

fn xiangqi(text: &str) -> Option<String> {
    use xiangqi_repetition::svg::{Marks, render};
    use xiangqi_repetition::{Position, RankBase, movelist};
    let fen = header(text, "fen")?;
    let start = Position::from_fen(fen)
        .or_else(|_| {
            let setup: xiangqi_repetition::Setup = fen.parse().map_err(|_| ())?;
            Position::from_setup_lenient(&setup).map_err(|_| ())
        })
        .ok()?;
    let moves = header(text, "moves").unwrap_or("");
    let (cycle, _) = movelist::replay(&start, moves, None, RankBase::Zero).ok()?;
    let mut caption = Vec::new();
    if let Some(piece) = header(text, "piece") {
        caption.push(format!("the piece on {piece} moves"));
    }
    if let Some(zh) = header(text, "cycle-zh") {
        caption.push(format!("cycle: {zh}"));
    }
    for edition in ["cxa2011", "cxa1999", "cxa1987", "axf"] {
        if let Some(v) = header(text, &format!("expect {edition}")) {
            caption.push(format!("{edition}: {v}"));
        }
    }
    Some(render(
        &start,
        &Marks {
            last_move: None,
            cycle,
            caption,
        },
    ))
}

fn shogi(text: &str, title: &str) -> Option<String> {
    use shogi_rules::svg::{Marks, render};
    use shogi_rules::{Piece, Position, Setup, Side, Square, kanji};
    let file = parse_file(text).ok()?;
    let d = &file.diagram;
    if (d.width, d.height) != (9, 9) {
        return None;
    }
    let marked = d
        .cells
        .iter()
        .any(|c| matches!(c, Cell::Piece(t) if t.starts_with('v')));
    let mut setup = Setup::empty();
    for (i, cell) in d.cells.iter().enumerate() {
        let (col, row) = (i % 9, i / 9);
        let Cell::Piece(token) = cell else { continue };
        let (gote, name) = match token.strip_prefix('v') {
            Some(rest) => (true, rest),
            None => (!marked && row < 4, token.as_str()),
        };
        let (kind, _) = kanji::read_kind(name)?;
        let side = if gote { Side::Second } else { Side::First };
        let square = Square::new(9 - col as u8, row as u8 + 1)?;
        setup.board[square.index()] = Some(Piece::new(side, kind));
    }
    let position = Position::from_setup_lenient(&setup).ok()?;
    Some(render(
        &position,
        &Marks {
            last_move: None,
            caption: vec![title.to_string()],
        },
    ))
}

fn go(text: &str, title: &str) -> Option<String> {
    use go_scoring::analysis::Analysis;
    use go_scoring::svg::{Caption, render_with};
    let d = go_scoring::text::parse(text).ok()?;
    let topo = d.position.topology();
    let dead: Vec<u16> = d
        .field("dead")
        .unwrap_or("")
        .split(',')
        .filter_map(|p| topo.parse_point(p.trim()).map(|p| p.0))
        .collect();
    let analysis = Analysis::new(&d.position, &dead)
        .or_else(|_| Analysis::new(&d.position, &[]))
        .ok()?;
    render_with(&analysis, &[], &Caption::new(title, Vec::new()))
}

/// The file's text as lines of a picture (what cannot be read as a drawing).
fn as_text(text: &str, title: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let width = lines
        .iter()
        .map(|l| board_core::svg::text_width(l, 12.0))
        .fold(board_core::svg::text_width(title, 14.0), f64::max)
        + 24.0;
    let height = 40.0 + 16.0 * lines.len() as f64 + 8.0;
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Paint::fill("#f6ecd2"));
    svg.text(12.0, 22.0, title, &TextStyle::new(14.0).cjk().bold());
    let mono = TextStyle {
        family: format!("monospace, {}", board_core::svg::CJK_FONTS),
        ..TextStyle::new(12.0)
    };
    for (i, line) in lines.iter().enumerate() {
        svg.text(12.0, 44.0 + 16.0 * i as f64, line, &mono);
    }
    svg.finish()
}

/// Draws one diagram file of `game` (`go`, `xiangqi`, `shogi`).
pub fn render_file(game: &str, path: &Path) -> Result<Picture, RenderError> {
    let text = std::fs::read_to_string(path).map_err(|e| RenderError {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = title_of(&text, &format!("{game}/{name}"));
    let position = match game {
        "xiangqi" => xiangqi(&text),
        "shogi" => shogi(&text, &title),
        "go" => go(&text, &title),
        _ => None,
    };
    if let Some(svg) = position {
        return Ok(Picture {
            svg,
            drawn: Drawn::Position,
        });
    }
    match parse_file(&text) {
        Ok(file) => Ok(Picture {
            svg: render_svg(&file.diagram, &title),
            drawn: Drawn::Drawing,
        }),
        Err(_) => Ok(Picture {
            svg: as_text(&text, &title),
            drawn: Drawn::Text,
        }),
    }
}

/// Every diagram file, as (game, path), in name order.
pub fn diagram_files(root: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(games) = std::fs::read_dir(root) else {
        return out;
    };
    let mut games: Vec<PathBuf> = games
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    for dir in games {
        let game = dir
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|p| (game.clone(), p)));
    }
    out
}

/// Runs the task: writes every picture and says how many of each kind.
pub fn run(options: &Options) -> ExitCode {
    let root = workspace_root().join("diagrams");
    let mut counts = [0usize; 3];
    let mut failures = 0;
    for (game, path) in diagram_files(&root) {
        let picture = match render_file(&game, &path) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("FAIL {e}");
                failures += 1;
                continue;
            }
        };
        let dir = options.out.join(&game);
        let target = dir.join(path.with_extension("svg").file_name().unwrap_or_default());
        if let Err(e) =
            std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&target, &picture.svg))
        {
            eprintln!("FAIL cannot write {}: {e}", target.display());
            failures += 1;
            continue;
        }
        counts[picture.drawn as usize] += 1;
    }
    println!(
        "render-diagrams: {} pictures in {} ({} positions, {} drawings, {} texts), {failures} failed",
        counts.iter().sum::<usize>(),
        options.out.display(),
        counts[0],
        counts[1],
        counts[2]
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Pixmap, Transform};
    use resvg::usvg::{Options, Tree};

    /// Rasterizes a picture with resvg, as an SVG viewer would.
    fn raster(svg: &str) -> Pixmap {
        let tree = Tree::from_str(svg, &Options::default()).expect("a well-formed SVG document");
        let size = tree.size().to_int_size();
        let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a non-empty picture");
        resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
        pixmap
    }

    fn rgb(pixmap: &Pixmap, x: f64, y: f64) -> [u8; 3] {
        let p = pixmap
            .pixel(x.round() as u32, y.round() as u32)
            .expect("inside the picture");
        [p.red(), p.green(), p.blue()]
    }

    fn hex(colour: &str) -> [u8; 3] {
        let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    }

    /// Every file of `diagrams/` gives a picture that resvg reads and draws (more than one
    /// colour; the graph-Go files, drawn as their text, only read), and every xiangqi and
    /// shogi board is drawn as a position.
    #[test]
    fn every_diagram_draws() {
        let files = diagram_files(&workspace_root().join("diagrams"));
        assert!(files.len() > 80, "{} diagram files", files.len());
        for (game, path) in files {
            let picture = render_file(&game, &path).unwrap();
            let pixmap = raster(&picture.svg);
            if picture.drawn == Drawn::Text {
                // Only text, which this build of resvg leaves out (no font loading).
                continue;
            }
            let first = pixmap.pixels()[0];
            assert!(
                pixmap.pixels().iter().any(|p| *p != first),
                "{} draws nothing",
                path.display()
            );
            let name = path.file_name().unwrap().to_string_lossy();
            let movement_chart = game == "shogi"
                && !name.contains("initial")
                && !name.contains("handicap")
                && !name.contains("record");
            if game == "xiangqi" || (game == "shogi" && !movement_chart) {
                assert_eq!(picture.drawn, Drawn::Position, "{}", path.display());
            }
        }
    }

    /// The two kings of every xiangqi case stand where the case's FEN puts them: the
    /// picture names each king on its square, and drawn without the cycle's arrows the
    /// inside of each king's circle has the piece colour, not the board's.
    #[test]
    fn xiangqi_kings_are_drawn_where_the_fen_puts_them() {
        use xiangqi_repetition::svg::{Marks, centre, piece_name, render};
        use xiangqi_repetition::{PieceKind, Position, Side};
        for (game, path) in diagram_files(&workspace_root().join("diagrams")) {
            if game != "xiangqi" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let fen = header(&text, "fen").unwrap();
            let setup: xiangqi_repetition::Setup = fen.parse().unwrap();
            let pos = Position::from_setup_lenient(&setup).unwrap();
            let picture = render_file(&game, &path).unwrap().svg;
            let plain = raster(&render(&pos, &Marks::default()));
            for (side, who) in [(Side::First, "Red"), (Side::Second, "Black")] {
                let square = pos.king(side);
                let name = piece_name(side, PieceKind::King);
                let title = format!("<title>{who} {name} on {square}</title>");
                assert!(picture.contains(&title), "{}: {title}", path.display());
                let (cx, cy) = centre(square);
                // Below the character, inside the inner ring: the tile's own colour.
                let inside = rgb(&plain, cx, cy + 9.0);
                assert_eq!(inside, hex("#fbeed0"), "{} {side:?}", path.display());
            }
        }
    }

    /// The start position of the 004 document: every square of the first three and last
    /// three ranks holds a tile, the middle ranks none (board colour).
    #[test]
    fn shogi_start_position_tiles() {
        use shogi_rules::svg::{CELL, corner};
        let path = workspace_root().join("diagrams/shogi/004-initial.txt");
        let pixmap = raster(&render_file("shogi", &path).unwrap().svg);
        let start = shogi_rules::Position::start();
        for file in 1..=9 {
            for rank in 1..=9 {
                let square = shogi_rules::Square::new(file, rank).unwrap();
                let (x, y) = corner(square);
                // Below the character of an upright tile, above it on a turned one, and
                // inside both shapes.
                let colour = rgb(&pixmap, x + CELL * 0.5, y + CELL * 0.83);
                let expected = if start.piece_at(square).is_some() {
                    hex("#fde9b5")
                } else {
                    hex("#f3d38b")
                };
                assert_eq!(colour, expected, "{file}{rank}");
            }
        }
    }

    /// 图五 of the 000 document has 21 black stones on the board (its header: 黑方有局子21个
    /// with the one dead stone); the picture covers at least that many stones' worth of
    /// black discs.
    #[test]
    fn go_figure_five_draws_its_stones() {
        let path = workspace_root().join("diagrams/go/000-fig5.txt");
        let pixmap = raster(&render_file("go", &path).unwrap().svg);
        let dark = pixmap
            .pixels()
            .iter()
            .filter(|p| p.red() < 0x30 && p.green() < 0x30 && p.blue() < 0x30)
            .count();
        let stone_area = std::f64::consts::PI * (24.0f64 * 0.46).powi(2);
        assert!(dark as f64 > 20.0 * stone_area * 0.8, "{dark} dark pixels");
    }
}
