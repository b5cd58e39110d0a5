//! KIF and KI2 records (Kakinoki format, <http://kakinoki.o.oo7.jp/kif_format.html>) and BOD
//! board diagrams.
//!
//! KIF moves carry their origin (`７六歩(77)`) and always write 打 on drops; KI2 moves use the
//! JSA notation with 右 左 直 上 寄 引 (see [`crate::jsa`]). Both accept full-width,
//! half-width and kanji digits, ▲△☗☖ marks, and the simplified piece forms 步 银 飞 马 龙.

use board_core::{BySide, Side, TextError, numerals};

use crate::ending::Ending;
use crate::error::{ParseError, ParseErrorKind, syntax, within};
use crate::handicap::{HANDICAPS, Handicap};
use crate::jsa::{self, Written};
use crate::kanji;
use crate::position::Position;
use crate::record::{
    Checkpoints, LineStarts, ReadOptions, Record, RecordMove, Variation, play_recorded,
    settle_foul, validate_start,
};
use crate::setup::Setup;
use crate::types::{Hand, Kind, Move, Piece, Square};

/// The terminal word (投了, 反則勝ち …) `t` starts with, if any.
fn terminal_word(t: &str) -> Option<&'static str> {
    Ending::KIF_WORDS.iter().copied().find(|w| t.starts_with(w))
}

struct Line<'a> {
    number: usize,
    text: &'a str,
}

/// Character column (1-based) of byte offset `b` in `s`.
fn col(s: &str, b: usize) -> usize {
    s[..b.min(s.len())].chars().count() + 1
}

/// One branch being read: the line it leaves, the number of its first move, its moves and
/// how it ends.
struct Branch {
    /// The branch it leaves (0 for the main line itself).
    parent: usize,
    start: usize,
    moves: Vec<RecordMove>,
    end: Option<Ending>,
    /// Comments read after the 変化 line, before the branch's first move.
    lead: Vec<String>,
    /// Notes (`#` lines) read there.
    lead_notes: Vec<String>,
    /// A foul move just played, waiting for the 反則勝ち that makes it the record's last.
    foul: Option<ParseError>,
    /// The side to move at the end of the branch.
    to_move: Side,
    /// The square of the move before the branch's first one (what 同 refers to there).
    prev: Option<Square>,
    /// Positions along the branch, for the 変化 that leave it.
    checkpoints: Checkpoints,
}

impl Branch {
    fn new(parent: usize, start: usize, position: &Position, prev: Option<Square>) -> Branch {
        Branch {
            parent,
            start,
            moves: Vec::new(),
            end: None,
            lead: Vec::new(),
            lead_notes: Vec::new(),
            foul: None,
            to_move: position.side_to_move(),
            prev,
            checkpoints: Checkpoints::new(position.clone()),
        }
    }

    /// The square of the branch's last move, or of the move before the branch.
    fn last_square(&self) -> Option<Square> {
        self.moves.last().map(|m| m.mv.to()).or(self.prev)
    }
}

/// For each move number, the branches holding that move, in the order read: a 変化 at move
/// `n` leaves the last of them (the most recent line holding move `n`, as Kakinoki's
/// readers take it).
#[derive(Default)]
struct Holders(Vec<Vec<u32>>);

impl Holders {
    fn add(&mut self, ply: usize, branch: usize) {
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, Vec::new);
        }
        self.0[ply].push(u32::try_from(branch).unwrap_or(u32::MAX));
    }

    fn latest(&self, ply: usize) -> Option<usize> {
        self.0.get(ply)?.last().map(|&b| b as usize)
    }
}

/// Reads a KIF or KI2 record (the format is recognised line by line); a move after the
/// line's ending is an error.
pub fn parse(text: &str) -> Result<Record, ParseError> {
    parse_with(text, &ReadOptions::default())
}

