//! Normalisation: the one door every outline passes before the engine sees it.
//!
//! Files written by people and by geometry libraries hold rings the engine's strict `Ring`
//! refuses although the figure they draw is perfectly good: a closing vertex repeated, two
//! vertices a rounding error apart, collinear runs, an outline that passes twice through one
//! point (two pieces meeting at a corner, a hole touching the outside), a corner resting on
//! another side of the same outline, a slit out and back along one line, a crack left as a
//! hole of three collinear points. [`normalize`] turns such rings into the simple rings they
//! stand for and says what it changed; it refuses only what draws no region: edges that cross
//! (a figure eight), rings that enclose no area, NaN and infinities, arcs whose ends are not on
//! their circle.
//!
//! How a pinched ring is split: orient it so that its signed area is positive, cut every edge
//! at every contact with another edge of the same ring (the verification engine's edge pass,
//! with each edge as its own owner), drop pieces of edge run out and back (slits), chain what
//! is left into loops and cut each loop again wherever it visits one point twice. The result is
//! accepted only if every loop has the filled side on its left: the original ring winds once
//! around points just left of each loop and not at all just right of it. A figure eight fails
//! that test (one of its lobes winds backwards), and so does a ring that goes round twice.

use crate::geom::ring::{ArcTo, Ring, RingError, MAX_RING_VERTICES};
use crate::geom::{Edge, Pt, Tol, Vertex};
use crate::verify::contour::build_contours;
use crate::verify::overlay::{edge_pass, weld};
use std::f64::consts::TAU;

/// The rings of one shape after normalisation, and the repairs made, in words.
#[derive(Clone, Debug, Default)]
pub struct Normalized {
    pub rings: Vec<Ring>,
    pub repairs: Vec<String>,
}

/// Normalises the input rings of one shape (a target, or a piece). `who` names the shape in
/// repair notes (`"target"`, `"piece 2"`); `origin` is added back to points named in notes when
/// the caller moved the figure near the origin. The error names the input ring at fault.
pub fn normalize(input: &[Vec<Vertex>], tol: Tol, who: &str, origin: Pt) -> Result<Normalized, (usize, RingError)> {
    let mut out = Normalized::default();
    for (i, vs) in input.iter().enumerate() {
        let (clean, counts) = clean(vs, tol.eps).map_err(|e| (i, e))?;
        let mut note = |s: String| out.repairs.push(format!("{who} ring {i}: {s}"));
        if counts.repeated > 0 {
            note(format!("welded {} repeated vertices", counts.repeated));
        }
        if counts.collinear > 0 {
            note(format!("dropped {} vertices in the middle of straight runs or arcs", counts.collinear));
        }
        match Ring::new(&clean, tol) {
            Ok(r) => out.rings.push(r),
            Err(e @ (RingError::SelfIntersecting { .. } | RingError::ZeroArea)) => {
                let split = split(&clean, tol).ok_or((i, e))?;
                if split.rings.is_empty() {
                    note("encloses no area; dropped".into());
                    continue;
                }
                for p in &split.pinches {
                    note(format!("split at a pinch {}", show(*p + origin)));
                }
                for (a, b) in &split.slits {
                    note(format!("removed a zero-area slit from {} to {}", show(*a + origin), show(*b + origin)));
                }
                out.rings.extend(split.rings);
            }
            Err(e) => return Err((i, e)),
        }
    }
    if out.rings.is_empty() {
        return Err((0, RingError::ZeroArea));
    }
    Ok(out)
}

/// A simple ring's vertices, in the input format (the inverse of `Ring::new`).
pub fn vertices(ring: &Ring) -> Vec<Vertex> {
    ring.edges()
        .iter()
        .map(|e| Vertex {
            at: e.start(),
            arc: match *e {
                Edge::Arc { c, ccw, .. } => Some(ArcTo { center: c, ccw }),
                Edge::Seg { .. } => None,
            },
        })
        .collect()
}

/// A point for a repair note: at most six decimals, no `-0`.
pub fn show(p: Pt) -> String {
    let n = |x: f64| {
        let r = (x * 1e6).round() / 1e6;
        let r = if r == 0.0 { 0.0 } else { r };
        format!("{r}")
    };
    format!("({}, {})", n(p.x), n(p.y))
}

#[derive(Default)]
struct Counts {
    repeated: usize,
    collinear: usize,
}

