//! Coordinates as people type them: lattice assemblies turned to any angle, scaled, moved far
//! out and rounded to a few decimals are judged right and solved, and a piece off by 1% of the
//! unit or turned by half a degree is still caught. A search that finds nothing on a figure it
//! could not put on the lattice does not call itself complete.

use crate::common;
use common::*;
use proptest::prelude::*;
use tessera::format::{PuzzleFile, SolveFile};
use tessera::geom::{pt, Motion, Vertex};
use tessera::pieces::{PieceDef, PieceSet};
use tessera::verify::Mode;

/// How a figure was typed: turned, scaled, moved, rounded.
#[derive(Clone, Copy, Debug)]
struct Typing {
    angle: f64,
    scale: f64,
    offset: (f64, f64),
    decimals: i32,
}

impl Typing {
    fn write(&self, rings: &[RingV]) -> Vec<RingV> {
        let k = 10f64.powi(self.decimals);
        let m = Motion { mirror: false, angle: self.angle, shift: pt(self.offset.0, self.offset.1) };
        rings
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| {
                        let p = m.apply(v.at * self.scale);
                        Vertex::from(pt((p.x * k).round() / k, (p.y * k).round() / k))
                    })
                    .collect()
            })
            .collect()
    }
}

/// Scales 1, 100 and 10^4 with 3 to 8 decimals, never coarser than four decimals of the unit
/// (the promise: four decimals with side 1, three decimals of a pixel with side 100).
fn typing() -> impl Strategy<Value = Typing> {
    (0usize..3, 0i32..6, 0.0f64..std::f64::consts::TAU, -1e6f64..1e6, -1e6f64..1e6).prop_map(|(s, d, angle, x, y)| {
        let scale: f64 = [1.0, 100.0, 1e4][s];
        let decimals = (3 + d).max(4 - scale.log10() as i32);
        Typing { angle, scale, offset: (x, y), decimals }
    })
}

fn assembly() -> impl Strategy<Value = LatticeAssembly> {
    (1usize..7, any::<u64>(), prop::collection::vec(0u8..3, 7), 0i32..8)
        .prop_map(|(n, seed, cuts, turn)| lattice_assembly(&grow_polyomino(n, seed), &cuts, turn, (0, 0)))
}

/// The pieces of an assembly in their own coordinates, for the solver (squares and half-squares).
fn set_of(asm: &LatticeAssembly) -> PieceSet {
    let square = vec![pt(0.0, 0.0), pt(1.0, 0.0), pt(1.0, 1.0), pt(0.0, 1.0)];
    let half = vec![pt(0.0, 0.0), pt(1.0, 0.0), pt(0.0, 1.0)];
    let pieces = asm
        .pieces
        .iter()
        .map(|p| {
            let ring = if p.len() == 4 { &square } else { &half };
            PieceDef { name: "piece".into(), rings: vec![ring.iter().map(|&q| Vertex::from(q)).collect()] }
        })
        .collect();
    PieceSet { name: "cells".into(), pieces, step_deg: 45.0 }
}

fn solved(target: &[RingV], pieces: Vec<Vec<RingV>>, mode: Mode) -> bool {
    solved_mirror(target, pieces, mode, false)
}

