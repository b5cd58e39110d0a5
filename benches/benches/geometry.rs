//! board-geometry hot paths: neighbour tables against coordinate arithmetic, precomputed
//! rays against step-by-step scans, whole-board shifts, and coordinate parsing.

use std::hint::black_box;

use board_core::GridBits;
use board_geometry::notation::gtp;
use board_geometry::{Direction, Graph, Grid, Point, Topology, xiangqi};
use criterion::{Criterion, criterion_group, criterion_main};

/// Sum of neighbour indices over all points: the inner loop of chain and liberty scans.
fn neighbour_sum(t: &impl Topology) -> u64 {
    let mut sum = 0u64;
    for p in t.points() {
        for q in t.neighbours(p) {
            sum += u64::from(q.0);
        }
    }
    sum
}

/// The same sum computed from coordinates on every call, without a table.
fn neighbour_sum_by_coordinates(width: i32, height: i32) -> u64 {
    let mut sum = 0u64;
    for y in 0..height {
        for x in 0..width {
            for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
                let (nx, ny) = (x + dx, y + dy);
                if (0..width).contains(&nx) && (0..height).contains(&ny) {
                    sum += (ny * width + nx) as u64;
                }
            }
        }
    }
    sum
}

fn neighbours(c: &mut Criterion) {
    let grid = Grid::square(19).unwrap();
    let graph = Graph::from_topology(&grid);
    assert_eq!(neighbour_sum(&grid), neighbour_sum_by_coordinates(19, 19));
    let mut group = c.benchmark_group("neighbours_19x19");
    group.bench_function("grid_table", |b| b.iter(|| neighbour_sum(black_box(&grid))));
    group.bench_function("graph_table", |b| {
        b.iter(|| neighbour_sum(black_box(&graph)))
    });
    group.bench_function("coordinates", |b| {
        b.iter(|| neighbour_sum_by_coordinates(black_box(19), black_box(19)))
    });
    group.finish();
}

/// Squares a rook on each square attacks along the four orthogonal rays, blockers included.
fn rook_attacks_by_rays(occupied: xiangqi::Bitboard) -> u32 {
    let mut total = 0;
    for sq in xiangqi::Square::all() {
        for d in Direction::ORTHOGONAL {
            let ray = sq.ray(d);
            let blockers = ray & occupied;
            // The nearest blocker is the lowest bit for rays towards higher indices.
            let nearest = match d {
                Direction::South | Direction::East => blockers.first(),
                _ => (blockers.0 != 0)
                    .then(|| xiangqi::Square::from_bit(127 - blockers.0.leading_zeros())),
            };
            let attacked = match nearest {
                Some(b) => ray.and_not(b.ray(d)),
                None => ray,
            };
            total += attacked.count();
        }
    }
    total
}

/// The same count by stepping square by square until a blocker or the edge.
fn rook_attacks_by_steps(occupied: xiangqi::Bitboard) -> u32 {
    let mut total = 0;
    for sq in xiangqi::Square::all() {
        for d in Direction::ORTHOGONAL {
            for to in sq.ray_squares(d) {
                total += 1;
                if occupied.contains(to) {
                    break;
                }
            }
        }
    }
    total
}

fn rays(c: &mut Criterion) {
    // The xiangqi start position's occupancy, from its FEN piece placement.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let mut occupied = xiangqi::Bitboard::EMPTY;
    let mut index = 0usize;
    for c in fen.chars() {
        match c {
            '/' => {}
            d if d.is_ascii_digit() => index += d as usize - '0' as usize,
            _ => {
                occupied.insert(xiangqi::Square::from_index(index).unwrap());
                index += 1;
            }
        }
    }
    assert_eq!(
        rook_attacks_by_rays(occupied),
        rook_attacks_by_steps(occupied)
    );
    let mut group = c.benchmark_group("xiangqi_rook_attacks_all_squares");
    group.bench_function("ray_tables", |b| {
        b.iter(|| rook_attacks_by_rays(black_box(occupied)))
    });
    group.bench_function("stepping", |b| {
        b.iter(|| rook_attacks_by_steps(black_box(occupied)))
    });
    group.finish();
}

fn flood_fill(c: &mut Criterion) {
    let grid = Grid::square(19).unwrap();
    let masks = grid.masks::<6>().unwrap();
    c.bench_function("grid_flood_fill_19x19_from_corner", |b| {
        b.iter(|| {
            let mut region = GridBits::<6>::from_point(0);
            loop {
                let grown = region | masks.adjacent(&region);
                if grown == region {
                    break region.count();
                }
                region = grown;
            }
        })
    });
}

fn notation(c: &mut Criterion) {
    let grid = Grid::square(19).unwrap();
    let vertices: Vec<String> = grid.points().map(|p| gtp::format(&grid, p)).collect();
    c.bench_function("gtp_parse_361_vertices", |b| {
        b.iter(|| {
            vertices
                .iter()
                .map(|v| gtp::parse(&grid, black_box(v)).map_or(0, |p: Point| p.index()))
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, neighbours, rays, flood_fill, notation);
criterion_main!(benches);
