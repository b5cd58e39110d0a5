//! The scored SGF record: written with the territory, the dead stones, `RE`, `RU` and `KM`,
//! and read back by the crate's own parser with the same game and the same dead stones.
//!
//! Expectations: SGF FF[4] (red-bean.com/sgf): `TB`/`TW` list each colour's territory, and a
//! stone inside the other colour's territory is a dead stone (the convention `sgf::read_game`
//! reads and sgfmill keeps); property values escape `]` and `\`; `RE` is `B+3.5` style; `RU`
//! names the rules (FF[4] lists `AGA`, `Japanese`, `NZ`, `GOE`).

use go_scoring::analysis::Analysis;
use go_scoring::score::Params;
use go_scoring::sgf::{parse_collection, read_game, read_game_number};
use go_scoring::sgf_write::{ScoreMarks, WriteError, territory, write_scored, write_scored_game};
use go_scoring::{Komi, Rules, Ruleset, RulesetName, judge, text};

/// 7x4 with moves: Black's wall on D, White's on F; White's stone at B4 is dead inside Black's
/// area. A comment with `]` and `\` and a variation must survive.
const GAME: &str = "(;GM[1]FF[4]SZ[7:4]KM[0.5]C[a comment with \\] and \\\\ inside]\
    ;B[da];W[fa];B[db];W[fb];B[dc];W[fc];B[dd];W[fd];B[];W[ba]\
    (;B[];W[])(;B[aa]C[a variation]))";

#[test]
fn the_scored_record_reads_back_with_its_dead_stones_result_and_rules() {
    let game = read_game(GAME, Rules::CHINESE).unwrap();
    let b4 = game.position.topology().parse_point("B4").unwrap().0;
    let analysis = Analysis::new(&game.position, &[b4]).unwrap();
    let ruleset = Ruleset::of(RulesetName::Chinese);
    let params = Params {
        komi: Komi(1),
        ..Params::default()
    };
    let verdict = judge(&analysis, &ruleset, &params, 0).unwrap();
    // area with B4 dead: Black 4 stones + 12 points, White 4 + 4; column E is dame
    assert_eq!(verdict.result_text(), "B+7.5");
    let marks = ScoreMarks {
        territory: territory(&analysis, &ruleset),
        result: verdict.result_text(),
        ruleset: ruleset.name.sgf_name().to_string(),
        komi: params.komi,
    };
    assert_eq!(marks.territory.black.len(), 12, "A-C, B4 included");
    assert_eq!(marks.territory.white.len(), 4, "column G");
    let written = write_scored(Some(GAME), &game.position, &marks).unwrap();
    let again = read_game(&written, Rules::CHINESE).unwrap();
    assert_eq!(again.dead, vec![b4], "{written}");
    assert_eq!(again.result.as_deref(), Some("B+7.5"));
    assert_eq!(again.rules_text.as_deref(), Some("Chinese"));
    assert_eq!(again.komi, Some(Komi(1)));
    assert_eq!(again.position, game.position);
    assert_eq!(again.moves, game.moves);
    assert_eq!(again.move_count, game.move_count);
    // the whole tree is kept: the root comment (escapes undone the same way) and the
    // second variation
    let before = parse_collection(GAME).unwrap();
    let after = parse_collection(&written).unwrap();
    assert_eq!(after[0].variations.len(), 2);
    assert_eq!(
        after[0].nodes[0].get("C").unwrap().values,
        before[0].nodes[0].get("C").unwrap().values
    );
    // (offsets differ: compare identifiers and values)
    let props = |t: &go_scoring::sgf::GameTree| -> Vec<(String, Vec<String>)> {
        t.nodes
            .iter()
            .flat_map(|n| &n.properties)
            .map(|p| (p.ident.clone(), p.values.clone()))
            .collect()
    };
    assert_eq!(
        props(&after[0].variations[1]),
        props(&before[0].variations[1])
    );
}

#[test]
fn a_diagram_becomes_a_setup_record() {
    let d = text::parse(".O.X.O.\n...X.O.\n...X.O.\n...X.O.\n").unwrap();
    let analysis = Analysis::new(&d.position, &[1]).unwrap();
    let ruleset = Ruleset::of(RulesetName::Japanese);
    let marks = ScoreMarks {
        territory: territory(&analysis, &ruleset),
        result: "B+5.5".to_string(),
        ruleset: ruleset.name.sgf_name().to_string(),
        komi: Komi(13),
    };
    let written = write_scored(None, &d.position, &marks).unwrap();
    let again = read_game(&written, Rules::JAPANESE).unwrap();
    assert_eq!(again.position, d.position);
    assert_eq!(again.dead, vec![1]);
    assert_eq!(again.rules_text.as_deref(), Some("Japanese"));
    assert_eq!(again.move_count, 0);
}

