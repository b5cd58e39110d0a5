//! SVG drawings: the analysed board (stones, dead stones crossed, roads and territory,
//! essential eyes, shared points) and, next to it, the made-up board of each shortcut
//! method, with a legend and a caption (the ruleset and the score) under the panels.
//!
//! Stones the closing step played before the count ([`crate::analysis::close`]) are not moves
//! of the record: [`render_closed`] draws them with a small green dot, so a reader of the
//! picture tells them from the stones the players put down.
//!
//! Drawn with board-core's [`Svg`] writer. Panels are as wide as their titles need, and
//! the legend and caption wrap to the picture's width, so no text overlaps another even on
//! a 2x2 board.

use crate::analysis::Analysis;
use crate::color::{Color, Stone};
use crate::madeup::{Change, MadeUpBoard, Mark};
use crate::topology::{Point, Shape};
use board_core::svg::{Anchor, Paint, Svg, TextStyle, text_width, wrap};
use board_geometry::Point as GeoPoint;

const CELL: f64 = 24.0;
const MARGIN: f64 = 28.0;
const TITLE: f64 = 22.0;
const TITLE_SIZE: f64 = 13.0;
const CAPTION_SIZE: f64 = 13.0;
const LINE: f64 = 18.0;
const BOARD: &str = "#e8c27a";

/// What the picture says under the board in words: a heading (the ruleset or verdict) and
/// lines such as the score of each method. Callers build it from whatever ruling they
/// have, so the drawing does not depend on how a ruleset is represented.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// A first line in bold (the ruleset, or the verdict).
    pub heading: Option<String>,
    /// Further lines, one per fact (the score by each method, komi, who moved first).
    pub lines: Vec<String>,
}

impl Caption {
    /// A caption of a heading and lines.
    pub fn new(heading: impl Into<String>, lines: Vec<String>) -> Caption {
        Caption {
            heading: Some(heading.into()),
            lines,
        }
    }
}

/// One board panel: marks per point, dead stones, changed points, stones the closing step
/// added, a title.
struct Panel<'a> {
    title: String,
    marks: Vec<Mark>,
    dead: Vec<(u16, Color)>,
    changes: &'a [Change],
    added: Vec<u16>,
}

/// The board's own size in user units (lines, stones and coordinates).
fn board_size(w: u8, h: u8) -> (f64, f64) {
    (
        2.0 * MARGIN + CELL * (f64::from(w) - 1.0),
        2.0 * MARGIN + CELL * (f64::from(h) - 1.0),
    )
}

fn stone_paint(c: Color) -> Paint {
    match c {
        Color::Black => Paint::fill("#111").with_stroke("#000", 1.0),
        Color::White => Paint::fill("#fafafa").with_stroke("#000", 1.0),
    }
}

fn road_paint(c: Color) -> Paint {
    let (fill, name) = match c {
        Color::Black => ("#111", "Black"),
        Color::White => ("#fff", "White"),
    };
    Paint::fill(fill)
        .with_stroke("#000", 1.0)
        .with_title(format!("{name} road (territory)"))
}

fn dead_cross(svg: &mut Svg, cx: f64, cy: f64) {
    svg.polylines(
        &[
            &[(cx - 6.0, cy - 6.0), (cx + 6.0, cy + 6.0)],
            &[(cx - 6.0, cy + 6.0), (cx + 6.0, cy - 6.0)],
        ],
        &Paint::stroke("#c00", 2.0).with_title("dead"),
    );
}

/// The tooltip of the mark on a stone the closing step added.
const ADDED_TITLE: &str = "added by the closing before the count (not a move of the record)";

/// The small green dot on a stone the closing step added, visible on both colours.
fn added_dot(svg: &mut Svg, cx: f64, cy: f64) {
    svg.circle(
        cx,
        cy,
        3.5,
        &Paint::fill("#1a9c3a")
            .with_stroke("#fff", 0.8)
            .with_title(ADDED_TITLE),
    );
}