/// Reads a KIF or KI2 record with `options` (see [`ReadOptions`]).
pub fn parse_with(text: &str, options: &ReadOptions) -> Result<Record, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .map(|(i, t)| Line {
            number: i + 1,
            text: t.trim_end_matches('\r'),
        })
        .collect();
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut handicap: Option<&'static Handicap> = None;
    let mut bod = BodReader::default();
    let mut branches: Vec<Branch> = Vec::new();
    let mut current = 0usize;
    let mut pos: Option<Position> = None;
    let mut start: Option<Position> = None;
    // An ending read before any move line (a KI2 record of no moves).
    let mut early_end: Option<Ending> = None;
    let mut pending_comments: Vec<String> = Vec::new();
    let mut unknown_handicap: Option<ParseError> = None;
    let mut holders = Holders::default();
    let mut notes: Vec<String> = Vec::new();
    let mut unusual_start = None;
    let mut end_notes: Vec<String> = Vec::new();
    let mut ignored_after_end = 0usize;

    for line in &lines {
        let raw = line.text;
        let t = raw.trim_start_matches([' ', '　', '\t']);
        let lead = raw.len() - t.len();
        // A CSA header without a KIF counterpart, carried as a comment (`#$EVENT:…`).
        if let Some(field) = t.strip_prefix("#$")
            && let Some((k, v)) = field.split_once(':')
        {
            headers.push((format!("${k}"), v.to_string()));
            continue;
        }
        // A bookmark (しおり) on the move just read.
        if let Some(name) = t.strip_prefix('&') {
            if let Some(m) = branches.get_mut(current).and_then(|b| b.moves.last_mut()) {
                m.bookmark = Some(name.to_string());
            }
            continue;
        }
        if let Some(note) = t.strip_prefix('#') {
            // The encoding declaration belongs to the file's bytes, not to its content.
            if !note.starts_with("KIF ") {
                match branches.get_mut(current) {
                    None => notes.push(note.to_string()),
                    Some(b) if current == 0 && b.end.is_some() => end_notes.push(note.to_string()),
                    Some(b) => match b.moves.last_mut() {
                        Some(m) => m.notes.push(note.to_string()),
                        None => b.lead_notes.push(note.to_string()),
                    },
                }
            }
            continue;
        }
        if t.is_empty() {
            continue;
        }
        if t.starts_with("まで") {
            // The summary line (まで76手で後手の勝ち) gives the main line's ending when no
            // terminal word did, as in KI2 files.
            if let Some(p) = &pos
                && current == 0
                && let Some(b) = branches.get_mut(0)
                && b.end.is_none()
                && let Some((_, e)) = Ending::from_kif_summary(t, p.side_to_move())
            {
                b.end = Some(e);
            }
            continue;
        }
        if let Some(c) = t.strip_prefix('*') {
            let to_move = pos.as_ref().map_or(Side::First, Position::side_to_move);
            // A comment right after a terminal may name the kind of foul (連続王手の千日手).
            if let Some(b) = branches.get_mut(current)
                && let Some(e) = b.end
                && let Some(refined) = e.refined(c, to_move)
            {
                b.end = Some(refined);
                continue;
            }
            match branches.get_mut(current) {
                Some(b) => match b.moves.last_mut() {
                    Some(m) => m.comments.push(c.to_string()),
                    None => b.lead.push(c.to_string()),
                },
                // Before move 1: a comment on the game.
                None => pending_comments.push(c.to_string()),
            }
            continue;
        }
        if t.starts_with("手数") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("変化") {
            let n_text = rest
                .trim_start_matches(['：', ':'])
                .trim()
                .trim_end_matches('手');
            let n = kanji::parse_number(n_text.trim()).ok_or_else(|| {
                syntax(line.number, col(raw, lead) + 3, "変化 needs a move number")
            })? as usize;
            let Some(parent) = holders.latest(n) else {
                return Err(syntax(
                    line.number,
                    col(raw, lead) + 1,
                    format!("変化 at move {n} does not branch from any line read so far"),
                ));
            };
            let p = &branches[parent];
            let played = n - p.start;
            let prev = match played {
                0 => p.prev,
                k => Some(p.moves[k - 1].mv.to()),
            };
            let position = p.checkpoints.position_after(&p.moves, played);
            branches.push(Branch::new(parent, n, &position, prev));
            pos = Some(position);
            current = branches.len() - 1;
            continue;
        }
        if bod.accept(t, line.number, col(raw, lead))? {
            continue;
        }
        let first = t.chars().next().unwrap_or(' ');
        let is_kif_move = first.is_ascii_digit();
        let is_ki2_move = kanji::side_mark(first).is_some();
        if !is_kif_move && !is_ki2_move {
            if let Some((k, v)) = split_header(t) {
                if k == "手合割" {
                    let name = v.trim();
                    match Handicap::find(name) {
                        Some(h) => handicap = Some(h),
                        // その他 and unknown names need a BOD board instead.
                        None => {
                            unknown_handicap = Some(TextError::new(
                                line.number as u32,
                                (col(raw, lead) + 4) as u32,
                                ParseErrorKind::UnknownHandicap(name.to_string()),
                            ))
                        }
                    }
                }
                headers.push((k.to_string(), v.to_string()));
                continue;
            }
            if let Some(word) = terminal_word(t) {
                let to_move = match &pos {
                    Some(p) => p.side_to_move(),
                    None => initial_position(&bod, handicap, options, &mut None)
                        .map_or(Side::First, |p| p.side_to_move()),
                };
                let e = Ending::from_kif_word(word, to_move);
                match branches.get_mut(current) {
                    Some(b) => b.end = e,
                    None => early_end = e,
                }
                continue;
            }
            return Err(syntax(
                line.number,
                col(raw, lead),
                format!("cannot read {:?}", t.chars().take(12).collect::<String>()),
            ));
        }
        // A move line: set up the start position on the first one.
        if pos.is_none() {
            if let Some(e) = unknown_handicap.take()
                && bod.rows_read == 0
            {
                return Err(e);
            }
            let p = initial_position(&bod, handicap, options, &mut unusual_start)
                .map_err(|m| syntax(line.number, 1, m))?;
            let mut main = Branch::new(0, 1, &p, None);
            main.end = early_end.take();
            start = Some(p.clone());
            pos = Some(p);
            branches.push(main);
            current = 0;
        }
        let (Some(position), Some(branch)) = (pos.as_mut(), branches.get_mut(current)) else {
            return Err(syntax(line.number, 1, "a move with no line to hold it"));
        };
        let before = branch.moves.len();
        let ignored = if is_kif_move {
            read_kif_move(raw, lead, line.number, position, branch, options)?
        } else {
            read_ki2_moves(raw, lead, line.number, position, branch, options)?
        };
        ignored_after_end += ignored;
        branch.to_move = position.side_to_move();
        for i in before..branch.moves.len() {
            holders.add(branch.start + i, current);
        }
    }
    let start = match start {
        Some(s) => s,
        None => {
            if let Some(e) = unknown_handicap
                && bod.rows_read == 0
            {
                return Err(e);
            }
            initial_position(&bod, handicap, options, &mut unusual_start)
                .map_err(|m| syntax(lines.len().max(1), 1, m))?
        }
    };
    let mut record = Record::new(start);
    record.headers = headers;
    record.handicap = handicap;
    record.end = early_end;
    record.ignored_after_end = ignored_after_end;
    record.unusual_start = unusual_start;
    let mut iter = branches.into_iter();
    if let Some(mut main) = iter.next() {
        settle_foul(main.foul.take(), main.end, main.to_move)?;
        record.moves = main.moves;
        record.end = main.end;
    }
    record.comments = pending_comments;
    record.notes = notes;
    record.end_notes = end_notes;
    for mut b in iter {
        settle_foul(b.foul.take(), b.end, b.to_move)?;
        if let Some(first) = b.moves.first_mut() {
            b.lead.append(&mut first.comments);
            first.comments = std::mem::take(&mut b.lead);
            // Notes before a side line's first move stay with that move.
            b.lead_notes.append(&mut first.notes);
            first.notes = std::mem::take(&mut b.lead_notes);
        }
        record.variations.push(Variation {
            parent: b.parent,
            start_ply: b.start,
            moves: b.moves,
            end: b.end,
        });
    }
    Ok(record)
}

