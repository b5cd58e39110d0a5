//! One verdict per named ruleset: who won, by how much, how sure it is, and whether the
//! game record's `RE[]` agrees.
//!
//! [`judge`] counts an analysed position under a [`Ruleset`]: the rulesets KataGo also
//! defines count with KataGo's seki and tax semantics ([`crate::score::independent_life`]),
//! the living-stones rulesets with the document's own method. Where the document's closest
//! method gives another lead, the verdict notes why. [`lead_range`] turns the dead-stone
//! finder's doubt (undecided and estimated stones) into the range Black's lead can take, so a
//! report never presents a winner as certain when those stones could change it.

use crate::analysis::{Analysis, DeadStoneError};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::rules::Komi;
use crate::ruleset::{Counting, Ruleset, Tax};
use crate::score::{self, HalfPoints, IndependentLife, Method, Params, SekiCause, Unavailable};
use crate::topology::Point;
use board_core::Outcome;
use std::fmt;

/// The count of a position under one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The ruleset counted under.
    pub ruleset: Ruleset,
    /// Black's count, before komi and handicap compensation.
    pub black: HalfPoints,
    /// White's count, before komi and handicap compensation.
    pub white: HalfPoints,
    /// The komi applied (added to White).
    pub komi: Komi,
    /// Handicap stones Black received (0 in an even game).
    pub handicap: u32,
    /// What White receives for them under this ruleset.
    pub handicap_bonus: HalfPoints,
    /// Who won (Black is the first side of board-core's vocabulary).
    pub outcome: Outcome,
    /// By how much (0 for a draw).
    pub margin: HalfPoints,
    /// The document's closest method and Black's lead under it (same komi and compensation),
    /// when the ruleset counts with KataGo's semantics and the method could count.
    pub document: Option<(Method, HalfPoints)>,
    /// How the count arose and why the document's method differs, in words.
    pub notes: Vec<String>,
}

impl Verdict {
    /// The winning colour, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        self.outcome.winner().map(Color::from)
    }

    /// Black's lead after komi and compensation (negative when White leads).
    pub fn black_lead(&self) -> HalfPoints {
        HalfPoints(self.black.0 - self.white.0 - i64::from(self.komi.0) - self.handicap_bonus.0)
    }

    /// The result as SGF writes it: `B+3.5`, `W+0.5`, `0` for a draw.
    pub fn result_text(&self) -> String {
        result_text(self.black_lead())
    }
}

/// An SGF result text for Black's lead: `B+3.5`, `W+1`, `0` for a draw.
pub fn result_text(lead: HalfPoints) -> String {
    match lead.0.signum() {
        1 => format!("B+{lead}"),
        -1 => format!("W+{}", HalfPoints(-lead.0)),
        _ => "0".to_string(),
    }
}