fn draw_panel(svg: &mut Svg, topo: &Shape, panel: &Panel, ox: f64, oy: f64, pw: f64) {
    let (w, h) = topo.grid_size().unwrap_or((1, 1));
    let (bw, _) = board_size(w, h);
    // The board is centred under its title when the title is the wider of the two.
    let x0 = ox + (pw - bw) / 2.0 + MARGIN;
    let y0 = oy + TITLE + MARGIN;
    svg.text(
        ox + 4.0,
        oy + 16.0,
        &panel.title,
        &TextStyle::new(TITLE_SIZE),
    );
    let right = x0 + CELL * (f64::from(w) - 1.0);
    let bottom = y0 + CELL * (f64::from(h) - 1.0);
    let grid = Paint::stroke("#333", 1.0);
    let label = TextStyle::new(10.0).anchor(Anchor::Middle);
    for i in 0..w {
        let x = x0 + CELL * f64::from(i);
        svg.line(x, y0, x, bottom, &grid);
        if let Some(p) = topo.at(i, 0) {
            let name = topo.name(p);
            let letter: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            svg.text(x, bottom + 20.0, &letter, &label);
        }
    }
    let rank = TextStyle::new(10.0).anchor(Anchor::End);
    for j in 0..h {
        let y = y0 + CELL * f64::from(j);
        svg.line(x0, y, right, y, &grid);
        svg.text(x0 - 14.0, y + 3.5, &(h - j).to_string(), &rank);
    }
    let r = CELL * 0.46;
    let centre = |p: u16| {
        topo.xy(GeoPoint(p))
            .map(|(x, y)| (x0 + CELL * f64::from(x), y0 + CELL * f64::from(y)))
    };
    for (p, &m) in panel.marks.iter().enumerate() {
        let Some((cx, cy)) = centre(p as u16) else {
            continue;
        };
        match m {
            Mark::Stone(c) => svg.circle(cx, cy, r, &stone_paint(c)),
            Mark::Road(c) => svg.rect(cx - 5.0, cy - 5.0, 10.0, 10.0, &road_paint(c)),
            Mark::Eye(_) | Mark::SharedEye => svg.circle(
                cx,
                cy,
                5.0,
                &Paint::stroke("#c00", 2.0).with_title("essential eye"),
            ),
            Mark::Split => svg.rect(
                cx - 5.0,
                cy - 5.0,
                10.0,
                10.0,
                &Paint::fill("#888")
                    .with_stroke("#000", 1.0)
                    .with_title("split half and half"),
            ),
            Mark::Neutral => {}
        }
    }
    for &(p, c) in &panel.dead {
        let Some((cx, cy)) = centre(p) else { continue };
        svg.circle(cx, cy, r, &stone_paint(c).with_opacity(0.35));
        dead_cross(svg, cx, cy);
    }
    for &p in &panel.added {
        let Some((cx, cy)) = centre(p) else { continue };
        added_dot(svg, cx, cy);
    }
    for ch in panel.changes {
        let p = match *ch {
            Change::Filled(_, p)
            | Change::Lifted(_, p)
            | Change::LiftedToSplit(_, p)
            | Change::RoadSplit(_, p) => p,
            Change::Recoloured { point, .. } | Change::EyeGiven { point, .. } => point,
        };
        let Some((cx, cy)) = centre(p) else { continue };
        svg.rect(
            cx - CELL / 2.0,
            cy - CELL / 2.0,
            CELL,
            CELL,
            &Paint::stroke("#06c", 2.0).with_title("changed in making up"),
        );
    }
}

/// One entry of the legend: its symbol is drawn by `draw` centred on (x, y).
struct LegendItem {
    label: &'static str,
    draw: fn(&mut Svg, f64, f64),
}

const LEGEND: [LegendItem; 9] = [
    LegendItem {
        label: "black stone",
        draw: |s, x, y| s.circle(x, y, 7.0, &stone_paint(Color::Black)),
    },
    LegendItem {
        label: "white stone",
        draw: |s, x, y| s.circle(x, y, 7.0, &stone_paint(Color::White)),
    },
    LegendItem {
        label: "dead stone",
        draw: |s, x, y| {
            s.circle(x, y, 7.0, &stone_paint(Color::Black).with_opacity(0.35));
            dead_cross(s, x, y);
        },
    },
    LegendItem {
        label: "Black road (territory)",
        draw: |s, x, y| s.rect(x - 5.0, y - 5.0, 10.0, 10.0, &road_paint(Color::Black)),
    },
    LegendItem {
        label: "White road (territory)",
        draw: |s, x, y| s.rect(x - 5.0, y - 5.0, 10.0, 10.0, &road_paint(Color::White)),
    },
    LegendItem {
        label: "essential eye",
        draw: |s, x, y| s.circle(x, y, 5.0, &Paint::stroke("#c00", 2.0)),
    },
    LegendItem {
        label: "split half and half",
        draw: |s, x, y| {
            s.rect(
                x - 5.0,
                y - 5.0,
                10.0,
                10.0,
                &Paint::fill("#888").with_stroke("#000", 1.0),
            )
        },
    },
    LegendItem {
        label: "changed in making up",
        draw: |s, x, y| s.rect(x - 7.0, y - 7.0, 14.0, 14.0, &Paint::stroke("#06c", 2.0)),
    },
    LegendItem {
        label: "added by the closing",
        draw: |s, x, y| {
            s.circle(x, y, 7.0, &stone_paint(Color::Black));
            added_dot(s, x, y);
        },
    },
];

