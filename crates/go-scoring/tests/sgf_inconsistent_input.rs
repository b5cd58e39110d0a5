//! Input that the Go readers used to take silently or slowly: SGF setting one point to both
//! colours in a node, collections with more than one game, text after the last game, a
//! leading byte order mark before SGF, a text diagram or a position file, and a node with a
//! hundred thousand property names.
//!
//! The rules are those of SGF FF[4] (the sgf.org format and property pages): the setup
//! properties AB, AW and AE of one node must not set the same point, a collection is a
//! sequence of game trees, and a property identifier appears at most once in a node.

use board_geometry::Topology as _;
use go_scoring::Color;
use go_scoring::graph::PositionFile;
use go_scoring::rules::Rules;
use go_scoring::sgf::{parse_collection, read_game, read_game_number};

#[test]
fn a_point_set_to_both_colours_in_one_node_is_an_error_naming_it() {
    // Before, AW silently won (it is applied after AB).
    let e = read_game("(;SZ[9]AB[cc][dd]AW[ee][dd])", Rules::CHINESE).unwrap_err();
    let message = e.to_string();
    assert!(message.contains("point dd"), "{message}");
    assert!(message.contains("D6"), "{message}");
    assert!(message.contains("both AB and AW"), "{message}");
    // The error points at the AW property (byte 17 of the text).
    assert_eq!(e.pos.offset, 17, "{message}");
    // Through a rectangle too: aa:cc holds bb.
    let e = read_game("(;SZ[9]AB[aa:cc]AW[bb])", Rules::CHINESE).unwrap_err();
    assert!(e.to_string().contains("point bb"), "{e}");
    // Different nodes may change a point's colour: that is what setup is for.
    let g = read_game("(;SZ[9]AB[dd];AW[dd])", Rules::CHINESE).unwrap();
    assert_eq!(g.position.count(Color::White), 1);
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
}

#[test]
fn the_other_games_of_a_collection_are_named_and_can_be_chosen() {
    let two = "(;SZ[9]AB[aa])\n(;SZ[9]AW[bb][cc])\n";
    let first = read_game(two, Rules::CHINESE).unwrap();
    assert_eq!(first.position.count(Color::Black), 1);
    assert_eq!(
        first.warnings,
        ["the file holds 2 games; only game 1 is read"]
    );
    let second = read_game_number(two, Rules::CHINESE, 2).unwrap();
    assert_eq!(second.position.count(Color::White), 2);
    assert_eq!(
        second.warnings,
        ["the file holds 2 games; only game 2 is read"]
    );
    for missing in [0, 3] {
        let e = read_game_number(two, Rules::CHINESE, missing).unwrap_err();
        assert!(e.to_string().contains("the file holds 2 games"), "{e}");
    }
}

#[test]
fn text_after_the_last_game_is_named() {
    let g = read_game("(;SZ[9]AB[aa])\nsaved by some editor\n", Rules::CHINESE).unwrap();
    assert_eq!(
        g.warnings,
        ["text after the last game (line 2, column 1) is not read"]
    );
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_go_reader() {
    // SGF: refused before ("expected '('").
    let g = read_game("\u{feff}(;SZ[9]AB[aa])", Rules::CHINESE).unwrap();
    assert_eq!(g.position.count(Color::Black), 1);
    // Text diagram: the mark made the first row unreadable, and a 3x3 figure was read as
    // 3x2 and scored.
    let figure = "\u{feff}X . O\n. X O\nX . O\n";
    let d = go_scoring::text::parse(figure).unwrap();
    assert_eq!(d.position.topology().grid_size(), Some((3, 3)));
    assert_eq!(d.position.count(Color::Black), 3);
    // Position file: the mark became part of the first point's name.
    let file = PositionFile::parse("\u{feff}a b\nb c\nblack: a\n").unwrap();
    assert_eq!(file.graph.len(), 3);
    assert!(file.graph.point_labelled("a").is_some());
}

#[test]
fn a_node_with_a_hundred_thousand_property_names_reads_in_linear_time() {
    // The duplicate check scanned the node for each new name: 5·10^9 comparisons here
    // (102 s). Names are four capital letters, all distinct; a repeated one at the end must
    // still be found.
    let name = |i: usize| -> String {
        let mut n = i;
        (0..4)
            .map(|_| {
                let c = (b'A' + (n % 26) as u8) as char;
                n /= 26;
                c
            })
            .collect()
    };
    let mut text = String::from("(;");
    for i in 0..100_000 {
        text.push_str(&name(i));
        text.push_str("[x]");
    }
    let started = std::time::Instant::now();
    let trees = parse_collection(&format!("{text})")).unwrap();
    assert_eq!(trees[0].nodes[0].properties.len(), 100_000);
    text.push_str(&name(77_777));
    text.push_str("[y])");
    let e = parse_collection(&text).unwrap_err();
    assert!(e.to_string().contains("appears twice in one node"), "{e}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}
