//! Tie-break values, one function per code, following FIDE C.07 (2024 and 2026 editions)
//! and the national practices of spec §4.
//!
//! Unplayed rounds follow art. 16 for Swiss events: a voluntary unplayed round (VUR) is a
//! requested bye (HPB, ZPB, every round after a withdrawal) or a forfeit loss; opponents see a
//! player's requested byes after his last non-VUR round as draws (16.3, category 16.2.5); a
//! player's own unplayed rounds count as games against a dummy whose score is his own final
//! score (16.4), capped in the 2026 edition by the scheduled opponent's adjusted score for
//! forfeits (16.4.1) and by draw points × rounds otherwise (16.4.2). In round-robins (art.
//! 15.2) a forfeit counts as a game against the scheduled opponent, and a round without a
//! scheduled opponent does not count at all. Where the regulations leave a detail open, the
//! choice made by FIDE's reference implementation (TieBreakServer) is followed and noted.

mod buchholz;
mod encounter;
mod national;
mod rating;
mod results;

use num_rational::Rational64;

use crate::descriptor::{Code, Descriptor, Edition};
use crate::tournament::{RoundResult, System, Tournament};

pub use encounter::{direct_encounter_order, xq_black_order};

/// A tie-break value: exact, or `None` where the definition gives nothing (ARO without any
/// over-the-board game, RTNG of an unrated player).
pub type Value = Option<Rational64>;

/// How the event is run and which edition of C.07 applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// Swiss or round-robin: decides how unplayed rounds count.
    pub system: System,
    /// Which edition of C.07 applies.
    pub edition: Edition,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            system: System::Swiss,
            edition: Edition::Fide2026,
        }
    }
}

/// Per-tournament data every tie-break needs, computed once.
#[derive(Debug)]
pub struct Context<'a> {
    /// The tournament.
    pub t: &'a Tournament,
    /// System and edition.
    pub opts: Options,
    /// Number of players.
    pub n: usize,
    /// Number of rounds.
    pub rounds: usize,
    /// Points per player and round, half-points, row-major `[player * rounds + round]`.
    pub pts: Vec<i64>,
    /// Final score (raw), half-points.
    pub score: Vec<i64>,
    /// Score as opponents see it (art. 16.3), half-points.
    pub adjusted: Vec<i64>,
    /// Last round (1-based, 0 = none) that is not a VUR.
    pub last_non_vur: Vec<usize>,
    /// Last round (1-based, 0 = none) with an opponent or a pairing-allocated bye.
    pub last_paired: Vec<usize>,
    /// Draw points, half-points.
    pub draw: i64,
    /// Win points, half-points.
    pub win: i64,
}

impl<'a> Context<'a> {
    /// Computes the per-player data of `t` under `opts`.
    pub fn new(t: &'a Tournament, opts: Options) -> Self {
        let n = t.players.len();
        let rounds = t.rounds;
        let mut pts = vec![0i64; n * rounds];
        let mut score = vec![0i64; n];
        let mut last_non_vur = vec![0usize; n];
        let mut last_paired = vec![0usize; n];
        for (i, p) in t.players.iter().enumerate() {
            for r in 0..rounds {
                let e = p
                    .entries
                    .get(r)
                    .copied()
                    .unwrap_or(crate::tournament::Entry::ABSENT);
                let v = t.scoring.points(&e).0;
                pts[i * rounds + r] = v;
                score[i] += v;
                if !e.outcome.is_vur() {
                    last_non_vur[i] = r + 1;
                }
                if e.opponent.is_some()
                    || e.outcome.is_played()
                    || e.outcome == RoundResult::PairingBye
                {
                    last_paired[i] = r + 1;
                }
            }
        }
        let draw = t.scoring.draw.0;
        let mut ctx = Self {
            t,
            opts,
            n,
            rounds,
            pts,
            score,
            adjusted: Vec::new(),
            last_non_vur,
            last_paired,
            draw,
            win: t.scoring.win.0,
        };
        ctx.adjusted = (0..n)
            .map(|i| ctx.adjusted_score(i, ctx.last_non_vur[i]))
            .collect();
        ctx
    }

    /// Entry of a player in a round.
    pub fn entry(&self, i: usize, r: usize) -> crate::tournament::Entry {
        self.t.players[i].entries[r]
    }

    /// Points of player `i` in round `r`, half-points.
    pub fn points(&self, i: usize, r: usize) -> i64 {
        self.pts[i * self.rounds + r]
    }

    /// The opponent index of player `i` in round `r`, if any.
    pub fn opponent(&self, i: usize, r: usize) -> Option<usize> {
        self.t.players[i].entries[r].opponent.map(|o| o as usize)
    }

    /// Whether the event is a round-robin.
    pub fn is_round_robin(&self) -> bool {
        self.opts.system == System::RoundRobin
    }

