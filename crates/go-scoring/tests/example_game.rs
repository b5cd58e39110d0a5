//! The bundled example game (`examples/go/gosei-23-t06.sgf`, 23rd Gosei, Cho Sonjin against
//! Takemiya Masaki, komi 5.5, `RE[W+5.5]`) counted by territory, and why the count of the
//! recorded position is W+4.5 where GNU Go 3.8 and the record say W+5.5.
//!
//! Sources of the expectations:
//! - the rule text (specs/go.md §1, Japanese rules 1989): territory + prisoners; territory is
//!   the empty points surrounded by one side's living stones, and dame score for nobody;
//! - GNU Go 3.8 (`gnugo --mode gtp`, `loadsgf`, `komi 5.5`, `final_status_list dead`,
//!   `final_status_list dame`, `final_score`): dead B19 A18 D18 B17 C17 D17 B16 B15 B14
//!   (black) and M17 M16 M15 L14 B6 K2 (white), captures 12 by Black and 16 by White, dame
//!   J14 E11 D7 D6 G6 J2 F1 H1 K1 M1 N1, `final_score` W+5.5;
//! - the record's `RE[W+5.5]`.
//!
//! Where the two counts part: the record stops with H1 empty between White's G1 and Black's
//! H2/J1. Whoever fills H1 puts the other side's stones in atari: White at H1 leaves G2-H2 one
//! liberty, and Black must connect at J2; Black at H1 leaves G1 one liberty, and White must
//! connect at F1. As the position stands, J2 and K1 (with the dead white stone K2) are empty
//! points only Black surrounds and F1 one only White surrounds, so the rule text makes them
//! territory: Black 61 + 12 captured + 6 dead = 79, White 53 + 16 + 9 = 78, W+4.5. GNU Go
//! calls J2, K1 and F1 dame (the defensive moves both sides might owe), Black 77 and White 77,
//! W+5.5; no single way of filling H1 takes all three points. The record's W+5.5 is what the
//! rule text gives once White has filled H1 and Black has connected at J2 (78 to 78), the
//! usual end of such a position in a professional game: the record leaves out those two
//! moves, not the count. The count of the recorded position stays W+4.5, and the test plays
//! the two moves to show where the one point goes.

use go_scoring::analysis::Analysis;
use go_scoring::analysis::close::{Closing, FillReason, Sente, close};
use go_scoring::score::{self, Params};
use go_scoring::sgf::{SgfGame, read_game};
use go_scoring::{Color, Point, Rules};

const GAME: &str = include_str!("../../../examples/go/gosei-23-t06.sgf");

/// GNU Go 3.8's `final_status_list dead` on the recorded position.
const DEAD: [&str; 15] = [
    "B19", "A18", "D18", "B17", "C17", "D17", "B16", "B15", "B14", "M17", "M16", "M15", "L14",
    "B6", "K2",
];

fn point(game: &SgfGame, name: &str) -> Point {
    game.topology.parse_point(name).unwrap().0
}

/// Territory counts (Black, White) in whole points, and the result after the record's komi.
fn territory(game: &SgfGame) -> ((i64, i64), String) {
    let dead: Vec<Point> = DEAD.iter().map(|n| point(game, n)).collect();
    let a = Analysis::new(&game.position, &dead).unwrap();
    let params = Params {
        komi: game.komi.unwrap(),
        captures: Some(game.captures),
        moves: Some(game.moves),
        ..Params::default()
    };
    let s = score::territory(&a, &params).unwrap();
    let who = match s.winner() {
        Some(Color::Black) => "B",
        Some(Color::White) => "W",
        None => "draw",
    };
    (
        (s.black.0 / 2, s.white.0 / 2),
        format!("{who}+{}", s.margin.0 as f64 / 2.0),
    )
}

#[test]
fn the_recorded_position_counts_its_one_sided_points_as_territory() {
    let game = read_game(GAME, Rules::JAPANESE).unwrap();
    assert_eq!(game.result.as_deref(), Some("W+5.5"));
    let dead: Vec<Point> = DEAD.iter().map(|n| point(&game, n)).collect();
    let a = Analysis::new(&game.position, &dead).unwrap();
    // J2 and K1 are surrounded by Black alone once K2 is taken off, F1 by White alone; H1
    // borders both colours.
    for (name, owner) in [
        ("J2", Some(Color::Black)),
        ("K1", Some(Color::Black)),
        ("F1", Some(Color::White)),
        ("H1", None),
    ] {
        let p = point(&game, name);
        let region = a.regions().iter().find(|r| r.points.contains(&p)).unwrap();
        assert_eq!(region.owner(), owner, "{name}");
    }
    assert_eq!(
        (game.captures.black, game.captures.white),
        (12, 16),
        "captures as GNU Go 3.8 counts them"
    );
    // Black 61 + 12 + 6, White 53 + 16 + 9: two points more for Black and one more for White
    // than GNU Go 3.8's 77 to 77, which leaves J2, K1 and F1 to nobody.
    assert_eq!(territory(&game), ((79, 78), "W+4.5".to_string()));
}

