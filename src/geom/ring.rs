//! Rings (closed simple loops of edges) and parts (an outer ring with its holes).
//!
//! Input orientation does not matter: nesting decides what is a hole. After [`parts_from_rings`]
//! every outer ring runs counter-clockwise and every hole clockwise, so the filled side of
//! every edge is on its left.

use super::{BBox, Edge, Pt, Tol};
use std::fmt;

/// The arc that the edge leaving a vertex follows to the next vertex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArcTo {
    pub center: Pt,
    pub ccw: bool,
}

/// An input vertex: its position and, when the edge to the next vertex is an arc, that arc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vertex {
    pub at: Pt,
    pub arc: Option<ArcTo>,
}

impl From<Pt> for Vertex {
    fn from(at: Pt) -> Vertex {
        Vertex { at, arc: None }
    }
}

/// The edges of a ring of vertices as written (straight, or the arc a vertex names), without
/// the checks of [`Ring::new`].
pub fn ring_edges(ring: &[Vertex]) -> impl Iterator<Item = Edge> + '_ {
    let n = ring.len();
    (0..n).map(move |i| {
        let (a, b) = (ring[i].at, ring[(i + 1) % n].at);
        ring[i].arc.map_or(Edge::seg(a, b), |arc| Edge::arc(a, b, arc.center, arc.ccw))
    })
}

/// Why a ring or a set of rings was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum RingError {
    Empty,
    NotFinite { vertex: usize },
    TooFewVertices { count: usize },
    RepeatedVertex { vertex: usize },
    BadArc { vertex: usize, why: &'static str },
    SelfIntersecting { edge: usize, other: usize },
    ZeroArea,
    RingsTouch { ring: usize, other: usize },
    RingsOverlap,
    BadNesting { ring: usize },
    TooLarge { count: usize, limit: usize },
}

impl fmt::Display for RingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RingError::Empty => write!(f, "ring has no vertices"),
            RingError::NotFinite { vertex } => {
                write!(f, "vertex {vertex} has a coordinate that is NaN or infinite")
            }
            RingError::TooFewVertices { count } => write!(
                f,
                "ring is not closed: {count} distinct vertices with straight edges cannot enclose an area (need 3, \
                 or arcs; points closer than the tolerance, 2e-4 of the figure's size and never less than 2e-4 \
                 units, count as one)"
            ),
            RingError::RepeatedVertex { vertex } => {
                write!(f, "vertex {vertex} repeats the previous one (zero-length edge)")
            }
            RingError::BadArc { vertex, why } => write!(f, "arc leaving vertex {vertex}: {why}"),
            RingError::SelfIntersecting { edge, other } => {
                write!(f, "ring is self-intersecting: edge {edge} meets edge {other}")
            }
            RingError::ZeroArea => write!(f, "ring has zero area"),
            RingError::RingsTouch { ring, other } => {
                write!(f, "rings {ring} and {other} of one shape cross or touch")
            }
            RingError::RingsOverlap => write!(f, "two rings of one shape overlap each other"),
            RingError::BadNesting { ring } => {
                write!(
                    f,
                    "ring {ring} lies inside others in no consistent way (rings touching each other where they nest)"
                )
            }
            RingError::TooLarge { count, limit } => {
                write!(f, "{count} vertices is more than the limit of {limit}")
            }
        }
    }
}

impl std::error::Error for RingError {}

/// Most vertices a single ring may have.
pub const MAX_RING_VERTICES: usize = 20_000;

/// A closed simple ring of edges.
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    edges: Vec<Edge>,
    bbox: BBox,
}

