//! Reading the main line out of a df-pn proof held in the table, and taking the attacker's
//! detours out of it.
//!
//! The lengths stored with proofs are those of the first proof found for each node: when a
//! shorter mate is found below a node later, its own length is not revised. A walk that
//! lets the defender follow stored lengths can then take a defence that only looks long and
//! end early, in a line that is no forced mate. So the lengths are worked out again: the
//! attacker's strategy is the proven check with the shortest stored length (the shortest
//! proof, after shortening), and every node's length under that strategy is computed from
//! its children, the defender taking the longest (in tsume mode leaving out interpositions
//! the table shows useless). Children dropped from the table by garbage collection are
//! proven again.
//!
//! A df-pn proof keeps the first mating check it found at each attacker node, and on a long
//! problem that is often a detour (checks that lead round to a position the proof reaches
//! anyway): ミクロコスモス's first proof read this way has 1581 plies where the published
//! solution has 1525. The proofs without the detours are mostly not in the table (df-pn
//! stopped at the first mating check), so comparing the proven checks is not enough:
//! [`refined_line`] goes from the mate backwards along the main line and, at each attacker
//! node, proves the other checks and works their lengths out; a shorter one is taken and
//! the new main line examined the same way. (A ply-bounded df-pn search at each node, "a
//! mate within two plies less?", was measured first: on this problem most such searches
//! stay open after 131 072 nodes, their disproofs needing every other check refuted
//! within the bound.)

use hashbrown::{HashMap, HashSet};

use super::conventions::{ReplyClass, classify};
use super::dfpn::{MAX_PLY, Search, Stop};
use super::shortcut::Gather;
use super::table::{INF, KeyBuild, Probe};

use crate::movegen::{Sink, each_board_move};
use crate::types::{Bitboard, Kind, Move, Square};

/// The line of the proof at the search's current node (attacker to move); `None` when the
/// proof cannot be read back within the search's limits.
pub(crate) fn proof_line(search: &mut Search, tsume: bool) -> Option<Vec<Move>> {
    // An earlier phase may have stopped on its own limit; the walk has its own budget.
    search.stopped = None;
    let mut walk = Walk::new(tsume, false);
    walk.length(search, 0)?;
    Some(walk.line(search).0)
}

/// A main line with its attacker's detours taken out, as far as the budget went.
#[derive(Debug)]
pub(crate) struct Refined {
    /// The main line (attacker first).
    pub(crate) line: Vec<Move>,
    /// The length worked out at each position of the line (the one before each move).
    pub(crate) lens: Vec<u32>,
    /// Every attacker node of the line was examined (see [`refined_line`]); false when the
    /// sweep's budget, the time or the rounds ran out first.
    pub(crate) complete: bool,
    /// Checks at the attacker nodes of the line that could be neither proven nor refuted
    /// within their node's share of nodes: a shorter mate through them is not ruled out.
    pub(crate) undecided: u32,
}

