//! Structure-aware targets: the input seeds board-core's `Rng`, which builds a position and a
//! move sequence; the target drives play/undo and the rulings over them and panics on any
//! inconsistency (a key or position not restored by undo).

use std::sync::Arc;

use board_core::Rng;

/// Whether to print the positions built (`XTASK_FUZZ_SHOW=1`, for `--run` on a finding).
fn show() -> bool {
    std::env::var_os("XTASK_FUZZ_SHOW").is_some()
}

/// The seed an input stands for.
fn seed_of(bytes: &[u8]) -> Rng {
    Rng::new(super::bytes_hash(bytes))
}

/// Random xiangqi games from thinned start positions, with back-and-forth stretches that make
/// repetitions, adjudicated under every preset ruleset.
pub fn xiangqi(bytes: &[u8]) {
    use xiangqi_repetition::adjudicate::{Ruleset, adjudicate};
    use xiangqi_repetition::{Move, PieceKind, Position, Square};
    let mut rng = seed_of(bytes);
    let mut start = Position::start();
    let removals = rng.index(28);
    for _ in 0..removals {
        let Some(sq) = Square::from_index(rng.index(90)) else {
            continue;
        };
        if start
            .piece_at(sq)
            .is_some_and(|p| p.kind != PieceKind::King)
        {
            start.remove_piece(sq);
        }
    }
    let start = Position::from_fen(&start.fen()).unwrap_or_else(|_| Position::start());
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let plies = rng.index(80);
    while moves.len() < plies {
        let legal = pos.legal_moves();
        let Some(&mv) = rng.choose(legal.as_slice()) else {
            break;
        };
        let before = (pos.key(), pos.fen());
        let undo = pos.play_unchecked(mv);
        pos.undo(mv, undo);
        assert_eq!(
            before,
            (pos.key(), pos.fen()),
            "xiangqi undo does not restore the position after {mv:?}"
        );
        pos.play_unchecked(mv);
        assert_eq!(
            pos.key(),
            pos.key_from_scratch(),
            "xiangqi incremental key differs after {mv:?}"
        );
        moves.push(mv);
        if rng.chance(1, 6) {
            // Shuffle back and forth: the last two moves reversed, several times.
            shuffle_back(&mut rng, &mut pos, &mut moves);
        }
    }
    if show() {
        let list: Vec<String> = moves
            .iter()
            .map(|m| xiangqi_repetition::iccs::format_move(*m, xiangqi_repetition::RankBase::Zero))
            .collect();
        eprintln!("{}\n{}", start.fen(), list.join(" "));
    }
    for rules in Ruleset::PRESETS {
        let _ = adjudicate(&start, &moves, &rules);
    }

    fn shuffle_back(rng: &mut Rng, pos: &mut Position, moves: &mut Vec<Move>) {
        let n = moves.len();
        if n < 2 {
            return;
        }
        let pair = [moves[n - 2], moves[n - 1]];
        for _ in 0..1 + rng.index(3) {
            for mv in [pair[0], pair[1]]
                .map(|m| Move {
                    from: m.to,
                    to: m.from,
                })
                .into_iter()
                .chain(pair)
            {
                if !pos.legal_moves().as_slice().contains(&mv) {
                    return;
                }
                pos.play_unchecked(mv);
                moves.push(mv);
            }
        }
    }
}

/// Random shogi games through `Game`, with status after every move, an occasional move
/// taken from an earlier position (a foul or an error) and an occasional declaration.
pub fn shogi(bytes: &[u8]) {
    use shogi_rules::Position;
    use shogi_rules::game::{Game, GameRules};
    let mut rng = seed_of(bytes);
    let start = Position::from_sfen(shogi_rules::START_SFEN).expect("the start SFEN reads");
    let mut game = Game::new(start.clone(), GameRules::default());
    let mut pos = start;
    let mut stale = Vec::new();
    for _ in 0..rng.index(200) {
        let legal = pos.legal_moves();
        let mv = if rng.chance(1, 25) && !stale.is_empty() {
            stale[rng.index(stale.len())]
        } else {
            let Some(&mv) = rng.choose(legal.as_slice()) else {
                break;
            };
            mv
        };
        if rng.chance(1, 4) {
            stale.push(mv);
        }
        let _ = game.status();
        if rng.chance(1, 50) {
            let _ = game.declare();
        }
        if game.play(mv).is_err() || game.ended().is_some() {
            let _ = game.status();
            break;
        }
        let before = (pos.key(), pos.to_sfen());
        let undo = pos.play_unchecked(mv);
        let after = pos.key();
        pos.undo(mv, undo);
        assert_eq!(
            before,
            (pos.key(), pos.to_sfen()),
            "shogi undo does not restore the position after {mv:?}"
        );
        pos.play_unchecked(mv);
        assert_eq!(
            after,
            pos.key(),
            "shogi replay gives another key after {mv:?}"
        );
        let _ = game.status();
    }
}

/// Random small Go boards (grids up to 9x9 and single rows up to 19 points): play/undo, then
/// the automatic dead-stone search of `arbiter go score --dead auto` and every scoring method.
pub fn go(bytes: &[u8]) {
    use go_scoring::graph::life::{DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS, search_life};
    use go_scoring::score::{Params, score_all};
    use go_scoring::{Analysis, Board, Color, Position, Rules, Shape, Stone};
    let mut rng = seed_of(bytes);
    let (w, h) = if rng.chance(1, 4) {
        (1 + rng.index(19) as u32, 1)
    } else {
        (1 + rng.index(9) as u32, 1 + rng.index(9) as u32)
    };
    let Ok(shape) = Shape::grid(w, h) else {
        return;
    };
    let shape = Arc::new(shape);
    let points = (w * h) as usize;
    let density = 1 + rng.index(9) as u32;
    let stones: Vec<Stone> = (0..points)
        .map(|_| match rng.below(12) as u32 {
            n if n >= density => Stone::Empty,
            n if n % 2 == 0 => Stone::Black,
            _ => Stone::White,
        })
        .collect();
    let Ok(position) = Position::new(shape, stones) else {
        return;
    };

    if show() {
        eprintln!("{w}x{h}:\n{}", go_scoring::text::render(&position));
    }
    let mut board = Board::from_position(&position, Rules::default(), Color::Black);
    let mut played = 0;
    for _ in 0..rng.index(2 * points + 1) {
        let color = board.side_to_move();
        let p = rng.index(points) as go_scoring::Point;
        if board.is_legal(color, p) && board.play_point(p).is_ok() {
            played += 1;
        }
    }
    for _ in 0..played {
        board.undo();
    }
    assert_eq!(
        board.position().stones(),
        position.stones(),
        "Go undo does not restore the board"
    );

    let searched = search_life(&position, DEFAULT_LIFE_BUDGET, DEFAULT_MAX_REGION_POINTS);
    if let Ok(analysis) = Analysis::new(&position, &searched.dead) {
        let _ = score_all(&analysis, &Params::default());
    }
}