fn solved_mirror(target: &[RingV], pieces: Vec<Vec<RingV>>, mode: Mode, allow_mirror: bool) -> bool {
    let file = PuzzleFile { target: target.to_vec(), pieces, mode, allow_mirror, tolerance: None };
    file.build().is_ok_and(|(puzzle, pieces)| puzzle.judge(&pieces).solved)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn typed_assemblies_verify_and_solve(asm in assembly(), t in typing()) {
        let target = t.write(&to_rings(&asm.cells));
        let pieces: Vec<Vec<RingV>> = asm.pieces.iter().map(|p| t.write(&to_rings(std::slice::from_ref(p)))).collect();
        prop_assert!(solved(&target, pieces.clone(), Mode::Anchored), "anchored");
        prop_assert!(solved(&target, pieces, Mode::Free), "free");
        // The mirror image of the assembly, typed the same way, where mirrors are allowed.
        let flip = Motion { mirror: true, ..Motion::IDENTITY };
        let mirrored: Vec<Vec<RingV>> =
            asm.pieces.iter().map(|p| t.write(&moved_all(&to_rings(std::slice::from_ref(p)), &flip))).collect();
        prop_assert!(solved_mirror(&target, mirrored, Mode::Free, true), "free, mirrored");
        let f = SolveFile { target, set: set_of(&asm), tolerance: None, allow_mirror: None };
        let out = tessera::cli::solve::solve_one(&f, 1, false, &tessera::support::budget::Budget::nodes(200_000)).unwrap();
        prop_assert!(!out.outcome.solutions.is_empty(), "{} nodes, complete {}", out.outcome.nodes, out.outcome.complete);
    }

    #[test]
    fn a_piece_off_by_one_percent_or_half_a_degree_is_caught(
        asm in assembly(), t in typing(), pick in any::<prop::sample::Index>(), dir in 0.0f64..std::f64::consts::TAU,
    ) {
        prop_assume!(asm.pieces.len() >= 2);
        let target = t.write(&to_rings(&asm.cells));
        let k = pick.index(asm.pieces.len());
        let exact = to_rings(std::slice::from_ref(&asm.pieces[k]));
        let c = tessera::pieces::ring_centroid(&exact[0]);
        let half = 0.5f64.to_radians();
        for nudge in [
            Motion { mirror: false, angle: 0.0, shift: pt(dir.cos(), dir.sin()) * 0.01 },
            Motion { mirror: false, angle: half, shift: c - c.rotate(half) },
        ] {
            let mut pieces: Vec<Vec<RingV>> =
                asm.pieces.iter().map(|p| t.write(&to_rings(std::slice::from_ref(p)))).collect();
            pieces[k] = t.write(&moved_all(&exact, &nudge));
            prop_assert!(!solved(&target, pieces.clone(), Mode::Anchored), "anchored, {nudge:?}");
            prop_assert!(!solved(&target, pieces, Mode::Free), "free, {nudge:?}");
        }
    }
}

/// A T-puzzle hexagon typed with four decimals at an angle of about 0.38 degrees: the solver
/// used to prove it impossible (it is the shipped level `tpuzzle/t-convex-hexagon-9`). Its corners
/// are snapped to the lattice and it is solved; the repair says so.
#[test]
fn a_typed_hexagon_is_snapped_and_solved() {
    let typed =
        [(-2.0133, 1.9866), (-2.0, -0.0133), (-0.9933, -1.0067), (0.0067, -1.0), (1.0, 0.0067), (-1.0133, 1.9933)];
    let f = SolveFile {
        target: vec![poly(&typed)],
        set: PieceSet::builtin("tpuzzle").unwrap(),
        tolerance: None,
        allow_mirror: None,
    };
    let out = tessera::cli::solve::solve_one(&f, 1, false, &Default::default()).unwrap();
    assert_eq!(out.outcome.solutions.len(), 1);
    assert!(out.repairs.iter().any(|r| r.contains("onto the pieces' lattice")), "{:?}", out.repairs);
}

/// The same hexagon at full precision: the search used to remember explored regions by their
/// corners only, and the figure minus the pentagon shares its corners with the figure minus
/// the pentagon's mirror image, so the one branch that leads to the solution was skipped.
#[test]
fn regions_with_the_same_corners_are_not_confused() {
    let asm = [
        (-2.013300714737857, 1.986610236567816),
        (-1.999955475652837, -0.01334523908502),
        (-0.993305118283908, -1.006650357368928),
        (0.00667261954251, -0.999977737826418),
        (0.999977737826418, 0.00667261954251),
        (-1.013322976911438, 1.993282856110327),
    ];
    let set = PieceSet::builtin("tpuzzle").unwrap();
    let out = tessera::solve::geometric::solve(&set, &[poly(&asm)], &Default::default()).unwrap();
    assert_eq!(out.solutions.len(), 1);
}

