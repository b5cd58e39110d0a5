//! The serde forms: moves in ICCS, positions as FEN, rulings with their verdict names.
#![cfg(feature = "serde")]

use serde_json::json;
use xiangqi_repetition::adjudicate::{Ruleset, adjudicate, parse_moves};
use xiangqi_repetition::{Move, Position, START_FEN, Setup, Status};

#[test]
fn moves_and_positions_use_their_notations() {
    let mv: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_value(mv).unwrap(), json!("h2e2"));
    assert_eq!(serde_json::from_value::<Move>(json!("h2e2")).unwrap(), mv);
    assert!(serde_json::from_value::<Move>(json!("h2z2")).is_err());
    let pos = Position::start();
    assert_eq!(serde_json::to_value(&pos).unwrap(), json!(START_FEN));
    assert_eq!(
        serde_json::from_value::<Position>(json!(START_FEN)).unwrap(),
        pos
    );
    // A setup need not be legal; a position must be.
    let kingless = "9/9/9/9/9/9/9/9/9/9 w - - 0 1";
    assert!(serde_json::from_value::<Setup>(json!(kingless)).is_ok());
    assert!(serde_json::from_value::<Position>(json!(kingless)).is_err());
    assert_eq!(
        serde_json::to_value(Status::Checkmate).unwrap(),
        json!("checkmate")
    );
}

#[test]
fn rulings_serialize_with_verdict_names_and_iccs_points() {
    let start = Position::from_fen("5k3/9/6c2/9/9/9/9/9/9/4K2R1 w").unwrap();
    let moves = parse_moves("h0g0 g7h7 g0h0 h7g7").unwrap();
    let ruling = adjudicate(&start, &moves, &Ruleset::AXF).unwrap();
    let v = serde_json::to_value(&ruling).unwrap();
    assert_eq!(v["verdict"], "red_loses");
    assert_eq!(v["outcome"], "0-1");
    assert_eq!(v["rules"], "axf");
    assert_eq!(v["cycle"], json!({"start_ply": 0, "plies": 4}));
    assert_eq!(v["moves"][0]["mv"], "h0g0");
    assert_eq!(v["moves"][0]["class"], "chase");
    assert_eq!(v["moves"][0]["effects"][0]["piece"], "g0");
    assert_eq!(v["moves"][0]["effects"][0]["target"], "g7");
    assert_eq!(v["red"]["summary"], "长捉");
    let back: xiangqi_repetition::adjudicate::Ruling = serde_json::from_value(v).unwrap();
    assert_eq!(back, ruling);
}
