//! Contour rebuilding: chain the boundary sub-edges into closed loops (at each vertex the edge
//! with the smallest turn to the left of the filled side, i.e. the sharpest left turn), merge
//! collinear segments and co-circular arcs, orient by signed area, and give each hole its
//! outer contour.

use super::overlay::SubEdge;
use crate::geom::edge::{corner_turn, turn};
use crate::geom::ring::Ring;
use crate::geom::{Edge, Motion, Pt};
use std::f64::consts::PI;

/// A closed boundary loop of a figure. Outer contours run counter-clockwise (positive area),
/// holes clockwise (negative area). The filled side is on the left of every edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Contour {
    pub edges: Vec<Edge>,
    pub area: f64,
    /// For a hole: the index of the outer contour it lies in.
    pub parent: Option<usize>,
}

impl Contour {
    pub fn is_hole(&self) -> bool {
        self.area < 0.0
    }
    /// A single full circle (no vertex).
    pub fn is_circle(&self) -> bool {
        self.edges.len() == 1
    }
    pub fn perimeter(&self, eps: f64) -> f64 {
        self.edges.iter().map(|e| e.length(eps)).sum()
    }
    pub fn transformed(&self, m: &Motion) -> Contour {
        let edges: Vec<Edge> = if m.mirror {
            self.edges.iter().rev().map(|e| e.transformed(m).reversed()).collect()
        } else {
            self.edges.iter().map(|e| e.transformed(m)).collect()
        };
        Contour { edges, area: self.area, parent: self.parent }
    }
    /// The signature the paper compares: per edge its length, the turn to the next edge, and
    /// for arcs the radius and direction (signed curvature).
    pub fn signature(&self, eps: f64) -> Vec<(f64, f64, f64)> {
        let n = self.edges.len();
        (0..n)
            .map(|i| {
                let e = &self.edges[i];
                let next = &self.edges[(i + 1) % n];
                (e.length(eps), corner_turn(e, next, eps), e.curvature())
            })
            .collect()
    }
}

/// Chains boundary sub-edges into merged, oriented contours with holes assigned, each a simple
/// loop (see [`split_pinches`]).
pub fn build_contours<'a>(points: &[Pt], boundary: impl Iterator<Item = &'a SubEdge>, eps: f64) -> Vec<Contour> {
    let subs: Vec<&SubEdge> = boundary.collect();
    let mut out_of: Vec<Vec<usize>> = vec![Vec::new(); points.len()];
    for (k, s) in subs.iter().enumerate() {
        out_of[s.from].push(k);
    }
    let mut used = vec![false; subs.len()];
    let mut loops: Vec<Vec<Edge>> = Vec::new();
    for first in 0..subs.len() {
        if used[first] {
            continue;
        }
        used[first] = true;
        let mut lp = vec![first];
        let mut cur = first;
        loop {
            let v = subs[cur].to;
            let d_in = subs[cur].edge.tangent_end(eps);
            let candidates = out_of[v].iter().copied().filter(|&k| !used[k] || (k == first && v == subs[first].from));
            let best = candidates.max_by(|&a, &b| {
                let ka = turn_key(d_in, &subs[a].edge, eps);
                let kb = turn_key(d_in, &subs[b].edge, eps);
                ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
            });
            match best {
                Some(k) if k == first => break,
                Some(k) => {
                    used[k] = true;
                    lp.push(k);
                    cur = k;
                }
                None => break, // only with overlapping input: the loop cannot close
            }
        }
        for simple in split_pinches(&lp, |k| (points[subs[k].from], points[subs[k].to]), eps) {
            loops.push(simple.into_iter().map(|k| subs[k].edge).collect());
        }
    }
    let mut contours: Vec<Contour> = loops
        .into_iter()
        .map(|l| {
            let edges = merge_loop(l, eps);
            let area = edges.iter().map(|e| e.area_term(eps)).sum();
            Contour { edges, area, parent: None }
        })
        .collect();
    assign_holes(&mut contours, eps);
    contours
}

/// A closed chain of edges (each given by its end points) cut into simple loops wherever it
/// passes through a point twice (within `eps`: the overlay may number one point twice). The
/// sharpest left turn keeps apart outlines that touch at a corner, but runs an outline and a
/// hole touching it into one chain; a figure drawn as an outline and a hole must match pieces
/// that leave the same hole, so both are cut the same way. A chain that does not close
/// (overlapping input) is returned whole.
fn split_pinches(chain: &[usize], ends: impl Fn(usize) -> (Pt, Pt), eps: f64) -> Vec<Vec<usize>> {
    let closed = chain.first().zip(chain.last()).is_some_and(|(&a, &b)| ends(b).1.dist(ends(a).0) <= eps);
    if !closed {
        return vec![chain.to_vec()];
    }
    let mut loops = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for &k in chain {
        stack.push(k);
        let end = ends(k).1;
        // The chain came back to a point it left from: what lies between is a loop.
        if let Some(j) = stack.iter().position(|&e| ends(e).0.dist(end) <= eps) {
            loops.push(stack.split_off(j));
        }
    }
    if !stack.is_empty() {
        loops.push(stack);
    }
    loops
}

