//! Curved assemblies: cells of a random polyomino, each a square, a quarter disc with the rest
//! of its cell, a lens between two corner pieces, or a half-disc bite with the half disc that
//! fills it (bites of radius 1/2 end at
//! the cell's corners, of radius 1/4 in the middle of its side, on a neighbour's straight side).
//! Turned to any angle, or to an exact quarter turn, they verify against their own cells; a
//! piece moved by 20 eps fails; a copy of a piece overlaps.

use crate::common;
use common::*;
use proptest::prelude::*;
use tessera::geom::{pt, Motion, Pt, Tol, Vertex};
use tessera::verify::Mode;

/// The cell's point (x, y) after `r` quarter turns about the cell's centre, exactly.
fn turn(p: (f64, f64), r: u8) -> (f64, f64) {
    (0..r % 4).fold(p, |(x, y), _| (1.0 - y, x))
}

/// The pieces of cell (cx, cy) cut by pattern `k`: 0 whole; 1..=4 a quarter disc at a corner;
/// 5..=8 a bite of radius 1/2 from a side; 9..=12 a bite of radius 1/4; 13..=14 a lens (two
/// arcs of radius 1 about opposite corners) between two corner pieces.
fn cell_pieces(cx: i64, cy: i64, k: u8) -> Vec<RingV> {
    let at = |p: (f64, f64), r: u8| {
        let (x, y) = turn(p, r);
        (x + cx as f64, y + cy as f64)
    };
    match k {
        1..=4 => {
            let r = k - 1;
            let o = at((0.0, 0.0), r);
            vec![
                vec![line(o), arc(at((1.0, 0.0), r), o, true), line(at((0.0, 1.0), r))],
                vec![line(at((1.0, 0.0), r)), line(at((1.0, 1.0), r)), arc(at((0.0, 1.0), r), o, false)],
            ]
        }
        13..=14 => {
            let r = k - 13;
            let (o, far) = (at((0.0, 0.0), r), at((1.0, 1.0), r));
            let (p, q) = (at((1.0, 0.0), r), at((0.0, 1.0), r));
            vec![
                vec![arc(p, o, true), arc(q, far, true)],
                vec![line(o), arc(p, far, false), line(q)],
                vec![line(p), line(far), arc(q, o, false)],
            ]
        }
        5..=12 => {
            let (r, rho) = if k <= 8 { (k - 5, 0.5) } else { (k - 9, 0.25) };
            let c = at((0.5, 0.0), r);
            let (lo, hi) = (at((0.5 - rho, 0.0), r), at((0.5 + rho, 0.0), r));
            let half = vec![arc(hi, c, true), line(lo)];
            let mut rest = Vec::new();
            if rho < 0.5 {
                rest.push(line(at((0.0, 0.0), r)));
            }
            rest.push(arc(lo, c, false));
            rest.push(line(hi));
            if rho < 0.5 {
                rest.push(line(at((1.0, 0.0), r)));
            }
            rest.extend([line(at((1.0, 1.0), r)), line(at((0.0, 1.0), r))]);
            vec![half, rest]
        }
        _ => vec![poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]).iter().map(|v| shift(v, cx, cy)).collect()],
    }
}

fn shift(v: &Vertex, cx: i64, cy: i64) -> Vertex {
    moved(&vec![*v], &Motion { mirror: false, angle: 0.0, shift: pt(cx as f64, cy as f64) })[0]
}

/// A curved assembly: its pieces and its cells (the target).
fn assembly(n: usize, seed: u64, cuts: &[u8]) -> (Vec<RingV>, Vec<RingV>) {
    let cells = grow_polyomino(n, seed);
    let mut pieces = Vec::new();
    let mut target = Vec::new();
    for (i, &(x, y)) in cells.iter().enumerate() {
        pieces.extend(cell_pieces(x, y, cuts[i % cuts.len()] % 15));
        target.extend(cell_pieces(x, y, 0));
    }
    (pieces, target)
}

/// Any angle, or exactly a multiple of 90 degrees (where exact zeros in the arithmetic hide).
fn motion() -> impl Strategy<Value = Motion> {
    (prop::bool::ANY, 0u8..4, 0.0f64..std::f64::consts::TAU, -50.0f64..50.0, -50.0f64..50.0).prop_map(
        |(exact, q, a, x, y)| {
            let angle = if exact { q as f64 * std::f64::consts::FRAC_PI_2 } else { a };
            let shift = if exact { pt(x.round(), y.round()) } else { pt(x, y) };
            Motion { mirror: false, angle, shift }
        },
    )
}

