//! `arbiter shogi convert`: records between KIF, KI2, CSA, USI and SFEN, in their encodings.

use serde::Serialize;
use shogi_rules::record::{self, Format};

use super::to_json;
use crate::input;
use crate::output::{CliError, Output};

/// `--json` of `shogi convert`.
#[derive(Serialize)]
struct ConvertReport<'a> {
    format: String,
    /// The number of moves in the record (`moves` names lists of moves in the JSON).
    move_count: usize,
    text: &'a str,
    /// The encoding of the written record (UTF-8 on stdout).
    encoding: &'static str,
}

pub(super) fn run_convert(
    file: &std::path::Path,
    to: &str,
    output: Option<&std::path::Path>,
    encoding: Option<&str>,
    game: Option<usize>,
    options: record::ReadOptions,
) -> Result<Output, CliError> {
    let format = Format::from_name(to).ok_or_else(|| {
        CliError::bad_input(format!(
            "--to must be kif, kifu, ki2, ki2u, csa, usi or sfen, not {to:?}"
        ))
    })?;
    let (rec, warnings) = read_record_with(file, game, &options)?;
    let to_lower = to.to_ascii_lowercase();
    // The file's encoding: asked for, else UTF-8 for .kifu/.ki2u names and non-KIF formats,
    // else Shift_JIS, the encoding KIF and KI2 files have by definition.
    let target_encoding = match encoding {
        Some(label) => input::encoding_named(label)?,
        None => {
            let named_utf8 = output
                .and_then(|p| p.extension())
                .and_then(|e| e.to_str())
                .map(|e| matches!(e.to_ascii_lowercase().as_str(), "kifu" | "ki2u"))
                .unwrap_or(false)
                || matches!(to_lower.as_str(), "kifu" | "ki2u");
            if matches!(format, Format::Kif | Format::Ki2) && !named_utf8 && output.is_some() {
                encoding_rs::SHIFT_JIS
            } else {
                encoding_rs::UTF_8
            }
        }
    };
    let written_encoding = if output.is_some() {
        target_encoding
    } else {
        encoding_rs::UTF_8
    };
    let body = record::write(&rec, format);
    let out = with_encoding_line(&body, format, written_encoding);
    let mut text = out.clone();
    if let Some(path) = output {
        let bytes = input::encode(&out, target_encoding)?;
        std::fs::write(path, bytes)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))?;
        text = format!(
            "wrote {} ({} moves, {})\n",
            path.display(),
            rec.moves.len(),
            target_encoding.name()
        );
    }
    let report = ConvertReport {
        format: to_lower,
        move_count: rec.moves.len(),
        text: &out,
        encoding: written_encoding.name(),
    };
    let mut output = Output::new(text, to_json(&report));
    for w in warnings {
        output = output.with_warning(w);
    }
    for lost in record::losses(&rec, format) {
        output = output.with_warning(format!("{}: {lost}", file.display()));
    }
    Ok(output)
}

/// Reads a record file in whatever encoding it is in (see [`input::decode`]); `game` picks
/// a game of a multi-record CSA file; moves after the record's ending are refused unless
/// `ignore_after_end`, and a start position with surplus material unless `lenient`. Also
/// returns warnings (several games, none picked; moves left out; an unusual start).
pub(super) fn read_record(
    file: &std::path::Path,
    game: Option<usize>,
    ignore_after_end: bool,
    lenient: bool,
) -> Result<(record::Record, Vec<String>), CliError> {
    let options = record::ReadOptions::ignoring_after_end(ignore_after_end).with_lenient(lenient);
    read_record_with(file, game, &options)
}

