//! Verification speed: the 7-piece tangram (anchored and free), the 9-piece curved egg, and
//! growing lattice assemblies, beside the union of the same pieces by the i_overlay boolean
//! library.
//!
//! Run: `cargo bench --no-default-features --bench verify`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use std::hint::black_box;
use tessera::format::PuzzleFile;
use tessera::geom::{pt, Motion};
use tessera::verify::{Mode, Piece, Puzzle};

#[path = "../tests/common/mod.rs"]
mod common;
use common::*;

fn build(target: &[RingV], pieces: &[RingV], mode: Mode) -> (Puzzle, Vec<Piece>) {
    PuzzleFile {
        target: target.to_vec(),
        pieces: pieces.iter().map(|r| vec![r.clone()]).collect(),
        mode,
        allow_mirror: false,
        tolerance: None,
    }
    .build()
    .unwrap()
}

/// A w x h rectangle of cells, every cell cut into two triangles: 2*w*h pieces, turned by 45
/// degrees so that coordinates involve sqrt2.
fn grid(w: i64, h: i64) -> (Vec<RingV>, Vec<RingV>) {
    let cells: Vec<(i64, i64)> = (0..w).flat_map(|x| (0..h).map(move |y| (x, y))).collect();
    let cuts: Vec<u8> = (0..cells.len()).map(|i| 1 + (i % 2) as u8).collect();
    let a = lattice_assembly(&cells, &cuts, 1, (0, 0));
    (to_rings(&a.cells), to_rings(&a.pieces))
}

fn union_with_i_overlay(pieces: &[RingV]) -> usize {
    let subj: Vec<Vec<[f64; 2]>> = pieces.iter().map(|r| r.iter().map(|v| [v.at.x, v.at.y]).collect()).collect();
    FloatOverlay::with_subj(&subj).overlay(OverlayRule::Subject, FillRule::NonZero).len()
}

fn tangram(c: &mut Criterion) {
    let (target, pieces) = tangram_square(0);
    let mut g = c.benchmark_group("tangram7");
    let (puzzle, built) = build(&target, &pieces, Mode::Anchored);
    assert!(puzzle.judge(&built).solved);
    g.bench_function("anchored", |b| b.iter(|| black_box(puzzle.judge(black_box(&built)))));
    // Unsolved boards (what the game judges most): four pieces placed, one stray.
    let mut partial = pieces[..4].to_vec();
    partial.push(translated(&pieces[6], tessera::geom::pt(6.0, 0.0)));
    let (puzzle_p, built_p) = build(&target, &partial, Mode::Anchored);
    assert!(!puzzle_p.judge(&built_p).solved);
    g.bench_function("anchored_unsolved", |b| b.iter(|| black_box(puzzle_p.judge(black_box(&built_p)))));
    let m = Motion { mirror: false, angle: 0.61, shift: pt(12.0, -7.0) };
    let (puzzle, built) = build(&target, &moved_all(&pieces, &m), Mode::Free);
    assert!(puzzle.judge(&built).solved);
    g.bench_function("free", |b| b.iter(|| black_box(puzzle.judge(black_box(&built)))));
    let moved_partial = moved_all(&pieces[..5], &m);
    let (puzzle_f, built_f) = build(&target, &moved_partial, Mode::Free);
    g.bench_function("free_unsolved", |b| b.iter(|| black_box(puzzle_f.judge(black_box(&built_f)))));
    g.bench_function("i_overlay_union", |b| b.iter(|| black_box(union_with_i_overlay(black_box(&pieces)))));
    g.finish();
}

/// What normalisation costs: reading the 7-piece puzzle into the engine (every ring through
/// `normalize`), as drawn, and with the target drawn the way a boolean library writes a
/// figure that touches itself (the square with the small square's corner pinched out of it:
/// the pinch is split on every build).
/// The 9-piece Egg of Columbus, solved (goal: at most 30 us), and with its cap turned.
fn egg(c: &mut Criterion) {
    let egg = tessera::pieces::curved::egg();
    let step = egg.set.step();
    let place = |sol: &[tessera::pieces::Placement]| -> Vec<RingV> {
        sol.iter().map(|p| p.apply(&egg.set.pieces[p.piece], step).remove(0)).collect()
    };
    let target = vec![egg.home.clone()];
    let mut g = c.benchmark_group("egg9");
    let (puzzle, built) = build(&target, &place(&egg.solution), Mode::Anchored);
    assert!(puzzle.judge(&built).solved);
    g.bench_function("anchored", |b| b.iter(|| black_box(puzzle.judge(black_box(&built)))));
    let (puzzle, built) = build(&target, &place(&egg.solution), Mode::Free);
    assert!(puzzle.judge(&built).solved);
    g.bench_function("free", |b| b.iter(|| black_box(puzzle.judge(black_box(&built)))));
    let mut wrong = egg.solution.clone();
    wrong[3].rot = 1;
    let (puzzle, built) = build(&target, &place(&wrong), Mode::Anchored);
    assert!(!puzzle.judge(&built).solved);
    g.bench_function("anchored_unsolved", |b| b.iter(|| black_box(puzzle.judge(black_box(&built)))));
    g.finish();
}

fn normalisation(c: &mut Criterion) {
    let (target, pieces) = tangram_square(0);
    let mut g = c.benchmark_group("build7");
    g.bench_function("build", |b| b.iter(|| black_box(build(black_box(&target), black_box(&pieces), Mode::Anchored))));
    // The two lobes of the paper's figure 2 as one ring through (2, 2), and its three pieces.
    let pinched = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (3.0, 2.0), (3.0, 3.0), (2.0, 3.0), (2.0, 2.0)])];
    let three = [
        poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]),
        poly(&[(2.0, 2.0), (3.0, 2.0), (3.0, 3.0)]),
        poly(&[(2.0, 2.0), (3.0, 3.0), (2.0, 3.0)]),
    ];
    let lobes =
        vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]), poly(&[(2.0, 2.0), (3.0, 2.0), (3.0, 3.0), (2.0, 3.0)])];
    g.bench_function("build_lobes", |b| {
        b.iter(|| black_box(build(black_box(&lobes), black_box(&three), Mode::Anchored)))
    });
    g.bench_function("build_pinched", |b| {
        b.iter(|| black_box(build(black_box(&pinched), black_box(&three), Mode::Anchored)))
    });
    g.finish();
}

fn scaling(c: &mut Criterion) {
    let mut g = c.benchmark_group("assembly");
    for (w, h) in [(4, 2), (8, 4), (16, 8)] {
        let (target, pieces) = grid(w, h);
        let n = pieces.len();
        let (puzzle, built) = build(&target, &pieces, Mode::Anchored);
        assert!(puzzle.judge(&built).solved);
        g.bench_with_input(BenchmarkId::new("anchored", n), &built, |b, built| {
            b.iter(|| black_box(puzzle.judge(built)))
        });
        g.bench_with_input(BenchmarkId::new("i_overlay_union", n), &pieces, |b, p| {
            b.iter(|| black_box(union_with_i_overlay(p)))
        });
    }
    g.finish();
}

criterion_group!(benches, tangram, egg, scaling, normalisation);
criterion_main!(benches);