/// The line of the proof at the search's current node (attacker to move) with the
/// attacker's detours taken out: the full reading first, then, from the end of the main
/// line backwards, each attacker node of the line has the lengths of its other checks
/// worked out the same way (a check not proven in the table is proven first, on a share
/// of [`SWEEP_NODES`] nodes). A check shorter than the line's becomes the node's move,
/// the lengths of the line above it are worked out again, and the sweep starts again from
/// the end of the new main line (nodes already examined at the same length are passed).
///
/// Every length is the walk's: the defender's longest resistance under the conventions
/// against the attacker's moves chosen, so a line whose every attacker node was examined
/// has no check at any of them that leads to a shorter mate under the walk's choices
/// below it; it is still not proven minimal (a check none of whose proofs was found
/// within its share is passed over).
///
/// The first reading runs within the search's node limit as set, the sweeps within
/// `budget` nodes. `None` when not even the first reading could be made.
pub(crate) fn refined_line(search: &mut Search, tsume: bool, budget: u64) -> Option<Refined> {
    search.stopped = None;
    let mut walk = Walk::new(tsume, true);
    walk.length(search, 0)?;
    search.node_limit = budget;
    // Attacker nodes examined: the length they had then and the checks left undecided.
    let mut examined: HashMap<u64, (u32, u32)> = HashMap::new();
    // Each round takes a shorter check at one node; a re-reading that lengthened another
    // node again could undo it, so the rounds are bounded (ミクロコスモス took 15).
    let mut rounds = walk.line(search).0.len() + 16;
    loop {
        let (line, lens) = walk.line(search);
        let mut undos = Vec::with_capacity(line.len());
        let mut keys = Vec::with_capacity(line.len());
        for &mv in &line {
            keys.push(search.node.full_key());
            undos.push((mv, search.node.play(mv)));
        }
        // The checks left undecided at the line's attacker nodes, as last examined.
        let undecided = |examined: &HashMap<u64, (u32, u32)>| -> u32 {
            keys.iter()
                .zip(&lens)
                .filter_map(|(k, r)| examined.get(k).filter(|(l, _)| l == r))
                .map(|&(_, n)| n)
                .sum()
        };
        let mut found = None;
        let mut stopped = rounds == 0;
        while let Some((mv, u)) = undos.pop() {
            search.node.unplay(mv, u);
            let i = undos.len();
            let r = lens[i];
            if stopped
                || !search.node.attacker_to_move()
                || r < 3
                || examined.get(&keys[i]).is_some_and(|&(l, _)| l == r)
            {
                continue;
            }
            match walk.shorter_check(search, mv, r, i as u32, budget) {
                Ok(Examined { shorter, undecided }) => {
                    examined.insert(keys[i], (r, undecided));
                    if shorter.is_some() {
                        found = Some(i);
                        break;
                    }
                }
                Err(Exhausted) => stopped = true,
            }
        }
        while let Some((mv, u)) = undos.pop() {
            search.node.unplay(mv, u);
        }
        let Some(i) = found else {
            return Some(Refined {
                undecided: undecided(&examined),
                line,
                lens,
                complete: !stopped,
            });
        };
        rounds -= 1;
        // The lengths of the line's nodes above the shortened one are worked out again.
        for k in &keys[..i] {
            walk.memo.remove(k);
        }
        if walk.length(search, 0).is_none() {
            // Not expected (the line's other branches are in the memo); the line before
            // stays a forced mate.
            return Some(Refined {
                undecided: undecided(&examined),
                line,
                lens,
                complete: false,
            });
        }
    }
}

/// What [`Walk::shorter_check`] found at an attacker node of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Examined {
    /// The length of the shorter check taken, if one was found.
    shorter: Option<u32>,
    /// Checks that could be neither proven nor refuted within the node's share of nodes
    /// (those not tried once the share was spent included).
    undecided: u32,
}

/// The whole budget of [`refined_line`]'s sweep (or the time, or a cancellation) ran out
/// at an attacker node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Exhausted;

/// Length to mate under the attacker's strategy, and the move taken (none at mate).
type Entry = Option<(u32, Option<Move>)>;

struct Walk {
    /// Keyed by the positions' Zobrist keys, hashed as they are.
    memo: HashMap<u64, Entry, KeyBuild>,
    path: HashSet<u64, KeyBuild>,
    tsume: bool,
    /// Store each length worked out in the table as a proof of that length.
    store: bool,
}

/// Nodes the sweep of [`refined_line`] may search at one attacker node (proving checks
/// not proven in the table, and working out the lengths of the proofs found): past them
/// the node's remaining checks are passed over. Most of the sweep's nodes go to checks
/// that stay undecided whatever the share: on ミクロコスモス a share of 32 768 nodes
/// finds the same 15 detours (1525 plies) as one of 131 072 with a fifth fewer nodes in
/// all (69.5 M against 86.7 M), leaving some 800 checks undecided instead of 447.
const SWEEP_NODES: u64 = 1 << 15;

