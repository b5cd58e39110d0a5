//! Hand-constructed finished positions whose counts are derived by hand from the rule texts.
//!
//! Sources of every expectation:
//! - 第二十七条 (000 document): "每块独立活棋要保留2个基本眼位,双活棋中的带眼的每块棋要保留1个独自
//!   拥有的基本眼位,双活棋的公气应视为双方共有的基本眼位"; roads are a side's empty points minus
//!   its essential eyes, and "双活棋中单方权利的官子是有权方的路点";
//! - 第二十八条: living stones = stones + roads;
//! - 第三十条: every shortcut method gives the same winner and margin as living stones;
//! - 第三十三条: the side with n more units returns n stones (还棋头), then 复子 = stones + own
//!   empty points + half the shared points are compared;
//! - specs/go.md §1: area "双方活棋之间的空点各得一半"; territory = territory + prisoners with no
//!   points in seki; group tax = area minus 2 per independently living group, seki empty points
//!   score nothing; Tromp-Taylor: all stones count plus empty points reaching only one colour.
//!
//! Diagrams: `X` Black, `O` White, `.` empty; the top row is the highest rank, files A.. left
//! to right (GTP letters, no I).

use go_scoring::analysis::Analysis;
use go_scoring::score::{self, Method, Params, Version};
use go_scoring::{Color, PerColor, PointClass, Stone};

/// Hand-derived figures, in whole points unless named `_half`.
struct Expect {
    stones: (u32, u32),
    roads_half: (i64, i64),
    own_eyes: (u32, u32),
    shared_eyes: u32,
    /// Units (棋块) with stones, and those that live independently.
    units: (u32, u32),
    independent: (u32, u32),
    living_half: (i64, i64),
    area_half: (i64, i64),
    returned_half: (i64, i64),
    tax: (i64, i64),
    territory: (i64, i64),
    tromp_taylor: (i64, i64),
}

fn analyse(diagram: &str, dead: &[&str]) -> Analysis {
    let d = go_scoring::text::parse(diagram).unwrap();
    let dead: Vec<_> = dead
        .iter()
        .map(|n| d.position.topology().parse_point(n).unwrap().0)
        .collect();
    Analysis::new(&d.position, &dead).unwrap()
}

/// Parameters consistent with a game without captures or virtual moves: each side made as
/// many moves as it has stones on the board (dead ones included).
fn params(a: &Analysis, version: Version) -> Params {
    let count = |c: Color| a.original().iter().filter(|&&s| s == Stone::of(c)).count() as u32;
    Params {
        captures: Some(PerColor::new(0, 0)),
        moves: Some(PerColor::new(count(Color::Black), count(Color::White))),
        version,
        ..Params::default()
    }
}

fn pair(s: &score::Score) -> (i64, i64) {
    (s.black.0, s.white.0)
}

fn check(name: &str, a: &Analysis, e: &Expect) {
    let (b, w) = (Color::Black, Color::White);
    assert_eq!((a.stones(b), a.stones(w)), e.stones, "{name}: stones");
    let road_half = |c| 2 * a.roads(c) as i64 + a.dame() as i64;
    assert_eq!((road_half(b), road_half(w)), e.roads_half, "{name}: roads");
    assert_eq!((a.eyes(b), a.eyes(w)), e.own_eyes, "{name}: own eyes");
    assert_eq!(a.shared_eyes(), e.shared_eyes, "{name}: shared eyes");
    assert_eq!((a.unit_count(b), a.unit_count(w)), e.units, "{name}: units");
    assert_eq!(
        (a.independent_units(b), a.independent_units(w)),
        e.independent,
        "{name}: independent units"
    );
    let p = params(a, Version::Law);
    let living = score::living_stones(a, &p).unwrap();
    assert_eq!(pair(&living), e.living_half, "{name}: living stones");
    assert_eq!(pair(&score::area(a, &p)), e.area_half, "{name}: area");
    let rh = score::returned_heads(a, &p).unwrap();
    assert_eq!(pair(&rh), e.returned_half, "{name}: returned heads");
    let tax = score::group_tax(a, &p);
    assert_eq!(pair(&tax), (2 * e.tax.0, 2 * e.tax.1), "{name}: group tax");
    let t = score::territory(a, &p).unwrap();
    assert_eq!(
        pair(&t),
        (2 * e.territory.0, 2 * e.territory.1),
        "{name}: territory"
    );
    let tt = score::tromp_taylor(a, &p);
    assert_eq!(
        pair(&tt),
        (2 * e.tromp_taylor.0, 2 * e.tromp_taylor.1),
        "{name}: tromp-taylor"
    );
    // Living stones and the group tax count the same thing (stones plus roads): 第二十七条
    // two essential eyes per independent unit are exactly the two points taxed.
    // 第三十条: every shortcut agrees with living stones, in both versions.
    for version in [Version::Law, Version::Art] {
        let p = params(a, version);
        let base = score::living_stones(a, &p).unwrap();
        for m in Method::ALL.iter().filter(|m| m.is_living_family()) {
            let s = score::score(a, *m, &p).unwrap();
            assert_eq!(
                (s.winner(), s.margin),
                (base.winner(), base.margin),
                "{name}: {m} ({version}) disagrees with living stones"
            );
        }
    }
}

