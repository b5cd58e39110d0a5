//! Repetition detection, the cycle to judge, and the verdict with its explanation.

use board_core::Outcome;
use board_core::repetition::History;
use std::fmt;

use super::board::{Board, BoardError};
use super::effects::{
    EffectKind, MoveAnalysis, Note, answer_mate_threats, classify, held_rook_static_attack,
    mate_threat_self_ruined,
};
use super::notation::chinese;
use super::rules::{Ruleset, StrikeCounting};
use crate::piece::side_name;
use crate::{Move, Position, Side, Square};

/// The outcome of adjudicating a game history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Verdict {
    /// Red must vary and, not varying, loses.
    RedLoses,
    /// Black must vary and, not varying, loses.
    BlackLoses,
    /// Neither side is obliged to vary: a draw.
    Draw,
    /// No position repeated: nothing to judge.
    NoRepetition,
}

impl Verdict {
    /// The JSON spelling.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::RedLoses => "red_loses",
            Verdict::BlackLoses => "black_loses",
            Verdict::Draw => "draw",
            Verdict::NoRepetition => "no_repetition",
        }
    }

    /// The game result this verdict gives: the other side wins when one side loses; `None`
    /// when nothing repeated.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Verdict::RedLoses => Some(Outcome::Decisive {
                winner: Side::Second,
            }),
            Verdict::BlackLoses => Some(Outcome::Decisive {
                winner: Side::First,
            }),
            Verdict::Draw => Some(Outcome::Draw),
            Verdict::NoRepetition => None,
        }
    }

    /// The verdict that `side` loses.
    pub fn loser(side: Side) -> Verdict {
        match side {
            Side::First => Verdict::RedLoses,
            Side::Second => Verdict::BlackLoses,
        }
    }

    /// Reads the JSON spelling written by [`Verdict::name`].
    pub fn from_name(s: &str) -> Option<Verdict> {
        Some(match s {
            "red_loses" => Verdict::RedLoses,
            "black_loses" => Verdict::BlackLoses,
            "draw" => Verdict::Draw,
            "no_repetition" => Verdict::NoRepetition,
            _ => return None,
        })
    }
}

/// The repeated stretch of the game: from the earliest earlier occurrence of the final
/// position to the last move. `start_ply` is the number of moves played before the cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cycle {
    /// Moves played before the cycle starts.
    pub start_ply: usize,
    /// Moves in the cycle.
    pub plies: usize,
}

/// One side's moves in the cycle, counted by class.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SideSummary {
    /// The side's moves in the cycle; serialized as `move_count`, since `moves` names a
    /// list of moves everywhere else in the JSON of the workspace.
    #[cfg_attr(feature = "serde", serde(rename = "move_count"))]
    pub moves: usize,
    /// Moves classed 将 (check).
    pub checks: usize,
    /// Moves classed 杀 (mate threat).
    pub mate_threats: usize,
    /// Moves classed 捉 (chase).
    pub chases: usize,
    /// Moves classed 兑 (exchange offer).
    pub exchanges: usize,
    /// Moves classed 献 (offer).
    pub offers: usize,
    /// Moves classed 拦 (block).
    pub blocks: usize,
    /// Moves classed 闲 (idle).
    pub idle: usize,
    /// Strikes (打) under the ruleset: 将, 杀 (where forbidden), 捉.
    pub strikes: usize,
    /// Every move of the side checks (长将).
    pub perpetual_check: bool,
    /// Perpetual strike under the ruleset (Chinese: every move 打; AXF: every move chases
    /// one and the same piece).
    pub perpetual_strike: bool,
    /// Chasing moves whose chase includes an unprotected (无根) victim: the heavier grade
    /// of 捉 under 〇七.
    pub unprotected_chases: usize,
    /// Rule-book wording, e.g. 一将一捉, 长捉, 二闲.
    pub summary: String,
}

