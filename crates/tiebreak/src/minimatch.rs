//! The two-game mini-match (分先制) of the source document (002, "象棋打破平分规则"): two
//! games with colours alternated, decided by
//!
//! 1. the result (two wins, or a win and a draw, decide outright);
//! 2. with one win each, fewer moves in one's own win ("以胜盘，步数少的一方为胜方");
//!    with two draws, fewer moves in the draw one held as second mover ("以较少步数后手守和");
//! 3. thinking time used in that same game, to the second ("以达到目标用时少的一方为胜方");
//! 4. material resources used in that game ("动用子力资源少的一方"), with piece values that
//!    depend on the game and are configurable;
//! 5. lots.
//!
//! The file format is CSV with a header naming the columns `first`, `second`, `result`,
//! `moves` and optionally `match`, `first_time`, `second_time`, `first_material`,
//! `second_material`. Times are `m:ss`, `h:mm:ss` or seconds; material is a number or a
//! string of piece letters valued by an `@pieces` line (`@pieces xiangqi`, `@pieces shogi`
//! or `@pieces R=9,H=4,…`). Lines starting with `#` are comments.

use std::fmt;

use board_core::{Outcome, Side};
use num_rational::Rational64;

use crate::error::{InputError, InputErrors, input_error};
use crate::points::format_ratio;

/// One game of a mini-match.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game {
    /// The first mover of this game.
    pub first: String,
    /// The second mover of this game.
    pub second: String,
    /// The result, first mover's side first (`1-0`: the first mover won).
    pub result: Outcome,
    /// Moves played.
    pub moves: u32,
    /// Thinking time used by each side, seconds.
    pub time: [Option<u32>; 2],
    /// Material used by each side, in the configured piece values.
    pub material: [Option<Rational64>; 2],
    /// Line of the game in the input.
    pub line: usize,
}

/// The criterion that decided a mini-match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Criterion {
    /// The two games' points.
    Result,
    /// Moves in one's own win, or in the draw held as second mover.
    Moves,
    /// Thinking time in that game.
    Time,
    /// Material used in that game.
    Material,
    /// Lots: nothing separated the players.
    Lots,
}

impl Criterion {
    /// The name used in reports and JSON (`result`, `moves`, `time`, `material`, `lots`).
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Result => "result",
            Criterion::Moves => "moves",
            Criterion::Time => "time",
            Criterion::Material => "material",
            Criterion::Lots => "lots",
        }
    }
}

/// The two values compared at one step (player A first), `None` when not recorded.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Comparison {
    /// Which criterion.
    pub criterion: Criterion,
    /// Player A's value, then player B's.
    pub values: [Option<Rational64>; 2],
}

/// The decision on one mini-match.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ruling {
    /// Player A moved first in game 1, player B in game 2.
    pub players: [String; 2],
    /// Index into `players` of the winner, `None` when lots must decide.
    pub winner: Option<usize>,
    /// The criterion that decided (or [`Criterion::Lots`]).
    pub criterion: Criterion,
    /// Every comparison made, in order, up to the deciding one.
    pub comparisons: Vec<Comparison>,
    /// The decision in words.
    pub reason: String,
}

fn describe(c: Criterion, v: Rational64) -> String {
    match c {
        Criterion::Time => {
            let s = v.to_integer();
            format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
        }
        _ => format_ratio(v, 2).trim_end_matches(".0").to_string(),
    }
}

