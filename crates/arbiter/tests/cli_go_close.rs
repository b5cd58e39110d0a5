//! `arbiter go score --close`: the closing step an arbiter applies to a record that stops
//! before the dame are filled, on by default with `--dead auto`, and what the output says
//! about it.
//!
//! Expectations: the Japanese Rules of Go (1989), article 8 (territory is the empty points
//! surrounded by one player's living stones only) and the commentary to article 9 (the dame
//! are filled and the teire they make necessary played before the count).

mod common;

use common::arbiter;

/// Black's wall on the third column has a gap at C3 beside White's wall: White's fill of C3
/// would reach Black's area at B3, so Black must answer there (teire). Closed, Black has 11
/// points of territory and White 12; open, Black's area shares its region with C3 and counts
/// nothing.
const GAP: &str = ". . X O . .\n\
                   . . X O . .\n\
                   . . X O . .\n\
                   . . . O . .\n\
                   . . X O . .\n\
                   . . X O . .\n";

fn run(args: &[&str]) -> std::process::Output {
    let path = common::scratch::write("gap.txt", GAP);
    let mut all = vec!["go", "score", path.to_str().unwrap()];
    all.extend_from_slice(args);
    arbiter(&all)
}

fn territory(doc: &serde_json::Value) -> (f64, f64) {
    let t = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["method"] == "territory")
        .expect("a territory entry");
    (t["black"].as_f64().unwrap(), t["white"].as_f64().unwrap())
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let path = common::scratch::write("gap.txt", GAP);
    let mut full = vec![all[0], "go", "score", path.to_str().unwrap()];
    full.extend_from_slice(&all[1..]);
    let out = arbiter(&full);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

