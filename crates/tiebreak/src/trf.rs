//! FIDE Tournament Report File reader (TRF16, C.04 Annex 2, and TRF26).
//!
//! Player records `001` are fixed-column; columns are counted in characters, 1-based, as in
//! the format description: start number 5–8, name 15–47, rating 49–52, points 81–84, rank
//! 86–89, then one 10-column block per round from column 92 (opponent 92–95, colour 97,
//! result 99). Tournament records used: 012 name, 092/192 type, 142 and XXR rounds,
//! 162 scoring, 202 tie-breaks, 212 standings definition. Other records are skipped, as TRF
//! readers commonly do with extension lines.

use crate::error::{InputError, InputErrors, input_error};
use crate::points::Points;
use crate::tournament::{
    Colour, Entry, Player, RoundResult, Scoring, System, Tournament, check_entry_total,
    check_pairings, longest_shared_row, overlong_row_message,
};

/// Where each entry came from, for error messages.
struct Origin {
    line: usize,
    /// 1-based column of each round block.
    block_columns: Vec<usize>,
}

/// Parses a TRF file. Every malformed line is reported with its line and column.
pub fn parse(text: &str) -> Result<Tournament, InputErrors> {
    let mut errors: Vec<InputError> = Vec::new();
    let mut t = Tournament::default();
    let mut origins: Vec<Origin> = Vec::new();
    // Opponents are read as start numbers and resolved once all players are known.
    let mut raw_opponents: Vec<Vec<(u32, usize)>> = Vec::new();
    let mut scoring_pairs: Vec<(String, Points)> = Vec::new();
    let mut declared_rounds: Option<usize> = None;

    for (ln0, raw_line) in text.lines().enumerate() {
        let ln = ln0 + 1;
        let line = raw_line.trim_end_matches(['\r', '\u{feff}']);
        let line = if ln == 1 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        // Trailing blanks are no round block: they must not add a round to the event.
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        if chars.len() < 3 {
            errors.push(input_error(ln, 1, "line too short for a record code"));
            continue;
        }
        let code: String = chars[..3].iter().collect();
        let rest: String = chars
            .get(4..)
            .map(|c| c.iter().collect())
            .unwrap_or_default();
        match code.as_str() {
            "###" => {}
            "001" => match parse_player(&chars, ln) {
                Ok((player, opps, cols)) => {
                    t.players.push(player);
                    raw_opponents.push(opps);
                    origins.push(Origin {
                        line: ln,
                        block_columns: cols,
                    });
                }
                Err(mut e) => errors.append(&mut e),
            },
            "012" => t.name = rest.trim().to_string(),
            "092" | "192" => {
                let u = rest.to_ascii_uppercase();
                if u.contains("SWISS") || u.contains("DUTCH") {
                    t.system = Some(System::Swiss);
                } else if u.contains("ROBIN") || u.contains("BERGER") || u.contains("RR") {
                    t.system = Some(System::RoundRobin);
                }
            }
            "142" | "XXR" => match rest.trim().parse::<usize>() {
                Ok(n) if n <= 1000 => declared_rounds = Some(n),
                _ => errors.push(input_error(
                    ln,
                    5,
                    format!("record {code}: `{}` is not a number of rounds", rest.trim()),
                )),
            },
            "162" => match parse_scoring_record(&rest) {
                Ok(mut pairs) => scoring_pairs.append(&mut pairs),
                Err(m) => errors.push(input_error(ln, 5, format!("record 162: {m}"))),
            },
            "202" => t.tiebreaks = Some(rest.trim().to_string()),
            "212" => t.standings = Some(rest.trim().to_string()),
            _ => {
                if !chars[..3].iter().all(|c| c.is_ascii_alphanumeric()) {
                    errors.push(input_error(
                        ln,
                        1,
                        format!("`{code}` is not a TRF record code"),
                    ));
                }
            }
        }
    }

    if !scoring_pairs.is_empty() {
        match Scoring::from_pairs(&scoring_pairs) {
            Ok(s) => t.scoring = s,
            Err(m) => errors.push(input_error(0, 0, format!("record 162: {m}"))),
        }
    }

    // Start numbers must be unique.
    let mut by_id: std::collections::HashMap<u32, usize> =
        std::collections::HashMap::with_capacity(t.players.len());
    for (i, p) in t.players.iter().enumerate() {
        if let Some(&j) = by_id.get(&p.id) {
            errors.push(input_error(
                origins[i].line,
                5,
                format!(
                    "start number {} already used on line {}",
                    p.id, origins[j].line
                ),
            ));
        } else {
            by_id.insert(p.id, i);
        }
    }
    if t.players.is_empty() && errors.is_empty() {
        errors.push(input_error(0, 0, "no player records (001) found"));
    }

    // Resolve opponents by start number.
    for (i, opps) in raw_opponents.iter().enumerate() {
        for &(opp, r) in opps {
            match by_id.get(&opp) {
                Some(&o) => t.players[i].entries[r].opponent = Some(o as u32),
                None => errors.push(input_error(
                    origins[i].line,
                    origins[i]
                        .block_columns
                        .get(r)
                        .copied()
                        .unwrap_or(92 + 10 * r),
                    format!(
                        "round {}: opponent {opp} does not exist (no 001 record with that start number)",
                        r + 1
                    ),
                )),
            }
        }
    }
    if errors.is_empty() {
        check_row_lengths(&t.players, &origins, declared_rounds, &mut errors);
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| (e.line, e.column));
        return Err(InputErrors(errors));
    }
    if let Some(n) = declared_rounds {
        t.rounds = t
            .rounds
            .max(n.min(t.players.iter().map(|p| p.entries.len()).max().unwrap_or(0)));
    }
    t.normalise();
    let locate = |p: usize, r: usize| {
        let o = &origins[p];
        (
            o.line,
            o.block_columns.get(r).copied().unwrap_or(92 + 10 * r),
        )
    };
    let mut pairing_errors = check_pairings(&t, &locate);
    if !pairing_errors.is_empty() {
        pairing_errors.sort_by_key(|e| (e.line, e.column));
        return Err(InputErrors(pairing_errors));
    }
    Ok(t)
}

