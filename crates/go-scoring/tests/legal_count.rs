//! Legal-position counts: brute force and border-state count against the published numbers
//! (Tromp & Farnebäck, "Combinatorics of Go"; OEIS A094777; copied into
//! `tests/data/go_legal_counts.json`) and against each other on random graphs.

use go_scoring::graph::PlainGraph;
use go_scoring::legal_count::{
    count_brute, count_brute_grid, count_frontier, count_graph, count_grid, count_with_order,
    path_order,
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
            count_brute(&PlainGraph::grid(1, n)).unwrap().to_string(),
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
    assert_eq!(count_brute(&PlainGraph::grid(3, 3)), Some(12_675));
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
#[ignore = "takes about a second in release, longer in debug"]
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
fn greedy_ordering_on_a_grid_gives_the_same_count() {
    // the count must not depend on the ordering: compare the grid order with the greedy one
    // and with a deliberately poor one (column-major on a wide board, random-ish)
    let g = PlainGraph::grid(4, 3);
    let expected = big("321689"); // L(3,4) published
    assert_eq!(count_frontier(&g).unwrap(), expected);
    let scrambled: Vec<usize> = (0..12).map(|i| (i * 5) % 12).collect();
    assert_eq!(count_with_order(&g, &scrambled).unwrap(), expected);
}

/// Small xorshift generator: reproducible random graphs without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_graph(rng: &mut Rng, n: usize, edge_percent: u64) -> PlainGraph {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < edge_percent {
                edges.push((a, b));
            }
        }
    }
    PlainGraph::from_edges(n, &edges).unwrap()
}

#[test]
fn border_count_agrees_with_brute_force_on_random_graphs() {
    // two independent methods must agree on every graph (no published numbers needed)
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for trial in 0..120 {
        let n = 1 + rng.below(10) as usize;
        let density = 10 + rng.below(60);
        let g = random_graph(&mut rng, n, density);
        let brute = count_brute(&g).unwrap();
        assert_eq!(
            count_frontier(&g).unwrap(),
            BigUint::from(brute),
            "trial {trial}: {:?}",
            g.edges()
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
    assert_eq!(
        count_graph(&PlainGraph::parse("a").unwrap()).unwrap(),
        big("1")
    );
    // triangle: every point touches every other, so a colouring is illegal only when no point
    // is empty: 27 − 8 = 19 (checked by hand)
    let triangle = PlainGraph::parse("a b\nb c\nc a\n").unwrap();
    assert_eq!(count_brute(&triangle), Some(19));
    assert_eq!(count_graph(&triangle).unwrap(), big("19"));
    // star with centre c and leaves x, y, z: centre empty gives 3^3 = 27 (every leaf
    // touches it); centre coloured: each leaf is empty (a liberty) or same colour, and the
    // string needs an empty leaf: 2·(2^3 − 1) = 14; total 41 (checked by hand)
    let star = PlainGraph::parse("c x\nc y\nc z\n").unwrap();
    assert_eq!(count_brute(&star), Some(41));
    assert_eq!(count_graph(&star).unwrap(), big("41"));
    // a 4-cycle is the 2×2 grid: 57
    let square = PlainGraph::parse("a b\nb c\nc d\nd a\n").unwrap();
    assert_eq!(count_graph(&square).unwrap(), big("57"));
}
