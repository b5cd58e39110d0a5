//! Game-end rulings: checkmate, 千日手 (fourfold repetition), 連続王手の千日手 (perpetual
//! check), impasse declarations and point counting, the optional try rule, and fouls.
//!
//! Sources (digested in the team's shogi spec): JSA 対局規則 第8条 (sennichite: same board,
//! hands and side to move four times), JSA 対局規定 第8条 反則 (fouls, perpetual check loses),
//! WCSC / JSA amateur 27-point declaration, JSA professional 入玉宣言法 (31 points) and the
//! 24-point counting rule.

use board_core::Side;
use hashbrown::HashMap;

use crate::position::Position;
use crate::tables;
use crate::types::{Kind, Move, Square, side_name};

/// Why a move is illegal (the fouls of JSA 対局規定 第8条 and plain impossibilities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// 二歩: a pawn dropped on a file holding an unpromoted pawn of the same side.
    Nifu,
    /// 打ち歩詰め: a pawn drop that checkmates.
    Uchifuzume,
    /// 行き所のない駒: a piece left where it can never move again.
    PieceWithNoMove,
    /// 王手放置: the mover's king is left (or put) in check.
    KingLeftInCheck,
    /// Moving the opponent's piece, i.e. moving out of turn (二手指し).
    OutOfTurn,
    /// The piece cannot move that way, or there is no piece to move.
    ImpossibleMovement,
    /// Promotion asked for where it is not allowed.
    ImpossiblePromotion,
    /// Dropping a piece that is not in hand, or onto an occupied square.
    ImpossibleDrop,
}

impl Foul {
    /// Machine-friendly name.
    pub fn code(self) -> &'static str {
        match self {
            Foul::Nifu => "nifu",
            Foul::Uchifuzume => "uchifuzume",
            Foul::PieceWithNoMove => "piece_with_no_move",
            Foul::KingLeftInCheck => "king_left_in_check",
            Foul::OutOfTurn => "out_of_turn",
            Foul::ImpossibleMovement => "impossible_movement",
            Foul::ImpossiblePromotion => "impossible_promotion",
            Foul::ImpossibleDrop => "impossible_drop",
        }
    }

    /// The Japanese term and a short English explanation.
    pub fn describe(self) -> &'static str {
        match self {
            Foul::Nifu => "二歩 (two unpromoted pawns on one file)",
            Foul::Uchifuzume => "打ち歩詰め (checkmate by a pawn drop)",
            Foul::PieceWithNoMove => "行き所のない駒 (a piece that could never move again)",
            Foul::KingLeftInCheck => "王手放置 (own king left in check)",
            Foul::OutOfTurn => "moving out of turn (the piece belongs to the opponent)",
            Foul::ImpossibleMovement => "the piece cannot move that way",
            Foul::ImpossiblePromotion => "promotion is not allowed for this move",
            Foul::ImpossibleDrop => "no such piece in hand or the square is occupied",
        }
    }
}

impl std::fmt::Display for Foul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

impl Position {
    /// `Ok(())` if `mv` is legal, otherwise the foul it commits.
    pub fn check_move(&self, mv: Move) -> Result<(), Foul> {
        if self.is_legal(mv) {
            return Ok(());
        }
        let us = self.side;
        match mv {
            Move::Board { from, to, promote } => {
                let piece = self.piece_at(from).ok_or(Foul::ImpossibleMovement)?;
                if piece.side != us {
                    return Err(Foul::OutOfTurn);
                }
                if self.side_pieces(us).contains(to.index() as u32)
                    || !tables::attacks(us, piece.kind, from, self.occupied())
                        .contains(to.index() as u32)
                {
                    return Err(Foul::ImpossibleMovement);
                }
                let zone = tables::zone(us);
                if promote
                    && (!piece.kind.can_promote()
                        || !(zone.contains(from.index() as u32)
                            || zone.contains(to.index() as u32)))
                {
                    return Err(Foul::ImpossiblePromotion);
                }
                if !promote && tables::dead_squares(us, piece.kind).contains(to.index() as u32) {
                    return Err(Foul::PieceWithNoMove);
                }
                Err(Foul::KingLeftInCheck)
            }
            Move::Drop { kind, to } => {
                if kind == Kind::King
                    || self.hand(us).count(kind) == 0
                    || self.piece_at(to).is_some()
                {
                    return Err(Foul::ImpossibleDrop);
                }
                if tables::dead_squares(us, kind).contains(to.index() as u32) {
                    return Err(Foul::PieceWithNoMove);
                }
                if kind == Kind::Pawn && self.pawn_files(us).contains(to.index() as u32) {
                    return Err(Foul::Nifu);
                }
                if self.in_check() {
                    return Err(Foul::KingLeftInCheck);
                }
                Err(Foul::Uchifuzume)
            }
        }
    }
}

