//! Notation tests: KIF, KI2 (JSA move notation), CSA and USI, read and written.

use shogi_rules::error::ParseErrorKind;
use shogi_rules::record::{self, Format};
use shogi_rules::{Position, csa, jsa, kif, usi};

fn play(pos: &mut Position, usi_moves: &str) {
    for t in usi_moves.split_whitespace() {
        let mv = pos.parse_usi(t).unwrap();
        pos.play_unchecked(mv);
    }
}

/// KI2 text of `usi_move` played in `sfen`.
fn ki2(sfen: &str, usi_move: &str) -> String {
    let pos = Position::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi(usi_move).unwrap();
    jsa::write_move(&pos, mv, None, false)
}

#[test]
fn cshogi_sample_in_every_format() {
    // shogi.md §3.4: cshogi output for 7g7f 3c3d 8h2b+ 3a2b B*4e from the start position.
    let expected_ki2 = ["７六歩", "３四歩", "２二角成", "同　銀", "４五角"];
    let expected_kif = [
        "７六歩(77)",
        "３四歩(33)",
        "２二角成(88)",
        "同　銀(31)",
        "４五角打",
    ];
    let expected_csa = ["7776FU", "3334FU", "8822UM", "3122GI", "0045KA"];
    let mut pos = Position::start();
    let mut prev = None;
    for (i, t) in "7g7f 3c3d 8h2b+ 3a2b B*4e".split(' ').enumerate() {
        let mv = pos.parse_usi(t).unwrap();
        assert_eq!(jsa::write_move(&pos, mv, prev, false), expected_ki2[i]);
        assert_eq!(kif::kif_move_text(&pos, mv, prev), expected_kif[i]);
        assert_eq!(csa::move_text(&pos, mv), expected_csa[i]);
        // Reading each text back gives the same move.
        assert_eq!(jsa::parse_move(&pos, expected_ki2[i], prev).unwrap(), mv);
        assert_eq!(
            csa::parse_move(
                &pos,
                &format!("{}{}", if i % 2 == 0 { '+' } else { '-' }, expected_csa[i])
            )
            .unwrap(),
            mv
        );
        prev = Some(mv.to());
        pos.play_unchecked(mv);
    }
    assert_eq!(
        pos.to_sfen(),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
}

#[test]
fn jsa_disambiguation_words() {
    // JSA 棋譜の表記方法 (shogi.md §3.4): three golds reaching 5二 → 左 / 直 / 右.
    let s = "4k4/9/3GGG3/9/9/9/9/9/4K4 b - 1";
    assert_eq!(ki2(s, "6c5b"), "５二金左");
    assert_eq!(ki2(s, "5c5b"), "５二金直");
    assert_eq!(ki2(s, "4c5b"), "５二金右");
    // Movement first: 寄 and 上 (JSA ▲８２金寄 / ▲８２金上).
    let s = "4k4/G8/1G7/9/9/9/9/9/4K4 b - 1";
    assert_eq!(ki2(s, "9b8b"), "８二金寄");
    assert_eq!(ki2(s, "8c8b"), "８二金上");
    // Dragons: movement (竜引 / 竜上) and position only (竜左 / 竜右), never 直.
    let s = "1R7/9/4k4/9/1R7/9/9/9/4K4 b - 1";
    // Unpromoted rooks inside the zone must also say 不成 (JSA: 成/不成 when optional).
    assert_eq!(ki2(s, "8a8b"), "８二飛引不成");
    let s = "1+R7/9/4k4/9/1+R7/9/9/9/4K4 b - 1";
    assert_eq!(ki2(s, "8a8b"), "８二龍引");
    assert_eq!(ki2(s, "8e8b"), "８二龍上");
    let s = "k8/9/9/9/4+R3+R/9/9/9/K8 b - 1";
    assert_eq!(ki2(s, "5e3e"), "３五龍左");
    assert_eq!(ki2(s, "1e3e"), "３五龍右");
    // Horses on 9一 and 7一 both step back to 8二: 馬左 / 馬右.
    let s = "+B1+B1k4/9/9/9/9/9/9/9/4K4 b - 1";
    assert_eq!(ki2(s, "9a8b"), "８二馬左");
    assert_eq!(ki2(s, "7a8b"), "８二馬右");
    // Silvers on 3七 and 1七 step back to 2八 and one on 3九 steps up: 左引 / 右 / 上.
    let s = "4k4/9/9/9/9/9/6S1S/9/4K1S2 b - 1";
    assert_eq!(ki2(s, "3g2h"), "２八銀左引");
    assert_eq!(ki2(s, "3i2h"), "２八銀上");
    assert_eq!(ki2(s, "1g2h"), "２八銀右");
    // Gote's right is file 9: golds on 6七 and 4七 moving to 5八 (gote forward).
    let s = "4k4/9/9/9/9/9/3g1g3/9/K8 w - 1";
    assert_eq!(ki2(s, "6g5h"), "５八金右");
    assert_eq!(ki2(s, "4g5h"), "５八金左");
}

#[test]
fn drops_and_promotions_in_ki2() {
    // 打 only when a board piece of the same kind could also reach the square (JSA rule;
    // cshogi issue #37): a knight on 3七 reaches 4五, so N*4e is 打.
    let s = "4k4/9/9/9/9/9/6N2/9/4K4 b N 1";
    assert_eq!(ki2(s, "N*4e"), "４五桂打");
    assert_eq!(ki2(s, "3g4e"), "４五桂");
    assert_eq!(ki2("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*4e"), "４五桂");
    // Optional promotion is written 成 / 不成; forced promotion 成.
    let s = "4k4/9/9/8P/9/9/9/9/4K4 b - 1";
    assert_eq!(ki2(s, "1d1c+"), "１三歩成");
    assert_eq!(ki2(s, "1d1c"), "１三歩不成");
    assert_eq!(ki2("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+"), "１一歩成");
    let pos = Position::from_sfen(s).unwrap();
    assert!(jsa::parse_move(&pos, "▲１三歩生", None).is_ok());
}

#[test]
fn sample_record_of_the_004_document() {
    // 004 document, 棋谱记法: "1 ▲2六步 2 ▽3四步 3 ▲7六步 4 ▽8八角成 5 ▲同 银 6 ▽2二银
    // 7 ▲5八金右" — half-width digits, ▽ for Gote, simplified 步 银, "同 银".
    let text = "▲2六步 ▽3四步 ▲7六步 ▽8八角成 ▲同 银 ▽2二银 ▲5八金右";
    let rec = kif::parse(text).unwrap();
    let usi: Vec<String> = rec.moves.iter().map(|m| usi::format_move(m.mv)).collect();
    assert_eq!(
        usi,
        ["2g2f", "3c3d", "7g7f", "2b8h+", "7i8h", "3a2b", "4i5h"]
    );
    let again = kif::write_ki2(&rec);
    assert!(
        again.contains(
            "▲２六歩    △３四歩    ▲７六歩    △８八角成    ▲同　銀    △２二銀\n▲５八金右"
        ),
        "{again}"
    );
}

#[test]
fn kif_round_trip_through_usi() {
    let kif_text = "\
# test record
開始日時：2024/01/01
手合割：平手
先手：A
後手：B
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:16/00:00:16)
   2 ３四歩(33)   ( 0:05/00:00:05)
*comment on move 2
   3 ２二角成(88)   ( 0:01/00:00:17)
   4 同　銀(31)   ( 0:02/00:00:07)
   5 ４五角打   ( 0:10/00:00:27)
   6 投了
まで5手で先手の勝ち

変化：3手
   3 ６六歩(67)   ( 0:00/00:00:16)
   4 ８四歩(83)   ( 0:00/00:00:05)
";
    let rec = kif::parse(kif_text).unwrap();
    assert_eq!(rec.moves.len(), 5);
    assert_eq!(rec.moves[0].seconds, Some(16));
    assert_eq!(rec.moves[1].comments, ["comment on move 2"]);
    // 投了 at move 6: Gote, to move, resigned.
    assert_eq!(
        rec.end,
        Some(shogi_rules::Ending::Resignation {
            loser: shogi_rules::Side::Second
        })
    );
    assert_eq!(rec.variations.len(), 1);
    assert_eq!(rec.variations[0].start_ply, 3);
    assert_eq!(rec.prefix(0).len(), 2);
    // KIF → USI → KIF keeps every move.
    let usi_text = record::write_usi(&rec);
    assert_eq!(
        usi_text,
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
    );
    let back = record::parse_usi(&usi_text).unwrap();
    let kif_again = kif::write_kif(&back);
    let reread = kif::parse(&kif_again).unwrap();
    assert_eq!(
        reread.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        rec.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
    );
    // And the full KIF writer (times, comments, variations) reads back identically.
    let full = kif::write_kif(&rec);
    let reread = kif::parse(&full).unwrap();
    assert_eq!(reread.moves, rec.moves);
    assert_eq!(reread.variations, rec.variations);
}

