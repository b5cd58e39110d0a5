//! Cells of a text diagram and the glyphs that spell them.
//!
//! The model knows how drawings look, not what the pieces mean: a game crate maps
//! [`Cell::Mark`] and [`Cell::Piece`] tokens to its own types.

/// The colour of a Go-style stone drawn on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stone {
    /// `●`, `X` or `x`.
    Black,
    /// `○`, `O` or `o`.
    White,
}

/// One point or square of a diagram, with the glyph the drawing used for it so that
/// rendering gives back the same drawing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// An empty point: a box-drawing junction (`┌┬┐├┼┤└┴┘`), `.`, `+`, `,`, `·`, `・`,
    /// `■` or `□`.
    Empty(char),
    /// A stone and the glyph that drew it.
    Stone(Stone, char),
    /// A one-character mark on an otherwise empty point: ASCII letters other than the
    /// stone letters, `#`, `*` and a few symbols such as `△`.
    Mark(char),
    /// A piece token: one CJK or kana character, optionally prefixed by `v` (the BOD
    /// convention for the second player's pieces), e.g. `歩`, `v歩`, `飞`.
    Piece(String),
}

impl Cell {
    /// The token that renders this cell (one or two characters).
    pub fn token(&self) -> String {
        match self {
            Cell::Empty(c) | Cell::Stone(_, c) | Cell::Mark(c) => c.to_string(),
            Cell::Piece(s) => s.clone(),
        }
    }

    /// Reads a cell from its token, or `None` if the token spells no cell.
    pub fn from_token(token: &str) -> Option<Cell> {
        let mut chars = token.chars();
        let first = chars.next()?;
        match (chars.next(), chars.next()) {
            (None, _) => single(first),
            (Some(second), None) if first == 'v' && is_piece_char(second) => {
                Some(Cell::Piece(token.to_string()))
            }
            _ => None,
        }
    }

    /// The stone on this cell, if any.
    pub fn stone(&self) -> Option<Stone> {
        match self {
            Cell::Stone(s, _) => Some(*s),
            _ => None,
        }
    }

    /// True for an empty point (marks are not empty: they carry information).
    pub fn is_empty(&self) -> bool {
        matches!(self, Cell::Empty(_))
    }
}

/// The one-character cell spelled by `c`, if any.
pub(crate) fn single(c: char) -> Option<Cell> {
    if is_empty_glyph(c) {
        return Some(Cell::Empty(c));
    }
    match c {
        '●' | 'X' | 'x' => return Some(Cell::Stone(Stone::Black, c)),
        '○' | 'O' | 'o' => return Some(Cell::Stone(Stone::White, c)),
        _ => {}
    }
    if is_mark_char(c) {
        return Some(Cell::Mark(c));
    }
    if is_piece_char(c) {
        return Some(Cell::Piece(c.to_string()));
    }
    None
}

/// Box-drawing junctions used for empty Go points.
pub(crate) const BOX_GLYPHS: [char; 9] = ['┌', '┬', '┐', '├', '┼', '┤', '└', '┴', '┘'];

fn is_empty_glyph(c: char) -> bool {
    BOX_GLYPHS.contains(&c) || matches!(c, '.' | '+' | ',' | '·' | '・' | '■' | '□')
}

fn is_mark_char(c: char) -> bool {
    (c.is_ascii_alphabetic() && !matches!(c, 'X' | 'x' | 'O' | 'o'))
        || matches!(c, '#' | '*' | '△' | '▲' | '×' | '◎' | '◇' | '◆' | '☆' | '★')
        // Direction lines of piece-movement tables (a slider's ranges), e.g. `■ │ ■`.
        || matches!(c, '│' | '—' | '/' | '\\')
}

/// CJK ideographs and kana, except numerals (which label ranks) and `・` (empty).
pub(crate) fn is_piece_char(c: char) -> bool {
    let cjk =
        matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}');
    let kana = matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}');
    (cjk || kana) && !crate::numerals::is_kanji_numeral(c)
}

/// Which board edges a box-drawing junction claims to lie on: (top, bottom, left, right).
pub(crate) fn box_edges(c: char) -> Option<(bool, bool, bool, bool)> {
    Some(match c {
        '┌' => (true, false, true, false),
        '┬' => (true, false, false, false),
        '┐' => (true, false, false, true),
        '├' => (false, false, true, false),
        '┼' => (false, false, false, false),
        '┤' => (false, false, false, true),
        '└' => (false, true, true, false),
        '┴' => (false, true, false, false),
        '┘' => (false, true, false, true),
        _ => return None,
    })
}

/// The junction that draws an empty point at (`col`, `row`) of a `width` x `height`
/// board (row 0 at the top), as the Go drawings do.
pub fn box_glyph(col: usize, row: usize, width: usize, height: usize) -> char {
    let top = row == 0;
    let bottom = row + 1 >= height;
    let left = col == 0;
    let right = col + 1 >= width;
    match (top, bottom, left, right) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (true, _, _, _) => '┬',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for token in [
            "┌", "●", "○", "x", "O", "b", "#", "歩", "v歩", "飞", "■", "・", "と",
        ] {
            let cell = Cell::from_token(token).unwrap();
            assert_eq!(cell.token(), token);
        }
        for bad in ["", "?", "vv", "歩歩", "三", "7", "|", "v・"] {
            assert_eq!(Cell::from_token(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn box_glyph_matches_edges() {
        for (row, expected) in ["┌┬┐", "├┼┤", "└┴┘"].iter().enumerate() {
            let got: String = (0..3).map(|col| box_glyph(col, row, 3, 3)).collect();
            assert_eq!(&got, expected);
        }
        for row in 0..5 {
            for col in 0..4 {
                let (t, b, l, r) = box_edges(box_glyph(col, row, 4, 5)).unwrap();
                assert_eq!((t, b, l, r), (row == 0, row == 4, col == 0, col == 3));
            }
        }
    }
}
