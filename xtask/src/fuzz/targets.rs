//! The fuzz targets: every parser and entry point that a user or a downstream crate feeds
//! text to, each called in-process the way the command-line tool calls it.

use std::str::FromStr;

use super::structured;

/// One fuzz target.
#[derive(Debug)]
pub struct Target {
    /// The name given to `--target`.
    pub name: &'static str,
    /// What it exercises.
    pub about: &'static str,
    /// Seed files shared with the rest of the workspace: (directory, file-name suffix).
    pub shared_seeds: &'static [(&'static str, &'static str)],
    /// Tokens the mutator inserts: the format's keywords and delimiters.
    pub tokens: &'static [&'static str],
    /// Runs one input; a panic is a finding.
    pub run: fn(&[u8]),
}

/// Every target, in the order `--list` prints them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "sgf",
        about: "go-scoring SGF reader: collection parse and main-line replay",
        shared_seeds: &[],
        tokens: &[
            "(", ")", ";", "[", "]", "\\", "SZ[", "SZ[19]", "SZ[3:5]", "AB[", "AW[", "AE[", "B[",
            "W[", "B[]", "W[tt]", "KM[", "KM[6.5]", "HA[", "TB[", "TW[", "PL[", "FF[4]", "GM[1]",
            "RU[", "RE[", "[aa]", "[zz]", "[aa:cc]", "(;", ")(",
        ],
        run: sgf,
    },
    Target {
        name: "go-diagram",
        about: "go-scoring text diagrams (header, board, marks)",
        shared_seeds: &[("diagrams/go", ".txt"), ("examples/go", ".txt")],
        tokens: &[
            "X",
            "O",
            ".",
            "+",
            "b",
            "w",
            "#",
            "=",
            "|",
            "-",
            "dead: ",
            "komi: ",
            "size: ",
            "to-move: ",
            "diagram:\n",
            "# ",
            ":",
            "A1",
            "T19",
        ],
        run: go_diagram,
    },
    Target {
        name: "graph",
        about: "board-geometry Graph edge lists (FromStr)",
        shared_seeds: &[],
        tokens: &[
            "-", " ", "\n", "#", "a", "b", "1", "a-b", "x-x", "points:", ",", "--",
        ],
        run: graph,
    },
    Target {
        name: "xiangqi-fen",
        about: "xiangqi FEN: Setup, Position (strict and lenient) and the adjudication board",
        shared_seeds: &[],
        tokens: &[
            "/",
            "9",
            "1",
            "r",
            "n",
            "b",
            "a",
            "k",
            "c",
            "p",
            "R",
            "N",
            "B",
            "A",
            "K",
            "C",
            "P",
            " w ",
            " b ",
            " - - 0 1",
            "rnbakabnr",
        ],
        run: xiangqi_fen,
    },
    Target {
        name: "xiangqi-moves",
        about: "xiangqi move lists (ICCS, WXF, Chinese, any) replayed from a FEN on the first line, and the adjudicator's ICCS list",
        shared_seeds: &[],
        tokens: &[
            "h2e2",
            "h9g7",
            "b0c2",
            "C2.5",
            "H8+7",
            "R1-1",
            "K4+1",
            "+",
            "-",
            ".",
            "=",
            "炮二平五",
            "马8进7",
            "车",
            "进",
            "退",
            "平",
            "前",
            "后",
            "中",
            "一",
            "九",
            "１",
            "９",
            ",",
            " ",
        ],
        run: xiangqi_moves,
    },
    Target {
        name: "pgn",
        about: "xiangqi PGN reader",
        shared_seeds: &[],
        tokens: &[
            "[",
            "]",
            "\"",
            "[FEN \"",
            "[Format \"WXF\"]",
            "[Format \"ICCS\"]",
            "[Format \"Chinese\"]",
            "1.",
            "1...",
            "{",
            "}",
            "(",
            ")",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "C2.5",
            "h2e2",
            "炮二平五",
            ";",
        ],
        run: pgn,
    },
    Target {
        name: "sfen",
        about: "shogi SFEN: Setup and Position",
        shared_seeds: &[],
        tokens: &[
            "/", "9", "1", "+", "l", "n", "s", "g", "k", "b", "r", "p", "L", "N", "S", "G", "K",
            "B", "R", "P", " b ", " w ", " - ", " 1", "18P", "sfen ", "startpos",
        ],
        run: sfen,
    },
    Target {
        name: "usi",
        about: "shogi USI moves, position commands and USI records",
        shared_seeds: &[],
        tokens: &[
            "7g7f",
            "3c3d",
            "P*5e",
            "8h2b+",
            "+",
            "*",
            "position ",
            "startpos",
            "sfen ",
            " moves ",
            "resign",
            "win",
            "9a",
            "1i",
        ],
        run: usi,
    },
    Target {
        name: "kif",
        about: "shogi KIF records (variations, headers, handicaps)",
        shared_seeds: &[],
        tokens: &[
            "手数----指手---------消費時間--\n",
            "   1 ７六歩(77)\n",
            "同　",
            "打",
            "成",
            "不成",
            "変化：",
            "手\n",
            "投了",
            "千日手",
            "詰み",
            "中断",
            "まで",
            "手合割：",
            "平手",
            "香落ち",
            "先手：",
            "後手：",
            "開始日時：",
            "１",
            "９",
            "一",
            "九",
            "(",
            ")",
            "/",
            ":",
            "*",
            "&",
        ],
        run: kif,
    },
    Target {
        name: "ki2",
        about: "shogi KI2 records (and the format sniffing of parse_any)",
        shared_seeds: &[],
        tokens: &[
            "▲",
            "△",
            "☗",
            "☖",
            "７六歩",
            "同",
            "右",
            "左",
            "直",
            "上",
            "寄",
            "引",
            "打",
            "成",
            "不成",
            "変化：",
            "手",
            "まで",
            "投了",
            "手合割：",
            "１",
            "９",
            "一",
            "九",
            "\n",
        ],
        run: ki2,
    },
    Target {
        name: "csa",
        about: "shogi CSA records",
        shared_seeds: &[],
        tokens: &[
            "V2.2\n",
            "PI\n",
            "P1",
            "P+",
            "P-",
            "00",
            "FU",
            "KY",
            "KE",
            "GI",
            "KI",
            "KA",
            "HI",
            "OU",
            "TO",
            "RY",
            "UM",
            "AL",
            "+",
            "-",
            "+7776FU\n",
            "-3334FU\n",
            "%TORYO\n",
            "%SENNICHITE",
            ",",
            "T10",
            "N+",
            "$",
            "'",
        ],
        run: csa,
    },
    Target {
        name: "bod",
        about: "shogi BOD boards (KIF start positions): read, written back and read again",
        shared_seeds: &[("examples/shogi/records", "-bod.kif")],
        tokens: &[
            "後手の持駒：",
            "先手の持駒：",
            "なし",
            "  ９ ８ ７ ６ ５ ４ ３ ２ １\n",
            "+---------------------------+\n",
            "|",
            "|一\n",
            "|九\n",
            " ・",
            "v玉",
            " 玉",
            "v歩",
            " と",
            " 龍",
            "v馬",
            "飛二　",
            "歩十八　",
            "手数＝",
            "後手番\n",
            "先手番\n",
            "手数----指手---------消費時間--\n",
        ],
        run: bod,
    },
    Target {
        name: "trf",
        about: "tie-break TRF16/TRF26 reader and standings",
        shared_seeds: &[
            ("examples/tiebreak", ".trf"),
            ("crates/tiebreak/tests/data/oracle", ".trf"),
        ],
        tokens: &[
            "001 ", "012 ", "XXR ", "XXS ", "XXC ", " w ", " b ", " 1", " 0", " =", " +", " -",
            " U", " H", " Z", " F", "0000", "9999", "  ", "\n",
        ],
        run: trf,
    },
    Target {
        name: "tiebreak-csv",
        about: "tie-break CSV reader, standings, and the mini-match CSV",
        shared_seeds: &[("examples/tiebreak", ".csv")],
        tokens: &[
            ",", "\"", "\n", "1w1", "2b0", "3w=", "U", "H", "F", "+", "-", "=", "#", "id", "name",
            "rating",
        ],
        run: tiebreak_csv,
    },
    Target {
        name: "tiebreak-json",
        about: "tie-break JSON reader and standings",
        shared_seeds: &[],
        tokens: &[
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            ",",
            "null",
            "true",
            "1e308",
            "-0",
            "\"results\"",
            "\"players\"",
            "\"id\"",
            "\"opponent\"",
            "\"scoring\"",
            "\"2w1\"",
            "\"U\"",
        ],
        run: tiebreak_json,
    },
    Target {
        name: "diagram",
        about: "board-core diagram files (header, board) as bytes and text",
        shared_seeds: &[
            ("diagrams/go", ".txt"),
            ("diagrams/shogi", ".txt"),
            ("diagrams/xiangqi", ".txt"),
        ],
        tokens: &[
            ":", "\n", "|", "+", "-", ".", "X", "O", "・", "┌", "┼", "─", "│", "v", "#", "diagram:",
        ],
        run: diagram,
    },
    Target {
        name: "notation",
        about: "square notations: GTP and SGF points on a grid, ICCS, xiangqi files, shogi squares",
        shared_seeds: &[],
        tokens: &[
            "a", "i", "j", "t", "z", "A", "I", "J", "T", "Z", "0", "1", "9", "10", "19", "25",
            "26", "一", "九", "１", "pass", "tt",
        ],
        run: notation,
    },
    Target {
        name: "cli",
        about: "arbiter command lines (clap parsing and every subcommand) on tiny mutated input files, each in a process with a short time limit",
        shared_seeds: &[],
        tokens: &[
            "go ",
            "score ",
            "count-legal ",
            "outcome ",
            "solve ",
            "show ",
            "xiangqi ",
            "perft ",
            "moves ",
            "validate ",
            "adjudicate ",
            "convert ",
            "shogi ",
            "status ",
            "mate ",
            "tsume-check ",
            "tiebreak ",
            "standings ",
            "minimatch ",
            "odds ",
            "@in ",
            "--json ",
            "--help ",
            "--depth ",
            "--grid ",
            "--graph ",
            "--check ",
            "--budget ",
            "--dead ",
            "auto ",
            "--fen ",
            "--sfen ",
            "--moves ",
            "--to ",
            "--rules ",
            "--edition ",
            "--tiebreaks ",
            "--csv ",
            "--time-limit ",
            "--table-mib ",
            "--force ",
            "0 ",
            "1 ",
            "3 ",
            "9 ",
            "99 ",
            "4294967296 ",
            "18446744073709551615 ",
            "-1 ",
            "3x3 ",
            "\u{feff}",
        ],
        run: super::cli::run,
    },
    Target {
        name: "play-xiangqi",
        about: "random xiangqi games: play/undo consistency, legal move lists, adjudication under every ruleset",
        shared_seeds: &[],
        tokens: &[],
        run: structured::xiangqi,
    },
    Target {
        name: "play-shogi",
        about: "random shogi games: play/undo consistency, game status after each move, declarations",
        shared_seeds: &[],
        tokens: &[],
        run: structured::shogi,
    },
    Target {
        name: "play-go",
        about: "random small Go boards: play/undo, automatic dead stones (--dead auto), every scoring method",
        shared_seeds: &[],
        tokens: &[],
        run: structured::go,
    },
];