impl Ring {
    /// Builds and validates a ring. A closing vertex equal to the first is dropped.
    pub fn new(vertices: &[Vertex], tol: Tol) -> Result<Ring, RingError> {
        let eps = tol.eps;
        if vertices.is_empty() {
            return Err(RingError::Empty);
        }
        if vertices.len() > MAX_RING_VERTICES {
            return Err(RingError::TooLarge { count: vertices.len(), limit: MAX_RING_VERTICES });
        }
        for (i, v) in vertices.iter().enumerate() {
            if !v.at.is_finite() || v.arc.is_some_and(|a| !a.center.is_finite()) {
                return Err(RingError::NotFinite { vertex: i });
            }
        }
        let mut vs = vertices.to_vec();
        if vs.len() > 1 && vs[0].at.dist(vs[vs.len() - 1].at) <= eps && vs[vs.len() - 1].arc.is_none() {
            vs.pop();
        }
        let n = vs.len();
        for i in 1..n {
            if vs[i].at.dist(vs[i - 1].at) <= eps {
                return Err(RingError::RepeatedVertex { vertex: i });
            }
        }
        let arcs = vs.iter().filter(|v| v.arc.is_some()).count();
        if n < 3 && (arcs == 0 || (n == 1 && vs[0].arc.is_none())) {
            return Err(RingError::TooFewVertices { count: n });
        }
        let mut edges = Vec::with_capacity(n);
        for i in 0..n {
            let a = vs[i].at;
            let b = vs[(i + 1) % n].at;
            edges.push(match vs[i].arc {
                None => Edge::seg(a, b),
                Some(ArcTo { center, ccw }) => {
                    let (ra, rb) = (a.dist(center), b.dist(center));
                    if ra <= eps {
                        return Err(RingError::BadArc { vertex: i, why: "its centre is the vertex itself" });
                    }
                    if (ra - rb).abs() > eps {
                        return Err(RingError::BadArc {
                            vertex: i,
                            why: "the centre is not equally far from both end points",
                        });
                    }
                    Edge::arc(a, b, center, ccw)
                }
            });
        }
        let mut bbox = BBox::EMPTY;
        for e in &edges {
            bbox = bbox.union(e.bbox(eps));
        }
        let ring = Ring { edges, bbox };
        if arcs == 0 && collinear(&vs, eps) {
            return Err(RingError::ZeroArea);
        }
        ring.check_simple(eps)?;
        if ring.signed_area(eps).abs() <= eps * eps {
            return Err(RingError::ZeroArea);
        }
        Ok(ring)
    }

    /// A polygon from plain points.
    pub fn polygon(points: &[Pt], tol: Tol) -> Result<Ring, RingError> {
        let vs: Vec<Vertex> = points.iter().map(|&p| p.into()).collect();
        Ring::new(&vs, tol)
    }

    fn check_simple(&self, eps: f64) -> Result<(), RingError> {
        let n = self.edges.len();
        let boxes: Vec<BBox> = self.edges.iter().map(|e| e.bbox(eps)).collect();
        let mut err = None;
        sweep_pairs_until(&boxes, eps, |i, j| {
            let (e, f) = (&self.edges[i], &self.edges[j]);
            // Points the two edges may legitimately share: the vertices between them.
            let mut shared = Vec::new();
            if (i + 1) % n == j {
                shared.push(e.end());
            }
            if (j + 1) % n == i {
                shared.push(f.end());
            }
            let contacts = e.contacts(f, eps);
            let bad = contacts.iter().any(|p| !shared.iter().any(|s| s.dist(*p) <= eps))
                || (!shared.is_empty() && e.same_carrier(f, eps) && overlaps_along(e, f, eps));
            if bad {
                err = Some(RingError::SelfIntersecting { edge: i.min(j), other: i.max(j) });
            }
            err.is_none()
        });
        err.map_or(Ok(()), Err)
    }

    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }
    pub fn bbox(&self) -> BBox {
        self.bbox
    }
    pub fn signed_area(&self, eps: f64) -> f64 {
        self.edges.iter().map(|e| e.area_term(eps)).sum()
    }
    pub fn reversed(&self) -> Ring {
        Ring { edges: self.edges.iter().rev().map(Edge::reversed).collect(), bbox: self.bbox }
    }
    /// Winding number of the ring about `p` (p off the ring).
    pub fn winding(&self, p: Pt, eps: f64) -> i32 {
        if !self.bbox.contains(p, eps) {
            return 0;
        }
        if self.edges.iter().all(|e| !e.is_arc()) {
            // Polygons: signed crossings of the ray to the right of p (half-open in y).
            return self
                .edges
                .iter()
                .map(|e| {
                    let (a, b) = (e.start(), e.end());
                    if a.y <= p.y && b.y > p.y && (b - a).cross(p - a) > 0.0 {
                        1
                    } else if b.y <= p.y && a.y > p.y && (b - a).cross(p - a) < 0.0 {
                        -1
                    } else {
                        0
                    }
                })
                .sum();
        }
        let w: f64 = self.edges.iter().map(|e| e.winding_angle(p, eps)).sum();
        (w / std::f64::consts::TAU).round() as i32
    }
    /// Whether `inner` (a ring that does not cross this one) lies inside this ring: probed at
    /// the first midpoint of an edge of `inner` that is off this ring.
    pub fn encloses(&self, inner: &Ring, eps: f64) -> bool {
        inner
            .edges
            .iter()
            .map(|e| e.midpoint(eps))
            .find(|p| !self.on_boundary(*p, eps))
            .is_some_and(|p| self.winding(p, eps) != 0)
    }

    pub fn on_boundary(&self, p: Pt, eps: f64) -> bool {
        self.bbox.contains(p, eps) && self.edges.iter().any(|e| e.contains(p, eps))
    }
    /// A ring made of edges already known to form a simple closed loop.
    pub(crate) fn from_edges_unchecked(edges: Vec<Edge>, eps: f64) -> Ring {
        let mut bbox = BBox::EMPTY;
        for e in &edges {
            bbox = bbox.union(e.bbox(eps));
        }
        Ring { edges, bbox }
    }
}

