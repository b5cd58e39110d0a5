//! Rules of the Asian (AXF) rule book that the classifier reads per edition, each on a
//! position built from the rule's text (the book's diagrams are images; the positions here
//! are small constructions that show exactly the point the rule makes).

use xiangqi_repetition::adjudicate::{
    Board, EffectKind, MoveAnalysis, Ruleset, Verdict, adjudicate_text, classify,
};

fn classified(fen: &str, mv: &str, rules: &Ruleset) -> MoveAnalysis {
    let before = Board::from_fen(fen).unwrap();
    classify(&before, Board::parse_iccs(mv).unwrap(), rules)
}

fn chases(a: &MoveAnalysis) -> Vec<(String, String)> {
    a.effects
        .iter()
        .filter(|e| e.kind == EffectKind::Chase)
        .map(|e| (e.piece.to_string(), e.target.unwrap().to_string()))
        .collect()
}

/// Black 将 d9, 士 e8, 炮 f7; Red 马 d3 in front of its 车 d1, 帅 f0. 马三进五 (d3e5) uncovers
/// the 车's check and attacks the 炮, which the 士 protects. The 士 cannot retake while the
/// check stands, but the check is answered first: the 炮 is protected, so the 马 (worth a
/// 炮) wins nothing and the move is a check only.
const CHECK_AND_ROOTED_CANNON: &str = "3k5/4a4/5c3/9/9/9/3N5/9/3R5/5K3 w";

#[test]
fn rule12_diagram13_a_piece_is_not_unprotected_because_its_king_is_in_check() {
    // AXF rule 12 (diagram 13, 「one check, one chase」 is a draw): the check and the chase
    // are separate moves; a piece left unguarded only for the one move in which its side must
    // answer a check is not chased. The same holds in every Chinese edition (lecture 43 图1:
    // the 卒's checks are 将, nothing more).
    for rules in Ruleset::PRESETS.into_iter().chain([Ruleset::CXA1979]) {
        let a = classified(CHECK_AND_ROOTED_CANNON, "d3e5", &rules);
        assert_eq!(a.class, EffectKind::Check, "{rules}");
        assert_eq!(chases(&a), [], "{rules}");
    }
    // Without the 士 the 炮 is really unprotected, and the same move checks and chases.
    let bare = "3k5/9/5c3/9/9/9/3N5/9/3R5/5K3 w";
    for rules in Ruleset::PRESETS {
        let a = classified(bare, "d3e5", &rules);
        assert_eq!(a.class, EffectKind::Check, "{rules}");
        assert_eq!(chases(&a), [("e5".into(), "f7".into())], "{rules}");
    }
}

#[test]
fn rule12_diagram13_one_check_one_chase_is_a_draw() {
    // AXF rule 12: the 马 alternately uncovers the 车's check (the 将 steps aside) and goes
    // back; with the 炮 protected, Red's moves are 一将一闲 and Black's 二闲. AXF: only an
    // unbroken run of checks, or of chases of one piece, is forbidden — a draw. The Chinese
    // editions count the same way here (一将一闲 is not 长打).
    let moves = "d3e5 d9e9 e5d3 e9d9";
    for rules in Ruleset::PRESETS {
        let r = adjudicate_text(CHECK_AND_ROOTED_CANNON, moves, &rules).unwrap();
        assert_eq!(r.verdict, Verdict::Draw, "{rules}: {}", r.explanation);
        assert_eq!(r.red.checks, 1, "{rules}");
        assert_eq!(r.red.chases, 0, "{rules}");
    }
}

#[test]
fn rule26_diagram61_a_second_attacker_chases_anew() {
    // AXF rule 26 (diagram 61): a chase is new per attacker. Black's 炮 e8 already attacks
    // Red's 车 e4 over its own 卒 e6; 马3退4 (h7g5) brings the 马 onto the 车 as well. The
    // 马's attack is a new chase of the 车 (a horse attacking a rook chases it, protected or
    // not) although the 车 was already attacked.
    let fen = "3k5/4c4/7n1/4p4/9/4R4/9/9/9/5K3 b";
    let a = classified(fen, "h7g5", &Ruleset::AXF);
    assert_eq!(a.class, EffectKind::Chase);
    assert_eq!(chases(&a), [("g5".into(), "e4".into())]);
    // The 炮's own, unchanged attack is not credited to the move.
    assert!(chases(&a).iter().all(|(p, _)| p != "e8"));
    // The Chinese editions share the per-attacker reading (lecture 49 图2: 将5平6 「造成象5进7
    // 的捉车,算一捉」 although 炮7进6 could already take that 车).
    for rules in [Ruleset::CXA1987, Ruleset::CXA1999, Ruleset::CXA2011] {
        let a = classified(fen, "h7g5", &rules);
        assert_eq!(chases(&a), [("g5".into(), "e4".into())], "{rules}");
    }
    // Read per victim, the 车 was already attacked and the 马's step is no new chase.
    let per_victim = Ruleset {
        chase_novelty_per_attacker: false,
        ..Ruleset::CXA2011
    };
    assert_ne!(
        classified(fen, "h7g5", &per_victim).class,
        EffectKind::Chase
    );
}

