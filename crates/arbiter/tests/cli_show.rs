//! `arbiter go|xiangqi|shogi show`: text boards that line up in CJK terminals, SVG pictures
//! that a real renderer (resvg) draws with the pieces where the position puts them, the
//! JSON document, and bad input (exit 2).

mod common;

use board_core::diagram::display_width;
use common::arbiter;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

fn run_ok(args: &[&str]) -> String {
    let out = arbiter(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Where a picture named `name` goes: this test's scratch directory (removed when the test
/// ends).
fn svg_path(name: &str) -> String {
    common::scratch::path(name).to_string_lossy().into_owned()
}

/// Rasterizes a written picture with resvg, as an SVG viewer would.
fn raster(path: &str) -> Pixmap {
    let svg = std::fs::read_to_string(path).expect("the picture was written");
    let tree = Tree::from_str(&svg, &Options::default()).expect("a well-formed SVG document");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a non-empty picture");
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn rgb(pixmap: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = pixmap
        .pixel(x as u32, y as u32)
        .expect("inside the picture");
    [p.red(), p.green(), p.blue()]
}

/// The xiangqi board: rows that take the same number of terminal columns (UAX #11 widths,
/// as a CJK terminal draws them), 10 ranks of 9 points, the pieces under their names.
#[test]
fn xiangqi_text_board_lines_up() {
    let text = run_ok(&["xiangqi", "show"]);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 10, "{text}");
    let width = display_width(rows[0]);
    assert!(rows.iter().all(|r| display_width(r) == width), "{text}");
    // The start position (xqbase FEN of the CXA rules' opening setup): Black's back rank on
    // rank 9, Red's on rank 0.
    assert!(rows[0].contains("車 馬 象 士 將 士 象 馬 車"), "{text}");
    assert!(rows[9].contains("俥 傌 相 仕 帥 仕 相 傌 俥"), "{text}");
    assert!(text.contains("九 八 七 六 五 四 三 二 一"), "{text}");
}

/// The shogi board is the BOD diagram (the KIF format's board): every framed row takes the
/// frame's width in a CJK terminal.
#[test]
fn shogi_text_board_lines_up() {
    let text = run_ok(&["shogi", "show", "--moves", "7g7f 3c3d 8h2b+"]);
    let framed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with('|') || l.starts_with('+'))
        .collect();
    assert_eq!(framed.len(), 11, "{text}");
    let frame = display_width(framed[0]);
    for row in &framed {
        let body = row.trim_end_matches(|c: char| !matches!(c, '|' | '+'));
        assert_eq!(display_width(body), frame, "{row}");
    }
    // 8h2b+ is the bishop taking on 2二 and promoting: 馬 there, a bishop in Sente's hand.
    assert!(text.contains("| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二"), "{text}");
    assert!(text.contains("先手の持駒：角"), "{text}");
    assert!(text.contains("last move: 8h2b+"), "{text}");
}

/// The picture of the CLI help's AXF example after two moves: both kings and the rook are
/// drawn at the squares the moves lead to (piece colour inside their circles, below the
/// character), and the squares they left are bare board.
#[test]
fn xiangqi_picture_draws_the_pieces_where_they_stand() {
    use xiangqi_repetition::Square;
    use xiangqi_repetition::svg::centre;
    let path = svg_path("xiangqi.svg");
    let out = run_ok(&[
        "xiangqi",
        "show",
        "--fen",
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "--moves",
        "e1d1 d9e9",
        "--svg",
        &path,
    ]);
    assert!(out.contains("last move: d9e9"), "{out}");
    let pixmap = raster(&path);
    let piece = [0xfb, 0xee, 0xd0];
    for at in ["e9", "d1", "f0"] {
        let (x, y) = centre(at.parse::<Square>().unwrap());
        assert_eq!(rgb(&pixmap, x, y + 9.0), piece, "a piece on {at}");
    }
    for empty in ["e1", "a5"] {
        let (x, y) = centre(empty.parse::<Square>().unwrap());
        assert_ne!(rgb(&pixmap, x + 9.0, y + 9.0), piece, "no piece on {empty}");
    }
}

/// The picture after 7g7f 3c3d 8h2b+: the promoted bishop's tile on 2二, the pawn's on 7六,
/// none on 8八 (the bishop left it) and the last move's shading on 2二's corner.
#[test]
fn shogi_picture_draws_the_pieces_where_they_stand() {
    use shogi_rules::Square;
    use shogi_rules::svg::{CELL, corner};
    let path = svg_path("shogi.svg");
    run_ok(&[
        "shogi",
        "show",
        "--moves",
        "7g7f 3c3d 8h2b+",
        "--svg",
        &path,
    ]);
    let pixmap = raster(&path);
    let tile = [0xfd, 0xe9, 0xb5];
    let inside = |file, rank| {
        let (x, y) = corner(Square::new(file, rank).unwrap());
        rgb(&pixmap, x + CELL * 0.5, y + CELL * 0.83)
    };
    assert_eq!(inside(7, 6), tile, "Sente's pawn on 7六");
    assert_eq!(inside(3, 4), tile, "Gote's pawn on 3四");
    assert_ne!(inside(8, 8), tile, "8八 left empty");
    assert_ne!(
        inside(2, 2),
        [0xf3, 0xd3, 0x8b],
        "the destination is shaded"
    );
}

/// The bundled explanation figure (图五 of the 000 document, 21 black stones with the dead
/// one): the picture has the stones, the text the file's dead stone, and the caption the
/// area count 图六's text gives (子空皆地: Black 24, White 25, White wins by 1).
#[test]
fn go_show_draws_the_figure() {
    let path = svg_path("go.svg");
    let out = run_ok(&["go", "show", "examples/go/explanation.txt", "--svg", &path]);
    assert!(out.contains("dead: C2"), "{out}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("area count: Black 24, White 25"), "{svg}");
    let pixmap = raster(&path);
    let dark = pixmap
        .pixels()
        .iter()
        .filter(|p| p.red() < 0x30 && p.green() < 0x30 && p.blue() < 0x30)
        .count();
    let stone_area = std::f64::consts::PI * (24.0f64 * 0.46).powi(2);
    assert!(dark as f64 > 20.0 * stone_area * 0.8, "{dark} dark pixels");
}

#[test]
fn show_json_documents() {
    let doc: serde_json::Value = serde_json::from_str(&run_ok(&[
        "xiangqi",
        "show",
        "--moves",
        "h2e2 h9g7",
        "--json",
    ]))
    .unwrap();
    assert_eq!(doc["moves"], serde_json::json!(["h2e2", "h9g7"]));
    assert_eq!(doc["side_to_move"], "red");
    let doc: serde_json::Value =
        serde_json::from_str(&run_ok(&["shogi", "show", "--moves", "7g7f", "--json"])).unwrap();
    assert_eq!(doc["last_move"], "7g7f");
    assert_eq!(doc["side_to_move"], "gote");
    let doc: serde_json::Value = serde_json::from_str(&run_ok(&[
        "go",
        "show",
        "examples/go/explanation.txt",
        "--json",
    ]))
    .unwrap();
    assert_eq!(doc["dead"], serde_json::json!(["C2"]));
    assert_eq!(doc["komi"], 0);
}

#[test]
fn bad_input_exits_2() {
    for args in [
        &["xiangqi", "show", "--moves", "e2e9"][..],
        &["shogi", "show", "--moves", "7g7e"],
        &["shogi", "show", "--sfen", "nonsense"],
        &["go", "show", "no/such/file.sgf"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}

/// `go score --svg` puts the verdict and every method's count under the boards: the area
/// count of 图六 (000 document: 子空皆地, Black 24, White 25, White wins by 1) and the
/// living-stones count (第二十七条: Black 22, White 21, Black wins by 1).
#[test]
fn go_score_picture_carries_the_counts() {
    let path = svg_path("score.svg");
    run_ok(&["go", "score", "examples/go/explanation.txt", "--svg", &path]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.contains("area: Black 24, White 25: White wins by 1"),
        "{svg}"
    );
    assert!(
        svg.contains("living-stones: Black 22, White 21: Black wins by 1"),
        "{svg}"
    );
    assert!(svg.contains(">black stone</text>"), "the legend");
    raster(&path);
}

/// `xiangqi adjudicate --svg` on the CLI help's AXF example (a rook checking from d1 and e1
/// forever: perpetual check loses under every rule book): the cycle start is the given
/// position, its four moves are drawn once each with both numbers of the doubled cycle,
/// and the verdict stands under the board.
#[test]
fn adjudicate_picture_marks_the_cycle() {
    use xiangqi_repetition::Square;
    use xiangqi_repetition::svg::centre;
    let path = svg_path("adjudicate.svg");
    run_ok(&[
        "xiangqi",
        "adjudicate",
        "--fen",
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "--moves",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
        "--rules",
        "axf",
        "--svg",
        &path,
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    for label in ["1,5: e1d1", "2,6: d9e9", "3,7: d1e1", "4,8: e9d9"] {
        assert!(svg.contains(&format!("cycle move {label}")), "{label}");
    }
    assert!(svg.contains("result: red_loses"), "{svg}");
    let pixmap = raster(&path);
    // Right of the centre: the arrows to and from d1 end on the rook's left half.
    let (x, y) = centre("e1".parse::<Square>().unwrap());
    assert_eq!(
        rgb(&pixmap, x + 6.0, y + 8.0),
        [0xfb, 0xee, 0xd0],
        "the rook on e1"
    );
}

/// `shogi status --svg` on the 二歩 record of examples/ (a second unpromoted pawn dropped on
/// a file: 反則負け, JSA rules 第8条): the board before the foul, the ruling under it.
#[test]
fn status_picture_shows_the_ruling() {
    let path = svg_path("status.svg");
    run_ok(&[
        "shogi",
        "status",
        "--record",
        "examples/shogi/records/foul-nifu.kif",
        "--svg",
        &path,
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("illegal: "), "{svg}");
    assert!(svg.contains("二歩"), "{svg}");
    raster(&path);
}

/// `shogi mate --svg` draws the problem (the README's example, a 3-ply mate in the YaneuraOu
/// mate3 set) with the answer under it; Gote, the attacker, holds 角 金 歩.
#[test]
fn mate_picture_shows_the_problem_and_its_answer() {
    let path = svg_path("mate.svg");
    run_ok(&[
        "shogi",
        "mate",
        "--sfen",
        "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
        "--svg",
        &path,
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("mate in 3 plies"), "{svg}");
    assert!(svg.contains("☖後手 持駒：角 金 歩"), "{svg}");
    raster(&path);
}