fn h(v: i64) -> i64 {
    2 * v
}

#[test]
fn five_by_five_two_groups_with_one_point_eyes() {
    // Black lives with three one-point eyes (A5, A3, A1): two essential eyes, one road.
    // White's wall has two 4-point regions: two essential eyes, six roads.
    // Black 7 stones + 1 road = 8; White 7 + 6 = 13 (8 + 13 + 4 eyes = 25 points).
    let a = analyse(
        ". X O . .\nX X O . .\n. X O O O\nX X O . .\n. X O . .\n",
        &[],
    );
    check(
        "5x5 eyes",
        &a,
        &Expect {
            stones: (7, 7),
            roads_half: (h(1), h(6)),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(8), h(13)),
            // Area: 7 + 3 = 10, 7 + 8 = 15; one unit each, nothing returned.
            area_half: (h(10), h(15)),
            returned_half: (h(10), h(15)),
            tax: (8, 13),
            territory: (3, 8),
            tromp_taylor: (10, 15),
        },
    );
}

#[test]
fn five_by_five_exactly_two_eyes_and_dead_stone() {
    // Black has exactly two one-point eyes (A5, A3): both essential, no road. White's chain has
    // three regions (D5-E5, E3, D1-E1), five points: two essential eyes, three roads. A dead
    // black stone sits at E5 inside White's area.
    // Living: Black 9 + 0 = 9, White 9 + 3 = 12 (9 + 12 + 4 eyes = 25).
    let a = analyse(
        ". X O . X\nX X O O O\n. X X O .\nX X O O O\nX X O . .\n",
        &["E5"],
    );
    check(
        "5x5 two eyes",
        &a,
        &Expect {
            stones: (9, 9),
            roads_half: (0, h(3)),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(9), h(12)),
            area_half: (h(11), h(14)),
            returned_half: (h(11), h(14)),
            tax: (9, 12),
            // Territory: 2 and 5 points, plus the dead black stone as White's prisoner.
            territory: (2, 6),
            // Tromp-Taylor keeps E5 on the board: Black 10 stones + 2; White 9 stones + E3 and
            // D1-E1 (D5 now reaches the black stone at E5).
            tromp_taylor: (12, 12),
        },
    );
}

/// Left Black, right White, and two inner chains in the middle of the bottom edge sharing
/// `shared` liberties (E1, E2 and optionally E3).
fn middle_seki(e3_white: bool) -> String {
    let mut rows = Vec::new();
    for _ in 0..6 {
        rows.push(". . X X X O O . .".to_string());
    }
    let e3 = if e3_white { 'O' } else { '.' };
    rows.push(format!(". . X O {e3} X O . ."));
    rows.push(". . X O . X O . .".to_string());
    rows.push(". . X O . X O . .".to_string());
    rows.join("\n")
}

#[test]
fn nine_by_nine_eyeless_seki_with_two_shared_liberties() {
    // The white chain D1-D3+E3 and the black chain F1-F3 have no eye and share E1, E2: either
    // side filling one of them puts its own chain in atari, so both are 公气 (shared essential
    // eyes, half each) and the two chains are units in seki without own eyes. The outer units
    // live independently on 18-point areas: two essential eyes, 16 roads each.
    // Black 24 stones + 16 roads = 40, White 19 + 16 = 35 (40 + 35 + 4 eyes + 2 shared = 81).
    let a = analyse(&middle_seki(true), &[]);
    check(
        "eyeless seki, two liberties",
        &a,
        &Expect {
            stones: (24, 19),
            roads_half: (h(16), h(16)),
            own_eyes: (2, 2),
            shared_eyes: 2,
            units: (2, 2),
            independent: (1, 1),
            living_half: (h(40), h(35)),
            // Area: 24 + 18 + 1 = 43, 19 + 18 + 1 = 38; two units each, nothing returned.
            area_half: (h(43), h(38)),
            returned_half: (h(43), h(38)),
            // Group tax: the seki chains are not taxed, the shared points score nothing.
            tax: (24 + 18 - 2, 19 + 18 - 2),
            territory: (18, 18),
            tromp_taylor: (42, 37),
        },
    );
}

