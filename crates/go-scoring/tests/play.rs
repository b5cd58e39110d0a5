//! Play: captures, ko and suicide rules, superko, undo, and the incremental chain data
//! against a slow recomputation. Rule expectations come from the rule texts summarised in
//! specs/go.md §1-2 (simple ko; positional / situational superko; KataGo's suicide options).

use board_core::Rng;
use board_geometry::{Graph, Point as GeoPoint, Topology as _};
use go_scoring::position::Position;
use go_scoring::{
    Board, Color, IllegalMove, KoRule, Move, Point, Rules, Shape, Stone, SuicideRule,
};
use std::sync::Arc;

fn board_from(rows: &[&str], rules: Rules, to_move: Color) -> Board {
    let text = rows.join("\n");
    let d = go_scoring::text::parse(&text).unwrap();
    Board::from_position(&d.position, rules, to_move)
}

fn pt(b: &Board, name: &str) -> Point {
    b.topology().parse_point(name).unwrap().0
}

#[test]
fn capture_counts_prisoners() {
    // A lone white stone with one liberty is captured by the stone on its last liberty.
    let mut b = board_from(
        &[".X...", "XO...", ".X...", ".....", "....."],
        Rules::CHINESE,
        Color::Black,
    );
    b.play(Move::Place(pt(&b, "C4"))).unwrap();
    assert_eq!(b.at(pt(&b, "B4")), Stone::Empty);
    assert_eq!(b.captures().black, 1);
    b.check_consistency().unwrap();
}

const KO: [&str; 5] = [".XO..", "XO.O.", ".XO..", ".....", "....."];

#[test]
fn simple_ko_forbids_immediate_recapture_only() {
    // Black takes the ko at C4; White may not retake at B4 at once, but may after a move elsewhere.
    let mut b = board_from(&KO, Rules::CHINESE, Color::Black);
    b.play(Move::Place(pt(&b, "C4"))).unwrap();
    assert_eq!(b.ko_point(), Some(pt(&b, "B4")));
    assert_eq!(b.play(Move::Place(pt(&b, "B4"))), Err(IllegalMove::Ko));
    b.play(Move::Place(pt(&b, "E1"))).unwrap();
    b.play(Move::Place(pt(&b, "A1"))).unwrap();
    b.play(Move::Place(pt(&b, "B4"))).unwrap();
    assert_eq!(b.captures(), go_scoring::PerColor::new(1, 1));
}

#[test]
fn superko_forbids_repeating_a_position() {
    // Under positional and situational superko the immediate retake recreates the earlier
    // position (with the same player to move) and is refused.
    for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
        let rules = Rules {
            ko,
            ..Rules::CHINESE
        };
        let mut b = board_from(&KO, rules, Color::Black);
        b.play(Move::Place(pt(&b, "C4"))).unwrap();
        assert_eq!(b.play(Move::Place(pt(&b, "B4"))), Err(IllegalMove::Superko));
    }
}

#[test]
fn superko_on_a_two_point_line() {
    // On a 1x2 board: Black a, White b captures a; Black retaking a would recreate the board
    // "Black at a, White to move" of move 1: both superko rules refuse it, simple ko does
    // not apply (White's capture was not a single-stone ko recapture shape... it is: one
    // stone captured by a stone that now has one liberty, so simple ko refuses it as well).
    let topo = Arc::new(Shape::grid(2, 1).unwrap());
    for (ko, err) in [
        (KoRule::PositionalSuperko, IllegalMove::Superko),
        (KoRule::SituationalSuperko, IllegalMove::Superko),
        (KoRule::Simple, IllegalMove::Ko),
    ] {
        let rules = Rules {
            ko,
            first: Color::Black,
            ..Rules::CHINESE
        };
        let mut b = Board::new(topo.clone(), rules);
        b.play(Move::Place(0)).unwrap();
        b.play(Move::Place(1)).unwrap();
        assert_eq!(b.at(0), Stone::Empty);
        assert_eq!(b.play(Move::Place(0)), Err(err));
        // After a pass by each side the simple-ko ban is gone, superko still refuses.
        b.play(Move::Pass).unwrap();
        b.play(Move::Pass).unwrap();
        let again = b.play(Move::Place(0));
        match ko {
            KoRule::Simple => assert_eq!(again, Ok(())),
            _ => assert_eq!(again, Err(IllegalMove::Superko)),
        }
    }
}