/// Rules on a mini-match of two games. `games[1]` must have the colours of `games[0]` reversed.
pub fn rule(games: &[Game; 2]) -> Result<Ruling, InputError> {
    let [g1, g2] = games;
    if g1.first != g2.second || g1.second != g2.first {
        return Err(input_error(
            g2.line,
            0,
            format!(
                "colours are not alternated: game 1 is {} – {}, game 2 is {} – {}",
                g1.first, g1.second, g2.first, g2.second
            ),
        ));
    }
    if g1.first == g1.second {
        return Err(input_error(g1.line, 0, "a player cannot play himself"));
    }
    let a = g1.first.clone();
    let b = g1.second.clone();
    // Points in half-points for A and B; A is first mover in game 1, second in game 2.
    let pts = |g: &Game, a_first: bool| -> (i32, i32) {
        let (f, s) = (
            i32::from(g.result.points_for(Side::First)),
            i32::from(g.result.points_for(Side::Second)),
        );
        if a_first { (f, s) } else { (s, f) }
    };
    let (a1, b1) = pts(g1, true);
    let (a2, b2) = pts(g2, false);
    let (pa, pb) = (a1 + a2, b1 + b2);
    let mut comparisons = vec![Comparison {
        criterion: Criterion::Result,
        values: [
            Some(Rational64::new(pa.into(), 2)),
            Some(Rational64::new(pb.into(), 2)),
        ],
    }];
    let players = [a.clone(), b.clone()];
    if pa != pb {
        let w = usize::from(pb > pa);
        return Ok(Ruling {
            reason: format!(
                "{} scores {}–{} over the two games",
                players[w],
                describe(Criterion::Result, Rational64::new(pa.max(pb).into(), 2)),
                describe(Criterion::Result, Rational64::new(pa.min(pb).into(), 2))
            ),
            players,
            winner: Some(w),
            criterion: Criterion::Result,
            comparisons,
        });
    }
    // Each player's target game and side (0 = first mover, 1 = second mover) in it.
    let one_win_each = !g1.result.is_draw();
    let (target, goal): ([(&Game, usize); 2], &str) = if one_win_each {
        // A's win: game 1 if the first mover won it, else game 2 (A second mover there).
        let a_game = if g1.result.winner() == Some(Side::First) {
            (g1, 0)
        } else {
            (g2, 1)
        };
        let b_game = if g1.result.winner() == Some(Side::Second) {
            (g1, 1)
        } else {
            (g2, 0)
        };
        ([a_game, b_game], "win")
    } else {
        // Two draws: A held the draw as second mover in game 2, B in game 1.
        ([(g2, 1), (g1, 1)], "draw held as second mover")
    };
    let steps: [(Criterion, [Option<Rational64>; 2]); 3] = [
        (
            Criterion::Moves,
            [0, 1].map(|k| Some(Rational64::from(i64::from(target[k].0.moves)))),
        ),
        (
            Criterion::Time,
            [0, 1].map(|k| target[k].0.time[target[k].1].map(|t| Rational64::from(i64::from(t)))),
        ),
        (
            Criterion::Material,
            [0, 1].map(|k| target[k].0.material[target[k].1]),
        ),
    ];
    for (criterion, values) in steps {
        comparisons.push(Comparison { criterion, values });
        let (Some(va), Some(vb)) = (values[0], values[1]) else {
            // Not recorded for both: this criterion cannot separate them.
            continue;
        };
        if va != vb {
            let w = usize::from(vb < va);
            let what = match criterion {
                Criterion::Moves => "fewer moves",
                Criterion::Time => "less thinking time",
                _ => "less material",
            };
            return Ok(Ruling {
                reason: format!(
                    "equal result ({}); {} needed {what} in his {goal} ({} against {})",
                    if one_win_each {
                        "one win each"
                    } else {
                        "two draws"
                    },
                    players[w],
                    describe(criterion, values[w].unwrap_or_default()),
                    describe(criterion, values[1 - w].unwrap_or_default())
                ),
                players,
                winner: Some(w),
                criterion,
                comparisons,
            });
        }
    }
    Ok(Ruling {
        reason: format!(
            "equal result ({}) and equal on moves, time and material: lots decide",
            if one_win_each {
                "one win each"
            } else {
                "two draws"
            }
        ),
        players,
        winner: None,
        criterion: Criterion::Lots,
        comparisons,
    })
}

/// Piece values for the material criterion.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceValues(pub Vec<(char, Rational64)>);