#[test]
fn a_recorded_result_the_count_replaces_is_kept_in_the_game_comment() {
    let record = "(;GM[1]FF[4]SZ[7:4]RE[W+5.5]GC[played online];B[da];W[fa])";
    let game = read_game(record, Rules::CHINESE).unwrap();
    let analysis = Analysis::new(&game.position, &[]).unwrap();
    let ruleset = Ruleset::of(RulesetName::Chinese);
    let marks = ScoreMarks {
        territory: territory(&analysis, &ruleset),
        result: "B+0.5".to_string(),
        ruleset: "Chinese".to_string(),
        komi: Komi(1),
    };
    let written = write_scored(Some(record), &game.position, &marks).unwrap();
    let root = &parse_collection(&written).unwrap()[0].nodes[0];
    assert_eq!(root.get("RE").unwrap().values, vec!["B+0.5"]);
    let gc = &root.get("GC").unwrap().values[0];
    assert!(
        gc.starts_with("played online\n") && gc.contains("RE[W+5.5] as recorded"),
        "{gc}"
    );
}

#[test]
fn the_scored_game_of_a_collection_is_the_one_read_and_the_others_stay_as_they_were() {
    // An FF[4] collection: the marks go on the game that was scored, the first game is
    // written back unchanged, and a game past the end is a typed error.
    let first = "(;GM[1]FF[4]SZ[2]AB[aa])";
    let collection = format!("{first}{GAME}");
    let game = read_game_number(&collection, Rules::CHINESE, 2).unwrap();
    let b4 = game.position.topology().parse_point("B4").unwrap().0;
    let analysis = Analysis::new(&game.position, &[b4]).unwrap();
    let ruleset = Ruleset::of(RulesetName::Chinese);
    let marks = ScoreMarks {
        territory: territory(&analysis, &ruleset),
        result: "B+7.5".to_string(),
        ruleset: ruleset.name.sgf_name().to_string(),
        komi: Komi(1),
    };
    let written = write_scored_game(Some(&collection), 2, &game.position, &marks).unwrap();
    let again = read_game_number(&written, Rules::CHINESE, 2).unwrap();
    assert_eq!(again.dead, vec![b4], "{written}");
    assert_eq!(again.result.as_deref(), Some("B+7.5"));
    let untouched = read_game_number(&written, Rules::CHINESE, 1).unwrap();
    assert_eq!(untouched.result, None, "{written}");
    assert!(untouched.dead.is_empty());
    assert_eq!(
        write_scored_game(Some(&collection), 3, &game.position, &marks),
        Err(WriteError::NoSuchGame {
            number: 3,
            count: 2
        })
    );
}

/// 6x6: Black's wall on C has a gap at C3, White's wall stands on D; the record stops there
/// (both pass). The closing step (tests/closing.rs, first case: the Japanese Rules of Go
/// 1989, article 8 and the commentary to article 9) has Black play the teire B3 against
/// White's fill of C3, which stays a dame.
const OPEN_GAP: &str = "(;GM[1]FF[4]SZ[6]KM[0]C[root comment]\
    ;B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[ce];W[dd];B[cf];W[de];B[];W[df]\
    ;B[]C[both passed];W[])";

fn closed_marks(
    position: &go_scoring::Position,
) -> (ScoreMarks, go_scoring::analysis::close::Closing) {
    let open = Analysis::new(position, &[]).unwrap();
    let closing = go_scoring::analysis::close::close(&open);
    let closed = closing.analysis(&[]).unwrap();
    let ruleset = Ruleset::of(RulesetName::Japanese);
    let params = Params {
        captures: Some(go_scoring::PerColor::new(0, 0)),
        ..Params::default()
    };
    let verdict = judge(&closed, &ruleset, &params, 0).unwrap();
    let marks = ScoreMarks {
        territory: territory(&closed, &ruleset),
        result: verdict.result_text(),
        ruleset: ruleset.name.sgf_name().to_string(),
        komi: Komi(0),
    };
    (marks, closing)
}

