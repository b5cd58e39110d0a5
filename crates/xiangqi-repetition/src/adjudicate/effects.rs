//! What one move does (its 造成 effects): check 将, mate threat 杀, chase 捉, exchange 兑,
//! offer 献, block 拦, or nothing (闲).
//!
//! Every effect is judged by comparing the position after the move with the position just
//! before it, so threats that already existed are not the move's doing (从没捉到捉,
//! 从没杀到杀), and a threat the opponent created with his own previous move (自毙) is not
//! attributed to the mover. Effects made by other pieces because of the move (discovered
//! attacks, roots removed or restored, screens built) count as the move's (造成).

use super::board::{Board, offset, on_own_side};
use super::rules::{OfferPartners, OfferTest, Ruleset};
use crate::{Move, PieceKind, Side, Square};

/// The kinds of effect, from the heaviest to the lightest (从重: the heaviest names the move).
/// Open to new kinds (拦 came after the first ones), so matches outside this crate need a
/// fallback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EffectKind {
    /// 将: the move attacks the opposing king.
    Check,
    /// 杀: the move threatens mate by a check or a run of checks.
    MateThreat,
    /// 捉: the move attacks a piece it could win.
    Chase,
    /// 兑: the move offers an exchange of like pieces.
    Exchange,
    /// 献: the move offers a piece the opponent can take.
    Offer,
    /// 拦: the move blocks an opposing piece.
    Block,
    /// 闲: the move does none of the above.
    Idle,
}

impl EffectKind {
    /// The JSON spelling.
    pub fn name(self) -> &'static str {
        match self {
            EffectKind::Check => "check",
            EffectKind::MateThreat => "mate_threat",
            EffectKind::Chase => "chase",
            EffectKind::Exchange => "exchange",
            EffectKind::Offer => "offer",
            EffectKind::Block => "block",
            EffectKind::Idle => "idle",
        }
    }

    /// The one-character rule term: 将 杀 捉 兑 献 拦 闲.
    pub fn zh(self) -> &'static str {
        match self {
            EffectKind::Check => "将",
            EffectKind::MateThreat => "杀",
            EffectKind::Chase => "捉",
            EffectKind::Exchange => "兑",
            EffectKind::Offer => "献",
            EffectKind::Block => "拦",
            EffectKind::Idle => "闲",
        }
    }
}

/// One effect of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Effect {
    /// What the effect is.
    pub kind: EffectKind,
    /// The mover's piece that does it (checker, mating piece, chaser, offered or blocking
    /// piece), on its point after the move.
    #[cfg_attr(feature = "serde", serde(with = "crate::text_serde::square"))]
    pub piece: Square,
    /// The opposing piece concerned (king, victim, partner of the offer, blocked piece).
    #[cfg_attr(feature = "serde", serde(with = "crate::text_serde::square::option"))]
    pub target: Option<Square>,
    /// For a check or a chase: the opponent could take the striking piece at once
    /// (第一反击). It does not change the classification (八七 总纲 第九款).
    pub first_counterattack: bool,
    /// For a chase: was the victim protected (有根)? A chase of a protected piece is one of
    /// a piece worth more than the chaser.
    pub victim_protected: bool,
}

/// Notes on how a move was read, shown in explanations. Open to new kinds as more of the
/// rule texts' reasoning is spelled out, so matches outside this crate need a fallback.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Note {
    /// A same-type (or mutual-reach) meeting that is neither offer nor chase (非献非捉).
    NeitherOfferNorChase {
        /// The mover's piece.
        #[cfg_attr(feature = "serde", serde(with = "crate::text_serde::square"))]
        piece: Square,
        /// The opposing piece of the same type.
        #[cfg_attr(feature = "serde", serde(with = "crate::text_serde::square"))]
        other: Square,
    },
    /// 献兼捉 / 兑兼捉 and its type (甲 二过一, 乙 一过二, 丙 并发式 or 子母式).
    OfferAndChase {
        /// An exchange (兑) rather than an offer (献).
        exchange: bool,
        /// Which of the shapes it takes.
        shape: Shape,
    },
    /// A mate threat the opponent's own check opened (自毙): it stands after the move but
    /// is not the move's 杀 ([`Ruleset::self_ruin`]).
    SelfRuin {
        /// The piece that would begin the mate.
        #[cfg_attr(feature = "serde", serde(with = "crate::text_serde::square"))]
        piece: Square,
    },
}

