//! Measuring tool for issue 75: the game's hint on the shipped 3 x 4 x 5 pentacube box, asked
//! with the budget the desktop game gives its solver task (every core) and with one thread (the
//! game before, and the browser's worker), the two alternated in one run.
//!
//!   cargo run --release --no-default-features --example hint_threads -- [ROUNDS]
//!
//! Positions: the empty box (the first solution found), and the first position in a fixed scan
//! (one piece in the box, parts in order, turns in order, corners in order) from which no
//! solution exists: the hint must search the whole tree below it before it can say which
//! piece to move. Prints the median time of each, and checks that both thread counts answer
//! alike (a dead end names the same piece whatever the threads).

use std::time::Instant;
use tessera::family::polyomino::PolyLevel;
use tessera::pieces::{Hint, Placement};
use tessera::polyform::place::{place_at, placement_cells};
use tessera::support::budget::Budget;

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let packs = tessera::level::embedded_packs();
    let level = packs.iter().flat_map(|p| p.levels.iter()).find(|l| l.id == "pentacubes-3x4x5").expect("the level");
    let poly = level.data::<PolyLevel>().expect("a packing level");
    let cores = tessera::support::threads::cores();
    let hint = |placed: &[Placement], threads: usize| level.hint(placed, &Budget::default().with_threads(threads));
    let dead = dead_end(level, poly, cores).expect("a dead end in the scan");
    println!("dead end: piece {} turned {} at {:?}", dead.piece, dead.rot, dead.at);
    println!(
        "{:<12} {:>8} {:>14} {:>14} {:>8}",
        "position",
        "answer",
        "1 thread ms",
        format!("{cores} threads ms"),
        "speedup"
    );
    for (name, placed) in [("empty", Vec::new()), ("dead end", vec![dead])] {
        let (mut one, mut all) = (Vec::new(), Vec::new());
        let mut answers = Vec::new();
        for _ in 0..rounds {
            for (threads, times) in [(1, &mut one), (cores, &mut all)] {
                let t = Instant::now();
                let h = hint(&placed, threads);
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                answers.push(h);
            }
        }
        let answer = match &answers[0] {
            Some(Hint::Next(_)) => "next",
            Some(Hint::Move(_)) => "move",
            Some(Hint::Stuck) => "stuck",
            Some(Hint::Done) => "done",
            None => "none",
        };
        if matches!(answers[0], Some(Hint::Move(_))) {
            assert!(answers.iter().all(|a| a == &answers[0]), "the threads named different pieces: {answers:?}");
        }
        let (a, b) = (median(&mut one), median(&mut all));
        println!("{name:<12} {answer:>8} {a:>14.2} {b:>14.2} {:>7.2}x", a / b);
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The first single piece in the box, in scan order, from which the box cannot be filled.
fn dead_end(level: &tessera::level::Level, poly: &PolyLevel, threads: usize) -> Option<Placement> {
    let (x, y, z) = (4, 5, 3);
    for piece in 0..poly.pieces.len() {
        for rot in 0..24 {
            for lo in (0..z).flat_map(|k| (0..y).flat_map(move |j| (0..x).map(move |i| [i, j, k]))) {
                let p = place_at(&poly.board, piece, rot, lo);
                let part = &poly.parts[poly.piece_part[piece]].cells;
                let inside = placement_cells(&poly.board, part, &p)
                    .is_some_and(|cs| cs.iter().all(|c| poly.board.cells.contains(c)));
                if inside && level.hint(&[p], &Budget::default().with_threads(threads)) == Some(Hint::Move(piece)) {
                    return Some(p);
                }
            }
        }
    }
    None
}
