//! The group a life-and-death reading is about, and its static evaluation.
//!
//! A *dragon* is a string with the strings of its colour it is joined to through a shared
//! liberty: a diagonal step (two shared liberties, miai) or a one-point gap, as a player sees a
//! group; the reading plays the cuts. Its *domain* is the part of the board its colour is nearer
//! to than the opponent (a Voronoi split of the empty points by distance to the nearest living
//! stone of either colour), reached from the dragon's liberties: the room in which it can still
//! make eyes. The reading ([`super::owl`]) asks this evaluation at each node:
//! - *dead* when the string is captured, or when the dragon has no two eyes and cannot make
//!   them: fewer than two real eyes plus what its domain can still hold, no opposing string
//!   beside it short of liberties (a capture or a capturing race could still give it life,
//!   and a seki must never be read dead), no liberty next to another string of its colour
//!   (one move would join them) and no way to a living string of its colour;
//! - *alive* when it touches a living string of its colour (or its domain reaches one), has two
//!   real eyes (enclosed regions, a one-point one with its diagonals held as a false eye is no
//!   eye), or has escaped into a domain large enough for two eyes of its own;
//! - *open* otherwise, and the reading goes on.
//!
//! Those are the usual static judgements of a life-and-death reader (GNU Go's owl counts eye
//! space the same way, with a move generator restricted to the group's surroundings); they are
//! estimates of eye potential, so the reading's verdicts are labelled "read", never "proved".

use super::owl::Board;
use crate::color::Stone;

/// A domain of at least this many empty points holds two eyes (or room to run): the dragon has
/// escaped. The largest killable eye spaces have six points.
pub(super) const ESCAPE_POINTS: usize = 12;
/// A domain's empty points worth one more possible eye (a straight three can be made two
/// eyes when its owner takes the middle).
const ONE_EYE_POINTS: usize = 3;
/// A domain's empty points worth two more possible eyes.
const TWO_EYE_POINTS: usize = 7;
/// An opposing string whose life is not known by reading (an estimate, or a seki partner),
/// with at most this many liberties, one shared with the dragon, may be in a capturing race or
/// a seki with it: no static death then.
const RACE_LIBERTIES: usize = 4;
/// How far from any stone a point may lie and still be split between the colours: farther
/// points are open ground, nobody's domain.
const DOMAIN_REACH: u8 = 3;

/// What the static evaluation says of the dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Eval {
    /// Captured, or no two eyes and no way to make them.
    Dead,
    /// Connected to life, two real eyes, or escaped.
    Alive,
    /// Neither: the reading goes on.
    Open,
}

/// The dragon through one string at one node, with what its moves are chosen from.
#[derive(Clone, Debug, Default)]
pub(super) struct Dragon {
    /// Its stones.
    pub(super) stones: Vec<usize>,
    /// Its liberties.
    pub(super) liberties: Vec<usize>,
    /// The empty points of its domain (its liberties among them).
    pub(super) domain: Vec<usize>,
    /// Liberties of opposing strings beside it with two liberties or fewer (captures,
    /// capturing races), and of its own strings in atari.
    pub(super) urgent: Vec<usize>,
    /// It holds a living stone whose verdict is not an estimate, or has two real eyes: alive
    /// without counting on its domain or on random play.
    pub(super) firm: bool,
}

/// Stones the reading takes as settled: living ones (a dragon touching one lives) and dead
/// ones (counted as empty room for the domain).
pub(super) struct Known<'a> {
    /// Living stones (Benson's, read alive, or alive on the estimate).
    pub(super) alive: &'a [bool],
    /// The living stones whose verdict is not an estimate.
    pub(super) firm: &'a [bool],
    /// Dead stones.
    pub(super) dead: &'a [bool],
}

