//! Area, territory, group-tax and Tromp-Taylor counting.

use super::{Counted, HalfPoints, Method, Notes, Params, Score, Unavailable};
use crate::analysis::{Analysis, find_regions};
use crate::color::{Color, Stone};
use crate::madeup::Tally;

fn counted<B>(black: i64, white: i64, total: Option<u32>) -> Counted<B> {
    Counted {
        black: HalfPoints(black),
        white: HalfPoints(white),
        board: None,
        total,
    }
}

/// Chinese area (子空皆地): stones plus empty points only one's own stones border; empty
/// points both colours border count half to each ("双方活棋之间的空点各得一半").
pub fn area(analysis: &Analysis, params: &Params) -> Score {
    let mut notes = Notes::collecting();
    area_on::<Tally>(analysis, &mut notes).into_score(Method::Area, params, notes)
}

pub(crate) fn area_on<B>(analysis: &Analysis, notes: &mut Notes) -> Counted<B> {
    let shared = analysis.shared_empty() as i64;
    let count = |c: Color| 2 * (analysis.stones(c) + analysis.own_empty(c)) as i64 + shared;
    notes.push(|| {
        format!(
            "Black {} stones + {} empty, White {} stones + {} empty, {} shared point(s) half each",
            analysis.stones(Color::Black),
            analysis.own_empty(Color::Black),
            analysis.stones(Color::White),
            analysis.own_empty(Color::White),
            shared
        )
    });
    let total = analysis.live().len() as u32;
    counted(count(Color::Black), count(Color::White), Some(total))
}

/// Japanese territory: empty points of independently living units plus prisoners (stones
/// captured during play and dead stones); no points in seki.
pub fn territory(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::Territory, params)
}

pub(crate) fn territory_on<B>(
    analysis: &Analysis,
    params: &Params,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    let captures = params.captures.ok_or_else(|| Unavailable {
        method: Method::Territory,
        reason: "needs the stones each side captured during play (--captures B,W)".into(),
        komi: params.komi,
    })?;
    let count = |c: Color| {
        analysis.independent_territory(c) as i64
            + *captures.get(c) as i64
            + analysis.dead_count(c.opponent()) as i64
    };
    notes.push(|| {
        format!(
            "Black {} territory + {} captured + {} dead, White {} + {} + {}",
            analysis.independent_territory(Color::Black),
            captures.black,
            analysis.dead_count(Color::White),
            analysis.independent_territory(Color::White),
            captures.white,
            analysis.dead_count(Color::Black)
        )
    });
    Ok(counted(
        2 * count(Color::Black),
        2 * count(Color::White),
        None,
    ))
}

/// Stone scoring with group tax (KataGo's `tax=ALL`): stones, plus empty points of
/// independently living units, minus 2 per such unit; seki eyes and shared points score nothing.
pub fn group_tax(analysis: &Analysis, params: &Params) -> Score {
    let mut notes = Notes::collecting();
    group_tax_on::<Tally>(analysis, &mut notes).into_score(Method::GroupTax, params, notes)
}

pub(crate) fn group_tax_on<B>(analysis: &Analysis, notes: &mut Notes) -> Counted<B> {
    let count = |c: Color| {
        analysis.stones(c) as i64 + analysis.independent_territory(c) as i64
            - 2 * analysis.independent_units(c) as i64
    };
    notes.push(|| {
        format!(
            "independent units taxed 2 each: Black {}, White {}",
            analysis.independent_units(Color::Black),
            analysis.independent_units(Color::White)
        )
    });
    counted(2 * count(Color::Black), 2 * count(Color::White), None)
}

/// Tromp-Taylor: every stone on the board counts (dead-stone marks are ignored), plus empty
/// points that reach only one colour.
pub fn tromp_taylor(analysis: &Analysis, params: &Params) -> Score {
    let mut notes = Notes::collecting();
    tromp_taylor_on::<Tally>(analysis, &mut notes).into_score(Method::TrompTaylor, params, notes)
}

pub(crate) fn tromp_taylor_on<B>(analysis: &Analysis, notes: &mut Notes) -> Counted<B> {
    let [black, white] = if analysis.dead().is_empty() {
        // Without dead stones the board is the analysed one: its counts are known.
        Color::ALL.map(|c| 2 * (analysis.stones(c) + analysis.own_empty(c)) as i64)
    } else {
        let stones = analysis.original();
        let regions = find_regions(analysis.topology(), stones);
        Color::ALL.map(|c| {
            let s = stones.iter().filter(|&&x| x == Stone::of(c)).count();
            let e: usize = regions
                .iter()
                .filter(|r| r.owner() == Some(c))
                .map(|r| r.points.len())
                .sum();
            2 * (s + e) as i64
        })
    };
    if !analysis.dead().is_empty() {
        notes.push(|| {
            format!(
                "{} stone(s) marked dead are counted as on the board (Tromp-Taylor ignores marks)",
                analysis.dead().len()
            )
        });
    }
    counted(black, white, None)
}
