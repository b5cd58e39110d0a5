//! How a recorded game ended, as data: one [`Ending`] per line of play (main line or
//! variation), with the side concerned, rendered in each format's own words.
//!
//! Formats name the side differently: CSA's `%TORYO` and KIF's `投了` both mean "the side to
//! move resigned", KIF's `反則勝ち` means the side to move wins because the previous move was
//! a foul, while CSA's `%+ILLEGAL_ACTION` names the offender outright. The record keeps the
//! side itself, so that every writer can say it its own way and every reader can get it back.

use std::fmt;

use board_core::Side;

/// What kind of foul ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FoulKind {
    /// An illegal move (CSA `%ILLEGAL_MOVE`, KIF `反則負け`/`反則勝ち`).
    IllegalMove,
    /// An illegal action named by side (CSA `%+ILLEGAL_ACTION`/`%-ILLEGAL_ACTION`): a foul
    /// the offender committed, possibly out of turn.
    IllegalAction,
    /// 連続王手の千日手: the fourth repetition reached by perpetual check.
    PerpetualCheck,
}

impl FoulKind {
    /// The comment that follows a KIF/KI2 terminal (or a CSA `%` line) to tell the kind apart
    /// where the terminal word alone cannot; `None` for a plain illegal move.
    pub fn label(self) -> Option<&'static str> {
        match self {
            FoulKind::IllegalMove => None,
            FoulKind::IllegalAction => Some("反則行為"),
            FoulKind::PerpetualCheck => Some("連続王手の千日手"),
        }
    }

    /// The kind a terminal comment names, if it is one of the labels.
    pub fn from_label(text: &str) -> Option<FoulKind> {
        [FoulKind::IllegalAction, FoulKind::PerpetualCheck]
            .into_iter()
            .find(|k| k.label() == Some(text.trim()))
    }
}

/// How a game (or one of its variations) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// 投了 / `%TORYO`.
    Resignation {
        /// The side that resigned.
        loser: Side,
    },
    /// 詰み / `%TSUMI`: the side to move is checkmated.
    Mate {
        /// The side that is mated.
        loser: Side,
    },
    /// 切れ負け / `%TIME_UP`.
    TimeLoss {
        /// The side whose time ran out.
        loser: Side,
    },
    /// 中断 / `%CHUDAN`: the game was stopped unfinished.
    Interruption,
    /// 千日手 / `%SENNICHITE`: a draw by fourfold repetition.
    Sennichite,
    /// 持将棋 / `%JISHOGI`: a draw by impasse.
    Jishogi,
    /// 入玉勝ち (宣言勝ち) / `%KACHI`: a winning impasse declaration.
    Declaration {
        /// The side that declared and won.
        declarer: Side,
    },
    /// 反則勝ち / 反則負け / `%ILLEGAL_MOVE` / `%±ILLEGAL_ACTION`: a foul lost the game.
    Foul {
        /// The side that fouled (and lost).
        offender: Side,
        /// What kind of foul.
        kind: FoulKind,
    },
    /// `%MAX_MOVES` (CSA V3.0): the move limit was reached.
    MaxMoves,
    /// `%HIKIWAKE`: a draw agreed or ruled without a named reason.
    Draw,
    /// 不詰 / `%FUZUMI`: a tsume problem has no mate.
    NoMate,
    /// 封じ手: an adjourned game, the sealed move still secret.
    Sealed,
    /// 不戦勝 / 不戦敗: a game decided by forfeit before (or instead of) play.
    Forfeit {
        /// The side that forfeited.
        loser: Side,
    },
    /// 先手勝ち / 後手勝ち: a result given without a reason.
    Win {
        /// The side that won.
        winner: Side,
    },
    /// `%ERROR`: the record ends on an error.
    Error,
}

/// `先手`/`後手`, or `下手`/`上手` in a handicap game.
fn kif_side(side: Side, handicap: bool) -> &'static str {
    match (side, handicap) {
        (Side::First, false) => "先手",
        (Side::Second, false) => "後手",
        (Side::First, true) => "下手",
        (Side::Second, true) => "上手",
    }
}

fn sign(side: Side) -> char {
    match side {
        Side::First => '+',
        Side::Second => '-',
    }
}