/// The input as text: UTF-8 when it is, else with replacement characters (the command-line
/// tool decodes files before any parser sees them).
fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

fn sgf(bytes: &[u8]) {
    let t = text(bytes);
    let _ = go_scoring::sgf::parse_collection(&t);
    let _ = go_scoring::sgf::read_game(&t, go_scoring::Rules::default());
}

fn go_diagram(bytes: &[u8]) {
    let t = text(bytes);
    if let Ok(d) = go_scoring::text::parse(&t) {
        let _ = go_scoring::text::render(&d.position);
    }
}

fn graph(bytes: &[u8]) {
    let t = text(bytes);
    if let Ok(g) = board_geometry::Graph::from_str(&t) {
        let _ = g.to_string();
    }
}

fn xiangqi_fen(bytes: &[u8]) {
    use xiangqi_repetition::{Position, Setup};
    let t = text(bytes);
    if let Ok(setup) = Setup::from_str(&t) {
        let _ = setup.to_string();
        if let Ok(p) = Position::from_setup_lenient(&setup) {
            let _ = p.fen();
            let _ = p.legal_moves();
        }
    }
    if let Ok(p) = Position::from_fen(&t) {
        let _ = p.legal_moves();
        let _ = p.fen();
    }
    let _ = xiangqi_repetition::adjudicate::Board::from_fen(&t);
}

