//! Eye shape for the eye-space rule: a one-point area between chains of one colour that is
//! a false eye.
//!
//! An empty point whose neighbours are all stones of one colour is an eye only if the
//! opponent cannot force those stones to fill it. When the neighbours belong to more than
//! one chain, the point is also what connects them; if the opponent holds enough of its
//! diagonal points (one on the edge or in the corner, two in the centre), it can put one of
//! the chains in atari from there, and the owner must fill the point to connect: the eye is
//! false (Go theory's false eye; Japanese Rules 1989, article 7: the stones are judged by
//! whether they can be captured). Chains that are also joined by another area of their
//! group are not cut by that atari (two one-point areas shared by the same chains make two
//! real eyes), so there the point stays an eye.
use crate::color::Stone;
use crate::position::Position;
use crate::topology::{NeighboursOf, Point};
use board_geometry::Point as GeoPoint;

/// The diagonal points of `x`: points not next to `x` that share two neighbours with it
/// (on a grid, the four corners of the 3x3 square around `x` that lie on the board).
fn diagonals(position: &Position, x: usize) -> Vec<usize> {
    let topo = position.topology();
    diagonals_by(x, |p| {
        topo.neighbours_of(p as Point)
            .iter()
            .map(|&GeoPoint(q)| q as usize)
    })
}

/// The diagonal points of `x` as [`diagonals`] finds them, with each point's neighbours
/// given by `neighbours`.
pub(super) fn diagonals_by<I>(x: usize, neighbours: impl Fn(usize) -> I) -> Vec<usize>
where
    I: Iterator<Item = usize>,
{
    let near: Vec<usize> = neighbours(x).collect();
    let mut out: Vec<usize> = Vec::new();
    for &n in &near {
        for m in neighbours(n) {
            if m == x || near.contains(&m) || out.contains(&m) {
                continue;
            }
            let shared = neighbours(m).filter(|q| near.contains(q)).count();
            if shared >= 2 {
                out.push(m);
            }
        }
    }
    out
}

/// Whether `taken` opposing stones on the `diagonals` diagonal points of a one-point area
/// are enough for a false eye: one when it has fewer than four (edge, corner), two otherwise.
pub(super) fn enough_taken(diagonals: usize, taken: usize) -> bool {
    taken >= if diagonals < 4 { 1 } else { 2 }
}

/// Whether the one-point area `x` of `own`'s stones has its diagonals held by the opponent
/// as a false eye needs: opposing stones not found dead on at least one diagonal point when
/// `x` has fewer than four (edge, corner), on at least two otherwise. `dead` marks stones
/// found dead. Whether the chains around `x` are joined elsewhere is the caller's test.
pub(super) fn diagonals_taken(position: &Position, x: usize, own: Stone, dead: &[bool]) -> bool {
    let stones = position.stones();
    let diagonal = diagonals(position, x);
    let taken = diagonal
        .iter()
        .filter(|&&d| stones[d] != Stone::Empty && stones[d] != own && !dead[d])
        .count();
    enough_taken(diagonal.len(), taken)
}

/// Whether the chains bordering area `k` of `areas` (each an area's points and the indices,
/// below `chains`, of the chains bordering it) stay joined through the other areas: then
/// area `k` is not what connects them, and an atari from its diagonals cuts nothing.
pub(super) fn joined_without(areas: &[(Vec<usize>, Vec<usize>)], k: usize, chains: usize) -> bool {
    let mut parent: Vec<usize> = (0..chains).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (l, (_, b)) in areas.iter().enumerate() {
        if l == k {
            continue;
        }
        for w in b.windows(2) {
            let (x, y) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[x] = y;
        }
    }
    let b = &areas[k].1;
    let first = root(&mut parent, b[0]);
    b.iter().all(|&i| root(&mut parent, i) == first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rows: &str) -> Position {
        crate::text::parse(rows).unwrap().position
    }

    fn at(p: &Position, name: &str) -> usize {
        p.topology().parse_point(name).unwrap().0 as usize
    }

    #[test]
    fn diagonals_on_the_edge_in_the_corner_and_in_the_centre() {
        let p = position(".....\n.....\n.....\n.....\n.....\n");
        assert_eq!(diagonals(&p, at(&p, "A1")).len(), 1);
        assert_eq!(diagonals(&p, at(&p, "C1")).len(), 2);
        assert_eq!(diagonals(&p, at(&p, "C3")).len(), 4);
    }

    #[test]
    fn an_edge_point_with_one_opposing_diagonal_has_its_diagonals_taken() {
        // C5 lies between Black B5 and D5 (and C4); White holds D4, one of its two
        // diagonals: on the edge one is enough for a false eye.
        let p = position(".X.XO\n.XXO.\n.....\n.....\n.....\n");
        let none = vec![false; p.len()];
        assert!(diagonals_taken(&p, at(&p, "C5"), Stone::Black, &none));
        // with White's D4 found dead, the diagonal no longer counts
        let mut dead = none.clone();
        dead[at(&p, "D4")] = true;
        assert!(!diagonals_taken(&p, at(&p, "C5"), Stone::Black, &dead));
    }

    #[test]
    fn chains_joined_through_a_third_chain_are_not_cut_at_the_gap() {
        // areas: 0 joins chains 0 and 1; 1 joins 1 and 2; 2 joins 0 and 2
        let areas = vec![
            (vec![10], vec![0, 1]),
            (vec![11], vec![1, 2]),
            (vec![12], vec![0, 2]),
        ];
        assert!(joined_without(&areas, 0, 3));
        // without area 2, chains 0 and 1 meet only at area 0
        assert!(!joined_without(&areas[..2], 0, 3));
    }
}
