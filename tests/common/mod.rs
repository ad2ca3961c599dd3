//! Shared helpers for the engine tests and benchmarks: building rings, judging, the classic
//! tangram, and random lattice assemblies.
#![allow(dead_code)]

pub mod cli;

use tessera::format::PuzzleFile;
use tessera::geom::exact::{Lat, LatPt};
use tessera::geom::ring::ArcTo;
use tessera::geom::{pt, Motion, Pt, Vertex};
use tessera::verify::{Mode, Verdict};

pub type RingV = Vec<Vertex>;

pub fn poly(points: &[(f64, f64)]) -> RingV {
    points.iter().map(|&(x, y)| Vertex::from(pt(x, y))).collect()
}

/// A vertex whose outgoing edge is an arc about `c`.
pub fn arc(at: (f64, f64), c: (f64, f64), ccw: bool) -> Vertex {
    Vertex { at: pt(at.0, at.1), arc: Some(ArcTo { center: pt(c.0, c.1), ccw }) }
}

pub fn line(at: (f64, f64)) -> Vertex {
    Vertex::from(pt(at.0, at.1))
}

/// Judges one-ring pieces against a target.
pub fn judge(target: &[RingV], pieces: &[RingV], mode: Mode, allow_mirror: bool) -> Verdict {
    let f = PuzzleFile {
        target: target.to_vec(),
        pieces: pieces.iter().map(|r| vec![r.clone()]).collect(),
        mode,
        allow_mirror,
        tolerance: None,
    };
    let (puzzle, pieces) = f.build().expect("valid test geometry");
    puzzle.judge(&pieces)
}

pub fn moved(ring: &RingV, m: &Motion) -> RingV {
    ring.iter()
        .map(|v| Vertex {
            at: m.apply(v.at),
            arc: v.arc.map(|a| ArcTo { center: m.apply(a.center), ccw: a.ccw != m.mirror }),
        })
        .collect()
}

pub fn moved_all(rings: &[RingV], m: &Motion) -> Vec<RingV> {
    rings.iter().map(|r| moved(r, m)).collect()
}

pub fn translated(ring: &RingV, d: Pt) -> RingV {
    moved(ring, &Motion { mirror: false, angle: 0.0, shift: d })
}

/// The classic seven-piece tangram (small square side 1) assembled into its square, drawn as
/// a diamond with diagonals on the axes. `variant` 0 puts the parallelogram on the left,
/// 1 on the right: two different assemblies of one figure.
pub fn tangram_square(variant: u8) -> (Vec<RingV>, Vec<RingV>) {
    let target = vec![poly(&[(0.0, 2.0), (-2.0, 0.0), (0.0, -2.0), (2.0, 0.0)])];
    let mut pieces = vec![
        poly(&[(-2.0, 0.0), (0.0, 0.0), (0.0, 2.0)]),    // large
        poly(&[(0.0, 2.0), (0.0, 0.0), (2.0, 0.0)]),     // large
        poly(&[(-1.0, -1.0), (0.0, -2.0), (1.0, -1.0)]), // medium
    ];
    if variant == 0 {
        pieces.extend([
            poly(&[(-2.0, 0.0), (-1.0, -1.0), (0.0, -1.0), (-1.0, 0.0)]), // parallelogram
            poly(&[(-1.0, 0.0), (0.0, -1.0), (0.0, 0.0)]),                // small
            poly(&[(1.0, 0.0), (1.0, -1.0), (2.0, 0.0)]),                 // small
            poly(&[(0.0, 0.0), (0.0, -1.0), (1.0, -1.0), (1.0, 0.0)]),    // square
        ]);
    } else {
        pieces.extend([
            poly(&[(2.0, 0.0), (1.0, 0.0), (0.0, -1.0), (1.0, -1.0)]), // parallelogram
            poly(&[(-2.0, 0.0), (-1.0, -1.0), (-1.0, 0.0)]),           // small
            poly(&[(0.0, 0.0), (0.0, -1.0), (1.0, 0.0)]),              // small
            poly(&[(-1.0, 0.0), (-1.0, -1.0), (0.0, -1.0), (0.0, 0.0)]), // square
        ]);
    }
    (target, pieces)
}

/// A random figure on the tangram lattice, exactly: a polyomino of unit cells, each cell a
/// square piece or two half-square triangles, the whole turned by `turn` * 45 degrees and
/// shifted by a lattice vector. Returns exact pieces and the target as unit cells.
#[derive(Clone, Debug)]
pub struct LatticeAssembly {
    pub pieces: Vec<Vec<LatPt>>,
    pub cells: Vec<Vec<LatPt>>,
}

pub fn lattice_assembly(cells: &[(i64, i64)], cuts: &[u8], turn: i32, shift: (i64, i64)) -> LatticeAssembly {
    let sh = LatPt::new(Lat::int(shift.0), Lat::new(0, shift.1, 0));
    let place = |x: i64, y: i64| LatPt::ints(x, y).rot45(turn) + sh;
    let mut pieces = Vec::new();
    let mut out_cells = Vec::new();
    for (k, &(x, y)) in cells.iter().enumerate() {
        let (a, b, c, d) = (place(x, y), place(x + 1, y), place(x + 1, y + 1), place(x, y + 1));
        out_cells.push(vec![a, b, c, d]);
        match cuts.get(k).copied().unwrap_or(0) % 3 {
            0 => pieces.push(vec![a, b, c, d]),
            1 => {
                pieces.push(vec![a, b, c]);
                pieces.push(vec![a, c, d]);
            }
            _ => {
                pieces.push(vec![a, b, d]);
                pieces.push(vec![b, c, d]);
            }
        }
    }
    LatticeAssembly { pieces, cells: out_cells }
}

pub fn to_rings(rings: &[Vec<LatPt>]) -> Vec<RingV> {
    rings.iter().map(|r| r.iter().map(|p| Vertex::from(p.to_pt())).collect()).collect()
}

/// A connected polyomino grown from the origin by a seeded walk.
pub fn grow_polyomino(n: usize, seed: u64) -> Vec<(i64, i64)> {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut cells = vec![(0i64, 0i64)];
    while cells.len() < n {
        let (x, y) = cells[(next() % cells.len() as u64) as usize];
        let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][(next() % 4) as usize];
        let c = (x + dx, y + dy);
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}
