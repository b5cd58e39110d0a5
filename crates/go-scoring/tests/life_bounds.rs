//! `--dead auto` ends cleanly on every position: no stack overflow down a long line of play,
//! no sentinel index for a string the cut-out graph does not hold whole, and a node count
//! bounded by the size of the open part of the board. The positions are the ones the
//! play-go fuzz target and a user met (crash reports K3 and K6 of the robustness review);
//! the expectations are the bounds the search documents, and for K3 a hand reading.

use go_scoring::graph::life::{
    DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, NODES_PER_OPEN_POINT,
    SearchedLife, Status, decide_life, search_life,
};
use go_scoring::position::Position;
use go_scoring::{Color, benson};

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

fn search(p: &Position) -> SearchedLife {
    search_life(p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS)
}

/// Points Benson's test leaves unsettled (neither side's pass-alive stones or territory).
fn open_points(p: &Position) -> u64 {
    let black = benson::pass_alive(p, Color::Black, false);
    let white = benson::pass_alive(p, Color::White, false);
    (0..p.len())
        .filter(|&i| {
            !(black.alive[i] || white.alive[i] || black.territory[i] || white.territory[i])
        })
        .count() as u64
}

/// Every stone of the board is in exactly one of dead, alive and undecided.
fn assert_partition(p: &Position, life: &SearchedLife) {
    let stones = p.stones().iter().filter(|s| s.color().is_some()).count();
    assert_eq!(
        life.dead.len() + life.alive.len() + life.undecided.len(),
        stones,
        "{life:#?}"
    );
}

#[test]
fn a_long_row_ends_without_overflowing_the_stack() {
    // K6: one Black stone on a 1×14 row. Positional superko alone lets a line of play run
    // through thousands of positions; the search used to follow one 27,500 calls deep and
    // overflow the stack. Now a line longer than the bound ends the search as undecided.
    // The tests run on 2 MiB threads, a quarter of the main thread's stack.
    let p = position(".X............\n");
    let life = search(&p);
    assert_partition(&p, &life);
    assert!(life.nodes() <= NODES_PER_OPEN_POINT * open_points(&p));
    let life = decide_life(
        &p,
        DEFAULT_LIFE_BUDGET,
        DEFAULT_MAX_REGION_POINTS,
        DEFAULT_PLAYOUTS,
    );
    assert_partition(&p, &life);
}

#[test]
fn rows_of_every_length_up_to_nineteen_end() {
    // The play-go fuzz target's one-row boards: a stone of each colour, each with a liberty.
    for len in 3..=19usize {
        let mut row: Vec<u8> = vec![b'.'; len];
        row[len / 4] = b'X';
        row[len - 1 - len / 4] = b'O';
        let text = format!("{}\n", String::from_utf8(row).unwrap());
        let p = position(&text);
        let life = search(&p);
        assert_partition(&p, &life);
        assert!(
            life.nodes() <= NODES_PER_OPEN_POINT * open_points(&p),
            "{text}"
        );
    }
}

#[test]
fn a_string_reaching_out_of_a_cut_gets_no_sentinel_index() {
    // K3: (;SZ[7]AB[fd][fe][gg]AW[be][cc][cg][ee][fa]). The boundary fights are searched on
    // the points near the undecided strings; the string F4-F3 used to reach out of such a cut,
    // its anchor was the "outside the graph" sentinel and the search shifted by it. Cuts now
    // keep whole strings.
    let game = go_scoring::sgf::read_game(
        "(;SZ[7]AB[fd][fe][gg]AW[be][cc][cg][ee][fa])",
        go_scoring::Rules::default(),
    )
    .unwrap();
    let p = game.position;
    let life = search(&p);
    assert_partition(&p, &life);
    // Read by hand: Black's three stones and White's five are scattered on an almost empty
    // 7×7 board: nothing is settled, and no stone is dead whoever moves first.
    for s in life.regions.iter().flat_map(|r| &r.strings) {
        assert_ne!(s.status, Status::Dead, "{s:?}");
    }
}

#[test]
fn a_seven_by_six_full_of_fights_stays_within_its_budget() {
    // A play-go input that took 8.9 s in a debug build: 3.1 M nodes, the whole position's
    // budget, spent on fights that have no answer. The budget is now also bounded by the
    // open points (42 here).
    let p = position("X.XXO..\n..XX.X.\n.XX.X..\n..X..O.\nX.X.XO.\n.....O.\n");
    let life = search(&p);
    assert_partition(&p, &life);
    assert!(
        life.nodes() <= NODES_PER_OPEN_POINT * open_points(&p),
        "{} nodes, {} open points",
        life.nodes(),
        open_points(&p)
    );
}
