//! The closing step an arbiter applies to a finished record before counting: the dame left
//! open, the teire their filling makes necessary, and the points one side has closed.
//!
//! Expectations: the Japanese Rules of Go (1989), article 8 (territory is the empty points
//! surrounded by the living stones of one player only; every other empty point is dame) and
//! the commentary to article 9 (before the game ends the dame are filled, and where filling
//! one makes a defensive move inside one's own boundary necessary, that teire is played
//! first); the 2002 Chinese rules for the area count (a dame left unfilled counts half to
//! each side). No rule names a direction or a colour, so the closing is checked on the 8
//! symmetric copies of random boards and with the colours swapped.

#[allow(dead_code)]
mod common;

use common::{Rng, chain, method_figures, params_and_swapped, playout, swap, symmetries};
use go_scoring::analysis::close::{Closing, FillReason, Sente, close};
use go_scoring::score::{self, Method, Params};
use go_scoring::{Analysis, Color, PerColor, Point, Position, Shape, Stone, text};
use std::sync::Arc;

fn parse(rows: &str) -> Position {
    text::parse(rows).expect("a diagram").position
}

fn name(position: &Position, p: Point) -> String {
    position.topology().name(board_geometry::Point(p))
}

/// What the closing played, by point name, colour and reason, in the order played.
fn named_fills(position: &Position, closing: &Closing) -> Vec<(String, Color, FillReason)> {
    closing
        .fills
        .iter()
        .map(|f| (name(position, f.point), f.color, f.reason))
        .collect()
}

/// The points named (`D2`, …) on the position's board.
fn points(position: &Position, names: &[&str]) -> Vec<Point> {
    names
        .iter()
        .map(|s| position.topology().parse_point(s).unwrap().0)
        .collect()
}

fn territory(a: &Analysis) -> (i64, i64) {
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    let s = score::score(a, Method::Territory, &params).expect("captures given");
    (s.black.0 / 2, s.white.0 / 2)
}

#[test]
fn a_territory_open_at_one_boundary_point_is_closed_with_the_teire_it_needs() {
    // Black's wall on the third column has a gap at C3; White's wall stands beside it. The
    // empty region of Black's area reaches C3, which touches White: by article 8 none of it
    // is territory until the gap is filled. White fills C3 (it touches Black's area point B3,
    // so Black must answer there: teire); Black's fill would open nothing of White's. Closed:
    // Black 12 area points less the teire, 11; White 12.
    let position = parse(
        ". . X O . .\n\
         . . X O . .\n\
         . . X O . .\n\
         . . . O . .\n\
         . . X O . .\n\
         . . X O . .\n",
    );
    let open = Analysis::new(&position, &[]).unwrap();
    assert_eq!(
        territory(&open),
        (0, 12),
        "open: Black's area is no territory"
    );
    let closing = close(&open);
    let fills = named_fills(&position, &closing);
    let c3 = position.topology().parse_point("C3").unwrap().0;
    assert_eq!(
        fills,
        vec![(
            "B3".to_string(),
            Color::Black,
            FillReason::Unsealed { dame: c3 }
        )]
    );
    assert_eq!(closing.sente, vec![(c3, Sente::One(Color::White))]);
    assert_eq!(
        closing.dame,
        vec![c3],
        "C3 stays a dame, counted for nobody"
    );
    assert_eq!(territory(&closing.analysis(&[]).unwrap()), (11, 12));
}

#[test]
fn a_gap_beside_a_lone_first_line_stone_forces_two_teire() {
    // The same gap one row lower: White's fill of C2 also leaves the lone C1 in atari, so
    // Black must both block at B2 and connect at B1 (the commentary to J1989 article 9 as read
    // here: a point is teire when, after the opponent fills the adjacent dame, a living chain
    // would be in atari or a region would no longer be sealed).
    let position = parse(
        ". . X O . .\n\
         . . X O . .\n\
         . . X O . .\n\
         . . . O . .\n\
         . . X O . .\n",
    );
    let open = Analysis::new(&position, &[]).unwrap();
    let closing = close(&open);
    let c2 = position.topology().parse_point("C2").unwrap().0;
    let mut fills: Vec<(String, FillReason)> = closing
        .fills
        .iter()
        .map(|f| (name(&position, f.point), f.reason))
        .collect();
    fills.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        fills,
        vec![
            ("B1".to_string(), FillReason::Atari { dame: c2 }),
            ("B2".to_string(), FillReason::Unsealed { dame: c2 }),
        ]
    );
    assert_eq!(territory(&closing.analysis(&[]).unwrap()), (8, 10));
}