#[test]
fn suicide_rules() {
    // Playing into a point surrounded by opposing stones with liberties.
    let rows = [".O...", "O.O..", ".O...", ".....", "....."];
    let rules = |s| Rules {
        suicide: s,
        ..Rules::CHINESE
    };
    let mut b = board_from(&rows, rules(SuicideRule::Illegal), Color::Black);
    assert_eq!(b.play(Move::Place(pt(&b, "B4"))), Err(IllegalMove::Suicide));
    // Single-stone suicide is never legal when only multi-stone suicide is (KataGo).
    let mut b = board_from(&rows, rules(SuicideRule::MultiStoneLegal), Color::Black);
    assert_eq!(b.play(Move::Place(pt(&b, "B4"))), Err(IllegalMove::Suicide));
    // All legal: the stone disappears, White gains a prisoner.
    let mut b = board_from(&rows, rules(SuicideRule::AllLegal), Color::Black);
    b.play(Move::Place(pt(&b, "B4"))).unwrap();
    assert_eq!(b.at(pt(&b, "B4")), Stone::Empty);
    assert_eq!(b.captures().white, 1);
    // Multi-stone suicide: Black A5 joins B5? Build a two-stone black chain with one liberty.
    let rows2 = ["XO...", ".O...", "O....", ".....", "....."];
    let mut b = board_from(&rows2, rules(SuicideRule::MultiStoneLegal), Color::Black);
    b.play(Move::Place(pt(&b, "A4"))).unwrap();
    assert_eq!(b.at(pt(&b, "A5")), Stone::Empty);
    assert_eq!(b.at(pt(&b, "A4")), Stone::Empty);
    assert_eq!(b.captures().white, 2);
    let mut b = board_from(&rows2, rules(SuicideRule::Illegal), Color::Black);
    assert_eq!(b.play(Move::Place(pt(&b, "A4"))), Err(IllegalMove::Suicide));
}

#[test]
fn occupied_off_board_and_turn() {
    let mut b = Board::new(Arc::new(Shape::square(5).unwrap()), Rules::CHINESE);
    b.play(Move::Place(0)).unwrap();
    assert_eq!(b.play(Move::Place(0)), Err(IllegalMove::Occupied));
    assert_eq!(b.play(Move::Place(25)), Err(IllegalMove::OffBoard));
    assert_eq!(
        b.play_as(Color::Black, Move::Pass),
        Err(IllegalMove::WrongTurn)
    );
}

#[test]
fn passes_and_virtual_moves_are_counted() {
    // 虚着 counts as a move for the refill procedure; 放弃 (a pass) does not.
    let mut b = Board::new(Arc::new(Shape::square(5).unwrap()), Rules::LIVING_STONES);
    assert_eq!(b.side_to_move(), Color::White);
    b.play(Move::Place(0)).unwrap();
    b.play(Move::Virtual).unwrap();
    b.play(Move::Pass).unwrap();
    b.play(Move::Pass).unwrap();
    assert_eq!(b.moves(), go_scoring::PerColor::new(0, 1));
    assert_eq!(b.virtual_moves(), go_scoring::PerColor::new(1, 0));
    assert_eq!(b.passes(), go_scoring::PerColor::new(1, 1));
    assert_eq!(b.counted_moves(), go_scoring::PerColor::new(1, 1));
    assert_eq!(b.consecutive_passes(), 2);
}

/// The obviously correct legality test: copy, place, remove opposing chains without
/// liberties, then check the own chain; superko by comparing with every earlier board.
fn slow_legal(pos: &Position, c: Color, p: Point, rules: &Rules, seen: &[Vec<Stone>]) -> bool {
    if pos.at(p) != Stone::Empty {
        return false;
    }
    let mut s = pos.stones().to_vec();
    s[p as usize] = Stone::of(c);
    let after = Position::unchecked(pos.topology_arc().clone(), s.clone());
    let mut captured = false;
    for chain in after.chains() {
        if chain.color != c && chain.liberties.is_empty() {
            captured = true;
            for q in chain.stones {
                s[q as usize] = Stone::Empty;
            }
        }
    }
    let after = Position::unchecked(pos.topology_arc().clone(), s.clone());
    let own_dead = after
        .chains()
        .iter()
        .any(|ch| ch.color == c && ch.liberties.is_empty());
    if own_dead && !captured && rules.suicide == SuicideRule::Illegal {
        return false;
    }
    if rules.ko == KoRule::PositionalSuperko && seen.contains(&s) {
        return false;
    }
    true
}

