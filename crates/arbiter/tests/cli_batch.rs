//! Batch runs (README, "Many files at once"): `go score`, `shogi convert` and `xiangqi
//! adjudicate` on several files, a directory or a `--list`, one result per file in input
//! order. The oracle of every test is the single-file run of the same command: a batch must
//! print, for each file, exactly what that file alone prints (its text under a `==> PATH <==`
//! header, its document as `result` of the array), whatever the thread count.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::arbiter;
use serde_json::Value;

const GO_DIR: &str = "examples/go";
/// The records of `examples/go` that `go score` takes from the directory, sorted by name
/// (its README.md is neither SGF nor a diagram).
const GO_RECORDS: [&str; 2] = [
    "examples/go/explanation.txt",
    "examples/go/gosei-23-t06.sgf",
];
const PGN_DIR: &str = "xtask/corpus/pgn";

/// The workspace root, where the commands run and the relative paths above are read from.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// `args` then `extra`, as one argument list.
fn with(args: &[&str], extra: &[&str]) -> Vec<String> {
    args.iter().chain(extra).map(|s| (*s).to_string()).collect()
}

fn run(args: &[String]) -> std::process::Output {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    arbiter(&refs)
}

/// The text a batch must print: each file's own output under its header, a blank line
/// between files.
fn expected_text(command: &[&str], files: &[&str], options: &[&str]) -> String {
    let mut text = String::new();
    for file in files {
        if !text.is_empty() {
            text.push('\n');
        }
        let mut args = with(command, &[file]);
        args.extend(options.iter().map(|s| (*s).to_string()));
        let alone = run(&args);
        assert_eq!(alone.status.code(), Some(0), "{file}");
        text.push_str(&format!("==> {file} <==\n{}", stdout(&alone)));
    }
    text
}

