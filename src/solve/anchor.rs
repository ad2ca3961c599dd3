//! Where the geometric solver lays its next piece, and which pieces fit there.
//!
//! An anchor is a point of the uncovered region's boundary where some piece of any tiling has
//! a vertex, with the region's edge that piece's edge runs along. The sharpest convex corners
//! are such points. When several tie for sharpest, the search counts at each the pieces that
//! pass the quick tests of [`candidates`] (no more than the fewest counted so far) and lays its
//! next piece at the corner with the fewest: a narrow slot first, and a corner no piece can
//! reach ends the branch at once. The corner with the shortest side is counted first, so the
//! others' counts stop early. Only at the chosen corner are the pieces cut out of the region
//! for the full test ([`inside`]), one by one as the search reaches them. On the pentominoes'
//! 6 x 10 box, where every corner is square, the first solution took 9,530 steps before and
//! 2,714 after (`examples/tangram_random.rs`).

use crate::geom::edge::corner_turn;
use crate::geom::ring::{lies_within, Side};
use crate::geom::{pt, BBox, Edge, Part, Pt, Ring};
use crate::verify::contour::Contour;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Clone, Copy)]
pub(super) enum Anchor {
    /// A vertex of the region and the edge leaving it (`arriving`: the edge arriving at it),
    /// with the turn between the two edges there.
    Corner { at: Pt, edge: Edge, turn: f64, arriving: bool },
    /// A contour that is one whole circle (any of its arcs): some piece has a vertex on it
    /// with an arc of the circle leaving it, wherever that is.
    Circle(Edge),
}

impl Anchor {
    fn arriving(&self) -> bool {
        matches!(self, Anchor::Corner { arriving: true, .. })
    }
}

/// The anchors to choose the next step's from, in this order:
/// 1. the convex corners with the sharpest turn between the edges' tangents (the one with the
///    shortest side first, then the lowest, leftmost): no piece can cover one except with a
///    vertex;
/// 2. else a point where two different curves meet smoothly (an arc leaving a segment or
///    another circle along the same tangent). The less curved of the two, continued past the
///    point, leaves the region, so the piece lying along it ends there: the edge leaving the
///    point when it is the less curved, else the edge arriving;
/// 3. else a contour that is one whole circle (a disc or a round hole).
///
/// A region with none of these (only reflex corners between arcs, say) is left unfilled.
pub(super) fn anchors(region: &[Contour], eps: f64) -> Vec<Anchor> {
    let mut sharpest: Vec<(Pt, Edge, f64, f64)> = Vec::new();
    let mut smooth: Option<Anchor> = None;
    let mut circle = None;
    for c in region {
        let n = c.edges.len();
        if c.edges.iter().all(|e| e.is_arc() && e.same_carrier(&c.edges[0], eps)) {
            circle = circle.or(Some(Anchor::Circle(c.edges[0])));
            continue;
        }
        for i in 0..n {
            let (e_in, e_out) = (&c.edges[(i + n - 1) % n], &c.edges[i]);
            let t = corner_turn(e_in, e_out, eps);
            let v = e_out.start();
            if t > 1e-9 {
                let top = sharpest.first().map_or(f64::NEG_INFINITY, |s| s.2);
                if t > top + 1e-9 {
                    sharpest.clear();
                }
                if t >= top - 1e-9 {
                    let short = e_in.length(eps).min(e_out.length(eps));
                    sharpest.push((v, *e_out, t, (short / eps).round() * eps));
                }
            } else if t > -1e-6 && smooth.is_none() && !e_in.same_carrier(e_out, eps) {
                let arriving = e_out.curvature() > e_in.curvature();
                let edge = if arriving { *e_in } else { *e_out };
                smooth = Some(Anchor::Corner { at: v, edge, turn: t.max(0.0), arriving });
            }
        }
    }
    if sharpest.is_empty() {
        return smooth.or(circle).into_iter().collect();
    }
    // The corner with the shortest side first (a narrow slot fits few pieces), then the
    // lowest, leftmost.
    let key = |s: &(Pt, Edge, f64, f64)| (s.3, s.0.y, s.0.x);
    sharpest.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
    sharpest.into_iter().map(|(at, edge, turn, _)| Anchor::Corner { at, edge, turn, arriving: false }).collect()
}

/// The point of circle `c` (an arc's circle) where its tangent, in the arc's direction, is `d`.
fn circle_point(c: &Edge, d: Pt) -> Pt {
    let Edge::Arc { c: centre, ccw, .. } = *c else { unreachable!("a circle anchor is an arc") };
    let u = if ccw { pt(d.y, -d.x) } else { pt(-d.y, d.x) };
    centre + u * c.radius()
}