/// As `middle_seki`, with the white inner chain reaching up to E4 so that the three empty
/// points E1-E3 touch the two inner chains only.
fn middle_seki_three_liberties() -> String {
    let mut rows = Vec::new();
    for _ in 0..5 {
        rows.push(". . X X X O O . .".to_string());
    }
    rows.push(". . X O O X O . .".to_string());
    for _ in 0..3 {
        rows.push(". . X O . X O . .".to_string());
    }
    rows.join("\n")
}

#[test]
fn nine_by_nine_eyeless_seki_with_three_shared_liberties() {
    // The white chain D1-D4+E4 and the black chain F1-F4 have no eye and share E1, E2, E3,
    // which touch nothing else. Whoever fills one first keeps two liberties (safe), after which
    // neither can fill the other two without self-atari: in the final position one point is a
    // dame (单官, half a road each) and two are 公气, whichever is filled first. The inner
    // chains are in seki.
    // Black 23 + 16 + 1/2 = 39.5, White 19 + 16 + 1/2 = 35.5 (+ 4 eyes + 2 shared = 81).
    let a = analyse(&middle_seki_three_liberties(), &[]);
    check(
        "eyeless seki, three liberties",
        &a,
        &Expect {
            stones: (23, 19),
            roads_half: (h(16) + 1, h(16) + 1),
            own_eyes: (2, 2),
            shared_eyes: 2,
            units: (2, 2),
            independent: (1, 1),
            living_half: (79, 71),
            // Area: 23 + 18 + 1.5 = 42.5, 19 + 18 + 1.5 = 38.5.
            area_half: (h(41) + 3, h(37) + 3),
            returned_half: (h(41) + 3, h(37) + 3),
            tax: (23 + 18 - 2, 19 + 18 - 2),
            territory: (18, 18),
            tromp_taylor: (41, 37),
        },
    );
}

#[test]
fn three_empty_points_one_of_which_joins_a_wall_are_settled_as_a_whole() {
    // `middle_seki` with E3 empty: E3 touches the black wall at E4, so the three points are
    // not three liberties of a seki. Black at E3 joins F1-F3 to the wall and then captures
    // D1-D3 (two liberties, no eye); White at E3 makes the eyeless seki of two liberties.
    // Taking E3 first as a dame leaves E1, E2 as 公气; taking E1 or E2 first leaves E3 to
    // Black. Which dame goes first would decide the count, and a scan order is a direction
    // (row by row, the board as drawn reached E3 first and kept E1, E2 as 公气; upside down
    // it reached E1 first and gave E2, E3 to Black as roads); so the three points
    // are settled as a whole, as dame, half each ("双方活棋之间的空点各得一半"), the same on
    // the board and its mirror image.
    let text = middle_seki(false);
    let a = analyse(&text, &[]);
    let upside_down: Vec<&str> = text.lines().rev().collect();
    let b = analyse(&upside_down.join("\n"), &[]);
    for (name, x) in [("as drawn", &a), ("upside down", &b)] {
        assert_eq!(x.dame(), 3, "{name}: E1-E3 are dame");
        assert_eq!(x.shared_eyes(), 0, "{name}");
        assert_eq!(
            (x.roads(Color::Black), x.roads(Color::White)),
            (16, 16),
            "{name}"
        );
    }
    for m in Method::ALL {
        let p = params(&a, Version::Law);
        let (x, y) = (score::score(&a, m, &p), score::score(&b, m, &p));
        // A method that cannot count one of the two cannot count the other either.
        assert_eq!(x.is_ok(), y.is_ok(), "{m}: {x:?} / {y:?}");
        if let (Ok(x), Ok(y)) = (x, y) {
            assert_eq!(pair(&x), pair(&y), "{m}");
        }
    }
}

#[test]
fn nine_by_nine_one_unit_through_territory_against_two_units() {
    // Black's row-4 wall with the E5-E9 column and the lone stone E2 are two chains sharing
    // one territory: one unit (one 棋头), two essential eyes, 24 roads. White has two separate
    // units (left and right boxes of 12 points each): four essential eyes, 20 roads.
    // Living: Black 15 + 24 = 39, White 16 + 20 = 36 (39 + 36 + 6 eyes = 81).
    let a = analyse(
        ". . . O X O . . .\n\
         . . . O X O . . .\n\
         . . . O X O . . .\n\
         . . . O X O . . .\n\
         O O O O X O O O O\n\
         X X X X X X X X X\n\
         . . . . . . . . .\n\
         . . . . X . . . .\n\
         . . . . . . . . .\n",
        &[],
    );
    check(
        "one unit vs two",
        &a,
        &Expect {
            stones: (15, 16),
            roads_half: (h(24), h(20)),
            own_eyes: (2, 4),
            shared_eyes: 0,
            units: (1, 2),
            independent: (1, 2),
            living_half: (h(39), h(36)),
            // Area 41 vs 40; White has one more unit and returns one stone: 42 vs 39.
            area_half: (h(41), h(40)),
            returned_half: (h(42), h(39)),
            tax: (39, 36),
            territory: (26, 24),
            tromp_taylor: (41, 40),
        },
    );
}