/// Positions the walk's memo and path have room for at the start (a mate in three or five
/// reads a dozen or two).
const WALK_START: usize = 32;

/// Nodes-below count given to the proofs the walk stores: garbage collection drops the
/// entries with the least work below first, and these hold the lengths worked out.
const WALKED: u32 = u32::MAX;

impl Walk {
    fn new(tsume: bool, store: bool) -> Walk {
        Walk {
            // Room for a short problem's proof at once, instead of growing step by step.
            memo: HashMap::with_capacity_and_hasher(WALK_START, KeyBuild::default()),
            path: HashSet::with_capacity_and_hasher(WALK_START, KeyBuild::default()),
            tsume,
            store,
        }
    }

    /// The main line under the worked-out lengths from the current node, with the length
    /// at each of its positions (the line's own position first); the search's node is
    /// left where it was.
    fn line(&self, search: &mut Search) -> (Vec<Move>, Vec<u32>) {
        let mut line = Vec::new();
        let mut lens = Vec::new();
        let mut undos = Vec::new();
        while let Some(Some((l, Some(mv)))) = self.memo.get(&search.node.full_key()) {
            let mv = *mv;
            line.push(mv);
            lens.push(*l);
            undos.push((mv, search.node.play(mv)));
        }
        while let Some((mv, u)) = undos.pop() {
            search.node.unplay(mv, u);
        }
        (line, lens)
    }

    /// The current node's length; `None` when its proof cannot be followed (a limit
    /// stopped the search, or the strategy runs into a cycle).
    fn length(&mut self, search: &mut Search, ply: u32) -> Option<u32> {
        let key = search.node.full_key();
        if let Some(e) = self.memo.get(&key) {
            return e.map(|(l, _)| l);
        }
        if ply >= MAX_PLY || search.stopped.is_some() || !self.path.insert(key) {
            return None;
        }
        let entry = if search.node.attacker_to_move() {
            self.attack(search, ply)
        } else {
            self.defend(search, ply)
        };
        self.path.remove(&key);
        // A failure caused by a stop or a cycle belongs to this path only.
        if let Some((l, _)) = entry {
            self.memo.insert(key, entry);
            if self.store {
                let (board, hand) = (search.node.board_key(), search.node.attacker_hand());
                search.table.store_proof(board, hand, hand, l, WALKED);
            }
        }
        entry.map(|(l, _)| l)
    }

    /// At an attacker node of the line whose move `current` gives `r` plies: the length
    /// of the shortest other check when it is below `r`, taken as the node's move in the
    /// memo. Checks not proven in the table are proven first; all of it within
    /// [`SWEEP_NODES`] nodes (and `budget` in all).
    fn shorter_check(
        &mut self,
        search: &mut Search,
        current: Move,
        r: u32,
        ply: u32,
        budget: u64,
    ) -> Result<Examined, Exhausted> {
        let key = search.node.full_key();
        search.node_limit = budget.min(search.nodes.saturating_add(SWEEP_NODES));
        let mut best: Option<(u32, Move)> = None;
        let mut undecided = 0;
        let mut exhausted = false;
        let checks = search.node.checks();
        for (k, &mv) in checks.iter().enumerate() {
            if mv == current {
                continue;
            }
            let u = search.node.play(mv);
            let proven = match search.probe_here(INF) {
                Probe::Proven { .. } => true,
                Probe::Disproven { .. } => false,
                Probe::Open { .. } => matches!(search.solve(INF), Probe::Proven { .. }),
            };
            let l = if proven {
                self.length(search, ply + 1)
            } else {
                None
            };
            search.node.unplay(mv, u);
            if let Some(stop) = search.stopped.take() {
                undecided += 1;
                if stop != Stop::Nodes || search.nodes >= budget {
                    exhausted = true;
                }
                if search.nodes >= search.node_limit {
                    // The share is spent: the checks not tried yet are undecided too.
                    let rest = checks[k + 1..].iter().filter(|&&m| m != current).count();
                    undecided += u32::try_from(rest).unwrap_or(u32::MAX);
                    break;
                }
            }
            if let Some(l) = l
                && l + 1 < r
                && best.is_none_or(|(b, _)| l < b)
            {
                best = Some((l, mv));
            }
        }
        search.node_limit = budget;
        if let Some((l, mv)) = best {
            self.memo.insert(key, Some((l + 1, Some(mv))));
            if self.store {
                let (board, hand) = (search.node.board_key(), search.node.attacker_hand());
                search.table.store_proof(board, hand, hand, l + 1, WALKED);
            }
            return Ok(Examined {
                shorter: Some(l + 1),
                undecided,
            });
        }
        if exhausted {
            return Err(Exhausted);
        }
        Ok(Examined {
            shorter: None,
            undecided,
        })
    }

