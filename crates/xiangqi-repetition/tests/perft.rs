//! Perft against the published node counts in `tests/data/xiangqi_perft.json`
//! (chessprogramming.org "Chinese Chess Perft Results", also Fairy-Stockfish CI; see the
//! file's `source` note).

use xiangqi_repetition::Position;
use xiangqi_repetition::perft::{
    PerftStats, divide, divide_parallel, perft, perft_parallel, perft_stats,
};

struct Case {
    name: String,
    fen: String,
    nodes: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/xiangqi_perft.json");
    // A tiny reader for this file's fixed shape keeps the crate free of a JSON dependency.
    let mut out = Vec::new();
    for chunk in text.split("\"name\":").skip(1) {
        let name = chunk.split('"').nth(1).unwrap().to_string();
        let fen = chunk
            .split("\"fen\":")
            .nth(1)
            .unwrap()
            .split('"')
            .nth(1)
            .unwrap()
            .to_string();
        let list = chunk.split("\"nodes\":").nth(1).unwrap();
        let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
        let nodes = list.split(',').map(|n| n.trim().parse().unwrap()).collect();
        out.push(Case { name, fen, nodes });
    }
    assert_eq!(
        out.len(),
        6,
        "the data file lists the start position and five CPW positions"
    );
    out
}

fn check(max_depth: usize, only_start: bool) {
    for case in cases() {
        if only_start != (case.name == "start") {
            continue;
        }
        let mut pos = Position::from_fen(&case.fen).unwrap();
        for (i, &expected) in case.nodes.iter().enumerate().take(max_depth) {
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&mut pos, depth),
                expected,
                "{} depth {depth}",
                case.name
            );
        }
        assert_eq!(
            pos.fen(),
            Position::from_fen(&case.fen).unwrap().fen(),
            "make/unmake restores"
        );
    }
}

/// Start position to depth 4 (published: 44, 1920, 79666, 3290240).
#[test]
fn start_position_depth_4() {
    check(4, true);
}

/// CPW positions 2-6 to depth 3.
#[test]
fn cpw_positions_depth_3() {
    check(3, false);
}

/// The root split on several threads counts the published depth-3 values of every position
/// in the data file (start and CPW 2-6), and breaks them down per root move exactly as the
/// single-threaded divide does, in the same order.
#[test]
fn root_split_counts_the_published_values_on_every_position() {
    for case in cases() {
        let pos = Position::from_fen(&case.fen).unwrap();
        let expected = case.nodes[2];
        for threads in [2, 3] {
            assert_eq!(perft_parallel(&pos, 3, threads), expected, "{}", case.name);
        }
        let split = divide_parallel(&pos, 3, 2);
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), expected);
        assert_eq!(split, divide(&mut pos.clone(), 3), "{}", case.name);
    }
}

/// Start position depth 5 (133,312,995) and CPW positions to depth 5.
#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn deep_depth_5() {
    check(5, true);
    check(5, false);
}

/// Depth 6 where published (start 5,392,831,844; CPW 3, 4, 6).
#[test]
#[ignore = "very deep perft: minutes in release"]
fn deep_depth_6() {
    check(6, true);
    check(6, false);
}

/// Checks / captures / mates breakdown from the CPW table (§7 of the reference digest):
/// start depth 3 = 79666/384/3159/0; CPW 4 depth 3 = 9850/963/771/0; CPW 5 depth 4 =
/// 395483/12444/11485/162; CPW 6 depth 4 = 162837/5865/10683/17.
#[test]
fn breakdown_matches_published_tables() {
    let rows: [(&str, u32, PerftStats); 4] = [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            3,
            PerftStats {
                nodes: 79666,
                checks: 384,
                captures: 3159,
                mates: 0,
            },
        ),
        (
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
            3,
            PerftStats {
                nodes: 9850,
                checks: 963,
                captures: 771,
                mates: 0,
            },
        ),
        (
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            4,
            PerftStats {
                nodes: 395483,
                checks: 12444,
                captures: 11485,
                mates: 162,
            },
        ),
        (
            "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
            4,
            PerftStats {
                nodes: 162837,
                checks: 5865,
                captures: 10683,
                mates: 17,
            },
        ),
    ];
    for (fen, depth, expected) in rows {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft_stats(&mut pos, depth), expected, "{fen}");
    }
}

/// Further published positions: CPW 7-11 depth 3 and FSF CI `tests/perft.sh` depth 4
/// (4,485,547 and 92,741), as listed in §7.2 of the reference digest.
#[test]
fn further_published_positions() {
    let rows: [(&str, u32, u64); 7] = [
        ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", 3, 6241),
        ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1", 3, 8124),
        ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", 3, 3883),
        (
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
            3,
            22787,
        ),
        (
            "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
            3,
            11714,
        ),
        (
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            4,
            4485547,
        ),
        ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4, 92741),
    ];
    for (fen, depth, expected) in rows {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&mut pos, depth), expected, "{fen}");
    }
}