/// A fresh directory in this test's scratch directory (removed when the test ends).
fn temp_dir(name: &str) -> PathBuf {
    let dir = common::scratch::path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_directory_gives_each_record_its_own_output_in_name_order() {
    let command = ["go", "score"];
    let options = ["--method", "area"];
    let expected = expected_text(&command, &GO_RECORDS, &options);
    for threads in ["1", "2"] {
        let out = run(&with(
            &command,
            &[GO_DIR, "--method", "area", "--threads", threads],
        ));
        assert_eq!(out.status.code(), Some(0), "--threads {threads}");
        assert_eq!(stdout(&out), expected, "--threads {threads}");
    }
}

#[test]
fn json_is_one_array_holding_each_files_own_document() {
    let out = run(&with(&["go", "score", "--json"], &GO_RECORDS));
    assert_eq!(out.status.code(), Some(0));
    let docs: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let docs = docs.as_array().expect("an array");
    assert_eq!(docs.len(), GO_RECORDS.len());
    for (entry, file) in docs.iter().zip(GO_RECORDS) {
        let alone: Value =
            serde_json::from_slice(&arbiter(&["go", "score", file, "--json"]).stdout)
                .expect("one JSON document");
        assert_eq!(entry["file"], file);
        assert_eq!(entry["exit_code"], 0);
        assert_eq!(entry["result"], alone, "{file}");
    }
}

#[test]
fn a_bad_file_fills_its_slot_and_the_run_goes_on_with_exit_code_2() {
    let files = [GO_RECORDS[0], "no/such/file.sgf", GO_RECORDS[1]];
    let bad = arbiter(&["go", "score", files[1]]);
    assert_eq!(bad.status.code(), Some(2));
    // the single run's one stderr line, without its "arbiter: " prefix
    let stderr = String::from_utf8(bad.stderr).unwrap();
    let message = stderr.trim_end().strip_prefix("arbiter: ").unwrap();

    let out = run(&with(&["go", "score"], &files));
    assert_eq!(
        out.status.code(),
        Some(2),
        "a bad input makes the run's code 2"
    );
    let text = stdout(&out);
    let slots: Vec<&str> = text.split("==> ").skip(1).collect();
    assert_eq!(slots.len(), 3, "{text}");
    assert_eq!(slots[1], format!("{} <==\nerror: {message}\n\n", files[1]));
    assert!(
        slots[2].starts_with(&format!("{} <==\nW+", files[2])),
        "{text}"
    );
    assert!(
        String::from_utf8(out.stderr).unwrap().contains(message),
        "the error is also on stderr"
    );

    let out = run(&with(&["go", "score", "--json"], &files));
    assert_eq!(out.status.code(), Some(2));
    let docs: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(docs[1]["exit_code"], 2);
    assert_eq!(docs[1]["error"]["kind"], "bad_input");
    assert_eq!(docs[1]["error"]["message"], message);
    assert!(docs[1].get("result").is_none());
    assert_eq!(docs[2]["exit_code"], 0);
}

#[test]
fn a_list_file_or_stdin_names_the_same_files_as_the_command_line() {
    let expected = stdout(&run(&with(&["go", "score"], &GO_RECORDS)));
    let dir = temp_dir("list");
    let list = dir.join("records.txt");
    // blank lines are skipped, a Windows line end is read as a line end
    std::fs::write(&list, format!("{}\r\n\n{}\n", GO_RECORDS[0], GO_RECORDS[1])).unwrap();
    let out = arbiter(&["go", "score", "--list", list.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), expected);

    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["go", "score", "--list", "-"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let names = GO_RECORDS.join("\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(names.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), expected);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn one_file_prints_exactly_what_it_always_printed() {
    // No header and no array: the single-file contract of every README example.
    let out = arbiter(&["go", "score", GO_RECORDS[0], "--json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc.is_object(), "{doc}");
    assert!(!stdout(&arbiter(&["go", "score", GO_RECORDS[0]])).contains("==>"));
}

#[test]
fn options_that_write_one_file_refuse_several_inputs() {
    for args in [
        with(&["go", "score", "--svg", "x.svg"], &GO_RECORDS),
        with(&["go", "score", "--write-sgf", "x.sgf"], &GO_RECORDS),
        with(
            &["xiangqi", "adjudicate", "--svg", "x.svg", "--moves-file"],
            &[PGN_DIR],
        ),
        with(
            &["shogi", "convert", "--to", "kif"],
            &["examples/shogi/records"],
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn xiangqi_adjudicate_judges_every_game_file() {
    let mut files: Vec<String> = std::fs::read_dir(root().join(PGN_DIR))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".pgn"))
        .map(|name| format!("{PGN_DIR}/{name}"))
        .collect();
    files.sort();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let expected = expected_text(&["xiangqi", "adjudicate", "--moves-file"], &names, &[]);
    for args in [
        with(&["xiangqi", "adjudicate", "--moves-file"], &[PGN_DIR]),
        with(&["xiangqi", "adjudicate", "--moves-file"], &names),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&out), expected, "{args:?}");
    }
}

/// Every file of `dir`, by name, with its bytes.
fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn shogi_convert_writes_each_record_as_a_single_conversion_would() {
    let records = "examples/shogi/records";
    let batch = temp_dir("convert-batch");
    let out = arbiter(&[
        "shogi",
        "convert",
        records,
        "--to",
        "csa",
        "--output-dir",
        batch.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = files_of(&batch);
    let inputs = std::fs::read_dir(root().join(records)).unwrap().count();
    assert_eq!(written.len(), inputs, "one record written per input");
    // The oracle: each record converted alone with --output to the name the batch chose.
    // Two records differ only in their extension (kfw-handicap-kyo.kif and .ki2): both
    // keep it in their output name rather than one overwriting the other.
    let alone = temp_dir("convert-alone");
    for entry in std::fs::read_dir(root().join(records)).unwrap() {
        let input = entry.unwrap().path();
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let stem = input.file_stem().unwrap().to_string_lossy().into_owned();
        let target = if name.starts_with("kfw-handicap-kyo.") {
            format!("{name}.csa")
        } else {
            format!("{stem}.csa")
        };
        let single = arbiter(&[
            "shogi",
            "convert",
            input.to_str().unwrap(),
            "--to",
            "csa",
            "--output",
            alone.join(&target).to_str().unwrap(),
        ]);
        assert_eq!(single.status.code(), Some(0), "{name}");
    }
    assert_eq!(written, files_of(&alone));
    assert!(written.iter().any(|(n, _)| n == "kfw-handicap-kyo.ki2.csa"));
    std::fs::remove_dir_all(batch).unwrap();
    std::fs::remove_dir_all(alone).unwrap();
}

/// Runs a shell command line under `script` (util-linux), which gives it a terminal and
/// copies what it writes to its own stdout: whether the line succeeded, and the screen.
/// `None` when `script` is not installed.
fn on_a_terminal(line: &str) -> Option<(bool, String)> {
    let out = Command::new("script")
        .args(["-qec", line, "/dev/null"])
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

#[test]
fn on_a_terminal_the_line_counts_the_files_done() {
    // The first file is a named pipe (mkfifo, coreutils) whose writer waits 1.5 s, so the
    // batch (one thread) is still at 0 of 2 files after the first tick of a second, when the
    // line first shows (README, "Many files at once": the line counts the files done).
    let dir = temp_dir("progress");
    let fifo = dir.join("slow.txt");
    let line = format!(
        "mkfifo '{f}' && (sleep 1.5; cat {x} > '{f}') & sleep 0.2; timeout 30 '{bin}' go score '{f}' {x} --threads 1",
        f = fifo.display(),
        x = GO_RECORDS[0],
        bin = env!("CARGO_BIN_EXE_arbiter"),
    );
    let Some((ok, screen)) = on_a_terminal(&line) else {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    };
    std::fs::remove_dir_all(dir).unwrap();
    assert!(ok, "the batch ends well within its 30 s: {screen:?}");
    assert!(
        screen.contains("\r\x1b[2Karbiter: scoring... 1s, 0/2 files"),
        "{screen:?}"
    );
    assert!(
        screen.contains("==> examples/go/explanation.txt <=="),
        "{screen:?}"
    );
}

/// A running batch whose second file is a named pipe (mkfifo, coreutils) that nobody has
/// written yet: the run cannot finish until the test feeds it. `None` without `mkfifo`.
struct Held {
    child: std::process::Child,
    fifo: PathBuf,
    /// Everything the batch has written on stdout so far, filled by a reader thread.
    chunks: std::sync::mpsc::Receiver<Vec<u8>>,
    received: Vec<u8>,
    _dir: PathBuf,
}

impl Held {
    fn start(name: &str, files: [&str; 2], options: &[&str]) -> Option<Held> {
        let dir = temp_dir(name);
        let fifo = dir.join("held.txt");
        let made = Command::new("mkfifo").arg(&fifo).status().ok()?;
        assert!(made.success(), "mkfifo {}", fifo.display());
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["go", "score", files[0], fifo.to_str().unwrap(), files[1]])
            .args(options)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (send, chunks) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = std::io::Read::read(&mut stdout, &mut buffer) {
                if send.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Some(Held {
            child,
            fifo,
            chunks,
            received: Vec::new(),
            _dir: dir,
        })
    }

    /// Waits (at most 30 s) until what was received satisfies `enough`; false on time-out.
    fn wait_for(&mut self, enough: impl Fn(&[u8]) -> bool) -> bool {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !enough(&self.received) {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.received.extend(chunk),
                Err(_) => return false,
            }
        }
        true
    }

    /// What arrives within `wait` (the batch's other files are done by then).
    fn more_within(&mut self, wait: std::time::Duration) -> Vec<u8> {
        std::thread::sleep(wait);
        let mut more = Vec::new();
        while let Ok(chunk) = self.chunks.try_recv() {
            more.extend(chunk);
        }
        self.received.extend(&more);
        more
    }

    /// Writes `record` into the pipe, then waits for the batch to end: its exit code and all
    /// it wrote.
    fn release(mut self, record: &str) -> (Option<i32>, Vec<u8>) {
        std::fs::write(&self.fifo, std::fs::read(root().join(record)).unwrap()).unwrap();
        let status = self.child.wait().unwrap();
        while let Ok(chunk) = self.chunks.recv() {
            self.received.extend(chunk);
        }
        (status.code(), self.received)
    }
}

#[test]
fn each_result_is_printed_once_it_and_the_files_before_it_are_done() {
    // Files: a record, a pipe held unwritten, a record; two threads. The first record's
    // block must be on stdout while the pipe is still held (the contract of `batch::run`:
    // each result in input order as soon as it and the files before it are done); the last record,
    // done long before the pipe on the other thread, must wait for it. Oracle: the
    // single-file runs, under headers, in input order (the pipe is fed the first record).
    let [first, last] = GO_RECORDS;
    let Some(mut held) = Held::start("stream-text", [first, last], &["--threads", "2"]) else {
        eprintln!("skipped: mkfifo (coreutils) is not installed");
        return;
    };
    let fifo = held.fifo.display().to_string();
    let alone = |file: &str| stdout(&arbiter(&["go", "score", file]));
    let first_block = format!("==> {first} <==\n{}", alone(first));
    let shown = held.wait_for(|got| got.len() >= first_block.len());
    let early = String::from_utf8_lossy(&held.received).into_owned();
    let later = held.more_within(std::time::Duration::from_millis(500));
    let (code, all) = held.release(first);
    assert!(
        shown,
        "nothing printed while the second file was held: {early:?}"
    );
    assert_eq!(early, first_block, "only the first file's block is out");
    assert!(later.is_empty(), "the third file waits for the second");
    assert_eq!(code, Some(0));
    let expected = format!(
        "{first_block}\n==> {fifo} <==\n{}\n==> {last} <==\n{}",
        alone(first),
        alone(last)
    );
    assert_eq!(String::from_utf8(all).unwrap(), expected);
}

#[test]
fn json_is_written_element_by_element_and_is_one_valid_document_at_the_end() {
    // As above with --json: the first element is out (after the array's `[`) while the pipe
    // is held; at the end stdout is one document valid under schemas/go-score.schema.json
    // (its batch form) whose elements equal the single-file documents.
    let [first, last] = GO_RECORDS;
    let options = ["--threads", "2", "--json"];
    let Some(mut held) = Held::start("stream-json", [first, last], &options) else {
        eprintln!("skipped: mkfifo (coreutils) is not installed");
        return;
    };
    let fifo = held.fifo.display().to_string();
    let alone = |file: &str| -> Value {
        serde_json::from_slice(&arbiter(&["go", "score", file, "--json"]).stdout).unwrap()
    };
    let element = |got: &[u8]| {
        got.strip_prefix(b"[")
            .and_then(|rest| serde_json::from_slice::<Value>(rest).ok())
    };
    let shown = held.wait_for(|got| element(got).is_some());
    let early = element(&held.received);
    let later = held.more_within(std::time::Duration::from_millis(500));
    let (code, all) = held.release(first);
    assert!(shown, "no element printed while the second file was held");
    let expected_first = serde_json::json!({"file": first, "exit_code": 0, "result": alone(first)});
    assert_eq!(early, Some(expected_first.clone()));
    assert!(later.is_empty(), "the third element waits for the second");
    assert_eq!(code, Some(0));
    let doc: Value = serde_json::from_slice(&all).expect("one JSON document at the end");
    let schema: Value = serde_json::from_slice(
        &std::fs::read(root().join("schemas/go-score.schema.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}\n{doc}");
    let files = [first, fifo.as_str(), last];
    let expected: Vec<Value> = files
        .iter()
        .zip([first, first, last])
        .map(|(file, record)| serde_json::json!({"file": file, "exit_code": 0, "result": alone(record)}))
        .collect();
    assert_eq!(doc, Value::Array(expected));
}
