#![warn(missing_docs)]
//! Shared machinery of the per-crate diagram snapshot suites (`tests/diagrams.rs`).
//!
//! This is test support, not part of any published API: the rule crates take it as a
//! dev-dependency and `cargo xtask test-diagrams` reads the report it writes.
//!
//! Each suite runs `insta::glob!` over `diagrams/<game>/*.txt` and hands every file to
//! [`Suite::check`], which parses it, runs the crate's checks, catches a failure so the
//! other diagrams still run, and appends `PASS <game>/<file>` or `FAIL <game>/<file>:
//! <reason>` to the file named by [`REPORT_ENV`] when that variable is set (that is how
//! `cargo xtask test-diagrams` learns each diagram's outcome). [`Suite::finish`] fails
//! the test if any diagram failed. [`assert_snapshots_referenced`] makes plain
//! `cargo test` fail when a snapshot outlives its diagram file.

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use board_core::diagram::file::{DiagramFile, parse_file_bytes};
use board_core::diagram::{Cell, Diagram, FilePlace, RankSide, Stone, parse, render};

/// Environment variable naming the file that per-diagram outcomes are appended to.
pub const REPORT_ENV: &str = "ARBITER_DIAGRAM_REPORT";

/// Snapshot files of a suite start with this: the test file is `tests/diagrams.rs`.
pub const SNAPSHOT_PREFIX: &str = "diagrams__";

/// Collects the outcomes of one suite run.
#[derive(Debug, Default)]
pub struct Suite {
    failures: Vec<String>,
    passed: usize,
}

impl Suite {
    /// A suite with no outcome yet.
    pub fn new() -> Self {
        Suite::default()
    }

    /// Reads and parses the diagram file at `path`, then runs `check` on it. A parse
    /// error or a panic in `check` (a failed assertion, or a snapshot mismatch when
    /// `INSTA_GLOB_FAIL_FAST=1`) marks the diagram as failed; the outcome is reported.
    pub fn check(&mut self, path: &Path, check: impl FnOnce(&DiagramFile)) {
        self.run(path, |bytes| {
            let file = parse_file_bytes(bytes).map_err(|e| e.to_string())?;
            check(&file);
            Ok(())
        });
    }

    /// Like [`Suite::check`] for files that carry their own format (a game's case files
    /// with a board the game crate reads itself): `check` gets the file's text.
    pub fn check_text(&mut self, path: &Path, check: impl FnOnce(&str)) {
        self.run(path, |bytes| {
            let text = std::str::from_utf8(bytes)
                .map_err(|e| format!("not UTF-8 (invalid byte at offset {})", e.valid_up_to()))?;
            check(text);
            Ok(())
        });
    }

    fn run(&mut self, path: &Path, check: impl FnOnce(&[u8]) -> Result<(), String>) {
        let name = case_name(path);
        let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
            let bytes = fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
            check(&bytes)
        }));
        let outcome = match outcome {
            Ok(result) => result,
            Err(panic) => Err(panic_message(panic.as_ref())),
        };
        report(&name, &outcome);
        match outcome {
            Ok(()) => self.passed += 1,
            Err(why) => self.failures.push(format!("{name}: {why}")),
        }
    }

    /// Fails the test if any diagram failed.
    pub fn finish(self) {
        assert!(
            self.failures.is_empty(),
            "{} of {} diagrams failed:\n{}",
            self.failures.len(),
            self.failures.len() + self.passed,
            self.failures.join("\n")
        );
    }
}

/// `<game>/<file>`: the diagram's directory name and file name.
pub fn case_name(path: &Path) -> String {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy())
        .unwrap_or_default();
    match path.parent().and_then(Path::file_name) {
        Some(dir) => format!("{}/{}", dir.to_string_lossy(), file),
        None => file.into_owned(),
    }
}

/// The diagram's file name, used as the snapshot suffix (`diagrams__…@<file>.snap`).
pub fn case_file(path: &Path) -> String {
    path.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "panicked".to_string()
    }
}

