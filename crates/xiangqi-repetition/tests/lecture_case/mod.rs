//! The case library: one text file per lecture figure, rendered for snapshot review.
//!
//! A case file is a header of `key: value` lines followed by the board drawing:
//!
//! ```text
//! source: 001_95d1c838b408c009.txt, 《棋例人生》第49讲 图1
//! figure: F07
//! reconstructed: what was invented to make the text's statements hold
//! fen: 3k5/9/9/9/9/9/9/9/9/4K4 w
//! moves: h2e2 h9g7 e2h2 g7h9            (ICCS, ranks 0-9; the cycle, played until the
//!                                        first position repeats)
//! cycle-zh: 炮二平五,马8进7,炮五平二,马7进8   (the lecture's cycle, verbatim)
//! classes: 捉 将 闲 捉                    (per move as the lecture states; ? = not stated)
//! classes-rules: cxa2011                  (the edition those classes are checked under)
//! expect cxa1987: black_loses             (verdicts the text states or implies)
//! quote: 「…」
//! divergence: an expectation this implementation does not meet, and why
//!
//!   a b c d e f g h i
//! 9 . . . k . . . . .
//! …
//! 0 . . . . K . . . .
//! ```
//!
//! [`render_case`] checks everything the header states (the drawing against the FEN, the
//! Chinese cycle, the classes, the verdicts) and renders the board, the cycle and the
//! classification and verdict under every ruleset. A statement that does not hold is an
//! error, unless a `divergence:` line declares it; declared divergences are shown in the
//! rendering.

use std::fmt;
use std::fmt::Write as _;

use board_core::diagram::{Cell, Diagram, parse_file};
use xiangqi_repetition::adjudicate::notation::{chinese, rule_book_char};
use xiangqi_repetition::adjudicate::rules::UnknownRuleset;
use xiangqi_repetition::adjudicate::verdict::replay;
use xiangqi_repetition::adjudicate::{
    Board, BoardError, EffectKind, Ruleset, Ruling, Verdict, adjudicate, classify, parse_moves,
};
use xiangqi_repetition::{Side, Square};

/// Why a case file could not be rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseError {
    /// A header line is malformed or a required key is missing (1-based line number).
    Header { line: usize, message: String },
    /// The FEN or a move is bad.
    Board(BoardError),
    /// Statements of the header that the computation contradicts.
    Mismatch(Vec<String>),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Header { line, message } => write!(f, "line {line}: {message}"),
            CaseError::Board(e) => write!(f, "{e}"),
            CaseError::Mismatch(list) => write!(f, "case does not hold: {}", list.join("; ")),
        }
    }
}

impl std::error::Error for CaseError {}

impl From<BoardError> for CaseError {
    fn from(e: BoardError) -> Self {
        CaseError::Board(e)
    }
}

/// A parsed case file.
#[derive(Clone, Debug)]
pub struct Case {
    pub source: String,
    pub figure: String,
    pub reconstructed: Vec<String>,
    pub fen: String,
    pub moves: String,
    pub cycle_zh: Option<String>,
    pub classes: Vec<String>,
    pub classes_rules: Option<Ruleset>,
    pub expects: Vec<(Ruleset, Verdict)>,
    pub quotes: Vec<String>,
    pub notes: Vec<String>,
    pub divergences: Vec<String>,
    pub drawing: Diagram,
}

/// Gives a case file's header the `# key: value` form of board-core's diagram files, with
/// snake-case keys (`cycle-zh` → `cycle_zh`) and the stated verdicts as the model's
/// `expect` facts (`expect cxa1987: black_loses` → `expect: cxa1987=black_loses`); the
/// drawing after the blank line is kept as it is. Lines keep their numbers.
fn as_diagram_file(text: &str) -> Result<String, CaseError> {
    let mut out = String::with_capacity(text.len() + 256);
    let mut in_drawing = false;
    for (i, raw) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = raw.trim_end();
        if in_drawing || line.starts_with('#') {
            out.push_str(raw);
            continue;
        }
        if line.trim().is_empty() {
            in_drawing = true;
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(CaseError::Header {
                line: i + 1,
                message: "expected 'key: value'".into(),
            });
        };
        // `expect EDITION: verdict` is one of the model's `expect: key=value` facts.
        let key = key.trim();
        match key.strip_prefix("expect ") {
            Some(rules) => out.push_str(&format!("# expect: {}={}", rules.trim(), value.trim())),
            None => out.push_str(&format!("# {}: {}", key.replace('-', "_"), value.trim())),
        }
    }
    Ok(out)
}