/// A ruling with everything needed to explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ruling {
    /// The rule edition applied.
    pub rules: Ruleset,
    /// Who must vary, in the compact form the case files and the command line use.
    pub verdict: Verdict,
    /// The game result: the side that must vary and does not loses; `None` when no
    /// position repeated.
    pub outcome: Option<Outcome>,
    /// The rule that decided.
    pub reason: RepetitionReason,
    /// The repeated stretch, `None` without a repetition.
    pub cycle: Option<Cycle>,
    /// The cycle's moves, in order, with their effects.
    pub moves: Vec<MoveAnalysis>,
    /// The position each cycle move was played in.
    pub positions: Vec<Board>,
    /// Red's moves in the cycle, counted by class.
    pub red: SideSummary,
    /// Black's moves in the cycle, counted by class.
    pub black: SideSummary,
    /// Chinese rule terms with English glosses.
    pub explanation: String,
}

impl Ruling {
    /// The summary of one side's moves.
    pub fn side(&self, c: Side) -> &SideSummary {
        match c {
            Side::First => &self.red,
            Side::Second => &self.black,
        }
    }
}

/// A count in the rule book's wording: Chinese numerals up to 十, digits above.
fn num_zh(n: usize) -> String {
    match u32::try_from(n) {
        Ok(n @ 1..=10) => board_core::numerals::kanji_number(n).unwrap_or_default(),
        _ => n.to_string(),
    }
}

/// Replays `moves` from `start`, checking each is legal; returns every position reached
/// (the start included).
pub fn replay(start: &Board, moves: &[Move]) -> Result<Vec<Board>, BoardError> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    boards.push(start.clone());
    for (i, &m) in moves.iter().enumerate() {
        let b = boards.last().expect("non-empty");
        if !b.is_legal(m) {
            return Err(BoardError::IllegalMove {
                index: i,
                token: m.to_string(),
            });
        }
        let next = b.after(m);
        boards.push(next);
    }
    Ok(boards)
}

/// Finds the cycle: the earliest earlier occurrence of the final position (same placement,
/// same side to move), found in board-core's repetition [`History`] of the game's keys and
/// confirmed on the board itself.
pub fn find_cycle(boards: &[Board]) -> Option<Cycle> {
    let (first, rest) = boards.split_first()?;
    let mut history = History::scan_only(first.key(), first.position().is_check());
    for b in rest {
        history.push_uncounted(b.key(), b.position().is_check());
    }
    let last = boards.last()?;
    let n = boards.len() - 1;
    let mut from = 0;
    while let Some(i) = history.earliest_repeat_since(from) {
        // Keys are 64-bit hashes: a match counts only if the positions are the same.
        if boards[i as usize] == *last {
            return Some(Cycle {
                start_ply: i as usize,
                plies: n - i as usize,
            });
        }
        from = i + 2;
    }
    None
}

/// Follows pieces through the cycle: `ids[k]` maps each point to the identity of the piece
/// standing there before cycle move `k`.
fn identities(positions: &[Board], moves: &[Move]) -> Vec<[u8; 90]> {
    let mut out = Vec::with_capacity(moves.len());
    let mut cur = [u8::MAX; 90];
    if let Some(b) = positions.first() {
        for (i, (sq, _)) in b.pieces().enumerate() {
            cur[sq.index()] = i as u8;
        }
    }
    for &m in moves {
        out.push(cur);
        cur[m.to.index()] = cur[m.from.index()];
        cur[m.from.index()] = u8::MAX;
    }
    out
}

