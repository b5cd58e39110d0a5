//! Verdicts that leaned on a wall the estimate later killed.
//!
//! A cut-out fight is read with the living stones around it as walls given two eyes. When
//! such a wall was alive only by a rule that does not read it out (its eye space counted)
//! and the whole-board estimate then overrules that rule and kills it, a string of the same
//! colour read alive beside it may owe its life to that wall alone: joined to a wall with two
//! eyes, a group with no eye of its own lives in the cut. Such a string is no longer read
//! alive; the estimate decides it as it decides a string reading left open. (GNU Go 3.8
//! self-play game 1109 of `benches/peers/go_selfplay.py`: Black's D12-F8 group, with the
//! liberties A9, B9, C9 only, was read alive by joining Black's A8-A7-B7 at A9; A8-A7-B7
//! lived by its eye space, which the estimate overruled.)

use super::{
    Basis, Estimate, LocalRule, Reading, SearchedLife, Status, estimated_dead, string_liberties,
    survived,
};
use crate::color::Stone;
use crate::playout::Ownership;
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// Strings read alive in a cut-out fight ([`LocalRule::Boundary`], [`LocalRule::Alone`])
/// that share a liberty with a string of their colour in `fallen` (stones the estimate
/// overruled from alive to dead) are estimated instead: dead when their points stayed their
/// own in less than [`ESTIMATE_DEAD_SHARE`](super::ESTIMATE_DEAD_SHARE) of the playouts, else kept as read.
pub(super) fn recheck_on_fallen_walls(
    position: &Position,
    life: &mut SearchedLife,
    fallen: &[Point],
    owners: &Ownership,
    playouts: u32,
) {
    if fallen.is_empty() || playouts == 0 {
        return;
    }
    let topo = position.topology();
    let stones = position.stones();
    let mut is_fallen = vec![false; position.len()];
    fallen.iter().for_each(|&p| is_fallen[p as usize] = true);
    let mut killed: Vec<Point> = Vec::new();
    for region in &mut life.regions {
        for s in &mut region.strings {
            let rule = match (&s.status, &s.basis) {
                (
                    Status::Alive,
                    Basis::Local(rule @ (LocalRule::Boundary { .. } | LocalRule::Alone { .. })),
                ) => rule.clone(),
                _ => continue,
            };
            let own = Stone::of(s.color);
            let leaning = string_liberties(position, &s.stones).iter().any(|&l| {
                topo.neighbours_of(l as Point)
                    .iter()
                    .any(|&GeoPoint(q)| is_fallen[q as usize] && stones[q as usize] == own)
            });
            if !leaning {
                continue;
            }
            let survived = survived(owners, s);
            if !estimated_dead(survived, playouts) {
                continue;
            }
            s.status = Status::Dead;
            s.survives_opponent_first = Some(false);
            s.basis = Basis::Estimated(Estimate {
                survived,
                playouts,
                reading: Reading::Overruled(rule),
            });
            killed.extend_from_slice(&s.stones);
        }
    }
    if killed.is_empty() {
        return;
    }
    life.alive.retain(|p| !killed.contains(p));
    life.dead.extend_from_slice(&killed);
    life.local.extend_from_slice(&killed);
    life.estimated.extend_from_slice(&killed);
}