/// Appends one outcome line to the report file, if one is named.
fn report(name: &str, outcome: &Result<(), String>) {
    let Some(target) = std::env::var_os(REPORT_ENV) else {
        return;
    };
    let line = match outcome {
        Ok(()) => format!("PASS {name}\n"),
        Err(why) => {
            let mut why: String = why
                .split('\n')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" | ");
            if why.chars().count() > 300 {
                why = why.chars().take(300).collect::<String>() + "…";
            }
            format!("FAIL {name}: {why}\n")
        }
    };
    let written = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&target)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = written {
        eprintln!(
            "cannot write diagram report {}: {e}",
            PathBuf::from(target).display()
        );
    }
}

/// Asserts that rendering the diagram and parsing the result gives the diagram back.
pub fn assert_round_trip(d: &Diagram) {
    let text = render(d);
    match parse(&text) {
        Ok(back) => assert_eq!(&back, d, "parse(render(d)) differs; rendered:\n{text}"),
        Err(e) => panic!("rendered diagram does not parse ({e}):\n{text}"),
    }
}

/// The generic part of a diagram snapshot: header, size, labels, what is drawn, whether
/// rendering reproduces the file's drawing, and the rendered drawing.
pub fn describe(file: &DiagramFile) -> String {
    let d = &file.diagram;
    let mut s = String::new();
    for key in ["source", "figure"] {
        let _ = writeln!(s, "{key}: {}", file.header.get(key).unwrap_or(""));
    }
    let _ = writeln!(s, "size: {} columns x {} rows", d.width, d.height);
    if let Some(labels) = &d.rank_labels {
        let side = match d.layout.rank_side {
            RankSide::Left => "left",
            RankSide::Right => "right",
            RankSide::Both => "both sides",
        };
        let _ = writeln!(
            s,
            "rank labels ({side}, top to bottom): {}",
            labels.join(" ")
        );
    }
    if let Some(labels) = &d.file_labels {
        let place = match d.layout.file_place {
            FilePlace::Above => "above",
            FilePlace::Below => "below",
            FilePlace::Both => "above and below",
        };
        let _ = writeln!(
            s,
            "file labels ({place}, left to right): {}",
            labels.join(" ")
        );
    }
    let black = d.count_stones(Stone::Black);
    let white = d.count_stones(Stone::White);
    if black + white > 0 {
        let _ = writeln!(s, "stones drawn: black {black}, white {white}");
    }
    let mut tokens: Vec<(String, usize)> = Vec::new();
    for cell in &d.cells {
        if matches!(cell, Cell::Mark(_) | Cell::Piece(_)) {
            let t = cell.token();
            match tokens.iter_mut().find(|x| x.0 == t) {
                Some(x) => x.1 += 1,
                None => tokens.push((t, 1)),
            }
        }
    }
    if !tokens.is_empty() {
        tokens.sort();
        let list: Vec<String> = tokens.iter().map(|(t, n)| format!("{t}={n}")).collect();
        let _ = writeln!(s, "marks and pieces drawn: {}", list.join(" "));
    }
    let empty = d.cells.iter().filter(|c| c.is_empty()).count();
    let _ = writeln!(s, "empty points drawn: {empty}");
    let notes: Vec<String> = d
        .notes
        .iter()
        .enumerate()
        .filter_map(|(r, n)| {
            let rank = d.rank_labels.as_ref().and_then(|l| l.get(r));
            let at = match rank {
                Some(label) => format!("row {} (rank {label})", r + 1),
                None => format!("row {}", r + 1),
            };
            n.as_ref().map(|n| format!("  {at}: {n}"))
        })
        .collect();
    if !notes.is_empty() {
        let _ = writeln!(s, "notes beside rows:\n{}", notes.join("\n"));
    }
    if !file.expect.is_empty() {
        let list: Vec<String> = file
            .expect
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let _ = writeln!(s, "expect: {}", list.join(" "));
    }
    let rendered = render(d);
    let same = rendered.trim_end() == file.board_text.trim_end();
    let _ = writeln!(
        s,
        "render reproduces the file's drawing: {}",
        if same { "yes" } else { "no" }
    );
    let _ = write!(s, "\n{rendered}");
    s
}

