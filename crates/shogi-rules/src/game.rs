//! Game-end rulings: checkmate, 千日手 (fourfold repetition), 連続王手の千日手 (perpetual
//! check), impasse declarations and the move limit, the optional try rule, and fouls.
//!
//! A [`Game`] plays moves from a start position and keeps the history the repetition rules
//! need; when it ends it gives a [`Ruling`]: the shared [`Outcome`] (who won) plus the shogi
//! [`Reason`] as data, with the prose made by `Display`.
//!
//! Sources (digested in the team's shogi spec): JSA 対局規則 第8条 (sennichite: same board,
//! hands and side to move four times), JSA 対局規定 第8条 反則 (fouls, perpetual check loses),
//! WCSC / JSA amateur 27-point declaration, JSA professional 入玉宣言法 (31 points) and the
//! 24-point counting rule.

use std::fmt;

use board_core::repetition::History;
use board_core::{Outcome, Side};

pub use crate::foul::{Foul, Unplayable};
pub use crate::impasse::{
    Declaration, DeclarationFailure, DeclarationRule, ImpasseRule, count_24, declaration_points,
    impasse_points, judge_declaration,
};
use crate::position::Position;
use crate::types::{Move, Square, side_name};

/// Why a game ended: the shogi side of a [`Ruling`], next to its [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Reason {
    /// 詰み: the loser is in check with no legal move.
    Checkmate,
    /// The loser has no legal move without being in check (it loses, as when mated).
    NoLegalMove,
    /// The side to move has no king and no legal move (a tsume position's attacker, say):
    /// no shogi rule applies, so no checkmate is claimed; the side that cannot move is
    /// counted as the loser.
    NoKing,
    /// The loser played an illegal move (反則負け).
    Foul(Foul),
    /// 千日手: the same board, hands and side to move for the fourth time (a draw).
    Sennichite,
    /// 連続王手の千日手: the fourth occurrence came while every move of the loser gave check.
    PerpetualCheck,
    /// 持将棋 by the JSA professional move limit, reached without a declaration.
    MoveLimit {
        /// The limit in moves.
        limit: usize,
    },
    /// トライルール: the winner's king reached the enemy king's starting square.
    Try,
    /// A successful 入玉宣言 by the winner.
    Declaration {
        /// The declarer's points.
        points: u32,
    },
    /// 持将棋 by a declaration under the 24-point rule (24 to 30 points).
    DeclarationDraw {
        /// The side that declared.
        declarer: Side,
        /// The declarer's points.
        points: u32,
    },
    /// A failed declaration: the declarer loses.
    DeclarationFailed(DeclarationFailure),
}

impl Reason {
    /// Machine-friendly name of the result: `checkmate`, `no_king`, `illegal`, `sennichite`,
    /// `perpetual_check`, `impasse_draw`, `try_win`, `declaration_win` or `declaration_loss`.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Checkmate | Reason::NoLegalMove => "checkmate",
            Reason::NoKing => "no_king",
            Reason::Foul(_) => "illegal",
            Reason::Sennichite => "sennichite",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::MoveLimit { .. } | Reason::DeclarationDraw { .. } => "impasse_draw",
            Reason::Try => "try_win",
            Reason::Declaration { .. } => "declaration_win",
            Reason::DeclarationFailed(_) => "declaration_loss",
        }
    }
}

/// The rule that ended the game, without the sides (a [`Ruling`] says who).
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Checkmate => f.write_str("詰み (checkmate)"),
            Reason::NoLegalMove => f.write_str("no legal move"),
            Reason::NoKing => f.write_str("no king and no legal move"),
            Reason::Foul(foul) => write!(f, "反則 (foul): {foul}"),
            Reason::Sennichite => f.write_str("千日手 (fourfold repetition)"),
            Reason::PerpetualCheck => f.write_str("連続王手の千日手 (perpetual check)"),
            Reason::MoveLimit { limit } => write!(f, "持将棋 (move limit {limit})"),
            Reason::Try => f.write_str("トライ (the king reached the try square)"),
            Reason::Declaration { points } => write!(f, "入玉宣言 with {points} points"),
            Reason::DeclarationDraw { points, .. } => {
                write!(f, "持将棋 (declaration with {points} points)")
            }
            Reason::DeclarationFailed(why) => write!(f, "failed declaration: {why}"),
        }
    }
}

/// How a game ended: who won ([`Outcome`]), by which rule ([`Reason`]) and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruling {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// The rule that ended the game.
    pub reason: Reason,
    /// Moves played from the start position when the game ended (for a foul, the number of
    /// the illegal move).
    pub ply: usize,
}

impl Ruling {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        self.outcome.winner()
    }

    /// The foul, if an illegal move ended the game.
    pub fn foul(&self) -> Option<Foul> {
        match self.reason {
            Reason::Foul(foul) => Some(foul),
            _ => None,
        }
    }

    /// Machine-friendly name of the result (see [`Reason::code`]).
    pub fn code(&self) -> &'static str {
        self.reason.code()
    }

    fn win(winner: Side, reason: Reason, ply: usize) -> Ruling {
        Ruling {
            outcome: Outcome::Decisive { winner },
            reason,
            ply,
        }
    }

    fn draw(reason: Reason, ply: usize) -> Ruling {
        Ruling {
            outcome: Outcome::Draw,
            reason,
            ply,
        }
    }
}

