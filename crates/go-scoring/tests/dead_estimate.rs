//! The last-resort estimate of `--dead auto` (`decide_life`): strings that reading leaves
//! undecided are settled by Monte Carlo ownership and labelled as estimated. Reading is cut
//! short here with a node budget of one, so every open string reaches the estimate; each
//! expectation is the shape's standard status in Go theory, named in the test.

use go_scoring::Color;
use go_scoring::graph::life::{
    Basis, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, Reading, SearchedLife, Status,
    UndecidedReason, decide_life, search_life,
};
use go_scoring::playout::ownership;
#[allow(dead_code)]
mod common;

use common::points;
use go_scoring::position::Position;

#[allow(dead_code)]
#[path = "common/positions.rs"]
mod positions;
use positions::NINE;

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

/// Budget one: reading gives up at once, the estimate decides.
fn estimate(p: &Position) -> SearchedLife {
    decide_life(p, 1, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS)
}

/// Seki without eyes: Black's C column and White's E column share the five liberties of the
/// D column and have no other; White's B column lives with eyes A1, A3, A5 and Black's F
/// column with G1, G3, G5. Filling the D column shortens both strings alike, and whoever
/// fills the last but one liberty puts his own string in atari: mutual life (Japanese
/// Rules 1989, article 8: stones in seki are alive and their shared liberties are no one's).
const SEKI: &str = "\
.OX.OX.
OOX.OXX
.OX.OX.
OOX.OXX
.OX.OX.
";

#[test]
fn seki_is_never_killed_by_the_estimate() {
    let p = position(SEKI);
    let searched = search_life(&p, 1, DEFAULT_MAX_REGION_POINTS);
    let inner = points(&p, "C1,C2,C3,C4,C5,E1,E2,E3,E4,E5");
    // reading is cut short, so the seki strings reach the estimate
    assert!(
        inner.iter().all(|q| searched.undecided.contains(q)),
        "{searched:#?}"
    );
    let life = estimate(&p);
    assert!(life.dead.is_empty(), "{life:#?}");
    assert!(life.undecided.is_empty(), "{life:#?}");
    for q in &inner {
        assert!(
            life.alive.contains(q) && life.estimated.contains(q),
            "{life:#?}"
        );
    }
    for s in life.regions.iter().flat_map(|r| &r.strings) {
        if s.stones.iter().any(|q| inner.contains(q)) {
            match &s.basis {
                Basis::Estimated(e) => {
                    assert_eq!(e.playouts, DEFAULT_PLAYOUTS);
                    assert!(2 * e.survived > e.playouts, "{e:?}");
                    assert!(matches!(
                        e.reading,
                        Reading::Undecided(UndecidedReason::OverBudget { .. })
                    ));
                }
                other => panic!("expected an estimate, got {other:?}"),
            }
            assert_eq!(s.status, Status::Alive);
        }
    }
}

#[test]
fn dead_invaders_are_estimated_dead_when_reading_gives_up() {
    let p = position(NINE);
    let life = estimate(&p);
    assert_eq!(life.dead, points(&p, "E8,E5"), "{life:#?}");
    assert!(life.undecided.is_empty(), "{life:#?}");
    // every verdict the estimate made is labelled so
    for s in life.regions.iter().flat_map(|r| &r.strings) {
        if s.basis.is_estimated() {
            assert!(s.stones.iter().all(|q| life.estimated.contains(q)));
            assert_eq!(s.basis.name(), "estimated");
        }
    }
}

/// Two separate one-point eyes make a group uncapturable (Japanese Rules 1989, article 7:
/// stones the opponent cannot capture are alive); a group whose only eye space is one point
/// dies once its outside liberties are filled. White's top group has eyes A7 and C7; the
/// lone White stone G1, in the area only Black's wall encloses, has no eye at all.
const EYES: &str = "\
.O.OX..
OOOOX..
XXXXX..
.......
.......
.......
......O
";

#[test]
fn playouts_keep_two_eyes_and_take_eyeless_stones() {
    let p = position(EYES);
    let own = ownership(&p, 200, 7);
    let white = points(&p, "B7,D7,A6,B6,C6,D6");
    for &q in &white {
        assert_eq!(
            own.owned_by(q, Color::White),
            200,
            "two eyes live in every playout"
        );
    }
    let lone = points(&p, "G1")[0];
    assert!(own.owned_by(lone, Color::White) < 100, "{own:?}");
    // the same seed gives the same estimate
    assert_eq!(own, ownership(&p, 200, 7));
}

/// Straight three along the top edge (A9-C9) with White's stone on its vital point B9, as in
/// `tests/life_shapes.rs`.
const STRAIGHT_THREE: &str = "\
.O.XO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........
.........
";

#[test]
fn playouts_kill_a_straight_three_with_the_vital_point_taken() {
    // Go theory: with White on B9, Black's eye space A9-C9 makes one eye only: White's
    // two-stone self-atari at A9 (or C9) inside it is the nakade that kills, and playouts
    // that forbid every self-atari of two stones kept Black alive in all 256 of them.
    let p = position(STRAIGHT_THREE);
    let owners = ownership(&p, DEFAULT_PLAYOUTS, 7);
    let black = points(&p, "A8,B8,C8,D8,D9");
    let survived: u32 = black
        .iter()
        .map(|&q| owners.owned_by(q, Color::Black))
        .sum();
    assert!(
        2 * survived < DEFAULT_PLAYOUTS * black.len() as u32,
        "Black kept its points in {survived} of {} stone-playouts",
        DEFAULT_PLAYOUTS * black.len() as u32
    );
}
