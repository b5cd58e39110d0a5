//! `arbiter go score`: the README's main job on the bundled explanation figure, the JSON
//! contract, SGF input with auto dead stones, and error paths (exit code 2, one stderr line,
//! one JSON document with --json).

mod common;

use common::arbiter;

fn json(args: &[&str]) -> serde_json::Value {
    let out = arbiter(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn entry<'a>(doc: &'a serde_json::Value, method: &str) -> &'a serde_json::Value {
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["method"] == method)
        .unwrap_or_else(|| panic!("no {method} entry"))
}

/// Writes `content` to `name` in this test's scratch directory (removed when the test ends).
fn tmp(name: &str, content: &str) -> String {
    common::scratch::write(name, content)
        .to_string_lossy()
        .into_owned()
}

const EXAMPLE: &str = "examples/go/explanation.txt";

#[test]
fn main_job_scores_the_explanation_figure_by_every_method() {
    // 第二十七条: Black 19 stones + 3 roads = 22, White 20 + 1 = 21, Black wins by 1;
    // area (子空皆地) 24 vs 25, White wins; 第三十三条: compound 25 vs 24.
    let doc = json(&["go", "score", EXAMPLE, "--method", "all", "--json"]);
    assert_eq!(doc["results"].as_array().unwrap().len(), 9);
    let l = entry(&doc, "living-stones");
    assert_eq!(
        (l["black"].as_i64(), l["white"].as_i64()),
        (Some(22), Some(21))
    );
    assert_eq!(
        (
            l["winner"].as_str(),
            l["margin"].as_i64(),
            l["komi"].as_i64()
        ),
        (Some("black"), Some(1), Some(0))
    );
    let a = entry(&doc, "area");
    assert_eq!(
        (
            a["black"].as_i64(),
            a["white"].as_i64(),
            a["winner"].as_str()
        ),
        (Some(24), Some(25), Some("white"))
    );
    let r = entry(&doc, "returned-heads");
    assert_eq!(
        (r["black"].as_i64(), r["white"].as_i64()),
        (Some(25), Some(24))
    );
    // 图七, 图八, 图九: stones 21/20, roads 2/1, roads 1/0.
    let e = entry(&doc, "equal-roads");
    assert_eq!(
        (e["black"].as_i64(), e["white"].as_i64()),
        (Some(21), Some(20))
    );
    let e = entry(&doc, "equal-stones");
    assert_eq!(
        (e["black"].as_i64(), e["white"].as_i64()),
        (Some(2), Some(1))
    );
    let e = entry(&doc, "equal-stones-refill");
    assert_eq!(
        (e["black"].as_i64(), e["white"].as_i64()),
        (Some(1), Some(0))
    );
    for m in [
        "living-stones",
        "equal-roads",
        "equal-stones",
        "equal-stones-refill",
        "returned-heads",
    ] {
        assert_eq!(entry(&doc, m)["winner"], "black", "{m}");
        assert_eq!(entry(&doc, m)["margin"], 1, "{m}");
    }
    // Text output names every method.
    let out = arbiter(&["go", "score", EXAMPLE]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("living-stones") && text.contains("Black wins by 1"),
        "{text}"
    );
}

