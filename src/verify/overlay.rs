//! The edge pass of the engine: split every edge at every contact with an edge of another
//! part, weld nearby points, and eliminate the pieces of edge that two parts share in opposite
//! directions. What is left is the boundary of the union. Same-direction shared pieces, and
//! edge pieces lying inside another part, are overlaps.

use crate::geom::ring::{sweep_pairs, sweep_pairs_until};
use crate::geom::{BBox, Edge, Part, Pt};

/// A piece of an input edge between two consecutive contact points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubEdge {
    pub from: usize,
    pub to: usize,
    pub edge: Edge,
    /// Index of the part (in the overlay's input) the edge came from.
    pub owner: usize,
}

/// Welds points closer than `eps`: returns, for every input point, the id of its
/// representative, and the representatives. Sorts by x and compares each point with the
/// representatives less than `eps` to its left (no hashing: this is the hot spot).
pub fn weld(points: &[Pt], eps: f64) -> (Vec<usize>, Vec<Pt>) {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_unstable_by(|&a, &b| points[a].x.total_cmp(&points[b].x));
    let mut ids = vec![0; points.len()];
    let mut reps: Vec<Pt> = Vec::new();
    for &i in &order {
        let p = points[i];
        let mut found = None;
        for (k, r) in reps.iter().enumerate().rev() {
            if r.x < p.x - 2.0 * eps {
                break;
            }
            if r.dist(p) <= eps {
                found = Some(k);
                break;
            }
        }
        ids[i] = found.unwrap_or_else(|| {
            reps.push(p);
            reps.len() - 1
        });
    }
    (ids, reps)
}

/// Result of the edge pass.
pub struct EdgePass {
    pub points: Vec<Pt>,
    /// Every sub-edge, in input order.
    pub subs: Vec<SubEdge>,
    /// `removed[i]`: sub-edge i was eliminated (shared with another part in opposite direction,
    /// or a duplicate of a same-direction one).
    pub removed: Vec<bool>,
    /// Pairs of sub-edges that two parts share in the same direction (an overlap).
    pub same_direction: Vec<(usize, usize)>,
    /// The edges touched each other at more points than [`max_contacts`] allows, and the
    /// rest were not cut: only piles of pieces lying on one another get there.
    pub saturated: bool,
}

/// Most contact points the edge pass collects for `edges` edges. Pieces laid edge to edge
/// touch at a few points per edge; thousands of copies of one piece stacked on each other
/// touch at a number that grows with the square of their count, and would exhaust memory.
pub fn max_contacts(edges: usize) -> usize {
    16 * edges + 100_000
}

impl EdgePass {
    pub fn boundary(&self) -> impl Iterator<Item = &SubEdge> {
        self.subs.iter().zip(&self.removed).filter(|(_, r)| !**r).map(|(s, _)| s)
    }
}

/// Splits and eliminates. `edges[i].1` is the owner; edges of one owner are never compared
/// with each other (a part's own rings are simple and disjoint).
pub fn edge_pass(edges: &[(Edge, usize)], eps: f64) -> EdgePass {
    let (points, mut cuts_of, saturated) = contacts(edges, eps);
    let (ids, reps) = weld(&points, eps);
    cuts_of.sort_unstable();
    let subs = split_at_cuts(edges, &points, &ids, &reps, &cuts_of, eps);
    let (removed, same_direction) = cancel(&subs, eps);
    EdgePass { points: reps, subs, removed, same_direction, saturated }
}