    fn attack(&mut self, search: &mut Search, ply: u32) -> Entry {
        if let Some(mv) = self.known_mate(search) {
            return Some((1, Some(mv)));
        }
        // The checks in a buffer of the search's pool (a reading visits a node per ply).
        let mut checks = search.buffer();
        search.node.pos.generate_checks(&mut Gather(&mut checks));
        let entry = self.attack_with(search, &checks, ply);
        search.give_back(checks);
        entry
    }

    /// The check that mates at once at the current node, when the search's mate-in-one
    /// test found it here (see [`Search::known_mate`]) and the table still holds its child
    /// as mated: the first check in generation order that mates, so the first whose child
    /// [`Self::attack_with`] finds proven in no plies (no earlier check mates, and only a
    /// mated position is proven in none), and the move it takes. Not for a reading that
    /// stores its lengths, which works the mated child out too.
    fn known_mate(&self, search: &Search) -> Option<Move> {
        if self.store || search.stopped.is_some() {
            return None;
        }
        let mv = search.known_mate()?;
        matches!(probe_after(search, mv, INF), Probe::Proven { len: 0, .. }).then_some(mv)
    }

    /// [`Self::attack`] with the node's `checks`.
    fn attack_with(&mut self, search: &mut Search, checks: &[Move], ply: u32) -> Entry {
        // Where the search found that no check mates at once, the first check proven in
        // two plies is the shortest (a defender position is proven in no plies or in at
        // least two) and the first of them in order, as the full scan below sorts: the
        // other checks are not looked up. Should its line not read, the full scan runs.
        if !self.store && search.stopped.is_none() && !search.free_pairs && search.known_no_mate() {
            if let Some(entry) = self.attack_first_of_two(search, checks, ply) {
                // The full scan agrees (it only reads the table and the memo here); left
                // out of release builds altogether, where even dead code changed the
                // inlining of this hot function.
                #[cfg(debug_assertions)]
                if search.stopped.is_none() {
                    let full = self.attack_scan(search, checks, ply);
                    assert_eq!(entry, full, "{}", search.node.pos.to_sfen());
                }
                return entry;
            }
        }
        self.attack_scan(search, checks, ply)
    }

    /// The line through the first check whose child the table holds as proven in two
    /// plies, if there is one and its line reads (`None` otherwise, the search not
    /// stopped, for the full scan to run).
    fn attack_first_of_two(
        &mut self,
        search: &mut Search,
        checks: &[Move],
        ply: u32,
    ) -> Option<Entry> {
        let mv = checks
            .iter()
            .copied()
            .find(|&mv| matches!(probe_after(search, mv, INF), Probe::Proven { len: 2, .. }))?;
        let u = search.node.play(mv);
        let l = self.length(search, ply + 1);
        search.node.unplay(mv, u);
        match (l, search.stopped.is_some()) {
            (Some(l), _) => Some(Some((l + 1, Some(mv)))),
            (None, true) => Some(None),
            (None, false) => None,
        }
    }