/// [`read_record`] with the reading options given whole.
fn read_record_with(
    file: &std::path::Path,
    game: Option<usize>,
    options: &record::ReadOptions,
) -> Result<(record::Record, Vec<String>), CliError> {
    let (rec, mut warnings) = decode_and_parse(file, game, options)?;
    if rec.ignored_after_end > 0 {
        warnings.push(format!(
            "{}: --ignore-after-end: {} move(s) after the record's ending left out",
            file.display(),
            rec.ignored_after_end
        ));
    }
    if let Some(unusual) = &rec.unusual_start {
        warnings.push(format!(
            "{}: --lenient: accepted although {unusual}",
            file.display()
        ));
    }
    Ok((rec, warnings))
}

fn decode_and_parse(
    file: &std::path::Path,
    game: Option<usize>,
    options: &record::ReadOptions,
) -> Result<(record::Record, Vec<String>), CliError> {
    let bytes = std::fs::read(file)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", file.display())))?;
    let declared = declared_encoding(&bytes);
    let (text, _) = input::decode(&bytes, declared.as_deref(), input::Family::Japanese)
        .map_err(|e| CliError::bad_input(format!("{}: {}", file.display(), e.one_line())))?;
    let bad = |e: shogi_rules::ParseError| {
        let hint = match e.kind {
            shogi_rules::error::ParseErrorKind::MoveAfterEnd { .. } => {
                " (--ignore-after-end leaves such moves out)"
            }
            _ => "",
        };
        CliError::bad_input(format!("{}: {e}{hint}", file.display()))
    };
    let mut warnings = Vec::new();
    if record::detect(&text) != Format::Csa {
        if game.is_some_and(|n| n != 1) {
            return Err(CliError::bad_input(format!(
                "{}: --game: only CSA files hold several games",
                file.display()
            )));
        }
        return Ok((
            record::parse_any_with(&text, options).map_err(bad)?,
            warnings,
        ));
    }
    let count = shogi_rules::csa::split_games(&text).len();
    if game.is_none() && count > 1 {
        warnings.push(format!(
            "{}: {count} games in the file; read game 1 (--game N picks another)",
            file.display()
        ));
    }
    let n = game.unwrap_or(1);
    let rec = shogi_rules::csa::parse_game_with(&text, n, options)
        .map_err(bad)?
        .ok_or_else(|| {
            CliError::bad_input(format!(
                "{}: --game {n}: the file holds {count} game(s)",
                file.display()
            ))
        })?;
    Ok((rec, warnings))
}

/// The encoding a KIF (`#KIF version=2.0 encoding=UTF-8`) or CSA (`'CSA encoding=SHIFT_JIS`,
/// `'encoding=UTF-8`) record declares on one of its first lines. The declaration is ASCII,
/// so it can be found before the text is decoded.
pub(super) fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    for line in bytes.split(|&b| b == b'\n').take(5) {
        if !matches!(line.first(), Some(b'#' | b'\'')) {
            continue;
        }
        let Some(at) = line
            .windows(9)
            .position(|w| w.eq_ignore_ascii_case(b"encoding="))
        else {
            continue;
        };
        let label: String = line[at + 9..]
            .iter()
            .take_while(|b| b.is_ascii_graphic())
            .map(|&b| char::from(b))
            .collect();
        if !label.is_empty() {
            return Some(label);
        }
    }
    None
}

/// `body` with the line that declares its encoding: `#KIF version=2.0 encoding=…` for KIF
/// and KI2, `'CSA encoding=…` for CSA (as CSA V3.0 writes it; a V2.2 reader skips it as a
/// comment). USI and SFEN are ASCII and get none.
pub(super) fn with_encoding_line(
    body: &str,
    format: Format,
    encoding: &'static encoding_rs::Encoding,
) -> String {
    let name = encoding.output_encoding().name();
    match format {
        Format::Kif | Format::Ki2 => format!("#KIF version=2.0 encoding={name}\n{body}"),
        Format::Csa if !body.starts_with("'CSA encoding=") => {
            format!("'CSA encoding={}\n{body}", name.to_ascii_uppercase())
        }
        _ => body.to_string(),
    }
}
