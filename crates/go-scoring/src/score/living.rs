//! The living-stones methods (第二十八条 to 第三十三条). Each runs its making-up procedure
//! on a made-up board built from the analysed position, so the compared figures can be read
//! off the board, or on a tally of that board's marks when only the figures are wanted.

use super::{Counted, HalfPoints, Method, Notes, Params, Score, Unavailable, Version};
use crate::analysis::Analysis;
use crate::color::{Color, PerColor};
use crate::madeup::MakeUp;
use crate::rules::Komi;

fn unavailable(method: Method, reason: impl Into<String>) -> Unavailable {
    Unavailable {
        method,
        reason: reason.into(),
        komi: Komi(0),
    }
}

/// The side that made more moves and by how much (real and virtual moves).
fn extra_moves(moves: PerColor<u32>) -> Option<(Color, u32)> {
    match moves.black.cmp(&moves.white) {
        std::cmp::Ordering::Greater => Some((Color::Black, moves.black - moves.white)),
        std::cmp::Ordering::Less => Some((Color::White, moves.white - moves.black)),
        std::cmp::Ordering::Equal => None,
    }
}

/// The art version's 多下贴子 with A-class negative moves: the side that made n more moves
/// takes n of its border stones off; the points are shared half and half.
fn art_lift(
    board: &mut impl MakeUp,
    method: Method,
    params: &Params,
    notes: &mut Notes,
) -> Result<(), Unavailable> {
    if params.version == Version::Law {
        return Ok(());
    }
    let moves = params.moves.ok_or_else(|| {
        unavailable(
            method,
            "the art version needs each side's number of moves (--moves B,W) for 多下贴子",
        )
    })?;
    if let Some((over, n)) = extra_moves(moves) {
        let done = board.lift_border_to_split(over, n);
        if done < n {
            return Err(unavailable(
                method,
                format!("{over} has only {done} stones to give for {n} extra moves"),
            ));
        }
        notes.push(|| {
            format!(
                "art version: {over} made {n} more move(s) and gives {} stone(s) to each side",
                HalfPoints(n as i64)
            )
        });
    }
    Ok(())
}

fn label(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The counts of a method, per side, with the board it counted on.
fn counted<B>(black: i64, white: i64, board: B) -> Counted<B> {
    Counted {
        black: HalfPoints(black),
        white: HalfPoints(white),
        board: Some(board),
        total: None,
    }
}

/// 子路合计法: each side's stones on the board plus its roads.
pub fn living_stones(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::LivingStones, params)
}

pub(crate) fn living_stones_on<B: MakeUp>(
    _analysis: &Analysis,
    params: &Params,
    mut board: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    art_lift(&mut board, Method::LivingStones, params, notes)?;
    for c in Color::ALL {
        notes.push(|| {
            format!(
                "{}: {} stones + {} roads",
                label(c),
                board.stones(c),
                HalfPoints(board.roads_half(c))
            )
        });
    }
    let (b, w) = (
        board.living_half(Color::Black),
        board.living_half(Color::White),
    );
    Ok(counted(b, w, board))
}

/// 停路比子法: the side with more roads fills the difference with its stones; then both have
/// equal roads and the stones on the board are compared.
pub fn equal_roads(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::EqualRoads, params)
}

pub(crate) fn equal_roads_on<B: MakeUp>(
    _analysis: &Analysis,
    params: &Params,
    mut board: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    art_lift(&mut board, Method::EqualRoads, params, notes)?;
    let (rb, rw) = (board.roads(Color::Black), board.roads(Color::White));
    if rb != rw {
        let (more, d) = if rb > rw {
            (Color::Black, rb - rw)
        } else {
            (Color::White, rw - rb)
        };
        board.fill_roads(more, d);
        notes.push(|| format!("{} fills {d} road(s)", label(more)));
    }
    let roads = HalfPoints(board.roads_half(Color::Black));
    debug_assert_eq!(
        board.roads_half(Color::Black),
        board.roads_half(Color::White)
    );
    notes.push(|| format!("both sides have {roads} road(s); stones are compared"));
    let (b, w) = (board.stones(Color::Black), board.stones(Color::White));
    Ok(counted(2 * b as i64, 2 * w as i64, board))
}

