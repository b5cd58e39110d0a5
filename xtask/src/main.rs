//! Maintainer tasks for the arbiter workspace.
//!
//! `cargo xtask test-diagrams [--filter <glob>] [--update]` runs every crate's diagram
//! snapshot suite (`crates/*/tests/diagrams.rs`), prints one `PASS`/`FAIL` line per
//! diagram, flags pending and unreferenced snapshots, ends with
//! `test-diagrams: N passed, M failed` and exits non-zero on any failure.
//!
//! `cargo xtask render-diagrams [--out DIR]` writes an SVG picture of every diagram file
//! (see the `render` module).
//!
//! `cargo xtask fuzz [--seconds N] [--target T] [--list]` fuzzes every parser and entry point
//! of the library crates (see the `fuzz` module).

mod fuzz;
mod glob;
mod render;
mod suites;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask test-diagrams [--filter <glob>] [--update]
       cargo xtask fuzz --help
       cargo xtask render-diagrams [--out DIR]

  --filter <glob>  run only diagrams whose name matches: `000-fig*` matches file names,
                   `go/*` or `shogi/004-*` match <game>/<file> (`*` and `?` wildcards)
  --update         accept new and changed snapshots (INSTA_UPDATE=always) and delete
                   pending and unreferenced ones";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("test-diagrams") => match suites::Options::parse(&args[1..]) {
            Ok(options) => suites::test_diagrams(&options),
            Err(why) => {
                eprintln!("{why}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("render-diagrams") => match render::Options::parse(&args[1..]) {
            Ok(options) => render::run(&options),
            Err(why) => {
                eprintln!("{why}\n{}", render::USAGE);
                ExitCode::from(2)
            }
        },
        Some("fuzz") if args[1..].iter().any(|a| a == "-h" || a == "--help") => {
            println!("{}", fuzz::USAGE);
            ExitCode::SUCCESS
        }
        Some("fuzz") => match fuzz::Options::parse(&args[1..]) {
            Ok(options) => fuzz::run(&options),
            Err(why) => {
                eprintln!("{why}\n{}", fuzz::USAGE);
                ExitCode::from(2)
            }
        },
        // The process that fuzzes one target for `fuzz` (not for direct use).
        Some("fuzz-child") => fuzz::child(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown task `{other}`\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
