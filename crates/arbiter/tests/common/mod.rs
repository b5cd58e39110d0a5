//! What every CLI test file needs: run the built binary from the workspace root, so that
//! paths such as `examples/go/explanation.txt` read as the README writes them.

// Only the protocol tests drive servers; every other test binary leaves this part unused.
#[allow(dead_code)]
pub mod session;

// Only the test files that write files use it.
#[allow(dead_code)]
pub mod scratch;

use std::process::{Command, Output};

pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the arbiter binary runs")
}
