//! Komi read from SGF `KM`: in points, or in hundredths of a stone as Fox and Golaxy write it.
//!
//! Expectations: the SGF FF[4] specification gives `KM` as a real number of points; Fox and
//! Golaxy records write the Chinese 3¾ stones as `KM[375]`, and a stone is two points in area
//! counting (Chinese rules 2002: 3¾ 子 = 7.5 points; specs/go.md, rules table), so `KM[375]`
//! is 7.5 points. No game gives 100 points of komi, which is where the two readings part.

use go_scoring::Rules;
use go_scoring::rules::Komi;
use go_scoring::sgf::{KOMI_STONES_FROM, read_game, read_komi};

fn game(km: &str) -> go_scoring::sgf::SgfGame {
    read_game(
        &format!("(;GM[1]FF[4]SZ[9]KM[{km}];B[ee];W[cc])"),
        Rules::CHINESE,
    )
    .unwrap()
}

#[test]
fn km_375_is_three_and_three_quarter_stones() {
    let g = game("375");
    assert_eq!(g.komi, Some(Komi(15)), "3.75 stones = 7.5 points");
    let note = g.komi_note.expect("a stone komi is never read silently");
    assert!(note.contains("3.75 stones = 7.5 points"), "{note}");
}

#[test]
fn km_in_points_is_read_as_it_stands_and_without_a_note() {
    for (text, half) in [
        ("7.5", 15),
        ("6.5", 13),
        ("0", 0),
        ("-7.5", -15),
        ("99", 198),
    ] {
        let g = game(text);
        assert_eq!(g.komi, Some(Komi(half)), "KM[{text}]");
        assert_eq!(g.komi_note, None, "KM[{text}]");
    }
}

#[test]
fn the_stone_reading_starts_at_its_threshold_and_keeps_the_sign() {
    // 100 hundredths = 1 stone = 2 points; -375 = -7.5 points (a reverse komi).
    assert_eq!(KOMI_STONES_FROM, 100);
    assert_eq!(read_komi("100").unwrap().0, Komi(4));
    let (k, note) = read_komi("-375").unwrap();
    assert_eq!(k, Komi(-15));
    assert!(note.unwrap().contains("-3.75 stones"));
    // Not a whole number of quarter stones: kept as points rather than guessed.
    assert_eq!(read_komi("101").unwrap(), (Komi(202), None));
}