#[test]
fn komi_versions_and_missing_information() {
    // Komi 1.5 to White turns the 1-stone win into a White win by 0.5 (half-points).
    let doc = json(&[
        "go",
        "score",
        EXAMPLE,
        "--method",
        "living-stones",
        "--komi",
        "1.5",
        "--json",
    ]);
    let l = entry(&doc, "living-stones");
    assert_eq!(
        (l["winner"].as_str(), l["margin"].as_f64()),
        (Some("white"), Some(0.5))
    );
    // Art version with White one move ahead: White gives half a stone to each side
    // (多下贴子), so Black leads by 2.
    let doc = json(&[
        "go",
        "score",
        EXAMPLE,
        "--method",
        "living-stones",
        "--living-stones-version",
        "art",
        "--moves",
        "21,22",
        "--json",
    ]);
    let l = entry(&doc, "living-stones");
    assert_eq!(
        (
            l["black"].as_f64(),
            l["white"].as_f64(),
            l["margin"].as_i64()
        ),
        (Some(22.5), Some(20.5), Some(2))
    );
    // A bare diagram has no prisoners or move counts: territory and refill say so.
    let path = tmp(
        "bare.txt",
        "7 ┌●┬●●○┐\n6 ├●●●○┼○\n5 ├┼●○○○○\n4 ●●●●○●○\n3 ○○○●●●●\n2 ○┼●○○●●\n1 └○○○○○●\n",
    );
    let doc = json(&["go", "score", &path, "--dead", "C2", "--json"]);
    assert!(
        entry(&doc, "territory")["unavailable"]
            .as_str()
            .unwrap()
            .contains("--captures")
    );
    assert!(entry(&doc, "territory")["black"].is_null());
    assert!(
        entry(&doc, "equal-stones-refill")["unavailable"]
            .as_str()
            .unwrap()
            .contains("--moves")
    );
    assert_eq!(entry(&doc, "living-stones")["black"], 22);
}

#[test]
fn sgf_input_with_auto_dead_stones() {
    // A 6x5 board: a black chain with eyes at A3, C3, A1, C1 and the region A5-B5-C5 holding
    // a white stone at C5; every point of that region touches Black, so Benson's test makes
    // it Black's pass-alive territory and C5 dead. The white wall on file E has one region
    // (file F), so Benson cannot prove it alive; the life search can: a straight five on the
    // edge makes two eyes whoever moves first (Black's best try, the middle F3, is answered
    // next to it), so nothing is left undecided.
    let sgf = "(;FF[4]GM[1]SZ[6:5]KM[0]\
        AB[da][ab][bb][cb][db][bc][dc][ad][bd][cd][dd][be][de]\
        AW[ca][ea][eb][ec][ed][ee])";
    let path = tmp("auto.sgf", sgf);
    let doc = json(&["go", "score", &path, "--dead", "auto", "--json"]);
    assert_eq!(doc["position"]["dead"], serde_json::json!(["C5"]));
    assert_eq!(doc["position"]["dead_source"], "auto");
    assert_eq!(doc["position"]["undecided"], serde_json::json!([]));
    assert_eq!(doc["position"]["undecided_reasons"], serde_json::json!([]));
    let area = entry(&doc, "area");
    // Black 13 stones + 7 empty points (C5 emptied), White 5 stones + file F.
    assert_eq!(
        (area["black"].as_i64(), area["white"].as_i64()),
        (Some(20), Some(10))
    );
    // The same with the dead stone given by hand, and SGF TB marks.
    let doc = json(&[
        "go", "score", &path, "--dead", "C5", "--method", "area", "--json",
    ]);
    assert_eq!(entry(&doc, "area")["black"], 20);
    let marked = tmp("marked.sgf", &sgf.replace(")", "TB[ca][aa][ba])"));
    let doc = json(&["go", "score", &marked, "--method", "area", "--json"]);
    assert_eq!(doc["position"]["dead"], serde_json::json!(["C5"]));
    assert_eq!(doc["position"]["dead_source"], "file");
}

#[test]
fn svg_is_written() {
    let out_path = common::scratch::path("explanation.svg");
    let o = out_path.to_string_lossy().into_owned();
    let out = arbiter(&["go", "score", EXAMPLE, "--svg", &o]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&out_path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("returned-heads made-up board"));
}

