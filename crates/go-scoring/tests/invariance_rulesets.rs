//! Every named ruleset's verdict is invariant under the board's symmetries and mirrored under
//! the colour swap.
//!
//! Expectation: no rule of Go names a direction or a colour. Turning or reflecting the board
//! changes no count; calling Black White (with the first mover, the captures and the moves
//! swapped along) swaps the two counts. Komi and handicap compensation are not symmetric by
//! design, so they are left at 0 here and the counts themselves are compared. The positions
//! are random finished games with a seki (shared liberties), some with a chain marked dead, so
//! that KataGo's seki test, the group tax and the prisoners of territory counting all take part.

#[allow(dead_code)]
mod common;

use common::{Rng, chain, params_and_swapped, playout, swap, symmetries};
use go_scoring::analysis::Analysis;
use go_scoring::analysis::close::close;
use go_scoring::score::{self, Method, Params};
use go_scoring::{Color, Point, Position, Ruleset, RulesetName, Shape, Stone, judge};
use std::sync::Arc;

/// Each ruleset's (Black, White) counts, `None` where it cannot count.
type Counts = Vec<Option<(i64, i64)>>;

/// How a test counts a board: [`counts`] or [`closed_counts`].
type Counter = fn(&Arc<Shape>, Vec<Stone>, &[Point], &Params) -> Counts;

fn counts(topology: &Arc<Shape>, stones: Vec<Stone>, dead: &[Point], params: &Params) -> Counts {
    let position = Position::unchecked(topology.clone(), stones);
    let a = Analysis::new(&position, dead).unwrap();
    Ruleset::all()
        .map(|r| {
            judge(&a, &r, params, 0)
                .ok()
                .map(|v| (v.black.0, v.white.0))
        })
        .collect()
}

/// Every ruleset's verdict and then every method's count after the closing step, as `go
/// score --close auto` counts them: the closed board for all but Tromp-Taylor, which counts
/// the board as it stands. Then what the closing played: per colour, the points filled for
/// each reason (the teire and boundary points), and the dame it left.
fn closed_counts(
    topology: &Arc<Shape>,
    stones: Vec<Stone>,
    dead: &[Point],
    params: &Params,
) -> Counts {
    let position = Position::unchecked(topology.clone(), stones);
    let plain = Analysis::new(&position, dead).unwrap();
    let closing = close(&plain);
    let closed = closing.analysis(dead).unwrap();
    let pick = |tromp_taylor: bool| if tromp_taylor { &plain } else { &closed };
    let mut out: Counts = Ruleset::all()
        .map(|r| {
            judge(pick(r.name == RulesetName::TrompTaylor), &r, params, 0)
                .ok()
                .map(|v| (v.black.0, v.white.0))
        })
        .collect();
    out.extend(Method::ALL.iter().map(|&m| {
        score::score(pick(m == Method::TrompTaylor), m, params)
            .ok()
            .map(|s| (s.black.0, s.white.0))
    }));
    // what was played, per reason the number of Black's and White's fills: mirrored like
    // the counts under the colour swap
    for reason in [
        "teire-unsealed",
        "teire-atari",
        "teire-connect",
        "one-sided",
        "seal",
    ] {
        let of = |c: Color| {
            closing
                .fills
                .iter()
                .filter(|f| f.color == c && f.reason.name() == reason)
                .count() as i64
        };
        out.push(Some((of(Color::Black), of(Color::White))));
    }
    out.push(Some((closing.dame.len() as i64, closing.dame.len() as i64)));
    out
}

/// True when removing `chain` leaves its points in a region only the other colour borders.
fn inside_the_other_area(position: Position, chain: &[Point]) -> bool {
    let colour = position.at(chain[0]).color().expect("a stone");
    let a = Analysis::new(&position, chain).unwrap();
    a.regions()
        .iter()
        .find(|r| r.points.contains(&chain[0]))
        .is_some_and(|r| r.owner() == Some(colour.opponent()))
}

#[test]
fn every_ruleset_is_invariant_under_symmetry_and_colour_swap() {
    finished_positions_with_seki(|n, stones, dead, params, swapped| {
        assert_invariant(n, stones, dead, params, swapped, counts)
    });
}

/// The closing step (`analysis::close`, played before counting as `go score --close auto`
/// does) on the same finished positions: every ruleset's verdict and every method's count of
/// the closed board (Tromp-Taylor of the board as it stands, as the command counts it) is
/// the same on the 8 symmetric copies and mirrored with the colours swapped. Expectation:
/// the Japanese Rules of Go (1989), commentary to article 9 (the dame are filled and the
/// teire they make necessary played before the count) names no direction and no colour, so
/// neither may the board it leaves.
#[test]
fn every_method_on_the_closed_board_is_invariant_under_symmetry_and_colour_swap() {
    let (mut filled, mut with_dame, mut with_dead_filled) = (0, 0, 0);
    finished_positions_with_seki(|n, stones, dead, params, swapped| {
        let topology = topology_of(n);
        let position = Position::unchecked(topology, stones.to_vec());
        let closing = close(&Analysis::new(&position, dead).unwrap());
        filled += usize::from(!closing.fills.is_empty());
        with_dame += usize::from(!closing.dame.is_empty());
        with_dead_filled += usize::from(!closing.fills.is_empty() && !dead.is_empty());
        assert_invariant(n, stones, dead, params, swapped, closed_counts)
    });
    // finished games leave little to close: the seki's shared liberties stay dame, and a
    // few boards still have a boundary point open or a chain in atari
    assert!(
        filled >= 30 && with_dame >= 500 && with_dead_filled >= 1,
        "closing played on {filled} boards ({with_dead_filled} with dead stones), left dame on {with_dame}"
    );
}