#[test]
fn thirteen_by_thirteen_dame_column_and_dead_stone() {
    // Black wall on F, White wall on H, an unfilled column G of 13 dame between them (each
    // point fillable by either side: half a road each), a dead white stone at C7 in Black's
    // 65-point area. Living: 13 + 63 + 6.5 = 82.5 each: a draw.
    let mut rows = Vec::new();
    for r in (1..=13).rev() {
        let left = if r == 7 { ". . O . ." } else { ". . . . ." };
        rows.push(format!("{left} X . O . . . . ."));
    }
    let a = analyse(&rows.join("\n"), &["C7"]);
    check(
        "13x13 dame",
        &a,
        &Expect {
            stones: (13, 13),
            roads_half: (h(63) + 13, h(63) + 13),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(76) + 13, h(76) + 13),
            area_half: (h(78) + 13, h(78) + 13),
            returned_half: (h(78) + 13, h(78) + 13),
            // Dame score nothing under the tax.
            tax: (13 + 65 - 2, 13 + 65 - 2),
            territory: (66, 65),
            // Tromp-Taylor: the dead stone stays, so Black's region reaches White.
            tromp_taylor: (13, 13 + 1 + 65),
        },
    );
}

#[test]
fn nineteen_by_nineteen_three_white_corner_groups() {
    // Three separate white groups, each of six stones around a six-point area in a corner,
    // each enclosed by an eight-stone black wall; the rest is one black area shared by the
    // three walls (one black unit). White: 3 units, 6 essential eyes, 12 roads: 18 + 12 = 30.
    // Black: 24 stones, 301 empty points, 2 essential eyes: 24 + 299 = 323.
    let mut g = vec![vec!['.'; 19]; 19];
    // Row index 0 is rank 19. Top-left corner box.
    let corner = |g: &mut Vec<Vec<char>>, flip_x: bool, flip_y: bool| {
        let mut put = |x: usize, y: usize, c: char| {
            let x = if flip_x { 18 - x } else { x };
            let y = if flip_y { 18 - y } else { y };
            g[y][x] = c;
        };
        for x in 0..4 {
            put(x, 2, 'O');
        }
        put(3, 0, 'O');
        put(3, 1, 'O');
        for x in 0..5 {
            put(x, 3, 'X');
        }
        for y in 0..3 {
            put(4, y, 'X');
        }
    };
    corner(&mut g, false, false);
    corner(&mut g, true, false);
    corner(&mut g, false, true);
    let text: Vec<String> = g.iter().map(|r| r.iter().collect()).collect();
    let a = analyse(&text.join("\n"), &[]);
    check(
        "19x19 corners",
        &a,
        &Expect {
            stones: (24, 18),
            roads_half: (h(299), h(12)),
            own_eyes: (2, 6),
            shared_eyes: 0,
            units: (1, 3),
            independent: (1, 3),
            living_half: (h(323), h(30)),
            // Area 325 vs 36; White returns two heads: 327 vs 34.
            area_half: (h(325), h(36)),
            returned_half: (h(327), h(34)),
            tax: (323, 30),
            territory: (301, 18),
            tromp_taylor: (325, 36),
        },
    );
}

#[test]
fn seki_with_a_two_point_eye_space_has_one_road() {
    // One row A..F: A B empty, C Black, D empty, E White, F empty.
    // D: Black there leaves C-D with the single liberty B; White there leaves D-E with the
    // single liberty F (C keeps B): neither can fill it, a 公气. Black at F or White at A or B
    // would be suicide. So the two chains are in seki. Black may fill B (C-B keeps A and D):
    // of Black's two points one is the seki unit's essential eye, the other a road
    // (第二十七条: "双活棋中的带眼的每块棋要保留1个独自拥有的基本眼位"). White's F is its eye.
    // Living: Black 1 + 1 = 2, White 1 + 0 = 1 (2 + 1 + 2 eyes + 1 shared = 6).
    let a = analyse("..X.O.", &[]);
    check(
        "seki with a two-point eye space",
        &a,
        &Expect {
            stones: (1, 1),
            roads_half: (h(1), 0),
            own_eyes: (1, 1),
            shared_eyes: 1,
            units: (1, 1),
            independent: (0, 0),
            living_half: (h(2), h(1)),
            // Area: 1 + 2 + 1/2 = 3.5, 1 + 1 + 1/2 = 2.5; one essential eye each, nothing
            // returned.
            area_half: (7, 5),
            returned_half: (7, 5),
            // Seki: stones score, seki empty points do not, nothing taxed; no territory.
            tax: (1, 1),
            territory: (0, 0),
            // Tromp-Taylor: A-B reach only Black, F only White.
            tromp_taylor: (3, 2),
        },
    );
}