#[test]
fn a_dame_fill_that_leaves_a_chain_in_atari_forces_the_connection() {
    // D4 is a dame between Black's C4/D3 and White's D5/E4. Black's fill puts White's D5 in
    // atari (its last liberty E5, inside White's area), so White connects at E5 before the
    // count: White's 6 area points become 5. White's fill of D4 threatens nothing.
    let position = parse(
        ". . X O . .\n\
         . . X . O .\n\
         . . X X O .\n\
         . . . X O .\n\
         . . . X O .\n",
    );
    let open = Analysis::new(&position, &[]).unwrap();
    assert_eq!(territory(&open), (12, 6));
    let closing = close(&open);
    let d4 = position.topology().parse_point("D4").unwrap().0;
    let fills = named_fills(&position, &closing);
    assert_eq!(
        fills,
        vec![(
            "E5".to_string(),
            Color::White,
            FillReason::Atari { dame: d4 }
        )]
    );
    assert_eq!(closing.teire().count(), 1);
    assert_eq!(territory(&closing.analysis(&[]).unwrap()), (12, 5));
}

#[test]
fn dame_between_closed_walls_are_left_for_nobody() {
    // The crate's own example: two closed walls with the middle column empty. Every point of
    // it touches both colours and no area: nothing is forced, nothing is filled, and the
    // area count keeps them half each (10 + 2.5 on each side).
    let position = parse(
        ".X.O.\n\
         XX.OO\n\
         .X.O.\n\
         XX.OO\n\
         .X.O.\n",
    );
    let open = Analysis::new(&position, &[]).unwrap();
    let closing = close(&open);
    assert!(closing.fills.is_empty(), "{:?}", closing.fills);
    assert_eq!(closing.dame.len(), 5);
    let closed = closing.analysis(&[]).unwrap();
    let area = score::score(&closed, Method::Area, &Params::default()).unwrap();
    assert_eq!((area.black.0, area.white.0), (25, 25));
}

#[test]
fn a_dead_stone_point_is_never_filled_and_counts_for_its_killer() {
    // White's B3 is dead inside Black's area; its point counts for Black (article 10: dead
    // stones are removed and their points are territory). The closing plays no stone there.
    let position = parse(
        ". . X O . .\n\
         . . X O . .\n\
         . O X O . .\n\
         . . X O . .\n\
         . . X O . .\n",
    );
    let b3 = position.topology().parse_point("B3").unwrap().0;
    let open = Analysis::new(&position, &[b3]).unwrap();
    let closing = close(&open);
    assert!(closing.fills.iter().all(|f| f.point != b3));
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    let closed = closing.analysis(&[b3]).unwrap();
    let s = score::score(&closed, Method::Territory, &params).unwrap();
    // 10 area points plus the prisoner; White 10
    assert_eq!((s.black.0 / 2, s.white.0 / 2), (11, 10));
}

/// Black's first-line chain D7-F7 short of liberties once the dame E6 and F6 are filled.
const EDGE_CHAIN: &str = ". X . X X X O\n\
                          X X X O . . O\n\
                          . X O O O O O\n\
                          X X O . . . .\n\
                          . X O . . . .\n\
                          X X O . . . .\n\
                          . X O . . . .\n";

/// Two eyes, E8 and C8, shared by three Black chains, the outer one with three dame.
const THREE_CHAINS: &str = ". X . X . X X O\n\
                            X X X O X X . O\n\
                            X X X O . . O O\n\
                            . X O O O O O .\n\
                            X X O . . . . .\n\
                            . X O . . . . .\n\
                            X X O . . . . .\n\
                            . X O . . . . .\n";

