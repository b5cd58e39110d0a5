//! The liberties a cut-out fight's strings keep outside the cut.
//!
//! A fight is read on the points within a few steps of its strings; the points beyond are
//! left out of the graph, as if the board ended there. A string in play reaching that edge
//! then loses its liberties past it, and a capturing race is read wrong: a string with four
//! liberties outside the cut and two shared with an eyeless group that has one of its own
//! loses the race in the cut, while on the board it wins. Here each such string keeps up to
//! [`OUTSIDE_LIBERTIES`] of them as added points, each next to the string and to a living
//! stone of the other colour (one per colour, given two eyes): the opponent fills them at no
//! risk, one move each, as it fills outside liberties in a race, and the string's side gains
//! nothing by playing there.

use super::{Local, board_strings};
use crate::color::{Color, Stone};
use crate::position::Position;
use crate::topology::NeighboursOf;
use board_geometry::Point as GeoPoint;

use super::super::packed::Packed;

/// The most liberties outside the cut one string keeps: enough to win or lose the usual
/// races against an eyeless group of a few liberties, few enough to keep cuts small.
pub(super) const OUTSIDE_LIBERTIES: usize = 3;

impl Local {
    /// `self` (cut out of `position` on `region`) with each string of the region keeping up
    /// to [`OUTSIDE_LIBERTIES`] of its empty neighbours outside the region as playable
    /// points next to it and to a living wall of the other colour; `Err(points)` when the
    /// graph then has more than `max_points` points.
    pub(super) fn with_outside_liberties(
        mut self,
        position: &Position,
        region: &[usize],
        max_points: usize,
    ) -> Result<Local, usize> {
        let topo = position.topology();
        let stones = position.stones();
        let n = self.board.n;
        let mut adj: Vec<u64> = (0..n).map(|v| self.board.adj(v)).collect();
        // the living wall of each colour (its stone, made on first use)
        let mut wall: [Option<usize>; 2] = [None, None];
        let mut added: Vec<(usize, Option<Color>)> = Vec::new();
        let mut next = n;
        let mut plan: Vec<(usize, usize, Color)> = Vec::new();
        for (members, color) in board_strings(position, region) {
            let mut outside: Vec<usize> = members
                .iter()
                .flat_map(|&p| topo.neighbours_of(p).iter())
                .map(|&GeoPoint(q)| q as usize)
                .filter(|&q| stones[q] == Stone::Empty && self.index[q] == usize::MAX)
                .collect();
            outside.sort_unstable();
            outside.dedup();
            let k = outside.len().min(OUTSIDE_LIBERTIES);
            if k == 0 {
                continue;
            }
            let wall_colour = color.opponent();
            if wall[wall_colour.index()].is_none() {
                wall[wall_colour.index()] = Some(next);
                added.push((next, Some(wall_colour)));
                added.push((next + 1, None));
                added.push((next + 2, None));
                next += 3;
            }
            plan.push((self.index[members[0] as usize], k, color));
        }
        let total = next + plan.iter().map(|&(_, k, _)| k).sum::<usize>();
        if total > max_points || total > 64 {
            return Err(total);
        }
        if plan.is_empty() {
            return Ok(self);
        }
        adj.resize(total, 0);
        let mut link = |a: usize, b: usize| {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        };
        for &(v, colour) in &added {
            if colour.is_some() {
                link(v, v + 1);
                link(v, v + 2);
            }
        }
        for (anchor, k, color) in plan {
            let w = wall[color.opponent().index()].unwrap_or(anchor);
            for _ in 0..k {
                link(next, anchor);
                link(next, w);
                self.moves |= 1 << next;
                next += 1;
            }
        }
        for (v, colour) in added {
            match colour {
                Some(Color::Black) => self.start.black |= 1 << v,
                Some(Color::White) => self.start.white |= 1 << v,
                None => {}
            }
        }
        self.board = Packed::from_adjacency(adj);
        Ok(self)
    }
}
