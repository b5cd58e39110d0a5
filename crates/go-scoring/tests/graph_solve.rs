//! Tiny boards solved under area scoring, positional superko, no suicide, two passes end.
//! Expected margins: the published solutions collected in specs/go.md §7.3 (exhaustive
//! solvers; Drange et al. 1998; Tromp's 2×2 solver; Weninger & Hayward for 1×n).

use go_scoring::graph::{Komi, PlainGraph};
use go_scoring::solve::{GameMove, SolveError, solve};

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
