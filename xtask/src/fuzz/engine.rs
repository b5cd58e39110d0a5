//! Runs one target in this process: each input on a worker thread under `catch_unwind`, with a
//! time limit per input; new panics are minimised and written to `target/fuzz-findings/`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Seek, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use board_core::Rng;

use super::mutate;
use super::targets::Target;

/// Stack of a worker thread: the size of a main thread, so that recursion which overflows the
/// command-line tool overflows here too.
const WORKER_STACK: usize = 8 << 20;

/// How long the minimiser may work on one finding.
const MINIMISE_BUDGET: Duration = Duration::from_secs(20);

thread_local! {
    /// The last panic seen on this thread: message and `file:line:column`.
    static LAST_PANIC: RefCell<Option<Panic>> = const { RefCell::new(None) };
}

/// A panic caught while running an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    /// The panic payload as text.
    pub message: String,
    /// Where it was raised, `file:line:column`.
    pub location: String,
}

/// What running one input did.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Ok,
    Panicked(Panic),
    Hung,
}

/// Settings of one target's run.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Wall-clock budget.
    pub duration: Duration,
    /// An input taking longer is a hang.
    pub hang_limit: Duration,
    /// Seed of the mutation generator.
    pub seed: u64,
    /// Workspace root (corpus and findings are relative to it).
    pub root: PathBuf,
}

/// The outcome of one target's run.
#[derive(Debug, Default)]
pub struct Report {
    /// Inputs executed (minimisation runs not counted).
    pub executions: u64,
    /// Unique panics by location, with the minimised input and the file it was written to.
    pub panics: BTreeMap<String, (Panic, Vec<u8>, PathBuf)>,
    /// Inputs that exceeded the time limit, with the file each was written to.
    pub hangs: Vec<(Vec<u8>, PathBuf)>,
    /// Time spent (less than the budget when a hang stopped the target).
    pub elapsed: Duration,
}

/// Installs a panic hook that records the panic for the thread instead of printing it.
pub fn install_quiet_hook() {
    panic::set_hook(Box::new(|info| {
        let message = if let Some(s) = info.payload().downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "(non-text panic payload)".to_string()
        };
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(Panic { message, location }));
    }));
}

/// A thread that runs inputs through the target and answers with a verdict.
struct Worker {
    inputs: Sender<Vec<u8>>,
    verdicts: Receiver<Verdict>,
}

impl Worker {
    fn spawn(run: fn(&[u8])) -> Worker {
        let (inputs, input_rx) = mpsc::channel::<Vec<u8>>();
        let (verdict_tx, verdicts) = mpsc::channel();
        std::thread::Builder::new()
            .name("fuzz-worker".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                for input in input_rx {
                    LAST_PANIC.with(|p| p.borrow_mut().take());
                    let verdict = match panic::catch_unwind(AssertUnwindSafe(|| run(&input))) {
                        Ok(()) => Verdict::Ok,
                        Err(_) => Verdict::Panicked(
                            LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or(Panic {
                                message: "(panic not recorded)".into(),
                                location: String::new(),
                            }),
                        ),
                    };
                    if verdict_tx.send(verdict).is_err() {
                        break;
                    }
                }
            })
            .expect("spawning a fuzz worker thread");
        Worker { inputs, verdicts }
    }

    /// Runs one input; a worker that hangs is abandoned and replaced.
    fn run(&mut self, target: &Target, input: &[u8], limit: Duration) -> Verdict {
        if self.inputs.send(input.to_vec()).is_err() {
            *self = Worker::spawn(target.run);
            return self.run(target, input, limit);
        }
        match self.verdicts.recv_timeout(limit) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                // The thread cannot be stopped; it is left to finish (or to run until exit).
                *self = Worker::spawn(target.run);
                Verdict::Hung
            }
        }
    }
}

/// Keeps the input being run in a file, so that an input that aborts the whole process
/// (stack overflow, allocation failure) can be recovered by the parent process.
struct CurrentInput {
    file: Option<std::fs::File>,
}

impl CurrentInput {
    fn open(path: &Path) -> CurrentInput {
        CurrentInput {
            file: std::fs::File::create(path).ok(),
        }
    }

    fn record(&mut self, input: &[u8]) {
        if let Some(f) = &mut self.file {
            let ok = f.set_len(0).is_ok() && f.rewind().is_ok() && f.write_all(input).is_ok();
            if !ok {
                self.file = None;
            }
        }
    }
}

/// The findings directory of a target.
pub fn findings_dir(root: &Path, target: &str) -> PathBuf {
    root.join("target").join("fuzz-findings").join(target)
}