/// The legend entry of [`Change`]s on made-up boards.
const LEGEND_CHANGED: usize = 7;
/// The legend entry of the stones the closing step added.
const LEGEND_ADDED: usize = 8;

const LEGEND_SIZE: f64 = 11.0;

/// Where each legend item goes when wrapped to `width`: (item, x, row). The entries for
/// changed points and for stones the closing added are shown only when the picture has any.
fn legend_layout(width: f64, with_changes: bool, with_added: bool) -> Vec<(usize, f64, usize)> {
    let mut out = Vec::new();
    let (mut x, mut row) = (8.0, 0);
    for (i, item) in LEGEND.iter().enumerate() {
        if (i == LEGEND_CHANGED && !with_changes) || (i == LEGEND_ADDED && !with_added) {
            continue;
        }
        let w = 20.0 + text_width(item.label, LEGEND_SIZE) + 14.0;
        if x + w > width && x > 8.0 {
            row += 1;
            x = 8.0;
        }
        out.push((i, x, row));
        x += w;
    }
    out
}

/// Draws the analysed position and the given made-up boards side by side (grids only;
/// `None` for graph boards), with the legend under them.
pub fn render(analysis: &Analysis, boards: &[(String, &MadeUpBoard)]) -> Option<String> {
    render_with(analysis, boards, &Caption::default())
}

/// As [`render`], with a caption (the ruleset or verdict and the score) under the legend.
pub fn render_with(
    analysis: &Analysis,
    boards: &[(String, &MadeUpBoard)],
    caption: &Caption,
) -> Option<String> {
    render_closed(analysis, &[], boards, caption)
}

