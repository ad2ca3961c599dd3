//! Level-design tool: the classic tangram pack and the T puzzle's generated figures.
//!
//!   cargo run --no-default-features --release --example make_classic_pack > classic.ron
//!   cargo run --no-default-features --release --example make_classic_pack sets > sets.ron
//!
//! Figures come from three sources, all made here (none copied from books or games):
//! 1. the 13 convex tangrams, found by enumerating every convex lattice polygon of area 8 and
//!    keeping those the lattice solver can fill;
//! 2. silhouettes drawn below as lattice polygons, kept if the solver fills them;
//! 3. seeded random assemblies of the seven pieces, edge to edge, whose union is one simple
//!    contour, kept if compact and unlike the figures already in the pack.
//!
//! The shipped packs split this output: the first two sources are `levels/classic.ron`; the
//! random assemblies ("Shard N", "T puzzle: Shard N") and the pentominoes in 6 x 10 moved to
//! `levels/abstract.ron`, and the T puzzle's T and convex figures open `levels/tpuzzle.ron`
//! (the named figures come from `design_figures.rs`). Every figure's reference solution is the
//! first one the lattice solver finds.

use std::fmt::Write;
use tessera::geom::{pt, Pt, Vertex};
use tessera::pieces::{PieceSet, Placement};
use tessera::solve::lattice::{convex_lattice_polygons, solve};
use tessera::verify::{matching::find_motion, Target};
use tools::Rng;

#[path = "tools/mod.rs"]
mod tools;

struct Figure {
    id: String,
    name: String,
    ring: Vec<Pt>,
    solution: Vec<Placement>,
    convex: bool,
    pieces: &'static str,
}

fn ring_v(points: &[Pt]) -> Vec<Vec<Vertex>> {
    vec![points.iter().map(|&p| p.into()).collect()]
}

fn polygon(points: &[(i32, i32)]) -> Vec<Pt> {
    points.iter().map(|&(x, y)| pt(x as f64, y as f64)).collect()
}

/// Silhouettes drawn on the lattice (small square side 1, area 8).
fn drawn() -> Vec<(&'static str, &'static str, Vec<Pt>)> {
    vec![
        ("arrow", "Arrow", polygon(&[(-1, 0), (1, 0), (1, 2), (2, 2), (0, 4), (-2, 2), (-1, 2)])),
        ("letter-l", "Letter L", polygon(&[(0, 0), (4, 0), (4, 1), (2, 1), (2, 3), (0, 3)])),
        ("letter-t", "Letter T", polygon(&[(-1, 0), (1, 0), (1, 2), (2, 2), (2, 3), (-2, 3), (-2, 2), (-1, 2)])),
        ("steps", "Steps", polygon(&[(0, 0), (4, 0), (4, 1), (3, 1), (3, 2), (1, 2), (1, 3), (0, 3)])),
        ("chevron", "Chevron", polygon(&[(0, 0), (2, 2), (4, 0), (4, 2), (2, 4), (0, 2)])),
        ("rocket", "Rocket", polygon(&[(-1, 0), (3, 0), (2, 1), (2, 3), (1, 4), (0, 3), (0, 1)])),
        ("zigzag", "Zigzag", polygon(&[(0, 0), (2, 0), (2, 1), (4, 1), (4, 3), (2, 3), (2, 2), (0, 2)])),
        ("ship", "Ship", polygon(&[(0, 1), (1, 0), (4, 0), (5, 1), (3, 3), (1, 1)])),
    ]
}

fn solved(set: &PieceSet, id: &str, name: &str, ring: Vec<Pt>) -> Option<Figure> {
    let solution = match solve(set, &ring_v(&ring), 1).and_then(|s| s.into_iter().next()) {
        Some(s) => s,
        None => {
            // Not a lattice solution: the geometric solver (figures are drawn on the step grid,
            // so its placements are ordinary ones).
            let opts = tessera::solve::geometric::Options {
                limit: 1,
                budget: tessera::support::budget::Budget::nodes(1_000_000),
                ..Default::default()
            };
            let out = tessera::solve::geometric::solve(set, &ring_v(&ring), &opts)?;
            assert!(out.base_angle.abs() < 1e-9);
            out.solutions.into_iter().next()?
        }
    };
    Some(Figure { id: id.into(), name: name.into(), ring, solution, convex: false, pieces: set_name(set) })
}

fn set_name(set: &PieceSet) -> &'static str {
    tessera::pieces::BUILTIN.iter().find(|n| **n == set.name).expect("a built-in set")
}