/// Sort key of an outgoing edge after arriving in direction `d_in`: larger is further left.
/// An exact reversal counts as the rightmost turn; ties in direction are broken by curvature.
fn turn_key(d_in: Pt, e: &Edge, eps: f64) -> (f64, f64) {
    let mut t = turn(d_in, e.tangent_start(eps));
    if t > PI - 1e-7 {
        t = -PI;
    }
    // Quantise so that directions equal up to rounding tie, and curvature decides.
    ((t * 1e7).round(), e.curvature())
}

fn mergeable(e: &Edge, f: &Edge, eps: f64) -> bool {
    match (*e, *f) {
        (Edge::Seg { a, b }, Edge::Seg { b: c, .. }) => {
            let d = c - a;
            let l = d.len();
            l > 0.0 && (d.cross(b - a) / l).abs() <= eps && (b - a).dot(c - b) > 0.0
        }
        (Edge::Arc { c: c1, ccw: k1, .. }, Edge::Arc { c: c2, ccw: k2, .. }) => {
            k1 == k2 && c1.dist(c2) <= eps && (e.radius() - f.radius()).abs() <= eps
        }
        _ => false,
    }
}

/// Merges consecutive collinear segments and consecutive arcs of one circle in a closed loop.
fn merge_loop(edges: Vec<Edge>, eps: f64) -> Vec<Edge> {
    let n = edges.len();
    if n <= 1 {
        return edges;
    }
    let Some(start) = (0..n).find(|&i| !mergeable(&edges[(i + n - 1) % n], &edges[i], eps)) else {
        // Everything merges: arcs of one circle make a full circle.
        let e = edges[0];
        return vec![e.with_ends(e.start(), e.start())];
    };
    let mut out: Vec<Edge> = Vec::with_capacity(n);
    for k in 0..n {
        let e = edges[(start + k) % n];
        match out.last_mut() {
            Some(last) if mergeable(last, &e, eps) => *last = last.with_ends(last.start(), e.end()),
            _ => out.push(e),
        }
    }
    out
}

fn assign_holes(contours: &mut [Contour], eps: f64) {
    let rings: Vec<Ring> = contours.iter().map(|c| Ring::from_edges_unchecked(c.edges.clone(), eps)).collect();
    for h in 0..contours.len() {
        if !contours[h].is_hole() {
            continue;
        }
        let parent = (0..contours.len())
            .filter(|&o| !contours[o].is_hole() && contours[o].area > -contours[h].area)
            .filter(|&o| rings[o].encloses(&rings[h], eps))
            .min_by(|&a, &b| contours[a].area.total_cmp(&contours[b].area));
        contours[h].parent = parent;
    }
}

/// Whether two contours are the same closed curve (same place, same orientation).
pub fn same_contour(a: &Contour, b: &Contour, eps: f64) -> bool {
    let n = a.edges.len();
    if n != b.edges.len() || (a.area - b.area).abs() > eps * (a.perimeter(eps) + 1.0) * 4.0 {
        return false;
    }
    let same_kind = |e: &Edge, f: &Edge| match (*e, *f) {
        (Edge::Seg { .. }, Edge::Seg { .. }) => true,
        (Edge::Arc { c: c1, ccw: k1, .. }, Edge::Arc { c: c2, ccw: k2, .. }) => k1 == k2 && c1.dist(c2) <= eps,
        _ => false,
    };
    if n == 1 {
        let (e, f) = (&a.edges[0], &b.edges[0]);
        return same_kind(e, f) && (e.radius() - f.radius()).abs() <= eps;
    }
    (0..n).any(|k| {
        (0..n).all(|i| {
            let (e, f) = (&a.edges[i], &b.edges[(i + k) % n]);
            e.start().dist(f.start()) <= eps && same_kind(e, f)
        })
    })
}

/// Whether two sets of contours are equal as sets.
pub fn same_contours(a: &[Contour], b: &[Contour], eps: f64) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut taken = vec![false; b.len()];
    a.iter().all(|c| {
        let hit = (0..b.len()).find(|&j| !taken[j] && same_contour(c, &b[j], eps));
        if let Some(j) = hit {
            taken[j] = true;
        }
        hit.is_some()
    })
}