#[test]
fn a_chain_left_in_atari_once_its_dame_are_filled_connects_inside_its_territory() {
    // Shortage of liberties (J1989 art. 9 and its commentary: teire are played before the
    // count). Black's first-line chain D7-F7 has the dame E6 and F6 below it and one more
    // liberty, C7, inside Black's territory. Whoever fills E6 and F6 (a Black stone there
    // joins nothing), the chain is then in atari at C7, so Black connects there: Black's
    // territory A7, C7, A5, A3, A1 loses C7. No single fill forces it (each leaves the chain
    // two liberties). Second opinion: GNU Go 3.8 (`gnugo --score aftermath --level 10`)
    // plays Black C7 with either side to move and counts W+12 (White 16, Black 4).
    let position = parse(EDGE_CHAIN);
    let open = Analysis::new(&position, &[]).unwrap();
    assert_eq!(territory(&open), (5, 16));
    let closing = close(&open);
    let fills = named_fills(&position, &closing);
    assert_eq!(
        fills,
        vec![("C7".to_string(), Color::Black, FillReason::Shortage)]
    );
    assert_eq!(closing.teire().count(), 1);
    assert_eq!(territory(&closing.analysis(&[]).unwrap()), (4, 16));
}

#[test]
fn two_eyes_shared_by_three_chains_take_two_teire_once_the_dame_are_filled() {
    // The shape of Hon-60-6 (Honinbo 1960, game 6: Black L6 and O6 in GNU Go's
    // aftermath), built small. Black's chain E7-F7-F8-G8 has the dame E6, F6 and G7 and the
    // eye E8, which it shares with D8; D8's other liberty is the eye C8, shared with Black's
    // living group. Once the dame are filled (no single fill leaves anything in atari), the
    // chain is down to E8; connecting there leaves the joined chain only C8, so Black
    // connects there too (J1989 art. 9 commentary: teire before the count). Black's
    // territory A8, C8, E8, A5, A3, A1 becomes 4 points. Second opinion: GNU Go 3.8
    // (`gnugo --score aftermath --level 10`) plays Black E8 and C8 with either side to move
    // and counts W+17 (White 21, Black 4).
    let position = parse(THREE_CHAINS);
    let open = Analysis::new(&position, &[]).unwrap();
    assert_eq!(territory(&open), (6, 21));
    let closing = close(&open);
    let mut fills = named_fills(&position, &closing);
    fills.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        fills,
        vec![
            ("C8".to_string(), Color::Black, FillReason::Shortage),
            ("E8".to_string(), Color::Black, FillReason::Shortage),
        ]
    );
    assert_eq!(territory(&closing.analysis(&[]).unwrap()), (4, 21));
}

/// White's dead D2-D1 inside Black's corner, beside Black's chain B1-D3 with the dame A1.
const BESIDE_DEAD: &str = ". . . . . . .\n\
                           . . . . . . .\n\
                           O O O O O O O\n\
                           O O O O O O O\n\
                           O O X X O X X\n\
                           O X X O X X .\n\
                           . X . O X . X\n";

#[test]
fn a_chain_short_of_liberties_beside_dead_stones_captures_them_first() {
    // The shape of Hon-90-7's lower left corner (Honinbo 1990, game 7: Black C1 in GNU Go's
    // aftermath), built small. White's D2-D1 are dead, but during the dame stage they stand
    // on the board (J1989 art. 9 and 10: dead stones are removed after the game stops).
    // Black's chain B1-B2-C2-C3-D3 then has the dame A1 and C1, the dead stones' last
    // liberty too; once A1 is filled White C1 would capture the chain, so Black takes the
    // dead stones at C1 first. Black: C1, D1, D2, F1, G2 and 2 prisoners, less C1, is 6;
    // White 14. Second opinion: GNU Go 3.8 (`gnugo --score aftermath --level 10`) lists D2
    // and D1 dead, plays Black C1 with either side to move and counts W+8.
    let position = parse(BESIDE_DEAD);
    let dead = points(&position, &["D2", "D1"]);
    let open = Analysis::new(&position, &dead).unwrap();
    assert_eq!(territory(&open), (7, 14));
    let closing = close(&open);
    let fills = named_fills(&position, &closing);
    assert_eq!(
        fills,
        vec![("C1".to_string(), Color::Black, FillReason::Shortage)]
    );
    assert_eq!(territory(&closing.analysis(&dead).unwrap()), (6, 14));
}

