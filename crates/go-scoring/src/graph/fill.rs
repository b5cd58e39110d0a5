//! The ultimate position (窮極盤面) that a finished count describes: each side fills its own
//! empty regions, and the points shared by both (dame), until every empty point is a one-point
//! eye, so a count made on the position can be checked by playing it out.

use super::config::{Board, Colour, Config};
use super::ultimate::UltimateFailure;

/// Fills `c` (dead stones already removed) towards an ultimate position: repeatedly, an empty
/// point whose region borders only one colour is filled by that colour, and one bordering both
/// by Black if it can, else White, as long as the filled string keeps at least two liberties
/// (filling the last-but-one liberty would leave an eye, which stays); the point with most
/// empty neighbours goes first. Returns the ultimate
/// position, or why the filled position is not one (e.g. seki shapes, which have none).
pub fn fill_to_ultimate(board: &Board<'_>, c: &Config) -> Result<Config, UltimateFailure> {
    let mut c = c.clone();
    loop {
        // among the points that may be filled, take the one with most empty neighbours: it
        // splits an eye space into one-point eyes instead of eating it from the end
        let mut best: Option<(usize, usize, Config)> = None;
        for v in 0..c.len() {
            if c.get(v) != 0 {
                continue;
            }
            let region = board.string(&c, v);
            let touches = |x: i8| {
                region
                    .iter()
                    .any(|&p| board.graph.neighbours(p).iter().any(|&q| c.get(q) == x))
            };
            let candidates: &[Colour] = match (touches(-1), touches(1)) {
                (true, false) => &[Colour::Black],
                (false, true) => &[Colour::White],
                (true, true) => &[Colour::Black, Colour::White],
                (false, false) => &[],
            };
            let empty_neighbours = board
                .graph
                .neighbours(v)
                .iter()
                .filter(|&&q| c.get(q) == 0)
                .count();
            for &colour in candidates {
                if let Some(d) = board.play(&c, v, colour) {
                    if board.liberties(&d, v).len() >= 2
                        && best.as_ref().is_none_or(|b| empty_neighbours > b.0)
                    {
                        best = Some((empty_neighbours, v, d));
                        break;
                    }
                }
            }
        }
        match best {
            Some((_, _, d)) => c = d,
            None => break,
        }
    }
    match board.ultimate_failure(&c) {
        None => Ok(c),
        Some(failure) => Err(failure),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::PlainGraph;
    use crate::graph::chinese::chinese_score;
    use crate::graph::outcome::ultimate_classes;

    fn grid_config(rows: &[&str]) -> (PlainGraph, Config) {
        let w = rows[0].len();
        let g = PlainGraph::grid(w, rows.len());
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                'X' => -1,
                'O' => 1,
                _ => 0,
            })
            .collect();
        (g, Config(cells))
    }

    /// Area difference White − Black: stones plus empty regions reaching one colour only.
    fn area_white_minus_black(board: &Board<'_>, c: &Config) -> i64 {
        let mut score = 0i64;
        for v in 0..c.len() {
            score += match c.get(v) {
                -1 => -1,
                1 => 1,
                _ => {
                    let region = board.string(c, v);
                    let reach = |x: i8| {
                        region
                            .iter()
                            .any(|&p| board.graph.neighbours(p).iter().any(|&q| c.get(q) == x))
                    };
                    match (reach(-1), reach(1)) {
                        (true, false) => -1,
                        (false, true) => 1,
                        _ => 0,
                    }
                }
            };
        }
        score
    }

    #[test]
    fn filled_territories_keep_their_count() {
        // Two walls splitting a 5×3 board: Black owns columns a-c (9 points), White d-e (6).
        // Filling leaves each side two one-point eyes; the ultimate position's Chinese score
        // (the document's s_c on its classes) equals the area count before filling: 6 − 9.
        let (g, c) = grid_config(&["..XO.", "..XO.", "..XO."]);
        let board = Board::new(&g);
        let u = fill_to_ultimate(&board, &c).unwrap();
        assert!(board.is_ultimate(&u));
        let classes = ultimate_classes(&board, &u).unwrap();
        assert_eq!(chinese_score(&u, &classes), -3);
        assert_eq!(area_white_minus_black(&board, &c), -3);
        // each side has exactly two eyes
        let (eb, ew) = board.eyes(&u).unwrap();
        assert_eq!((eb.len(), ew.len()), (2, 2));
    }

    #[test]
    fn seki_has_no_ultimate_position() {
        // . X . O . (mutual life on a row): the shared point c cannot be filled by either side
        // without losing the filler's string, and the text says ultimate positions hold no
        // seki, so filling stops short and reports why
        let (g, c) = grid_config(&[".X.O."]);
        let board = Board::new(&g);
        assert!(fill_to_ultimate(&board, &c).is_err());
    }
}
