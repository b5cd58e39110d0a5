//! A JSON format for events of any game:
//!
//! ```json
//! {"name": "Club Swiss", "system": "swiss", "scoring": {"W": 3, "D": 1, "L": 0},
//!  "tiebreaks": "PTS,BH/C1,SB",
//!  "players": [
//!    {"id": 1, "name": "Sato", "rating": 1800, "fouls": 0, "mms": 0,
//!     "results": ["2w1", {"opponent": 3, "colour": "b", "result": "=", "handicap": 0}, "U"]}
//!  ]}
//! ```
//!
//! Results are CSV-style cells (see [`crate::csv_input`]) or objects. Syntax errors carry
//! serde_json's line and column; other errors name the JSON path.

use serde_json::Value;

use crate::csv_input::{Cell, parse_cell, resolve};
use crate::error::{InputError, InputErrors, input_error};
use crate::points::Points;
use crate::tournament::{
    Colour, Player, RoundResult, Scoring, Tournament, check_entry_total, check_pairings,
    longest_shared_row, overlong_row_message,
};

fn err(path: &str, message: impl std::fmt::Display) -> InputError {
    input_error(0, 0, format!("{path}: {message}"))
}

fn points_of(v: &Value) -> Option<Points> {
    match v {
        Value::Number(n) => n.to_string().parse().ok(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn cell_of(v: &Value, path: &str) -> Result<Cell, InputError> {
    match v {
        Value::Null => parse_cell("").map_err(|(m, _)| err(path, m)),
        Value::String(s) => {
            parse_cell(s).map_err(|(m, off)| err(path, format!("{m} (character {})", off + 1)))
        }
        Value::Object(o) => {
            let result = o
                .get("result")
                .and_then(Value::as_str)
                .ok_or_else(|| err(path, "missing \"result\""))?;
            let opponent = match o.get("opponent") {
                None | Some(Value::Null) => None,
                Some(v) => Some(
                    v.as_u64()
                        .filter(|&x| x > 0 && x <= u64::from(u32::MAX))
                        .ok_or_else(|| err(path, "\"opponent\" must be a positive id"))?
                        as u32,
                ),
            };
            let colour = match o
                .get("colour")
                .or_else(|| o.get("color"))
                .and_then(Value::as_str)
            {
                Some("w" | "W" | "white" | "r" | "red") => Colour::White,
                Some("b" | "B" | "black") => Colour::Black,
                None | Some("-" | "") => Colour::None,
                Some(other) => return Err(err(path, format!("unknown colour `{other}`"))),
            };
            let mut rc = result.chars();
            let code = match (rc.next(), rc.next()) {
                (Some(c), None) => c,
                _ => return Err(err(path, format!("result `{result}` is not one TRF code"))),
            };
            let outcome = RoundResult::from_trf(code)
                .ok_or_else(|| err(path, format!("unknown result code `{code}`")))?;
            let outcome = if opponent.is_none() && outcome == RoundResult::ForfeitLoss {
                RoundResult::ZeroBye
            } else {
                outcome
            };
            if opponent.is_some() != outcome.needs_opponent() {
                return Err(err(
                    path,
                    format!("result `{code}` and opponent do not fit together"),
                ));
            }
            if outcome.is_played() && colour == Colour::None {
                return Err(err(path, "a played game needs a colour"));
            }
            let handicap = match o.get("handicap") {
                None | Some(Value::Null) => 0,
                Some(h) => h
                    .as_i64()
                    .filter(|h| (0..=99).contains(h))
                    .ok_or_else(|| err(path, "\"handicap\" must be 0 to 99"))?
                    as i32,
            };
            Ok(Cell {
                opponent,
                colour,
                outcome,
                handicap,
            })
        }
        _ => Err(err(path, "a result is a string or an object")),
    }
}

/// Reads the JSON format described in the module documentation.
pub fn parse(text: &str) -> Result<Tournament, InputErrors> {
    // serde_json refuses a byte order mark; Windows editors write one.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let root: Value = serde_json::from_str(text)
        .map_err(|e| InputErrors::single(e.line(), e.column(), format!("JSON syntax: {e}")))?;
    let obj = root
        .as_object()
        .ok_or_else(|| InputErrors::from(err("$", "expected an object")))?;
    let mut errors = Vec::new();
    let mut t = Tournament::default();
    if let Some(name) = obj.get("name").and_then(Value::as_str) {
        t.name = name.to_string();
    }
    if let Some(s) = obj.get("system") {
        match s.as_str().map(str::parse) {
            Some(Ok(sys)) => t.system = Some(sys),
            Some(Err(m)) => errors.push(err("$.system", m)),
            None => errors.push(err("$.system", "expected a string")),
        }
    }
    if let Some(tb) = obj.get("tiebreaks") {
        match tb {
            Value::String(s) => t.standings = Some(s.clone()),
            Value::Array(a) => {
                let names: Vec<&str> = a.iter().filter_map(Value::as_str).collect();
                t.standings = Some(names.join(","));
            }
            _ => errors.push(err("$.tiebreaks", "expected a string or a list")),
        }
    }
    if let Some(sc) = obj.get("scoring") {
        match sc.as_object() {
            Some(m) => {
                let mut pairs = Vec::new();
                for (k, v) in m {
                    match points_of(v) {
                        Some(p) => pairs.push((k.clone(), p)),
                        None => {
                            errors.push(err(&format!("$.scoring.{k}"), "not a multiple of 0.5"))
                        }
                    }
                }
                match Scoring::from_pairs(&pairs) {
                    Ok(s) => t.scoring = s,
                    Err(m) => errors.push(err("$.scoring", m)),
                }
            }
            None => errors.push(err("$.scoring", "expected an object")),
        }
    }
    let Some(players) = obj.get("players").and_then(Value::as_array) else {
        errors.push(err("$.players", "missing list of players"));
        return Err(InputErrors(errors));
    };
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut ids = std::collections::HashSet::with_capacity(players.len());
    for (i, p) in players.iter().enumerate() {
        let path = format!("$.players[{i}]");
        let Some(po) = p.as_object() else {
            errors.push(err(&path, "expected an object"));
            continue;
        };
        let id = po
            .get("id")
            .and_then(Value::as_u64)
            .filter(|&x| x > 0 && x <= u64::from(u32::MAX));
        let Some(id) = id else {
            errors.push(err(
                &format!("{path}.id"),
                "missing or not a positive number",
            ));
            continue;
        };
        if !ids.insert(id) {
            errors.push(err(&format!("{path}.id"), format!("id {id} used twice")));
            continue;
        }
        let mut player = Player::new(
            id as u32,
            po.get("name").and_then(Value::as_str).unwrap_or(""),
        );
        match po.get("rating") {
            None | Some(Value::Null) => {}
            Some(v) => match v.as_u64().filter(|&r| r < 10_000) {
                Some(0) => {}
                Some(r) => player.rating = Some(r as u32),
                None => errors.push(err(&format!("{path}.rating"), "not a rating")),
            },
        }
        if let Some(v) = po.get("fouls") {
            match v.as_u64().filter(|&f| f < 1_000_000) {
                Some(f) => player.fouls = f as u32,
                None => errors.push(err(&format!("{path}.fouls"), "not a count")),
            }
        }
        if let Some(v) = po.get("mms") {
            match points_of(v) {
                Some(m) => player.mcmahon_start = m,
                None => errors.push(err(&format!("{path}.mms"), "not a multiple of 0.5")),
            }
        }
        let mut row = Vec::new();
        if let Some(results) = po.get("results") {
            match results.as_array() {
                Some(a) => {
                    for (r, v) in a.iter().enumerate() {
                        match cell_of(v, &format!("{path}.results[{r}]")) {
                            Ok(c) => row.push(c),
                            Err(e) => errors.push(e),
                        }
                    }
                }
                None => errors.push(err(&format!("{path}.results"), "expected a list")),
            }
        }
        t.players.push(player);
        cells.push(row);
    }
    if errors.is_empty() {
        // No record declares the rounds: a row longer than every other is an error.
        let lengths: Vec<usize> = cells.iter().map(Vec::len).collect();
        let cap = longest_shared_row(&lengths);
        for (i, &len) in lengths.iter().enumerate() {
            if len > cap {
                errors.push(err(
                    &format!("$.players[{i}].results[{cap}]"),
                    overlong_row_message(len, cap),
                ));
            }
        }
        if errors.is_empty() {
            errors.extend(check_entry_total(&lengths));
        }
    }
    if !errors.is_empty() {
        return Err(InputErrors(errors));
    }
    let locate = |_: usize, _: usize| (0usize, 0usize);
    let mut errs = resolve(&mut t, &cells, &locate);
    if errs.is_empty() {
        t.normalise();
        errs = check_pairings(&t, &locate);
    }
    if errs.is_empty() {
        Ok(t)
    } else {
        Err(InputErrors(errs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_and_rejects_bad_documents() {
        let ok = r#"{"players":[{"id":1,"name":"A","results":["2w1"]},
                     {"id":2,"name":"B","results":[{"opponent":1,"colour":"b","result":"0"}]}]}"#;
        let t = parse(ok).unwrap();
        assert_eq!(t.score(0), Points::ONE);
        let e = parse("{\"players\": [").unwrap_err();
        assert!(e.0[0].line >= 1);
        assert!(parse("[]").is_err());
        assert!(parse(r#"{"players":[{"id":1,"results":["2w1"]}]}"#).is_err());
        assert!(parse(r#"{"players":[{"id":1,"results":[{"result":"1"}]}]}"#).is_err());
        assert!(parse(r#"{"players":[{"id":-1}]}"#).is_err());
        assert!(parse(r#"{"scoring":{"W":0.3},"players":[]}"#).is_err());
    }
}