/// Off the lattice (a figure whose corners no lattice point is near), a search that runs out
/// of candidates does not claim a proof, and says why.
#[test]
fn no_proof_off_the_lattice() {
    // A trapezoid of the set's area 8 whose slanted side runs at no multiple of 45 degrees.
    let set = PieceSet::builtin("tangram").unwrap();
    let figure = poly(&[(0.0, 0.0), (4.5, 0.0), (3.5, 2.0), (0.0, 2.0)]);
    let out = tessera::solve::geometric::solve(&set, &[figure], &Default::default()).unwrap();
    assert!(out.solutions.is_empty() && !out.complete);
    assert!(out.incomplete_reason.as_deref().is_some_and(|r| r.contains("lattice")), "{:?}", out.incomplete_reason);
    // On the lattice, a figure with no solution is proved so.
    let square = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    let out = tessera::solve::geometric::solve(&set, &[square], &Default::default()).unwrap();
    assert!(out.solutions.is_empty() && out.complete && out.incomplete_reason.is_none());
}

/// The tolerance can be set per file (`tolerance:`) and per run (`--tolerance`, which wins): a
/// tight one refuses an assembly typed with four decimals that the default accepts.
#[test]
fn the_tolerance_can_be_overridden() {
    let dir = std::env::temp_dir().join(format!("tessera-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two half-squares making a unit square turned by 30 degrees: the square typed with four
    // decimals, the pieces with six.
    let (c, s) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    let q = |x: f64, y: f64| format!("({:.4}, {:.4})", x * c - y * s, x * s + y * c);
    let p = |x: f64, y: f64| format!("({:.6}, {:.6})", x * c - y * s, x * s + y * c);
    let square = format!("[{}, {}, {}, {}]", q(0.0, 0.0), q(1.0, 0.0), q(1.0, 1.0), q(0.0, 1.0));
    let a = format!("[{}, {}, {}]", p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0));
    let b = format!("[{}, {}, {}]", p(0.0, 0.0), p(1.0, 1.0), p(0.0, 1.0));
    let write = |name: &str, extra: &str| {
        let path = dir.join(name);
        let text = format!("(target: [{square}], pieces: [[{a}], [{b}]], mode: anchored{extra})");
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let (plain, tight) = (write("plain.ron", ""), write("tight.ron", ", tolerance: 1e-7"));
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = tessera::cli::verify::verify(&args, &mut out, &mut err);
        (code, String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap())
    };
    let solved = |text: &str| text.contains("\"solved\":true");
    assert!(solved(&run(&[&plain, "--json"]).1));
    assert!(!solved(&run(&[&tight, "--json"]).1));
    assert!(!solved(&run(&[&plain, "--json", "--tolerance", "1e-7"]).1));
    assert!(solved(&run(&[&tight, "--json", "--tolerance", "2e-4"]).1));
    let (code, text) = run(&[&plain, "--tolerance", "0.5"]);
    assert_eq!(code, 2);
    assert!(text.contains("tolerance 0.5 is not a fraction of the figure's size"), "{text}");
    let bad = write("bad.ron", ", tolerance: -1");
    let (code, text) = run(&[&bad, "--json"]);
    assert_eq!(code, 2);
    assert!(text.contains("tolerance -1"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A level's `tolerance` is checked when the pack loads and used to judge it.
#[test]
fn a_level_may_set_its_tolerance() {
    let pack = |tol: &str| {
        format!(
            r#"(name: "t", levels: [(id: "a", name: "A", pieces: "tangram", mode: anchored, tolerance: {tol},
            target: [[(0, 0), (2.8284, 0), (2.8284, 2.8284), (0, 2.8284)]], solution: [])])"#
        )
    };
    let level = &tessera::level::parse_pack(&pack("1e-3"), "t.ron", "t").unwrap().levels[0];
    assert_eq!(level.tolerance, Some(1e-3));
    assert!((level.prepared().target.tol.eps - 1e-3 * 2.8284).abs() < 1e-12);
    let e = tessera::level::parse_pack(&pack("2"), "t.ron", "t").unwrap_err();
    assert!(e.to_string().contains("tolerance 2 is not a fraction"), "{e}");
}
