//! Free-mode matching: is there a rigid motion (any rotation angle, optionally a mirror) that
//! carries the target's contours onto the assembly's?
//!
//! The paper compares each contour's cyclic list of (length, turn angle[, radius, concavity])
//! under cyclic shifts. That alone would accept a hole in the wrong place or two parts at the
//! wrong distance, so Tessera uses the lists to propose candidate motions (one per matching
//! shift of the largest contour) and then checks every contour in place.

use super::contour::{same_contours, Contour};
use crate::geom::{Motion, Pt};

/// A motion carrying `target` onto `assembly`, if one exists.
pub fn find_motion(target: &[Contour], assembly: &[Contour], mirror: bool, eps: f64) -> Option<Motion> {
    if target.len() != assembly.len() || target.is_empty() {
        return None;
    }
    // Search proper motions of the (possibly mirrored) target, then fold the mirror back in.
    let base: Vec<Contour> = if mirror {
        target.iter().map(|c| c.transformed(&Motion { mirror: true, ..Motion::IDENTITY })).collect()
    } else {
        target.to_vec()
    };
    let anchor = base.iter().filter(|c| !c.is_circle()).max_by(|a, b| a.area.abs().total_cmp(&b.area.abs()));
    let found = match anchor {
        Some(anchor) => candidates_from_anchor(anchor, assembly, eps)
            .into_iter()
            .map(|(angle, shift)| Motion { mirror: false, angle, shift })
            .find(|m| check(&base, assembly, m, eps)),
        None => circles_only(&base, assembly, eps),
    };
    found.map(|m| Motion { mirror, ..m })
}

fn check(target: &[Contour], assembly: &[Contour], m: &Motion, eps: f64) -> bool {
    let moved: Vec<Contour> = target.iter().map(|c| c.transformed(m)).collect();
    same_contours(&moved, assembly, eps)
}

/// Rotation angle and shift for every way of laying the anchor's first edge on an edge of a
/// congruent-looking assembly contour. The anchor is given already mirrored if need be.
fn candidates_from_anchor(anchor: &Contour, assembly: &[Contour], eps: f64) -> Vec<(f64, Pt)> {
    let sig = anchor.signature(eps);
    let n = sig.len();
    let close = |x: f64, y: f64, scale: f64| (x - y).abs() <= eps * 8.0 * (1.0 + scale);
    // A corner's turn is known to within the tolerance over its shorter edge, on each side.
    let turn_tol = |i: usize| 4.0 * eps / sig[i].0.min(sig[(i + 1) % n].0).max(eps);
    let mut out = Vec::new();
    for c in assembly.iter().filter(|c| c.edges.len() == n && close(c.area, anchor.area, c.perimeter(eps))) {
        let csig = c.signature(eps);
        for k in 0..n {
            let fits = (0..n).all(|i| {
                let (l1, t1, k1) = sig[i];
                let (l2, t2, k2) = csig[(i + k) % n];
                close(l1, l2, l1) && (t1 - t2).abs() <= turn_tol(i) && close(k1, k2, k1.abs())
            });
            if !fits {
                continue;
            }
            let from: Vec<Pt> = anchor.edges.iter().map(|e| e.start()).collect();
            let to: Vec<Pt> = (0..n).map(|i| c.edges[(i + k) % n].start()).collect();
            out.push(best_fit(&from, &to));
        }
    }
    out
}

/// The rotation angle and shift that carry the points `from` onto `to` (paired in order) with
/// the least sum of squared distances. Every corner counts, so rounding in the coordinates
/// averages out instead of being carried from one edge's direction across the figure.
fn best_fit(from: &[Pt], to: &[Pt]) -> (f64, Pt) {
    let mean = |v: &[Pt]| v.iter().fold(Pt::default(), |s, &p| s + p) * (1.0 / v.len() as f64);
    let (ca, cb) = (mean(from), mean(to));
    let (mut dot, mut cross) = (0.0, 0.0);
    for (&a, &b) in from.iter().zip(to) {
        let (a, b) = (a - ca, b - cb);
        dot += a.x * b.x + a.y * b.y;
        cross += a.x * b.y - a.y * b.x;
    }
    let angle = cross.atan2(dot);
    (angle, cb - ca.rotate(angle))
}

/// Figures made only of full circles: align the largest circle's centre, and the direction
/// to the farthest other centre.
fn circles_only(target: &[Contour], assembly: &[Contour], eps: f64) -> Option<Motion> {
    let centre = |c: &Contour| match c.edges[0] {
        crate::geom::Edge::Arc { c, .. } => c,
        crate::geom::Edge::Seg { a, .. } => a,
    };
    let big = target.iter().max_by(|a, b| a.area.abs().total_cmp(&b.area.abs()))?;
    let c0 = centre(big);
    let far = target.iter().max_by(|a, b| centre(a).dist(c0).total_cmp(&centre(b).dist(c0)))?;
    let c1 = centre(far);
    let r_ok = |a: &Contour, b: &Contour| {
        (a.edges[0].radius() - b.edges[0].radius()).abs() <= eps && (a.area > 0.0) == (b.area > 0.0)
    };
    for a0 in assembly.iter().filter(|a| a.is_circle() && r_ok(a, big)) {
        let p0 = centre(a0);
        if c1.dist(c0) <= eps {
            let m = Motion { mirror: false, angle: 0.0, shift: p0 - c0 };
            if check(target, assembly, &m, eps) {
                return Some(m);
            }
            continue;
        }
        for a1 in assembly.iter().filter(|a| a.is_circle() && r_ok(a, far)) {
            let p1 = centre(a1);
            if (p1.dist(p0) - c1.dist(c0)).abs() > eps * 4.0 {
                continue;
            }
            let angle = (p1 - p0).angle() - (c1 - c0).angle();
            let m = Motion { mirror: false, angle, shift: p0 - c0.rotate(angle) };
            if check(target, assembly, &m, eps) {
                return Some(m);
            }
        }
    }
    None
}
