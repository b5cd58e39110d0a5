//! The `cli` target: command lines run through the built `arbiter` binary, each in a process
//! of its own with a short time limit, so that argument parsing and every subcommand meet
//! mutated arguments and tiny mutated input files.
//!
//! An input is the command line on its first line (split at blanks; `@in` stands for the
//! input file) and the input file's content on the lines after it. The child runs in a
//! scratch directory with no standard input. A finding is a process killed by a signal
//! (abort, stack overflow, the memory cap), the panic exit code 101, an exit code the tool
//! does not use, or a `--json` run whose standard output is not one JSON document. A run
//! past the time limit is stopped and not counted: the expensive commands are bounded by
//! their own default limits, which their tests check.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long one command line may run before it is stopped (not a finding).
const TIME_LIMIT: Duration = Duration::from_millis(800);

/// Longest command line and input file used; longer inputs are cut (the target is about
/// tiny inputs: large ones belong to the parser targets).
const MAX_ARGS: usize = 24;
const MAX_FILE_BYTES: usize = 4096;

/// Exit codes of `arbiter`: success, internal failure, bad input, undecided (`--strict`).
const EXIT_CODES: [i32; 4] = [0, 1, 2, 3];

/// The binary and the scratch directory, found on the first run.
static SETUP: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();

/// Removes the scratch directory, if a run made one: the fuzzing process calls it before it
/// exits, so that runs leave nothing behind in the temporary directory.
pub fn remove_scratch() {
    if let Some((_, scratch)) = SETUP.get() {
        let _ = std::fs::remove_dir_all(scratch);
    }
}

/// The `arbiter` binary beside the xtask binary `exe` (`cargo test` and `cargo build` put
/// both in the same directory).
fn binary_beside(exe: &Path) -> PathBuf {
    exe.with_file_name(format!("arbiter{}", std::env::consts::EXE_SUFFIX))
}

/// The arguments of the `cargo` call that builds the `arbiter` binary into the directory of
/// the xtask binary `exe` (`<target dir>/<profile dir>/xtask`): the same target directory,
/// and a profile whose output goes to that directory (`debug` holds the dev and test
/// profiles' builds, `release` the release and bench profiles', any other a custom profile
/// of its name).
fn build_args(exe: &Path) -> Vec<String> {
    let mut args: Vec<String> = ["build", "--quiet", "-p", "arbiter"]
        .map(String::from)
        .into();
    let dir = exe.parent();
    if let Some(target_dir) = dir.and_then(Path::parent) {
        args.push("--target-dir".into());
        args.push(target_dir.to_string_lossy().into_owned());
    }
    match dir.and_then(Path::file_name).and_then(|n| n.to_str()) {
        Some("debug") | None => {}
        Some(profile) => {
            args.push("--profile".into());
            args.push(profile.into());
        }
    }
    args
}

/// Builds the `arbiter` binary the target runs when it is missing (a fresh checkout that
/// has not run the tests), with the cargo that runs this task, so that the target does not
/// fail on its first input for want of it. Called before the targets start.
pub fn ensure_binary() -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the xtask binary: {e}"))?;
    let binary = binary_beside(&exe);
    if binary.is_file() {
        return Ok(());
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let args = build_args(&exe);
    eprintln!(
        "fuzz cli: building {} (cargo {})",
        binary.display(),
        args.join(" ")
    );
    let status = Command::new(&cargo)
        .args(&args)
        .status()
        .map_err(|e| format!("cannot run cargo to build {}: {e}", binary.display()))?;
    match status.success() && binary.is_file() {
        true => Ok(()),
        false => Err(format!(
            "{} is missing and `cargo {}` did not build it ({status})",
            binary.display(),
            args.join(" ")
        )),
    }
}

