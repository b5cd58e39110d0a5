//! `--dead auto` on finished games whose open region is too large to search whole: the
//! region is split into local problems (stones enclosed by one colour, the eye space of the
//! enclosing groups, the fights left between them). Each expectation is read by hand in the
//! test's comment; every such verdict must say it rests on the surrounding stones living.

use go_scoring::graph::life::{
    Basis, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, LocalRule, SearchedLife, search_life,
};
#[allow(dead_code)]
mod common;

use common::points;
use go_scoring::position::Position;

#[allow(dead_code)]
#[path = "common/positions.rs"]
mod positions;
use positions::NINE;

fn position(rows: &str) -> Position {
    go_scoring::text::parse(rows).unwrap().position
}

fn search(p: &Position) -> SearchedLife {
    search_life(p, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS)
}

#[test]
fn finished_nine_by_nine_game_is_decided_locally() {
    // Read by hand: Black E8 stands alone among White's stones on rows 8-9 (White's wall on
    // row 7 taken as alive): White D8/F8/E9 capture it whoever moves first, as a one-stone
    // invasion in a two-row strip cannot make two eyes. White E5 sits in the one-row tunnel
    // between Black's walls: any Black stone there joins the walls, so White never gets two
    // separate eyes: dead. Once those are dead, White's chains border three areas on rows
    // 8-9 and Black's two walls share the tunnel and border the empty rows 1-3 (27 points):
    // both live. Nothing is proved whole-board, so every verdict is local.
    let p = position(NINE);
    let life = search(&p);
    assert_eq!(life.dead, points(&p, "E8,E5"), "{life:#?}");
    assert!(life.undecided.is_empty(), "{life:#?}");
    assert_eq!(life.alive.len(), 9 + 9 + 9 + 4);
    assert!(life.seki.is_empty());
    // every stone's verdict is local, and each dead stone says why
    assert_eq!(
        life.local.len(),
        p.count(go_scoring::Color::Black) as usize + p.count(go_scoring::Color::White) as usize
    );
    for dead in points(&p, "E8,E5") {
        assert!(
            matches!(
                life.basis(dead),
                Some(Basis::Local(LocalRule::Enclosed { .. }))
            ),
            "{:?}",
            life.basis(dead)
        );
    }
    assert!(matches!(
        life.basis(points(&p, "A6")[0]),
        Some(Basis::Local(LocalRule::EyeSpace { .. }))
    ));
}

/// A finished 19×19 game: White's wall on row 11 and territory rows 12-19 with dead Black
/// stones at K15 and C17; Black's wall on row 10 and territory rows 1-9 with dead White
/// stones at D4 and Q3.
fn nineteen() -> Position {
    let mut rows = Vec::new();
    for y in (1..=19).rev() {
        let mut row = String::new();
        for x in 0..19 {
            let name = format!("{}{y}", "ABCDEFGHJKLMNOPQRST".as_bytes()[x] as char);
            let c = match (y, name.as_str()) {
                (11, _) => 'O',
                (10, _) => 'X',
                (_, "K15" | "C17") => 'X',
                (_, "D4" | "Q3") => 'O',
                _ => '.',
            };
            row.push(c);
        }
        rows.push(row);
    }
    position(&(rows.join("\n") + "\n"))
}

#[test]
fn finished_nineteen_by_nineteen_game_answers_within_the_budget() {
    // Read by hand: each lone stone deep inside the other side's 150-odd point territory is
    // dead (the territory around it taken as the enclosing side's: the search keeps the
    // points within two steps). With them dead each wall borders one large area (taken as
    // two eyes). The search budget is fixed, so this answers in bounded work.
    // Near the edges (C17, Q3) the cut at distance three runs out of budget and the search
    // falls back to distance two, which the verdict's basis records.
    let p = nineteen();
    let life = search(&p);
    assert_eq!(life.dead, points(&p, "K15,C17,D4,Q3"), "{life:#?}");
    assert!(life.undecided.is_empty());
    assert_eq!(life.alive.len(), 38);
    assert!(matches!(
        life.basis(points(&p, "A10")[0]),
        Some(Basis::Local(LocalRule::EyeSpace { large: true, .. }))
    ));
    assert!(life.nodes() <= DEFAULT_LIFE_BUDGET * go_scoring::graph::life::TOTAL_BUDGET_FACTOR);
    assert!(matches!(
        life.basis(points(&p, "K15")[0]),
        Some(Basis::Local(LocalRule::Enclosed { distance: Some(_) }))
    ));
}

/// A finished 9×9 game with a seki on the top edge between the two sides' walls.
const SEKI_NINE: &str = "\
..XO.XO..
..XOXXO..
..XO.XO..
..XOOXO..
XXXXXOOOO
....XO...
....XO...
....XO...
....XO...
";

#[test]
fn seki_between_the_walls_of_a_finished_game() {
    // Read by hand: White D6-D9+E6 and Black E8+F6-F9 have only the liberties E9 and E7,
    // shared; whoever fills one leaves both strings in atari and the other side captures:
    // seki (the cli seki pattern, seed 000's 双活). Black's wall (C6-C9, row 5 A-E, E1-E4)
    // borders two empty areas (A6-B9 and A1-D4), White's (G6-G9, row 5 F-J, F1-F4) too: both
    // live. The board is one open region, so all of it is decided locally.
    let p = position(SEKI_NINE);
    let life = search(&p);
    assert!(life.dead.is_empty(), "{life:#?}");
    assert!(life.undecided.is_empty(), "{life:#?}");
    assert_eq!(life.seki, points(&p, "D9,D8,D7,D6,E6,E8,F9,F8,F7,F6"));
    assert!(matches!(
        life.basis(points(&p, "E8")[0]),
        Some(Basis::Local(LocalRule::Boundary { .. }))
    ));
    assert!(matches!(
        life.basis(points(&p, "A5")[0]),
        Some(Basis::Local(LocalRule::EyeSpace { areas: 2, .. }))
    ));
}

#[test]
fn a_fight_the_budget_cannot_settle_stays_undecided_with_its_reason() {
    // A seki over the whole height: White D1-D9 and Black E2-E8+F1-F9 share their only
    // liberties E9 and E1 (read by hand: whoever fills one is captured), between Black's
    // wall C1-C9 and White's wall G1-G9, each with an 18-point area. Its local search (measured) runs out of budget for White's
    // string, whose side must prove that capturing Black's long string leaves nothing
    // alive; that string stays undecided with the reason, and nothing is marked dead.
    let rows = "..XO.XO..\n".to_string() + &"..XOXXO..\n".repeat(7) + "..XO.XO..\n";
    let p = position(&rows);
    let life = search(&p);
    assert!(life.dead.is_empty(), "{life:#?}");
    let d5 = points(&p, "D5")[0];
    assert!(
        matches!(
            life.reason(d5),
            Some(go_scoring::graph::life::UndecidedReason::OverBudget { .. })
        ),
        "{life:#?}"
    );
    assert!(life.basis(d5).is_some_and(Basis::is_local));
}