fn xiangqi_moves(bytes: &[u8]) {
    use xiangqi_repetition::{Notation, Position, RankBase, movelist};
    let t = text(bytes);
    let (first, rest) = t.split_once('\n').unwrap_or(("", &t));
    let start = Position::from_fen(first.trim()).unwrap_or_else(|_| Position::start());
    for notation in [
        None,
        Some(Notation::Iccs(RankBase::Zero)),
        Some(Notation::Iccs(RankBase::One)),
        Some(Notation::Wxf),
        Some(Notation::Chinese),
    ] {
        if let Ok((moves, _)) = movelist::replay(&start, rest, notation, RankBase::Zero) {
            for n in [
                Notation::Iccs(RankBase::Zero),
                Notation::Wxf,
                Notation::Chinese,
            ] {
                let _ = movelist::format_moves(&start, &moves, n);
            }
        }
    }
    // The adjudicator replays the list once per ruleset; keep it to game length.
    if let Ok(moves) = xiangqi_repetition::adjudicate::parse_moves(rest)
        && moves.len() <= 300
    {
        let rules = xiangqi_repetition::adjudicate::Ruleset::AXF;
        let _ = xiangqi_repetition::adjudicate::adjudicate(&start, &moves, &rules);
    }
}

fn pgn(bytes: &[u8]) {
    let _ = xiangqi_repetition::pgn::read(&text(bytes));
}

