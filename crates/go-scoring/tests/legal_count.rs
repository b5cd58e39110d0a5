//! Legal-position counts: brute force and border-state count against the published numbers
//! (Tromp & Farnebäck, "Combinatorics of Go"; OEIS A094777; copied into
//! `tests/data/go_legal_counts.json`) and against each other on random graphs.

use board_core::Rng;
use board_geometry::{Graph, Topology as _};
use go_scoring::legal_count::{
    count_brute, count_brute_grid, count_frontier, count_graph, count_graph_on_threads, count_grid,
    count_on_threads, count_with_order, grid_order, path_order,
};
use num_bigint::BigUint;

/// Pulls the quoted decimal strings that follow `"key"` in the data file: the file is small and
/// fixed, so a tiny scanner keeps the crate free of a JSON dependency.
fn published(key: &str) -> Vec<String> {
    let text = include_str!("data/go_legal_counts.json");
    let start = text.find(&format!("\"{key}\"")).expect("key in data file") + key.len() + 2;
    let rest = &text[start..];
    let open = rest.find(['[', '{']).unwrap();
    let close = rest.find([']', '}']).unwrap();
    let body = &rest[open + 1..close];
    // values are the quoted strings made only of digits that follow a ':' (objects) or stand
    // alone (arrays)
    let mut out = Vec::new();
    for part in body.split(',') {
        let value = part.rsplit(':').next().unwrap().trim().trim_matches('"');
        out.push(value.to_string());
    }
    out
}

fn big(s: &str) -> BigUint {
    s.parse().unwrap()
}

#[test]
fn one_by_n_brute_force_matches_published() {
    // Tromp & Farnebäck: L(1,n) for n = 1..10
    for (i, expected) in published("one_by_n").iter().enumerate() {
        let n = i + 1;
        assert_eq!(
            count_brute_grid(n, 1).unwrap().to_string(),
            *expected,
            "1x{n}"
        );
        assert_eq!(
            count_brute(&Graph::grid(1, n).unwrap())
                .unwrap()
                .to_string(),
            *expected,
            "1x{n} generic"
        );
    }
}

#[test]
fn one_by_n_border_count_matches_published() {
    for (i, expected) in published("one_by_n").iter().enumerate() {
        let n = i + 1;
        assert_eq!(count_grid(1, n).unwrap(), big(expected), "1x{n}");
        assert_eq!(count_grid(n, 1).unwrap(), big(expected), "{n}x1");
    }
}

#[test]
fn two_by_n_matches_published() {
    // Tromp & Farnebäck: L(2,n) for n = 1..6
    for (i, expected) in published("two_by_n").iter().enumerate() {
        let n = i + 1;
        assert_eq!(count_grid(2, n).unwrap(), big(expected), "2x{n}");
        assert_eq!(count_grid(n, 2).unwrap(), big(expected), "{n}x2");
        if 2 * n <= 12 {
            assert_eq!(count_brute_grid(2, n).unwrap().to_string(), *expected);
        }
    }
}

#[test]
fn squares_match_published() {
    // OEIS A094777: n×n for n = 1..7 (8x8 and larger: see the ignored test and the bench)
    for (i, expected) in published("square").iter().enumerate() {
        let n = i + 1;
        assert_eq!(count_grid(n, n).unwrap(), big(expected), "{n}x{n}");
    }
}

#[test]
fn small_squares_brute_force() {
    // 2×2 = 57 (also 81 − 16 − 8 by hand), 3×3 = 12,675: OEIS A094777
    assert_eq!(count_brute_grid(2, 2), Some(57));
    assert_eq!(count_brute_grid(3, 3), Some(12_675));
    assert_eq!(count_brute(&Graph::grid(3, 3).unwrap()), Some(12_675));
}

#[test]
#[ignore = "43 million colourings: several seconds"]
fn four_by_four_brute_force() {
    // OEIS A094777: 24,318,165
    assert_eq!(count_brute_grid(4, 4), Some(24_318_165));
}

