//! Figures as people type them: every shipped dissection level (classic and sets packs), moved
//! to a random angle and position at a given scale, with every coordinate rounded to a number
//! of decimals, judged by `verify` (its reference assembly, rounded the same way) and solved
//! by `solve`. Prints how many verdicts were right and how many figures were solved, proved
//! impossible (a false proof: they are all solvable) or left open.
//!
//! `cargo run --release --no-default-features --example rounded -- [DECIMALS] [SCALE] [OFFSET] [SEED]`

use tessera::format::{PuzzleFile, SolveFile};
use tessera::geom::{pt, Motion, Vertex};
use tessera::level::embedded_packs;
use tessera::verify::Mode;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: f64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (decimals, scale, offset, seed) = (arg(0, 4.0) as i32, arg(1, 1.0), arg(2, 0.0), arg(3, 1.0) as u64);
    // splitmix64: a fixed sequence from the seed, on every machine.
    let mut state = seed;
    let mut unit = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as f64 / u64::MAX as f64
    };
    let round = |x: f64| {
        let k = 10f64.powi(decimals);
        (x * k).round() / k
    };
    let (mut right, mut verdicts, mut solved, mut false_proofs, mut open, mut figures) = (0, 0, 0, 0, 0, 0);
    for pack in embedded_packs() {
        for level in pack.levels.iter().filter(|l| l.family.name() == "tangram") {
            let angle = unit() * std::f64::consts::TAU;
            let m = Motion {
                mirror: false,
                angle,
                shift: pt((2.0 * unit() - 1.0) * offset, (2.0 * unit() - 1.0) * offset),
            };
            let typed = |rings: &[Vec<Vertex>]| -> Vec<Vec<Vertex>> {
                rings
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| {
                                let p = m.apply(v.at * scale);
                                Vertex::from(pt(round(p.x), round(p.y)))
                            })
                            .collect()
                    })
                    .collect()
            };
            let target = typed(&level.target);
            let pieces: Vec<_> = level.place(&level.solution).iter().map(|r| typed(r)).collect();
            let file =
                PuzzleFile { target: target.clone(), pieces, mode: Mode::Free, allow_mirror: false, tolerance: None };
            verdicts += 1;
            match file.build() {
                Ok((puzzle, pieces)) if puzzle.judge(&pieces).solved => right += 1,
                Ok((puzzle, pieces)) => {
                    let v = puzzle.judge(&pieces);
                    println!("verify wrong: {}/{} progress {:.4} overlap {}", pack.id, level.id, v.progress, v.overlap)
                }
                Err(e) => println!("verify error: {}/{}: {e}", pack.id, level.id),
            }
            // One piece moved by 1% of the unit, or turned by half a degree about its centre:
            // the assembly is wrong and must be judged so.
            let k = (unit() * level.solution.len() as f64) as usize % level.solution.len();
            let dir = unit() * std::f64::consts::TAU;
            let placed = level.place(&level.solution);
            let c = tessera::pieces::ring_centroid(&placed[k][0]);
            let nudges = [
                Motion { mirror: false, angle: 0.0, shift: pt(dir.cos(), dir.sin()) * 0.01 },
                Motion { mirror: false, angle: 0.5f64.to_radians(), shift: c - c.rotate(0.5f64.to_radians()) },
            ];
            for nudge in nudges {
                let mut pieces = file.pieces.clone();
                let moved: Vec<Vec<Vertex>> = placed[k].iter().map(|r| tessera::pieces::move_ring(r, &nudge)).collect();
                pieces[k] = typed(&moved);
                let wrong = PuzzleFile { pieces, ..file.clone() };
                verdicts += 1;
                match wrong.build() {
                    Ok((puzzle, pieces)) if !puzzle.judge(&pieces).solved => right += 1,
                    Ok(_) => println!("verify wrong: {}/{} judged solved with piece {k} off", pack.id, level.id),
                    Err(_) => right += 1,
                }
            }
            figures += 1;
            if std::env::var("DUMP").is_ok_and(|d| d == level.id) {
                let rings: Vec<Vec<[f64; 2]>> =
                    target.iter().map(|r| r.iter().map(|v| [v.at.x, v.at.y]).collect()).collect();
                let json = serde_json::json!({"target": rings, "pieces": level.set.name});
                std::fs::write("/tmp/dump.json", json.to_string()).unwrap();
            }
            let f = SolveFile { target, set: level.set.clone(), tolerance: None, allow_mirror: None };
            match tessera::cli::solve::solve_one(&f, 1, false, &tessera::support::budget::Budget::nodes(2_000_000)) {
                Ok(s) if !s.outcome.solutions.is_empty() => solved += 1,
                Ok(s) if s.outcome.complete => {
                    false_proofs += 1;
                    println!("false proof: {}/{}", pack.id, level.id);
                }
                Ok(s) => {
                    open += 1;
                    println!("open: {}/{} after {} nodes", pack.id, level.id, s.outcome.nodes);
                }
                Err(e) => println!("solve error: {}/{}: {e}", pack.id, level.id),
            }
        }
    }
    println!(
        "{decimals} decimals, scale {scale}, offset {offset}: verify {right}/{verdicts} right; \
         solve {solved}/{figures} solved, {false_proofs} false proofs, {open} open"
    );
}