#[test]
fn a_kif_move_time_beyond_a_count_of_seconds_is_left_out() {
    // The KIF time field ( m:ss/hh:mm:ss) is read into seconds (a u32): 71,582,788 minutes
    // and 15 seconds is 4,294,967,295 s, the largest count; a second or a minute more does
    // not fit and the move is read without its time, as with a time field that does not
    // read as one (the kif fuzz target found the overflow).
    let seconds = |time: &str| {
        let text =
            format!("手数----指手---------消費時間--\n   1 ７六歩(77)   ({time}/00:00:00)\n");
        let rec = kif::parse(&text).unwrap();
        assert_eq!(rec.moves.len(), 1, "{time}");
        rec.moves[0].seconds
    };
    assert_eq!(seconds(" 0:16"), Some(16));
    assert_eq!(seconds("71582788:15"), Some(u32::MAX));
    assert_eq!(seconds("71582788:16"), None);
    assert_eq!(seconds("71582789:00"), None);
}

#[test]
fn csa_v2_and_v3() {
    let text = "V2.2\nN+sente\nN-gote\nPI\n+\n+7776FU\nT12\n-3334FU,T3\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n";
    let rec = csa::parse(text).unwrap();
    assert_eq!(rec.moves.len(), 5);
    assert_eq!(rec.moves[0].seconds, Some(12));
    assert_eq!(rec.moves[1].seconds, Some(3));
    // %TORYO after move 5: Gote, to move, resigned.
    assert_eq!(
        rec.end,
        Some(shogi_rules::Ending::Resignation {
            loser: shogi_rules::Side::Second
        })
    );
    let out = csa::write(&rec);
    let again = csa::parse(&out).unwrap();
    assert_eq!(again.moves, rec.moves);
    let v3 = csa::write_v3(&rec);
    assert!(v3.starts_with("'CSA encoding=UTF-8\nV3.0\n"));
    assert_eq!(csa::parse(&v3).unwrap().moves, rec.moves);
    // P-rows and piece lists with 00AL.
    let tsume = "P1 *  *  *  *  *  *  * -KY-OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  * +GI\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  * +KY * \nP9 *  *  *  *  *  *  *  * +OU\nP+00FU\nP-00AL\n+\n";
    let rec = csa::parse(tsume).unwrap();
    // The uchifuzume-trap perft position of shogi.md §4.2 with Gote holding the rest.
    assert_eq!(
        rec.start.to_sfen(),
        "7lk/9/8S/9/9/9/9/7L1/8K b P2r2b4g3s4n2l17p 1"
    );
}