/// Which impasse declaration rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpasseRule {
    /// CSA / WCSC and JSA amateur events: Sente needs 28 points, Gote 27; a failed
    /// declaration loses.
    Points27,
    /// JSA professional 入玉宣言法: 31 or more wins, 24–30 is 持将棋 (no result), otherwise
    /// the declarer loses.
    Points24,
}

/// Declaration thresholds, adjustable for handicap games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclarationRule {
    pub rule: ImpasseRule,
    /// Points needed to win, per side.
    pub win_threshold: [u32; 2],
    /// Under the 24-point rule, points needed to avoid losing (24); unused for 27 points.
    pub draw_threshold: [u32; 2],
    /// JSA professional rule: without a declaration the game is 持将棋 once this many
    /// moves have been played (if checks are still going on, when they stop).
    pub move_limit: Option<usize>,
}

impl DeclarationRule {
    pub fn new(rule: ImpasseRule) -> DeclarationRule {
        match rule {
            ImpasseRule::Points27 => DeclarationRule {
                rule,
                win_threshold: [28, 27],
                draw_threshold: [28, 27],
                move_limit: None,
            },
            ImpasseRule::Points24 => DeclarationRule {
                rule,
                win_threshold: [31, 31],
                draw_threshold: [24, 24],
                move_limit: Some(500),
            },
        }
    }

    /// Lowers the thresholds of `side` (the 上手 of a handicap game) by the points of the
    /// pieces it removed (the engine convention of YaneuraOu's `EKR_*_H`, following AobaZero:
    /// 27-point 二枚落 上手 needs 17).
    pub fn with_handicap(mut self, side: Side, removed_points: u32) -> DeclarationRule {
        let i = side.index();
        self.win_threshold[i] = self.win_threshold[i].saturating_sub(removed_points);
        self.draw_threshold[i] = self.draw_threshold[i].saturating_sub(removed_points);
        self
    }
}

/// The outcome of a declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declaration {
    Win {
        points: u32,
    },
    /// 24-point rule only: enough to avoid losing, not enough to win.
    Draw {
        points: u32,
    },
    Loss {
        reason: String,
    },
}

/// Points of `side`'s pieces in hand plus its pieces in the enemy camp (king excluded), and
/// the number of such pieces on the board in the camp.
pub fn declaration_points(pos: &Position, side: Side) -> (u32, u32) {
    let zone = tables::zone(side);
    let mut points = 0;
    let mut count = 0;
    for sq in pos.side_pieces(side) & zone {
        let kind = pos.piece_at(Square::at(sq)).expect("occupied").kind;
        if kind != Kind::King {
            points += kind.impasse_points();
            count += 1;
        }
    }
    for kind in Kind::HAND {
        points += u32::from(pos.hand(side).count(kind)) * kind.impasse_points();
    }
    (points, count)
}

/// Judges a declaration by the side to move.
pub fn judge_declaration(pos: &Position, rule: &DeclarationRule) -> Declaration {
    let side = pos.side_to_move();
    let zone = tables::zone(side);
    let Some(k) = pos.king(side) else {
        return Declaration::Loss {
            reason: "the declarer has no king".into(),
        };
    };
    if !zone.contains(k.index() as u32) {
        return Declaration::Loss {
            reason: "the declarer's king is not in the enemy camp".into(),
        };
    }
    if pos.in_check() {
        return Declaration::Loss {
            reason: "the declarer is in check".into(),
        };
    }
    let (points, count) = declaration_points(pos, side);
    if count < 10 {
        return Declaration::Loss {
            reason: format!("only {count} pieces besides the king in the enemy camp (10 needed)"),
        };
    }
    let i = side.index();
    if points >= rule.win_threshold[i] {
        Declaration::Win { points }
    } else if rule.rule == ImpasseRule::Points24 && points >= rule.draw_threshold[i] {
        Declaration::Draw { points }
    } else {
        Declaration::Loss {
            reason: format!(
                "{points} points, {} needed",
                match rule.rule {
                    ImpasseRule::Points27 => rule.win_threshold[i],
                    ImpasseRule::Points24 => rule.draw_threshold[i],
                }
            ),
        }
    }
}

