//! `--dead auto` (`decide_life`) on small finished boards, one textbook life-and-death shape
//! each. The expected status of every shape is its standard status in Go theory, named in
//! the test; the boards are built so that the surrounding side lives beyond doubt (a wall
//! bordering a large area of its own), so only the shape decides the verdict.

use go_scoring::graph::life::{
    DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, SearchedLife, decide_life,
};
use go_scoring::position::Position;
use go_scoring::topology::Point;

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

fn points(p: &Position, names: &str) -> Vec<Point> {
    let mut v: Vec<Point> = names
        .split(',')
        .filter(|n| !n.is_empty())
        .map(|n| p.topology().parse_point(n).unwrap().0)
        .collect();
    v.sort_unstable();
    v
}

fn decide(p: &Position) -> SearchedLife {
    decide_life(
        p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
    )
}

/// Asserts every stone named in `dead` is dead and every stone named in `alive` is alive.
fn assert_status(rows: &str, dead: &str, alive: &str) -> SearchedLife {
    let p = position(rows);
    let life = decide(&p);
    for q in points(&p, dead) {
        assert!(life.dead.contains(&q), "{q:?} should be dead: {life:#?}");
    }
    for q in points(&p, alive) {
        assert!(life.alive.contains(&q), "{q:?} should be alive: {life:#?}");
    }
    life
}

/// Black's corner group: A9 is a real eye; C9 is false, as White's D8 holds one of its two
/// diagonal points on the edge and D9 is one stone that White captures by playing C9.
const FALSE_EYE: &str = "\
.X.XO....
XXXOO....
OOOO.....
.........
.........
.........
.........
.........
.........
";

#[test]
fn one_real_and_one_false_eye_is_dead() {
    // Go theory: a group needs two real eyes; an edge eye whose outside diagonal point is the
    // opponent's (and cannot be captured) is false, since the stone beside it (D9) can be
    // captured in atari there (Nihon Ki-in, Japanese Rules 1989, article 7: stones that
    // cannot avoid capture are dead).
    assert_status(FALSE_EYE, "A8,B8,C8,B9,D9", "D8,E9,A7");
}

/// The same corner with D8 Black's: both A9 and C9 are real eyes.
const TWO_EYES: &str = "\
.X.XO....
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
fn two_real_eyes_live() {
    // Go theory: two separate real eyes can never be filled by the opponent (both would be
    // suicide), so the group lives (Japanese Rules 1989, article 7: stones that cannot be
    // captured are alive).
    assert_status(TWO_EYES, "", "A8,B9,D9,D8,E9,A7");
}

/// Straight three along the top edge (A9-C9) with White's stone on its vital point B9.
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
fn straight_three_with_the_vital_point_taken_is_dead() {
    // Go theory: a straight-three eye space makes one eye once the opponent holds its middle
    // point (nakade); capturing the stone leaves the same shape again.
    assert_status(STRAIGHT_THREE, "A8,B8,C8,D8,D9", "B9,E9,A7");
}

/// Bent three in the corner (A9, B9, A8) with White's stone on its vital point A9; Black
/// walls it off with C9, B8, C8, A7, B7.
const BENT_THREE: &str = "\
O.XO.....
.XXO.....
XXOO.....
OOO......
.........
.........
.........
.........
.........
";

#[test]
fn bent_three_with_the_vital_point_taken_is_dead() {
    // Go theory: bent three is a killable eye shape; with the bend (the vital point) held by
    // the opponent the group cannot make two eyes (nakade).
    assert_status(BENT_THREE, "C9,B8,C8,A7,B7", "A9,D9,A6");
}

/// Square four (A9, B9, A8, B8) empty, inside Black's C9-C7, A7, B7.
const SQUARE_FOUR: &str = "\
..XO.....
..XO.....
XXXO.....
OOOO.....
.........
.........
.........
.........
.........
";

#[test]
fn square_four_is_dead_whoever_moves_first() {
    // Go theory: square four is dead as it stands: any move inside it by its owner leaves
    // bent three with the vital point the opponent's to take, and the opponent need not
    // play first.
    assert_status(SQUARE_FOUR, "C9,C8,C7,A7,B7", "D9,A6");
}

/// Bulky five (A9, B9, C9, A8, B8) with White's stone on its vital point B9.
const BULKY_FIVE: &str = "\
.O.XO....
..XXO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........
";

