//! Deterministic synthetic Swiss tournaments for benchmarks and property tests.
//!
//! Pairing is by score groups (highest first, avoiding repeat opponents within a window of
//! eight), results depend on the rating gap, and about 1 % half-point byes, a pairing-allocated
//! bye for odd fields and 0.5 % forfeits exercise the unplayed-round rules.

use crate::tournament::{Colour, Entry, Player, RoundResult, Tournament};
use board_core::Rng;

/// Generates a Swiss tournament with `players` players and `rounds` rounds.
pub fn swiss(players: usize, rounds: usize, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let mut t = Tournament {
        name: "Generated Swiss".into(),
        rounds,
        ..Tournament::default()
    };
    for id in 1..=players {
        let mut p = Player::new(id as u32, format!("Player {id}"));
        p.rating = Some(2700 - (id as u32 * 1200 / players as u32));
        t.players.push(p);
    }
    let mut score = vec![0i64; players];
    let mut met: Vec<Vec<usize>> = vec![Vec::new(); players];
    for _ in 0..rounds {
        let mut entries = vec![Entry::ABSENT; players];
        let mut active: Vec<usize> = Vec::with_capacity(players);
        for i in 0..players {
            if rng.below(100) == 0 {
                entries[i].outcome = RoundResult::HalfBye;
                score[i] += 1;
            } else {
                active.push(i);
            }
        }
        active.sort_by_key(|&i| (-score[i], i));
        if active.len() % 2 == 1 {
            let b = active.pop().unwrap_or_default();
            entries[b].outcome = RoundResult::PairingBye;
            score[b] += 2;
        }
        while active.len() >= 2 {
            let a = active.remove(0);
            let k = (0..active.len().min(8))
                .find(|&k| !met[a].contains(&active[k]))
                .unwrap_or(0);
            let b = active.remove(k);
            met[a].push(b);
            met[b].push(a);
            let (w, bl) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            let roll = rng.below(1000);
            let edge = 450 + (bl as i64 - w as i64).clamp(-400, 400) as u64 / 2;
            let (ow, ob) = if roll < 5 {
                (RoundResult::ForfeitWin, RoundResult::ForfeitLoss)
            } else if roll < edge.min(990) {
                (RoundResult::Win, RoundResult::Loss)
            } else if roll < edge.min(990) + 300 {
                (RoundResult::Draw, RoundResult::Draw)
            } else {
                (RoundResult::Loss, RoundResult::Win)
            };
            entries[w] = Entry {
                opponent: Some(bl as u32),
                colour: Colour::White,
                outcome: ow,
                handicap: 0,
            };
            entries[bl] = Entry {
                opponent: Some(w as u32),
                colour: Colour::Black,
                outcome: ob,
                handicap: 0,
            };
            for (x, o) in [(w, ow), (bl, ob)] {
                score[x] += match o {
                    RoundResult::Win | RoundResult::ForfeitWin => 2,
                    RoundResult::Draw => 1,
                    _ => 0,
                };
            }
        }
        for (i, e) in entries.into_iter().enumerate() {
            t.players[i].entries.push(e);
        }
    }
    t
}
