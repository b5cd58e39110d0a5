//! Errors that point into a text, and the list of every problem a validation found.
//!
//! Parsers of every notation (SFEN, FEN, SGF, KIF, TRF, diagrams, …) report *where* the
//! text went wrong with [`TextError`], so a user sees `line 3, column 7: …` whatever the
//! game. Validations of a whole setup report every problem at once with [`Problems`]
//! instead of stopping at the first, so a user can fix them all in one go.

use std::fmt;

/// An error of kind `K` at a position in a text.
///
/// `line` and `column` are 1-based; the column counts characters, not bytes, so that it
/// matches what an editor shows for kanji and full-width digits. Column 0 means the error
/// concerns the whole line (a record-level problem); `Display` then names only the line.
///
/// ```
/// use board_core::TextError;
///
/// let text = "9/9\n4k5/x";
/// let err = TextError::at_byte(text, text.find('x').unwrap(), "unknown piece 'x'");
/// assert_eq!((err.line, err.column), (2, 5));
/// assert_eq!(err.to_string(), "line 2, column 5: unknown piece 'x'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TextError<K> {
    /// The 1-based line number.
    pub line: u32,
    /// The 1-based column, in characters; 0 for the whole line.
    pub column: u32,
    /// What went wrong there.
    pub kind: K,
}

impl<K> TextError<K> {
    /// An error at a known line and column (both 1-based; column 0 for the whole line).
    pub const fn new(line: u32, column: u32, kind: K) -> Self {
        Self { line, column, kind }
    }

    /// An error at byte offset `byte` of `text`, converted to line and column.
    ///
    /// Lines end at `\n` (a `\r` before it counts as a character of the line). An offset
    /// past the end points just after the last character; an offset inside a multi-byte
    /// character points at that character.
    pub fn at_byte(text: &str, byte: usize, kind: K) -> Self {
        let byte = byte.min(text.len());
        let mut line = 1u32;
        let mut column = 1u32;
        for (offset, ch) in text.char_indices() {
            if offset >= byte {
                break;
            }
            if offset + ch.len_utf8() > byte {
                // `byte` falls inside this character: point at it.
                break;
            }
            if ch == '\n' {
                line = line.saturating_add(1);
                column = 1;
            } else {
                column = column.saturating_add(1);
            }
        }
        Self { line, column, kind }
    }

    /// The same position with another kind (for wrapping a lower layer's error).
    pub fn map<L>(self, f: impl FnOnce(K) -> L) -> TextError<L> {
        TextError {
            line: self.line,
            column: self.column,
            kind: f(self.kind),
        }
    }
}

impl<K: fmt::Display> fmt::Display for TextError<K> {
    /// `line L, column C: kind`, or `line L: kind` for column 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            write!(f, "line {}: {}", self.line, self.kind)
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.kind
            )
        }
    }
}

impl<K: fmt::Display + fmt::Debug> std::error::Error for TextError<K> {}

/// Every problem a validation found, in the order found.
///
/// ```
/// use board_core::Problems;
///
/// fn check(pieces: &[char]) -> Result<(), Problems<String>> {
///     let mut problems = Problems::new();
///     for king in ['K', 'k'] {
///         if !pieces.contains(&king) {
///             problems.push(format!("no {king}"));
///         }
///     }
///     problems.into_result(())
/// }
/// assert!(check(&['K', 'k']).is_ok());
/// assert_eq!(check(&[]).unwrap_err().to_string(), "no K; no k");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Problems<P> {
    items: Vec<P>,
}

impl<P> Default for Problems<P> {
    fn default() -> Self {
        Self { items: Vec::new() }
    }
}

impl<P> Problems<P> {
    /// An empty list.
    pub const fn new() -> Self {
        Self { items: Vec::new() }
    }

    /// Adds a problem.
    pub fn push(&mut self, problem: P) {
        self.items.push(problem);
    }

    /// Whether no problem was found.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// How many problems were found.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The problems, in the order found.
    pub fn iter(&self) -> std::slice::Iter<'_, P> {
        self.items.iter()
    }

    /// The problems as a slice.
    pub fn as_slice(&self) -> &[P] {
        &self.items
    }

    /// The problems as a vector.
    pub fn into_vec(self) -> Vec<P> {
        self.items
    }

    /// `Ok(ok)` when no problem was found, `Err(self)` otherwise.
    pub fn into_result<T>(self, ok: T) -> Result<T, Problems<P>> {
        if self.items.is_empty() {
            Ok(ok)
        } else {
            Err(self)
        }
    }
}

impl<P> FromIterator<P> for Problems<P> {
    fn from_iter<I: IntoIterator<Item = P>>(iter: I) -> Self {
        Self {
            items: iter.into_iter().collect(),
        }
    }
}

impl<P> Extend<P> for Problems<P> {
    fn extend<I: IntoIterator<Item = P>>(&mut self, iter: I) {
        self.items.extend(iter);
    }
}

impl<P> IntoIterator for Problems<P> {
    type Item = P;
    type IntoIter = std::vec::IntoIter<P>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, P> IntoIterator for &'a Problems<P> {
    type Item = &'a P;
    type IntoIter = std::slice::Iter<'a, P>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<P: fmt::Display> fmt::Display for Problems<P> {
    /// The problems joined by `"; "`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl<P: fmt::Display + fmt::Debug> std::error::Error for Problems<P> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_offsets_become_lines_and_character_columns() {
        let text = "ab\n７六歩\r\nxyz";
        assert_eq!(TextError::at_byte(text, 0, ()).line, 1);
        let at = |byte| {
            let e = TextError::at_byte(text, byte, ());
            (e.line, e.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(1), (1, 2));
        assert_eq!(at(2), (1, 3)); // the newline itself
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(6), (2, 2)); // 六 after the three-byte ７
        assert_eq!(at(7), (2, 2)); // inside 六
        let x = text.find('x').unwrap();
        assert_eq!(at(x), (3, 1));
        assert_eq!(at(text.len()), (3, 4));
        assert_eq!(at(usize::MAX), (3, 4));
        assert_eq!(TextError::at_byte("", 5, ()).column, 1);
    }

    #[test]
    fn display_and_map() {
        let e = TextError::new(4, 2, "bad");
        assert_eq!(e.to_string(), "line 4, column 2: bad");
        assert_eq!(TextError::new(4, 0, "bad").to_string(), "line 4: bad");
        assert_eq!(e.map(str::len), TextError::new(4, 2, 3));
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(boxed.to_string().starts_with("line 4"));
    }

    #[test]
    fn problems_collect_and_join() {
        let mut p: Problems<&str> = Problems::new();
        assert!(p.is_empty());
        assert_eq!(p.clone().into_result(5), Ok(5));
        p.push("a");
        p.extend(["b"]);
        assert_eq!(p.len(), 2);
        assert_eq!(p.to_string(), "a; b");
        assert_eq!(p.iter().copied().collect::<Vec<_>>(), ["a", "b"]);
        let q: Problems<&str> = ["a", "b"].into_iter().collect();
        assert_eq!(q, p);
        assert_eq!(p.clone().into_result(()), Err(q));
        assert_eq!(p.into_vec(), vec!["a", "b"]);
    }
}
