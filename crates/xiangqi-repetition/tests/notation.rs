//! Move notations: ICCS (both rank conventions), WXF and Chinese, both directions.

use board_core::Rng;
use xiangqi_repetition::movelist::{format_moves, replay};
use xiangqi_repetition::notation::parse_any;
use xiangqi_repetition::*;

fn iccs(s: &str) -> Move {
    iccs::parse_move(s, RankBase::Zero).unwrap()
}

/// Reference digest §8: 炮二平五 = `h2e2` (UCCI) = `h3e3` (pyffish) = `C2.5` (WXF);
/// cchess `Move.to_text()`: `h0g2` → 马二进三, `c0e2` → 相七进五.
#[test]
fn opening_moves_in_every_notation() {
    let pos = Position::start();
    let mv = iccs("h2e2");
    assert_eq!(Notation::Iccs(RankBase::One).format(&pos, mv), "h3e3");
    assert_eq!(Notation::Wxf.format(&pos, mv), "C2.5");
    assert_eq!(Notation::Chinese.format(&pos, mv), "炮二平五");
    assert_eq!(Notation::Chinese.format(&pos, iccs("h0g2")), "马二进三");
    assert_eq!(Notation::Wxf.format(&pos, iccs("h0g2")), "H2+3");
    assert_eq!(Notation::Chinese.format(&pos, iccs("c0e2")), "相七进五");
    assert_eq!(Notation::Wxf.format(&pos, iccs("c0e2")), "E7+5");
    for text in ["h2e2", "H2-E2", "C2.5", "C2=5", "炮二平五", "砲二平五"] {
        assert_eq!(parse_any(&pos, text, RankBase::Zero), Ok(mv), "{text}");
    }
    assert_eq!(pos.parse_iccs("h3e3", RankBase::One), Ok(mv));
    // Black's reply 马8进7 (= h9g7, WXF H8+7); traditional characters and full-width digits.
    let pos = pos.after(mv);
    let reply = iccs("h9g7");
    assert_eq!(Notation::Chinese.format(&pos, reply), "马8进7");
    assert_eq!(Notation::Wxf.format(&pos, reply), "H8+7");
    for text in ["马8进7", "馬8進7", "马８进７", "H8+7", "h9g7"] {
        assert_eq!(parse_any(&pos, text, RankBase::Zero), Ok(reply), "{text}");
    }
}

/// pyffish `get_san_moves(..., NOTATION_XIANGQI_WXF)` on `3k4R/9/9/9/9/9/9/9/9/4K4 b` with
/// `d10d9 i10i9 d9d10 i9i10` gives `K4+1 R1-1 K4-1 R1+1` (reference digest §5).
#[test]
fn wxf_matches_pyffish_cycle() {
    let start = Position::from_fen("3k4R/9/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    let (moves, _) = replay(
        &start,
        "d10d9 i10i9 d9d10 i9i10",
        Some(Notation::Iccs(RankBase::One)),
        RankBase::One,
    )
    .unwrap();
    assert_eq!(
        format_moves(&start, &moves, Notation::Wxf),
        ["K4+1", "R1-1", "K4-1", "R1+1"]
    );
    let (again, _) = replay(
        &start,
        "K4+1 R1-1 K4-1 R1+1",
        Some(Notation::Wxf),
        RankBase::Zero,
    )
    .unwrap();
    assert_eq!(again, moves);
}

