//! `--dead auto` by search on hand-read positions: capturing races, seki, one eye against no
//! eye, a dead eye shape, a group with two eyes. Walls are pass-alive (two one-point eyes on
//! the board edge), so each fight is the only open region. The expected answers are the
//! textbook ones (liberty counting in races: with no shared liberty the side with more
//! liberties wins whoever starts, with equal counts the first mover wins; two shared
//! liberties and none outside is seki; "one eye beats no eye"; a straight three whose vital
//! point is taken is dead), each read out move by move in the test's comment.

use go_scoring::graph::life::{
    DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, SearchedLife, Status, UndecidedReason,
    search_life,
};
use go_scoring::position::Position;
use go_scoring::topology::Point;

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

/// The board index of column `x`, row `y` (rows as written, top first).
fn at(p: &Position, name: &str) -> Point {
    p.topology().parse_point(name).unwrap().0
}

fn points(p: &Position, names: &str) -> Vec<Point> {
    let mut v: Vec<Point> = names.split(',').map(|n| at(p, n)).collect();
    v.sort_unstable();
    v
}

fn search(p: &Position) -> SearchedLife {
    search_life(p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS)
}

fn status_of(life: &SearchedLife, p: Point) -> Status {
    life.regions
        .iter()
        .flat_map(|r| &r.strings)
        .find(|s| s.stones.contains(&p))
        .map(|s| s.status.clone())
        .unwrap_or_else(|| panic!("{p} not searched"))
}

// Layouts: a Black wall on the left (files a-b, eyes a3 and a1) and a White wall on the
// right (two eyes on the last file), both pass-alive; the fight sits between them.

#[test]
fn race_three_liberties_against_two_without_shared_ones() {
    // White d1-d3 has the two outside liberties c3, c1 (c2 belongs to Black's wall); Black
    // e1-e3 has the three outside liberties f1-f3 and no liberty is shared. White first:
    // W f3, B c3, W f2 (Black down to f1), B c1 captures d1-d3. Black first captures sooner.
    // So White dies and Black lives whoever moves first.
    let p = position(".X.OX.O.\nXXXOX.OO\n.X.OX.O.\n");
    let life = search(&p);
    assert_eq!(status_of(&life, at(&p, "D1")), Status::Dead, "{life:#?}");
    assert_eq!(status_of(&life, at(&p, "E1")), Status::Alive);
    assert_eq!(life.dead, points(&p, "D1,D2,D3"));
    assert!(life.undecided.is_empty());
}

#[test]
fn race_with_equal_liberties_goes_to_the_first_mover() {
    // The same race with c2 empty: three outside liberties each (c1-c3 for White, f1-f3 for
    // Black), none shared. Whoever moves first fills first and wins by one move (class N).
    let p = position(".X.OX.O.\nXX.OX.OO\n.X.OX.O.\n");
    let life = search(&p);
    for s in ["D2", "E2"] {
        assert_eq!(
            status_of(&life, at(&p, s)),
            Status::Undecided(UndecidedReason::FirstMoverDecides),
            "{s}"
        );
        assert_eq!(
            life.reason(at(&p, s)),
            Some(&UndecidedReason::FirstMoverDecides)
        );
    }
    assert!(life.dead.is_empty());
}

#[test]
fn two_shared_liberties_and_none_outside_is_seki() {
    // White c1-c3 and Black d2+e1-e3 share the liberties d3 and d1 and have no other. Whoever
    // fills one of them leaves its own string in atari and the other side captures: neither
    // fills, both live in seki.
    let p = position(".XO.XO.\nXXOXXOO\n.XO.XO.\n");
    let life = search(&p);
    assert_eq!(status_of(&life, at(&p, "C2")), Status::Seki, "{life:#?}");
    assert_eq!(status_of(&life, at(&p, "E2")), Status::Seki);
    assert_eq!(life.seki, points(&p, "C1,C2,C3,D2,E1,E2,E3"));
    assert!(life.dead.is_empty() && life.undecided.is_empty());
}

#[test]
fn one_eye_beats_no_eye() {
    // Black e1-g3 has the eye f3 and the liberties d1-d3; White c2-c3 has c1, d3 and d2. White
    // first: W d3, B c1 (White in atari at d2), White cannot fill the eye (suicide), B d2
    // captures. Black first wins sooner. "One eye beats no eye": White dead, Black alive.
    let p = position(".XO.X.XO.\nXXO.XXXOO\n.X..XXXO.\n");
    let life = search(&p);
    assert_eq!(status_of(&life, at(&p, "C3")), Status::Dead, "{life:#?}");
    assert_eq!(status_of(&life, at(&p, "E2")), Status::Alive);
    assert_eq!(life.dead, points(&p, "C2,C3"));
}

