//! Round trips of every coordinate notation over every point of the boards, reference
//! vectors from the notation documents, and garbage input.

use board_core::Side;
use board_geometry::notation::shogi::Style;
use board_geometry::notation::{self, Notation, NotationErrorKind, gtp, iccs, sgf, xiangqi_files};
use board_geometry::{Grid, Point, Topology, shogi, xiangqi};

/// Grid sizes that exercise the corners of the supported range.
fn grids() -> Vec<Grid> {
    let mut out = Vec::new();
    for (w, h) in [
        (1, 1),
        (2, 3),
        (9, 9),
        (13, 13),
        (19, 19),
        (25, 25),
        (25, 1),
        (7, 20),
    ] {
        out.push(Grid::new(w, h).unwrap());
    }
    out
}

/// Every string of up to `len` characters over `alphabet`.
fn strings(alphabet: &[char], len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut layer = vec![String::new()];
    for _ in 0..len {
        layer = layer
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        out.extend(layer.iter().cloned());
    }
    out
}

#[test]
fn gtp_round_trips_on_every_point() {
    for grid in grids() {
        for p in grid.points() {
            let text = gtp::format(&grid, p);
            assert_eq!(gtp::parse(&grid, &text), Ok(p), "{text}");
            assert_eq!(gtp::parse(&grid, &text.to_lowercase()), Ok(p), "{text}");
        }
    }
}

#[test]
fn gtp_reference_vertices() {
    // GTP 2 draft, section 2.11: "A1" is the lower left corner; the letter I is skipped.
    let g = Grid::square(19).unwrap();
    assert_eq!(gtp::parse(&g, "A1"), Ok(g.point(0, 18).unwrap()));
    assert_eq!(gtp::parse(&g, "A19"), Ok(Point(0)));
    assert_eq!(gtp::parse(&g, "T1"), Ok(Point(360)));
    assert_eq!(gtp::parse(&g, "J10"), Ok(g.point(8, 9).unwrap()));
    assert_eq!(gtp::format(&g, g.point(9, 9).unwrap()), "K10");
    let big = Grid::square(25).unwrap();
    assert_eq!(gtp::format(&big, big.point(24, 0).unwrap()), "Z25");
    assert!(gtp::is_pass("pass") && gtp::is_pass("PASS") && !gtp::is_pass("pas"));
}

#[test]
fn gtp_rejects_garbage_with_positions() {
    let g = Grid::square(19).unwrap();
    let kind = |t: &str| {
        let e = gtp::parse(&g, t).unwrap_err();
        assert_eq!(e.notation, Notation::Gtp);
        (e.at, e.kind)
    };
    assert_eq!(kind(""), (0, NotationErrorKind::Empty));
    assert!(matches!(
        kind("I5"),
        (0, NotationErrorKind::Unexpected { found: 'I', .. })
    ));
    assert!(matches!(
        kind("i5"),
        (0, NotationErrorKind::Unexpected { found: 'i', .. })
    ));
    assert!(matches!(
        kind("U1"),
        (
            0,
            NotationErrorKind::OffBoard {
                what: "column",
                value: 20,
                max: 19
            }
        )
    ));
    assert!(matches!(
        kind("A20"),
        (
            1,
            NotationErrorKind::OffBoard {
                what: "row",
                value: 20,
                max: 19
            }
        )
    ));
    assert!(matches!(
        kind("A0"),
        (1, NotationErrorKind::Unexpected { found: '0', .. })
    ));
    assert!(matches!(
        kind("A01"),
        (1, NotationErrorKind::Unexpected { found: '0', .. })
    ));
    assert!(matches!(
        kind("A"),
        (1, NotationErrorKind::Truncated { .. })
    ));
    assert!(matches!(
        kind("A1 "),
        (2, NotationErrorKind::Unexpected { found: ' ', .. })
    ));
    assert!(matches!(
        kind(" A1"),
        (0, NotationErrorKind::Unexpected { found: ' ', .. })
    ));
    assert!(matches!(
        kind("A1x"),
        (2, NotationErrorKind::Unexpected { found: 'x', .. })
    ));
    assert!(matches!(
        kind("é1"),
        (0, NotationErrorKind::Unexpected { found: 'é', .. })
    ));
    assert!(matches!(
        kind("A1é"),
        (2, NotationErrorKind::Unexpected { found: 'é', .. })
    ));
    assert!(matches!(
        kind("A99999999999999999999"),
        (
            1,
            NotationErrorKind::OffBoard {
                what: "row",
                value: u32::MAX,
                ..
            }
        )
    ));
    assert!(matches!(
        kind("pass"),
        (1, NotationErrorKind::Unexpected { found: 'a', .. })
    ));
}

