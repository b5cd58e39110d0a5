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
    // The Chinese editions keep the per-victim reading (从没捉到捉 of the victim): the
    // 车 was already attacked, so the 马's step is no new 捉 there.
    for rules in [Ruleset::CXA1987, Ruleset::CXA1999, Ruleset::CXA2011] {
        assert_ne!(
            classified(fen, "h7g5", &rules).class,
            EffectKind::Chase,
            "{rules}"
        );
    }
}