/// Calls `check` with random finished games with a seki (1000 of them, on 5x5 to 7x7), one
/// in three with a chain marked dead inside the other colour's area, each with its counting
/// parameters and the same with the colours swapped.
fn finished_positions_with_seki(
    mut check: impl FnMut(usize, &[Stone], &[Point], &Params, &Params),
) {
    let mut rng = Rng::new(0x7E5_1DE5);
    let mut with_seki = 0;
    let mut with_dead = 0;
    let mut games = 0;
    while with_seki < 1000 && games < 50_000 {
        games += 1;
        let n = 5 + rng.index(3);
        let topology = Arc::new(Shape::square(n as u32).unwrap());
        let board = playout(&mut rng, topology.clone(), 2000);
        let stones = board.position().stones().to_vec();
        let seki = {
            let a = Analysis::new(&board.position(), &[]).unwrap();
            a.shared_empty() > 0 && a.units().iter().any(|u| u.seki)
        };
        if !seki {
            continue;
        }
        with_seki += 1;
        // one game in three gets a random chain marked dead when it lies inside the other
        // colour's area, as a finished game's dead stones do (its removal leaves a region
        // only the other colour borders); marking a chain dead in the open leaves an
        // unfinished board, outside what a count is defined on
        let dead: Vec<Point> = if rng.index(3) == 0 {
            let occupied: Vec<usize> = (0..stones.len())
                .filter(|&p| stones[p] != Stone::Empty)
                .collect();
            let pick = (!occupied.is_empty())
                .then(|| chain(&topology, &stones, occupied[rng.index(occupied.len())]))
                .filter(|c| inside_the_other_area(board.position(), c))
                .unwrap_or_default();
            if !pick.is_empty() {
                with_dead += 1;
            }
            pick
        } else {
            Vec::new()
        };
        let first = if rng.index(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (params, swapped) = params_and_swapped(&board, first);
        check(n, &stones, &dead, &params, &swapped);
    }
    assert!(
        with_seki >= 1000 && with_dead >= 100,
        "only {with_seki} seki positions ({with_dead} with dead stones) in {games} games"
    );
}

/// Compares every ruleset's counts of `stones` (with `dead`) on the 8 symmetric copies and,
/// with the colours swapped, against the mirrored counts.
fn assert_invariant(
    n: usize,
    stones: &[Stone],
    dead: &[Point],
    params: &Params,
    swapped: &Params,
    counts: Counter,
) {
    let topology = Arc::new(Shape::square(n as u32).unwrap());
    let base = counts(&topology, stones.to_vec(), dead, params);
    for (k, map) in symmetries(n).iter().enumerate() {
        let mut turned = vec![Stone::Empty; n * n];
        for (p, &s) in stones.iter().enumerate() {
            turned[map[p]] = s;
        }
        let turned_dead: Vec<Point> = dead.iter().map(|&p| map[p as usize] as Point).collect();
        let same = counts(&topology, turned.clone(), &turned_dead, params);
        assert_eq!(same, base, "symmetry {k} of {stones:?}, dead {dead:?}");
        assert_colour_swap_mirrors(&topology, &turned, &turned_dead, &base, swapped, counts);
    }
}

/// With the colours of `stones` swapped (and `swapped`, the parameters with the first mover
/// and the captures swapped along), every ruleset's counts are `base` with Black's and
/// White's exchanged.
fn assert_colour_swap_mirrors(
    topology: &Arc<Shape>,
    stones: &[Stone],
    dead: &[Point],
    base: &Counts,
    swapped: &Params,
    counts: Counter,
) {
    let colours: Vec<Stone> = stones.iter().copied().map(swap).collect();
    let expected: Counts = base.iter().map(|f| f.map(|(b, w)| (w, b))).collect();
    assert_eq!(
        counts(topology, colours, dead, swapped),
        expected,
        "colours swapped of {stones:?}, dead {dead:?}"
    );
}

/// A board that is far from finished (one stone of each colour on 7x7) is still a board: its
/// one open region is settled as a whole, so the counts do not turn with it (the reflection
/// left to right once gave living stones Black 24 / White 23 as drawn and 20.5 / 24.5
/// reflected, when the region's dame were taken one by one in scan order).
#[test]
fn an_open_board_counts_the_same_in_every_orientation() {
    let n = 7;
    let mut stones = vec![Stone::Empty; n * n];
    stones[16] = Stone::Black;
    stones[42] = Stone::White;
    let params = Params::default();
    assert_invariant(n, &stones, &[], &params, &params, counts);
    // Settled as a whole, the 47 empty points are dame, half each (Chinese rules 2002:
    // "双方活棋之间的空点各得一半"): one stone and 23.5 points a side, by area and by living
    // stones (stones plus roads, a dame half a road each).
    let a = Analysis::new(&Position::unchecked(topology_of(n), stones), &[]).unwrap();
    assert_eq!(a.dame(), 47);
    for s in [
        go_scoring::score::area(&a, &params),
        go_scoring::score::living_stones(&a, &params).unwrap(),
    ] {
        assert_eq!((s.black.0, s.white.0), (49, 49), "{}", s.method);
    }
}

fn topology_of(n: usize) -> Arc<Shape> {
    Arc::new(Shape::square(n as u32).unwrap())
}

/// Open, unfinished boards: random games stopped after a random number of moves (from a few
/// stones to a nearly full board), so that large shared regions, dame both sides can fill and
/// half-built seki meet in one region. The same invariance as for finished games holds: no
/// rule of Go names a direction or a colour, finished or not; and so after the closing step,
/// which has many boundary points and teire to play here.
#[test]
fn every_ruleset_is_invariant_on_open_unfinished_boards() {
    let mut rng = Rng::new(0x0BE7_B0A2);
    let mut boards = 0;
    let mut with_dame = 0;
    let mut filled = 0;
    while boards < 600 {
        boards += 1;
        let n = 5 + rng.index(3);
        let topology = Arc::new(Shape::square(n as u32).unwrap());
        let moves = 1 + rng.index(n * n);
        let board = playout(&mut rng, topology.clone(), moves);
        let stones = board.position().stones().to_vec();
        if Analysis::new(&board.position(), &[]).unwrap().dame() > 0 {
            with_dame += 1;
        }
        let first = if rng.index(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (params, swapped) = params_and_swapped(&board, first);
        assert_invariant(n, &stones, &[], &params, &swapped, counts);
        // and after the closing step, which on open boards has much to play
        assert_invariant(n, &stones, &[], &params, &swapped, closed_counts);
        let closing = close(&Analysis::new(&board.position(), &[]).unwrap());
        filled += usize::from(!closing.fills.is_empty());
    }
    assert!(
        with_dame >= 300 && filled >= 200,
        "only {with_dame} of {boards} open boards have dame, {filled} were closed with fills"
    );
}

/// Open boards on rectangles (w ≠ h): the four symmetries a rectangle has (the two
/// reflections and the half turn) leave every count unchanged, finished or not, and the
/// colour swap mirrors them.
#[test]
fn every_ruleset_is_invariant_on_open_rectangles() {
    let mut rng = Rng::new(0x4EC7_0B0A);
    for _ in 0..300 {
        let (w, h) = loop {
            let (w, h) = (4 + rng.index(5), 4 + rng.index(5));
            if w != h {
                break (w, h);
            }
        };
        let topology = Arc::new(Shape::grid(w as u32, h as u32).unwrap());
        let moves = 1 + rng.index(w * h);
        let board = playout(&mut rng, topology.clone(), moves);
        let stones = board.position().stones().to_vec();
        let (params, swapped) = params_and_swapped(&board, Color::Black);
        let base = counts(&topology, stones.clone(), &[], &params);
        assert_colour_swap_mirrors(&topology, &stones, &[], &base, &swapped, counts);
        for (flip_x, flip_y) in [(true, false), (false, true), (true, true)] {
            let mut turned = vec![Stone::Empty; w * h];
            for (p, &s) in stones.iter().enumerate() {
                let (x, y) = (p % w, p / w);
                let x = if flip_x { w - 1 - x } else { x };
                let y = if flip_y { h - 1 - y } else { y };
                turned[y * w + x] = s;
            }
            assert_eq!(
                counts(&topology, turned, &[], &params),
                base,
                "{w}x{h} flipped ({flip_x}, {flip_y}) of {stones:?}"
            );
        }
    }
}

/// Open boards on irregular graphs (a cycle with chords) have no symmetry to turn by, but the
/// colour swap still mirrors every count.
#[test]
fn every_ruleset_mirrors_the_colour_swap_on_open_graph_boards() {
    let mut rng = Rng::new(0x6EA9_0B0A);
    let mut graphs = 0;
    while graphs < 200 {
        let topology = common::random_topology(&mut rng);
        if topology.grid_size().is_some() {
            continue;
        }
        graphs += 1;
        let n = board_geometry::Topology::len(topology.as_ref());
        let moves = 1 + rng.index(n);
        let board = playout(&mut rng, topology.clone(), moves);
        let stones = board.position().stones().to_vec();
        let (params, swapped) = params_and_swapped(&board, Color::White);
        let base = counts(&topology, stones.clone(), &[], &params);
        assert_colour_swap_mirrors(&topology, &stones, &[], &base, &swapped, counts);
    }
}