/// The dragon through `anchor` (a stone of colour `own`) and the static evaluation of it.
pub(super) fn evaluate(
    board: &Board<'_>,
    anchor: usize,
    own: Stone,
    known: &Known,
) -> (Eval, Dragon) {
    if board.stones[anchor] != own {
        return (Eval::Dead, Dragon::default());
    }
    let n = board.stones.len();
    let enemy = opposite(own);
    // the strings of the dragon, joined by uncuttable links
    let mut in_dragon = vec![false; n];
    let mut strings: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    let first = board.string(anchor);
    first.0.iter().for_each(|&p| in_dragon[p] = true);
    strings.push(first);
    let mut k = 0;
    while k < strings.len() {
        let libs = strings[k].1.clone();
        k += 1;
        // own strings sharing a liberty with this one
        let mut near: Vec<usize> = Vec::new();
        for &l in &libs {
            for &q in board.neighbours(l) {
                if board.stones[q] == own && !in_dragon[q] && !near.contains(&q) {
                    near.push(q);
                }
            }
        }
        for q in near {
            if in_dragon[q] {
                continue;
            }
            let other = board.string(q);
            let shared: Vec<usize> = other
                .1
                .iter()
                .copied()
                .filter(|l| libs.contains(l))
                .collect();
            if !shared.is_empty() {
                other.0.iter().for_each(|&p| in_dragon[p] = true);
                strings.push(other);
            }
        }
    }
    let mut dragon = Dragon::default();
    let mut is_liberty = vec![false; n];
    for (stones, libs) in &strings {
        dragon.stones.extend_from_slice(stones);
        for &l in libs {
            if !is_liberty[l] {
                is_liberty[l] = true;
                dragon.liberties.push(l);
            }
        }
        if libs.len() == 1 {
            dragon.urgent.push(libs[0]);
        }
    }
    if dragon.stones.iter().any(|&p| known.alive[p]) {
        dragon.firm = dragon.stones.iter().any(|&p| known.firm[p]);
        return (Eval::Alive, dragon);
    }
    // opposing strings beside it short of liberties
    let mut short_enemy = false;
    let mut seen = vec![false; n];
    for &p in &dragon.stones {
        for &q in board.neighbours(p) {
            if board.stones[q] != enemy || seen[q] {
                continue;
            }
            let (stones, libs) = board.string(q);
            stones.iter().for_each(|&s| seen[s] = true);
            if libs.len() <= 2 {
                short_enemy = true;
                dragon.urgent.extend_from_slice(&libs);
            } else if libs.len() <= RACE_LIBERTIES
                && !known.firm[q]
                && libs.iter().any(|l| dragon.liberties.contains(l))
            {
                // an opposing string short of liberties sharing one with it: a capturing race
                // or a seki, which only reading to the capture decides
                short_enemy = true;
            }
        }
    }
    // real eyes: empty regions every neighbour of which is a stone of the dragon
    let mut eyes = 0;
    let mut in_eye = vec![false; n];
    let mut region_seen = vec![false; n];
    for &l in &dragon.liberties {
        if region_seen[l] {
            continue;
        }
        let (region, closed) = board.enclosed_region(l, &in_dragon, &mut region_seen);
        if !closed {
            continue;
        }
        let real = match region.len() {
            1 => !board.false_eye(region[0], own, known.dead),
            _ => true,
        };
        if real {
            region.iter().for_each(|&p| in_eye[p] = true);
            eyes += if region.len() >= TWO_EYE_POINTS { 2 } else { 1 };
        }
    }
    if eyes >= 2 {
        dragon.firm = true;
        return (Eval::Alive, dragon);
    }
    // the domain: empty points nearer the dragon's colour, reached from its liberties through
    // such points and its colour's stones
    let near_own = board.distances(own, known.dead);
    let near_enemy = board.distances(enemy, known.dead);
    let ours = |p: usize| near_own[p] < near_enemy[p];
    let mut reached = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    for &l in &dragon.liberties {
        if ours(l) && !reached[l] {
            reached[l] = true;
            stack.push(l);
        }
    }
    let mut joins_life = false;
    while let Some(p) = stack.pop() {
        if board.stones[p] == Stone::Empty || known.dead[p] {
            if !in_eye[p] {
                dragon.domain.push(p);
            }
        } else if known.alive[p] {
            joins_life = true;
        }
        for &q in board.neighbours(p) {
            if reached[q] {
                continue;
            }
            let walk = if board.stones[q] == own {
                !known.dead[q]
            } else {
                (board.stones[q] == Stone::Empty || known.dead[q]) && ours(q)
            };
            if walk {
                reached[q] = true;
                stack.push(q);
            }
        }
    }
    if joins_life || dragon.domain.len() >= ESCAPE_POINTS {
        return (Eval::Alive, dragon);
    }
    let potential = match dragon.domain.len() {
        d if d >= TWO_EYE_POINTS => 2,
        d if d >= ONE_EYE_POINTS => 1,
        _ => 0,
    };
    // a liberty next to a stone of its colour outside the dragon: one move joins them
    let can_join = dragon.liberties.iter().any(|&l| {
        board
            .neighbours(l)
            .iter()
            .any(|&q| board.stones[q] == own && !in_dragon[q] && !known.dead[q])
    });
    if eyes + potential < 2 && !short_enemy && !can_join {
        return (Eval::Dead, dragon);
    }
    (Eval::Open, dragon)
}