#[test]
fn bulky_five_with_the_vital_point_taken_is_dead() {
    // Go theory: bulky five is a killable eye shape; its vital point is the point of the
    // square next to the extra point (here B9), and with it held the group is dead.
    assert_status(BULKY_FIVE, "D9,C8,D8,A7,B7,C7,D7", "B9,E9,A6");
}

/// Pyramid four (B9, C9, D9, C8) on the top edge with White's stone on its vital point C9,
/// the point touching the other three.
const PYRAMID_FOUR: &str = "\
X.O.XO...
XX.XXO...
XXXXXO...
OOOOOO...
.........
.........
.........
.........
.........
";

#[test]
fn pyramid_four_with_the_vital_point_taken_is_dead() {
    // Go theory: pyramid four is a killable eye shape; its vital point is the middle point
    // touching the other three, and with it held the group cannot make two eyes (nakade).
    // Before the playout estimate gave way to reading, random play kept Black alive here.
    assert_status(PYRAMID_FOUR, "A9,E9,A8,B8,D8,E8,A7,B7,C7,D7,E7", "C9,F9,A6");
}

/// Rabbity six (D9, C8, D8, E8, D7, E7) on the top edge with White's stone on its vital
/// point D8.
const RABBITY_SIX: &str = "\
OXX.XXO..
OX.O.XO..
OXX..XO..
OOXXXXO..
.OOOOOO..
.........
.........
.........
.........
";

#[test]
fn rabbity_six_with_the_vital_point_taken_is_dead() {
    // Go theory: rabbity six is the largest killable eye shape; its vital point is the point
    // touching four of the other five (here D8), and with it held the group is dead.
    assert_status(
        RABBITY_SIX,
        "B9,C9,E9,F9,B8,F8,B7,C7,F7,C6,D6,E6,F6",
        "D8,A9,G9,B5",
    );
}

/// Seki with two shared liberties: Black's C1-C3+D2 and White's E1-E3 have only D1 and D3,
/// both shared. White's A2-B3 lives with eyes A1 and A3, Black's F1-F3+G2 with G1 and G3.
const SEKI_TWO_SHARED: &str = "\
.OX.OX.
OOXXOXX
.OX.OX.
";

#[test]
fn seki_with_two_shared_liberties_lives() {
    // Go theory: whoever fills D1 or D3 leaves his own string in atari and the other side
    // captures it, so neither plays there: seki, and stones in seki are alive (Japanese
    // Rules 1989, article 8).
    let life = assert_status(
        SEKI_TWO_SHARED,
        "",
        "C1,C2,C3,D2,E1,E2,E3,B1,B2,B3,A2,F1,F2,F3,G2",
    );
    assert!(life.dead.is_empty(), "{life:#?}");
    let p = position(SEKI_TWO_SHARED);
    for q in points(&p, "C1,C2,C3,D2,E1,E2,E3") {
        assert!(life.seki.contains(&q), "{q:?} should be in seki: {life:#?}");
    }
}

/// Seki with one eye each and one shared liberty: Black's B9, A8-C8 has the eye A9, White's
/// D9, D8-F8, F9 the eye E9, and C9 is their one shared liberty. White's wall A7-C7, C1-C6
/// borders A1-B6; Black's D7-G7, G8-G9, D1-D6 borders the right side.
const SEKI_ONE_EYE_EACH: &str = "\
.X.O.OX..
XXXOOOX..
OOOXXXX..
..OX.....
..OX.....
..OX.....
..OX.....
..OX.....
..OX.....
";

#[test]
fn seki_with_one_eye_each_and_a_shared_liberty_lives() {
    // Go theory: neither side can fill its opponent's eye before C9, and whoever fills C9
    // leaves his own string with its eye as last liberty, captured at once: seki, and stones
    // in seki are alive (Japanese Rules 1989, article 8).
    let life = assert_status(
        SEKI_ONE_EYE_EACH,
        "",
        "B9,A8,B8,C8,D9,D8,E8,F8,F9,A7,C1,D7,G9,D1",
    );
    assert!(life.dead.is_empty(), "{life:#?}");
    let p = position(SEKI_ONE_EYE_EACH);
    for q in points(&p, "B9,A8,B8,C8,D9,D8,E8,F8,F9") {
        assert!(life.seki.contains(&q), "{q:?} should be in seki: {life:#?}");
    }
}