/// The `expect:` keys of `file` that `readme` (the diagrams README, whose key tables write
/// each key as `` `key` ``) does not document.
pub fn undocumented_keys(file: &DiagramFile, readme: &str) -> Vec<String> {
    file.expect
        .keys()
        .filter(|k| !readme.contains(&format!("`{k}`")))
        .cloned()
        .collect()
}

/// Fails if an `expect:` key of `file` is missing from the README next to the diagrams
/// (`<diagram_dir>/../README.md`), so every machine-readable fact has a written meaning.
pub fn assert_keys_documented(file: &DiagramFile, diagram_dir: &Path) {
    let readme_path = diagram_dir.join("..").join("README.md");
    let readme_path = readme_path.canonicalize().unwrap_or(readme_path);
    let readme = fs::read_to_string(&readme_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", readme_path.display()));
    let missing = undocumented_keys(file, &readme);
    assert!(
        missing.is_empty(),
        "expect keys not documented in {}: {missing:?}",
        readme_path.display()
    );
}

/// Snapshots of the suite (`diagrams__*@<file>.snap` in `snapshot_dir`) whose diagram
/// file no longer exists in `diagram_dir`.
pub fn unreferenced_snapshots(
    snapshot_dir: &Path,
    diagram_dir: &Path,
) -> std::io::Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(snapshot_dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name
            .strip_prefix(SNAPSHOT_PREFIX)
            .and_then(|n| n.strip_suffix(".snap"))
        else {
            continue;
        };
        // Every snapshot of the suite names its diagram after `@`; one that does not is
        // left over from an older naming.
        let referenced = stem
            .split_once('@')
            .is_some_and(|(_, diagram)| diagram_dir.join(diagram).is_file());
        if !referenced {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Fails if a snapshot of the suite has no diagram file any more.
pub fn assert_snapshots_referenced(snapshot_dir: &Path, diagram_dir: &Path) {
    match unreferenced_snapshots(snapshot_dir, diagram_dir) {
        Ok(stale) => assert!(
            stale.is_empty(),
            "snapshots without a diagram in {} (delete them): {:?}",
            diagram_dir.display(),
            stale
        ),
        Err(e) => panic!("cannot list {}: {e}", snapshot_dir.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_unreferenced_snapshots() {
        let root = std::env::temp_dir().join(format!("diagram-suite-{}", std::process::id()));
        let (snaps, diagrams) = (root.join("snapshots"), root.join("go"));
        fs::create_dir_all(&snaps).unwrap();
        fs::create_dir_all(&diagrams).unwrap();
        fs::write(diagrams.join("000-fig5.txt"), "").unwrap();
        for name in [
            "diagrams__round_trip@000-fig5.txt.snap",
            "diagrams__round_trip@000-gone.txt.snap",
            "diagrams__round_trip.snap",
            "other__test.snap",
            "diagrams__round_trip@000-fig5.txt.snap.new",
        ] {
            fs::write(snaps.join(name), "").unwrap();
        }
        let stale = unreferenced_snapshots(&snaps, &diagrams).unwrap();
        let names: Vec<_> = stale.iter().map(|p| case_file(p)).collect();
        assert_eq!(
            names,
            [
                "diagrams__round_trip.snap",
                "diagrams__round_trip@000-gone.txt.snap"
            ]
        );
        assert!(
            unreferenced_snapshots(&root.join("missing"), &diagrams)
                .unwrap()
                .is_empty()
        );
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn names_cases_and_keys() {
        assert_eq!(
            case_name(Path::new("/w/diagrams/go/000-fig5.txt")),
            "go/000-fig5.txt"
        );
        let file =
            board_core::diagram::parse_file("# source: s\n# figure: f\n# expect: a_b=1 c=2\n\n●\n")
                .unwrap();
        assert_eq!(undocumented_keys(&file, "| `a_b` | x |"), ["c"]);
    }
}