#[test]
fn dame_next_to_a_stone_joined_through_own_area() {
    // The black stone E5 sits in White's wall and touches Black's area only at D5 (a tiger's
    // mouth between D4 and D6). F5 is enclosed by E5 and white stones. White can fill F5
    // (its chain keeps many liberties; E5 keeps D5). Black can too: it first closes D5, its
    // own area point (a road either way), and then E5-F5 belong to the wall. So F5 is a dame
    // both sides can fill (单官), half a road each, not White's one-sided point.
    // Black: 9 stones, 28-point area: 2 eyes, 26 roads, + 1/2 = 35.5.
    // White: 11 stones, 32-point area: 2 eyes, 30 roads, + 1/2 = 41.5 (35.5 + 41.5 + 4 = 81).
    let a = analyse(
        ". . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O O . . .\n\
         . . . . X . O . .\n\
         . . . X O O . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n",
        &[],
    );
    check(
        "dame through a tiger's mouth",
        &a,
        &Expect {
            stones: (9, 11),
            roads_half: (h(26) + 1, h(30) + 1),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(35) + 1, h(41) + 1),
            // Area 9 + 28 + 1/2 and 11 + 32 + 1/2; one unit each, nothing returned, so the
            // compound count equals the area count (第三十三条).
            area_half: (h(37) + 1, h(43) + 1),
            returned_half: (h(37) + 1, h(43) + 1),
            tax: (9 + 28 - 2, 11 + 32 - 2),
            territory: (28, 32),
            tromp_taylor: (37, 43),
        },
    );
}

#[test]
fn tiger_mouth_in_atari_inside_own_area_is_not_seki() {
    // As the previous position with White's stone on F5: E5's last liberty is D5, a point of
    // Black's own area. Black connects there (a road becomes a stone, nothing changes in the
    // count); the black unit still lives independently with two essential eyes.
    // Black: 9 stones + 26 roads = 35; White: 12 stones + 30 roads = 42 (35 + 42 + 4 = 81).
    let a = analyse(
        ". . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O O . . .\n\
         . . . . X O O . .\n\
         . . . X O O . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n\
         . . . X O . . . .\n",
        &[],
    );
    check(
        "tiger's mouth in atari",
        &a,
        &Expect {
            stones: (9, 12),
            roads_half: (h(26), h(30)),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(35), h(42)),
            area_half: (h(37), h(44)),
            returned_half: (h(37), h(44)),
            tax: (9 + 28 - 2, 12 + 32 - 2),
            territory: (28, 32),
            tromp_taylor: (37, 44),
        },
    );
}

#[test]
fn false_eye_is_not_chosen_as_an_essential_eye() {
    // 8x4. Black's top-edge group is two chains: the left one (B4 C4 A3-D3) with the eye A4,
    // the right one (E4 F4 F3 G3 H3 H4) with the eye G4. D4 touches both chains, but the
    // white stone E3 cuts diagonally: D4 is a false eye. 第二十七条: essential eyes are what
    // the unit lives on once every other point is filled ("基本眼位是棋子存活在盘内的充分必要
    // 条件"): with D4 kept empty and A4 filled, the left chain's only liberty would be D4 and
    // White would capture there. So A4 and G4 are the essential eyes and D4 is the road.
    // White: row 2 and E3 (9 stones) with the 8-point row 1: two eyes, six roads.
    // Living: Black 12 + 1 = 13, White 9 + 6 = 15 (13 + 15 + 4 eyes = 32 points).
    let a = analyse(
        ". X X . X X . X\n\
         X X X X O X X X\n\
         O O O O O O O O\n\
         . . . . . . . .\n",
        &[],
    );
    let p = |n: &str| a.topology().parse_point(n).unwrap().0;
    assert_eq!(a.class(p("A4")), PointClass::Eye(Color::Black));
    assert_eq!(a.class(p("G4")), PointClass::Eye(Color::Black));
    assert_eq!(a.class(p("D4")), PointClass::Road(Color::Black));
    check(
        "false eye",
        &a,
        &Expect {
            stones: (12, 9),
            roads_half: (h(1), h(6)),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(13), h(15)),
            // Area: 12 + 3 = 15, 9 + 8 = 17; one unit each.
            area_half: (h(15), h(17)),
            returned_half: (h(15), h(17)),
            tax: (13, 15),
            territory: (3, 8),
            tromp_taylor: (15, 17),
        },
    );
}

