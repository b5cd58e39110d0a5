//! Reading the main line out of a df-pn proof held in the table.
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

use hashbrown::{HashMap, HashSet};

use super::conventions::{ReplyClass, classify};
use super::dfpn::{MAX_PLY, Search};
use super::table::{INF, Probe};

use crate::types::Move;

/// The line of the proof at the search's current node (attacker to move); `None` when the
/// proof cannot be read back within the search's limits.
pub(crate) fn proof_line(search: &mut Search, tsume: bool) -> Option<Vec<Move>> {
    // An earlier phase may have stopped on its own limit; the walk has its own budget.
    search.stopped = None;
    let mut walk = Walk {
        memo: HashMap::new(),
        path: HashSet::new(),
        tsume,
    };
    walk.length(search, 0)?;
    let mut line = Vec::new();
    let mut undos = Vec::new();
    while let Some(Some((_, Some(mv)))) = walk.memo.get(&search.node.full_key()) {
        let mv = *mv;
        line.push(mv);
        undos.push((mv, search.node.play(mv)));
    }
    while let Some((mv, u)) = undos.pop() {
        search.node.unplay(mv, u);
    }
    Some(line)
}

/// Length to mate under the attacker's strategy, and the move taken (none at mate).
type Entry = Option<(u32, Option<Move>)>;

struct Walk {
    memo: HashMap<u64, Entry>,
    path: HashSet<u64>,
    tsume: bool,
}

impl Walk {
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
        if entry.is_some() {
            self.memo.insert(key, entry);
        }
        entry.map(|(l, _)| l)
    }

    fn attack(&mut self, search: &mut Search, ply: u32) -> Entry {
        let checks = search.node.checks();
        let mut proven: Vec<(u32, Move)> = Vec::new();
        for &mv in &checks {
            let u = search.node.play(mv);
            if let Probe::Proven { len, .. } = search.probe_here(INF) {
                proven.push((len, mv));
            }
            search.node.unplay(mv, u);
        }
        if proven.is_empty() {
            // The proven check was dropped from the table: prove one again.
            for &mv in &checks {
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
        let replies = search.node.replies();
        let mut lens = Vec::with_capacity(replies.len());
        for &mv in &replies {
            let u = search.node.play(mv);
            if matches!(search.probe_here(INF), Probe::Open { .. }) {
                search.solve(INF);
            }
            let l = self.length(search, ply + 1);
            search.node.unplay(mv, u);
            lens.push(Some(l?));
        }
        let best = defender_pick(search, &replies, &lens, None, self.tsume);
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
            defender_pick(search, &moves, &lens, Some(rem), tsume)
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
/// the move. `rem`: the plies left to a bounded walk; `None`, each defence's own length.
fn defender_pick(
    search: &mut Search,
    moves: &[Move],
    lens: &[Option<u32>],
    rem: Option<u32>,
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
            && useless_in_table(search, mv, plain, rem.unwrap_or(l + 1))
        {
            continue;
        }
        if best.is_none_or(|(b, _)| l > b) {
            best = Some((l, mv));
        }
    }
    best
}

/// Table version of the 無駄合 test: a capture of the interposed piece leads to a
/// proven mate no longer than `plain` plies (`len`: the interposition's own length).
fn useless_in_table(search: &mut Search, mv: Move, plain: u32, len: u32) -> bool {
    if len < 3 {
        return false;
    }
    let u = search.node.play(mv);
    let mut found = false;
    for cap in search.node.checks() {
        if cap.to() != mv.to() || cap.is_drop() {
            continue;
        }
        let u2 = search.node.play(cap);
        let p = match search.probe_here(plain) {
            Probe::Open { .. } => search.solve(plain),
            p => p,
        };
        search.stopped = None;
        search.node.unplay(cap, u2);
        if matches!(p, Probe::Proven { len, .. } if len <= plain) {
            found = true;
            break;
        }
    }
    search.node.unplay(mv, u);
    found
}
