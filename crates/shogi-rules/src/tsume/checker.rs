//! Checking a composed problem: does it mate (不詰), is the attacker's move unique at every
//! turn but the last (余詰; an alternative on the last move, 最終手余詰, is tolerated), does the
//! attacker end with an empty hand (持駒余り), and what are the side lines after the other
//! defences (変化; an equally long one, 変同, is a blemish but not a flaw).
//!
//! 余詰 follows the seed text's definition (攻方在某一手可以有正解以外的著法保证获胜: at some
//! attacker turn another move also forces mate): every other check is searched for a mate
//! at all, not only for a shorter one. A longer alternative whose line comes back to a
//! later position of the main line is reported apart as a detour (迂回手順), which is a
//! blemish and not a second solution.
//!
//! The move-by-move checks need the exact line, so they are done when the main line's
//! length was proven exact; otherwise the verdict is [`Verdict::Unknown`] unless the
//! problem fails outright (不詰, 持駒余り).

use std::time::Instant;

use super::composed::Composed;
use super::dfpn::Search;
use super::line::proof_line;
use super::node::Node;
use super::table::{INF, Probe};
use super::{Mode, Options, Status, TsumeError, solve};
use crate::position::Position;
use crate::types::{Hand, Move};

/// Node budget of the df-pn search deciding whether one alternative check mates.
const ALT_NODES: u64 = 400_000;

/// The verdict on a composed problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Verdict {
    /// A unique mate by the conventions (blemishes tolerated).
    Sound,
    /// No mate, or a flaw: a second solution (余詰), pieces left in hand (持駒余り) or a
    /// defence longer than the main line.
    Unsound,
    /// The checks could not all be made within the limits.
    Unknown,
    /// The problem mates and no flaw was found, but some alternative first move could be
    /// neither proven to mate nor refuted within the budget ([`CheckReport::undecided`]):
    /// it may still be a second solution, so the problem is not called sound.
    Undecided,
}

impl Verdict {
    /// Machine-friendly name: `sound`, `unsound`, `unknown` or `undecided`.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Unsound => "unsound",
            Verdict::Unknown => "unknown",
            Verdict::Undecided => "undecided",
        }
    }
}

/// A move other than the main line's at main-line ply `ply` (0-based) and the counted length
/// of its line from that ply on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLine {
    /// The ply of the main line the side line leaves it at (0-based).
    pub ply: usize,
    /// The side line's first move.
    pub mv: Move,
    /// The counted length of the side line from that ply on (0 when unknown).
    pub plies: u32,
    /// The side line is as long as the main line from there (変同 for a defence).
    pub same_length: bool,
}

/// What [`check_problem`] found about a composed problem.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CheckReport {
    /// Whether the problem mates at all.
    pub status: Status,
    /// The main line (the solution), as a principal variation: named `pv` like
    /// [`super::Solution::pv`] so that a mate search and a problem check say the same thing.
    pub pv: Vec<Move>,
    /// The counted length of the main line.
    pub plies: u32,
    /// 余詰: another attacker move that also forces mate (not on the last move); `plies`
    /// is its exact length, 0 when it is longer than the main line from there.
    pub extra_mates: Vec<SideLine>,
    /// Longer alternative mates that return to the main line (迂回手順, tolerated).
    pub detours: Vec<SideLine>,
    /// The main-line move with the other promotion choice, also mating (成生非限定: a
    /// blemish, not a second solution).
    pub promotion_choices: Vec<SideLine>,
    /// Alternative checks whose mate could not be decided within the budget (no mate was
    /// found for them); while any is listed, a problem without flaws is
    /// [`Verdict::Undecided`], not sound.
    pub undecided: Vec<SideLine>,
    /// 最終手余詰: another mating last move (tolerated).
    pub last_move_alternatives: Vec<SideLine>,
    /// Pieces the attacker still holds at the end of the main line (持駒余り if any);
    /// serialized as their number, `leftover_pieces`.
    #[cfg_attr(
        feature = "serde",
        serde(
            rename = "leftover_pieces",
            serialize_with = "crate::serialization::hand_total"
        )
    )]
    pub leftover: Hand,
    /// 変化: the other defences (not useless interpositions) with their lengths.
    pub variations: Vec<SideLine>,
    /// The verdict.
    pub verdict: Verdict,
    /// Human-readable reasons for the verdict.
    pub notes: Vec<String>,
    /// Search nodes, all phases.
    pub nodes: u64,
    /// The limit that stopped the solving of the main line, if one did (see
    /// [`super::Solution::limit`]); side lines cut short are listed in `undecided`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub limit: Option<super::Limit>,
}

