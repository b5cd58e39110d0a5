//! Unit tests of the playout policy, one per rule, on small boards. Each expectation comes
//! from the rules of Go (a string is taken by occupying its last liberty; suicide is
//! illegal, a simple ko not retaken at once) and from the policy's own definition in the
//! module doc, which follows the published MoGo playout policy (Gelly, Wang, Munos and
//! Teytaud, INRIA RR-6062, 2006: answer an atari, play a 3x3 shape next to the last move,
//! capture, else at random; never fill an own eye).

use super::Playout;
use crate::color::Color;
use crate::position::Position;
use crate::topology::Point;
use board_core::Rng;

/// The position drawn in `rows` (`X` Black, `O` White, `.` empty; the top row first).
fn position(rows: &str) -> Position {
    crate::text::parse(rows).expect("test diagram").position
}

fn at(p: &Position, name: &str) -> Point {
    let board_geometry::Point(q) = p.topology().parse_point(name).expect("point on the board");
    q
}

/// White A1 is in atari (its last liberty B1); White E1-F1-G1 has two liberties, D1 and H1.
const TWO_IN_ATARI: &str = "\
.........
.........
.........
.........
.........
.........
.........
XX..XXXX.
O...OOO.X
";

#[test]
fn capture_takes_the_largest_string_in_atari() {
    let p = position(TWO_IN_ATARI);
    let mut playout = Playout::new(&p);
    assert_eq!(playout.largest_capture(Color::Black), Some(at(&p, "B1")));
    // With Black on D1 too, E1-F1-G1 is down to H1: the three stones come first.
    let p = position(&TWO_IN_ATARI.replace("O...OOO.X", "O..XOOO.X"));
    let mut playout = Playout::new(&p);
    assert_eq!(playout.largest_capture(Color::Black), Some(at(&p, "H1")));
    // No Black string is in atari: White has nothing to take.
    assert_eq!(playout.largest_capture(Color::White), None);
}

/// White's last move E4 leaves Black D5-D4 with the one liberty D3; no White string around
/// is in atari.
const ESCAPE: &str = "\
.......
...O...
..OXO..
..OXO..
.......
.......
.......
";

#[test]
fn an_atari_is_answered_by_extending_where_it_gains_liberties() {
    // Black D3 leaves D5-D4-D3 with the liberties C3, E3 and D2: the string is saved.
    let p = position(ESCAPE);
    let playout = Playout::new(&p);
    let last = at(&p, "E4");
    assert_eq!(playout.sole_liberty(at(&p, "D5")), Some(at(&p, "D3")));
    assert_eq!(
        playout.atari_reply(Some(last), Color::Black),
        Some(at(&p, "D3"))
    );
    // the whole policy plays it, whatever the random stream
    for seed in 0..8 {
        let mut playout = Playout::new(&p);
        let mut rng = Rng::new(seed);
        assert_eq!(
            playout.choose(Some(last), Color::Black, &mut rng),
            Some(at(&p, "D3"))
        );
    }
}

#[test]
fn an_atari_is_answered_by_capturing_the_attacker() {
    // White's last move D2 leaves Black C2 with the one liberty B2; White C1, one of the
    // stones around C2, is itself in atari at D1. Taking it saves C2 (which then has C1).
    let p = position(
        "\
.......
.......
.......
.......
..O....
..XO...
.XO....
",
    );
    let playout = Playout::new(&p);
    assert_eq!(playout.sole_liberty(at(&p, "C2")), Some(at(&p, "B2")));
    assert_eq!(playout.sole_liberty(at(&p, "C1")), Some(at(&p, "D1")));
    assert_eq!(
        playout.atari_reply(Some(at(&p, "D2")), Color::Black),
        Some(at(&p, "D1"))
    );
    // When the last move itself is in atari, it is taken: White C2 here has only C1,
    // and taking it also saves Black B2-B1, which White C2 left with C1 alone.
    let p = position(
        "\
.......
.......
.......
.......
OOX....
OXOX...
OX.X...
",
    );
    let playout = Playout::new(&p);
    let last = at(&p, "C2");
    assert_eq!(playout.sole_liberty(at(&p, "B2")), Some(at(&p, "C1")));
    assert_eq!(playout.sole_liberty(last), Some(at(&p, "C1")));
    assert_eq!(
        playout.atari_reply(Some(last), Color::Black),
        Some(at(&p, "C1"))
    );
}

/// Black B1 has the liberties A1 and C1 under White's A2-B2 and D2-D1; White's B6, A5 and
/// C5 surround the empty B5 on three sides.
const SELF_ATARI: &str = "\
.......
.O.....
O.O....
.......
.......
OO.O...
.X.O...
";

#[test]
fn a_self_atari_of_several_stones_is_refused_a_single_throw_in_is_not() {
    let p = position(SELF_ATARI);
    let playout = Playout::new(&p);
    // Black A1 joins B1 into a string whose one liberty is C1: two stones in self-atari,
    // and C1 opens onto C2, so it is no nakade inside White's eye space: refused.
    assert!(!playout.acceptable(at(&p, "A1"), Color::Black));
    // Black C1 joins B1 into a string with the liberties A1 and C2: acceptable.
    assert!(playout.acceptable(at(&p, "C1"), Color::Black));
    // Black B5 is one stone with the one liberty B4: a throw-in, acceptable.
    assert!(playout.acceptable(at(&p, "B5"), Color::Black));
}

