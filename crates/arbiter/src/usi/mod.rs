//! `arbiter usi`: the USI protocol, enough for a shogi GUI's mate search (詰将棋解答):
//! `usi`, `isready`, `setoption`, `usinewgame`, `position`, `go mate <ms>|infinite`
//! answered with `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`, `stop` and
//! `quit`. The solver is shogi-rules' df-pn tsume solver.
//!
//! [`options`] holds the engine options, [`session`] the commands and the search thread.

mod options;
mod session;

use std::io::{self, BufRead};
use std::sync::{Arc, Mutex};

use crate::output::CliError;
use session::{Flow, Out, Session};

/// Arguments of `arbiter usi` (none: a GUI sets options with `setoption`).
#[derive(Debug, clap::Args)]
pub struct UsiArgs {}

/// Shown under `arbiter usi --help`.
pub const USI_EXAMPLES: &str = "\
Examples:
  printf 'usi\\nisready\\nposition sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\\ngo mate 1000\\n' | arbiter usi

At the end of input the search in progress answers before the program ends; `quit` and a
new `go` stop it first, as a GUI's stop button does.
Options: USI_Hash (table size in MB), MateTimeLimit (ms, 0 = none; caps every search),
MateMode (shortest: every defence counted, the default; tsume: the composers' conventions).
Register it in a GUI as an engine whose command is `arbiter usi` (a one-line script that
runs it, for GUIs that take a program without arguments).";

/// Serves USI until `quit` or the end of input; at the end of input a search in progress is
/// left to finish and answer.
pub fn run(_args: UsiArgs) -> Result<(), CliError> {
    let out: Out = Arc::new(Mutex::new(io::stdout()));
    let mut session = Session::new(out);
    match serve(&mut session, io::stdin().lock()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::internal(format!("usi: {e}"))),
    }
}

fn serve(session: &mut Session, input: impl BufRead) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // a line that is not UTF-8 is no USI command
            Err(e) if e.kind() == io::ErrorKind::InvalidData => continue,
            Err(e) => return Err(e),
        };
        if session.command(&line)? == Flow::Quit {
            return Ok(());
        }
    }
    session.wait();
    Ok(())
}
