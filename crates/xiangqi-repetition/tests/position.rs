//! FEN reading, validation, make/unmake, Zobrist keys and legality against a slow oracle.

use board_core::Rng;
use xiangqi_repetition::*;

fn rng(state: &mut Rng) -> u64 {
    state.next_u64()
}

#[test]
fn fen_round_trip_and_aliases() {
    let pos = Position::from_fen(START_FEN).unwrap();
    assert_eq!(pos.fen(), START_FEN);
    // h/e for horse/elephant are accepted (reference digest §8: pyffish, orange, CPW).
    let alias =
        Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1")
            .unwrap();
    assert_eq!(alias.fen(), START_FEN);
    // `r` for Red, missing counters, `[]` holdings suffix as pyffish writes it.
    let short = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 r").unwrap();
    assert_eq!(short.fen(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5[] w - - 0 1").is_ok());
}

#[test]
fn fen_errors_list_every_problem_with_offsets() {
    let err = "rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - z 1"
        .parse::<Setup>()
        .unwrap_err();
    let kinds: Vec<_> = err
        .problems
        .iter()
        .map(|p| (p.offset, p.kind.clone()))
        .collect();
    assert!(
        kinds.contains(&(22, FenProblemKind::UnknownLetter { found: 'x' })),
        "{kinds:?}"
    );
    assert!(
        kinds
            .iter()
            .any(|(_, k)| *k == FenProblemKind::FileCount { rank: 1, found: 8 })
    );
    assert!(
        kinds
            .iter()
            .any(|(_, k)| matches!(k, FenProblemKind::BadCounter { .. }))
    );
    let err = "rnbakabnr/9/1c5c1 w".parse::<Setup>().unwrap_err();
    assert_eq!(
        err.problems.as_slice()[0].kind,
        FenProblemKind::RankCount { found: 3 }
    );
    let err = "4k4/9/9/9/9/9/9/9/9/3K5".parse::<Setup>().unwrap_err();
    assert_eq!(err.problems.as_slice()[0].kind, FenProblemKind::MissingSide);
    let err = "4k4/9/9/9/9/9/9/9/9/3K5 x".parse::<Setup>().unwrap_err();
    assert_eq!(
        err.problems.as_slice()[0],
        FenProblem {
            offset: 24,
            kind: FenProblemKind::BadSide { found: "x".into() }
        }
    );
    assert!("".parse::<Setup>().is_err());
    assert!("4k4/9/9/9/9/9/9/9/9/3K05 w".parse::<Setup>().is_err());
}

#[test]
fn truncated_and_random_fens_never_panic() {
    for cut in 0..=START_FEN.len() {
        let _ = Position::from_fen(&START_FEN[..cut]);
    }
    let alphabet: Vec<char> = "rnbakcpRNBAKCPheHE0123456789/ -wb[]漢\u{0}"
        .chars()
        .collect();
    let mut s = Rng::new(7);
    for _ in 0..3000 {
        let len = (rng(&mut s) % 70) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(rng(&mut s) % alphabet.len() as u64) as usize])
            .collect();
        let _ = Position::from_fen(&text);
    }
}

