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
        "{name}: {} plies {} (first proof {} plies after {} nodes) exact {} forced {} nodes {} \
         limit {:?} table entries dropped {} open checks {} at {:?} time {:.1?}",
        s.status.code(),
        s.plies,
        s.first_proof_plies,
        s.first_proof_nodes,
        s.exact,
        s.forced,
        s.nodes,
        s.limit,
        s.table_dropped,
        s.open_checks,
        s.open_at,
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
    // shogi.md §7.4: 図巧100番「寿」, 611 plies (the published length). The first proof has
    // 611 plies; the line is read with every length worked out again (a forced line, an
    // upper bound), its detours are looked for, and the lower-bound phase then shows that
    // no position of the line has a shorter mate (src/tsume/lower.rs), so the length is
    // exact. Measured (release, /usr/bin/time -v): 23.8 M nodes in all (8.3 M before the
    // lower-bound phase, its dearest position 3.5 M), 30 s user CPU, peak RSS 1.37 GB.
    let s = run(
        "寿",
        "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1",
        Duration::from_secs(900),
        true,
    );
    assert_eq!(s.status, Status::Mate);
    assert_eq!(s.plies, 611);
    assert!(s.forced);
    assert!(s.exact, "{} checks open", s.open_checks);
    assert_eq!(s.open_checks, 0);
    assert_eq!(s.limit, None);
}

#[test]
#[ignore = "record problem: minutes of CPU and about 3 GB, run in release"]
fn microcosmos() {
    // shogi.md §7.4: ミクロコスモス (橋本孝治, 1986), 1525 plies: the published length of
    // the composition (the longest tsume shogi problem), counted by the conventions (the
    // defender's longest resistance, the attacker's shortest mate, 無駄合 not counted).
    // The first df-pn proof is a 1677-ply mate; read back with every length worked out
    // again it has 1581 plies, 56 of them the attacker's detours kept from the first
    // proof (from ply 1520 the line shuffled 3a4a 4b3b 2a3a 3b2b before N*3d, 61 plies
    // where 57 mate). Taking the detours out along the main line (Options::shorten; each
    // attacker node's other checks proven and their lengths worked out) gives 1525.
    // The lower-bound phase (src/tsume/lower.rs) then works from the end of the line
    // backwards, showing that no position has a shorter mate. Its first pass examines
    // every position on a small share of nodes each and leaves checks open at attacker
    // nodes in runs of two to four that come back with the line's cycles (226 to 1446
    // plies into the line; 78 checks with 4 M nodes a position): mostly the tokins' and
    // the king side's checks (3a2a, 1a2a, 2a3a, 9c8b, ...), detours through positions
    // that differ from the line's by the order of the shuffle, reaching positions nearer
    // the root whose bounds were not stored yet. A second pass over them, with every
    // bound of the line in the table (theirs stored first), refutes them all: the length
    // is proven minimal. (The last four, the knight drop N*3d in place of the line's 3a4a
    // and N*1d at plies 455, 459, 1069 and 1073, stayed open while a saturated
    // proof-number sum made df-pn crawl one step a visit: pn 4294967294, dn 4 after
    // 262,144 nodes.)
    // Measured (release, shared 2-core machine, /usr/bin/time -v): 52.2 M nodes to the
    // first proof, 185.1 M in all, 256 s user CPU, 4 min 18 s wall, peak RSS 2.84 GB with
    // the 3 GiB table budget (RECORD_TABLE_BYTES). The time limit is a guard
    // only: on a loaded machine the wall-clock time was up to 16 minutes for 173 s of CPU
    // before the phase existed.
    let s = run(
        "ミクロコスモス",
        "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
        Duration::from_secs(3600),
        true,
    );
    assert_eq!(s.status, Status::Mate);
    // A df-pn proof counts every defence, so it is never shorter than the conventional
    // length.
    assert!(s.first_proof_plies >= 1525, "{}", s.first_proof_plies);
    assert!(s.forced);
    assert_eq!(s.plies, 1525);
    assert_eq!(s.limit, None);
    assert_eq!(s.open_checks, 0, "open at {:?}", s.open_at);
    assert!(s.exact);
}
