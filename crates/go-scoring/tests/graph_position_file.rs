//! The graph and position text formats: well-formed files, and truncated, garbled and hostile
//! input that must give a positioned error, never a panic.

use board_geometry::graph::ParseProblemKind;
use board_geometry::grid::parse_size;
use board_geometry::{Graph, Topology as _};
use go_scoring::graph::PositionFile;

#[test]
fn graph_file_with_names_and_comments() {
    let g = Graph::parse("# a triangle and a lone point\na b\nb c # edge\nc a\n\nd\n").unwrap();
    assert_eq!(g.len(), 4);
    assert_eq!(g.edge_count(), 3);
    assert!(g.neighbours(g.point_named("d").unwrap()).is_empty());
}

#[test]
fn graph_file_errors_have_positions() {
    let e = &Graph::parse("a b\nb b\n").unwrap_err().problems[0];
    assert_eq!((e.line, e.column), (2, 1));
    assert!(matches!(e.kind, ParseProblemKind::SelfLoop(_)));
    let e = &Graph::parse("a b\nc d\n b   a\n").unwrap_err().problems[0];
    assert_eq!((e.line, e.column), (3, 2));
    assert!(matches!(
        e.kind,
        ParseProblemKind::DuplicateEdge { first_line: 1, .. }
    ));
    let e = &Graph::parse("a b c\n").unwrap_err().problems[0];
    assert_eq!((e.line, e.column), (1, 5));
    // A graph text may be empty; a position file needs a point.
    assert!(Graph::parse("").unwrap().is_empty());
    assert!(PositionFile::parse("").is_err());
    assert!(PositionFile::parse("# only a comment\n\n").is_err());
}

#[test]
fn hostile_graph_text_never_panics() {
    let samples = [
        "\u{0}\u{1} \u{2}",
        "a\tb\r\nb\tc",
        "ä ö\nö ü\nü ä",
        "a b\n#\n#\n##",
        "a b\nb",
        "    \n\t\n",
        "a b # c d e f",
        "1 2\n2 3\n3 1\n1 2",
    ];
    for s in samples {
        let _ = Graph::parse(s);
    }
    // every prefix of a valid file parses or fails cleanly
    let text = "a b\nb c\nc d\nd a\n";
    for cut in 0..=text.len() {
        let _ = Graph::parse(&text[..cut]);
    }
}

#[test]
fn grid_sizes() {
    assert_eq!(parse_size("3x2"), Ok((3, 2)));
    assert_eq!(parse_size("19×19"), Ok((19, 19)));
    for bad in ["", "x", "3x", "0x3", "3x0", "-1x2", "3x2x1", "axb", "3 2"] {
        assert!(parse_size(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn position_file_with_edges_stones_moves_komi() {
    let text = "a b\nb c\nc d\nblack: b\nwhite: d\nmoves: B c\nkomi: 0.5\n";
    let f = PositionFile::parse(text).unwrap();
    assert_eq!(f.graph.len(), 4);
    assert_eq!(f.moves.len(), 1);
    assert_eq!(f.komi.0, 1);
    let r = f.sequence().unwrap();
    // B at c captures the white stone on d (its only liberty was c)
    assert_eq!(r.last().to_string(), ".XX.");
}

#[test]
fn position_file_with_a_diagram() {
    let f = PositionFile::parse("diagram:\n.XO.\nXXOO\n.XO.\n").unwrap();
    assert_eq!(f.graph.grid_size(), Some((4, 3)));
    assert_eq!(f.start.to_string(), ".XO.XXOO.XO.");
}

#[test]
fn position_file_errors() {
    let cases: [(&str, usize, usize); 9] = [
        ("a b\nblack: z\n", 2, 8),
        ("a b\nblack: a\nwhite: a\n", 3, 8),
        ("a b\nmoves: B\n", 2, 8),
        ("a b\nmoves: Q a\n", 2, 8),
        ("a b\nkomi: 7.25\n", 2, 7),
        ("a b\nkomi:\n", 2, 1),
        ("a b\nsize: 3\n", 2, 1),
        ("diagram:\n.X\n.XO\n", 3, 1),
        ("diagram:\n.Z\n", 2, 2),
    ];
    for (text, line, column) in cases {
        let e = PositionFile::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    }
    // a string without liberty in the start position, and an illegal move sequence
    assert!(PositionFile::parse("a b\nblack: a\nwhite: b\n").is_err());
    let f = PositionFile::parse("a b\nblack: a\nmoves: W a\n").unwrap();
    assert!(f.sequence().is_err());
}

#[test]
fn hostile_position_files_never_panic() {
    let text = "diagram:\n.XO.\nXXOO\n.XO.\nkomi: 1\nmoves: W 3 B 8\n";
    for cut in 0..=text.len() {
        if text.is_char_boundary(cut) {
            let _ = PositionFile::parse(&text[..cut]);
        }
    }
    for s in [
        "black:",
        "moves: B",
        "komi: --",
        "diagram:\n\u{0}",
        "a b\nwhite: a b\n",
        "diagram: x",
    ] {
        let _ = PositionFile::parse(s);
    }
}