/// A ko left on the boundary at the end: White's D6 stands in atari at E6 between Black's
/// wall (column D and C6) and White's (column E and F6); Black taking it at E6 would stand
/// in atari at D6 in turn. Each side's wall borders its own territory.
const KO_LEFT_OPEN: &str = "\
...XO....
...XO....
...XO....
..XO.O...
...XO....
...XO....
...XO....
...XO....
...XO....
";

#[test]
fn a_ko_left_open_is_dead_under_the_japanese_rules_and_kept_under_area_rules() {
    use go_scoring::graph::life::{OpenKo, decide_life_under};
    let p = position(KO_LEFT_OPEN);
    let d6 = points(&p, "D6")[0];
    let judge = |ko| {
        decide_life_under(
            &p,
            DEFAULT_LIFE_BUDGET,
            DEFAULT_MAX_REGION_POINTS,
            DEFAULT_PLAYOUTS,
            ko,
        )
    };
    // Japanese Rules 1989, article 7-2: in the confirmation of life and death a ko is
    // retaken only after a pass, so Black takes D6 and connects at D6 before White may
    // retake: D6 is dead.
    let japanese = judge(OpenKo::RetakeAfterPass);
    assert!(japanese.dead.contains(&d6), "{japanese:#?}");
    // Area rules settle kos by play before both pass: the position alone does not say who
    // would win it, so the stone is kept, as `decide_life` keeps it.
    let area = judge(OpenKo::Played);
    assert!(area.alive.contains(&d6), "{area:#?}");
    assert_eq!(decide(&p).dead, area.dead);
    // the walls are alive either way
    for q in points(&p, "D9,C6,D5,E9,F6,E5") {
        assert!(japanese.alive.contains(&q) && area.alive.contains(&q));
    }
}

/// Black's corner group A2-E2, D1 fills the corner inside White's living wall: its only
/// liberties are A1 and C3, and the two White stones B1-C1 stand inside it in atari. The
/// shape of goban-original-games Hon-88-3's lower-left corner (GNU Go 3.8 and the record's
/// result B+4.5 both count the Black group dead and B1-C1 alive).
const CROWDED_CORNER: &str = "\
.........
.........
XXXXXXXXX
OOOOOOOOO
.........
OOOOOO...
OO.OOO...
XXXXXO...
.OOXOO...
";

#[test]
fn an_eyeless_group_filling_its_corner_is_dead_and_the_stones_inside_it_live() {
    // Go theory: capturing B1-C1 at A1 leaves Black a two-point eye space (B1, C1), one eye
    // only, and White C3 then B1 takes the group; Black C3 is self-atari. A group that
    // cannot make two eyes is dead (Japanese Rules 1989, article 7 and its commentary), and
    // the White stones it could take first stay White's: the corner is White's territory.
    // The group holds most of its enclosed area, so it is read inside White's wall as a
    // whole (stones inside the area included) rather than as a fight cut out around it,
    // which took B1-C1 as dead since Black can capture them.
    let life = assert_status(CROWDED_CORNER, "A2,B2,C2,D2,E2,D1", "B1,C1,A4,F1,A6,A7");
    assert!(life.estimated.is_empty(), "read, not estimated: {life:#?}");
}

/// goban-original-games Hon-59-3's upper-right corner (columns N-T, rows 19-14, as C-J, 9-4),
/// the outer walls given room of their own: Black's D9-E9-D8 and E7-G8-G6 share the
/// liberties E8 (an eye) and F9; White's G9 (liberties F9, H9), J9 and H8-J5 (liberties H9,
/// J8) hold the rest. Black's J7 stands in atari at J8.
const SEKI_WITH_A_STONE_IN_ATARI: &str = "\
.OOXX.O.O
OOOX.XXO.
.OOOXXXOX
OOOOOOXOO
XXXO.OOXO
.XXXXXXXX
XXXXXXXXX
....X....
XXXXXXXXX
";