#[test]
fn dead_auto_closes_the_board_and_says_what_it_played() {
    let base = ["--method", "territory", "--captures", "0,0", "--komi", "0"];
    let doc = json(&[&base[..], &["--dead", "auto"]].concat());
    assert_eq!(territory(&doc), (11.0, 12.0));
    let closing = &doc["closing"];
    assert_eq!(closing["teire"], 1);
    assert_eq!(closing["dame"], serde_json::json!(["C3"]));
    assert_eq!(
        closing["fills"],
        serde_json::json!([{"point": "B3", "color": "black", "reason": "teire-unsealed", "dame": "C3"}])
    );
    assert_eq!(
        closing["sente"],
        serde_json::json!([{"point": "C3", "by": "white"}])
    );
    let out = run(&[&base[..], &["--dead", "auto"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("closed: 1 dame, 1 teire (Black B3)"),
        "{text}"
    );
}

#[test]
fn close_none_and_given_dead_stones_count_the_board_as_it_stands() {
    let base = ["--method", "territory", "--captures", "0,0", "--komi", "0"];
    let open = json(&[&base[..], &["--dead", "auto", "--close", "none"]].concat());
    assert_eq!(territory(&open), (0.0, 12.0));
    assert!(open["closing"].is_null());
    // given (here: none) dead stones: no closing unless asked for
    let given = json(&base);
    assert!(given["closing"].is_null());
    assert_eq!(territory(&given), (0.0, 12.0));
    let asked = json(&[&base[..], &["--close", "auto"]].concat());
    assert_eq!(territory(&asked), (11.0, 12.0));
    let bad = run(&["--close", "sometimes"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--close"));
}

#[test]
fn tromp_taylor_counts_the_board_as_it_stands() {
    // Tromp-Taylor is defined on the board as it is: the closing leaves it alone (Black 5
    // stones, White 6 stones + 12 points; the gap's region touches both colours).
    let doc = json(&["--method", "tromp-taylor", "--dead", "auto", "--komi", "0"]);
    let t = &doc["results"][0];
    assert_eq!(
        (t["black"].as_f64(), t["white"].as_f64()),
        (Some(5.0), Some(18.0))
    );
}

#[test]
fn the_svg_marks_and_the_sgf_notes_what_the_closing_played() {
    // The closing's teire at B3 is not a move of the record: the picture marks it as added
    // and the written record keeps it out of the moves, naming it in a comment instead.
    let svg = common::scratch::path("gap.svg");
    let sgf = common::scratch::path("gap.sgf");
    let out = run(&[
        "--dead",
        "auto",
        "--svg",
        svg.to_str().unwrap(),
        "--write-sgf",
        sgf.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = std::fs::read_to_string(&svg).expect("the picture is written");
    assert!(
        picture.contains("added by the closing before the count"),
        "no mark on the added stone"
    );
    let record = std::fs::read_to_string(&sgf).expect("the record is written");
    assert!(
        record.contains("Closed before the count") && record.contains("Black B3"),
        "{record}"
    );
    assert!(
        !record.contains(";B[bd]") && !record.contains("AB[bd]"),
        "B3 written as a stone of the record: {record}"
    );
}

/// The colour mark (`X` Black, `O` White) of the stone named `name` on the diagram `GAP`
/// (columns A-F, rows 6 at the top down to 1).
fn gap_colour(name: &str) -> char {
    let column = usize::from(name.as_bytes()[0] - b'A');
    let row: usize = name[1..].parse().expect("a row number");
    let line = GAP.lines().nth(6 - row).expect("a row of the diagram");
    let mark = line.split_whitespace().nth(column).expect("a column");
    mark.chars().next().expect("a mark")
}

/// The score range of `--dead auto` must cover what each end of the doubt counts once closed:
/// which dame are filled and which teire played depends on which stones are dead (Japanese
/// Rules 1989, commentary to article 9), so the ends are closed on their own. Here the
/// finder cannot settle the walls; closed with the walls beside the gap dead on one side or
/// the other, the count moves by tens of points. The expected leads are the same build's
/// counts with those dead stones given and `--close auto`.
#[test]
fn the_doubt_range_covers_each_end_closed_on_its_own() {
    let base = ["--rules", "japanese", "--captures", "0,0", "--komi", "0.5"];
    let auto = json(&[&base[..], &["--dead", "auto"]].concat());
    let doubtful: Vec<String> = auto["doubtful_stones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    if doubtful.is_empty() {
        // the finder settled every stone: no range to check
        assert!(auto["lead_range"].is_null(), "{auto}");
        return;
    }
    let dead: Vec<String> = auto["position"]["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .filter(|s| !doubtful.contains(s))
        .collect();
    let range = &auto["lead_range"];
    let (lo, hi) = (
        range["worst_for_black"].as_f64().unwrap(),
        range["best_for_black"].as_f64().unwrap(),
    );
    for colour in ['X', 'O'] {
        let mut end = dead.clone();
        end.extend(doubtful.iter().filter(|s| gap_colour(s) == colour).cloned());
        let list = end.join(",");
        let mut args = base.to_vec();
        args.extend(["--close", "auto"]);
        if !end.is_empty() {
            args.extend(["--dead", list.as_str()]);
        }
        let counted = json(&args);
        let lead = counted["verdict"]["black_lead"].as_f64().unwrap();
        assert!(
            lo <= lead && lead <= hi,
            "{colour} doubtful stones dead ({list}) count {lead} once closed, outside {lo}..{hi}"
        );
    }
}

/// Black's first-line chain D7-F7 with the dame E6 and F6 below it and one more liberty, C7,
/// in Black's territory: once the dame are filled it is in atari there, so Black connects at
/// C7 before the count (shortage of liberties; J1989 art. 9 commentary). GNU Go 3.8's
/// `--score aftermath` plays Black C7 with either side to move and counts W+12.
const SHORT: &str = ". X . X X X O\n\
                     X X X O . . O\n\
                     . X O O O O O\n\
                     X X O . . . .\n\
                     . X O . . . .\n\
                     X X O . . . .\n\
                     . X O . . . .\n";

#[test]
fn a_shortage_teire_is_played_named_and_counted() {
    let path = common::scratch::write("short.txt", SHORT);
    let file = path.to_str().unwrap();
    let base = [
        "--rules",
        "japanese",
        "--method",
        "territory",
        "--captures",
        "0,0",
        "--komi",
        "0",
    ];
    let out = arbiter(
        &[
            &["--json", "go", "score", file][..],
            &base[..],
            &["--dead", "auto"],
        ]
        .concat(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(territory(&doc), (4.0, 16.0));
    assert_eq!(
        doc["closing"]["fills"],
        serde_json::json!([{"point": "C7", "color": "black", "reason": "teire-shortage", "dame": null}])
    );
    assert_eq!(doc["closing"]["teire"], 1);
    let out = arbiter(&[&["go", "score", file][..], &base[..], &["--dead", "auto"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("W+12 (japanese, komi 0)"), "{text}");
    assert!(text.contains("1 teire (Black C7)"), "{text}");
    // without the closing, C7 stays Black's territory
    let out = arbiter(
        &[
            &["--json", "go", "score", file][..],
            &base[..],
            &["--dead", "auto", "--close", "none"],
        ]
        .concat(),
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(territory(&doc), (5.0, 16.0));
}
