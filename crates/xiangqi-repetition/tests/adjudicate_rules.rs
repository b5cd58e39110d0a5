//! Verdicts that turn on one rule parameter, each with the source of its expectation.

use board_core::{Outcome, Side};
use xiangqi_repetition::Position;
use xiangqi_repetition::adjudicate::{
    BoardError, EffectKind, RepetitionReason, Ruleset, Verdict, adjudicate, adjudicate_text,
    parse_moves,
};

fn verdict(fen: &str, moves: &str, rules: Ruleset) -> Verdict {
    adjudicate_text(fen, moves, &rules).unwrap().verdict
}

#[test]
fn pyffish_observed_cases() {
    // Reference digest §5 (pyffish 0.0.90, AXF), ranks shifted to 0-9.
    let chase = "5k3/9/7c1/9/9/9/9/9/9/4K2R1 b - - 0 1";
    let cycle = "h7g7 h0g0 g7h7 g0h0";
    assert_eq!(
        verdict(chase, &format!("{cycle} {cycle}"), Ruleset::AXF),
        Verdict::RedLoses
    );
    let chaser_to_move = "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w - - 0 1";
    let cycle2 = "h0g0 g7h7 g0h0 h7g7";
    assert_eq!(
        verdict(chaser_to_move, &format!("{cycle2} {cycle2}"), Ruleset::AXF),
        Verdict::RedLoses
    );
    // Cannon protected by a rook on a7: not a chase, (True, 0).
    assert_eq!(
        verdict(
            "5k3/9/r6c1/9/9/9/9/9/9/4K2R1 b - - 0 1",
            cycle,
            Ruleset::AXF
        ),
        Verdict::Draw
    );
    // Idle repetition from the start position: (True, 0).
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    for rules in Ruleset::PRESETS {
        assert_eq!(verdict(start, "b0c2 b9c7 c2b0 c7b9", rules), Verdict::Draw);
    }
    // Perpetual check: Black to move wins, i.e. Red loses, under every edition
    // (九九 总纲 26条1款 「在任何情况下,均不允许单方面长将」, quoted in lecture 43).
    for rules in Ruleset::PRESETS {
        assert_eq!(
            verdict(
                "3k4R/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
                "d9d8 i9i8 d8d9 i8i9",
                rules
            ),
            Verdict::RedLoses
        );
    }
}

#[test]
fn no_repetition_and_cycle_bounds() {
    let r = adjudicate_text(
        "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w",
        "h0g0 g7h7 g0h0 h7g7 h0g0",
        &Ruleset::AXF,
    )
    .unwrap();
    // The final position (after h0g0) first occurred after ply 1: the cycle is plies 2-5.
    let c = r.cycle.unwrap();
    assert_eq!((c.start_ply, c.plies), (1, 4));
    assert_eq!(r.moves.len(), 4);
    let none = adjudicate_text("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w", "h0g0", &Ruleset::AXF).unwrap();
    assert_eq!(none.verdict, Verdict::NoRepetition);
    assert!(none.cycle.is_none());
}

#[test]
fn pawn_chases_are_idle_from_2007_and_in_axf() {
    // Fairy-Stockfish test.py "Chase by soldier": a draw under AXF (pawn chases allowed).
    // 〇七 (lecture 54): 「兵卒本身…直接捉吃对方的棋子(不含将、杀),按‘闲’处理」; before 2007 a
    // pawn's 捉 was a 捉 like any other, so the older Chinese editions rule the chaser lost.
    let fen = "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1";
    let moves = "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5";
    assert_eq!(verdict(fen, moves, Ruleset::AXF), Verdict::Draw);
    assert_eq!(verdict(fen, moves, Ruleset::CXA2011), Verdict::Draw);
    assert_eq!(verdict(fen, moves, Ruleset::CXA1987), Verdict::RedLoses);
}

