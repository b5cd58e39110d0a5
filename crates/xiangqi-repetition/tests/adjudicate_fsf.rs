//! The Asian-rules (AXF) repetition cases of Fairy-Stockfish's `test.py`
//! (`test_is_optional_game_end`), as compiled in `tests/data/xiangqi_axf_fsf_cases.json`
//! (source note inside the file; moves converted to ICCS ranks 0-9). The expected result is
//! the one `test.py` asserts; F31 asserts only that the game ends, so any verdict other than
//! `no_repetition` is accepted there.
//!
//! Where `test.py` and the AXF rule text disagree, the rule text wins and the case is listed
//! in [`AGAINST_THE_RULE_TEXT`] with the text's verdict; the test asserts both that verdict and
//! that it differs from `test.py`'s, so the disagreement stays visible.

use serde_json::Value;
use xiangqi_repetition::adjudicate::{Ruleset, Verdict, adjudicate_text};

fn cases() -> Vec<Value> {
    let text = include_str!("data/xiangqi_axf_fsf_cases.json");
    let doc: Value = serde_json::from_str(text).expect("case file is JSON");
    assert!(
        doc["source"].as_str().unwrap().contains("Fairy-Stockfish"),
        "source note kept"
    );
    doc["cases"].as_array().unwrap().clone()
}

fn run(case: &Value) -> (String, Verdict, String) {
    let id = case["id"].as_str().unwrap().to_string();
    let fen = case["fen"].as_str().unwrap();
    let moves: Vec<&str> = case["moves_iccs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let ruling = adjudicate_text(fen, &moves.join(" "), &Ruleset::AXF)
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    (id, ruling.verdict, ruling.explanation)
}

/// Cases whose `test.py` expectation the AXF rule text does not support: (id, the text's
/// verdict, why).
///
/// In each, the offender's cycle alternates a move that checks (and also attacks the
/// victim) with a move that only chases it. AXF rule 12 (diagram 13) allows one check and one
/// chase, and a move is named by its heaviest effect, so the checking move is a check and
/// breaks the chase ([`Ruleset::check_breaks_chase`]): 一将一捉, a draw. Fairy-Stockfish ANDs
/// the chased pieces of every move, checks included, and so calls it a perpetual chase.
/// Pikafish's computer rule (2024-08-31: 「if any checking moves appear in the repetition
/// move sequence, it will no longer be considered a chasing sequence」) and ChessDB's
/// `check_move_catch` (「有将军，不是长捉」) agree with the text (reference digest §3.2-3.3).
const AGAINST_THE_RULE_TEXT: &[(&str, Verdict, &str)] = &[
    (
        "F5",
        Verdict::Draw,
        "炮六平四 brings the cannon back under its partner: a check through it (将) as well as the discovered chase of the 卒; Red is 一将一捉",
    ),
    (
        "F10",
        Verdict::Draw,
        "车2进2 uncovers the 炮's check over the 仕 and attacks the 炮 on d3: a check; Black is 一将一捉",
    ),
    ("F11", Verdict::Draw, "the same position and cycle as F5"),
];

#[test]
fn every_fsf_axf_case() {
    let mut failures = Vec::new();
    let all = cases();
    assert_eq!(all.len(), 33);
    for case in &all {
        let (id, verdict, explanation) = run(case);
        let expected = case["axf_result"].as_str().unwrap();
        if let Some((_, text_verdict, why)) = AGAINST_THE_RULE_TEXT.iter().find(|c| c.0 == id) {
            assert_ne!(Verdict::from_name(expected), Some(*text_verdict), "{id}");
            if verdict != *text_verdict {
                failures.push(format!(
                    "{id}: the rule text gives {} ({why}), got {} — {explanation}",
                    text_verdict.name(),
                    verdict.name()
                ));
            }
            continue;
        }
        let ok = match expected {
            "game_ends_unspecified" => verdict != Verdict::NoRepetition,
            name => Verdict::from_name(name) == Some(verdict),
        };
        if !ok {
            failures.push(format!(
                "{id} ({}): expected {expected}, got {} — {explanation}",
                case["comment"].as_str().unwrap(),
                verdict.name()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "failing cases:\n{}",
        failures.join("\n")
    );
}
