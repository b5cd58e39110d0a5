//! A game record independent of its file format: start position, headers, the main line
//! with optional times and comments, variations, and how the game ended.

use crate::ending::Ending;
use crate::handicap::Handicap;
use crate::position::Position;
use crate::types::{Move, Square};

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move.
    pub mv: Move,
    /// Seconds spent on this move, if the record says.
    pub seconds: Option<u32>,
    /// Comment lines attached to the move, in order.
    pub comments: Vec<String>,
    /// A bookmark (KIF しおり, written `&name` after the move), if the record sets one.
    pub bookmark: Option<String>,
    /// File notes written after the move (see [`Record::notes`]).
    pub notes: Vec<String>,
}

impl RecordMove {
    /// A move without time or comments.
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            seconds: None,
            comments: Vec::new(),
            bookmark: None,
            notes: Vec::new(),
        }
    }
}

/// A side line (KIF 変化): replaces move `start_ply` of the line it branches from.
///
/// A variation names its parent line instead of copying the moves before it, so that a
/// record with many 変化 deep into a long game takes memory in proportion to its text
/// ([`Record::prefix`] rebuilds the moves leading to the branch point when needed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The line it branches from: 0 for the main line, `i + 1` for `variations[i]` (always
    /// a line before this one). That line holds move `start_ply`, which this one replaces.
    pub parent: usize,
    /// 1-based number of the first move of the variation.
    pub start_ply: usize,
    /// The moves of the variation, from `start_ply` on.
    pub moves: Vec<RecordMove>,
    /// How the variation ends, if it says (its own: never the main line's).
    pub end: Option<Ending>,
}

/// A parsed game record.
#[derive(Clone, Debug)]
pub struct Record {
    /// Header lines (`key`, `value`) in the order read.
    pub headers: Vec<(String, String)>,
    /// The handicap the record names, if any.
    pub handicap: Option<&'static Handicap>,
    /// The start position.
    pub start: Position,
    /// Comments on the game as a whole (those written before move 1).
    pub comments: Vec<String>,
    /// File notes before the first move: lines the formats mark as remarks about the file
    /// rather than the game (KIF/KI2 `#` lines, CSA `'` lines that are neither `'*`
    /// comments nor `'&` bookmarks, such as floodgate's `'Max_Moves:256`). They travel
    /// between the formats as each other's remark lines; notes after a move belong to that
    /// move ([`RecordMove::notes`]), notes after the ending to [`Record::end_notes`].
    pub notes: Vec<String>,
    /// File notes after the main line's ending (floodgate's `'summary:…` line).
    pub end_notes: Vec<String>,
    /// The main line.
    pub moves: Vec<RecordMove>,
    /// Variations (変化) branching from the main line or from each other.
    pub variations: Vec<Variation>,
    /// How the main line ended (投了, %TORYO …), if the record says.
    pub end: Option<Ending>,
    /// Moves found after a line's ending and left out, when read with
    /// [`ReadOptions::ignore_after_end`] (without it they are an error).
    pub ignored_after_end: usize,
    /// What the strict check found unusual in the start position (surplus material), when
    /// the record was read with [`ReadOptions::lenient`] and needed it.
    pub unusual_start: Option<crate::position::PositionError>,
}

/// How a record is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Leave out moves written after a line's ending (投了, `%TORYO` …) and count them in
    /// [`Record::ignored_after_end`], instead of refusing the record: a game is over at its
    /// ending, so such moves are usually a copying mistake.
    pub ignore_after_end: bool,
    /// Accept a start position with more pieces of a kind than a set holds (as perft
    /// fixtures have), noting the strict check's complaint in [`Record::unusual_start`].
    pub lenient: bool,
}

impl ReadOptions {
    /// The default reading, with `ignore_after_end` set as given.
    pub fn ignoring_after_end(ignore_after_end: bool) -> ReadOptions {
        ReadOptions {
            ignore_after_end,
            ..ReadOptions::default()
        }
    }

    /// The same options with `lenient` set as given.
    pub fn with_lenient(self, lenient: bool) -> ReadOptions {
        ReadOptions { lenient, ..self }
    }
}

