//! `cargo xtask fuzz`: a seeded mutation fuzzer over a checked-in seed corpus
//! (`xtask/corpus/<target>/`, plus the files of `examples/` and `diagrams/`).
//!
//! The stable toolchain has no libFuzzer, so inputs are mutated without coverage feedback
//! and run in-process under `catch_unwind` with a time limit each. Every target runs in a
//! child process of its own under an address-space cap, so that an abort (stack overflow,
//! allocation failure at the cap) is reported with the input that caused it instead of ending
//! the whole run.

mod cli;
mod engine;
mod mutate;
mod structured;
mod targets;

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::{Report, RunSettings};
use targets::{TARGETS, Target};

/// Usage of the fuzz task.
pub const USAGE: &str = "usage: cargo xtask fuzz [--seconds N] [--target T[,T…]]… [--list]
                        [--jobs J] [--seed S] [--hang-ms MS] [--memory-mb MB]

  --seconds N     time per target (default 10)
  --target T      run only these targets (repeatable, or comma-separated)
  --list          list the targets and exit
  --jobs J        targets run at once, each in its own process (default 2)
  --seed S        seed of the mutations (default 0: runs are reproducible)
  --hang-ms MS    an input running longer is a hang (default 2000)
  --memory-mb MB  address-space cap of each target's process (default 4096)
  --run FILE      run FILE once through the single --target given (a finding, say) and print
                  what it did and how long it took (repeatable)

`cargo xtask` builds the libraries unoptimised; `cargo run --profile test -p xtask -- fuzz …`
builds them as the tests do (opt-level 2, still unwinding), which CI uses so that the time
limit measures the code as shipped rather than the debug build. The `cli` target runs the
`arbiter` binary beside the xtask binary, and builds it there first when it is missing.

Findings are minimised and written to target/fuzz-findings/<target>/; the exit code is 1 when
any target found a panic, a hang or an abort.";

/// Options of `cargo xtask fuzz`.
#[derive(Clone, Debug)]
pub struct Options {
    seconds: u64,
    targets: Vec<String>,
    list: bool,
    jobs: usize,
    seed: u64,
    hang_ms: u64,
    memory_mb: u64,
    run: Vec<PathBuf>,
}

impl Options {
    /// Reads the options that follow `fuzz`.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options {
            seconds: 10,
            targets: Vec::new(),
            list: false,
            jobs: 2,
            seed: 0,
            hang_ms: 2000,
            memory_mb: 4096,
            run: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| {
                it.next()
                    .ok_or_else(|| format!("{name} needs a value"))
                    .cloned()
            };
            let number = |name: &str, v: String| {
                v.parse::<u64>()
                    .map_err(|_| format!("{name}: `{v}` is not a whole number"))
            };
            match arg.as_str() {
                "--seconds" => o.seconds = number("--seconds", value("--seconds")?)?,
                "--seed" => o.seed = number("--seed", value("--seed")?)?,
                "--hang-ms" => o.hang_ms = number("--hang-ms", value("--hang-ms")?)?.max(1),
                "--memory-mb" => o.memory_mb = number("--memory-mb", value("--memory-mb")?)?,
                "--jobs" => o.jobs = number("--jobs", value("--jobs")?)?.clamp(1, 64) as usize,
                "--target" => {
                    for name in value("--target")?.split(',').filter(|s| !s.is_empty()) {
                        if !TARGETS.iter().any(|t| t.name == name) {
                            return Err(format!("unknown target `{name}` (see --list)"));
                        }
                        o.targets.push(name.to_string());
                    }
                }
                "--list" => o.list = true,
                "--run" => o.run.push(PathBuf::from(value("--run")?)),
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        if !o.run.is_empty() && o.targets.len() != 1 {
            return Err("--run needs exactly one --target".into());
        }
        Ok(o)
    }
}

/// The workspace root (corpus, examples and findings are found from it).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// FNV-1a: a stable hash for finding names and per-target seeds.
pub(crate) fn bytes_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hash of a target's name, mixed into the seed so that targets differ.
pub(crate) fn name_hash(name: &str) -> u64 {
    bytes_hash(name.as_bytes())
}