/// Validation lists every problem (task specification: counts, unreachable points, facing
/// kings, the side not to move in check).
#[test]
fn validation_lists_every_problem() {
    // Red: three rooks, an advisor on e0, an elephant across the river on c5, a pawn on b3
    // (an odd file before the river); Black: no king.
    let setup: Setup = "9/9/9/9/2B6/9/1P7/9/9/RRRAK4 w - - 0 1".parse().unwrap();
    let err = Position::from_setup(&setup).unwrap_err();
    let p = err.problems.as_slice();
    assert!(
        p.contains(&PositionProblem::MissingKing { side: Side::Second }),
        "{err}"
    );
    assert!(p.contains(&PositionProblem::TooMany {
        side: Side::First,
        kind: PieceKind::Rook,
        count: 3
    }));
    let sq = |s: &str| {
        xiangqi_repetition::iccs::parse_move(&format!("{s}{s}"), RankBase::Zero)
            .unwrap()
            .from
    };
    let red = |k| Piece::new(Side::First, k);
    assert!(!p.contains(&PositionProblem::Unreachable {
        square: sq("d0"),
        piece: red(PieceKind::Advisor)
    }));
    assert_eq!(p.len(), 4, "{err}");
    assert!(p.contains(&PositionProblem::Unreachable {
        square: sq("c5"),
        piece: red(PieceKind::Elephant)
    }));
    assert!(p.contains(&PositionProblem::Unreachable {
        square: sq("b3"),
        piece: red(PieceKind::Pawn)
    }));
    // Kings facing each other on an open file.
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    assert!(err.to_string().contains("face each other"), "{err}");
    // Black in check with Red to move.
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 w").unwrap_err();
    assert!(err.to_string().contains("Black is in check"), "{err}");
    // King outside the palace, advisor off its points, stacked unpromoted pawns.
    let err = Position::from_fen("3k5/9/9/9/9/9/P8/P8/4A4/5K3 b").unwrap_err();
    assert!(
        err.to_string().contains("two unpromoted pawns on file a"),
        "{err}"
    );
    let err = Position::from_fen("9/3k5/9/9/9/9/9/9/9/6K2 w").unwrap_err();
    assert!(err.to_string().contains("King on g0"), "{err}");
}

#[test]
fn make_unmake_restores_and_key_is_incremental() {
    let mut s = Rng::new(42);
    let fens = [
        START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    ];
    for fen in fens {
        for _ in 0..20 {
            let mut pos = Position::from_fen(fen).unwrap();
            let mut stack = Vec::new();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng(&mut s) % moves.len() as u64) as usize];
                let before = pos.clone();
                let undo = pos.play_unchecked(mv);
                assert_eq!(pos.key(), pos.key_from_scratch());
                assert_ne!(pos.key(), before.key());
                stack.push((mv, undo, before));
            }
            while let Some((mv, undo, before)) = stack.pop() {
                pos.undo(mv, undo);
                assert_eq!(pos, before);
            }
        }
    }
    // The side to move is part of the key.
    let mut p = Position::start();
    let k = p.key();
    p.pass();
    assert_ne!(p.key(), k);
    assert_eq!(p.key(), p.key_from_scratch());
}

/// The fast generator agrees with the obvious definition: pseudo-legal moves after which the
/// mover's king is not attacked (flying general included).
#[test]
fn legal_moves_match_slow_oracle_on_random_games() {
    let mut s = Rng::new(1234);
    let fens = [
        START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        "3k5/9/9/9/4c4/9/9/4C4/9/4K4 w - - 0 1",
    ];
    for fen in fens {
        for _ in 0..30 {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..80 {
                let mut slow: Vec<Move> = pos
                    .pseudo_legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let a = pos.after(m);
                        !a.in_check(pos.side_to_move()) && {
                            let (r, b) = (a.king(Side::First), a.king(Side::Second));
                            !(r.x() == b.x()
                                && a.occupied().iter().all(|q| {
                                    q.x() != r.x()
                                        || q.iccs_rank() <= r.iccs_rank()
                                        || q.iccs_rank() >= b.iccs_rank()
                                }))
                        }
                    })
                    .collect();
                let mut fast: Vec<Move> = pos.legal_moves().to_vec();
                slow.sort();
                fast.sort();
                assert_eq!(fast, slow, "{}", pos.fen());
                assert_eq!(pos.count_legal_moves(), fast.len() as u64);
                for &m in &fast {
                    assert!(pos.is_legal(m));
                    assert_eq!(pos.check_move(m), Ok(()));
                }
                if fast.is_empty() {
                    break;
                }
                let mv = fast[(rng(&mut s) % fast.len() as u64) as usize];
                pos.play_unchecked(mv);
            }
        }
    }
}