fn split_header(t: &str) -> Option<(&str, &str)> {
    let i = t
        .find('：')
        .map(|i| (i, '：'.len_utf8()))
        .or_else(|| t.find(':').map(|i| (i, 1)))?;
    Some((t[..i.0].trim(), &t[i.0 + i.1..]))
}

fn initial_position(
    bod: &BodReader,
    handicap: Option<&'static Handicap>,
    options: &ReadOptions,
    unusual: &mut Option<crate::position::PositionError>,
) -> Result<Position, String> {
    if bod.rows_read > 0 || bod.hands_given {
        if bod.rows_read != 9 {
            return Err(format!(
                "the board diagram has {} ranks, expected 9",
                bod.rows_read
            ));
        }
        let mut setup = bod.setup.clone();
        setup.side_to_move = bod
            .side
            .unwrap_or(if handicap.is_some_and(|h| h.id != "even") {
                Side::Second
            } else {
                Side::First
            });
        return validate_start(&setup, options, unusual).map_err(|e| e.to_string());
    }
    Ok(handicap.unwrap_or(&HANDICAPS[0]).position())
}

/// A move found after its line's ending: left out and counted (1) under
/// [`ReadOptions::ignore_after_end`], an error otherwise.
fn after_end(
    ending: Ending,
    number: usize,
    line: usize,
    column: usize,
    options: &ReadOptions,
) -> Result<usize, ParseError> {
    if options.ignore_after_end {
        return Ok(1);
    }
    Err(TextError::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(column).unwrap_or(u32::MAX),
        ParseErrorKind::MoveAfterEnd { number, ending },
    ))
}