#[test]
fn rule19_diagram39_a_held_rook_that_blocks_a_check_chases_the_horse() {
    // AXF rule 19 exempts the held rook's attack on the horse that holds it because the
    // rook cannot leave (diagrams 39-41). A rook that itself steps onto the horse's leg to
    // block the horse's check attacks the horse by its own move: the horse (unprotected here)
    // is chased. Black 马 c1 checks the 帅 e0 over d1; 车 d5-d1 blocks.
    let fen = "5k3/9/9/9/3R5/9/9/9/2n6/4K4 w";
    let a = classified(fen, "d5d1", &Ruleset::AXF);
    assert_eq!(a.class, EffectKind::Chase);
    assert_eq!(chases(&a), [("d1".into(), "c1".into())]);
}

#[test]
fn rule23_diagram50_a_root_cut_under_a_held_rook_is_a_chase() {
    // Fairy-Stockfish test.py D39 (AXF diagram 39, rule 19) without Black's 车: Red's 仕
    // e1-f0 takes away the screen over which Black's 炮 i1 protects the 马 c1, so the 车 d1
    // held by that 马 now wins it. Nobody chases the 车 in this cycle, so the exemption of
    // rule 19 does not apply: the chase made by removing the horse's protection is a chase
    // (rule 23, diagram 50; the Appendix's example). Putting the 仕 back restores the root.
    let fen = "5k3/9/9/9/9/9/9/9/2nRA3c/4K4 w";
    let r = adjudicate_text(fen, "e1f0 f9f8 f0e1 f8f9", &Ruleset::AXF).unwrap();
    assert_eq!(r.moves[0].class, EffectKind::Chase, "{}", r.explanation);
    assert_eq!(chases(&r.moves[0]), [("d1".into(), "c1".into())]);
    assert_eq!(r.red.chases, 1);
    // In D39 itself Black's 车 chases the held 车 throughout, and the same 仕 move is no
    // chase (test.py: Black loses); the verdict is kept in the Fairy-Stockfish suite.
    let d39 = "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w";
    let r = adjudicate_text(d39, "e1f0 h3h1 f0e1 h1h3", &Ruleset::AXF).unwrap();
    assert_eq!(r.verdict, Verdict::BlackLoses, "{}", r.explanation);
    assert_eq!(r.red.chases, 0, "{}", r.explanation);
}

