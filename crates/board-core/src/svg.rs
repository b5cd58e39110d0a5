//! A tiny SVG document builder shared by the board pictures of every game.
//!
//! It knows no game: a renderer places lines, circles, rectangles, paths and text in user
//! units and gets back one standalone SVG document. Everything written passes through
//! [`escape`], so a player name or a comment cannot break the document. Text widths are
//! estimated with the terminal display width of each character ([`text_width`]): a CJK
//! character counts as a full em, a Latin one as about half, which is what a renderer needs
//! to keep titles and captions from overlapping without knowing the font.
//!
//! ```
//! use board_core::svg::{Anchor, Paint, Svg, TextStyle};
//!
//! let mut svg = Svg::new(100.0, 60.0);
//! svg.rect(0.0, 0.0, 100.0, 60.0, &Paint::fill("#e8c27a"));
//! svg.circle(30.0, 30.0, 12.0, &Paint::fill("#111").with_stroke("#000", 1.0));
//! svg.text(70.0, 34.0, "帥 & <co>", &TextStyle::new(14.0).anchor(Anchor::Middle));
//! let doc = svg.finish();
//! assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(doc.contains("帥 &amp; &lt;co&gt;"));
//! assert!(doc.trim_end().ends_with("</svg>"));
//! ```

use std::borrow::Cow;
use std::fmt::Write as _;

use unicode_width::UnicodeWidthChar;

/// Escapes the five characters that XML gives a meaning (`& < > " '`), for text and
/// attribute values alike. Borrows when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The estimated width of `text` set at `size` user units: half an em per column of
/// terminal display width (a CJK character takes two columns, so one em), plus a little
/// for proportional Latin fonts. Control characters count as nothing.
pub fn text_width(text: &str, size: f64) -> f64 {
    let columns: usize = text.chars().filter_map(UnicodeWidthChar::width).sum();
    columns as f64 * size * 0.6
}

/// `text` broken at spaces into lines no wider than `width` at `size` (by [`text_width`]);
/// a word wider than a line by itself (a FEN, an SFEN) is cut between characters. Joining
/// the lines with spaces, and the cut pieces without, gives the text back.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ') {
        if text_width(word, size) <= width {
            words.push(word.to_string());
            continue;
        }
        let mut piece = String::new();
        for c in word.chars() {
            piece.push(c);
            if text_width(&piece, size) > width && piece.chars().count() > 1 {
                piece.pop();
                words.push(std::mem::take(&mut piece));
                piece.push(c);
            }
        }
        words.push(piece);
    }
    for word in &words {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    lines.push(line);
    lines
}

/// How a shape is filled and stroked, plus an optional tooltip (`<title>`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Paint {
    /// The fill colour (`none` when absent).
    pub fill: Option<String>,
    /// The stroke colour and width, if stroked.
    pub stroke: Option<(String, f64)>,
    /// Opacity of the whole shape, 0 to 1.
    pub opacity: Option<f64>,
    /// Dash pattern of the stroke (`"4 2"`).
    pub dash: Option<String>,
    /// A tooltip that SVG viewers show on hover.
    pub title: Option<String>,
}

impl Paint {
    /// A filled shape without stroke.
    pub fn fill(colour: &str) -> Paint {
        Paint {
            fill: Some(colour.to_string()),
            ..Paint::default()
        }
    }

    /// An outline only (no fill).
    pub fn stroke(colour: &str, width: f64) -> Paint {
        Paint {
            stroke: Some((colour.to_string(), width)),
            ..Paint::default()
        }
    }

    /// The same paint with a stroke.
    pub fn with_stroke(mut self, colour: &str, width: f64) -> Paint {
        self.stroke = Some((colour.to_string(), width));
        self
    }

    /// The same paint with an opacity.
    pub fn with_opacity(mut self, opacity: f64) -> Paint {
        self.opacity = Some(opacity);
        self
    }

    /// The same paint with a dashed stroke.
    pub fn with_dash(mut self, pattern: &str) -> Paint {
        self.dash = Some(pattern.to_string());
        self
    }

    /// The same paint with a tooltip.
    pub fn with_title(mut self, title: impl Into<String>) -> Paint {
        self.title = Some(title.into());
        self
    }