/// The shapes of 献兼捉 (lectures 57-59).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Shape {
    /// 甲型 二过一: two of the mover's pieces against one opposing piece.
    Jia,
    /// 乙型 一过二: the offered piece itself chases another piece.
    Yi,
    /// 丙型 并发式: the offer and the chase are independent.
    BingParallel,
    /// 丙型 子母式 (因献成捉): the offer removes a root, so another pair becomes a chase.
    BingCausal,
}

impl Shape {
    /// The shape in the lectures' words, e.g. `甲型(二过一)`.
    pub fn zh(self) -> &'static str {
        match self {
            Shape::Jia => "甲型(二过一)",
            Shape::Yi => "乙型(一过二)",
            Shape::BingParallel => "丙型并发式",
            Shape::BingCausal => "丙型子母式",
        }
    }
}

/// Everything known about one move of a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveAnalysis {
    /// The move.
    pub mv: Move,
    /// The side that played it.
    pub side: Side,
    /// Everything the move does, heaviest first.
    pub effects: Vec<Effect>,
    /// How ambiguous meetings were read (非献非捉, 献兼捉 …).
    pub notes: Vec<Note>,
    /// The heaviest effect (从重定性), `Idle` when there is none.
    pub class: EffectKind,
}

impl MoveAnalysis {
    /// Whether the move is classed as a check (将).
    pub fn gives_check(&self) -> bool {
        self.class == EffectKind::Check
    }

    /// Is this move a strike (打: 将, 杀 where forbidden, 捉) under `rules`?
    pub fn is_strike(&self, rules: &Ruleset) -> bool {
        match self.class {
            EffectKind::Check | EffectKind::Chase => true,
            EffectKind::MateThreat => rules.mate_threat_forbidden,
            _ => self
                .effects
                .iter()
                .any(|e| e.kind == EffectKind::MateThreat && rules.mate_threat_forbidden),
        }
    }

    /// The victims of this move's chases.
    pub fn chase_victims(&self) -> impl Iterator<Item = Square> + '_ {
        self.effects
            .iter()
            .filter(|e| e.kind == EffectKind::Chase)
            .filter_map(|e| e.target)
    }

    /// Names the move again after effects were taken off it (a held rook's attack, a 自毙
    /// threat): the move is what its heaviest remaining effect is (从重定性).
    pub(crate) fn reclassify(&mut self) {
        self.class = heaviest(&self.effects);
    }
}

/// The heaviest of `effects`, which names the move (从重定性), or 闲 when there is none.
fn heaviest(effects: &[Effect]) -> EffectKind {
    effects
        .iter()
        .map(|e| e.kind)
        .min()
        .unwrap_or(EffectKind::Idle)
}

/// Material values used to decide whether a capture wins material. A rook is worth a
/// little more than two horses (「一车略优于双马」); a pawn across the river doubles.
pub fn value(kind: PieceKind, sq: Square, side: Side) -> i32 {
    match kind {
        PieceKind::King => value_of_king(),
        PieceKind::Rook => 9,
        PieceKind::Horse | PieceKind::Cannon => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Pawn => {
            if on_own_side(sq, side) {
                1
            } else {
                2
            }
        }
    }
}

fn piece_value(b: &Board, sq: Square) -> i32 {
    b.at(sq).map(|p| value(p.kind, sq, p.side)).unwrap_or(0)
}

/// Can the side to move in `b` mate by a check, or by successive checks, within `depth`
/// of its own moves? Returns the first move of such a line.
pub fn mate_by_checks(b: &Board, depth: u8) -> Option<Move> {
    mate_by_checks_avoiding(b, depth, &|_| false)
}

/// As [`mate_by_checks`], with the first moves `skip` names left out (the rest of each
/// line may use any check).
fn mate_by_checks_avoiding(b: &Board, depth: u8, skip: &dyn Fn(Move) -> bool) -> Option<Move> {
    if depth == 0 {
        return None;
    }
    let mover = b.side_to_move();
    for m in b.checking_moves() {
        if skip(m) {
            continue;
        }
        let a = b.after(m);
        if !a.in_check(!mover) {
            continue;
        }
        if !a.has_legal_move() {
            return Some(m);
        }
        if depth > 1 {
            let replies = a.legal_moves();
            if replies
                .iter()
                .all(|&r| mate_by_checks(&a.after(r), depth - 1).is_some())
            {
                return Some(m);
            }
        }
    }
    None
}