/// The number of rounds comes from XXR (or 142) when the file declares it, else from the
/// longest row that another row reaches: a row with more round blocks than that would pad
/// every player with rounds nobody else played, so it is an error rather than silently used.
fn check_row_lengths(
    players: &[Player],
    origins: &[Origin],
    declared: Option<usize>,
    errors: &mut Vec<InputError>,
) {
    let lengths: Vec<usize> = players.iter().map(|p| p.entries.len()).collect();
    let cap = declared.unwrap_or_else(|| longest_shared_row(&lengths));
    for (&len, o) in lengths.iter().zip(origins) {
        if len <= cap {
            continue;
        }
        let column = o.block_columns.get(cap).copied().unwrap_or(92 + 10 * cap);
        let message = match declared {
            Some(n) => format!(
                "the row has {len} round blocks, but the file declares {n} rounds (record XXR or 142)"
            ),
            None => overlong_row_message(len, cap),
        };
        errors.push(input_error(o.line, column, message));
    }
    if errors.is_empty() {
        errors.extend(check_entry_total(&lengths));
    }
}

fn field(chars: &[char], from: usize, to: usize) -> String {
    // 1-based inclusive columns.
    chars
        .get(from - 1..to.min(chars.len()))
        .map(|c| c.iter().collect::<String>())
        .unwrap_or_default()
}

type ParsedPlayer = (Player, Vec<(u32, usize)>, Vec<usize>);

fn parse_player(chars: &[char], ln: usize) -> Result<ParsedPlayer, Vec<InputError>> {
    let mut errors = Vec::new();
    let start = field(chars, 5, 8);
    let id = match start.trim().parse::<u32>() {
        Ok(v) if v > 0 => v,
        _ => {
            errors.push(input_error(
                ln,
                5,
                format!(
                    "start number `{}` (columns 5-8) is not a positive number",
                    start.trim()
                ),
            ));
            0
        }
    };
    let name = field(chars, 15, 47).trim().to_string();
    let mut player = Player::new(id, name);
    let rating = field(chars, 49, 52);
    let rating = rating.trim();
    if !rating.is_empty() {
        match rating.parse::<u32>() {
            Ok(0) => {}
            Ok(v) => player.rating = Some(v),
            Err(_) => errors.push(input_error(
                ln,
                49,
                format!("rating `{rating}` (columns 49-52) is not a number"),
            )),
        }
    }
    let pts = field(chars, 81, 84);
    if !pts.trim().is_empty() {
        match pts.trim().parse::<Points>() {
            Ok(p) => player.declared_points = Some(p),
            Err(e) => errors.push(input_error(ln, 81, format!("points (columns 81-84): {e}"))),
        }
    }
    let rank = field(chars, 86, 89);
    if !rank.trim().is_empty() {
        match rank.trim().parse::<u32>() {
            Ok(r) => player.declared_rank = Some(r),
            Err(_) => errors.push(input_error(
                ln,
                86,
                format!("rank `{}` (columns 86-89) is not a number", rank.trim()),
            )),
        }
    }
    if chars.len() > 89 && chars[89..chars.len().min(91)].iter().any(|c| *c != ' ') {
        errors.push(input_error(
            ln,
            90,
            "columns 90-91 must be blank before the first round block at column 92",
        ));
    }
    let mut opps = Vec::new();
    let mut cols = Vec::new();
    let mut col = 92usize;
    let mut round = 0usize;
    while col <= chars.len() {
        // A fixed-size block: the field indices below are checked when compiling.
        let block: [char; 10] =
            std::array::from_fn(|k| chars.get(col - 1 + k).copied().unwrap_or(' '));
        cols.push(col);
        match parse_block(&block, col, ln, round) {
            Ok((entry, opp)) => {
                if let Some(o) = opp {
                    opps.push((o, round));
                }
                player.entries.push(entry);
            }
            Err(e) => {
                errors.push(e);
                player.entries.push(Entry::ABSENT);
            }
        }
        col += 10;
        round += 1;
    }
    if errors.is_empty() {
        Ok((player, opps, cols))
    } else {
        Err(errors)
    }
}