#[test]
fn gtp_exhaustive_short_strings_never_panic_and_parse_canonically() {
    let alphabet = ['A', 'i', 'I', 't', 'T', 'Z', '0', '1', '9', ' ', '一', '#'];
    for grid in [Grid::square(19).unwrap(), Grid::new(25, 9).unwrap()] {
        for s in strings(&alphabet, 4) {
            if let Ok(p) = gtp::parse(&grid, &s) {
                assert_eq!(gtp::format(&grid, p), s.to_uppercase(), "{s:?}");
            }
        }
    }
}

#[test]
fn sgf_round_trips_on_every_point() {
    for grid in grids() {
        for p in grid.points() {
            let text = sgf::format(&grid, p);
            assert_eq!(sgf::parse(&grid, &text), Ok(p), "{text}");
            assert!(!sgf::is_pass(&grid, &text) || text == "tt");
        }
    }
}

#[test]
fn sgf_reference_points_and_passes() {
    // SGF FF[4] "Go" section: "aa" is the upper left corner; the upper-right 4-4 point of
    // 19x19 is "pd", which GTP calls Q16.
    let g = Grid::square(19).unwrap();
    assert_eq!(sgf::parse(&g, "aa"), Ok(Point(0)));
    assert_eq!(sgf::parse(&g, "ss"), Ok(Point(360)));
    assert_eq!(gtp::format(&g, sgf::parse(&g, "pd").unwrap()), "Q16");
    // FF[4]: a pass is the empty value; FF[3]'s "tt" is a pass on boards up to 19x19.
    assert!(sgf::is_pass(&g, ""));
    assert!(sgf::is_pass(&g, "tt"));
    let big = Grid::square(21).unwrap();
    assert!(!sgf::is_pass(&big, "tt"));
    assert_eq!(sgf::parse(&big, "tt"), Ok(big.point(19, 19).unwrap()));
}

#[test]
fn sgf_rejects_garbage_with_positions() {
    let g = Grid::square(19).unwrap();
    let err = |t: &str| sgf::parse(&g, t).unwrap_err();
    assert_eq!(err("").kind, NotationErrorKind::Empty);
    assert!(matches!(err("a").kind, NotationErrorKind::Truncated { .. }));
    assert_eq!(err("a").at, 1);
    assert!(matches!(
        err("abc").kind,
        NotationErrorKind::Unexpected { found: 'c', .. }
    ));
    assert!(matches!(
        err("tt").kind,
        NotationErrorKind::OffBoard {
            what: "column",
            value: 20,
            ..
        }
    ));
    assert!(matches!(
        err("at").kind,
        NotationErrorKind::OffBoard {
            what: "row",
            value: 20,
            ..
        }
    ));
    assert_eq!(err("at").at, 1);
    // Upper-case letters are FF[4]'s columns 27-52, beyond the largest grid.
    assert!(matches!(
        err("Aa").kind,
        NotationErrorKind::Unexpected { found: 'A', .. }
    ));
    assert!(matches!(
        err("a\u{0}").kind,
        NotationErrorKind::Unexpected { found: '\u{0}', .. }
    ));
    assert!(matches!(
        err("ａａ").kind,
        NotationErrorKind::Unexpected { found: 'ａ', .. }
    ));
    for s in strings(&['a', 's', 't', 'z', 'A', '1', ' '], 3) {
        if let Ok(p) = sgf::parse(&g, &s) {
            assert_eq!(sgf::format(&g, p), s);
        }
    }
}

#[test]
fn iccs_round_trips_on_every_square() {
    for sq in xiangqi::Square::all() {
        let text = iccs::format(sq);
        assert_eq!(text, sq.to_string());
        assert_eq!(iccs::parse(&text), Ok(sq));
        assert_eq!(text.parse::<xiangqi::Square>(), Ok(sq));
        assert_eq!(iccs::parse(&text.to_uppercase()), Ok(sq));
        let fsf = iccs::format_fsf(sq);
        assert_eq!(iccs::parse_fsf(&fsf), Ok(sq));
        // FSF ranks are ICCS ranks plus one (Fairy-Stockfish documentation, spec section 8).
        assert_eq!(&fsf[..1], &text[..1]);
        assert_eq!(
            fsf[1..].parse::<u32>().unwrap(),
            text[1..].parse::<u32>().unwrap() + 1
        );
    }
}

