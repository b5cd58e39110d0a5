//! Ranking by points and an ordered list of tie-breaks (C.07 art. 4.2): rank by the first
//! criterion, then apply each next one inside the groups still tied. Players tied after the
//! whole list share the rank (lots are for the organiser to draw).

use std::cmp::Ordering;

use num_rational::Rational64;

use crate::descriptor::{Code, Descriptor};
use crate::tiebreaks::{self, Context, Options, Value};
use crate::tournament::Tournament;

/// The ranked table.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standings {
    /// The tie-breaks applied, in order (the first is usually PTS).
    pub descriptors: Vec<Descriptor>,
    /// Player indices in rank order (ties by start number).
    pub order: Vec<usize>,
    /// Rank of each player (by player index), shared by tied players (1, 2, 2, 4, …).
    pub rank: Vec<u32>,
    /// Value of each descriptor for each player: `values[descriptor][player]`.
    pub values: Vec<Vec<Value>>,
    /// The system and edition the tie-breaks followed.
    pub options: Options,
    /// Remarks on the input or the chosen list (e.g. BH in a round-robin under 2026 rules).
    pub warnings: Vec<String>,
}

/// Puts PTS in front when the list names no primary score (PTS or MMS), as TRF record 202
/// lists only the tie-breaks.
pub fn with_primary(mut list: Vec<Descriptor>) -> Vec<Descriptor> {
    if !list.iter().any(|d| matches!(d.code, Code::Pts | Code::Mms)) {
        list.insert(0, Descriptor::new(Code::Pts));
    }
    list
}

fn compare_values(a: &Value, b: &Value, higher_first: bool) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => {
            if higher_first {
                y.cmp(x)
            } else {
                x.cmp(y)
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Computes the standings of a tournament.
pub fn compute(t: &Tournament, options: Options, descriptors: &[Descriptor]) -> Standings {
    let ctx = Context::new(t, options);
    let n = t.players.len();
    let mut warnings = Vec::new();
    if options.system == crate::tournament::System::RoundRobin
        && options.edition == crate::descriptor::Edition::Fide2026
        && descriptors
            .iter()
            .any(|d| matches!(d.code, Code::Bh | Code::Fb | Code::Aob))
    {
        warnings.push(
            "C.07 (2026) art. 8: the Buchholz family is not to be used in round-robin events"
                .to_string(),
        );
    }
    for (i, p) in t.players.iter().enumerate() {
        if let Some(declared) = p.declared_points {
            let computed = t.score(i);
            if declared != computed {
                warnings.push(format!(
                    "player {}: file says {} points, results give {} under the scoring used",
                    p.id, declared, computed
                ));
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| t.players[i].id);
    let mut rank = vec![1u32; n];
    let mut values: Vec<Vec<Value>> = Vec::with_capacity(descriptors.len());
    for d in descriptors {
        let v = match d.code {
            Code::De | Code::XqBlack => group_values(&ctx, d, &order, &rank),
            _ => tiebreaks::compute(&ctx, d),
        };
        let higher = d.higher_is_better();
        order.sort_by(|&a, &b| {
            rank[a]
                .cmp(&rank[b])
                .then_with(|| compare_values(&v[a], &v[b], higher))
                .then_with(|| t.players[a].id.cmp(&t.players[b].id))
        });
        let mut new_rank = rank.clone();
        for pos in 0..order.len() {
            let i = order[pos];
            if pos == 0 {
                new_rank[i] = 1;
                continue;
            }
            let prev = order[pos - 1];
            if rank[i] == rank[prev] && v[i] == v[prev] {
                new_rank[i] = new_rank[prev];
            } else {
                new_rank[i] = pos as u32 + 1;
            }
        }
        rank = new_rank;
        values.push(v);
    }
    for (i, p) in t.players.iter().enumerate() {
        if let Some(declared) = p.declared_rank {
            if declared != rank[i] {
                warnings.push(format!(
                    "player {}: file says rank {declared}, the standings give {}",
                    p.id, rank[i]
                ));
            }
        }
    }
    Standings {
        descriptors: descriptors.to_vec(),
        order,
        rank,
        values,
        options,
        warnings,
    }
}

/// DE-like values: inside each group of players tied so far, the position given by the
/// group procedure, numbered from 1; 0 for everyone in a group it leaves entirely tied (and
/// for players alone in their group), as TieBreakServer prints DE.
fn group_values(ctx: &Context<'_>, d: &Descriptor, order: &[usize], rank: &[u32]) -> Vec<Value> {
    let mut v: Vec<Value> = vec![Some(Rational64::from(0)); ctx.n];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && rank[order[end]] == rank[order[start]] {
            end += 1;
        }
        let group = &order[start..end];
        if group.len() > 1 {
            let pos = match d.code {
                Code::XqBlack => tiebreaks::xq_black_order(ctx, group),
                _ => tiebreaks::direct_encounter_order(ctx, d, group),
            };
            if pos.iter().any(|&p| p != pos[0]) {
                for (k, &i) in group.iter().enumerate() {
                    v[i] = Some(Rational64::from(pos[k] as i64 + 1));
                }
            }
        }
        start = end;
    }
    v
}
