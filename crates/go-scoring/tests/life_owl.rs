//! `--dead auto` on stones reading left open, read as a group (the group reader: a restricted
//! move generator over the group's liberties, eye space and captures, with a static judgement
//! of eyes at each node). Boards are final positions of the GNU Go 3.8 harness
//! (`benches/peers/go_real_games.py`); each expectation is read by hand in the test's comment
//! and agrees with GNU Go 3.8's `final_status_list dead` (and `seki`) on the game.

use go_scoring::graph::life::{Basis, LocalRule, Status};
#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/positions.rs"]
mod positions;

use common::points;

/// Honinbo 1965 game 3 (goban-original-games M-65-3), played out to two passes by GNU Go 3.8
/// (level 10, `benches/peers/go_selfplay.py`), Black X, White O.
const M_65_3_PLAYED_OUT: &str = "\
..X..X..XOO..OOOOOO
.X.X.XXXXXO.OOXOXOX
.XXOXXXXOO..OXXXXXX
X.XOXOXO.O.OOXX.XO.
XXOOOOOOO.OXOOOXXXX
OXO.OXOO.OXXOXXXXOX
OO.OOXO.OOOXOXXXOOO
...XOXXO.OXXXXXO.O.
..OOX.XOOOXOOOXOOX.
..OXXO.XOOXXOOXO.O.
.OXXXXXXXOOOOXOO.O.
..OXOOXOXXXOXXXO.O.
OOOO..OOXXXXO.XOOO.
OXOXX.XOOOXXOXXXXOO
XXXOO...OOOXOOXOOXO
..XXOOOO...OXX.OXXX
...XOXXOOOOOXXOXXO.
...XX.XXOXOOOXX..X.
.....X.XXXXOOOX....
";

#[test]
fn a_lone_stone_with_no_eye_among_living_walls_is_read_dead_as_a_group() {
    // Read by hand: White F10 stands alone between Black E10 and F9, its two liberties F11
    // and G10 closed by the living Black stones E11, F12, G11, H10 and G9. It has no eye and
    // no room: a White move at F11 or at G10 leaves two stones in atari at the other point,
    // and Black takes them (GNU Go 3.8 lists F10 dead). The open area of
    // the board is too large to search, and the estimate kept F10 in 109 of 256 playouts, too
    // close to call: before the group reader F10 stayed undecided (kept alive).
    let p = go_scoring::text::parse(M_65_3_PLAYED_OUT).unwrap().position;
    let life = common::life_japanese(&p);
    let stone = points(&p, "F10");
    assert!(life.dead.contains(&stone[0]), "F10 should be dead");
    assert!(!life.undecided.contains(&stone[0]));
    let verdict = life
        .regions
        .iter()
        .flat_map(|r| &r.strings)
        .find(|s| s.stones == stone)
        .expect("the string is reported");
    assert_eq!(verdict.status, Status::Dead);
    assert_eq!(
        verdict.basis,
        Basis::Local(LocalRule::Owl { unsettled: false }),
        "read as a group, dead whoever moves first"
    );
    assert_eq!(verdict.basis.name(), "read");
}

#[test]
fn stones_inside_the_eye_space_of_a_group_living_on_an_estimate_are_not_read_dead() {
    // Black L19, M18 and N19 stand inside the eye space of White's upper group G16-P19, which
    // has no second eye of its own: GNU Go 3.8 lists the three stones, and that White group,
    // as seki. Taken alone they have no eye and little room, and the static judgement would
    // call them dead; but the White stones around them live only on the estimate (185 of 256
    // playouts), so the group reader gives no verdict (a seki stone must never be marked
    // dead). A reader that took the estimated White group as a wall killed them.
    let p = go_scoring::text::parse(positions::HONINBO_1994_3)
        .unwrap()
        .position;
    let life = common::life_japanese(&p);
    for q in points(&p, "L19,M18,N19") {
        assert!(!life.dead.contains(&q), "{q:?} is a seki stone");
    }
    for s in life.regions.iter().flat_map(|r| &r.strings) {
        assert!(
            !matches!(s.basis, Basis::Local(LocalRule::Owl { .. })),
            "no group reading here: {:?}",
            s.stones
        );
    }
}
