//! Game-end rulings: checkmate, 千日手, 連続王手の千日手, declarations, fouls, handicaps.

use shogi_rules::game::{
    self, Declaration, DeclarationRule, Foul, Game, GameRules, GameStatus, ImpasseRule, PlayError,
    Progress, Reason, Unplayable,
};
use shogi_rules::handicap::{HANDICAPS, Handicap};
use shogi_rules::usi::parse_move;
use shogi_rules::{Position, Side};

fn run(sfen: &str, moves: &str) -> Game {
    let mut g = Game::new(Position::from_sfen(sfen).unwrap(), GameRules::default());
    for t in moves.split_whitespace() {
        if g.ended().is_some() {
            break;
        }
        // An illegal move ends the game with a foul ruling: the tests read it afterwards.
        match g.play(parse_move(t).unwrap()) {
            Ok(_) | Err(PlayError::Foul { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    g
}

/// The result code of the game's status (`ongoing`, `checkmate`, `sennichite` …).
fn code(g: &Game) -> &'static str {
    g.status().code()
}

#[test]
fn fourfold_repetition_is_sennichite_at_ply_12() {
    // shogi.md §2.1 (rsshogi repetition_4fold; JSA 対局規則 第8条): the start position occurs
    // for the fourth time after ply 12.
    let cycle = "5i5h 5a5b 5h5i 5b5a ";
    let g = run(shogi_rules::START_SFEN, &cycle.repeat(2));
    assert_eq!(code(&g), "ongoing");
    let g = run(shogi_rules::START_SFEN, &cycle.repeat(3));
    let r = g.status();
    assert_eq!(r.code(), "sennichite");
    assert_eq!(r.ply(), 12);
    assert_eq!(r.winner(), None);
    let ruling = r.ruling().unwrap();
    assert_eq!(ruling.reason, Reason::Sennichite);
    assert_eq!(ruling.outcome, shogi_rules::Outcome::Draw);
    assert!(matches!(r, GameStatus::Ended(_)));
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // shogi.md §2.1: Black checks on every move of the cycle → Black (the checker) loses at
    // the fourth occurrence (ply 12), not at the first recurrence.
    let sfen = "lnsg1gsnl/1r5b1/ppppppppp/4k4/9/5R3/PPPPPPPPP/1B7/LNSGKGSNL b - 1";
    let cycle = "4f5f 5d4d 5f4f 4d5d ";
    let g = run(sfen, &cycle.repeat(2));
    assert_eq!(code(&g), "ongoing");
    let g = run(sfen, &cycle.repeat(3));
    let r = g.status();
    assert_eq!(r.code(), "perpetual_check");
    assert_eq!(r.winner(), Some(Side::Second));
    assert_eq!(r.ply(), 12);
}

#[test]
fn perpetual_check_detected_when_cycle_starts_with_the_escape() {
    // JSA 対局規定 反則 7 as quoted in shogi.md §2.1: the fourth occurrence may be the
    // position after the escape. Start from the checked position (Gote to move).
    let sfen = "lnsg1gsnl/1r5b1/ppppppppp/4k4/9/4R4/PPPPPPPPP/1B7/LNSGKGSNL w - 1";
    let cycle = "5d4d 5f4f 4d5d 4f5f ";
    let r = run(sfen, &cycle.repeat(3)).status();
    assert_eq!(r.code(), "perpetual_check");
    assert_eq!(r.winner(), Some(Side::Second));
}

#[test]
fn checkmate_and_fouls() {
    // Fool's-mate style: gold drop mate on 5二 supported by a pawn (rule: 詰み ends the game).
    let g = run("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
    let r = g.status();
    assert_eq!(r.code(), "checkmate");
    assert_eq!(r.winner(), Some(Side::First));
    // 二歩 (JSA 対局規定 第8条): a second unpromoted pawn on file 7.
    let g = run("4k4/9/9/9/9/9/2P6/9/4K4 b P 1", "5i5h 5a5b P*7e");
    assert_eq!(g.status().foul(), Some(Foul::Nifu));
    assert_eq!(g.status().winner(), Some(Side::Second));
    assert_eq!(g.status().ply(), 3);
    // 打ち歩詰め (shogi.md §4.2 fixture).
    let g = run("9/7pp/8k/7P1/7G1/9/9/9/9 b P2r2b3g4s4n4l14p 1", "P*1d");
    assert_eq!(g.status().foul(), Some(Foul::Uchifuzume));
    // 行き所のない駒: pawn to the last rank without promoting, knight dropped on rank 2.
    let g = run("4k4/8P/9/9/9/9/9/9/4K4 b N 1", "1b1a");
    assert_eq!(g.status().foul(), Some(Foul::PieceWithNoMove));
    let g = run("4k4/8P/9/9/9/9/9/9/4K4 b N 1", "N*3b");
    assert_eq!(g.status().foul(), Some(Foul::PieceWithNoMove));
    // 王手放置: ignoring a rook check.
    let g = run("4k4/9/9/9/9/9/9/4r4/4K1P2 b - 1", "3i3h");
    assert_eq!(g.status().foul(), Some(Foul::KingLeftInCheck));
    // Moving the opponent's piece = moving out of turn.
    let g = run(shogi_rules::START_SFEN, "3c3d");
    assert_eq!(g.status().foul(), Some(Foul::OutOfTurn));
    assert_eq!(code(&g), "illegal");
    // The checked game API names the foul as an error and leaves the position as it was.
    let mut g = Game::new(Position::start(), GameRules::default());
    let err = g.play(parse_move("3c3d").unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            PlayError::Foul {
                foul: Foul::OutOfTurn,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(g.position(), &Position::start());
    assert_eq!(
        err.to_string(),
        "move 1 by sente: moving out of turn (the piece belongs to the opponent)"
    );
    // A pawn move that mates (突き歩詰め) is legal; only the drop is forbidden.
    let g = run("8k/9/7PP/9/9/9/9/9/4K4 b G 1", "G*2a 1a2a");
    assert_eq!(code(&g), "ongoing");
}

/// Sente king on 5一 with ten tokins in Gote's camp; `hand` sets the points.
fn declaring(hand: &str, side_to_move: char) -> Position {
    let sfen = format!("+P+P+P+PK4/+P+P+P+P+P4/+P8/9/9/9/9/9/4k4 {side_to_move} {hand} 1");
    Position::from_sfen(&sfen).unwrap()
}

#[test]
fn declaration_rules() {
    // 27-point rule (WCSC rules, shogi.md §2.2): Sente needs 28 points; 10 tokins in the camp
    // (10 points) + 2 rooks and a bishop (15) + 3 golds = 28: wins; with 2 golds, 27: loses.
    let p = declaring("2RB3G", 'b');
    let r27 = DeclarationRule::new(ImpasseRule::Points27);
    assert_eq!(game::declaration_points(&p, Side::First), (28, 10));
    assert_eq!(
        game::judge_declaration(&p, &r27),
        Declaration::Win { points: 28 }
    );
    let p = declaring("2RB2G", 'b');
    assert!(matches!(
        game::judge_declaration(&p, &r27),
        Declaration::Loss { .. }
    ));
    // JSA 入玉宣言法: 31 wins, 24–30 is 持将棋.
    let r24 = DeclarationRule::new(ImpasseRule::Points24);
    assert!(matches!(
        game::judge_declaration(&p, &r24),
        Declaration::Draw { points: 27 }
    ));
    let p = declaring("2R2B2G", 'b');
    assert_eq!(
        game::judge_declaration(&p, &r24),
        Declaration::Win { points: 32 }
    );
    // Handicap adjustment (YaneuraOu EKR_27_POINT_H convention): 二枚落 上手 needs 17.
    let h = Handicap::find("二枚落ち").unwrap();
    let adj = r27.with_handicap(Side::Second, h.removed_points());
    assert_eq!(adj.win_threshold, [28, 17]);
    let adj24 = r24.with_handicap(
        Side::Second,
        Handicap::find("四枚落ち").unwrap().removed_points(),
    );
    assert_eq!(adj24.win_threshold[1], 19);
    // Fewer than ten pieces in the camp loses.
    let p = Position::from_sfen("+P+P+P+PK4/+P+P+P+P5/+P8/9/9/9/9/9/4k4 b 2R2B4G 1").unwrap();
    assert!(matches!(
        game::judge_declaration(&p, &r27),
        Declaration::Loss { .. }
    ));
    // Through the game API the outcome names the winner.
    let mut g = Game::new(declaring("2RB3G", 'b'), GameRules::default());
    let r = g.declare();
    assert_eq!(r.code(), "declaration_win");
    assert_eq!(r.winner(), Some(Side::First));
}

#[test]
fn twenty_four_point_count() {
    // 24点法: each side starts with 27 points; a side under 24 loses.
    let start = Position::start();
    assert_eq!(game::impasse_points(&start, [0, 0]), [27, 27]);
    assert_eq!(game::count_24([27, 27]), None);
    assert_eq!(game::count_24([23, 31]), Some(Side::Second));
    // Handicap: the removed pieces count for the 上手 (二枚落ち: 10 points).
    let h = Handicap::find("二枚落ち").unwrap();
    let pts = game::impasse_points(&h.position(), [0, h.removed_points()]);
    assert_eq!(pts, [27, 27]);
}

#[test]
fn handicap_table() {
    // shogi.md §2.4: every handicap is a legal position with the 上手 (Gote) to move,
    // except the even game; removed pieces match the SFEN's missing material.
    for h in HANDICAPS {
        let p = h.position();
        let expected_side = if h.id == "even" {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(p.side_to_move(), expected_side, "{}", h.kif_name);
        let pts = game::impasse_points(&p, [0, 0]);
        assert_eq!(pts[1] + h.removed_points(), 27, "{}", h.kif_name);
    }
    assert_eq!(
        Handicap::find("五枚落ち").unwrap().sfen.split(' ').next(),
        Some("2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL")
    );
    assert_eq!(Handicap::find("飛落ち").unwrap().kif_name, "飛車落ち");
}

#[test]
fn try_rule_is_optional() {
    let sfen = "9/4K4/9/9/9/9/9/9/k8 b - 1";
    let mut g = Game::new(
        Position::from_sfen(sfen).unwrap(),
        GameRules {
            try_rule: true,
            ..GameRules::default()
        },
    );
    let Ok(Progress::Ended(r)) = g.play(parse_move("5b5a").unwrap()) else {
        panic!("the try ends the game");
    };
    assert_eq!(r.reason, Reason::Try);
    assert_eq!(r.winner(), Some(Side::First));
    assert_eq!(code(&g), "try_win");
    // Nothing more can be played.
    assert_eq!(
        g.play(parse_move("9i9h").unwrap()),
        Err(PlayError::GameOver(r))
    );
    let g = run(sfen, "5b5a");
    assert_eq!(code(&g), "ongoing");
}

#[test]
fn jsa_move_limit_makes_jishogi() {
    // JSA 入玉宣言法 rules (shogi.md §2.2): without a declaration the game is 持将棋 at 500
    // moves. Kings shuffle between squares that never repeat a position four times early:
    // use a limit of 8 moves for the test and check the same mechanism.
    let mut rules = GameRules {
        declaration: DeclarationRule::new(ImpasseRule::Points24),
        ..GameRules::default()
    };
    assert_eq!(rules.declaration.move_limit, Some(500));
    assert_eq!(DeclarationRule::new(ImpasseRule::Points27).move_limit, None);
    rules.declaration.move_limit = Some(8);
    let mut g = Game::new(Position::start(), rules);
    for t in "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b".split(' ') {
        g.play(parse_move(t).unwrap()).unwrap();
    }
    let r = g.status();
    assert_eq!(r.code(), "impasse_draw");
    assert_eq!(r.ply(), 8);
}

#[test]
fn a_move_that_cannot_be_made_is_no_foul() {
    // JSA 対局規定 第8条 lists fouls a player commits with a piece: moving a piece in a way it
    // cannot move, 二歩, 打ち歩詰め … Moving from an empty square or dropping a piece not
    // in hand cannot happen over a board, so it is a typing mistake: refused, no ruling.
    let mut g = Game::new(Position::start(), GameRules::default());
    for (usi, why) in [
        (
            "5e5d",
            Unplayable::EmptyOrigin(shogi_rules::Square::new(5, 5).unwrap()),
        ),
        ("P*5e", Unplayable::NotInHand(shogi_rules::Kind::Pawn)),
    ] {
        let e = g.play(parse_move(usi).unwrap()).unwrap_err();
        assert_eq!(e, PlayError::Unplayable(why), "{usi}");
        assert_eq!(code(&g), "ongoing", "{usi}");
        assert_eq!(g.moves().len(), 0);
    }
    let king_drop = shogi_rules::Move::Drop {
        kind: shogi_rules::Kind::King,
        to: shogi_rules::Square::new(5, 5).unwrap(),
    };
    let e = g.play(king_drop).unwrap_err();
    assert_eq!(
        e,
        PlayError::Unplayable(Unplayable::NotInHand(shogi_rules::Kind::King))
    );
    // A piece moved the wrong way is still the foul it always was.
    let e = g.play(parse_move("7g7e").unwrap()).unwrap_err();
    assert!(
        matches!(
            e,
            PlayError::Foul {
                foul: Foul::ImpossibleMovement,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(code(&g), "illegal");
}

#[test]
fn a_side_without_a_king_is_not_checkmated() {
    // A tsume position's attacker has no king; with no piece that can move and an empty
    // hand it has no legal move. 詰み (JSA 対局規則) needs a king in check: no checkmate.
    let g = run("4k4/9/9/9/9/9/9/9/P8 w - 1", "");
    assert_eq!(code(&g), "ongoing");
    // Sente without a king but with a pawn that can move: the game goes on.
    let g = run("4k4/9/9/9/9/9/4P4/9/9 b - 1", "");
    assert_eq!(code(&g), "ongoing");
    let g = run("4k4/9/9/9/9/9/9/9/9 b - 1", "");
    let r = *g.ended().expect("sente cannot move");
    assert_eq!(r.reason, Reason::NoKing);
    assert_eq!(r.code(), "no_king");
    assert!(r.to_string().contains("not a checkmate"), "{r}");
    // With a king in the corner, surrounded and in check, it is checkmate as before.
    let g = run("8k/7GG/7P1/9/9/9/9/9/K8 w - 1", "");
    assert_eq!(code(&g), "checkmate");
}
