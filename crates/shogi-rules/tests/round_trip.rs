//! The round-trip property of the record model: a KIF record written in another format X and
//! read back, then written as KIF again, has the same content (headers, game comments, moves,
//! move times, move comments, bookmarks, the ending, variations) wherever X can hold it: CSA holds all
//! but variations, KI2 all but move times. Checked on random legal games with random
//! annotations, drawn with board-core's seeded generator.

use board_core::Rng;
use shogi_rules::record::{self, Format, Record, RecordMove, Variation};
use shogi_rules::{Ending, Move, Position, csa, kif};

const COMMENTS: [&str; 5] = [
    "好手",
    "▲７六歩は定跡",
    "comment 12",
    "time trouble",
    "封じ手の局面",
];
const ENDINGS: [&str; 11] = [
    "投了",
    "詰み",
    "千日手",
    "持将棋",
    "中断",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "不詰",
    "封じ手",
];

fn random_line(rng: &mut Rng, pos: &mut Position, max: usize) -> Vec<RecordMove> {
    let mut line = Vec::new();
    for _ in 0..max {
        let moves = pos.legal_moves();
        let Some(&mv) = rng.choose(moves.as_slice()) else {
            break;
        };
        let mut m = RecordMove::new(mv);
        if rng.chance(1, 2) {
            m.seconds = Some(rng.below(600) as u32);
        }
        if rng.chance(1, 5) {
            m.comments
                .push(COMMENTS[rng.index(COMMENTS.len())].to_string());
        }
        pos.play_unchecked(mv);
        line.push(m);
    }
    line
}

fn random_record(seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let start = Position::start();
    let mut pos = start.clone();
    let mut rec = Record::new(start.clone());
    rec.headers = vec![
        ("開始日時".into(), "2024/05/01 10:00:00".into()),
        ("棋戦".into(), "竜王戦".into()),
        ("表題".into(), format!("対局 {seed}")),
        ("先手".into(), "羽生善治".into()),
        ("後手".into(), "藤井聡太".into()),
    ];
    if rng.chance(1, 2) {
        rec.comments.push("棋譜の説明".into());
    }
    let len = 1 + rng.index(40);
    rec.moves = random_line(&mut rng, &mut pos, len);
    let word = ENDINGS[rng.index(ENDINGS.len())];
    rec.end = Ending::from_kif_word(word, pos.side_to_move());
    for _ in 0..rng.index(5) {
        // Branch from the main line or, half the time, from a variation already made.
        let parent = if rng.chance(1, 2) {
            0
        } else {
            rng.index(rec.variations.len() + 1)
        };
        let (line_start, line_moves, before): (usize, Vec<Move>, Vec<Move>) = match parent {
            0 => (1, rec.moves.iter().map(|m| m.mv).collect(), Vec::new()),
            p => {
                let v = &rec.variations[p - 1];
                (
                    v.start_ply,
                    v.moves.iter().map(|m| m.mv).collect(),
                    rec.prefix(p - 1),
                )
            }
        };
        let offset = rng.index(line_moves.len());
        let at = line_start + offset;
        let mut p = start.clone();
        for &m in before.iter().chain(&line_moves[..offset]) {
            p.play_unchecked(m);
        }
        let n = 1 + rng.index(5);
        let moves = random_line(&mut rng, &mut p, n);
        if moves.is_empty() || moves[0].mv == line_moves[offset] {
            continue;
        }
        let end = if rng.chance(1, 2) {
            Ending::from_kif_word("中断", p.side_to_move())
        } else {
            None
        };
        rec.variations.push(Variation {
            parent,
            start_ply: at,
            moves,
            end,
        });
    }
    rec
}

/// A move's content: the move, its time, comments and bookmark.
type MoveContent = (Move, Option<u32>, Vec<String>, Option<String>);