/// The file that holds the input being run when the process dies.
pub fn current_input_path(root: &Path, target: &str) -> PathBuf {
    findings_dir(root, target).join("current-input")
}

/// Loads the seed corpus of a target: its own directory and the shared example files.
pub fn load_corpus(root: &Path, target: &Target) -> Vec<Vec<u8>> {
    let mut corpus = Vec::new();
    let mut dirs = vec![(root.join("xtask/corpus").join(target.name), "")];
    for (dir, ext) in target.shared_seeds {
        dirs.push((root.join(dir), ext));
    }
    for (dir, ext) in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for file in files {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if file.is_file()
                && name.ends_with(ext)
                && let Ok(bytes) = std::fs::read(&file)
            {
                corpus.push(bytes);
            }
        }
    }
    if corpus.is_empty() {
        // Structure-aware targets read their input as a seed: any bytes will do.
        corpus.extend((0u8..8).map(|i| vec![b'0' + i]));
    }
    corpus
}

/// Fuzzes one target for the configured time.
pub fn fuzz(target: &Target, settings: &RunSettings) -> Report {
    let dir = findings_dir(&settings.root, target.name);
    let _ = std::fs::create_dir_all(&dir);
    let mut current = CurrentInput::open(&current_input_path(&settings.root, target.name));
    let corpus = load_corpus(&settings.root, target);
    let mut rng = Rng::new(settings.seed ^ super::name_hash(target.name));
    let mut worker = Worker::spawn(target.run);
    let mut report = Report::default();
    let start = Instant::now();
    let mut next_seed = 0;
    while start.elapsed() < settings.duration {
        let input = if next_seed < corpus.len() {
            next_seed += 1;
            corpus[next_seed - 1].clone()
        } else {
            let base = &corpus[rng.index(corpus.len())];
            mutate::mutate(&mut rng, base, &corpus, target.tokens)
        };
        current.record(&input);
        report.executions += 1;
        match worker.run(target, &input, settings.hang_limit) {
            Verdict::Ok => {}
            Verdict::Panicked(p) => {
                if !report.panics.contains_key(&p.location) {
                    let small = minimise(target, &mut worker, &input, &p, settings.hang_limit);
                    let path = write_finding(&dir, "panic", &small);
                    report.panics.insert(p.location.clone(), (p, small, path));
                }
            }
            Verdict::Hung => {
                let path = write_finding(&dir, "hang", &input);
                report.hangs.push((input, path));
                // The hung thread keeps a core busy: stop this target here.
                break;
            }
        }
    }
    let _ = std::fs::remove_file(current_input_path(&settings.root, target.name));
    report.elapsed = start.elapsed();
    report
}

/// Runs one input with the time limit; returns what went wrong, if anything, and the time taken.
pub fn run_once(target: &Target, input: &[u8], limit: Duration) -> (Option<String>, Duration) {
    let mut worker = Worker::spawn(target.run);
    let start = Instant::now();
    let verdict = match worker.run(target, input, limit) {
        Verdict::Ok => None,
        Verdict::Panicked(p) => Some(format!("panic at {}: {}", p.location, p.message)),
        Verdict::Hung => Some(format!("hang: over {} ms", limit.as_millis())),
    };
    (verdict, start.elapsed())
}

/// Greedy chunk removal while the same panic location reproduces.
fn minimise(
    target: &Target,
    worker: &mut Worker,
    input: &[u8],
    panic: &Panic,
    limit: Duration,
) -> Vec<u8> {
    let start = Instant::now();
    let mut best = input.to_vec();
    let mut chunk = best.len().next_power_of_two() / 2;
    while chunk >= 1 && start.elapsed() < MINIMISE_BUDGET {
        let mut at = 0;
        while at < best.len() && start.elapsed() < MINIMISE_BUDGET {
            let end = (at + chunk).min(best.len());
            let mut candidate = best[..at].to_vec();
            candidate.extend_from_slice(&best[end..]);
            match worker.run(target, &candidate, limit) {
                Verdict::Panicked(p) if p.location == panic.location => best = candidate,
                _ => at += chunk,
            }
        }
        chunk /= 2;
    }
    best
}

/// Writes a finding as `<kind>-<hash>` and returns its path.
pub fn write_finding(dir: &Path, kind: &str, input: &[u8]) -> PathBuf {
    let path = dir.join(format!("{kind}-{:016x}", super::bytes_hash(input)));
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(&path, input);
    path
}

/// An input as a Rust string literal body (escaped), cut after `max` bytes.
pub fn escaped(input: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(&input[..input.len().min(max)]);
    let mut out: String = text.escape_debug().collect();
    if input.len() > max {
        let _ = write!(out, "… ({} bytes)", input.len());
    }
    out
}
