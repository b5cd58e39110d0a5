//! The `serde` feature: the tournament model, descriptors and rulings survive a JSON round
//! trip, and scores and tie-breaks keep their text forms.
#![cfg(feature = "serde")]

use tiebreak::descriptor::parse_list;
use tiebreak::{Descriptor, Options, Points, Tournament, minimatch, read_tournament, standings};

const EVENT: &str = "id,name,r1,r2,r3\n1,Ann,2w1,3b=,U\n2,Bob,1b0,U,3w1\n3,Cy,U,1w=,2b0\n";

#[test]
fn tournaments_round_trip_through_json() {
    let t = read_tournament(EVENT).unwrap();
    let json = serde_json::to_string(&t).unwrap();
    assert!(json.contains(r#""outcome":"pairing_bye""#), "{json}");
    assert!(json.contains(r#""colour":"white""#), "{json}");
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
}

#[test]
fn scores_and_descriptors_use_their_text() {
    assert_eq!(serde_json::to_string(&Points(3)).unwrap(), r#""1.5""#);
    let p: Points = serde_json::from_str(r#""2.5""#).unwrap();
    assert_eq!(p, Points(5));
    assert!(serde_json::from_str::<Points>(r#""0.3""#).is_err());
    let list = parse_list("BH/C1,SB").unwrap();
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(json, r#"["BH/C1","SB"]"#);
    let back: Vec<Descriptor> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, list);
}

#[test]
fn standings_and_rulings_serialize() {
    let t = read_tournament(EVENT).unwrap();
    let list = standings::with_primary(parse_list("SB").unwrap());
    let s = standings::compute(&t, Options::default(), &list);
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["order"][0], 0);
    let file = minimatch::parse("first,second,result,moves\nA,B,1-0,25\nB,A,1/2-1/2,36\n").unwrap();
    let json = serde_json::to_value(&file).unwrap();
    assert_eq!(json["matches"][0][0]["result"], "1-0");
    assert_eq!(json["matches"][0][1]["result"], "1/2-1/2");
    let ruling = minimatch::rule(&file.matches[0]).unwrap();
    let json = serde_json::to_value(&ruling).unwrap();
    assert_eq!(json["criterion"], "result");
}