fn read_kif_move(
    raw: &str,
    lead: usize,
    line: usize,
    pos: &mut Position,
    branch: &mut Branch,
    options: &ReadOptions,
) -> Result<usize, ParseError> {
    let t = &raw[lead..];
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: usize = t[..digits]
        .parse()
        .map_err(|_| syntax(line, col(raw, lead), "bad move number"))?;
    let after = &t[digits..];
    let body = after.trim_start_matches([' ', '　']);
    let body_at = lead + digits + (after.len() - body.len());
    if let Some(ending) = branch.end
        && terminal_word(body).is_none()
    {
        return after_end(ending, number, line, col(raw, lead), options);
    }
    let expected = branch.start + branch.moves.len();
    if number != expected {
        return Err(syntax(
            line,
            col(raw, lead),
            format!("move number {number}, expected {expected}"),
        ));
    }
    if let Some(word) = terminal_word(body) {
        branch.end = Ending::from_kif_word(word, pos.side_to_move());
        return Ok(0);
    }
    let c0 = col(raw, body_at);
    let w = jsa::read_written(body).map_err(|e| within(e, line, c0, ""))?;
    let rest: String = body.chars().skip(w.len).collect();
    let rest_col = c0 + w.len;
    let (origin, rest) = read_origin(&rest).map_err(|(o, m)| syntax(line, rest_col + o, m))?;
    let mv = kif_move(pos, &w, origin, branch.last_square())
        .map_err(|m| syntax(line, c0, format!("move {number}: {m}")))?;
    let seconds = read_time(rest.trim());
    play_recorded(pos, mv, number, line, c0, &mut branch.foul)?;
    let mut rm = RecordMove::new(mv);
    rm.seconds = seconds;
    branch.moves.push(rm);
    branch.checkpoints.record(branch.moves.len(), pos);
    Ok(0)
}

/// `(77)` origin after a KIF move. Returns the origin and the remaining text.
fn read_origin(rest: &str) -> Result<(Option<Square>, String), (usize, String)> {
    let t = rest.trim_start_matches([' ', '　']);
    let skipped = rest.chars().count() - t.chars().count();
    let Some(inner) = t.strip_prefix('(') else {
        return Ok((None, t.to_string()));
    };
    let chars: Vec<char> = inner.chars().collect();
    if chars.len() >= 3 && chars[2] == ')' {
        let f = kanji::digit(chars[0]);
        let r = kanji::digit(chars[1]);
        if let (Some(f), Some(r)) = (f, r) {
            return Ok((Square::new(f, r), chars[3..].iter().collect()));
        }
        return Err((skipped + 1, "bad origin square".into()));
    }
    // Not an origin: perhaps the time field.
    Ok((None, t.to_string()))
}

/// Seconds of the move from `( m:ss/hh:mm:ss)`; none when the field does not read as a
/// time, as when it is missing, or its minutes do not fit in a count of seconds.
fn read_time(rest: &str) -> Option<u32> {
    let inner = rest.strip_prefix('(')?.trim_start();
    let first = inner.split('/').next()?.trim();
    let (m, s) = first.split_once(':')?;
    let (m, s) = (m.trim().parse::<u32>().ok()?, s.trim().parse::<u32>().ok()?);
    m.checked_mul(60)?.checked_add(s)
}

