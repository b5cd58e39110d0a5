//! Geometry shared by the fixed boards of at most 128 squares (xiangqi 9x10, shogi 9x9):
//! a `Square` type, `u128` bitboard masks, shifts and precomputed step and ray tables.
//!
//! The items are generated per board by [`fixed_board!`] so that each board has its own
//! `Square` type (squares of different games cannot be mixed up) while the code exists once.

/// Generates the geometry items of a `$w x $h` board inside the invoking module.
macro_rules! fixed_board {
    ($w:expr, $h:expr, $board:literal) => {
        use board_core::Bitboard128;

        use $crate::direction::Direction;

        /// Number of columns (files).
        pub const WIDTH: u8 = $w;
        /// Number of rows (ranks).
        pub const HEIGHT: u8 = $h;
        /// Number of squares; square indices are `0..SQUARES`.
        pub const SQUARES: usize = $w * $h;

        #[doc = concat!("A square of the ", $board, " board: index `y * WIDTH + x`, `(0, 0)` top-left with the first side at the bottom.")]
        ///
        /// The index is private so every `Square` is on the board (no serde derive for the
        /// same reason: use the text form).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Square(u8);

        /// Marks "no square" in the step table.
        const NO_SQUARE: u8 = u8::MAX;

        /// For each square and direction, the adjacent square or `NO_SQUARE`.
        static STEPS: [[u8; 8]; SQUARES] = {
            let mut table = [[NO_SQUARE; 8]; SQUARES];
            let mut sq = 0;
            while sq < SQUARES {
                let mut d = 0;
                while d < 8 {
                    let (dx, dy) = Direction::ALL[d].delta();
                    if let Some(to) = Square(sq as u8).offset(dx, dy) {
                        table[sq][d] = to.0;
                    }
                    d += 1;
                }
                sq += 1;
            }
            table
        };

        /// For each square and direction, the squares from it (exclusive) to the edge.
        static RAYS: [[Bitboard128; 8]; SQUARES] = {
            let mut table = [[Bitboard128::EMPTY; 8]; SQUARES];
            let mut sq = 0;
            while sq < SQUARES {
                let mut d = 0;
                while d < 8 {
                    let (dx, dy) = Direction::ALL[d].delta();
                    let mut bits = 0u128;
                    let mut at = Square(sq as u8).offset(dx, dy);
                    while let Some(s) = at {
                        bits |= 1u128 << s.0;
                        at = s.offset(dx, dy);
                    }
                    table[sq][d] = Bitboard128(bits);
                    d += 1;
                }
                sq += 1;
            }
            table
        };

        impl Square {
            /// The square at column `x` and row `y`, if on the board.
            #[inline]
            pub const fn new(x: u8, y: u8) -> Option<Square> {
                if x < WIDTH && y < HEIGHT {
                    Some(Square(y * WIDTH + x))
                } else {
                    None
                }
            }

            /// The square with the given index, if below [`SQUARES`].
            #[inline]
            pub const fn from_index(index: usize) -> Option<Square> {
                if index < SQUARES {
                    Some(Square(index as u8))
                } else {
                    None
                }
            }

            /// The square of a bitboard bit, for iterating a [`Bitboard128`] in hot loops.
            /// `index` must be below [`SQUARES`] (checked in debug builds; a larger value
            /// makes later table lookups panic, it is never undefined behaviour).
            #[inline]
            pub const fn from_bit(index: u32) -> Square {
                debug_assert!((index as usize) < SQUARES);
                Square(index as u8)
            }

            /// The index, for per-square arrays and bitboards.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// Column from the left, `0..WIDTH`.
            #[inline]
            pub const fn x(self) -> u8 {
                self.0 % WIDTH
            }

            /// Row from the top, `0..HEIGHT`.
            #[inline]
            pub const fn y(self) -> u8 {
                self.0 / WIDTH
            }

            /// The one-square bitboard.
            #[inline]
            pub const fn bit(self) -> Bitboard128 {
                Bitboard128(1u128 << self.0)
            }

            /// Every square in index order.
            pub fn all() -> impl ExactSizeIterator<Item = Square> + Clone {
                (0..SQUARES as u8).map(Square)
            }

            /// The square `(dx, dy)` away, if on the board.
            #[inline]
            pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
                let x = self.x() as i16 + dx as i16;
                let y = self.y() as i16 + dy as i16;
                if x >= 0 && y >= 0 && x < WIDTH as i16 && y < HEIGHT as i16 {
                    Some(Square((y * WIDTH as i16 + x) as u8))
                } else {
                    None
                }
            }

            /// The adjacent square in `direction`, if on the board (table lookup).
            #[inline]
            pub fn step(self, direction: Direction) -> Option<Square> {
                let to = STEPS[self.index()][direction.index()];
                (to != NO_SQUARE).then_some(Square(to))
            }

            /// The squares from this one (exclusive) to the edge in `direction`.
            #[inline]
            pub fn ray(self, direction: Direction) -> Bitboard128 {
                RAYS[self.index()][direction.index()]
            }

            /// The squares of [`ray`](Self::ray) in order of distance, nearest first.
            #[inline]
            pub fn ray_squares(self, direction: Direction) -> Ray {
                Ray {
                    next: self.step(direction),
                    direction,
                }
            }

            /// The square seen from the other side: rotated 180 degrees about the centre.
            #[inline]
            pub const fn rotate180(self) -> Square {
                Square((SQUARES - 1) as u8 - self.0)
            }

            /// The square reflected left-right.
            #[inline]
            pub const fn mirror(self) -> Square {
                Square(self.0 - self.x() + (WIDTH - 1 - self.x()))
            }

            /// This square as `side` sees it: unchanged for the first side, rotated 180
            /// degrees for the second, so per-side tables can be written once.
            #[inline]
            pub const fn relative_to(self, side: board_core::Side) -> Square {
                match side {
                    board_core::Side::First => self,
                    board_core::Side::Second => self.rotate180(),
                }
            }
        }

        /// Iterator over a ray's squares, nearest first.
        #[derive(Clone, Debug)]
        pub struct Ray {
            next: Option<Square>,
            direction: Direction,
        }

        impl Iterator for Ray {
            type Item = Square;
            #[inline]
            fn next(&mut self) -> Option<Square> {
                let sq = self.next?;
                self.next = sq.step(self.direction);
                Some(sq)
            }
        }

        /// The squares of `bits` that lie on the board, lowest index first.
        pub fn squares(bits: Bitboard128) -> impl Iterator<Item = Square> {
            (bits & BOARD).iter().map(Square::from_bit)
        }

        /// Every square of the board.
        pub const BOARD: Bitboard128 = Bitboard128::first_n(SQUARES as u32);

        /// The squares of column `x` (empty if off the board).
        pub const fn column(x: u8) -> Bitboard128 {
            let mut bits = 0u128;
            let mut y = 0;
            while y < HEIGHT && x < WIDTH {
                bits |= 1u128 << (y * WIDTH + x);
                y += 1;
            }
            Bitboard128(bits)
        }

        /// The squares of row `y` (empty if off the board).
        pub const fn row(y: u8) -> Bitboard128 {
            if y >= HEIGHT {
                return Bitboard128::EMPTY;
            }
            Bitboard128(((1u128 << WIDTH) - 1) << (y * WIDTH))
        }

        /// Every square except the leftmost column: the valid targets of an eastward shift.
        pub const NOT_FIRST_COLUMN: Bitboard128 = Bitboard128(BOARD.0 & !column(0).0);
        /// Every square except the rightmost column: the valid targets of a westward shift.
        pub const NOT_LAST_COLUMN: Bitboard128 = Bitboard128(BOARD.0 & !column(WIDTH - 1).0);

        /// Every square of `bits` moved one step in `direction`; squares leaving the board
        /// vanish.
        #[inline]
        pub const fn shift(bits: Bitboard128, direction: Direction) -> Bitboard128 {
            let w = WIDTH as u32;
            match direction {
                Direction::North => bits.shift_down(w, BOARD),
                Direction::South => bits.shift_up(w, BOARD),
                Direction::East => bits.shift_up(1, NOT_FIRST_COLUMN),
                Direction::West => bits.shift_down(1, NOT_LAST_COLUMN),
                Direction::NorthEast => bits.shift_down(w - 1, NOT_FIRST_COLUMN),
                Direction::NorthWest => bits.shift_down(w + 1, NOT_LAST_COLUMN),
                Direction::SouthEast => bits.shift_up(w + 1, NOT_FIRST_COLUMN),
                Direction::SouthWest => bits.shift_up(w - 1, NOT_LAST_COLUMN),
            }
        }

        /// The direction from `from` towards `to` if they share a row, column or diagonal.
        pub const fn direction_between(from: Square, to: Square) -> Option<Direction> {
            let dx = to.x() as i8 - from.x() as i8;
            let dy = to.y() as i8 - from.y() as i8;
            if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
                return None;
            }
            Direction::from_delta(dx.signum(), dy.signum())
        }

        /// The squares strictly between two squares on a common line (empty otherwise):
        /// the blockers of a slider, or the screen of a xiangqi cannon.
        #[inline]
        pub fn between(a: Square, b: Square) -> Bitboard128 {
            match direction_between(a, b) {
                Some(d) => a.ray(d) & b.ray(d.opposite()),
                None => Bitboard128::EMPTY,
            }
        }

        /// The bitboard rotated 180 degrees (what the second side sees).
        #[inline]
        pub const fn rotate180_bits(bits: Bitboard128) -> Bitboard128 {
            Bitboard128((bits.0 & BOARD.0).reverse_bits() >> (128 - SQUARES as u32))
        }

        /// The bitboard reflected left-right.
        pub const fn mirror_bits(bits: Bitboard128) -> Bitboard128 {
            let mut out = 0u128;
            let mut y = 0;
            while y < HEIGHT {
                let shift = (y * WIDTH) as u32;
                let row = (bits.0 >> shift) & ((1u128 << WIDTH) - 1);
                out |= (row.reverse_bits() >> (128 - WIDTH as u32)) << shift;
                y += 1;
            }
            Bitboard128(out)
        }

        /// For every square, the squares reached by the given `(dx, dy)` leaps (those that
        /// stay on the board). Builds king, knight or elephant-style target tables.
        pub const fn leaper_table(offsets: &[(i8, i8)]) -> [Bitboard128; SQUARES] {
            let mut table = [Bitboard128::EMPTY; SQUARES];
            let mut sq = 0;
            while sq < SQUARES {
                let mut bits = 0u128;
                let mut i = 0;
                while i < offsets.len() {
                    if let Some(to) = Square(sq as u8).offset(offsets[i].0, offsets[i].1) {
                        bits |= 1u128 << to.0;
                    }
                    i += 1;
                }
                table[sq] = Bitboard128(bits);
                sq += 1;
            }
            table
        }
    };
}