#[test]
fn iccs_reference_squares() {
    // xqbase ICCS document: 炮二平五 is h2e2; Red's king starts on e0, Black's on e9.
    let h2: xiangqi::Square = "h2".parse().unwrap();
    assert_eq!((h2.x(), h2.y()), (7, 7));
    assert_eq!("e0".parse::<xiangqi::Square>().unwrap().index(), 85);
    assert_eq!("e9".parse::<xiangqi::Square>().unwrap().index(), 4);
    // FSF writes the same cannon square as h3 and Black's back rank as rank 10.
    assert_eq!(iccs::parse_fsf("h3"), Ok(h2));
    assert_eq!(iccs::format_fsf("a9".parse().unwrap()), "a10");
}

#[test]
fn iccs_rejects_garbage_with_positions() {
    let err = |t: &str| iccs::parse(t).unwrap_err();
    assert_eq!(err("").kind, NotationErrorKind::Empty);
    assert!(matches!(
        err("j0").kind,
        NotationErrorKind::Unexpected { found: 'j', .. }
    ));
    assert!(matches!(err("a").kind, NotationErrorKind::Truncated { .. }));
    assert!(matches!(
        err("a10").kind,
        NotationErrorKind::OffBoard {
            what: "rank",
            value: 10,
            max: 9
        }
    ));
    assert_eq!(err("a10").at, 1);
    assert!(matches!(
        err("a00").kind,
        NotationErrorKind::Unexpected { found: '0', .. }
    ));
    assert!(matches!(
        err("a-1").kind,
        NotationErrorKind::Unexpected { found: '-', .. }
    ));
    assert!(matches!(
        err("h2e2").kind,
        NotationErrorKind::Unexpected { found: 'e', .. }
    ));
    assert_eq!(err("h2e2").at, 2);
    let fsf = |t: &str| iccs::parse_fsf(t).unwrap_err();
    assert!(matches!(
        fsf("a0").kind,
        NotationErrorKind::Unexpected { found: '0', .. }
    ));
    assert!(matches!(
        fsf("a11").kind,
        NotationErrorKind::OffBoard {
            value: 11,
            max: 10,
            ..
        }
    ));
    assert!(matches!(
        fsf("a010").kind,
        NotationErrorKind::Unexpected { found: '0', .. }
    ));
    assert_eq!(fsf("a11").notation, Notation::FsfCoordinates);
    for s in strings(&['a', 'I', 'j', '0', '1', '9', '五'], 3) {
        if let Ok(sq) = iccs::parse(&s) {
            assert_eq!(iccs::format(sq), s.to_lowercase());
        }
        if let Ok(sq) = iccs::parse_fsf(&s) {
            assert_eq!(iccs::format_fsf(sq), s.to_lowercase());
        }
    }
}

#[test]
fn xiangqi_file_numerals_round_trip_for_both_sides() {
    for side in Side::ALL {
        for sq in xiangqi::Square::all() {
            let n = sq.file_number(side);
            let c = xiangqi_files::numeral(side, n).unwrap();
            let parsed = xiangqi_files::parse(side, &c.to_string()).unwrap();
            assert_eq!(parsed, n);
            assert_eq!(xiangqi::column_of_file_number(side, parsed), Some(sq.x()));
        }
        assert_eq!(xiangqi_files::numeral(side, 0), None);
        assert_eq!(xiangqi_files::numeral(side, 10), None);
    }
}

#[test]
fn xiangqi_file_numerals_follow_the_chinese_notation() {
    // CXA record rules: 炮二平五 (Red, Chinese numerals), 马8进7 (Black, Arabic digits,
    // often full-width).
    assert_eq!(xiangqi_files::numeral(Side::First, 2), Some('二'));
    assert_eq!(xiangqi_files::numeral(Side::Second, 8), Some('8'));
    assert_eq!(xiangqi_files::parse(Side::First, "五"), Ok(5));
    assert_eq!(xiangqi_files::parse(Side::Second, "８"), Ok(8));
    assert_eq!(xiangqi_files::parse(Side::Second, "7"), Ok(7));
    let err = |side, t: &str| xiangqi_files::parse(side, t).unwrap_err();
    // Each side's numeral style is strict.
    assert!(matches!(
        err(Side::First, "2").kind,
        NotationErrorKind::Unexpected { found: '2', .. }
    ));
    assert!(matches!(
        err(Side::Second, "二").kind,
        NotationErrorKind::Unexpected { found: '二', .. }
    ));
    assert!(matches!(
        err(Side::Second, "0").kind,
        NotationErrorKind::OffBoard { value: 0, .. }
    ));
    assert!(matches!(
        err(Side::First, "十").kind,
        NotationErrorKind::Unexpected { .. }
    ));
    assert_eq!(err(Side::First, "").kind, NotationErrorKind::Empty);
    let trailing = err(Side::First, "二平");
    assert_eq!(trailing.at, "二".len());
    assert!(matches!(
        trailing.kind,
        NotationErrorKind::Unexpected { found: '平', .. }
    ));
}

