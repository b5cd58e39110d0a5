//! Tactical reading on the full board for the dead-stone finder: strings in atari that the
//! opponent takes.
//!
//! At the end of play (both sides passed) a string left with one liberty is the opponent's
//! to take: its side passed instead of connecting. Taking it is a free move for the
//! opponent when the capturing stones then have two liberties or more. When they are left
//! in atari the capture is either a *snapback* (the capturing stones are taken back, more
//! than one stone, which the ko rule does not stop) or a one-stone *ko*.
//!
//! A ko left open on a finished board is settled by the rule text, not by who moves next:
//! the Japanese Rules of 1989 (article 7, paragraph 2, and its commentary) let a player
//! retake a ko during the confirmation of life and death only after a pass, so the stone
//! in atari is taken and the taker connects before it can be retaken: the stone is dead.
//! GNU Go 3.8 (`final_status_list dead` after `loadsgf`) marks such stones dead on most of
//! the professional records of `benches/peers/go_real_games.py` (goban-original-games
//! Hon-54-2 K13, Hon-45-2 J15, M-72-2 F15).
use crate::color::Stone;
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// A string's stones and liberties on `stones` (the board as a stone list).
fn string_at(position: &Position, stones: &[Stone], p: usize) -> (Vec<usize>, Vec<usize>) {
    let topo = position.topology();
    let colour = stones[p];
    let mut members = vec![p];
    let mut seen = vec![false; stones.len()];
    seen[p] = true;
    let mut liberties = Vec::new();
    let mut i = 0;
    while i < members.len() {
        for &GeoPoint(q) in topo.neighbours_of(members[i] as Point) {
            let q = q as usize;
            if seen[q] {
                continue;
            }
            if stones[q] == colour {
                seen[q] = true;
                members.push(q);
            } else if stones[q] == Stone::Empty {
                seen[q] = true;
                liberties.push(q);
            }
        }
        i += 1;
    }
    (members, liberties)
}

/// How the opponent takes a string left in atari on a finished board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Taken {
    /// Not in atari, a snapback, or a capture only by stones already found dead.
    No,
    /// Taken, and the capturing stones have two liberties or more.
    ForGood,
    /// A one-stone string taken by a one-stone capture left in atari: a ko, which the taker
    /// wins on a finished board (see the module documentation).
    Ko,
}

/// How the string through `p` (a stone) is taken: [`Taken::ForGood`] when it has one
/// liberty and after the capture the capturing stones have two liberties or more,
/// [`Taken::Ko`] when the capture is a one-stone ko, else [`Taken::No`].
///
/// `dead` marks stones already found dead: a capture by them does not count (the capturing
/// stones must be living ones, next to the string or to its liberty).
pub(super) fn taken_in_atari(position: &Position, p: Point, dead: &[bool]) -> Taken {
    let stones = position.stones();
    let p = p as usize;
    let Some(colour) = stones[p].color() else {
        return Taken::No;
    };
    let (members, liberties) = string_at(position, stones, p);
    let [liberty] = liberties[..] else {
        return Taken::No;
    };
    // the opponent plays the liberty: the string goes (with any other string of the same
    // colour left without liberties, which only helps the capturer)
    let mut after = stones.to_vec();
    after[liberty] = Stone::of(colour.opponent());
    for &m in &members {
        after[m] = Stone::Empty;
    }
    let topo = position.topology();
    let enemy = Stone::of(colour.opponent());
    let near_dead = members
        .iter()
        .chain(std::iter::once(&liberty))
        .flat_map(|&m| topo.neighbours_of(m as Point))
        .any(|&GeoPoint(q)| stones[q as usize] == enemy && dead[q as usize]);
    if near_dead {
        return Taken::No;
    }
    for &GeoPoint(q) in topo.neighbours_of(liberty as Point) {
        let q = q as usize;
        if after[q] == stones[p] && string_at(position, &after, q).1.is_empty() {
            for m in string_at(position, &after, q).0 {
                after[m] = Stone::Empty;
            }
        }
    }
    let (capturer, capturer_libs) = string_at(position, &after, liberty);
    match capturer_libs[..] {
        // in atari after the capture: a one-stone ko, or a snapback
        [retake] if members == [retake] && capturer.len() == 1 => Taken::Ko,
        [_] => Taken::No,
        [] => Taken::No, // cannot happen: the captured points are liberties
        _ => Taken::ForGood,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rows: &str) -> Position {
        crate::text::parse(rows).unwrap().position
    }

    fn none(p: &Position) -> Vec<bool> {
        vec![false; p.len()]
    }

    fn at(p: &Position, name: &str) -> Point {
        p.topology().parse_point(name).unwrap().0
    }

    #[test]
    fn a_stone_in_atari_is_taken() {
        // White B3 has one liberty, B4: Black B4 takes it and stands with A4, C4 and B3.
        let p = position("....\nXOX.\n.X..\n....\n");
        assert_eq!(taken_in_atari(&p, at(&p, "B3"), &none(&p)), Taken::ForGood);
        // Black A3 has two liberties
        assert_eq!(taken_in_atari(&p, at(&p, "A3"), &none(&p)), Taken::No);
    }

    #[test]
    fn a_one_stone_ko_is_told_apart() {
        // The ko shape: White C3 in atari at D3; Black D3 taking it stands in atari at C3,
        // and White may retake only after a pass (Japanese Rules 1989, article 7-2).
        let p = position("..XO.\n.XO.O\n..XO.\n.....\n");
        assert_eq!(taken_in_atari(&p, at(&p, "C3"), &none(&p)), Taken::Ko);
    }

    #[test]
    fn a_capture_by_dead_stones_does_not_count() {
        // White B3 is in atari, but the Black stones around it are marked dead (say, inside
        // White's territory): taking it would not make them live.
        let p = position("....\nXOX.\n.X..\n....\n");
        let mut dead = none(&p);
        dead[at(&p, "A3") as usize] = true;
        assert_eq!(taken_in_atari(&p, at(&p, "B3"), &dead), Taken::No);
    }

    #[test]
    fn a_snapback_is_not_taken_but_the_capture_after_it_is() {
        // White D1 is in atari at C1, but Black C1 joins A1-B1 into three stones whose one
        // liberty is D1: White retakes all three (a snapback; no ko rule stops it). Black
        // A1-B1 itself is in atari at C1, and White C1 takes it for good.
        let p = position("...X.\nOOOX.\nXX.OX\n");
        assert_eq!(taken_in_atari(&p, at(&p, "D1"), &none(&p)), Taken::No);
        assert_eq!(taken_in_atari(&p, at(&p, "A1"), &none(&p)), Taken::ForGood);
    }
}