#[test]
fn seki_with_one_eye_each_between_two_living_groups() {
    // 8x6. Top: Black B6 C6 A5-D5 with the eye A6, White E6 F6 H6 E5-H5 with the eye G6;
    // they share D6. Black filling D6 leaves A6 as its last liberty and White captures there,
    // and the same for White with G6: a seki with one eye each. Below, White A4-D4 D3-D1
    // and Black E4-H4 E3-E1 live on nine points each.
    // 第二十七条: each seki unit with an eye keeps one own essential eye; D6 is a 公气, an
    // essential eye of both; each independent unit keeps two, so seven roads each.
    // Living: Black 13 + 7 = 20, White 14 + 7 = 21 (20 + 21 + 6 own eyes + 1 shared = 48).
    let a = analyse(
        ". X X . O O . O\n\
         X X X X O O O O\n\
         O O O O X X X X\n\
         . . . O X . . .\n\
         . . . O X . . .\n\
         . . . O X . . .\n",
        &[],
    );
    let p = |n: &str| a.topology().parse_point(n).unwrap().0;
    assert_eq!(a.class(p("D6")), PointClass::SharedEye);
    assert_eq!(a.class(p("A6")), PointClass::Eye(Color::Black));
    assert_eq!(a.class(p("G6")), PointClass::Eye(Color::White));
    check(
        "seki with eyes",
        &a,
        &Expect {
            stones: (13, 14),
            roads_half: (h(7), h(7)),
            own_eyes: (3, 3),
            shared_eyes: 1,
            units: (2, 2),
            independent: (1, 1),
            living_half: (h(20), h(21)),
            // Area: 13 + 1 + 9 + 1/2 = 23.5, 14 + 1 + 9 + 1/2 = 24.5. Three essential eyes
            // each: nothing returned, compound = area (第三十三条).
            area_half: (47, 49),
            returned_half: (47, 49),
            // KataGo: seki stones score, the seki eyes and D6 do not, the seki units are not
            // taxed: 13 + 9 - 2 = 20, 14 + 9 - 2 = 21.
            tax: (20, 21),
            // No points in seki: the nine-point areas only.
            territory: (9, 9),
            // A6 reaches only Black, G6 only White, D6 both.
            tromp_taylor: (23, 24),
        },
    );
}

#[test]
fn nine_by_nine_finished_game_with_dead_stones_and_inner_chains() {
    // A finished 9x9 game. Black has two units: the left one (three chains: the long chain
    // B9..D4, the lone A5 and B4-B3-C3-C2-D2-D1, joined through its own points B5, C4, A6, A4)
    // with 12 empty points once the dead white stone A3 is removed, and the lower right one
    // (F1..J4 and the lone H2) with 5 empty points G2, H3, H1, J1, J2. White has one unit (its
    // wall, the E1-F4 chain that reaches it through F5, and the lone stone E8 inside its
    // area) with 14 empty points once the dead black stone H8 is removed.
    // Counted by hand from the rule texts:
    //   stones: Black 17 + 10 = 27, White 23; empty: Black 12 + 5 = 17, White 14.
    //   essential eyes (第二十七条): 2 per unit: Black 4, White 2; roads Black 13, White 12.
    //   living (第二十八条): Black 27 + 13 = 40, White 23 + 12 = 35 (40 + 35 + 6 = 81).
    let a = analyse(
        ". X O . . . O . .\n\
         . X O . O . O X .\n\
         X X O O . O O . .\n\
         . X X O O O . O .\n\
         X . X X X O O O O\n\
         . X . X O O X X X\n\
         O X X O O X X . X\n\
         . . X X O X . X .\n\
         . . . X O X X . .\n",
        &["A3", "H8"],
    );
    check(
        "9x9 finished game",
        &a,
        &Expect {
            stones: (27, 23),
            roads_half: (h(13), h(12)),
            own_eyes: (4, 2),
            shared_eyes: 0,
            units: (2, 1),
            independent: (2, 1),
            living_half: (h(40), h(35)),
            // Area: 27 + 17 = 44, 23 + 14 = 37. Black has one unit more (4 essential eyes
            // against 2) and returns one stone (第三十三条): 43 vs 38.
            area_half: (h(44), h(37)),
            returned_half: (h(43), h(38)),
            // Group tax: 44 - 2 x 2 = 40, 37 - 2 = 35.
            tax: (40, 35),
            // Territory plus the dead stones as prisoners: 17 + 1, 14 + 1.
            territory: (18, 15),
            // Tromp-Taylor keeps A3 and H8 on the board: Black 28 stones + A9 A8 A6 B5 C4
            // and the five lower-right points = 38; White 24 stones + D9 E9 F9 D8 F8 E7 G6 =
            // 31; the region around A3 and the one around H8 reach both colours.
            tromp_taylor: (38, 31),
        },
    );
}