/// Can the side not to move in `q` win back the piece standing on `sq` by a check that it
/// cannot parry without losing that piece (a hidden root, 暗根: 「马4进3一将,就能把吃子的
/// 红车抽吃回来」)? `q` has the protecting side to move.
fn hidden_root(q: &Board, sq: Square) -> bool {
    let protector = q.side_to_move();
    for c in q.checking_moves() {
        let r = q.after(c);
        if !r.in_check(!protector) {
            continue;
        }
        let replies = r.legal_moves();
        if replies.is_empty() {
            return true;
        }
        let wins_back = replies.iter().all(|&reply| {
            let where_now = if reply.from == sq { reply.to } else { sq };
            let s = r.after(reply);
            s.at(where_now).is_some_and(|p| p.side != protector)
                && !s.legal_captures_of(where_now).is_empty()
        });
        if wins_back {
            return true;
        }
    }
    false
}

/// The position `q` reached by a capture on `landed` in `b`, with the checks that the
/// protecting side was already under in `b` taken off the board.
///
/// A piece is not unprotected merely because its own king is in check (AXF rule 12,
/// diagram 13; the same holds in every Chinese edition, lecture 43 图1): the check is
/// answered first and the capture threat is judged as it stands once it has been. So when
/// the side whose piece is captured was in check before the capture, every piece that
/// checked it then (other than the capturer) is lifted before looking for a recapture.
/// Checks that the capture itself uncovers stay: those are the capture's doing (a
/// discovered check that wins the piece, Fairy-Stockfish's 「discovered check capture
/// threat」 cases).
fn check_blind(b: &Board, q: &Board, landed: Square) -> Board {
    let protector = q.side_to_move();
    let Some(king) = b.king(protector) else {
        return q.clone();
    };
    if !b.in_check(protector) || !q.in_check(protector) {
        return q.clone();
    }
    let mut lifted = q.clone();
    for c in b.attackers(king, !protector).filter(|&c| c != landed) {
        if q.at(c) == b.at(c) {
            lifted.remove(c);
        }
    }
    lifted
}

/// Is the piece on `sq` protected against the capture `cap` in `b` (side to move captures)?
/// Protection is judged after the capture: a legal recapture (pins and the flying general
/// counted), or a hidden root if the rules count it. Returns `None` if `cap` is illegal.
fn protected_after(b: &Board, cap: Move, rules: &Ruleset) -> Option<bool> {
    if !b.keeps_king_safe(cap) {
        return None;
    }
    let q = check_blind(b, &b.after(cap), cap.to);
    if !q.legal_captures_of(cap.to).is_empty() {
        return Some(true);
    }
    Some(rules.hidden_roots && hidden_root(&q, cap.to))
}

/// Material won by the capture `cap` for the side to move in `b`: the victim's value, less
/// the capturer's if it can be won back. Other losses the capture may cause are not
/// counted (八七 图十四: 「吃子的棋子仍能保留,则无论该方在其它方面的子力价值损失如何,均应
/// 按‘打’处理」; 〇七 图五: 「凡用作为根的子捉吃对方的子,也按捉处理」).
fn capture_gain(b: &Board, cap: Move, rules: &Ruleset) -> Option<(i32, bool)> {
    let v = piece_value(b, cap.to);
    let a = piece_value(b, cap.from);
    if !rules.root_by_exchange {
        let protected = protected_after(b, cap, rules)?;
        return Some((if protected { v - a } else { v }, protected));
    }
    if !b.keeps_king_safe(cap) {
        return None;
    }
    // A root is real only if retaking does not lose: the exchange on the point is played
    // out (55 图1: the 车 that retakes the 炮 is itself taken, so the 炮 is won).
    // The victim still counts as protected (有根) when it can be retaken at a loss (假根).
    let q = check_blind(b, &b.after(cap), cap.to);
    let retaken = !q.legal_captures_of(cap.to).is_empty();
    let back = square_swap(&q, cap.to, SWAP_PLIES);
    if back > 0 {
        return Some((v - back, true));
    }
    let hidden = rules.hidden_roots && hidden_root(&q, cap.to);
    Some((if hidden { v - a } else { v }, hidden || retaken))
}

/// How many captures on one point the exchange follows after the first.
const SWAP_PLIES: u8 = 4;