/// Parses a case file through board-core's diagram file model
/// ([`board_core::diagram::parse_file`]): the header fields, then the drawn board.
pub fn parse_case(text: &str) -> Result<Case, CaseError> {
    let file = parse_file(&as_diagram_file(text)?).map_err(|e| CaseError::Header {
        line: e.line,
        message: e.kind.to_string(),
    })?;
    let mut case = Case {
        source: String::new(),
        figure: String::new(),
        reconstructed: Vec::new(),
        fen: String::new(),
        moves: String::new(),
        cycle_zh: None,
        classes: Vec::new(),
        classes_rules: None,
        expects: Vec::new(),
        quotes: Vec::new(),
        notes: Vec::new(),
        divergences: Vec::new(),
        drawing: file.diagram,
    };
    for (key, value, line) in &file.header.fields {
        let value = value.clone();
        let header_error = |message: String| CaseError::Header {
            line: *line,
            message,
        };
        match key.as_str() {
            "source" => case.source = value,
            "figure" => case.figure = value,
            "reconstructed" => case.reconstructed.push(value),
            "fen" => case.fen = value,
            "moves" => {
                if !case.moves.is_empty() {
                    case.moves.push(' ');
                }
                case.moves.push_str(&value)
            }
            "cycle_zh" => case.cycle_zh = Some(value),
            "classes" => case.classes = value.split_whitespace().map(str::to_string).collect(),
            "classes_rules" => {
                case.classes_rules = Some(
                    value
                        .parse()
                        .map_err(|e: UnknownRuleset| header_error(e.to_string()))?,
                )
            }
            "quote" => case.quotes.push(value),
            "note" => case.notes.push(value),
            "divergence" => case.divergences.push(value),
            "expect" => {
                let (rules, verdict) = value.split_once('=').unwrap_or((&value, ""));
                let rules: Ruleset = rules
                    .parse()
                    .map_err(|e: UnknownRuleset| header_error(e.to_string()))?;
                let verdict = Verdict::from_name(verdict)
                    .ok_or_else(|| header_error(format!("unknown verdict '{verdict}'")))?;
                case.expects.push((rules, verdict));
            }
            other => return Err(header_error(format!("unknown key '{other}'"))),
        }
    }
    for (name, v) in [("fen", &case.fen), ("moves", &case.moves)] {
        if v.is_empty() {
            return Err(CaseError::Header {
                line: text.lines().count().max(1),
                message: format!("missing '{name}'"),
            });
        }
    }
    Ok(case)
}

/// Whether a drawn board shows the pieces of `board`: FEN letters, `.` for empty points,
/// read from the drawing's cells in FEN order.
fn drawing_matches(drawing: &Diagram, board: &Board) -> bool {
    if (drawing.width, drawing.height) != (9, 10) {
        return false;
    }
    Square::all()
        .zip(&drawing.cells)
        .all(|(sq, cell)| match cell {
            Cell::Empty(_) => board.at(sq).is_none(),
            Cell::Mark(c) => board.at(sq).map(|p| p.fen_char()) == Some(*c),
            _ => false,
        })
}

/// Drops the file that some texts write after 前/中/后 (「前炮2平5」 for 「前炮平5」): the
/// position word already names the piece.
fn without_tandem_file(mv: &str) -> String {
    let chars: Vec<char> = mv.chars().collect();
    let is_file = |c: char| c.is_ascii_digit() || "一二三四五六七八九".contains(c);
    if chars.len() > 3
        && "前中后".contains(chars[0])
        && is_file(chars[2])
        && "进退平".contains(chars[3])
    {
        chars[..2].iter().chain(&chars[3..]).collect()
    } else {
        mv.to_string()
    }
}

/// Draws a board: rank labels 9..0 on the left, files a-i below, FEN letters, `.` empty.
pub fn draw_board(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    for rank in (0..10).rev() {
        let mut row = format!("{rank}");
        for file in 0..9 {
            row.push(' ');
            row.push(
                b.at(Square::from_iccs(file, rank).expect("file and rank on the board"))
                    .map(|p| p.fen_char())
                    .unwrap_or('.'),
            );
        }
        out.push(row);
    }
    out.push("  a b c d e f g h i".to_string());
    out
}

fn effect_text(r: &Ruling, k: usize) -> String {
    let a = &r.moves[k];
    let b = &r.positions[k];
    let after = b.after(a.mv);
    let name = |sq: Square, board: &Board| -> String {
        board
            .at(sq)
            .map(|p| format!("{}{}", rule_book_char(p), sq))
            .unwrap_or_else(|| sq.to_string())
    };
    let parts: Vec<String> = a
        .effects
        .iter()
        .map(|e| {
            let target = e.target.map(|t| name(t, &after)).unwrap_or_default();
            let extra = match e.kind {
                EffectKind::Chase if e.victim_protected => "(有根)",
                EffectKind::Chase => "(无根)",
                _ => "",
            };
            let fc = if e.first_counterattack {
                "[第一反击]"
            } else {
                ""
            };
            format!(
                "{}:{}→{}{}{}",
                e.kind.zh(),
                name(e.piece, &after),
                target,
                extra,
                fc
            )
        })
        .collect();
    if parts.is_empty() {
        "—".to_string()
    } else {
        parts.join(" ")
    }
}

