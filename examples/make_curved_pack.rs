//! Level-design tool: generated figures for the egg, the heart and the circle.
//!
//!   cargo run --no-default-features --release --example make_curved_pack > curved.ron
//!
//! The shipped packs split this output: each set's home figure opens its own pack
//! (`levels/egg.ron`, `heart.ron`, `circle.ron`, whose named figures come from
//! `design_figures.rs`), and the random assemblies ("Egg 1" ...) are in `levels/abstract.ron`.
//!
//! For each set: its home figure (the whole egg, heart or disc, solved by its construction),
//! then seeded random assemblies made here: pieces laid one by one with an edge along an edge
//! of what is already down, vertex to vertex, never overlapping, keeping the union one simple
//! contour. A figure is kept when it is compact, has no edge shorter than a fifth of the
//! set's unit, differs from the figures already kept, and the geometric solver fills it within
//! its budget; the reference solution is the solver's own, and the difficulty comes from the
//! solver's effort.

use std::fmt::Write;
use std::time::Instant;
use tessera::geom::ring::ArcTo;
use tessera::geom::{pt, Edge, Motion, Pt, Tol, Vertex};
use tessera::pieces::curved::{by_name, Built};
use tessera::pieces::{move_ring, PieceSet, Placement};
use tessera::solve::geometric::{solve, Options};
use tessera::verify::{assemble, matching::find_motion, Piece, Target};

/// How many figures each set gets, its home figure included.
const PER_SET: usize = 12;

struct Figure {
    id: String,
    name: String,
    set: &'static str,
    ring: Vec<Vertex>,
    solution: Vec<Placement>,
    nodes: u64,
}

/// A small seeded generator (xorshift64*): the pack must come out the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const EPS: f64 = 1e-7;

fn world(set: &PieceSet, p: &Placement) -> Vec<Vec<Vertex>> {
    p.apply(&set.pieces[p.piece], set.step())
}

/// Counter-clockwise edges of a ring.
fn edges_of(ring: &[Vertex]) -> Vec<Edge> {
    let e: Vec<Edge> = tessera::geom::ring::ring_edges(ring).collect();
    if e.iter().map(|x| x.area_term(EPS)).sum::<f64>() < 0.0 {
        e.iter().rev().map(Edge::reversed).collect()
    } else {
        e
    }
}

fn ring_of(edges: &[Edge]) -> Vec<Vertex> {
    edges
        .iter()
        .map(|e| match *e {
            Edge::Arc { a, c, ccw, .. } => Vertex { at: a, arc: Some(ArcTo { center: c, ccw }) },
            Edge::Seg { a, .. } => Vertex::from(a),
        })
        .collect()
}

/// The union's contours and whether any two pieces overlap.
fn union(set: &PieceSet, placed: &[Placement]) -> (Vec<tessera::verify::contour::Contour>, bool) {
    let tol = Tol { eps: EPS };
    let pieces: Vec<Piece> =
        placed.iter().map(|p| Piece::from_vertices(&world(set, p), tol, p.piece).expect("pieces are valid")).collect();
    let parts: Vec<_> = pieces.iter().flat_map(|p| p.parts.iter()).collect();
    let asm = assemble(&parts, EPS);
    (asm.contours, asm.overlay.overlap)
}

/// Lays `piece` along a random edge of the union of `placed`, vertex to vertex.
fn attach(set: &PieceSet, placed: &[Placement], piece: usize, rng: &mut Rng) -> Option<Placement> {
    let (contours, _) = union(set, placed);
    let outline = &contours.iter().find(|c| !c.is_hole())?.edges;
    for _ in 0..300 {
        let along = outline[rng.below(outline.len())];
        let (rot, flip) = (rng.below(8) as i32, rng.below(2) == 1);
        let m = Motion { mirror: flip, angle: rot as f64 * set.step(), shift: pt(0.0, 0.0) };
        let edges = edges_of(&move_ring(&set.pieces[piece].rings[0], &m));
        let e = edges[rng.below(edges.len())];
        // Edges that share a stretch run opposite ways and bend opposite ways.
        if (e.curvature() + along.curvature()).abs() > 1e-9 {
            continue;
        }
        let shift = if rng.below(2) == 0 {
            // The piece's edge starts where the union's ends.
            if e.tangent_start(EPS).dot(along.tangent_end(EPS)) > -1.0 + 1e-9 {
                continue;
            }
            along.end() - e.start()
        } else {
            if e.tangent_end(EPS).dot(along.tangent_start(EPS)) > -1.0 + 1e-9 {
                continue;
            }
            along.start() - e.end()
        };
        let p = Placement { piece, rot, flip, at: (shift.x, shift.y) };
        let mut next = placed.to_vec();
        next.push(p);
        let (c, overlap) = union(set, &next);
        if !overlap && c.len() == 1 {
            return Some(p);
        }
    }
    None
}