/// Checkmate and stalemate both lose (reference digest §5: pyffish `game_result` gives
/// -32000 for both of these positions).
#[test]
fn checkmate_and_stalemate() {
    let mate = Position::from_fen("3k4R/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    assert_eq!(mate.status(), Status::Checkmate);
    assert!(mate.is_check());
    let stale = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    assert_eq!(stale.status(), Status::Stalemate);
    assert!(!stale.is_check());
    assert_eq!(Position::start().status(), Status::Ongoing);
}

#[test]
fn attack_and_pin_queries() {
    // Red cannon e2 with two screens (e3 red pawn, e6 black pawn) before the black king e9:
    // both screens are "pinned" in the sense that removing one gives check.
    let pos = Position::from_fen("4k4/9/9/4p4/9/9/4P4/4C4/9/3K5 w - - 0 1").unwrap();
    let e3 = Square::from_iccs(4, 3).unwrap();
    let e6 = Square::from_iccs(4, 6).unwrap();
    assert!(pos.pinned(Side::Second).contains(e6));
    assert!(!pos.pinned(Side::First).contains(e3));
    // The red cannon e2 attacks the black pawn e6 over the screen e3.
    let e2 = Square::from_iccs(4, 2).unwrap();
    assert_eq!(
        pos.attackers_of(e6, Side::First).iter().collect::<Vec<_>>(),
        vec![e2]
    );
    // The flying general: with the e-file empty the red king on d0 attacks nothing there,
    // but a red king on e0 facing the black king counts as its attacker.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let d0 = pos.king(Side::First);
    // A red king move to e0 would face the black king: illegal, with that reason.
    let e0 = Square::from_iccs(4, 0).unwrap();
    assert_eq!(
        pos.check_move(Move::new(d0, e0)),
        Err(IllegalReason::KingsFacing)
    );
    // Horse leg pin: the red horse g7 would attack the black king on e8 over the leg f7;
    // the black rook on f7 is therefore pinned to its king.
    let pos = Position::from_fen("9/4k4/5rN2/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
    let f7 = Square::from_iccs(5, 7).unwrap();
    assert!(pos.pinned(Side::Second).contains(f7));
    let f6 = Square::from_iccs(5, 6).unwrap();
    assert_eq!(
        pos.check_move(Move::new(f7, f6)),
        Err(IllegalReason::LeavesKingInCheck)
    );
    // With the leg removed, the horse g7 is the one attacker of e8.
    let e8 = Square::from_iccs(4, 8).unwrap();
    let with_leg_open = pos.attackers_with_occupancy(e8, Side::First, pos.occupied().without(f7));
    assert_eq!(with_leg_open.count(), 1);
    assert!(pos.attackers_of(e8, Side::First).is_empty());
}

#[test]
fn illegal_move_reasons() {
    let pos = Position::start();
    let mv = |s: &str| iccs::parse_move(s, RankBase::Zero).unwrap();
    // Source of each expectation: the movement rules of the pieces (task specification).
    assert_eq!(pos.check_move(mv("h7e7")), Err(IllegalReason::NotYourTurn));
    assert_eq!(pos.check_move(mv("e5e4")), Err(IllegalReason::EmptyOrigin));
    assert_eq!(
        pos.check_move(mv("a0a3")),
        Err(IllegalReason::OwnPieceOnTarget)
    );
    assert_eq!(pos.check_move(mv("a0a5")), Err(IllegalReason::PathBlocked));
    assert_eq!(pos.check_move(mv("h2h7")), Err(IllegalReason::CannonScreen));
    assert_eq!(pos.check_move(mv("h2h9")), Ok(()));
    assert_eq!(pos.check_move(mv("b2b9")), Ok(()));
    assert_eq!(pos.check_move(mv("e0e2")), Err(IllegalReason::WrongShape));
    assert_eq!(pos.check_move(mv("d0c1")), Err(IllegalReason::LeavesPalace));
    assert_eq!(pos.check_move(mv("a3b3")), Err(IllegalReason::WrongShape));
    assert_eq!(pos.check_move(mv("c0e2")), Ok(()));
    let pos = Position::from_fen("4k4/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1");
    assert!(pos.is_err(), "elephant across the river is unreachable");
    // Elephant c0 cannot go to e2 with its eye d1 occupied by the red horse.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1").unwrap();
    assert_eq!(pos.check_move(mv("c0e2")), Err(IllegalReason::BlockedEye));
    assert_eq!(pos.check_move(mv("c0a2")), Ok(()));
    assert_eq!(pos.check_move(mv("c0e4")), Err(IllegalReason::WrongShape));
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/1R7/9/1N1K5 w - - 0 1").unwrap();
    assert_eq!(pos.check_move(mv("b0c2")), Ok(()));
    // The horse b0 with a rook on its leg b1 cannot jump to c2.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/1R7/1N1K5 w - - 0 1").unwrap();
    assert_eq!(pos.check_move(mv("b0c2")), Err(IllegalReason::BlockedLeg));
}

#[test]
fn lenient_construction_accepts_what_the_engine_can_play() {
    // Facing kings and an elephant across the river: illegal, but playable.
    let setup: Setup = "4k4/9/9/9/2B6/9/9/9/9/4K4 w".parse().unwrap();
    let strict = Position::from_setup(&setup).unwrap_err();
    assert!(
        strict
            .problems
            .as_slice()
            .contains(&PositionProblem::KingsFacing)
    );
    let pos = Position::from_setup_lenient(&setup).unwrap();
    assert_eq!(pos.side_to_move(), Side::First);
    assert!(!pos.legal_moves().is_empty());
    // Without a king nothing can be played.
    let kingless: Setup = "4k4/9/9/9/9/9/9/9/9/9 w".parse().unwrap();
    let err = Position::from_setup_lenient(&kingless).unwrap_err();
    assert_eq!(
        err.problems.into_vec(),
        vec![PositionProblem::MissingKing { side: Side::First }]
    );
}

#[test]
fn checked_play_leaves_the_position_untouched_on_error() {
    let mut pos = Position::start();
    let before = pos.clone();
    let bad: Move = "h2h7".parse().unwrap();
    assert_eq!(pos.play(bad), Err(IllegalReason::CannonScreen));
    assert_eq!(pos, before);
    let good: Move = "h2e2".parse().unwrap();
    let undo = pos.play(good).unwrap();
    assert_eq!(pos.side_to_move(), Side::Second);
    pos.undo(good, undo);
    assert_eq!(pos, before);
}

#[test]
fn lenient_construction_takes_rule_book_diagrams_that_no_game_reaches() {
    // Rule-book diagrams (the AXF book, the lectures of the 001 document) sometimes print a
    // pawn behind its starting rank or more pieces than a set; the arbiter must still rule.
    // A red pawn on its own back rank and six red pawns:
    let setup: Setup = "4k4/9/9/9/9/P1P1P1P1P/9/9/9/P3K4 w".parse().unwrap();
    let strict = Position::from_setup(&setup)
        .unwrap_err()
        .problems
        .into_vec();
    assert!(
        strict
            .iter()
            .any(|p| matches!(p, PositionProblem::Unreachable { .. }))
    );
    assert!(strict.iter().any(|p| matches!(
        p,
        PositionProblem::TooMany {
            kind: xiangqi_repetition::PieceKind::Pawn,
            count: 6,
            ..
        }
    )));
    let pos = Position::from_setup_lenient(&setup).unwrap();
    assert!(pos.legal_moves().iter().any(|m| m.to_string() == "a0a1"));
    // What was let through is still named, for a warning.
    assert_eq!(
        xiangqi_repetition::validate::problems(&setup).into_vec(),
        strict
    );
    // A third rook on top of a full set could have more moves than a move list holds
    // (2 rooks, 2 cannons, 2 horses ... already reach 119 of 128): still refused.
    let crowded: Setup = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4R4/RNBAKABNR w"
        .parse()
        .unwrap();
    let err = Position::from_setup_lenient(&crowded).unwrap_err();
    assert!(err.problems.as_slice().iter().all(|p| matches!(
        p,
        PositionProblem::TooMany {
            kind: xiangqi_repetition::PieceKind::Rook,
            ..
        }
    )));
}