#[test]
fn handicap_csa_lines_match_the_sfen_table() {
    // shogi.md §2.4: applying each CSA PI line to the even position gives the tabulated SFEN.
    for h in shogi_rules::handicap::HANDICAPS {
        let rec = csa::parse(&format!(
            "{}\n{}\n",
            h.csa,
            if h.id == "even" { "+" } else { "-" }
        ))
        .unwrap();
        assert_eq!(rec.start.to_sfen(), h.sfen, "{}", h.kif_name);
        let kif_rec = kif::parse(&format!("手合割：{}\n", h.kif_name)).unwrap();
        assert_eq!(kif_rec.start.to_sfen(), h.sfen, "{}", h.kif_name);
    }
}

#[test]
fn bod_round_trip() {
    let mut pos = Position::start();
    play(&mut pos, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    let bod = kif::write_bod(&pos);
    let rec = kif::parse(&bod).unwrap();
    assert_eq!(
        rec.start.to_sfen().rsplit_once(' ').unwrap().0,
        pos.to_sfen().rsplit_once(' ').unwrap().0
    );
}

#[test]
fn format_detection() {
    assert_eq!(record::detect("V2.2\nPI\n+\n"), Format::Csa);
    assert_eq!(record::detect("position startpos moves 7g7f"), Format::Usi);
    assert_eq!(record::detect("手合割：平手\n"), Format::Kif);
}

#[test]
fn errors_carry_line_and_column() {
    // Garbled move on line 3.
    let e = kif::parse("手合割：平手\n手数----指手----\n   1 ７六歩(77)\n   2 ３X歩(33)\n")
        .unwrap_err();
    assert_eq!((e.line, e.column), (4, 7), "{e}");
    // Illegal move: 二歩 at move 3 is reported with its number and the foul.
    let e = kif::parse("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.to_string().contains("move 3"), "{e}");
    assert!(
        matches!(e.kind, ParseErrorKind::IllegalMove { number: 3, .. }),
        "{e}"
    );
    // Wrong move number.
    let e = kif::parse("   1 ７六歩(77)\n   3 ３四歩(33)\n").unwrap_err();
    assert_eq!(e.line, 2);
    // CSA: unknown piece code at column 6.
    let e = csa::parse("PI\n+\n+7776XX\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 6), "{e}");
    // KI2 ambiguity needs a word.
    let e = kif::parse("▲７六歩 △３四歩 ▲２二角成 △同 銀 ▲５八金").unwrap_err();
    assert!(e.kind.to_string().contains("ambiguous"), "{e}");
    assert_eq!(e.column, 22);
}

#[test]
fn hostile_input_never_panics() {
    let samples = [
        "",
        "\u{feff}",
        "変化：3手",
        "変化：",
        "|v香",
        "先手の持駒：歩九十九",
        "後手の持駒：王",
        "   1 同　歩",
        "   1 ７六歩(7",
        "   1 ７六歩(ab)",
        "▲",
        "▲同",
        "▲９",
        "▲99",
        "P1",
        "PI82",
        "PI99HI",
        "P+00OU",
        "P-00AL\n+",
        "+",
        "+7776",
        "T",
        "%",
        "V2.2\n+0055FU",
        "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU,T",
        "手合割：九枚落ち",
        "1",
        "  1 投了",
        "▲７六歩成",
        "▲７六王打",
        "|・・・・・・・・・|",
        "position sfen",
        "position startpos moves 7g7f 7g7f",
        "lnsgkgsnl/9",
        "\u{0}\u{1}",
        // Position lines holding a multi-byte character where a piece code is read (found by
        // the mutation fuzzer, `cargo xtask fuzz --target csa`).
        "PI76\u{3042}",
        "P+00\u{3042}U",
        "P+\u{3042}7",
        // A KIF move time whose minutes overflow a count of seconds (found by the mutation
        // fuzzer, `cargo xtask fuzz --target kif`).
        "：\n1３四歩(333333330:",
    ];
    for s in samples {
        let _ = record::parse_any(s);
        let _ = kif::parse(s);
        let _ = csa::parse(s);
        if s.starts_with("P") && !s.is_ascii() {
            let err = csa::parse(s).unwrap_err().to_string();
            assert!(err.contains("only ASCII"), "{s:?}: {err}");
        }
        // Every prefix (at char boundaries) of a valid record also never panics.
    }
    let good = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n";
    for i in 0..good.len() {
        let _ = csa::parse(&good[..i]);
    }
    let kif_good = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 同　歩(33)\n";
    for (i, _) in kif_good.char_indices() {
        let _ = kif::parse(&kif_good[..i]);
    }
}

/// Every legal move of positions met in pseudo-random games (fixed seed) is written in KI2,
/// KIF and CSA and read back to the same move: the JSA words the writer chooses are always
/// enough, and never too few, for the reader.
#[test]
fn every_legal_move_round_trips_through_every_notation() {
    let starts = [
        shogi_rules::START_SFEN,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        "4k4/9/3GGG3/9/9/9/6S1S/9/4K1S2 b - 1",
    ];
    let mut rng = board_core::Rng::new(7);
    for sfen in starts {
        for _game in 0..4 {
            let mut pos = Position::from_sfen(sfen).unwrap();
            let mut prev = None;
            for _ply in 0..30 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    let k = jsa::write_move(&pos, mv, prev, false);
                    assert_eq!(
                        jsa::parse_move(&pos, &k, prev),
                        Ok(mv),
                        "KI2 {k} in {}",
                        pos.to_sfen()
                    );
                    let compact = jsa::write_move(&pos, mv, prev, true);
                    assert_eq!(jsa::parse_move(&pos, &compact, prev), Ok(mv), "{compact}");
                    let c = csa::move_text(&pos, mv);
                    let sign = if pos.side_to_move() == shogi_rules::Side::First {
                        '+'
                    } else {
                        '-'
                    };
                    assert_eq!(
                        csa::parse_move(&pos, &format!("{sign}{c}")),
                        Ok(mv),
                        "CSA {c}"
                    );
                }
                let mv = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
                prev = Some(mv.to());
                pos.play_unchecked(mv);
            }
        }
    }
}

#[test]
fn kif_with_a_bod_board_and_moves() {
    // A KIF that starts from a diagram (手合割：その他 with a BOD board), Gote to move.
    let text = "\
手合割：その他
後手の持駒：角　歩二
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
後手番
手数＝0  まで
手数----指手---------消費時間--
   1 ５五角打
   2 ５八金打
";
    let rec = kif::parse(text).unwrap();
    assert_eq!(rec.start.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w Gb2p 1");
    assert_eq!(rec.moves.len(), 2);
    // An unknown 手合割 without a board is an error naming the line.
    let e = kif::parse("手合割：その他\n   1 ７六歩(77)\n").unwrap_err();
    assert_eq!(e.line, 1);
}

#[test]
fn player_names_carry_across_formats() {
    let rec = csa::parse("V2.2\nN+Sente Player\nN-Gote Player\nPI\n+\n+7776FU\n").unwrap();
    let k = kif::write_kif(&rec);
    assert!(k.contains("先手：Sente Player\n後手：Gote Player\n"), "{k}");
    assert!(!k.contains("V2.2"));
    let back = csa::write(&kif::parse(&k).unwrap());
    assert!(back.contains("N+Sente Player\nN-Gote Player\n"), "{back}");
}