#[test]
fn three_by_n_published() {
    // Tromp & Farnebäck: L(3,n), n = 1..8
    let expected = [
        "15",
        "489",
        "12675",
        "321689",
        "8180343",
        "208144601",
        "5296282323",
        "134764135265",
    ];
    for (i, e) in expected.iter().enumerate() {
        assert_eq!(count_grid(3, i + 1).unwrap(), big(e), "3x{}", i + 1);
    }
    // L(4,5) = 1,840,058,693 (Rainy, quoted by Farnebäck)
    assert_eq!(count_grid(4, 5).unwrap(), big("1840058693"));
}

#[test]
#[ignore = "about ten seconds of CPU in release"]
fn eight_and_nine_squares() {
    // OEIS A094777
    assert_eq!(
        count_grid(8, 8).unwrap(),
        big("990966953618170260281935463385")
    );
    assert_eq!(
        count_grid(9, 9).unwrap(),
        big("103919148791293834318983090438798793469")
    );
}

#[test]
fn threads_give_the_published_counts() {
    // OEIS A094777: 7×7 on 2 and 3 threads. Its steps hold tens of thousands of border
    // states, enough for the steps to be shared out (checked on the run's own figures), and
    // the count must not depend on how they were shared.
    let g = Graph::grid(7, 7).unwrap();
    for threads in [2, 3] {
        let (count, stats) = count_on_threads(&g, &grid_order(7, 7), 1 << 30, threads).unwrap();
        assert_eq!(count, big(&published("square")[6]), "{threads} threads");
        assert!(stats.max_states > 1 << 14, "{} states", stats.max_states);
    }
    // a graph that is not a grid takes the greedy ordering: 3×8 given as edges, L(3,8)
    let grid = Graph::grid(8, 3).unwrap();
    let edges: Vec<(u16, u16)> = (0..grid.len())
        .flat_map(|v| {
            grid.neighbour_indices(v)
                .filter(move |&u| u > v)
                .map(move |u| (v as u16, u as u16))
        })
        .collect();
    let plain = Graph::from_edges(grid.len(), &edges).unwrap();
    assert!(plain.grid_size().is_none());
    assert_eq!(
        count_graph_on_threads(&plain, 1 << 30, 2).unwrap(),
        big("134764135265")
    );
}

#[test]
fn the_state_bound_holds_on_threads() {
    // the memory bound stops a shared-out count as it stops the serial one, with the same
    // typed error: 8×8 holds 76,301 states at its widest, 5 MiB about 43,000, and the steps
    // are shared out from 16,384 states on (a step at most doubles them), so the bound is
    // met in a shared-out step
    let g = Graph::grid(8, 8).unwrap();
    let err = count_on_threads(&g, &grid_order(8, 8), 5 << 20, 2).unwrap_err();
    assert!(
        matches!(
            err,
            go_scoring::legal_count::FrontierError::TooManyStates { .. }
        ),
        "{err:?}"
    );
}

#[test]
fn greedy_ordering_on_a_grid_gives_the_same_count() {
    // the count must not depend on the ordering: compare the grid order with the greedy one
    // and with a deliberately poor one (column-major on a wide board, random-ish)
    let g = Graph::grid(4, 3).unwrap();
    let expected = big("321689"); // L(3,4) published
    assert_eq!(count_frontier(&g).unwrap(), expected);
    let scrambled: Vec<usize> = (0..12).map(|i| (i * 5) % 12).collect();
    assert_eq!(count_with_order(&g, &scrambled).unwrap(), expected);
}

fn random_graph(rng: &mut Rng, n: usize, edge_percent: u64) -> Graph {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < edge_percent {
                edges.push((a as u16, b as u16));
            }
        }
    }
    Graph::from_edges(n, &edges).unwrap()
}

