//! Finding, running and judging the diagram snapshot suites.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::glob;

// The variable the suites append per-diagram outcomes to, and the file-name prefix of
// their snapshots: one definition, shared with the suites.
use diagram_suite::{REPORT_ENV, SNAPSHOT_PREFIX};

#[derive(Debug, Default)]
pub struct Options {
    /// (game glob, file glob)
    filter: Option<(String, String)>,
    update: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options::default();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--update" => options.update = true,
                "--filter" => {
                    let glob = it.next().ok_or("--filter needs a glob")?;
                    options.filter = Some(match glob.split_once('/') {
                        Some((game, file)) => (game.to_string(), file.to_string()),
                        None => ("*".to_string(), glob.clone()),
                    });
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        Ok(options)
    }

    fn wants_game(&self, game: &str) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|(g, _)| glob::matches(g, game))
    }

    fn wants_file(&self, file: &str) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|(_, f)| glob::matches(f, file))
    }
}

/// A crate's diagram suite.
#[derive(Debug)]
struct Suite {
    package: String,
    crate_dir: PathBuf,
    game: String,
    diagram_dir: PathBuf,
}

/// `cargo run` (the `cargo xtask` alias) sets `CARGO_MANIFEST_DIR` for the process it starts;
/// reading it at run time keeps the root right when one target directory serves several
/// checkouts and cargo reuses a binary built in another one.
fn workspace_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Every `crates/*/tests/diagrams.rs`, with the package name from its Cargo.toml and the
/// game directory (`diagrams/<game>`) its source names.
fn discover(root: &Path) -> Result<Vec<Suite>, String> {
    let crates = root.join("crates");
    let entries =
        fs::read_dir(&crates).map_err(|e| format!("cannot list {}: {e}", crates.display()))?;
    let mut suites = Vec::new();
    for entry in entries.flatten() {
        let crate_dir = entry.path();
        let test = crate_dir.join("tests").join("diagrams.rs");
        let Ok(source) = fs::read_to_string(&test) else {
            continue;
        };
        let manifest = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap_or_default();
        let package = package_name(&manifest).ok_or_else(|| {
            format!(
                "no package name in {}",
                crate_dir.join("Cargo.toml").display()
            )
        })?;
        let game = game_of(&source, root).ok_or_else(|| {
            format!(
                "{} names no existing diagrams/<game> directory",
                test.display()
            )
        })?;
        suites.push(Suite {
            package,
            diagram_dir: root.join("diagrams").join(&game),
            game,
            crate_dir,
        });
    }
    suites.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(suites)
}

/// `name = "…"` in the `[package]` table.
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let (true, Some(value)) = (in_package, line.strip_prefix("name")) {
            let value = value.trim_start().strip_prefix('=')?.trim();
            return Some(value.trim_matches('"').to_string());
        }
    }
    None
}

/// The first `diagrams/<game>` in the suite's source that exists in the workspace.
fn game_of(source: &str, root: &Path) -> Option<String> {
    source.match_indices("diagrams/").find_map(|(i, m)| {
        let rest = &source[i + m.len()..];
        let game: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        (!game.is_empty() && root.join("diagrams").join(&game).is_dir()).then_some(game)
    })
}

/// One line of output and whether it is a failure.
struct Verdict {
    line: String,
    failed: bool,
}

