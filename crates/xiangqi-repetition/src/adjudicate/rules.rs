//! Rule editions as values of orthogonal parameters.
//!
//! Code branches on these parameters, never on a preset's name, so an edition that differs
//! in one detail (say the pre-1984 counting of 二打一还打) is one field away.

use std::fmt;
use std::str::FromStr;

/// Which opposing pieces can receive an offer (献) or exchange (兑) of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OfferPartners {
    /// Only a piece of the same type (八四/八七 「相同兵种」, 九九 first printing, AXF 同类子).
    SameType,
    /// Same type, or the 威力互达子 pairs among 车 and 兵/卒 (九九 second printing, 〇七):
    /// a rook facing a pawn across the river is offered, 「视卒如车」 (王孔兴 图112).
    /// Checks stay checks: the king is never an offer partner (总纲 26条1款).
    MutualReach,
}

/// What a same-type (or mutual-reach) capture must avoid for the mover's piece to count as
/// offered rather than attacked — the 第一反击 test, looked at 「从后朝前」.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OfferTest {
    /// The opponent's piece can legally take (AXF: 「双方均未受牵制互能去子者,则视为长献」;
    /// being unable to take only because of the circumstances is not 受牵制).
    LegalCapture,
    /// Taking must not lead at once to mate by successive checks (六五–七九 献 definition).
    NoImmediateMate,
    /// Taking must lead neither to an immediate mate nor to an immediate loss of material
    /// (八四/八七 104-character definition; 九九/〇七 45-character definition).
    NoImmediateMateOrLoss,
}

/// How a cycle in which one side strikes (打) on every move and the other does not is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StrikeCounting {
    /// 长打对非长打 / 禁止着法对允许着法: the perpetual striker must vary (八四 onwards).
    LongVsNonLong,
    /// Before 1984: 「二打一还打」不变作和 — the perpetual striker loses only against a side
    /// that never strikes.
    LongVsIdleOnly,
}

