//! `arbiter gtp`: the Go Text Protocol, version 2, on stdin and stdout, so that Go programs,
//! servers and GUIs (gogui, Sabaki, GTP controllers) can reach the scorer and the dead-stone
//! finder: they play or load a game, then ask `final_score` and `final_status_list`.
//!
//! [`protocol`] frames lines and answers, [`engine`] runs the commands, [`ruleset`] maps the
//! names `arbiter-rules` takes onto go-scoring's rules and counting methods, and
//! [`sgf_load`] replays a record for `loadsgf`.

mod engine;
mod protocol;
mod ruleset;
mod sgf_load;

use std::io::{self, BufRead, Write};

use go_scoring::Komi;

use crate::output::CliError;
use engine::Engine;
use ruleset::Ruleset;

/// Arguments of `arbiter gtp`.
#[derive(Debug, clap::Args)]
pub struct GtpArgs {
    /// The ruleset at the start: chinese (area), japanese (territory), tromp-taylor or
    /// living-stones; the `arbiter-rules` command changes it during the session.
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Komi at the start (GTP's `komi` command and `loadsgf` change it).
    #[arg(long, default_value = "7.5", allow_hyphen_values = true)]
    pub komi: String,
}

/// Shown under `arbiter gtp --help`.
pub const GTP_EXAMPLES: &str = "\
Examples:
  printf 'boardsize 9\\nplay black E5\\nshowboard\\nfinal_score\\nquit\\n' | arbiter gtp
  gogui -program \"arbiter gtp --rules japanese\"

Commands: protocol_version name version known_command list_commands quit boardsize
clear_board komi play undo loadsgf showboard final_score final_status_list arbiter-rules";

/// Serves GTP until `quit` or the end of input. A controller that closes stdout ends the
/// session quietly.
pub fn run(args: GtpArgs) -> Result<(), CliError> {
    let ruleset = Ruleset::named(&args.rules).ok_or_else(|| {
        CliError::bad_input(format!(
            "--rules: unknown ruleset {:?} (expected one of {})",
            args.rules,
            Ruleset::names()
        ))
    })?;
    let komi = args
        .komi
        .parse::<Komi>()
        .map_err(|e| CliError::bad_input(format!("--komi: {e}")))?;
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