    fn write_attributes(&self, out: &mut String) {
        let _ = write!(
            out,
            r#" fill="{}""#,
            escape(self.fill.as_deref().unwrap_or("none"))
        );
        if let Some((colour, width)) = &self.stroke {
            let _ = write!(
                out,
                r#" stroke="{}" stroke-width="{}""#,
                escape(colour),
                number(*width)
            );
        }
        if let Some(o) = self.opacity {
            let _ = write!(out, r#" opacity="{}""#, number(o));
        }
        if let Some(d) = &self.dash {
            let _ = write!(out, r#" stroke-dasharray="{}""#, escape(d));
        }
    }
}

/// Where a text's x coordinate stands on the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// x is the left end.
    Start,
    /// x is the middle.
    Middle,
    /// x is the right end.
    End,
}

/// How a text is set.
#[derive(Clone, Debug, PartialEq)]
pub struct TextStyle {
    /// Font size in user units.
    pub size: f64,
    /// Where x stands on the text.
    pub anchor: Anchor,
    /// Text colour.
    pub fill: String,
    /// Bold face.
    pub bold: bool,
    /// The font family list: CJK fonts first where the text is CJK, so that viewers pick a
    /// face that has the characters.
    pub family: String,
}

/// Sans-serif faces common on Linux, macOS and Windows that cover Chinese and Japanese.
pub const CJK_FONTS: &str = "'Noto Sans CJK SC', 'Noto Sans CJK JP', 'Source Han Sans', \
                             'Hiragino Sans', 'Yu Gothic', 'Microsoft YaHei', 'WenQuanYi Zen Hei', sans-serif";

impl TextStyle {
    /// Black sans-serif text of `size` anchored at its start.
    pub fn new(size: f64) -> TextStyle {
        TextStyle {
            size,
            anchor: Anchor::Start,
            fill: "#000".to_string(),
            bold: false,
            family: "sans-serif".to_string(),
        }
    }

    /// The same style anchored elsewhere.
    pub fn anchor(mut self, anchor: Anchor) -> TextStyle {
        self.anchor = anchor;
        self
    }

    /// The same style in another colour.
    pub fn fill(mut self, colour: &str) -> TextStyle {
        self.fill = colour.to_string();
        self
    }

    /// The same style in bold.
    pub fn bold(mut self) -> TextStyle {
        self.bold = true;
        self
    }

    /// The same style with CJK faces first ([`CJK_FONTS`]).
    pub fn cjk(mut self) -> TextStyle {
        self.family = CJK_FONTS.to_string();
        self
    }
}

/// A geometric transform of a group.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transform {
    /// Moved by (dx, dy).
    Translate(f64, f64),
    /// Turned by an angle in degrees about a centre point (cx, cy).
    Rotate(f64, f64, f64),
}

/// An SVG document being built: shapes are appended in drawing order (later ones on top).
#[derive(Clone, Debug)]
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
    open_groups: usize,
}

