//! Edge matching under shuffles: each Eternity II clue puzzle (tests/data/eternity2) with its
//! tiles listed in another order and turned at random, solved by every method; and generated
//! boards, solved by every method within a time limit.
//!
//!   cargo run --release --no-default-features --example edge_bench -- clues [SHUFFLES] [TIMEOUT_MS] [METHODS]
//!   cargo run --release --no-default-features --example edge_bench -- generated [SEEDS] [TIMEOUT_MS] [METHODS]
//!   cargo run --release --no-default-features --example edge_bench -- write DIR [SHUFFLES]
//!   cargo run --release --no-default-features --example edge_bench -- eternity [SIDE] [SEEDS] [TIMEOUT_MS] [METHODS]
//!
//! METHODS is a comma-separated list of fixed (the search, one run in a fixed order), exact
//! (the search with restarts), sat and auto (default: all four). `generated` makes 10 x 10
//! boards with 10 colours and turning tiles from seeds 1..=SEEDS (default 5). `write` saves the
//! shuffled clue puzzles as text files, for other solvers. `eternity` makes SIDE x SIDE boards
//! with Eternity II's statistics ([`generate::eternity_like_sized`], no clue; SIDE default 8)
//! from seeds 1..=SEEDS (default 4) and solves each from scratch (default methods: exact).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};
use tessera::tiles::{exact, generate, parse_text, portfolio, sat, turned, Puzzle};

const CLUES: [&str; 4] = ["clue1", "clue2", "clue3", "clue4"];

fn clue(name: &str) -> Puzzle {
    let path = format!("{}/tests/data/eternity2/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    parse_text(&std::fs::read_to_string(&path).expect("the clue file"), true).expect("a valid puzzle")
}

/// The puzzle with its tiles in another order, each turned at random (seed `k`).
fn shuffled(p: &Puzzle, k: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(k);
    let mut tiles = p.tiles.clone();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    for t in tiles.iter_mut() {
        *t = turned(t, (rng.next_u64() % 4) as u8);
    }
    Puzzle { tiles, ..p.clone() }
}

/// Solves once: (solved, milliseconds).
fn run(method: &str, p: &Puzzle, timeout: Duration) -> (bool, f64) {
    let t0 = Instant::now();
    let opts = exact::Options {
        limit: 1,
        budget: tessera::support::budget::Budget::default().with_deadline(Some(t0 + timeout)),
        fixed_order: method == "fixed",
        ..Default::default()
    };
    let out = match method {
        "sat" => sat::solve(p, &opts),
        "auto" => portfolio::solve(p, &opts).map(|(o, _)| o),
        _ => exact::solve(p, &opts),
    };
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    let ok = out.is_ok_and(|o| o.first.is_some_and(|s| p.check(&s).is_ok()));
    (ok, ms)
}

fn row(method: &str, name: &str, times: &[(bool, f64)]) {
    let solved: Vec<f64> = times.iter().filter(|t| t.0).map(|t| t.1).collect();
    let mut all: Vec<f64> = times.iter().map(|t| t.1).collect();
    all.sort_by(f64::total_cmp);
    let median = all[all.len() / 2];
    let worst = all.last().copied().unwrap_or(0.0);
    println!("| {method} | {name} | {}/{} | {median:.1} | {worst:.1} |", solved.len(), times.len());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map_or("clues", |s| s.as_str());
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let list = |i: usize, d: &str| args.get(i).map_or(d, |s| s.as_str()).split(',').map(str::to_string).collect();
    let methods: Vec<String> = list(3, "fixed,exact,sat,auto");
    match what {
        "eternity" => {
            let side = num(1, 8) as usize;
            let timeout = Duration::from_millis(num(3, 60_000));
            let (rim, middle) = generate::eternity_colours(side);
            println!("{side} x {side}, {rim} rim + {middle} middle colours, turning tiles, no clue");
            println!("| method | board | solved | median ms | worst ms |\n|---|---|---|---|---|");
            let methods: Vec<String> = list(4, "exact");
            for seed in 1..=num(2, 4) {
                let (p, _) = generate::eternity_like_sized(side, seed);
                for m in &methods {
                    row(m, &format!("{side}x{side} seed {seed}"), &[run(m, &p, timeout)]);
                }
            }
        }
        "write" => {
            let dir = args.get(1).expect("a folder");
            std::fs::create_dir_all(dir).expect("the folder");
            for name in CLUES {
                let p = clue(name);
                for k in 1..=num(2, 20) {
                    let q = shuffled(&p, k);
                    let mut text = format!("{} {}\n", q.cols, q.rows);
                    for t in &q.tiles {
                        text += &format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]);
                    }
                    std::fs::write(format!("{dir}/{name}-{k}.txt"), text).expect("write");
                }
            }
        }
        "generated" => {
            let timeout = Duration::from_millis(num(2, 60_000));
            println!("| method | board | solved | median ms | worst ms |\n|---|---|---|---|---|");
            for seed in 1..=num(1, 5) {
                let spec = generate::Spec {
                    cols: 10,
                    rows: 10,
                    colors: 10,
                    frame_colors: None,
                    rotate: true,
                    unique: false,
                    seed,
                    max_nodes: 1, // no solving while generating
                };
                let g = generate::generate(&spec).expect("a generated board");
                for m in &methods {
                    row(m, &format!("10x10 seed {seed}"), &[run(m, &g.puzzle, timeout)]);
                }
            }
        }
        _ => {
            let (shuffles, timeout) = (num(1, 20), Duration::from_millis(num(2, 5000)));
            println!("| method | puzzle | solved | median ms | worst ms |\n|---|---|---|---|---|");
            for m in &methods {
                for name in CLUES {
                    let p = clue(name);
                    let times: Vec<(bool, f64)> = (1..=shuffles).map(|k| run(m, &shuffled(&p, k), timeout)).collect();
                    row(m, name, &times);
                }
            }
        }
    }
}
