//! CSA standard record format, V2.2 and V3.0
//! (<http://www2.computer-shogi.org/protocol/record_v22.html>, `record_v3.html`).
//!
//! Positions come from `PI` (with removed pieces), `P1`..`P9` rows or `P+`/`P-` piece lists
//! (`00` = hand, `00AL` = all remaining pieces). Moves are `+7776FU`; a promotion is written
//! as the resulting piece (`+2423TO`). `T<seconds>` gives the time of the previous move.

use board_core::Side;
use board_geometry::notation::shogi::Style;

use crate::ending::Ending;
use crate::error::{ParseError, syntax, within};
use crate::handicap::HANDICAPS;
use crate::position::Position;
use crate::record::{ReadOptions, Record, RecordMove, play_recorded, settle_foul, validate_start};
use crate::setup::Setup;
use crate::types::{Kind, Move, Piece, Square};

const NAMES: [(&str, Kind); 14] = [
    ("FU", Kind::Pawn),
    ("KY", Kind::Lance),
    ("KE", Kind::Knight),
    ("GI", Kind::Silver),
    ("KI", Kind::Gold),
    ("KA", Kind::Bishop),
    ("HI", Kind::Rook),
    ("OU", Kind::King),
    ("TO", Kind::ProPawn),
    ("NY", Kind::ProLance),
    ("NK", Kind::ProKnight),
    ("NG", Kind::ProSilver),
    ("UM", Kind::Horse),
    ("RY", Kind::Dragon),
];

/// The two-letter CSA code of a kind (`FU`, `TO`, `RY` …).
pub fn kind_code(kind: Kind) -> &'static str {
    NAMES
        .iter()
        .find(|(_, k)| *k == kind)
        .map(|(n, _)| *n)
        .expect("every kind has a name")
}

fn kind_of(code: &str) -> Option<Kind> {
    NAMES.iter().find(|(n, _)| *n == code).map(|(_, k)| *k)
}

fn square_of(f: u8, r: u8) -> Option<Square> {
    if !f.is_ascii_digit() || !r.is_ascii_digit() {
        return None;
    }
    Square::new(f - b'0', r - b'0')
}

/// CSA move text without the colour sign, e.g. `7776FU` (what cshogi's `move_to_csa` gives).
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv {
        Move::Drop { kind, to } => format!("00{}{}", to.format(Style::Csa), kind_code(kind)),
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map(|p| p.kind).unwrap_or(Kind::Pawn);
            let after = if promote {
                kind.promoted().unwrap_or(kind)
            } else {
                kind
            };
            format!(
                "{}{}{}",
                from.format(Style::Csa),
                to.format(Style::Csa),
                kind_code(after)
            )
        }
    }
}

/// Parses one CSA move (`+7776FU`) in `pos`. Column offsets are relative to `text`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, ParseError> {
    let b = text.as_bytes();
    let err = |c: usize, m: &str| syntax(1, c, m.to_string());
    if !text.is_ascii() || b.len() != 7 {
        return Err(err(1, "a CSA move is 7 characters like +7776FU"));
    }
    let side = match b[0] {
        b'+' => Side::First,
        b'-' => Side::Second,
        _ => return Err(err(1, "a CSA move starts with + or -")),
    };
    if side != pos.side_to_move() {
        return Err(err(1, "moved out of turn"));
    }
    let kind = kind_of(&text[5..7]).ok_or_else(|| err(6, "unknown piece code"))?;
    let to = square_of(b[3], b[4]).ok_or_else(|| err(4, "bad destination square"))?;
    if &b[1..3] == b"00" {
        return Ok(Move::Drop { kind, to });
    }
    let from = square_of(b[1], b[2]).ok_or_else(|| err(2, "bad origin square"))?;
    let on = pos.piece_at(from).map(|p| p.kind);
    let promote = match on {
        Some(k) if k == kind => false,
        Some(k) if k.promoted() == Some(kind) => true,
        Some(_) => {
            return Err(err(
                6,
                "the piece code does not match the piece on the origin square",
            ));
        }
        None => return Err(err(2, "no piece on the origin square")),
    };
    Ok(Move::Board { from, to, promote })
}

/// The games of a multi-record CSA file (records separated by a line holding only `/`, CSA
/// V2.2 §"複数棋譜"), each with the 1-based line number it starts on. A file without
/// separators is one game.
pub fn split_games(text: &str) -> Vec<(usize, &str)> {
    let mut games = Vec::new();
    let mut start_byte = 0;
    let mut start_line = 1;
    let mut at = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_end() == "/" {
            games.push((start_line, &text[start_byte..at]));
            start_byte = at + line.len();
            start_line = i + 2;
        }
        at += line.len();
    }
    let rest = &text[start_byte..];
    if !rest.trim().is_empty() || games.is_empty() {
        games.push((start_line, rest));
    }
    games
}

