//! The USI session: the commands a GUI sends for a mate search and what the engine answers.
//! The search runs on a worker thread, so that `stop`, `isready` and `quit` are heard while
//! it runs; its answer is written by whichever of the two finishes it.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use shogi_rules::Position;
use shogi_rules::tsume::{self, Options, Status};
use shogi_rules::usi::parse_position_command;

use super::options::EngineOptions;

/// Where answers go: shared by the session and the search thread, one whole line per lock.
pub type Out = Arc<Mutex<dyn Write + Send>>;

/// Writes whole lines (one or more, `\n` between them) under one lock and flushes them.
fn say(out: &Out, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// A search in progress: its stop flag and its thread.
struct Search {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The state between commands.
pub struct Session {
    out: Out,
    options: EngineOptions,
    /// The position of the last `position` command, if it was valid.
    position: Option<Position>,
    /// Why the last `position` command was refused, for the `go mate` that follows it.
    position_error: Option<String>,
    search: Option<Search>,
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`: the session is over.
    Quit,
}

impl Session {
    /// A session writing to `out`.
    pub fn new(out: Out) -> Session {
        Session {
            out,
            options: EngineOptions::default(),
            position: None,
            position_error: None,
            search: None,
        }
    }

    /// Runs one command line. Unknown commands are ignored, as the USI protocol asks of
    /// engines; a problem with a known one is reported as `info string`.
    pub fn command(&mut self, line: &str) -> io::Result<Flow> {
        let line = line.trim();
        let (name, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match name {
            "usi" => {
                say(
                    &self.out,
                    &format!("id name arbiter {}", env!("CARGO_PKG_VERSION")),
                )?;
                say(&self.out, "id author the arbiter developers")?;
                for option in self.options.announce() {
                    say(&self.out, &option)?;
                }
                say(&self.out, "usiok")?;
            }
            "isready" => say(&self.out, "readyok")?,
            "setoption" => self.setoption(rest)?,
            "usinewgame" | "gameover" | "ponderhit" => {}
            "position" => self.set_position(rest)?,
            "go" => self.go(rest)?,
            "stop" => self.stop(),
            "quit" => {
                self.stop();
                return Ok(Flow::Quit);
            }
            _ => {}
        }
        Ok(Flow::Continue)
    }

    /// Waits for the search in progress, if any, to answer.
    pub fn wait(&mut self) {
        if let Some(search) = self.search.take() {
            let _ = search.thread.join();
        }
    }

    /// `setoption name <name> [value <value>]`.
    fn setoption(&mut self, rest: &str) -> io::Result<()> {
        let Some(rest) = rest.strip_prefix("name ") else {
            return say(
                &self.out,
                "info string setoption: expected `name <id> value <x>`",
            );
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match self.options.set(name, value) {
            Ok(()) => Ok(()),
            // options GUIs send to every engine (USI_Ponder) are no concern of a mate solver
            Err(_) if name.eq_ignore_ascii_case("USI_Ponder") => Ok(()),
            Err(e) => say(&self.out, &format!("info string setoption: {e}")),
        }
    }

    /// `position startpos|sfen <sfen> [moves …]`: the moves are played and checked.
    fn set_position(&mut self, rest: &str) -> io::Result<()> {
        self.position = None;
        self.position_error = None;
        match read_position(rest) {
            Ok(position) => self.position = Some(position),
            Err(why) => {
                say(&self.out, &format!("info string position: {why}"))?;
                self.position_error = Some(why);
            }
        }
        Ok(())
    }

    /// `go mate <ms>|infinite` starts a mate search; any other `go` is a game search, which
    /// this engine does not make: it resigns.
    fn go(&mut self, rest: &str) -> io::Result<()> {
        let mut words = rest.split_whitespace();
        if words.next() != Some("mate") {
            say(
                &self.out,
                "info string arbiter searches mates only (go mate)",
            )?;
            return say(&self.out, "bestmove resign");
        }
        let requested = match words.next() {
            None | Some("infinite") => None,
            Some(ms) => match ms.parse::<u64>() {
                Ok(ms) => Some(Duration::from_millis(ms)),
                Err(_) => {
                    say(
                        &self.out,
                        &format!("info string go mate: {ms:?} is not a time in ms"),
                    )?;
                    return say(&self.out, "checkmate notimplemented");
                }
            },
        };
        // one search at a time: a new `go` first ends the last one
        self.stop();
        let Some(position) = self.position.clone() else {
            let why = self
                .position_error
                .as_deref()
                .unwrap_or("no position was given");
            say(&self.out, &format!("info string go mate: {why}"))?;
            return say(&self.out, "checkmate notimplemented");
        };
        let stop = Arc::new(AtomicBool::new(false));
        let opts = Options {
            mode: self.options.mode,
            time_limit: self.options.time_limit(requested),
            stop: Some(stop.clone()),
            table_entries: self.options.table_entries(),
            ..Options::default()
        };
        let out = self.out.clone();
        // The solver recurses one frame per ply: a default 2 MiB thread is too small for
        // long problems.
        let thread = std::thread::Builder::new()
            .name("usi-mate".into())
            .stack_size(shogi_rules::tsume::SEARCH_STACK_BYTES)
            .spawn(move || {
                let _ = say(&out, &mate_answer(&position, &opts));
            })?;
        self.search = Some(Search { stop, thread });
        Ok(())
    }

    /// Ends the search in progress: the solver gives up at its next clock check and the
    /// thread answers with what it found (`checkmate timeout` when nothing).
    fn stop(&mut self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }
}

/// The position a `position` command describes, its moves played and checked.
fn read_position(rest: &str) -> Result<Position, String> {
    let command = parse_position_command(rest).map_err(|e| e.to_string())?;
    let mut position = match Position::from_setup(&command.setup) {
        Ok(p) => p,
        // tsume problems may carry more of a piece than a set holds (extra pieces in hand)
        Err(strict) => {
            Position::from_setup_lenient(&command.setup).map_err(|_| strict.to_string())?
        }
    };
    for (i, &(_, mv)) in command.moves.iter().enumerate() {
        position.play(mv).map_err(|foul| {
            format!(
                "move {} ({}) is illegal: {foul}",
                i + 1,
                shogi_rules::usi::format_move(mv)
            )
        })?;
    }
    Ok(position)
}

/// The answer to `go mate` for the side to move attacking in `position`: an `info` line
/// with the search's nodes and time (GUIs show it), then the `checkmate …` line.
pub fn mate_answer(position: &Position, opts: &Options) -> String {
    let start = Instant::now();
    let solved = tsume::solve(position, opts);
    let ms = start.elapsed().as_millis();
    match solved {
        Ok(solution) => {
            let answer = match solution.status {
                Status::Mate if solution.pv.is_empty() => "checkmate notimplemented".to_string(),
                Status::Mate => format!("checkmate {}", tsume::usi_line(&solution.pv).join(" ")),
                Status::NoMate => "checkmate nomate".to_string(),
                Status::Unknown => "checkmate timeout".to_string(),
            };
            let nps = u128::from(solution.nodes) * 1000 / ms.max(1);
            format!(
                "info time {ms} nodes {} nps {nps}\n{answer}",
                solution.nodes
            )
        }
        // no defending king: nothing to mate
        Err(e) => format!("info string {e}\ncheckmate nomate"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expectations from the USI specification (将棋所's "USIプロトコルとは"): `usi` is answered
    // by `id` and `option` lines and `usiok`, `isready` by `readyok`, `go mate` by one
    // `checkmate` line; unknown commands are ignored.

    /// A session writing into a buffer, and a way to read what it wrote.
    fn session() -> (Session, Arc<Mutex<Vec<u8>>>) {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let out: Out = buffer.clone();
        (Session::new(out), buffer)
    }

    fn lines(buffer: &Arc<Mutex<Vec<u8>>>) -> Vec<String> {
        let bytes = std::mem::take(&mut *buffer.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn handshake_and_unknown_commands() {
        let (mut s, out) = session();
        assert_eq!(s.command("usi").unwrap(), Flow::Continue);
        let answer = lines(&out);
        assert!(answer[0].starts_with("id name arbiter "));
        assert_eq!(answer.last().unwrap(), "usiok");
        assert!(
            answer
                .iter()
                .filter(|l| l.starts_with("option name "))
                .count()
                >= 3
        );
        s.command("no_such_command with words").unwrap();
        s.command("isready").unwrap();
        assert_eq!(lines(&out), ["readyok"]);
        assert_eq!(s.command("quit").unwrap(), Flow::Quit);
    }

    #[test]
    fn options_and_positions_are_checked() {
        let (mut s, out) = session();
        s.command("setoption name USI_Ponder value true").unwrap();
        s.command("setoption name MateMode value tsume").unwrap();
        assert_eq!(lines(&out), Vec::<String>::new());
        assert_eq!(s.options.mode, tsume::Mode::Tsume);
        s.command("setoption name MateMode value longest").unwrap();
        assert!(lines(&out)[0].starts_with("info string setoption: MateMode takes"));
        s.command("position sfen not-a-position").unwrap();
        assert!(lines(&out)[0].starts_with("info string position: "));
        s.command("go mate 100").unwrap();
        assert_eq!(lines(&out).last().unwrap(), "checkmate notimplemented");
        s.command("position startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(lines(&out), Vec::<String>::new());
        assert!(s.position.is_some());
    }

    /// A gold dropped at 5b, guarded by the pawn on 5c, mates the bare king on 5a.
    #[test]
    fn go_mate_answers_from_its_thread() {
        let (mut s, out) = session();
        s.command("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
            .unwrap();
        s.command("go mate infinite").unwrap();
        s.wait();
        let answer = lines(&out);
        assert!(answer[0].starts_with("info time "), "{answer:?}");
        assert_eq!(answer.last().unwrap(), "checkmate G*5b");
        s.command("go btime 0 wtime 0").unwrap();
        assert_eq!(lines(&out).last().unwrap(), "bestmove resign");
    }
}