/// The ruling in words, naming the sides (`gote is checkmated`).
impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = self.outcome.winner().map_or("nobody", side_name);
        let loser = self.outcome.loser().map_or("nobody", side_name);
        match self.reason {
            Reason::Checkmate => write!(f, "{loser} is checkmated"),
            Reason::NoLegalMove => write!(f, "{loser} has no legal move"),
            Reason::NoKing => write!(
                f,
                "{loser} has no king and no legal move (not a checkmate: no rule applies)"
            ),
            Reason::Foul(foul) => write!(f, "move {} by {loser}: {}", self.ply, foul.describe()),
            Reason::Sennichite => f.write_str(
                "千日手: the same board, hands and side to move occurred for the fourth time",
            ),
            Reason::PerpetualCheck => write!(
                f,
                "連続王手の千日手: the position repeated four times and every move of {loser} was check"
            ),
            Reason::MoveLimit { limit } => write!(
                f,
                "持将棋: {} moves played (limit {limit}) without a declaration",
                self.ply
            ),
            Reason::Try => write!(f, "{winner}'s king reached the try square"),
            Reason::Declaration { points } => write!(f, "{winner} declared with {points} points"),
            Reason::DeclarationDraw { declarer, points } => write!(
                f,
                "持将棋: {} declared with {points} points (24-30)",
                side_name(declarer)
            ),
            Reason::DeclarationFailed(why) => write!(f, "{loser}'s declaration failed: {why}"),
        }
    }
}

/// Where a game stands: still going, or ended with a [`Ruling`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing {
        /// The side to move.
        to_move: Side,
        /// Whether the side to move is in check.
        in_check: bool,
        /// Moves played so far.
        ply: usize,
    },
    /// The game is over.
    Ended(Ruling),
}

impl GameStatus {
    /// `ongoing`, or the code of the ruling (see [`Reason::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            GameStatus::Ongoing { .. } => "ongoing",
            GameStatus::Ended(r) => r.code(),
        }
    }

    /// The ruling, if the game is over.
    pub fn ruling(&self) -> Option<&Ruling> {
        match self {
            GameStatus::Ongoing { .. } => None,
            GameStatus::Ended(r) => Some(r),
        }
    }

    /// The winner of an ended game (`None` while it goes on or for a draw).
    pub fn winner(&self) -> Option<Side> {
        self.ruling().and_then(Ruling::winner)
    }

    /// The foul that ended the game, if one did.
    pub fn foul(&self) -> Option<Foul> {
        self.ruling().and_then(Ruling::foul)
    }

    /// Moves played (when the game ended, for an ended game).
    pub fn ply(&self) -> usize {
        match self {
            GameStatus::Ongoing { ply, .. } => *ply,
            GameStatus::Ended(r) => r.ply,
        }
    }
}

/// `sente to move, in check`, or the ruling in words.
impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStatus::Ongoing {
                to_move, in_check, ..
            } => write!(
                f,
                "{} to move{}",
                side_name(*to_move),
                if *in_check { ", in check" } else { "" }
            ),
            GameStatus::Ended(r) => r.fmt(f),
        }
    }
}

/// What [`Game::play`] did with a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The game goes on.
    Continue,
    /// The move ended the game (mate, repetition, move limit, try).
    Ended(Ruling),
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is illegal: the position is unchanged, and the game is over with the mover
    /// losing by the foul (JSA 対局規定 第8条).
    Foul {
        /// What made the move illegal.
        foul: Foul,
        /// The ruling that ends the game.
        ruling: Ruling,
    },
    /// The game had already ended.
    GameOver(Ruling),
    /// The move cannot be made on the board at all (a typo, not a foul): the position and
    /// the game are unchanged.
    Unplayable(Unplayable),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Foul { ruling, .. } => ruling.fmt(f),
            PlayError::GameOver(ruling) => write!(f, "the game is over: {ruling}"),
            PlayError::Unplayable(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Foul { foul, .. } => Some(foul),
            PlayError::GameOver(_) => None,
            PlayError::Unplayable(why) => Some(why),
        }
    }
}

/// Options of a game ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRules {
    /// The impasse declaration rule (and the move limit it may bring).
    pub declaration: DeclarationRule,
    /// トライルール: a king reaching the enemy king's starting square (5一 / 5九) wins.
    pub try_rule: bool,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules {
            declaration: DeclarationRule::new(ImpasseRule::Points27),
            try_rule: false,
        }
    }
}

/// A game from a start position: moves played so far with the history needed for
/// repetition rulings.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    start: Position,
    moves: Vec<Move>,
    /// The key after each ply and whether its move gave check, with where each key occurred.
    history: History,
    ended: Option<Ruling>,
    rules: GameRules,
}

