//! Geometry shared by the fixed boards of at most 128 squares (xiangqi 9x10, shogi 9x9):
//! a `Square` type, a typed `Bitboard` of that board, shifts and precomputed step and ray
//! tables.
//!
//! The items are generated per board by [`fixed_board!`] so that each board has its own
//! `Square` and `Bitboard` types (a mask of one board cannot meet a square of another) while
//! the code exists once. Each board chooses its index layout: the layout its rule crate and
//! the fast engines of that game use (xiangqi in FEN order, shogi file-major), given as the
//! three functions between `(x, y)` and the index. Every layout is linear (`index = origin +
//! x * sx + y * sy`), which is what the shifts and the 180-degree rotation rely on.

/// Generates the geometry items of a `$w x $h` board inside the invoking module.
///
/// `index(x, y)`, `x(i)` and `y(i)` give the board's layout: the square index of column `x`
/// and row `y` (`(0, 0)` top-left as drawn with the first side at the bottom), and back.
macro_rules! fixed_board {
    (
        $w:expr, $h:expr, $board:literal,
        index($ix:ident, $iy:ident) = $index:expr;
        x($xi:ident) = $xexpr:expr;
        y($yi:ident) = $yexpr:expr;
    ) => {
        use board_core::Bitboard128;

        use $crate::direction::Direction;

        /// Number of columns (files).
        pub const WIDTH: u8 = $w;
        /// Number of rows (ranks).
        pub const HEIGHT: u8 = $h;
        /// Number of squares; square indices are `0..SQUARES`.
        pub const SQUARES: usize = $w * $h;

        /// The index of column `x`, row `y` (both on the board).
        #[inline]
        const fn index_of($ix: u8, $iy: u8) -> u8 {
            $index
        }

        /// The column of an index below [`SQUARES`].
        #[inline]
        const fn x_of($xi: u8) -> u8 {
            $xexpr
        }

        /// The row of an index below [`SQUARES`].
        #[inline]
        const fn y_of($yi: u8) -> u8 {
            $yexpr
        }

        #[doc = concat!("A square of the ", $board, " board (see the module documentation for its index layout).")]
        ///
        /// The index is private so every `Square` is on the board (no serde derive for the
        /// same reason: use the text form). `Debug` prints the text form.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
        static RAYS: [[Bitboard; 8]; SQUARES] = {
            let mut table = [[Bitboard::EMPTY; 8]; SQUARES];
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
                    table[sq][d] = Bitboard(bits);
                    d += 1;
                }
                sq += 1;
            }
            table
        };

        impl Square {
            /// The square at column `x` and row `y` (from the top-left as drawn), if on the
            /// board.
            #[inline]
            pub const fn from_xy(x: u8, y: u8) -> Option<Square> {
                if x < WIDTH && y < HEIGHT {
                    Some(Square(index_of(x, y)))
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

            /// The square of a bitboard bit, for iterating a [`Bitboard`] in hot loops.
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

            /// Column from the left as drawn, `0..WIDTH`.
            #[inline]
            pub const fn x(self) -> u8 {
                x_of(self.0)
            }

            /// Row from the top as drawn, `0..HEIGHT`.
            #[inline]
            pub const fn y(self) -> u8 {
                y_of(self.0)
            }

            /// The one-square bitboard.
            #[inline]
            pub const fn bit(self) -> Bitboard {
                Bitboard(1u128 << self.0)
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
                    Some(Square(index_of(x as u8, y as u8)))
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
            pub fn ray(self, direction: Direction) -> Bitboard {
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

            /// The square seen from the other side: rotated 180 degrees about the centre
            /// (a linear layout makes this `SQUARES - 1 - index`).
            #[inline]
            pub const fn rotate180(self) -> Square {
                Square((SQUARES - 1) as u8 - self.0)
            }

            /// The square reflected left-right.
            #[inline]
            pub const fn mirror(self) -> Square {
                Square(index_of(WIDTH - 1 - self.x(), self.y()))
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

        impl std::fmt::Debug for Square {
            /// The text form, as `Display` writes it.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
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

        #[doc = concat!("A set of squares of the ", $board, " board, one bit per square index.")]
        ///
        /// The word is public so hot code and `const` tables can work on it directly; the
        /// methods take and yield this board's [`Square`]s only, so a mask of one board
        /// cannot be tested with a square of another. Bits at or above [`SQUARES`] are never
        /// set by the methods and operators here (`!` complements within the board).
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Bitboard(pub u128);

        impl Bitboard {
            /// No square.
            pub const EMPTY: Bitboard = Bitboard(0);
            /// Every square of the board.
            pub const FULL: Bitboard = Bitboard(Bitboard128::first_n(SQUARES as u32).0);

            /// The set holding only `square`.
            #[inline]
            pub const fn from_square(square: Square) -> Bitboard {
                square.bit()
            }

            /// The same bits as an untyped word, for board-independent bit tricks.
            #[inline]
            pub const fn word(self) -> Bitboard128 {
                Bitboard128(self.0)
            }

            /// Whether `square` is in the set.
            #[inline]
            pub const fn contains(self, square: Square) -> bool {
                (self.0 >> square.0) & 1 != 0
            }

            /// The set with `square` added.
            #[inline]
            pub const fn with(self, square: Square) -> Bitboard {
                Bitboard(self.0 | (1u128 << square.0))
            }

            /// The set with `square` removed.
            #[inline]
            pub const fn without(self, square: Square) -> Bitboard {
                Bitboard(self.0 & !(1u128 << square.0))
            }

            /// Adds `square`.
            #[inline]
            pub fn insert(&mut self, square: Square) {
                self.0 |= 1u128 << square.0;
            }

            /// Removes `square`.
            #[inline]
            pub fn remove(&mut self, square: Square) {
                self.0 &= !(1u128 << square.0);
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the set holds at least one square.
            #[inline]
            pub const fn any(self) -> bool {
                self.0 != 0
            }

            /// The number of squares.
            #[inline]
            pub const fn count(self) -> u32 {
                self.word().count()
            }

            /// Whether the set holds two squares or more (cheaper than counting).
            #[inline]
            pub const fn has_several(self) -> bool {
                self.word().has_several()
            }

            /// The square of lowest index.
            #[inline]
            pub const fn first(self) -> Option<Square> {
                match self.word().first() {
                    Some(bit) => Some(Square(bit as u8)),
                    None => None,
                }
            }

            /// Removes and returns the square of lowest index.
            #[inline]
            pub fn pop_first(&mut self) -> Option<Square> {
                let mut word = self.word();
                let bit = word.pop_first()?;
                self.0 = word.0;
                Some(Square(bit as u8))
            }

            /// The squares of `self` that are not in `other`.
            #[inline]
            pub const fn and_not(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 & !other.0)
            }

            /// The squares in index order.
            #[inline]
            pub const fn iter(self) -> Squares {
                Squares(self.word().iter())
            }
        }

        /// The squares of a [`Bitboard`], lowest index first: board-core's bit iteration,
        /// yielding this board's squares.
        #[derive(Clone, Copy, Debug)]
        pub struct Squares(board_core::bitboard::Squares128);

        impl Iterator for Squares {
            type Item = Square;
            #[inline]
            fn next(&mut self) -> Option<Square> {
                self.0.next().map(|bit| Square(bit as u8))
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl ExactSizeIterator for Squares {}

        impl IntoIterator for Bitboard {
            type Item = Square;
            type IntoIter = Squares;
            #[inline]
            fn into_iter(self) -> Squares {
                self.iter()
            }
        }

        impl FromIterator<Square> for Bitboard {
            fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
                let mut bits = Bitboard::EMPTY;
                for square in iter {
                    bits.insert(square);
                }
                bits
            }
        }

        impl From<Square> for Bitboard {
            #[inline]
            fn from(square: Square) -> Bitboard {
                square.bit()
            }
        }

        impl std::ops::BitAnd for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn bitand(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 & rhs.0)
            }
        }

        impl std::ops::BitOr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn bitor(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 | rhs.0)
            }
        }

        impl std::ops::BitXor for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn bitxor(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 ^ rhs.0)
            }
        }

        impl std::ops::Not for Bitboard {
            type Output = Bitboard;
            /// The complement within the board.
            #[inline]
            fn not(self) -> Bitboard {
                Bitboard(!self.0 & Bitboard::FULL.0)
            }
        }

        impl std::ops::BitAndAssign for Bitboard {
            #[inline]
            fn bitand_assign(&mut self, rhs: Bitboard) {
                self.0 &= rhs.0;
            }
        }

        impl std::ops::BitOrAssign for Bitboard {
            #[inline]
            fn bitor_assign(&mut self, rhs: Bitboard) {
                self.0 |= rhs.0;
            }
        }

        impl std::ops::BitXorAssign for Bitboard {
            #[inline]
            fn bitxor_assign(&mut self, rhs: Bitboard) {
                self.0 ^= rhs.0;
            }
        }

        impl std::fmt::Debug for Bitboard {
            /// The board as drawn (first side at the bottom): `x` for a square in the set,
            /// `.` for one outside it, one row per line.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                writeln!(f, "Bitboard {{")?;
                for y in 0..HEIGHT {
                    f.write_str("    ")?;
                    for x in 0..WIDTH {
                        let set = self.contains(Square(index_of(x, y)));
                        f.write_str(if set { "x" } else { "." })?;
                    }
                    writeln!(f)?;
                }
                f.write_str("}")
            }
        }

        /// The squares of `bits`, lowest index first.
        #[inline]
        pub fn squares(bits: Bitboard) -> Squares {
            (bits & BOARD).iter()
        }

        /// Every square of the board.
        pub const BOARD: Bitboard = Bitboard::FULL;

        /// The squares of column `x` (empty if off the board).
        pub const fn column(x: u8) -> Bitboard {
            let mut bits = 0u128;
            let mut y = 0;
            while y < HEIGHT && x < WIDTH {
                bits |= 1u128 << index_of(x, y);
                y += 1;
            }
            Bitboard(bits)
        }

        /// The squares of row `y` (empty if off the board).
        pub const fn row(y: u8) -> Bitboard {
            let mut bits = 0u128;
            let mut x = 0;
            while x < WIDTH && y < HEIGHT {
                bits |= 1u128 << index_of(x, y);
                x += 1;
            }
            Bitboard(bits)
        }

        /// For each direction, the index difference of one step (the layout is linear, so it
        /// is the same from every square).
        const STEP_DELTA: [i32; 8] = {
            let mut table = [0i32; 8];
            let mut d = 0;
            while d < 8 {
                let (dx, dy) = Direction::ALL[d].delta();
                let from = index_of(1, 1) as i32;
                let to = index_of((1 + dx) as u8, (1 + dy) as u8) as i32;
                table[d] = to - from;
                d += 1;
            }
            table
        };

        /// For each direction, the squares that have a neighbour in that direction.
        const HAS_STEP: [Bitboard; 8] = {
            let mut table = [Bitboard::EMPTY; 8];
            let mut d = 0;
            while d < 8 {
                let (dx, dy) = Direction::ALL[d].delta();
                let mut bits = 0u128;
                let mut sq = 0;
                while sq < SQUARES {
                    if Square(sq as u8).offset(dx, dy).is_some() {
                        bits |= 1u128 << sq;
                    }
                    sq += 1;
                }
                table[d] = Bitboard(bits);
                d += 1;
            }
            table
        };

        /// Every square of `bits` moved one step in `direction`; squares leaving the board
        /// vanish.
        #[inline]
        pub const fn shift(bits: Bitboard, direction: Direction) -> Bitboard {
            let d = direction as usize;
            let kept = bits.0 & HAS_STEP[d].0;
            let delta = STEP_DELTA[d];
            if delta >= 0 {
                Bitboard(kept << delta as u32)
            } else {
                Bitboard(kept >> (-delta) as u32)
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

        /// For each pair of squares, the squares strictly between them on a common line:
        /// [`between`] is read on the hot paths of the move generators and mate tests (pins,
        /// interpositions, discovered checks), where working it out from the coordinates
        /// and rays each time cost a mate-in-three search 5-10% of its time. Worked out
        /// once per pair at compile time: the ray from one towards the other, cut by the
        /// ray from the other back.
        static BETWEEN: [[Bitboard; SQUARES]; SQUARES] = {
            let mut table = [[Bitboard::EMPTY; SQUARES]; SQUARES];
            let mut a = 0;
            while a < SQUARES {
                let mut b = 0;
                while b < SQUARES {
                    if let Some(d) = direction_between(Square(a as u8), Square(b as u8)) {
                        let there = RAYS[a][d.index()].0;
                        let back = RAYS[b][d.opposite().index()].0;
                        table[a][b] = Bitboard(there & back);
                    }
                    b += 1;
                }
                a += 1;
            }
            table
        };

        /// The squares strictly between two squares on a common line (empty otherwise):
        /// the blockers of a slider, or the screen of a xiangqi cannon.
        #[inline]
        pub fn between(a: Square, b: Square) -> Bitboard {
            BETWEEN[a.index()][b.index()]
        }

        /// The bitboard rotated 180 degrees (what the second side sees).
        #[inline]
        pub const fn rotate180_bits(bits: Bitboard) -> Bitboard {
            Bitboard((bits.0 & BOARD.0).reverse_bits() >> (128 - SQUARES as u32))
        }

        /// The bitboard reflected left-right.
        pub const fn mirror_bits(bits: Bitboard) -> Bitboard {
            let mut out = 0u128;
            let mut sq = 0;
            while sq < SQUARES {
                if (bits.0 >> sq) & 1 != 0 {
                    out |= 1u128 << Square(sq as u8).mirror().0;
                }
                sq += 1;
            }
            Bitboard(out)
        }

        /// For every square, the squares reached by the given `(dx, dy)` leaps (those that
        /// stay on the board). Builds king, knight or elephant-style target tables.
        pub const fn leaper_table(offsets: &[(i8, i8)]) -> [Bitboard; SQUARES] {
            let mut table = [Bitboard::EMPTY; SQUARES];
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
                table[sq] = Bitboard(bits);
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
            fn layout_round_trips() {
                for sq in Square::all() {
                    assert_eq!(Square::from_xy(sq.x(), sq.y()), Some(sq));
                    assert_eq!(Square::from_index(sq.index()), Some(sq));
                }
                let mut seen = std::collections::HashSet::new();
                for y in 0..HEIGHT {
                    for x in 0..WIDTH {
                        let sq = Square::from_xy(x, y).unwrap();
                        assert_eq!((sq.x(), sq.y()), (x, y));
                        assert!(seen.insert(sq.index()));
                    }
                }
                assert_eq!(seen.len(), SQUARES);
            }

            #[test]
            fn steps_rays_and_shifts_agree_with_coordinates() {
                for sq in Square::all() {
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
                        let bits: Bitboard = expected.iter().copied().collect();
                        assert_eq!(sq.ray(d), bits);
                        let shifted: Bitboard = sq.step(d).into_iter().collect();
                        assert_eq!(shift(sq.bit(), d), shifted);
                    }
                }
                assert_eq!(
                    squares(BOARD).collect::<Vec<_>>(),
                    Square::all().collect::<Vec<_>>()
                );
                assert_eq!(squares(Bitboard(!BOARD.0)).count(), 0);
                assert_eq!(Square::from_xy(WIDTH, 0), None);
                assert_eq!(Square::from_index(SQUARES), None);
                assert_eq!(
                    shift(BOARD, Direction::North).count(),
                    (SQUARES - WIDTH as usize) as u32
                );
                assert_eq!(
                    shift(BOARD, Direction::East).count(),
                    (SQUARES - HEIGHT as usize) as u32
                );
            }

            #[test]
            fn masks_cover_the_board_once() {
                let mut union = Bitboard::EMPTY;
                for x in 0..WIDTH {
                    assert_eq!(column(x).count(), HEIGHT as u32);
                    assert_eq!(column(x) & union, Bitboard::EMPTY);
                    assert!(column(x).iter().all(|s| s.x() == x));
                    union |= column(x);
                }
                assert_eq!(union, BOARD);
                let rows = (0..HEIGHT).fold(Bitboard::EMPTY, |acc, y| acc | row(y));
                assert_eq!(rows, BOARD);
                for y in 0..HEIGHT {
                    assert!(row(y).iter().all(|s| s.y() == y));
                }
                assert_eq!(row(HEIGHT), Bitboard::EMPTY);
                assert_eq!(column(WIDTH), Bitboard::EMPTY);
                assert_eq!(!Bitboard::EMPTY, BOARD);
                assert_eq!((!BOARD).count(), 0);
            }

            #[test]
            fn bitboard_set_operations() {
                let a = Square::from_xy(0, 0).unwrap();
                let b = Square::from_xy(WIDTH - 1, HEIGHT - 1).unwrap();
                let mut bits = Bitboard::from_square(a).with(b);
                assert!(bits.contains(a) && bits.contains(b));
                assert_eq!(bits.count(), 2);
                assert!(bits.has_several());
                assert_eq!(bits.iter().len(), 2);
                assert_eq!(bits.without(a), Bitboard::from(b));
                let low = bits.first().unwrap();
                assert_eq!(bits.pop_first(), Some(low));
                assert_eq!(bits.count(), 1);
                assert!(!bits.has_several() && bits.any());
                bits.remove(bits.first().unwrap());
                assert!(bits.is_empty());
                bits.insert(a);
                assert_eq!(bits ^ a.bit(), Bitboard::EMPTY);
                assert_eq!(BOARD.and_not(a.bit()).count(), SQUARES as u32 - 1);
                let drawn = format!("{:?}", a.bit());
                assert_eq!(drawn.lines().count(), HEIGHT as usize + 2);
                assert_eq!(drawn.matches('x').count(), 1);
            }

            #[test]
            fn between_is_the_open_segment() {
                for a in Square::all() {
                    for b in Square::all() {
                        let (dx, dy) = (b.x() as i8 - a.x() as i8, b.y() as i8 - a.y() as i8);
                        let aligned =
                            (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
                        assert_eq!(direction_between(a, b).is_some(), aligned);
                        let expected: Bitboard = if aligned {
                            let n = dx.abs().max(dy.abs());
                            (1..n)
                                .filter_map(|k| a.offset(k * dx.signum(), k * dy.signum()))
                                .collect()
                        } else {
                            Bitboard::EMPTY
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
                assert_eq!(rotate180_bits(Bitboard(!BOARD.0)), Bitboard::EMPTY);
            }

            #[test]
            fn leaper_tables_follow_offsets() {
                let table = leaper_table(&$crate::direction::KNIGHT_OFFSETS);
                for sq in Square::all() {
                    let expected: Bitboard = $crate::direction::KNIGHT_OFFSETS
                        .iter()
                        .filter_map(|&(dx, dy)| sq.offset(dx, dy))
                        .collect();
                    assert_eq!(table[sq.index()], expected);
                }
            }
        }
    };
}

pub(crate) use fixed_board_tests;