/// Every property of every node of the first game, as (identifier, values).
fn all_properties(sgf: &str) -> Vec<(String, Vec<String>)> {
    fn walk(t: &go_scoring::sgf::GameTree, out: &mut Vec<(String, Vec<String>)>) {
        for p in t.nodes.iter().flat_map(|n| &n.properties) {
            out.push((p.ident.clone(), p.values.clone()));
        }
        for v in &t.variations {
            walk(v, out);
        }
    }
    let mut out = Vec::new();
    walk(&parse_collection(sgf).unwrap()[0], &mut out);
    out
}

#[test]
fn the_closing_stones_are_not_written_as_moves_and_a_comment_says_what_was_played() {
    let game = read_game(OPEN_GAP, Rules::JAPANESE).unwrap();
    let (marks, closing) = closed_marks(&game.position);
    let b3 = game.position.topology().parse_point("B3").unwrap().0;
    assert_eq!(
        closing.fills.iter().map(|f| f.point).collect::<Vec<_>>(),
        vec![b3]
    );
    // the closed count's territory: columns A and B less the teire at B3 (article 8: C3 is
    // dame), White's columns E and F
    assert_eq!(marks.territory.black.len(), 11);
    assert!(!marks.territory.black.contains(&b3));
    assert_eq!(marks.territory.white.len(), 12);
    let written = go_scoring::sgf_write::write_closed_game(
        Some(OPEN_GAP),
        1,
        &game.position,
        &marks,
        Some(&closing),
    )
    .unwrap();
    // the game as played: same moves, same final position, B3 ("bd") nowhere as a move or
    // setup stone
    let again = read_game(&written, Rules::JAPANESE).unwrap();
    assert_eq!(again.position, game.position, "{written}");
    assert_eq!(again.moves, game.moves);
    assert_eq!(again.move_count, game.move_count);
    assert!(again.dead.is_empty());
    let properties = all_properties(&written);
    for (ident, values) in &properties {
        if ["B", "W", "AB", "AW"].contains(&ident.as_str()) {
            assert!(!values.contains(&"bd".to_string()), "{ident} {values:?}");
        }
    }
    // the comment on the last node keeps what was there and tells what the closing played
    let trees = parse_collection(&written).unwrap();
    let last = trees[0].nodes.last().unwrap();
    let comment = &last.get("C").unwrap().values[0];
    assert_eq!(
        comment,
        "Closed before the count (stones not played in the game): Black B3 (teire-unsealed); dame left: C3",
    );
    assert_eq!(last.get("TB").unwrap().values.len(), 11);
    let root_comment = &trees[0].nodes[0].get("C").unwrap().values;
    assert_eq!(root_comment, &vec!["root comment".to_string()]);
    let before_last = &trees[0].nodes[trees[0].nodes.len() - 2];
    assert_eq!(
        before_last.get("C").unwrap().values,
        vec!["both passed".to_string()]
    );
    // scored again, the record keeps one closing comment, not two
    let twice = go_scoring::sgf_write::write_closed_game(
        Some(&written),
        1,
        &game.position,
        &marks,
        Some(&closing),
    )
    .unwrap();
    let trees = parse_collection(&twice).unwrap();
    let last = trees[0].nodes.last().unwrap();
    assert_eq!(&last.get("C").unwrap().values[0], comment, "{twice}");
}

#[test]
fn a_comment_already_on_the_last_node_is_kept_above_the_closing_line() {
    let record = OPEN_GAP.replace(";W[])", ";W[]C[last words])");
    let game = read_game(&record, Rules::JAPANESE).unwrap();
    let (marks, closing) = closed_marks(&game.position);
    let written = go_scoring::sgf_write::write_closed_game(
        Some(&record),
        1,
        &game.position,
        &marks,
        Some(&closing),
    )
    .unwrap();
    let trees = parse_collection(&written).unwrap();
    let comment = &trees[0].nodes.last().unwrap().get("C").unwrap().values[0];
    assert!(
        comment.starts_with("last words\nClosed before the count") && comment.contains("B3"),
        "{comment}"
    );
    // without a closing, no comment is added
    let plain = write_scored(Some(OPEN_GAP), &game.position, &marks).unwrap();
    let last = parse_collection(&plain).unwrap()[0]
        .nodes
        .last()
        .unwrap()
        .clone();
    assert!(last.get("C").is_none(), "{plain}");
}