/// Counts `analysis` under `ruleset`, with komi, captures, moves and version from `params`
/// and `handicap` stones given to Black.
///
/// Territory counting needs the captures (`params.captures`); the art version of the
/// living-stones rules needs the moves. Without them the verdict is [`Unavailable`], with
/// the reason.
pub fn judge(
    analysis: &Analysis,
    ruleset: &Ruleset,
    params: &Params,
    handicap: u32,
) -> Result<Verdict, Unavailable> {
    let bonus = HalfPoints::from_points(i64::from(ruleset.handicap_bonus.points(handicap)));
    let mut notes = Vec::new();
    let version = ruleset.version.unwrap_or(params.version);
    let params = Params { version, ..*params };
    let life = matches!(ruleset.counting, Counting::Area | Counting::Territory)
        .then(|| score::independent_life(analysis));
    let (black, white) = match ruleset.counting {
        Counting::LivingStones => {
            let s = score::figures(analysis, Method::LivingStones, &params)?;
            (s.black, s.white)
        }
        Counting::TrompTaylor => {
            let (black, white, pass_dead) = katago_tromp_taylor(analysis);
            if !analysis.dead().is_empty() {
                notes.push(format!(
                    "{} stone(s) marked dead count as on the board: Tromp-Taylor ignores marks",
                    analysis.dead().len()
                ));
            }
            if pass_dead > 0 {
                notes.push(format!(
                    "{pass_dead} stone(s) inside the other side's pass-alive territory (Benson) count for that side, as KataGo scores Tromp-Taylor"
                ));
            }
            (black, white)
        }
        Counting::Area => {
            let life = life.as_ref().expect("computed for area");
            let count = |c: Color| {
                let empty = match ruleset.tax {
                    Tax::None => *life.owned_empty.get(c),
                    Tax::Seki | Tax::All => *life.independent_empty.get(c),
                };
                HalfPoints::from_points(
                    i64::from(*life.stones.get(c)) + i64::from(empty) - tax(ruleset, life, c),
                )
            };
            (count(Color::Black), count(Color::White))
        }
        Counting::Territory => {
            let life = life.as_ref().expect("computed for territory");
            let captures = params.captures.ok_or_else(|| Unavailable {
                method: Method::Territory,
                reason: format!(
                    "{} counts prisoners and needs the stones each side captured during play (--captures B,W)",
                    ruleset.name
                ),
                komi: params.komi,
            })?;
            let count = |c: Color| {
                HalfPoints::from_points(
                    i64::from(*life.independent_empty.get(c))
                        + i64::from(*captures.get(c))
                        + i64::from(analysis.dead_count(c.opponent()))
                        - tax(ruleset, life, c),
                )
            };
            (count(Color::Black), count(Color::White))
        }
    };
    if let Some(life) = &life {
        describe_life(analysis, ruleset, life, &mut notes);
    }
    if bonus.0 != 0 {
        notes.push(format!(
            "{handicap} handicap stones: White receives {bonus} point(s) ({})",
            ruleset.name
        ));
    }
    let lead = HalfPoints(black.0 - white.0 - i64::from(params.komi.0) - bonus.0);
    let outcome = match lead.0.signum() {
        1 => Outcome::Decisive {
            winner: Color::Black.into(),
        },
        -1 => Outcome::Decisive {
            winner: Color::White.into(),
        },
        _ => Outcome::Draw,
    };
    let document = if ruleset.katago {
        document_lead(analysis, ruleset, &params, bonus)
    } else {
        None
    };
    if let Some((method, doc)) = document.filter(|&(_, doc)| doc != lead) {
        notes.push(match &life {
            Some(life) => explain_difference(analysis, life, method, doc, lead),
            None => format!(
                "the document's {method} gives {}: it counts every stone on the board, where KataGo gives stones inside pass-alive territory to its owner",
                result_text(doc)
            ),
        });
    }
    Ok(Verdict {
        ruleset: *ruleset,
        black,
        white,
        komi: params.komi,
        handicap,
        handicap_bonus: bonus,
        outcome,
        margin: HalfPoints(lead.0.abs()),
        document,
        notes,
    })
}

/// KataGo's Tromp-Taylor count (its `calculateArea` with every stone on the board, reference
/// digest §2.5 item 2): stones plus empty points reaching one colour only, except that stones
/// inside the other colour's pass-alive territory (Benson, multi-stone suicide legal as in
/// the preset) count for that colour. Returns both counts and how many stones were so given.
fn katago_tromp_taylor(analysis: &Analysis) -> (HalfPoints, HalfPoints, usize) {
    let original = analysis.original().to_vec();
    let topology = analysis.topology_arc().clone();
    let position = Position::unchecked(topology.clone(), original.clone());
    let pass_dead = crate::benson::auto_dead(&position, true).dead;
    let mut stones = original;
    for &p in &pass_dead {
        stones[p as usize] = Stone::Empty;
    }
    let cleared = Position::unchecked(topology, stones);
    let a = Analysis::new(&cleared, &[]).expect("no dead stones given");
    let count = |c: Color| HalfPoints::from_points(i64::from(a.stones(c) + a.own_empty(c)));
    (count(Color::Black), count(Color::White), pass_dead.len())
}

/// The group tax a colour pays: 2 points per independent-life region under `tax=ALL`.
fn tax(ruleset: &Ruleset, life: &IndependentLife, c: Color) -> i64 {
    match ruleset.tax {
        Tax::All => 2 * i64::from(*life.regions.get(c)),
        Tax::None | Tax::Seki => 0,
    }
}

fn point_name(analysis: &Analysis, p: Point) -> String {
    analysis.topology().name(board_geometry::Point(p))
}

/// Notes on the seki areas and the dame taken as filled, where they matter.
fn describe_life(
    analysis: &Analysis,
    ruleset: &Ruleset,
    life: &IndependentLife,
    notes: &mut Vec<String>,
) {
    if ruleset.tax == Tax::None {
        return;
    }
    for area in life.seki_areas() {
        let first = area.stones.first().or(area.empty.first()).copied();
        let Some(first) = first else { continue };
        let why = match area.seki {
            Some(SekiCause::Dame(p)) => {
                format!("touches the seki liberty {}", point_name(analysis, p))
            }
            Some(SekiCause::Atari(p)) => {
                format!("its chain at {} is in atari", point_name(analysis, p))
            }
            None => continue,
        };
        notes.push(format!(
            "{} area at {} is seki ({why}): its {} empty point(s) score for nobody{}",
            area.color,
            point_name(analysis, first),
            area.empty.len(),
            if ruleset.tax == Tax::All {
                ", no tax"
            } else {
                ""
            }
        ));
    }
    if life.fillable_dame > 0 {
        notes.push(format!(
            "{} dame taken as filled in the cleanup (they make no area seki and score for nobody)",
            life.fillable_dame
        ));
    }
}