/// The ends of every edge (points 2i and 2i+1 for edge i), then the points where edges of
/// different pieces meet, each listed for both edges it cuts as (edge, point index); and
/// whether the sweep stopped at the contact cap.
fn contacts(edges: &[(Edge, usize)], eps: f64) -> (Vec<Pt>, Vec<(usize, usize)>, bool) {
    let boxes: Vec<BBox> = edges.iter().map(|(e, _)| e.bbox(eps)).collect();
    let mut points: Vec<Pt> = edges.iter().flat_map(|(e, _)| [e.start(), e.end()]).collect();
    let mut cuts_of: Vec<(usize, usize)> = Vec::new();
    let cap = max_contacts(edges.len());
    let mut saturated = false;
    sweep_pairs_until(&boxes, eps, |i, j| {
        if edges[i].1 == edges[j].1 {
            return true;
        }
        if cuts_of.len() > 2 * cap {
            saturated = true;
            return false;
        }
        for p in edges[i].0.contacts(&edges[j].0, eps) {
            cuts_of.push((i, points.len()));
            cuts_of.push((j, points.len()));
            points.push(p);
        }
        true
    });
    (points, cuts_of, saturated)
}

/// Every edge cut at its welded contact points (`cuts_of` sorted by edge) into sub-edges
/// between welded points.
fn split_at_cuts(
    edges: &[(Edge, usize)],
    points: &[Pt],
    ids: &[usize],
    reps: &[Pt],
    cuts_of: &[(usize, usize)],
    eps: f64,
) -> Vec<SubEdge> {
    let mut subs = Vec::with_capacity(edges.len() + cuts_of.len());
    let mut next_cut = 0;
    let mut cuts: Vec<(f64, usize)> = Vec::new();
    for (i, (e, owner)) in edges.iter().enumerate() {
        let (s, t) = (ids[2 * i], ids[2 * i + 1]);
        cuts.clear();
        while next_cut < cuts_of.len() && cuts_of[next_cut].0 == i {
            let k = cuts_of[next_cut].1;
            let id = ids[k];
            if id != s && id != t {
                cuts.push((e.param_of(points[k], eps), id));
            }
            next_cut += 1;
        }
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        cuts.dedup_by_key(|c| c.1);
        let whole_circle = cuts.is_empty() && e.is_arc() && s == t;
        let mut prev = s;
        for &(_, id) in cuts.iter().chain(std::iter::once(&(1.0, t))) {
            if id == prev && !whole_circle {
                continue;
            }
            let edge = e.with_ends(reps[prev], reps[id]);
            subs.push(SubEdge { from: prev, to: id, edge, owner: *owner });
            prev = id;
        }
    }
    subs
}

/// Sub-edges of different pieces joining the same two points, compared within each group:
/// one curve run both ways cancels (both removed); one curve run the same way is an overlap
/// (listed, the second removed). Returns (removed, same-direction pairs).
fn cancel(subs: &[SubEdge], eps: f64) -> (Vec<bool>, Vec<(usize, usize)>) {
    let key = |s: &SubEdge| (s.from.min(s.to), s.from.max(s.to));
    let mut order: Vec<usize> = (0..subs.len()).collect();
    order.sort_unstable_by_key(|&k| key(&subs[k]));
    let mut removed = vec![false; subs.len()];
    let mut same_direction = Vec::new();
    for group in order.chunk_by(|&a, &b| key(&subs[a]) == key(&subs[b])).filter(|g| g.len() > 1) {
        for (x, &i) in group.iter().enumerate() {
            for &j in &group[x + 1..] {
                if subs[i].owner == subs[j].owner {
                    continue;
                }
                let fresh = !removed[i] && !removed[j];
                match same_curve(&subs[i], &subs[j], eps) {
                    Some(true) if fresh => {
                        removed[i] = true;
                        removed[j] = true;
                    }
                    // Two parts running one curve the same way overlap, even when a third part
                    // running it the other way has already cancelled one of them.
                    Some(false) => {
                        same_direction.push((i, j));
                        removed[j] |= fresh;
                    }
                    _ => {}
                }
            }
        }
    }
    (removed, same_direction)
}

