//! `--dead auto` by search: Benson's verdicts completed by a search per string of each small
//! open region, with either side first. Every expectation is read out by hand on one-row boards (reasoning
//! in each test), in the terms of the document's classes (seed 003: 𝓑/𝓦 settled, 𝓝 whoever
//! moves next, 𝓟 seki: nobody gains by moving, so the stones stay).

use go_scoring::benson;
use go_scoring::graph::life::{RegionVerdict, search_life};

fn position(row: &str) -> go_scoring::position::Position {
    go_scoring::text::parse(row).unwrap().position
}

#[test]
fn mutual_life_on_one_row_is_seki() {
    // . X . O . : Black at c leaves b-c in atari at a (White a captures); Black at e is
    // suicide; Black at a leaves a-b with the one liberty c (White c captures). White's moves
    // mirror these. Neither side gains by moving first: class 𝓟 for both stones (seki).
    let p = position(".X.O.");
    assert_eq!(benson::auto_dead(&p, false).undecided, vec![1, 3]);
    let life = search_life(&p, 1_000_000, 16);
    // seki stones stay on the board: alive for the scorer
    assert_eq!(life.alive, vec![1, 3]);
    assert!(life.dead.is_empty() && life.undecided.is_empty());
    assert_eq!(life.regions[0].verdict, RegionVerdict::Solved);
    assert_eq!(life.into_auto_dead().alive, vec![1, 3]);
}

#[test]
fn on_a_row_of_three_both_stones_fall() {
    // X . O : White first takes b, capturing a. Black first takes b, capturing c, and White
    // at c then captures a-b (its stone at c gets a liberty from the capture). Black passing
    // instead lets White b capture a. Either way the black stone on a is taken off the
    // board, and by symmetry so is the white one on c: both strings are dead (a captured
    // string counts as dead even when its side retakes the point later).
    let p = position("X.O");
    let life = search_life(&p, 1_000_000, 16);
    assert_eq!(life.dead, vec![0, 2]);
    assert!(life.alive.is_empty() && life.undecided.is_empty());
    assert_eq!(life.regions[0].verdict, RegionVerdict::Solved);
}

#[test]
fn two_stones_without_a_move_are_dead() {
    // . X . X . O O : b and d are pass-alive (eyes a and c), but {e, f, g} holds two points
    // away from Black, so Benson cannot call f-g dead. White has no legal move at all (a, c
    // and e are suicide) and Black captures at e whenever it likes: class 𝓑 on f and g.
    let p = position(".X.X.OO");
    let benson_only = benson::auto_dead(&p, false);
    assert_eq!(benson_only.undecided, vec![5, 6]);
    assert_eq!(benson_only.alive, vec![1, 3]);
    let life = search_life(&p, 1_000_000, 16);
    assert_eq!(life.dead, vec![5, 6]);
    assert_eq!(life.alive, vec![1, 3]);
    assert!(life.undecided.is_empty());
    assert_eq!(life.regions[0].verdict, RegionVerdict::Solved);
}

#[test]
fn limits_give_an_honest_undecided() {
    // the same seki with a budget of a few nodes, and with a size limit below the region
    let p = position(".X.O.");
    let life = search_life(&p, 3, 16);
    assert_eq!(life.undecided, vec![1, 3]);
    assert!(matches!(life.regions[0].verdict, RegionVerdict::OverBudget));
    let life = search_life(&p, 1_000_000, 4);
    assert_eq!(life.undecided, vec![1, 3]);
    assert!(matches!(
        life.regions[0].verdict,
        RegionVerdict::TooLarge { points: 5 }
    ));
}

#[test]
fn wall_with_a_straight_five_lives() {
    // The 6×5 board of the CLI's auto-dead example: Benson leaves the white wall on file E
    // undecided (its only region is file F). File F is a straight row of five points on the
    // edge: Black's best try is the middle, and White answers next to it, leaving two
    // separate eyes; White moving first does the same at once. So the wall lives whoever
    // moves first.
    let p = position("..OXO.\nXXXXO.\n.X.XO.\nXXXXO.\n.X.XO.");
    let benson_only = benson::auto_dead(&p, false);
    assert_eq!(benson_only.undecided, vec![4, 10, 16, 22, 28]);
    let life = search_life(&p, 100_000, 24);
    // C5 stays dead (Benson); the wall is found alive within the budget
    assert_eq!(life.dead, vec![2]);
    let wall = [4, 10, 16, 22, 28];
    assert_eq!(life.regions[0].verdict, RegionVerdict::Solved, "{life:#?}");
    assert!(wall.iter().all(|p| life.alive.contains(p)));
    assert!(life.undecided.is_empty());
}
