//! Xiangqi PGN read and write (xqbase PGN format: `Game`, `Red`, `Black`, `FEN`, `Format`).

use xiangqi_repetition::pgn::{self, PgnErrorKind};
use xiangqi_repetition::*;

const GAME: &str = r#"[Game "Chinese Chess"]
[Event "Test"]
[Red "A"]
[Black "B"]
[Result "*"]
[Format "ICCS"]

1. h2e2 h9g7 {中炮对屏风马} 2. h0g2 i9h9 (2... g6g5) 3. i0h0 $1 b9c7 *
"#;

#[test]
fn reads_iccs_pgn_and_writes_every_format() {
    let game = pgn::read(GAME).unwrap();
    assert_eq!(game.tag("Red"), Some("A"));
    assert_eq!(game.moves.len(), 6);
    assert_eq!(game.result, "*");
    // Chinese movetext of the same opening (中炮对屏风马: 炮二平五 马8进7 马二进三 车9平8 …).
    let chinese = pgn::write(&game, Notation::Chinese);
    assert!(
        chinese.contains("1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 *"),
        "{chinese}"
    );
    assert!(chinese.contains("[Format \"Chinese\"]"));
    let wxf = pgn::write(&game, Notation::Wxf);
    assert!(
        wxf.contains("1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 *"),
        "{wxf}"
    );
    for text in [
        chinese,
        wxf,
        pgn::write(&game, Notation::Iccs(RankBase::Zero)),
        pgn::write(&game, Notation::Iccs(RankBase::One)),
    ] {
        let again = pgn::read(&text).unwrap();
        assert_eq!(again.moves, game.moves, "{text}");
        assert_eq!(again.tag("Event"), Some("Test"));
    }
}

#[test]
fn iccs_with_ranks_from_one_is_tagged_so_and_reads_back() {
    // xqbase ICCS numbers ranks 0-9; Fairy-Stockfish numbers them 1-10 (h2e2 is h3e3 there).
    // The Format tag says which, so the file reads back as written.
    let game = pgn::read(GAME).unwrap();
    let text = pgn::write(&game, Notation::Iccs(RankBase::One));
    assert!(text.contains("[Format \"ICCS1\"]"), "{text}");
    assert!(text.contains("1. h3e3 h10g8"), "{text}");
    assert_eq!(pgn::read(&text).unwrap().moves, game.moves);
}

#[test]
fn fen_tag_and_black_to_move() {
    let text =
        "[FEN \"3k4R/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n\n1... K4+1 2. R1-1 K4-1 3. R1+1 1/2-1/2\n";
    let game = pgn::read(text).unwrap();
    assert_eq!(game.moves.len(), 4);
    assert_eq!(game.result, "1/2-1/2");
    let out = pgn::write(&game, Notation::Wxf);
    assert!(
        out.contains("1... K4+1 2. R1-1 K4-1 3. R1+1 1/2-1/2"),
        "{out}"
    );
}

#[test]
fn errors_carry_line_column_and_ply() {
    let text = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7\n2. h0g2 b7b2\n";
    let e = pgn::read(text).unwrap_err();
    assert_eq!((e.line, e.column), (4, 9));
    match &e.kind {
        PgnErrorKind::Move { ply, text, error } => {
            assert_eq!((*ply, text.as_str()), (4, "b7b2"));
            assert_eq!(
                error.kind,
                NotationErrorKind::Illegal(IllegalReason::CannonScreen)
            );
        }
        k => panic!("{k:?}"),
    }
    assert!(e.to_string().contains("ply 4"), "{e}");
    assert_eq!(
        pgn::read("[Game Chinese]\n").unwrap_err().kind,
        PgnErrorKind::BadTag
    );
    assert_eq!(
        pgn::read("1. h2e2 {open").unwrap_err().kind,
        PgnErrorKind::Unclosed('{')
    );
    assert!(matches!(
        pgn::read("[FEN \"xyz\"]\n").unwrap_err().kind,
        PgnErrorKind::BadFen(_)
    ));
    for cut in 0..GAME.len() {
        if GAME.is_char_boundary(cut) {
            let _ = pgn::read(&GAME[..cut]);
        }
    }
}

#[test]
fn random_text_never_panics() {
    let alphabet: Vec<char> = "[]\"{}();$.* 0123456789-/abcehiCHRKP+=炮马进平\n\t"
        .chars()
        .collect();
    let mut rng = board_core::Rng::new(11);
    for _ in 0..3000 {
        let len = rng.index(40);
        let text: String = (0..len)
            .map(|_| alphabet[rng.index(alphabet.len())])
            .collect();
        let _ = pgn::read(&text);
    }
}

#[test]
fn a_move_after_the_result_is_an_error_not_a_move() {
    // xqbase PGN (中国象棋电脑应用规范(三)): the result token ends the movetext. A move
    // written after it must not be played (it would change what is converted or judged).
    let text = "[Format \"ICCS\"]\n\n1. h2e2 h9g7 1-0 2. h0g2\n";
    let e = pgn::read(text).unwrap_err();
    assert_eq!(
        e.kind,
        PgnErrorKind::AfterResult {
            result: "1-0".into(),
            text: "2.".into()
        }
    );
    assert_eq!((e.line, e.column), (3, 18), "{e}");
    // A second game after the first is refused the same way (one game per text).
    let two = format!("{GAME}\n[Game \"Chinese Chess\"]\n\n1. h2e2 *\n");
    assert!(matches!(
        pgn::read(&two).unwrap_err().kind,
        PgnErrorKind::AfterResult { .. }
    ));
    // Comments after the result are fine.
    let game = pgn::read("1. h2e2 h9g7 * {adjourned} ; end\n").unwrap();
    assert_eq!((game.moves.len(), game.result.as_str()), (2, "*"));
}