impl Ending {
    /// The winner, if the ending has one.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Resignation { loser }
            | Ending::Mate { loser }
            | Ending::TimeLoss { loser }
            | Ending::Forfeit { loser } => Some(loser.opponent()),
            Ending::Foul { offender, .. } => Some(offender.opponent()),
            Ending::Declaration { declarer } => Some(declarer),
            Ending::Win { winner } => Some(winner),
            Ending::Interruption
            | Ending::Sennichite
            | Ending::Jishogi
            | Ending::MaxMoves
            | Ending::Draw
            | Ending::NoMate
            | Ending::Sealed
            | Ending::Error => None,
        }
    }

    /// Reads a KIF/KI2 terminal word (`投了`, `反則勝ち` …) written where `to_move` is to move.
    pub fn from_kif_word(word: &str, to_move: Side) -> Option<Ending> {
        let other = to_move.opponent();
        Some(match word {
            "投了" => Ending::Resignation { loser: to_move },
            "詰み" => Ending::Mate { loser: to_move },
            "切れ負け" | "時間切れ" => Ending::TimeLoss { loser: to_move },
            "中断" => Ending::Interruption,
            "千日手" => Ending::Sennichite,
            "持将棋" => Ending::Jishogi,
            "入玉勝ち" | "宣言勝ち" => Ending::Declaration { declarer: to_move },
            "反則勝ち" => Ending::Foul {
                offender: other,
                kind: FoulKind::IllegalMove,
            },
            "反則負け" => Ending::Foul {
                offender: to_move,
                kind: FoulKind::IllegalMove,
            },
            "不戦勝" => Ending::Forfeit { loser: other },
            "不戦敗" => Ending::Forfeit { loser: to_move },
            "先手勝ち" | "下手勝ち" => Ending::Win {
                winner: Side::First,
            },
            "後手勝ち" | "上手勝ち" => Ending::Win {
                winner: Side::Second,
            },
            "不詰" => Ending::NoMate,
            "封じ手" => Ending::Sealed,
            "引き分け" => Ending::Draw,
            "最大手数" => Ending::MaxMoves,
            "エラー" => Ending::Error,
            _ => return None,
        })
    }

    /// The terminal words [`Ending::from_kif_word`] understands, longest first so that a
    /// prefix test picks the right one.
    pub const KIF_WORDS: [&'static str; 22] = [
        "反則勝ち",
        "反則負け",
        "入玉勝ち",
        "宣言勝ち",
        "先手勝ち",
        "後手勝ち",
        "下手勝ち",
        "上手勝ち",
        "切れ負け",
        "時間切れ",
        "引き分け",
        "最大手数",
        "千日手",
        "持将棋",
        "不戦勝",
        "不戦敗",
        "封じ手",
        "エラー",
        "投了",
        "中断",
        "詰み",
        "不詰",
    ];

    /// The KIF/KI2 terminal word for this ending where `to_move` is to move, and the comment
    /// that must follow it (see [`FoulKind::label`]) when the word alone loses information.
    pub fn kif_word(self, to_move: Side) -> (&'static str, Option<&'static str>) {
        match self {
            Ending::Resignation { .. } => ("投了", None),
            Ending::Mate { .. } => ("詰み", None),
            Ending::TimeLoss { .. } => ("切れ負け", None),
            Ending::Interruption => ("中断", None),
            Ending::Sennichite => ("千日手", None),
            Ending::Jishogi => ("持将棋", None),
            Ending::Declaration { .. } => ("入玉勝ち", None),
            Ending::Foul { offender, kind } => {
                let word = if offender == to_move {
                    "反則負け"
                } else {
                    "反則勝ち"
                };
                // An action foul by the side not to move reads back as the same 反則勝ち an
                // illegal move gives, and is written back as %±ILLEGAL_ACTION either way.
                let label = match kind {
                    FoulKind::IllegalAction if offender != to_move => None,
                    _ => kind.label(),
                };
                (word, label)
            }
            Ending::MaxMoves => ("最大手数", None),
            Ending::Draw => ("引き分け", None),
            Ending::NoMate => ("不詰", None),
            Ending::Sealed => ("封じ手", None),
            Ending::Forfeit { loser } => {
                if loser == to_move {
                    ("不戦敗", None)
                } else {
                    ("不戦勝", None)
                }
            }
            Ending::Win { winner } => match winner {
                Side::First => ("先手勝ち", None),
                Side::Second => ("後手勝ち", None),
            },
            Ending::Error => ("エラー", None),
        }
    }

    /// The KI2 (and KIF) summary line after `plies` moves, `まで76手で後手の勝ち` in the words
    /// Kifu for Windows uses.
    /// `to_move` is the side to move after those plies.
    pub fn kif_summary(self, plies: usize, to_move: Side, handicap: bool) -> String {
        let who = |s: Side| kif_side(s, handicap);
        match self {
            Ending::Resignation { loser } => {
                format!("まで{plies}手で{}の勝ち", who(loser.opponent()))
            }
            Ending::Forfeit { .. } | Ending::Win { .. } => {
                format!("まで{plies}手で{}", self.kif_word(to_move).0)
            }
            Ending::Mate { .. } => format!("まで{plies}手で詰み"),
            Ending::TimeLoss { loser } => {
                format!(
                    "まで{plies}手で時間切れにより{}の勝ち",
                    who(loser.opponent())
                )
            }
            Ending::Interruption => format!("まで{plies}手で中断"),
            Ending::Sennichite => format!("まで{plies}手で千日手"),
            Ending::Jishogi => format!("まで{plies}手で持将棋"),
            Ending::Declaration { declarer } => {
                format!("まで{plies}手で{}の入玉勝ち", who(declarer))
            }
            Ending::Foul { offender, .. } => {
                format!("まで{plies}手で{}の反則負け", who(offender))
            }
            Ending::MaxMoves => format!("まで{plies}手で最大手数"),
            Ending::Draw => format!("まで{plies}手で引き分け"),
            Ending::NoMate => format!("まで{plies}手で不詰"),
            Ending::Sealed => format!("まで{plies}手で封じ手"),
            Ending::Error => format!("まで{plies}手でエラー"),
        }
    }

    /// Reads a `まで…手で…` summary line: the number of plies it counts and the ending, with
    /// `to_move` the side to move after those plies.
    pub fn from_kif_summary(line: &str, to_move: Side) -> Option<(usize, Ending)> {
        let rest = line.trim().strip_prefix("まで")?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let plies: usize = digits.parse().ok()?;
        let rest = rest[digits.len()..].strip_prefix("手で")?.trim();
        let side_of = |s: &str| match s {
            "先手" | "下手" => Some(Side::First),
            "後手" | "上手" => Some(Side::Second),
            _ => None,
        };
        let split_side = |s: &str| -> Option<(Side, String)> {
            let side = side_of(s.get(..6)?)?;
            Some((side, s[6..].to_string()))
        };
        if let Some(after) = rest.strip_prefix("時間切れにより") {
            let (winner, tail) = split_side(after)?;
            return (tail == "の勝ち").then_some((
                plies,
                Ending::TimeLoss {
                    loser: winner.opponent(),
                },
            ));
        }
        if let Some((side, tail)) = split_side(rest) {
            let ending = match tail.as_str() {
                // The side that won by the other's resignation: the side to move resigned
                // when it is the loser; otherwise the record gives no reason.
                "の勝ち" if side != to_move => Ending::Resignation { loser: to_move },
                "の勝ち" => Ending::Win { winner: side },
                "の反則負け" => Ending::Foul {
                    offender: side,
                    kind: FoulKind::IllegalMove,
                },
                "の反則勝ち" => Ending::Foul {
                    offender: side.opponent(),
                    kind: FoulKind::IllegalMove,
                },
                "の入玉勝ち" | "の宣言勝ち" => Ending::Declaration { declarer: side },
                _ => return Ending::from_kif_word(rest, to_move).map(|e| (plies, e)),
            };
            return Some((plies, ending));
        }
        Some((plies, Ending::from_kif_word(rest, to_move)?))
    }

    /// The CSA `%` line for this ending where `to_move` is to move, and a `'` comment line
    /// to follow it where the `%` word alone would lose the kind of foul or ending.
    pub fn csa_line(self, to_move: Side) -> (String, Option<&'static str>) {
        let plain = |s: &str| (s.to_string(), None);
        match self {
            Ending::Resignation { .. } => plain("%TORYO"),
            Ending::Mate { .. } => plain("%TSUMI"),
            Ending::TimeLoss { .. } => plain("%TIME_UP"),
            Ending::Interruption => plain("%CHUDAN"),
            Ending::Sennichite => plain("%SENNICHITE"),
            Ending::Jishogi => plain("%JISHOGI"),
            Ending::Declaration { .. } => plain("%KACHI"),
            Ending::Foul { offender, kind } => match kind {
                FoulKind::IllegalMove if offender == to_move => plain("%ILLEGAL_MOVE"),
                FoulKind::IllegalMove | FoulKind::IllegalAction => {
                    (format!("%{}ILLEGAL_ACTION", sign(offender)), None)
                }
                FoulKind::PerpetualCheck => {
                    (format!("%{}ILLEGAL_ACTION", sign(offender)), kind.label())
                }
            },
            Ending::MaxMoves => plain("%MAX_MOVES"),
            Ending::Draw => plain("%HIKIWAKE"),
            Ending::NoMate => plain("%FUZUMI"),
            Ending::Error => plain("%ERROR"),
            // CSA has no word for these: the nearest `%` line and the KIF word as a comment.
            Ending::Sealed => ("%CHUDAN".into(), Some("封じ手")),
            Ending::Forfeit { loser } => (
                "%CHUDAN".into(),
                Some(if loser == to_move {
                    "不戦敗"
                } else {
                    "不戦勝"
                }),
            ),
            Ending::Win { winner } => (
                "%CHUDAN".into(),
                Some(match winner {
                    Side::First => "先手勝ち",
                    Side::Second => "後手勝ち",
                }),
            ),
        }
    }

    /// Reads a CSA `%` line (`%TORYO`, `%+ILLEGAL_ACTION` …) written where `to_move` is to
    /// move.
    pub fn from_csa(word: &str, to_move: Side) -> Option<Ending> {
        Some(match word.trim() {
            "%TORYO" => Ending::Resignation { loser: to_move },
            "%TSUMI" => Ending::Mate { loser: to_move },
            "%TIME_UP" => Ending::TimeLoss { loser: to_move },
            "%CHUDAN" => Ending::Interruption,
            "%SENNICHITE" => Ending::Sennichite,
            "%JISHOGI" => Ending::Jishogi,
            "%KACHI" => Ending::Declaration { declarer: to_move },
            "%ILLEGAL_MOVE" => Ending::Foul {
                offender: to_move,
                kind: FoulKind::IllegalMove,
            },
            "%+ILLEGAL_ACTION" => Ending::Foul {
                offender: Side::First,
                kind: FoulKind::IllegalAction,
            },
            "%-ILLEGAL_ACTION" => Ending::Foul {
                offender: Side::Second,
                kind: FoulKind::IllegalAction,
            },
            "%MAX_MOVES" => Ending::MaxMoves,
            "%HIKIWAKE" => Ending::Draw,
            "%FUZUMI" => Ending::NoMate,
            "%ERROR" => Ending::Error,
            _ => return None,
        })
    }

    /// The ending a comment after the terminal refines this one into: a foul's kind
    /// ([`FoulKind::label`]) or the KIF word of an ending CSA has no word for.
    pub fn refined(self, comment: &str, to_move: Side) -> Option<Ending> {
        let comment = comment.trim();
        if let Ending::Foul { offender, .. } = self
            && let Some(kind) = FoulKind::from_label(comment)
        {
            return Some(Ending::Foul { offender, kind });
        }
        if self == Ending::Interruption
            && let Some(e) = Ending::from_kif_word(comment, to_move)
            && matches!(
                e,
                Ending::Sealed | Ending::Forfeit { .. } | Ending::Win { .. }
            )
        {
            return Some(e);
        }
        None
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: Side| crate::types::side_name(s);
        match *self {
            Ending::Resignation { loser } => write!(f, "{} resigned", side(loser)),
            Ending::Mate { loser } => write!(f, "{} is checkmated", side(loser)),
            Ending::TimeLoss { loser } => write!(f, "{} lost on time", side(loser)),
            Ending::Interruption => f.write_str("interrupted"),
            Ending::Sennichite => f.write_str("sennichite (repetition draw)"),
            Ending::Jishogi => f.write_str("jishogi (impasse draw)"),
            Ending::Declaration { declarer } => {
                write!(f, "{} won by impasse declaration", side(declarer))
            }
            Ending::Foul { offender, kind } => {
                let what = match kind {
                    FoulKind::IllegalMove => "an illegal move",
                    FoulKind::IllegalAction => "an illegal action",
                    FoulKind::PerpetualCheck => "perpetual check",
                };
                write!(f, "{} lost by {what}", side(offender))
            }
            Ending::MaxMoves => f.write_str("move limit reached"),
            Ending::Draw => f.write_str("draw"),
            Ending::NoMate => f.write_str("no mate"),
            Ending::Sealed => f.write_str("adjourned with a sealed move"),
            Ending::Forfeit { loser } => write!(f, "{} forfeited", side(loser)),
            Ending::Win { winner } => write!(f, "{} won", side(winner)),
            Ending::Error => f.write_str("ended on an error"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_read_back() {
        // Summary wording of Kifu for Windows' KI2 output (まで76手で後手の勝ち …).
        for e in [
            Ending::Resignation { loser: Side::First },
            Ending::Mate { loser: Side::First },
            Ending::TimeLoss { loser: Side::First },
            Ending::Interruption,
            Ending::Sennichite,
            Ending::Jishogi,
            Ending::Declaration {
                declarer: Side::Second,
            },
            Ending::Foul {
                offender: Side::First,
                kind: FoulKind::IllegalMove,
            },
        ] {
            let line = e.kif_summary(76, Side::First, false);
            assert_eq!(
                Ending::from_kif_summary(&line, Side::First),
                Some((76, e)),
                "{line}"
            );
        }
    }
}
