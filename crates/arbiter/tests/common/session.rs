//! Line-protocol servers under test (`arbiter gtp`, `arbiter usi`, a peer such as GNU Go),
//! driven over their stdin and stdout as a controller or a GUI drives them: one place that
//! starts the program, writes command lines and frames the answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running server: its command lines go in one at a time, its answers are read as they
/// come.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    /// `arbiter ARGS` (`gtp …`, `usi`), started from the workspace root so that the
    /// README's relative paths (`loadsgf examples/go/…`) read.
    pub fn arbiter(args: &[&str]) -> Session {
        Session::program(env!("CARGO_BIN_EXE_arbiter"), args)
    }

    /// Any program speaking a line protocol (a peer), started from the workspace root; what
    /// it writes on stderr is dropped.
    pub fn program(program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Session {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server runs");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// Writes one command line (the line end is added) and flushes it.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open until finish");
        writeln!(stdin, "{line}").expect("the server reads its input");
        stdin.flush().expect("the server reads its input");
    }

    /// The lines read up to and including the first that starts with `prefix` (USI answers
    /// end on `usiok`, `readyok`, `checkmate …`, `bestmove …`), without their line ends.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "the server closed stdout before {prefix:?}: {lines:?}"
            );
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Writes a whole script at once, closes stdin (the end of input ends a session) and
    /// returns everything the server wrote and its exit code. A server that refused its
    /// start options may end before reading the script; that is not an error here.
    pub fn run(mut self, script: &str) -> (String, Option<i32>) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(script.as_bytes());
        }
        self.finish()
    }

    /// Closes stdin, reads what the server still writes and waits for it to end: the rest
    /// of stdout and the exit code.
    pub fn finish(mut self) -> (String, Option<i32>) {
        drop(self.stdin.take());
        let mut rest = String::new();
        self.stdout
            .read_to_string(&mut rest)
            .expect("the server writes UTF-8");
        let status = self.child.wait().expect("the server ends");
        (rest, status.code())
    }
}

/// The answers of a GTP transcript, each without the empty line that closes it (GTP version
/// 2, draft 2, 2.9-2.11: `=[id] result` or `?[id] message`, then an empty line).
pub fn gtp_answers(stdout: &str) -> Vec<&str> {
    assert!(
        stdout.ends_with("\n\n"),
        "every answer ends with an empty line: {stdout:?}"
    );
    stdout.trim_end_matches('\n').split("\n\n").collect()
}
