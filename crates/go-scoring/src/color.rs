//! Stone colours and point contents.

use std::fmt;

/// A stone colour. Black and White are named as in Go, not "first" and "second": which colour
/// moves first is a rule parameter (the living-stones documents have White move first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Color {
    /// Black (黑), the first side.
    Black = 1,
    /// White (白), the second side.
    White = 2,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// Lower-case English name, as used in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The value a stone of this colour has in a graph-Go configuration: −1 for Black,
    /// +1 for White, as in the source text of graph Go.
    #[inline]
    pub const fn value(self) -> i8 {
        match self {
            Color::Black => -1,
            Color::White => 1,
        }
    }

    /// The SGF property letter (`B` or `W`).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour name other than `black`, `white`, `b` or `w` (in any case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColorParseError {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for ColorParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown colour {:?} (expected black or white)",
            self.text
        )
    }
}

impl std::error::Error for ColorParseError {}

impl std::str::FromStr for Color {
    type Err = ColorParseError;
    /// Reads `black`, `white`, `b` or `w`, in any case.
    fn from_str(s: &str) -> Result<Color, ColorParseError> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Color::Black),
            "white" | "w" => Ok(Color::White),
            _ => Err(ColorParseError {
                text: s.to_string(),
            }),
        }
    }
}

/// Black is the first side, as in every game of the workspace where the first side is the one
/// that conventionally moves first (the living-stones rules let White move first, which is a
/// rule parameter, not a change of sides).
impl From<Color> for board_core::Side {
    #[inline]
    fn from(c: Color) -> board_core::Side {
        match c {
            Color::Black => board_core::Side::First,
            Color::White => board_core::Side::Second,
        }
    }
}

/// The inverse of `From<Color> for Side`: the first side is Black.
impl From<board_core::Side> for Color {
    #[inline]
    fn from(side: board_core::Side) -> Color {
        match side {
            board_core::Side::First => Color::Black,
            board_core::Side::Second => Color::White,
        }
    }
}

/// A pair of values, one per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PerColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> PerColor<T> {
    /// The pair from Black's value and White's.
    pub const fn new(black: T, white: T) -> Self {
        PerColor { black, white }
    }

    /// The value of colour `c`.
    pub fn get(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of colour `c`, to change it.
    pub fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

/// The content of a point: empty or a stone, stored as one byte (0 empty, 1 black, 2 white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Stone {
    #[default]
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
}

impl Stone {
    #[inline]
    /// The stone's colour, `None` for an empty point.
    pub const fn color(self) -> Option<Color> {
        match self {
            Stone::Empty => None,
            Stone::Black => Some(Color::Black),
            Stone::White => Some(Color::White),
        }
    }

    #[inline]
    /// The stone of colour `c`.
    pub const fn of(c: Color) -> Stone {
        match c {
            Color::Black => Stone::Black,
            Color::White => Stone::White,
        }
    }
}

impl From<Option<Color>> for Stone {
    fn from(c: Option<Color>) -> Stone {
        match c {
            None => Stone::Empty,
            Some(c) => Stone::of(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::Side;

    #[test]
    fn black_is_the_first_side() {
        for c in Color::ALL {
            assert_eq!(Color::from(Side::from(c)), c);
        }
        assert_eq!(Side::from(Color::Black), Side::First);
        assert_eq!("W".parse::<Color>(), Ok(Color::White));
        assert_eq!(
            "red".parse::<Color>().unwrap_err().to_string(),
            "unknown colour \"red\" (expected black or white)"
        );
    }
}
