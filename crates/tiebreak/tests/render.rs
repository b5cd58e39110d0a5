//! Rendered standings for the xiangqi round-robin example (read each snapshot: the values
//! are the CXA 2011 14.1 order with 2-1-0 scoring).

use tiebreak::descriptor::parse_list;
use tiebreak::{Options, System, read_tournament, render, standings};

fn example() -> (tiebreak::Tournament, tiebreak::Standings) {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/tiebreak/xiangqi-rr.csv"),
    )
    .unwrap();
    let t = read_tournament(&text).unwrap();
    let list = standings::with_primary(parse_list("cxa-rr").unwrap());
    let s = standings::compute(
        &t,
        Options {
            system: System::RoundRobin,
            ..Options::default()
        },
        &list,
    );
    (t, s)
}

#[test]
fn text_table() {
    let (t, s) = example();
    insta::assert_snapshot!(render::text(&t, &s));
}

#[test]
fn csv_table() {
    let (t, s) = example();
    insta::assert_snapshot!(render::csv(&t, &s));
}

#[test]
fn json_document() {
    let (t, s) = example();
    insta::assert_snapshot!(serde_json::to_string_pretty(&render::json(&t, &s)).unwrap());
}
