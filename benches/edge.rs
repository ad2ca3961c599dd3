//! Edge matching: the exact solver on random puzzles with turning tiles and a unique
//! solution (8 x 8; 10 x 10), and the paper's LP method (HiGHS) on 6 x 6, 8 x 8 and 10 x 10
//! translation puzzles. Prints medians, node rates and LP iteration counts, then criterion times one of
//! each; and the scan for the best board with breaks (`tiles::scan`) on a 16 x 16 board like
//! Eternity II's, 3,000,000 tiles (the quick design) and 25,000,000 (the chase after the
//! opening): the breaks it reached and a digest of the board, which a change meant to keep the
//! search as it was must keep, and its rate.
//!
//! Run: `cargo bench --no-default-features --bench edge`

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use tessera::tiles::exact::{solve, Options};
use tessera::tiles::generate::{generate, Spec};
use tessera::tiles::lp;

fn puzzle(cols: usize, colors: u16, rotate: bool, unique: bool, seed: u64) -> tessera::tiles::Puzzle {
    generate(&Spec { cols, rows: cols, colors, frame_colors: None, rotate, unique, seed, max_nodes: 200_000_000 })
        .unwrap()
        .puzzle
}

fn report() {
    for (cols, colors, seeds) in [(8usize, 10u16, 1..=9u64), (10, 14, 1..=5)] {
        let mut times = Vec::new();
        let (mut nodes, mut secs) = (0u64, 0.0);
        let mut frame = 0;
        for seed in seeds {
            let p = puzzle(cols, colors, true, cols == 8, seed);
            frame = p.tiles.iter().flatten().copied().max().unwrap_or(0) as i64 - colors as i64;
            let t = Instant::now();
            let out = solve(&p, &Options { limit: 1, ..Default::default() }).unwrap();
            let s = t.elapsed().as_secs_f64();
            assert_eq!(out.solutions, 1);
            times.push(s * 1000.0);
            nodes += out.nodes;
            secs += s;
        }
        times.sort_by(f64::total_cmp);
        eprintln!(
            "exact {cols}x{cols}, turning, {frame} frame + {colors} inner colours: median {:.1} ms, worst {:.1} ms, {:.1} M nodes/s",
            times[times.len() / 2],
            times[times.len() - 1],
            nodes as f64 / secs / 1e6
        );
    }
    for cols in [6usize, 8, 10] {
        let mut its = Vec::new();
        let mut ms = Vec::new();
        let mut solved = 0;
        for seed in 1..=5 {
            let p = puzzle(cols, cols as u16, false, true, seed);
            let t = Instant::now();
            let out = lp::solve(&p, &lp::Options { max_iterations: 30, ..Default::default() }).unwrap();
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            its.push(out.iterations);
            solved += usize::from(out.solved);
        }
        eprintln!(
            "lp {cols}x{cols} (point): iterations {its:?}, solved {solved}/5, ms {:?}",
            ms.iter().map(|m| m.round()).collect::<Vec<_>>()
        );
        let p = puzzle(cols, cols as u16, false, true, 1);
        let t = Instant::now();
        let out =
            lp::solve(&p, &lp::Options { max_iterations: 30, basis: lp::Basis::Exponential, ..Default::default() })
                .unwrap();
        eprintln!(
            "lp {cols}x{cols} (exponential): {} iterations, permutation {}, solved {}, {:.0} ms",
            out.iterations,
            out.permutation,
            out.solved,
            t.elapsed().as_secs_f64() * 1000.0
        );
    }
}

fn benches(c: &mut Criterion) {
    report();
    let p8 = puzzle(8, 10, true, true, 1);
    let l6 = puzzle(6, 6, false, true, 1);
    let l10 = generate(&Spec {
        cols: 10,
        rows: 10,
        colors: 10,
        frame_colors: None,
        rotate: false,
        unique: false,
        seed: 1,
        max_nodes: 0,
    })
    .unwrap()
    .puzzle;
    let mut g = c.benchmark_group("edge");
    g.sample_size(10);
    g.bench_function("exact_8x8_turning_unique", |b| {
        b.iter(|| black_box(solve(&p8, &Options { limit: 1, ..Default::default() }).unwrap().nodes))
    });
    g.bench_function("lp_6x6", |b| {
        b.iter(|| {
            black_box(lp::solve(&l6, &lp::Options { max_iterations: 30, ..Default::default() }).unwrap().iterations)
        })
    });
    g.bench_function("lp_10x10", |b| {
        b.iter(|| {
            black_box(lp::solve(&l10, &lp::Options { max_iterations: 30, ..Default::default() }).unwrap().iterations)
        })
    });
    g.finish();
    let (e2, _) = tessera::tiles::generate::eternity_like(4);
    let scan = |nodes: u64| {
        let budget = tessera::support::budget::Budget::nodes(nodes);
        let (found, laid, _) = tessera::tiles::scan::search(&e2, &budget, 1, |_| {});
        let digest = |f: &tessera::tiles::scan::Found| {
            f.placement
                .iter()
                .fold(0u64, |h, &(t, r)| h.wrapping_mul(1_000_003).wrapping_add((t * 4 + r as usize) as u64))
        };
        (found.as_ref().map(|f| f.breaks), found.as_ref().map_or(0, digest), laid)
    };
    for nodes in [3_000_000, 25_000_000] {
        let t = Instant::now();
        let (breaks, digest, laid) = scan(nodes);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "scan 16x16, {nodes} tiles: {breaks:?} breaks, board {digest:016x}, {laid} laid, {:.1} M tiles/s",
            laid as f64 / secs / 1e6
        );
    }
    let mut g = c.benchmark_group("scan");
    g.sample_size(10);
    g.bench_function("scan_16x16_3M", |b| b.iter(|| black_box(scan(3_000_000))));
    g.bench_function("scan_16x16_25M", |b| b.iter(|| black_box(scan(25_000_000))));
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
