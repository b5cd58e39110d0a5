//! `--dead auto` on real finished 19x19 games (the MIT-licensed records of
//! `tests/data/real-games/`, see its README): the dead stones are compared with GNU Go 3.8's
//! `final_status_list dead` (`--level 10`, Debian gnugo 3.8-11, quoted below), and the
//! territory score with the komi of `KM` against the record's `RE` (all are Japanese-rules
//! games, counted by territory).

use go_scoring::graph::life::{
    DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, DEFAULT_PLAYOUTS, decide_life,
};
use go_scoring::rules::Rules;
use go_scoring::score::{self, Method, Params};
use go_scoring::{Analysis, Color, Komi};

/// How a record is expected to fare.
enum Expect {
    /// Same dead stones as GNU Go, territory within one point of RE.
    Agrees,
    /// Same dead stones as GNU Go (whose own `final_score` matches RE), but the territory
    /// count differs from RE by more than a point: the difference lies in the counting
    /// (points the territory method gives that the players did not count, such as
    /// boundaries left open in the record), not in the dead stones.
    CountDiffers,
    /// The estimate keeps GNU Go's dead stones alive (their points stay theirs in about
    /// 145 of 256 playouts: a group that random play cannot kill); a known failure.
    DeadStonesDiffer,
}

/// (file, RE, GNU Go 3.8's dead stones, expectation)
const GAMES: &[(&str, &str, &str, Expect)] = &[
    // The territory count is B-2.5 against RE B+0.5: with the same dead stones, it gives
    // White A14, C9, E19 and L1, which GNU Go 3.8 lists as dame (`final_status_list dame`)
    // and its `final_score` B+0.5 leaves out, as the players did.
    (
        "Agon-Agon02-2.sgf",
        "B+0.5",
        "N18 F17 L16 M16 M15 M14 N14 O14 P14 M13 S14 S13 K8 D4",
        Expect::CountDiffers,
    ),
    (
        "Agon-Agon23-P02.sgf",
        "B+0.5",
        "L16 M15 L13 Q13 L10 M10 Q7 Q6 M3",
        Expect::Agrees,
    ),
    (
        "Gosei-Gos23-T06.sgf",
        "W+5.5",
        "B19 A18 D18 B17 C17 D17 B16 B15 B14 M17 M16 M15 L14 B6 K2",
        Expect::Agrees,
    ),
    (
        "Gosei-Gos23-T09.sgf",
        "B+3.5",
        "R18 H17 C9 C3 C2",
        Expect::Agrees,
    ),
    (
        "Gosei-Gos23-T10.sgf",
        "W+1.5",
        "M19 G18 G17 P14 R14 K13 M12 R6 S6 S5 R4 S4 R3 K4 S2 S1",
        Expect::Agrees,
    ),
    (
        "Gosei-Gos23-T21.sgf",
        "B+2.5",
        "Q16 Q15 R15 S15 Q14 C13 M9 J6 O6 P6 H4 M4 N4 N3 O3 N2 N1 Q2",
        Expect::Agrees,
    ),
    (
        "Gosei-Gos23-T26.sgf",
        "B+5.5",
        "F17 G17 L17 M17 N17 O17 R17 S17 S14 K13 K12 H12 L5 M5 K4 L4 J3 K3 L3 M3 J2 L2 M2 J1",
        Expect::Agrees,
    ),
    // The territory count is B+4.5 against RE B+2.5: with the same dead stones, it gives
    // Black F10 and R13 and White O10, which GNU Go 3.8 lists as dame and its `final_score`
    // B+2.5 leaves out, as the players did.
    (
        "Gosei-Gos23-T28.sgf",
        "B+2.5",
        "M17 T12 G9 H7 R6 C5 C4 J1",
        Expect::CountDiffers,
    ),
    // The estimate keeps White's K17-O18 group alive (its points stay White's in 142 to 146
    // of 256 playouts) where GNU Go 3.8 finds it dead, so Black's O19 beside it is then
    // taken in atari, and the territory count (W+59.5) misses RE W+1.5: a known failure.
    (
        "Gosei-Gos23-T29.sgf",
        "W+1.5",
        "N19 K18 K17 O18 N17 O17 O16 H17 L16 M16 N15 N14 R15 J12 K12 J11 J10 G11 G10 M10 M9 Q10 O9 P9 P8 R9 S9",
        Expect::DeadStonesDiffer,
    ),
    ("Gosei-Gos23-T30.sgf", "B+2.5", "Q15 C7 C6", Expect::Agrees),
    (
        "KK1st-KK58-15.sgf",
        "B+0.5",
        "J19 O18 E16 G16 H16 J16 K16 L16 K15 D15 S15 C14 E14 G14 B13 D13 M13 Q13 K2",
        Expect::Agrees,
    ),
    ("pysgf-panda1.sgf", "W+34.5", "H13", Expect::Agrees),
];

/// RE as Black's margin in half-points.
fn recorded(re: &str) -> i64 {
    let sign = if re.starts_with('B') { 1 } else { -1 };
    let points: f64 = re[2..].parse().unwrap();
    sign * (points * 2.0).round() as i64
}

#[test]
fn dead_stones_and_territory_on_real_games() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real-games/");
    for (file, re, gnugo_dead, expect) in GAMES {
        let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
        let game = go_scoring::sgf::read_game(&text, Rules::JAPANESE).unwrap();
        assert_eq!(game.result.as_deref(), Some(*re), "{file}");
        let position = &game.position;
        let life = decide_life(
            position,
            DEFAULT_LIFE_BUDGET,
            DEFAULT_MAX_REGION_POINTS,
            DEFAULT_PLAYOUTS,
        );
        let name = |p: &u16| position.topology().name(board_geometry::Point(*p));
        let mut ours: Vec<String> = life.dead.iter().map(name).collect();
        let mut theirs: Vec<String> = gnugo_dead.split(' ').map(String::from).collect();
        ours.sort();
        theirs.sort();
        let analysis = Analysis::new(position, &life.dead).unwrap();
        let params = Params {
            komi: game.komi.unwrap_or(Komi(0)),
            first: game.first_mover.unwrap_or(Color::Black),
            captures: Some(game.captures),
            ..Params::default()
        };
        let s = score::score(&analysis, Method::Territory, &params).unwrap();
        let margin = s.black.0 - s.white.0 - i64::from(params.komi.0);
        let near = (margin - recorded(re)).abs() <= 2;
        match expect {
            Expect::Agrees => {
                assert_eq!(ours, theirs, "{file}: dead stones");
                assert!(
                    near,
                    "{file}: territory margin {margin} half-points, RE {re}"
                );
            }
            Expect::CountDiffers => {
                assert_eq!(ours, theirs, "{file}: dead stones");
                assert!(!near, "{file} now within a point of RE: move it to Agrees");
            }
            Expect::DeadStonesDiffer => {
                assert_ne!(
                    ours, theirs,
                    "{file} now agrees with GNU Go: move it to Agrees"
                );
            }
        }
    }
}
