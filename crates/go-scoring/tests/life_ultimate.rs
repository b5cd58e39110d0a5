//! The count against the position it describes. Seed 000 (第二十七条, 子路皆子): after the dead
//! stones are removed, each side's road points are the empty points "on which its stones can
//! live" if play resumed to the end, the ideal final position (两溢局面) keeps only the
//! essential eyes empty, and "stones + roads" is each side's number of living stones there.
//! So filling every road of a counted board must give a position with exactly the counted
//! stones, and its empty points must be the essential eyes (shared seki liberties included);
//! dame are split (均分) so only their total is fixed. Where there is no seki the filled
//! board is an ultimate position of seed 003.

use go_scoring::analysis::Analysis;
use go_scoring::graph::fill::fill_position;
use go_scoring::graph::life::{DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, search_life};
use go_scoring::graph::ultimate::UltimateFailure;
use go_scoring::score::{self, HalfPoints, Params};
use go_scoring::{Color, PerColor, Position};

fn diagram(name: &str) -> Position {
    let path = format!("{}/../../diagrams/go/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    go_scoring::text::parse(&text).unwrap().position
}

fn params() -> Params {
    Params {
        captures: Some(PerColor::new(0, 0)),
        moves: Some(PerColor::new(1, 1)),
        ..Params::default()
    }
}

#[test]
fn explanation_figure_fills_to_22_and_21_stones() {
    // The explanation figure (子路皆子算法说明图) and figures 五/六 draw one position: after the
    // dead stone c2 is removed, Black 19 stones + 3 roads = 22, White 20 + 1 = 21, essential
    // eyes 2 (Black) and 4 (White), "equivalent to the ideal final position".
    // Figure 六 draws the board with c2 already cleared.
    for (name, dead) in [
        ("000-explanation.txt", vec!["C2"]),
        ("000-fig5.txt", vec!["C2"]),
        ("000-fig6.txt", vec![]),
    ] {
        let p = diagram(name);
        // the dead stone is found by the search, not given
        let life = search_life(&p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS);
        let dead: Vec<_> = dead
            .iter()
            .map(|d| p.topology().parse_point(d).unwrap().0)
            .collect();
        assert_eq!(life.dead, dead, "{name}");
        assert!(life.undecided.is_empty(), "{name}");
        let a = Analysis::new(&p, &life.dead).unwrap();
        let count = score::living_stones(&a, &params()).unwrap();
        assert_eq!((count.black, count.white), (HalfPoints(44), HalfPoints(42)));
        let filled = fill_position(&p, &life.dead);
        assert_eq!(filled.stones, PerColor::new(22, 21), "{name}");
        assert_eq!(filled.empty, 2 + 4, "{name}: the essential eyes");
        assert_eq!(
            filled.empty,
            a.eyes(Color::Black) + a.eyes(Color::White),
            "{name}"
        );
        assert_eq!(filled.not_ultimate, None, "{name}: no seki, so ultimate");
    }
}

#[test]
fn seki_keeps_its_shared_liberties_and_is_not_ultimate() {
    // Hand-read seki (white c1-c3 and black d2+e1-e3 share d3 and d1, no other liberty),
    // between pass-alive walls with eyes a3/a1 and g3/g1. Nothing is a road: Black 8 stones,
    // White 7, and the filled board equals the drawn one. Its shared liberties are open to
    // neither side without loss, so seed 003 does not call it ultimate (no seki there).
    let p = go_scoring::text::parse(".XO.XO.\nXXOXXOO\n.XO.XO.\n")
        .unwrap()
        .position;
    let a = Analysis::new(&p, &[]).unwrap();
    let count = score::living_stones(&a, &params()).unwrap();
    assert_eq!((count.black, count.white), (HalfPoints(16), HalfPoints(14)));
    let filled = fill_position(&p, &[]);
    assert_eq!(filled.stones, PerColor::new(8, 7));
    assert_eq!(filled.position.stones(), p.stones());
    assert!(matches!(
        filled.not_ultimate,
        Some(UltimateFailure::ForbiddenToBoth(_) | UltimateFailure::OpenToBoth(_))
    ));
}

#[test]
fn dame_are_split_between_the_sides() {
    // Two two-eyed groups with three dame between them (the unfilled column c): the count
    // gives each side 4 stones + 3/2 dame = 5.5. Filling the dame alternately gives 6 and 5,
    // the same 11 in total, and an ultimate position.
    let p = go_scoring::text::parse(".X.O.\nXX.OO\n.X.O.\n")
        .unwrap()
        .position;
    let a = Analysis::new(&p, &[]).unwrap();
    let count = score::living_stones(&a, &params()).unwrap();
    assert_eq!((count.black, count.white), (HalfPoints(11), HalfPoints(11)));
    let filled = fill_position(&p, &[]);
    assert_eq!(filled.stones.black + filled.stones.white, 11);
    assert_eq!(filled.stones, PerColor::new(6, 5));
    assert_eq!(filled.not_ultimate, None);
}

#[test]
fn an_ultimate_position_is_its_own_fill() {
    // Seed 003's example of an ultimate position (reconstructed in the diagram file: one
    // string with two one-point eyes per side). Nothing is a road, so the count is 4 stones
    // each, filling changes nothing, and the result is ultimate.
    let p = diagram("003-ultimate-example.txt");
    let a = Analysis::new(&p, &[]).unwrap();
    let count = score::living_stones(&a, &params()).unwrap();
    assert_eq!((count.black, count.white), (HalfPoints(8), HalfPoints(8)));
    let filled = fill_position(&p, &[]);
    assert_eq!(filled.position.stones(), p.stones());
    assert_eq!(filled.stones, PerColor::new(4, 4));
    assert_eq!(filled.not_ultimate, None);
}