/// As [`render_with`], for the analysis of a closed board: `added` are the points the closing
/// step played ([`crate::analysis::close::Closing::fills`]), marked as added (with a legend
/// entry) since they are not moves of the record: on the position's panel, and on each
/// made-up board where the point still holds a stone.
pub fn render_closed(
    analysis: &Analysis,
    added: &[Point],
    boards: &[(String, &MadeUpBoard)],
    caption: &Caption,
) -> Option<String> {
    let topo = analysis.topology();
    let (w, h) = topo.grid_size()?;
    let base = MadeUpBoard::from_analysis(analysis);
    let dead = analysis
        .dead()
        .iter()
        .filter_map(|&p| match analysis.original()[p as usize] {
            Stone::Empty => None,
            s => s.color().map(|c| (p, c)),
        })
        .collect();
    let mut panels = vec![Panel {
        title: "position: roads, essential eyes, dead stones".into(),
        marks: base.marks().to_vec(),
        dead,
        changes: &[],
        added: added.to_vec(),
    }];
    for (title, b) in boards {
        panels.push(Panel {
            title: title.clone(),
            marks: b.marks().to_vec(),
            dead: Vec::new(),
            changes: b.changes(),
            // the closing's stones the made-up board keeps as stones
            added: added
                .iter()
                .copied()
                .filter(|&p| matches!(b.marks().get(p as usize), Some(Mark::Stone(_))))
                .collect(),
        });
    }
    let (bw, bh) = board_size(w, h);
    let widest_title = panels
        .iter()
        .map(|p| text_width(&p.title, TITLE_SIZE) + 12.0)
        .fold(0.0, f64::max);
    let pw = bw.max(widest_title);
    let ph = TITLE + bh;
    let columns = 3usize;
    let count = panels.len();
    let rows = count.div_ceil(columns);
    let width = (pw * columns.min(count) as f64).max(240.0);
    let legend = legend_layout(
        width,
        boards.iter().any(|(_, b)| !b.changes().is_empty()),
        !added.is_empty(),
    );
    let legend_rows = legend.last().map_or(0, |&(_, _, r)| r + 1);
    let mut caption_lines: Vec<(String, bool)> = Vec::new();
    if let Some(heading) = &caption.heading {
        for l in wrap(heading, width - 16.0, CAPTION_SIZE) {
            caption_lines.push((l, true));
        }
    }
    for line in &caption.lines {
        for l in wrap(line, width - 16.0, CAPTION_SIZE) {
            caption_lines.push((l, false));
        }
    }
    let panels_height = ph * rows as f64;
    let height = panels_height + 8.0 + LINE * (legend_rows + caption_lines.len()) as f64 + 8.0;
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Paint::fill(BOARD));
    for (i, panel) in panels.iter().enumerate() {
        let ox = pw * (i % columns) as f64;
        let oy = ph * (i / columns) as f64;
        draw_panel(&mut svg, topo, panel, ox, oy, pw);
    }
    let mut y = panels_height + 8.0;
    let legend_text = TextStyle::new(LEGEND_SIZE);
    for &(i, x, row) in &legend {
        let cy = y + LINE * row as f64 + LINE / 2.0;
        (LEGEND[i].draw)(&mut svg, x + 8.0, cy);
        svg.text(x + 20.0, cy + 4.0, LEGEND[i].label, &legend_text);
    }
    y += LINE * legend_rows as f64;
    for (line, bold) in caption_lines {
        let style = if bold {
            TextStyle::new(CAPTION_SIZE).bold()
        } else {
            TextStyle::new(CAPTION_SIZE)
        };
        svg.text(8.0, y + 13.0, &line, &style);
        y += LINE;
    }
    Some(svg.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a 2x2 board (narrower than any panel title) the titles of the panels in a row
    /// do not overlap: each ends, by the writer's width estimate, before the next begins,
    /// and the caption lines stay inside the picture.
    #[test]
    fn titles_do_not_overlap_on_a_tiny_board() {
        let d = crate::text::parse("X.\n.O\n").expect("a 2x2 diagram");
        let analysis = Analysis::new(&d.position, &[]).unwrap();
        let board = MadeUpBoard::from_analysis(&analysis);
        let boards: Vec<(String, &MadeUpBoard)> = ["equal-roads", "equal-stones", "returned-heads"]
            .iter()
            .map(|m| (format!("{m} made-up board"), &board))
            .collect();
        let caption = Caption::new(
            "W+0.5 (chinese rules, komi 0.5)",
            vec!["area: Black 2, White 2: White wins by 0.5".into()],
        );
        let doc = render_with(&analysis, &boards, &caption).unwrap();
        let width: f64 = doc
            .split("width=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        // (x, y, text) of every title and caption line.
        let texts: Vec<(f64, f64, String, f64)> = doc
            .lines()
            .filter(|l| l.contains("<text") && l.contains("font-size=\"13\""))
            .map(|l| {
                let attr = |name: &str| -> f64 {
                    l.split(&format!(" {name}=\""))
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .and_then(|v| v.parse().ok())
                        .unwrap()
                };
                let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
                (
                    attr("x"),
                    attr("y"),
                    text.to_string(),
                    text_width(text, 13.0),
                )
            })
            .collect();
        assert_eq!(texts.len(), 4 + 2, "{doc}");
        for (x, _, text, w) in &texts {
            assert!(x + w <= width, "{text} runs past the picture ({width})");
        }
        for a in &texts {
            for b in &texts {
                if a.1 == b.1 && a.0 < b.0 {
                    assert!(a.0 + a.3 <= b.0, "{} overlaps {}", a.2, b.2);
                }
            }
        }
    }

    /// The legend never runs past the picture: every item starts inside it and items of
    /// one row do not overlap (widths estimated as the writer estimates them).
    #[test]
    fn legend_wraps_to_the_picture_width() {
        for width in [160.0, 240.0, 500.0, 1200.0] {
            let layout = legend_layout(width, true, true);
            assert_eq!(layout.len(), LEGEND.len());
            for pair in layout.windows(2) {
                let (a, xa, ra) = pair[0];
                let (_, xb, rb) = pair[1];
                if ra == rb {
                    assert!(xa + 20.0 + text_width(LEGEND[a].label, LEGEND_SIZE) < xb);
                }
            }
            for &(i, x, _) in &layout {
                let end = x + 20.0 + text_width(LEGEND[i].label, LEGEND_SIZE);
                assert!(x == 8.0 || end <= width, "{width}: item {i} ends at {end}");
            }
        }
    }
}
