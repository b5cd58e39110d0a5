//! Records users have that used to be refused: the foul move itself followed by 反則勝ち,
//! multi-record CSA files, CSA V3.0, and the Kakinoki handicap names 左七枚落ち, 右七枚落ち
//! and 歩三兵.

use shogi_rules::handicap::Handicap;
use shogi_rules::{Ending, FoulKind, Position, Side, csa, kif, usi};

#[test]
fn a_record_may_end_on_the_foul_move() {
    // 二歩 (JSA 対局規定 第8条): after a pawn exchange on the 2nd file Sente drops its pawn
    // on the 7th file, which holds its own pawn; the record says 反則勝ち at the next number
    // (the side to move, Gote, wins).
    let opening = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n   6 ８五歩(84)\n   7 ２四歩(25)\n   8 同　歩(23)\n   9 同　飛(28)\n  10 ８六歩(85)\n";
    let text = format!("{opening}  11 ７七歩打\n  12 反則勝ち\n");
    let rec = kif::parse(&text).unwrap();
    assert_eq!(rec.moves.len(), 11);
    assert_eq!(
        rec.end,
        Some(Ending::Foul {
            offender: Side::First,
            kind: FoulKind::IllegalMove
        })
    );
    // The same in CSA, with %ILLEGAL_MOVE after the foul move.
    let csa_text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+2524FU\n-2324FU\n+2824HI\n-8586FU\n+0077FU\n%ILLEGAL_MOVE\n";
    let rec = csa::parse(csa_text).unwrap();
    assert_eq!(rec.moves.len(), 11);
    assert_eq!(rec.end.unwrap().winner(), Some(Side::Second));
    // Written and read back, the foul move stays.
    let again = kif::parse(&kif::write_kif(&rec)).unwrap();
    assert_eq!(again.moves.len(), 11);
    let again = csa::parse(&csa::write(&rec)).unwrap();
    assert_eq!(again.moves.len(), 11);
    // Written back as CSA it ends as it was read: %ILLEGAL_MOVE right after the foul move
    // (before, %+ILLEGAL_ACTION, which cshogi 1.1.0 reads with the same winner).
    assert_eq!(csa::write(&rec), csa_text);
    let from_kif = kif::parse(&kif::write_kif(&rec)).unwrap();
    assert_eq!(csa::write(&from_kif), csa_text);
    // Without the ending, or with a move after it, the foul is the error it was.
    let e = kif::parse(&format!("{opening}  11 ７七歩打\n")).unwrap_err();
    assert!(e.to_string().contains("二歩"), "{e}");
    let e = kif::parse(&format!("{opening}  11 ７七歩打\n  12 投了\n")).unwrap_err();
    assert_eq!(e.line, 12);
    let e = kif::parse(&format!(
        "{opening}  11 ７七歩打\n  12 ５二玉(51)\n  13 反則勝ち\n"
    ))
    .unwrap_err();
    assert_eq!(e.line, 12);
    // A move that cannot be played at all is never accepted.
    assert!(kif::parse("   1 ７五歩(77)\n   2 反則勝ち\n").is_err());
}

#[test]
fn multi_record_csa_files() {
    // CSA V2.2: records in one file are separated by a line holding only "/".
    let text = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+b\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n/\nV2.2\nPI\n+\n+5958OU\n-3334FU,+9999ZZ\n";
    let games = csa::split_games(text);
    assert_eq!(games.len(), 3);
    let first = csa::parse(text).unwrap();
    assert_eq!(first.header("N+"), Some("a"));
    let second = csa::parse_game(text, 2).unwrap().unwrap();
    assert_eq!(second.header("N+"), Some("b"));
    assert_eq!(usi::format_move(second.moves[1].mv), "8c8d");
    assert_eq!(second.end, Some(Ending::Interruption));
    // Errors in a later game name the line of the whole file.
    let e = csa::parse_game(text, 3).unwrap_err();
    assert_eq!(e.line, 20);
    assert!(csa::parse_game(text, 4).unwrap().is_none());
}

