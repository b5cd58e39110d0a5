//! `--dead auto` on a finished game whose open area covers the whole board (GNU Go 3.8
//! self-play at low levels ends with boundaries open): every boundary cut of its crowded strings
//! is too large to search, so each string still open is read on a cut around it alone.
//! Expectations are read by hand in each test's comment and agree with GNU Go 3.8's
//! `final_status_list dead` on the game.

use go_scoring::graph::life::{
    Basis, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, LocalRule, Status,
    decide_life,
};
#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/positions.rs"]
mod positions;

use common::points;

/// The final position of GNU Go 3.8 self-play game 1096 of `benches/peers/go_selfplay.py`
/// (level 1, both sides passed), Black X, White O.
const OPEN_BOARD: &str = "\
.......OOX.........
.O....OOX.X........
OXOO..OXX....X.X...
.XX.OOX.....XOX..X.
.X..OXX.X...XOOXOX.
...XXOX....X.XOXX.X
.XO..OXX...XXXOXXXO
.OO...OXO...XOOOOXO
.....O.OX...XXXOOOO
.......OX....XXO...
..O....OX....XO.O..
.....OOXX...XOO.O..
...O.XXOOXXXXXXO...
OO..OOX..OXOXOXO...
XO.OXXO.OOOOXOXO...
XXOOXOOOO.O.OOO.O..
.XXOXXXOXO...OX..O.
...X..XXXOO.OX..X..
........XXO...X....
";

#[test]
fn an_eyeless_string_under_a_wall_in_an_open_board_is_read_alone_dead() {
    // Read by hand: Black B17-B16-C16-B15 stands under White's wall A17-D17-E16-E15-F14; its
    // only room is the narrow band A13-A16, B14, C14-C15, D15-D16, which opens at D13-E13
    // only into White's side (C13-C12, B12, F13). White A14 leaves it no two eyes, and it
    // has no way out (GNU Go 3.8 lists it dead; its owl reading finds no defence). Without
    // any playout (no estimate), reading alone must decide it; before, every cut of the
    // upper-left fight held more than 40 points and it was left "too large".
    let p = go_scoring::text::parse(OPEN_BOARD).unwrap().position;
    let life = decide_life(&p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, 0);
    let string = points(&p, "B17,B16,C16,B15");
    for &q in &string {
        assert!(life.dead.contains(&q), "{q:?} should be dead");
    }
    let verdict = life
        .regions
        .iter()
        .flat_map(|r| &r.strings)
        .find(|s| s.stones == string)
        .expect("the string is reported");
    assert_eq!(verdict.status, Status::Dead);
    assert!(
        matches!(verdict.basis, Basis::Local(LocalRule::Alone { .. })),
        "read on a cut around the string alone: {:?}",
        verdict.basis
    );
}

#[test]
fn a_reading_alone_the_estimate_confirms_kills() {
    // The same stones with the estimate run: a reading alone leaves the open strings beside
    // its cut out (no seki test there), so on its own it kills nothing; the playouts (with
    // the atari, capture and 3x3-shape answers of `playout`) now keep their points White's
    // in less than 2/5 of the playouts (below the estimate's dead share of half), so the estimate confirms the reading: dead, as GNU
    // Go 3.8 and the reading by hand above have it. (With uniformly random playouts they
    // stayed White's in about 114 of 256, too close to call, and were kept alive.)
    let p = go_scoring::text::parse(OPEN_BOARD).unwrap().position;
    let life = decide_life(
        &p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
    );
    for q in points(&p, "B17,B16,C16,B15") {
        assert!(life.dead.contains(&q), "{q:?} should be dead");
        assert!(!life.undecided.contains(&q), "{q:?} should be decided");
    }
}

#[test]
fn a_stone_read_dead_alone_beside_an_unsettled_group_is_not_killed() {
    // Black L19 stands with M18 and N19 inside White's top group G19-P19, whose own life is
    // left open (estimated or undecided) in this record: GNU Go 3.8 lists L19 in a seki
    // (`final_status_list seki`), and the players counted it so (RE W+6.5). Read alone, with
    // White's group taken as living walls, L19 comes out dead; the estimate cannot split it,
    // so that reading must not kill it (a seki stone is never marked dead).
    let p = go_scoring::text::parse(positions::HONINBO_1994_3)
        .unwrap()
        .position;
    let life = common::life_japanese(&p);
    let l19 = points(&p, "L19");
    assert!(!life.dead.contains(&l19[0]), "L19 marked dead");
}