fn summarize(moves: &[&MoveAnalysis], rules: &Ruleset, same_victim: Option<bool>) -> SideSummary {
    let mut s = SideSummary {
        moves: moves.len(),
        ..SideSummary::default()
    };
    for m in moves {
        match m.class {
            EffectKind::Check => s.checks += 1,
            EffectKind::MateThreat => s.mate_threats += 1,
            EffectKind::Chase => s.chases += 1,
            EffectKind::Exchange => s.exchanges += 1,
            EffectKind::Offer => s.offers += 1,
            EffectKind::Block => s.blocks += 1,
            EffectKind::Idle => s.idle += 1,
        }
        if m.is_strike(rules) {
            s.strikes += 1;
        }
        if m.class == EffectKind::Chase
            && m.effects
                .iter()
                .any(|e| e.kind == EffectKind::Chase && !e.victim_protected)
        {
            s.unprotected_chases += 1;
        }
    }
    s.perpetual_check = s.moves > 0 && s.checks == s.moves;
    s.perpetual_strike = if rules.strikes_mix {
        s.moves > 0 && s.strikes == s.moves
    } else {
        same_victim.unwrap_or(false)
    };
    let parts: Vec<(usize, &str)> = vec![
        (s.checks, "将"),
        (s.mate_threats, "杀"),
        (s.chases, "捉"),
        (s.exchanges, "兑"),
        (s.offers, "献"),
        (s.blocks, "拦"),
        (s.idle, "闲"),
    ];
    let nonzero: Vec<_> = parts.iter().filter(|(n, _)| *n > 0).collect();
    s.summary = if nonzero.len() == 1 && s.moves > 1 && nonzero[0].1 != "闲" {
        format!("长{}", nonzero[0].1)
    } else {
        nonzero
            .iter()
            .map(|(n, w)| format!("{}{}", num_zh(*n), w))
            .collect::<Vec<_>>()
            .join("")
    };
    s
}

/// Does `side` chase one and the same piece on every one of its cycle moves? With
/// `check_breaks_chase`, a move classed as a check chases nothing (AXF rule 12).
fn chases_same_piece(
    analyses: &[MoveAnalysis],
    ids: &[[u8; 90]],
    side: Side,
    check_breaks_chase: bool,
) -> bool {
    let mut common: Option<Vec<u8>> = None;
    for (k, a) in analyses.iter().enumerate() {
        if a.side != side {
            continue;
        }
        let breaks = check_breaks_chase && a.class == EffectKind::Check;
        let victims: Vec<u8> = a
            .chase_victims()
            .filter(|_| !breaks)
            .map(|v: Square| ids[k][v.index()])
            .collect();
        common = Some(match common {
            None => victims,
            Some(c) => c.into_iter().filter(|v| victims.contains(v)).collect(),
        });
    }
    common.is_some_and(|c| !c.is_empty())
}

/// Adjudicates a game: the position it starts from and the moves played from there.
///
/// The moves are checked for legality ([`BoardError::IllegalMove`] names the first bad one);
/// the cycle judged runs from the earliest earlier occurrence of the final position.
pub fn adjudicate(start: &Position, moves: &[Move], rules: &Ruleset) -> Result<Ruling, BoardError> {
    let boards = replay(&Board::from(start.clone()), moves)?;
    let Some(cycle) = find_cycle(&boards) else {
        return Ok(Ruling {
            rules: *rules,
            verdict: Verdict::NoRepetition,
            outcome: None,
            reason: RepetitionReason::NoRepetition,
            cycle: None,
            moves: Vec::new(),
            positions: Vec::new(),
            red: SideSummary::default(),
            black: SideSummary::default(),
            explanation: "未形成循环重复局面 (no position has repeated: nothing to judge)."
                .to_string(),
        });
    };
    let cycle_moves = &moves[cycle.start_ply..];
    let positions: Vec<Board> = boards[cycle.start_ply..boards.len() - 1].to_vec();
    let analyses: Vec<MoveAnalysis> = positions
        .iter()
        .zip(cycle_moves)
        .map(|(b, &m)| classify(b, m, rules))
        .collect();
    Ok(judge(rules, cycle, positions, analyses))
}