/// Total impasse points of each side (board and hand, kings excluded): the JSA 24-point
/// counting rule. `extra` adds the points of pieces removed in a handicap game to the 上手.
pub fn impasse_points(pos: &Position, extra: [u32; 2]) -> [u32; 2] {
    let mut out = extra;
    for side in Side::ALL {
        for sq in pos.side_pieces(side) {
            out[side.index()] += pos
                .piece_at(Square::at(sq))
                .expect("piece")
                .kind
                .impasse_points();
        }
        for kind in Kind::HAND {
            out[side.index()] += u32::from(pos.hand(side).count(kind)) * kind.impasse_points();
        }
    }
    out
}

/// The 24-point counting verdict: a side under 24 loses; both at 24 or more is 持将棋.
pub fn count_24(points: [u32; 2]) -> Option<Side> {
    match (points[0] < 24, points[1] < 24) {
        (true, false) => Some(Side::Second),
        (false, true) => Some(Side::First),
        _ => None,
    }
}

/// What a game (or a prefix of one) has come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    Checkmate,
    Sennichite,
    PerpetualCheck,
    DeclarationWin,
    DeclarationLoss,
    ImpasseDraw,
    Illegal,
    TryWin,
}

impl Outcome {
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Checkmate => "checkmate",
            Outcome::Sennichite => "sennichite",
            Outcome::PerpetualCheck => "perpetual_check",
            Outcome::DeclarationWin => "declaration_win",
            Outcome::DeclarationLoss => "declaration_loss",
            Outcome::ImpasseDraw => "impasse_draw",
            Outcome::Illegal => "illegal",
            Outcome::TryWin => "try_win",
        }
    }
}

/// A ruling: outcome, winner, a reason in words, and the ply it refers to (number of moves
/// played from the start position when the game ended), plus the foul for illegal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub outcome: Outcome,
    pub winner: Option<Side>,
    pub reason: String,
    pub ply: usize,
    pub foul: Option<Foul>,
}

/// Options of a game ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRules {
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
    /// Key of the position after each ply (index 0 = start) and whether the side to move
    /// there is in check.
    history: Vec<(u64, bool)>,
    seen: HashMap<u64, Vec<usize>>,
    ended: Option<Ruling>,
    rules: GameRules,
}