/// Tandem pieces: 前炮平四 / 后炮平四 (cchess), WXF `C+.4` / `C-.4`; Black pawns 前卒平４.
#[test]
fn tandem_pieces() {
    // Red cannons h2 and h4 (file 二), kings apart.
    let pos = Position::from_fen("3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1").unwrap();
    assert_eq!(Notation::Chinese.format(&pos, iccs("h4f4")), "前炮平四");
    assert_eq!(Notation::Chinese.format(&pos, iccs("h2f2")), "后炮平四");
    assert_eq!(Notation::Wxf.format(&pos, iccs("h4f4")), "C+.4");
    assert_eq!(Notation::Wxf.format(&pos, iccs("h2f2")), "C-.4");
    assert_eq!(
        parse_any(&pos, "後炮平四", RankBase::Zero),
        Ok(iccs("h2f2"))
    );
    // The plain file form is ambiguous here.
    let err = parse_any(&pos, "C2.4", RankBase::Zero).unwrap_err();
    assert_eq!(err.kind, NotationErrorKind::Ambiguous { candidates: 2 });
    // Two black pawns across the river on file 6 (ICCS f): front pawn f2 (nearest Red).
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/5p3/5p3/4K4 b - - 0 1").unwrap();
    assert_eq!(Notation::Chinese.format(&pos, iccs("f1e1")), "前卒平5");
    assert_eq!(
        parse_any(&pos, "前卒平５", RankBase::Zero),
        Ok(iccs("f1e1"))
    );
    // Three red pawns on file 五 (e6, e7, e8): 前/中/后, WXF P+ / P5 / P-.
    let pos = Position::from_fen("5k3/4P4/4P4/4P4/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert_eq!(Notation::Chinese.format(&pos, iccs("e8d8")), "前兵平六");
    assert_eq!(Notation::Chinese.format(&pos, iccs("e7d7")), "中兵平六");
    assert_eq!(Notation::Chinese.format(&pos, iccs("e6d6")), "后兵平六");
    assert_eq!(Notation::Wxf.format(&pos, iccs("e8d8")), "P+.6");
    assert_eq!(Notation::Wxf.format(&pos, iccs("e7d7")), "P5.6");
    assert_eq!(Notation::Wxf.format(&pos, iccs("e6d6")), "P-.6");
    assert_eq!(parse_any(&pos, "P5.6", RankBase::Zero), Ok(iccs("e7d7")));
}

/// Every legal move written in WXF or Chinese is unique in its position and reads back as
/// the same move, over random games.
#[test]
fn round_trip_on_random_games() {
    let mut state = Rng::new(99);
    for _ in 0..40 {
        let mut pos = Position::start();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for notation in [
                Notation::Wxf,
                Notation::Chinese,
                Notation::Iccs(RankBase::One),
            ] {
                let mut seen = std::collections::HashSet::new();
                for &mv in moves.iter() {
                    let text = notation.format(&pos, mv);
                    assert!(seen.insert(text.clone()), "{text} twice in {}", pos.fen());
                    assert_eq!(
                        notation.parse(&pos, &text),
                        Ok(mv),
                        "{text} in {}",
                        pos.fen()
                    );
                }
            }
            pos.play_unchecked(moves[state.index(moves.len())]);
        }
    }
}

#[test]
fn illegal_moves_in_a_list_report_ply_and_reason() {
    let start = Position::start();
    // Ply 3 moves Black's horse while Red is to move.
    let err = replay(&start, "h2e2 h9g7 b9c7", None, RankBase::Zero).unwrap_err();
    assert_eq!(err.ply, 3);
    assert_eq!(err.offset, Some(10));
    assert_eq!(
        err.error.kind,
        NotationErrorKind::Illegal(IllegalReason::NotYourTurn)
    );
    assert!(err.to_string().contains("ply 3"), "{err}");
    // Ply 2: Black horse b9 jumps to c7? legal; a9a5 rook blocked by pawn a6.
    let err = replay(&start, "C2.5 a9a5", None, RankBase::Zero).unwrap_err();
    assert_eq!(
        (err.ply, err.error.kind.clone()),
        (2, NotationErrorKind::Illegal(IllegalReason::PathBlocked))
    );
    // Chinese move lists replay; ply 5 車八進五 runs into the red cannon on b2.
    let ok = replay(
        &start,
        "车九进一 车1进1 车九平四 车1平6",
        None,
        RankBase::Zero,
    );
    assert!(ok.is_ok(), "{ok:?}");
    let err = replay(
        &start,
        "车九进一 车1进1 车九平八 车1平2 車八進五",
        None,
        RankBase::Zero,
    )
    .unwrap_err();
    assert_eq!(
        (err.ply, err.error.kind.clone()),
        (5, NotationErrorKind::Illegal(IllegalReason::PathBlocked))
    );
    // Blocked horse leg: 马二进三 is h0g2; with a red piece on h1 it is blocked.
    let pos = Position::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/7R1/RNBAKABN1 w - - 0 1",
    )
    .unwrap();
    let err = replay(&pos, "马二进三", None, RankBase::Zero).unwrap_err();
    assert_eq!(
        err.error.kind,
        NotationErrorKind::Illegal(IllegalReason::BlockedLeg)
    );
    // Leaving the king in check: Red e3 pawn is the only screen... use a pinned rook.
    let pos = Position::from_fen("4k4/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
    let err = replay(&pos, "e1d1", None, RankBase::Zero).unwrap_err();
    assert_eq!(
        err.error.kind,
        NotationErrorKind::Illegal(IllegalReason::LeavesKingInCheck)
    );
    let err = replay(&pos, "R5.6", None, RankBase::Zero).unwrap_err();
    assert_eq!(
        err.error.kind,
        NotationErrorKind::Illegal(IllegalReason::LeavesKingInCheck)
    );
}

