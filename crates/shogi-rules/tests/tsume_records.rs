//! The record problems of shogi.md §7.4, as reported runs: `cargo test --release -p
//! shogi-rules --test tsume_records -- --ignored --nocapture`. Each prints the length found,
//! nodes and time, and checks that the line is a legal sequence of checks ending in mate.

use std::time::{Duration, Instant};

use shogi_rules::Position;
use shogi_rules::tsume::{self, Mode, Options, Status};

fn run(name: &str, sfen: &str, limit: Duration, shorten: bool) -> tsume::Solution {
    run_mode(name, sfen, limit, shorten, Mode::Tsume)
}

/// Memory for the table of a record problem: the largest that stays within the 4 GB
/// the longest problem may use (2.5 GiB of slots at its largest).
const RECORD_TABLE_BYTES: u64 = 3 << 30;

fn run_mode(name: &str, sfen: &str, limit: Duration, shorten: bool, mode: Mode) -> tsume::Solution {
    let pos = Position::from_sfen(sfen).unwrap();
    let opts = Options {
        mode,
        time_limit: Some(limit),
        shorten,
        table_entries: tsume::table_entries_within(RECORD_TABLE_BYTES),
        ..Options::default()
    };
    let t = Instant::now();
    let s = tsume::solve(&pos, &opts).unwrap();
    println!(
        "{name}: {} plies {} (first proof {} plies after {} nodes) exact {} forced {} nodes {} time {:.1?}",
        s.status.code(),
        s.plies,
        s.first_proof_plies,
        s.first_proof_nodes,
        s.exact,
        s.forced,
        s.nodes,
        t.elapsed()
    );
    println!("{}", tsume::usi_line(&s.pv).join(" "));
    let mut p = pos.clone();
    let attacker = p.side_to_move();
    for (i, &mv) in s.pv.iter().enumerate() {
        assert!(p.is_legal(mv), "ply {}", i + 1);
        let mover = p.side_to_move();
        p.play_unchecked(mv);
        if mover == attacker {
            assert!(p.in_check(), "ply {} is no check", i + 1);
        }
    }
    assert!(p.in_check(), "the line ends in check");
    s
}

#[test]
#[ignore = "record problem: run in release"]
fn hadaka_gyoku_zukou_98() {
    // shogi.md §7.4: 図巧98番「裸玉」, 31 plies by convention (SFEN: nsolver test file).
    // The free-pairs floor search proves a 31-ply bound and refutes 29; the conventional
    // minimax then finds a 31-ply line leaving no piece in hand (measured: 5.3 M nodes,
    // 10.3 s user CPU, peak RSS 398 MB).
    let s = run(
        "裸玉",
        "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
        Duration::from_secs(600),
        true,
    );
    assert_eq!(s.status, Status::Mate);
    assert_eq!(s.plies, 31);
    assert!(s.exact);
}

#[test]
#[ignore = "record problem: run in release"]
fn hadaka_gyoku_shortest_counting_every_interposition() {
    // shogi.md §7.4 / §7.5: 図巧98番「裸玉」; KomoringHeights returns a 37-ply line. Counting
    // every interposition, the shortening proves that no mate within 35 plies exists, so
    // 37 is the exact shortest length; the exact line search (guided by a df-pn floor
    // search counting every ply) then picks the line. Measured: 10.7 M nodes in all,
    // 16–24 s.
    let s = run_mode(
        "裸玉 (shortest)",
        "8k/9/9/9/9/9/9/9/9 b R2GSr2b2g3s4n4l18p 1",
        Duration::from_secs(600),
        true,
        Mode::Shortest,
    );
    assert_eq!(s.status, Status::Mate);
    assert_eq!(s.plies, 37);
    assert!(s.exact);
}

#[test]
#[ignore = "record problem: run in release"]
fn kotobuki_zukou_100() {
    // shogi.md §7.4: 図巧100番「寿」, 611 plies. Measured: the first proof has 611 plies,
    // 6.44 M nodes in all, 10 s user CPU.
    let s = run(
        "寿",
        "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1",
        Duration::from_secs(900),
        false,
    );
    assert_eq!(s.status, Status::Mate);
    // Measured: 611 plies (the published length) after 5.8 M nodes, 10.6 s user CPU, peak
    // RSS 334 MB; the line is read with every length worked out again (a forced line).
    assert_eq!(s.plies, 611);
    assert!(s.forced);
}

#[test]
#[ignore = "record problem: run in release"]
fn microcosmos() {
    // shogi.md §7.4: ミクロコスモス (橋本孝治), 1525 plies.
    // Measured (release, shared 2-core machine): the first df-pn proof, a 1677-ply mate,
    // after 52.1 M nodes; the line read back with every length worked out again (the
    // defender's longest resistance against the attacker's moves of the proof) has 1581
    // plies; 54.7 M nodes, 133 s user CPU, peak RSS 2.7 GB with the 3 GiB table budget
    // (RECORD_TABLE_BYTES: 32 M entries). No shortening (it would run to the time limit).
    // With a 16 M-entry table, garbage collection drops parts of the proof and the line
    // cannot be worked out again within the reading's budget.
    // Where the 56 plies over 1525 come from: the attacker's moves, not the defender's
    // resistance nor 無駄合 (the line's 106 defender drops are none of them taken at once).
    // Solving the positions of the line again with the exact conventional search gives the
    // line's own remaining length for the last 51 plies, but from ply 1520 on 57 plies
    // where the line takes 61: the line shuffles 3a4a 4b3b 2a3a 3b2b before the knight
    // drop N*3d that the exact line plays at once, a detour of the first proof that the
    // reading keeps. Comparing every proven check through the table (instead of the one
    // with the shortest stored length) leaves the line at 1581: the detour-free proofs are
    // not in the table, so only a search that minimises the attacker's length while it
    // proves can remove the detours.
    let s = run(
        "ミクロコスモス",
        "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
        Duration::from_secs(540),
        false,
    );
    assert_eq!(s.status, Status::Mate);
    // A df-pn proof counts every defence, so it is never shorter than the published
    // conventional length.
    assert!(s.first_proof_plies >= 1525, "{}", s.first_proof_plies);
    assert!(s.forced);
    assert!(s.plies >= 1525, "{}", s.plies);
}
