//! Standings checked against FIDE's reference implementation.
//!
//! Each `data/oracle/*.trf` has a `.expect` file with the values that TieBreakServer (FIDE
//! TEC's tie-break program, PyPI `gacrux` 1.11.65) printed for it, for the 2024 and 2026
//! editions, in Swiss (`-s`) or round-robin (`-p`) mode. The tournaments were generated with
//! half-point, zero-point, full-point and pairing-allocated byes, forfeits, double forfeits
//! and withdrawals, so art. 16 (dummy opponent, 2026 caps, VUR cuts) is exercised.

use std::path::Path;

use num_rational::Rational64;
use tiebreak::descriptor::parse_list;
use tiebreak::{Options, read_tournament, standings};

fn decimal(s: &str) -> Option<Rational64> {
    if s == "-0" || s == "None" {
        return None;
    }
    let (neg, body) = s.strip_prefix('-').map_or((false, s), |b| (true, b));
    let (i, f) = body.split_once('.').unwrap_or((body, ""));
    let v = Rational64::from(i.parse::<i64>().unwrap())
        + if f.is_empty() {
            Rational64::from(0)
        } else {
            Rational64::new(f.parse().unwrap(), 10i64.pow(f.len() as u32))
        };
    Some(if neg { -v } else { v })
}

fn check_file(trf: &Path) -> usize {
    let text = std::fs::read_to_string(trf).unwrap();
    let t = read_tournament(&text).unwrap();
    let expect = std::fs::read_to_string(trf.with_extension("expect")).unwrap();
    let mut lines = expect.lines().filter(|l| !l.starts_with('#'));
    let mut blocks = 0;
    while let Some(first) = lines.next() {
        let system = first.strip_prefix("system ").unwrap().parse().unwrap();
        let edition = lines
            .next()
            .unwrap()
            .strip_prefix("edition ")
            .unwrap()
            .parse()
            .unwrap();
        let codes = lines.next().unwrap().strip_prefix("tiebreaks ").unwrap();
        let list = parse_list(codes).unwrap();
        let s = standings::compute(&t, Options { system, edition }, &list);
        for row in lines.by_ref() {
            if row == "end" {
                break;
            }
            let f: Vec<&str> = row.split(',').collect();
            let id: u32 = f[0].parse().unwrap();
            let i = t.index_of(id).unwrap();
            assert_eq!(
                s.rank[i],
                f[1].parse::<u32>().unwrap(),
                "{}: rank of {id} ({codes}, {edition})",
                trf.display()
            );
            for (k, v) in f[2..].iter().enumerate() {
                assert_eq!(
                    s.values[k][i],
                    decimal(v),
                    "{}: {} of player {id} ({edition})",
                    trf.display(),
                    list[k]
                );
            }
        }
        blocks += 1;
    }
    blocks
}

#[test]
fn matches_tiebreakserver_on_every_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/oracle");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    let blocks: usize = files.iter().map(|f| check_file(f)).sum();
    assert!(blocks >= 18, "{blocks} blocks checked");
}
