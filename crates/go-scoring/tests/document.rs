//! The 000 document's worked example (第二十七条 explanation figure = 图五), scored by every
//! method; each expectation cites the sentence of the document it comes from.

use go_scoring::analysis::Analysis;
use go_scoring::score::{self, HalfPoints, Method, Params, Version};
use go_scoring::{Color, PerColor};

fn example() -> (go_scoring::text::TextDiagram, Analysis) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/go/explanation.txt"
    ))
    .unwrap();
    let d = go_scoring::text::parse(&text).unwrap();
    let dead = vec![d.position.topology().parse_point("C2").unwrap().0];
    let a = Analysis::new(&d.position, &dead).unwrap();
    (d, a)
}

fn params(version: Version) -> Params {
    Params {
        version,
        moves: Some(PerColor::new(21, 21)),
        captures: Some(PerColor::new(1, 1)),
        ..Params::default()
    }
}

fn pts(v: i64) -> HalfPoints {
    HalfPoints::from_points(v)
}

#[test]
fn explanation_figure_living_stones() {
    // 第二十七条: "黑方有“子”19颗 … 路子3颗 … 共有活子22颗;白方有“子”20颗,有“路子”1颗 … 21颗 … 判黑方盘面胜1子"
    let (_, a) = example();
    assert_eq!(a.stones(Color::Black), 19);
    assert_eq!(a.roads(Color::Black), 3);
    assert_eq!(a.stones(Color::White), 20);
    assert_eq!(a.roads(Color::White), 1);
    for v in [Version::Law, Version::Art] {
        let s = score::living_stones(&a, &params(v)).unwrap();
        assert_eq!((s.black, s.white), (pts(22), pts(21)));
        assert_eq!((s.winner(), s.margin), (Some(Color::Black), pts(1)));
    }
}

#[test]
fn figure_six_roads_marked() {
    // 图六: b on a7, a6, a5 (Black's 3 roads), w on b2 (White's 1 road); the rest are essential eyes;
    // "黑方的基本眼位数量为2个,白方的基本眼位数量为4个".
    let (d, a) = example();
    let t = d.position.topology();
    let names = |k| -> Vec<String> {
        a.points_of(k)
            .into_iter()
            .map(|p| t.name(board_geometry::Point(p)))
            .collect()
    };
    assert_eq!(
        names(go_scoring::PointClass::Road(Color::Black)),
        ["A7", "A6", "A5"]
    );
    assert_eq!(names(go_scoring::PointClass::Road(Color::White)), ["B2"]);
    assert_eq!(a.eyes(Color::Black), 2);
    assert_eq!(a.eyes(Color::White), 4);
}

#[test]
fn explanation_figure_area_reverses_the_winner() {
    // 第二十八条 说明: "若按中国棋院子空皆地的算法,这一局棋黑方占地24子,白方占地25子 … 判白方胜"
    let (_, a) = example();
    let s = score::area(&a, &params(Version::Law));
    assert_eq!((s.black, s.white), (pts(24), pts(25)));
    assert_eq!(s.winner(), Some(Color::White));
}

#[test]
fn figure_seven_equal_roads() {
    // 图七: "黑方有局子21个,白方有局子20个 … 判黑方胜", each side 1 road.
    let (_, a) = example();
    let s = score::equal_roads(&a, &params(Version::Law)).unwrap();
    assert_eq!((s.black, s.white), (pts(21), pts(20)));
    let b = s.board.unwrap();
    assert_eq!((b.roads(Color::Black), b.roads(Color::White)), (1, 1));
}

#[test]
fn figure_eight_equal_stones_broad() {
    // 图八: bowls of 25; "填后,两方的棋罐内各留下5颗子,盘内黑白棋子各有20颗"; "黑有2路,白有1路".
    let (_, a) = example();
    let mut p = params(Version::Law);
    p.bowls = Some(PerColor::new(25, 25));
    let s = score::equal_stones(&a, &p).unwrap();
    let b = s.board.as_ref().unwrap();
    assert_eq!((b.stones(Color::Black), b.stones(Color::White)), (20, 20));
    assert_eq!((s.black, s.white), (pts(2), pts(1)));
    assert_eq!(s.winner(), Some(Color::Black));
}

#[test]
fn figure_nine_refill() {
    // 图九: refill 1 captured + 1 dead black and 1 captured white; "黑白两棋各有21枚局子";
    // "黑方有1路 … 白方无路 … 判黑方胜1路".
    let (_, a) = example();
    for v in [Version::Law, Version::Art] {
        let s = score::equal_stones_refill(&a, &params(v)).unwrap();
        let b = s.board.as_ref().unwrap();
        assert_eq!((b.stones(Color::Black), b.stones(Color::White)), (21, 21));
        assert_eq!((s.black, s.white), (pts(1), pts(0)));
    }
}

#[test]
fn figure_ten_returned_heads() {
    // 第三十三条: "在f1处取下一枚白子,换上一枚黑子"; "数出黑方有复子25个,算出白方有复子24个".
    let (d, a) = example();
    let s = score::returned_heads(&a, &params(Version::Law)).unwrap();
    assert_eq!((s.black, s.white), (pts(25), pts(24)));
    let b = s.board.as_ref().unwrap();
    let f1 = d.position.topology().parse_point("F1").unwrap().0;
    assert_eq!(
        b.marks()[f1 as usize],
        go_scoring::Mark::Stone(Color::Black)
    );
    assert_eq!(b.changes().len(), 1);
    // "不贴子的棋局,黑白两方归本数皆为180.5" on 19x19; here 49 points: 24.5 each.
    let t = s.threshold.unwrap();
    assert_eq!(
        (t.black.to_string(), t.white.to_string()),
        ("24.5".to_string(), "24.5".to_string())
    );
}

#[test]
fn every_living_method_agrees() {
    // 第三十条: "不论采用哪一种简便算法,都会得到同样的胜负结果".
    let (_, a) = example();
    for v in [Version::Law, Version::Art] {
        for m in Method::ALL.iter().filter(|m| m.is_living_family()) {
            let s = score::score(&a, *m, &params(v)).unwrap();
            assert_eq!((s.winner(), s.margin), (Some(Color::Black), pts(1)), "{m}");
        }
    }
}