fn parse_block(
    b: &[char; 10],
    col: usize,
    ln: usize,
    round: usize,
) -> Result<(Entry, Option<u32>), InputError> {
    let r = round + 1;
    let opp_text: String = b[0..4].iter().collect();
    for (k, c) in [(4usize, b[4]), (6, b[6]), (8, b[8]), (9, b[9])] {
        if c != ' ' {
            return Err(input_error(
                ln,
                col + k,
                format!(
                    "round {r}: unexpected `{c}` at column {} (round block misaligned: opponent at {}-{}, colour at {}, result at {})",
                    col + k,
                    col,
                    col + 3,
                    col + 5,
                    col + 7
                ),
            ));
        }
    }
    let opp = opp_text.trim();
    let opponent = if opp.is_empty() {
        0
    } else {
        match opp.parse::<u32>() {
            Ok(v) if opp.bytes().all(|c| c.is_ascii_digit()) => v,
            _ => {
                return Err(input_error(
                    ln,
                    col,
                    format!(
                        "round {r}: opponent `{opp}` (columns {}-{}) is not a start number",
                        col,
                        col + 3
                    ),
                ));
            }
        }
    };
    let colour = match b[5] {
        'w' | 'W' => Colour::White,
        'b' | 'B' => Colour::Black,
        '-' | ' ' => Colour::None,
        c => {
            return Err(input_error(
                ln,
                col + 5,
                format!("round {r}: colour `{c}` is not w, b or -"),
            ));
        }
    };
    let code = b[7];
    let mut outcome = RoundResult::from_trf(code).ok_or_else(|| {
        input_error(
            ln,
            col + 7,
            format!(
                "round {r}: unknown result code `{code}` (expected one of 1 = 0 + - W D L H F U Z)"
            ),
        )
    })?;
    if opponent == 0 {
        if outcome == RoundResult::ForfeitLoss {
            // `0000 - -`: not paired, no points.
            outcome = RoundResult::ZeroBye;
        }
        if outcome.needs_opponent() {
            return Err(input_error(
                ln,
                col + 7,
                format!(
                    "round {r}: result `{code}` needs an opponent, but the opponent field is empty"
                ),
            ));
        }
    } else if !outcome.needs_opponent() {
        return Err(input_error(
            ln,
            col + 7,
            format!("round {r}: bye code `{code}` given with opponent {opponent}"),
        ));
    }
    if outcome.is_played() && colour == Colour::None {
        return Err(input_error(
            ln,
            col + 5,
            format!("round {r}: a played game needs colour w or b"),
        ));
    }
    Ok((
        Entry {
            opponent: None,
            colour,
            outcome,
            handicap: 0,
        },
        (opponent > 0).then_some(opponent),
    ))
}

/// Reads record 162 (`W 1.0 D 0.5 L 0.0 …`, with or without spaces or `=`).
fn parse_scoring_record(text: &str) -> Result<Vec<(String, Points)>, String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(format!("unexpected `{c}` at offset {}", i + 1));
        }
        let mut key = String::new();
        while i < chars.len() && chars[i].is_ascii_alphabetic() {
            key.push(chars[i]);
            i += 1;
        }
        while i < chars.len() && (chars[i] == ' ' || chars[i] == '=' || chars[i] == ':') {
            i += 1;
        }
        let mut num = String::new();
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == '-') {
            num.push(chars[i]);
            i += 1;
        }
        let v: Points = num
            .parse()
            .map_err(|e: crate::points::PointsError| format!("{key}: {e}"))?;
        let key = match key.to_ascii_uppercase().as_str() {
            // TRF26: A = absence (zero-point bye), X = unknown result (ignored).
            "X" => continue,
            k => k.to_string(),
        };
        out.push((key, v));
    }
    Ok(out)
}