#[test]
fn shogi_round_trips_every_style_on_every_square() {
    for sq in shogi::Square::all() {
        for style in Style::ALL {
            let text = sq.format(style);
            assert_eq!(text.parse::<shogi::Square>(), Ok(sq), "{text}");
            assert_eq!(
                notation::shogi::parse(&text).map(|s| s.format(style)),
                Ok(text)
            );
        }
        assert_eq!(sq.to_string(), sq.format(Style::Usi));
        // Kanji file numerals are accepted on input too.
        let kanji_file = format!(
            "{}{}",
            board_core::numerals::KANJI_DIGITS[usize::from(sq.file())],
            sq.format(Style::Usi).chars().nth(1).unwrap()
        );
        assert_eq!(kanji_file.parse::<shogi::Square>(), Ok(sq));
    }
}

#[test]
fn shogi_reference_squares() {
    // USI protocol: the first move 7g7f; JSA notation writes its destination ７六 (7六歩).
    let sq: shogi::Square = "7f".parse().unwrap();
    assert_eq!((sq.file(), sq.rank()), (7, 6));
    assert_eq!(sq.format(Style::Japanese), "７六");
    assert_eq!(sq.format(Style::JapaneseAscii), "7六");
    assert_eq!(sq.format(Style::Csa), "76");
    assert_eq!("７六".parse::<shogi::Square>(), Ok(sq));
    assert_eq!("7六".parse::<shogi::Square>(), Ok(sq));
    assert_eq!("七六".parse::<shogi::Square>(), Ok(sq));
    assert_eq!("76".parse::<shogi::Square>(), Ok(sq));
    assert_eq!("７６".parse::<shogi::Square>(), Ok(sq));
    // File-major numbering: 1a is index 0, 9a (SFEN's first square, top-left as sente
    // sees the board) is 72, and the centre 5e stays 40.
    assert_eq!("1a".parse::<shogi::Square>().unwrap().index(), 0);
    assert_eq!("9a".parse::<shogi::Square>().unwrap().index(), 72);
    assert_eq!("５五".parse::<shogi::Square>().unwrap().index(), 40);
}

#[test]
fn shogi_rejects_garbage_with_positions() {
    let err = |t: &str| t.parse::<shogi::Square>().unwrap_err();
    assert_eq!(err("").kind, NotationErrorKind::Empty);
    assert_eq!(err("").notation, Notation::ShogiSquare);
    assert!(matches!(
        err("0a").kind,
        NotationErrorKind::OffBoard {
            what: "file",
            value: 0,
            ..
        }
    ));
    assert!(matches!(
        err("7j").kind,
        NotationErrorKind::OffBoard {
            what: "rank",
            value: 10,
            ..
        }
    ));
    assert_eq!(err("7j").at, 1);
    assert!(matches!(err("7").kind, NotationErrorKind::Truncated { .. }));
    assert!(matches!(
        err("7G").kind,
        NotationErrorKind::Unexpected { found: 'G', .. }
    ));
    assert!(matches!(
        err("a7").kind,
        NotationErrorKind::Unexpected { found: 'a', .. }
    ));
    assert!(matches!(
        err("7g+").kind,
        NotationErrorKind::Unexpected { found: '+', .. }
    ));
    assert!(matches!(
        err("７十").kind,
        NotationErrorKind::Unexpected { found: '十', .. }
    ));
    assert_eq!(err("７十").at, "７".len());
    assert!(matches!(
        err("７０").kind,
        NotationErrorKind::OffBoard { value: 0, .. }
    ));
    assert!(matches!(
        err("同　").kind,
        NotationErrorKind::Unexpected { found: '同', .. }
    ));
    for s in strings(&['1', '9', 'a', 'i', 'j', '０', '５', '九', '十', ' '], 3) {
        if let Ok(sq) = s.parse::<shogi::Square>() {
            // Whatever parses is two characters naming a square, and reformats to a string
            // that parses back to it.
            assert_eq!(s.chars().count(), 2, "{s:?}");
            for style in Style::ALL {
                assert_eq!(sq.format(style).parse::<shogi::Square>(), Ok(sq));
            }
        }
    }
}

#[test]
fn errors_display_their_position() {
    let g = Grid::square(9).unwrap();
    let e = gtp::parse(&g, "K10").unwrap_err();
    assert_eq!(
        e.to_string(),
        "GTP vertex at byte 0: column 10 is off the board (maximum 9)"
    );
    let e = iccs::parse("h2x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "ICCS square at byte 2: found 'x' where the end of the coordinate was expected"
    );
}