/// Makes the stones on the board equal: the side with fewer fills its roads, and if its
/// roads run out the other side lifts stones into roads. Returns (filled, lifted) per side.
fn equalise_stones(board: &mut impl MakeUp) -> (PerColor<u32>, PerColor<u32>) {
    let mut filled = PerColor::default();
    let mut lifted = PerColor::default();
    let (sb, sw) = (board.stones(Color::Black), board.stones(Color::White));
    if sb == sw {
        return (filled, lifted);
    }
    let (fewer, d) = if sb < sw {
        (Color::Black, sw - sb)
    } else {
        (Color::White, sb - sw)
    };
    let f = board.fill_roads(fewer, d);
    *filled.get_mut(fewer) = f;
    if f < d {
        *lifted.get_mut(fewer.opponent()) = board.lift_to_roads(fewer.opponent(), d - f);
    }
    (filled, lifted)
}

/// 停子比路法, broad form: with bowls of a fixed size, fill stones into one's own territory
/// until both sides have as many stones on the board, then compare roads.
pub fn equal_stones(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::EqualStones, params)
}

pub(crate) fn equal_stones_on<B: MakeUp>(
    analysis: &Analysis,
    params: &Params,
    mut board: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    let method = Method::EqualStones;
    art_lift(&mut board, method, params, notes)?;
    let n = analysis.live().len() as u32;
    let bowls = params
        .bowls
        .unwrap_or(PerColor::new(n.div_ceil(2), n.div_ceil(2)));
    let (filled, lifted) = equalise_stones(&mut board);
    for c in Color::ALL {
        if *filled.get(c) > 0 {
            notes.push(|| {
                format!(
                    "{} fills {} stone(s) from the bowl",
                    label(c),
                    filled.get(c)
                )
            });
        }
        if *lifted.get(c) > 0 {
            notes.push(|| format!("{} lifts {} stone(s) into roads", label(c), lifted.get(c)));
        }
    }
    let on_board = board.stones(Color::Black);
    for c in Color::ALL {
        let bowl = *bowls.get(c);
        if board.stones(c) > bowl {
            return Err(unavailable(
                method,
                format!(
                    "{} needs {} stones on the board but the bowl holds {bowl} (set larger bowls)",
                    label(c),
                    board.stones(c)
                ),
            ));
        }
    }
    notes.push(|| {
        format!(
            "{on_board} stones each on the board; left in the bowls: Black {}, White {}",
            bowls.black - on_board,
            bowls.white - on_board
        )
    });
    let (b, w) = (
        board.roads_half(Color::Black),
        board.roads_half(Color::White),
    );
    Ok(counted(b, w, board))
}

/// 停子比路法, narrow form: refill one's captured stones, dead stones and virtual-move stones
/// into one's own roads; the side that moved more balances (law: B-class negative moves turn
/// stones into roads; art: its extra stones are shared out); if roads run out, the stones
/// that could not be refilled are balanced by lifting; then roads are compared.
pub fn equal_stones_refill(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::EqualStonesRefill, params)
}

