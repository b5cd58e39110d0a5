//! KataGo's seki test and independent-life areas (its `calculateIndependentLifeArea`), on the
//! position with the dead stones removed.
//!
//! Source: the reference digest `specs/go.md` §2.4-2.5 (KataGo rules v2 and `board.cpp`).
//! Each point is first given to a colour: a stone to its own, an empty point to the only colour
//! its empty region borders, nobody otherwise (a dame). A connected set of one colour's points
//! is an *area*; an area is **seki** when one of its stones belongs to a chain with exactly one
//! liberty, or when one of its points touches a dame; every other area is an
//! *independent-life region*. Under KataGo's `tax=SEKI` the empty points of seki areas score
//! for nobody; under `tax=ALL` each independent-life region also pays 2 points.
//!
//! This differs from the document's analysis ([`crate::Analysis`]), which calls a unit seki
//! only when it shares a liberty with the other colour: for KataGo an unfilled dame beside an
//! otherwise independent group is enough, and so is a chain in atari.
//!
//! A finished game reaches KataGo's count only after its cleanup (the encore of territory
//! rules, the dame-filling of area rules): dame that one side or both can fill are filled
//! there, and filling them moves no score (territory rules count a cleanup move back; area
//! rules split them). So a dame the document's analysis finds fillable
//! ([`PointClass::Dame`](crate::PointClass::Dame), or a road of one side inside a shared
//! region) is taken as filled and makes no area seki; only a liberty neither side can fill
//! ([`PointClass::SharedEye`](crate::PointClass::SharedEye)) does, as after KataGo's encore.
//! [`IndependentLife::fillable_dame`] counts the dame so taken, for reports to mention.

use crate::analysis::{Analysis, PointClass, find_regions};
use crate::color::{Color, PerColor, Stone};
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// Why KataGo counts an area as seki.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SekiCause {
    /// The area touches this dame: an empty point no colour owns alone that neither side can
    /// fill (a shared liberty of a seki).
    Dame(Point),
    /// The stone at this point belongs to a chain with a single liberty.
    Atari(Point),
}

/// One connected area of a colour: its stones and the empty points it owns alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// The colour.
    pub color: Color,
    /// Its stones, ascending.
    pub stones: Vec<Point>,
    /// Its empty points (dead stones removed), ascending.
    pub empty: Vec<Point>,
    /// `None` for an independent-life region, else why it is seki.
    pub seki: Option<SekiCause>,
}

/// Every area of a position, with per-colour sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndependentLife {
    /// The areas in order of their smallest point.
    pub areas: Vec<Area>,
    /// Stones on the board after the dead are removed, per colour.
    pub stones: PerColor<u32>,
    /// Empty points only one colour borders, seki areas included (KataGo `tax=NONE`).
    pub owned_empty: PerColor<u32>,
    /// Empty points of independent-life regions (KataGo `tax=SEKI` and `tax=ALL`).
    pub independent_empty: PerColor<u32>,
    /// Independent-life regions (each pays 2 points under `tax=ALL`).
    pub regions: PerColor<u32>,
    /// Empty points no colour owns alone that a side can fill: taken as filled in the cleanup,
    /// they make no area seki and score for nobody.
    pub fillable_dame: u32,
}

impl IndependentLife {
    /// The areas KataGo counts as seki.
    pub fn seki_areas(&self) -> impl Iterator<Item = &Area> {
        self.areas.iter().filter(|a| a.seki.is_some())
    }
}

/// Splits the analysed position (dead stones removed) into KataGo's areas.
pub fn independent_life(analysis: &Analysis) -> IndependentLife {
    let topology = analysis.topology();
    let live = analysis.live();
    let n = live.len();
    // owner per point: a stone's colour, or the only colour its empty region borders
    let mut owner: Vec<Option<Color>> = live.iter().map(|s| s.color()).collect();
    let mut owned_empty = PerColor::new(0u32, 0u32);
    let mut fillable_dame = 0;
    for region in find_regions(topology, live) {
        match region.owner() {
            Some(c) => {
                *owned_empty.get_mut(c) += region.points.len() as u32;
                for &p in &region.points {
                    owner[p as usize] = Some(c);
                }
            }
            None => {
                fillable_dame += region
                    .points
                    .iter()
                    .filter(|&&p| analysis.class(p) != PointClass::SharedEye)
                    .count() as u32;
            }
        }
    }
    let liberties = chain_liberties(analysis);
    let mut stones = PerColor::new(0u32, 0u32);
    let mut independent_empty = PerColor::new(0u32, 0u32);
    let mut regions = PerColor::new(0u32, 0u32);
    let mut areas = Vec::new();
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for start in 0..n {
        let Some(color) = owner[start] else { continue };
        if seen[start] {
            continue;
        }
        let mut area = Area {
            color,
            stones: Vec::new(),
            empty: Vec::new(),
            seki: None,
        };
        seen[start] = true;
        stack.push(start as Point);
        while let Some(p) = stack.pop() {
            if live[p as usize] == Stone::Empty {
                area.empty.push(p);
            } else {
                area.stones.push(p);
                if liberties[p as usize] == 1 && area.seki.is_none() {
                    area.seki = Some(SekiCause::Atari(p));
                }
            }
            for &GeoPoint(q) in topology.neighbours_of(p) {
                let q_owner = owner[q as usize];
                if q_owner == Some(color) {
                    if !seen[q as usize] {
                        seen[q as usize] = true;
                        stack.push(q);
                    }
                } else if q_owner.is_none()
                    && area.seki.is_none()
                    && analysis.class(q) == PointClass::SharedEye
                {
                    // an empty point nobody owns alone and nobody can fill
                    area.seki = Some(SekiCause::Dame(q));
                }
            }
        }
        area.stones.sort_unstable();
        area.empty.sort_unstable();
        *stones.get_mut(color) += area.stones.len() as u32;
        if area.seki.is_none() {
            *independent_empty.get_mut(color) += area.empty.len() as u32;
            *regions.get_mut(color) += 1;
        }
        areas.push(area);
    }
    IndependentLife {
        areas,
        stones,
        owned_empty,
        independent_empty,
        regions,
        fillable_dame,
    }
}

/// The liberty count of each stone's chain (0 on empty points).
fn chain_liberties(analysis: &Analysis) -> Vec<u32> {
    let topology = analysis.topology();
    let live = analysis.live();
    let n = live.len();
    let mut out = vec![0u32; n];
    let mut seen = vec![false; n];
    let mut liberty_mark = vec![usize::MAX; n];
    let mut chain = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if live[start] == Stone::Empty || seen[start] {
            continue;
        }
        let s = live[start];
        chain.clear();
        let mut count = 0u32;
        seen[start] = true;
        stack.push(start as Point);
        while let Some(p) = stack.pop() {
            chain.push(p);
            for &GeoPoint(q) in topology.neighbours_of(p) {
                let t = live[q as usize];
                if t == Stone::Empty {
                    if liberty_mark[q as usize] != start {
                        liberty_mark[q as usize] = start;
                        count += 1;
                    }
                } else if t == s && !seen[q as usize] {
                    seen[q as usize] = true;
                    stack.push(q);
                }
            }
        }
        for &p in &chain {
            out[p as usize] = count;
        }
    }
    out
}