/// Whether all vertices lie on one line (a flat ring).
fn collinear(vs: &[Vertex], eps: f64) -> bool {
    let a = vs[0].at;
    let Some(b) = vs.iter().map(|v| v.at).max_by(|p, q| p.dist(a).total_cmp(&q.dist(a))) else {
        return true;
    };
    let d = b - a;
    let l = d.len();
    l == 0.0 || vs.iter().all(|v| (d.cross(v.at - a) / l).abs() <= eps)
}

/// Whether two edges on one carrier share more than a point.
fn overlaps_along(e: &Edge, f: &Edge, eps: f64) -> bool {
    let m = [f.point_at(0.25, eps), f.point_at(0.5, eps), f.point_at(0.75, eps)];
    let n = [e.point_at(0.25, eps), e.point_at(0.5, eps), e.point_at(0.75, eps)];
    m.iter().any(|p| e.contains(*p, eps)) || n.iter().any(|p| f.contains(*p, eps))
}

/// Where a point lies with respect to a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Inside,
    Outside,
    Boundary,
}

/// An outer ring (counter-clockwise) with the holes (clockwise) directly inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub outer: Ring,
    pub holes: Vec<Ring>,
}

impl Part {
    pub fn rings(&self) -> impl Iterator<Item = &Ring> {
        std::iter::once(&self.outer).chain(self.holes.iter())
    }
    pub fn edges(&self) -> impl Iterator<Item = &Edge> {
        self.rings().flat_map(|r| r.edges().iter())
    }
    pub fn bbox(&self) -> BBox {
        self.outer.bbox()
    }
    pub fn area(&self, eps: f64) -> f64 {
        self.rings().map(|r| r.signed_area(eps)).sum()
    }
    /// Whether `p` is inside and not within `eps` of the boundary (cheaper than `side`).
    pub fn strictly_inside(&self, p: Pt, eps: f64) -> bool {
        self.bbox().contains(p, eps)
            && self.rings().map(|r| r.winding(p, eps)).sum::<i32>() != 0
            && !self.rings().any(|r| r.on_boundary(p, eps))
    }

    pub fn side(&self, p: Pt, eps: f64) -> Side {
        if !self.bbox().contains(p, eps) {
            return Side::Outside;
        }
        if self.rings().any(|r| r.on_boundary(p, eps)) {
            return Side::Boundary;
        }
        let w: i32 = self.rings().map(|r| r.winding(p, eps)).sum();
        if w != 0 {
            Side::Inside
        } else {
            Side::Outside
        }
    }
}

/// A validated shape: one or more parts (a piece, or a target figure).
pub type Shape = Vec<Part>;

