//! Input that contradicts itself is reported, never silently used: a row with more rounds than
//! the event (TRF and JSON), rows that contradict the declared number of rounds (TRF XXR), a
//! declared rank that disagrees with the computed standings, and rows that would multiply
//! into more round entries than a tournament may hold.
//!
//! The TRF column layout (round blocks of 10 columns from column 92) is FIDE's TRF16
//! description (C.04 Annex 2); XXR is the TRF26 record for the number of rounds.

use tiebreak::descriptor::parse_list;
use tiebreak::{Options, json_input, standings, trf};

/// A TRF16 player record with the columns laid out as the format description places them.
fn record(id: u32, pts: &str, rank: &str, blocks: &[&str]) -> String {
    let mut s = format!(
        "001 {id:>4}      {:<33} {:>4} {:<3} {:>11} {:>10} {pts:>4} {rank:>4}  ",
        format!("Player {id}"),
        "",
        "",
        "",
        ""
    );
    for b in blocks {
        s.push_str(&format!("{b:<10}"));
    }
    s
}

/// Four players, two rounds: 1 beats 2 and 3 draws 4, then 1 draws 3 and 2 beats 4.
fn four(extra_for_player_1: &[&str]) -> Vec<String> {
    let mut first = vec!["   2 w 1", "   3 b ="];
    first.extend_from_slice(extra_for_player_1);
    vec![
        record(1, "1.5", "1", &first),
        record(2, "1.0", "2", &["   1 b 0", "   4 w 1"]),
        record(3, "1.0", "3", &["   4 w =", "   1 w ="]),
        record(4, "0.5", "4", &["   3 b =", "   2 b 0"]),
    ]
}

#[test]
fn a_trf_row_longer_than_every_other_is_an_error_naming_line_and_column() {
    // Before, the extra bye block silently gave every player a third round.
    let text = four(&["0000 - H"]).join("\n");
    let e = trf::parse(&text).unwrap_err();
    let first = e.first().unwrap();
    assert_eq!((first.line, first.column), (1, 112), "{e}");
    assert!(
        e.to_string().contains("no other row has more than 2"),
        "{e}"
    );
    // The same file with the rounds declared (XXR 3) is read, and player 1 has the half-point
    // bye in round 3.
    let t = trf::parse(&format!("XXR 3\n{text}")).unwrap();
    assert_eq!(t.rounds, 3);
}

#[test]
fn trailing_blanks_add_no_round() {
    // A record padded with spaces past its last block: the blank "block" used to read as a
    // zero-point bye, adding a round for everyone.
    let mut rows = four(&[]);
    rows[0].push_str("          ");
    let t = trf::parse(&rows.join("\n")).unwrap();
    assert_eq!(t.rounds, 2);
}

#[test]
fn rows_that_contradict_xxr_are_an_error() {
    let text = format!("XXR 1\n{}", four(&[]).join("\n"));
    let e = trf::parse(&text).unwrap_err();
    assert_eq!(e.0.len(), 4, "{e}");
    assert!(e.to_string().contains("declares 1 rounds"), "{e}");
    // A declared number of rounds above the rows (an event still running) stays allowed.
    let t = trf::parse(&format!("XXR 9\n{}", four(&[]).join("\n"))).unwrap();
    assert_eq!(t.rounds, 2);
}

#[test]
fn a_json_row_longer_than_every_other_is_an_error() {
    let text = r#"{"players":[
        {"id":1,"results":["2w1","H","H"]},
        {"id":2,"results":["1b0"]}]}"#;
    let e = json_input::parse(text).unwrap_err();
    assert!(e.to_string().contains("$.players[0].results[1]"), "{e}");
    assert!(
        e.to_string().contains("no other row has more than 1"),
        "{e}"
    );
}

#[test]
fn rows_that_would_multiply_past_the_entry_limit_are_refused() {
    // 20,001 players padded to the 1,000 rounds of the two longest rows would be 20,001,000
    // round entries: more than the 20,000,000 (320 MB) a tournament may hold, although the
    // file itself holds only 2,000 results.
    let byes = vec!["\"H\""; 1000].join(",");
    let mut players = vec![
        format!(r#"{{"id":1,"results":[{byes}]}}"#),
        format!(r#"{{"id":2,"results":[{byes}]}}"#),
    ];
    players.extend((3..=20_001).map(|i| format!(r#"{{"id":{i}}}"#)));
    let text = format!(r#"{{"players":[{}]}}"#, players.join(","));
    let e = json_input::parse(&text).unwrap_err();
    assert!(
        e.to_string().contains("20001 players over 1000 rounds"),
        "{e}"
    );
}

#[test]
fn a_declared_rank_that_disagrees_gets_a_note() {
    // Players 2 and 3 have 1 point each; ranked by PTS alone they share rank 2, so the file's
    // rank 3 for player 3 disagrees. Player 1's declared rank 1 agrees and gets no note.
    let t = trf::parse(&four(&[]).join("\n")).unwrap();
    let list = parse_list("PTS").unwrap();
    let s = standings::compute(&t, Options::default(), &list);
    let notes: Vec<&String> = s.warnings.iter().filter(|w| w.contains("rank")).collect();
    assert_eq!(
        notes,
        ["player 3: file says rank 3, the standings give 2"],
        "{:?}",
        s.warnings
    );
}

#[test]
fn duplicate_ids_are_found_in_large_files() {
    // The duplicate check was a scan of every earlier player (quadratic); a hash set finds the
    // one repeated id of 50,000 players. The expectation: the reader's own error wording.
    let mut players: Vec<String> = (1..=50_000)
        .map(|i| format!(r#"{{"id":{i},"results":[]}}"#))
        .collect();
    players.push(r#"{"id":777,"results":[]}"#.to_string());
    let text = format!(r#"{{"players":[{}]}}"#, players.join(","));
    let e = json_input::parse(&text).unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert!(e.to_string().contains("id 777 used twice"), "{e}");
    let mut csv = String::from("id,name,r1\n");
    for i in 1..=50_000 {
        csv.push_str(&format!("{i},P{i},\n"));
    }
    csv.push_str("777,again,\n");
    let e = tiebreak::csv_input::parse(&csv).unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert!(
        e.to_string().contains("id 777 already used on line 778"),
        "{e}"
    );
}
