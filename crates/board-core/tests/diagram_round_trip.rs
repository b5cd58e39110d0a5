//! `parse(render(d)) == d` over many generated diagrams: every layout option, Go,
//! ASCII and shogi cells, labels on every side, notes. A fixed-seed generator keeps the
//! run deterministic.

use board_core::diagram::{
    Cell, Diagram, FilePlace, Layout, RankSide, Separator, Stone, box_glyph, parse, render,
};
use board_core::{Rng, numerals};

/// A uniformly chosen item (the slices here are never empty).
fn pick<T: Clone>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.index(items.len())].clone()
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
        Kind::Go => match rng.index(5) {
            0 => Cell::Stone(Stone::Black, '●'),
            1 => Cell::Stone(Stone::White, '○'),
            // No run of consecutive letters: a first or last row of them reads as file labels.
            2 => Cell::Mark(pick(rng, &['b', 'w', '#', 'z', '△'])),
            _ => Cell::Empty(box_glyph(col, row, w, h)),
        },
        Kind::Ascii => match rng.index(4) {
            0 => Cell::Stone(Stone::Black, pick(rng, &['X', 'x'])),
            1 => Cell::Stone(Stone::White, pick(rng, &['O', 'o'])),
            _ => Cell::Empty(pick(rng, &['.', '+', ','])),
        },
        Kind::Shogi => match rng.index(3) {
            0 => Cell::Empty('■'),
            1 => Cell::Piece(pick(rng, &["香", "桂", "银", "飞", "と"]).to_string()),
            _ => Cell::Piece(pick(rng, &["v歩", "v玉", "步"]).to_string()),
        },
        Kind::Bod => match rng.index(3) {
            0 => Cell::Empty('・'),
            1 => Cell::Piece(pick(rng, &["香", "桂", "銀", "飛", "と"]).to_string()),
            _ => Cell::Piece(pick(rng, &["v歩", "v玉", "v龍"]).to_string()),
        },
    }
}

fn numerals(rng: &mut Rng, n: usize) -> Vec<String> {
    let style = rng.index(3);
    (0..n)
        .rev()
        .map(|i| {
            let v = i + 1;
            match style {
                0 => v.to_string(),
                1 => numerals::full_width_number(v as u32),
                _ => numerals::kanji_number(v as u32).expect("labels stay below 100"),
            }
        })
        .collect()
}

fn generate(rng: &mut Rng) -> Diagram {
    let kind = pick(rng, &[Kind::Go, Kind::Ascii, Kind::Shogi, Kind::Bod]);
    let width = 2 + rng.index(12);
    let height = 1 + rng.index(12);
    let cells = (0..height)
        .flat_map(|r| (0..width).map(move |c| (c, r)))
        .map(|(c, r)| cell(rng, kind, c, r, width, height))
        .collect();
    let framed = matches!(kind, Kind::Bod);
    let separator = match kind {
        Kind::Go => pick(
            rng,
            &[Separator::Adjacent, Separator::Space, Separator::Rule('─')],
        ),
        Kind::Ascii => pick(
            rng,
            &[Separator::Adjacent, Separator::Space, Separator::Rule('-')],
        ),
        Kind::Shogi => Separator::Space,
        Kind::Bod => Separator::Adjacent,
    };
    let rank_side = if framed {
        RankSide::Right
    } else {
        pick(rng, &[RankSide::Left, RankSide::Right, RankSide::Both])
    };
    let ranks = rng.index(3) > 0;
    let rank_labels = ranks.then(|| numerals(rng, height));
    let files = rng.index(3) > 0;
    let file_labels: Option<Vec<String>> = files.then(|| {
        (0..width)
            .map(|i| char::from(b'a' + i as u8).to_string())
            .collect()
    });
    let file_prefix = if files {
        pick(rng, &["", "--", "_", "  "]).to_string()
    } else {
        String::new()
    };
    let notes = (0..height)
        .map(|_| {
            (rng.index(4) == 0)
                .then(|| pick(rng, &["做棋后", "note here", "填后,两方", "x"]).to_string())
        })
        .collect();
    let layout = Layout {
        separator,
        framed,
        rank_side: if ranks { rank_side } else { RankSide::Left },
        rank_gap: ranks && rank_side != RankSide::Right && rng.index(2) == 0,
        file_place: if files {
            pick(rng, &[FilePlace::Above, FilePlace::Below, FilePlace::Both])
        } else {
            FilePlace::Below
        },
        file_prefix,
        file_spaced: files && rng.index(2) == 0,
        // A one-line drawing has no room for blank lines.
        blank_lines: (height > 1 || files || framed) && rng.index(2) == 0,
        connector: (matches!(separator, Separator::Rule(_)) && height > 1 && rng.index(2) == 0)
            .then_some('│'),
        indent: if framed { 0 } else { rng.index(3) },
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
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for case in 0..3000 {
        let d = generate(&mut rng);
        let text = render(&d);
        match parse(&text) {
            Ok(back) => assert_eq!(back, d, "case {case}:\n{text}"),
            Err(e) => panic!("case {case}: {e}\n{text}\n{d:?}"),
        }
    }
}
