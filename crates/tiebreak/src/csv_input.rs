//! A simple CSV format for events of any game, one player per line:
//!
//! ```text
//! # comments start with '#'; settings start with '@'
//! @scoring W=2,D=1,L=0
//! @system round-robin
//! @tiebreaks PTS,SB,WIN,DE
//! id,name,rating,fouls,r1,r2,r3
//! 1,Wang,2400,0,2w1,3b=,U
//! 2,Li,2350,1,1b0,H,3w+
//! ```
//!
//! Round cells: opponent's id, colour (`w`/`r` first mover, `b` second mover, `-` unknown),
//! TRF result code (`1 = 0 + - W D L`), optionally `h` and a Go handicap (`4b1h2`); or a bye
//! code alone (`U` pairing-allocated, `F` full-point, `H` half-point, `Z` or empty zero-point).
//! Optional columns: `rating`, `fouls` (CXA 犯规), `mms` (Go starting McMahon score).

use crate::error::{InputError, InputErrors, input_error};
use crate::points::Points;
use crate::tournament::{Colour, Entry, Player, RoundResult, Scoring, Tournament, check_pairings};

/// A round cell read from CSV or JSON, before opponents are resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Start number of the opponent, `None` for byes.
    pub opponent: Option<u32>,
    /// Colour played, [`Colour::None`] when not given.
    pub colour: Colour,
    /// What the round brought the player.
    pub outcome: RoundResult,
    /// Handicap stones (Go), 0 otherwise.
    pub handicap: i32,
}

/// Parses a round cell; the error is a message and the 0-based character offset in the cell.
pub fn parse_cell(text: &str) -> Result<Cell, (String, usize)> {
    let s = text.trim();
    let chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return Ok(Cell {
            opponent: None,
            colour: Colour::None,
            outcome: RoundResult::ZeroBye,
            handicap: 0,
        });
    }
    if chars.len() == 1 && !chars[0].is_ascii_digit() {
        let outcome = match chars[0].to_ascii_uppercase() {
            'U' => RoundResult::PairingBye,
            'F' => RoundResult::FullBye,
            'H' => RoundResult::HalfBye,
            'Z' | '-' => RoundResult::ZeroBye,
            c => return Err((format!("`{c}` is not a bye code (U, F, H, Z)"), 0)),
        };
        return Ok(Cell {
            opponent: None,
            colour: Colour::None,
            outcome,
            handicap: 0,
        });
    }
    let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return Err(("expected the opponent's id first".into(), 0));
    }
    let opp_text: String = chars[..digits].iter().collect();
    let opponent: u32 = opp_text
        .parse()
        .ok()
        .filter(|v| *v > 0)
        .ok_or_else(|| (format!("`{opp_text}` is not a player id"), 0))?;
    let colour = match chars.get(digits).map(|c| c.to_ascii_lowercase()) {
        Some('w') | Some('r') => Colour::White,
        Some('b') => Colour::Black,
        Some('-') => Colour::None,
        Some(c) => return Err((format!("`{c}` is not a colour (w, r, b, -)"), digits)),
        None => return Err(("colour and result missing".into(), digits)),
    };
    let code = *chars
        .get(digits + 1)
        .ok_or_else(|| ("result missing".to_string(), digits + 1))?;
    let outcome = RoundResult::from_trf(code)
        .filter(|o| o.needs_opponent())
        .ok_or_else(|| {
            (
                format!("`{code}` is not a game result (1 = 0 + - W D L)"),
                digits + 1,
            )
        })?;
    let mut handicap = 0;
    if chars.len() > digits + 2 {
        let rest: String = chars[digits + 2..].iter().collect();
        let h = rest
            .strip_prefix(['h', 'H'])
            .and_then(|h| h.parse::<i32>().ok())
            .filter(|h| (0..=99).contains(h))
            .ok_or_else(|| (format!("unexpected `{rest}` after the result"), digits + 2))?;
        handicap = h;
    }
    if outcome.is_played() && colour == Colour::None {
        return Err(("a played game needs a colour".into(), digits));
    }
    Ok(Cell {
        opponent: Some(opponent),
        colour,
        outcome,
        handicap,
    })
}

