//! Tangram solving over the whole classic pack with the geometric solver (first solution),
//! and the lattice exact-cover solver beside it; the curved pack (egg, heart, circle) with the
//! geometric solver (goal: median at most 50 ms, worst at most 2 s a level).
//!
//! Run: `cargo bench --no-default-features --bench solve`

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use tessera::solve::geometric::{solve, Options};

/// One pass over a pack's levels, printing median and worst times and the node rate; returns
/// the slowest level's id.
fn report(pack: &str, levels: &[tessera::level::Level], opts: &Options) -> String {
    let mut times = Vec::new();
    let mut nodes = 0u64;
    let t_all = Instant::now();
    for l in levels {
        let t = Instant::now();
        let out = solve(&l.set, &l.target, opts).unwrap();
        assert!(!out.solutions.is_empty(), "{}", l.id);
        times.push((t.elapsed().as_secs_f64() * 1000.0, l.id.clone(), out.nodes));
        nodes += out.nodes;
    }
    let total = t_all.elapsed().as_secs_f64();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (median, worst) = (&times[times.len() / 2], &times[times.len() - 1]);
    eprintln!(
        "{pack} pack, {} levels: median {:.2} ms, worst {:.2} ms ({}, {} nodes); {} nodes in {:.3} s = {:.0} nodes/s",
        times.len(),
        median.0,
        worst.0,
        worst.1,
        worst.2,
        nodes,
        total,
        nodes as f64 / total
    );
    worst.1.clone()
}

/// The packs of the curved sets.
const CURVED: [&str; 3] = ["egg", "heart", "circle"];

fn pack(c: &mut Criterion) {
    let packs = tessera::level::embedded_packs();
    let levels = packs.iter().find(|p| p.id == "classic").unwrap().levels.clone();
    let opts = Options { limit: 1, ..Options::default() };
    // One pass to report per-level times and node rates (criterion times the whole pack below).
    let worst = report("classic", &levels, &opts);
    for p in packs.iter().filter(|p| {
        p.id != "classic"
            && p.levels.iter().all(|l| {
                l.data::<tessera::family::polyomino::PolyLevel>().is_none()
                    && l.data::<tessera::family::tiles::TilesLevel>().is_none()
            })
    }) {
        report(&p.id, &p.levels, &opts);
    }
    // The three curved sets' packs together (their generated figures are in `abstract`).
    let curved: Vec<_> =
        packs.iter().filter(|p| CURVED.contains(&p.id.as_str())).flat_map(|p| p.levels.clone()).collect();
    let worst_curved = report("curved sets", &curved, &opts);
    let hardest_curved = curved.iter().find(|l| l.id == worst_curved).unwrap().clone();
    let hardest = levels.iter().find(|l| l.id == worst).unwrap().clone();
    let mut g = c.benchmark_group("solve");
    g.sample_size(20);
    g.bench_function("geometric/whole_classic_pack", |b| {
        b.iter(|| {
            for l in &levels {
                black_box(solve(&l.set, &l.target, &opts));
            }
        })
    });
    g.bench_function("geometric/hardest_level", |b| b.iter(|| black_box(solve(&hardest.set, &hardest.target, &opts))));
    g.bench_function("geometric/whole_curved_pack", |b| {
        b.iter(|| {
            for l in &curved {
                black_box(solve(&l.set, &l.target, &opts));
            }
        })
    });
    g.bench_function("geometric/hardest_curved_level", |b| {
        b.iter(|| black_box(solve(&hardest_curved.set, &hardest_curved.target, &opts)))
    });
    g.bench_function("lattice/whole_classic_pack", |b| {
        b.iter(|| {
            for l in &levels {
                black_box(tessera::solve::lattice::solve_in_frame(&l.set, &l.target, l.lattice_turn().unwrap(), 1));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, pack);
criterion_main!(benches);