/// Reads game `n` (1-based) of a CSA file that may hold several records; errors carry the
/// line numbers of the whole file. `Ok(None)` when there is no game `n`.
pub fn parse_game(text: &str, n: usize) -> Result<Option<Record>, ParseError> {
    parse_game_with(text, n, &ReadOptions::default())
}

/// [`parse_game`] with `options` (see [`ReadOptions`]).
pub fn parse_game_with(
    text: &str,
    n: usize,
    options: &ReadOptions,
) -> Result<Option<Record>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(&(line, game)) = split_games(text).get(n.wrapping_sub(1)) else {
        return Ok(None);
    };
    parse_one(game, options)
        .map(Some)
        .map_err(|e| crate::error::shifted(e, line, 0))
}

/// Reads a CSA record (the first one of a multi-record file: see [`parse_game`]); a move
/// after the `%` line that ends the game is an error.
pub fn parse(text: &str) -> Result<Record, ParseError> {
    parse_with(text, &ReadOptions::default())
}

/// [`parse`] with `options` (see [`ReadOptions`]).
pub fn parse_with(text: &str, options: &ReadOptions) -> Result<Record, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match split_games(text).first() {
        Some(&(_, first)) => parse_one(first, options),
        None => parse_one(text, options),
    }
}

/// Reads the one record `text` holds.
fn parse_one(text: &str, options: &ReadOptions) -> Result<Record, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut headers = Vec::new();
    let mut setup = Setup::empty();
    let mut have_position = false;
    let mut handicap = None;
    let mut side_seen = false;
    let mut pos: Option<Position> = None;
    let mut record_moves: Vec<RecordMove> = Vec::new();
    let mut end = None;
    let mut start: Option<Position> = None;
    let mut al_pending: Option<Side> = None;
    let mut game_comments = Vec::new();
    // A foul move just played, accepted only if the record ends on that foul.
    let mut foul = None;
    let mut ignored_after_end = 0;
    let mut notes = Vec::new();
    let mut end_notes = Vec::new();
    let mut unusual_start = None;
    for (ln, raw_line) in text.lines().enumerate() {
        let line_no = ln + 1;
        let raw_line = raw_line.trim_end_matches('\r');
        if let Some(comment) = raw_line.strip_prefix('\'') {
            // CSA has no bookmarks: they travel as `'&name` comments.
            if let Some(name) = comment.strip_prefix('&')
                && let Some(m) = record_moves.last_mut()
            {
                m.bookmark = Some(name.to_string());
                continue;
            }
            if let Some(c) = comment.strip_prefix('*') {
                // After the `%` line, a comment may name what CSA has no word for.
                let to_move = pos
                    .as_ref()
                    .map_or(setup.side_to_move, Position::side_to_move);
                if let Some(e) = end
                    && let Some(refined) = Ending::refined(e, c, to_move)
                {
                    end = Some(refined);
                } else if let Some(m) = record_moves.last_mut() {
                    m.comments.push(c.to_string());
                } else {
                    // Before the first move: a comment on the game.
                    game_comments.push(c.to_string());
                }
            } else if record_moves.is_empty()
                && let Some((k, v)) = comment.split_once('：')
                && !k.is_empty()
                && !k.starts_with(['*', ' '])
            {
                // A KIF header CSA has no field for, carried as `'key：value`.
                headers.push((k.to_string(), v.to_string()));
            } else if !is_encoding_line(comment) {
                // Any other remark (floodgate's `'Max_Moves:256`, `'summary:…`): a note.
                let note = comment.to_string();
                match record_moves.last_mut() {
                    _ if end.is_some() => end_notes.push(note),
                    Some(m) => m.notes.push(note),
                    None => notes.push(note),
                }
            }
            continue;
        }
        // Several statements may share a line, separated by commas.
        let mut offset = 0;
        for stmt in raw_line.split(',') {
            let c0 = raw_line[..offset].chars().count() + 1;
            offset += stmt.len() + 1;
            let s = stmt.trim_end();
            if s.is_empty() {
                continue;
            }
            let err = |c: usize, m: String| syntax(line_no, c0 + c, m);
            let first = s.as_bytes()[0];
            match first {
                b'V' => headers.push((s.to_string(), String::new())),
                b'$' => {
                    let (k, v) = s.split_once(':').unwrap_or((s, ""));
                    headers.push((k.to_string(), v.to_string()));
                }
                b'N' => {
                    let (k, v) =
                        s.split_at(s.char_indices().nth(2).map(|(i, _)| i).unwrap_or(s.len()));
                    headers.push((k.to_string(), v.to_string()));
                }
                b'P' => {
                    if pos.is_some() {
                        return Err(err(0, "position lines after the first move".into()));
                    }
                    have_position = true;
                    read_position_line(s, &mut setup, &mut handicap, &mut al_pending)
                        .map_err(|(c, m)| err(c, m))?;
                }
                b'+' | b'-' if s.len() == 1 => {
                    setup.side_to_move = if first == b'+' {
                        Side::First
                    } else {
                        Side::Second
                    };
                    side_seen = true;
                }
                b'+' | b'-' => {
                    if let Some(ending) = end {
                        if options.ignore_after_end {
                            ignored_after_end += 1;
                            continue;
                        }
                        return Err(board_core::TextError::new(
                            u32::try_from(line_no).unwrap_or(u32::MAX),
                            u32::try_from(c0).unwrap_or(u32::MAX),
                            crate::error::ParseErrorKind::MoveAfterEnd {
                                number: record_moves.len() + 1,
                                ending,
                            },
                        ));
                    }
                    if pos.is_none() {
                        let p = finish_setup(
                            &mut setup,
                            have_position,
                            al_pending,
                            options,
                            &mut unusual_start,
                        )
                        .map_err(|m| syntax(line_no, 1, m))?;
                        start = Some(p.clone());
                        pos = Some(p);
                    }
                    let p = pos.as_mut().expect("set");
                    let number = record_moves.len() + 1;
                    let mv = parse_move(p, s)
                        .map_err(|e| within(e, line_no, c0, &format!("move {number}: ")))?;
                    play_recorded(p, mv, number, line_no, c0, &mut foul)?;
                    record_moves.push(RecordMove::new(mv));
                }
                // The time of a move left out after the end.
                b'T' if end.is_some() && ignored_after_end > 0 => {}
                b'T' => {
                    let secs: u32 = s[1..]
                        .split('.')
                        .next()
                        .unwrap_or("")
                        .parse()
                        .map_err(|_| err(1, "bad time".into()))?;
                    if let Some(m) = record_moves.last_mut() {
                        m.seconds = Some(secs);
                    }
                }
                b'%' => {
                    let to_move = pos
                        .as_ref()
                        .map_or(setup.side_to_move, Position::side_to_move);
                    end = Some(match Ending::from_csa(s, to_move) {
                        // After the foul move itself, %ILLEGAL_MOVE names its mover.
                        Some(Ending::Foul { kind, .. })
                            if foul.is_some() && s == "%ILLEGAL_MOVE" =>
                        {
                            Ending::Foul {
                                offender: to_move.opponent(),
                                kind,
                            }
                        }
                        Some(e) => e,
                        None => return Err(err(0, format!("unknown ending {s:?}"))),
                    });
                }
                _ => {
                    return Err(err(
                        0,
                        format!("cannot read {:?}", s.chars().take(12).collect::<String>()),
                    ));
                }
            }
        }
    }
    let _ = side_seen;
    let to_move = pos
        .as_ref()
        .map_or(setup.side_to_move, Position::side_to_move);
    settle_foul(foul, end, to_move)?;
    let start = match start {
        Some(s) => s,
        None => finish_setup(
            &mut setup,
            have_position,
            al_pending,
            options,
            &mut unusual_start,
        )
        .map_err(|m| syntax(text.lines().count().max(1), 1, m))?,
    };
    let mut record = Record::new(start);
    record.headers = headers;
    record.handicap = handicap;
    record.moves = record_moves;
    record.comments = game_comments;
    record.end = end;
    record.ignored_after_end = ignored_after_end;
    record.notes = notes;
    record.end_notes = end_notes;
    record.unusual_start = unusual_start;
    Ok(record)
}

