//! Piece sets and placements.
//!
//! A piece is defined once, in local coordinates; a placement puts it in the world:
//! `world = rotate(mirror?(local), rot * step) + at`, where `mirror` negates x and `step` is the
//! set's rotation step (45 degrees for the tangram family).

pub mod curved;
pub mod snapping;

use crate::geom::ring::ArcTo;
use crate::geom::{pt, Motion, Pt, Vertex};
use serde::{Deserialize, Serialize};

/// One piece of a set, in local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    pub name: String,
    pub rings: Vec<Vec<Vertex>>,
}

/// A set of pieces and the rotation step they turn by.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSet {
    pub name: String,
    pub pieces: Vec<PieceDef>,
    /// Rotation step in degrees.
    pub step_deg: f64,
}

/// Names of the built-in sets.
pub const BUILTIN: [&str; 6] = ["tangram", "tpuzzle", "pentominoes", "egg", "heart", "circle"];

/// The twelve pentominoes as unit cells, named by their usual letters.
pub const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(1, 0), (1, 1), (1, 2), (0, 1), (2, 2)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ("L", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]),
    ("N", [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)]),
    ("T", [(0, 2), (1, 2), (2, 2), (1, 1), (1, 0)]),
    ("U", [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)]),
    ("V", [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]),
    ("Y", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2)]),
    ("Z", [(0, 2), (1, 2), (1, 1), (1, 0), (2, 0)]),
];

/// The outline of a simply connected set of unit cells, counter-clockwise, without collinear
/// vertices. `None` when the cells do not form one piece without holes.
pub fn cells_outline(cells: &[(i32, i32)]) -> Option<Vec<Pt>> {
    use std::collections::HashMap;
    // Directed unit edges of every cell (counter-clockwise); an edge shared by two cells
    // appears once in each direction and cancels.
    let mut edges: HashMap<(i32, i32), Vec<(i32, i32)>> = HashMap::new();
    let mut all: Vec<((i32, i32), (i32, i32))> = Vec::new();
    for &(x, y) in cells {
        let c = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
        for i in 0..4 {
            all.push((c[i], c[(i + 1) % 4]));
        }
    }
    let set: std::collections::HashSet<_> = all.iter().copied().collect();
    if set.len() != all.len() {
        return None; // a cell given twice
    }
    for &(a, b) in &all {
        if !set.contains(&(b, a)) {
            edges.entry(a).or_default().push(b);
        }
    }
    let count: usize = edges.values().map(Vec::len).sum();
    let start = *edges.keys().min()?;
    let mut ring = vec![start];
    let mut at = start;
    for _ in 0..count {
        let next = *edges.get(&at)?.first()?;
        if edges.get(&at)?.len() != 1 {
            return None; // two cells touching at a corner only
        }
        at = next;
        if at == start {
            break;
        }
        ring.push(at);
    }
    if at != start || ring.len() != count {
        return None; // several boundaries: holes or separate pieces
    }
    let n = ring.len();
    let keep: Vec<Pt> = (0..n)
        .filter(|&i| {
            let (p, q, r) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            (q.0 - p.0) * (r.1 - q.1) - (q.1 - p.1) * (r.0 - q.0) != 0
        })
        .map(|i| pt(ring[i].0 as f64, ring[i].1 as f64))
        .collect();
    Some(keep)
}

fn poly(name: &str, points: &[(f64, f64)]) -> PieceDef {
    PieceDef { name: name.into(), rings: vec![points.iter().map(|&(x, y)| Vertex::from(pt(x, y))).collect()] }
}