fn assert_bad_input(args: &[&str], needle: &str) {
    let out = arbiter(args);
    assert_eq!(out.status.code(), Some(2), "exit code for {args:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let out = arbiter(&with_json);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "bad_input");
}

#[test]
fn bad_input_is_named() {
    assert_bad_input(&["go", "score", "no/such/file.sgf"], "cannot read");
    assert_bad_input(
        &["go", "score", EXAMPLE, "--dead", "Z99"],
        "Z99 is not a point on the 7x7 board",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--dead", "A7"],
        "dead stones must be stones, but A7 is empty",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--method", "chinese-area"],
        "unknown method",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--komi", "7.3"],
        "not a whole or half number",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--living-stones-version", "poetry"],
        "unknown version",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--rules", "ing"],
        "unknown ruleset",
    );
    assert_bad_input(
        &[
            "go",
            "score",
            EXAMPLE,
            "--rules",
            "living-stones-art",
            "--living-stones-version",
            "law",
        ],
        "contradicts",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--captures", "1"],
        "expected two counts",
    );
    assert_bad_input(
        &["go", "score", EXAMPLE, "--first", "red"],
        "unknown colour",
    );
    let broken = tmp("broken.sgf", "(;FF[4]SZ[9]\n;B[aa];W[zz])");
    assert_bad_input(&["go", "score", &broken], "line 2");
    let truncated = tmp("truncated.sgf", "(;FF[4]SZ[9];B[a");
    assert_bad_input(
        &["go", "score", &truncated],
        "file ends inside a property value",
    );
    let ragged = tmp("ragged.txt", "X.O\nX.\n");
    assert_bad_input(&["go", "score", &ragged], "line 2");
    let airless = tmp("airless.txt", "XO.\nO..\n...\n");
    assert_bad_input(
        &["go", "score", &airless],
        "without liberties: black chain at A3",
    );
}

#[test]
fn rectangular_sgf_seki_with_one_eye_each() {
    // 8x6 (SZ[8:6]): a seki with one eye each on the top edge (Black B6 C6 A5-D5 with the eye
    // A6, White E6 F6 H6 E5-H5 with the eye G6, the shared liberty D6) above two groups that
    // live on nine points each. Hand count from 第二十七条/第二十八条: Black 13 stones +
    // 7 roads = 20, White 14 + 7 = 21. Area (shared point half each): 23.5 vs 24.5.
    // KataGo's group tax (specs/go.md §2.5): seki stones score, seki empty points do not,
    // independent units pay 2: 13 + 9 - 2 = 20, 14 + 9 - 2 = 21. Tromp-Taylor: D6 reaches
    // both colours: 23 vs 24.
    let sgf = tmp(
        "seki.sgf",
        "(;GM[1]FF[4]SZ[8:6]\
         AB[ba][ca][ab][bb][cb][db][ec][fc][gc][hc][ed][ee][ef]\
         AW[ea][fa][ha][eb][fb][gb][hb][ac][bc][cc][dc][dd][de][df])",
    );
    let doc = json(&["go", "score", &sgf, "--json"]);
    let pair = |m: &str| {
        let e = entry(&doc, m);
        (e["black"].as_f64(), e["white"].as_f64())
    };
    assert_eq!(pair("living-stones"), (Some(20.0), Some(21.0)));
    assert_eq!(pair("area"), (Some(23.5), Some(24.5)));
    assert_eq!(pair("group-tax"), (Some(20.0), Some(21.0)));
    assert_eq!(pair("tromp-taylor"), (Some(23.0), Some(24.0)));
    for m in ["living-stones", "area", "group-tax", "tromp-taylor"] {
        assert_eq!(entry(&doc, m)["winner"], "white", "{m}");
    }
}

/// Runs `--dead auto --json` on a diagram given as rows.
fn auto(name: &str, rows: &str, extra: &[&str]) -> serde_json::Value {
    let path = tmp(name, rows);
    let mut args = vec!["go", "score", path.as_str(), "--dead", "auto", "--json"];
    args.extend_from_slice(extra);
    json(&args)
}

#[test]
fn auto_marks_the_loser_of_an_unmarked_capturing_race() {
    // Walls with two eyes each (files a-b for Black, g-h for White). White D1-D3 has two
    // outside liberties (C3, C1), Black E1-E3 three (F1-F3), none shared: Black wins the race
    // whoever moves first (W F3, B C3, W F2, B C1 captures), so White's string is dead.
    // Left unmarked, the scorer would take it for a live unit; with `--dead auto` the area
    // count (Chinese rules: stones + territory, dame half each) is Black 8 stones + a3, a1,
    // c3, c1 and the emptied D file = 15, plus half of the dame F1-F3 = 16.5; White 4 stones
    // + 2 eyes + 1.5 = 7.5.
    let doc = auto(
        "race.txt",
        ".X.OX.O.\nXXXOX.OO\n.X.OX.O.\n",
        &["--method", "area"],
    );
    assert_eq!(
        doc["position"]["dead"],
        serde_json::json!(["D3", "D2", "D1"])
    );
    assert_eq!(doc["position"]["undecided"], serde_json::json!([]));
    let area = entry(&doc, "area");
    assert_eq!(
        (area["black"].as_f64(), area["white"].as_f64()),
        (Some(16.5), Some(7.5))
    );
    assert!(doc["position"]["life_search_nodes"].as_u64().unwrap() > 0);
}

#[test]
fn auto_leaves_an_even_race_undecided_with_its_reason() {
    // The same race with C2 empty: three outside liberties each, none shared, so whoever
    // moves first wins. Nothing is marked dead; both strings are listed with the reason.
    let doc = auto("even.txt", ".X.OX.O.\nXX.OX.OO\n.X.OX.O.\n", &[]);
    assert_eq!(doc["position"]["dead"], serde_json::json!([]));
    assert_eq!(
        doc["position"]["undecided"],
        serde_json::json!(["D3", "E3", "D2", "E2", "D1", "E1"])
    );
    let reasons = doc["position"]["undecided_reasons"].as_array().unwrap();
    assert_eq!(reasons.len(), 2);
    for r in reasons {
        assert!(
            r["reason"]
                .as_str()
                .unwrap()
                .contains("whoever moves first"),
            "{r}"
        );
    }
}

#[test]
fn auto_finds_seki_and_dead_shapes() {
    // Seki: White C1-C3 and Black D2+E1-E3 share D3 and D1 and have no other liberty;
    // whoever fills one is captured. Nothing is dead, the strings are listed as seki, and
    // area counts the two shared points half each: Black 8 + 2 eyes + 1 = 11, White 10.
    let doc = auto(
        "seki.txt",
        ".XO.XO.\nXXOXXOO\n.XO.XO.\n",
        &["--method", "area"],
    );
    assert_eq!(doc["position"]["dead"], serde_json::json!([]));
    assert_eq!(
        doc["position"]["seki"],
        serde_json::json!(["C3", "E3", "C2", "D2", "E2", "C1", "E1"])
    );
    let area = entry(&doc, "area");
    assert_eq!(
        (area["black"].as_f64(), area["white"].as_f64()),
        (Some(11.0), Some(10.0))
    );
    // A straight three whose vital point C4 Black already holds: the white group is dead
    // whoever moves first (it can never make two eyes), the black stone inside lives.
    let doc = auto("three.txt", "O.X.OX\nOOOOOX\nXXXXXX\n.X.X.X\n", &[]);
    assert_eq!(
        doc["position"]["dead"],
        serde_json::json!(["A4", "E4", "A3", "B3", "C3", "D3", "E3"])
    );
    // One eye against no eye: Black E-G with the eye F3 kills White C2-C3 (three liberties,
    // none an eye) whoever moves first.
    let doc = auto("eye.txt", ".XO.X.XO.\nXXO.XXXOO\n.X..XXXO.\n", &[]);
    assert_eq!(doc["position"]["dead"], serde_json::json!(["C3", "C2"]));
}

#[test]
fn auto_judges_a_ko_left_open_by_the_ruleset() {
    // White's D6 stands in atari at E6 between the two walls; Black taking it would stand in
    // atari in turn (the board of go-scoring's life_shapes ko test). Japanese Rules 1989,
    // article 7-2: in the confirmation a ko is retaken only after a pass, so D6 is dead;
    // Chinese rules settle kos by play, so the position alone keeps it.
    let rows = "...XO....\n...XO....\n...XO....\n..XO.O...\n...XO....\n...XO....\n...XO....\n...XO....\n...XO....\n";
    let japanese = auto("ko-j.txt", rows, &["--rules", "japanese"]);
    assert_eq!(japanese["position"]["dead"], serde_json::json!(["D6"]));
    let chinese = auto("ko-c.txt", rows, &["--rules", "chinese"]);
    assert_eq!(chinese["position"]["dead"], serde_json::json!([]));
}

#[test]
fn a_handicap_counted_from_setup_stones_is_said_beside_the_verdict() {
    // Two black setup stones, no HA, White to move first: read as a two-stone handicap
    // (go-scoring's SGF reader); the text says so right under the verdict, and --handicap
    // overrides it without the note.
    let path = tmp(
        "ha.sgf",
        "(;GM[1]FF[4]SZ[9]KM[0.5]AB[cc][gg];W[ee];B[ce];W[ec])",
    );
    let out = arbiter(&["go", "score", &path, "--rules", "chinese"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().contains("handicap 2"), "{text}");
    assert!(
        lines.next().unwrap().starts_with("no HA in the record"),
        "{text}"
    );
    let out = arbiter(&[
        "go",
        "score",
        &path,
        "--rules",
        "chinese",
        "--handicap",
        "0",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("no HA in the record"), "{text}");
}

#[test]
fn ultimate_position_of_the_explanation_figure() {
    // 第二十七条: after the dead c2 is removed, Black 19 stones + 3 roads and White 20 + 1;
    // the ideal final position keeps only the essential eyes (2 + 4) and holds 22 and 21
    // stones. No seki: it is an ultimate position.
    let doc = json(&[
        "go",
        "score",
        EXAMPLE,
        "--dead",
        "auto",
        "--ultimate",
        "--method",
        "living-stones",
        "--json",
    ]);
    let u = &doc["ultimate"];
    assert_eq!(
        (u["black"].as_u64(), u["white"].as_u64()),
        (Some(22), Some(21))
    );
    assert_eq!(u["empty"], 6);
    assert_eq!(u["is_ultimate"], true);
    assert_eq!(u["matches_count"], true);
    assert!(u["board"].as_str().unwrap().contains('●'));
    // the text form draws it too
    let out = arbiter(&["go", "score", EXAMPLE, "--ultimate", "--dead", "C2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("ideal final position"), "{text}");
    assert!(text.contains("Black 22 stones, White 21 stones"), "{text}");
    // a seki has none in seed 003's sense; the filled board still matches the count
    let path = tmp("seki-u.txt", ".XO.XO.\nXXOXXOO\n.XO.XO.\n");
    let doc = json(&["go", "score", &path, "--ultimate", "--json"]);
    assert_eq!(doc["ultimate"]["is_ultimate"], false);
    assert_eq!(doc["ultimate"]["matches_count"], true);
    // without the flag there is no such field (the contract's shape is unchanged)
    let doc = json(&["go", "score", EXAMPLE, "--json"]);
    assert!(doc.get("ultimate").is_none());
}

/// A finished 9×9 game that Benson's test leaves wholly open (its territories have points
/// away from the walls): White owns rows 8-9 behind row 7, Black rows 1-5 behind rows 6 and 4.
const FINISHED_NINE: &str = "..O...O..\n.O..X..O.\nOOOOOOOOO\nXXXXXXXXX\n....O....\nXXXXXXXXX\n.........\n.........\n.........\n";

#[test]
fn auto_decides_a_finished_nine_by_nine_game_locally_and_says_so() {
    // Read by hand: Black E8 alone among White's stones on rows 8-9 and White E5 in the
    // one-row tunnel between Black's walls cannot make two eyes: dead. Area count (stones +
    // territory, Chinese rules): Black 18 stones + rows 1-3 (27) + row 5 (9) = 54; White 13
    // stones + the 14 other points of rows 8-9 = 27; 54 + 27 = 81.
    let doc = auto("nine.txt", FINISHED_NINE, &["--method", "area"]);
    assert_eq!(doc["position"]["dead"], serde_json::json!(["E8", "E5"]));
    assert_eq!(doc["position"]["undecided"], serde_json::json!([]));
    let area = entry(&doc, "area");
    assert_eq!(
        (area["black"].as_f64(), area["white"].as_f64()),
        (Some(54.0), Some(27.0))
    );
    // nothing here is proved: every verdict names its assumption
    let verdicts = doc["position"]["life_verdicts"].as_array().unwrap();
    assert!(!verdicts.is_empty());
    for v in verdicts {
        assert_eq!(v["basis"], "local", "{v}");
        assert!(
            v["assumption"].as_str().unwrap().contains("assuming"),
            "{v}"
        );
    }
    let e5 = verdicts.iter().find(|v| v["stones"][0] == "E5").unwrap();
    assert_eq!(e5["status"], "dead");
    assert_eq!(
        doc["position"]["decided_locally"].as_array().unwrap().len(),
        18 + 13 + 2
    );
    // the text output warns
    let path = tmp("nine_text.txt", FINISHED_NINE);
    let out = arbiter(&["go", "score", &path, "--dead", "auto", "--method", "area"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("warning: 33 stone(s) decided locally, assuming the stones around them live"),
        "{text}"
    );
}

#[test]
fn auto_marks_small_region_verdicts_as_proved() {
    // The race of `auto_marks_the_loser_of_an_unmarked_capturing_race` is a whole open
    // region searched without assumption: its verdicts are proved.
    let doc = auto("race2.txt", ".X.OX.O.\nXXXOX.OO\n.X.OX.O.\n", &[]);
    for v in doc["position"]["life_verdicts"].as_array().unwrap() {
        assert_eq!(v["basis"], "proved", "{v}");
    }
    assert_eq!(doc["position"]["decided_locally"], serde_json::json!([]));
}

#[test]
fn auto_finds_a_seki_in_a_finished_nine_by_nine_game() {
    // Read by hand: White D6-D9+E6 and Black E8+F6-F9 share their only liberties E9 and E7:
    // seki. Area count (stones + territory, shared seki points half each): Black 18 stones +
    // A6-B9 (8) + A1-D4 (16) + 1 = 43; White 17 stones + H6-J9 (8) + G1-J4 (12) + 1 = 38.
    let rows = "..XO.XO..\n..XOXXO..\n..XO.XO..\n..XOOXO..\nXXXXXOOOO\n....XO...\n....XO...\n....XO...\n....XO...\n";
    let doc = auto("seki9.txt", rows, &["--method", "area"]);
    assert_eq!(doc["position"]["dead"], serde_json::json!([]));
    assert_eq!(doc["position"]["undecided"], serde_json::json!([]));
    assert_eq!(doc["position"]["seki"].as_array().unwrap().len(), 10);
    let area = entry(&doc, "area");
    assert_eq!(
        (area["black"].as_f64(), area["white"].as_f64()),
        (Some(43.0), Some(38.0))
    );
}

#[test]
fn a_komi_written_in_stones_is_read_as_points_with_a_note() {
    // Fox and Golaxy write 3¾ stones as KM[375]; a stone is two points (Chinese rules 2002,
    // 3¾ 子 = 7.5 points), so the count is against 7.5 and the text says how it was read.
    let f = tmp("km375.sgf", "(;GM[1]FF[4]SZ[5]KM[375];B[cc];W[dd])");
    let out = common::arbiter(&["go", "score", &f, "--method", "area"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(", komi 7.5,"), "{text}");
    assert!(
        text.contains("note: KM[375] read as 3.75 stones = 7.5 points"),
        "{text}"
    );
    // A komi given on the command line is the user's own reading: no note.
    let out = common::arbiter(&["go", "score", &f, "--method", "area", "--komi", "6.5"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("note: KM"));
    // The JSON keeps the note as a field, and the komi is a number.
    let doc = json(&["go", "score", &f, "--method", "area", "--json"]);
    assert_eq!(doc["komi"], 7.5);
    assert!(
        doc["komi_note"]
            .as_str()
            .unwrap()
            .contains("3.75 stones = 7.5 points")
    );
}

/// The verdict line comes first: the explanation figure (第二十七条: Black 19 + 3 = 22, White
/// 20 + 1 = 21 by living stones) under the document's law version is B+1; the area count of the
/// same board (Black 24, White 25) gives White the game under chinese with komi 0.
#[test]
fn the_output_starts_with_one_verdict_and_a_short_table() {
    let out = arbiter(&["go", "score", EXAMPLE, "--rules", "living-stones-law"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("B+1 (living-stones-law, komi 0)"),
        "{text}"
    );
    assert!(
        text.contains("area                      24      25  W+1"),
        "{text}"
    );
    let doc = json(&["go", "score", EXAMPLE, "--json"]);
    assert_eq!(doc["verdict"]["ruleset"], "chinese");
    assert_eq!(doc["verdict"]["result"], "W+1");
    assert_eq!(doc["winner"], "white");
    assert_eq!(doc["komi"], 0);
    assert_eq!(doc["certain"], true);
    // --rules gives the komi when the input has none (KataGo's chinese preset: 7.5)
    let doc = json(&["go", "score", EXAMPLE, "--rules", "chinese", "--json"]);
    assert_eq!(doc["komi"], 7.5);
    assert_eq!(doc["verdict"]["result"], "W+8.5");
    assert!(
        doc["komi_note"]
            .as_str()
            .unwrap()
            .contains("chinese default")
    );
}

/// Territory rulesets count prisoners: without them the verdict says what is missing.
#[test]
fn a_ruleset_that_cannot_count_says_why() {
    let path = tmp(
        "bare-japanese.txt",
        "7 ┌●┬●●○┐\n6 ├●●●○┼○\n5 ├┼●○○○○\n4 ●●●●○●○\n3 ○○○●●●●\n2 ○┼●○○●●\n1 └○○○○○●\n",
    );
    let out = arbiter(&["go", "score", &path, "--rules", "japanese"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("no verdict (japanese, komi 6.5)"),
        "{text}"
    );
    assert!(
        text.lines().next().unwrap().contains("--captures"),
        "{text}"
    );
}

/// Handicap compensation (KataGo's presets, specs/go.md §2.3): Chinese gives White one point
/// per handicap stone, AGA one less, Japanese none. The explanation figure is W+1 by area
/// with komi 0; with 4 handicap stones Chinese makes it W+5, AGA W+4.
#[test]
fn handicap_compensation_per_ruleset() {
    let lead = |rules: &str| {
        let doc = json(&[
            "go",
            "score",
            EXAMPLE,
            "--rules",
            rules,
            "--komi",
            "0",
            "--handicap",
            "4",
            "--json",
        ]);
        doc["verdict"]["result"].as_str().map(str::to_string)
    };
    assert_eq!(lead("chinese").as_deref(), Some("W+5"));
    assert_eq!(lead("aga").as_deref(), Some("W+4"));
    let out = arbiter(&[
        "go",
        "score",
        EXAMPLE,
        "--rules",
        "chinese",
        "--komi",
        "0",
        "--handicap",
        "4",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("W+5 (chinese, komi 0, handicap 4 (White +4))"),
        "{text}"
    );
}

/// A doubtful stone that decides the game: 7x4, Black's area A-C holds a white stone at B4
/// with two liberties, which the dead-stone finder cannot settle by reading alone. Whatever it
/// says, the text's first lines and the JSON must not hide that B4 decides the game (area,
/// komi 0.5: B4 dead B+7.5, alive W+5.5), and --strict fails with exit code 3.
#[test]
fn doubt_is_never_silent_and_strict_fails_with_exit_code_3() {
    let path = tmp(
        "doubt.txt",
        "komi: 0.5\n4 ┌○┬●┬○┐\n3 ├┼┼●┼○┤\n2 ├┼┼●┼○┤\n1 └┴┴●┴○┘\n",
    );
    let doc = json(&["go", "score", &path, "--dead", "auto", "--json"]);
    let doubtful = doc["doubtful_stones"].as_array().unwrap().clone();
    if !doubtful.contains(&serde_json::json!("B4")) {
        // the finder proved B4's fate: the verdict may then be certain
        return;
    }
    // B4 alone spans W+5.5 to B+7.5; the other doubtful stones can only widen the range
    assert_eq!(doc["certain"], false, "{doc}");
    assert!(doc["lead_range"]["worst_for_black"].as_f64().unwrap() <= -5.5);
    assert!(doc["lead_range"]["best_for_black"].as_f64().unwrap() >= 7.5);
    let out = arbiter(&["go", "score", &path, "--dead", "auto"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .starts_with("UNCERTAIN: the winner could change"),
        "{text}"
    );
    let out = arbiter(&["go", "score", &path, "--dead", "auto", "--strict"]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("undecided") && stderr.contains("B4"),
        "{stderr}"
    );
}

/// The scored SGF keeps the moves and names the dead stones, the result and the ruleset; read
/// back, it gives the same count (SGF FF[4]: TB/TW territory with the dead stones inside).
#[test]
fn write_sgf_writes_a_record_that_scores_the_same() {
    let sgf = tmp(
        "game.sgf",
        "(;GM[1]FF[4]SZ[7:4]KM[0.5];B[da];W[fa];B[db];W[fb];B[dc];W[fc];B[dd];W[fd];B[];W[ba];B[];W[])",
    );
    let out_path = tmp("scored.sgf", "");
    let doc = json(&[
        "go",
        "score",
        &sgf,
        "--dead",
        "B4",
        "--rules",
        "chinese",
        "--write-sgf",
        &out_path,
        "--json",
    ]);
    assert_eq!(doc["verdict"]["result"], "B+7.5");
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert!(
        written.contains("RE[B+7.5]") && written.contains("RU[Chinese]"),
        "{written}"
    );
    assert!(written.contains(";W[ba]"), "moves kept: {written}");
    let again = json(&["go", "score", &out_path, "--json"]);
    assert_eq!(again["position"]["dead"], serde_json::json!(["B4"]));
    assert_eq!(again["position"]["dead_source"], "file");
    assert_eq!(again["verdict"]["result"], "B+7.5");
    assert_eq!(again["record"]["agreement"], "agrees");
    assert_eq!(again["verdict"]["ruleset"], "chinese", "RU read back");
}

#[test]
fn a_collection_scores_the_game_asked_for_and_names_the_others() {
    // FF[4] allows several game trees in one file (a collection); only one is scored, so
    // the others must be named, never silently passed over.
    // Game 1: a 2x2 board, one black stone (Black owns the board by area: B+4).
    // Game 2: the same board with one white stone (W+4).
    let file = tmp(
        "collection.sgf",
        "(;GM[1]FF[4]SZ[2]KM[0]AB[aa])(;GM[1]FF[4]SZ[2]KM[0]AW[aa])",
    );
    let out = arbiter(&["go", "score", &file, "--rules", "chinese", "--json"]);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["winner"], "black", "{doc}");
    let warnings = doc["warnings"].to_string();
    assert!(warnings.contains("2 games"), "{warnings}");
    let doc = json(&[
        "go", "score", &file, "--rules", "chinese", "--game", "2", "--json",
    ]);
    assert_eq!(doc["winner"], "white", "{doc}");
    let out = arbiter(&["go", "score", &file, "--game", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 3"));
}

/// A diagram given through a pipe (`arbiter go score /dev/stdin < board.txt`, a shell's
/// `<(…)`) is read once: its text is what a file with the same bytes gives. Before, a file
/// that was not SGF was read a second time, and a pipe then had nothing left to give.
#[cfg(unix)]
#[test]
fn a_diagram_through_a_pipe_scores_as_the_file_does() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let file = "examples/go/explanation.txt";
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let expected = arbiter(&["go", "score", file]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["go", "score", "/dev/stdin"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let bytes = std::fs::read(std::path::Path::new(root).join(file)).unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, expected.stdout);
}