pub fn test_diagrams(options: &Options) -> ExitCode {
    let root = workspace_root();
    let suites = match discover(&root) {
        Ok(s) => s,
        Err(why) => {
            eprintln!("test-diagrams: {why}");
            println!("test-diagrams: 0 passed, 1 failed");
            return ExitCode::FAILURE;
        }
    };
    let mut verdicts = Vec::new();
    for suite in &suites {
        // `--update` clears pending and unreferenced snapshots before the run, so the
        // suite's own unreferenced-snapshot test passes.
        if options.update {
            verdicts.extend(snapshot_problems(suite, true));
        }
        let (mut diagrams, run_ok) = if options.wants_game(&suite.game) {
            run_suite(&root, suite, options)
        } else {
            (Vec::new(), true)
        };
        let problems = snapshot_problems(suite, false);
        if !run_ok && problems.is_empty() && diagrams.iter().all(|v| !v.failed) {
            diagrams.push(Verdict {
                line: format!(
                    "FAIL {}: cargo test failed although every diagram passed",
                    suite.package
                ),
                failed: true,
            });
        }
        verdicts.extend(diagrams);
        verdicts.extend(problems);
    }
    let failed = verdicts.iter().filter(|v| v.failed).count();
    let passed = verdicts.len() - failed;
    for v in &verdicts {
        println!("{}", v.line);
    }
    println!("test-diagrams: {passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs `cargo test -p <package> --test diagrams` and reads the per-diagram report;
/// also tells whether cargo succeeded.
fn run_suite(root: &Path, suite: &Suite, options: &Options) -> (Vec<Verdict>, bool) {
    let report = std::env::temp_dir().join(format!(
        "arbiter-diagram-report-{}-{}.txt",
        std::process::id(),
        suite.package
    ));
    let _ = fs::remove_file(&report);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args([
            "test",
            "--quiet",
            "--package",
            &suite.package,
            "--test",
            "diagrams",
        ])
        .env(REPORT_ENV, &report)
        // Make a snapshot mismatch panic inside the diagram's own check, so the suite
        // can report which diagram it was.
        .env("INSTA_GLOB_FAIL_FAST", "1")
        .env("INSTA_UPDATE", if options.update { "always" } else { "no" })
        .env_remove("INSTA_FORCE_PASS")
        .env_remove("INSTA_GLOB_FILTER");
    if let Some((_, file)) = &options.filter {
        cmd.env("INSTA_GLOB_FILTER", file);
    }
    let output = cmd.output();
    let report_text = fs::read_to_string(&report).unwrap_or_default();
    let _ = fs::remove_file(&report);

    let (status_ok, status_text, log) = match &output {
        Ok(out) => (
            out.status.success(),
            out.status.to_string(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        ),
        Err(e) => (false, format!("could not start cargo: {e}"), String::new()),
    };
    if !status_ok {
        eprintln!(
            "--- cargo test -p {} --test diagrams: {status_text}; last lines:",
            suite.package
        );
        let lines: Vec<&str> = log.lines().collect();
        for line in &lines[lines.len().saturating_sub(40)..] {
            eprintln!("    {line}");
        }
    }

    let mut outcomes: BTreeMap<String, Verdict> = BTreeMap::new();
    for line in report_text.lines() {
        let (failed, rest) = match line.split_once(' ') {
            Some(("PASS", rest)) => (false, rest),
            Some(("FAIL", rest)) => (true, rest),
            _ => continue,
        };
        let name = rest.split(": ").next().unwrap_or(rest).to_string();
        outcomes.insert(
            name,
            Verdict {
                line: line.to_string(),
                failed,
            },
        );
    }
    let mut verdicts = Vec::new();
    for file in diagram_files(&suite.diagram_dir) {
        if !options.wants_file(&file) {
            continue;
        }
        let name = format!("{}/{file}", suite.game);
        if let Some(v) = outcomes.get_mut(&name) {
            if v.failed && v.line.contains("snapshot assertion") && !has_snapshot(suite, &file) {
                v.line
                    .push_str(" (no snapshot yet: run with --update and read it)");
            } else if v.failed && v.line.contains("snapshot assertion") {
                let hint = format!(
                    " (snapshot differs: `cargo test -p {} --test diagrams` shows the diff)",
                    suite.package
                );
                v.line.push_str(&hint);
            }
        }
        verdicts.push(outcomes.remove(&name).unwrap_or_else(|| Verdict {
            line: format!("FAIL {name}: no outcome reported (cargo test: {status_text})"),
            failed: true,
        }));
    }
    verdicts.extend(outcomes.into_values());
    (verdicts, status_ok)
}

/// Whether the suite has a stored snapshot for the diagram file `file`.
fn has_snapshot(suite: &Suite, file: &str) -> bool {
    let suffix = format!("@{file}.snap");
    fs::read_dir(suite.crate_dir.join("tests").join("snapshots")).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(SNAPSHOT_PREFIX) && n.ends_with(&suffix))
        })
    })
}

/// The `*.txt` file names of a diagram directory, sorted.
fn diagram_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Pending snapshots (`.snap.new`, `.pending-snap`) and snapshots whose diagram file is
/// gone. With `--update` they are deleted instead of failing.
fn snapshot_problems(suite: &Suite, update: bool) -> Vec<Verdict> {
    let dir = suite.crate_dir.join("tests").join("snapshots");
    let Ok(entries) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    let mut verdicts = Vec::new();
    for name in names {
        let Some(stem) = name.strip_prefix(SNAPSHOT_PREFIX) else {
            continue;
        };
        let problem = if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
            "pending snapshot"
        } else if let Some(stem) = stem.strip_suffix(".snap") {
            let referenced = stem
                .split_once('@')
                .is_some_and(|(_, diagram)| suite.diagram_dir.join(diagram).is_file());
            if referenced {
                continue;
            }
            "unreferenced snapshot (its diagram file is gone)"
        } else {
            continue;
        };
        let path = dir.join(&name);
        let shown = path
            .strip_prefix(workspace_root())
            .unwrap_or(&path)
            .display()
            .to_string();
        if update {
            match fs::remove_file(&path) {
                Ok(()) => eprintln!("removed {problem}: {shown}"),
                Err(e) => verdicts.push(Verdict {
                    line: format!("FAIL {shown}: {problem}, cannot delete: {e}"),
                    failed: true,
                }),
            }
        } else {
            verdicts.push(Verdict {
                line: format!("FAIL {shown}: {problem}"),
                failed: true,
            });
        }
    }
    verdicts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_package_names() {
        let manifest = "[package]\nname = \"go-scoring\"\n[dependencies]\nname = \"x\"\n";
        assert_eq!(package_name(manifest).as_deref(), Some("go-scoring"));
        assert_eq!(package_name("[dependencies]\nname = \"x\"\n"), None);
    }

    #[test]
    fn parses_options() {
        let args = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let o = Options::parse(&args(&["--filter", "go/000-*", "--update"])).unwrap();
        assert!(o.update && o.wants_game("go") && !o.wants_game("shogi"));
        assert!(o.wants_file("000-fig5.txt") && !o.wants_file("004-initial.txt"));
        let o = Options::parse(&args(&["--filter", "004-*"])).unwrap();
        assert!(o.wants_game("go") && o.wants_file("004-initial.txt"));
        assert!(Options::parse(&args(&["--filter"])).is_err());
        assert!(Options::parse(&args(&["--bogus"])).is_err());
    }
}
