//! Article 27 of the 2007/2011 Chinese rules (〇七 试行本, adopted in 2011) as this crate
//! reads it, one test per clause.
//!
//! The only wording of the article in the sources at hand is the one the 001 document
//! quotes (lecture 54, 图3): 「兵卒本身(无论是否借助外力)直接捉吃对方的棋子(不含将、杀),
//! 按‘闲’处理」. The lecture adds that 「关于兵卒参与互打时的规定并非始终一成不变」 without
//! quoting a rule for pawns in mutual striking, and neither the 001 document nor the
//! reference digest (../shared/specs/xiangqi.md) has a clause on the king's own attacks.
//! A transcription circulating elsewhere (the king's attacks idle; a pawn's chase counting
//! in mutual perpetual striking) is not in those texts, so it is not adopted: the king's
//! attacks are 捉 like any piece's, and a pawn's attacks are 闲 in every count.

use xiangqi_repetition::adjudicate::{Ruleset, Verdict, adjudicate_text};

#[test]
fn article27_pawn_attacks_are_idle() {
    // The quoted clause: the 兵 that steps beside the black 炮 and attacks it each move is
    // 闲 under 2011 (here also a 拦, as it stands in the 炮's line), a 捉 under 1987 (八七
    // counts every piece's 捉).
    let fen = "3k5/4c4/3P5/9/9/3pp4/3NN4/9/9/5K3 w";
    let moves = "d7e7 e8d8 e7d7 d8e8";
    let r = adjudicate_text(fen, moves, &Ruleset::CXA2011).unwrap();
    // Each 兵 step also stands in the 炮's line (拦), which is no strike either.
    assert_eq!(
        (r.red.moves, r.red.strikes, r.red.chases),
        (2, 0, 0),
        "{}",
        r.explanation
    );
    let old = adjudicate_text(fen, moves, &Ruleset::CXA1987).unwrap();
    assert_eq!(old.red.chases, 2, "{}", old.explanation);
}

#[test]
fn article27_a_pawn_chase_does_not_answer_a_perpetual_chase() {
    // The same cycle: Black's 炮 escapes each time onto a file where, over its own 卒, it
    // attacks an unprotected red 马 (d3, then e3) — 长捉 in the Chinese count. Red's 兵 is
    // 闲 (clause above), so under 2011 Black strikes perpetually against a side that does
    // not: Black must vary.
    let fen = "3k5/4c4/3P5/9/9/3pp4/3NN4/9/9/5K3 w";
    let moves = "d7e7 e8d8 e7d7 d8e8";
    let r = adjudicate_text(fen, moves, &Ruleset::CXA2011).unwrap();
    assert_eq!(r.black.chases, 2, "{}", r.explanation);
    assert_eq!(r.verdict, Verdict::BlackLoses, "{}", r.explanation);
}

#[test]
fn article27_the_kings_own_attacks_are_chases() {
    // No clause of the quoted texts makes the king's attacks idle, so under 2011 the 帅 that
    // steps up and back onto a rootless 炮 chases it on every move and must vary. (The Asian
    // rules list the king among the pieces whose attacks are no chase: a draw there.)
    let fen = "3k5/9/9/9/9/9/9/9/4Kc3/9 b";
    let moves = "f1f2 e1e2 f2f1 e2e1";
    let r = adjudicate_text(fen, moves, &Ruleset::CXA2011).unwrap();
    assert_eq!(r.red.chases, 2, "{}", r.explanation);
    assert_eq!(r.verdict, Verdict::RedLoses);
    assert_eq!(
        adjudicate_text(fen, moves, &Ruleset::AXF).unwrap().verdict,
        Verdict::Draw
    );
}