fn convex_name(p: &[Pt], k: usize) -> String {
    let base = match p.len() {
        3 => "Triangle".to_string(),
        4 => {
            let e: Vec<Pt> = (0..4).map(|i| p[(i + 1) % 4] - p[i]).collect();
            let par = |a: Pt, b: Pt| a.cross(b).abs() < 1e-9;
            let right = e[0].dot(e[1]).abs() < 1e-9;
            let equal = (e[0].len() - e[1].len()).abs() < 1e-9;
            match (par(e[0], e[2]) && par(e[1], e[3]), right, equal) {
                (true, true, true) => "Square".into(),
                (true, true, false) => "Rectangle".into(),
                (true, false, _) => "Parallelogram".into(),
                _ => "Trapezoid".into(),
            }
        }
        5 => "Pentagon".into(),
        _ => "Hexagon".into(),
    };
    format!("{base} {}", k)
}

/// xorshift, seeded.
/// A random edge-to-edge assembly of all seven pieces; returns its outline if it is one
/// simple contour without holes.
fn random_assembly(set: &PieceSet, rng: &mut Rng) -> Option<Vec<Pt>> {
    tessera::solve::lattice::random_assembly(set, &mut |n| rng.below(n))
}

fn perimeter(p: &[Pt]) -> f64 {
    (0..p.len()).map(|i| p[i].dist(p[(i + 1) % p.len()])).sum()
}

fn is_new(figs: &[Figure], ring: &[Pt]) -> bool {
    let t = Target::from_vertices(&ring_v(ring)).unwrap();
    figs.iter().all(|f| {
        let u = Target::from_vertices(&ring_v(&f.ring)).unwrap();
        find_motion(&t.contours, &u.contours, false, 1e-6).is_none()
            && find_motion(&t.contours, &u.contours, true, 1e-6).is_none()
    })
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("sets") {
        println!("{}", render("More sets", &sets()));
        return;
    }
    let set = PieceSet::builtin("tangram").unwrap();
    let mut figs: Vec<Figure> = Vec::new();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for p in convex_lattice_polygons(8.0, 6) {
        let base = convex_name(&p, 0);
        let kind = base.split(' ').next().unwrap().to_string();
        let k = counts.entry(kind.clone()).or_default();
        if let Some(f) = solved(&set, "", "", p.clone()) {
            *k += 1;
            let name = if matches!(kind.as_str(), "Triangle" | "Square" | "Rectangle") {
                kind.clone()
            } else {
                convex_name(&p, *k)
            };
            figs.push(Figure {
                id: format!("convex-{}", name.to_lowercase().replace(' ', "-")),
                name: format!("Convex: {name}"),
                convex: true,
                ..f
            });
        }
    }
    eprintln!("convex figures: {}", figs.len());
    for (id, name, ring) in drawn() {
        match solved(&set, id, name, ring.clone()) {
            Some(f) if is_new(&figs, &ring) => figs.push(f),
            Some(_) => eprintln!("drawn figure {id} repeats another figure: skipped"),
            None => eprintln!("drawn figure {id} cannot be built: skipped"),
        }
    }
    let mut rng = Rng(0x7e55e7a);
    let mut k = 0;
    while figs.len() < 48 {
        let Some(ring) = random_assembly(&set, &mut rng) else { continue };
        let compact = perimeter(&ring).powi(2) / 8.0;
        if !(22.0..=40.0).contains(&compact) || ring.len() > 12 || !is_new(&figs, &ring) {
            continue;
        }
        k += 1;
        if let Some(f) = solved(&set, &format!("shard-{k:02}"), &format!("Shard {k}"), ring) {
            figs.push(f);
        }
    }
    figs.sort_by_key(difficulty);
    // Number the random figures in the order players meet them.
    let mut k = 0;
    for f in figs.iter_mut().filter(|f| f.id.starts_with("shard-")) {
        k += 1;
        f.id = format!("shard-{k:02}");
        f.name = format!("Shard {k}");
    }
    println!("{}", render("Classic tangram", &figs));
}