/// Checks the numbers and drops what adds nothing: the closing vertex, repeated vertices,
/// vertices in the middle of straight runs and of arcs of one circle.
fn clean(vs: &[Vertex], eps: f64) -> Result<(Vec<Vertex>, Counts), RingError> {
    if vs.is_empty() {
        return Err(RingError::Empty);
    }
    if vs.len() > MAX_RING_VERTICES {
        return Err(RingError::TooLarge { count: vs.len(), limit: MAX_RING_VERTICES });
    }
    if let Some(i) = vs.iter().position(|v| !v.at.is_finite() || v.arc.is_some_and(|a| !a.center.is_finite())) {
        return Err(RingError::NotFinite { vertex: i });
    }
    let mut counts = Counts::default();
    let closing = vs.len() > 1 && vs[0].at.dist(vs[vs.len() - 1].at) <= eps && vs[vs.len() - 1].arc.is_none();
    let v = if closing { &vs[..vs.len() - 1] } else { vs };
    // A vertex equal to the next one leaves a zero-length edge: drop it, keeping the next
    // vertex (whose outgoing edge is the real one). Walked backwards, each vertex is compared
    // with the next one kept, never with a dropped one: points within the tolerance of their
    // neighbour chain no further, so a fine polygon (a circle of many short sides) keeps every
    // other vertex instead of collapsing into one point.
    let mut keep = vec![true; v.len()];
    let mut anchor = v[0].at;
    for k in (1..v.len()).rev() {
        if v[k].at.dist(anchor) <= eps {
            keep[k] = false;
        } else {
            anchor = v[k].at;
        }
    }
    if v.len() > 1 && v[0].at.dist(anchor) <= eps {
        keep[0] = false;
    }
    let mut w: Vec<Vertex> = v.iter().zip(&keep).filter(|(_, k)| **k).map(|(x, _)| *x).collect();
    if w.is_empty() {
        w.push(v[v.len() - 1]);
    }
    // The walk's last comparison (the first vertex against the last one kept) may leave the
    // ring's closing edge shorter than the tolerance: its start goes.
    if w.len() > 1 && w[w.len() - 1].at.dist(w[0].at) <= eps {
        w.pop();
    }
    counts.repeated = v.len() - w.len();
    // Straight runs and arcs of one circle, until nothing more merges (each pass drops at most
    // every other vertex, so a long run halves each time).
    let min = if w.iter().any(|v| v.arc.is_some()) { 2 } else { 3 };
    loop {
        let n = w.len();
        if n <= min {
            break;
        }
        let mut drop = vec![false; n];
        for k in 0..n {
            let prev = (k + n - 1) % n;
            if drop[prev] || (k == n - 1 && drop[0]) {
                continue;
            }
            drop[k] = redundant(&w[prev], &w[k], w[(k + 1) % n].at, eps);
        }
        let dropped = drop.iter().filter(|d| **d).count();
        if dropped == 0 || n - dropped < min {
            break;
        }
        counts.collinear += dropped;
        w = w.into_iter().zip(drop).filter(|(_, d)| !d).map(|(v, _)| v).collect();
    }
    Ok((w, counts))
}

/// Whether vertex `b` (between `a` and the point `c`) can go: both its edges are segments on
/// one line running on through it, or both are arcs of one circle in one direction whose
/// joined sweep stays below a full turn.
fn redundant(a: &Vertex, b: &Vertex, c: Pt, eps: f64) -> bool {
    match (a.arc, b.arc) {
        (None, None) => {
            let d = c - a.at;
            let l = d.len();
            l > eps && (d.cross(b.at - a.at) / l).abs() <= eps && (b.at - a.at).dot(c - b.at) > 0.0
        }
        (Some(p), Some(q)) => {
            p.ccw == q.ccw
                && p.center.dist(q.center) <= eps
                && a.at.dist(c) > eps
                && Edge::arc(a.at, b.at, p.center, p.ccw).sweep(eps) + Edge::arc(b.at, c, q.center, q.ccw).sweep(eps)
                    < TAU - 1e-9
        }
        _ => false,
    }
}

/// A pinched or slit ring taken apart.
struct Split {
    rings: Vec<Ring>,
    pinches: Vec<Pt>,
    slits: Vec<(Pt, Pt)>,
}

