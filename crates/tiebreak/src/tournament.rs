//! The tournament model shared by every input format: players, their round-by-round entries
//! (played games, forfeits, byes) and the scoring system.
//!
//! A [`Tournament`] is an unchecked setup: anyone can build one. [`check_pairings`] validates
//! that the pairings are consistent (opponents exist, both sides agree on the game), and the
//! parsers call it with a function that maps an entry back to its position in the file.

use board_core::{Outcome, Side};

use crate::error::{InputError, UnknownName, input_error};
use crate::points::Points;
use crate::points::PointsError;

/// Colour in one game (first mover = White / Red / Black-in-Go, second mover = Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Colour {
    /// First mover (White, Red, or Black in Go).
    White,
    /// Second mover.
    Black,
    /// Unknown or not applicable (byes, some forfeits).
    None,
}

/// What one round brought a player. The names follow C.07 art. 16 and the TRF result codes.
///
/// This is a player's view of a round, forfeits and byes included; the result of a game
/// itself, seen from the board, is the shared [`board_core::Outcome`]
/// ([`RoundResult::game_outcome`] converts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RoundResult {
    /// Over-the-board win (`1`).
    Win,
    /// Over-the-board draw (`=`).
    Draw,
    /// Over-the-board loss (`0`).
    Loss,
    /// Win in a game of under one move, not rated (`W`); played for tie-break purposes.
    UnratedWin,
    /// Draw in a game of under one move (`D`).
    UnratedDraw,
    /// Loss in a game of under one move (`L`).
    UnratedLoss,
    /// Forfeit win (`+`).
    ForfeitWin,
    /// Forfeit loss (`-` with an opponent; both sides `-` is a double forfeit).
    ForfeitLoss,
    /// Pairing-allocated bye (`U`).
    PairingBye,
    /// Full-point bye (`F`).
    FullBye,
    /// Half-point bye (`H`).
    HalfBye,
    /// Zero-point bye (`Z`, blank, or `-` without an opponent); also every round after a withdrawal.
    ZeroBye,
}

impl RoundResult {
    /// Played over the board (the game took place), per C.07 art. 15.1.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            RoundResult::Win
                | RoundResult::Draw
                | RoundResult::Loss
                | RoundResult::UnratedWin
                | RoundResult::UnratedDraw
                | RoundResult::UnratedLoss
        )
    }

    /// Needs an opponent (games and forfeits) as opposed to byes.
    pub fn needs_opponent(self) -> bool {
        !matches!(
            self,
            RoundResult::PairingBye
                | RoundResult::FullBye
                | RoundResult::HalfBye
                | RoundResult::ZeroBye
        )
    }

    /// Voluntary unplayed round (C.07 16.1): a requested bye (HPB, ZPB, withdrawal) or a
    /// forfeit loss.
    pub fn is_vur(self) -> bool {
        matches!(
            self,
            RoundResult::HalfBye | RoundResult::ZeroBye | RoundResult::ForfeitLoss
        )
    }

    /// The game's result from the board (`1-0` when White won), for a game played over
    /// the board with a known colour; `None` for forfeits, byes and unknown colours.
    pub fn game_outcome(self, colour: Colour) -> Option<Outcome> {
        let side = match colour {
            Colour::White => Side::First,
            Colour::Black => Side::Second,
            Colour::None => return None,
        };
        match self {
            RoundResult::Win | RoundResult::UnratedWin => Some(Outcome::Decisive { winner: side }),
            RoundResult::Loss | RoundResult::UnratedLoss => Some(Outcome::Decisive {
                winner: side.opponent(),
            }),
            RoundResult::Draw | RoundResult::UnratedDraw => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The result the opponent must have recorded for the same game.
    pub fn mirror(self) -> Option<RoundResult> {
        Some(match self {
            RoundResult::Win => RoundResult::Loss,
            RoundResult::Loss => RoundResult::Win,
            RoundResult::Draw => RoundResult::Draw,
            RoundResult::UnratedWin => RoundResult::UnratedLoss,
            RoundResult::UnratedLoss => RoundResult::UnratedWin,
            RoundResult::UnratedDraw => RoundResult::UnratedDraw,
            RoundResult::ForfeitWin => RoundResult::ForfeitLoss,
            RoundResult::ForfeitLoss => RoundResult::ForfeitWin,
            _ => return None,
        })
    }

    /// Points on the 1-½-0 scale used by rating-based tie-breaks (ARO, TPR, PTP).
    pub fn rating_points(self) -> Points {
        match self {
            RoundResult::Win | RoundResult::UnratedWin => Points::ONE,
            RoundResult::Draw | RoundResult::UnratedDraw => Points::HALF,
            _ => Points::ZERO,
        }
    }

    /// The TRF result letter.
    pub fn trf_code(self) -> char {
        match self {
            RoundResult::Win => '1',
            RoundResult::Draw => '=',
            RoundResult::Loss => '0',
            RoundResult::UnratedWin => 'W',
            RoundResult::UnratedDraw => 'D',
            RoundResult::UnratedLoss => 'L',
            RoundResult::ForfeitWin => '+',
            RoundResult::ForfeitLoss => '-',
            RoundResult::PairingBye => 'U',
            RoundResult::FullBye => 'F',
            RoundResult::HalfBye => 'H',
            RoundResult::ZeroBye => 'Z',
        }
    }

    /// Reads a TRF result letter (case-insensitive); `None` for an unknown code.
    pub fn from_trf(c: char) -> Option<RoundResult> {
        Some(match c.to_ascii_uppercase() {
            '1' => RoundResult::Win,
            '=' => RoundResult::Draw,
            '0' => RoundResult::Loss,
            'W' => RoundResult::UnratedWin,
            'D' => RoundResult::UnratedDraw,
            'L' => RoundResult::UnratedLoss,
            '+' => RoundResult::ForfeitWin,
            '-' => RoundResult::ForfeitLoss,
            'U' => RoundResult::PairingBye,
            'F' => RoundResult::FullBye,
            'H' => RoundResult::HalfBye,
            'Z' | ' ' => RoundResult::ZeroBye,
            _ => return None,
        })
    }
}

/// One player's round: opponent (index into [`Tournament::players`]), colour and outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// Index of the opponent in [`Tournament::players`], `None` for byes.
    pub opponent: Option<u32>,
    /// Colour played.
    pub colour: Colour,
    /// What the round brought the player.
    pub outcome: RoundResult,
    /// Handicap stones in a Go game (0 for even games and other games).
    pub handicap: i32,
}

