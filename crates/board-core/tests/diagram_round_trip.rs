//! `parse(render(d)) == d` over many generated diagrams: every layout option, Go,
//! ASCII and shogi cells, labels on every side, notes. A fixed-seed generator keeps the
//! run deterministic.

use board_core::diagram::{
    Cell, Diagram, FilePlace, Layout, RankSide, Separator, Stone, box_glyph, parse, render,
};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Go,
    Ascii,
    Shogi,
    Bod,
}

fn cell(rng: &mut Rng, kind: Kind, col: usize, row: usize, w: usize, h: usize) -> Cell {
    match kind {
        Kind::Go => match rng.below(5) {
            0 => Cell::Stone(Stone::Black, '●'),
            1 => Cell::Stone(Stone::White, '○'),
            // No run of consecutive letters: a first or last row of them reads as file labels.
            2 => Cell::Mark(rng.pick(&['b', 'w', '#', 'z', '△'])),
            _ => Cell::Empty(box_glyph(col, row, w, h)),
        },
        Kind::Ascii => match rng.below(4) {
            0 => Cell::Stone(Stone::Black, rng.pick(&['X', 'x'])),
            1 => Cell::Stone(Stone::White, rng.pick(&['O', 'o'])),
            _ => Cell::Empty(rng.pick(&['.', '+', ','])),
        },
        Kind::Shogi => match rng.below(3) {
            0 => Cell::Empty('■'),
            1 => Cell::Piece(rng.pick(&["香", "桂", "银", "飞", "と"]).to_string()),
            _ => Cell::Piece(rng.pick(&["v歩", "v玉", "步"]).to_string()),
        },
        Kind::Bod => match rng.below(3) {
            0 => Cell::Empty('・'),
            1 => Cell::Piece(rng.pick(&["香", "桂", "銀", "飛", "と"]).to_string()),
            _ => Cell::Piece(rng.pick(&["v歩", "v玉", "v龍"]).to_string()),
        },
    }
}

fn numerals(rng: &mut Rng, n: usize) -> Vec<String> {
    let style = rng.below(3);
    (0..n)
        .rev()
        .map(|i| {
            let v = i + 1;
            match style {
                0 => v.to_string(),
                1 => v
                    .to_string()
                    .chars()
                    .map(|c| char::from_u32(c as u32 - '0' as u32 + '０' as u32).unwrap())
                    .collect(),
                _ => cjk(v),
            }
        })
        .collect()
}

fn cjk(v: usize) -> String {
    let d = |k: usize| "〇一二三四五六七八九".chars().nth(k).unwrap();
    match v {
        1..=9 => d(v).to_string(),
        10 => "十".into(),
        11..=19 => format!("十{}", d(v - 10)),
        _ => format!(
            "{}十{}",
            d(v / 10),
            if v % 10 == 0 {
                String::new()
            } else {
                d(v % 10).to_string()
            }
        ),
    }
}

fn generate(rng: &mut Rng) -> Diagram {
    let kind = rng.pick(&[Kind::Go, Kind::Ascii, Kind::Shogi, Kind::Bod]);
    let width = 2 + rng.below(12);
    let height = 1 + rng.below(12);
    let cells = (0..height)
        .flat_map(|r| (0..width).map(move |c| (c, r)))
        .map(|(c, r)| cell(rng, kind, c, r, width, height))
        .collect();
    let framed = matches!(kind, Kind::Bod);
    let separator = match kind {
        Kind::Go => rng.pick(&[Separator::Adjacent, Separator::Space, Separator::Rule('─')]),
        Kind::Ascii => rng.pick(&[Separator::Adjacent, Separator::Space, Separator::Rule('-')]),
        Kind::Shogi => Separator::Space,
        Kind::Bod => Separator::Adjacent,
    };
    let rank_side = if framed {
        RankSide::Right
    } else {
        rng.pick(&[RankSide::Left, RankSide::Right, RankSide::Both])
    };
    let ranks = rng.below(3) > 0;
    let rank_labels = ranks.then(|| numerals(rng, height));
    let files = rng.below(3) > 0;
    let file_labels: Option<Vec<String>> = files.then(|| {
        (0..width)
            .map(|i| char::from(b'a' + i as u8).to_string())
            .collect()
    });
    let file_prefix = if files {
        rng.pick(&["", "--", "_", "  "]).to_string()
    } else {
        String::new()
    };
    let notes = (0..height)
        .map(|_| {
            (rng.below(4) == 0).then(|| {
                rng.pick(&["做棋后", "note here", "填后,两方", "x"])
                    .to_string()
            })
        })
        .collect();
    let layout = Layout {
        separator,
        framed,
        rank_side: if ranks { rank_side } else { RankSide::Left },
        rank_gap: ranks && rank_side != RankSide::Right && rng.below(2) == 0,
        file_place: if files {
            rng.pick(&[FilePlace::Above, FilePlace::Below, FilePlace::Both])
        } else {
            FilePlace::Below
        },
        file_prefix,
        file_spaced: files && rng.below(2) == 0,
        // A one-line drawing has no room for blank lines.
        blank_lines: (height > 1 || files || framed) && rng.below(2) == 0,
        connector: (matches!(separator, Separator::Rule(_)) && height > 1 && rng.below(2) == 0)
            .then_some('│'),
        indent: if framed { 0 } else { rng.below(3) },
    };
    Diagram {
        width,
        height,
        cells,
        rank_labels,
        file_labels,
        notes,
        layout,
    }
}

#[test]
fn generated_diagrams_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..3000 {
        let d = generate(&mut rng);
        let text = render(&d);
        match parse(&text) {
            Ok(back) => assert_eq!(back, d, "case {case}:\n{text}"),
            Err(e) => panic!("case {case}: {e}\n{text}\n{d:?}"),
        }
    }
}
