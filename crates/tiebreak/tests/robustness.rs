//! Garbled, truncated and hostile inputs: every reader returns an error or a value, never
//! panics, and whatever parses can be ranked.

use tiebreak::descriptor::{Descriptor, parse_list};
use tiebreak::odds::Distribution;
use tiebreak::{Options, csv_input, json_input, minimatch, read_tournament, standings, trf};

const CSV: &str = "@scoring W=2,D=1,L=0\nid,name,rating,fouls,r1,r2\n1,A,2000,0,2w1,3b=\n2,B,1900,1,1b0,U\n3,C,,0,H,1w=\n";
const JSON: &str = r#"{"system":"swiss","players":[{"id":1,"results":["2w1"]},{"id":2,"results":[{"opponent":1,"colour":"b","result":"0"}]}]}"#;
const MINI: &str = "first,second,result,moves,first_time\nA,B,1-0,25,10:00\nB,A,1-0,36,11:00\n";

fn mutations(base: &str, seed: u64, count: usize) -> Vec<String> {
    let mut rng = board_core::Rng::new(seed);
    let alphabet: Vec<char> = "0123456789 ,.:;-+=/wbWDLHFUZ\n\t{}[]\"#@é和\u{0}"
        .chars()
        .collect();
    let chars: Vec<char> = base.chars().collect();
    (0..count)
        .map(|_| {
            let mut c = chars.clone();
            for _ in 0..1 + rng.below(4) {
                if c.is_empty() {
                    break;
                }
                let at = rng.below(c.len() as u64) as usize;
                match rng.below(4) {
                    0 => c.truncate(at),
                    1 => {
                        c.remove(at);
                    }
                    2 => c[at] = alphabet[rng.below(alphabet.len() as u64) as usize],
                    _ => c.insert(at, alphabet[rng.below(alphabet.len() as u64) as usize]),
                }
            }
            c.into_iter().collect()
        })
        .collect()
}

fn trf_text() -> String {
    trf::write(&tiebreak::generate::swiss(9, 4, 3))
}

#[test]
fn readers_survive_mutations() {
    let list = parse_list("PTS,BH/C1,SB,DE,ARO,TPR,PTP,KS,AOB").unwrap();
    let mut parsed = 0;
    for (k, base) in [trf_text(), CSV.to_string(), JSON.to_string()]
        .iter()
        .enumerate()
    {
        for text in mutations(base, 11 + k as u64, 400) {
            if let Ok(t) = read_tournament(&text) {
                parsed += 1;
                let _ = standings::compute(&t, Options::default(), &list);
            }
            let _ = trf::parse(&text);
            let _ = csv_input::parse(&text);
            let _ = json_input::parse(&text);
        }
    }
    assert!(parsed > 0, "some mutations stay valid");
    for text in mutations(MINI, 5, 400) {
        if let Ok(f) = minimatch::parse(&text) {
            for m in &f.matches {
                let _ = minimatch::rule(m);
            }
        }
    }
    for text in mutations("40 1\n41 3\n60:00 2\n", 9, 200) {
        let _ = Distribution::histogram(&text);
    }
    for text in mutations("BH/C1,SB/M2,KS/L+1,AOB/F,PS/C1", 13, 300) {
        let _ = parse_list(&text);
        let _ = text.parse::<Descriptor>();
        let _ = Distribution::parse_spec(&text);
    }
}

#[test]
fn empty_and_degenerate_events() {
    // A single player with no games and a field where everyone has only byes can be ranked.
    let list = parse_list("PTS,BH/C1,BH,SB,FB,AOB,DE,ARO,TPR,PTP,APRO,APPO,KS,PS/C1").unwrap();
    for text in [
        "id,name\n1,A\n",
        "id,name,r1,r2\n1,A,H,Z\n2,B,U,F\n",
        "id,name,r1\n1,A,2w-\n2,B,1b-\n",
    ] {
        let t = csv_input::parse(text).unwrap();
        let s = standings::compute(&t, Options::default(), &list);
        assert_eq!(s.order.len(), t.players.len());
    }
    assert!(read_tournament("").is_err());
    assert!(read_tournament("\u{feff}").is_err());
}

/// Found by `cargo xtask fuzz --target tiebreak-csv` (and the same through JSON): a win worth
/// 1,474,836,480 points overflowed the Sonneborn-Berger and Buchholz sums (`score * points` in
/// `tiebreaks/buchholz.rs`) and panicked. No scoring system of FIDE C.07 or the CXA rules gives
/// more than 3 points a game, so a value beyond `Scoring::MAX_POINTS` is refused at reading.
#[test]
fn huge_scoring_values_are_refused_not_overflowed() {
    let csv = "@name \n@scoring W=2949672960\nid,name,rating,1,2,3\n1,,,2w1,3b=,\n2,,,1b0,,3w1\n3,,,,1w=,2b0";
    let err = csv_input::parse(csv).unwrap_err().to_string();
    assert!(err.contains("at most 1000 points"), "{err}");
    let json = r#"{"scoring":{"W":9999999999},"players":[{"id":1,"results":["2w1"]},{"id":2,"results":["1b0"]}]}"#;
    let err = json_input::parse(json).unwrap_err().to_string();
    assert!(err.contains("at most 1000 points"), "{err}");
    // The largest value allowed still ranks without overflow.
    let csv = "@scoring W=1000,D=-1000\nid,name,r1,r2\n1,A,2w1,3b=\n2,B,1b0,U\n3,C,U,1w=\n";
    let t = csv_input::parse(csv).unwrap();
    let list = standings::with_primary(parse_list("PTS,BH,SB,BH/C1").unwrap());
    let _ = standings::compute(&t, Options::default(), &list);
}
