//! One command over many records: `go score`, `shogi convert` and `xiangqi adjudicate` take
//! several files, a directory or a list of paths, run every file on its own thread and print
//! one result per file in the order given.
//!
//! A single file keeps exactly the output it always had. With several, each file's text gets
//! a `==> PATH <==` header line (as `head` and `tail` write it), and `--json` prints one array
//! holding an object per file (`file`, `exit_code`, and the file's own document as `result`
//! or its failure as `error`): one JSON document, as with every other command. A bad file
//! fills its slot with its one-line error and the run goes on; the run's exit code is the
//! worst of the files' ([`worst`]).
//!
//! The files are shared out with [`board_core::parallel::for_each_in_order`], on the
//! scheduler perft already uses: each thread takes the next file when it finishes one
//! (records differ widely in the time they take), and each result is printed as soon as it
//! and every result before it are in, so a long run shows its first files at once.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::output::{CliError, Output, write_stderr};
use crate::progress::Progress;

/// The options every batch command adds to its own.
#[derive(Debug, clap::Args)]
pub struct BatchArgs {
    /// Also run on every path listed in this file, one per line, relative to the current
    /// directory as on the command line (blank lines skipped; `-` reads the list from stdin).
    /// A listed directory stands for its records.
    /// Example: `--list records.txt`.
    #[arg(long, value_name = "FILE")]
    pub list: Option<PathBuf>,
    /// Threads to run the files on, each taking the next file when it finishes one (default:
    /// every core). Example: `--threads 2`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

impl BatchArgs {
    /// The threads asked for, else every core.
    pub fn thread_count(&self) -> usize {
        self.threads
            .map_or_else(board_core::parallel::available_threads, |n| n as usize)
    }
}

/// What a batch command runs on.
#[derive(Debug, PartialEq)]
pub enum Inputs {
    /// One file named on the command line: the command's output is exactly the
    /// single-file output.
    One(PathBuf),
    /// Several files (or a directory, or a list): one result per file, in this order.
    Many(Vec<PathBuf>),
}

impl Inputs {
    /// The files to run on: `paths` in the order given, then the lines of `list`; a
    /// directory stands for its files whose extension (compared without case) is one of
    /// `extensions`, sorted by name. Only one plain file and no list is [`Inputs::One`].
    pub fn collect(
        paths: &[PathBuf],
        list: Option<&Path>,
        extensions: &[&str],
    ) -> Result<Self, CliError> {
        if let ([path], None) = (paths, list) {
            if !path.is_dir() {
                return Ok(Inputs::One(path.clone()));
            }
        }
        let mut named = paths.to_vec();
        if let Some(list) = list {
            named.extend(read_list(list)?);
        }
        let mut files = Vec::new();
        for path in named {
            if path.is_dir() {
                let records = records_in(&path, extensions)?;
                if records.is_empty() {
                    return Err(CliError::bad_input(format!(
                        "{}: no records in the directory (files ending in .{})",
                        path.display(),
                        extensions.join(", .")
                    )));
                }
                files.extend(records);
            } else {
                files.push(path);
            }
        }
        if files.is_empty() {
            return Err(CliError::bad_input("no files to run on"));
        }
        Ok(Inputs::Many(files))
    }
}

/// The paths of a list file (or of stdin for `-`), one per line; blank lines are skipped and
/// a carriage return before the line end is dropped.
fn read_list(list: &Path) -> Result<Vec<PathBuf>, CliError> {
    let mut text = String::new();
    let read = if list == Path::new("-") {
        std::io::stdin().read_to_string(&mut text)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_string(&mut text))
    };
    read.map_err(|e| CliError::bad_input(format!("--list {}: {e}", list.display())))?;
    Ok(text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.trim().is_empty())
        .map(PathBuf::from)
        .collect())
}

