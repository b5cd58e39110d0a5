//! Bent four in the corner under the two ways a ruleset treats a ko on a finished board
//! ([`OpenKo`]).
//!
//! The shape (lower left, White's group A3-E4, B2-E2, E1 with no liberty outside): Black's
//! A1-B1-C1 and White's group share their only liberties A2 and D1, so it looks like seki.
//! White can play neither (either leaves White one liberty, which Black fills, capturing
//! the group). Black can sacrifice: Black A2 puts its four stones in atari, White D1 takes
//! them and leaves White the eye space A2-A1-B1-C1, a bent four whose bend is the 1-1 point;
//! Black then plays the 1-2 point B1, and the fight becomes a ko that Black takes first.
//! The Japanese Rules of 1989 (article 7-2 and the commentary's example of bent four in
//! the corner) let a ko be retaken in the confirmation of life and death only after a pass,
//! so Black wins that ko and White's group is dead; area rules have such a ko played out
//! before the end, and the position alone cannot say who wins it (the defender lives only
//! if it wins the ko), so the verdict stays open and says "ko".

use go_scoring::graph::life::{
    DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, OpenKo, SearchedLife, Status,
    StringVerdict, UndecidedReason, decide_life_under, search_life_under,
};
use go_scoring::position::Position;
use go_scoring::topology::Point;

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

fn point(p: &Position, name: &str) -> Point {
    p.topology().parse_point(name).unwrap().0
}

/// The shape on a small board, Black's outside one chain with five one-point eyes (pass
/// alive), so the open region (White's group, A1-C1, A2, D1) is searched whole.
const SMALL: &str = "\
.X.X.XX
XXXXXXX
OOOOOXX
OOOOOX.
.OOOOXX
XXX.OX.
";

/// The bent four itself: SMALL after Black A2 (a sacrifice) and White D1 (taking the four
/// stones), Black to move.
const SMALL_BENT: &str = "\
.X.X.XX
XXXXXXX
OOOOOXX
OOOOOX.
.OOOOXX
...OOX.
";

/// SMALL after White A2: White and A1-C1 share the one liberty D1.
const SMALL_WHITE_A2: &str = "\
.X.X.XX
XXXXXXX
OOOOOXX
OOOOOX.
OOOOOXX
XXX.OX.
";

/// SMALL after White D1: White and A1-C1 share the one liberty A2.
const SMALL_WHITE_D1: &str = "\
.X.X.XX
XXXXXXX
OOOOOXX
OOOOOX.
.OOOOXX
XXXOOX.
";

/// The verdict on the string through `name` from a search of the whole open region.
fn read(rows: &str, name: &str, ko: OpenKo) -> StringVerdict {
    let p = position(rows);
    let life = search_life_under(&p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, ko);
    let q = point(&p, name);
    life.regions
        .iter()
        .flat_map(|r| &r.strings)
        .find(|s| s.stones.contains(&q))
        .cloned()
        .unwrap_or_else(|| panic!("{name} not read: {life:#?}"))
}

#[test]
fn white_cannot_improve_the_shape_by_playing() {
    // White A2 or D1 leaves White's group and Black's A1-C1 one shared liberty with Black to
    // move: Black fills it and captures the group, under any ko rule (no ko arises).
    for rows in [SMALL_WHITE_A2, SMALL_WHITE_D1] {
        for ko in [OpenKo::Played, OpenKo::RetakeAfterPass] {
            let s = read(rows, "E4", ko);
            assert_eq!(s.survives_opponent_first, Some(false), "{ko:?}: {s:#?}");
        }
    }
}

#[test]
fn the_bent_four_after_the_sacrifice_is_a_ko_that_black_takes_first() {
    // White to move makes two eyes (B1: A1-A2 and C1). Black to move plays the 1-2 point B1
    // and a ko follows in which Black captures first: under area rules the answer is "ko"
    // (threats elsewhere decide); under J1989 7-2 White may retake only after a pass, by
    // which time Black has resolved the ko, so White dies.
    let area = read(SMALL_BENT, "E4", OpenKo::Played);
    assert_eq!(area.survives_own_first, Some(true), "{area:#?}");
    assert_eq!(area.survives_opponent_first, None, "{area:#?}");
    assert_eq!(area.status, Status::Undecided(UndecidedReason::Ko));
    let japanese = read(SMALL_BENT, "E4", OpenKo::RetakeAfterPass);
    assert_eq!(japanese.survives_own_first, Some(true), "{japanese:#?}");
    assert_eq!(
        japanese.survives_opponent_first,
        Some(false),
        "{japanese:#?}"
    );
}

#[test]
fn bent_four_in_the_corner_read_whole_is_dead_under_j1989_and_a_ko_under_area_rules() {
    // J1989 7-2: Black sacrifices, plays the 1-2 point and wins the ko it takes first; White
    // moving first cannot improve (see above): dead whoever moves first.
    let japanese = read(SMALL, "E4", OpenKo::RetakeAfterPass);
    assert_eq!(japanese.status, Status::Dead, "{japanese:#?}");
    // area rules: the group lives only if White wins the ko, so the search says "ko"
    let area = read(SMALL, "E4", OpenKo::Played);
    assert_eq!(
        area.status,
        Status::Undecided(UndecidedReason::Ko),
        "{area:#?}"
    );
}

/// The same corner on a full 19x19 board, Black's outside wall bordering the rest of the
/// board: the open region is too large to search whole, so the corner is read as a part
/// cut out of it and the whole-board estimate is at hand.
const FULL: &str = "\
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
XXXXXX.............
OOOOOX.............
OOOOOX.............
.OOOOX.............
XXX.OX.............
";

fn decide(rows: &str, ko: OpenKo) -> (Position, SearchedLife) {
    let p = position(rows);
    let life = decide_life_under(
        &p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
        ko,
    );
    (p, life)
}

const WHITE: &str = "A4,B4,C4,D4,E4,A3,B3,C3,D3,E3,B2,C2,D2,E2,E1";

#[test]
fn bent_four_in_the_corner_is_dead_under_the_japanese_rules() {
    // J1989 article 7-2 and its commentary: bent four in the corner is dead (the attacker
    // starts the ko when it suits, and the defender may retake only after a pass); the
    // Black stones it encloses are then alive.
    let (p, life) = decide(FULL, OpenKo::RetakeAfterPass);
    for name in WHITE.split(',') {
        assert!(life.dead.contains(&point(&p, name)), "{name}: {life:#?}");
    }
    for name in ["A1", "B1", "C1", "F1", "A5"] {
        assert!(!life.dead.contains(&point(&p, name)), "{name}: {life:#?}");
    }
}

#[test]
fn bent_four_in_the_corner_is_in_doubt_under_area_rules() {
    // Area rules: the ko is played out before the end, and who wins it is not in the
    // position (White lives only with more ko threats), so White's group is neither dead
    // nor alive: undecided, for the reason "ko". Random playouts never start the ko (it
    // takes a sacrifice), so the estimate must not call the group alive.
    let (p, life) = decide(FULL, OpenKo::Played);
    for name in WHITE.split(',') {
        let q = point(&p, name);
        assert!(life.undecided.contains(&q), "{name}: {life:#?}");
        assert!(!life.alive.contains(&q) && !life.dead.contains(&q));
        assert_eq!(life.reason(q), Some(&UndecidedReason::Ko), "{name}");
    }
}