/// White's dead F2 beside Black's first-line chain B1-E2, whose last liberty E1 leads only
/// to F1, the dead stone's own last liberty.
const CAPTURE_ELSEWHERE: &str = ". . . . . . . . .\n\
                                 . . . . . . . . .\n\
                                 . . . . . . . . .\n\
                                 . . . . . . . . .\n\
                                 O O O O O O O O O\n\
                                 . O O O O X X X X\n\
                                 O O X . O X . . .\n\
                                 O X X X X O X . .\n\
                                 . X X X . . . . .\n";

#[test]
fn a_chain_short_of_liberties_beside_dead_stones_takes_them_where_they_are_in_atari() {
    // The shape of the 22nd Tengen, game 2 (Black F1 in GNU Go 3.8's aftermath), built
    // small. White's F2 is dead but stands during the dame stage (J1989 art. 9 and 10). Once
    // the dame A1 and D3 are filled, Black's chain B1-E2 has one liberty, E1; connecting
    // there leaves it F1 alone, so that is no defence. F1 is also the last liberty of the dead
    // F2: Black takes it there, and the chain has E1 and F2. White E1 would otherwise
    // capture the chain. Black: E1, F1, F2, G1-J3 and one prisoner, less F1, is 11; White
    // 37. Second opinion: GNU Go 3.8 (`gnugo --score aftermath --level 10`) lists F2 dead,
    // plays Black F1 with either side to move (White A1 and D3 being the dame) and counts
    // W+26.
    let position = parse(CAPTURE_ELSEWHERE);
    let dead = points(&position, &["F2"]);
    let open = Analysis::new(&position, &dead).unwrap();
    assert_eq!(territory(&open), (12, 37));
    let closing = close(&open);
    assert_eq!(
        named_fills(&position, &closing),
        vec![("F1".to_string(), Color::Black, FillReason::Shortage)]
    );
    assert_eq!(territory(&closing.analysis(&dead).unwrap()), (11, 37));
}

#[test]
fn a_lone_stone_the_other_side_would_capture_into_a_snapback_needs_no_teire() {
    // The shape of the played-out Hon-60-6 (Honinbo 1960, game 6, played on by GNU Go to two
    // passes), built small. Black's E4-E3 are dead in White's area; standing, they leave
    // White's lone D3 only D4, their own last liberty too. Black D4 would take D3, but the
    // three Black stones are then left one liberty, D3, and White takes them back: the
    // exchange costs White nothing, so no teire is played. Second opinion: GNU Go 3.8
    // (`gnugo --score aftermath --level 10`) lists E4 and E3 dead, passes in the dame stage
    // with either side to move and counts W+19 (White 19 and 2 prisoners, Black 2).
    let position = parse(
        ". . . . . . .\n\
         . . . . . . .\n\
         O O O O O O O\n\
         O O O . X O O\n\
         X X X O X O O\n\
         . X X X O . O\n\
         X . X X O O .\n",
    );
    let dead = points(&position, &["E4", "E3"]);
    let open = Analysis::new(&position, &dead).unwrap();
    assert_eq!(territory(&open), (2, 21));
    let closing = close(&open);
    assert!(closing.fills.is_empty(), "{:?}", closing.fills);
    assert_eq!(territory(&closing.analysis(&dead).unwrap()), (2, 21));
}

/// Black's dead C3, E3 and D2 round White's lone D3, whose last liberty is D4 while they stand.
const KO_BESIDE_DEAD: &str = ". . . . . . .\n\
                              . . . . . . .\n\
                              O O O O O O O\n\
                              O O O . O O O\n\
                              O O X O X O O\n\
                              O O . X . O O\n\
                              O O O O O O .\n";