/// The T puzzle (its T, the convex figures it makes, random shards) and the pentominoes in 6 x 10
/// (larger pentomino boards take the geometric solver seconds: they belong to the polyomino
/// packer).
fn sets() -> Vec<Figure> {
    let set = PieceSet::builtin("tpuzzle").unwrap();
    let mut figs: Vec<Figure> = Vec::new();
    let mut drawn = vec![(
        "t".to_string(),
        "The T".to_string(),
        polygon(&[(1, 0), (2, 0), (2, 3), (3, 3), (3, 4), (0, 4), (0, 3), (1, 3)]),
    )];
    for (k, p) in convex_lattice_polygons(6.0, 6).into_iter().enumerate() {
        let name = convex_name(&p, k + 1);
        drawn.push((format!("convex-{}", name.to_lowercase().replace(' ', "-")), format!("Convex: {name}"), p));
    }
    for (id, name, ring) in drawn {
        match solved(&set, &format!("t-{id}"), &format!("T puzzle: {name}"), ring.clone()) {
            Some(f) if is_new(&figs, &ring) => figs.push(f),
            Some(_) => eprintln!("drawn figure {id} repeats another figure: skipped"),
            None => eprintln!("drawn figure {id} cannot be built: skipped"),
        }
    }
    let mut rng = Rng(0x7b0221e);
    let mut k = 0;
    while k < 6 {
        let Some(ring) = random_assembly(&set, &mut rng) else { continue };
        let compact = perimeter(&ring).powi(2) / 6.0;
        if !(20.0..=34.0).contains(&compact) || ring.len() > 10 || !is_new(&figs, &ring) {
            continue;
        }
        k += 1;
        if let Some(f) = solved(&set, &format!("t-shard-{k:02}"), &format!("T puzzle: Shard {k}"), ring) {
            figs.push(f);
        }
    }
    let pento = PieceSet::builtin("pentominoes").unwrap();
    let ring = polygon(&[(0, 0), (10, 0), (10, 6), (0, 6)]);
    figs.extend(solved(&pento, "pentominoes-6x10", "Pentominoes: 6 x 10", ring));
    figs
}

/// Difficulty from the outline: convex figures are the gentlest, then more corners is harder.
/// (Solution counts do not help: every figure here has hundreds of lattice solutions.)
fn difficulty(f: &Figure) -> u8 {
    let n = f.ring.len();
    if f.convex {
        1 + u8::from(n > 4)
    } else {
        2 + u8::from(n >= 7) + u8::from(n >= 9) + u8::from(n >= 11)
    }
}

fn fmt(x: f64) -> String {
    let r = x.round();
    if (x - r).abs() < 1e-12 {
        format!("{r:.0}")
    } else {
        format!("{x}")
    }
}

fn render(pack: &str, figs: &[Figure]) -> String {
    let mut s = String::new();
    writeln!(s, "// The {pack} pack. Generated by examples/make_classic_pack.rs; see levels/README.md.").unwrap();
    writeln!(s, "(\n    name: \"{pack}\",\n    author: \"Tessera\",\n    version: 1,\n    levels: [").unwrap();
    for f in figs {
        // Show each figure at the 0 or 45 degree turn with the smaller bounding box, centred.
        let turn =
            |k: i32| f.ring.iter().map(|p| p.rotate(k as f64 * std::f64::consts::FRAC_PI_4)).collect::<Vec<Pt>>();
        let area = |r: &[Pt]| {
            let mut b = tessera::geom::BBox::EMPTY;
            r.iter().for_each(|p| b.add(*p));
            (b.max.x - b.min.x) * (b.max.y - b.min.y)
        };
        let eighth_turns = PieceSet::builtin(f.pieces).is_some_and(|s| s.step_deg == 45.0);
        let k = if eighth_turns && area(&turn(1)) < area(&turn(0)) - 1e-9 { 1 } else { 0 };
        let mut b = tessera::geom::BBox::EMPTY;
        f.ring.iter().for_each(|p| b.add(*p));
        let c = b.center();
        let shift = pt(-c.x.round(), -c.y.round());
        let place = |p: Pt| (p + shift).rotate(k as f64 * std::f64::consts::FRAC_PI_4);
        writeln!(s, "        (").unwrap();
        writeln!(
            s,
            "            id: \"{}\",\n            name: \"{}\",\n            difficulty: {},",
            f.id,
            f.name,
            difficulty(f)
        )
        .unwrap();
        writeln!(
            s,
            "            pieces: \"{}\",\n            mode: anchored,\n            allow_mirror: true,",
            f.pieces
        )
        .unwrap();
        let pts: Vec<String> = f
            .ring
            .iter()
            .map(|&p| {
                let q = place(p);
                format!("({}, {})", fmt(q.x), fmt(q.y))
            })
            .collect();
        writeln!(s, "            target: [[{}]],", pts.join(", ")).unwrap();
        writeln!(s, "            solution: [").unwrap();
        let mut sol = f.solution.clone();
        sol.sort_by_key(|p| p.piece);
        for p in sol {
            // world' = R(45 k) (R(rot) M local + at + shift): the turn adds k steps.
            let at = place(pt(p.at.0, p.at.1));
            writeln!(
                s,
                "                (piece: {}, rot: {}, flip: {}, at: ({}, {})),",
                p.piece,
                p.rot + k,
                p.flip,
                fmt(at.x),
                fmt(at.y)
            )
            .unwrap();
        }
        writeln!(s, "            ],\n        ),").unwrap();
    }
    writeln!(s, "    ],\n)").unwrap();
    s
}
