//! Checking a composed problem: does it mate (不詰), is the attacker's move unique at every
//! turn but the last (余詰; an alternative on the last move, 最終手余詰, is tolerated), does the
//! attacker end with an empty hand (持駒余り), and what are the side lines after the other
//! defences (変化; an equally long one, 変同, is a blemish but not a flaw).
//!
//! The move-by-move checks need the exact line search, so they are done for problems whose
//! main line is within [`super::Options::exact_line_plies`]; longer ones get
//! [`Verdict::Unknown`] unless they fail outright.

use super::composed::Composed;
use super::node::Node;
use super::{Mode, Options, Status, TsumeError, solve};
use crate::position::Position;
use crate::types::{Hand, Move};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Sound,
    Unsound,
    /// The checks could not all be made within the limits.
    Unknown,
}

impl Verdict {
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Unsound => "unsound",
            Verdict::Unknown => "unknown",
        }
    }
}

/// A move other than the main line's at main-line ply `ply` (0-based) and the counted length
/// of its line from that ply on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLine {
    pub ply: usize,
    pub mv: Move,
    pub plies: u32,
    /// The side line is as long as the main line from there (変同 for a defence).
    pub same_length: bool,
}

#[derive(Clone, Debug)]
pub struct CheckReport {
    pub status: Status,
    pub main_line: Vec<Move>,
    pub plies: u32,
    /// 余詰: another attacker move mating no later than the main line (not the last move).
    pub extra_mates: Vec<SideLine>,
    /// 最終手余詰: another mating last move (tolerated).
    pub last_move_alternatives: Vec<SideLine>,
    /// Pieces the attacker still holds at the end of the main line (持駒余り if any).
    pub leftover: Hand,
    /// 変化: the other defences (not useless interpositions) with their lengths.
    pub variations: Vec<SideLine>,
    pub verdict: Verdict,
    /// Human-readable reasons for the verdict.
    pub notes: Vec<String>,
    pub nodes: u64,
}

/// Checks a composed problem (the side to move attacks).
pub fn check_problem(pos: &Position, opts: &Options) -> Result<CheckReport, TsumeError> {
    let mut o = opts.clone();
    o.mode = Mode::Tsume;
    let sol = solve(pos, &o)?;
    let mut report = CheckReport {
        status: sol.status,
        main_line: sol.pv.clone(),
        plies: sol.plies,
        extra_mates: Vec::new(),
        last_move_alternatives: Vec::new(),
        leftover: Hand::default(),
        variations: Vec::new(),
        verdict: Verdict::Unknown,
        notes: Vec::new(),
        nodes: sol.nodes,
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
    let mut node = Node::new(pos.clone());
    if !sol.exact || sol.pv.len() as u32 > opts.exact_line_plies {
        report.notes.push(format!(
            "main line of {} plies is beyond the exact line search; 余詰 and 変化 not checked",
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
    let budget = opts.node_limit.unwrap_or(4_000_000);
    let bound = sol.pv.len() as u32 + 2;
    let mut c = Composed::new(&mut node, budget, false);
    let mut undos = Vec::new();
    for (i, &main) in sol.pv.iter().enumerate() {
        let b = bound - i as u32;
        let attacker = c.node.attacker_to_move();
        let here = if attacker { c.attack(b) } else { c.defend(b) };
        let Some(here) = here else { break };
        let moves = if attacker {
            c.node.checks()
        } else {
            c.node.replies()
        };
        for mv in moves {
            if mv == main {
                continue;
            }
            let u = c.node.play(mv);
            let v = if attacker {
                c.defend(b - 1)
            } else {
                c.attack(b - 1)
            };
            c.node.unplay(mv, u);
            let Some(v) = v else { continue };
            let line = SideLine {
                ply: i,
                mv,
                plies: v.counted + 1,
                same_length: v.counted + 1 == here.counted,
            };
            if attacker {
                if line.plies <= here.counted {
                    if here.counted == 1 {
                        report.last_move_alternatives.push(line);
                    } else {
                        report.extra_mates.push(line);
                    }
                }
            } else if !c.node.is_interposition(mv) || v.counted + 1 >= here.counted {
                report.variations.push(line);
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
    if report
        .variations
        .iter()
        .any(|v| v.same_length && v.plies == report.plies - v.ply as u32)
    {
        report
            .notes
            .push("変同: a side line as long as the main line".into());
    }
    report.verdict = if flawed {
        Verdict::Unsound
    } else {
        Verdict::Sound
    };
    Ok(report)
}