impl PieceValues {
    /// Common xiangqi values: chariot 9, horse 4, cannon 4.5, elephant 2, advisor 2, soldier 1,
    /// general 0 (letters R H/N C E/B A P K and the Chinese characters).
    pub fn xiangqi() -> Self {
        let v = |n: i64, d: i64| Rational64::new(n, d);
        Self(vec![
            ('R', v(9, 1)),
            ('车', v(9, 1)),
            ('車', v(9, 1)),
            ('H', v(4, 1)),
            ('N', v(4, 1)),
            ('马', v(4, 1)),
            ('馬', v(4, 1)),
            ('C', v(9, 2)),
            ('炮', v(9, 2)),
            ('砲', v(9, 2)),
            ('E', v(2, 1)),
            ('B', v(2, 1)),
            ('相', v(2, 1)),
            ('象', v(2, 1)),
            ('A', v(2, 1)),
            ('仕', v(2, 1)),
            ('士', v(2, 1)),
            ('P', v(1, 1)),
            ('兵', v(1, 1)),
            ('卒', v(1, 1)),
            ('K', v(0, 1)),
            ('帅', v(0, 1)),
            ('将', v(0, 1)),
        ])
    }

    /// Common amateur shogi values: pawn 1, lance 3, knight 4, silver 5, gold 6, bishop 8,
    /// rook 10, king 0.
    pub fn shogi() -> Self {
        Self(
            [
                ('P', 1),
                ('L', 3),
                ('N', 4),
                ('S', 5),
                ('G', 6),
                ('B', 8),
                ('R', 10),
                ('K', 0),
            ]
            .iter()
            .map(|&(c, v)| (c, Rational64::from(v)))
            .collect(),
        )
    }

    /// `xiangqi`, `shogi`, or a list `R=9,H=4,C=4.5`.
    pub fn parse(text: &str) -> Result<Self, PieceValuesError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "xiangqi" | "xq" => return Ok(Self::xiangqi()),
            "shogi" => return Ok(Self::shogi()),
            _ => {}
        }
        let mut out = Vec::new();
        for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| PieceValuesError::NotAPair(item.to_string()))?;
            let mut kc = k.trim().chars();
            let (Some(c), None) = (kc.next(), kc.next()) else {
                return Err(PieceValuesError::NotOneCharacter(k.to_string()));
            };
            out.push((
                c,
                parse_decimal(v.trim())
                    .ok_or_else(|| PieceValuesError::NotAValue(v.to_string()))?,
            ));
        }
        Ok(Self(out))
    }

    fn value(&self, c: char) -> Option<Rational64> {
        self.0
            .iter()
            .rev()
            .find(|(p, _)| *p == c || *p == c.to_ascii_uppercase())
            .map(|(_, v)| *v)
    }
}

/// Why an `@pieces` setting could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PieceValuesError {
    /// An item (given) that is not `PIECE=value`.
    NotAPair(String),
    /// A piece name (given) longer than one character.
    NotOneCharacter(String),
    /// A value (given) that is not a decimal number.
    NotAValue(String),
}

impl fmt::Display for PieceValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceValuesError::NotAPair(item) => write!(f, "`{item}`: expected PIECE=value"),
            PieceValuesError::NotOneCharacter(k) => write!(f, "`{k}`: a piece is one character"),
            PieceValuesError::NotAValue(v) => write!(f, "`{v}` is not a value"),
        }
    }
}

impl std::error::Error for PieceValuesError {}

fn parse_decimal(s: &str) -> Option<Rational64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (i, f) = body.split_once('.').unwrap_or((body, ""));
    if (i.is_empty() && f.is_empty())
        || !i.bytes().all(|b| b.is_ascii_digit())
        || !f.bytes().all(|b| b.is_ascii_digit())
        || i.len() > 12
        || f.len() > 6
    {
        return None;
    }
    let whole: i64 = if i.is_empty() { 0 } else { i.parse().ok()? };
    let frac: i64 = if f.is_empty() { 0 } else { f.parse().ok()? };
    let v = Rational64::from(whole) + Rational64::new(frac, 10i64.pow(f.len() as u32));
    Some(if neg { -v } else { v })
}