/// What the side to move in `q` wins by capturing on `sq` and letting the exchange on that
/// point run (each side may stop; legality, pins and the flying general counted).
fn square_swap(q: &Board, sq: Square, plies: u8) -> i32 {
    if plies == 0 {
        return 0;
    }
    let v = piece_value(q, sq);
    q.legal_captures_of(sq)
        .into_iter()
        .map(|m| v - square_swap(&q.after(m), sq, plies - 1))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// Are these two kinds partners for offers and exchanges under `rules`?
pub fn offer_partners(a: PieceKind, b: PieceKind, rules: &Ruleset) -> bool {
    if a == PieceKind::King || b == PieceKind::King {
        return false;
    }
    if a == b {
        return true;
    }
    rules.offer_partners == OfferPartners::MutualReach
        && matches!(
            (a, b),
            (PieceKind::Rook, PieceKind::Pawn) | (PieceKind::Pawn, PieceKind::Rook)
        )
}

/// Are the pieces on `x` and `y` offer partners? A pawn partners a rook only once it has
/// crossed the river (「小卒过河赛大车…视卒如车」).
fn partners_at(b: &Board, x: Square, y: Square, rules: &Ruleset) -> bool {
    let (Some(xp), Some(yp)) = (b.at(x), b.at(y)) else {
        return false;
    };
    if !offer_partners(xp.kind, yp.kind, rules) {
        return false;
    }
    let uncrossed =
        |sq: Square, p: crate::Piece| p.kind == PieceKind::Pawn && on_own_side(sq, p.side);
    xp.kind == yp.kind || !(uncrossed(x, xp) || uncrossed(y, yp))
}

/// The 第一反击 test, looked at from the receiving side (从后朝前观): in `b`, with the
/// receiving side to move, can the piece on `taker` take the piece on `offered` without
/// what the rules forbid (immediate mate, immediate loss of material)?
pub fn can_take_safely(b: &Board, taker: Square, offered: Square, rules: &Ruleset) -> bool {
    let cap = Move {
        from: taker,
        to: offered,
    };
    if !b.legal_captures_of(offered).contains(&cap) {
        return false;
    }
    let q = b.after(cap);
    match rules.offer_test {
        OfferTest::LegalCapture => true,
        OfferTest::NoImmediateMate => mate_by_checks(&q, rules.mate_threat_checks).is_none(),
        OfferTest::NoImmediateMateOrLoss => {
            if mate_by_checks(&q, 1).is_some() {
                return false;
            }
            // What the offering side wins back at once because of the capture: the best
            // short capture sequence after it (「伤亡惨重」, 「丢炮失车」) whose first capture
            // the taking move made possible or profitable — the taker itself, a piece it
            // unguarded, a capture that was illegal before. A static loss unrelated to the
            // capture is not its consequence (55 图4).
            caused_loss(b, &q, offered, rules) <= piece_value(b, offered)
        }
    }
}

/// The material the offering side wins back by a short capture sequence after the capture
/// that led from `b` (receiver to move) to `q` (offering side to move), counting only
/// sequences whose first move the capture caused.
fn caused_loss(b: &Board, q: &Board, offered: Square, rules: &Ruleset) -> i32 {
    let pre = b.passed();
    let in_check = q.in_check(q.side_to_move());
    let moves = if in_check {
        q.legal_moves()
    } else {
        legal_captures(q)
    };
    // A check that wins the taker back (暗根, 56 图1) is a loss like a recapture.
    let mut best = if rules.hidden_roots && !in_check && hidden_root(q, offered) {
        piece_value(q, offered)
    } else {
        0
    };
    for m in moves {
        if !in_check && m.to != offered {
            let now = capture_gain(q, m, rules).map(|(g, _)| g);
            let then = if pre.is_legal(m) {
                capture_gain(&pre, m, rules).map(|(g, _)| g)
            } else {
                None
            };
            if then.is_some() && then >= now {
                continue;
            }
        }
        best = best.max(piece_value(q, m.to) - capture_swing(&q.after(m), SWING_PLIES - 1));
    }
    best
}

/// Every legal capture of a non-king piece for the side to move.
fn legal_captures(b: &Board) -> Vec<Move> {
    let me = b.side_to_move();
    b.pieces()
        .filter(|(_, p)| p.side != me && p.kind != PieceKind::King)
        .flat_map(|(sq, _)| b.legal_captures_of(sq))
        .collect()
}

/// How far the loss after a capture is followed: the offering side's capture, the reply,
/// and one more capture — enough for a check that wins a piece and then another
/// (「丢炮失车」, 60 图4). Longer lines are 隔一步 and not 立即 (54 图2).
const SWING_PLIES: u8 = 3;

/// The value of being mated inside a capture sequence.
const MATED: i32 = -value_of_king();

const fn value_of_king() -> i32 {
    1000
}

/// The material the side to move in `b` can win by a short sequence of captures (a static
/// exchange evaluation over whole moves): each side may stop unless in check, a side in
/// check must answer it with any legal move, and a side that is mated scores `MATED`.
pub fn capture_swing(b: &Board, plies: u8) -> i32 {
    if plies == 0 {
        return 0;
    }
    let me = b.side_to_move();
    let in_check = b.in_check(me);
    let moves: Vec<Move> = if in_check {
        b.legal_moves()
    } else {
        legal_captures(b)
    };
    if in_check && moves.is_empty() {
        return MATED;
    }
    let mut best = if in_check { i32::MIN } else { 0 };
    for m in moves {
        let gain = piece_value(b, m.to);
        best = best.max(gain - capture_swing(&b.after(m), plies - 1));
    }
    best
}

/// A threat to win the piece on `victim` with the piece on `attacker` (side to move in `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Threat {
    attacker: Square,
    victim: Square,
    protected: bool,
}