/// Black's lead by the document's method closest to the ruleset, with the same komi and
/// compensation; `None` when that method cannot count.
fn document_lead(
    analysis: &Analysis,
    ruleset: &Ruleset,
    params: &Params,
    bonus: HalfPoints,
) -> Option<(Method, HalfPoints)> {
    let s = score::figures(analysis, ruleset.method, params).ok()?;
    let mut lead = s.black_lead().0 - bonus.0;
    if ruleset.tax == Tax::All && ruleset.counting == Counting::Territory {
        // the document has no ancient-territory method: territory minus its group tax
        lead -= 2
            * (i64::from(analysis.independent_units(Color::Black))
                - i64::from(analysis.independent_units(Color::White)));
    }
    Some((ruleset.method, HalfPoints(lead)))
}

/// Why KataGo's count and the document's method differ: the areas the two call seki
/// differently.
fn explain_difference(
    analysis: &Analysis,
    life: &IndependentLife,
    method: Method,
    doc: HalfPoints,
    lead: HalfPoints,
) -> String {
    let mut differing = Vec::new();
    for area in &life.areas {
        let Some(&stone) = area.stones.first() else {
            continue;
        };
        let doc_seki = analysis.unit_at(stone).is_some_and(|u| u.seki);
        let kata_seki = area.seki.is_some();
        if doc_seki != kata_seki {
            differing.push(format!(
                "{} at {} is {} for KataGo, {} for the document",
                area.color,
                point_name(analysis, stone),
                if kata_seki { "seki" } else { "independent" },
                if doc_seki { "seki" } else { "independent" }
            ));
        }
    }
    let why = if differing.is_empty() {
        "KataGo gives a seki group's own eyes to nobody and taxes it nothing, where the document counts its eye and taxes it one (the totals differ where a seki group has more or fewer than one eye)".to_string()
    } else {
        differing.join("; ")
    };
    format!(
        "the document's {method} gives {} ({}): {why}",
        result_text(doc),
        if doc.0 > lead.0 {
            format!("{} better for Black", HalfPoints(doc.0 - lead.0))
        } else {
            format!("{} better for White", HalfPoints(lead.0 - doc.0))
        }
    )
}

/// How far Black's lead can move with the doubtful stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadRange {
    /// Black's lead with every doubtful Black string dead and every doubtful White one alive.
    pub worst_for_black: HalfPoints,
    /// Black's lead with every doubtful White string dead and every doubtful Black one alive.
    pub best_for_black: HalfPoints,
    /// True when every lead in the range has the same sign (the winner cannot change).
    pub certain: bool,
}

/// Why [`lead_range`] could not count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RangeError {
    /// A listed point is not a stone.
    Dead(DeadStoneError),
    /// The ruleset cannot count this input.
    Unavailable(Unavailable),
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RangeError::Dead(e) => write!(f, "{e}"),
            RangeError::Unavailable(u) => write!(f, "{u}"),
        }
    }
}

impl std::error::Error for RangeError {}

/// The range of Black's lead under `ruleset` when each of the `doubtful` stones (undecided or
/// estimated by the dead-stone finder) may be alive or dead, the others as in `dead`, and
/// whether the winner is the same at both ends and at `dead` itself.
///
/// Each end sets every doubtful string of one colour dead and the other colour's alive:
/// removing a side's stones never raises that side's count in any of the rulesets' methods,
/// so the two ends bound the leads of the mixed choices.
pub fn lead_range(
    position: &Position,
    dead: &[Point],
    doubtful: &[Point],
    ruleset: &Ruleset,
    params: &Params,
    handicap: u32,
) -> Result<LeadRange, RangeError> {
    lead_range_counted(
        position,
        dead,
        doubtful,
        |dead| Analysis::new(position, dead),
        ruleset,
        params,
        handicap,
    )
}