fn sfen(bytes: &[u8]) {
    let t = text(bytes);
    if let Ok(setup) = shogi_rules::Setup::from_sfen(&t) {
        let _ = shogi_rules::Position::from_setup_lenient(&setup);
    }
    if let Ok(p) = shogi_rules::Position::from_sfen(&t) {
        let _ = p.legal_moves();
        let _ = p.to_sfen();
    }
}

fn usi(bytes: &[u8]) {
    let t = text(bytes);
    for line in t.lines().take(64) {
        let _ = shogi_rules::usi::parse_move(line);
        let _ = shogi_rules::usi::parse_position_command(line);
    }
    let _ = shogi_rules::record::parse_usi(&t);
}

fn kif(bytes: &[u8]) {
    let _ = shogi_rules::kif::parse(&text(bytes));
}

/// A BOD board read as a KIF start, written back with `write_bod` and read again: the
/// second reading must succeed and give the same position.
fn bod(bytes: &[u8]) {
    let Ok(record) = shogi_rules::kif::parse(&text(bytes)) else {
        return;
    };
    let written = shogi_rules::kif::write_bod(&record.start);
    let again = shogi_rules::kif::parse(&written)
        .unwrap_or_else(|e| panic!("write_bod output does not read back: {e}\n{written}"));
    assert!(
        again.start == record.start,
        "write_bod output reads back as another position:\n{written}"
    );
}

fn ki2(bytes: &[u8]) {
    let _ = shogi_rules::record::parse_any(&text(bytes));
}

fn csa(bytes: &[u8]) {
    let _ = shogi_rules::csa::parse(&text(bytes));
}

/// Standings with the tie-breaks the file names, as `arbiter tiebreak standings` computes them.
fn standings(t: &tiebreak::Tournament) {
    use tiebreak::{descriptor, standings, tournament::System};
    let list_text = t
        .standings
        .clone()
        .or_else(|| t.tiebreaks.clone())
        .unwrap_or_else(|| "PTS,BH/C1,BH,SB".to_string());
    let Ok(list) = descriptor::parse_list(&list_text) else {
        return;
    };
    let list = standings::with_primary(list);
    for edition in [tiebreak::Edition::Fide2024, tiebreak::Edition::Fide2026] {
        let options = tiebreak::Options {
            system: t.system.unwrap_or(System::Swiss),
            edition,
        };
        let _ = standings::compute(t, options, &list);
    }
}

fn trf(bytes: &[u8]) {
    if let Ok(t) = tiebreak::trf::parse(&text(bytes)) {
        standings(&t);
    }
}

fn tiebreak_csv(bytes: &[u8]) {
    let t = text(bytes);
    if let Ok(t) = tiebreak::csv_input::parse(&t) {
        standings(&t);
    }
    if let Ok(m) = tiebreak::minimatch::parse(&t) {
        for games in &m.matches {
            let _ = tiebreak::minimatch::rule(games);
        }
    }
}

fn tiebreak_json(bytes: &[u8]) {
    if let Ok(t) = tiebreak::json_input::parse(&text(bytes)) {
        standings(&t);
    }
}

fn diagram(bytes: &[u8]) {
    let _ = board_core::diagram::file::parse_file_bytes(bytes);
    let _ = board_core::diagram::parse_bytes(bytes);
}

fn notation(bytes: &[u8]) {
    use board_geometry::notation::{gtp, iccs, sgf, shogi, xiangqi_files};
    let (size, rest) = bytes.split_first().map_or((0, bytes), |(s, r)| (*s, r));
    let t = text(rest);
    for token in t.split(['\n', ' ']).take(64) {
        let w = u32::from(size % 27);
        let h = u32::from((size / 27) % 27).max(1);
        if let Ok(grid) = board_geometry::Grid::new(w, h) {
            if let Ok(p) = gtp::parse(&grid, token) {
                let _ = gtp::format(&grid, p);
            }
            if let Ok(p) = sgf::parse(&grid, token) {
                let _ = sgf::format(&grid, p);
            }
            let _ = gtp::is_pass(token);
            let _ = sgf::is_pass(&grid, token);
        }
        let _ = iccs::parse(token);
        let _ = iccs::parse_fsf(token);
        let _ = shogi::parse(token);
        for side in [board_core::Side::First, board_core::Side::Second] {
            let _ = xiangqi_files::parse(side, token);
        }
        let _ = board_geometry::shogi::Square::from_str(token);
        let _ = board_geometry::xiangqi::Square::from_str(token);
        let _ = board_geometry::grid::parse_size(token);
    }
}