impl Entry {
    /// A round the player took no part in: zero-point bye.
    pub const ABSENT: Entry = Entry {
        opponent: None,
        colour: Colour::None,
        outcome: RoundResult::ZeroBye,
        handicap: 0,
    };
}

/// Points for each kind of result. Draws may depend on colour (CXA 13.3 allows a draw to give
/// the first mover 1 and the second mover 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scoring {
    /// Points for a win over the board.
    pub win: Points,
    /// Points for a draw (with White, or with either colour unless `draw_black` differs).
    pub draw: Points,
    /// Points for a draw with Black when they differ from `draw` (CXA 13.3).
    pub draw_black: Points,
    /// Points for a loss over the board.
    pub loss: Points,
    /// Points for a forfeit win.
    pub forfeit_win: Points,
    /// Points for a forfeit loss.
    pub forfeit_loss: Points,
    /// Points for a pairing-allocated bye.
    pub pairing_bye: Points,
    /// Points for a full-point bye.
    pub full_bye: Points,
    /// Points for a half-point bye.
    pub half_bye: Points,
    /// Points for a zero-point bye.
    pub zero_bye: Points,
}

impl Scoring {
    /// The largest value, up or down, that a scoring may give one result: 1,000 points.
    ///
    /// Every real system gives at most a few points a game; the bound keeps the products of
    /// the tie-breaks (Sonneborn-Berger multiplies scores by points, over up to many thousand
    /// rounds) inside `i64` so that no file can make them overflow.
    pub const MAX_POINTS: Points = Points(2_000);

    /// 1 - ½ - 0 (FIDE).
    pub fn fide() -> Self {
        Self::from_wdl(Points::ONE, Points::HALF, Points::ZERO)
    }

    /// Win / draw / loss with byes and forfeits derived the usual way.
    pub fn from_wdl(win: Points, draw: Points, loss: Points) -> Self {
        Self {
            win,
            draw,
            draw_black: draw,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            pairing_bye: win,
            full_bye: win,
            half_bye: draw,
            zero_bye: loss,
        }
    }

