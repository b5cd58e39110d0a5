//! SVG drawings: the analysed board (stones, dead stones crossed, roads, essential eyes,
//! shared points) and, next to it, the made-up board of each shortcut method.

use crate::analysis::Analysis;
use crate::color::{Color, Stone};
use crate::madeup::{Change, MadeUpBoard, Mark};
use crate::topology::Shape;
use board_geometry::Point as GeoPoint;
use std::fmt::Write as _;

const CELL: f64 = 24.0;
const MARGIN: f64 = 28.0;

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One board panel: marks per point, dead stones, changed points, a title.
struct Panel<'a> {
    title: String,
    marks: Vec<Mark>,
    dead: Vec<(u16, Color)>,
    changes: &'a [Change],
}

fn panel_size(topo: &Shape) -> (f64, f64) {
    let (w, h) = topo.grid_size().unwrap_or((1, 1));
    (
        2.0 * MARGIN + CELL * (w as f64 - 1.0),
        2.0 * MARGIN + CELL * (h as f64 - 1.0) + 22.0,
    )
}

fn draw_panel(out: &mut String, topo: &Shape, panel: &Panel, ox: f64, oy: f64) {
    let (w, h) = topo.grid_size().unwrap_or((1, 1));
    let x0 = ox + MARGIN;
    let y0 = oy + MARGIN + 22.0;
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="14" font-family="sans-serif">{}</text>"#,
        ox + 4.0,
        oy + 16.0,
        xml_escape(&panel.title)
    );
    for i in 0..w {
        let x = x0 + CELL * i as f64;
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{y0:.1}" x2="{x:.1}" y2="{:.1}" stroke="#333"/>"##,
            y0 + CELL * (h as f64 - 1.0)
        );
        let name = topo.name(topo.at(i, 0).expect("grid"));
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle" font-family="sans-serif">{}</text>"#,
            y0 + CELL * (h as f64 - 1.0) + 18.0,
            &name[..1]
        );
    }
    for j in 0..h {
        let y = y0 + CELL * j as f64;
        let _ = writeln!(
            out,
            r##"<line x1="{x0:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#333"/>"##,
            x0 + CELL * (w as f64 - 1.0)
        );
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" font-family="sans-serif">{}</text>"#,
            x0 - 12.0,
            y + 3.5,
            h - j
        );
    }
    let r = CELL * 0.46;
    for (p, &m) in panel.marks.iter().enumerate() {
        let (x, y) = topo.xy(GeoPoint(p as u16)).expect("grid");
        let cx = x0 + CELL * x as f64;
        let cy = y0 + CELL * y as f64;
        match m {
            Mark::Stone(c) => {
                let (fill, stroke) = match c {
                    Color::Black => ("#111", "#000"),
                    Color::White => ("#fafafa", "#000"),
                };
                let _ = writeln!(
                    out,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}"/>"#
                );
            }
            Mark::Road(c) => {
                let (fill, letter) = match c {
                    Color::Black => ("#111", "b"),
                    Color::White => ("#fff", "w"),
                };
                let _ = writeln!(
                    out,
                    r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="{fill}" stroke="#000"><title>{letter} road</title></rect>"##,
                    cx - 5.0,
                    cy - 5.0
                );
            }
            Mark::Eye(_) | Mark::SharedEye => {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="5" fill="none" stroke="#c00" stroke-width="2"><title>essential eye</title></circle>"##
                );
            }
            Mark::Split => {
                let _ = writeln!(
                    out,
                    r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="#888" stroke="#000"><title>split half and half</title></rect>"##,
                    cx - 5.0,
                    cy - 5.0
                );
            }
            Mark::Neutral => {}
        }
    }
    for &(p, c) in &panel.dead {
        let (x, y) = topo.xy(GeoPoint(p)).expect("grid");
        let cx = x0 + CELL * x as f64;
        let cy = y0 + CELL * y as f64;
        let fill = if c == Color::Black { "#111" } else { "#fafafa" };
        let _ = writeln!(
            out,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="#000" opacity="0.35"/><path d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="#c00" stroke-width="2"><title>dead</title></path>"##,
            cx - 6.0,
            cy - 6.0,
            cx + 6.0,
            cy + 6.0,
            cx - 6.0,
            cy + 6.0,
            cx + 6.0,
            cy - 6.0
        );
    }
    for ch in panel.changes {
        let p = match *ch {
            Change::Filled(_, p)
            | Change::Lifted(_, p)
            | Change::LiftedToSplit(_, p)
            | Change::RoadSplit(_, p) => p,
            Change::Recoloured { point, .. } | Change::EyeGiven { point, .. } => point,
        };
        let (x, y) = topo.xy(GeoPoint(p)).expect("grid");
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#06c" stroke-width="2"><title>changed in making up</title></rect>"##,
            x0 + CELL * x as f64 - CELL / 2.0,
            y0 + CELL * y as f64 - CELL / 2.0,
            CELL,
            CELL
        );
    }
}

/// Draws the analysed position and the given made-up boards side by side (grids only;
/// `None` for graph boards).
pub fn render(analysis: &Analysis, boards: &[(String, &MadeUpBoard)]) -> Option<String> {
    let topo = analysis.topology();
    topo.grid_size()?;
    let (pw, ph) = panel_size(topo);
    let columns = 3usize;
    let count = 1 + boards.len();
    let rows = count.div_ceil(columns);
    let width = pw * columns.min(count) as f64;
    let height = ph * rows as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#e8c27a"/>"##
    );
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
    }];
    for (title, b) in boards {
        panels.push(Panel {
            title: title.clone(),
            marks: b.marks().to_vec(),
            dead: Vec::new(),
            changes: b.changes(),
        });
    }
    for (i, panel) in panels.iter().enumerate() {
        let ox = pw * (i % columns) as f64;
        let oy = ph * (i / columns) as f64;
        draw_panel(&mut out, topo, panel, ox, oy);
    }
    out.push_str("</svg>\n");
    Some(out)
}
