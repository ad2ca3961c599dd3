//! Issue 35's table: the paper's Algorithm 1 (`tiles::lp`) on random boards from the
//! generator (`edge generate --cols N --rows N --colors N --seed S`, as the issue states them),
//! one line per seed, then the size, the seeds solved, the median iterations and the median
//! time.
//!
//!   cargo run --release --no-default-features --example lp_boards -- SIZE [SEEDS] [TIMEOUT_MS] [turn] [microlp] [noprune]
//!
//! SEEDS defaults to 10, TIMEOUT_MS to 60000 per board; `turn` makes the tiles turn (section
//! 6.3), `microlp` solves the programs with microlp instead of HiGHS, `noprune`
//! leaves out the striking out of what each preset rules out (`tiles::prune`). Run it pinned to one
//! core (`taskset -c 1`) for one-core times.

use std::time::Instant;
use tessera::tiles::generate::{generate, Spec};
use tessera::tiles::lp;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: usize = args.first().and_then(|s| s.parse().ok()).expect("SIZE");
    let seeds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let timeout: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60_000);
    let rotate = args.iter().any(|a| a == "turn");
    let solver = if args.iter().any(|a| a == "microlp") { lp::Solver::Microlp } else { lp::Solver::Highs };
    let (mut solved, mut its, mut ms) = (0, Vec::new(), Vec::new());
    for seed in 1..=seeds {
        let spec = Spec {
            cols: size,
            rows: size,
            colors: size as u16,
            frame_colors: None,
            rotate,
            unique: false,
            seed,
            max_nodes: 0,
        };
        let puzzle = generate(&spec).expect("a board").puzzle;
        let t = Instant::now();
        let opts = lp::Options {
            max_iterations: 100_000,
            solver,
            budget: tessera::support::budget::Budget::ms(Some(timeout)),
            prune: !args.iter().any(|a| a == "noprune"),
            ..Default::default()
        };
        let out = lp::solve(&puzzle, &opts);
        let took = t.elapsed().as_secs_f64() * 1000.0;
        match out {
            Ok(o) => {
                println!(
                    "seed {seed}: solved {}, {} iterations, {} presets, {took:.0} ms",
                    o.solved, o.iterations, o.presets
                );
                if o.solved {
                    solved += 1;
                    its.push(o.iterations as f64);
                    ms.push(took);
                }
            }
            Err(e) => println!("seed {seed}: {e} ({took:.0} ms)"),
        }
    }
    println!(
        "| {size} x {size}{} | {} | {solved}/{seeds} | {} | {:.0} ms |",
        if rotate { ", turning" } else { "" },
        solver.name(),
        median(&mut its),
        median(&mut ms)
    );
}
