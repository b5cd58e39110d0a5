//! Tiny boards solved under area scoring, positional superko, no suicide, two passes end.
//! Expected margins: the published solutions collected in specs/go.md §7.3 (exhaustive
//! solvers; Drange et al. 1998; Tromp's 2×2 solver; Weninger & Hayward for 1×n).

use go_scoring::graph::{Komi, PlainGraph};
use go_scoring::solve::{GameMove, SolveError, solve, solve_plain};

#[test]
fn one_by_n_margins() {
    // 1×1 … 1×5: 0, 0, 3, 4, 0
    for (n, expected) in [(1, 0), (2, 0), (3, 3), (4, 4), (5, 0)] {
        let s = solve(&PlainGraph::grid(n, 1), Komi(0), 50_000_000).unwrap();
        assert_eq!(s.area_margin, expected, "1x{n}");
        // the line ends with two passes
        let k = s.line.len();
        assert!(matches!(s.line[k - 1], GameMove::Pass(_)));
        assert!(matches!(s.line[k - 2], GameMove::Pass(_)));
    }
}

#[test]
fn two_by_two_margin() {
    // 2×2: Black wins by 1 (Bill Taylor's proof, Tromp's solver)
    let s = solve(&PlainGraph::grid(2, 2), Komi(0), 50_000_000).unwrap();
    assert_eq!(s.area_margin, 1);
    // komi is subtracted from the margin: 1 − 0.5
    let k = solve(&PlainGraph::grid(2, 2), Komi(1), 50_000_000).unwrap();
    assert_eq!(k.margin_half_points, 1);
}

#[test]
fn one_by_three_line() {
    // 1×3: Black takes the centre and both pass (the stone owns the board)
    let s = solve(&PlainGraph::grid(3, 1), Komi(0), 1_000_000).unwrap();
    assert_eq!(
        s.line[0],
        GameMove::Play(go_scoring::graph::Colour::Black, 1)
    );
}

#[test]
fn budget_gives_undecided() {
    let e = solve(&PlainGraph::grid(3, 3), Komi(0), 1_000).unwrap_err();
    assert!(matches!(e, SolveError::Undecided { .. }));
}

#[test]
fn table_search_agrees_with_the_plain_search() {
    // the table search is checked against the table-free search (no superko shortcuts) on
    // every board the latter finishes quickly: 1×1 … 1×5, 2×2 (published values above)
    for (w, h) in [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (1, 4)] {
        let g = PlainGraph::grid(w, h);
        let plain = solve_plain(&g, Komi(0), 50_000_000).unwrap();
        let table = solve(&g, Komi(0), 50_000_000).unwrap();
        assert_eq!(table.area_margin, plain.area_margin, "{w}x{h}");
    }
}

/// Replays a line under the solver's rules and returns Black's area margin at its end.
fn replay(g: &PlainGraph, line: &[GameMove]) -> i64 {
    use go_scoring::graph::{Board, Colour, Config};
    let board = Board::new(g);
    let mut c = Config::empty(g.len());
    let mut seen = vec![c.clone()];
    for m in line {
        if let GameMove::Play(colour, v) = *m {
            c = board.play(&c, v, colour).expect("legal move in the line");
            assert!(!seen.contains(&c), "the line repeats a position");
            seen.push(c.clone());
        }
    }
    // area: stones, plus empty regions that reach only one colour (Tromp-Taylor)
    let mut margin = 0i64;
    let mut seen = vec![false; g.len()];
    for v in 0..g.len() {
        match c.get(v) {
            -1 => margin += 1,
            1 => margin -= 1,
            _ if !seen[v] => {
                let region = board.string(&c, v);
                let touches = |colour: i8| {
                    region
                        .iter()
                        .any(|&p| g.neighbours(p).iter().any(|&q| c.get(q) == colour))
                };
                let size = region.len() as i64;
                match (touches(-1), touches(1)) {
                    (true, false) => margin += size,
                    (false, true) => margin -= size,
                    _ => {}
                }
                for p in region {
                    seen[p] = true;
                }
            }
            _ => {}
        }
    }
    let _ = Colour::Black;
    margin
}

#[test]
#[ignore = "3×3 does not finish within this budget yet (see the report of the solver)"]
fn three_by_three() {
    // 3×3: Black wins by 9 (Drange et al.; van der Werf et al. solved all boards up to 5×5)
    let g = PlainGraph::grid(3, 3);
    let s = solve(&g, Komi(0), 2_000_000_000).unwrap();
    assert_eq!(s.area_margin, 9);
    assert_eq!(replay(&g, &s.line), 9);
}

#[test]
#[ignore = "the plain search does not finish 2×3 in an hour on this machine"]
fn two_by_three_table_agrees_with_plain() {
    // cross-check of the two searches on the next board up (no published value is used)
    let g = PlainGraph::grid(3, 2);
    let plain = solve_plain(&g, Komi(0), u64::MAX).unwrap();
    let table = solve(&g, Komi(0), u64::MAX).unwrap();
    eprintln!(
        "2x3: plain {} in {} nodes, table {} in {} nodes",
        plain.area_margin, plain.nodes, table.area_margin, table.nodes
    );
    assert_eq!(table.area_margin, plain.area_margin);
}