#[test]
fn old_counting_draws_strikes_against_strikes() {
    // Lecture 58 图1: 「当时的规则是“二打一还打”不变作和。要放在现今,当然就不行了」. The
    // lecture 49 图1 case (diagrams/xiangqi/001-49-1.txt): Black 一将一捉 against Red
    // 一捉一闲 — Black loses from 八四 on, a draw under the old counting.
    let fen = "1nbakab1r/9/4c4/p1p1p1p1p/9/6r2/P1P1P1P1P/1C2B1N2/2c1A2R1/1R2KAB2 w";
    let moves = "e1d0 c1c0 d0e1 c0c1";
    assert_eq!(verdict(fen, moves, Ruleset::CXA1987), Verdict::BlackLoses);
    assert_eq!(verdict(fen, moves, Ruleset::CXA1979), Verdict::Draw);
    // AXF: neither side checks or chases one piece on every move.
    assert_eq!(verdict(fen, moves, Ruleset::AXF), Verdict::Draw);
}

#[test]
fn first_counterattack_does_not_cancel_a_strike() {
    // Lecture 51 图1 (八四 图二十二): the 马 chases the 炮 although the 车 can take the 马.
    let r = adjudicate_text(
        "2bakab2/9/9/2p3p2/9/9/5r3/4B4/5N1c1/2BAKA2R w",
        "f1g3 h1h2 g3f1 h2h1",
        &Ruleset::CXA1987,
    )
    .unwrap();
    let chase = r.moves[0]
        .effects
        .iter()
        .find(|e| e.kind == EffectKind::Chase)
        .expect("马四进三 chases");
    assert!(chase.first_counterattack);
    assert_eq!(r.verdict, Verdict::RedLoses);
}

#[test]
fn hostile_input_gives_typed_errors() {
    let fen = "5k3/9/6c2/9/9/9/9/9/9/4K2R1 w";
    for bad_fen in [
        "",
        "5k3/9/6c2",
        "5k3/9/6c2/9/9/9/9/9/9/4K2R1 x",
        "ÿÿÿ",
        "99999999999",
    ] {
        assert!(matches!(
            adjudicate_text(bad_fen, "h0g0", &Ruleset::AXF),
            Err(BoardError::Fen { .. })
        ));
    }
    assert_eq!(
        parse_moves("h0g0 g7h7 zz").unwrap_err(),
        BoardError::MoveSyntax {
            index: 2,
            token: "zz".into()
        }
    );
    assert!(matches!(
        adjudicate_text(fen, "h0g0 g7h7 g0a9", &Ruleset::AXF),
        Err(BoardError::IllegalMove { index: 2, .. })
    ));
    assert!(matches!(
        adjudicate_text(fen, "h0g0 h0g0", &Ruleset::AXF),
        Err(BoardError::IllegalMove { index: 1, .. })
    ));
    // Truncated and garbled move lists.
    for garbage in ["h", "h0g", "h0g0g7", "一二三四", "\u{0}\u{1}"] {
        assert!(
            adjudicate_text(fen, garbage, &Ruleset::AXF).is_err(),
            "{garbage:?}"
        );
    }
}

#[test]
fn rulings_give_the_shared_outcome_and_the_deciding_rule() {
    // The rook chases an unprotected cannon on every move (pyffish observed case): under
    // the Asian rules Red must vary; Black wins.
    let start = Position::from_fen("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w").unwrap();
    let moves = parse_moves("h0g0 g7h7 g0h0 h7g7").unwrap();
    let r = adjudicate(&start, &moves, &Ruleset::AXF).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::Decisive {
            winner: Side::Second
        })
    );
    assert_eq!(
        r.reason,
        RepetitionReason::PerpetualStrike { side: Side::First }
    );
    assert_eq!(r.reason.to_string(), "红方长打 (Red strikes perpetually)");
    let none = adjudicate(&start, &moves[..1], &Ruleset::AXF).unwrap();
    assert_eq!(
        (none.outcome, none.reason),
        (None, RepetitionReason::NoRepetition)
    );
}
