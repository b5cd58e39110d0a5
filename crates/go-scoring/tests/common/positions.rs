//! Finished positions that more than one test reads, written once. Each test that uses one
//! says what it expects of it and why; the hand reading is in `life_local.rs`.

/// A finished 9×9 game: White owns rows 8-9 behind its wall on row 7, Black owns rows 1-5
/// behind its walls on rows 6 and 4. Neither side is pass-alive by Benson's test (the
/// territories have points away from the walls), so the whole board is one open region.
/// Black E8, alone among White's stones on rows 8-9, and White E5, in the one-row tunnel
/// between Black's walls, are dead; every other stone lives.
pub const NINE: &str = "\
..O...O..
.O..X..O.
OOOOOOOOO
XXXXXXXXX
....O....
XXXXXXXXX
.........
.........
.........
";