fn kif_move(
    pos: &Position,
    w: &Written,
    origin: Option<Square>,
    prev: Option<Square>,
) -> Result<Move, String> {
    let to = w.to.or(prev).ok_or("同 with no previous move")?;
    if w.drop {
        return Ok(Move::Drop { kind: w.kind, to });
    }
    match origin {
        Some(from) => {
            let on = pos.piece_at(from).map(|p| p.kind);
            if on != Some(w.kind) {
                return Err(format!(
                    "the record moves a {} from {from} but {} stands there",
                    kanji::kind_name(w.kind),
                    on.map(kanji::kind_name).unwrap_or("nothing")
                ));
            }
            Ok(Move::Board {
                from,
                to,
                promote: w.promote == Some(true),
            })
        }
        None => jsa::resolve(pos, w, prev),
    }
}

/// Reads the KI2 moves of one line; returns how many moves after the line's ending were
/// left out (see [`after_end`]).
fn read_ki2_moves(
    raw: &str,
    lead: usize,
    line: usize,
    pos: &mut Position,
    branch: &mut Branch,
    options: &ReadOptions,
) -> Result<usize, ParseError> {
    let mut at = lead;
    let mut ignored = 0;
    loop {
        let rest = &raw[at..];
        let t = rest.trim_start_matches([' ', '　', '\t']);
        at += rest.len() - t.len();
        if t.is_empty() {
            return Ok(ignored);
        }
        if let Some(word) = terminal_word(t) {
            branch.end = Ending::from_kif_word(word, pos.side_to_move());
            at += word.len();
            continue;
        }
        let c0 = col(raw, at);
        let number = branch.start + branch.moves.len();
        let w = jsa::read_written(t).map_err(|e| within(e, line, c0, ""))?;
        let used: usize = t.chars().take(w.len).map(char::len_utf8).sum();
        at += used;
        if let Some(ending) = branch.end {
            ignored += after_end(ending, number + ignored, line, c0, options)?;
            continue;
        }
        if w.side.is_none() {
            return Err(syntax(line, c0, "KI2 moves start with ▲ or △"));
        }
        let mv = jsa::resolve(pos, &w, branch.last_square())
            .map_err(|m| syntax(line, c0, format!("move {number}: {m}")))?;
        play_recorded(pos, mv, number, line, c0, &mut branch.foul)?;
        branch.moves.push(RecordMove::new(mv));
        branch.checkpoints.record(branch.moves.len(), pos);
    }
}

/// Collects a BOD diagram (hands, board rows, side to move) from KIF header lines.
#[derive(Default)]
struct BodReader {
    setup: Setup,
    rows_read: usize,
    hands_given: bool,
    side: Option<Side>,
}

impl BodReader {
    fn accept(&mut self, t: &str, line: usize, c: usize) -> Result<bool, ParseError> {
        for (prefix, side) in [
            ("先手の持駒", Side::First),
            ("下手の持駒", Side::First),
            ("後手の持駒", Side::Second),
            ("上手の持駒", Side::Second),
        ] {
            if let Some(rest) = t.strip_prefix(prefix) {
                let rest = rest.trim_start_matches(['：', ':']);
                self.setup.hands[side] = parse_hand(rest)
                    .map_err(|(o, m)| syntax(line, c + prefix.chars().count() + 1 + o, m))?;
                self.hands_given = true;
                return Ok(true);
            }
        }
        match t.trim() {
            "先手番" | "下手番" => {
                self.side = Some(Side::First);
                return Ok(true);
            }
            "後手番" | "上手番" => {
                self.side = Some(Side::Second);
                return Ok(true);
            }
            _ => {}
        }
        if t.starts_with("+---")
            || t.starts_with("９ ８")
            || t.starts_with("９ ８ ７")
            || t.starts_with("９　８")
        {
            return Ok(true);
        }
        if let Some(inner) = t.strip_prefix('|') {
            let cells: Vec<char> = inner.chars().take_while(|&c| c != '|').collect();
            if cells.len() != 18 {
                return Err(syntax(
                    line,
                    c,
                    format!(
                        "a board row needs 9 two-character cells, found {} characters",
                        cells.len()
                    ),
                ));
            }
            if self.rows_read >= 9 {
                return Err(syntax(line, c, "more than nine board rows"));
            }
            let rank = self.rows_read as u8 + 1;
            for i in 0..9 {
                let mark = cells[2 * i];
                let pc = cells[2 * i + 1];
                let file = 9 - i as u8;
                let sq = Square::new(file, rank).expect("in range");
                if pc == '・' || pc == ' ' || pc == '　' {
                    continue;
                }
                let kind = kanji::read_kind(&pc.to_string())
                    .map(|(k, _)| k)
                    .ok_or_else(|| syntax(line, c + 2 * i + 2, format!("unknown piece {pc:?}")))?;
                let side = if mark == 'v' || mark == 'V' {
                    Side::Second
                } else {
                    Side::First
                };
                self.setup.board[sq.index()] = Some(Piece::new(side, kind));
            }
            self.rows_read += 1;
            return Ok(true);
        }
        Ok(false)
    }
}