/// All chases available to the side to move in `b`: captures on the next move that win
/// material, by pieces whose attacks count under `rules`, of pieces that can be chased
/// (not the king, not a pawn on its own side of the river). A same-type (or mutual-reach)
/// victim that can itself take the attacker safely has a 第一反击 that makes the meeting an
/// offer or exchange, not a chase.
/// The chases available to the side to move in `b` as (attacker, victim, victim protected):
/// what a pass by the opponent would let it win at once.
pub fn chase_threats(b: &Board, rules: &Ruleset) -> Vec<(Square, Square, bool)> {
    threats(b, rules)
        .into_iter()
        .filter(|t| !(rules.held_rook_exempt && held_by_horse(b, t.attacker, t.victim)))
        .map(|t| (t.attacker, t.victim, t.protected))
        .collect()
}

fn threats(b: &Board, rules: &Ruleset) -> Vec<Threat> {
    let s = b.side_to_move();
    let o = !s;
    let receiver = b.passed();
    let mut out = Vec::new();
    for (v, vp) in b.pieces() {
        if vp.side != o || vp.kind == PieceKind::King {
            continue;
        }
        if vp.kind == PieceKind::Pawn && on_own_side(v, o) {
            continue;
        }
        for cap in b.legal_captures_of(v) {
            let ap = b.at(cap.from).expect("attacker present");
            if (ap.kind == PieceKind::Pawn && rules.pawn_chase_idle)
                || (ap.kind == PieceKind::King && rules.king_chase_idle)
            {
                continue;
            }
            if partners_at(b, cap.from, v, rules) && can_take_safely(&receiver, v, cap.from, rules)
            {
                continue;
            }
            if let Some((gain, protected)) = capture_gain(b, cap, rules)
                && gain > 0
            {
                out.push(Threat {
                    attacker: cap.from,
                    victim: v,
                    protected,
                });
            }
        }
    }
    out
}

/// Was the mate threat of a move played in `before` opened by the opponent's own check
/// (自毙, [`Ruleset::self_ruin`])? `prev` is the position the opponent's check was played
/// in. It was if the mover is in check in `before`, had no such threat before that check
/// (a threat the check only put on hold is renewed by the answer: 50 图3), and has one
/// once the checking pieces are lifted from `before` (the check made it, not the answer).
pub(crate) fn mate_threat_self_ruined(prev: &Board, before: &Board, rules: &Ruleset) -> bool {
    let s = before.side_to_move();
    let Some(k) = before.king(s) else {
        return false;
    };
    if !before.in_check(s) || mate_by_checks(&prev.passed(), rules.mate_threat_checks).is_some() {
        return false;
    }
    mate_by_checks(&lifted_checkers(before, k), rules.mate_threat_checks).is_some()
}

/// `b` with the pieces that check the king on `k` taken off the board: what the mover's
/// pieces would threaten were it not for the check.
fn lifted_checkers(b: &Board, k: Square) -> Board {
    let mut unchecked = b.clone();
    for c in b.attackers(k, !b.side_to_move()).collect::<Vec<_>>() {
        unchecked.remove(c);
    }
    unchecked
}

/// The mate threats standing after `mv`, the answer played in `before` to a check that
/// opened one (see [`mate_threat_self_ruined`]), told apart by who made them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct AnswerMateThreats {
    /// The first move of a threat the answer makes by itself: its 杀.
    pub own: Option<Move>,
    /// The first move of a threat the check opened that still stands: 自毙, not the
    /// answer's 杀.
    pub opened: Option<Move>,
}