/// `cargo xtask fuzz`: runs the chosen targets in child processes and sums up.
pub fn run(options: &Options) -> ExitCode {
    if options.list {
        for t in TARGETS {
            println!("{:<14} {}", t.name, t.about);
        }
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<&'static Target> = TARGETS
        .iter()
        .filter(|t| options.targets.is_empty() || options.targets.iter().any(|n| n == t.name))
        .collect();
    if chosen.iter().any(|t| t.name == "cli")
        && let Err(e) = cli::ensure_binary()
    {
        eprintln!("fuzz cli: {e}");
        return ExitCode::from(2);
    }
    if !options.run.is_empty() {
        return run_files(options);
    }
    let queue = Arc::new(Mutex::new(chosen.iter().copied().collect::<VecDeque<_>>()));
    let results = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..options.jobs.min(chosen.len()).max(1))
        .map(|_| {
            let queue = Arc::clone(&queue);
            let results = Arc::clone(&results);
            let options = options.clone();
            std::thread::spawn(move || {
                loop {
                    let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
                    let Some(target) = next else { break };
                    let (clean, text) = run_child(target, &options);
                    print!("{text}");
                    if let Ok(mut r) = results.lock() {
                        r.push((target.name, clean));
                    }
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    let results = results.lock().map(|r| r.clone()).unwrap_or_default();
    let failed: Vec<&str> = results
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(n, _)| *n)
        .collect();
    // The plain `N passed, N failed` closing line that CI logs are read for.
    println!(
        "fuzz: {} passed, {} failed",
        results.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        println!("fuzz: findings in {}", failed.join(", "));
    }
    if failed.is_empty() && results.len() == chosen.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs one target in a child process under the memory cap; returns whether it ran clean and
/// its report.
fn run_child(target: &Target, options: &Options) -> (bool, String) {
    let root = workspace_root();
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            return (
                false,
                format!("fuzz {}: cannot find the xtask binary: {e}\n", target.name),
            );
        }
    };
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            options.memory_mb * 1024
        ))
        .arg(exe)
        .args([
            "fuzz-child",
            target.name,
            &options.seconds.to_string(),
            &options.seed.to_string(),
            &options.hang_ms.to_string(),
        ])
        .stdin(Stdio::null())
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => return (false, format!("fuzz {}: cannot start: {e}\n", target.name)),
    };
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    match output.status.code() {
        Some(0) => (true, text),
        Some(1) => (false, text),
        _ => {
            // The process died: keep the input it was running.
            let stderr = String::from_utf8_lossy(&output.stderr);
            let why = if stderr.contains("overflowed its stack") {
                "stack overflow"
            } else if stderr.contains("memory allocation") {
                "memory cap hit"
            } else {
                "abort"
            };
            let current = engine::current_input_path(&root, target.name);
            let input = std::fs::read(&current).unwrap_or_default();
            let _ = std::fs::remove_file(&current);
            let path =
                engine::write_finding(&engine::findings_dir(&root, target.name), "abort", &input);
            let _ = writeln!(
                text,
                "fuzz {}: process died ({why}, {})\n  last input ({} bytes, {}): \"{}\"\n  stderr: {}",
                target.name,
                output.status,
                input.len(),
                path.display(),
                engine::escaped(&input, 400),
                stderr.lines().last().unwrap_or("")
            );
            (false, text)
        }
    }
}

/// The child side: fuzzes one target in this process and prints its report; exit code 1 on
/// any finding.
pub fn child(args: &[String]) -> ExitCode {
    let parsed = (|| {
        let target = TARGETS
            .iter()
            .find(|t| Some(t.name) == args.first().map(String::as_str))?;
        let seconds: u64 = args.get(1)?.parse().ok()?;
        let seed: u64 = args.get(2)?.parse().ok()?;
        let hang_ms: u64 = args.get(3)?.parse().ok()?;
        Some((target, seconds, seed, hang_ms))
    })();
    let Some((target, seconds, seed, hang_ms)) = parsed else {
        eprintln!("fuzz-child: bad arguments");
        return ExitCode::from(2);
    };
    engine::install_quiet_hook();
    let settings = RunSettings {
        duration: Duration::from_secs(seconds),
        hang_limit: Duration::from_millis(hang_ms),
        seed,
        root: workspace_root(),
    };
    let report = engine::fuzz(target, &settings);
    let clean = report.panics.is_empty() && report.hangs.is_empty();
    print!("{}", describe(target, &report));
    cli::remove_scratch();
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // A hung worker thread may still be running: leave without waiting for it.
    std::process::exit(if clean { 0 } else { 1 });
}

/// The report of one target, as printed.
fn describe(target: &Target, report: &Report) -> String {
    let mut s = format!(
        "fuzz {}: {} executions in {:.1} s, {} unique panics, {} hangs\n",
        target.name,
        report.executions,
        report.elapsed.as_secs_f64(),
        report.panics.len(),
        report.hangs.len()
    );
    for (location, (panic, input, path)) in &report.panics {
        let _ = writeln!(
            s,
            "  panic at {location}: {}\n    minimised input ({} bytes, {}): \"{}\"",
            panic.message.lines().next().unwrap_or(""),
            input.len(),
            path.display(),
            engine::escaped(input, 400)
        );
    }
    for (input, path) in &report.hangs {
        let _ = writeln!(
            s,
            "  hang (over the time limit): input ({} bytes, {}): \"{}\"",
            input.len(),
            path.display(),
            engine::escaped(input, 400)
        );
    }
    s
}

/// `--run`: runs files once through one target, in this process.
fn run_files(options: &Options) -> ExitCode {
    let Some(target) = TARGETS
        .iter()
        .find(|t| options.targets.first() == Some(&t.name.to_string()))
    else {
        return ExitCode::from(2);
    };
    engine::install_quiet_hook();
    let mut clean = true;
    for file in &options.run {
        let input = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        let (verdict, elapsed) =
            engine::run_once(target, &input, Duration::from_millis(options.hang_ms));
        clean &= verdict.is_none();
        println!(
            "{} ({} bytes, {:.3} s): {}",
            file.display(),
            input.len(),
            elapsed.as_secs_f64(),
            verdict.as_deref().unwrap_or("ok")
        );
    }
    if clean {
        ExitCode::SUCCESS
    } else {
        // A hung worker thread may still be running: leave without waiting for it.
        std::process::exit(1)
    }
}