/// Writes a tournament back as TRF16 player records (used by tests and the bench generator).
pub fn write(t: &Tournament) -> String {
    let mut s = String::new();
    if !t.name.is_empty() {
        s.push_str(&format!("012 {}\n", t.name));
    }
    if let Some(tb) = &t.standings {
        s.push_str(&format!("212 {tb}\n"));
    }
    for (i, p) in t.players.iter().enumerate() {
        let name: String = p.name.chars().take(33).collect();
        let rating = p
            .rating
            .map(|r| format!("{r:>4}"))
            .unwrap_or_else(|| "    ".into());
        let mut line = format!(
            "001 {:>4}      {:<33} {} {:<3} {:>11} {:>10} {:>4} {:>4}  ",
            p.id,
            name,
            rating,
            "",
            "",
            "",
            t.score(i).to_string(),
            p.declared_rank.map(|r| r.to_string()).unwrap_or_default()
        );
        for e in &p.entries {
            let opp = e
                .opponent
                .map(|o| format!("{:>4}", t.players[o as usize].id))
                .unwrap_or_else(|| "0000".into());
            let col = match e.colour {
                Colour::White => 'w',
                Colour::Black => 'b',
                Colour::None => '-',
            };
            line.push_str(&format!("{opp} {col} {}  ", e.outcome.trf_code()));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player record with the TRF16 columns laid out exactly.
    pub(crate) fn record(id: u32, name: &str, rating: u32, pts: &str, blocks: &[&str]) -> String {
        let mut s = format!(
            "001 {id:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:>10} {pts:>4} {:>4}  ",
            "", "", "", ""
        );
        for b in blocks {
            s.push_str(&format!("{b:<10}"));
        }
        s.trim_end().to_string()
    }

    fn two() -> String {
        format!(
            "012 Test\n{}\n{}\n",
            record(1, "Alpha, A", 2000, "1.0", &["   2 w 1"]),
            record(2, "Beta, B", 1900, "0.0", &["   1 b 0"])
        )
    }

    #[test]
    fn reads_players_and_results() {
        let t = parse(&two()).unwrap();
        assert_eq!(t.players.len(), 2);
        assert_eq!(t.rounds, 1);
        assert_eq!(t.players[0].rating, Some(2000));
        assert_eq!(t.players[0].entries[0].outcome, RoundResult::Win);
        assert_eq!(t.players[0].entries[0].opponent, Some(1));
        assert_eq!(t.score(0), Points::ONE);
    }

    #[test]
    fn unknown_result_code_has_line_and_column() {
        let bad = two().replace("2 w 1", "2 w 7");
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.0[0].line, 2);
        assert_eq!(e.0[0].column, 99);
    }

    #[test]
    fn asymmetric_result_is_reported() {
        let bad = two().replace("1 b 0", "1 b 1");
        let e = parse(&bad).unwrap_err();
        assert!(e.to_string().contains("results disagree"), "{e}");
        assert_eq!(e.0[0].column, 92);
    }

    #[test]
    fn missing_opponent_is_reported() {
        let bad = two().replace("   2 w 1", "   9 w 1");
        let e = parse(&bad).unwrap_err();
        assert!(e.to_string().contains("opponent 9 does not exist"), "{e}");
    }

    #[test]
    fn tie_break_and_scoring_records() {
        // TRF26: 162 scoring (here 3-1-0 with a PAB worth a draw), 202 tie-breaks, 212 standings.
        let text = format!(
            "162 W 3.0    D 1.0    L 0.0    P 1.0\n202 BH/C1,BH,SB\n212 PTS BH/C1 BH SB\n{}",
            two().lines().skip(1).collect::<Vec<_>>().join("\n")
        );
        let t = parse(&text).unwrap();
        assert_eq!(t.scoring.win, Points(6));
        assert_eq!(t.scoring.draw, Points(2));
        assert_eq!(t.scoring.pairing_bye, Points(2));
        assert_eq!(t.tiebreaks.as_deref(), Some("BH/C1,BH,SB"));
        assert_eq!(t.standings.as_deref(), Some("PTS BH/C1 BH SB"));
        let list = crate::descriptor::parse_list(t.standings.as_deref().unwrap()).unwrap();
        let back: Vec<String> = list.iter().map(|d| d.to_string()).collect();
        assert_eq!(back, ["PTS", "BH/C1", "BH", "SB"]);
        assert!(parse("162 W 0.3\n").is_err());
        let e = parse("142 many\n").unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (1, 5));
    }

    #[test]
    fn hostile_inputs_do_not_panic() {
        for s in [
            "",
            "0",
            "001",
            "001 ",
            "001 x",
            "001    1",
            "###",
            "\u{feff}001",
            "001 ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
            "162 W",
            "162 W 0.3",
            "142 lots",
            "001    1      A                                                              1.0    1     1 w 1",
        ] {
            let _ = parse(s);
        }
        // Truncate a valid file at every byte boundary.
        let two = two();
        for cut in 0..two.len() {
            if two.is_char_boundary(cut) {
                let _ = parse(&two[..cut]);
            }
        }
    }
}