    /// Points this scoring gives for an entry.
    pub fn points(&self, e: &Entry) -> Points {
        match e.outcome {
            RoundResult::Win | RoundResult::UnratedWin => self.win,
            RoundResult::Draw | RoundResult::UnratedDraw => {
                if e.colour == Colour::Black {
                    self.draw_black
                } else {
                    self.draw
                }
            }
            RoundResult::Loss | RoundResult::UnratedLoss => self.loss,
            RoundResult::ForfeitWin => self.forfeit_win,
            RoundResult::ForfeitLoss => self.forfeit_loss,
            RoundResult::PairingBye => self.pairing_bye,
            RoundResult::FullBye => self.full_bye,
            RoundResult::HalfBye => self.half_bye,
            RoundResult::ZeroBye => self.zero_bye,
        }
    }

    /// Applies `KEY=value` settings (`W`, `D`, `DB` draw with Black, `L`, `FW`, `FL`, `P`/`U`
    /// pairing bye, `F`, `H`, `Z`/`A`), as in TRF26 record 162 and the `--scoring` option.
    pub fn apply(&mut self, key: &str, value: Points) -> Result<(), ScoringError> {
        match key.to_ascii_uppercase().as_str() {
            "W" => {
                self.win = value;
            }
            "D" => {
                self.draw = value;
                self.draw_black = value;
            }
            "DB" => self.draw_black = value,
            "L" => self.loss = value,
            "FW" | "+" => self.forfeit_win = value,
            "FL" | "-" => self.forfeit_loss = value,
            "P" | "U" | "PAB" => self.pairing_bye = value,
            "F" | "FPB" => self.full_bye = value,
            "H" | "HPB" => self.half_bye = value,
            "Z" | "A" | "ZPB" => self.zero_bye = value,
            other => return Err(ScoringError::UnknownKey(other.to_string())),
        }
        Ok(())
    }

    /// Parses a list such as `W=3,D=1,L=0` on top of FIDE scoring. Win, draw and loss also
    /// move the forfeit and bye values that follow them unless those are given explicitly.
    pub fn parse_list(text: &str) -> Result<Scoring, ScoringError> {
        let mut pairs = Vec::new();
        for item in text.split([',', ';', ' ']).filter(|s| !s.trim().is_empty()) {
            let (k, v) = item
                .split_once(['=', ':'])
                .ok_or_else(|| ScoringError::NotAPair(item.to_string()))?;
            let v: Points = v.parse().map_err(ScoringError::Points)?;
            pairs.push((k.trim().to_string(), v));
        }
        Self::from_pairs(&pairs)
    }

    /// Builds a scoring from key/value pairs, deriving unspecified bye and forfeit values from
    /// win, draw and loss.
    pub fn from_pairs(pairs: &[(String, Points)]) -> Result<Scoring, ScoringError> {
        if let Some((key, value)) = pairs
            .iter()
            .find(|(_, v)| v.0.unsigned_abs() > Self::MAX_POINTS.0.unsigned_abs())
        {
            return Err(ScoringError::OutOfRange {
                key: key.clone(),
                value: *value,
            });
        }
        let get = |k: &str| {
            pairs
                .iter()
                .rev()
                .find(|(key, _)| key.eq_ignore_ascii_case(k))
                .map(|(_, v)| *v)
        };
        let base = Scoring::fide();
        let mut s = Scoring::from_wdl(
            get("W").unwrap_or(base.win),
            get("D").unwrap_or(base.draw),
            get("L").unwrap_or(base.loss),
        );
        for (k, v) in pairs {
            if !matches!(k.to_ascii_uppercase().as_str(), "W" | "D" | "L") {
                s.apply(k, *v)?;
            }
        }
        Ok(s)
    }
}

/// Why a scoring setting could not be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScoringError {
    /// An item of a list that is not `KEY=points`.
    NotAPair(String),
    /// A value that is not a number of points.
    Points(PointsError),
    /// A key that names no kind of result.
    UnknownKey(String),
    /// A value beyond [`Scoring::MAX_POINTS`] either way.
    OutOfRange {
        /// The key as written.
        key: String,
        /// The value given.
        value: Points,
    },
}

impl std::fmt::Display for ScoringError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoringError::NotAPair(item) => write!(f, "`{item}`: expected KEY=points"),
            ScoringError::Points(e) => write!(f, "{e}"),
            ScoringError::UnknownKey(key) => write!(f, "unknown scoring key `{key}`"),
            ScoringError::OutOfRange { key, value } => write!(
                f,
                "{key}={value}: a result is worth at most {} points either way",
                Scoring::MAX_POINTS.0 / 2
            ),
        }
    }
}

impl std::error::Error for ScoringError {}

impl Default for Scoring {
    fn default() -> Self {
        Self::fide()
    }
}