#[test]
fn a_seki_keeps_its_stones_and_the_stone_in_atari_beside_it_is_dead() {
    // Read by hand: Black can play nowhere (F9 leaves its group the one liberty E8, which
    // White then takes; E8 fills its own eye; H9 and J8 are suicide), and White cannot fill
    // F9 either (G9-F9 and the Black group are then both in atari, and Black moving next
    // takes G9-F9 at H9): a seki (GNU Go 3.8 lists the corner as seki). White J8 takes J7
    // and leaves White two liberties (H9, J7) that Black cannot fill (both are suicide), so
    // J7 is dead (Japanese Rules 1989, article 7: a stone that can be captured is dead),
    // and no seki stone may be counted dead.
    let p = position(SEKI_WITH_A_STONE_IN_ATARI);
    let life = decide(&p);
    assert!(life.dead.contains(&points(&p, "J7")[0]), "{life:#?}");
    for q in points(&p, "D9,E9,D8,F8,G8,E7,F7,G7,G6,G9,J9,H8,H7,H6,J6,J5") {
        assert!(!life.dead.contains(&q), "{q:?} lives in seki: {life:#?}");
    }
}

/// The same corner after GNU Go 3.8 played goban-original-games Hon-59-3 out to two passes
/// (columns N-T, rows 19-14 as on the full board), on a 19x19 board so that the open region
/// is too large to search whole and the corner is read as a boundary fight. Black's two
/// chains O19-P19-O18 and Q18-R18-P17-Q17-R17-R16 share their only liberties P18 (an eye)
/// and Q19; White's R19 has the liberties Q19 and S19; White's corner S18-T15 has S19 and
/// the eye T17. White's wall on row 15 borders the upper-left territory, Black's row 14 the
/// lower half.
const SEKI_BESIDE_A_TWO_LIBERTY_STONE: &str = "\
............OXX.O.O
............OX.XXOO
............OOXXXO.
.............OOOXOO
OOOOOOOOOOOOOOOOOXO
XXXXXXXXXXXXXXXXXXX
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
";

#[test]
fn a_seki_partner_with_two_liberties_is_no_wall_in_a_boundary_fight() {
    // Read by hand: Black Q19 leaves both Black chains the one liberty P18 (White takes
    // them there), Black P18 fills its own eye and leaves Q19 alone, S19 and T17 are
    // suicide; White P18 is suicide, and White Q19 leaves Q19-R19 the one liberty S19 while
    // Black still has P18: Black takes the two stones at S19. Neither side can approach
    // without self-atari, so the corner is seki (GNU Go 3.8 lists all 17 stones as seki),
    // and stones in seki are alive (Japanese Rules 1989, article 8). The search once took
    // R19 as an uncapturable wall, which lets White fill Q19 and capture at P18.
    let life = assert_status(
        SEKI_BESIDE_A_TWO_LIBERTY_STONE,
        "",
        "O19,P19,O18,Q18,R18,P17,Q17,R17,R16,R19,T19,S18,T18,S17,S16,T16,T15",
    );
    assert!(life.dead.is_empty(), "{life:#?}");
}

/// Black's group on the top edge of a 19x19 board, inside White's wall: A19 is a real eye
/// of the chain A18-C18, B19; C19 lies between that chain and D19, and E19 between D19 and
/// E18-F18-F19, and White's D18 is a diagonal point of both. The rest of the board is
/// White's open area, so the region is too large to search whole and the eye-space rule
/// counts the group's areas.
const TWO_FALSE_EYES_ON_THE_EDGE: &str = "\
.X.X.XO............
XXXOXXO............
OOOOOOO............
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
...................
...................
";

#[test]
fn false_eyes_between_chains_do_not_count_as_eyes() {
    // Go theory: an edge point between two chains with one diagonal held by the opponent is
    // a false eye: here E18-F18-F19 has the one liberty E19 (White takes it), then D19 is
    // left with C19 and White takes it there, and A18-C18 keeps the one real eye A19. A
    // group with one real eye is dead (Japanese Rules 1989, article 7). The eye-space rule
    // counted such gaps as eyes on goban-original-games Hon-59-2 (lower side, D1-E2 with the
    // gaps E1 and G1), which GNU Go 3.8 lists dead.
    let life = assert_status(
        TWO_FALSE_EYES_ON_THE_EDGE,
        "B19,D19,F19,A18,B18,C18,E18,F18",
        "G19,D18,A17",
    );
    assert!(life.undecided.is_empty(), "{life:#?}");
}