/// `角　歩二` / `なし` → a hand. Errors carry a character offset.
fn parse_hand(s: &str) -> Result<Hand, (usize, String)> {
    let mut hand = Hand::default();
    let s = s.trim_end();
    if s.trim() == "なし" || s.trim().is_empty() {
        return Ok(hand);
    }
    let mut offset = 0;
    for item in s.split([' ', '　']) {
        if item.is_empty() {
            offset += 1;
            continue;
        }
        let (kind, n) =
            kanji::read_kind(item).ok_or((offset, format!("unknown piece in hand {item:?}")))?;
        if kind.index() >= 7 {
            return Err((offset, format!("{item} cannot be in hand")));
        }
        let count_text: String = item.chars().skip(n).collect();
        let count = if count_text.is_empty() {
            1
        } else {
            kanji::parse_number(&count_text)
                .ok_or((offset + n, format!("bad count {count_text:?}")))?
        };
        if count > u32::from(kind.full_set_count()) {
            return Err((offset + n, "more pieces in hand than a set holds".into()));
        }
        hand.0[kind.index()] = count as u8;
        offset += item.chars().count() + 1;
    }
    Ok(hand)
}

fn hand_text(hand: &Hand) -> String {
    if hand.is_empty() {
        return "なし".into();
    }
    let mut parts = Vec::new();
    for kind in Kind::HAND.iter().rev() {
        let n = hand.count(*kind);
        if n > 0 {
            let mut s = kanji::kind_name(*kind).to_string();
            if n > 1 {
                s.push_str(&kanji::kanji_number(u32::from(n)));
            }
            parts.push(s);
        }
    }
    parts.join("　") + "　"
}

/// A BOD diagram of a position (Gote's pieces prefixed `v`).
pub fn write_bod(pos: &Position) -> String {
    let mut s = String::new();
    let hands: &BySide<Hand> = &BySide::new(*pos.hand(Side::First), *pos.hand(Side::Second));
    s.push_str(&format!("後手の持駒：{}\n", hand_text(&hands.second)));
    s.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        s.push('|');
        for file in (1..=9u8).rev() {
            let sq = Square::new(file, rank).expect("in range");
            match pos.piece_at(sq) {
                None => s.push_str(" ・"),
                Some(p) => {
                    s.push(if p.side == Side::Second { 'v' } else { ' ' });
                    s.push(kanji::kind_char(p.kind));
                }
            }
        }
        s.push('|');
        s.push(numerals::KANJI_DIGITS[usize::from(rank)]);
        s.push('\n');
    }
    s.push_str("+---------------------------+\n");
    s.push_str(&format!("先手の持駒：{}\n", hand_text(&hands.first)));
    if pos.side_to_move() == Side::Second {
        s.push_str("後手番\n");
    }
    s
}

fn start_header(record: &Record) -> String {
    let mut s = String::new();
    let handicap = is_handicap(record);
    for (k, v) in &record.headers {
        if k == "手合割" {
            continue;
        }
        // CSA fields with a KIF name take it; other `$` fields travel as `#$KEY:value`
        // comments; the CSA version line and comments have no place in KIF.
        if let Some(name) = crate::record::kif_header_name(k, handicap) {
            s.push_str(&format!("{name}：{v}\n"));
        } else if k.starts_with('$') {
            s.push_str(&format!("#{k}:{v}\n"));
        } else if !k.starts_with(|c: char| c.is_ascii_uppercase() || c == '\'') {
            s.push_str(&format!("{k}：{v}\n"));
        }
    }
    let matching = HANDICAPS.iter().find(|h| h.position() == record.start);
    match matching {
        Some(h) => s.push_str(&format!("手合割：{}\n", h.kif_name)),
        None => s.push_str(&write_bod(&record.start)),
    }
    s
}

