//! Writing a [`Diagram`] back as the drawing it came from.

use super::{Cell, Diagram, FilePlace, RankSide, Separator};

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
        .map(|l| l.chars().count())
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
            s.push_str(&" ".repeat(label_width - label.chars().count()));
            s.push_str(label);
            if layout.rank_gap {
                s.push(' ');
            }
        }
        if r > 0 {
            if let Some(c) = layout.connector {
                let indent = s.chars().count();
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
