//! How the binary meets its operating system: arguments arrive as OS strings (a Shift_JIS
//! file name from a Windows archive is not UTF-8), and stdout may be a pipe whose reader has
//! gone (`arbiter ... | head`) or a full disk (`> /dev/full`). The contract is the README's
//! "Command-line examples" section: bad input is exit 2 with one stderr line, a failure the
//! input cannot explain is exit 1 with one stderr line, and nothing ever panics.
#![cfg(unix)]

mod common;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output, Stdio};

use common::arbiter;

/// 棋譜 ("game record") followed by `.txt`, encoded in Shift_JIS (JIS X 0208 row 21 and 41:
/// 棋 = 0x8AFB, 譜 = 0x9588), as an archive made on a Japanese Windows names its files.
const SHIFT_JIS_NAME: &[u8] = b"\x8a\xfb\x95\x88.txt";

fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    command
}

fn run_os(args: Vec<OsString>) -> Output {
    command()
        .args(args)
        .output()
        .expect("the arbiter binary runs")
}

fn os(arg: &str) -> OsString {
    OsString::from(arg)
}

#[test]
fn a_non_utf8_option_value_is_bad_input_on_one_line() {
    let sjis = OsString::from_vec(SHIFT_JIS_NAME.to_vec());
    let out = run_os(vec![
        os("shogi"),
        os("perft"),
        os("--sfen"),
        sjis,
        os("--depth"),
        os("1"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).expect("the message itself is UTF-8");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("arbiter: "), "{stderr}");
    assert!(stderr.contains("not UTF-8"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_non_utf8_argument_with_json_gives_one_json_error() {
    let sjis = OsString::from_vec(SHIFT_JIS_NAME.to_vec());
    let out = run_os(vec![
        os("--json"),
        os("shogi"),
        os("perft"),
        os("--sfen"),
        sjis,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "bad_input");
    assert!(
        doc["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not UTF-8"))
    );
}

/// A file path is an OS string all the way down: the same bytes under a Shift_JIS name give the
/// same ruling as under the README's name.
#[test]
fn a_non_utf8_file_name_is_read() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let dir = common::scratch::dir();
    let renamed = dir.join(OsString::from_vec(SHIFT_JIS_NAME.to_vec()));
    std::fs::copy(format!("{root}/examples/go/explanation.txt"), &renamed).unwrap();

    let expected = arbiter(&["go", "score", "examples/go/explanation.txt", "--json"]);
    assert!(expected.status.success());
    let out = run_os(vec![
        os("go"),
        os("score"),
        renamed.into_os_string(),
        os("--json"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, expected.stdout);
}

/// The reader of the pipe closes it before arbiter writes: that ends the program quietly
/// (exit 0, nothing on stderr) where `print!` used to panic with "Broken pipe".
#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["shogi", "perft", "--sfen", "startpos", "--depth", "2"][..],
        &[
            "--json", "shogi", "perft", "--sfen", "startpos", "--depth", "2",
        ][..],
        &["--help"][..],
    ] {
        let mut child = command()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the arbiter binary runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Linux's /dev/full refuses every write with ENOSPC, as a full disk does: one stderr line,
/// exit 1 (a failure the input does not explain).
#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    for args in [
        &["shogi", "perft", "--sfen", "startpos", "--depth", "2"][..],
        &[
            "--json", "shogi", "perft", "--sfen", "startpos", "--depth", "2",
        ][..],
        &["--help"][..],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full exists on Linux");
        let out = command()
            .args(args)
            .stdout(Stdio::from(full))
            .output()
            .expect("the arbiter binary runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("arbiter: cannot write"), "{stderr}");
    }
}