/// The files of `dir` (not its subdirectories) with one of `extensions`, sorted by name.
fn records_in(dir: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, CliError> {
    let unreadable = |e: std::io::Error| CliError::bad_input(format!("{}: {e}", dir.display()));
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        let wanted = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
        if wanted && path.is_file() {
            files.push(path);
        }
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(files)
}

/// Runs `job` on every file (with its index in `files`) on `threads` threads, with a progress
/// line (`label`, files done out of all) on a terminal, and prints each file's result on
/// stdout as soon as it and every file before it are done, in input order: its text under a
/// header, or (with `--json`) its element of the one array, written element by element so
/// that the document is whole when the run ends. Only the results waiting for an earlier
/// file are held in memory. Each file's warnings and errors are written on stderr as it is
/// printed, so the document on stdout carries them only inside each file's own entry. A
/// write that fails (a reader that closed the pipe, a full disk) stops the run: no file is
/// started after it, and `main` reports the error.
pub fn run(
    files: &[PathBuf],
    threads: usize,
    label: &str,
    job: impl Fn(usize, &Path) -> Result<Output, CliError> + Sync,
) -> Output {
    let done = AtomicU64::new(0);
    let total = u64::try_from(files.len()).unwrap_or(u64::MAX);
    let indices: Vec<usize> = (0..files.len()).collect();
    let json = crate::output::json();
    let mut code = 0;
    let mut written = Ok(());
    Progress::new(label).files(&done, total).run(|| {
        board_core::parallel::for_each_in_order(
            &indices,
            threads,
            || (),
            |(), &i| {
                let result = job(i, &files[i]);
                done.fetch_add(1, Ordering::Relaxed);
                result
            },
            |i, result| {
                let (piece, file_code) = piece(i, &files[i], &result, json);
                code = worst(code, file_code);
                written = crate::progress::print_above(&piece);
                if written.is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            },
        )
    });
    if json && written.is_ok() {
        written = crate::progress::print_above("]\n");
    }
    Output::streamed(written, code)
}

/// What a batch prints for the file at `index` of the run, and the file's exit code: its
/// text under a `==> PATH <==` header (a blank line before every header but the first), or
/// its element of the JSON array (`[` before the first, `,` before the others); its
/// warnings and error go to stderr on the way. The pieces joined are exactly the text, or
/// the compact JSON array, that the whole run would give at once.
fn piece(index: usize, file: &Path, result: &Result<Output, CliError>, json: bool) -> (String, u8) {
    let name = file.display().to_string();
    let (entry, file_code) = match result {
        Ok(out) => {
            for warning in &out.warnings {
                write_stderr(&format!("arbiter: warning: {}\n", naming(&name, warning)));
            }
            let entry = json.then(|| {
                serde_json::json!({"file": name, "exit_code": out.exit_code,
                                   "result": out.json_document()})
            });
            (entry, out.exit_code)
        }
        Err(e) => {
            let message = e.one_line();
            write_stderr(&format!("arbiter: {}\n", naming(&name, &message)));
            let entry = json.then(|| {
                serde_json::json!({"file": name, "exit_code": e.exit_code(),
                                   "error": {"kind": e.kind(), "message": message}})
            });
            (entry, e.exit_code())
        }
    };
    if let Some(entry) = entry {
        let before = if index == 0 { '[' } else { ',' };
        return (format!("{before}{entry}"), file_code);
    }
    let mut text = String::new();
    if index > 0 {
        text.push('\n');
    }
    text.push_str(&format!("==> {name} <==\n"));
    match result {
        Ok(out) => text.push_str(&out.text),
        Err(e) => text.push_str(&format!("error: {}", e.one_line())),
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    (text, file_code)
}

/// `message` as a stderr line of a batch: prefixed with the file's name unless it names the
/// file already (most read and parse errors do).
fn naming(name: &str, message: &str) -> String {
    if message.contains(name) {
        message.to_string()
    } else {
        format!("{name}: {message}")
    }
}

/// The exit code of a run from two files' codes: the more serious wins. A failure the input
/// cannot explain (1) outranks bad input (2), which outranks a search stopped on a limit (4),
/// which outranks an undecided verdict (3); every one outranks success (0).
pub fn worst(a: u8, b: u8) -> u8 {
    fn rank(code: u8) -> u8 {
        match code {
            0 => 0,
            3 => 1,
            4 => 2,
            2 => 3,
            _ => 4,
        }
    }
    if rank(b) > rank(a) { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's exit codes: 1 internal, 2 bad input, 3 undecided, 4 limit; a batch with
    /// a bad file exits 2 whatever the others did, unless something failed that the input
    /// cannot explain.
    #[test]
    fn the_worst_code_wins_in_either_order() {
        let cases = [
            (0, 0, 0),
            (0, 3, 3),
            (3, 4, 4),
            (4, 2, 2),
            (3, 2, 2),
            (2, 1, 1),
            (0, 4, 4),
        ];
        for (a, b, expected) in cases {
            assert_eq!(worst(a, b), expected, "worst({a}, {b})");
            assert_eq!(worst(b, a), expected, "worst({b}, {a})");
        }
    }

    #[test]
    fn one_plain_file_is_a_single_run_and_anything_more_a_batch() {
        let one = [PathBuf::from("a.sgf")];
        assert_eq!(
            Inputs::collect(&one, None, &["sgf"]).unwrap(),
            Inputs::One(PathBuf::from("a.sgf"))
        );
        let two = [PathBuf::from("b.sgf"), PathBuf::from("a.sgf")];
        assert_eq!(
            Inputs::collect(&two, None, &["sgf"]).unwrap(),
            Inputs::Many(two.to_vec()),
            "files named on the command line keep their order"
        );
    }

    #[test]
    fn a_directory_stands_for_its_records_sorted_by_name() {
        let dir = std::env::temp_dir().join(format!("arbiter-batch-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub.sgf")).unwrap();
        for name in ["b.SGF", "a.sgf", "notes.md", "c.txt"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let found = Inputs::collect(std::slice::from_ref(&dir), None, &["sgf", "txt"]);
        let names: Vec<String> = match found.unwrap() {
            Inputs::Many(files) => files
                .iter()
                .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
                .collect(),
            Inputs::One(f) => panic!("a directory is a batch, not {}", f.display()),
        };
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(names, ["a.sgf", "b.SGF", "c.txt"]);
    }
}