#[test]
fn border_count_agrees_with_brute_force_on_random_graphs() {
    // two independent methods must agree on every graph (no published numbers needed)
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for trial in 0..120 {
        let n = 1 + rng.below(10) as usize;
        let density = 10 + rng.below(60);
        let g = random_graph(&mut rng, n, density);
        let brute = count_brute(&g).unwrap();
        assert_eq!(
            count_frontier(&g).unwrap(),
            BigUint::from(brute),
            "trial {trial}: {:?}",
            g.edges().collect::<Vec<_>>()
        );
        let reversed: Vec<usize> = path_order(&g).into_iter().rev().collect();
        assert_eq!(
            count_with_order(&g, &reversed).unwrap(),
            BigUint::from(brute)
        );
    }
}

#[test]
fn hand_checked_graphs() {
    // isolated point: only the empty colouring is legal
    assert_eq!(count_graph(&Graph::parse("a").unwrap()).unwrap(), big("1"));
    // triangle: every point touches every other, so a colouring is illegal only when no point
    // is empty: 27 − 8 = 19 (checked by hand)
    let triangle = Graph::parse("a b\nb c\nc a\n").unwrap();
    assert_eq!(count_brute(&triangle), Some(19));
    assert_eq!(count_graph(&triangle).unwrap(), big("19"));
    // star with centre c and leaves x, y, z: centre empty gives 3^3 = 27 (every leaf
    // touches it); centre coloured: each leaf is empty (a liberty) or same colour, and the
    // string needs an empty leaf: 2·(2^3 − 1) = 14; total 41 (checked by hand)
    let star = Graph::parse("c x\nc y\nc z\n").unwrap();
    assert_eq!(count_brute(&star), Some(41));
    assert_eq!(count_graph(&star).unwrap(), big("41"));
    // a 4-cycle is the 2×2 grid: 57
    let square = Graph::parse("a b\nb c\nc d\nd a\n").unwrap();
    assert_eq!(count_graph(&square).unwrap(), big("57"));
}

#[test]
fn random_rectangles_agree_with_brute_force_both_ways() {
    // every rectangle up to 14 points (at most 3^14 colourings each): the border-state count in
    // both orientations, the greedy ordering and the generic brute force must all agree
    for w in 1..=14usize {
        for h in 1..=14 / w {
            let brute = BigUint::from(count_brute_grid(w, h).unwrap());
            assert_eq!(count_grid(w, h).unwrap(), brute, "{w}x{h}");
            assert_eq!(count_grid(h, w).unwrap(), brute, "{h}x{w}");
            let g = Graph::grid(w, h).unwrap();
            assert_eq!(count_frontier(&g).unwrap(), brute, "{w}x{h} greedy");
            if w * h <= 12 {
                assert_eq!(BigUint::from(count_brute(&g).unwrap()), brute);
            }
        }
    }
}

#[test]
fn long_strips_follow_the_published_recurrences() {
    // Tromp & Farnebäck: L(1,k+3) = 3L(1,k+2) − L(1,k+1) + L(1,k) from 1, 5, 15; and the
    // order-7 recurrence of L(2,n) from L(2,0..6) = 1, 5, 57, 489, 4125, 35117, 299681. The
    // recurrences are exact integer identities, so they reach strips nobody tabulated.
    let mut one: Vec<BigUint> = [1u32, 5, 15].iter().map(|&x| BigUint::from(x)).collect();
    while one.len() < 60 {
        let k = one.len();
        one.push(&one[k - 1] * 3u32 + &one[k - 3] - &one[k - 2]);
    }
    for n in [1usize, 11, 20, 30, 45, 60] {
        assert_eq!(count_grid(1, n).unwrap(), one[n - 1], "1x{n}");
        assert_eq!(count_grid(n, 1).unwrap(), one[n - 1], "{n}x1");
    }
    let mut two: Vec<BigUint> = [1u32, 5, 57, 489, 4125, 35117, 299681]
        .iter()
        .map(|&x| BigUint::from(x))
        .collect();
    while two.len() <= 40 {
        let k = two.len();
        let plus =
            &two[k - 1] * 10u32 + &two[k - 3] * 31u32 + &two[k - 5] * 20u32 + &two[k - 6] * 2u32;
        let minus = &two[k - 2] * 16u32 + &two[k - 4] * 13u32 + &two[k - 7];
        two.push(plus - minus);
    }
    for n in [7usize, 10, 15, 23, 40] {
        assert_eq!(count_grid(2, n).unwrap(), two[n], "2x{n}");
        assert_eq!(count_grid(n, 2).unwrap(), two[n], "{n}x2");
    }
}