/// For two sub-edges joining the same pair of points: `Some(true)` when they are one curve
/// run in opposite directions, `Some(false)` when one curve in the same direction, `None`
/// when different curves.
fn same_curve(a: &SubEdge, b: &SubEdge, eps: f64) -> Option<bool> {
    let opposite = a.from == b.to && a.to == b.from && a.from != a.to;
    let same = a.from == b.from && a.to == b.to;
    match (a.edge, b.edge) {
        (Edge::Seg { .. }, Edge::Seg { .. }) => Some(opposite),
        (Edge::Arc { c: c1, ccw: k1, .. }, Edge::Arc { c: c2, ccw: k2, .. }) => {
            if c1.dist(c2) > eps {
                return None;
            }
            if opposite && k1 != k2 {
                Some(true)
            } else if same && k1 == k2 {
                Some(false)
            } else if same && a.from == a.to {
                // Two full circles about one centre, run in opposite directions.
                Some(true)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The union of parts: its boundary sub-edges, and whether any two parts overlap.
pub struct Overlay {
    pub pass: EdgePass,
    pub overlap: bool,
    /// Parts that overlap some other part.
    pub overlapping: Vec<bool>,
}

/// A point well inside a part: its corners' centroid (weighted by area), when that lies inside
/// it; `None` for a part whose centroid is outside it or on its boundary (a crescent).
fn deep_point(part: &Part, eps: f64) -> Option<Pt> {
    let corners: Vec<Pt> = part.outer.edges().iter().map(|e| e.start()).collect();
    let (mut area, mut c) = (0.0, Pt::default());
    for (k, &p) in corners.iter().enumerate() {
        let q = corners[(k + 1) % corners.len()];
        let w = p.cross(q);
        area += w;
        c = c + (p + q) * w;
    }
    if area.abs() <= f64::EPSILON {
        return None;
    }
    let c = c * (1.0 / (3.0 * area));
    part.strictly_inside(c, eps).then_some(c)
}

/// Runs the edge pass over whole parts and detects overlaps: two parts overlap when a piece of
/// one's boundary lies strictly inside the other, or when they share an edge in the same
/// direction.
pub fn overlay(parts: &[&Part], eps: f64) -> Overlay {
    let edges: Vec<(Edge, usize)> =
        parts.iter().enumerate().flat_map(|(i, p)| p.edges().map(move |e| (*e, i))).collect();
    let pass = edge_pass(&edges, eps);
    if pass.saturated {
        return Overlay { pass, overlap: true, overlapping: vec![true; parts.len()] };
    }
    let mut overlapping = vec![false; parts.len()];
    let mut by_owner: Vec<Vec<usize>> = vec![Vec::new(); parts.len()];
    for (k, s) in pass.subs.iter().enumerate() {
        by_owner[s.owner].push(k);
    }
    for &(i, j) in &pass.same_direction {
        overlapping[pass.subs[i].owner] = true;
        overlapping[pass.subs[j].owner] = true;
    }
    let boxes: Vec<BBox> = parts.iter().map(|p| p.bbox()).collect();
    let deep: Vec<Option<Pt>> = parts.iter().map(|p| deep_point(p, eps)).collect();
    sweep_pairs(&boxes, eps, |i, j| {
        for (a, b) in [(i, j), (j, i)] {
            if overlapping[a] && overlapping[b] {
                continue;
            }
            // A piece of a's boundary inside b; or a's middle inside b, which finds a copy
            // moved by less than the tolerance (its sides all lie within the tolerance of the
            // other's, and a slanted one crossing straight ones away from their corners is
            // cut where the other's is not, so no two sides pair as shared).
            let inside = by_owner[a].iter().any(|&k| {
                let m = pass.subs[k].edge.midpoint(eps);
                parts[b].strictly_inside(m, eps)
            }) || deep[a].is_some_and(|m| parts[b].strictly_inside(m, eps));
            if inside {
                overlapping[a] = true;
                overlapping[b] = true;
            }
        }
    });
    let overlap = pass.saturated || overlapping.iter().any(|&o| o);
    Overlay { pass, overlap, overlapping }
}