pub(crate) use fixed_board;

/// Tests generated for each board, comparing the tables with slow coordinate arithmetic.
macro_rules! fixed_board_tests {
    () => {
        #[cfg(test)]
        mod geometry_tests {
            use super::*;
            use board_core::Side;

            #[test]
            fn steps_rays_and_shifts_agree_with_coordinates() {
                for sq in Square::all() {
                    assert_eq!(Square::new(sq.x(), sq.y()), Some(sq));
                    for d in Direction::ALL {
                        let (dx, dy) = d.delta();
                        assert_eq!(sq.step(d), sq.offset(dx, dy));
                        // A ray is the repeated step, and its iterator lists it nearest first.
                        let mut expected = Vec::new();
                        let mut at = sq.offset(dx, dy);
                        while let Some(s) = at {
                            expected.push(s);
                            at = s.offset(dx, dy);
                        }
                        assert_eq!(sq.ray_squares(d).collect::<Vec<_>>(), expected);
                        let bits: Bitboard128 = expected.iter().map(|s| s.index() as u32).collect();
                        assert_eq!(sq.ray(d), bits);
                        let shifted: Bitboard128 =
                            sq.step(d).map(|s| s.index() as u32).into_iter().collect();
                        assert_eq!(shift(sq.bit(), d), shifted);
                    }
                }
                assert_eq!(
                    squares(BOARD).collect::<Vec<_>>(),
                    Square::all().collect::<Vec<_>>()
                );
                assert_eq!(squares(Bitboard128(!BOARD.0)).count(), 0);
                assert_eq!(Square::new(WIDTH, 0), None);
                assert_eq!(Square::from_index(SQUARES), None);
                assert_eq!(
                    shift(BOARD, Direction::North).count(),
                    (SQUARES - WIDTH as usize) as u32
                );
            }

            #[test]
            fn masks_cover_the_board_once() {
                let mut union = Bitboard128::EMPTY;
                for x in 0..WIDTH {
                    assert_eq!(column(x).count(), HEIGHT as u32);
                    assert_eq!(column(x) & union, Bitboard128::EMPTY);
                    union |= column(x);
                }
                assert_eq!(union, BOARD);
                let rows = (0..HEIGHT).fold(Bitboard128::EMPTY, |acc, y| acc | row(y));
                assert_eq!(rows, BOARD);
                assert_eq!(row(HEIGHT), Bitboard128::EMPTY);
                assert_eq!(column(WIDTH), Bitboard128::EMPTY);
                assert_eq!(NOT_FIRST_COLUMN.count() + HEIGHT as u32, SQUARES as u32);
            }

            #[test]
            fn between_is_the_open_segment() {
                for a in Square::all() {
                    for b in Square::all() {
                        let (dx, dy) = (b.x() as i8 - a.x() as i8, b.y() as i8 - a.y() as i8);
                        let aligned =
                            (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
                        assert_eq!(direction_between(a, b).is_some(), aligned);
                        let expected: Bitboard128 = if aligned {
                            let n = dx.abs().max(dy.abs());
                            (1..n)
                                .filter_map(|k| a.offset(k * dx.signum(), k * dy.signum()))
                                .map(|s| s.index() as u32)
                                .collect()
                        } else {
                            Bitboard128::EMPTY
                        };
                        assert_eq!(between(a, b), expected);
                        assert_eq!(between(b, a), expected);
                    }
                }
            }

            #[test]
            fn mirrors_and_rotations() {
                for sq in Square::all() {
                    assert_eq!(sq.mirror().y(), sq.y());
                    assert_eq!(sq.mirror().x(), WIDTH - 1 - sq.x());
                    assert_eq!(sq.rotate180().x(), WIDTH - 1 - sq.x());
                    assert_eq!(sq.rotate180().y(), HEIGHT - 1 - sq.y());
                    assert_eq!(sq.mirror().mirror(), sq);
                    assert_eq!(sq.relative_to(Side::First), sq);
                    assert_eq!(sq.relative_to(Side::Second), sq.rotate180());
                    assert_eq!(mirror_bits(sq.bit()), sq.mirror().bit());
                    assert_eq!(rotate180_bits(sq.bit()), sq.rotate180().bit());
                    for d in Direction::ALL {
                        assert_eq!(sq.step(d).map(Square::mirror), sq.mirror().step(d.mirror()));
                        assert_eq!(
                            sq.step(d).map(Square::rotate180),
                            sq.rotate180().step(d.rotate180())
                        );
                    }
                }
                assert_eq!(mirror_bits(BOARD), BOARD);
                assert_eq!(rotate180_bits(BOARD), BOARD);
                // Bits beyond the board are ignored, not moved onto it.
                assert_eq!(rotate180_bits(Bitboard128(!BOARD.0)), Bitboard128::EMPTY);
            }

            #[test]
            fn leaper_tables_follow_offsets() {
                let table = leaper_table(&$crate::direction::KNIGHT_OFFSETS);
                for sq in Square::all() {
                    let expected: Bitboard128 = $crate::direction::KNIGHT_OFFSETS
                        .iter()
                        .filter_map(|&(dx, dy)| sq.offset(dx, dy))
                        .map(|s| s.index() as u32)
                        .collect();
                    assert_eq!(table[sq.index()], expected);
                }
            }
        }
    };
}

pub(crate) use fixed_board_tests;