/// [`lead_range`] with each choice of dead stones counted on the board `analyse` makes of
/// it: the closing step (`analysis::close`) fills dame and plays teire according to which
/// stones are dead, so a range over a board closed for one choice would miss what the others
/// count once closed. `analyse` gets the full dead list of each choice (the given one and
/// the two ends) and returns the analysis to count.
///
/// The ends bound the mixed choices of the board as `analyse` builds it only as far as that
/// board keeps the monotony [`lead_range`] relies on; the given choice is always inside.
pub fn lead_range_counted<F>(
    position: &Position,
    dead: &[Point],
    doubtful: &[Point],
    mut analyse: F,
    ruleset: &Ruleset,
    params: &Params,
    handicap: u32,
) -> Result<LeadRange, RangeError>
where
    F: FnMut(&[Point]) -> Result<Analysis, DeadStoneError>,
{
    let mut lead_with = |dead: &[Point]| -> Result<HalfPoints, RangeError> {
        let analysis = analyse(dead).map_err(RangeError::Dead)?;
        judge(&analysis, ruleset, params, handicap)
            .map(|v| v.black_lead())
            .map_err(RangeError::Unavailable)
    };
    let with = |colour: Stone| -> Vec<Point> {
        let mut out: Vec<Point> = dead
            .iter()
            .copied()
            .filter(|p| !doubtful.contains(p))
            .collect();
        out.extend(
            doubtful
                .iter()
                .copied()
                .filter(|&p| position.at(p) == colour),
        );
        out
    };
    let given = lead_with(dead)?;
    let worst = lead_with(&with(Stone::Black))?;
    let best = lead_with(&with(Stone::White))?;
    let (lo, hi) = (
        given.0.min(worst.0).min(best.0),
        given.0.max(worst.0).max(best.0),
    );
    Ok(LeadRange {
        worst_for_black: HalfPoints(lo),
        best_for_black: HalfPoints(hi),
        certain: lo.signum() == hi.signum(),
    })
}

/// A game record's result (`RE[]`), as far as a count can be compared with it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordedResult {
    /// A win on the count, by this margin (`B+3.5`).
    Score {
        /// The winner.
        winner: Color,
        /// The margin.
        margin: HalfPoints,
    },
    /// A win without a count (resignation, time, forfeit, or a bare `B+`).
    Other {
        /// The winner.
        winner: Color,
        /// How, as recorded (`R`, `Resign`, `T`, `F`, or empty).
        how: String,
    },
    /// A draw (`0`, `Draw`).
    Draw,
    /// No result or an unknown one (`Void`, `?`, anything unreadable).
    Unknown,
}

impl RecordedResult {
    /// Reads an SGF `RE` value (FF\[4\]: `B+3.5`, `W+R`, `B+Resign`, `0`, `Draw`, `Void`, `?`).
    pub fn parse(text: &str) -> RecordedResult {
        let t = text.trim();
        if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
            return RecordedResult::Draw;
        }
        let Some((side, rest)) = t.split_once('+') else {
            return RecordedResult::Unknown;
        };
        let winner = match side.trim() {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            _ => return RecordedResult::Unknown,
        };
        match rest.trim().parse::<Komi>() {
            Ok(k) => RecordedResult::Score {
                winner,
                margin: HalfPoints(i64::from(k.0)),
            },
            Err(_) => RecordedResult::Other {
                winner,
                how: rest.trim().to_string(),
            },
        }
    }

    /// How a count leading Black by `lead` compares with this result.
    pub fn compare(&self, lead: HalfPoints) -> Agreement {
        let winner = match lead.0.signum() {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        };
        match self {
            RecordedResult::Score { winner: w, margin } => {
                if Some(*w) == winner && HalfPoints(lead.0.abs()) == *margin {
                    Agreement::Agrees
                } else if Some(*w) == winner {
                    Agreement::WinnerOnly
                } else {
                    Agreement::Disagrees
                }
            }
            RecordedResult::Draw if winner.is_none() => Agreement::Agrees,
            RecordedResult::Draw => Agreement::Disagrees,
            RecordedResult::Other { winner: w, .. } => {
                if Some(*w) == winner {
                    Agreement::WinnerOnly
                } else {
                    Agreement::Disagrees
                }
            }
            RecordedResult::Unknown => Agreement::NotComparable,
        }
    }
}

/// How a verdict compares with the record's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Agreement {
    /// Same winner and margin (or both a draw).
    Agrees,
    /// Same winner; the margin differs or the record gives none (resignation, time).
    WinnerOnly,
    /// Another winner.
    Disagrees,
    /// The record gives no result to compare with.
    NotComparable,
}

impl Agreement {
    /// The comparison in a few words, for reports.
    pub const fn describe(self) -> &'static str {
        match self {
            Agreement::Agrees => "agrees",
            Agreement::WinnerOnly => "same winner, other margin",
            Agreement::Disagrees => "disagrees",
            Agreement::NotComparable => "nothing to compare",
        }
    }
}
