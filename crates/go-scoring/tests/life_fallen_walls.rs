//! `--dead auto` on a string read alive in a cut-out fight beside a wall of its colour that
//! the whole-board estimate then kills: the reading leaned on that wall's two eyes, so the
//! estimate decides the string too. Expectations read by hand in the test's comment; they
//! agree with GNU Go 3.8's `final_status_list dead` on the game.

use go_scoring::graph::life::{
    Basis, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, decide_life,
};
#[allow(dead_code)]
mod common;

use common::points;

/// The final position of GNU Go 3.8 self-play game 1109 of `benches/peers/go_selfplay.py`
/// (level 2, both sides passed), Black X, White O.
const GAME_1109: &str = "\
...................
....XXX.........XO.
.XXXXOOX..X....XXO.
XXOOO..OX.....X.O..
OXO..OOOX......XXO.
OO....OXX....XX..XX
.O.O.OOX.....OOXX.X
O.OXOOXX......XX.X.
XOOXOOOOX..XXXX....
XXXXXOXX.X.XOOOXXXX
...XXXOX.XXOO.OOOOX
XOOXOXOOXXOOO.....O
XXOOOOO.OOXOO...OO.
..XXO...OXXO.......
XXOX.OOOX.XXOOOOX..
.XOXOXXX..XOOXXOO..
XOOO.OXX..XXOOXO...
XOOO.OOXX...XXXOO..
......OOX.....XXO..
";

#[test]
fn a_group_joined_only_to_a_dead_wall_is_dead() {
    // Read by hand: Black's D12-D11-A11-A10-E10-D9-E9-F9-D8-F8 has the liberties A9, B9 and
    // C9 only, no eye: B9 and C9 are shared with White's B8-C8-C7-G7-G9 string, which has
    // H7, F6, G6 and E5 besides, and White C8/B8 fill B9 and C9 safely. One liberty of its
    // own against four: dead whoever moves first (GNU Go 3.8 lists it dead; its owl finds
    // no defence). The boundary fight read it alive by joining Black's A8-A7-B7 at A9,
    // taken as a living wall for its eye space, which the estimate then overruled (dead).
    let p = go_scoring::text::parse(GAME_1109).unwrap().position;
    let life = decide_life(
        &p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
    );
    for q in points(&p, "A8,A7,B7") {
        assert!(life.dead.contains(&q), "{q:?}: the wall is estimated dead");
    }
    for q in points(&p, "D12,D11,A11,A10,B10,C10,D10,E10,D9,E9,F9,D8,F8") {
        assert!(life.dead.contains(&q), "{q:?} should be dead");
        assert!(
            matches!(life.basis(q), Some(Basis::Estimated(_))),
            "{q:?}: the estimate decides it, the reading having leaned on the dead wall"
        );
    }
}