/// Whether a `'` comment is the encoding declaration (`'CSA encoding=SHIFT_JIS`, CSA V3.0;
/// `'encoding=…` in some older files): it describes the bytes, not the record.
fn is_encoding_line(comment: &str) -> bool {
    let c = comment.trim_start();
    c.starts_with("CSA encoding=") || c.starts_with("encoding=")
}

fn finish_setup(
    setup: &mut Setup,
    have_position: bool,
    al: Option<Side>,
    options: &ReadOptions,
    unusual: &mut Option<crate::position::PositionError>,
) -> Result<Position, String> {
    if !have_position {
        return Err("no position (PI or P1..P9) before the first move".into());
    }
    if let Some(side) = al {
        // 00AL: every piece not on the board or in a hand goes to `side`'s hand.
        for kind in Kind::HAND {
            let mut used = u32::from(setup.hands.first.count(kind))
                + u32::from(setup.hands.second.count(kind));
            for p in setup.board.iter().flatten() {
                if p.kind.unpromoted() == kind {
                    used += 1;
                }
            }
            let rest = u32::from(kind.full_set_count()).saturating_sub(used);
            setup.hands[side].0[kind.index()] += rest as u8;
        }
    }
    validate_start(setup, options, unusual).map_err(|e| e.to_string())
}