/// Sorts rings into parts by nesting and orients them (outer counter-clockwise, holes
/// clockwise). Rings of a piece must neither cross nor touch (`allow_touch == false`); the
/// rings of a target figure may touch, since the engine takes their union.
pub fn parts_from_rings(rings: Vec<Ring>, tol: Tol, allow_touch: bool) -> Result<Shape, RingError> {
    let eps = tol.eps;
    if !allow_touch {
        if let Some((ring, other)) = touching_pair(&rings, eps) {
            return Err(RingError::RingsTouch { ring, other });
        }
    }
    let boxes: Vec<BBox> = rings.iter().map(|r| r.bbox()).collect();
    // depth[i] = how many other rings contain ring i.
    let areas: Vec<f64> = rings.iter().map(|r| r.signed_area(eps).abs()).collect();
    let contains = |j: usize, i: usize| {
        if i == j || areas[j] <= areas[i] || !boxes[j].overlaps(&boxes[i], eps) {
            return false;
        }
        rings[j].encloses(&rings[i], eps)
    };
    let n = rings.len();
    let depth: Vec<usize> = (0..n).map(|i| (0..n).filter(|&j| contains(j, i)).count()).collect();
    let mut part_of = vec![usize::MAX; n];
    let mut parts: Vec<Part> = Vec::new();
    let oriented = |r: &Ring, ccw: bool| {
        if (r.signed_area(eps) > 0.0) == ccw {
            r.clone()
        } else {
            r.reversed()
        }
    };
    for i in 0..n {
        if depth[i].is_multiple_of(2) {
            part_of[i] = parts.len();
            parts.push(Part { outer: oriented(&rings[i], true), holes: vec![] });
        }
    }
    for i in 0..n {
        if !depth[i].is_multiple_of(2) {
            // Nesting found by probing can be inconsistent for rings that touch in degenerate
            // ways (three rings each touching the others): say so rather than guess.
            let owner = (0..n)
                .filter(|&j| depth[j] + 1 == depth[i] && contains(j, i))
                .min_by(|&a, &b| areas[a].total_cmp(&areas[b]))
                .ok_or(RingError::BadNesting { ring: i })?;
            parts[part_of[owner]].holes.push(oriented(&rings[i], false));
        }
    }
    Ok(parts)
}

/// Two of the rings that cross or touch (the first pair found), if any.
pub fn touching_pair(rings: &[Ring], eps: f64) -> Option<(usize, usize)> {
    let boxes: Vec<BBox> = rings.iter().map(|r| r.bbox()).collect();
    let mut pair = None;
    sweep_pairs_until(&boxes, eps, |i, j| {
        if rings_touch(&rings[i], &rings[j], eps) {
            pair = Some((i, j));
        }
        pair.is_none()
    });
    pair
}

fn rings_touch(a: &Ring, b: &Ring, eps: f64) -> bool {
    if !a.bbox().overlaps(&b.bbox(), eps) {
        return false;
    }
    let ea: Vec<BBox> = a.edges().iter().map(|e| e.bbox(eps)).collect();
    let eb: Vec<BBox> = b.edges().iter().map(|e| e.bbox(eps)).collect();
    let mut hit = false;
    sweep_pairs_between(&ea, &eb, eps, |i, j| {
        hit = hit || !a.edges()[i].contacts(&b.edges()[j], eps).is_empty();
    });
    hit
}

/// Whether `inner` lies within a region (touching its boundary allowed), given the region's
/// boundary edges and a point classifier for it: every piece of `inner`'s boundary, cut at the
/// contacts with the region's boundary, is inside or on the region, and no piece of the
/// region's boundary runs strictly inside `inner` (which catches a hole of the region covered
/// by `inner`).
pub fn lies_within(outer_edges: &[Edge], outer_side: impl Fn(Pt) -> Side, inner: &Part, eps: f64) -> bool {
    let ie: Vec<Edge> = inner.edges().copied().collect();
    let bi: Vec<BBox> = ie.iter().map(|e| e.bbox(eps)).collect();
    let bo: Vec<BBox> = outer_edges.iter().map(|e| e.bbox(eps)).collect();
    let mut ci = vec![Vec::new(); ie.len()];
    let mut co = vec![Vec::new(); outer_edges.len()];
    sweep_pairs_between(&bi, &bo, eps, |i, j| {
        for p in ie[i].contacts(&outer_edges[j], eps) {
            ci[i].push(p);
            co[j].push(p);
        }
    });
    ie.iter()
        .zip(&ci)
        .all(|(e, cuts)| e.split_at(cuts, eps).iter().all(|s| outer_side(s.midpoint(eps)) != Side::Outside))
        && outer_edges
            .iter()
            .zip(&co)
            .all(|(e, cuts)| e.split_at(cuts, eps).iter().all(|s| !inner.strictly_inside(s.midpoint(eps), eps)))
}

