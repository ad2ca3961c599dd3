//! The geometric solver's first solution on every shipped dissection level and on random
//! seven-piece lattice figures: the tangram's pieces laid edge to edge at random
//! ([`lattice::random_assembly`], seeded), the union's outline as the figure.
//!
//!   cargo run --release --no-default-features --example tangram_random -- [FIGURES] [SEED] [LEVEL]
//!
//! LEVEL: only the shipped levels whose `pack/id` contains it (to profile one).
//! Prints the median, the 99th percentile and the worst time of each group, the worst's
//! figure, and the nodes.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use tessera::pieces::PieceSet;
use tessera::solve::{geometric, lattice};

struct Row {
    ms: f64,
    nodes: u64,
    name: String,
}

fn solve_one(set: &PieceSet, target: &[Vec<tessera::geom::Vertex>], name: String, tolerance: Option<f64>) -> Row {
    let opts = geometric::Options { limit: 1, tolerance, no_mirror: set.step_deg >= 360.0, ..Default::default() };
    let t = Instant::now();
    let out = geometric::solve(set, target, &opts).expect("a readable figure");
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    assert!(!out.solutions.is_empty(), "{name}: no solution");
    Row { ms, nodes: out.nodes, name }
}

fn report(group: &str, rows: &mut [Row]) {
    rows.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    let n = rows.len();
    let (median, p99, worst) = (&rows[n / 2], &rows[(n * 99 / 100).min(n - 1)], &rows[n - 1]);
    let total: f64 = rows.iter().map(|r| r.ms).sum();
    println!(
        "{group}: {n} figures, median {:.3} ms, p99 {:.2} ms, worst {:.2} ms ({}, {} nodes), total {:.0} ms",
        median.ms, p99.ms, worst.ms, worst.name, worst.nodes, total
    );
    for r in rows.iter().rev().take(5) {
        println!("  {:>9.2} ms {:>9} nodes  {}", r.ms, r.nodes, r.name);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let figures: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let only = args.get(2).cloned().unwrap_or_default();

    let mut shipped = Vec::new();
    for pack in tessera::level::embedded_packs() {
        for l in &pack.levels {
            if l.data::<tessera::family::polyomino::PolyLevel>().is_some()
                || l.data::<tessera::family::tiles::TilesLevel>().is_some()
            {
                continue;
            }
            let name = format!("{}/{}", pack.id, l.id);
            if name.contains(&only) {
                shipped.push(solve_one(&l.set, &l.target, name, l.tolerance));
            }
        }
    }
    report("shipped dissections", &mut shipped);
    if figures == 0 {
        return;
    }

    let set = PieceSet::builtin("tangram").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut random = Vec::new();
    let mut k = 0u64;
    while random.len() < figures {
        k += 1;
        let mut below = |n: usize| (rng.next_u64() % n as u64) as usize;
        let Some(outline) = lattice::random_assembly(&set, &mut below) else { continue };
        let target = vec![outline.into_iter().map(Into::into).collect()];
        random.push(solve_one(&set, &target, format!("random #{k}"), None));
    }
    report("random lattice figures", &mut random);
    let mut all: Vec<Row> = shipped.into_iter().chain(random).collect();
    report("all", &mut all);
}