/// Builds entries from cells, resolving opponent ids; used by the CSV and JSON readers.
pub(crate) fn resolve(
    t: &mut Tournament,
    cells: &[Vec<Cell>],
    locate: &dyn Fn(usize, usize) -> (usize, usize),
) -> Vec<InputError> {
    let mut errors = Vec::new();
    let by_id: std::collections::HashMap<u32, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    for (i, row) in cells.iter().enumerate() {
        let mut entries = Vec::with_capacity(row.len());
        for (r, c) in row.iter().enumerate() {
            let opponent = match c.opponent {
                None => None,
                Some(id) => match by_id.get(&id) {
                    Some(&o) => Some(o as u32),
                    None => {
                        let (l, col) = locate(i, r);
                        errors.push(input_error(
                            l,
                            col,
                            format!("round {}: opponent {id} does not exist", r + 1),
                        ));
                        None
                    }
                },
            };
            entries.push(Entry {
                opponent,
                colour: c.colour,
                outcome: if opponent.is_none() && c.opponent.is_some() {
                    RoundResult::ZeroBye
                } else {
                    c.outcome
                },
                handicap: c.handicap,
            });
        }
        t.players[i].entries = entries;
    }
    errors
}

/// Reads the CSV format described in the module documentation.
pub fn parse(text: &str) -> Result<Tournament, InputErrors> {
    let mut errors = Vec::new();
    let mut t = Tournament::default();
    let mut header: Option<Vec<String>> = None;
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    // (line, 1-based column of each field)
    let mut origins: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut round_cols: Vec<usize> = Vec::new();
    let mut scoring_text: Option<(usize, String)> = None;
    // The line of each id's first row, to report a second use in constant time.
    let mut first_line_of_id: std::collections::HashMap<u32, usize> =
        std::collections::HashMap::new();

    for (ln0, raw) in text.lines().enumerate() {
        let ln = ln0 + 1;
        let line = raw.trim_end_matches('\r').trim_start_matches('\u{feff}');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if let Some(setting) = line.trim_start().strip_prefix('@') {
            let (key, value) = setting.split_once([' ', '=']).unwrap_or((setting, ""));
            match key.trim().to_ascii_lowercase().as_str() {
                "scoring" => scoring_text = Some((ln, value.trim().to_string())),
                "system" => match value.trim().parse() {
                    Ok(s) => t.system = Some(s),
                    Err(m) => errors.push(input_error(ln, 1, m)),
                },
                "tiebreaks" => t.standings = Some(value.trim().to_string()),
                "name" => t.name = value.trim().to_string(),
                other => errors.push(input_error(ln, 2, format!("unknown setting `@{other}`"))),
            }
            continue;
        }
        // Split on commas, remembering each field's column.
        let mut fields = Vec::new();
        let mut cols = Vec::new();
        let mut col = 1;
        for f in line.split(',') {
            fields.push(f.trim().to_string());
            cols.push(col);
            col += f.chars().count() + 1;
        }
        let Some(h) = &header else {
            let names: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
            if !names.iter().any(|n| n == "id") {
                errors.push(input_error(ln, 1, "header line must have an `id` column"));
                return Err(InputErrors(errors));
            }
            for (k, n) in names.iter().enumerate() {
                let is_round = n
                    .strip_prefix('r')
                    .unwrap_or(n)
                    .parse::<usize>()
                    .is_ok_and(|r| r > 0);
                if is_round {
                    round_cols.push(k);
                } else if !matches!(n.as_str(), "id" | "name" | "rating" | "fouls" | "mms") {
                    errors.push(input_error(ln, cols[k], format!("unknown column `{n}`")));
                }
            }
            header = Some(names);
            continue;
        };
        if fields.len() != h.len() {
            errors.push(input_error(
                ln,
                1,
                format!("{} fields, the header has {}", fields.len(), h.len()),
            ));
            continue;
        }
        let get = |name: &str| {
            h.iter()
                .position(|n| n == name)
                .map(|k| (k, fields[k].as_str()))
        };
        let mut player = Player::new(0, "");
        if let Some((k, v)) = get("id") {
            match v.parse::<u32>() {
                Ok(id) if id > 0 => player.id = id,
                _ => errors.push(input_error(
                    ln,
                    cols[k],
                    format!("id `{v}` is not a positive number"),
                )),
            }
        }
        if let Some((_, v)) = get("name") {
            player.name = v.to_string();
        }
        if let Some((k, v)) = get("rating") {
            if !v.is_empty() {
                match v.parse::<u32>() {
                    Ok(0) => {}
                    Ok(r) => player.rating = Some(r),
                    Err(_) => errors.push(input_error(
                        ln,
                        cols[k],
                        format!("rating `{v}` is not a number"),
                    )),
                }
            }
        }
        if let Some((k, v)) = get("fouls") {
            if !v.is_empty() {
                match v.parse::<u32>() {
                    Ok(f) => player.fouls = f,
                    Err(_) => errors.push(input_error(
                        ln,
                        cols[k],
                        format!("fouls `{v}` is not a count"),
                    )),
                }
            }
        }
        if let Some((k, v)) = get("mms") {
            if !v.is_empty() {
                match v.parse::<Points>() {
                    Ok(m) => player.mcmahon_start = m,
                    Err(e) => errors.push(input_error(ln, cols[k], format!("mms: {e}"))),
                }
            }
        }
        let mut row = Vec::new();
        let mut row_cols = Vec::new();
        for &k in &round_cols {
            match parse_cell(&fields[k]) {
                Ok(c) => row.push(c),
                Err((m, off)) => {
                    errors.push(input_error(
                        ln,
                        cols[k] + off,
                        format!("round {}: {m}", row.len() + 1),
                    ));
                    row.push(parse_cell("").unwrap_or(Cell {
                        opponent: None,
                        colour: Colour::None,
                        outcome: RoundResult::ZeroBye,
                        handicap: 0,
                    }));
                }
            }
            row_cols.push(cols[k]);
        }
        if player.id > 0 {
            if let Some(prev_line) = first_line_of_id.get(&player.id) {
                errors.push(input_error(
                    ln,
                    1,
                    format!("id {} already used on line {prev_line}", player.id),
                ));
            } else {
                first_line_of_id.insert(player.id, ln);
            }
        }
        t.players.push(player);
        cells.push(row);
        origins.push((ln, row_cols));
    }
    if header.is_none() {
        errors.push(input_error(0, 0, "no header line"));
    }
    if let Some((ln, s)) = scoring_text {
        match Scoring::parse_list(&s) {
            Ok(s) => t.scoring = s,
            Err(m) => errors.push(input_error(ln, 1, format!("@scoring: {m}"))),
        }
    }
    if !errors.is_empty() {
        return Err(InputErrors(errors));
    }
    let locate = |p: usize, r: usize| (origins[p].0, origins[p].1.get(r).copied().unwrap_or(1));
    let mut errs = resolve(&mut t, &cells, &locate);
    if errs.is_empty() {
        t.normalise();
        errs = check_pairings(&t, &locate);
    }
    if errs.is_empty() {
        Ok(t)
    } else {
        errs.sort_by_key(|e| (e.line, e.column));
        Err(InputErrors(errs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells() {
        let c = parse_cell("12w1").unwrap();
        assert_eq!(
            (c.opponent, c.colour, c.outcome),
            (Some(12), Colour::White, RoundResult::Win)
        );
        assert_eq!(parse_cell("3b=").unwrap().outcome, RoundResult::Draw);
        assert_eq!(parse_cell("U").unwrap().outcome, RoundResult::PairingBye);
        assert_eq!(parse_cell("").unwrap().outcome, RoundResult::ZeroBye);
        assert_eq!(parse_cell("4b1h2").unwrap().handicap, 2);
        assert_eq!(parse_cell("4x1").unwrap_err().1, 1);
        assert_eq!(parse_cell("4w9").unwrap_err().1, 2);
        assert!(parse_cell("4wU").is_err());
        assert!(parse_cell("w1").is_err());
        assert!(parse_cell("4").is_err());
        assert!(parse_cell("0w1").is_err());
        assert!(parse_cell("4w1x").is_err());
        assert!(parse_cell("4-1").is_err());
    }

    #[test]
    fn reads_a_small_event_and_reports_columns() {
        let ok = "@scoring W=2,D=1,L=0\nid,name,r1,r2\n1,A,2w1,U\n2,B,1b0,H\n";
        let t = parse(ok).unwrap();
        assert_eq!(t.score(0), Points(8));
        assert_eq!(t.score(1), Points(2));
        let bad = "id,name,r1\n1,A,2w1\n2,B,1b1\n";
        let e = parse(bad).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 5));
        let bad = "id,name,r1\n1,A,2w7\n2,B,1b0\n";
        let e = parse(bad).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 7));
        assert!(parse("id,name,r1\n1,A\n").is_err());
        assert!(parse("name\n").is_err());
        assert!(parse("").is_err());
    }
}