#[test]
fn ko_left_on_the_board_is_the_holders_road() {
    // 7x5. Black holds a ko at D4: D4 is surrounded by black stones, and the black stone E4
    // has D4 as its last liberty (White could take it back only by a ko capture). The ko is
    // not connected: 第二十七条 "一方劫材有利时不粘劫而持有的打劫处的那个空点是该方的路点", so D4 is
    // Black's road, not an essential eye (with D4 kept empty E4 could be captured). E4 in
    // atari inside Black's own area is no seki. The same holds for White's E5, whose last
    // liberty F5 lies in White's area: F5 is White's road.
    // Black: 14 stones, 7 one-point regions: 2 eyes, 5 roads: 19.
    // White: 6 stones, 8 empty points: 2 eyes, 6 roads: 12 (19 + 12 + 4 = 35 points).
    let a = analyse(
        ". X . X O . .\n\
         X X X . X O O\n\
         . X . X O . .\n\
         X X X X O . .\n\
         . X . X O . .\n",
        &[],
    );
    let p = |n: &str| a.topology().parse_point(n).unwrap().0;
    assert_eq!(a.class(p("D4")), PointClass::Road(Color::Black));
    assert_eq!(a.class(p("F5")), PointClass::Road(Color::White));
    check(
        "ko held by Black",
        &a,
        &Expect {
            stones: (14, 6),
            roads_half: (h(5), h(6)),
            own_eyes: (2, 2),
            shared_eyes: 0,
            units: (1, 1),
            independent: (1, 1),
            living_half: (h(19), h(12)),
            // Area: 14 + 7 = 21, 6 + 8 = 14.
            area_half: (h(21), h(14)),
            returned_half: (h(21), h(14)),
            tax: (19, 12),
            territory: (7, 8),
            tromp_taylor: (21, 14),
        },
    );
}

#[test]
fn nineteen_by_nineteen_game_with_dame_column_living_corner_and_dead_stones() {
    // 19x19. Black wall on J, White wall on L, the unfilled K column between them (19 dame:
    // either side can fill each point with its wall keeping many liberties, 单官, half a road
    // each). In the lower left corner a white group (A3-D3, B2, B1, D2, D1) lives with the
    // two two-point eyes A1-A2 and C1-C2, enclosed by the black chain A4-E4, E3-E1, which
    // belongs to Black's unit through Black's area. Dead: a white stone at D10 in Black's
    // area and a black stone at Q10 in White's area.
    // Black: 27 stones; area 8 x 19 = 152 points minus 8 enclosing stones and the 12 points
    // of the white corner = 132 empty points; one unit: 2 essential eyes, 130 roads.
    // White: 27 stones; 152 empty points on the right (one unit) and 4 in the corner (one
    // unit): 4 essential eyes, 152 roads.
    // Living (第二十八条): Black 27 + 130 + 19/2 = 166.5, White 27 + 152 + 19/2 = 188.5
    // (166.5 + 188.5 + 6 eyes = 361).
    let mut g = vec![vec!['.'; 19]; 19];
    let mut put = |name: &str, c: char| {
        let x = "ABCDEFGHJKLMNOPQRST".find(&name[..1]).unwrap();
        let y = 19 - name[1..].parse::<usize>().unwrap();
        g[y][x] = c;
    };
    for r in 1..=19 {
        put(&format!("J{r}"), 'X');
        put(&format!("L{r}"), 'O');
    }
    for p in ["A3", "B3", "C3", "D3", "B2", "B1", "D2", "D1", "D10"] {
        put(p, 'O');
    }
    for p in ["A4", "B4", "C4", "D4", "E4", "E3", "E2", "E1", "Q10"] {
        put(p, 'X');
    }
    let text: Vec<String> = g.iter().map(|r| r.iter().collect()).collect();
    let a = analyse(&text.join("\n"), &["D10", "Q10"]);
    assert_eq!(a.dame(), 19);
    check(
        "19x19 game",
        &a,
        &Expect {
            stones: (27, 27),
            roads_half: (h(130) + 19, h(152) + 19),
            own_eyes: (2, 4),
            shared_eyes: 0,
            units: (1, 2),
            independent: (1, 2),
            living_half: (h(157) + 19, h(179) + 19),
            // Area: 27 + 132 + 9.5 = 168.5, 27 + 156 + 9.5 = 192.5. White has one unit
            // more and returns one stone (第三十三条): 169.5 vs 191.5.
            area_half: (h(159) + 19, h(183) + 19),
            returned_half: (h(160) + 19, h(182) + 19),
            // Group tax: dame score nothing; 27 + 132 - 2, 27 + 156 - 4.
            tax: (157, 179),
            // Territory plus one dead stone each as a prisoner.
            territory: (133, 157),
            // Tromp-Taylor keeps D10 and Q10: both big areas then reach both colours; only
            // White's corner eyes (4 points) reach one colour. 28 stones each.
            tromp_taylor: (28, 32),
        },
    );
}

