//! The symmetries of a rectangular board: eight for a square, four for a non-square rectangle.

/// A rotation or reflection of a `width x height` board, acting on `(x, y)` with the origin
/// at the top-left. Rotations are clockwise as the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Symmetry {
    /// Every point stays where it is.
    Identity = 0,
    /// A quarter turn clockwise as drawn (`(x, y)` becomes `(h - 1 - y, x)`).
    Rotate90 = 1,
    /// A half turn.
    Rotate180 = 2,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270 = 3,
    /// Left-right mirror: `x` reversed.
    MirrorX = 4,
    /// Top-bottom mirror: `y` reversed.
    MirrorY = 5,
    /// Reflection in the main diagonal: `(x, y)` becomes `(y, x)`.
    Transpose = 6,
    /// Reflection in the anti-diagonal.
    AntiTranspose = 7,
}

impl Symmetry {
    /// The dihedral group of the square, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The four symmetries that keep a non-square rectangle in place.
    pub const RECTANGULAR: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rotate180,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
    ];

    /// True if the symmetry exchanges the axes, so it maps a board onto itself only when
    /// width equals height.
    #[inline]
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// The image of `(x, y)` on a `width x height` board. The result lies on the transformed
    /// board, which is `height x width` when [`swaps_axes`](Self::swaps_axes).
    /// `x < width` and `y < height` are required.
    #[inline]
    pub const fn apply(self, width: u8, height: u8, x: u8, y: u8) -> (u8, u8) {
        let (xr, yr) = (width - 1 - x, height - 1 - y);
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (yr, x),
            Symmetry::Rotate180 => (xr, yr),
            Symmetry::Rotate270 => (y, xr),
            Symmetry::MirrorX => (xr, y),
            Symmetry::MirrorY => (x, yr),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (yr, xr),
        }
    }

    /// The symmetry that undoes this one.
    #[inline]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// `self` applied after `first`, on a square board.
    pub fn then_after(self, first: Symmetry) -> Symmetry {
        // Identify the composite by its action on two probe points of a 3x3 board.
        let probe = |s: Symmetry| (s.apply(3, 3, 0, 0), s.apply(3, 3, 1, 0));
        let (a, b) = (first.apply(3, 3, 0, 0), first.apply(3, 3, 1, 0));
        let target = (self.apply(3, 3, a.0, a.1), self.apply(3, 3, b.0, b.1));
        Symmetry::ALL
            .into_iter()
            .find(|&s| probe(s) == target)
            .unwrap_or(Symmetry::Identity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_invertible() {
        let n = 5;
        let images: Vec<_> = Symmetry::ALL
            .iter()
            .map(|s| {
                (0..n)
                    .flat_map(|y| (0..n).map(move |x| s.apply(n, n, x, y)))
                    .collect::<Vec<_>>()
            })
            .collect();
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(
                    images[i],
                    images[j],
                    "{:?} vs {:?}",
                    Symmetry::ALL[i],
                    Symmetry::ALL[j]
                );
            }
        }
        for s in Symmetry::ALL {
            for y in 0..n {
                for x in 0..n {
                    let (a, b) = s.apply(n, n, x, y);
                    assert_eq!(s.inverse().apply(n, n, a, b), (x, y));
                }
            }
            assert_eq!(s.inverse().then_after(s), Symmetry::Identity);
        }
    }

    #[test]
    fn rotations_compose_as_a_cyclic_group() {
        assert_eq!(
            Symmetry::Rotate90.then_after(Symmetry::Rotate90),
            Symmetry::Rotate180
        );
        assert_eq!(
            Symmetry::Rotate90.then_after(Symmetry::Rotate180),
            Symmetry::Rotate270
        );
        assert_eq!(
            Symmetry::MirrorX.then_after(Symmetry::MirrorY),
            Symmetry::Rotate180
        );
        // Clockwise: the top-left corner goes to the top-right corner.
        assert_eq!(Symmetry::Rotate90.apply(19, 19, 0, 0), (18, 0));
    }

    #[test]
    fn rectangular_symmetries_keep_the_rectangle() {
        let (w, h) = (9, 10);
        for s in Symmetry::RECTANGULAR {
            assert!(!s.swaps_axes());
            let mut seen = [false; 90];
            for y in 0..h {
                for x in 0..w {
                    let (a, b) = s.apply(w, h, x, y);
                    assert!(a < w && b < h);
                    seen[b as usize * w as usize + a as usize] = true;
                }
            }
            assert!(seen.iter().all(|&v| v));
        }
    }
}