/// AXF rule 19 (diagrams 39-41): the static attack of a rook held by a horse on that horse
/// is no chase while the horse's side chases the rook somewhere in the cycle; the move is
/// then classed by what else it does. A chase made otherwise (the rook moving onto the
/// horse, a root cut while nobody chases the rook: rule 23, diagram 50) stays a chase.
fn exempt_held_rooks(positions: &[Board], analyses: &mut [MoveAnalysis], ids: &[[u8; 90]]) {
    let n = analyses.len();
    let chased_by = |side: Side, id: u8| {
        analyses
            .iter()
            .enumerate()
            .any(|(k, a)| a.side == side && a.chase_victims().any(|v| ids[k][v.index()] == id))
    };
    let mut drop: Vec<(usize, usize)> = Vec::new();
    for (k, a) in analyses.iter().enumerate() {
        let after = &positions[(k + 1) % n];
        for (i, e) in a.effects.iter().enumerate() {
            if held_rook_static_attack(after, a.mv, e)
                && chased_by(!a.side, ids[k][e.piece.index()])
            {
                drop.push((k, i));
            }
        }
    }
    for &(k, i) in drop.iter().rev() {
        let a = &mut analyses[k];
        a.effects.remove(i);
        a.reclassify();
    }
}

/// 自毙 ([`Ruleset::self_ruin`]): a mate threat that the opponent's check opened is not
/// the answering move's 杀; the move keeps its other effects, a mate threat it makes by
/// itself ([`answer_mate_threats`]) included, and a note says why. The
/// position the check was played in is the one before in the cycle (it repeats, so the
/// first move's is the last one's).
fn excuse_self_ruin(positions: &[Board], analyses: &mut [MoveAnalysis], rules: &Ruleset) {
    let n = analyses.len();
    for k in 0..n {
        let a = &analyses[k];
        let Some(piece) = a
            .effects
            .iter()
            .find(|e| e.kind == EffectKind::MateThreat)
            .map(|e| e.piece)
        else {
            continue;
        };
        if !mate_threat_self_ruined(&positions[(k + n - 1) % n], &positions[k], rules) {
            continue;
        }
        let threats = answer_mate_threats(&positions[k], analyses[k].mv, rules);
        let a = &mut analyses[k];
        let piece = threats.opened.map_or(piece, |m| m.from);
        if threats.own.is_none() || threats.opened.is_some() {
            a.notes.push(Note::SelfRuin { piece });
        }
        match threats.own {
            Some(m) => {
                // The answer's own threat stays its 杀; the effect names that threat's piece.
                let after = &positions[(k + 1) % n];
                let first_counterattack = !after.legal_captures_of(m.from).is_empty();
                for e in a
                    .effects
                    .iter_mut()
                    .filter(|e| e.kind == EffectKind::MateThreat)
                {
                    e.piece = m.from;
                    e.first_counterattack = first_counterattack;
                }
            }
            None => {
                a.effects.retain(|e| e.kind != EffectKind::MateThreat);
                a.reclassify();
            }
        }
    }
}

/// Judges classified cycle moves.
pub fn judge(
    rules: &Ruleset,
    cycle: Cycle,
    positions: Vec<Board>,
    analyses: Vec<MoveAnalysis>,
) -> Ruling {
    let ids = identities(
        &positions,
        &analyses.iter().map(|a| a.mv).collect::<Vec<_>>(),
    );
    let mut analyses = analyses;
    if rules.held_rook_exempt {
        exempt_held_rooks(&positions, &mut analyses, &ids);
    }
    if rules.self_ruin {
        excuse_self_ruin(&positions, &mut analyses, rules);
    }
    let per_side = |c: Side| -> SideSummary {
        let mv: Vec<&MoveAnalysis> = analyses.iter().filter(|a| a.side == c).collect();
        let same = (!rules.strikes_mix).then(|| {
            if rules.chase_same_victim {
                chases_same_piece(&analyses, &ids, c, rules.check_breaks_chase)
            } else {
                mv.iter()
                    .all(|a| a.class == EffectKind::Chase || a.chase_victims().next().is_some())
            }
        });
        summarize(&mv, rules, same)
    };
    let red = per_side(Side::First);
    let black = per_side(Side::Second);
    let (verdict, reason) = decide(rules, &red, &black);
    let explanation = explain(rules, &positions, &analyses, &red, &black, verdict, &reason);
    Ruling {
        rules: *rules,
        verdict,
        outcome: verdict.outcome(),
        reason,
        cycle: Some(cycle),
        moves: analyses,
        positions,
        red,
        black,
        explanation,
    }
}

