//! Snapshot suite over the graph-Go worked examples (`diagrams/go/graph/*.txt`, from the
//! graph-Go life-and-death text, whose figures are missing and were reconstructed as each
//! header says). Each file is a position file with a comment header; the suite computes the
//! outcome classes, the Chinese-finishable verdict and the score, snapshots them with the
//! position, and checks the header's `# expect:` facts.

use std::fmt::Write as _;
use std::path::Path;

use go_scoring::graph::{Board, OutcomeSearch, PositionFile, chinese_verdict};

fn expectations(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("# expect:"))
        .flat_map(|rest| rest.split_whitespace())
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("expect items are key=value");
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn render(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let file = PositionFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let r = file.sequence().expect("a regular sequence");
    let g = &file.graph;
    let board = Board::new(g);
    let last = r.last().clone();
    let mut search = OutcomeSearch::new(g, true).unwrap();
    let report = search
        .run(&r)
        .expect("the example is small enough to solve");
    let verdict = chinese_verdict(&board, &last, &report.classes);
    let classes: String = report.classes.iter().map(|o| o.letter()).collect();
    let ultimate = board.is_ultimate(&last);
    let winner = verdict.finishable().then(|| {
        if file.komi.white_wins(verdict.score) {
            "W"
        } else {
            "B"
        }
    });

    let mut out = String::new();
    let stone = |x: i8| match x {
        -1 => 'X',
        1 => 'O',
        _ => '.',
    };
    if let Some((w, _)) = g.grid_size() {
        writeln!(out, "position    classes").unwrap();
        for (row, chunk) in last.0.chunks(w).enumerate() {
            let s: String = chunk.iter().map(|&x| stone(x)).collect();
            writeln!(out, "{s:<11} {}", &classes[row * w..row * w + w]).unwrap();
        }
    } else {
        for v in 0..g.len() {
            writeln!(
                out,
                "{} {} {}",
                g.name(v),
                stone(last.get(v)),
                report.classes[v]
            )
            .unwrap();
        }
    }
    if let Some((eb, ew)) = board.eyes(&last) {
        let names = |s: &[usize]| s.iter().map(|&v| g.name(v)).collect::<Vec<_>>().join(" ");
        writeln!(out, "E_B: {}\nE_W: {}", names(&eb), names(&ew)).unwrap();
    }
    writeln!(
        out,
        "ultimate: {ultimate}\nchinese-finishable: {}\nfailures: {:?}\ns_c: {} (komi {})\nwinner: {}",
        verdict.finishable(),
        verdict.failures,
        verdict.score,
        file.komi,
        winner.unwrap_or("none")
    )
    .unwrap();

    for (key, value) in expectations(&text) {
        let actual = match key.as_str() {
            "ultimate" => ultimate.to_string(),
            "classes" => classes.clone(),
            "finishable" => verdict.finishable().to_string(),
            "score" => verdict.score.to_string(),
            "winner" => winner.unwrap_or("none").to_string(),
            other => panic!("{}: unknown expectation `{other}`", path.display()),
        };
        assert_eq!(actual, value, "{}: {key}", path.display());
    }
    out
}

#[test]
fn graph_go_examples() {
    insta::glob!("../../../diagrams/go/graph", "*.txt", |path: &Path| {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!(render(path));
        });
    });
}