/// KIF text of one move (`７六歩(77)`, `同　歩(23)`, `５五角打`).
pub fn kif_move_text(pos: &Position, mv: Move, prev: Option<Square>) -> String {
    match mv {
        Move::Drop { kind, to } => {
            let name = kanji::kind_name(kind);
            format!("{}{}打", jsa::destination(to, prev, name, false), name)
        }
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).map(|p| p.kind).unwrap_or(Kind::Pawn);
            let name = kanji::kind_name(kind);
            let optional = pos.is_legal(Move::Board {
                from,
                to,
                promote: !promote,
            });
            let suffix = if promote {
                "成"
            } else if optional && kind.can_promote() {
                "不成"
            } else {
                ""
            };
            format!(
                "{}{}{}({}{})",
                jsa::destination(to, prev, name, false),
                name,
                suffix,
                from.file(),
                from.rank()
            )
        }
    }
}

/// Writes the numbered move lines of one line of play; returns the side to move after it.
fn kif_lines(
    start: &Position,
    mut prev: Option<Square>,
    first_number: usize,
    moves: &[RecordMove],
    out: &mut String,
) -> Side {
    let mut pos = start.clone();
    let mut totals = [0u32; 2];
    for (i, m) in moves.iter().enumerate() {
        let text = kif_move_text(&pos, m.mv, prev);
        let side = pos.side_to_move().index();
        out.push_str(&format!("{:>4} {}", first_number + i, text));
        if let Some(sec) = m.seconds {
            totals[side] += sec;
            let t = totals[side];
            let pad = 14usize.saturating_sub(text.chars().count() * 2);
            out.push_str(&" ".repeat(pad.max(1)));
            out.push_str(&format!(
                "({:>2}:{:02}/{:02}:{:02}:{:02})",
                sec / 60,
                sec % 60,
                t / 3600,
                t / 60 % 60,
                t % 60
            ));
        }
        out.push('\n');
        for c in &m.comments {
            out.push_str(&format!("*{c}\n"));
        }
        if let Some(b) = &m.bookmark {
            out.push_str(&format!("&{b}\n"));
        }
        push_notes(&m.notes, out);
        prev = Some(m.mv.to());
        pos.play_unchecked(m.mv);
    }
    pos.side_to_move()
}

/// Writes file notes as KIF/KI2 `#` lines.
fn push_notes(notes: &[String], out: &mut String) {
    for n in notes {
        out.push('#');
        out.push_str(n);
        out.push('\n');
    }
}

/// The terminal line of a line of play that ends at move `number` (`  78 投了`), with the
/// comment that tells a foul's kind apart when the word alone does not.
fn kif_terminal(end: Ending, number: usize, to_move: Side, out: &mut String) {
    let (word, label) = end.kif_word(to_move);
    out.push_str(&format!("{number:>4} {word}\n"));
    if let Some(label) = label {
        out.push_str(&format!("*{label}\n"));
    }
}

/// Writes a KIF record (moves with origins, times when known, 変化 branches).
pub fn write_kif(record: &Record) -> String {
    let mut s = String::new();
    push_notes(&record.notes, &mut s);
    s.push_str(&start_header(record));
    s.push_str("手数----指手---------消費時間--\n");
    for c in &record.comments {
        s.push_str(&format!("*{c}\n"));
    }
    let to_move = kif_lines(&record.start, None, 1, &record.moves, &mut s);
    if let Some(e) = record.end {
        kif_terminal(e, record.moves.len() + 1, to_move, &mut s);
        s.push_str(&e.kif_summary(record.moves.len(), to_move, is_handicap(record)));
        s.push('\n');
    }
    push_notes(&record.end_notes, &mut s);
    let starts = LineStarts::new(record);
    for (v, (start, prev)) in variation_order(record)
        .into_iter()
        .filter_map(|i| Some((&record.variations[i], starts.variation(i)?)))
    {
        s.push_str(&format!("\n変化：{}手\n", v.start_ply));
        let to_move = kif_lines(start, *prev, v.start_ply, &v.moves, &mut s);
        if let Some(e) = v.end {
            kif_terminal(e, v.start_ply + v.moves.len(), to_move, &mut s);
        }
    }
    s
}