impl PieceSet {
    /// A built-in set by name. `tangram`: the classic seven pieces, small square of side 1.
    /// `tpuzzle`: the four-piece T puzzle (an isosceles right triangle, two right trapezoids
    /// and a notched pentagon that together make a T of area 6, cut at 45 degrees; Tessera's
    /// own proportions). `pentominoes`: the twelve pentominoes, unit cells, quarter turns. `egg`,
    /// `heart`, `circle`: the curved sets of [`curved`].
    pub fn builtin(name: &str) -> Option<PieceSet> {
        match name {
            "tangram" => Some(PieceSet {
                name: "tangram".into(),
                step_deg: 45.0,
                pieces: vec![
                    poly("large triangle", &[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]),
                    poly("large triangle", &[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]),
                    poly("medium triangle", &[(0.0, 0.0), (2.0, 0.0), (1.0, 1.0)]),
                    poly("small triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("small triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("square", &[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]),
                    poly("parallelogram", &[(0.0, 0.0), (1.0, 0.0), (2.0, 1.0), (1.0, 1.0)]),
                ],
            }),
            "tpuzzle" => Some(PieceSet {
                name: "tpuzzle".into(),
                step_deg: 45.0,
                pieces: vec![
                    poly("triangle", &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
                    poly("short trapezoid", &[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0)]),
                    poly("long trapezoid", &[(0.0, 0.0), (1.0, 0.0), (1.0, 3.0), (0.0, 2.0)]),
                    poly("pentagon", &[(0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (2.0, 1.0), (1.0, 2.0)]),
                ],
            }),
            "pentominoes" => Some(PieceSet {
                name: "pentominoes".into(),
                step_deg: 90.0,
                pieces: PENTOMINOES
                    .iter()
                    .map(|(name, cells)| {
                        let ring = cells_outline(cells).expect("pentominoes are simple");
                        PieceDef { name: (*name).into(), rings: vec![ring.into_iter().map(Vertex::from).collect()] }
                    })
                    .collect(),
            }),
            _ => curved::by_name(name).map(|b| b.set),
        }
    }

    pub fn step(&self) -> f64 {
        self.step_deg.to_radians()
    }
}

/// Most turns a piece may have: a rotation step of at least one degree.
pub const MAX_TURNS: f64 = 360.0;

/// Checks a rotation step in degrees: it must divide the full turn into a whole number of at
/// most 360 steps (so 90, 45, 30, 15, 1 and 360 are fine; 0, 7, NaN and 1e300 are not).
pub fn check_step(step: f64) -> Result<(), String> {
    let turns = 360.0 / step;
    if !step.is_finite() || step <= 0.0 || step > 360.0 {
        return Err(format!("`rotation_step` is {step}: it must be a number of degrees in (0, 360]"));
    }
    if turns > MAX_TURNS + 1e-9 || (turns - turns.round()).abs() > 1e-9 {
        return Err(format!(
            "`rotation_step` is {step}: it must divide 360 degrees into a whole number of at most {MAX_TURNS} steps"
        ));
    }
    Ok(())
}

/// Where one piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// Index of the piece in its set.
    pub piece: usize,
    /// Rotation in steps of the set's rotation step, counter-clockwise.
    #[serde(default)]
    pub rot: i32,
    /// Mirrored (x negated) before rotating.
    #[serde(default)]
    pub flip: bool,
    /// Translation.
    pub at: (f64, f64),
}

impl Placement {
    pub fn motion(&self, step: f64) -> Motion {
        Motion { mirror: self.flip, angle: self.rot as f64 * step, shift: pt(self.at.0, self.at.1) }
    }

    /// Local to world for a piece: a rigid piece turns and mirrors ([`Placement::motion`]); a
    /// piece `redrawn` for each rotation (a polycube's drawing already holds its turn) only
    /// moves.
    pub fn world_motion(&self, step: f64, redrawn: bool) -> Motion {
        let m = self.motion(step);
        if redrawn {
            Motion { mirror: false, angle: 0.0, ..m }
        } else {
            m
        }
    }