/// Validates a record's start position: strictly, or under `options.lenient` with surplus
/// material tolerated and the strict check's complaint kept in `unusual`.
pub(crate) fn validate_start(
    setup: &crate::setup::Setup,
    options: &ReadOptions,
    unusual: &mut Option<crate::position::PositionError>,
) -> Result<Position, crate::position::PositionError> {
    match Position::from_setup(setup) {
        Ok(pos) => Ok(pos),
        Err(strict) if options.lenient => {
            let pos = Position::from_setup_lenient(setup)?;
            *unusual = Some(strict);
            Ok(pos)
        }
        Err(e) => Err(e),
    }
}

impl Record {
    /// An empty record starting at `start`.
    pub fn new(start: Position) -> Record {
        Record {
            headers: Vec::new(),
            handicap: None,
            start,
            comments: Vec::new(),
            notes: Vec::new(),
            end_notes: Vec::new(),
            moves: Vec::new(),
            variations: Vec::new(),
            end: None,
            ignored_after_end: 0,
            unusual_start: None,
        }
    }

    /// The position after the main line.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// The moves leading to the branch point of `variations[variation]` (plies 1 to
    /// `start_ply - 1`), gathered from its parent lines; empty for a variation that does not
    /// branch from a line before it.
    pub fn prefix(&self, variation: usize) -> Vec<Move> {
        let Some(v) = self.variations.get(variation) else {
            return Vec::new();
        };
        // Walk up the parents, taking from each line the moves before the child's start.
        let mut segments: Vec<&[RecordMove]> = Vec::new();
        let (mut line, mut upto) = (v.parent, v.start_ply.saturating_sub(1));
        let mut child = variation + 1;
        while upto > 0 {
            if line >= child {
                return Vec::new();
            }
            let (start, moves) = self.line(line);
            let Some(take) = start
                .checked_sub(1)
                .and_then(|before| upto.checked_sub(before))
                .filter(|&n| n <= moves.len())
            else {
                return Vec::new();
            };
            segments.push(&moves[..take]);
            if line == 0 {
                break;
            }
            upto = start - 1;
            child = line;
            line = self.variations[line - 1].parent;
        }
        segments
            .iter()
            .rev()
            .flat_map(|s| s.iter().map(|m| m.mv))
            .collect()
    }

    /// Line `line` as (number of its first move, its moves): 0 is the main line, `i + 1`
    /// is `variations[i]`. Callers pass an existing line.
    fn line(&self, line: usize) -> (usize, &[RecordMove]) {
        match line.checked_sub(1) {
            None => (1, &self.moves),
            Some(i) => (self.variations[i].start_ply, &self.variations[i].moves),
        }
    }

    /// The value of the first header named `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Plies between stored positions of a line: a branch point's position is a stored one
/// plus at most this many moves replayed, and the stored positions cost one per this many
/// moves.
pub(crate) const CHECKPOINT_STRIDE: usize = 64;

/// Positions along one line of play, every [`CHECKPOINT_STRIDE`] moves from its start.
#[derive(Clone, Debug)]
pub(crate) struct Checkpoints {
    /// `stored[k]` is the position after the line's first `k * CHECKPOINT_STRIDE` moves.
    stored: Vec<Position>,
}

impl Checkpoints {
    /// Checkpoints of a line starting (before its first move) at `start`.
    pub(crate) fn new(start: Position) -> Checkpoints {
        Checkpoints {
            stored: vec![start],
        }
    }

    /// Notes the position `after` the line's `played`-th move (stored on each stride).
    pub(crate) fn record(&mut self, played: usize, after: &Position) {
        if played % CHECKPOINT_STRIDE == 0 {
            self.stored.push(after.clone());
        }
    }