type LineResult = Result<(), (usize, String)>;

fn read_position_line(
    s: &str,
    setup: &mut Setup,
    handicap: &mut Option<&'static crate::handicap::Handicap>,
    al: &mut Option<Side>,
) -> LineResult {
    let b = s.as_bytes();
    // Position lines are ASCII; checking once lets the readers below slice by byte offsets
    // without landing inside a multi-byte character (an ideographic space, say).
    if let Some(at) = b.iter().position(|c| !c.is_ascii()) {
        return Err((at, "a CSA position line holds only ASCII characters".into()));
    }
    if s.starts_with("PI") {
        let start = Setup::start();
        setup.board = start.board;
        let mut i = 2;
        while i < b.len() {
            if i + 4 > b.len() {
                return Err((i, "PI removals are 4 characters like 82HI".into()));
            }
            let sq = square_of(b[i], b[i + 1]).ok_or((i, "bad square".to_string()))?;
            let kind =
                kind_of(&s[i + 2..i + 4]).ok_or((i + 2, "unknown piece code".to_string()))?;
            match setup.board[sq.index()] {
                Some(p) if p.kind == kind => setup.board[sq.index()] = None,
                _ => {
                    return Err((
                        i,
                        format!(
                            "no {} on {}{} to remove",
                            &s[i + 2..i + 4],
                            sq.file(),
                            sq.rank()
                        ),
                    ));
                }
            }
            i += 4;
        }
        *handicap = HANDICAPS.iter().find(|h| h.csa == s);
        return Ok(());
    }
    if b.len() >= 2 && (b'1'..=b'9').contains(&b[1]) {
        let rank = b[1] - b'0';
        // Editors often strip the trailing space of an empty last cell.
        let padded = if s.len() == 28 {
            format!("{} ", &s[2..])
        } else {
            s[2..].to_string()
        };
        let cells = padded.as_str();
        if cells.len() != 27 || !cells.is_ascii() {
            return Err((2, "a CSA board row has nine 3-character cells".into()));
        }
        for i in 0..9 {
            let cell = &cells[3 * i..3 * i + 3];
            let file = 9 - i as u8;
            let sq = Square::new(file, rank).expect("in range");
            if cell == " * " {
                setup.board[sq.index()] = None;
                continue;
            }
            let side = match &cell[..1] {
                "+" => Side::First,
                "-" => Side::Second,
                _ => return Err((2 + 3 * i, format!("bad cell {cell:?}"))),
            };
            let kind = kind_of(&cell[1..]).ok_or((3 + 3 * i, "unknown piece code".to_string()))?;
            setup.board[sq.index()] = Some(Piece::new(side, kind));
        }
        return Ok(());
    }
    if b.len() >= 2 && (b[1] == b'+' || b[1] == b'-') {
        let side = if b[1] == b'+' {
            Side::First
        } else {
            Side::Second
        };
        let mut i = 2;
        while i < b.len() {
            if i + 4 > b.len() {
                return Err((i, "piece entries are 4 characters like 00FU".into()));
            }
            if &s[i..i + 4] == "00AL" {
                *al = Some(side);
                i += 4;
                continue;
            }
            let kind =
                kind_of(&s[i + 2..i + 4]).ok_or((i + 2, "unknown piece code".to_string()))?;
            if &s[i..i + 2] == "00" {
                if kind.index() >= 7 {
                    return Err((
                        i + 2,
                        "only unpromoted pieces other than the king go in hand".into(),
                    ));
                }
                let slot = &mut setup.hands[side].0[kind.index()];
                if *slot >= kind.full_set_count() {
                    return Err((i, "more pieces in hand than a set holds".into()));
                }
                *slot += 1;
            } else {
                let sq = square_of(b[i], b[i + 1]).ok_or((i, "bad square".to_string()))?;
                setup.board[sq.index()] = Some(Piece::new(side, kind));
            }
            i += 4;
        }
        return Ok(());
    }
    Err((0, format!("cannot read position line {s:?}")))
}