#[test]
fn one_listed_stone_marks_its_whole_chain_dead() {
    // The white chain B4-B3 sits inside Black's area. A chain lives or dies as a whole, so
    // listing B4 alone removes B3 too and gives the same analysis as listing both.
    let board = "X X X X X O . . .\n\
                 X O . X X O . . .\n\
                 X O . X X O . . .\n\
                 X X X X X O . . .\n\
                 . . . . X O . . .\n";
    let one = analyse(board, &["B4"]);
    let both = analyse(board, &["B4", "B3"]);
    let t = one.topology();
    let mut expected = [
        t.parse_point("B4").unwrap().0,
        t.parse_point("B3").unwrap().0,
    ];
    expected.sort_unstable();
    assert_eq!(one.dead(), &expected[..]);
    assert_eq!(one.classes(), both.classes());
    assert_eq!(one.dead_count(Color::White), 2);
}

#[test]
fn one_eye_against_no_eye_seki() {
    // One row: A eye, B Black, C empty, D White, E empty, F Black, G eye.
    // Black filling C leaves B-C with the single liberty A and White captures at A; the same
    // at E with G. White filling C leaves C-D with the single liberty E and Black captures
    // there (and the same at E). So the eyeless white stone lives in seki with the two
    // one-eyed black units: C and E are 公气, A and G each the one own essential eye of a
    // seki unit (第二十七条), no roads anywhere.
    // Living: Black 2 + 0 = 2, White 1 + 0 = 1 (2 + 1 + 2 own eyes + 2 shared = 7).
    let a = analyse(".X.O.X.", &[]);
    assert_eq!(a.class(2), PointClass::SharedEye);
    assert_eq!(a.class(4), PointClass::SharedEye);
    check(
        "one eye against no eye",
        &a,
        &Expect {
            stones: (2, 1),
            roads_half: (0, 0),
            own_eyes: (2, 0),
            shared_eyes: 2,
            units: (2, 1),
            independent: (0, 0),
            living_half: (h(2), h(1)),
            // Area: 2 + 2 + 1 (half of C and E) = 5, 1 + 1 = 2.
            area_half: (h(5), h(2)),
            // Black has two essential eyes more and returns one stone (第三十三条): compound
            // stones + eyes + half the shared points: 1 + 2 + 1 = 4, 2 + 0 + 1 = 3.
            returned_half: (h(4), h(3)),
            // Seki only: stones score, nothing is taxed.
            tax: (2, 1),
            territory: (0, 0),
            // A and G reach only Black; C and E reach both.
            tromp_taylor: (4, 1),
        },
    );
}

#[test]
fn a_unit_with_one_real_eye_and_a_false_eye_is_reported() {
    // The false-eye position with G4 filled: the right chain's only liberty is D4, the false
    // eye; with A4 and D4 as the only points, no choice of two essential eyes keeps both
    // chains alive once the rest is filled (第二十七条: essential eyes suffice for life), so
    // the unit is reported as one that cannot live on its own points. White's unit lives.
    let a = analyse(
        ". X X . X X X X\n\
         X X X X O X X X\n\
         O O O O O O O O\n\
         . . . . . . . .\n",
        &[],
    );
    let doubtful: Vec<Color> = a.doubtful_units().map(|u| u.color).collect();
    assert_eq!(doubtful, vec![Color::Black]);
    // The false-eye position itself lives: both units keep two eyes.
    let b = analyse(
        ". X X . X X . X\n\
         X X X X O X X X\n\
         O O O O O O O O\n\
         . . . . . . . .\n",
        &[],
    );
    assert_eq!(b.doubtful_units().count(), 0);
}