/// A repetition ruleset.
///
/// `Display` and `FromStr` use the preset's name, and so does the `serde` form: a ruleset
/// serializes as the name of the preset it was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Short name of the preset this was built from (for output only).
    pub name: &'static str,
    /// Which opposing pieces can receive an offer or exchange.
    pub offer_partners: OfferPartners,
    /// What taking an offered piece must avoid for the move to count as an offer.
    pub offer_test: OfferTest,
    /// Attacks made by a pawn count as idle (〇七: 「兵卒本身…直接捉吃对方的棋子…按‘闲’处理」;
    /// AXF: pawn chases are allowed).
    ///
    /// Article 27 of the 2007/2011 text is read from the wording the 001 document quotes
    /// (lecture 54 图3), the only one at hand: a pawn's own attacks are 闲 in every count,
    /// including when the other side strikes perpetually — no clause quoted there lets a
    /// pawn's chase answer a perpetual chase (「关于兵卒参与互打时的规定并非始终一成不变」
    /// is mentioned, not quoted). Tests: `tests/cxa2011_article27.rs`.
    pub pawn_chase_idle: bool,
    /// Attacks made by the king count as idle (AXF exception list). No Chinese text at
    /// hand (the 001 document, the reference digest) exempts the king, so under every
    /// Chinese edition, 2011 included, the king's own attacks are 捉 like any piece's.
    pub king_chase_idle: bool,
    /// Mate threats (杀) are forbidden moves (all Chinese editions); AXF allows perpetual 杀.
    pub mate_threat_forbidden: bool,
    /// Checks, mate threats and chases mix into one count of 打 (Chinese editions: 一将一捉
    /// is 长打). When false (AXF), only an unbroken run of checks, or of chases of one and
    /// the same piece, is perpetual.
    pub strikes_mix: bool,
    /// A perpetual chase must chase the same piece on every move (AXF: one piece chasing
    /// two pieces in turn is allowed). The Chinese editions count every 捉 (八四 图: 「一步
    /// 捉卒、一步捉炮的长捉」).
    pub chase_same_victim: bool,
    /// How perpetual striking against occasional striking is judged.
    pub counting: StrikeCounting,
    /// Count a hidden root (暗根): a check that wins the capturer back (抽吃) protects
    /// (lecture 56, 图1). The AXF real-root definition asks only for an immediate recapture
    /// (「于该子被对方吃去时，确可反吃敌子者，谓之真根」).
    pub hidden_roots: bool,
    /// How many consecutive checks the mate-threat search may use (杀 = mate by a check or
    /// by successive checks on the next move).
    pub mate_threat_checks: u8,
    /// A rook held by a horse (马拦车: standing on the horse's leg, so that leaving would
    /// let the horse check) does not chase the horse that holds it by its static attack
    /// while the horse's side chases that rook in the cycle (AXF rule 19, diagrams 39-41:
    /// the held rook may be chased, and its own attack on the horse is its only defence).
    /// A held rook that moves onto the horse, or whose attack becomes a chase when a root
    /// of the horse is cut while nobody chases the rook, chases (rule 23, diagram 50). The
    /// Chinese editions have no such exemption: the 001 document rules every 捉 of a piece
    /// that can be won (lecture 45), and no figure of it exempts a held 车.
    pub held_rook_exempt: bool,
    /// A root (根) counts only if retaking does not lose material: the exchange on the
    /// point is played out (八四 图四十五, lecture 55 图1: a 车 that retakes is itself lost,
    /// so the attacked 炮 is really won). AXF's real root asks only whether the piece can
    /// retake (「确可反吃敌子者，谓之真根」).
    pub root_by_exchange: bool,
    /// Mutual perpetual chases are weighed (〇七 第二稿 grades 捉 instead of counting 打):
    /// a chase of an unprotected piece is heavier than a chase of a protected piece worth
    /// more than its chaser. Equal weights draw (52 图1: 「彼此对等,无轻重可言」; 57 图4:
    /// 「二捉二还捉」 is a draw 「前提是双方捉的都是对方的无根子」); otherwise the side
    /// with the heavier chases must vary.
    pub chase_grading: bool,
    /// A chase is new when its attacker did not already threaten that victim, not only
    /// when nothing threatened it (AXF rule 26, diagram 61: a second piece joining the
    /// attack on a rook chases it). The Chinese editions share it: in lecture 49 图2 the
    /// black 车 already has 炮7进6 on Red's 车 (第一反击) when 将5平6 lets 象5进7 take it
    /// too, and the lecture counts that king move 「算一捉」. Every preset has it on; the
    /// field stays for showing the older per-victim reading (从没捉到捉 of the victim).
    pub chase_novelty_per_attacker: bool,
    /// A move classed as a check (将) is no chase, whatever it also attacks, so a check
    /// breaks a perpetual chase (AXF rule 12, diagram 13: one check and one chase is
    /// allowed; a move is named by its heaviest effect, as 49 图2 names 「又将军又兑车」 a
    /// check; Pikafish's computer rule, 2024-08-31: a sequence with a check in it is no
    /// chasing sequence). Fairy-Stockfish counts a checking move's attacks toward a
    /// perpetual chase instead (test.py F5, F10, F11), which the rule text does not support.
    /// The Chinese editions share the reading (their moves are also named by the heaviest
    /// effect), but there a check is 打 as much as a chase is (一将一捉 is 长打), so the
    /// parameter changes nothing while [`Ruleset::strikes_mix`] holds; it is on only for AXF.
    pub check_breaks_chase: bool,
    /// A mate threat that the opponent's own checking move opened (自毙) is not the threat
    /// of the move that answers the check, although that answer is what lets it be carried
    /// out (49 图2: Red's 车 leaves the 7路炮's file to check, and the 闷宫 that 炮7进9 打相
    /// then threatens 「与黑将进中无关,其直接原因是红车照将后的“自毙”,责任自负,不应算对方
    /// “打”」, so 将6平5 is 闲). Only the threat the check opened is excused: one the answer
    /// makes by itself (a mate whose first move did not mate with the checking pieces lifted,
    /// say one its own piece uncovers) stays its 杀, and so does a threat that stood before
    /// the check, which the answer renews (50 图3). The term belongs to 八四/八七; 九九 dropped it and 〇七 took it
    /// back (lecture 46: 「“自毙”在被“封杀”八年…竟被0七中规试行本第一、二版…特批起用」), so
    /// it is on for the 1987 and 2011 presets and off for 1999. The Asian rules allow a
    /// perpetual 杀 in any case and have no such term in the texts at hand: off.
    pub self_ruin: bool,
}

