//! Stone colours and point contents.

use std::fmt;

/// A stone colour. Black and White are named as in Go, not "first" and "second": which colour
/// moves first is a rule parameter (the living-stones documents have White move first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 1,
    White = 2,
}

impl Color {
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

impl std::str::FromStr for Color {
    type Err = String;
    fn from_str(s: &str) -> Result<Color, String> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Color::Black),
            "white" | "w" => Ok(Color::White),
            _ => Err(format!("unknown colour {s:?} (expected black or white)")),
        }
    }
}

/// A pair of values, one per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerColor<T> {
    pub black: T,
    pub white: T,
}

impl<T> PerColor<T> {
    pub const fn new(black: T, white: T) -> Self {
        PerColor { black, white }
    }

    pub fn get(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

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
    Empty = 0,
    Black = 1,
    White = 2,
}

impl Stone {
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Stone::Empty => None,
            Stone::Black => Some(Color::Black),
            Stone::White => Some(Color::White),
        }
    }

    #[inline]
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