/// Splits the mate threats after `mv` (played in `before`) into the answer's own and the
/// ones the opponent's check opened.
///
/// 自毙 excuses only what the check opened (lecture 49: the 闷宫 「与黑将进中无关,其直接
/// 原因是红车照将后的“自毙”」), so the threats are compared: a mate that begins with the
/// same first move once the checking pieces are lifted from `before` is the check's, one
/// that begins with the answer's own piece or with a first move that did not mate there
/// is the answer's (从没杀到杀, as for any 杀) and stays its 杀.
pub(crate) fn answer_mate_threats(before: &Board, mv: Move, rules: &Ruleset) -> AnswerMateThreats {
    let s = before.side_to_move();
    let Some(k) = before.king(s) else {
        return AnswerMateThreats::default();
    };
    let unchecked = lifted_checkers(before, k);
    let after = before.after(mv);
    let after_pairs = pair_states(&after, s, rules);
    let depth = rules.mate_threat_checks;
    let opened_by_check = |m: Move| {
        m.from != mv.to && mate_by_checks_avoiding(&unchecked, depth, &|x| x != m).is_some()
    };
    let offered = |m: Move| {
        after_pairs
            .iter()
            .any(|&(x, y, st)| st.safe_take && m.from == x && m.to == y)
    };
    let passed = after.passed();
    AnswerMateThreats {
        own: mate_by_checks_avoiding(&passed, depth, &|m| offered(m) || opened_by_check(m)),
        opened: mate_by_checks_avoiding(&passed, depth, &|m| offered(m) || !opened_by_check(m)),
    }
}

/// Is `e`, an effect of the move `mv` leading to `after`, the static attack of a rook
/// held by a horse (马拦车) on the horse that holds it? Such an attack is exempt under AXF
/// rule 19 (diagrams 39-41) only while the horse's side chases that rook, which the
/// cycle's judge decides; a held rook that moved onto the horse (say to block a check)
/// attacks it anew and is never exempt.
pub(crate) fn held_rook_static_attack(after: &Board, mv: Move, e: &Effect) -> bool {
    e.kind == EffectKind::Chase
        && e.piece != mv.to
        && e.target
            .is_some_and(|horse| held_by_horse(after, e.piece, horse))
}

/// Is the rook on `rook` held by the horse on `horse` (马拦车): standing on the horse's leg
/// so that, were the rook to leave, the horse would check the rook's king?
fn held_by_horse(b: &Board, rook: Square, horse: Square) -> bool {
    let (Some(rp), Some(hp)) = (b.at(rook), b.at(horse)) else {
        return false;
    };
    if rp.kind != PieceKind::Rook || hp.kind != PieceKind::Horse || rp.side == hp.side {
        return false;
    }
    let Some(king) = b.king(rp.side) else {
        return false;
    };
    let mut lifted = b.clone();
    lifted.remove(rook);
    let df = king.x() as i8 - horse.x() as i8;
    let dr = king.iccs_rank() as i8 - horse.iccs_rank() as i8;
    let leg_ok = (df.abs() == 2 && dr.abs() == 1 && offset(horse, df / 2, 0) == Some(rook))
        || (df.abs() == 1 && dr.abs() == 2 && offset(horse, 0, dr / 2) == Some(rook));
    leg_ok && lifted.attackers(king, hp.side).any(|s| s == horse)
}

/// The state of a same-type (or mutual-reach) pair: can the receiver take safely, is the
/// offered piece protected, can the offered piece take the receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PairState {
    safe_take: bool,
    protected: bool,
    mutual: bool,
}

/// Pair states between `s`'s pieces and the opponent's partners, in `b` with the opponent
/// to move. Keyed by (mover piece, opponent piece) points.
fn pair_states(b: &Board, s: Side, rules: &Ruleset) -> Vec<(Square, Square, PairState)> {
    let o = !s;
    let passed = b.passed();
    let mut out = Vec::new();
    for (x, xp) in b.pieces() {
        if xp.side != s || xp.kind == PieceKind::King {
            continue;
        }
        for (y, yp) in b.pieces() {
            if yp.side != o || !partners_at(b, x, y, rules) {
                continue;
            }
            let y_takes = b.legal_captures_of(x).iter().any(|m| m.from == y);
            let x_takes = passed.legal_captures_of(y).iter().any(|m| m.from == x);
            if !y_takes && !x_takes {
                continue;
            }
            let safe_take = y_takes && can_take_safely(b, y, x, rules);
            let protected = y_takes && offer_rooted(b, Move { from: y, to: x }, rules);
            out.push((
                x,
                y,
                PairState {
                    safe_take,
                    protected,
                    mutual: y_takes && x_takes,
                },
            ));
        }
    }
    out
}