/// A random assembly of the whole set: its outline.
fn random_assembly(set: &PieceSet, rng: &mut Rng) -> Option<Vec<Vertex>> {
    let mut order: Vec<usize> = (0..set.pieces.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let first = order[0];
    let mut placed =
        vec![Placement { piece: first, rot: rng.below(8) as i32, flip: rng.below(2) == 1, at: (0.0, 0.0) }];
    for &piece in &order[1..] {
        placed.push(attach(set, &placed, piece, rng)?);
    }
    let (c, _) = union(set, &placed);
    Some(ring_of(&c[0].edges))
}

fn target(ring: &[Vertex]) -> Target {
    Target::from_vertices(std::slice::from_ref(&ring.to_vec())).expect("figures are valid")
}

fn is_new(figs: &[Figure], ring: &[Vertex]) -> bool {
    let t = target(ring);
    figs.iter().all(|f| {
        let u = target(&f.ring);
        find_motion(&t.contours, &u.contours, false, 1e-5).is_none()
            && find_motion(&t.contours, &u.contours, true, 1e-5).is_none()
    })
}

fn main() {
    let mut figs = Vec::new();
    for (name, title, seed) in [("egg", "Egg", 0xe66u64), ("heart", "Heart", 0x4ea27), ("circle", "Circle", 0xc12c1e)] {
        let Built { set, home, solution } = by_name(name).unwrap();
        let set_name: &'static str = tessera::pieces::BUILTIN.iter().find(|n| **n == name).unwrap();
        let mut mine = vec![Figure {
            id: name.into(),
            name: format!("The {}", name),
            set: set_name,
            ring: home,
            solution,
            nodes: 0,
        }];
        let area: f64 = set.pieces.iter().map(tessera::pieces::piece_area).sum();
        let mut rng = Rng(seed);
        let (mut tried, mut unsolved) = (0, 0);
        while mine.len() < PER_SET {
            let Some(ring) = random_assembly(&set, &mut rng) else { continue };
            tried += 1;
            let edges = edges_of(&ring);
            let perimeter: f64 = edges.iter().map(|e| e.length(EPS)).sum();
            let compact = perimeter.powi(2) / area;
            let shortest = edges.iter().map(|e| e.length(EPS)).fold(f64::INFINITY, f64::min);
            if !(16.0..=34.0).contains(&compact) || shortest < 0.2 || ring.len() > 14 || !is_new(&mine, &ring) {
                continue;
            }
            let t0 = Instant::now();
            let opts =
                Options { limit: 1, budget: tessera::support::budget::Budget::nodes(200_000), ..Options::default() };
            let out = solve(&set, std::slice::from_ref(&ring), &opts).expect("figures make rings");
            let Some(sol) = out.solutions.into_iter().next() else {
                unsolved += 1;
                eprintln!("{name}: a figure the solver did not fill in {} nodes: skipped", out.nodes);
                if std::env::var_os("SHOW_UNSOLVED").is_some() {
                    let f =
                        Figure { id: "x".into(), name: "x".into(), set: set_name, ring, solution: vec![], nodes: 0 };
                    eprintln!("{}", render(&[f]));
                }
                continue;
            };
            assert!(out.base_angle.abs() < 1e-9, "figures are drawn on the step grid");
            eprintln!("{name}: kept a figure: {} nodes, {:.1} ms", out.nodes, t0.elapsed().as_secs_f64() * 1e3);
            mine.push(Figure {
                id: String::new(),
                name: String::new(),
                set: set_name,
                ring,
                solution: sol,
                nodes: out.nodes,
            });
        }
        eprintln!("{name}: {tried} assemblies tried, {unsolved} not filled by the solver");
        // The home figure first, then by the solver's effort.
        mine[1..].sort_by_key(|f| f.nodes);
        for (k, f) in mine.iter_mut().enumerate().skip(1) {
            f.id = format!("{name}-{k:02}");
            f.name = format!("{title} {k}");
        }
        figs.extend(mine);
    }
    println!("{}", render(&figs));
}

/// 1 for the home figures, then 2 to 5 from the solver's node count within the set.
fn difficulty(f: &Figure) -> u8 {
    match f.nodes {
        0 => 1,
        n if n <= 20 => 2,
        n if n <= 200 => 3,
        n if n <= 2_000 => 4,
        _ => 5,
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

fn point(p: Pt) -> String {
    format!("({}, {})", fmt(p.x), fmt(p.y))
}

fn render(figs: &[Figure]) -> String {
    let mut s = String::new();
    writeln!(s, "// The curved pack. Generated by examples/make_curved_pack.rs; see levels/README.md.").unwrap();
    writeln!(s, "(\n    name: \"Curved sets\",\n    author: \"Tessera\",\n    version: 1,\n    levels: [").unwrap();
    for f in figs {
        // Centre each figure on the origin (a whole shift keeps the numbers short where they
        // can be).
        let tol = Tol { eps: EPS };
        let c = tessera::geom::Ring::new(&f.ring, tol).expect("figures are valid").bbox().center();
        let shift = pt(-(c.x * 2.0).round() / 2.0, -(c.y * 2.0).round() / 2.0);
        writeln!(s, "        (").unwrap();
        writeln!(
            s,
            "            id: \"{}\",\n            name: \"{}\",\n            difficulty: {},",
            f.id,
            f.name,
            difficulty(f)
        )
        .unwrap();
        writeln!(s, "            pieces: \"{}\",\n            mode: anchored,\n            allow_mirror: true,", f.set)
            .unwrap();
        let vs: Vec<String> = f
            .ring
            .iter()
            .map(|v| match v.arc {
                None => point(v.at + shift),
                Some(a) => {
                    format!("(at: {}, arc: (center: {}, ccw: {}))", point(v.at + shift), point(a.center + shift), a.ccw)
                }
            })
            .collect();
        writeln!(s, "            target: [[\n                {},\n            ]],", vs.join(",\n                "))
            .unwrap();
        writeln!(s, "            solution: [").unwrap();
        let mut sol = f.solution.clone();
        sol.sort_by_key(|p| p.piece);
        for p in sol {
            let at = pt(p.at.0, p.at.1) + shift;
            writeln!(
                s,
                "                (piece: {}, rot: {}, flip: {}, at: ({}, {})),",
                p.piece,
                p.rot,
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