/// Which rule decided a repetition, as data. `Display` states it in the rule books'
/// words with an English gloss; [`Ruling::explanation`] adds the counts and the deciding
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RepetitionReason {
    /// No position repeated: there is nothing to judge.
    NoRepetition,
    /// Both sides check on every move (双方长将, 解将还将): a draw.
    MutualPerpetualCheck,
    /// One side checks on every move (长将): it must vary or loses.
    PerpetualCheck {
        /// The checking side.
        side: Side,
    },
    /// Both sides strike on every move (双方长打; under the Asian rules 双方长捉): a draw.
    MutualPerpetualStrike,
    /// One side strikes on every move (长打: 长捉, 长杀, 一将一捉 …; under the Asian rules a
    /// perpetual chase of one piece) and the other does not: the striker must vary or loses.
    PerpetualStrike {
        /// The striking side.
        side: Side,
    },
    /// One side strikes on every move, the other strikes back at times: a draw under the
    /// old counting (二打一还打).
    StrikeAgainstStrike {
        /// The side striking on every move.
        side: Side,
    },
    /// Both sides chase on every move, but only one chases unprotected pieces, the heavier
    /// chase under the 2007/2011 grading: that side must vary or loses.
    HeavierChase {
        /// The side whose chases are the heavier.
        side: Side,
    },
    /// Neither side checks or strikes on every move (长杀, 长献, 一将一闲 … are allowed):
    /// a draw.
    NoPerpetualStrike,
}

impl fmt::Display for RepetitionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RepetitionReason::NoRepetition => {
                f.write_str("未形成循环重复局面 (no position has repeated)")
            }
            RepetitionReason::MutualPerpetualCheck => {
                f.write_str("双方长将 (both sides check perpetually)")
            }
            RepetitionReason::PerpetualCheck { side } => {
                write!(
                    f,
                    "{}长将 ({} checks perpetually)",
                    side_zh(side),
                    side_name(side)
                )
            }
            RepetitionReason::MutualPerpetualStrike => {
                f.write_str("双方长打 (both sides strike perpetually)")
            }
            RepetitionReason::PerpetualStrike { side } => {
                write!(
                    f,
                    "{}长打 ({} strikes perpetually)",
                    side_zh(side),
                    side_name(side)
                )
            }
            RepetitionReason::StrikeAgainstStrike { side } => write!(
                f,
                "{}长打，对方还打 ({} strikes perpetually against a side that strikes back)",
                side_zh(side),
                side_name(side)
            ),
            RepetitionReason::HeavierChase { side } => write!(
                f,
                "{}长捉无根子 ({} chases unprotected pieces, the heavier chase)",
                side_zh(side),
                side_name(side)
            ),
            RepetitionReason::NoPerpetualStrike => {
                f.write_str("双方均非长打 (neither side strikes perpetually)")
            }
        }
    }
}

