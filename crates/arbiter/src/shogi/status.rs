//! `arbiter shogi status`: rules on a game (fouls, sennichite, impasse, mate).

use serde::Serialize;
use shogi_rules::game::{DeclarationRule, Game, GameRules, GameStatus, ImpasseRule, PlayError};
use shogi_rules::types::side_name;
use shogi_rules::{Ending, Move, Position, usi};

use super::to_json;
use crate::output::{CliError, Output};

/// `--json` of `shogi status`: the game status and the final position.
#[derive(Serialize)]
struct StatusReport<'a> {
    #[serde(flatten)]
    status: GameStatus,
    sfen: &'a Position,
    /// How the record says the game ended (`--record` with an ending only).
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded_ending: Option<String>,
}

/// The rule options of `shogi status`.
pub(super) struct StatusRules<'a> {
    pub(super) declare: bool,
    pub(super) impasse_rule: &'a str,
    pub(super) try_rule: bool,
    /// Moves after the end of the game are left out with a warning instead of refused.
    pub(super) ignore_after_end: bool,
}

pub(super) fn run_status(
    start: Position,
    moves: &str,
    rules: &StatusRules,
) -> Result<Output, CliError> {
    let mut parsed = Vec::new();
    let mut column = 1;
    for tok in moves.split(' ') {
        if !tok.is_empty() {
            let mv = usi::parse_move(tok).map_err(|e| {
                CliError::bad_input(format!(
                    "--moves: move {} {tok:?} at column {}: {}",
                    parsed.len() + 1,
                    column + e.column as usize - 1,
                    e.kind
                ))
            })?;
            parsed.push(mv);
        }
        column += tok.chars().count() + 1;
    }
    rule_on(start, parsed, rules, None)
}

/// Plays `moves` from `start` under the rules and reports the status; an illegal move ends
/// the game on its foul (with its ply and the side that played it). A move that cannot be
/// made at all (from an empty square, a drop of a piece not in hand) is an input error, not
/// a foul; so is a move after the game ended, unless `ignore_after_end`.
///
/// `recorded` is the ending a record gives (投了, %TORYO …): it is reported beside the
/// ruling, with a warning where the rules say otherwise.
pub(super) fn rule_on(
    start: Position,
    parsed: Vec<Move>,
    rules: &StatusRules,
    recorded: Option<Ending>,
) -> Result<Output, CliError> {
    let StatusRules {
        declare,
        impasse_rule,
        try_rule,
        ignore_after_end,
    } = *rules;
    let rule = match impasse_rule {
        "csa27" => ImpasseRule::Points27,
        "jsa24" => ImpasseRule::Points24,
        other => {
            return Err(CliError::bad_input(format!(
                "--impasse-rule must be csa27 or jsa24, not {other:?}"
            )));
        }
    };
    let mut game = Game::new(
        start,
        GameRules {
            declaration: DeclarationRule::new(rule),
            try_rule,
        },
    );
    let mut ignored = 0;
    for (i, &mv) in parsed.iter().enumerate() {
        let number = i + 1;
        match game.play(mv) {
            Ok(_) | Err(PlayError::Foul { .. }) => {}
            Err(PlayError::GameOver(ruling)) if ignore_after_end => {
                let _ = ruling;
                ignored = parsed.len() - i;
                break;
            }
            Err(PlayError::GameOver(ruling)) => {
                return Err(CliError::bad_input(format!(
                    "move {number} ({}) comes after the end of the game at ply {}: {ruling} \
                     (--ignore-after-end leaves such moves out)",
                    usi::format_move(mv),
                    ruling.ply
                )));
            }
            Err(e) => {
                return Err(CliError::bad_input(format!(
                    "move {number} ({}) cannot be played: {e}",
                    usi::format_move(mv)
                )));
            }
        }
    }
    let status = if declare && game.ended().is_none() {
        GameStatus::Ended(game.declare())
    } else {
        game.status()
    };
    let winner = status.winner().map(side_name);
    let final_sfen = game.position().to_sfen();
    let report = StatusReport {
        status,
        sfen: game.position(),
        recorded_ending: recorded.map(|e| e.to_string()),
    };
    let mut text = format!(
        "result {}\nwinner {}\nreason {status}\nply {}\n",
        status.code(),
        winner.unwrap_or("none"),
        status.ply()
    );
    if let Some(f) = status.foul() {
        text.push_str(&format!("foul {}\n", f.code()));
    }
    text.push_str(&format!("sfen {final_sfen}\n"));
    if let Some(e) = recorded {
        text.push_str(&format!("recorded {e}\n"));
    }
    let mut out = Output::new(text, to_json(&report));
    if let Some(e) = recorded
        && let Some(why) = contradiction(e, &status)
    {
        out = out.with_warning(format!("the record says {e}, but {why}"));
    }
    if ignored > 0 {
        out = out.with_warning(format!(
            "--ignore-after-end: {ignored} move(s) after the end of the game at ply {} left out",
            status.ply()
        ));
    }
    Ok(out)
}

/// Why the ending a record gives contradicts the ruling on its moves, if it does: a mate
/// the position does not show, a 千日手 that did not occur, or another winner than the
/// rules name.
fn contradiction(recorded: Ending, status: &GameStatus) -> Option<String> {
    let ruled = status.code();
    match recorded {
        Ending::Mate { .. } if ruled != "checkmate" => {
            Some(format!("the final position is not checkmate ({status})"))
        }
        Ending::Sennichite if ruled != "sennichite" => Some(format!(
            "the moves do not repeat a position four times ({status})"
        )),
        _ => match (recorded.winner(), status.ruling()) {
            (Some(said), Some(r)) if r.winner().is_some_and(|w| w != said) => Some(format!(
                "the rules give the game to the other side ({status})"
            )),
            _ => None,
        },
    }
}
