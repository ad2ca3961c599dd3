//! The edge pass of the engine: split every edge at every contact with an edge of another
//! part, weld nearby points, and eliminate the pieces of edge that two parts share in opposite
//! directions. What is left is the boundary of the union. Same-direction shared pieces, and
//! edge pieces lying inside another part, are overlaps.

use crate::geom::ring::{sweep_pairs, Side};
use crate::geom::{BBox, Edge, Part, Pt};
use std::collections::HashMap;

/// A piece of an input edge between two consecutive contact points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubEdge {
    pub from: usize,
    pub to: usize,
    pub edge: Edge,
    /// Index of the part (in the overlay's input) the edge came from.
    pub owner: usize,
}

/// Welds points closer than `eps` into one id, by a hash grid.
pub struct Welder {
    eps: f64,
    cell: f64,
    grid: HashMap<(i64, i64), Vec<usize>>,
    pub points: Vec<Pt>,
}

impl Welder {
    pub fn new(eps: f64) -> Welder {
        Welder { eps, cell: eps * 4.0, grid: HashMap::new(), points: Vec::new() }
    }
    fn key(&self, p: Pt) -> (i64, i64) {
        ((p.x / self.cell).floor() as i64, (p.y / self.cell).floor() as i64)
    }
    pub fn id(&mut self, p: Pt) -> usize {
        let (kx, ky) = self.key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(ids) = self.grid.get(&(kx + dx, ky + dy)) {
                    for &i in ids {
                        if self.points[i].dist(p) <= self.eps {
                            return i;
                        }
                    }
                }
            }
        }
        let i = self.points.len();
        self.points.push(p);
        self.grid.entry((kx, ky)).or_default().push(i);
        i
    }
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
}

impl EdgePass {
    pub fn boundary(&self) -> impl Iterator<Item = &SubEdge> {
        self.subs.iter().zip(&self.removed).filter(|(_, r)| !**r).map(|(s, _)| s)
    }
}

/// Splits and eliminates. `edges[i].1` is the owner; edges of one owner are never compared
/// with each other (a part's own rings are simple and disjoint).
pub fn edge_pass(edges: &[(Edge, usize)], eps: f64) -> EdgePass {
    let boxes: Vec<BBox> = edges.iter().map(|(e, _)| e.bbox(eps)).collect();
    let mut splits: Vec<Vec<Pt>> = vec![Vec::new(); edges.len()];
    sweep_pairs(&boxes, eps, |i, j| {
        if edges[i].1 == edges[j].1 {
            return;
        }
        for p in edges[i].0.contacts(&edges[j].0, eps) {
            splits[i].push(p);
            splits[j].push(p);
        }
    });
    let mut weld = Welder::new(eps);
    let ends: Vec<(usize, usize)> =
        edges.iter().map(|(e, _)| (weld.id(e.start()), weld.id(e.end()))).collect();
    let mut subs = Vec::with_capacity(edges.len() * 2);
    for (i, (e, owner)) in edges.iter().enumerate() {
        let (s, t) = ends[i];
        let mut cuts: Vec<(f64, usize)> = Vec::with_capacity(splits[i].len());
        for &p in &splits[i] {
            let id = weld.id(p);
            if id != s && id != t {
                cuts.push((e.param_of(p, eps), id));
            }
        }
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        cuts.dedup_by_key(|c| c.1);
        let mut prev = s;
        for &(_, id) in cuts.iter().chain(std::iter::once(&(1.0, t))) {
            if id == prev && !(cuts.is_empty() && e.is_arc()) {
                continue;
            }
            let edge = e.with_ends(weld.points[prev], weld.points[id]);
            subs.push(SubEdge { from: prev, to: id, edge, owner: *owner });
            prev = id;
        }
    }
    let mut removed = vec![false; subs.len()];
    let mut same_direction = Vec::new();
    let mut buckets: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (k, s) in subs.iter().enumerate() {
        buckets.entry((s.from.min(s.to), s.from.max(s.to))).or_default().push(k);
    }
    for list in buckets.values().filter(|l| l.len() > 1) {
        for (x, &i) in list.iter().enumerate() {
            for &j in &list[x + 1..] {
                if removed[i] || removed[j] || subs[i].owner == subs[j].owner {
                    continue;
                }
                match same_curve(&subs[i], &subs[j], eps) {
                    Some(true) => {
                        removed[i] = true;
                        removed[j] = true;
                    }
                    Some(false) => {
                        same_direction.push((i, j));
                        removed[j] = true;
                    }
                    None => {}
                }
            }
        }
    }
    EdgePass { points: weld.points, subs, removed, same_direction }
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

/// Runs the edge pass over whole parts and detects overlaps: two parts overlap when a piece of
/// one's boundary lies strictly inside the other, or when they share an edge in the same
/// direction.
pub fn overlay(parts: &[&Part], eps: f64) -> Overlay {
    let edges: Vec<(Edge, usize)> =
        parts.iter().enumerate().flat_map(|(i, p)| p.edges().map(move |e| (*e, i))).collect();
    let pass = edge_pass(&edges, eps);
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
    sweep_pairs(&boxes, eps, |i, j| {
        for (a, b) in [(i, j), (j, i)] {
            if overlapping[a] && overlapping[b] {
                continue;
            }
            let inside = by_owner[a].iter().any(|&k| {
                let m = pass.subs[k].edge.midpoint(eps);
                boxes[b].contains(m, eps) && parts[b].side(m, eps) == Side::Inside
            });
            if inside {
                overlapping[a] = true;
                overlapping[b] = true;
            }
        }
    });
    let overlap = overlapping.iter().any(|&o| o);
    Overlay { pass, overlap, overlapping }
}
