//! A handicap read from the setup stones when the record has no `HA`.
//!
//! Expectations: SGF FF[4] (`HA`): "Defines the number of handicap stones (>=2). If there is a
//! handicap, the position should be set up with AB within the same node"; in a handicap game
//! Black's stones are placed and White moves first (Japanese rules 1989, Chinese rules 2002,
//! AGA rules: the handicap stones are Black's first move). Records written by hand, by older
//! converters and by some servers keep the `AB` stones and White's first move but leave `HA`
//! out; a problem or a studied position sets up white stones too, or has Black to move. So
//! 2 to 9 black setup stones, no white ones and White moving first count as a handicap, with
//! a note; anything else is not guessed at, and `HA` always wins.

use go_scoring::Rules;
use go_scoring::sgf::{SgfGame, read_game};

fn game(text: &str) -> SgfGame {
    read_game(text, Rules::CHINESE).unwrap()
}

#[test]
fn four_black_setup_stones_and_white_first_are_a_handicap_of_four() {
    // The common layout of a four-stone game written without HA: the star points with AB in
    // the root, then White's first move.
    let g = game("(;GM[1]FF[4]SZ[19]KM[0.5]AB[dd][pd][dp][pp];W[qf];B[nc])");
    assert_eq!(g.handicap, Some(4));
    let note = g
        .handicap_note
        .expect("an inferred handicap is never silent");
    assert!(
        note.contains("no HA") && note.contains("4 black setup stones"),
        "{note}"
    );
    assert!(
        g.warnings.contains(&note),
        "the note is among the warnings callers show"
    );
}

#[test]
fn two_stones_with_white_to_play_and_no_move_yet() {
    // A record of the handicap placement only: PL[W] says White plays first.
    let g = game("(;GM[1]FF[4]SZ[9]AB[cc][gg]PL[W])");
    assert_eq!(g.handicap, Some(2));
    assert!(g.handicap_note.is_some());
}

#[test]
fn the_stones_counted_are_those_on_the_board_at_the_first_move() {
    // FF[4] AE clears points; a point set twice is one stone. Three stones set up in two
    // nodes, a fourth cleared again and one set twice: three stones stand when White plays.
    let g = game("(;GM[1]FF[4]SZ[19]AB[dd][pd][dp][pp];AE[pp]AB[dd];W[qf])");
    assert_eq!(g.handicap, Some(3));
}

#[test]
fn ha_is_read_as_it_stands_and_without_a_note() {
    let g = game("(;GM[1]FF[4]SZ[19]HA[3]AB[dd][pd][dp];W[pp])");
    assert_eq!((g.handicap, g.handicap_note), (Some(3), None));
    // HA wins over the stones, even when they disagree.
    let g = game("(;GM[1]FF[4]SZ[19]HA[2]AB[dd][pd][dp];W[pp])");
    assert_eq!((g.handicap, g.handicap_note), (Some(2), None));
}

#[test]
fn set_up_positions_that_are_not_handicap_games_are_not_guessed_at() {
    for (why, text) in [
        (
            "white setup stones: a problem or a studied position",
            "(;GM[1]FF[4]SZ[19]AB[dd][pd][dp]AW[pp][qq];W[qf])",
        ),
        (
            "Black moves first",
            "(;GM[1]FF[4]SZ[19]AB[dd][pd];B[dp];W[pp])",
        ),
        (
            "one stone is no handicap",
            "(;GM[1]FF[4]SZ[19]AB[dd];W[pp])",
        ),
        (
            "more than nine stones",
            "(;GM[1]FF[4]SZ[19]AB[dd][pd][dp][pp][jj][dj][pj][jd][jp][cc];W[qf])",
        ),
        ("no setup at all", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])"),
        (
            "stones set up after the first move",
            "(;GM[1]FF[4]SZ[19];W[pd];AB[dd][dp];W[pp])",
        ),
        (
            "one stone left once AE clears the other (FF[4] AE: 'Clear the given points')",
            "(;GM[1]FF[4]SZ[19]AB[dd][pd];AE[pd];W[pp])",
        ),
    ] {
        let g = game(text);
        assert_eq!(
            (g.handicap, g.handicap_note.is_some()),
            (None, false),
            "{why}"
        );
    }
}