    /// Art. 16.3: rounds without an opponent after the last non-VUR round count as draws
    /// (nothing in a round-robin, where such a round is the rest round of an odd field).
    fn adjusted_score(&self, i: usize, last_non_vur: usize) -> i64 {
        let no_opponent = if self.is_round_robin() { 0 } else { self.draw };
        (0..self.rounds)
            .map(|r| {
                if r < last_non_vur || self.opponent(i, r).is_some() {
                    self.points(i, r)
                } else {
                    no_opponent
                }
            })
            .sum()
    }

    /// Edition that applies to a descriptor (`/V1`, `/V2` override the event's edition).
    pub fn edition(&self, d: &Descriptor) -> Edition {
        d.edition.unwrap_or(self.opts.edition)
    }
}

/// Computes one tie-break for every player. Group-dependent codes (DE, XQBLACK) are computed
/// by the standings, which know the tied groups; here they return `None`.
pub fn compute(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    let int = |v: Vec<i64>| v.into_iter().map(|x| Some(Rational64::from(x))).collect();
    let half = |v: Vec<i64>| v.into_iter().map(|x| Some(Rational64::new(x, 2))).collect();
    match d.code {
        Code::Pts => half(ctx.score.clone()),
        Code::Win => int(results::wins(ctx)),
        Code::Won => int(results::won(ctx)),
        Code::Bpg => int(results::black_games(ctx)),
        Code::Bwg => int(results::black_wins(ctx)),
        Code::Rep => int(results::rounds_elected(ctx)),
        Code::Ps => half(results::progressive(ctx, d.cut_low as usize)),
        Code::Std => half(results::standard_points(ctx)),
        Code::Tpn => int(ctx.t.players.iter().map(|p| i64::from(p.id)).collect()),
        Code::Rtng => ctx
            .t
            .players
            .iter()
            .map(|p| p.rating.map(|r| Rational64::from(i64::from(r))))
            .collect(),
        Code::Bh => half(buchholz::buchholz(ctx, d, false)),
        Code::Fb => half(buchholz::buchholz(ctx, d, true)),
        Code::Sb => buchholz::sonneborn_berger(ctx, d)
            .into_iter()
            .map(|x| Some(Rational64::new(x, 4)))
            .collect(),
        Code::Aob => buchholz::average_of_buchholz(ctx, d),
        Code::Ks => half(buchholz::koya(ctx, d)),
        Code::Aro => rating::aro(ctx, d),
        Code::Tpr => rating::tpr(ctx, d),
        Code::Ptp => rating::ptp(ctx, d),
        Code::Apro => rating::apro(ctx, d),
        Code::Appo => rating::appo(ctx, d),
        Code::XqOpp => half(national::xiangqi_opponents(ctx, d)),
        Code::Fouls => int(ctx.t.players.iter().map(|p| i64::from(p.fouls)).collect()),
        Code::Mms => half(national::mcmahon(ctx)),
        Code::Sos => half(national::sos(ctx, d)),
        Code::Sosos => half(national::sosos(ctx, d)),
        Code::Sodos => national::sodos(ctx),
        Code::Solkoff => int(national::solkoff(ctx, d)),
        Code::Early => int(national::early_wins(ctx)),
        Code::Late => int(national::late_results(ctx)),
        Code::De | Code::XqBlack => vec![None; ctx.n],
    }
}

/// Removes values as Cut-n / Median-n prescribe (C.07 art. 14) with the VUR rule of 16.5.
///
/// Each low cut removes the least significant contribution (lowest opponent score, and on a
/// tie the lowest value — the SB rule of the Aug 2024 text) unless the player has VUR
/// contributions: then the lowest VUR contribution is cut instead, except when it is lower
/// than the least significant value, in which case the least significant value goes (so the
/// higher of the two is cut). High cuts remove the highest score. Ties keep round order.
pub(crate) fn cut_sum(mut items: Vec<Contribution>, low: usize, high: usize, rounds: usize) -> i64 {
    let low = low.min(rounds);
    let high = high.min(rounds - low);
    for _ in 0..low {
        if items.is_empty() {
            break;
        }
        let least = (0..items.len())
            .min_by_key(|&k| (items[k].score, items[k].value, k))
            .unwrap_or(0);
        let low_vur = (0..items.len())
            .filter(|&k| items[k].vur)
            .min_by_key(|&k| (items[k].value, items[k].score, k));
        let cut = match low_vur {
            Some(v) if items[least].value <= items[v].value => v,
            _ => least,
        };
        items.remove(cut);
    }
    for _ in 0..high {
        if items.is_empty() {
            break;
        }
        let most = (0..items.len())
            .min_by_key(|&k| (-items[k].score, -items[k].value, k))
            .unwrap_or(0);
        items.remove(most);
    }
    items.iter().map(|c| c.value).sum()
}

/// One round's contribution to a Buchholz-type sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contribution {
    /// Opponent's (or dummy's) score, half-points.
    pub score: i64,
    /// What is summed (the score for BH, score × points for SB).
    pub value: i64,
    /// Whether the round is a voluntary unplayed round of the player.
    pub vur: bool,
}