pub(crate) fn equal_stones_refill_on<B: MakeUp>(
    analysis: &Analysis,
    params: &Params,
    mut board: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    let method = Method::EqualStonesRefill;
    let moves = params.moves.ok_or_else(|| {
        unavailable(
            method,
            "needs each side's number of moves, real and virtual (--moves B,W), to refill",
        )
    })?;
    let mut refill = PerColor::default();
    for c in Color::ALL {
        let on_board = analysis.stones(c);
        let m = *moves.get(c);
        if m < on_board {
            return Err(unavailable(
                method,
                format!(
                    "{} made {m} moves but has {on_board} living stones on the board",
                    label(c)
                ),
            ));
        }
        let r = m - on_board;
        *refill.get_mut(c) = r;
        let dead = analysis.dead_count(c);
        match params.captures {
            Some(caps) => {
                let lost = *caps.get(c.opponent());
                if lost + dead > r {
                    return Err(unavailable(
                        method,
                        format!(
                            "{} lost {lost} captured and {dead} dead stones, more than the {r} its {m} moves leave off the board",
                            label(c)
                        ),
                    ));
                }
                notes.push(|| {
                    format!(
                        "{} refills {r}: {lost} captured, {dead} dead, {} virtual-move stone(s)",
                        label(c),
                        r - lost - dead
                    )
                });
            }
            None => notes.push(|| {
                format!(
                    "{} refills {r} stone(s) ({dead} dead; captured and virtual not told apart without --captures)",
                    label(c)
                )
            }),
        }
    }
    if params.version == Version::Art {
        if let Some((over, n)) = extra_moves(moves) {
            let swapped = board.recolour_border(over, n / 2);
            let split = board.pay_split(over, n % 2 + 2 * (n / 2 - swapped));
            if 2 * swapped + split < n {
                return Err(unavailable(
                    method,
                    format!("{over} has too few stones to share out"),
                ));
            }
            notes.push(|| {
                format!(
                    "art version: {over} made {n} more move(s): {} of its stones change colour{}",
                    n / 2,
                    if n % 2 == 1 {
                        ", one point is split"
                    } else {
                        ""
                    }
                )
            });
        }
    }
    let mut leftover = PerColor::default();
    for c in Color::ALL {
        let want = *refill.get(c);
        let done = board.fill_roads(c, want);
        *leftover.get_mut(c) = want - done;
    }
    let (sb, sw) = (board.stones(Color::Black), board.stones(Color::White));
    if sb != sw {
        let (more, d) = if sb > sw {
            (Color::Black, sb - sw)
        } else {
            (Color::White, sw - sb)
        };
        let done = board.lift_to_roads(more, d);
        notes.push(|| {
            format!(
                "{} turns {done} stone(s) into roads to balance (negative moves{})",
                label(more),
                if leftover.black + leftover.white > 0 {
                    ", and stones that found no road"
                } else {
                    ""
                }
            )
        });
    }
    if leftover.black + leftover.white > 0 {
        notes.push(|| {
            format!(
                "roads ran out: Black {} and White {} stone(s) stay off the board",
                leftover.black, leftover.white
            )
        });
    }
    if board.stones(Color::Black) != board.stones(Color::White) {
        return Err(unavailable(
            method,
            "could not balance the stones on the board",
        ));
    }
    notes.push(|| format!("{} stones each on the board", board.stones(Color::Black)));
    let (b, w) = (
        board.roads_half(Color::Black),
        board.roads_half(Color::White),
    );
    Ok(counted(b, w, board))
}

/// 停虚比子法 / 还棋头: virtual stones on the essential eyes, shared points half each; the
/// side with more essential eyes (more units) returns half the difference as border stones
/// that change colour; compound stones (stones and empty points) are compared.
pub fn returned_heads(analysis: &Analysis, params: &Params) -> Result<Score, Unavailable> {
    super::score(analysis, Method::ReturnedHeads, params)
}

pub(crate) fn returned_heads_on<B: MakeUp>(
    analysis: &Analysis,
    params: &Params,
    mut board: B,
    notes: &mut Notes,
) -> Result<Counted<B>, Unavailable> {
    let method = Method::ReturnedHeads;
    art_lift(&mut board, method, params, notes)?;
    notes.push(|| {
        format!(
            "units: Black {}, White {}; essential eyes: Black {}, White {}, shared {}",
            analysis.unit_count(Color::Black),
            analysis.unit_count(Color::White),
            board.eyes(Color::Black),
            board.eyes(Color::White),
            board.shared_eyes()
        )
    });
    let (eb, ew) = (board.eyes(Color::Black), board.eyes(Color::White));
    if eb != ew {
        let (giver, k) = if eb > ew {
            (Color::Black, eb - ew)
        } else {
            (Color::White, ew - eb)
        };
        // Border stones change colour (还棋头); without stones the eyes' virtual stones
        // themselves are given (还虚子), which is the same count.
        let given = board.recolour_border(giver, k / 2);
        let eyes = board.give_eyes(giver, k / 2 - given, false);
        let mut half = 0;
        if k % 2 == 1 {
            half = board.lift_border_to_split(giver, 1);
            if half == 0 {
                half = board.give_eyes(giver, 1, true);
            }
        }
        if given + eyes + half < k / 2 + k % 2 {
            return Err(unavailable(
                method,
                format!("{giver} has too little to return"),
            ));
        }
        notes.push(|| {
            format!(
                "{} returns {} head(s): {}",
                label(giver),
                HalfPoints(k as i64),
                board.describe_changes()
            )
        });
    }
    let (b, w) = (
        board.compound_half(Color::Black),
        board.compound_half(Color::White),
    );
    let mut out = counted(b, w, board);
    out.total = Some(analysis.live().len() as u32);
    Ok(out)
}
