//! Records users have that used to be refused: the foul move itself followed by 反則勝ち,
//! multi-record CSA files, CSA V3.0, and the Kakinoki handicap names 左七枚落ち, 右七枚落ち
//! and 歩三兵.

use shogi_rules::handicap::Handicap;
use shogi_rules::{Ending, FoulKind, Side, csa, kif, usi};

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
