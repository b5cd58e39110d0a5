//! Every way a game can end, written in each format's own words and read back.
//!
//! The words come from the format documents: CSA standard record V2.2/V3.0 (`%TORYO`,
//! `%CHUDAN`, `%SENNICHITE`, `%TIME_UP`, `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION`,
//! `%-ILLEGAL_ACTION`, `%JISHOGI`, `%KACHI`, `%HIKIWAKE`, `%MAX_MOVES`, `%TSUMI`, `%FUZUMI`,
//! `%ERROR`) and the Kakinoki KIF format page (terminals 中断, 投了, 持将棋, 千日手, 詰み,
//! 切れ負け, 反則勝ち, 反則負け, 入玉勝ち, 不戦勝, 不戦敗; KI2's `まで…手で…` summary).

use shogi_rules::record::{self, Format};
use shogi_rules::{Ending, FoulKind, Side, csa, kif};

/// Two moves from the start: Sente is to move at the end.
const MOVES_CSA: &str = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n-3334FU\n";
const MOVES_KIF: &str = "手合割：平手\n先手：A\n後手：B\n   1 ７六歩(77)\n   2 ３四歩(33)\n";

const CSA_ENDINGS: [&str; 15] = [
    "%TORYO",
    "%CHUDAN",
    "%SENNICHITE",
    "%TIME_UP",
    "%ILLEGAL_MOVE",
    "%+ILLEGAL_ACTION",
    "%-ILLEGAL_ACTION",
    "%JISHOGI",
    "%KACHI",
    "%HIKIWAKE",
    "%MAX_MOVES",
    "%TSUMI",
    "%FUZUMI",
    "%ERROR",
    // A perpetual-check foul: the action line and the comment naming it.
    "%-ILLEGAL_ACTION\n'*連続王手の千日手",
];

const KIF_ENDINGS: [&str; 14] = [
    "投了",
    "中断",
    "千日手",
    "詰み",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "不戦勝",
    "不戦敗",
    "不詰",
    "封じ手",
    "反則勝ち\n*連続王手の千日手",
];

fn csa_ending_text(text: &str) -> String {
    // Everything from the `%` line on.
    text[text.find("\n%").expect("a % line") + 1..].to_string()
}

fn kif_ending_text(text: &str) -> String {
    // The terminal line (numbered 3) and what follows it.
    text[text.find("   3 ").expect("a terminal line")..].to_string()
}

#[test]
fn csa_to_kif_to_csa_keeps_every_ending() {
    for word in CSA_ENDINGS {
        let csa_text = format!("{MOVES_CSA}{word}\n");
        let rec = csa::parse(&csa_text).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert!(rec.end.is_some(), "{word}");
        let kif_text = kif::write_kif(&rec);
        assert!(!kif_text.contains('%'), "{word}: {kif_text}");
        let back = kif::parse(&kif_text).unwrap_or_else(|e| panic!("{word}: {e}\n{kif_text}"));
        let csa_again = csa::write(&back);
        assert_eq!(
            csa_ending_text(&csa_again),
            format!("{word}\n"),
            "{kif_text}"
        );
        // KI2 (the summary line) carries the same.
        let ki2_text = kif::write_ki2(&rec);
        let back = kif::parse(&ki2_text).unwrap_or_else(|e| panic!("{word}: {e}\n{ki2_text}"));
        // (An action foul by the side not to move and the 反則勝ち of KIF are one ending in
        // two words, so compare what each writes.)
        let csa_of = |e: Option<Ending>| e.map(|e| e.csa_line(Side::First));
        assert_eq!(
            csa_of(back.end),
            csa_of(rec.end),
            "{word} through KI2:\n{ki2_text}"
        );
    }
}

#[test]
fn kif_to_csa_to_kif_keeps_every_ending() {
    for word in KIF_ENDINGS {
        let kif_text = format!("{MOVES_KIF}   3 {word}\n");
        let rec = kif::parse(&kif_text).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert!(rec.end.is_some(), "{word}");
        let csa_text = csa::write(&rec);
        let back = csa::parse(&csa_text).unwrap_or_else(|e| panic!("{word}: {e}\n{csa_text}"));
        let kif_of = |e: Option<Ending>| e.map(|e| e.kif_word(Side::First));
        assert_eq!(kif_of(back.end), kif_of(rec.end), "{word}:\n{csa_text}");
        let kif_again = kif::write_kif(&back);
        let ending = kif_ending_text(&kif_again);
        assert!(ending.starts_with(&format!("   3 {word}\n")), "{kif_again}");
    }
}

#[test]
fn endings_name_the_side() {
    // 投了 with Sente to move: Sente resigned; 反則勝ち: the previous mover (Gote) fouled.
    let rec = kif::parse(&format!("{MOVES_KIF}   3 投了\n")).unwrap();
    assert_eq!(rec.end, Some(Ending::Resignation { loser: Side::First }));
    let rec = kif::parse(&format!("{MOVES_KIF}   3 反則勝ち\n")).unwrap();
    assert_eq!(
        rec.end,
        Some(Ending::Foul {
            offender: Side::Second,
            kind: FoulKind::IllegalMove
        })
    );
    let rec = csa::parse(&format!("{MOVES_CSA}%+ILLEGAL_ACTION\n")).unwrap();
    assert_eq!(rec.end.unwrap().winner(), Some(Side::Second));
    // KI2's summary line alone gives the ending (Kifu for Windows writes no terminal word).
    let rec = kif::parse("▲７六歩    △３四歩\nまで2手で後手の勝ち\n").unwrap();
    assert_eq!(rec.end, Some(Ending::Resignation { loser: Side::First }));
    // An unknown % word is refused, with its line.
    let e = csa::parse(&format!("{MOVES_CSA}%NONSENSE\n")).unwrap_err();
    assert_eq!(e.line, 8);
}

#[test]
fn a_variation_ending_never_replaces_the_main_line_ending() {
    // The shape of a JSA problem record: the main line ends in 詰み, a side line in 中断.
    let text = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 詰み\n\n変化：2手\n   2 ８四歩(83)\n   3 中断\n";
    let rec = kif::parse(text).unwrap();
    assert_eq!(rec.end, Some(Ending::Mate { loser: Side::First }));
    assert_eq!(rec.variations[0].end, Some(Ending::Interruption));
    let again = kif::parse(&record::write(&rec, Format::Kif)).unwrap();
    assert_eq!(again.end, rec.end);
    assert_eq!(again.variations[0].end, rec.variations[0].end);
}
