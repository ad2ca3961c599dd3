//! Polyform enumeration and packing.
//!
//! Run: `cargo bench --no-default-features --bench polyform`
//! Prints how enumeration time grows with n, then criterion times the goals: all 6 x 10
//! pentomino solutions (raw and unique, one and two threads), the twelve flat pentominoes as
//! pentacubes in 2 x 5 x 6 and 3 x 4 x 5 (unique, one and two threads). Issue 15's goals: 6 x 10
//! unique at most 0.3 s, 3 x 4 x 5 at most 10 s on one core, two threads at least 1.7x faster
//! than one, 2 x 5 x 6 at least 5x faster than plain dancing links (that comparison is
//! `examples/dlx_compare.rs`, run side by side). Then the Soma cube, parts of 10 cells
//! in 2D and 8 cells in 3D, and play on the shipped Soma cube level (a hint from the empty
//! board, a hint that must name a tipped-over piece, judging the full cube).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use tessera::polyform::enumerate::count;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::Symmetry;

fn specs(name: &str) -> Vec<PartSpec> {
    PartSpec::set(name).expect("a built-in set")
}

fn growth() {
    for (dim, sym, range) in [(2u8, Symmetry::RotationsAndMirrors, 6..=12usize), (3, Symmetry::Rotations, 5..=9)] {
        let mut last = None;
        for n in range {
            let t = Instant::now();
            let k = count(dim, n, sym);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            let ratio = last.map_or(String::new(), |l: f64| format!(" (x{:.1})", ms / l));
            eprintln!("parts {dim}D n = {n}: {k} in {ms:.1} ms{ratio}");
            last = Some(ms);
        }
    }
}

fn benches(c: &mut Criterion) {
    growth();
    let pento = specs("pentominoes");
    let soma = specs("soma");
    let b610 = Board::boxed(10, 6, 0).unwrap();
    let cube = Board::boxed(3, 3, 3).unwrap();
    let mut g = c.benchmark_group("pack");
    g.sample_size(10);
    for (name, unique, threads) in [
        ("6x10/all", false, 1),
        ("6x10/all_2_threads", false, 2),
        ("6x10/unique", true, 1),
        ("6x10/unique_2_threads", true, 2),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                black_box(solve(&b610, &pento, &PackOptions { unique, threads, ..PackOptions::new(2) }).solutions)
            })
        });
    }
    for (x, y, z) in [(2, 5, 6), (3, 4, 5)] {
        let board = Board::boxed(x, y, z).unwrap();
        for (suffix, threads) in [("", 1), ("_2_threads", 2)] {
            g.bench_function(format!("pentacubes_{x}x{y}x{z}/unique{suffix}"), |b| {
                b.iter(|| {
                    let opts = PackOptions { unique: true, threads, ..PackOptions::new(3) };
                    black_box(solve(&board, &pento, &opts).solutions)
                })
            });
        }
    }
    g.bench_function("soma/all", |b| b.iter(|| black_box(solve(&cube, &soma, &PackOptions::new(3)).solutions)));
    g.bench_function("soma/unique", |b| {
        b.iter(|| black_box(solve(&cube, &soma, &PackOptions { unique: true, ..PackOptions::new(3) }).solutions))
    });
    g.finish();
    let mut g = c.benchmark_group("parts");
    g.sample_size(10);
    g.bench_function("2d_free_n10", |b| b.iter(|| black_box(count(2, 10, Symmetry::RotationsAndMirrors))));
    g.bench_function("2d_free_n10_listed", |b| {
        b.iter(|| black_box(tessera::polyform::enumerate::parts(2, 10, Symmetry::RotationsAndMirrors).len()))
    });
    g.bench_function("3d_rotations_n8", |b| b.iter(|| black_box(count(3, 8, Symmetry::Rotations))));
    g.bench_function("3d_rotations_n8_listed", |b| {
        b.iter(|| black_box(tessera::polyform::enumerate::parts(3, 8, Symmetry::Rotations).len()))
    });
    g.finish();
    let packs = tessera::level::embedded_packs();
    let level = packs.iter().flat_map(|p| p.levels.iter()).find(|l| l.id == "soma-cube").unwrap();
    let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    let hint = |placed: &[tessera::pieces::Placement]| {
        tessera::family::polyomino::hint(&poly.board, &poly.parts, &poly.piece_part, placed, &Default::default())
    };
    let mut tipped: Vec<_> = level.solution.iter().filter(|p| p.piece != 3).copied().collect();
    tipped.push(tessera::pieces::Placement {
        rot: tessera::polyform::place::turn(level.solution[3].rot, 0, 1),
        ..level.solution[3]
    });
    let mut g = c.benchmark_group("play");
    g.bench_function("soma/hint_empty", |b| b.iter(|| black_box(hint(&[]))));
    g.bench_function("soma/hint_tipped", |b| b.iter(|| black_box(hint(&tipped))));
    g.bench_function("soma/judge_solution", |b| b.iter(|| black_box(poly.judge(&level.solution))));
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
