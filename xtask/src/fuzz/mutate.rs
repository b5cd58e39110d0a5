//! Input mutations: byte flips, token insertions, splices between corpus files, truncation
//! and repetition (the last finds quadratic and recursive blow-ups).

use board_core::Rng;

/// Largest input the mutator grows: big enough for repetition blow-ups, small enough to keep
/// executions fast.
pub const MAX_LEN: usize = 64 * 1024;

/// Bytes that parsers treat specially in every text format.
const GENERIC_TOKENS: &[&str] = &[
    "\n",
    "\r\n",
    " ",
    "\t",
    "\u{feff}",
    "0",
    "-1",
    "9",
    "10",
    "255",
    "256",
    "65535",
    "4294967296",
    "18446744073709551616",
    "999999999999",
    "\u{0}",
    "\u{ff}",
    "é",
    "一",
    "\u{3000}",
    ":",
    ",",
    ";",
];

/// One mutation of `input`, drawing splice partners from `corpus` and tokens from `tokens`.
pub fn mutate(rng: &mut Rng, input: &[u8], corpus: &[Vec<u8>], tokens: &[&str]) -> Vec<u8> {
    let mut out = input.to_vec();
    let rounds = 1 + rng.index(4);
    for _ in 0..rounds {
        match rng.index(9) {
            0 => flip_bit(rng, &mut out),
            1 => set_byte(rng, &mut out),
            2 | 3 => insert_token(rng, &mut out, tokens),
            4 => delete_chunk(rng, &mut out),
            5 => splice(rng, &mut out, corpus),
            6 => truncate(rng, &mut out),
            7 => repeat_chunk(rng, &mut out),
            _ => duplicate_line(rng, &mut out),
        }
    }
    out.truncate(MAX_LEN);
    out
}

fn position(rng: &mut Rng, len: usize) -> usize {
    rng.index(len + 1)
}

fn flip_bit(rng: &mut Rng, out: &mut [u8]) {
    if !out.is_empty() {
        let i = rng.index(out.len());
        out[i] ^= 1 << rng.index(8);
    }
}

fn set_byte(rng: &mut Rng, out: &mut [u8]) {
    const INTERESTING: &[u8] = &[
        0, 0x7f, 0x80, 0xff, b'0', b'9', b'-', b'+', b'[', b']', b'(', b')',
    ];
    if !out.is_empty() {
        let i = rng.index(out.len());
        out[i] = if rng.chance(1, 2) {
            INTERESTING[rng.index(INTERESTING.len())]
        } else {
            rng.below(256) as u8
        };
    }
}

fn insert_token(rng: &mut Rng, out: &mut Vec<u8>, tokens: &[&str]) {
    let token = if !tokens.is_empty() && rng.chance(3, 4) {
        tokens[rng.index(tokens.len())]
    } else {
        GENERIC_TOKENS[rng.index(GENERIC_TOKENS.len())]
    };
    let at = position(rng, out.len());
    out.splice(at..at, token.bytes());
}

fn delete_chunk(rng: &mut Rng, out: &mut Vec<u8>) {
    if !out.is_empty() {
        let start = rng.index(out.len());
        let len = 1 + rng.index((out.len() - start).min(32));
        out.drain(start..start + len);
    }
}

fn splice(rng: &mut Rng, out: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    let Some(other) = rng.choose(corpus) else {
        return;
    };
    let cut = position(rng, out.len());
    let from = position(rng, other.len());
    out.truncate(cut);
    out.extend_from_slice(&other[from..]);
}

fn truncate(rng: &mut Rng, out: &mut Vec<u8>) {
    let len = position(rng, out.len());
    out.truncate(len);
}

/// Repeats a chunk many times: nesting, long rows, many fields.
fn repeat_chunk(rng: &mut Rng, out: &mut Vec<u8>) {
    if out.is_empty() {
        return;
    }
    let start = rng.index(out.len());
    let len = 1 + rng.index((out.len() - start).min(16));
    let chunk = out[start..start + len].to_vec();
    let times = [2, 10, 100, 1000, 5000][rng.index(5)];
    let mut grown = Vec::with_capacity(chunk.len() * times);
    for _ in 0..times {
        if grown.len() + chunk.len() > MAX_LEN {
            break;
        }
        grown.extend_from_slice(&chunk);
    }
    out.splice(start..start, grown);
}

/// Duplicates one whole line several times: many moves, rows, players or properties.
fn duplicate_line(rng: &mut Rng, out: &mut Vec<u8>) {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            out.iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .filter(|&i| i < out.len())
        .collect();
    let Some(&start) = rng.choose(&starts) else {
        return;
    };
    let end = out[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(out.len(), |i| start + i + 1);
    let line = out[start..end].to_vec();
    let times = 1 + rng.index(50);
    for _ in 0..times {
        if out.len() + line.len() > MAX_LEN {
            break;
        }
        out.splice(end..end, line.iter().copied());
    }
}