/// Writes a CSA V2.2 record (V3.0 adds only the encoding line, see [`write_v3`]).
pub fn write(record: &Record) -> String {
    let mut s = String::from("V2.2\n");
    // Names, then `$` fields (the order CSA V2.2 gives), then KIF headers CSA has no field
    // for, as `'key：value` comments that the reader turns back into headers.
    let mut names = Vec::new();
    let mut fields = Vec::new();
    let mut others = Vec::new();
    for (k, v) in &record.headers {
        let csa_name = crate::record::csa_header_name(k).or_else(|| {
            (k.starts_with("N+") || k.starts_with("N-") || k.starts_with('$')).then_some(k.as_str())
        });
        match csa_name {
            Some(n) if n.starts_with('N') => names.push(format!("{n}{v}\n")),
            Some(n) => fields.push(format!("{n}:{v}\n")),
            None if k == "手合割"
                || k.starts_with(|c: char| c.is_ascii_uppercase() || c == '\'') => {}
            None => others.push(format!("'{k}：{v}\n")),
        }
    }
    for line in names.iter().chain(&fields).chain(&others) {
        s.push_str(line);
    }
    // Remarks before the moves, where floodgate writes its `'Max_Moves:256`.
    push_notes(&record.notes, &mut s);
    match HANDICAPS.iter().find(|h| h.position() == record.start) {
        Some(h) => s.push_str(&format!("{}\n", h.csa)),
        None => {
            for rank in 1..=9u8 {
                s.push_str(&format!("P{rank}"));
                for file in (1..=9u8).rev() {
                    let sq = Square::new(file, rank).expect("in range");
                    match record.start.piece_at(sq) {
                        None => s.push_str(" * "),
                        Some(p) => {
                            s.push(if p.side == Side::First { '+' } else { '-' });
                            s.push_str(kind_code(p.kind));
                        }
                    }
                }
                s.push('\n');
            }
            for side in Side::ALL {
                let hand = record.start.hand(side);
                if !hand.is_empty() {
                    s.push_str(if side == Side::First { "P+" } else { "P-" });
                    for kind in Kind::HAND.iter().rev() {
                        for _ in 0..hand.count(*kind) {
                            s.push_str("00");
                            s.push_str(kind_code(*kind));
                        }
                    }
                    s.push('\n');
                }
            }
        }
    }
    s.push_str(if record.start.side_to_move() == Side::First {
        "+\n"
    } else {
        "-\n"
    });
    for c in &record.comments {
        s.push_str(&format!("'*{c}\n"));
    }
    let mut pos = record.start.clone();
    let mut last_was_foul = false;
    for m in &record.moves {
        last_was_foul = pos.check_move(m.mv).is_err();
        let sign = if pos.side_to_move() == Side::First {
            '+'
        } else {
            '-'
        };
        s.push(sign);
        s.push_str(&move_text(&pos, m.mv));
        s.push('\n');
        if let Some(t) = m.seconds {
            s.push_str(&format!("T{t}\n"));
        }
        for c in &m.comments {
            s.push_str(&format!("'*{c}\n"));
        }
        if let Some(b) = &m.bookmark {
            s.push_str(&format!("'&{b}\n"));
        }
        push_notes(&m.notes, &mut s);
        pos.play_unchecked(m.mv);
    }
    if let Some(e) = record.end {
        let (line, comment) = match e {
            // A record holding the foul move itself ends with %ILLEGAL_MOVE right after
            // it (CSA V2.2), which names the side that just moved, as it was read.
            Ending::Foul {
                offender,
                kind: crate::ending::FoulKind::IllegalMove,
            } if last_was_foul && offender != pos.side_to_move() => {
                ("%ILLEGAL_MOVE".to_string(), None)
            }
            _ => e.csa_line(pos.side_to_move()),
        };
        s.push_str(&line);
        s.push('\n');
        if let Some(c) = comment {
            s.push_str(&format!("'*{c}\n"));
        }
    }
    push_notes(&record.end_notes, &mut s);
    s
}

/// Writes file notes as CSA `'` remark lines.
fn push_notes(notes: &[String], out: &mut String) {
    for n in notes {
        out.push('\'');
        out.push_str(n);
        out.push('\n');
    }
}

/// Writes a CSA V3.0 record (UTF-8 encoding declaration, version line V3.0).
pub fn write_v3(record: &Record) -> String {
    let v2 = write(record);
    format!(
        "'CSA encoding=UTF-8\nV3.0\n{}",
        v2.strip_prefix("V2.2\n").unwrap_or(&v2)
    )
}
