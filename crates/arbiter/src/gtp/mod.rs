//! `arbiter gtp`: the Go Text Protocol, version 2, on stdin and stdout, so that Go programs,
//! servers and GUIs (gogui, Sabaki, GTP controllers) can reach the scorer and the dead-stone
//! finder: they play or load a game, then ask `final_score` and `final_status_list`.
//!
//! [`protocol`] frames lines and answers, [`engine`] runs the commands, [`handicap`] places
//! the fixed handicap stones, [`player`] is `genmove`'s trivial player, [`ruleset`] reads the
//! names `arbiter-rules` takes with go-scoring's name table (plus a few GTP words), and
//! [`sgf_load`] replays a record for `loadsgf`.

mod engine;
mod handicap;
mod player;
mod protocol;
mod ruleset;
mod sgf_load;

use std::io::{self, BufRead, Write};

use go_scoring::Komi;

use crate::output::CliError;
use engine::Engine;

/// Arguments of `arbiter gtp`.
#[derive(Debug, clap::Args)]
pub struct GtpArgs {
    /// The ruleset at the start: one of go-scoring's (chinese, japanese, korean, aga, nz,
    /// tromp-taylor, stone-scoring, ancient-territory, living-stones-law, living-stones-art)
    /// or area, territory, living-stones; the `arbiter-rules` command changes it during the
    /// session. Example: `--rules japanese`.
    #[arg(long, default_value = ruleset::DEFAULT.name())]
    pub rules: String,
    /// Komi at the start, a whole or half number (default: the ruleset's); GTP's `komi`
    /// command and `loadsgf` change it. Example: `--komi 6.5`.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
}

/// Shown under `arbiter gtp --help`.
pub const GTP_EXAMPLES: &str = "\
Examples:
  printf 'boardsize 9\\nplay black E5\\nshowboard\\nfinal_score\\nquit\\n' | arbiter gtp
  gogui -program \"arbiter gtp --rules japanese\"

Commands: protocol_version name version known_command list_commands quit boardsize
clear_board komi fixed_handicap set_free_handicap play genmove undo loadsgf showboard
final_score final_status_list arbiter-rules (genmove plays a random legal move that fills
none of its own eyes: enough to finish a game, no strength)";

/// Serves GTP until `quit` or the end of input. A controller that closes stdout ends the
/// session quietly.
pub fn run(args: GtpArgs) -> Result<(), CliError> {
    let ruleset =
        ruleset::named(&args.rules).map_err(|e| CliError::bad_input(format!("--rules: {e}")))?;
    let komi = match &args.komi {
        Some(text) => text
            .parse::<Komi>()
            .map_err(|e| CliError::bad_input(format!("--komi: {e}")))?,
        None => ruleset.komi,
    };
    let mut engine = Engine::new(ruleset, komi);
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    match serve(&mut engine, stdin.lock(), &mut out) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::internal(format!("gtp: {e}"))),
    }
}

/// The session loop: one answer per command line, flushed at once so the controller can
/// wait for it.
fn serve(engine: &mut Engine, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // a line that is not UTF-8 is not a command the protocol knows
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                out.write_all(
                    protocol::format_answer(None, Err("syntax error: not UTF-8")).as_bytes(),
                )?;
                out.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(command) = protocol::parse_line(&line) else {
            continue;
        };
        let answer = engine.execute(&command.name, &command.args);
        let text = match &answer.result {
            Ok(result) => protocol::format_answer(command.id, Ok(result)),
            Err(e) => protocol::format_answer(command.id, Err(&e.to_string())),
        };
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if answer.quit {
            break;
        }
    }
    Ok(())
}
