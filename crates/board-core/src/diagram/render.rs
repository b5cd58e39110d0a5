//! Writing a [`Diagram`] back as the drawing it came from.

use unicode_width::UnicodeWidthStr;

use super::{Cell, Diagram, FilePlace, RankSide, Separator};

/// The columns `text` takes in a terminal (Unicode Standard Annex #11): a CJK character or
/// a full-width digit takes two, a Latin letter one. Aligning by this rather than by the
/// number of characters keeps `十` and `9`, or `香` and `.`, lined up in CJK terminals.
pub fn display_width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` followed by as many blanks as bring it to `columns` display columns.
pub fn pad_to_width(text: &str, columns: usize) -> String {
    let mut out = text.to_string();
    out.push_str(&" ".repeat(columns.saturating_sub(display_width(text))));
    out
}

/// `text` after as many blanks as bring it to `columns` display columns (right-aligned).
pub fn pad_left_to_width(text: &str, columns: usize) -> String {
    let mut out = " ".repeat(columns.saturating_sub(display_width(text)));
    out.push_str(text);
    out
}

/// Renders the canonical drawing of `d`: the layout it was parsed with, rank labels
/// right-aligned, one newline after every line. `parse(&render(d)) == Ok(d)` for every
/// diagram that `parse` produced.
pub fn render(d: &Diagram) -> String {
    let layout = &d.layout;
    let mut lines: Vec<String> = Vec::new();
    let file_line = d.file_labels.as_ref().map(|labels| {
        let sep = if layout.file_spaced { " " } else { "" };
        format!("{}{}", layout.file_prefix, labels.join(sep))
    });
    let left = layout.rank_side != RankSide::Right;
    let right = layout.rank_side != RankSide::Left;
    let label_width = d
        .rank_labels
        .iter()
        .flatten()
        .map(|l| display_width(l))
        .max()
        .unwrap_or(0);

    if let Some(f) = &file_line {
        if layout.file_place != FilePlace::Below {
            lines.push(f.clone());
        }
    }
    let indent = " ".repeat(layout.indent);
    let frame = format!("{indent}+{}+", "-".repeat(3 * d.width));
    if layout.framed {
        lines.push(frame.clone());
    }
    for (r, row) in d.rows().enumerate() {
        let label = d.rank_labels.as_ref().and_then(|l| l.get(r));
        let mut s = indent.clone();
        if let (true, Some(label)) = (left, label) {
            s.push_str(&pad_left_to_width(label, label_width));
            if layout.rank_gap {
                s.push(' ');
            }
        }
        if r > 0 {
            if let Some(c) = layout.connector {
                let indent = display_width(&s);
                let bars = vec![c.to_string(); d.width].join(" ");
                lines.push(format!("{}{}", " ".repeat(indent), bars));
            }
        }
        // Two spaces after spaced cells, so a one-character note is not read as a cell.
        let trail = if layout.separator == Separator::Space && !layout.framed {
            "  "
        } else {
            " "
        };
        if layout.framed {
            s.push('|');
            for cell in row {
                match cell {
                    Cell::Piece(p) if p.starts_with('v') => s.push_str(p),
                    other => {
                        s.push(' ');
                        s.push_str(&other.token());
                    }
                }
            }
            s.push('|');
        } else {
            let sep = match layout.separator {
                Separator::Adjacent => String::new(),
                Separator::Space => " ".to_string(),
                Separator::Rule(c) => c.to_string(),
            };
            let tokens: Vec<String> = row.iter().map(Cell::token).collect();
            s.push_str(&tokens.join(&sep));
        }
        if let (true, Some(label)) = (right, label) {
            if !layout.framed {
                s.push_str(trail);
            }
            s.push_str(label);
        }
        if let Some(Some(note)) = d.notes.get(r) {
            s.push_str(trail);
            s.push_str(note);
        }
        lines.push(s);
    }
    if layout.framed {
        lines.push(frame);
    }
    if let Some(f) = file_line {
        if layout.file_place != FilePlace::Above {
            lines.push(f);
        }
    }
    let joiner = if layout.blank_lines { "\n\n" } else { "\n" };
    let mut out = lines.join(joiner);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Layout, parse};

    /// Unicode Standard Annex #11 gives CJK numerals two terminal columns; rank labels
    /// `一` to `十一` (the kanji numbers of the shogi and Go records) must leave every row's
    /// first cell in the same terminal column, and the drawing must still read back.
    #[test]
    fn cjk_rank_labels_align_by_display_width() {
        let row = || {
            vec![
                Cell::Empty('.'),
                Cell::Stone(crate::diagram::Stone::Black, 'X'),
            ]
        };
        let mut d = Diagram::from_rows((0..11).map(|_| row()).collect()).unwrap();
        let labels = [
            "十一", "十", "九", "八", "七", "六", "五", "四", "三", "二", "一",
        ];
        d.rank_labels = Some(labels.iter().map(|l| l.to_string()).collect());
        d.layout = Layout {
            rank_gap: true,
            ..Layout::default()
        };
        let text = render(&d);
        let columns: Vec<usize> = text
            .lines()
            .map(|l| display_width(&l[..l.find(['.', 'X']).unwrap()]))
            .collect();
        assert!(columns.iter().all(|&c| c == columns[0]), "{text}");
        assert_eq!(columns[0], 5, "{text}");
        assert_eq!(parse(&text).as_ref(), Ok(&d), "{text}");
    }

    #[test]
    fn padding_counts_terminal_columns() {
        assert_eq!(display_width("香"), 2);
        assert_eq!(display_width("９"), 2);
        assert_eq!(display_width("v"), 1);
        assert_eq!(pad_to_width("香", 3), "香 ");
        assert_eq!(pad_left_to_width("9", 2), " 9");
        assert_eq!(pad_left_to_width("十一", 2), "十一");
    }
}