#[test]
fn random_play_matches_slow_reference_and_recomputation() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let topologies = [
        Arc::new(Shape::square(5).unwrap()),
        Arc::new(Shape::grid(7, 4).unwrap()),
        Arc::new(Shape::Graph(
            Graph::from_edges(
                12,
                &[
                    (0, 1),
                    (1, 2),
                    (2, 3),
                    (3, 4),
                    (4, 5),
                    (5, 0),
                    (0, 6),
                    (6, 7),
                    (7, 8),
                    (8, 9),
                    (9, 10),
                    (10, 11),
                    (11, 6),
                    (3, 9),
                ],
            )
            .unwrap(),
        )),
    ];
    let rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: SuicideRule::Illegal,
        ..Rules::CHINESE
    };
    for topo in topologies {
        for _ in 0..20 {
            let mut b = Board::new(topo.clone(), rules);
            let mut seen = vec![b.position().stones().to_vec()];
            for _ in 0..120 {
                let pos = b.position();
                let c = b.side_to_move();
                for p in 0..topo.len() as Point {
                    assert_eq!(
                        b.is_legal(c, p),
                        slow_legal(&pos, c, p, &rules, &seen),
                        "point {p}"
                    );
                }
                let legal: Vec<Point> = (0..topo.len() as Point)
                    .filter(|&p| b.is_legal(c, p))
                    .collect();
                if legal.is_empty() {
                    b.play(Move::Pass).unwrap();
                } else {
                    let p = legal[rng.index(legal.len())];
                    b.play(Move::Place(p)).unwrap();
                }
                b.check_consistency().unwrap();
                seen.push(b.position().stones().to_vec());
            }
            // Undo walks back through the same positions.
            for i in (0..seen.len() - 1).rev().take(10) {
                b.undo().unwrap();
                assert_eq!(b.position().stones(), &seen[i][..]);
                b.check_consistency().unwrap();
            }
        }
    }
}

#[test]
fn board_geometry_topologies_convert() {
    // A 5x5 board-geometry grid gives the same neighbour table as our own grid, directly or
    // through the generic graph conversion.
    let geo = board_geometry::Grid::square(5).unwrap();
    let direct = Shape::from(geo.clone());
    assert_eq!(direct, Shape::square(5).unwrap());
    let as_graph = Shape::from(Graph::from_topology(&geo));
    assert_eq!(as_graph.len(), 25);
    assert_eq!(as_graph.edge_count(), 40);
    for p in 0..25u16 {
        let p = GeoPoint(p);
        assert_eq!(as_graph.neighbours(p), direct.neighbours(p));
        assert_eq!(as_graph.name(p), p.0.to_string());
    }
    assert_eq!(direct.name(GeoPoint(0)), "A5");
}

#[test]
fn play_unchecked_replays_legal_moves_like_play() {
    let mut rng = Rng::new(0x0BAD_5EED);
    let rules = Rules {
        ko: KoRule::PositionalSuperko,
        ..Rules::CHINESE
    };
    let topo = Arc::new(Shape::square(7).unwrap());
    let mut checked = Board::new(topo.clone(), rules);
    let mut unchecked = Board::new(topo, rules);
    for _ in 0..150 {
        let c = checked.side_to_move();
        let legal: Vec<Point> = (0..49).filter(|&p| checked.is_legal(c, p)).collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Place(legal[rng.index(legal.len())])
        };
        checked.play(mv).unwrap();
        unchecked.play_unchecked(mv);
        assert_eq!(unchecked.position(), checked.position());
        assert_eq!(unchecked.hash(), checked.hash());
        unchecked.check_consistency().unwrap();
    }
    // An occupied point is ignored.
    let before = unchecked.position();
    let occupied = (0..49).find(|&p| unchecked.at(p) != Stone::Empty).unwrap();
    unchecked.play_unchecked(Move::Place(occupied));
    assert_eq!(unchecked.position(), before);
    // A checked move that is illegal leaves the board untouched.
    let record = checked.record().len();
    assert_eq!(
        checked.play(Move::Place(occupied)),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(checked.record().len(), record);
}
