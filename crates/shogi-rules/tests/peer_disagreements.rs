//! Where the peer parsers of `benches/peers/shogi_records.py` (cshogi 1.1.0, python-shogi
//! 1.1.1) read a record of the corpus differently from what the format's text says, the
//! text wins: each test here states the text and checks that this crate follows it. The
//! harness reports these cases as `peer-limit`.

use shogi_rules::{Hand, Kind, Position, Side, csa, kif, usi};

fn usi_moves(rec: &shogi_rules::record::Record) -> Vec<String> {
    rec.moves.iter().map(|m| usi::format_move(m.mv)).collect()
}

#[test]
fn a_move_written_without_promotion_is_read() {
    // Kakinoki's KIF format: a move that could promote and does not is written with 不成
    // (`５三桂不成(45)`). cshogi 1.1.0's move pattern has no 不成 (nor 成香/成桂/成銀) and
    // skips the line, reading the following moves out of step.
    let start = Position::from_sfen("4k4/9/9/9/5N3/9/9/9/4K4 b - 1").unwrap();
    let text = format!(
        "{}   1 ５三桂不成(45)\n   2 ５二玉(51)\n",
        kif::write_bod(&start)
    );
    let rec = kif::parse(&text).unwrap();
    assert_eq!(usi_moves(&rec), ["4e5c", "5a5b"]);
    // The written form of the move says 不成 again.
    assert!(kif::write_kif(&rec).contains("５三桂不成(45)"));
}

#[test]
fn a_bod_board_is_the_start_and_its_side_is_the_one_it_says() {
    // Kakinoki's KIF format: a BOD board (後手の持駒, nine `|…|` rows, 先手の持駒) gives the
    // start position, Sente to move unless a 後手番 line says otherwise. cshogi 1.1.0 skips
    // the board rows (starting from the initial position); python-shogi 1.1.1 takes the side
    // to move after the moves, so with an odd number of moves it starts the wrong side.
    let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b S 1").unwrap();
    let bod = kif::write_bod(&start);
    assert!(!bod.contains("後手番"));
    let rec = kif::parse(&format!("{bod}   1 ４二銀打\n")).unwrap();
    assert_eq!(rec.start, start);
    assert_eq!(rec.start.side_to_move(), Side::First);
    let gote = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 w S 1").unwrap();
    let rec = kif::parse(&format!("{}   1 ４一玉(51)\n", kif::write_bod(&gote))).unwrap();
    assert_eq!(rec.start.side_to_move(), Side::Second);
}

#[test]
fn variation_moves_are_not_main_line_moves() {
    // Kakinoki's KIF format: `変化：N手` starts a side line replacing move N. Both peers
    // read the side line's moves on as if they continued the main line.
    let rec = kif::parse(
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n",
    )
    .unwrap();
    assert_eq!(usi_moves(&rec), ["7g7f", "3c3d"]);
    assert_eq!(rec.variations[0].moves.len(), 2);
}

#[test]
fn csa_hand_pieces_are_counted_one_entry_each() {
    // CSA V2.2: `P+00KA00FU00FU` puts a bishop and two pawns in Sente's hand. python-shogi
    // 1.1.1 writes that hand as `b2` (an SFEN hand without its pawn letter).
    let text = "V2.2\nP1 *  *  *  *  * -OU *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \nP+00KA00FU00FU\n+\n+0055KA\n";
    let rec = csa::parse(text).unwrap();
    let hand: &Hand = rec.start.hand(Side::First);
    assert_eq!((hand.count(Kind::Bishop), hand.count(Kind::Pawn)), (1, 2));
    assert_eq!(rec.start.to_sfen(), "5k3/9/9/9/9/9/9/9/4K4 b B2P 1");
}

#[test]
fn a_jishogi_summary_is_jishogi() {
    // Kifu for Windows' KIF/KI2 summary `まで4手で持将棋` records an impasse draw (CSA
    // V2.2 `%JISHOGI`); cshogi 1.1.0 maps every `まで…` line it has no case for to
    // %SENNICHITE.
    let rec = kif::parse(
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 持将棋\nまで4手で持将棋\n",
    )
    .unwrap();
    assert_eq!(rec.end, Some(shogi_rules::Ending::Jishogi));
    assert!(csa::write(&rec).ends_with("-8384FU\n%JISHOGI\n"));
    let ki2 = kif::parse("▲７六歩    △３四歩\nまで2手で持将棋\n").unwrap();
    assert_eq!(ki2.end, Some(shogi_rules::Ending::Jishogi));
}