    /// [`Self::attack_with`] looking up every check.
    fn attack_scan(&mut self, search: &mut Search, checks: &[Move], ply: u32) -> Entry {
        let mut proven: Vec<(u32, Move)> = Vec::new();
        for &mv in checks {
            if let Probe::Proven { len, .. } = probe_after(search, mv, INF) {
                if len == 0 {
                    // A mate: no check comes before it (the shortest first, in order).
                    if !self.store && search.stopped.is_none() {
                        // The search stores a proof of no plies only for a position without
                        // a reply (a reading that stores its lengths may store one for a
                        // position whose every reply is a useless drop), so the child's
                        // length, worked out, is 0 too: it is not played.
                        return Some((1, Some(mv)));
                    }
                    proven.push((len, mv));
                    break;
                }
                proven.push((len, mv));
            }
        }
        if proven.is_empty() {
            // The proven check was dropped from the table: prove one again.
            for &mv in checks {
                let u = search.node.play(mv);
                let p = search.solve(INF);
                search.node.unplay(mv, u);
                if let Probe::Proven { len, .. } = p {
                    proven.push((len, mv));
                    break;
                }
                if search.stopped.is_some() {
                    return None;
                }
            }
        }
        proven.sort_by_key(|(l, _)| *l);
        for (_, mv) in proven {
            let u = search.node.play(mv);
            let l = self.length(search, ply + 1);
            search.node.unplay(mv, u);
            if let Some(l) = l {
                return Some((l + 1, Some(mv)));
            }
        }
        None
    }

    fn defend(&mut self, search: &mut Search, ply: u32) -> Entry {
        let mut replies = search.buffer();
        search.node.pos.generate_evasions(&mut Gather(&mut replies));
        let entry = self.defend_with(search, &replies, ply);
        search.give_back(replies);
        entry
    }

    /// [`Self::defend`] with the node's `replies`.
    fn defend_with(&mut self, search: &mut Search, replies: &[Move], ply: u32) -> Entry {
        let mut lens = Vec::with_capacity(replies.len());
        for &mv in replies {
            let u = search.node.play(mv);
            if matches!(search.probe_here(INF), Probe::Open { .. }) {
                search.solve(INF);
            }
            let l = self.length(search, ply + 1);
            search.node.unplay(mv, u);
            lens.push(Some(l?));
        }
        let best = defender_pick(search, replies, &lens, self.tsume);
        Some(best.map_or((0, None), |(l, m)| (l + 1, Some(m))))
    }
}

/// The quick reading, when the full one runs out of budget: one walk down the proof, the
/// attacker playing its shortest proven check and the defender its longest defence *by
/// stored length* (in tsume mode skipping interpositions that the table shows to be
/// useless), children missing from the table proven again within the remaining plies. A
/// sequence of checks ending in mate, but the stored lengths may be stale, so the defence
/// may not be the longest.
pub(crate) fn greedy_line(search: &mut Search, len: u32, tsume: bool) -> Vec<Move> {
    search.stopped = None;
    let mut line = Vec::new();
    let mut undos = Vec::new();
    let mut rem = len;
    while rem > 0 {
        let or = search.node.attacker_to_move();
        let moves = if or {
            search.node.checks()
        } else {
            search.node.replies()
        };
        if moves.is_empty() {
            break;
        }
        let mut lens = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let u = search.node.play(mv);
            let mut p = search.probe_here(rem - 1);
            if !or && matches!(p, Probe::Open { .. }) {
                p = search.solve(rem - 1);
            }
            search.node.unplay(mv, u);
            lens.push(match p {
                Probe::Proven { len, .. } => Some(len),
                _ => None,
            });
        }
        // The attacker's proven check was dropped from the table: prove one again.
        if or && lens.iter().all(Option::is_none) {
            for (i, &mv) in moves.iter().enumerate() {
                let u = search.node.play(mv);
                let p = search.solve(rem - 1);
                search.node.unplay(mv, u);
                if let Probe::Proven { len, .. } = p {
                    lens[i] = Some(len);
                    break;
                }
                if search.stopped.is_some() {
                    break;
                }
            }
        }
        let pick = if or {
            moves
                .iter()
                .zip(&lens)
                .filter_map(|(m, l)| l.map(|l| (l, *m)))
                .min_by_key(|(l, _)| *l)
        } else {
            defender_pick(search, &moves, &lens, tsume)
        };
        let Some((_, mv)) = pick else {
            break;
        };
        line.push(mv);
        undos.push((mv, search.node.play(mv)));
        rem -= 1;
    }
    while let Some((mv, u)) = undos.pop() {
        search.node.unplay(mv, u);
    }
    line
}