    /// The position after the first `played` of the line's `moves`.
    pub(crate) fn position_after(&self, moves: &[RecordMove], played: usize) -> Position {
        let k = (played / CHECKPOINT_STRIDE).min(self.stored.len() - 1);
        let mut pos = self.stored[k].clone();
        for m in moves.get(k * CHECKPOINT_STRIDE..played).unwrap_or(&[]) {
            pos.play_unchecked(m.mv);
        }
        pos
    }
}

/// Where each line of a record starts: the position before its first move and the square
/// of the move before it (for 同), worked out once for all lines in one pass, with memory in
/// proportion to the record.
pub(crate) struct LineStarts {
    /// Per line (0 = main line, `i + 1` = `variations[i]`): its start, or `None` for a
    /// variation that does not branch from an earlier line holding its first move number.
    starts: Vec<Option<(Position, Option<Square>)>>,
}

impl LineStarts {
    pub(crate) fn new(record: &Record) -> LineStarts {
        let lines = record.variations.len() + 1;
        let mut has_children = vec![false; lines];
        for v in &record.variations {
            if let Some(flag) = has_children.get_mut(v.parent) {
                *flag = true;
            }
        }
        let mut starts: Vec<Option<(Position, Option<Square>)>> = Vec::with_capacity(lines);
        // Per line, its checkpoints when some variation branches from it.
        let mut kept: Vec<Option<Checkpoints>> = Vec::with_capacity(lines);
        for (line, &parent_of_some) in has_children.iter().enumerate() {
            let start = if line == 0 {
                Some((record.start.clone(), None))
            } else {
                let v = &record.variations[line - 1];
                match kept.get(v.parent).and_then(Option::as_ref) {
                    Some(checkpoints) if v.parent < line => {
                        let (parent_start, moves) = record.line(v.parent);
                        v.start_ply
                            .checked_sub(parent_start)
                            .filter(|&played| played < moves.len())
                            .map(|played| {
                                let prev = match played {
                                    0 => starts[v.parent].as_ref().and_then(|s| s.1),
                                    n => Some(moves[n - 1].mv.to()),
                                };
                                (checkpoints.position_after(moves, played), prev)
                            })
                    }
                    _ => None,
                }
            };
            kept.push(match (&start, parent_of_some) {
                (Some((pos, _)), true) => {
                    let mut checkpoints = Checkpoints::new(pos.clone());
                    let mut p = pos.clone();
                    for (i, m) in record.line(line).1.iter().enumerate() {
                        p.play_unchecked(m.mv);
                        checkpoints.record(i + 1, &p);
                    }
                    Some(checkpoints)
                }
                _ => None,
            });
            starts.push(start);
        }
        LineStarts { starts }
    }

    /// The position before the first move of `variations[i]` and the square of the move
    /// before it, or `None` if it does not branch from an earlier line.
    pub(crate) fn variation(&self, i: usize) -> Option<&(Position, Option<Square>)> {
        self.starts.get(i + 1).and_then(Option::as_ref)
    }
}

/// Header names that KIF and CSA both have: (KIF name, CSA name). Headers without a
/// counterpart travel as comments (`#$KEY:value` in KIF, `'key：value` in CSA) and come back
/// as headers when read.
pub const HEADER_PAIRS: [(&str, &str); 10] = [
    ("先手", "N+"),
    ("後手", "N-"),
    ("下手", "N+"),
    ("上手", "N-"),
    ("棋戦", "$EVENT"),
    ("場所", "$SITE"),
    ("開始日時", "$START_TIME"),
    ("終了日時", "$END_TIME"),
    ("持ち時間", "$TIME_LIMIT"),
    ("戦型", "$OPENING"),
];

/// The CSA name of a KIF header, if CSA has one.
pub fn csa_header_name(kif: &str) -> Option<&'static str> {
    HEADER_PAIRS
        .iter()
        .find(|(k, _)| *k == kif)
        .map(|(_, c)| *c)
}

/// The KIF name of a CSA header (`N+` is 先手, or 下手 in a handicap game).
pub fn kif_header_name(csa: &str, handicap: bool) -> Option<&'static str> {
    match (csa, handicap) {
        ("N+", true) => Some("下手"),
        ("N-", true) => Some("上手"),
        _ => HEADER_PAIRS
            .iter()
            .find(|(_, c)| *c == csa)
            .map(|(k, _)| *k),
    }
}