/// Pieces of one shape: their ids in the set, their area, the poses they can take, and their
/// vertices (pose, vertex) in order, all of them and grouped by the direction of the edge
/// leaving them (a corner of the region reads only the group along its edge).
pub(super) struct Kind {
    pub ids: Vec<usize>,
    pub area: f64,
    pub poses: Vec<Pose>,
    all: Vec<(usize, usize)>,
    leaving: Vec<Heading>,
}

/// The vertices whose leaving edge points along `dir`, within `tol` (the loosest of theirs).
struct Heading {
    dir: Pt,
    tol: f64,
    vertices: Vec<(usize, usize)>,
}

impl Kind {
    pub fn new(id: usize, area: f64, poses: Vec<Pose>, eps: f64) -> Kind {
        let all: Vec<(usize, usize)> =
            poses.iter().enumerate().flat_map(|(p, pose)| (0..pose.edges.len()).map(move |w| (p, w))).collect();
        let mut leaving: Vec<Heading> = Vec::new();
        for &(p, w) in &all {
            let (dir, tol) = (poses[p].leaving[w], direction_tolerance(poses[p].lengths[w], eps) + 1e-8);
            match leaving.iter_mut().find(|h| (h.dir - dir).len() <= 1e-9) {
                Some(h) => {
                    h.tol = h.tol.max(tol);
                    h.vertices.push((p, w));
                }
                None => leaving.push(Heading { dir, tol, vertices: vec![(p, w)] }),
            }
        }
        Kind { ids: vec![id], area, poses, all, leaving }
    }

    /// The vertices that may lie at a corner whose leaving edge points along `dir` (`None`:
    /// every vertex), in order.
    fn vertices(&self, dir: Option<Pt>) -> &[(usize, usize)] {
        let Some(d) = dir else { return &self.all };
        let mut along = self.leaving.iter().filter(|h| h.dir.dot(d) > 0.0 && h.dir.cross(d).abs() <= h.tol);
        match (along.next(), along.next()) {
            (None, _) => &[],
            (Some(h), None) => &h.vertices,
            _ => &self.all,
        }
    }
}

/// One way to hold a piece: its turn and mirror, its outline at the origin (counter-clockwise
/// edges, straight or arcs), and at each vertex `w` (where edge `w` starts) what the quick tests
/// read: the directions of the edges leaving and arriving, the turn between them, and the
/// lengths of the edges.
pub(super) struct Pose {
    pub rot: i32,
    pub flip: bool,
    pub edges: Vec<Edge>,
    leaving: Vec<Pt>,
    arriving: Vec<Pt>,
    turns: Vec<f64>,
    lengths: Vec<f64>,
}

impl Pose {
    pub fn new(rot: i32, flip: bool, edges: Vec<Edge>, eps: f64) -> Pose {
        let n = edges.len();
        let before = |w: usize| &edges[(w + n - 1) % n];
        Pose {
            rot,
            flip,
            leaving: edges.iter().map(|e| e.tangent_start(eps)).collect(),
            arriving: (0..n).map(|w| before(w).tangent_end(eps)).collect(),
            turns: (0..n).map(|w| corner_turn(before(w), &edges[w], eps)).collect(),
            lengths: edges.iter().map(|e| (e.end() - e.start()).len()).collect(),
            edges,
        }
    }
}

/// A piece laid at an anchor: its kind, pose, the shift from the pose's outline, and the
/// outline where it lies.
pub(super) struct Fit {
    pub kind: usize,
    pub rot: i32,
    pub flip: bool,
    pub shift: Pt,
    pub placed: Vec<Edge>,
}

/// Of the pieces that passed the quick tests ([`candidates`]), those that lie inside the
/// region, in order, each tested only when asked for.
pub(super) fn fitting<'a>(
    candidates: impl Iterator<Item = (usize, &'a Pose, Pt)> + 'a,
    sides: &'a Sides<'a>,
) -> impl Iterator<Item = Fit> + 'a {
    candidates.filter_map(move |(kind, pose, shift)| {
        let moved = crate::geom::Motion { mirror: false, angle: 0.0, shift };
        let placed: Vec<Edge> = pose.edges.iter().map(|e| e.transformed(&moved)).collect();
        sides.holds(&placed).then_some(Fit { kind, rot: pose.rot, flip: pose.flip, shift, placed })
    })
}