/// The `arbiter` binary beside this one (built by [`ensure_binary`] if need be) and a
/// scratch directory for input files and anything a command writes.
fn setup() -> &'static (PathBuf, PathBuf) {
    SETUP.get_or_init(|| {
        let exe = std::env::current_exe().expect("the xtask binary has a path");
        let binary = binary_beside(&exe);
        assert!(
            binary.is_file(),
            "{} is missing: build it first (cargo build -p arbiter, or cargo test)",
            binary.display()
        );
        let scratch = std::env::temp_dir().join(format!("arbiter-fuzz-cli-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).expect("a scratch directory");
        (binary, scratch)
    })
}

/// Runs one command line; panics on a finding.
pub fn run(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let (line, file) = text.split_once('\n').unwrap_or((&text, ""));
    let args: Vec<&str> = line.split_whitespace().take(MAX_ARGS).collect();
    // Paths stay inside the scratch directory (the child runs there): a mutated `--svg /x`
    // must not write anywhere else on the machine. FEN and SFEN keep their slashes.
    if args
        .iter()
        .any(|a| a.starts_with(['/', '~']) || a.contains("..") || a.contains("=/"))
    {
        return;
    }
    let (binary, scratch) = setup();
    let worker = std::thread::current().id();
    let input = scratch.join(format!("in-{worker:?}").replace(['(', ')'], ""));
    let file: String = file.chars().take(MAX_FILE_BYTES).collect();
    if std::fs::write(&input, file.as_bytes()).is_err() {
        return;
    }
    let input_path = input.to_string_lossy().into_owned();
    let args: Vec<&str> = args
        .iter()
        .map(|&a| if a == "@in" { input_path.as_str() } else { a })
        .collect();
    let json = options(&args).contains(&"--json");
    let Ok(mut child) = Command::new(binary)
        .args(&args)
        .current_dir(scratch)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        return;
    };
    let started = Instant::now();
    // Read the pipes on threads so that a child filling one cannot block.
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.take(1 << 20).read_to_end(&mut buf);
        }
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.take(1 << 16).read_to_end(&mut buf);
        }
        buf
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < TIME_LIMIT => {
                std::thread::sleep(Duration::from_millis(2));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let out = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    let Some(status) = status else {
        return; // stopped at the time limit: not a finding
    };
    let last_err = String::from_utf8_lossy(&err)
        .lines()
        .rfind(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string();
    match status.code() {
        None => panic!("arbiter {args:?} was killed by a signal ({status}): {last_err}"),
        Some(101) => panic!("arbiter {args:?} panicked: {last_err}"),
        Some(code) if !EXIT_CODES.contains(&code) => {
            panic!("arbiter {args:?} exited with {code}: {last_err}")
        }
        Some(_) => {}
    }
    if json && !asks_for_help_or_version(options(&args)) && !out.is_empty() {
        let text = String::from_utf8_lossy(&out);
        assert!(
            looks_like_one_json_document(&text),
            "arbiter {args:?} --json printed something other than one JSON document: {}",
            text.chars().take(200).collect::<String>()
        );
    }
}

/// The arguments that may be options: those before a `--`, after which every argument is a
/// value (a file named `--json` asks for no JSON; a finding of this target was that case,
/// `go score FILE -- --json` reading two files and printing text).
fn options<'a, 'b>(args: &'a [&'b str]) -> &'a [&'b str] {
    match args.iter().position(|&a| a == "--") {
        Some(i) => &args[..i],
        None => args,
    }
}

/// `--help` and `--version` print text even with --json, also inside a cluster of short flags
/// (`-hf` is `-h -f`; the first finding of this target was that case, a text help page after
/// `--json`, which is what clap is asked for).
fn asks_for_help_or_version(args: &[&str]) -> bool {
    args.iter().any(|a| {
        matches!(*a, "--help" | "--version" | "help")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains(['h', 'V']))
    })
}

/// The tool prints a `--json` document compactly on one line: an object or an array whose
/// brackets balance (outside strings) and close only at the end.
fn looks_like_one_json_document(text: &str) -> bool {
    let t = text.trim_end_matches('\n');
    if t.contains('\n') || !(t.starts_with('{') || t.starts_with('[')) {
        return false;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in t.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && i + c.len_utf8() != t.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0 && !in_string
}

#[cfg(test)]
mod tests {
    use super::{
        asks_for_help_or_version, build_args, looks_like_one_json_document as one, options,
    };
    use std::path::Path;

    #[test]
    fn the_binary_is_built_where_the_xtask_binary_is() {
        // The Cargo book ("Build cache"): the dev and test profiles build into
        // <target>/debug, release and bench into <target>/release, a custom profile into
        // <target>/<its name>.
        let args = |p: &str| build_args(Path::new(p)).join(" ");
        assert_eq!(
            args("/w/target/debug/xtask"),
            "build --quiet -p arbiter --target-dir /w/target"
        );
        assert_eq!(
            args("/w/target/release/xtask"),
            "build --quiet -p arbiter --target-dir /w/target --profile release"
        );
        assert_eq!(
            args("/tmp/t/profiling/xtask"),
            "build --quiet -p arbiter --target-dir /tmp/t --profile profiling"
        );
    }

    #[test]
    fn help_inside_a_cluster_of_short_flags_is_recognised() {
        // The minimised finding: `xiangqi perft --depth 2 -hf --json` prints help text.
        assert!(asks_for_help_or_version(&[
            "xiangqi", "perft", "--depth", "2", "-hf", "--json"
        ]));
        assert!(asks_for_help_or_version(&["go", "-V"]));
        assert!(!asks_for_help_or_version(&["go", "score", "--json", "-1"]));
    }

    #[test]
    fn arguments_after_a_double_dash_are_no_options() {
        // The minimised finding: `go score @ -- --json` names a file `--json` and prints
        // text, as clap (and POSIX argument syntax) reads everything after `--` as values.
        assert_eq!(
            options(&["go", "score", "@", "--", "--json"]),
            ["go", "score", "@"]
        );
        assert!(!options(&["go", "score", "--", "-h"]).contains(&"-h"));
        assert_eq!(
            options(&["go", "score", "--json"]),
            ["go", "score", "--json"]
        );
    }

    #[test]
    fn one_json_document_per_line_is_recognised() {
        assert!(one("{\"a\":[1,{\"b\":\"}\"}]}\n"));
        assert!(one("[1,2]"));
        assert!(!one("{\"a\":1}{\"b\":2}\n"));
        assert!(!one("{\"a\":1}\n{\"b\":2}\n"));
        assert!(!one("arbiter: error\n"));
        assert!(!one("{\"a\":\"unterminated}"));
    }
}