#[test]
fn orientation_never_changes_a_rectangle_count() {
    // a rectangle and its transpose are the same graph up to renaming; also a scrambled
    // ordering of the points must give the same number (no published values needed)
    for (w, h) in [(3usize, 12usize), (5, 7), (4, 9), (6, 5)] {
        let a = count_grid(w, h).unwrap();
        assert_eq!(a, count_grid(h, w).unwrap(), "{w}x{h}");
        let g = Graph::grid(w, h).unwrap();
        assert_eq!(a, count_frontier(&g).unwrap(), "{w}x{h} greedy");
    }
}

/// A random graph on `n` points given as text with shuffled names, possibly disconnected and
/// with isolated points declared on their own line.
fn random_named_graph(rng: &mut Rng, n: usize, edge_percent: u64) -> (String, Vec<(u16, u16)>) {
    let mut text = String::new();
    let mut edges = Vec::new();
    for a in 0..n {
        text.push_str(&format!("p{}\n", (a * 7 + 3) % n));
        for b in a + 1..n {
            if rng.below(100) < edge_percent {
                edges.push((a as u16, b as u16));
                text.push_str(&format!(
                    "p{} p{}  # edge\n",
                    (a * 7 + 3) % n,
                    (b * 7 + 3) % n
                ));
            }
        }
    }
    (text, edges)
}

#[test]
fn parsed_random_graphs_agree_with_brute_force() {
    // named, shuffled, often disconnected graphs with isolated points: the parsed graph and the
    // index-built one must have the same count, by both methods (n = 11 is coprime with 7)
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    for trial in 0..60 {
        let n = 11;
        let density = rng.below(40);
        let (text, edges) = random_named_graph(&mut rng, n, density);
        let parsed = Graph::parse(&text).unwrap();
        let built = Graph::from_edges(n, &edges).unwrap();
        let brute = count_brute(&built).unwrap();
        assert_eq!(count_brute(&parsed).unwrap(), brute, "trial {trial}");
        assert_eq!(
            count_graph(&parsed).unwrap(),
            BigUint::from(brute),
            "trial {trial}"
        );
    }
}

#[test]
fn disjoint_union_multiplies_counts() {
    // legality is a per-component property, so a disjoint union's count is the product
    let a = Graph::grid(3, 3).unwrap();
    let b = Graph::parse("x y\ny z\nz x\nw\n").unwrap(); // triangle (19) + isolated (1)
    let mut edges: Vec<(u16, u16)> = a.edges().map(|(u, v)| (u.0, v.0)).collect();
    edges.extend(b.edges().map(|(u, v)| (u.0 + 9, v.0 + 9)));
    let union = Graph::from_edges(13, &edges).unwrap();
    let expected = count_graph(&a).unwrap() * count_graph(&b).unwrap();
    assert_eq!(expected, big("240825")); // 12,675 · 19
    assert_eq!(count_graph(&union).unwrap(), expected);
    assert_eq!(BigUint::from(count_brute(&union).unwrap()), expected);
}

#[test]
fn bad_graph_text_is_rejected_with_a_position() {
    use board_geometry::graph::ParseProblemKind;
    let e = &Graph::parse("a b\nb b\n").unwrap_err().problems[0];
    assert_eq!((e.line, e.column), (2, 1));
    assert!(matches!(e.kind, ParseProblemKind::SelfLoop(_)));
    let e = &Graph::parse("a b\nc d\nb a\n").unwrap_err().problems[0];
    assert_eq!(e.line, 3);
    assert!(matches!(
        e.kind,
        ParseProblemKind::DuplicateEdge { first_line: 1, .. }
    ));
    let e = &Graph::parse("a b c\n").unwrap_err().problems[0];
    assert_eq!((e.line, e.column), (1, 5));
    assert!(Graph::parse("# nothing\n\n").unwrap().is_empty());
}
