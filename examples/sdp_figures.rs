//! Issue 19's benchmark: the rank-one SDP (Algorithm 2) on translation-only tangram figures
//! made from the shipped levels' reference solutions (each piece turned as the solution has
//! it, then moved away and the pieces shuffled, so nothing of the answer is left but the
//! orientations). Prints, per figure, steps, time and outcome, then the share converged to a
//! verified solution, the median and worst time.
//!
//!   cargo run --release --no-default-features --example sdp_figures -- [INDEX_SET] [MAX_FIGURES] [turn90]
//!
//! `SHARE=k/n` runs only every n-th figure from the k-th (the same turns and places), so that
//! n processes can share the list; `ONLY=ID` runs one level's figure, drawn as in the whole list.
//!
//! INDEX_SET: auto (default: degree2, then degree3; with turn90 ball1 then ball2), or one of
//! degree3, grid2, axes4, ball2, ... With `turn90` each piece is also given turned by a random
//! number of quarter turns, and the SDP must find the turns too (section 6.3's duplication).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::Instant;
use tessera::algebra::IndexSet;
use tessera::solve::sdp::{Dissection, Options};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let turning = args.iter().any(|a| a == "turn90");
    let indexes: Vec<IndexSet> = match args.first().map_or("auto", |s| s.as_str()) {
        "auto" if turning => tessera::solve::sdp::AUTO_TURNING.to_vec(),
        "auto" => tessera::solve::sdp::AUTO.to_vec(),
        s => vec![IndexSet::parse(s).expect("an index set")],
    };
    let max: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let mut times = Vec::new();
    let (mut solved, mut total, mut ran) = (0, 0, 0);
    let mut per_sdp = Vec::new();
    let mut sizes = None;
    let share: Option<(usize, usize)> = std::env::var("SHARE").ok().and_then(|s| {
        let (k, n) = s.split_once('/')?;
        Some((k.parse().ok()?, n.parse().ok()?))
    });
    for pack in tessera::level::embedded_packs() {
        for level in &pack.levels {
            let only = std::env::var("ONLY").ok();
            if level.data::<tessera::family::polyomino::PolyLevel>().is_some()
                || level.data::<tessera::family::tiles::TilesLevel>().is_some()
                || level.solution.is_empty()
                || total >= max
            {
                continue;
            }
            if level.set.pieces.iter().flat_map(|p| p.rings.iter().flatten()).any(|v| v.arc.is_some()) {
                continue;
            }
            let mut pieces: Vec<Vec<Vec<tessera::geom::Vertex>>> = level
                .solution
                .iter()
                .map(|pl| {
                    let rings = pl.apply(&level.set.pieces[pl.piece], level.set.step());
                    let rings = if turning {
                        let q = rng.next_u32() % 4;
                        let m = tessera::geom::Motion {
                            mirror: false,
                            angle: q as f64 * std::f64::consts::FRAC_PI_2,
                            shift: tessera::geom::pt(0.0, 0.0),
                        };
                        rings.iter().map(|r| tessera::pieces::move_ring(r, &m)).collect()
                    } else {
                        rings
                    };
                    let away = tessera::geom::pt(
                        (rng.next_u32() % 2000) as f64 / 100.0 - 10.0,
                        (rng.next_u32() % 2000) as f64 / 100.0 - 10.0,
                    );
                    tessera::geom::shifted(&rings, away)
                })
                .collect();
            for i in (1..pieces.len()).rev() {
                pieces.swap(i, rng.next_u32() as usize % (i + 1));
            }
            total += 1;
            // SHARE=k/n: only every n-th figure from the k-th, and ONLY one figure; the draws
            // above are made for every figure, so each is drawn as in the whole list.
            if let Some((k, n)) = share {
                if (total - 1) % n != k {
                    continue;
                }
            }
            if only.is_some_and(|o| o != level.id) {
                continue;
            }
            ran += 1;
            let t0 = Instant::now();
            let d = match Dissection::new(&level.target, &pieces, if turning { 4 } else { 1 }) {
                Ok(d) => d,
                Err(e) => {
                    println!("{}/{}: not taken: {e}", pack.id, level.id);
                    continue;
                }
            };
            let out = d.solve(&Options::default(), &indexes).expect("equations");
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            times.push(ms);
            for (_, run) in &out.runs {
                per_sdp.extend(run.sdp_ms.iter().copied());
                sizes = Some(run.sizes);
            }
            let steps: Vec<String> = out.runs.iter().map(|(i, r)| format!("{} {}", i.name(), r.iterations)).collect();
            let last = &out.runs.last().expect("a run").1;
            let ok = out.placed.is_some();
            if std::env::var("SDP_DEBUG").is_ok() {
                let o: Vec<String> = last.objectives.iter().map(|x| format!("{x:.1e}")).collect();
                println!("objectives {}", o.join(" "));
            }
            solved += usize::from(ok);
            let turned = if turning {
                format!(
                    ", {} turn sets tried{}",
                    out.turn_sets_tried,
                    out.turns_changed.map_or(String::new(), |c| format!(", {c} turns changed from those read"))
                )
            } else {
                String::new()
            };
            println!(
                "{}/{}: {} after steps {}, {ms:.0} ms, rank residual {:.1e}{turned}{}",
                pack.id,
                level.id,
                if ok && out.completed {
                    "solved by an escape"
                } else if ok {
                    "solved"
                } else {
                    "NOT solved"
                },
                steps.join(", "),
                last.rank_residual,
                last.stopped.as_ref().map_or(String::new(), |s| format!(" ({s})"))
            );
        }
    }
    times.sort_by(f64::total_cmp);
    per_sdp.sort_by(f64::total_cmp);
    let med = |v: &[f64]| if v.is_empty() { 0.0 } else { v[v.len() / 2] };
    println!(
        "index set {}: {solved} of {ran} solved ({:.0}%), median {:.0} ms, worst {:.0} ms; per SDP median {:.1} ms; sizes {:?}",
        indexes.iter().map(|i| i.name()).collect::<Vec<_>>().join(" then "),
        100.0 * solved as f64 / ran.max(1) as f64,
        med(&times),
        times.last().copied().unwrap_or(0.0),
        med(&per_sdp),
        sizes
    );
}