/// Takes a non-simple ring apart into the simple rings it stands for; `None` when it is not
/// the outline of a region (edges cross, or it runs over itself in one direction).
fn split(vs: &[Vertex], tol: Tol) -> Option<Split> {
    let eps = tol.eps;
    let n = vs.len();
    let mut edges: Vec<Edge> = (0..n)
        .map(|i| {
            let (a, b) = (vs[i].at, vs[(i + 1) % n].at);
            match vs[i].arc {
                None => Edge::seg(a, b),
                Some(ArcTo { center, ccw }) => Edge::arc(a, b, center, ccw),
            }
        })
        .collect();
    if edges.iter().map(|e| e.area_term(eps)).sum::<f64>() < 0.0 {
        edges = edges.iter().rev().map(Edge::reversed).collect();
    }
    let owned: Vec<(Edge, usize)> = edges.iter().enumerate().map(|(i, e)| (*e, i)).collect();
    let pass = edge_pass(&owned, eps);
    if !pass.same_direction.is_empty() || pass.saturated {
        return None;
    }
    let mut slits = Vec::new();
    for (k, s) in pass.subs.iter().enumerate() {
        // Each slit is a pair of opposite sub-edges; name it once, by the one whose start is
        // the lower point id, from its lower end.
        if pass.removed[k] && s.from < s.to {
            let (a, b) = (s.edge.start(), s.edge.end());
            slits.push(if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) });
        }
    }
    let mut loops: Vec<Vec<Edge>> = Vec::new();
    for c in build_contours(&pass.points, pass.boundary(), eps) {
        split_at_repeats(c.edges, eps, &mut loops);
    }
    let whole = Ring::from_edges_unchecked(edges, eps);
    let mut rings = Vec::new();
    for l in loops {
        let area: f64 = l.iter().map(|e| e.area_term(eps)).sum();
        let perimeter: f64 = l.iter().map(|e| e.length(eps)).sum();
        if area.abs() <= eps * perimeter {
            continue; // a sliver thinner than the tolerance: no area
        }
        let (m, side) = probe(&l, &whole, eps)?;
        if whole.winding(m + side, eps) != 1 || whole.winding(m - side, eps) != 0 {
            return None;
        }
        let ring = Ring::from_edges_unchecked(l, eps);
        rings.push(Ring::new(&vertices(&ring), tol).ok()?);
    }
    // A pinch: a point where loops meet, or one loop meets itself.
    let corners: Vec<Pt> = rings.iter().flat_map(|r| r.edges().iter().map(|e| e.start())).collect();
    let (ids, reps) = weld(&corners, eps);
    let mut seen = vec![0usize; reps.len()];
    ids.iter().for_each(|&i| seen[i] += 1);
    let mut pinches: Vec<Pt> = (0..reps.len()).filter(|&i| seen[i] > 1).map(|i| reps[i]).collect();
    // A corner resting on another ring's side is a pinch too.
    for (i, r) in rings.iter().enumerate() {
        for e in r.edges() {
            let p = e.start();
            if !pinches.iter().any(|q| q.dist(p) <= eps)
                && rings.iter().enumerate().any(|(j, o)| j != i && o.on_boundary(p, eps))
            {
                pinches.push(p);
            }
        }
    }
    pinches.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    Some(Split { rings, pinches, slits })
}

/// A point on the loop with room around it, and a step to either side of the loop that stays
/// clear of every other edge of the ring: tried along the longest edges first, at a few places
/// each (a midpoint may be a pinch where another part of the ring touches). `None` when the
/// loop has no such room (thinner than a few tolerances everywhere).
fn probe(l: &[Edge], whole: &Ring, eps: f64) -> Option<(Pt, Pt)> {
    let mut by_length: Vec<&Edge> = l.iter().collect();
    by_length.sort_by(|a, b| b.length(eps).total_cmp(&a.length(eps)));
    for e in by_length.into_iter().take(8) {
        for t in [0.5, 0.3, 0.7, 0.41] {
            let m = e.point_at(t, eps);
            let clearance = whole
                .edges()
                .iter()
                .filter(|f| !e.same_carrier(f, eps))
                .map(|f| f.distance(m, eps))
                .fold(f64::INFINITY, f64::min)
                .min(e.length(eps) * t.min(1.0 - t));
            if clearance > 16.0 * eps {
                let step = (clearance / 2.0).min(1e3 * eps);
                return Some((m, e.tangent_at(t, eps).unit().perp() * step));
            }
        }
    }
    None
}

/// Cuts a closed loop wherever it passes twice through one point, into loops that do not.
fn split_at_repeats(edges: Vec<Edge>, eps: f64, out: &mut Vec<Vec<Edge>>) {
    let starts: Vec<Pt> = edges.iter().map(|e| e.start()).collect();
    let (ids, reps) = weld(&starts, eps);
    // Walk the loop keeping the open path on a stack; when a point comes round again, the
    // edges since its first visit close a loop of their own and leave the path.
    let mut on_path: Vec<Option<usize>> = vec![None; reps.len()];
    let mut path: Vec<(usize, Edge)> = Vec::with_capacity(edges.len());
    for (k, e) in edges.into_iter().enumerate() {
        let id = ids[k];
        if let Some(pos) = on_path[id] {
            let closed: Vec<(usize, Edge)> = path.drain(pos..).collect();
            for (sid, _) in &closed {
                on_path[*sid] = None;
            }
            out.push(closed.into_iter().map(|(_, e)| e).collect());
        }
        on_path[id] = Some(path.len());
        path.push((id, e));
    }
    if !path.is_empty() {
        out.push(path.into_iter().map(|(_, e)| e).collect());
    }
}
