//! Standings as a text table, CSV or JSON. Values are printed as decimals from exact
//! rationals (integers with one decimal, e.g. `11.0`).

use serde_json::{Map, Value as Json, json};

use crate::points::{format_ratio, ratio_to_f64};
use crate::standings::Standings;
use crate::tiebreaks::Value;
use crate::tournament::Tournament;

fn cell(v: &Value) -> String {
    match v {
        Some(r) => format_ratio(*r, 5),
        None => "-".to_string(),
    }
}

/// A fixed-width text table in rank order.
pub fn text(t: &Tournament, s: &Standings) -> String {
    let heads: Vec<String> = s.descriptors.iter().map(|d| d.to_string()).collect();
    let rows: Vec<Vec<String>> = s
        .order
        .iter()
        .map(|&i| {
            let mut row = vec![
                s.rank[i].to_string(),
                t.players[i].id.to_string(),
                t.players[i].name.clone(),
            ];
            row.extend(s.values.iter().map(|v| cell(&v[i])));
            row
        })
        .collect();
    let mut header = vec!["Rank".to_string(), "No".to_string(), "Name".to_string()];
    header.extend(heads);
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain(std::iter::once(header[c].chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let fmt_row = |row: &[String]| -> String {
        let mut line = String::new();
        for (c, v) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c] - v.chars().count();
            if c == 2 {
                line.push_str(v);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(v);
            }
        }
        line.trim_end().to_string()
    };
    let mut out = String::new();
    if !t.name.is_empty() {
        out.push_str(&t.name);
        out.push('\n');
    }
    out.push_str(&format!(
        "{} players, {} rounds, {} system, FIDE C.07 {} edition\n",
        t.players.len(),
        t.rounds,
        match s.options.system {
            crate::tournament::System::Swiss => "Swiss",
            crate::tournament::System::RoundRobin => "round-robin",
        },
        s.options.edition
    ));
    out.push_str(&fmt_row(&header));
    out.push('\n');
    for r in &rows {
        out.push_str(&fmt_row(r));
        out.push('\n');
    }
    for w in &s.warnings {
        out.push_str(&format!("note: {w}\n"));
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// CSV with a header line: rank, id, name, then one column per tie-break.
pub fn csv(t: &Tournament, s: &Standings) -> String {
    let mut out = String::from("rank,id,name");
    for d in &s.descriptors {
        out.push(',');
        out.push_str(&csv_field(&d.to_string()));
    }
    out.push('\n');
    for &i in &s.order {
        out.push_str(&format!(
            "{},{},{}",
            s.rank[i],
            t.players[i].id,
            csv_field(&t.players[i].name)
        ));
        for v in &s.values {
            out.push(',');
            out.push_str(&match &v[i] {
                Some(r) => format_ratio(*r, 5),
                None => String::new(),
            });
        }
        out.push('\n');
    }
    out
}

/// `{"players": [{"id", "name", "rank", "tiebreaks": {"PTS": 3.5, …}}], …}` in rank order.
pub fn json(t: &Tournament, s: &Standings) -> Json {
    let players: Vec<Json> = s
        .order
        .iter()
        .map(|&i| {
            let mut tb = Map::new();
            for (d, v) in s.descriptors.iter().zip(&s.values) {
                tb.insert(
                    d.to_string(),
                    match v[i] {
                        Some(r) => json!(ratio_to_f64(r)),
                        None => Json::Null,
                    },
                );
            }
            json!({
                "id": t.players[i].id,
                "name": t.players[i].name,
                "rank": s.rank[i],
                "tiebreaks": tb,
            })
        })
        .collect();
    json!({
        "players": players,
        "tiebreaks": s.descriptors.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
        "edition": s.options.edition.to_string(),
        "system": match s.options.system {
            crate::tournament::System::Swiss => "swiss",
            crate::tournament::System::RoundRobin => "round-robin",
        },
        "rounds": t.rounds,
        "warnings": s.warnings,
    })
}
