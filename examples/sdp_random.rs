//! Issue P2a's benchmark: the rank-one SDP (Algorithm 2) on figures the shipped packs do not
//! contain. Each figure is a random assembly, grown piece by piece: a piece of the set (the
//! tangram turned by eighths of a turn, the T puzzle by eighths, four to six pentominoes by
//! quarters), laid with one of its corners on a corner of the pieces already laid, kept when it
//! overlaps none of them and shares a stretch of outline with them. The figure is their union;
//! the pieces are then scattered and shuffled, each kept in its orientation (the paper's
//! setting: they only translate). Prints one line per figure, then the solved count, the
//! median and worst time, and how many figures needed a restart or were solved by an escape
//! from a stall.
//!
//!   cargo run --release --no-default-features --example sdp_random -- [FIGURES] [SECONDS] [SEED]
//!
//! Defaults: 100 figures, 30 s each, seed 1. `ONLY=k` runs figure k alone (drawn as in the list);
//! `INDEX=degree2,degree4` other index sets; `CHECK=1` first verifies each assembly as laid;
//! `RUNS=1` lists each run of the SDP (index set, steps, best objective, how it ended) and the
//! time in the conic solver; `DIAG=1` says at each step how far each piece is from its place.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::time::Instant;
use tessera::geom::{pt, Motion, Pt, Vertex};
use tessera::solve::sdp::{Dissection, Options, AUTO};
use tessera::support::budget::Budget;

type Ring = Vec<Pt>;

fn area(r: &[Pt]) -> f64 {
    (0..r.len()).map(|i| r[i].x * r[(i + 1) % r.len()].y - r[(i + 1) % r.len()].x * r[i].y).sum::<f64>() / 2.0
}

fn perimeter(r: &[Pt]) -> f64 {
    (0..r.len()).map(|i| r[i].dist(r[(i + 1) % r.len()])).sum()
}

/// The union of the rings: its outlines (holes included) as i_overlay draws them.
fn union(rings: &[Ring]) -> Vec<Ring> {
    let subj: Vec<Vec<[f64; 2]>> = rings.iter().map(|r| r.iter().map(|p| [p.x, p.y]).collect()).collect();
    let shapes = FloatOverlay::with_subj(&subj).overlay(OverlayRule::Subject, FillRule::NonZero);
    shapes.into_iter().flatten().map(|c| c.into_iter().map(|[x, y]| pt(x, y)).collect()).collect()
}

/// One set's pieces as outlines, each turned by a random multiple of `step` degrees.
fn pieces(kind: u32, rng: &mut impl RngCore) -> (&'static str, Vec<Ring>) {
    let (name, step, set) = match kind {
        0 => ("tangram", 45.0f64, tessera::pieces::PieceSet::builtin("tangram")),
        1 => ("tpuzzle", 45.0, tessera::pieces::PieceSet::builtin("tpuzzle")),
        _ => ("pentominoes", 90.0, tessera::pieces::PieceSet::builtin("pentominoes")),
    };
    let set = set.expect("a built-in set");
    let mut defs: Vec<_> = set.pieces.iter().collect();
    if kind >= 2 {
        // Four to six of the twelve.
        for i in (1..defs.len()).rev() {
            defs.swap(i, rng.next_u32() as usize % (i + 1));
        }
        defs.truncate(4 + rng.next_u32() as usize % 3);
    }
    let turns = (360.0 / step) as u32;
    let rings = defs
        .iter()
        .map(|d| {
            let m = Motion {
                mirror: false,
                angle: (rng.next_u32() % turns) as f64 * step.to_radians(),
                shift: pt(0.0, 0.0),
            };
            tessera::pieces::move_ring(&d.rings[0], &m).iter().map(|v| v.at).collect()
        })
        .collect();
    (name, rings)
}