/// A participant.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// Start (pairing) number as written in the file.
    pub id: u32,
    /// Name as written in the file.
    pub name: String,
    /// Rating, `None` when unrated.
    pub rating: Option<u32>,
    /// Points as written in the file, if any (checked against the results, not trusted).
    pub declared_points: Option<Points>,
    /// Rank as written in the file, if any.
    pub declared_rank: Option<u32>,
    /// One entry per round; missing rounds are [`Entry::ABSENT`].
    pub entries: Vec<Entry>,
    /// Rule violations (犯规) counted by the arbiter, for the CXA tie-break order.
    pub fouls: u32,
    /// Starting McMahon score (Go); 0 elsewhere.
    pub mcmahon_start: Points,
}

impl Player {
    /// A player with no rating, entries or declared figures.
    pub fn new(id: u32, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            rating: None,
            declared_points: None,
            declared_rank: None,
            entries: Vec::new(),
            fouls: 0,
            mcmahon_start: Points::ZERO,
        }
    }
}

/// Pairing system: decides how unplayed rounds count (C.07 art. 15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum System {
    /// Swiss system: unplayed rounds count through virtual opponents (art. 16).
    Swiss,
    /// Round-robin: every player meets every other one.
    RoundRobin,
}

impl std::str::FromStr for System {
    type Err = UnknownName;
    /// `swiss`, or `round-robin` (`roundrobin`, `rr`, `berger`), in any case.
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "swiss" => Ok(System::Swiss),
            "round-robin" | "roundrobin" | "rr" | "berger" => Ok(System::RoundRobin),
            other => Err(UnknownName {
                what: "system",
                found: other.to_string(),
                expected: "swiss or round-robin",
            }),
        }
    }
}

/// A whole event as read from a file.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tournament {
    /// Event name.
    pub name: String,
    /// The players, in file order.
    pub players: Vec<Player>,
    /// Number of rounds (every player has exactly this many entries after [`Tournament::normalise`]).
    pub rounds: usize,
    /// Points for each kind of result.
    pub scoring: Scoring,
    /// System named by the file (TRF 092/192, CSV/JSON header), if any.
    pub system: Option<System>,
    /// Tie-break list from TRF26 record 202 (without PTS).
    pub tiebreaks: Option<String>,
    /// Standings definition from TRF26 record 212 (PTS followed by the tie-breaks).
    pub standings: Option<String>,
}

impl Tournament {
    /// Pads every player's entries to the same number of rounds.
    pub fn normalise(&mut self) {
        let rounds = self
            .players
            .iter()
            .map(|p| p.entries.len())
            .max()
            .unwrap_or(0)
            .max(self.rounds);
        self.rounds = rounds;
        for p in &mut self.players {
            p.entries.resize(rounds, Entry::ABSENT);
        }
    }

    /// Index of the player with a start number.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// A player's total score under the tournament's scoring.
    pub fn score(&self, player: usize) -> Points {
        self.players[player]
            .entries
            .iter()
            .map(|e| self.scoring.points(e))
            .sum()
    }
}

/// Most round entries a tournament may hold once every player is padded to the same number of
/// rounds (16 bytes each: 320 MB), so that no file multiplies into more memory than that.
pub const MAX_ROUND_ENTRIES: usize = 20_000_000;

/// The number of rounds of an event whose file does not declare it: the longest row that
/// another row reaches. A single row longer than every other holds rounds nobody else took
/// part in (a game needs the opponent's row too), and would pad every player to its length.
/// With fewer than two rows, the longest row.
pub(crate) fn longest_shared_row(lengths: &[usize]) -> usize {
    let (mut longest, mut second) = (0, 0);
    for &len in lengths {
        if len > longest {
            second = longest;
            longest = len;
        } else if len > second {
            second = len;
        }
    }
    if lengths.len() < 2 { longest } else { second }
}

/// The error for a row longer than [`longest_shared_row`].
pub(crate) fn overlong_row_message(len: usize, cap: usize) -> String {
    format!(
        "the row has {len} rounds, but no other row has more than {cap}: rounds nobody else played (declare the number of rounds if they are meant)"
    )
}

/// An error when padding every row to the longest would pass [`MAX_ROUND_ENTRIES`].
pub(crate) fn check_entry_total(lengths: &[usize]) -> Option<InputError> {
    let rounds = lengths.iter().copied().max().unwrap_or(0);
    (lengths.len().saturating_mul(rounds) > MAX_ROUND_ENTRIES).then(|| {
        input_error(
            0,
            0,
            format!(
                "{} players over {rounds} rounds is more than the {MAX_ROUND_ENTRIES} round entries a tournament may hold",
                lengths.len()
            ),
        )
    })
}

