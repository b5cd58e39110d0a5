//! Properties over generated tournaments: TRF round trip, cut monotonicity, rank order.

use tiebreak::descriptor::{Edition, parse_list};
use tiebreak::generate::swiss;
use tiebreak::{Options, System, standings, trf};

#[test]
fn trf_round_trip_keeps_every_entry() {
    for seed in 0..5 {
        let t = swiss(60 + seed as usize, 7, seed);
        let back = trf::parse(&trf::write(&t)).unwrap();
        assert_eq!(back.players.len(), t.players.len());
        for (a, b) in t.players.iter().zip(&back.players) {
            assert_eq!(a.entries, b.entries, "player {}", a.id);
            assert_eq!(a.rating, b.rating);
        }
    }
}

#[test]
fn cuts_never_increase_and_ranks_follow_values() {
    let list = parse_list("PTS,BH,BH/C1,BH/M1,SB,SB/C1,ARO,ARO/C1").unwrap();
    for seed in 0..6 {
        let t = swiss(51, 9, 100 + seed);
        for edition in [Edition::Fide2024, Edition::Fide2026] {
            let s = standings::compute(
                &t,
                Options {
                    system: System::Swiss,
                    edition,
                },
                &list,
            );
            for i in 0..t.players.len() {
                // Removing contributions from a sum of non-negative scores cannot raise it.
                assert!(s.values[2][i] <= s.values[1][i]);
                assert!(s.values[3][i] <= s.values[2][i]);
                assert!(s.values[5][i] <= s.values[4][i]);
            }
            // Ranks never decrease along the order and PTS never increases.
            for w in s.order.windows(2) {
                assert!(s.rank[w[0]] <= s.rank[w[1]]);
                assert!(s.values[0][w[0]] >= s.values[0][w[1]]);
            }
        }
    }
}
