//! Area, territory, group-tax and Tromp-Taylor counting.

use super::{HalfPoints, Method, Params, Score, Unavailable};
use crate::analysis::{Analysis, find_regions};
use crate::color::{Color, Stone};

/// Chinese area (子空皆地): stones plus empty points only one's own stones border; empty
/// points both colours border count half to each ("双方活棋之间的空点各得一半").
pub fn area(analysis: &Analysis, params: &Params) -> Score {
    let shared = analysis.shared_empty() as i64;
    let count = |c: Color| 2 * (analysis.stones(c) + analysis.own_empty(c)) as i64 + shared;
    let notes = vec![format!(
        "Black {} stones + {} empty, White {} stones + {} empty, {} shared point(s) half each",
        analysis.stones(Color::Black),
        analysis.own_empty(Color::Black),
        analysis.stones(Color::White),
        analysis.own_empty(Color::White),
        shared
    )];
    let total = analysis.live().len() as u32;
    Score::new(
        Method::Area,
        HalfPoints(count(Color::Black)),
        HalfPoints(count(Color::White)),
        params,
        None,
        notes,
    )
    .with_threshold(total)
}

/// Japanese territory: empty points of independently living units plus prisoners (stones
/// captured during play and dead stones); no points in seki.
pub fn territory(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    let captures = params.captures.ok_or_else(|| Unavailable {
        method: Method::Territory,
        reason: "needs the stones each side captured during play (--captures B,W)".into(),
    })?;
    let count = |c: Color| {
        analysis.independent_territory(c) as i64
            + *captures.get(c) as i64
            + analysis.dead_count(c.opponent()) as i64
    };
    let notes = vec![format!(
        "Black {} territory + {} captured + {} dead, White {} + {} + {}",
        analysis.independent_territory(Color::Black),
        captures.black,
        analysis.dead_count(Color::White),
        analysis.independent_territory(Color::White),
        captures.white,
        analysis.dead_count(Color::Black)
    )];
    Ok(Score::new(
        Method::Territory,
        HalfPoints::from_points(count(Color::Black)),
        HalfPoints::from_points(count(Color::White)),
        params,
        None,
        notes,
    ))
}

/// Stone scoring with group tax (KataGo's `tax=ALL`): stones, plus empty points of
/// independently living units, minus 2 per such unit; seki eyes and shared points score nothing.
pub fn group_tax(analysis: &Analysis, params: &Params) -> Score {
    let count = |c: Color| {
        analysis.stones(c) as i64 + analysis.independent_territory(c) as i64
            - 2 * analysis.independent_units(c) as i64
    };
    let notes = vec![format!(
        "independent units taxed 2 each: Black {}, White {}",
        analysis.independent_units(Color::Black),
        analysis.independent_units(Color::White)
    )];
    Score::new(
        Method::GroupTax,
        HalfPoints::from_points(count(Color::Black)),
        HalfPoints::from_points(count(Color::White)),
        params,
        None,
        notes,
    )
}

/// Tromp-Taylor: every stone on the board counts (dead-stone marks are ignored), plus empty
/// points that reach only one colour.
pub fn tromp_taylor(analysis: &Analysis, params: &Params) -> Score {
    let stones = analysis.original();
    // Without dead stones the board is the analysed one: its regions are already known.
    let own_regions;
    let regions = if analysis.dead().is_empty() {
        analysis.regions()
    } else {
        own_regions = find_regions(analysis.topology(), stones);
        &own_regions[..]
    };
    let count = |c: Color| {
        let s = stones.iter().filter(|&&x| x == Stone::of(c)).count();
        let e: usize = regions
            .iter()
            .filter(|r| r.owner() == Some(c))
            .map(|r| r.points.len())
            .sum();
        2 * (s + e) as i64
    };
    let mut notes = Vec::new();
    if !analysis.dead().is_empty() {
        notes.push(format!(
            "{} stone(s) marked dead are counted as on the board (Tromp-Taylor ignores marks)",
            analysis.dead().len()
        ));
    }
    Score::new(
        Method::TrompTaylor,
        HalfPoints(count(Color::Black)),
        HalfPoints(count(Color::White)),
        params,
        None,
        notes,
    )
}