#[test]
fn straight_three_with_its_vital_point_taken_is_dead() {
    // White's eye space is b4-c4-d4 on the edge, Black already sits on c4, the vital point.
    // White filling b4 or d4 puts itself in atari; Black can fill b4 (self-atari), let White
    // capture two and then play back into the two-point space: White never gets two eyes.
    // Dead whoever moves first; the black stone inside lives.
    let p = position("O.X.OX\nOOOOOX\nXXXXXX\n.X.X.X\n");
    let life = search(&p);
    assert_eq!(life.dead, points(&p, "A4,A3,B3,C3,D3,E3,E4"), "{life:#?}");
    assert_eq!(status_of(&life, at(&p, "C4")), Status::Alive);
}

#[test]
fn empty_straight_three_goes_to_the_first_mover() {
    // The same group with b4-d4 empty: White playing c4 first makes two eyes, Black playing
    // c4 first kills (the textbook straight three). Class N: undecided, and the reason says so.
    let p = position("O...OX\nOOOOOX\nXXXXXX\n.X.X.X\n");
    let life = search(&p);
    assert_eq!(
        life.reason(at(&p, "A4")),
        Some(&UndecidedReason::FirstMoverDecides),
        "{life:#?}"
    );
    assert!(life.dead.is_empty());
}

#[test]
fn two_eyes_that_benson_leaves_open_live() {
    // White has the one-point eye f5 and the six-point space b4-d5 (c5 touches no white stone,
    // so Benson's test cannot call the space vital). Black playing inside the rectangle first
    // cannot stop a second eye there. Alive whoever moves first.
    let p = position("O...O.O\nO...OOO\nOOOOOOO\nXXXXXXX\n.X.X.X.\n");
    let benson_only = go_scoring::benson::auto_dead(&p, false);
    assert!(benson_only.undecided.contains(&at(&p, "A4")));
    let life = search(&p);
    assert_eq!(status_of(&life, at(&p, "A4")), Status::Alive, "{life:#?}");
    assert!(life.dead.is_empty() && life.undecided.is_empty());
}

#[test]
fn race_with_a_shared_liberty_is_won_on_outside_liberties() {
    // White d2-d3 has the outside liberty c3 and shares d1 with Black e1-e3, which also has
    // f1-f3 outside. White first: W f3, B c3 (White left with d1 only, which White cannot
    // fill: suicide), B d1 captures. Black has more outside liberties, so White dies
    // whoever moves first, and Black lives.
    let p = position(".X.OX.O.\nXXXOX.OO\n.XX.X.O.\n");
    let life = search(&p);
    assert_eq!(life.dead, points(&p, "D2,D3"), "{life:#?}");
    assert_eq!(status_of(&life, at(&p, "E1")), Status::Alive);
}

#[test]
fn false_eye_on_the_edge_ends_in_a_ko() {
    // White b4, a3-c3 has the real eye a4; c4 looks like a second eye, but d4-e4 reach the
    // group only through c4 and their other liberty f4 is Black's to take. Black f4: if White
    // connects at c4 it fills its own eye (the group keeps only a4) and Black captures
    // everything at a4; so d4-e4 die whoever moves first. The group on a4 does not simply die:
    // Black can only take c4 by capturing there, the capturing stone on c4 then has the single
    // liberty d4, and White retakes at d4. Sooner or later that is a one-stone-for-one-stone
    // recapture (a ko), so the group's fate hangs on ko threats elsewhere: undecided, ko.
    let p = position(".O.OO.\nOOOXXX\nXXXXXX\n.X.X.X\n");
    let life = search(&p);
    assert_eq!(life.dead, points(&p, "D4,E4"), "{life:#?}");
    for s in ["B4", "A3", "B3", "C3"] {
        assert_eq!(life.reason(at(&p, s)), Some(&UndecidedReason::Ko), "{s}");
    }
}

#[test]
fn lone_stone_in_a_small_territory_is_dead() {
    // White's wall (row 2, eyes a1 and c1) encloses a3-c4 with a black stone on b4. Row 4
    // touches no white stone, so Benson's test cannot call the area White's. Black needs a3,
    // b3 and c3 for two eyes (a4, c4): two moves in a row. White first plays b3; Black first
    // plays b3 and White takes a3 (or c3), leaving one eye at most. Dead either way.
    let p = position(".X.\n...\nOOO\n.O.\n");
    let benson_only = go_scoring::benson::auto_dead(&p, false);
    assert_eq!(benson_only.undecided, vec![at(&p, "B4")]);
    let life = search(&p);
    assert_eq!(life.dead, vec![at(&p, "B4")], "{life:#?}");
}