/// Reads `m:ss`, `h:mm:ss` or plain seconds.
pub fn parse_duration(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.trim().split(':').collect();
    if parts
        .iter()
        .any(|p| p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let nums: Vec<u32> = parts
        .iter()
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    match nums.as_slice() {
        [s] => Some(*s),
        [m, s] if *s < 60 => m.checked_mul(60)?.checked_add(*s),
        [h, m, s] if *m < 60 && *s < 60 => h.checked_mul(3600)?.checked_add(m * 60 + s),
        _ => None,
    }
}

/// Reads a game result as mini-match files write it: the shared `1-0`/`0-1`/`1/2-1/2`
/// forms plus the aliases seen in event files (`1:0`, `first`, `red`, `white`, `=`, `½-½`,
/// `和`, …).
fn parse_result(s: &str) -> Option<Outcome> {
    let first = Outcome::Decisive {
        winner: Side::First,
    };
    let second = Outcome::Decisive {
        winner: Side::Second,
    };
    match s.trim().to_ascii_lowercase().replace(' ', "").as_str() {
        "1-0" | "1:0" | "first" | "red" | "white" => Some(first),
        "0-1" | "0:1" | "second" | "black" => Some(second),
        "=" | "draw" | "½-½" | "1/2-1/2" | "1/2" | "0.5-0.5" | "和" => Some(Outcome::Draw),
        _ => None,
    }
}

/// A mini-match file: the games, grouped in pairs.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchFile {
    /// The mini-matches, in file order.
    pub matches: Vec<[Game; 2]>,
}