/// Checks a composed problem (the side to move attacks).
pub fn check_problem(pos: &Position, opts: &Options) -> Result<CheckReport, TsumeError> {
    let start = Instant::now();
    let mut o = opts.clone();
    o.mode = Mode::Tsume;
    let sol = solve(pos, &o)?;
    let mut report = CheckReport {
        status: sol.status,
        pv: sol.pv.clone(),
        plies: sol.plies,
        extra_mates: Vec::new(),
        detours: Vec::new(),
        promotion_choices: Vec::new(),
        undecided: Vec::new(),
        last_move_alternatives: Vec::new(),
        leftover: Hand::default(),
        variations: Vec::new(),
        verdict: Verdict::Unknown,
        notes: Vec::new(),
        nodes: sol.nodes,
        limit: sol.limit,
    };
    match sol.status {
        Status::NoMate => {
            report.verdict = Verdict::Unsound;
            report
                .notes
                .push("不詰: the attacker has no forced mate".into());
            return Ok(report);
        }
        Status::Unknown => {
            report
                .notes
                .push("the search stopped before deciding mate".into());
            return Ok(report);
        }
        Status::Mate => {}
    }
    let mut node = Node::new(pos.clone());
    for &mv in &sol.pv {
        node.play(mv);
    }
    report.leftover = node.attacker_hand();
    if !sol.exact {
        report.notes.push(format!(
            "main line of {} plies is not proven exact; 余詰 and 変化 not checked",
            sol.pv.len()
        ));
        if !report.leftover.is_empty() {
            report.verdict = Verdict::Unsound;
            report
                .notes
                .push("持駒余り: the attacker ends with pieces in hand".into());
        }
        return Ok(report);
    }
    let budget = opts.node_limit.unwrap_or(opts.exact_line_nodes);
    let deadline = opts.time_limit.map(|t| start + t);
    let total = sol.pv.len() as u32;
    // Which alternative checks mate at all: one df-pn search whose table serves every
    // alternative (and later bounds the exact searches).
    let mut search = Search::new(Node::new(pos.clone()), opts.table_entries);
    search.deadline = deadline;
    search.stop.clone_from(&opts.stop);
    search.progress.clone_from(&opts.progress);
    let mut alternatives = Vec::new();
    let mut undos = Vec::new();
    for (i, &main) in sol.pv.iter().enumerate() {
        if search.node.attacker_to_move() && i + 1 < sol.pv.len() {
            for mv in search.node.checks() {
                if mv == main {
                    continue;
                }
                let u = search.node.play(mv);
                search.node_limit = search.nodes.saturating_add(ALT_NODES);
                let p = search.solve(INF);
                search.node.unplay(mv, u);
                match p {
                    Probe::Proven { .. } => {
                        // Positions of its proof line, to tell a detour back into the
                        // main line from a second solution.
                        let u = search.node.play(mv);
                        let line = proof_line(&mut search, true).unwrap_or_default();
                        let mut keys = Vec::new();
                        let mut us = Vec::new();
                        for &m in &line {
                            us.push((m, search.node.play(m)));
                            keys.push(search.node.full_key());
                        }
                        while let Some((m, u2)) = us.pop() {
                            search.node.unplay(m, u2);
                        }
                        search.node.unplay(mv, u);
                        let rejoins = keys.iter().any(|k| main_keys_ahead(pos, &sol.pv, i, *k));
                        alternatives.push((i, mv, rejoins));
                    }
                    Probe::Disproven { .. } => {}
                    Probe::Open { .. } => report.undecided.push(SideLine {
                        ply: i,
                        mv,
                        plies: 0,
                        same_length: false,
                    }),
                }
            }
        }
        undos.push((main, search.node.play(main)));
    }
    while let Some((mv, u)) = undos.pop() {
        search.node.unplay(mv, u);
    }
    report.nodes += search.nodes;
    let mut floor = Search::new(Node::new(pos.clone()), opts.table_entries);
    let mut c = Composed::new(Node::new(pos.clone()), Some(&search.table), budget, false)
        .with_floor(&mut floor);
    c.deadline = deadline;
    c.stop.clone_from(&opts.stop);
    c.progress.clone_from(&opts.progress);
    let mut undos = Vec::new();
    for (i, &main) in sol.pv.iter().enumerate() {
        let rem = total - i as u32;
        if c.node.attacker_to_move() {
            for &(_, mv, rejoins) in alternatives.iter().filter(|(p, _, _)| *p == i) {
                // The exact length matters when the alternative is no longer than the main
                // line from here (a second solution whatever its route).
                let u = c.node.play(mv);
                let v = c.defend(rem - 1);
                c.node.unplay(mv, u);
                let plies = v.map_or(0, |v| v.counted + 1);
                let side = SideLine {
                    ply: i,
                    mv,
                    plies,
                    same_length: plies == rem,
                };
                if same_but_promotion(mv, main) {
                    report.promotion_choices.push(side);
                } else if v.is_none() && rejoins {
                    report.detours.push(side);
                } else {
                    report.extra_mates.push(side);
                }
            }
            if rem == 1 {
                for mv in c.node.checks() {
                    if mv == main {
                        continue;
                    }
                    let u = c.node.play(mv);
                    let v = c.defend(0);
                    c.node.unplay(mv, u);
                    if v.is_some() {
                        report.last_move_alternatives.push(SideLine {
                            ply: i,
                            mv,
                            plies: 1,
                            same_length: true,
                        });
                    }
                }
            }
        } else {
            for (mv, v, useless) in c.defences(rem) {
                if mv == main || useless {
                    continue;
                }
                let plies = v.map_or(0, |v| v.counted);
                report.variations.push(SideLine {
                    ply: i,
                    mv,
                    plies,
                    same_length: plies == rem,
                });
            }
        }
        undos.push((main, c.node.play(main)));
    }
    let aborted = c.aborted;
    report.nodes += c.nodes;
    while let Some((mv, u)) = undos.pop() {
        c.node.unplay(mv, u);
    }
    if aborted {
        report
            .notes
            .push("the node budget ran out during the checks".into());
        return Ok(report);
    }
    let mut flawed = false;
    if !report.extra_mates.is_empty() {
        flawed = true;
        report.notes.push(format!(
            "余詰: {} alternative mating move(s) before the last move",
            report.extra_mates.len()
        ));
    }
    if !report.leftover.is_empty() {
        flawed = true;
        report
            .notes
            .push("持駒余り: the attacker ends with pieces in hand".into());
    }
    if !report.last_move_alternatives.is_empty() {
        report.notes.push("最終手余詰 (tolerated)".into());
    }
    if !report.promotion_choices.is_empty() {
        report
            .notes
            .push("成生非限定: promoting or not both mate (tolerated)".into());
    }
    if !report.detours.is_empty() {
        report
            .notes
            .push("迂回手順: a longer alternative returns to the main line".into());
    }
    if report.variations.iter().any(|v| v.same_length) {
        report
            .notes
            .push("変化同手数 (変同): a side line as long as the main line".into());
    }
    if report.variations.iter().any(|v| v.plies == 0) {
        // Cannot happen when the main line is the longest resistance; kept as a guard.
        report
            .notes
            .push("変化長手数: a defence not mated within the main line's length".into());
        flawed = true;
    }
    if !report.undecided.is_empty() {
        // Not a flaw found, but not soundness either: each may be a second solution.
        let named: Vec<String> = report
            .undecided
            .iter()
            .map(|u| format!("{} at ply {}", crate::usi::format_move(u.mv), u.ply + 1))
            .collect();
        report.notes.push(format!(
            "{} alternative check(s) neither proven nor refuted within the budget: {}",
            report.undecided.len(),
            named.join(", ")
        ));
    }
    report.verdict = if flawed {
        Verdict::Unsound
    } else if !report.undecided.is_empty() {
        Verdict::Undecided
    } else {
        Verdict::Sound
    };
    Ok(report)
}

/// Whether the position with key `key` occurs on the main line after ply `ply`.
fn main_keys_ahead(start: &Position, pv: &[Move], ply: usize, key: u64) -> bool {
    let mut pos = start.clone();
    for (j, &mv) in pv.iter().enumerate() {
        pos.play_unchecked(mv);
        if j >= ply && pos.key() == key {
            return true;
        }
    }
    false
}

/// The two moves differ only in promotion.
fn same_but_promotion(a: Move, b: Move) -> bool {
    matches!((a, b), (
        Move::Board { from: f1, to: t1, promote: p1 },
        Move::Board { from: f2, to: t2, promote: p2 },
    ) if f1 == f2 && t1 == t2 && p1 != p2)
}