#[test]
fn a_lone_stone_dead_stones_alone_would_capture_needs_no_teire() {
    // Black D4 would take White's lone D3, but the capturing stone joins no living Black
    // stone: it and the dead C3, E3 and D2 stay inside White's area and are taken in turn,
    // one prisoner each way, so White plays no teire (a teire would cost it a point). The
    // shape of the 4th Tengen (1978), game 4 (White M8 among Black's dead L8, M9 and N8, its last
    // liberty M7, in a play-out by GNU Go 3.8 to two passes): the players left it so, GNU Go
    // passes there and counts W+0.5 as the record does; a teire at M7 gives B+0.5.
    let position = parse(KO_BESIDE_DEAD);
    let dead = points(&position, &["C3", "E3", "D2"]);
    let open = Analysis::new(&position, &dead).unwrap();
    let closing = close(&open);
    let shortage: Vec<_> = named_fills(&position, &closing)
        .into_iter()
        .filter(|f| f.2 == FillReason::Shortage)
        .collect();
    assert!(shortage.is_empty(), "{shortage:?}");
}

#[test]
fn the_shortage_teire_are_the_same_on_every_symmetric_copy_and_with_colours_swapped() {
    // No rule names a direction or a colour: the teire of the four shapes above map onto
    // each copy of the board, and onto the other colour when the colours are swapped.
    for (rows, dead) in [
        (EDGE_CHAIN, &[][..]),
        (THREE_CHAINS, &[][..]),
        (BESIDE_DEAD, &["D2", "D1"][..]),
        (CAPTURE_ELSEWHERE, &["F2"][..]),
    ] {
        let position = parse(rows);
        let topology = position.topology_arc().clone();
        let dead: Vec<usize> = dead
            .iter()
            .map(|s| topology.parse_point(s).unwrap().0 as usize)
            .collect();
        let stones = position.stones().to_vec();
        let n = (stones.len() as f64).sqrt() as usize;
        assert_eq!(n * n, stones.len(), "a square board");
        let teire = |stones: &[Stone], dead: &[usize]| {
            let p = Position::unchecked(topology.clone(), stones.to_vec());
            let dead: Vec<Point> = dead.iter().map(|&d| d as Point).collect();
            let mut t: Vec<(usize, Color)> = close(&Analysis::new(&p, &dead).unwrap())
                .fills
                .iter()
                .filter(|f| f.reason == FillReason::Shortage)
                .map(|f| (f.point as usize, f.color))
                .collect();
            t.sort_unstable();
            t
        };
        let base = teire(&stones, &dead);
        assert!(!base.is_empty());
        for (k, map) in symmetries(n).iter().enumerate() {
            let mut turned = vec![Stone::Empty; n * n];
            for (p, &s) in stones.iter().enumerate() {
                turned[map[p]] = s;
            }
            let turned_dead: Vec<usize> = dead.iter().map(|&d| map[d]).collect();
            let mut expected: Vec<(usize, Color)> =
                base.iter().map(|&(p, c)| (map[p], c)).collect();
            expected.sort_unstable();
            assert_eq!(teire(&turned, &turned_dead), expected, "symmetry {k}");
            let colours: Vec<Stone> = turned.into_iter().map(swap).collect();
            let mut swapped: Vec<(usize, Color)> =
                expected.iter().map(|&(p, c)| (p, c.opponent())).collect();
            swapped.sort_unstable();
            assert_eq!(
                teire(&colours, &turned_dead),
                swapped,
                "colours swapped, symmetry {k}"
            );
        }
    }
}