/// Lays the pieces one by one, corner on corner; `None` when a piece finds no place.
fn assemble(rings: &[Ring], rng: &mut impl RngCore) -> Option<Vec<Ring>> {
    let mut laid: Vec<Ring> = vec![rings[0].clone()];
    for r in &rings[1..] {
        let placed = (0..400).find_map(|_| {
            let host = &laid[rng.next_u32() as usize % laid.len()];
            let at = host[rng.next_u32() as usize % host.len()];
            let own = r[rng.next_u32() as usize % r.len()];
            let moved: Ring = r.iter().map(|&p| p + (at - own)).collect();
            let mut with = laid.clone();
            with.push(moved.clone());
            let u = union(&with);
            let (sum, got) = (with.iter().map(|r| area(r).abs()).sum::<f64>(), u.iter().map(|r| area(r)).sum::<f64>());
            let old: f64 = union(&laid).iter().map(|r| perimeter(r)).sum();
            let shared = (old + perimeter(&moved) - u.iter().map(|r| perimeter(r)).sum::<f64>()) / 2.0;
            ((sum - got.abs()).abs() < 1e-6 * sum && shared > 0.2).then_some(moved)
        })?;
        laid.push(placed);
    }
    Some(laid)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let figures: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let seconds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let only: Option<usize> = std::env::var("ONLY").ok().and_then(|s| s.parse().ok());
    // INDEX=SET,SET,...: other index sets than the default degree2 then degree3.
    let indexes: Vec<tessera::algebra::IndexSet> = std::env::var("INDEX").map_or(AUTO.to_vec(), |s| {
        s.split(',').map(|n| tessera::algebra::IndexSet::parse(n).expect("an index set")).collect()
    });
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut made, mut solved, mut escaped, mut restarted, mut times) = (0, 0, 0, 0, Vec::new());
    while made < figures {
        let (name, rings) = pieces(rng.next_u32() % 3, &mut rng);
        let Some(laid) = assemble(&rings, &mut rng) else { continue };
        let figure: Vec<Vec<Vertex>> =
            union(&laid).into_iter().map(|r| r.into_iter().map(Vertex::from).collect()).collect();
        let mut scattered: Vec<(Vec<Vec<Vertex>>, usize)> = laid
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let away =
                    pt((rng.next_u32() % 2000) as f64 / 100.0 - 10.0, (rng.next_u32() % 2000) as f64 / 100.0 - 10.0);
                (vec![r.iter().map(|&p| Vertex::from(p + away)).collect()], k)
            })
            .collect();
        for i in (1..scattered.len()).rev() {
            scattered.swap(i, rng.next_u32() as usize % (i + 1));
        }
        let truth: Vec<usize> = scattered.iter().map(|s| s.1).collect();
        let scattered: Vec<Vec<Vec<Vertex>>> = scattered.into_iter().map(|s| s.0).collect();
        made += 1;
        if only.is_some_and(|k| k != made) {
            continue;
        }
        let d = match Dissection::new(&figure, &scattered, 1) {
            Ok(d) => d,
            Err(e) => {
                println!("figure {made} ({name}, {} pieces): not taken: {e}", laid.len());
                continue;
            }
        };
        if std::env::var("CHECK").is_ok() {
            let unmoved: Vec<Vec<Vec<Vertex>>> =
                laid.iter().map(|r| vec![r.iter().map(|&p| Vertex::from(p)).collect()]).collect();
            let d0 = Dissection::new(&figure, &unmoved, 1).expect("the figure");
            println!(
                "figure {made}: the assembly as laid verifies: {}; {} outlines",
                d0.verifies(&d0.as_given()),
                figure.len()
            );
        }
        let t0 = Instant::now();
        let mut opts = Options { budget: Budget::ms(Some(seconds * 1000)), ..Options::default() };
        // DIAG=1: per step, each piece's distance (in the figure's units) from where the
        // assembly had it, and the degree-2 equations' residual at the reading refined.
        if std::env::var("DIAG").is_ok() {
            let unmoved: Vec<Vec<Vec<Vertex>>> =
                truth.iter().map(|&k| vec![laid[k].iter().map(|&p| Vertex::from(p)).collect()]).collect();
            let d0 = Dissection::new(&figure, &unmoved, 1).expect("the figure");
            let right = d0.translations(&d0.as_given());
            let size = d0.placed(&[(1.0, 0.0)])[0].at.x - d0.placed(&[(0.0, 0.0)])[0].at.x;
            let eq = d.equations(tessera::algebra::IndexSet::Degree(2)).expect("the equations");
            opts.watch = Some(std::sync::Arc::new(move |step, t| {
                let refined = tessera::solve::sdp::refine(&eq, t);
                let residual = eq.residual(&refined).iter().map(|x| x * x).sum::<f64>().sqrt();
                let off: Vec<String> = t
                    .iter()
                    .zip(&right)
                    .map(|(a, b)| format!("{:.2}", size * ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()))
                    .collect();
                println!("    step {step}: off by {}; residual refined {residual:.1e}", off.join(" "));
            }));
        }
        let out = d.solve(&opts, &indexes).expect("equations");
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        let ok = out.placed.is_some();
        solved += usize::from(ok);
        restarted += usize::from(out.restarts > 0);
        escaped += usize::from(out.completed);
        let last = &out.runs.last().expect("a run").1;
        if std::env::var("RUNS").is_ok() {
            let sdp: f64 = out.runs.iter().flat_map(|r| r.1.sdp_ms.iter()).sum();
            let steps: usize = out.runs.iter().map(|r| r.1.iterations).sum();
            println!("  {steps} steps, {sdp:.0} ms in the conic solver");
            for (index, r) in &out.runs {
                let best = r.objectives.iter().copied().fold(f64::INFINITY, f64::min);
                println!(
                    "  {} {} steps best {best:.1e}: {}",
                    index.name(),
                    r.iterations,
                    r.stopped.as_deref().unwrap_or("step limit")
                );
            }
        }
        println!(
            "figure {made} ({name}, {} pieces): {} in {ms:.0} ms, {} runs, {} restarts, {} escapes{}",
            laid.len(),
            if ok && out.completed {
                "solved by an escape"
            } else if ok {
                "solved"
            } else {
                "NOT solved"
            },
            out.runs.len(),
            out.restarts,
            out.completions,
            if ok { String::new() } else { format!(" (last: {})", last.stopped.as_deref().unwrap_or("step limit")) }
        );
    }
    times.sort_by(f64::total_cmp);
    let ran = times.len();
    println!(
        "{solved} of {ran} solved ({:.1}%; {escaped} by an escape), median {:.0} ms, worst {:.0} ms; {restarted} needed a restart",
        100.0 * solved as f64 / ran.max(1) as f64,
        times.get(ran / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0)
    );
}