impl Ruleset {
    /// 八七 (1987) Chinese rules, also covering the 八四 trial text: 同兵种 offers, 第一反击,
    /// 长打对非长打, pawn chases count.
    pub const CXA1987: Ruleset = Ruleset {
        name: "cxa1987",
        offer_partners: OfferPartners::SameType,
        offer_test: OfferTest::NoImmediateMateOrLoss,
        pawn_chase_idle: false,
        king_chase_idle: false,
        mate_threat_forbidden: true,
        strikes_mix: true,
        chase_same_victim: false,
        counting: StrikeCounting::LongVsNonLong,
        hidden_roots: true,
        mate_threat_checks: 3,
        held_rook_exempt: false,
        root_by_exchange: true,
        chase_grading: false,
        chase_novelty_per_attacker: true,
        check_breaks_chase: false,
        self_ruin: true,
    };
    /// 九九 (1999, second printing): the 45-character 献 definition with 威力互达子.
    pub const CXA1999: Ruleset = Ruleset {
        name: "cxa1999",
        offer_partners: OfferPartners::MutualReach,
        self_ruin: false,
        ..Ruleset::CXA1987
    };
    /// 〇七 trial text as adopted in 2011: 禁止着法/允许着法, pawn chases idle.
    pub const CXA2011: Ruleset = Ruleset {
        name: "cxa2011",
        pawn_chase_idle: true,
        chase_grading: true,
        self_ruin: true,
        ..Ruleset::CXA1999
    };
    /// Asian (AXF/WXF) rules: perpetual check loses, perpetual chase of one piece loses,
    /// perpetual mate threat and offers are allowed, king and pawn chases are allowed.
    pub const AXF: Ruleset = Ruleset {
        name: "axf",
        offer_partners: OfferPartners::SameType,
        offer_test: OfferTest::LegalCapture,
        pawn_chase_idle: true,
        king_chase_idle: true,
        mate_threat_forbidden: false,
        strikes_mix: false,
        chase_same_victim: true,
        counting: StrikeCounting::LongVsNonLong,
        hidden_roots: false,
        mate_threat_checks: 3,
        held_rook_exempt: true,
        root_by_exchange: false,
        chase_grading: false,
        chase_novelty_per_attacker: true,
        check_breaks_chase: true,
        self_ruin: false,
    };
    /// The 六五–七九 Chinese rules as the lectures describe them: offers judged by mate
    /// only, 「二打一还打」不变作和. Not one of the command-line presets; used to show how a
    /// figure was ruled at the time.
    pub const CXA1979: Ruleset = Ruleset {
        name: "cxa1979",
        offer_test: OfferTest::NoImmediateMate,
        counting: StrikeCounting::LongVsIdleOnly,
        // The old texts weigh no material at all in 献 and 捉 (55 图1: the 炮 that the
        // 八四 text rules 捉 was meant as the old 「长献」), so a root is any recapture.
        root_by_exchange: false,
        // 自毙 is a term of the 八四 rules and after.
        self_ruin: false,
        ..Ruleset::CXA1987
    };

    /// The four presets of the command line, in the order the snapshots show them.
    pub const PRESETS: [Ruleset; 4] = [
        Ruleset::CXA1987,
        Ruleset::CXA1999,
        Ruleset::CXA2011,
        Ruleset::AXF,
    ];
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The name given is not a known preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset(pub String);

impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown ruleset '{}' (expected cxa1987, cxa1999, cxa2011, axf or cxa1979)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRuleset {}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "cxa1987" => Ok(Ruleset::CXA1987),
            "cxa1999" => Ok(Ruleset::CXA1999),
            "cxa2011" | "cxa2007" => Ok(Ruleset::CXA2011),
            "axf" | "wxf" => Ok(Ruleset::AXF),
            "cxa1979" => Ok(Ruleset::CXA1979),
            _ => Err(UnknownRuleset(s.to_string())),
        }
    }
}