impl Game {
    pub fn new(start: Position, rules: GameRules) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.key(), vec![0]);
        let mut game = Game {
            history: vec![(start.key(), start.in_check())],
            position: start.clone(),
            start,
            moves: Vec::new(),
            seen,
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
        Ruling {
            outcome: Outcome::Checkmate,
            winner: Some(!loser),
            reason: if self.position.in_check() {
                format!("{} is checkmated", side_name(loser))
            } else {
                format!("{} has no legal move", side_name(loser))
            },
            ply,
            foul: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The ruling once the game has ended.
    pub fn ended(&self) -> Option<&Ruling> {
        self.ended.as_ref()
    }

    /// Plays `mv`. An illegal move ends the game (the mover loses, with the foul named);
    /// so do mate, repetition and the try rule. Moves after the end are refused.
    pub fn play(&mut self, mv: Move) -> Result<Option<&Ruling>, Ruling> {
        if let Some(r) = &self.ended {
            return Err(r.clone());
        }
        let mover = self.position.side_to_move();
        let ply = self.moves.len() + 1;
        if let Err(foul) = self.position.check_move(mv) {
            let r = Ruling {
                outcome: Outcome::Illegal,
                winner: Some(!mover),
                reason: format!("move {ply} by {}: {}", side_name(mover), foul.describe()),
                ply,
                foul: Some(foul),
            };
            self.ended = Some(r.clone());
            return Ok(self.ended.as_ref());
        }
        self.position.make(mv);
        self.moves.push(mv);
        let key = self.position.key();
        let check = self.position.in_check();
        self.history.push((key, check));
        let occurrences = self.seen.entry(key).or_default();
        occurrences.push(ply);
        if occurrences.len() >= 4 {
            let first = occurrences[0];
            self.ended = Some(self.repetition_ruling(first, ply));
            return Ok(self.ended.as_ref());
        }
        if self.position.count_legal_moves() == 0 {
            self.ended = Some(self.no_moves_ruling(ply));
            return Ok(self.ended.as_ref());
        }
        if let Some(limit) = self.rules.declaration.move_limit
            && ply >= limit
            && !check
        {
            self.ended = Some(Ruling {
                outcome: Outcome::ImpasseDraw,
                winner: None,
                reason: format!("持将棋: {ply} moves played (limit {limit}) without a declaration"),
                ply,
                foul: None,
            });
            return Ok(self.ended.as_ref());
        }
        if self.rules.try_rule {
            let target = match mover {
                Side::First => Square::new(5, 1),
                Side::Second => Square::new(5, 9),
            };
            if self.position.king(mover) == target {
                self.ended = Some(Ruling {
                    outcome: Outcome::TryWin,
                    winner: Some(mover),
                    reason: format!("{}'s king reached the try square", side_name(mover)),
                    ply,
                    foul: None,
                });
                return Ok(self.ended.as_ref());
            }
        }
        Ok(None)
    }

    /// Fourth occurrence at `ply` of the position first seen at `first`: if every move of
    /// one side in between gave check, that side loses; otherwise 千日手.
    fn repetition_ruling(&self, first: usize, ply: usize) -> Ruling {
        let mut all_check = [true, true];
        let mut moved = [false, false];
        for p in first + 1..=ply {
            // Move number p was made by the side to move at ply p-1.
            let mover = if (p - 1) % 2 == 0 {
                self.start.side_to_move()
            } else {
                !self.start.side_to_move()
            };
            moved[mover.index()] = true;
            if !self.history[p].1 {
                all_check[mover.index()] = false;
            }
        }
        let checker = |s: Side| moved[s.index()] && all_check[s.index()];
        match (checker(Side::First), checker(Side::Second)) {
            (true, false) | (false, true) => {
                let loser = if checker(Side::First) {
                    Side::First
                } else {
                    Side::Second
                };
                Ruling {
                    outcome: Outcome::PerpetualCheck,
                    winner: Some(!loser),
                    reason: format!(
                        "連続王手の千日手: the position repeated four times and every move of {} was check",
                        side_name(loser)
                    ),
                    ply,
                    foul: None,
                }
            }
            _ => Ruling {
                outcome: Outcome::Sennichite,
                winner: None,
                reason:
                    "千日手: the same board, hands and side to move occurred for the fourth time"
                        .into(),
                ply,
                foul: None,
            },
        }
    }

    /// The side to move declares (入玉宣言) under the game's declaration rule.
    pub fn declare(&mut self) -> Ruling {
        if let Some(r) = &self.ended {
            return r.clone();
        }
        let side = self.position.side_to_move();
        let ply = self.moves.len();
        let r = match judge_declaration(&self.position, &self.rules.declaration) {
            Declaration::Win { points } => Ruling {
                outcome: Outcome::DeclarationWin,
                winner: Some(side),
                reason: format!("{} declared with {points} points", side_name(side)),
                ply,
                foul: None,
            },
            Declaration::Draw { points } => Ruling {
                outcome: Outcome::ImpasseDraw,
                winner: None,
                reason: format!(
                    "持将棋: {} declared with {points} points (24-30)",
                    side_name(side)
                ),
                ply,
                foul: None,
            },
            Declaration::Loss { reason } => Ruling {
                outcome: Outcome::DeclarationLoss,
                winner: Some(!side),
                reason: format!("{}'s declaration failed: {reason}", side_name(side)),
                ply,
                foul: None,
            },
        };
        self.ended = Some(r.clone());
        r
    }

    /// The current ruling: the end if the game ended, otherwise "ongoing".
    pub fn ruling(&self) -> Ruling {
        self.ended.clone().unwrap_or_else(|| Ruling {
            outcome: Outcome::Ongoing,
            winner: None,
            reason: format!(
                "{} to move{}",
                side_name(self.position.side_to_move()),
                if self.position.in_check() {
                    ", in check"
                } else {
                    ""
                }
            ),
            ply: self.moves.len(),
            foul: None,
        })
    }
}