#[test]
fn rule32_two_pieces_taking_turns_to_chase_two_pieces_is_a_draw() {
    // AXF rule 32 (reference digest §2.1: 「one piece chasing two or more pieces is a draw」,
    // and likewise two pieces taking turns to chase two pieces): Red's 车 and 马 move in
    // turn, every move a new chase of a rootless piece (车 on 炮 b7, 马 on 象 g5, 车 on 马 a8,
    // 马 on 卒 e2), never the same piece twice. No piece is chased perpetually: a draw.
    // The last chase is new only per attacker (rule 26): the 车 on a2 already attacks the
    // 卒 along the rank when the 马 joins.
    let fen = "4k4/n8/1c7/9/6b2/9/9/R3p4/6N2/3K5 w";
    let moves = "a2b2 e9e8 g1h3 e8e9 b2a2 e9e8 h3g1 e8e9";
    let r = adjudicate_text(fen, moves, &Ruleset::AXF).unwrap();
    let victims: Vec<String> = r
        .moves
        .iter()
        .filter(|m| m.side == board_core::Side::First)
        .map(|m| {
            assert_eq!(m.class, EffectKind::Chase, "{}", r.explanation);
            chases(m)
                .into_iter()
                .map(|(_, v)| v)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    assert_eq!(victims, ["b7", "g5", "a8", "e2"]);
    assert_eq!(r.verdict, Verdict::Draw, "{}", r.explanation);
}

/// Built from AXF rule 12 (diagram 13): Red's 车 b8 stands in front of Red's 炮 a8, whose
/// line runs over Black's 士 e8 to Black's 将 f8. Black's 炮 shuttles d8-d6: on d6 it opens the
/// line, and 车b8-b6 then uncovers the 炮's check while attacking the unprotected 炮 d6; the
/// 炮 goes back to d8 to block, and 车b6-b8 attacks it there.
const CHECK_THEN_CHASE: &str = "9/CR1cak3/9/9/9/9/9/9/9/3K5 b";
const CHECK_THEN_CHASE_MOVES: &str = "d8d6 b8b6 d6d8 b6b8";

#[test]
fn rule12_diagram13_a_check_that_also_attacks_breaks_the_chase() {
    // AXF rule 12 (diagram 13): one check and one chase is allowed. The move that checks also
    // attacks the 炮, but a move is named by its heaviest effect, so it is a check and the
    // chase is broken: Red is 一将一捉 and nobody chases perpetually — a draw. Fairy-Stockfish
    // (test.py F10, the colour-reversed case) calls this a perpetual chase; see
    // `tests/adjudicate_fsf.rs`.
    let r = adjudicate_text(CHECK_THEN_CHASE, CHECK_THEN_CHASE_MOVES, &Ruleset::AXF).unwrap();
    let red: Vec<EffectKind> = r
        .moves
        .iter()
        .filter(|m| m.side == board_core::Side::First)
        .map(|m| m.class)
        .collect();
    assert_eq!(
        red,
        [EffectKind::Check, EffectKind::Chase],
        "{}",
        r.explanation
    );
    // The checking move does attack the 炮 (the effect is kept for the explanation).
    assert_eq!(chases(&r.moves[1]), [("b6".into(), "d6".into())]);
    assert!(!r.red.perpetual_strike, "{}", r.explanation);
    assert_eq!(r.verdict, Verdict::Draw, "{}", r.explanation);
    // Only where a check breaks the chase: counted the Fairy-Stockfish way, Red chases the
    // 炮 on every move and loses.
    let fsf_reading = Ruleset {
        check_breaks_chase: false,
        ..Ruleset::AXF
    };
    let r = adjudicate_text(CHECK_THEN_CHASE, CHECK_THEN_CHASE_MOVES, &fsf_reading).unwrap();
    assert_eq!(r.verdict, Verdict::RedLoses, "{}", r.explanation);
    // The Chinese editions share the reading of the move (a check), but a check is 打 there:
    // 一将一捉 is 长打, Red must vary (lecture 49 图2, 58 图4).
    for rules in [Ruleset::CXA1987, Ruleset::CXA1999, Ruleset::CXA2011] {
        let r = adjudicate_text(CHECK_THEN_CHASE, CHECK_THEN_CHASE_MOVES, &rules).unwrap();
        assert_eq!(r.moves[1].class, EffectKind::Check, "{rules}");
        assert_eq!(r.verdict, Verdict::RedLoses, "{rules}: {}", r.explanation);
    }
}

#[test]
fn rule32_appendix_both_sides_moving_a_cannons_screen_is_the_cannon_sides_chase() {
    // AXF rule 32 and the Appendix's mutual-chase example: when both sides only move pieces
    // in and out of a cannon's line, the chase belongs to the cannon's side; the other side's
    // screen moves block or undo the attack and chase nothing. Built from that text: Red's
    // 炮 a4 aims along rank 4 at Black's 车 i4. Red's 相 steps onto c4 (one screen: the 炮
    // attacks the 车), Black's 马 steps onto f4 (two screens: blocked), the 相 steps back (the
    // 马 is now the one screen: the 炮 attacks again), the 马 steps back (no screen). A cannon
    // attacking a rook chases it whether or not it is protected (rule 15).
    // Red's 炮 a4 is protected by the 车 a0 and the 相 e2 by the 帅, so Black's pieces win
    // nothing either.
    let fen = "4k4/9/9/4p1n2/9/C7r/9/4B4/4K4/R8 w";
    let moves = "e2c4 g6f4 c4e2 f4g6";
    // The Chinese editions read the moves the same way (a chase 造成 by moving a screen is
    // the mover's, lecture 45; rules 18-21 of 〇七 on 造成); the verdict there is 长捉 too.
    for rules in Ruleset::PRESETS {
        let r = adjudicate_text(fen, moves, &rules).unwrap();
        let classes: Vec<EffectKind> = r.moves.iter().map(|m| m.class).collect();
        assert_eq!(
            classes,
            [
                EffectKind::Chase,
                EffectKind::Block,
                EffectKind::Chase,
                EffectKind::Idle
            ],
            "{rules}: {}",
            r.explanation
        );
        for k in [0, 2] {
            assert_eq!(chases(&r.moves[k]), [("a4".into(), "i4".into())], "{rules}");
        }
        for k in [1, 3] {
            assert_eq!(
                chases(&r.moves[k]),
                [],
                "{rules}: the screen side chases nothing"
            );
        }
        assert_eq!(r.verdict, Verdict::RedLoses, "{rules}: {}", r.explanation);
    }
}

#[test]
fn rule15_rule26_a_cannon_attacks_a_rook_anew_through_a_returning_horse() {
    // AXF rule 15 (one or two cannons may not perpetually chase a rook, protected or not)
    // with rule 26 (a chase is new per attacker): Red's 马 c3 screens Red's 炮 a3 against
    // Black's 车 g3. 马七进五 (c3e4) attacks the 车 itself; 马五退七 (e4c3) comes back and the
    // 炮 attacks the 车 anew over it. The 车 was attacked before that move (by the 马), but
    // not by the 炮: a new chase. Both Red moves chase the same 车: Red loses.
    let fen = "4k4/9/9/9/9/9/C1N3r2/9/9/3K5 w";
    let r = adjudicate_text(fen, "c3e4 e9f9 e4c3 f9e9", &Ruleset::AXF).unwrap();
    assert_eq!(chases(&r.moves[0]), [("e4".into(), "g3".into())]);
    assert_eq!(chases(&r.moves[2]), [("a3".into(), "g3".into())]);
    assert_eq!(r.red.summary, "长捉");
    assert_eq!(r.verdict, Verdict::RedLoses, "{}", r.explanation);
}