/// Every piece left (`left[k]` of kind `k`) in every pose with a vertex at the anchor that
/// passes the quick tests (the direction of the edge along the region's, the angle at the
/// vertex, every corner of the piece inside the region's box and not outside the region), as
/// kind, pose and shift: fewer of them at a corner means fewer fitting there, and none means
/// none.
pub(super) fn candidates<'a>(
    anchor: Anchor,
    kinds: &'a [Kind],
    left: &'a [usize],
    sides: &'a Sides<'a>,
) -> impl Iterator<Item = (usize, &'a Pose, Pt)> + 'a {
    let eps = sides.eps;
    let (along, corner) = match anchor {
        Anchor::Corner { edge, turn, .. } => (edge, turn),
        Anchor::Circle(edge) => (edge, 0.0),
    };
    let region_dir = if anchor.arriving() { along.tangent_end(eps) } else { along.tangent_start(eps) };
    let region_k = along.curvature();
    // A corner's leaving edge picks the vertices to try (an edge arriving, or a circle, all).
    let heading = matches!(anchor, Anchor::Corner { arriving: false, .. }).then_some(region_dir);
    let vertices = kinds
        .iter()
        .enumerate()
        .filter(|(k, _)| left[*k] > 0)
        .flat_map(move |(k, kind)| kind.vertices(heading).iter().map(move |&(p, w)| (k, &kind.poses[p], w)));
    vertices.filter_map(move |(kind, pose, w)| {
        let edges = &pose.edges;
        let n = edges.len();
        let before = (w + n - 1) % n;
        // The piece's edge laid along the region's edge, and its direction at the vertex.
        let (e, d) = if anchor.arriving() { (before, pose.arriving[w]) } else { (w, pose.leaving[w]) };
        let dir_tol = direction_tolerance(pose.lengths[e], eps);
        let v = match anchor {
            Anchor::Corner { at, .. } => {
                if d.cross(region_dir).abs() > dir_tol || d.dot(region_dir) <= 0.0 {
                    return None;
                }
                at
            }
            // The point of the circle where its tangent has the edge's direction.
            Anchor::Circle(c) => circle_point(&c, d),
        };
        // The piece's edge runs along the region's: the same curve (an arc only on an arc of
        // its radius, turning the same way).
        let k = edges[e].curvature();
        let k_tol = 4.0 * eps * k.abs().max(region_k.abs()).powi(2) + 1e-12;
        if (k - region_k).abs() > k_tol {
            return None;
        }
        // The piece's angle at the vertex must fit in the corner.
        if pose.turns[w] < corner - 2.0 * dir_tol {
            return None;
        }
        let shift = v - edges[w].start();
        let corners = || edges.iter().map(|e| e.start() + shift);
        let within =
            corners().all(|c| sides.bounds.contains(c, eps)) && corners().all(|c| sides.of(c) != Side::Outside);
        within.then_some((kind, pose, shift))
    })
}

/// Whether the piece (counter-clockwise edges) lies inside the region (touching its boundary
/// is fine).
pub(super) fn inside(region: &[&Part], piece: &[Edge], eps: f64) -> bool {
    Sides::new(region, eps).holds(piece)
}

/// Where points lie against one region, each point worked out once: the pieces tried at a
/// node put their corners on the same few points (on the tangram's lattice, the pentominoes'
/// grid), most of them many times. Points are told apart to a thousandth of the tolerance.
pub(super) struct Sides<'a> {
    region: &'a [&'a Part],
    eps: f64,
    known: std::cell::RefCell<HashMap<(i64, i64), Side, BuildHasherDefault<Mix>>>,
    edges: Vec<Edge>,
    bounds: BBox,
}

impl<'a> Sides<'a> {
    pub fn new(region: &'a [&'a Part], eps: f64) -> Self {
        let edges = region.iter().flat_map(|p| p.edges().copied()).collect();
        let bounds = region.iter().fold(BBox::EMPTY, |b, p| b.union(p.bbox()));
        Sides { region, eps, known: Default::default(), edges, bounds }
    }

    /// Whether the piece (counter-clockwise edges) lies inside the region (touching its
    /// boundary is fine).
    pub fn holds(&self, piece: &[Edge]) -> bool {
        let piece = Part { outer: Ring::from_edges_unchecked(piece.to_vec(), self.eps), holes: vec![] };
        lies_within(&self.edges, |p| self.of(p), &piece, self.eps)
    }

    fn of(&self, p: Pt) -> Side {
        let q = self.eps * 1e-3;
        let key = ((p.x / q).round() as i64, (p.y / q).round() as i64);
        *self.known.borrow_mut().entry(key).or_insert_with(|| side(self.region, p, self.eps))
    }
}

/// A hash of a point's two integers: a rotate, an exclusive or and a multiply each. The
/// standard library's SipHash, made to withstand keys chosen by an attacker, took 6% of the
/// 6 x 10 pentomino figure's profile; these keys are the solver's own.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(b as u64));
    }

    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// How far off an edge of the given length may point from the region's and still lie along
/// it: its far end within the tolerance of the region's edge (so figures rounded by other
/// tools still fit).
fn direction_tolerance(length: f64, eps: f64) -> f64 {
    (2.0 * eps / length).max(1e-9)
}

/// Where a point lies against the region's parts.
fn side(region: &[&Part], p: Pt, eps: f64) -> Side {
    let mut inner = false;
    for r in region {
        match r.side(p, eps) {
            Side::Boundary => return Side::Boundary,
            Side::Inside => inner = true,
            Side::Outside => {}
        }
    }
    if inner {
        Side::Inside
    } else {
        Side::Outside
    }
}