fn decide(rules: &Ruleset, red: &SideSummary, black: &SideSummary) -> (Verdict, RepetitionReason) {
    match (red.perpetual_check, black.perpetual_check) {
        (true, true) => return (Verdict::Draw, RepetitionReason::MutualPerpetualCheck),
        (true, false) => {
            return (
                Verdict::RedLoses,
                RepetitionReason::PerpetualCheck { side: Side::First },
            );
        }
        (false, true) => {
            return (
                Verdict::BlackLoses,
                RepetitionReason::PerpetualCheck { side: Side::Second },
            );
        }
        (false, false) => {}
    }
    match (red.perpetual_strike, black.perpetual_strike) {
        (true, true) => match heavier_chaser(rules, red, black) {
            Some(c) => (
                Verdict::loser(c),
                RepetitionReason::HeavierChase { side: c },
            ),
            None => (Verdict::Draw, RepetitionReason::MutualPerpetualStrike),
        },
        (false, false) => (Verdict::Draw, RepetitionReason::NoPerpetualStrike),
        (r, _) => {
            let (striker, other) = if r {
                (Side::First, black)
            } else {
                (Side::Second, red)
            };
            match rules.counting {
                StrikeCounting::LongVsNonLong => (
                    Verdict::loser(striker),
                    RepetitionReason::PerpetualStrike { side: striker },
                ),
                StrikeCounting::LongVsIdleOnly => {
                    if other.strikes == 0 {
                        (
                            Verdict::loser(striker),
                            RepetitionReason::PerpetualStrike { side: striker },
                        )
                    } else {
                        (
                            Verdict::Draw,
                            RepetitionReason::StrikeAgainstStrike { side: striker },
                        )
                    }
                }
            }
        }
    }
}

/// Under chase grading, when both sides do nothing but chase: the side whose every chase is
/// of an unprotected piece, against a side with a chase of protected pieces only.
fn heavier_chaser(rules: &Ruleset, red: &SideSummary, black: &SideSummary) -> Option<Side> {
    if !rules.chase_grading {
        return None;
    }
    let only_chases = |s: &SideSummary| s.chases > 0 && s.chases == s.strikes;
    if !only_chases(red) || !only_chases(black) {
        return None;
    }
    let heavy = |s: &SideSummary| s.unprotected_chases == s.chases;
    match (heavy(red), heavy(black)) {
        (true, false) => Some(Side::First),
        (false, true) => Some(Side::Second),
        _ => None,
    }
}

fn side_zh(c: Side) -> &'static str {
    match c {
        Side::First => "红方",
        Side::Second => "黑方",
    }
}

/// Describes one move: `炮二平五(将)`.
pub fn describe_move(b: &Board, a: &MoveAnalysis) -> String {
    let name = chinese(b, a.mv).unwrap_or_else(|| a.mv.to_string());
    format!("{name}({})", a.class.zh())
}

