//! Hand-checked seki and dame positions on one-row boards, where every continuation can be
//! read out by hand (reasoning in each test).
//!
//! Expectations: 第二十七条 "双活棋中的带眼的每块棋要保留1个独自拥有的基本眼位,双活棋的公气应视为
//! 双方共有的基本眼位"; Chinese rules 2002 "双方活棋之间的空点各得一半" (area); KataGo's
//! tax rules (specs/go.md §2.4-2.5): seki stones score, seki empty points and seki units are
//! neither counted nor taxed; Japanese territory: no points in seki.

use go_scoring::analysis::Analysis;
use go_scoring::score::{self, HalfPoints, Params};
use go_scoring::{Color, PerColor, PointClass};

fn analyse(row: &str) -> Analysis {
    let d = go_scoring::text::parse(row).unwrap();
    Analysis::new(&d.position, &[]).unwrap()
}

fn params() -> Params {
    Params {
        captures: Some(PerColor::new(0, 0)),
        moves: Some(PerColor::new(1, 1)),
        ..Params::default()
    }
}

fn half(v: i64) -> HalfPoints {
    HalfPoints(v)
}

#[test]
fn a_chain_in_atari_is_not_seki() {
    // X . . O: the black stone's only liberty is B, so White captures by playing B: B is
    // White's to fill (a one-sided point), not a shared seki liberty.
    let a = analyse("X..O");
    assert_eq!(a.class(1), PointClass::Road(Color::White));
}

#[test]
fn one_eyed_seki_keeps_one_essential_eye_each() {
    // . X . O . : each chain has an eye at the end and shares C. Black at C would leave
    // {B,C} with the single liberty A and White captures at A (and vice versa): seki.
    let a = analyse(".X.O.");
    assert_eq!(a.class(2), PointClass::SharedEye);
    assert_eq!(a.class(0), PointClass::Eye(Color::Black));
    assert_eq!(a.class(4), PointClass::Eye(Color::White));
    assert_eq!((a.roads(Color::Black), a.roads(Color::White)), (0, 0));
    let p = params();
    let l = score::living_stones(&a, &p).unwrap();
    assert_eq!((l.black, l.white), (half(2), half(2)));
    // Returned heads: compound = stone + own eye + half the shared liberty = 2.5 each,
    // no head returned (one essential eye each).
    let r = score::returned_heads(&a, &p).unwrap();
    assert_eq!((r.black, r.white), (half(5), half(5)));
    assert!(r.board.unwrap().changes().is_empty());
    // KataGo group tax: the seki eye scores nothing and the unit is not taxed: 1 each.
    let g = score::group_tax(&a, &p);
    assert_eq!((g.black, g.white), (half(2), half(2)));
}

#[test]
fn unfilled_dame_between_living_groups_is_split_not_seki() {
    // Two groups with two eyes each and an unfilled column between them:
    //   . X . O .
    //   X X . O O
    //   . X . O .
    // Either side can fill any C point with its chain keeping many liberties, so these are
    // dame (单官), half a road each; both groups live independently with two eyes.
    let a = analyse(".X.O.\nXX.OO\n.X.O.\n");
    assert_eq!(a.dame(), 3);
    assert!(a.units().iter().all(|u| !u.seki));
    assert_eq!((a.eyes(Color::Black), a.eyes(Color::White)), (2, 2));
    let p = Params {
        moves: Some(PerColor::new(4, 4)),
        ..params()
    };
    // Living stones: 4 stones + 0 roads + 3/2 dame each = 5.5.
    let l = score::living_stones(&a, &p).unwrap();
    assert_eq!((l.black, l.white, l.winner()), (half(11), half(11), None));
    // Area: 4 stones + 2 eyes + 1.5 = 7.5 each.
    let ar = score::area(&a, &p);
    assert_eq!((ar.black, ar.white), (half(15), half(15)));
    // Group tax: 4 + 2 - 2 = 4 each (dame score nothing).
    let g = score::group_tax(&a, &p);
    assert_eq!((g.black, g.white), (half(8), half(8)));
    // Every shortcut agrees (a draw).
    for m in go_scoring::Method::ALL
        .iter()
        .filter(|m| m.is_living_family())
    {
        let s = score::score(&a, *m, &p).unwrap();
        assert_eq!(s.winner(), None, "{m}");
    }
}

#[test]
fn one_sided_point_is_the_owners_road() {
    // X X . O . : C borders Black {A,B} (whose only liberty it is) and White {D} (which also
    // has E). Black cannot fill C (its chain would have no liberty and captures nothing);
    // White can, capturing {A,B}. Only White has the right to fill C: it is White's road
    // (单方权利的官子是有权方的路点), not a shared seki liberty.
    let a = analyse("XX.O.");
    assert_eq!(a.class(2), PointClass::Road(Color::White));
}
