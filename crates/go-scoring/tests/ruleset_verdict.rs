//! One verdict per named ruleset: KataGo's seki and tax semantics, handicap compensation, the
//! range of the lead when stones are doubtful, and the comparison with a record's `RE`.
//!
//! Expectations are counted by hand from the rule texts: KataGo's rules (reference digest
//! specs/go.md §2.3 presets, §2.4 definitions, §2.5 implemented semantics: an area is seki when
//! a chain of it is in atari or it touches a dame; seki empty points score for nobody; tax=ALL
//! takes a flat 2 per independent-life region), the Chinese rules 2002 (shared points half
//! each), and the SGF FF[4] `RE` syntax.

use go_scoring::analysis::Analysis;
use go_scoring::score::{HalfPoints, Params};
use go_scoring::verdict::{Agreement, RecordedResult, judge, lead_range, result_text};
use go_scoring::{Color, Komi, PerColor, Position, Ruleset, RulesetName, text};

fn diagram(rows: &str) -> Position {
    text::parse(rows).unwrap().position
}

fn lead(position: &Position, dead: &[u16], rules: RulesetName, params: &Params) -> i64 {
    let analysis = Analysis::new(position, dead).unwrap();
    judge(&analysis, &Ruleset::of(rules), params, 0)
        .unwrap()
        .black_lead()
        .0
}

fn counts(position: &Position, rules: RulesetName, params: &Params) -> (i64, i64) {
    let analysis = Analysis::new(position, &[]).unwrap();
    let v = judge(&analysis, &Ruleset::of(rules), params, 0).unwrap();
    (v.black.0 / 2, v.white.0 / 2)
}

#[test]
fn one_eyed_seki_scores_only_its_stones_under_katago_taxes() {
    // The 8x6 seki with one eye each of `cli_go.rs` (Black B6 C6 A5-D5 with the eye A6, White
    // E6 F6 H6 E5-H5 with the eye G6, the shared liberty D6), above two groups living on nine
    // points each.
    let game = go_scoring::sgf::read_game(
        "(;GM[1]FF[4]SZ[8:6]\
         AB[ba][ca][ab][bb][cb][db][ec][fc][gc][hc][ed][ee][ef]\
         AW[ea][fa][ha][eb][fb][gb][hb][ac][bc][cc][dc][dd][de][df])",
        go_scoring::Rules::CHINESE,
    )
    .unwrap();
    let p = game.position;
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    // tax=ALL (stone-scoring): seki stones score, seki eyes do not, the lower groups (one
    // independent-life region each) pay 2: 13 + 9 - 2 = 20, 14 + 9 - 2 = 21
    assert_eq!(counts(&p, RulesetName::StoneScoring, &params), (20, 21));
    // tax=NONE area (chinese): stones plus regions one colour borders, D6 nobody's:
    // 13 + 9 + A6 = 23, 14 + 9 + G6 = 24
    assert_eq!(counts(&p, RulesetName::Chinese, &params), (23, 24));
    // territory with tax=SEKI (japanese): 9 each, no prisoners; ancient territory: 9 - 2
    assert_eq!(counts(&p, RulesetName::Japanese, &params), (9, 9));
    assert_eq!(counts(&p, RulesetName::AncientTerritory, &params), (7, 7));
    let analysis = Analysis::new(&p, &[]).unwrap();
    let life = go_scoring::score::independent_life(&analysis);
    assert_eq!(life.seki_areas().count(), 2, "{:?}", life.areas);
}

#[test]
fn a_chain_in_atari_makes_its_area_seki() {
    // 1x4 `.XO.`: each stone has one liberty, its own point: for KataGo both areas are seki
    // (§2.5 (a)), so stone scoring and Japanese count the stones only / nothing.
    let p = diagram(".XO.\n");
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    assert_eq!(counts(&p, RulesetName::StoneScoring, &params), (1, 1));
    assert_eq!(counts(&p, RulesetName::Japanese, &params), (0, 0));
    // tax=NONE gives each its own empty point: 2 each
    assert_eq!(counts(&p, RulesetName::Chinese, &params), (2, 2));
    let analysis = Analysis::new(&p, &[]).unwrap();
    let v = judge(
        &analysis,
        &Ruleset::of(RulesetName::StoneScoring),
        &params,
        0,
    )
    .unwrap();
    assert!(
        v.notes.iter().any(|n| n.contains("in atari")),
        "{:?}",
        v.notes
    );
}

/// 5x5: Black owns column A and lives on column B, White on D and E; column C is dame either
/// side can fill.
const DAME_BOARD: &str = ".X.O.\nXX.OO\n.X.O.\nXX.OO\n.X.O.\n";

