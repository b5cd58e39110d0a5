//! A game record independent of its file format: start position, headers, the main line
//! with optional times and comments, variations, and how the game ended.

use crate::ending::Ending;
use crate::handicap::Handicap;
use crate::position::Position;
use crate::types::Move;

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
}

impl RecordMove {
    /// A move without time or comments.
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            seconds: None,
            comments: Vec::new(),
            bookmark: None,
        }
    }
}

/// A side line (KIF 変化): replaces move `start_ply` of the line it branches from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// 1-based number of the first move of the variation.
    pub start_ply: usize,
    /// The moves leading to the branch point (plies 1..start_ply-1).
    pub prefix: Vec<Move>,
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
    /// The main line.
    pub moves: Vec<RecordMove>,
    /// Variations (変化) branching from the main line or from each other.
    pub variations: Vec<Variation>,
    /// How the main line ended (投了, %TORYO …), if the record says.
    pub end: Option<Ending>,
}

impl Record {
    /// An empty record starting at `start`.
    pub fn new(start: Position) -> Record {
        Record {
            headers: Vec::new(),
            handicap: None,
            start,
            comments: Vec::new(),
            moves: Vec::new(),
            variations: Vec::new(),
            end: None,
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

    /// The value of the first header named `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
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
    let has_comments =
        !record.comments.is_empty() || record.moves.iter().any(|m| !m.comments.is_empty());
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
    match detect(text) {
        Format::Csa => crate::csa::parse(text),
        Format::Usi | Format::Sfen => parse_usi(text),
        Format::Kif | Format::Ki2 => crate::kif::parse(text),
    }
}

/// Reads `position …`/SFEN text with moves, checking every move.
pub fn parse_usi(text: &str) -> Result<Record, crate::error::ParseError> {
    let line_text = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let line_no = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
    let cmd = crate::usi::parse_position_command(line_text)
        .map_err(|e| crate::error::shifted(e, line_no, 0))?;
    let start = Position::from_setup(&cmd.setup)
        .map_err(|e| crate::error::syntax(line_no, 1, e.to_string()))?;
    let mut pos = start.clone();
    let mut record = Record::new(start);
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