/// Renders a case file after checking every statement in its header.
pub fn render_case(text: &str) -> Result<String, CaseError> {
    let case = parse_case(text)?;
    let board = Board::from_fen(&case.fen)?;
    let moves = parse_moves(&case.moves)?;
    let mut problems = Vec::new();

    let drawn = draw_board(&board);
    if !drawing_matches(&case.drawing, &board) {
        problems.push("the drawing does not match the FEN".to_string());
    }

    let mut rulesets: Vec<Ruleset> = Ruleset::PRESETS.to_vec();
    for (r, _) in &case.expects {
        if !rulesets.contains(r) {
            rulesets.push(*r);
        }
    }
    let rulings: Vec<Ruling> = rulesets
        .iter()
        .map(|r| adjudicate(board.position(), &moves, r))
        .collect::<Result<_, _>>()?;
    let first = &rulings[0];
    let Some(cycle) = first.cycle else {
        return Err(CaseError::Mismatch(vec![
            "the moves do not repeat a position".into(),
        ]));
    };

    // The lecture's line in Chinese notation against the game from its first move (the
    // text often writes a lead-in move before the repeated part).
    let boards = replay(&board, &moves)?;
    let game_zh: Vec<String> = moves
        .iter()
        .zip(&boards)
        .map(|(&m, b)| chinese(b, m).unwrap_or_default())
        .collect();
    let zh_moves: Vec<String> = game_zh[cycle.start_ply..].to_vec();
    if let Some(stated) = &case.cycle_zh {
        let stated: Vec<String> = stated
            .split([',', '，', '、'])
            .map(|m| without_tandem_file(m.trim()))
            .collect();
        let computed: Vec<String> = game_zh
            .iter()
            .take(stated.len())
            .map(|m| without_tandem_file(m))
            .collect();
        if stated != computed {
            problems.push(format!(
                "the moves in Chinese are {} but the text has {}",
                computed.join(","),
                stated.join(",")
            ));
        }
    }

    // Classes as stated (per move from the first), under the edition they belong to.
    let class_rules = case
        .classes_rules
        .or_else(|| case.expects.first().map(|(r, _)| *r))
        .unwrap_or(Ruleset::CXA2011);
    // A move of the cycle is read as the ruling reads it (after what only the whole cycle
    // shows: 自毙, the held rook's exemption); a lead-in move on its own.
    let class_ruling = adjudicate(board.position(), &moves, &class_rules)?;
    for (k, stated) in case.classes.iter().enumerate() {
        if stated == "?" {
            continue;
        }
        match moves.get(k) {
            Some(&m) => {
                let a = match k.checked_sub(cycle.start_ply) {
                    Some(i) => class_ruling.moves[i].clone(),
                    None => classify(&boards[k], m, &class_rules),
                };
                // The lectures count a block among the idle moves (「兵拦炮仍是闲」, 54;
                // 「红炮后退垫隔是为一“闲”」, 58).
                let matches =
                    a.class.zh() == stated || (stated == "闲" && a.class == EffectKind::Block);
                if !matches {
                    problems.push(format!(
                        "move {} ({}) is {} under {}, the text says {}",
                        k + 1,
                        game_zh[k],
                        a.class.zh(),
                        class_rules.name,
                        stated
                    ));
                }
            }
            None => problems.push("the text classifies more moves than were played".to_string()),
        }
    }
    for (rules, expected) in &case.expects {
        let r = rulings
            .iter()
            .find(|r| r.rules == *rules)
            .expect("computed above");
        if r.verdict != *expected {
            problems.push(format!(
                "{} gives {}, the text says {}",
                rules.name,
                r.verdict.name(),
                expected.name()
            ));
        }
    }

    let undeclared = problems.len() > case.divergences.len();
    if undeclared {
        return Err(CaseError::Mismatch(problems));
    }

    let mut out = String::new();
    let _ = writeln!(out, "figure: {}", case.figure);
    let _ = writeln!(out, "source: {}", case.source);
    for r in &case.reconstructed {
        let _ = writeln!(out, "reconstructed: {r}");
    }
    let _ = writeln!(out, "fen: {}", board.fen());
    let _ = writeln!(out);
    for l in &drawn {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "cycle: plies {}..{} ({} plies), {} moves first",
        cycle.start_ply + 1,
        cycle.start_ply + cycle.plies,
        cycle.plies,
        if first.moves.first().map(|a| a.side) == Some(Side::First) {
            "Red"
        } else {
            "Black"
        }
    );
    let _ = writeln!(out, "game (中文): {}", game_zh.join(","));
    let _ = writeln!(out, "cycle (中文): {}", zh_moves.join(","));
    if let Some(stated) = &case.cycle_zh {
        let _ = writeln!(out, "text's cycle: {stated}");
    }
    for r in &rulings {
        let _ = writeln!(out);
        let _ = writeln!(out, "== {} ==", r.rules.name);
        for (k, a) in r.moves.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>2}. {} {} [{}] {}",
                k + 1,
                a.mv,
                zh_moves[k],
                a.class.zh(),
                effect_text(r, k)
            );
        }
        let _ = writeln!(out, "红方 {}；黑方 {}", r.red.summary, r.black.summary);
        let _ = writeln!(out, "verdict: {}", r.verdict.name());
        let _ = writeln!(out, "explanation: {}", r.explanation);
    }
    let _ = writeln!(out);
    if !case.classes.is_empty() {
        let _ = writeln!(
            out,
            "text's classes ({}): {}",
            class_rules.name,
            case.classes.join(" ")
        );
    }
    for (rules, v) in &case.expects {
        let _ = writeln!(out, "text's verdict ({}): {}", rules.name, v.name());
    }
    for q in &case.quotes {
        let _ = writeln!(out, "quote: {q}");
    }
    for n in &case.notes {
        let _ = writeln!(out, "note: {n}");
    }
    if problems.is_empty() {
        let _ = writeln!(out, "check: every statement of the text holds");
    } else {
        for p in &problems {
            let _ = writeln!(out, "DIVERGENCE: {p}");
        }
        for d in &case.divergences {
            let _ = writeln!(out, "declared: {d}");
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASE: &str = "source: digest §5 (pyffish observed case)\nfigure: test\nfen: 5k3/9/6c2/9/9/9/9/9/9/4K2R1 w\nmoves: h0g0 g7h7 g0h0 h7g7\ncycle-zh: 车二平三,炮7平8,车三平二,炮8平7\nclasses: 捉 闲 捉 闲\nclasses-rules: axf\nexpect axf: red_loses\n";

    /// [`CASE`] with the board drawn after its header.
    fn with_board(header: &str) -> String {
        let board = "\n9 . . . . . k . . .\n8 . . . . . . . . .\n7 . . . . . . c . .\n6 . . . . . . . . .\n5 . . . . . . . . .\n4 . . . . . . . . .\n3 . . . . . . . . .\n2 . . . . . . . . .\n1 . . . . . . . . .\n0 . . . . K . . R .\n  a b c d e f g h i\n";
        format!("{header}{board}")
    }

    #[test]
    fn renders_a_valid_case() {
        let out = render_case(&with_board(CASE)).unwrap();
        assert!(
            out.contains("check: every statement of the text holds"),
            "{out}"
        );
    }

    #[test]
    fn a_file_after_the_position_word_is_ignored() {
        // 52 图2 writes 「前炮2平5」 where the engine writes 前炮平5.
        assert_eq!(without_tandem_file("前炮2平5"), "前炮平5");
        assert_eq!(without_tandem_file("后车七进一"), "后车进一");
        assert_eq!(without_tandem_file("前炮平五"), "前炮平五");
        assert_eq!(without_tandem_file("炮2平5"), "炮2平5");
        assert_eq!(without_tandem_file("前"), "前");
    }

    #[test]
    fn rejects_wrong_statements_and_bad_headers() {
        let wrong = CASE.replace("expect axf: red_loses", "expect axf: draw");
        assert!(matches!(
            render_case(&with_board(&wrong)),
            Err(CaseError::Mismatch(_))
        ));
        let declared = format!("{wrong}divergence: test of a declared divergence\n");
        assert!(
            render_case(&with_board(&declared))
                .unwrap()
                .contains("DIVERGENCE")
        );
        assert!(matches!(
            render_case("garbage"),
            Err(CaseError::Header { line: 1, .. })
        ));
        assert!(matches!(
            render_case("source: x\n"),
            Err(CaseError::Header { .. })
        ));
        let bad_move = CASE.replace("h7g7\n", "h7z7\n");
        assert!(matches!(
            render_case(&with_board(&bad_move)),
            Err(CaseError::Board(_))
        ));
        let bad_rules = CASE.replace("expect axf", "expect foo");
        let misdrawn = with_board(CASE).replace("0 . . . . K . . R .", "0 . . . . K . R . .");
        assert!(matches!(
            render_case(&misdrawn),
            Err(CaseError::Mismatch(_))
        ));
        assert!(matches!(
            render_case(&with_board(&bad_rules)),
            Err(CaseError::Header { .. })
        ));
    }
}