/// Does the offered piece have a root (根) against the capture `cap` in `b`, so that the
/// meeting is an exchange (兑) rather than an offer (献)? Where a root counts only if
/// retaking does not lose ([`Ruleset::root_by_exchange`]), the same holds here: a piece
/// whose retaker is itself lost at once is a 无根子 in the 八四/八七 献 definition
/// (「造成己方的某一个无根子和乙方的相同兵种相对的局面」), so offering it is 献 (58 图2: the
/// 炮 behind Red's 车 can be retaken by the 车 only at the cost of the 车, and the lecture
/// reads 「能吃又无损失,认可红在“献”炮」). Otherwise any legal recapture is a root.
fn offer_rooted(b: &Board, cap: Move, rules: &Ruleset) -> bool {
    if !rules.root_by_exchange {
        return protected_after(b, cap, rules).unwrap_or(false);
    }
    if !b.keeps_king_safe(cap) {
        return false;
    }
    let q = check_blind(b, &b.after(cap), cap.to);
    square_swap(&q, cap.to, SWAP_PLIES) > 0 || (rules.hidden_roots && hidden_root(&q, cap.to))
}

/// Attack targets (the opponent's pieces it could capture, movement rules only) of the
/// piece on `from`.
fn targets_of(b: &Board, from: Square) -> Vec<Square> {
    b.capture_targets(from)
}