#[test]
fn csa_v3_records() {
    // CSA V3.0: encoding line, V3.0, $TIME and fractional T, %MAX_MOVES.
    let text = "'CSA encoding=UTF-8\nV3.0\nN+先手\nN-後手\n$EVENT:テスト\n$TIME:600+10+0\n$MAX_MOVES:2\nPI\n+\n+7776FU\nT1.234\n-3334FU\nT0.5\n%MAX_MOVES\n";
    let rec = csa::parse(text).unwrap();
    assert_eq!(rec.moves[0].seconds, Some(1));
    assert_eq!(rec.header("$TIME"), Some("600+10+0"));
    assert_eq!(rec.end, Some(Ending::MaxMoves));
}

#[test]
fn seven_piece_and_three_pawn_handicaps() {
    // Kakinoki 手合割 names (spec §2.4): 左七枚落ち, 右七枚落ち, 歩三兵.
    for (name, sfen) in [
        (
            "左七枚落ち",
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "右七枚落ち",
            "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        ("歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1"),
    ] {
        let h = Handicap::find(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(h.position().to_sfen(), sfen);
        let text = format!("手合割：{name}\n   1 ５二玉(51)\n");
        let rec = kif::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(rec.start.to_sfen(), sfen);
        // Through CSA and back to KIF, the handicap name survives.
        let back = csa::parse(&csa::write(&rec)).unwrap();
        assert_eq!(back.start, rec.start, "{name}");
        assert!(kif::write_kif(&back).contains(&format!("手合割：{name}")));
    }
}

#[test]
fn moves_after_the_ending_are_refused_unless_ignored() {
    // A game is over at its ending (KIF format: the terminal line 投了 etc. closes the line;
    // CSA V2.2: the `%` line ends the game), so a move after it is a copying mistake.
    use shogi_rules::error::ParseErrorKind;
    use shogi_rules::record::{self, ReadOptions};
    let ignore = ReadOptions::ignoring_after_end(true);
    for (text, line) in [
        ("   1 ７六歩(77)\n   2 投了\n   2 ３四歩(33)\n", 3),
        ("   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n", 3),
        ("▲７六歩 投了 △３四歩\n", 1),
        ("▲７六歩\nまで1手で先手の勝ち\n△３四歩\n", 3),
        ("V2.2\nPI\n+\n+7776FU\n%TORYO\n-3334FU\nT3\n", 6),
    ] {
        let e = record::parse_any(text).unwrap_err();
        assert!(
            matches!(e.kind, ParseErrorKind::MoveAfterEnd { .. }),
            "{text}: {e}"
        );
        assert_eq!(e.line, line, "{text}");
        let rec = record::parse_any_with(text, &ignore).unwrap();
        assert_eq!(rec.moves.len(), 1, "{text}");
        assert_eq!(rec.ignored_after_end, 1, "{text}");
        assert_eq!(rec.moves[0].seconds, None, "{text}");
    }
    // A variation after the main line's ending is no move after it.
    let rec =
        record::parse_any("   1 ７六歩(77)\n   2 投了\n\n変化：1手\n   1 ２六歩(27)\n").unwrap();
    assert_eq!(rec.variations.len(), 1);
}

#[test]
fn variations_name_their_parent_line() {
    // Kakinoki's KIF: a 変化 hangs on the most recent line holding its move number. Here a
    // side line at move 3 of the main line, and one at move 4 of that side line.
    let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n\n変化：3手\n   3 ６六歩(67)\n   4 ８四歩(83)\n   5 ６八銀(79)\n\n変化：4手\n   4 同　角(22)\n";
    let rec = kif::parse(text).unwrap();
    assert_eq!(rec.variations.len(), 2);
    assert_eq!(
        (rec.variations[0].parent, rec.variations[0].start_ply),
        (0, 3)
    );
    assert_eq!(
        (rec.variations[1].parent, rec.variations[1].start_ply),
        (1, 4)
    );
    // 同 is the square of the move before it, the side line's move 3 (６六歩): 6f.
    assert_eq!(usi::format_move(rec.variations[1].moves[0].mv), "2b6f");
    let prefix: Vec<String> = rec.prefix(1).into_iter().map(usi::format_move).collect();
    assert_eq!(prefix, ["7g7f", "3c3d", "6g6f"]);
    // Written and read again, the same lines.
    let again = kif::parse(&kif::write_kif(&rec)).unwrap();
    assert_eq!(again.variations, rec.variations);
    let again = kif::parse(&kif::write_ki2(&rec)).unwrap();
    assert_eq!(again.variations.len(), 2);
    assert_eq!(again.prefix(1), rec.prefix(1));
}

#[test]
fn many_variations_deep_in_a_long_game_share_their_prefix() {
    // 2,000 one-move 変化 at move 1,000 of a 1,000-move game: each names its parent instead
    // of copying 999 moves, and the writer finds each branch point from stored positions.
    let cycle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut text = String::new();
    for i in 1..=1000 {
        text.push_str(&format!("{i:>4} {}\n", cycle[(i - 1) % 4]));
    }
    for _ in 0..2000 {
        text.push_str("\n変化：1000手\n1000 ６二玉(52)\n");
    }
    let rec = kif::parse(&text).unwrap();
    assert_eq!(rec.variations.len(), 2000);
    // Each hangs on the one read just before it (the latest line holding move 1000).
    assert!(
        rec.variations
            .iter()
            .enumerate()
            .all(|(i, v)| v.parent == i)
    );
    assert_eq!(rec.prefix(1999).len(), 999);
    let again = kif::parse(&kif::write_kif(&rec)).unwrap();
    assert_eq!(again.variations.len(), 2000);
    assert_eq!(again.prefix(1999), rec.prefix(1999));
}

#[test]
fn a_hand_built_variation_that_branches_from_nowhere_is_reported_not_written() {
    // Variation::parent must name an earlier line holding move `start_ply`; a record built
    // by hand may break that. Writers leave such a variation out and `losses` says so.
    use shogi_rules::record::{self, Format, RecordMove, Variation};
    let mut rec = kif::parse("   1 ７六歩(77)\n   2 ３四歩(33)\n").unwrap();
    let stray = |parent, start_ply| Variation {
        parent,
        start_ply,
        moves: vec![RecordMove::new(usi::parse_move("2g2f").unwrap())],
        end: None,
    };
    rec.variations = vec![stray(5, 1), stray(0, 0), stray(0, 9), stray(1, 1)];
    for format in [Format::Kif, Format::Ki2] {
        let text = record::write(&rec, format);
        assert!(!text.contains("変化"), "{text}");
        assert!(record::losses(&rec, format)[0].starts_with("4 変化 not written"));
    }
    assert!((0..4).all(|i| rec.prefix(i).is_empty()));
}

#[test]
fn records_may_start_from_a_lenient_position_when_asked() {
    // A set holds four lances (JSA 将棋の駒: 香車 4); perft fixtures use a fifth one in hand.
    // Strict reading refuses such a start; ReadOptions::lenient accepts it and keeps the
    // strict check's complaint.
    use shogi_rules::record::{self, ReadOptions};
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b L 1";
    let start =
        Position::from_setup_lenient(&shogi_rules::Setup::from_sfen(sfen).unwrap()).unwrap();
    let lenient = ReadOptions::default().with_lenient(true);
    let usi_text = format!("position sfen {sfen} moves L*5e");
    let kif_text = format!("{}   1 ５五香打\n", kif::write_bod(&start));
    let csa_text = "V2.2\nPI\nP+00KY\n+\n+0055KY\n".to_string();
    for text in [usi_text, kif_text, csa_text] {
        assert!(record::parse_any(&text).is_err(), "{text}");
        let rec = record::parse_any_with(&text, &lenient).unwrap();
        assert_eq!(rec.start, start, "{text}");
        assert_eq!(usi::format_move(rec.moves[0].mv), "L*5e");
        let unusual = rec
            .unusual_start
            .expect("the complaint is kept")
            .to_string();
        assert!(unusual.contains("5 pieces of kind Lance"), "{unusual}");
    }
}