/// The other colour of a stone (empty stays empty).
pub(super) fn opposite(s: Stone) -> Stone {
    match s {
        Stone::Black => Stone::White,
        Stone::White => Stone::Black,
        Stone::Empty => Stone::Empty,
    }
}

impl Board<'_> {
    /// How far (in steps over empty points and dead stones, up to [`DOMAIN_REACH`]) each
    /// point lies from the nearest living stone of colour `c`; `u8::MAX` beyond.
    pub(super) fn distances(&self, c: Stone, dead: &[bool]) -> Vec<u8> {
        let n = self.stones.len();
        let mut dist = vec![u8::MAX; n];
        let mut frontier: Vec<usize> = (0..n)
            .filter(|&p| self.stones[p] == c && !dead[p])
            .collect();
        frontier.iter().for_each(|&p| dist[p] = 0);
        for d in 1..=DOMAIN_REACH {
            let mut next = Vec::new();
            for &p in &frontier {
                for &q in self.neighbours(p) {
                    let open = self.stones[q] == Stone::Empty || dead[q];
                    if open && dist[q] == u8::MAX {
                        dist[q] = d;
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        dist
    }
}

#[cfg(test)]
mod tests {
    use super::super::owl::Reader;
    use super::*;
    use crate::position::Position;

    fn position(rows: &str) -> Position {
        crate::text::parse(rows).unwrap().position
    }

    fn at(p: &Position, name: &str) -> usize {
        p.topology().parse_point(name).unwrap().0 as usize
    }

    /// The static judgement of the dragon through `stone`, nothing known about the rest.
    fn judge(p: &Position, stone: &str) -> Eval {
        let none = vec![false; p.len()];
        let reader = Reader::new(p, &none, &none, &none);
        let own = p.stones()[at(p, stone)];
        reader.judge(at(p, stone), own)
    }

    #[test]
    fn two_real_eyes_are_alive() {
        // Black's string holds B1 and D1, each a one-point eye whose diagonals on the second
        // line are Black's own: two real eyes (Go theory; J1989 7-1: it cannot be captured).
        let p = position(".....\nXXXXX\nXXXXX\nXXXXX\nX.X.X\n");
        assert_eq!(judge(&p, "A1"), Eval::Alive);
    }

    #[test]
    fn a_false_eye_is_not_a_second_eye() {
        // The same string with White on E2: D1's diagonal E2 is the opponent's, and on the
        // edge one opposing diagonal makes D1 a false eye (the eye test of `eyes`): one real
        // eye only, so the string is not judged alive.
        let p = position("......\nXXXXX.\nXXXXX.\nXXXXO.\nX.X.X.\n");
        assert_ne!(judge(&p, "A1"), Eval::Alive);
    }

    #[test]
    fn a_lone_stone_inside_a_wall_with_no_room_is_dead() {
        // White D4 inside Black's ring C2-E5 (with many liberties outside): no eye, no point
        // nearer White than Black, no opposing string short of liberties, nothing of its
        // colour to join: dead without reading.
        let p = position(".......\n.......\n..XXX..\n..XOX..\n..X.X..\n..XXX..\n.......\n");
        assert_eq!(judge(&p, "D4"), Eval::Dead);
    }

    #[test]
    fn a_stone_beside_an_opponent_short_of_liberties_is_not_judged_dead() {
        // The same stone, with Black D5 above it held in atari by White C5 and E5: White D6
        // takes it and D4 gains room, so only reading decides (a capture or a capturing race
        // may give life, and a seki must never be judged dead without reading).
        let p = position(".......\n.......\n..OXO..\n..XOX..\n..X.X..\n..XXX..\n.......\n");
        assert_ne!(judge(&p, "D4"), Eval::Dead);
    }
}
