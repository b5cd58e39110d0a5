//! Progress lines for long jobs: a solve, a mate search, a deep perft or a legal-position count
//! can run for minutes, and a silent terminal looks like a hung program.
//!
//! A job run through [`Progress::run`] that lasts more than a second gets one line on stderr,
//! rewritten every second in place (`\r`) and cleared when the job ends: what is running, the
//! elapsed time, the limit the job stops at when it has one, and the nodes searched and their
//! rate when the job exposes a counter. Nothing is written when stderr is not a terminal (a
//! file, a pipe, a test harness), so logs and JSON consumers never see the line, nor with the
//! global `--quiet` flag ([`set_quiet`]). Output printed while a line is shown goes through
//! [`print_above`], which clears the line first when both streams share the terminal.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// Set once by `main` from `--quiet`; read by every job. A process-wide flag because the
/// jobs sit several calls below the argument parser and none of them has another use for it.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Taken by the job whose line is on the screen: a job run inside another (a file's
/// dead-stone search inside a batch over many files, on several threads at once) stays
/// silent instead of fighting the outer line for the same row of the terminal.
static LINE_TAKEN: AtomicBool = AtomicBool::new(false);

/// Whether a progress line stands on the screen now. Held while the line is written or
/// cleared and while [`print_above`] writes, so that output never lands in the middle of it.
static ON_SCREEN: Mutex<bool> = Mutex::new(false);

/// The lock on [`ON_SCREEN`], also after a thread panicked while holding it (a bool cannot be
/// left half-written).
fn on_screen() -> std::sync::MutexGuard<'static, bool> {
    ON_SCREEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes `text` on stdout while a job's line may be on the screen (a batch printing each
/// file's result as it goes): when stdout is the terminal the line is on, the line is cleared
/// first, so the text starts at the left margin; the next tick writes the line again below.
pub fn print_above(text: &str) -> io::Result<()> {
    let mut shown = on_screen();
    if *shown && io::stdout().is_terminal() {
        crate::output::write_stderr("\r\x1b[2K");
        *shown = false;
    }
    crate::output::write_stdout(text)
}

/// How long a job runs before its line first appears, and how often the line is rewritten:
/// a job that ends sooner writes nothing at all.
const TICK: Duration = Duration::from_secs(1);

/// Turns progress lines off (`--quiet`) or back on for the rest of the process.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether a progress line would be written now: stderr is a terminal and `--quiet` is off.
fn enabled() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// The bound a job stops at, shown after the elapsed time so that a user can tell how far
/// the end may be and which option raises it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A wall-clock limit (`--time-limit`).
    Time(Duration),
    /// A budget of search nodes (`--budget`).
    Nodes(u64),
    /// The depth of a perft, in plies (`--depth`).
    Depth(u32),
}

/// A long job's progress line: what it is, and optionally its limit and its node counter.
/// Built with [`Progress::new`] and the `limit`/`nodes` setters, consumed by [`Progress::run`].
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    label: &'a str,
    limit: Option<Limit>,
    nodes: Option<&'a AtomicU64>,
    items: Option<(&'a AtomicU64, u64)>,
}

impl<'a> Progress<'a> {
    /// A line saying `label` (a present participle: "searching for a mate") and the time.
    pub fn new(label: &'a str) -> Self {
        Self {
            label,
            limit: None,
            nodes: None,
            items: None,
        }
    }

    /// Also show the limit the job stops at (a `Limit`, or an `Option` of one for a job whose
    /// limit is optional: `None` shows none).
    pub fn limit(mut self, limit: impl Into<Option<Limit>>) -> Self {
        self.limit = limit.into();
        self
    }

    /// Also show the nodes searched so far and their rate, read from `counter` (which the job
    /// updates as it goes; relaxed loads, so the figure may lag by a few updates).
    pub fn nodes(mut self, counter: &'a AtomicU64) -> Self {
        self.nodes = Some(counter);
        self
    }

    /// Also show how many of `total` files are done, read from `done` (which the job raises
    /// as each file ends): `12/47 files`.
    pub fn files(mut self, done: &'a AtomicU64, total: u64) -> Self {
        self.items = Some((done, total));
        self
    }

    /// Runs `job` on the calling thread and, when progress lines are enabled and no other
    /// job holds the line, a ticker thread beside it that writes the line every second once
    /// the first second has passed and clears it when `job` returns (or unwinds).
    pub fn run<T>(self, job: impl FnOnce() -> T) -> T {
        if !enabled()
            || LINE_TAKEN
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
        {
            return job();
        }
        let _held = LineHeld;
        self.show_while(job)
    }

    /// [`Progress::run`] once the line is this job's.
    fn show_while<T>(self, job: impl FnOnce() -> T) -> T {
        let (done, finished) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let start = Instant::now();
                while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(TICK) {
                    let nodes = self.nodes.map(|n| n.load(Ordering::Relaxed));
                    let mut text = line(self.label, start.elapsed(), self.limit, nodes);
                    if let Some((done, total)) = self.items {
                        text.push_str(&files_done(done.load(Ordering::Relaxed), total));
                    }
                    let mut shown = on_screen();
                    crate::output::write_stderr(&format!("\r\x1b[2K{text}"));
                    *shown = true;
                }
                let mut shown = on_screen();
                if *shown {
                    crate::output::write_stderr("\r\x1b[2K");
                    *shown = false;
                }
            });
            let out = job();
            drop(done);
            out
        })
    }
}