/// The defender's longest defence among `moves` with their proven lengths `lens` (in
/// tsume mode leaving out interpositions the table shows useless): the child's length and
/// the move.
fn defender_pick(
    search: &mut Search,
    moves: &[Move],
    lens: &[Option<u32>],
    tsume: bool,
) -> Option<(u32, Move)> {
    let all = moves
        .iter()
        .zip(lens)
        .filter_map(|(m, l)| l.map(|l| (l, *m)));
    if !tsume {
        return all.max_by_key(|(l, _)| *l);
    }
    let plain = moves
        .iter()
        .zip(lens)
        .filter(|(m, _)| classify(&search.node, **m) == ReplyClass::Counted)
        .filter_map(|(_, l)| l.map(|l| l + 1))
        .max()
        .unwrap_or(0);
    let mut best: Option<(u32, Move)> = None;
    for (l, mv) in moves
        .iter()
        .zip(lens)
        .filter_map(|(m, l)| l.map(|l| (l, *m)))
    {
        if classify(&search.node, mv) == ReplyClass::MaybeUseless
            && useless_in_table(search, mv, plain)
        {
            continue;
        }
        if best.is_none_or(|(b, _)| l > b) {
            best = Some((l, mv));
        }
    }
    best
}

/// The table's entry for the child after `mv` at the search's current node, looked up
/// with `rem` plies left without playing the move.
#[inline]
fn probe_after(search: &Search, mv: Move, rem: u32) -> Probe {
    let (board, hand) = (
        search.node.board_key_after(mv),
        search.node.attacker_hand_after(mv),
    );
    search.table.probe(board, &hand, rem)
}

/// Gathers the board moves onto one square (the checks that take an interposed piece),
/// in generation order.
pub(crate) struct OnSquare<'a> {
    pub(crate) moves: &'a mut Vec<Move>,
    pub(crate) to: Bitboard,
}

impl Sink for OnSquare<'_> {
    #[inline]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        each_board_move(from, promo & self.to, plain & self.to, |mv| {
            self.moves.push(mv);
        });
    }
    #[inline]
    fn drops(&mut self, _: Kind, _: Bitboard) {}
}

/// Table version of the 無駄合 test: a capture of the interposed piece leads to a
/// proven mate no longer than `plain` plies (0: the capture mates, as when the drop comes
/// one ply before the mate and the defender has no counted defence).
fn useless_in_table(search: &mut Search, mv: Move, plain: u32) -> bool {
    let u = search.node.play(mv);
    // The checks taking the dropped piece, in a buffer of the search's pool.
    let mut captures = search.buffer();
    search.node.pos.generate_checks(&mut OnSquare {
        moves: &mut captures,
        to: Bitboard::from_square(mv.to()),
    });
    // A capture the table shows mating within `plain` plies settles it without a search
    // (the search proved most of them when it met the drop); the others are searched.
    let mut found = captures.iter().any(
        |&cap| matches!(probe_after(search, cap, plain), Probe::Proven { len, .. } if len <= plain),
    );
    for &cap in &captures {
        if found {
            break;
        }
        let u2 = search.node.play(cap);
        let p = match search.probe_here(plain) {
            Probe::Open { .. } => search.solve(plain),
            p => p,
        };
        search.stopped = None;
        search.node.unplay(cap, u2);
        found = matches!(p, Probe::Proven { len, .. } if len <= plain);
    }
    search.give_back(captures);
    search.node.unplay(mv, u);
    found
}