/// Classifies the move `mv` played in `before` under `rules`.
pub fn classify(before: &Board, mv: Move, rules: &Ruleset) -> MoveAnalysis {
    let s = before.side_to_move();
    let o = !s;
    let after = before.after(mv);
    let mut effects = Vec::new();
    let mut notes = Vec::new();

    // A capture that only the check made illegal was still an existing attack: the check
    // is the opponent's doing, not a new attack by the mover's answer to it. So when the
    // mover was in check, "before" also means the position without the checking pieces.
    let unchecked = before.king(s).filter(|_| before.in_check(s)).map(|k| {
        let mut b = before.clone();
        for c in before.attackers(k, o).collect::<Vec<_>>() {
            b.remove(c);
        }
        b
    });
    // 将: every piece that now attacks the opposing king.
    let in_check = after.in_check(o);
    if in_check && let Some(k) = after.king(o) {
        for a in after.attackers(k, s) {
            let first_counterattack = !after.legal_captures_of(a).is_empty();
            effects.push(Effect {
                kind: EffectKind::Check,
                piece: a,
                target: Some(k),
                first_counterattack,
                victim_protected: false,
            });
        }
    }

    // Same-type (or mutual-reach) pairs after the move, for 兑 / 献 below and for the 杀.
    let after_pairs = pair_states(&after, s, rules);

    // 杀: a mate by check or successive checks threatened for the next move, which the
    // mover did not already have before moving (从没杀到杀). A threat a check had put on
    // hold is not carried over: answering the check with a new mate threat is a 杀 (50 图3:
    // 车5进5 threatened mate before Red's check, and 车5平6 「是捉兼杀,重判为“杀”」).
    // A mate that would start by taking a like piece that can take the mover's piece
    // first is no 杀 of the mover's:
    // the meeting is looked at from the receiver first (从后朝前观, 〇七 「优先考虑」), and
    // a receiver that can take safely makes it an offer (54 图3: 「不能认为是红炮捉黑炮带杀,
    // 而要优先考虑黑炮是否存在“第一反击”」).
    if !in_check {
        let offered_capture = |m: Move| {
            after_pairs
                .iter()
                .any(|&(x, y, st)| st.safe_take && m.from == x && m.to == y)
        };
        let threat_after =
            mate_by_checks_avoiding(&after.passed(), rules.mate_threat_checks, &offered_capture);
        if let Some(m) = threat_after {
            let existed = mate_by_checks(before, rules.mate_threat_checks).is_some();
            if !existed {
                effects.push(Effect {
                    kind: EffectKind::MateThreat,
                    piece: m.from,
                    target: after.king(o),
                    first_counterattack: !after.legal_captures_of(m.from).is_empty(),
                    victim_protected: false,
                });
            }
        }
    }

    // 捉: chases available after the move that were not available before it, judged per
    // attacker (AXF rule 26, diagram 61: a second piece that newly attacks an already
    // attacked piece chases it). The moved piece is the same attacker on its new point.
    // A checking move chases only what it would win once the check is answered
    // ([`check_blind`]), so 一将一捉 stays one check and one chase (AXF rule 12).
    // An attack that stood before the move is not new, exempt or not.
    let mut t_before = threats(before, rules);
    if let Some(u) = &unchecked {
        t_before.extend(threats(u, rules));
    }
    let t_after = threats(&after.passed(), rules);
    let mut chase_pairs: Vec<Threat> = Vec::new();
    for t in &t_after {
        let origin = if t.attacker == mv.to {
            mv.from
        } else {
            t.attacker
        };
        let novel_per_attacker = rules.chase_novelty_per_attacker;
        if t_before
            .iter()
            .any(|u| u.victim == t.victim && (!novel_per_attacker || u.attacker == origin))
        {
            continue;
        }
        if chase_pairs.iter().any(|u| u.victim == t.victim) {
            continue;
        }
        chase_pairs.push(*t);
        effects.push(Effect {
            kind: EffectKind::Chase,
            piece: t.attacker,
            target: Some(t.victim),
            first_counterattack: !after.legal_captures_of(t.attacker).is_empty(),
            victim_protected: t.protected,
        });
    }

    // 兑 / 献 and 非献非捉: same-type (or mutual-reach) pairs whose state the move changed.
    let mut before_pairs = pair_states(&before.passed(), s, rules);
    if let Some(u) = &unchecked {
        before_pairs.extend(pair_states(&u.passed(), s, rules));
    }
    let mut offers: Vec<(Square, Square, bool)> = Vec::new();
    for &(x, y, st) in &after_pairs {
        // The moved piece itself is sent to a new point: an offer or exchange there is the
        // move's own (送吃), even if it could be taken where it stood before (57 图3: the 炮
        // that shuttles between two points is 「步步送给黑炮吃」).
        let unchanged = x != mv.to
            && before_pairs
                .iter()
                .any(|(bx, by, old)| *bx == x && *by == y && *old == st);
        if unchanged {
            continue;
        }
        if st.safe_take {
            let kind = if st.protected {
                EffectKind::Exchange
            } else {
                EffectKind::Offer
            };
            offers.push((x, y, st.protected));
            effects.push(Effect {
                kind,
                piece: x,
                target: Some(y),
                first_counterattack: false,
                victim_protected: false,
            });
        } else if !in_check && !chase_pairs.iter().any(|t| t.victim == y && t.attacker == x) {
            // A check changes what the checked side can take for one move only; the
            // meeting is not read as 非献非捉 on that account.
            notes.push(Note::NeitherOfferNorChase { piece: x, other: y });
        }
    }

    // 献兼捉 / 兑兼捉 shapes.
    if let (Some(&(x, y, protected)), Some(t)) = (offers.first(), chase_pairs.first()) {
        let shape = if t.attacker == x && t.victim != y {
            Shape::Yi
        } else if t.attacker != x && t.victim == y {
            Shape::Jia
        } else if targets_of(
            before,
            if t.attacker == mv.to {
                mv.from
            } else {
                t.attacker
            },
        )
        .contains(&t.victim)
        {
            // The attack was there before but won nothing: the offer removed the root.
            Shape::BingCausal
        } else {
            Shape::BingParallel
        };
        notes.push(Note::OfferAndChase {
            exchange: protected,
            shape,
        });
    }

    // 拦: an opposing piece lost a target because the moved piece now stands in its way.
    let mut cleared = after.clone();
    cleared.remove(mv.to);
    for (p, pp) in after.pieces() {
        if pp.side != o
            || !matches!(
                pp.kind,
                PieceKind::Rook | PieceKind::Cannon | PieceKind::Horse | PieceKind::Elephant
            )
        {
            continue;
        }
        if before.at(p) != Some(pp) {
            continue;
        }
        let then = targets_of(before, p);
        let now = targets_of(&after, p);
        let unblocked = targets_of(&cleared, p);
        if then
            .iter()
            .any(|t| *t != mv.from && !now.contains(t) && unblocked.contains(t))
        {
            effects.push(Effect {
                kind: EffectKind::Block,
                piece: mv.to,
                target: Some(p),
                first_counterattack: false,
                victim_protected: false,
            });
            break;
        }
    }

    let class = heaviest(&effects);
    MoveAnalysis {
        mv,
        side: s,
        effects,
        notes,
        class,
    }
}