/// The order to write the variations in so that a reader, which hangs each 変化 on the most
/// recent line holding its move number, rebuilds the same lines: depth first, and the
/// branches of one line from the latest branch point back to the earliest (a later one
/// written first would hold the earlier one's move number only if it started there too,
/// and then both leave the same moves before them).
fn variation_order(record: &Record) -> Vec<usize> {
    let lines = record.variations.len() + 1;
    // Children of each line (variation indices), in the order read.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); lines];
    for (i, v) in record.variations.iter().enumerate() {
        if v.parent <= i {
            children[v.parent].push(i);
        }
    }
    let mut order = Vec::with_capacity(record.variations.len());
    let mut stack = vec![0usize];
    while let Some(line) = stack.pop() {
        if line > 0 {
            order.push(line - 1);
        }
        let mut kids = std::mem::take(&mut children[line]);
        // Popped in descending start ply (ties keep their order), so push ascending, ties
        // reversed.
        kids.reverse();
        kids.sort_by_key(|&c| record.variations[c].start_ply);
        stack.extend(kids.into_iter().map(|c| c + 1));
    }
    order
}

/// Whether the record's sides are 下手/上手 rather than 先手/後手.
fn is_handicap(record: &Record) -> bool {
    record.handicap.is_some_and(|h| h.id != "even")
}

/// Writes the KI2 moves of one line of play, six to a line, breaking after a move that
/// has comments so that each comment follows its move; returns the side to move after it.
fn ki2_lines(
    start: &Position,
    mut prev: Option<Square>,
    moves: &[RecordMove],
    out: &mut String,
) -> Side {
    let mut pos = start.clone();
    let mut on_line = 0;
    for (i, m) in moves.iter().enumerate() {
        let mark = if pos.side_to_move() == Side::First {
            '▲'
        } else {
            '△'
        };
        out.push(mark);
        out.push_str(&jsa::write_move(&pos, m.mv, prev, false));
        on_line += 1;
        let last = i + 1 == moves.len();
        if on_line == 6
            || last
            || !m.comments.is_empty()
            || m.bookmark.is_some()
            || !m.notes.is_empty()
        {
            out.push('\n');
            on_line = 0;
        } else {
            out.push_str("    ");
        }
        for c in &m.comments {
            out.push_str(&format!("*{c}\n"));
        }
        if let Some(b) = &m.bookmark {
            out.push_str(&format!("&{b}\n"));
        }
        push_notes(&m.notes, out);
        prev = Some(m.mv.to());
        pos.play_unchecked(m.mv);
    }
    pos.side_to_move()
}

/// Writes a KI2 record (JSA notation, comments, the ending's summary line, 変化 branches).
pub fn write_ki2(record: &Record) -> String {
    let mut s = String::new();
    push_notes(&record.notes, &mut s);
    s.push_str(&start_header(record));
    for c in &record.comments {
        s.push_str(&format!("*{c}\n"));
    }
    let to_move = ki2_lines(&record.start, None, &record.moves, &mut s);
    if let Some(e) = record.end {
        s.push_str(&e.kif_summary(record.moves.len(), to_move, is_handicap(record)));
        s.push('\n');
        if let Some(label) = e.kif_word(to_move).1 {
            s.push_str(&format!("*{label}\n"));
        }
    }
    push_notes(&record.end_notes, &mut s);
    let starts = LineStarts::new(record);
    for (v, (start, prev)) in variation_order(record)
        .into_iter()
        .filter_map(|i| Some((&record.variations[i], starts.variation(i)?)))
    {
        s.push_str(&format!("\n変化：{}手\n", v.start_ply));
        let to_move = ki2_lines(start, *prev, &v.moves, &mut s);
        if let Some(e) = v.end {
            let (word, label) = e.kif_word(to_move);
            s.push_str(word);
            s.push('\n');
            if let Some(label) = label {
                s.push_str(&format!("*{label}\n"));
            }
        }
    }
    s
}
