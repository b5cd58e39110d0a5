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

/// Draws `d` as an SVG picture for a reader: one square per cell holding its glyph (a
/// stone as a disc), rank labels on the left, file labels below, notes to the right of their
/// rows and `title` above. This is the picture of a drawing whose game meaning the caller
/// does not know (a piece-movement chart, a fragment); a game's own renderer draws its
/// positions.
pub fn render_svg(d: &Diagram, title: &str) -> String {
    use crate::svg::{Anchor, Paint, Svg, TextStyle, text_width};
    const CELL: f64 = 32.0;
    let left = if d.rank_labels.is_some() { 36.0 } else { 12.0 };
    let top = 40.0;
    let note_width = d
        .notes
        .iter()
        .flatten()
        .map(|n| text_width(n, 12.0) + 12.0)
        .fold(0.0, f64::max);
    let board_width = CELL * d.width as f64;
    let width = (left + board_width + note_width + 12.0).max(text_width(title, 14.0) + 24.0);
    let bottom = top + CELL * d.height as f64;
    let height = bottom + if d.file_labels.is_some() { 28.0 } else { 12.0 };
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Paint::fill("#f6ecd2"));
    svg.text(12.0, 22.0, title, &TextStyle::new(14.0).cjk().bold());
    let glyph = TextStyle::new(CELL * 0.6).cjk().anchor(Anchor::Middle);
    let label = TextStyle::new(12.0)
        .cjk()
        .anchor(Anchor::Middle)
        .fill("#555");
    for (r, row) in d.rows().enumerate() {
        let y = top + CELL * r as f64;
        if let Some(l) = d.rank_labels.as_ref().and_then(|l| l.get(r)) {
            svg.text(left / 2.0, y + CELL * 0.65, l, &label);
        }
        for (c, cell) in row.iter().enumerate() {
            let x = left + CELL * c as f64;
            svg.rect(
                x,
                y,
                CELL,
                CELL,
                &Paint::fill("#e9cf8f").with_stroke("#8a7340", 1.0),
            );
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            match cell {
                Cell::Stone(stone, _) => {
                    let fill = match stone {
                        super::Stone::Black => "#111",
                        super::Stone::White => "#fafafa",
                    };
                    svg.circle(
                        cx,
                        cy,
                        CELL * 0.42,
                        &Paint::fill(fill).with_stroke("#000", 1.0),
                    );
                }
                Cell::Empty(_) => {}
                Cell::Piece(token) => {
                    let (turned, name) = match token.strip_prefix('v') {
                        Some(rest) => (true, rest),
                        None => (false, token.as_str()),
                    };
                    if turned {
                        svg.group(crate::svg::Transform::Rotate(180.0, cx, cy), |svg| {
                            svg.text(cx, cy + CELL * 0.2, name, &glyph);
                        });
                    } else {
                        svg.text(cx, cy + CELL * 0.2, name, &glyph);
                    }
                }
                Cell::Mark(m) => svg.text(cx, cy + CELL * 0.2, &m.to_string(), &glyph),
            }
        }
        if let Some(Some(note)) = d.notes.get(r) {
            svg.text(
                left + board_width + 8.0,
                y + CELL * 0.65,
                note,
                &TextStyle::new(12.0).cjk(),
            );
        }
    }
    if let Some(labels) = &d.file_labels {
        for (c, l) in labels.iter().enumerate() {
            svg.text(left + CELL * (c as f64 + 0.5), bottom + 18.0, l, &label);
        }
    }
    svg.finish()
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
    fn svg_draws_every_cell() {
        let rows = vec![
            vec![Cell::Piece("v香".into()), Cell::Empty('・')],
            vec![
                Cell::Stone(crate::diagram::Stone::White, 'o'),
                Cell::Mark('#'),
            ],
        ];
        let d = Diagram::from_rows(rows).unwrap();
        let doc = render_svg(&d, "a <fragment>");
        assert_eq!(doc.matches("<rect").count(), 1 + 4);
        assert!(doc.contains("rotate(180") && doc.contains(">香</text>"));
        assert!(doc.contains("a &lt;fragment&gt;") && doc.contains(">#</text>"));
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