/// Every method's figures after closing, and what the closing played (count per reason and
/// colour, dame left), for the invariance checks.
type Summary = (Vec<Option<(i64, i64)>>, Vec<(Color, &'static str)>, usize);

fn summary(topology: &Arc<Shape>, stones: Vec<Stone>, params: &Params) -> Summary {
    let position = Position::unchecked(topology.clone(), stones);
    let open = Analysis::new(&position, &[]).unwrap();
    let closing = close(&open);
    let closed = closing.analysis(&[]).unwrap();
    let figures = method_figures(&closed, params);
    let mut played: Vec<(Color, &'static str)> = closing
        .fills
        .iter()
        .map(|f| (f.color, f.reason.name()))
        .collect();
    played.sort_unstable_by_key(|&(c, r)| (c.index(), r));
    (figures, played, closing.dame.len())
}

fn swapped_summary(s: &Summary) -> Summary {
    let figures = s.0.iter().map(|f| f.map(|(b, w)| (w, b))).collect();
    let mut played: Vec<(Color, &'static str)> =
        s.1.iter().map(|&(c, r)| (c.opponent(), r)).collect();
    played.sort_unstable_by_key(|&(c, r)| (c.index(), r));
    (figures, played, s.2)
}

/// Random boards, finished (both sides passed) and unfinished (stopped after a few dozen
/// moves, with open boundaries everywhere), closed on the 8 symmetric copies and with the
/// colours swapped: the same fills (by colour and reason), the same dame, the same counts.
#[test]
fn closing_is_invariant_under_symmetry_and_colour_swap() {
    let mut rng = Rng::new(0x00C1_05E5);
    let mut filled_boards = 0;
    for game in 0..600 {
        let n = 5 + rng.index(4);
        let topology = Arc::new(Shape::square(n as u32).unwrap());
        let limit = if game % 2 == 0 {
            2000
        } else {
            10 + rng.index(4 * n)
        };
        let board = playout(&mut rng, topology.clone(), limit);
        let stones = board.position().stones().to_vec();
        let first = if rng.index(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (params, swapped) = params_and_swapped(&board, first);
        let base = summary(&topology, stones.clone(), &params);
        if !base.1.is_empty() {
            filled_boards += 1;
        }
        for (k, map) in symmetries(n).iter().enumerate() {
            let mut turned = vec![Stone::Empty; n * n];
            for (p, &s) in stones.iter().enumerate() {
                turned[map[p]] = s;
            }
            let same = summary(&topology, turned.clone(), &params);
            assert_eq!(same, base, "symmetry {k} of {stones:?}");
            let colours: Vec<Stone> = turned.into_iter().map(swap).collect();
            let mirrored = summary(&topology, colours, &swapped);
            assert_eq!(
                mirrored,
                swapped_summary(&base),
                "colours swapped, symmetry {k} of {stones:?}"
            );
        }
    }
    assert!(
        filled_boards >= 100,
        "only {filled_boards} boards where the closing played anything"
    );
}

/// A dead chain dies whole (article 10 removes dead stones as they are): a closing stone of
/// the same colour beside it would join it on the board and take the stone's chain down with
/// it, so the closed board must keep exactly the dead stones given. Random boards stopped
/// early, each with one random chain marked dead.
#[test]
fn the_closed_board_keeps_exactly_the_dead_stones_given() {
    let mut rng = Rng::new(0x0DEA_D5E7);
    let mut beside = 0;
    for _ in 0..1500 {
        let n = 5 + rng.index(4);
        let topology = Arc::new(Shape::square(n as u32).unwrap());
        let limit = 10 + rng.index(6 * n);
        let board = playout(&mut rng, topology.clone(), limit);
        let stones = board.position().stones().to_vec();
        let occupied: Vec<usize> = (0..stones.len())
            .filter(|&p| stones[p] != Stone::Empty)
            .collect();
        if occupied.is_empty() {
            continue;
        }
        let dead = chain(&topology, &stones, occupied[rng.index(occupied.len())]);
        let position = board.position();
        let open = Analysis::new(&position, &dead).unwrap();
        let closing = close(&open);
        let closed = closing.analysis(&dead).unwrap();
        assert_eq!(closed.dead(), open.dead(), "{stones:?}, dead {dead:?}");
        beside += closing
            .fills
            .iter()
            .filter(|f| {
                board_geometry::Topology::neighbours(&*topology, board_geometry::Point(f.point))
                    .iter()
                    .any(|q| dead.contains(&q.0))
            })
            .count();
    }
    assert!(beside >= 50, "only {beside} fills beside dead stones");
}
