//! The same Go-style code runs on grids and graphs through `dyn Topology`.

use board_geometry::{Graph, Grid, Point, Topology};

/// Number of connected groups among the marked points: what a Go engine does to find chains.
fn groups(topology: &dyn Topology, marked: &[bool]) -> usize {
    let mut seen = vec![false; topology.len()];
    let mut count = 0;
    for start in topology.points() {
        if !marked[start.index()] || seen[start.index()] {
            continue;
        }
        count += 1;
        let mut stack = vec![start];
        seen[start.index()] = true;
        while let Some(p) = stack.pop() {
            for &q in topology.neighbours(p) {
                if marked[q.index()] && !seen[q.index()] {
                    seen[q.index()] = true;
                    stack.push(q);
                }
            }
        }
    }
    count
}

#[test]
fn chains_are_found_the_same_way_on_a_grid_and_its_graph() {
    let grid = Grid::new(5, 4).unwrap();
    let graph = Graph::from_topology(&grid);
    let text_graph: Graph = graph.to_string().parse().unwrap();
    // A checkerboard has no two marked points adjacent: every marked point is its own group.
    let checker: Vec<bool> = grid
        .points()
        .map(|p| {
            let (x, y) = grid.coords(p);
            (x + y) % 2 == 0
        })
        .collect();
    let boards: [&dyn Topology; 3] = [&grid, &graph, &text_graph];
    for t in boards {
        assert_eq!(groups(t, &checker), 10);
        assert_eq!(groups(t, &[true; 20]), 1);
        assert_eq!(groups(t, &[false; 20]), 0);
    }
}

#[test]
fn a_ring_graph_has_no_edges_of_the_board() {
    // An 8-point cycle, a board some graph-Go papers use: every point has two neighbours.
    let ring: Graph = (0..8)
        .map(|i| format!("{} {}\n", i, (i + 1) % 8))
        .collect::<String>()
        .parse()
        .unwrap();
    assert_eq!(ring.len(), 8);
    assert!(ring.points().all(|p| ring.degree(p) == 2));
    assert_eq!(ring.neighbours(Point(0)), &[Point(1), Point(7)]);
    let mut marked = vec![true; 8];
    marked[0] = false;
    marked[4] = false;
    assert_eq!(groups(&ring, &marked), 2);
}
