//! How large a row-by-row search of an E2-like board is (P3, target 4: an 8 x 8 board with
//! Eternity II's statistics solved from scratch within 60 s on one core), by Knuth's estimator
//! (1975). A path goes down the search, each step taking one of the fitting tile turns at
//! random, and adds up the products of the branching counts along it; the mean over many
//! paths is an unbiased estimate of the tree's node count. The search is the plain one the
//! issue counts: cells in reading order, each taking every unused tile turn that shows the
//! frame where the frame is and matches the colours north and west of it.
//!
//! Then the exact solver ([`exact`]) runs its counting run on the same board for at most 10 s.
//! That run walks the same tree in reading order (no corner is pinned when every solution is
//! counted), so it gives the node rate, and on a board small enough the true size to set
//! against the estimate. With the rate, the last column says what share of the tree 60 s walks.
//! Every solution is in the tree four times, turned with the board, and a board painted with
//! these colours most likely has no other than its own; so a first solution comes after about
//! a fifth of the tree, on average, in a random order.
//!
//!   cargo run --release --no-default-features --example edge_tree -- [SIDE] [SEEDS] [PATHS]
//!
//! SIDE defaults to 8 (boards from [`generate::eternity_like_sized`], seeds 1..=SEEDS), SEEDS to
//! 4, PATHS to 2,000,000 per board (in four quarters, whose spread shows the estimate's).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::{Duration, Instant};
use tessera::support::budget::Budget;
use tessera::tiles::{exact, generate, turned, Puzzle, E, N, S, W};

/// Per cell key (frame pattern, north colour, west colour): the tile turns that fit.
struct Fits {
    colours: usize,
    lists: Vec<Vec<(u16, [u16; 4])>>,
}

impl Fits {
    fn new(p: &Puzzle) -> Fits {
        let colours = p.tiles.iter().flatten().map(|&c| c as usize + 1).max().unwrap_or(1);
        let mut lists = vec![Vec::new(); 16 * colours * colours];
        for (t, tile) in p.tiles.iter().enumerate() {
            let mut seen = Vec::new();
            for r in 0..4 {
                let s = turned(tile, r);
                if seen.contains(&s) {
                    continue;
                }
                seen.push(s);
                let frame = (0..4).filter(|&k| s[k] == 0).fold(0, |m, k| m | 1 << k);
                lists[(frame * colours + s[N] as usize) * colours + s[W] as usize].push((t as u16, s));
            }
        }
        Fits { colours, lists }
    }
}

/// One random path: the sum of the products of the branching counts along it (the root
/// counted as 1).
fn path(
    p: &Puzzle,
    fits: &Fits,
    frames: &[usize],
    rng: &mut impl RngCore,
    used: &mut [bool],
    laid: &mut [[u16; 4]],
) -> f64 {
    used.iter_mut().for_each(|u| *u = false);
    let (mut sum, mut product) = (1.0, 1.0);
    let mut fit = Vec::with_capacity(64);
    for c in 0..p.cells() {
        let (x, y) = (c % p.cols, c / p.cols);
        let north = if y > 0 { laid[c - p.cols][S] } else { 0 };
        let west = if x > 0 { laid[c - 1][E] } else { 0 };
        fit.clear();
        let key = (frames[c] * fits.colours + north as usize) * fits.colours + west as usize;
        fit.extend(fits.lists[key].iter().filter(|(t, _)| !used[*t as usize]));
        if fit.is_empty() {
            break;
        }
        product *= fit.len() as f64;
        sum += product;
        let (t, s) = fit[(rng.next_u64() % fit.len() as u64) as usize];
        used[t as usize] = true;
        laid[c] = s;
    }
    sum
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (side, seeds, paths) = (num(0, 8) as usize, num(1, 4), num(2, 2_000_000));
    let (rim, middle) = generate::eternity_colours(side);
    println!("{side} x {side}, {rim} rim + {middle} middle colours, turning tiles; {paths} paths per board");
    println!("| board | tree (nodes) | spread of 4 quarters | exact solver | 60 s walks |\n|---|---|---|---|---|");
    for seed in 1..=seeds {
        let (p, _) = generate::eternity_like_sized(side, seed);
        let fits = Fits::new(&p);
        let near = p.neighbours();
        let frames: Vec<usize> =
            near.iter().map(|n| (0..4).filter(|&k| n[k].is_none()).fold(0, |m, k| m | 1 << k)).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut used, mut laid) = (vec![false; p.tiles.len()], vec![[0u16; 4]; p.cells()]);
        let quarters: Vec<f64> = (0..4)
            .map(|_| {
                (0..paths / 4).map(|_| path(&p, &fits, &frames, &mut rng, &mut used, &mut laid)).sum::<f64>()
                    / (paths / 4) as f64
            })
            .collect();
        let tree = quarters.iter().sum::<f64>() / 4.0;
        let (lo, hi) = quarters.iter().fold((f64::MAX, 0.0f64), |(l, h), &q| (l.min(q), h.max(q)));
        // The exact solver in reading order (its counting run, which walks its whole tree),
        // for at most 10 s: its node rate, and on a board small enough its whole tree (a corner
        // tile pinned against the board's turns, colour counts pruning), to set against the
        // estimate.
        let t0 = Instant::now();
        let opts = exact::Options {
            limit: u64::MAX,
            budget: Budget::default().with_deadline(Some(t0 + Duration::from_secs(10))),
            ..Default::default()
        };
        let out = exact::solve(&p, &opts).expect("a valid board");
        let rate = out.nodes as f64 / t0.elapsed().as_secs_f64();
        let solved = if out.complete {
            format!(" (walked: {:.2e} nodes, {} solutions)", out.nodes as f64, out.solutions)
        } else {
            String::new()
        };
        let minute = rate * 60.0;
        let share = if tree <= minute { "all of it".to_string() } else { format!("1 / {:.0}", tree / minute) };
        println!("| seed {seed} | {tree:.2e} | {lo:.2e} to {hi:.2e} | {:.1} M nodes/s{solved} | {share} |", rate / 1e6);
    }
}