fn explain(
    rules: &Ruleset,
    positions: &[Board],
    analyses: &[MoveAnalysis],
    red: &SideSummary,
    black: &SideSummary,
    verdict: Verdict,
    reason: &RepetitionReason,
) -> String {
    let mut s = format!(
        "[{}] 红方{}，黑方{} (Red: {}; Black: {}). ",
        rules.name,
        red.summary,
        black.summary,
        english_summary(red),
        english_summary(black)
    );
    let first_of = |side: Side, pred: &dyn Fn(&MoveAnalysis) -> bool| -> String {
        analyses
            .iter()
            .zip(positions)
            .find(|(a, _)| a.side == side && pred(a))
            .map(|(a, b)| describe_move(b, a))
            .unwrap_or_default()
    };
    let rule = match *reason {
        RepetitionReason::MutualPerpetualCheck => {
            "双方长将（解将还将），不变作和 (both sides check perpetually: draw)".to_string()
        }
        RepetitionReason::PerpetualCheck { side: c } => format!(
            "单方面长将，在任何情况下均不允许，{}不变作负 (one-sided perpetual check is never allowed: {} must vary or loses; decided by {})",
            side_zh(c),
            side_name(c),
            first_of(c, &|a| a.class == EffectKind::Check)
        ),
        RepetitionReason::MutualPerpetualStrike => {
            if rules.strikes_mix {
                "双方长打（均为禁止着法），不变作和 (both sides strike perpetually: draw)"
                    .to_string()
            } else {
                "双方长捉，不变作和 (both sides chase perpetually: draw)".to_string()
            }
        }
        RepetitionReason::PerpetualStrike { side: c } => {
            if rules.strikes_mix {
                format!(
                    "长打对非长打（禁止着法对允许着法），应由{}变着，不变作负 (perpetual striking against a side that does not strike perpetually: {} must vary or loses; decided by {})",
                    side_zh(c),
                    side_name(c),
                    first_of(c, &|a| a.is_strike(rules))
                )
            } else {
                format!(
                    "长捉（每着捉同一子），{}不变作负 (perpetual chase of one piece: {} must vary or loses; decided by {})",
                    side_zh(c),
                    side_name(c),
                    first_of(c, &|a| a.chase_victims().next().is_some())
                )
            }
        }
        RepetitionReason::StrikeAgainstStrike { side: c } => format!(
            "{}长打，对方亦有还打：按当时“二打一还打”不变作和 (old counting: perpetual striking by {} against a side that also strikes is a draw)",
            side_zh(c),
            side_name(c)
        ),
        RepetitionReason::HeavierChase { side: c } => format!(
            "双方长捉，{}所捉均为无根子，对方所捉为有根子，轻重不等，应由{}变着，不变作负 (both sides chase perpetually, but only {} chases unprotected pieces, the heavier grade: {} must vary or loses; decided by {})",
            side_zh(c),
            side_zh(c),
            side_name(c),
            side_name(c),
            first_of(c, &|a| a.class == EffectKind::Chase)
        ),
        RepetitionReason::NoRepetition => String::new(),
        RepetitionReason::NoPerpetualStrike => {
            if rules.strikes_mix {
                "双方均非长打，不变作和 (neither side strikes perpetually: draw)".to_string()
            } else if red.mate_threats + black.mate_threats > 0 {
                "长杀、长献及一将一捉均不犯例，不变作和 (perpetual mate threats, offers and alternating check and chase are allowed: draw)".to_string()
            } else {
                "双方均无长将、长捉，不变作和 (neither side checks or chases perpetually: draw)"
                    .to_string()
            }
        }
    };
    s.push_str(&rule);
    s.push_str(match verdict {
        Verdict::RedLoses => "。判：红方不变作负 (verdict: Red loses).",
        Verdict::BlackLoses => "。判：黑方不变作负 (verdict: Black loses).",
        Verdict::Draw => "。判：不变作和 (verdict: draw).",
        Verdict::NoRepetition => "。",
    });
    let notes: Vec<String> = analyses
        .iter()
        .zip(positions)
        .flat_map(|(a, b)| {
            // A move that chases is not also described as 非献非捉: the note concerns
            // another pair and would read as a contradiction beside its 捉.
            let chases = a.chase_victims().next().is_some();
            a.notes.iter().filter(move |n| !(chases && matches!(n, Note::NeitherOfferNorChase { .. }))).map(move |n| {
                let mv = chinese(b, a.mv).unwrap_or_default();
                match n {
                    Note::NeitherOfferNorChase { .. } => format!("{mv}: 非献非捉 (neither offer nor chase)"),
                    Note::OfferAndChase { exchange, shape } => format!(
                        "{mv}: {}兼捉{}，从重按捉 ({} that also chases: judged as the heavier chase)",
                        if *exchange { "兑" } else { "献" },
                        shape.zh(),
                        if *exchange { "exchange offer" } else { "offer" }
                    ),
                    Note::SelfRuin { .. } => format!(
                        "{mv}: 盘面之杀系对方照将后的自毙，不算此着的杀 (the mate threat on the board was opened by the opponent's own check: not this move's)"
                    ),
                }
            })
        })
        .collect();
    if !notes.is_empty() {
        s.push_str(" 注 (notes): ");
        s.push_str(&notes.join("; "));
        s.push('.');
    }
    s
}

fn english_summary(s: &SideSummary) -> String {
    let mut parts = Vec::new();
    for (n, w) in [
        (s.checks, "check"),
        (s.mate_threats, "mate threat"),
        (s.chases, "chase"),
        (s.exchanges, "exchange offer"),
        (s.offers, "offer"),
        (s.blocks, "block"),
        (s.idle, "idle"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {w}"));
        }
    }
    if parts.is_empty() {
        "no moves".to_string()
    } else {
        parts.join(", ")
    }
}