impl Game {
    /// A game from `start` under `rules`; it is over at once if the side to move has no
    /// legal move.
    pub fn new(start: Position, rules: GameRules) -> Game {
        let mut game = Game {
            history: History::new(start.key(), start.in_check()),
            position: start.clone(),
            start,
            moves: Vec::new(),
            ended: None,
            rules,
        };
        if game.position.count_legal_moves() == 0 {
            game.ended = Some(game.no_moves_ruling(0));
        }
        game
    }

    fn no_moves_ruling(&self, ply: usize) -> Ruling {
        let loser = self.position.side_to_move();
        let reason = if self.position.king(loser).is_none() {
            Reason::NoKing
        } else if self.position.in_check() {
            Reason::Checkmate
        } else {
            Reason::NoLegalMove
        };
        Ruling::win(!loser, reason, ply)
    }

    /// The position after the moves played.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    /// The ruling once the game has ended.
    pub fn ended(&self) -> Option<&Ruling> {
        self.ended.as_ref()
    }

    /// Plays `mv`. A legal move either lets the game go on or ends it (mate, repetition,
    /// move limit, try rule). An illegal move is refused with its foul, and ends the game
    /// with the mover losing; a move that cannot be made at all (from an empty square, a
    /// drop of a piece not in hand) is refused without a ruling; moves after the end are
    /// refused.
    pub fn play(&mut self, mv: Move) -> Result<Progress, PlayError> {
        if let Some(r) = self.ended {
            return Err(PlayError::GameOver(r));
        }
        if let Some(why) = self.position.unplayable(mv) {
            return Err(PlayError::Unplayable(why));
        }
        let mover = self.position.side_to_move();
        let ply = self.moves.len() + 1;
        if let Err(foul) = self.position.check_move(mv) {
            let ruling = Ruling::win(!mover, Reason::Foul(foul), ply);
            self.ended = Some(ruling);
            return Err(PlayError::Foul { foul, ruling });
        }
        self.position.play_unchecked(mv);
        self.moves.push(mv);
        let key = self.position.key();
        let check = self.position.in_check();
        let occurrences = self.history.push(key, check);
        let ruling = self.ruling_after(occurrences, check, mover, ply);
        self.ended = ruling;
        Ok(match ruling {
            Some(r) => Progress::Ended(r),
            None => Progress::Continue,
        })
    }

    /// The end, if any, that ply `ply` by `mover` brought: its position has now occurred
    /// `occurrences` times, and the move gave check or not.
    fn ruling_after(
        &self,
        occurrences: usize,
        check: bool,
        mover: Side,
        ply: usize,
    ) -> Option<Ruling> {
        if occurrences >= 4 {
            return Some(self.repetition_ruling(mover, ply));
        }
        if self.position.count_legal_moves() == 0 {
            return Some(self.no_moves_ruling(ply));
        }
        if let Some(limit) = self.rules.declaration.move_limit
            && ply >= limit
            && !check
        {
            return Some(Ruling::draw(Reason::MoveLimit { limit }, ply));
        }
        if self.rules.try_rule {
            let target = match mover {
                Side::First => Square::new(5, 1),
                Side::Second => Square::new(5, 9),
            };
            if self.position.king(mover) == target {
                return Some(Ruling::win(mover, Reason::Try, ply));
            }
        }
        None
    }

    /// The fourth occurrence of a position, reached by `mover`'s move at `ply`: if every
    /// move of one side since the first occurrence gave check, that side loses (連続王手の
    /// 千日手); otherwise 千日手.
    fn repetition_ruling(&self, mover: Side, ply: usize) -> Ruling {
        let latest = self.history.current().hash;
        let first = self.history.first_occurrence(latest).unwrap_or(0);
        let ply32 = ply as u32;
        let mover_checked = self.history.every_move_checked(ply32, first);
        let other_checked = self.history.every_move_checked(ply32 - 1, first);
        match (mover_checked, other_checked) {
            (true, false) => Ruling::win(!mover, Reason::PerpetualCheck, ply),
            (false, true) => Ruling::win(mover, Reason::PerpetualCheck, ply),
            _ => Ruling::draw(Reason::Sennichite, ply),
        }
    }

    /// The side to move declares (入玉宣言) under the game's declaration rule.
    pub fn declare(&mut self) -> Ruling {
        if let Some(r) = self.ended {
            return r;
        }
        let side = self.position.side_to_move();
        let ply = self.moves.len();
        let r = match judge_declaration(&self.position, &self.rules.declaration) {
            Declaration::Win { points } => Ruling::win(side, Reason::Declaration { points }, ply),
            Declaration::Draw { points } => Ruling::draw(
                Reason::DeclarationDraw {
                    declarer: side,
                    points,
                },
                ply,
            ),
            Declaration::Loss { reason } => {
                Ruling::win(!side, Reason::DeclarationFailed(reason), ply)
            }
        };
        self.ended = Some(r);
        r
    }

    /// Where the game stands: its ruling if it ended, otherwise who is to move.
    pub fn status(&self) -> GameStatus {
        match self.ended {
            Some(r) => GameStatus::Ended(r),
            None => GameStatus::Ongoing {
                to_move: self.position.side_to_move(),
                in_check: self.position.in_check(),
                ply: self.moves.len(),
            },
        }
    }
}