#[test]
fn fillable_dame_are_taken_as_filled_and_make_no_seki() {
    // After the cleanup the dame column is filled, so neither group touches a dame: each is
    // one independent-life region with 3 one-point eyes and 7 stones.
    let p = diagram(DAME_BOARD);
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    assert_eq!(counts(&p, RulesetName::StoneScoring, &params), (8, 8));
    assert_eq!(counts(&p, RulesetName::Japanese, &params), (3, 3));
    assert_eq!(counts(&p, RulesetName::Chinese, &params), (10, 10));
    let analysis = Analysis::new(&p, &[]).unwrap();
    let v = judge(&analysis, &Ruleset::of(RulesetName::Japanese), &params, 0).unwrap();
    assert!(
        v.notes.iter().any(|n| n.contains("5 dame taken as filled")),
        "{:?}",
        v.notes
    );
}

#[test]
fn territory_rulesets_need_the_captures() {
    let p = diagram(DAME_BOARD);
    let analysis = Analysis::new(&p, &[]).unwrap();
    let e = judge(
        &analysis,
        &Ruleset::of(RulesetName::Japanese),
        &Params::default(),
        0,
    )
    .unwrap_err();
    assert!(e.reason.contains("--captures"), "{}", e.reason);
}

#[test]
fn handicap_compensation_follows_the_ruleset() {
    // KataGo's whiteHandicapBonusRule (§2.3): chinese N, aga N-1, japanese 0.
    let p = diagram(DAME_BOARD);
    let analysis = Analysis::new(&p, &[]).unwrap();
    let params = Params {
        komi: Komi(1),
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    let lead = |name| {
        judge(&analysis, &Ruleset::of(name), &params, 4)
            .unwrap()
            .black_lead()
    };
    assert_eq!(lead(RulesetName::Chinese), HalfPoints(-1 - 8));
    assert_eq!(lead(RulesetName::Aga), HalfPoints(-1 - 6));
    assert_eq!(lead(RulesetName::Japanese), HalfPoints(-1));
    assert_eq!(result_text(lead(RulesetName::Chinese)), "W+4.5");
}

#[test]
fn a_doubtful_stone_that_decides_the_game_makes_the_verdict_uncertain() {
    // 7x4: Black lives on column D with A-C (12 points) as territory, White on F with G; E is
    // dame. A white stone stands at B4 inside Black's area.
    // B4 dead (area, shared half each): Black 4 + 12 + 2 = 18, White 4 + 4 + 2 = 10: B+7.5
    // with komi 0.5. B4 alive: A-C's other 11 points border both colours: Black
    // 4 + (11 + 4) / 2 = 11.5, White 5 + 4 + 7.5 = 16.5: W+5.5.
    let p = diagram(".O.X.O.\n...X.O.\n...X.O.\n...X.O.\n");
    let params = Params {
        komi: Komi(1),
        ..Params::default()
    };
    let chinese = Ruleset::of(RulesetName::Chinese);
    assert_eq!(lead(&p, &[1], RulesetName::Chinese, &params), 15);
    assert_eq!(lead(&p, &[], RulesetName::Chinese, &params), -11);
    let range = lead_range(&p, &[], &[1], &chinese, &params, 0).unwrap();
    assert_eq!(
        (range.worst_for_black, range.best_for_black),
        (HalfPoints(-11), HalfPoints(15))
    );
    assert!(!range.certain);
    // with a komi of 20.5 White wins either way: certain
    let params = Params {
        komi: Komi(41),
        ..params
    };
    assert!(
        lead_range(&p, &[1], &[1], &chinese, &params, 0)
            .unwrap()
            .certain
    );
}

#[test]
fn recorded_results_are_read_and_compared() {
    // SGF FF[4] RE: "B+3.5", "W+R"/"W+Resign", "B+T", "0"/"Draw", "Void", "?"
    let b35 = RecordedResult::parse("B+3.5");
    assert_eq!(
        b35,
        RecordedResult::Score {
            winner: Color::Black,
            margin: HalfPoints(7)
        }
    );
    assert_eq!(b35.compare(HalfPoints(7)), Agreement::Agrees);
    assert_eq!(b35.compare(HalfPoints(3)), Agreement::WinnerOnly);
    assert_eq!(b35.compare(HalfPoints(-1)), Agreement::Disagrees);
    assert_eq!(
        RecordedResult::parse("W+Resign").compare(HalfPoints(-5)),
        Agreement::WinnerOnly
    );
    assert_eq!(
        RecordedResult::parse("0").compare(HalfPoints(0)),
        Agreement::Agrees
    );
    assert_eq!(
        RecordedResult::parse("Void").compare(HalfPoints(3)),
        Agreement::NotComparable
    );
    assert_eq!(
        RecordedResult::parse("?").compare(HalfPoints(3)),
        Agreement::NotComparable
    );
}

#[test]
fn living_stones_rulesets_count_with_the_documents_method_and_version() {
    // the document's rulesets take their version from the name: art needs the moves
    // (多下贴子), law does not
    let p = diagram(DAME_BOARD);
    let analysis = Analysis::new(&p, &[]).unwrap();
    let law = judge(
        &analysis,
        &Ruleset::of(RulesetName::LivingStonesLaw),
        &Params::default(),
        0,
    );
    assert!(law.is_ok());
    let art = judge(
        &analysis,
        &Ruleset::of(RulesetName::LivingStonesArt),
        &Params::default(),
        0,
    );
    assert!(art.unwrap_err().reason.contains("--moves"));
}

#[test]
fn tromp_taylor_gives_pass_dead_stones_to_the_owner_of_the_territory() {
    // 5x5: two black walls with three one-point eyes each are pass-alive (Benson); the white
    // stone at C3 lies in the region between them, every point of which touches a black stone:
    // Black's pass-alive territory. Plain Tromp-Taylor counts C3 for White and the rest of
    // row 3 for nobody: Black 14 + 6 = 20, White 1. KataGo's tromp-taylor (§2.5 item 2) gives
    // the stone and row 3 to Black: 14 + 6 + 5 = 25, White 0.
    let p = diagram(".X.X.\nXXXXX\n..O..\nXXXXX\n.X.X.\n");
    let analysis = Analysis::new(&p, &[]).unwrap();
    let v = judge(
        &analysis,
        &Ruleset::of(RulesetName::TrompTaylor),
        &Params::default(),
        0,
    )
    .unwrap();
    assert_eq!((v.black.0 / 2, v.white.0 / 2), (25, 0));
    let plain = go_scoring::score::figures(
        &analysis,
        go_scoring::Method::TrompTaylor,
        &Params::default(),
    )
    .unwrap();
    assert_eq!((plain.black.0 / 2, plain.white.0 / 2), (20, 1));
    assert!(
        v.notes.iter().any(|n| n.contains("pass-alive territory")),
        "{:?}",
        v.notes
    );
}

/// Black and White outer walls living on 18 points each (files A-B and H-J of a 9x9 board),
/// and two eyeless inner chains at the foot of files D-F sharing the empty points of file E:
/// two (E1, E2) or three (E1-E3) of them. With three, the white inner chain reaches E4 so that
/// the three points touch the inner chains only.
fn eyeless_seki(shared: usize) -> Position {
    let mut rows = vec![". . X X X O O . ."; 9 - shared - 1];
    rows.push(". . X O O X O . .");
    rows.extend(vec![". . X O . X O . ."; shared]);
    diagram(&rows.join("\n"))
}

#[test]
fn eyeless_seki_counts_as_katago_counts_it() {
    // KataGo (specs/go.md §2.4-2.5): after the cleanup, a liberty either side can fill is
    // filled (one of three shared points; none of two), the ones left are dame neither side
    // can fill, and the inner chains touch them: seki areas, whose stones score and whose empty
    // points (none here) do not; no tax for them. The outer areas are independent-life regions
    // of 18 empty points each, taxed 2 under tax=ALL.
    let params = Params {
        captures: Some(PerColor::new(0, 0)),
        ..Params::default()
    };
    for shared in [2, 3] {
        let p = eyeless_seki(shared);
        let stones = |c: Color| {
            p.stones()
                .iter()
                .filter(|&&s| s == go_scoring::Stone::of(c))
                .count() as i64
        };
        let (b, w) = (stones(Color::Black), stones(Color::White));
        // The stones, 36 outer empty points and the shared points fill the 81 points.
        assert_eq!(b + w + 36 + shared as i64, 81, "{shared} shared");
        // tax=NONE area (chinese): stones plus the regions one colour borders; the shared
        // points are nobody's.
        assert_eq!(
            counts(&p, RulesetName::Chinese, &params),
            (b + 18, w + 18),
            "chinese, {shared} shared"
        );
        // tax=ALL area (stone-scoring): as chinese, 2 less per independent-life region (the
        // outer areas); the seki chains are not taxed.
        assert_eq!(
            counts(&p, RulesetName::StoneScoring, &params),
            (b + 18 - 2, w + 18 - 2),
            "stone-scoring, {shared} shared"
        );
        // tax=SEKI territory (japanese): 18 each and no prisoners; ancient territory pays 2.
        assert_eq!(counts(&p, RulesetName::Japanese, &params), (18, 18));
        assert_eq!(counts(&p, RulesetName::AncientTerritory, &params), (16, 16));
        let analysis = Analysis::new(&p, &[]).unwrap();
        let life = go_scoring::score::independent_life(&analysis);
        assert_eq!(
            life.seki_areas().count(),
            2,
            "{shared} shared: {:?}",
            life.areas
        );
    }
}