    /// The piece's rings in world coordinates.
    pub fn apply(&self, def: &PieceDef, step: f64) -> Vec<Vec<Vertex>> {
        let m = self.motion(step);
        def.rings.iter().map(|r| move_ring(r, &m)).collect()
    }
}

/// A ring moved by a motion (arc centres move with it; a mirror reverses arc directions).
pub fn move_ring(ring: &[Vertex], m: &Motion) -> Vec<Vertex> {
    ring.iter()
        .map(|v| Vertex {
            at: m.apply(v.at),
            arc: v.arc.map(|a| ArcTo { center: m.apply(a.center), ccw: a.ccw != m.mirror }),
        })
        .collect()
}

/// Area of a piece: its first ring is the outline, any further rings are holes.
pub fn piece_area(def: &PieceDef) -> f64 {
    let tol = crate::geom::Tol::default();
    let area = |r: &Vec<Vertex>| crate::geom::Ring::new(r, tol).map_or(0.0, |r| r.signed_area(tol.eps).abs());
    def.rings.first().map_or(0.0, area) - def.rings.iter().skip(1).map(area).sum::<f64>()
}

/// A point inside a piece's outline, to pick it up and turn it by: the centroid of its
/// corners' polygon when that lies inside (for a piece with arcs: with room around it), else
/// the point of a 24 x 24 grid over the outline farthest from its edges (a crescent's corners'
/// centroid lies outside it; a circular segment's lies on its chord).
pub fn inner_point(ring: &[Vertex]) -> Pt {
    let c = ring_centroid(ring);
    let tol = crate::geom::Tol::default();
    let Ok(r) = crate::geom::Ring::new(ring, tol) else { return c };
    let room = |p: Pt| {
        if r.winding(p, tol.eps) == 0 {
            return -1.0;
        }
        r.edges().iter().map(|e| e.distance(p, tol.eps)).fold(f64::INFINITY, f64::min)
    };
    let b = r.bbox();
    let size = (b.max.x - b.min.x).min(b.max.y - b.min.y);
    let straight = ring.iter().all(|v| v.arc.is_none());
    if room(c) > if straight { 0.0 } else { 0.2 * size } {
        return c;
    }
    let n = 24;
    let mut best = (room(c), c);
    for i in 0..n {
        for j in 0..n {
            let f = |k: usize| (k as f64 + 0.5) / n as f64;
            let p = pt(b.min.x + f(i) * (b.max.x - b.min.x), b.min.y + f(j) * (b.max.y - b.min.y));
            let d = room(p);
            if d > best.0 {
                best = (d, p);
            }
        }
    }
    best.1
}

/// Centroid of a polygon's vertices' region (straight edges; arcs are treated as chords).
pub fn ring_centroid(ring: &[Vertex]) -> Pt {
    let n = ring.len();
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (ring[i].at, ring[(i + 1) % n].at);
        let c = p.cross(q);
        a += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    if a.abs() < 1e-12 {
        let s = ring.iter().fold(pt(0.0, 0.0), |s, v| s + v.at);
        return s * (1.0 / n.max(1) as f64);
    }
    pt(cx / (3.0 * a), cy / (3.0 * a))
}

/// A palette that stays distinct for colour-blind players (Okabe and Ito), then repeats.
pub const PALETTE: [[f32; 3]; 12] = [
    [0.90, 0.62, 0.00],
    [0.34, 0.71, 0.91],
    [0.00, 0.62, 0.45],
    [0.94, 0.89, 0.26],
    [0.00, 0.45, 0.70],
    [0.84, 0.37, 0.00],
    [0.80, 0.47, 0.65],
    [0.60, 0.60, 0.60],
    // Beyond the tangram's seven (and the eighth above): Tol's muted colours, for the twelve
    // pentominoes and larger sets.
    [0.53, 0.80, 0.93],
    [0.07, 0.47, 0.20],
    [0.87, 0.80, 0.47],
    [0.53, 0.13, 0.33],
];

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hint {
    /// The placed pieces can be completed: this piece goes here (world coordinates).
    Next(Placement),
    /// No completion exists with the placed pieces where they are: move this piece.
    Move(usize),
    /// The figure is already complete.
    Done,
}

/// When no completion exists with the placed pieces where they are: the latest placed piece
/// whose removal lets `hint_without` complete the rest (or, failing that, the latest piece).
pub fn blocking_piece(placed: &[Placement], hint_without: impl Fn(&[Placement]) -> Option<Hint>) -> Option<Hint> {
    for skip in (0..placed.len()).rev() {
        let rest: Vec<Placement> = placed.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, q)| *q).collect();
        if matches!(hint_without(&rest), Some(Hint::Next(_)) | Some(Hint::Done)) {
            return Some(Hint::Move(placed[skip].piece));
        }
    }
    placed.last().map(|q| Hint::Move(q.piece))
}