/// Calls `f(i, j)` (i < j) for every pair of boxes that overlap (within `eps`), by sorting on
/// the lower x bound and sweeping.
pub fn sweep_pairs(boxes: &[BBox], eps: f64, mut f: impl FnMut(usize, usize)) {
    sweep_pairs_until(boxes, eps, |i, j| {
        f(i, j);
        true
    });
}

/// As [`sweep_pairs`], stopping as soon as `f` returns false (a pile of boxes all over each
/// other has a number of pairs that grows with the square of their count).
pub fn sweep_pairs_until(boxes: &[BBox], eps: f64, mut f: impl FnMut(usize, usize) -> bool) {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&a, &b| boxes[a].min.x.total_cmp(&boxes[b].min.x));
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if boxes[j].min.x > boxes[i].max.x + eps {
                break;
            }
            if boxes[i].overlaps(&boxes[j], eps) && !f(i.min(j), i.max(j)) {
                return;
            }
        }
    }
}

/// Calls `f(i, j)` for every box `i` of `a` overlapping box `j` of `b`.
pub fn sweep_pairs_between(a: &[BBox], b: &[BBox], eps: f64, mut f: impl FnMut(usize, usize)) {
    let mut all: Vec<BBox> = a.to_vec();
    all.extend_from_slice(b);
    let na = a.len();
    sweep_pairs(&all, eps, |i, j| {
        if i < na && j >= na {
            f(i, j - na);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::pt;

    fn ring(points: &[(f64, f64)]) -> Result<Ring, RingError> {
        let p: Vec<Pt> = points.iter().map(|&(x, y)| pt(x, y)).collect();
        Ring::polygon(&p, Tol::default())
    }

    #[test]
    fn malformed_rings_are_refused() {
        assert_eq!(ring(&[]), Err(RingError::Empty));
        assert_eq!(ring(&[(0.0, 0.0), (1.0, 0.0)]), Err(RingError::TooFewVertices { count: 2 }));
        assert_eq!(ring(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]), Err(RingError::ZeroArea));
        assert_eq!(ring(&[(0.0, 0.0), (2.0, 2.0), (1.0, 1.0), (3.0, 3.0)]), Err(RingError::ZeroArea));
        assert_eq!(ring(&[(0.0, 0.0), (0.0, 0.0), (1.0, 1.0)]), Err(RingError::RepeatedVertex { vertex: 1 }));
        assert!(matches!(
            ring(&[(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]),
            Err(RingError::SelfIntersecting { .. })
        ));
        assert_eq!(ring(&[(0.0, 0.0), (f64::NAN, 0.0), (1.0, 1.0)]), Err(RingError::NotFinite { vertex: 1 }));
        // A spike that doubles back on itself.
        assert!(matches!(
            ring(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0)]),
            Err(RingError::SelfIntersecting { .. })
        ));
        // An explicitly closed ring is fine.
        assert!(ring(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)]).is_ok());
    }

    #[test]
    fn nesting_decides_holes_whatever_the_input_orientation() {
        let outer = ring(&[(0.0, 0.0), (0.0, 4.0), (4.0, 4.0), (4.0, 0.0)]).unwrap(); // clockwise
        let hole = ring(&[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]).unwrap(); // ccw
        let island = ring(&[(1.5, 1.5), (2.5, 1.5), (2.5, 2.5)]).unwrap();
        let parts = parts_from_rings(vec![hole, island, outer], Tol::default(), false).unwrap();
        assert_eq!(parts.len(), 2);
        let big = parts.iter().find(|p| p.holes.len() == 1).unwrap();
        assert!(big.outer.signed_area(1e-9) > 0.0);
        assert!(big.holes[0].signed_area(1e-9) < 0.0);
        assert!((big.area(1e-9) - 12.0).abs() < 1e-12);
        assert_eq!(big.side(pt(2.0, 2.0), 1e-9), Side::Outside);
        assert_eq!(big.side(pt(0.5, 2.0), 1e-9), Side::Inside);
        assert_eq!(big.side(pt(1.0, 2.0), 1e-9), Side::Boundary);
    }

    #[test]
    fn touching_rings_of_one_shape_are_refused() {
        let a = ring(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]).unwrap();
        let b = ring(&[(1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0)]).unwrap();
        assert!(matches!(parts_from_rings(vec![a, b], Tol::default(), false), Err(RingError::RingsTouch { .. })));
    }
}