/// What writing `record` in `format` leaves out, one line per kind of loss (empty when the
/// format holds everything), for a caller to warn about.
pub fn losses(record: &Record, format: Format) -> Vec<String> {
    let mut lost = Vec::new();
    let n = record.variations.len();
    let has_comments = !record.comments.is_empty()
        || !record.notes.is_empty()
        || !record.end_notes.is_empty()
        || record
            .moves
            .iter()
            .any(|m| !m.comments.is_empty() || !m.notes.is_empty());
    // The same test the KIF/KI2 writers apply: a variation is written when it branches
    // from an earlier line that is written and holds its first move number.
    let stray = if n > 0 && matches!(format, Format::Kif | Format::Ki2) {
        let starts = LineStarts::new(record);
        (0..n).filter(|&i| starts.variation(i).is_none()).count()
    } else {
        0
    };
    if stray > 0 && matches!(format, Format::Kif | Format::Ki2) {
        lost.push(format!(
            "{stray} 変化 not written: they do not branch from a line before them"
        ));
    }
    match format {
        Format::Csa if n > 0 => lost.push(format!("CSA has no variations: {n} 変化 not written")),
        Format::Usi | Format::Sfen => {
            if n > 0 {
                lost.push(format!("{n} 変化 not written"));
            }
            if has_comments {
                lost.push("comments not written".to_string());
            }
            if record.end.is_some() {
                lost.push("the ending not written".to_string());
            }
        }
        Format::Ki2 if record.moves.iter().any(|m| m.seconds.is_some()) => {
            lost.push("KI2 has no move times: times not written".to_string());
        }
        _ => {}
    }
    lost
}

/// Plays a move read from a record, turning an illegal one into an error that names the
/// move number and the foul.
pub(crate) fn play_checked(
    pos: &mut Position,
    mv: Move,
    number: usize,
    line: usize,
    column: usize,
) -> Result<(), crate::error::ParseError> {
    if let Err(foul) = pos.check_move(mv) {
        return Err(board_core::TextError::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(column).unwrap_or(u32::MAX),
            crate::error::ParseErrorKind::IllegalMove { number, mv, foul },
        ));
    }
    pos.play_unchecked(mv);
    Ok(())
}

/// Fouls a record may contain as its last move (the move is played and the record says
/// 反則勝ち): the position stays well formed after them. Moves that cannot be played at all
/// (a missing piece, an impossible movement) stay errors.
fn playable_foul(foul: crate::foul::Foul) -> bool {
    use crate::foul::Foul;
    matches!(
        foul,
        Foul::Nifu | Foul::Uchifuzume | Foul::PieceWithNoMove | Foul::KingLeftInCheck
    )
}

/// Like [`play_checked`], but a playable foul is played and kept in `pending` instead of
/// failing at once: it is the record's foul move if the line ends there with the mover's
/// foul ([`settle_foul`]), and an error otherwise. A move after it returns that error.
pub(crate) fn play_recorded(
    pos: &mut Position,
    mv: Move,
    number: usize,
    line: usize,
    column: usize,
    pending: &mut Option<crate::error::ParseError>,
) -> Result<(), crate::error::ParseError> {
    if let Some(e) = pending.take() {
        return Err(e);
    }
    match play_checked(pos, mv, number, line, column) {
        Ok(()) => Ok(()),
        Err(e) => match e.kind {
            crate::error::ParseErrorKind::IllegalMove { foul, .. } if playable_foul(foul) => {
                pos.play_unchecked(mv);
                *pending = Some(e);
                Ok(())
            }
            _ => Err(e),
        },
    }
}

/// Accepts a line's pending foul move if the line ends in a foul by the side that played it
/// (`to_move` is to move after it); otherwise the foul is the error it always was.
pub(crate) fn settle_foul(
    pending: Option<crate::error::ParseError>,
    end: Option<Ending>,
    to_move: board_core::Side,
) -> Result<(), crate::error::ParseError> {
    match (pending, end) {
        (None, _) => Ok(()),
        (Some(_), Some(Ending::Foul { offender, .. })) if offender != to_move => Ok(()),
        (Some(e), _) => Err(e),
    }
}

/// The text formats a record can be read from or written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Kakinoki KIF (one move per numbered line).
    Kif,
    /// KI2 (moves in JSA notation, no origins).
    Ki2,
    /// CSA standard record (V2.2 written; V3.0 also read).
    Csa,
    /// USI: `position … moves …`.
    Usi,
    /// SFEN of the final position (written only).
    Sfen,
}

