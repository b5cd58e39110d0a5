//! `arbiter shogi convert`: records between KIF, KI2, CSA, USI and SFEN, in their encodings.

use std::path::{Path, PathBuf};

use serde::Serialize;
use shogi_rules::record::{self, Format};

use super::to_json;
use crate::batch::{BatchArgs, Inputs};
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

/// Where and how `shogi convert` writes: the options that name the format and the file.
#[derive(Clone, Copy, Debug)]
pub(super) struct Target<'a> {
    /// `--to`: the format's name as typed (kif, kifu, ki2, ki2u, csa, usi, sfen).
    pub to: &'a str,
    /// `--output`: one file for one record.
    pub output: Option<&'a Path>,
    /// `--output-dir`: a directory for each record under its own name.
    pub output_dir: Option<&'a Path>,
    /// `--encoding`: the written file's encoding, else the one its name implies.
    pub encoding: Option<&'a str>,
}

/// The extensions of the records `shogi convert` finds in a directory.
const RECORD_EXTENSIONS: [&str; 6] = ["kif", "kifu", "ki2", "ki2u", "csa", "usi"];

/// `arbiter shogi convert` on one record, or on several into `--output-dir`.
pub(super) fn run_convert_files(
    files: &[PathBuf],
    batch: &BatchArgs,
    target: &Target<'_>,
    game: Option<usize>,
    options: &record::ReadOptions,
) -> Result<Output, CliError> {
    let inputs = Inputs::collect(files, batch.list.as_deref(), &RECORD_EXTENSIONS)?;
    let files = match inputs {
        Inputs::One(file) => {
            let output = match target.output_dir {
                Some(dir) => {
                    create_dir(dir)?;
                    Some(output_in(dir, &file, target.to)?)
                }
                None => target.output.map(Path::to_path_buf),
            };
            return run_convert(&file, target, output.as_deref(), game, options);
        }
        Inputs::Many(files) => files,
    };
    let Some(dir) = target.output_dir else {
        return Err(CliError::bad_input(
            "several records need --output-dir DIR (each is written there under its own name)",
        ));
    };
    // Each record's output name, or why it has none. Records whose names differ only in
    // their extension (`game.kif` and `game.ki2`) keep it in the output name
    // (`game.kif.csa`, `game.ki2.csa`); a name an earlier record of the run still takes
    // (the same file name in two directories), or the input itself, would lose a record.
    let mut stems = std::collections::HashMap::new();
    let names: std::collections::HashSet<_> = files.iter().map(|f| f.file_name()).collect();
    for name in names {
        *stems
            .entry(name.map(Path::new).and_then(Path::file_stem))
            .or_insert(0usize) += 1;
    }
    let mut taken = std::collections::HashSet::new();
    let outputs: Vec<Result<PathBuf, CliError>> = files
        .iter()
        .map(|file| {
            let out = if stems.get(&file.file_stem()).copied().unwrap_or(0) > 1 {
                output_named(dir, file.file_name(), file, target.to)?
            } else {
                output_in(dir, file, target.to)?
            };
            if !taken.insert(out.clone()) {
                return Err(CliError::bad_input(format!(
                    "{}: {} is already written for an earlier record of the run",
                    file.display(),
                    out.display()
                )));
            }
            if same_file(file, &out) {
                return Err(CliError::bad_input(format!(
                    "{}: the converted record would overwrite its input",
                    file.display()
                )));
            }
            Ok(out)
        })
        .collect();
    create_dir(dir)?;
    let threads = batch.thread_count();
    Ok(crate::batch::run(
        &files,
        threads,
        "converting",
        |i, file| match &outputs[i] {
            Ok(path) => run_convert(file, target, Some(path), game, options),
            Err(e) => Err(CliError::bad_input(e.one_line())),
        },
    ))
}

/// Makes `--output-dir` (and its parents) when it is not there yet.
fn create_dir(dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::bad_input(format!("--output-dir {}: {e}", dir.display())))
}

/// The file `input` is converted to in `dir`: its stem with the extension of `--to`.
fn output_in(dir: &Path, input: &Path, to: &str) -> Result<PathBuf, CliError> {
    output_named(dir, input.file_stem(), input, to)
}

/// The file in `dir` named `base` (a part of `input`'s name) with the extension of `--to`.
fn output_named(
    dir: &Path,
    base: Option<&std::ffi::OsStr>,
    input: &Path,
    to: &str,
) -> Result<PathBuf, CliError> {
    let base =
        base.ok_or_else(|| CliError::bad_input(format!("{}: not a file name", input.display())))?;
    let mut name = base.to_os_string();
    name.push(".");
    name.push(to.to_ascii_lowercase());
    Ok(dir.join(name))
}

/// Whether two paths name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// `arbiter shogi convert` on one record, written to stdout or to `output`.
fn run_convert(
    file: &Path,
    target: &Target<'_>,
    output: Option<&Path>,
    game: Option<usize>,
    options: &record::ReadOptions,
) -> Result<Output, CliError> {
    let to = target.to;
    let encoding = target.encoding;
    let format = Format::from_name(to).ok_or_else(|| {
        CliError::bad_input(format!(
            "--to must be kif, kifu, ki2, ki2u, csa, usi or sfen, not {to:?}"
        ))
    })?;
    let (rec, warnings) = read_record_with(file, game, options)?;
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