#[test]
fn white_filling_h1_and_black_connecting_give_the_recorded_result() {
    // White H1 (SGF hs), Black J2 (SGF ir): the moves the record leaves out.
    let text = GAME.trim_end().strip_suffix(')').unwrap();
    let game = read_game(&format!("{text};W[hs];B[ir])"), Rules::JAPANESE).unwrap();
    // Black loses J2 (now a stone); K1 and the dead K2 stay Black's; F1 stays White's.
    assert_eq!(territory(&game), ((78, 78), "W+5.5".to_string()));
    assert_eq!(game.result.as_deref(), Some("W+5.5"));
}

#[test]
fn black_filling_h1_instead_moves_the_point_the_other_way() {
    // Black H1 (hs), White F1 (fs): the other order gives Black the point, so the recorded
    // position alone cannot tell W+3.5 from W+5.5, and the count of it as it stands is the
    // one in between.
    let text = GAME.trim_end().strip_suffix(')').unwrap();
    let game = read_game(&format!("{text};B[hs];W[fs])"), Rules::JAPANESE).unwrap();
    assert_eq!(territory(&game), ((79, 77), "W+3.5".to_string()));
}

/// The recorded position with GNU Go's dead stones, and what the closing step plays on it.
fn closed_record() -> (SgfGame, Closing) {
    let game = read_game(GAME, Rules::JAPANESE).unwrap();
    let dead: Vec<Point> = DEAD.iter().map(|n| point(&game, n)).collect();
    let closing = close(&Analysis::new(&game.position, &dead).unwrap());
    (game, closing)
}

#[test]
fn the_closing_step_plays_both_teire_that_h1_forces() {
    // `go score --dead auto` closes the board before counting (go_scoring::analysis::close,
    // after the commentary to J1989 article 9: the teire a dame fill makes necessary are
    // played before the count). Either side may fill H1, so both teire are played, Black J2
    // and White F1, and H1 stays a dame: each side loses one point of territory against the
    // count as it stands (79 to 78 above), and the margin stays W+4.5, between the W+5.5 and
    // W+3.5 of the two ways of filling H1.
    let (game, closing) = closed_record();
    let h1 = point(&game, "H1");
    for (name, color) in [("J2", Color::Black), ("F1", Color::White)] {
        let p = point(&game, name);
        assert!(
            closing.fills.iter().any(|f| f.point == p
                && f.color == color
                && f.reason == FillReason::Atari { dame: h1 }),
            "{name}: {:?}",
            closing.fills
        );
    }
    assert!(closing.dame.contains(&h1), "{:?}", closing.dame);
    // either side's fill of H1 forces a connection (White's only once F1 is played: before
    // it, White at H1 would leave G1-H1 one liberty)
    let by = closing
        .sente
        .iter()
        .find(|&&(p, _)| p == h1)
        .map(|&(_, by)| by);
    assert_eq!(by, Some(Sente::Both), "{:?}", closing.sente);
    let closed = SgfGame {
        position: closing.position.clone(),
        ..game
    };
    assert_eq!(territory(&closed), ((78, 77), "W+4.5".to_string()));
}

#[test]
fn a_chain_whose_only_liberties_are_two_dame_leaves_both_open() {
    // D7 and D6 are dame in GNU Go 3.8's list; Black's E7-E6 has no other liberty, so
    // White's fill of either puts it in atari and Black connects at the other. One stone of
    // each side on two neutral points counts as leaving both open, which the closing does:
    // playing both for Black would give Black both points under area counting.
    let (game, closing) = closed_record();
    for name in ["D7", "D6"] {
        let p = point(&game, name);
        assert!(closing.dame.contains(&p), "{name}: {:?}", closing.dame);
        assert!(
            closing.fills.iter().all(|f| f.point != p),
            "{name}: {:?}",
            closing.fills
        );
    }
}