fn eps_of(target: &[RingV]) -> f64 {
    let bb = tessera::geom::BBox::of_rings(target);
    Tol::for_figure(bb.size(), bb.magnitude()).eps
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn curved_assemblies_verify_and_moved_pieces_do_not(
        n in 1usize..7, seed in any::<u64>(), cuts in prop::collection::vec(0u8..15, 7), m in motion(),
        pick in any::<prop::sample::Index>(), dir in 0.0f64..std::f64::consts::TAU,
    ) {
        let (pieces, target) = assembly(n, seed, &cuts);
        let (pieces, target) = (moved_all(&pieces, &m), moved_all(&target, &m));
        for mode in [Mode::Anchored, Mode::Free] {
            let v = judge(&target, &pieces, mode, false);
            prop_assert!(v.solved && !v.overlap, "{mode:?}: {v:?}");
        }
        let k = pick.index(pieces.len());
        let d: Pt = pt(dir.cos(), dir.sin()) * (20.0 * eps_of(&target));
        let mut off = pieces.clone();
        off[k] = translated(&off[k], d);
        let v = judge(&target, &off, Mode::Anchored, false);
        prop_assert!(!v.solved, "piece {k} moved by 20 eps: {v:?}");
        let mut twice = pieces.clone();
        twice.push(pieces[k].clone());
        let v = judge(&target, &twice, Mode::Anchored, false);
        prop_assert!(v.overlap && !v.solved, "piece {k} twice: {v:?}");
    }
}

/// The report that started this: a half disc in a square's semicircular bite, placed at right
/// angles. The square-with-bite's winding number at the bite's centre (on its chord) came out
/// one turn wrong, so the half disc's straight side looked inside it: an overlap.
#[test]
fn a_half_disc_fills_a_bite_at_right_angles() {
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    let bitten = vec![line((0.0, 0.0)), line((2.0, 0.0)), arc((2.0, 2.0), (1.0, 2.0), false), line((0.0, 2.0))];
    let half = vec![arc((0.0, 2.0), (1.0, 2.0), true), line((2.0, 2.0))];
    let v = judge(&target, &[bitten, half], Mode::Anchored, false);
    assert!(v.solved && !v.overlap, "{v:?}");
}

/// The solver fills curved figures: the same assemblies' cells, with their pieces as the set
/// (turning in quarter turns), turned to any angle; its solution verifies.
#[test]
fn the_solver_fills_curved_figures() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig { cases: 48, ..ProptestConfig::default() });
    let strategy = (1usize..5, any::<u64>(), prop::collection::vec(0u8..15, 7), motion());
    runner
        .run(&strategy, |(n, seed, cuts, m)| {
            let (pieces, target) = assembly(n, seed, &cuts);
            // The pieces where they lie make the set (the solver turns them from there).
            let set = tessera::pieces::PieceSet {
                name: "cells".into(),
                pieces: pieces
                    .iter()
                    .map(|r| tessera::pieces::PieceDef { name: "piece".into(), rings: vec![r.clone()] })
                    .collect(),
                step_deg: 90.0,
            };
            let target = moved_all(&target, &m);
            let opts = tessera::solve::geometric::Options {
                limit: 1,
                budget: tessera::support::budget::Budget::nodes(200_000),
                ..Default::default()
            };
            let out = tessera::solve::geometric::solve(&set, &target, &opts).expect("curved figures are solved");
            prop_assert!(!out.solutions.is_empty(), "{} nodes", out.nodes);
            let placed: Vec<RingV> = out.solutions[0].iter().flat_map(|p| out.world(&set, p)).collect();
            let v = judge(&target, &placed, Mode::Anchored, false);
            prop_assert!(v.solved, "{v:?}");
            Ok(())
        })
        .unwrap();
}

/// `tessera solve` fills a curved figure and gives its pieces back with their arcs.
#[test]
fn solve_gives_back_arcs() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solve/bite.ron");
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_tessera")).args(["solve", file, "--json"]).output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solved"], true);
    let text = v["solutions"].to_string();
    assert!(text.contains("\"arc\""), "{text}");
}

/// The README's example: the egg's outline, scaled, turned by 20 degrees and rounded, is
/// filled with the `egg` set, and the answer verifies against the figure.
#[test]
fn solve_fills_the_egg_example() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solve/egg.ron");
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_tessera")).args(["solve", file, "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!(v["pieces_used"][0].as_array().unwrap().len(), 9);
    // Feed the answer back to `verify` as pieces for the same figure.
    let text = std::fs::read_to_string(file).unwrap();
    let target = text.split("target:").nth(1).unwrap().split("pieces:").next().unwrap().trim().trim_end_matches(',');
    let puzzle = format!("(target: {target}, pieces: {}, mode: anchored)", ron_rings(&v["solutions"][0]));
    let path = std::env::temp_dir().join(format!("tessera-egg-{}.ron", std::process::id()));
    std::fs::write(&path, puzzle).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["verify", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdict["solved"], true, "{verdict}");
}

/// Solution pieces (JSON rings) written as RON rings.
fn ron_rings(pieces: &serde_json::Value) -> String {
    let pt = |p: &serde_json::Value| format!("({}, {})", p[0], p[1]);
    let vertex = |v: &serde_json::Value| match v.get("at") {
        Some(at) => format!("(at: {}, arc: (center: {}, ccw: {}))", pt(at), pt(&v["arc"]["center"]), v["arc"]["ccw"]),
        None => pt(v),
    };
    let piece = |rings: &serde_json::Value| {
        let rs: Vec<String> = rings
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("[{}]", r.as_array().unwrap().iter().map(vertex).collect::<Vec<_>>().join(", ")))
            .collect();
        format!("[{}]", rs.join(", "))
    };
    format!("[{}]", pieces.as_array().unwrap().iter().map(piece).collect::<Vec<_>>().join(", "))
}