impl Format {
    /// The format named `kif`, `ki2`, `csa`, `usi` or `sfen` (any case).
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Format::Kif,
            "ki2" | "ki2u" => Format::Ki2,
            "csa" => Format::Csa,
            "usi" => Format::Usi,
            "sfen" => Format::Sfen,
            _ => return None,
        })
    }
}

/// Guesses the format of a record from its first meaningful line: CSA (`V2.2`, `'`, `PI`,
/// `P1`, `N+`, `$`, `+7776FU`), USI (`position …`, `startpos`, `sfen …`, or a bare SFEN), or
/// KIF/KI2 otherwise.
pub fn detect(text: &str) -> Format {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let b = first.as_bytes();
    if first.starts_with("position") || first.starts_with("startpos") || first.starts_with("sfen ")
    {
        return Format::Usi;
    }
    if first.contains('/') && first.is_ascii() && first.split('/').count() == 9 {
        return Format::Usi;
    }
    let csa = matches!(b.first(), Some(b'V' | b'\'' | b'$'))
        || first.starts_with("PI")
        || first.starts_with("N+")
        || first.starts_with("N-")
        || (b.len() >= 2
            && b[0] == b'P'
            && (b[1].is_ascii_digit() || b[1] == b'+' || b[1] == b'-'))
        || (b.len() >= 7 && (b[0] == b'+' || b[0] == b'-') && b[1].is_ascii_digit());
    if csa { Format::Csa } else { Format::Kif }
}

/// Reads a record in any supported format (detected with [`detect`]).
pub fn parse_any(text: &str) -> Result<Record, crate::error::ParseError> {
    parse_any_with(text, &ReadOptions::default())
}

/// Reads a record in any supported format with `options`.
pub fn parse_any_with(
    text: &str,
    options: &ReadOptions,
) -> Result<Record, crate::error::ParseError> {
    match detect(text) {
        Format::Csa => crate::csa::parse_with(text, options),
        Format::Usi | Format::Sfen => parse_usi_with(text, options),
        Format::Kif | Format::Ki2 => crate::kif::parse_with(text, options),
    }
}

/// Reads `position …`/SFEN text with moves, checking every move.
pub fn parse_usi(text: &str) -> Result<Record, crate::error::ParseError> {
    parse_usi_with(text, &ReadOptions::default())
}

/// [`parse_usi`] with `options` (see [`ReadOptions`]).
pub fn parse_usi_with(
    text: &str,
    options: &ReadOptions,
) -> Result<Record, crate::error::ParseError> {
    let line_text = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let line_no = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
    let cmd = crate::usi::parse_position_command(line_text)
        .map_err(|e| crate::error::shifted(e, line_no, 0))?;
    let mut unusual = None;
    let start = validate_start(&cmd.setup, options, &mut unusual)
        .map_err(|e| crate::error::syntax(line_no, 1, e.to_string()))?;
    let mut pos = start.clone();
    let mut record = Record::new(start);
    record.unusual_start = unusual;
    for (i, (column, mv)) in cmd.moves.iter().enumerate() {
        play_checked(&mut pos, *mv, i + 1, line_no, *column)?;
        record.moves.push(RecordMove::new(*mv));
    }
    Ok(record)
}

/// `position startpos|sfen … moves …` text of a record.
pub fn write_usi(record: &Record) -> String {
    let mut s = if record.start == Position::start() {
        "position startpos".to_string()
    } else {
        format!("position sfen {}", record.start.to_sfen())
    };
    if !record.moves.is_empty() {
        s.push_str(" moves");
        for m in &record.moves {
            s.push(' ');
            s.push_str(&crate::usi::format_move(m.mv));
        }
    }
    s
}

/// Writes a record in `format` (`Sfen` gives the final position).
pub fn write(record: &Record, format: Format) -> String {
    match format {
        Format::Kif => crate::kif::write_kif(record),
        Format::Ki2 => crate::kif::write_ki2(record),
        Format::Csa => crate::csa::write(record),
        Format::Usi => write_usi(record) + "\n",
        Format::Sfen => record.final_position().to_sfen() + "\n",
    }
}
