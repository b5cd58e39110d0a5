//! The Asian-rules (AXF) repetition cases of Fairy-Stockfish's `test.py`
//! (`test_is_optional_game_end`), as compiled in `tests/data/xiangqi_axf_fsf_cases.json`
//! (source note inside the file; moves converted to ICCS ranks 0-9). The expected result is
//! the one `test.py` asserts; F31 asserts only that the game ends, so any verdict other than
//! `no_repetition` is accepted there.

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

#[test]
fn every_fsf_axf_case() {
    let mut failures = Vec::new();
    let all = cases();
    assert_eq!(all.len(), 33);
    for case in &all {
        let (id, verdict, explanation) = run(case);
        let expected = case["axf_result"].as_str().unwrap();
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