/// Gives the line back when the job that held it ends, also by unwinding.
struct LineHeld;

impl Drop for LineHeld {
    fn drop(&mut self) {
        LINE_TAKEN.store(false, Ordering::Release);
    }
}

/// The part of a batch's line that counts files: `, 12/47 files`.
fn files_done(done: u64, total: u64) -> String {
    format!(", {done}/{total} files")
}

/// Runs `job` with a progress line saying only `label` and the elapsed time.
pub fn while_running<T>(label: &str, job: impl FnOnce() -> T) -> T {
    Progress::new(label).run(job)
}

/// The text of a progress line (without the leading `\r` and the clearing escape), e.g.
/// `arbiter: solving... 12s (budget 100M nodes), 3.4M nodes, 283k nodes/s`.
fn line(label: &str, elapsed: Duration, limit: Option<Limit>, nodes: Option<u64>) -> String {
    let mut text = format!("arbiter: {label}... {}s", elapsed.as_secs());
    match limit {
        Some(Limit::Time(t)) => text.push_str(&format!(" (limit {})", seconds(t))),
        Some(Limit::Nodes(n)) => text.push_str(&format!(" (budget {} nodes)", compact(n))),
        Some(Limit::Depth(d)) => text.push_str(&format!(" (depth {d})")),
        None => {}
    }
    if let Some(n) = nodes {
        text.push_str(&format!(", {} nodes", compact(n)));
        let secs = elapsed.as_secs_f64();
        if secs > 0.0 {
            // Display only: the float rounding of a node count is invisible at 3 digits.
            #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
            let rate = (n as f64 / secs) as u64;
            text.push_str(&format!(", {} nodes/s", compact(rate)));
        }
    }
    text
}

/// A duration as a user typed it: whole seconds as `60s`, others to a tenth (`2.5s`).
fn seconds(t: Duration) -> String {
    if t.subsec_nanos() == 0 {
        format!("{}s", t.as_secs())
    } else {
        format!("{:.1}s", t.as_secs_f64())
    }
}

/// A count in at most four characters of digits and an SI prefix (`999`, `1.2k`, `35M`,
/// `120G`), so that the line keeps its width while the numbers grow.
fn compact(n: u64) -> String {
    const UNITS: [(u64, &str); 5] = [
        (1_000_000_000_000_000, "P"),
        (1_000_000_000_000, "T"),
        (1_000_000_000, "G"),
        (1_000_000, "M"),
        (1_000, "k"),
    ];
    for (size, prefix) in UNITS {
        if n >= size {
            let whole = n / size;
            if whole >= 10 {
                return format!("{whole}{prefix}");
            }
            let tenths = n % size / (size / 10);
            return format!("{whole}.{tenths}{prefix}");
        }
    }
    n.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expectations: the SI prefixes (k = 10^3, M = 10^6, G = 10^9, T = 10^12, P = 10^15),
    // truncated, not rounded, so that a count never shows more than was searched.

    #[test]
    fn counts_keep_three_significant_figures_at_most() {
        assert_eq!(compact(0), "0");
        assert_eq!(compact(999), "999");
        assert_eq!(compact(1_000), "1.0k");
        assert_eq!(compact(1_999), "1.9k");
        assert_eq!(compact(12_345), "12k");
        assert_eq!(compact(999_999), "999k");
        assert_eq!(compact(3_400_000), "3.4M");
        assert_eq!(compact(120_000_000_000), "120G");
        assert_eq!(compact(1_000_000_000_000), "1.0T");
        assert_eq!(compact(u64::MAX), "18446P");
    }

    #[test]
    fn a_line_names_the_job_the_time_and_the_limit() {
        let t = Duration::from_millis(12_700);
        assert_eq!(line("counting", t, None, None), "arbiter: counting... 12s");
        assert_eq!(
            line(
                "searching",
                t,
                Some(Limit::Time(Duration::from_secs(60))),
                None
            ),
            "arbiter: searching... 12s (limit 60s)"
        );
        assert_eq!(
            line(
                "searching",
                t,
                Some(Limit::Time(Duration::from_millis(2500))),
                None
            ),
            "arbiter: searching... 12s (limit 2.5s)"
        );
        assert_eq!(
            line("perft", t, Some(Limit::Depth(6)), None),
            "arbiter: perft... 12s (depth 6)"
        );
    }

    #[test]
    fn a_counter_adds_the_nodes_and_their_rate() {
        // 3,400,000 nodes in 12 s: 283,333 nodes per second.
        let line = line(
            "solving",
            Duration::from_secs(12),
            Some(Limit::Nodes(100_000_000)),
            Some(3_400_000),
        );
        assert_eq!(
            line,
            "arbiter: solving... 12s (budget 100M nodes), 3.4M nodes, 283k nodes/s"
        );
    }

    #[test]
    fn a_batch_counts_its_files_done_out_of_all() {
        let text = line("scoring", Duration::from_secs(3), None, None) + &files_done(12, 47);
        assert_eq!(text, "arbiter: scoring... 3s, 12/47 files");
    }

    #[test]
    fn a_job_runs_once_and_its_value_comes_back_when_nothing_is_shown() {
        // Whether or not stderr is a terminal, the job runs once, on the calling thread.
        let mut runs = 0;
        let out = Progress::new("testing").limit(Limit::Depth(1)).run(|| {
            runs += 1;
            42
        });
        assert_eq!((out, runs), (42, 1));
    }
}
