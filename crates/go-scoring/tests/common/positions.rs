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

/// The final position of Honinbo 1994 game 3 (goban-original-games Hon-94-3; Black X, White O;
/// RE W+6.5), as recorded. Black L19, M18 and N19 stand inside the eye space of White's upper
/// group G16-P19, which GNU Go 3.8 lists with them as seki.
pub const HONINBO_1994_3: &str = "\
.....XOOO.X.X.OX.O.
.XX..XXXOO.X.OOXXO.
X.XOXXOOOOOOOOX.O.O
XXOXXXOXO...XXXXXO.
XOOOX.XXXXXX...OO..
.XXOOXXOXOOOOXXXO..
X.XXOOOOOOXXXXOO.O.
OOOO.OXO.OOX.OX.O..
.XO.OOXOOXXOOOXX...
OOOOXXXXXXOOXXO..O.
XXXOOX...XXOXOO....
XOXXXX...XOO.......
OOOOOX.XXOO.OOO....
.O.OX.XOOOXOOXXOOOO
..OXX..XXXXOXX.OXXO
..OO.XXOOX.X.XOOXXX
...OX.OXOOXOOXXXX.O
..OOX.XXXO.O.OX....
..OXX.......X......
";