/// Black's group with two one-point eyes, A1 and C1.
const TWO_EYES: &str = "\
.......
.......
.......
.......
XXXX...
XXXX...
.X.X...
";

#[test]
fn an_own_eye_is_never_filled() {
    let p = position(TWO_EYES);
    let playout = Playout::new(&p);
    assert!(!playout.acceptable(at(&p, "A1"), Color::Black));
    assert!(!playout.acceptable(at(&p, "C1"), Color::Black));
    // White may not play there either: suicide
    assert!(!playout.acceptable(at(&p, "A1"), Color::White));
    // so a random move of Black's never lands in an eye
    let mut playout = Playout::new(&p);
    let mut rng = Rng::new(3);
    for _ in 0..50 {
        let q = playout
            .random_move(Color::Black, &mut rng)
            .expect("open points");
        assert!(q != at(&p, "A1") && q != at(&p, "C1"));
    }
}

/// Seki without eyes (Japanese Rules 1989, article 8; the position of
/// `tests/dead_estimate.rs`): Black's C column and White's E column share the liberties of
/// the D column; White's B column lives with the eyes A1, A3, A5 and Black's F column with
/// G1, G3, G5. Here Black has filled D5, D3 and D1.
const SEKI: &str = "\
.OXXOX.
OOX.OXX
.OXXOX.
OOX.OXX
.OXXOX.
";

#[test]
fn no_rule_fills_the_last_shared_liberties_of_a_seki() {
    // Each seki string has only D4 and D2 left; whoever fills one puts its own string
    // into atari (a self-atari of more stones than a nakade's three), so neither side
    // may, and no string is in atari.
    let p = position(SEKI);
    let mut playout = Playout::new(&p);
    for c in [Color::Black, Color::White] {
        assert!(!playout.acceptable(at(&p, "D4"), c), "{c:?} D4");
        assert!(!playout.acceptable(at(&p, "D2"), c), "{c:?} D2");
        assert_eq!(playout.largest_capture(c), None);
    }
}

#[test]
fn a_hane_is_answered_next_to_it() {
    // Black's last move E5 is a hane on White D5 beside Black C5: White D4 under D5,
    // between the two Black stones, is MoGo's first shape ("XOX" over three empty
    // points, colours exchanged), and the shape rule proposes only points around E5.
    let p = position(
        "\
.......
.......
..XOX..
.......
.......
.......
.......
",
    );
    let playout = Playout::new(&p);
    let last = at(&p, "E5");
    let mut seen = Vec::new();
    for seed in 0..64 {
        let mut rng = Rng::new(seed);
        let q = playout
            .shape_reply(Some(last), Color::White, &mut rng)
            .expect("a shape next to the hane");
        if !seen.contains(&q) {
            seen.push(q);
        }
    }
    assert!(seen.contains(&at(&p, "D4")), "{seen:?}");
    let ring = &playout.rings.as_ref().expect("a grid")[usize::from(last)];
    assert!(seen.iter().all(|q| ring.contains(q)), "{seen:?}");
    // after a pass there is no last move and no shape answer
    let mut rng = Rng::new(0);
    assert_eq!(playout.shape_reply(None, Color::White, &mut rng), None);
}

/// The size of the largest string of `c`'s opponent in atari, by a scan of the whole board.
fn largest_in_atari(playout: &Playout, c: Color) -> usize {
    let b = &playout.board;
    (0..b.topology_len() as Point)
        .filter(|&s| b.at(s) == crate::color::Stone::of(c.opponent()))
        .filter(|&s| b.ko_point() != playout.sole_liberty(b.chain_head(s)))
        .filter(|&s| playout.sole_liberty(b.chain_head(s)).is_some())
        .map(|s| b.chain_size(b.chain_head(s)))
        .max()
        .unwrap_or(0)
}

#[test]
fn the_watched_strings_find_every_capture_a_board_scan_finds() {
    // The capture rule keeps a list of stones instead of scanning the board; over whole
    // playouts on a 9x9 board the string it takes is always as large as the largest one
    // a scan of every string finds in atari (none when the scan finds none).
    let p = position(&".........\n".repeat(9));
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for game in 0..20 {
        let mut playout = Playout::new(&p);
        let mut c = if game % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut last = None;
        for _ in 0..300 {
            let expected = largest_in_atari(&playout, c);
            let found = playout.largest_capture(c);
            let size = found.map_or(0, |q| {
                let b = &playout.board;
                crate::topology::NeighboursOf::neighbours_of(b.topology(), q)
                    .iter()
                    .filter(|g| b.at(g.0) == crate::color::Stone::of(c.opponent()))
                    .filter(|g| playout.sole_liberty(b.chain_head(g.0)) == Some(q))
                    .map(|g| b.chain_size(b.chain_head(g.0)))
                    .max()
                    .unwrap_or(0)
            });
            assert_eq!(size, expected, "game {game}");
            checked += usize::from(expected > 0);
            playout.board.set_to_move(c);
            match playout.choose(last, c, &mut rng) {
                Some(q) if playout.board.play_point(q).is_ok() => {
                    playout.watch_around(q);
                    last = Some(q);
                }
                _ => break,
            }
            c = c.opponent();
        }
    }
    assert!(checked > 50, "only {checked} positions with a capture");
}