/// A coordinate or length: one decimal, without a trailing `.0`.
fn number(x: f64) -> String {
    let rounded = (x * 10.0).round() / 10.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

impl Svg {
    /// An empty document of `width` x `height` user units (one unit one pixel).
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
            open_groups: 0,
        }
    }

    /// The document's width in user units.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// The document's height in user units.
    pub fn height(&self) -> f64 {
        self.height
    }

    fn indent(&mut self) {
        for _ in 0..=self.open_groups {
            self.body.push(' ');
        }
    }

    /// Closes a shape element: with a tooltip as a `<title>` child, else self-closing.
    fn close(&mut self, element: &str, paint: &Paint) {
        match &paint.title {
            Some(t) => {
                let _ = writeln!(self.body, "><title>{}</title></{element}>", escape(t));
            }
            None => self.body.push_str("/>\n"),
        }
    }

    /// A rectangle with its top-left corner at (x, y).
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, paint: &Paint) {
        self.indent();
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}""#,
            number(x),
            number(y),
            number(width),
            number(height)
        );
        paint.write_attributes(&mut self.body);
        self.close("rect", paint);
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, paint: &Paint) {
        self.indent();
        let _ = write!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}""#,
            number(x1),
            number(y1),
            number(x2),
            number(y2)
        );
        paint.write_attributes(&mut self.body);
        self.close("line", paint);
    }

    /// A circle of radius `r` about (cx, cy).
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, paint: &Paint) {
        self.indent();
        let _ = write!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}""#,
            number(cx),
            number(cy),
            number(r)
        );
        paint.write_attributes(&mut self.body);
        self.close("circle", paint);
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], paint: &Paint) {
        self.indent();
        let list: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", number(x), number(y)))
            .collect();
        let _ = write!(self.body, r#"<polygon points="{}""#, list.join(" "));
        paint.write_attributes(&mut self.body);
        self.close("polygon", paint);
    }

    /// Open polylines: each inner list is drawn as one path from its first point on.
    pub fn polylines(&mut self, lines: &[&[(f64, f64)]], paint: &Paint) {
        let mut d = String::new();
        for line in lines {
            for (i, &(x, y)) in line.iter().enumerate() {
                let _ = write!(
                    d,
                    "{}{},{}",
                    if i == 0 { 'M' } else { 'L' },
                    number(x),
                    number(y)
                );
            }
        }
        if d.is_empty() {
            return;
        }
        self.indent();
        let _ = write!(self.body, r#"<path d="{d}""#);
        paint.write_attributes(&mut self.body);
        self.close("path", paint);
    }

    /// One line of text with its baseline at y.
    pub fn text(&mut self, x: f64, y: f64, text: &str, style: &TextStyle) {
        self.indent();
        let anchor = match style.anchor {
            Anchor::Start => "",
            Anchor::Middle => r#" text-anchor="middle""#,
            Anchor::End => r#" text-anchor="end""#,
        };
        let weight = if style.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" font-family="{}" fill="{}"{anchor}{weight}>{}</text>"#,
            number(x),
            number(y),
            number(style.size),
            escape(&style.family),
            escape(&style.fill),
            escape(text)
        );
    }

    /// Opens a group under a transform; every shape until [`Svg::end_group`] belongs to it.
    pub fn begin_group(&mut self, transform: Transform) {
        self.indent();
        let t = match transform {
            Transform::Translate(dx, dy) => format!("translate({} {})", number(dx), number(dy)),
            Transform::Rotate(angle, cx, cy) => {
                format!("rotate({} {} {})", number(angle), number(cx), number(cy))
            }
        };
        let _ = writeln!(self.body, r#"<g transform="{t}">"#);
        self.open_groups += 1;
    }

    /// Closes the innermost open group (nothing if none is open).
    pub fn end_group(&mut self) {
        if self.open_groups == 0 {
            return;
        }
        self.open_groups -= 1;
        self.indent();
        self.body.push_str("</g>\n");
    }

    /// Draws `f` inside a group under `transform`.
    pub fn group(&mut self, transform: Transform, f: impl FnOnce(&mut Svg)) {
        self.begin_group(transform);
        f(self);
        self.end_group();
    }

    /// The finished document: groups left open are closed.
    pub fn finish(mut self) -> String {
        while self.open_groups > 0 {
            self.end_group();
        }
        let (w, h) = (number(self.width), number(self.height));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// XML 1.0 §2.4 and §3.1: `&` and `<` must be escaped in text and `"` in a
    /// double-quoted attribute value.
    #[test]
    fn escape_covers_the_xml_special_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert!(matches!(escape("楚河 汉界"), Cow::Borrowed(_)));
    }

    /// Unicode Standard Annex #11: CJK ideographs are wide (two columns), Latin letters
    /// narrow (one), so 楚河 takes as much room as four Latin letters.
    #[test]
    fn cjk_text_is_estimated_twice_as_wide_as_latin() {
        assert_eq!(text_width("楚河", 10.0), text_width("abcd", 10.0));
        assert!(text_width("x", 10.0) > 0.0);
        assert_eq!(text_width("", 10.0), 0.0);
    }

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "Black wins by 3.5 under the Chinese rules (area, komi 7.5)";
        let lines = wrap(text, 120.0, 13.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        assert!(lines.iter().all(|l| text_width(l, 13.0) <= 120.0));
        assert_eq!(wrap("", 10.0, 13.0), vec![String::new()]);
        let sfen = "SFEN lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
        let lines = wrap(sfen, 200.0, 14.0);
        assert!(
            lines.iter().all(|l| text_width(l, 14.0) <= 200.0),
            "{lines:?}"
        );
        assert_eq!(lines.concat().replace(' ', ""), sfen.replace(' ', ""));
    }

    #[test]
    fn groups_nest_and_close() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.group(Transform::Rotate(180.0, 5.0, 5.0), |s| {
            s.line(0.0, 0.0, 10.0, 10.0, &Paint::stroke("#000", 1.5));
        });
        svg.begin_group(Transform::Translate(1.0, 2.0));
        let doc = svg.finish();
        assert_eq!(doc.matches("<g ").count(), doc.matches("</g>").count());
        assert!(doc.contains(r#"transform="rotate(180 5 5)""#));
        assert!(doc.contains(r#"stroke-width="1.5""#));
    }

    #[test]
    fn titles_become_tooltips() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.circle(
            1.0,
            2.0,
            3.0,
            &Paint::fill("#fff").with_title("dead <stone>"),
        );
        let doc = svg.finish();
        assert!(doc.contains(r##"<circle cx="1" cy="2" r="3" fill="#fff"><title>dead &lt;stone&gt;</title></circle>"##));
    }
}