/// A variation's content: first ply, prefix, moves and its terminal word.
type VariationContent = (usize, Vec<Move>, Vec<Move>, Option<&'static str>);

/// What a KIF record says, in a form that does not depend on the order of header lines.
#[derive(Debug, PartialEq)]
struct Content {
    headers: Vec<(String, String)>,
    comments: Vec<String>,
    moves: Vec<MoveContent>,
    end: Option<(&'static str, Option<&'static str>)>,
    variations: Vec<VariationContent>,
}

fn content(rec: &Record, times: bool, variations: bool) -> Content {
    let mut headers: Vec<(String, String)> = rec
        .headers
        .iter()
        .filter(|(k, _)| k != "手合割")
        .cloned()
        .collect();
    headers.sort();
    let to_move = rec.final_position().side_to_move();
    let mut content = Content {
        headers,
        comments: rec.comments.clone(),
        moves: rec
            .moves
            .iter()
            .map(|m| {
                (
                    m.mv,
                    m.seconds.filter(|_| times),
                    m.comments.clone(),
                    m.bookmark.clone(),
                )
            })
            .collect(),
        end: rec.end.map(|e| e.kif_word(to_move)),
        variations: if variations {
            rec.variations
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let prefix = rec.prefix(i);
                    let mut p = rec.start.clone();
                    for &m in prefix.iter().chain(v.moves.iter().map(|m| &m.mv)) {
                        p.play_unchecked(m);
                    }
                    (
                        v.start_ply,
                        prefix,
                        v.moves.iter().map(|m| m.mv).collect(),
                        v.end.map(|e| e.kif_word(p.side_to_move()).0),
                    )
                })
                .collect()
        } else {
            Vec::new()
        },
    };
    // Writers order the variations for the reader (depth first, latest branch first).
    content
        .variations
        .sort_by_key(|v| (v.0, format!("{:?}", v.1), format!("{:?}", v.2)));
    content
}

#[test]
fn kif_through_every_format_and_back_keeps_the_content() {
    for seed in 0..200 {
        let original = random_record(seed);
        let kif_text = kif::write_kif(&original);
        let rec = kif::parse(&kif_text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{kif_text}"));
        assert_eq!(
            content(&rec, true, true),
            content(&original, true, true),
            "KIF itself, seed {seed}\n{kif_text}"
        );
        for (format, times, variations) in [
            (Format::Kif, true, true),
            (Format::Csa, true, false),
            (Format::Ki2, false, true),
        ] {
            let text = record::write(&rec, format);
            let back = record::parse_any(&text)
                .unwrap_or_else(|e| panic!("seed {seed} {format:?}: {e}\n{text}"));
            let again = kif::parse(&kif::write_kif(&back)).unwrap();
            assert_eq!(
                content(&again, times, variations),
                content(&rec, times, variations),
                "seed {seed} through {format:?}:\n{text}"
            );
        }
    }
}

#[test]
fn csa_fields_without_a_kif_name_travel_as_comments() {
    // $EVENT has a KIF name (棋戦); $MAX_MOVES (CSA V3.0) has none.
    let csa_text = "V2.2\nN+A\nN-B\n$EVENT:floodgate\n$MAX_MOVES:256\nPI\n+\n'*序盤\n+7776FU\n";
    let rec = csa::parse(csa_text).unwrap();
    assert_eq!(rec.comments, ["序盤"]);
    let k = kif::write_kif(&rec);
    assert!(
        k.contains("棋戦：floodgate\n") && k.contains("#$MAX_MOVES:256\n"),
        "{k}"
    );
    let back = csa::write(&kif::parse(&k).unwrap());
    assert!(
        back.contains("$EVENT:floodgate\n$MAX_MOVES:256\n"),
        "{back}"
    );
    assert!(back.contains("+\n'*序盤\n+7776FU\n"), "{back}");
    // Writing CSA says what it drops.
    let with_variation = kif::parse("   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n").unwrap();
    assert_eq!(record::losses(&with_variation, Format::Csa).len(), 1);
    assert!(record::losses(&with_variation, Format::Kif).is_empty());
}
