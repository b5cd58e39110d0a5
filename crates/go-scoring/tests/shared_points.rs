//! Shared points settled as a whole, and the invariance every counting method owes.
//!
//! Expectations: the rules of Go name no direction and no colour, so a count may not depend on
//! which way the board is turned, nor on which colour is called Black (with the first mover,
//! captures and moves swapped along, the scores swap). A region either side could fill first
//! leaves the other side's point a seki liberty (第二十七条: "双活棋的公气应视为双方共有的基本眼位";
//! Chinese rules 2002: "双方活棋之间的空点各得一半"), so it is settled as a whole, half each.

#[allow(dead_code)]
mod common;

use common::{Rng, method_figures, params_and_swapped, playout, swap, symmetries};
use go_scoring::analysis::Analysis;
use go_scoring::score::{self, Params};
use go_scoring::{Color, PointClass, Position, Shape, Stone};
use std::sync::Arc;

fn analyse(row: &str) -> Analysis {
    let d = go_scoring::text::parse(row).unwrap();
    Analysis::new(&d.position, &[]).unwrap()
}

#[test]
fn a_two_point_gap_between_one_eyed_seki_groups_is_settled_as_a_whole() {
    // . X . . O . : Black filling C leaves D a liberty neither side can fill, and White
    // filling D leaves C so: whoever moves first gains the point, so neither owns it, both
    // groups stay in seki and the count is the same for the board and its mirror image.
    let a = analyse(".X..O.");
    let m = analyse(".O..X.");
    for b in [&a, &m] {
        assert_eq!(b.class(2), PointClass::SharedEye);
        assert_eq!(b.class(3), PointClass::SharedEye);
        assert_eq!((b.roads(Color::Black), b.roads(Color::White)), (0, 0));
        assert!(b.units().iter().all(|u| u.seki), "both groups are in seki");
    }
    let p = Params::default();
    for method in score::Method::ALL {
        let (x, y) = (score::score(&a, method, &p), score::score(&m, method, &p));
        // A method that cannot count one of the two cannot count the other either.
        assert_eq!(x.is_ok(), y.is_ok(), "{method}: {x:?} / {y:?}");
        if let (Ok(x), Ok(y)) = (x, y) {
            assert_eq!((x.black, x.white), (y.white, y.black), "{method}");
            assert_eq!(
                x.black, x.white,
                "{method}: the position is its own mirror image"
            );
        }
    }
}

/// Every method's (Black, White) figures, `None` where the method is unavailable.
type Figures = Vec<Option<(i64, i64)>>;

fn figures(topology: &Arc<Shape>, stones: Vec<Stone>, params: &Params) -> (Figures, bool) {
    let position = Position::unchecked(topology.clone(), stones);
    let a = Analysis::new(&position, &[]).unwrap();
    let seki = a.shared_empty() > 0 && a.units().iter().any(|u| u.seki);
    let figures = method_figures(&a, params);
    (figures, seki)
}

#[test]
fn every_method_is_invariant_under_symmetry_and_colour_swap() {
    // Random finished games (both sides pass, no side fills its own one-point eye) on 5x5
    // to 7x7 grids; the positions with a seki are counted so the test cannot pass on
    // seki-free boards alone.
    let mut rng = Rng::new(0x5E41_0DD5);
    let mut with_seki = 0;
    let mut games = 0;
    while with_seki < 1000 && games < 50_000 {
        games += 1;
        let n = 5 + rng.index(3);
        let topology = Arc::new(Shape::square(n as u32).unwrap());
        let board = playout(&mut rng, topology.clone(), 2000);
        let stones = board.position().stones().to_vec();
        let first = if rng.index(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (params, swapped) = params_and_swapped(&board, first);
        let (base, seki) = figures(&topology, stones.clone(), &params);
        if !seki {
            continue;
        }
        with_seki += 1;
        for (k, map) in symmetries(n).iter().enumerate() {
            let mut turned = vec![Stone::Empty; n * n];
            for (p, &s) in stones.iter().enumerate() {
                turned[map[p]] = s;
            }
            let (same, _) = figures(&topology, turned.clone(), &params);
            assert_eq!(same, base, "symmetry {k} of {stones:?}");
            let colours: Vec<Stone> = turned.into_iter().map(swap).collect();
            let (mirrored, _) = figures(&topology, colours, &swapped);
            let expected: Figures = base.iter().map(|f| f.map(|(b, w)| (w, b))).collect();
            assert_eq!(
                mirrored, expected,
                "colours swapped, symmetry {k} of {stones:?}"
            );
        }
    }
    assert!(
        with_seki >= 1000,
        "only {with_seki} seki positions in {games} games"
    );
}