/// Parses the mini-match CSV format (see the module documentation).
pub fn parse(text: &str) -> Result<MatchFile, InputErrors> {
    let mut errors = Vec::new();
    let mut pieces = PieceValues::xiangqi();
    let mut header: Option<Vec<String>> = None;
    let mut groups: Vec<(String, Vec<Game>)> = Vec::new();
    for (ln0, raw) in text.lines().enumerate() {
        let ln = ln0 + 1;
        let line = raw.trim_end_matches('\r').trim_start_matches('\u{feff}');
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(setting) = trimmed.strip_prefix("@pieces") {
            match PieceValues::parse(setting) {
                Ok(p) => pieces = p,
                Err(m) => errors.push(input_error(ln, 9, m)),
            }
            continue;
        }
        if trimmed.starts_with('@') {
            errors.push(input_error(ln, 1, "unknown setting (only @pieces)"));
            continue;
        }
        let mut fields = Vec::new();
        let mut cols = Vec::new();
        let mut col = 1;
        for f in line.split(',') {
            fields.push(f.trim().to_string());
            cols.push(col);
            col += f.chars().count() + 1;
        }
        let Some(h) = &header else {
            let names: Vec<String> = fields.iter().map(|s| s.to_ascii_lowercase()).collect();
            for req in ["first", "second", "result", "moves"] {
                if !names.iter().any(|n| n == req) {
                    errors.push(input_error(
                        ln,
                        1,
                        format!("header lacks the `{req}` column"),
                    ));
                }
            }
            for (k, n) in names.iter().enumerate() {
                if !matches!(
                    n.as_str(),
                    "match"
                        | "game"
                        | "first"
                        | "second"
                        | "result"
                        | "moves"
                        | "first_time"
                        | "second_time"
                        | "first_material"
                        | "second_material"
                ) {
                    errors.push(input_error(ln, cols[k], format!("unknown column `{n}`")));
                }
            }
            if !errors.is_empty() {
                return Err(InputErrors(errors));
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
                .map(|k| (fields[k].as_str(), cols[k]))
        };
        let mut bad = false;
        let mut fail = |col: usize, m: String| {
            errors.push(input_error(ln, col, m));
            bad = true;
        };
        let (first, _) = get("first").unwrap_or(("", 1));
        let (second, _) = get("second").unwrap_or(("", 1));
        if first.is_empty() || second.is_empty() {
            fail(1, "both players must be named".into());
        }
        let (rtext, rcol) = get("result").unwrap_or(("", 1));
        let result = parse_result(rtext).unwrap_or_else(|| {
            fail(rcol, format!("result `{rtext}` is not 1-0, 0-1 or ="));
            Outcome::Draw
        });
        let (mtext, mcol) = get("moves").unwrap_or(("", 1));
        let moves = mtext
            .parse::<u32>()
            .ok()
            .filter(|&m| m <= 100_000)
            .unwrap_or_else(|| {
                fail(mcol, format!("moves `{mtext}` is not a count"));
                0
            });
        let mut time = [None, None];
        for (k, name) in ["first_time", "second_time"].iter().enumerate() {
            if let Some((v, c)) = get(name) {
                if !v.is_empty() {
                    match parse_duration(v) {
                        Some(s) => time[k] = Some(s),
                        None => fail(c, format!("{name} `{v}` is not m:ss, h:mm:ss or seconds")),
                    }
                }
            }
        }
        let mut material = [None, None];
        for (k, name) in ["first_material", "second_material"].iter().enumerate() {
            if let Some((v, c)) = get(name) {
                if v.is_empty() {
                    continue;
                }
                if let Some(x) = parse_decimal(v) {
                    material[k] = Some(x);
                } else {
                    let mut sum = Rational64::from(0);
                    for (off, ch) in v.chars().enumerate() {
                        match pieces.value(ch) {
                            Some(pv) => sum += pv,
                            None => {
                                fail(c + off, format!("`{ch}` is not a piece with a value"));
                                break;
                            }
                        }
                    }
                    material[k] = Some(sum);
                }
            }
        }
        if bad {
            continue;
        }
        let key = get("match").map(|(v, _)| v.to_string());
        let game = Game {
            first: first.to_string(),
            second: second.to_string(),
            result,
            moves,
            time,
            material,
            line: ln,
        };
        match key {
            Some(k) => match groups.iter_mut().find(|g| g.0 == k) {
                Some(g) => g.1.push(game),
                None => groups.push((k, vec![game])),
            },
            None => match groups.last_mut() {
                Some(g) if g.1.len() < 2 => g.1.push(game),
                _ => groups.push((String::new(), vec![game])),
            },
        }
    }
    if header.is_none() {
        errors.push(input_error(0, 0, "no header line"));
    }
    let mut matches = Vec::new();
    for (key, games) in groups {
        match <[Game; 2]>::try_from(games) {
            Ok(pair) => matches.push(pair),
            Err(games) => errors.push(input_error(
                games.first().map(|g| g.line).unwrap_or(0),
                0,
                format!(
                    "mini-match {}has {} game(s); it needs exactly two",
                    if key.is_empty() {
                        String::new()
                    } else {
                        format!("`{key}` ")
                    },
                    games.len()
                ),
            )),
        }
    }
    if errors.is_empty() {
        Ok(MatchFile { matches })
    } else {
        Err(InputErrors(errors))
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(
                f,
                "{} beats {} on {}: {}",
                self.players[w],
                self.players[1 - w],
                self.criterion.name(),
                self.reason
            ),
            None => write!(
                f,
                "{} and {} undecided: {}",
                self.players[0], self.players[1], self.reason
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: Outcome = Outcome::Decisive {
        winner: Side::First,
    };
    const SECOND: Outcome = Outcome::Decisive {
        winner: Side::Second,
    };

    fn game(first: &str, second: &str, result: Outcome, moves: u32) -> Game {
        Game {
            first: first.into(),
            second: second.into(),
            result,
            moves,
            time: [None, None],
            material: [None, None],
            line: 1,
        }
    }

    #[test]
    fn document_example_one_win_each() {
        // 002: "甲选手在胜的一盘中25步胜，而乙选手在胜的一盘中36步胜，那么此轮判定甲胜乙负".
        let g = [game("甲", "乙", FIRST, 25), game("乙", "甲", FIRST, 36)];
        let r = rule(&g).unwrap();
        assert_eq!(r.winner, Some(0));
        assert_eq!(r.criterion, Criterion::Moves);
    }

    #[test]
    fn document_example_two_draws() {
        // 002: "一棋手是30步后手守和，另一棋手是50步后手守和 … 判前者胜出".
        // 乙 holds the draw as second mover in game 1 (50 moves), 甲 in game 2 (30 moves).
        let g = [
            game("甲", "乙", Outcome::Draw, 50),
            game("乙", "甲", Outcome::Draw, 30),
        ];
        let r = rule(&g).unwrap();
        assert_eq!(r.winner, Some(0));
        assert_eq!(r.criterion, Criterion::Moves);
    }

    #[test]
    fn result_decides_win_and_draw() {
        // 002: "两胜或者是一胜一和当然是棋力高者，判此棋手胜出".
        let g = [
            game("A", "B", Outcome::Draw, 40),
            game("B", "A", SECOND, 60),
        ];
        let r = rule(&g).unwrap();
        assert_eq!((r.winner, r.criterion), (Some(0), Criterion::Result));
    }

    #[test]
    fn time_then_material_then_lots() {
        // 002: time decides when moves are equal; material after time; otherwise lots.
        let mut g = [game("A", "B", FIRST, 40), game("B", "A", FIRST, 40)];
        g[0].time = [Some(3600), Some(3000)];
        g[1].time = [Some(3599), Some(3700)];
        let r = rule(&g).unwrap();
        // A used 3600 s in his win (game 1, first mover); B used 3599 s in his (game 2).
        assert_eq!((r.winner, r.criterion), (Some(1), Criterion::Time));
        g[1].time[0] = Some(3600);
        g[0].material = [Some(Rational64::from(10)), None];
        g[1].material = [Some(Rational64::from(12)), None];
        let r = rule(&g).unwrap();
        assert_eq!((r.winner, r.criterion), (Some(0), Criterion::Material));
        g[1].material[0] = Some(Rational64::from(10));
        let r = rule(&g).unwrap();
        assert_eq!((r.winner, r.criterion), (None, Criterion::Lots));
    }

    #[test]
    fn colours_must_alternate() {
        let g = [game("A", "B", FIRST, 40), game("A", "B", SECOND, 40)];
        assert!(rule(&g).is_err());
    }

    #[test]
    fn parses_files_and_reports_positions() {
        let text = "@pieces xiangqi\nfirst,second,result,moves,first_time,second_time,first_material,second_material\n\
                    A,B,1-0,25,35:00,40:00,RRH,\nB,A,1-0,36,30:00,20:00,车马,\n";
        let f = parse(text).unwrap();
        assert_eq!(f.matches.len(), 1);
        assert_eq!(f.matches[0][0].material[0], Some(Rational64::from(22)));
        assert_eq!(f.matches[0][1].material[0], Some(Rational64::from(13)));
        let e = parse("first,second,result,moves\nA,B,2-0,25\nB,A,1-0,30\n").unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 5));
        let e = parse("first,second,result,moves\nA,B,1-0,x\n").unwrap_err();
        assert_eq!(e.0[0].column, 9);
        assert!(parse("first,second,result,moves\nA,B,1-0,25\n").is_err());
        assert!(parse("first,second\n").is_err());
        assert!(parse("").is_err());
        assert_eq!(parse_duration("1:00:00"), Some(3600));
        assert_eq!(parse_duration("60:00"), Some(3600));
        assert_eq!(parse_duration("1:60"), None);
        assert_eq!(parse_duration("99999999999:00"), None);
    }
}