/// Checks that opponents exist, that nobody plays himself, and that both sides of every game
/// agree on the round, the colours and the result. `locate(player, round)` gives the line and
/// column to report; every problem is returned.
pub fn check_pairings(
    t: &Tournament,
    locate: &dyn Fn(usize, usize) -> (usize, usize),
) -> Vec<InputError> {
    let mut errors = Vec::new();
    let n = t.players.len();
    for (i, p) in t.players.iter().enumerate() {
        for (r, e) in p.entries.iter().enumerate() {
            let (line, col) = locate(i, r);
            match e.opponent {
                None => {
                    if e.outcome.needs_opponent() && e.outcome != RoundResult::ForfeitLoss {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: result `{}` needs an opponent",
                                r + 1,
                                e.outcome.trf_code()
                            ),
                        ));
                    }
                }
                Some(o) => {
                    let o = o as usize;
                    if o >= n {
                        errors.push(input_error(
                            line,
                            col,
                            format!("round {}: opponent does not exist", r + 1),
                        ));
                        continue;
                    }
                    if o == i {
                        errors.push(input_error(
                            line,
                            col,
                            format!("round {}: player {} is paired with himself", r + 1, p.id),
                        ));
                        continue;
                    }
                    if !e.outcome.needs_opponent() {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: bye code `{}` with an opponent ({})",
                                r + 1,
                                e.outcome.trf_code(),
                                t.players[o].id
                            ),
                        ));
                        continue;
                    }
                    let other = t.players[o]
                        .entries
                        .get(r)
                        .copied()
                        .unwrap_or(Entry::ABSENT);
                    if other.opponent != Some(i as u32) {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: player {} lists {} as opponent, but {} lists {}",
                                r + 1,
                                p.id,
                                t.players[o].id,
                                t.players[o].id,
                                match other.opponent {
                                    Some(x) if (x as usize) < n =>
                                        format!("player {}", t.players[x as usize].id),
                                    Some(_) => "a missing player".to_string(),
                                    None => "no opponent".to_string(),
                                }
                            ),
                        ));
                        continue;
                    }
                    if i > o {
                        continue; // the pair was checked from the other side
                    }
                    let double_forfeit = e.outcome == RoundResult::ForfeitLoss
                        && other.outcome == RoundResult::ForfeitLoss;
                    if !double_forfeit && e.outcome.mirror() != Some(other.outcome) {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: results disagree: {} has `{}` against {}, who has `{}`",
                                r + 1,
                                p.id,
                                e.outcome.trf_code(),
                                t.players[o].id,
                                other.outcome.trf_code()
                            ),
                        ));
                    }
                    let colours_ok = match (e.colour, other.colour) {
                        (Colour::White, Colour::Black) | (Colour::Black, Colour::White) => true,
                        (Colour::None, Colour::None) => !e.outcome.is_played(),
                        (Colour::None, _) | (_, Colour::None) => !e.outcome.is_played(),
                        _ => false,
                    };
                    if !colours_ok {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: colours disagree between {} and {}",
                                r + 1,
                                p.id,
                                t.players[o].id
                            ),
                        ));
                    }
                    if e.handicap != other.handicap {
                        errors.push(input_error(
                            line,
                            col,
                            format!(
                                "round {}: handicap disagrees between {} and {}",
                                r + 1,
                                p.id,
                                t.players[o].id
                            ),
                        ));
                    }
                }
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn played_games_convert_to_the_shared_outcome() {
        let white_won = Outcome::Decisive {
            winner: Side::First,
        };
        assert_eq!(
            RoundResult::Win.game_outcome(Colour::White),
            Some(white_won)
        );
        assert_eq!(
            RoundResult::Loss.game_outcome(Colour::Black),
            Some(white_won)
        );
        assert_eq!(
            RoundResult::UnratedDraw.game_outcome(Colour::Black),
            Some(Outcome::Draw)
        );
        assert_eq!(RoundResult::Win.game_outcome(Colour::None), None);
        assert_eq!(RoundResult::ForfeitWin.game_outcome(Colour::White), None);
        for r in [RoundResult::Win, RoundResult::Draw, RoundResult::Loss] {
            let mirrored = r.mirror().and_then(|m| m.game_outcome(Colour::Black));
            assert_eq!(r.game_outcome(Colour::White), mirrored);
        }
    }
}
