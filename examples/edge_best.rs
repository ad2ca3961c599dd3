//! The max-score benchmark (P3): the search behind `tessera edge best` on one core for a
//! while, the score at 10, 60, 300 and 600 s, and every new best with its time.
//!
//!   cargo run --release --no-default-features --example edge_best -- FILE [SECONDS] [SEED]
//!   cargo run --release --no-default-features --example edge_best -- painted [SECONDS] [SEED]
//!
//! FILE is a piece list in the common text format, read with turning tiles (a list you own,
//! such as Eternity II's, kept outside the repository). `painted` paints a 16 x 16 board with
//! Eternity II's statistics from SEED ([`generate::eternity_like`]). SECONDS defaults to 600, SEED to 0.

use tessera::support::budget::Budget;
use tessera::tiles::{best, generate, parse_text};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map(String::as_str).unwrap_or("painted");
    let seconds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(600);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let puzzle = if what == "painted" {
        generate::eternity_like(seed).0
    } else {
        let text = std::fs::read_to_string(what).unwrap_or_else(|e| panic!("{what}: {e}"));
        parse_text(&text, true).unwrap_or_else(|e| panic!("{what}: {e}"))
    };
    puzzle.validate().unwrap_or_else(|e| panic!("{what}: {e}"));
    println!("{what}: {} x {} board, {} seconds on one core, seed {seed}", puzzle.cols, puzzle.rows, seconds);
    let opts = best::Options { budget: Budget::ms(Some(seconds * 1000)), seed };
    let found = best::best(&puzzle, &opts, |ms, score, _| println!("{:>10.1} s  {score}", ms / 1000.0));
    let at = |s: f64| found.history.iter().take_while(|h| h.0 <= s * 1000.0).last().map_or(0, |h| h.1);
    let marks: Vec<String> = [10.0, 60.0, 300.0, 600.0]
        .iter()
        .filter(|&&s| s <= seconds as f64)
        .map(|&s| format!("{s:.0} s: {}", at(s)))
        .collect();
    println!(
        "mismatches by row (a row's own and those with the row above): {}",
        where_breaks(&puzzle, &found.placement)
    );
    println!("score {} of {} ({} nodes); {}", found.score, found.max_score, found.moves, marks.join(", "));
}

/// Per row, the mismatched sides inside it and between it and the row above.
fn where_breaks(p: &tessera::tiles::Puzzle, placement: &tessera::tiles::Placement) -> String {
    let side = |c: usize, s: usize| tessera::tiles::turned(&p.tiles[placement[c].0], placement[c].1)[s];
    let mut rows = vec![0; p.rows];
    for c in 0..p.cells() {
        let (x, y) = (c % p.cols, c / p.cols);
        if x + 1 < p.cols && side(c, 1) != side(c + 1, 3) {
            rows[y] += 1;
        }
        if y + 1 < p.rows && side(c, 2) != side(c + p.cols, 0) {
            rows[y + 1] += 1;
        }
    }
    format!("{rows:?}")
}