#[test]
fn garbled_truncated_and_random_text_never_panics() {
    let pos = Position::start();
    for text in [
        "",
        "h",
        "h2",
        "h2e",
        "h2e22",
        "z2e2",
        "h2e2x",
        "C",
        "C2",
        "C2.",
        "C2.0",
        "C0.5",
        "X2.5",
        "C2*5",
        "炮",
        "炮二",
        "炮二平",
        "炮十平五",
        "炮二走五",
        "炮二平五兵",
        "前",
        "前炮",
        "++",
        "33.4",
    ] {
        let r = parse_any(&pos, text, RankBase::Zero);
        assert!(r.is_err(), "{text} should fail");
    }
    let alphabet: Vec<char> = "abcdefghiKAEHRCP0123456789+-.=炮马车兵卒前后中进退平一二九８ \u{0}"
        .chars()
        .collect();
    let mut state = Rng::new(5);
    for _ in 0..5000 {
        let r = state.next_u64();
        let len = (r % 8) as usize;
        let text: String = (0..len)
            .map(|i| alphabet[((r >> (8 + 6 * i)) % alphabet.len() as u64) as usize])
            .collect();
        let _ = parse_any(&pos, &text, RankBase::Zero);
        let _ = parse_any(&pos, &text, RankBase::One);
        let _ = replay(&pos, &text, None, RankBase::Zero);
    }
}

/// Four pawns on one file: WXF `++`, `P+`, `P-`, `--`; Chinese 一…四 from the front.
/// Pawns on two files: WXF names the file instead of the letter (`7+.6`), Chinese adds it.
/// Forms per the WXF notation page and the CXA recording rules (reference digest §8).
#[test]
fn several_pawns_on_a_file() {
    let pos = Position::from_fen("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1").unwrap();
    let cases = [
        ("e8d8", "++.6", "一兵平六"),
        ("e7d7", "P+.6", "二兵平六"),
        ("e6d6", "P-.6", "三兵平六"),
        ("e5d5", "--.6", "四兵平六"),
    ];
    for (m, wxf, zh) in cases {
        assert_eq!(Notation::Wxf.format(&pos, iccs(m)), wxf);
        assert_eq!(Notation::Chinese.format(&pos, iccs(m)), zh);
        assert_eq!(parse_any(&pos, wxf, RankBase::Zero), Ok(iccs(m)));
        assert_eq!(parse_any(&pos, zh, RankBase::Zero), Ok(iccs(m)));
    }
    let pos = Position::from_fen("5k3/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert_eq!(Notation::Wxf.format(&pos, iccs("c6d6")), "7+.6");
    assert_eq!(Notation::Wxf.format(&pos, iccs("g5f5")), "3-.4");
    assert_eq!(Notation::Chinese.format(&pos, iccs("c6d6")), "前兵七平六");
    assert_eq!(parse_any(&pos, "7+.6", RankBase::Zero), Ok(iccs("c6d6")));
    assert_eq!(
        parse_any(&pos, "前兵七平六", RankBase::Zero),
        Ok(iccs("c6d6"))
    );
    assert_eq!(
        parse_any(&pos, "后兵三平四", RankBase::Zero),
        Ok(iccs("g5f5"))
    );
    // Without the file, 前兵平六 still names one move (only c6 can step to file 六), but
    // 前兵进一 fits both front pawns.
    assert_eq!(
        parse_any(&pos, "前兵平六", RankBase::Zero),
        Ok(iccs("c6d6"))
    );
    let err = parse_any(&pos, "前兵进一", RankBase::Zero).unwrap_err();
    assert_eq!(err.kind, NotationErrorKind::Ambiguous { candidates: 2 });
}
