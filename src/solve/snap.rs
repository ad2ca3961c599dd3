//! Snapping a figure to its piece set's lattice, so the search runs on exact numbers.
//!
//! The pieces of a set that turns in 45-degree steps, with whole-number corners (the tangram,
//! the T puzzle), only ever make figures whose corners, seen from one corner in the figure's
//! own frame, are `u (a + b sqrt2) / 2` for whole `a`, `b` (`u` the set's unit). A set that
//! turns in quarter turns makes corners at `u a`. A figure written by a person or a drawing
//! tool has those numbers rounded (0.7071 for sqrt2 / 2), and is turned, scaled and moved. We
//! find its angle (the length-weighted mean of its edges' directions modulo the step), then
//! move each corner to the nearest lattice point within the tolerance, preferring the smallest
//! `|b|`: two lattice numbers with `|b| <= 64` are at least 0.006 apart, so a tolerance of
//! 0.002 units cannot pick the wrong one. A figure drawn on the lattice exactly comes back
//! unchanged; one with a corner off it is left alone (`None`).

use crate::geom::{pt, Pt, Vertex};
use crate::pieces::PieceSet;

/// Largest `|b|` tried for one coordinate.
const MAX_B: i64 = 64;
/// The snapping tolerance never exceeds this many units (see the module note).
pub const MAX_TOL_UNITS: f64 = 2e-3;

/// A figure moved onto the lattice.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapped {
    pub rings: Vec<Vec<Vertex>>,
    /// The largest distance a corner moved.
    pub moved: f64,
    /// The figure's angle found (radians, modulo the step).
    pub angle: f64,
    /// How many corners moved by more than rounding in f64.
    pub corners: usize,
}

/// The set's lattice unit: the smallest coordinate difference within a piece, when every
/// corner of every piece is a whole multiple of it. `None` for sets that turn in other steps
/// or have arcs or other corners.
pub fn unit_of(set: &PieceSet) -> Option<f64> {
    if set.step_deg != 45.0 && set.step_deg != 90.0 {
        return None;
    }
    let mut diffs: Vec<f64> = Vec::new();
    for p in &set.pieces {
        let first = p.rings.first()?.first()?.at;
        for v in p.rings.iter().flatten() {
            if v.arc.is_some() {
                return None;
            }
            diffs.extend([(v.at.x - first.x).abs(), (v.at.y - first.y).abs()]);
        }
    }
    let size = diffs.iter().copied().fold(0.0, f64::max);
    let u = diffs.iter().copied().filter(|d| *d > 1e-9 * size).fold(f64::INFINITY, f64::min);
    let whole = |d: f64| (d / u - (d / u).round()).abs() <= 1e-9 * (1.0 + d / u);
    (u.is_finite() && diffs.iter().all(|&d| whole(d))).then_some(u)
}

/// The lattice number `(a + b sqrt2) / 2` (or a whole `a` without sqrt2) nearest `x` within
/// `tol`, smallest `|b|` first.
pub(crate) fn nearest(x: f64, sqrt2: bool, tol: f64) -> Option<f64> {
    if !sqrt2 {
        let a = x.round();
        return ((a - x).abs() <= tol).then_some(a);
    }
    (0..=MAX_B).flat_map(|b| [b, -b]).find_map(|b| {
        let root = b as f64 * std::f64::consts::SQRT_2;
        let y = ((2.0 * x - root).round() + root) / 2.0;
        ((y - x).abs() <= tol).then_some(y)
    })
}

/// The figure on the set's lattice, if each corner is within `tol` of it (see the module note).
/// `tol` is a distance in the figure's units.
pub fn snap(set: &PieceSet, target: &[Vec<Vertex>], tol: f64) -> Option<Snapped> {
    let u = unit_of(set)?;
    let sqrt2 = set.step_deg == 45.0;
    let tol = tol.min(MAX_TOL_UNITS * u);
    if target.iter().flatten().any(|v| v.arc.is_some()) || target.first()?.is_empty() {
        return None;
    }
    // The angle: each edge's direction times (turns per circle), averaged with its length.
    let m = 360.0 / set.step_deg;
    let mut sum = pt(0.0, 0.0);
    let edges = || target.iter().flat_map(|r| (0..r.len()).map(move |i| (r[i].at, r[(i + 1) % r.len()].at)));
    for (a, b) in edges() {
        let d = b - a;
        sum = sum + pt((m * d.angle()).cos(), (m * d.angle()).sin()) * d.len();
    }
    let mut angle = sum.angle() / m;
    let size = crate::geom::BBox::of_rings(target).size();
    // Every edge must run along the grid of directions, within the tolerance at its far end.
    let step = set.step_deg.to_radians();
    for (a, b) in edges() {
        let d = b - a;
        let off = (d.angle() - angle) - ((d.angle() - angle) / step).round() * step;
        if off.abs() * d.len() > tol {
            return None;
        }
    }
    if angle.abs() * size <= tol {
        angle = 0.0;
    }
    let on = |p: Pt| Some(pt(nearest(p.x / u, sqrt2, tol / u)? * u, nearest(p.y / u, sqrt2, tol / u)? * u));
    // A figure in its set's own frame keeps its corners where the lattice puts them.
    let first = target[0][0].at;
    let origin = if angle == 0.0 { on(first).unwrap_or(first) } else { first };
    let (mut moved, mut corners) = (0.0f64, 0usize);
    let mut rings = Vec::with_capacity(target.len());
    for r in target {
        let mut out = Vec::with_capacity(r.len());
        for v in r {
            let local = on((v.at - first).rotate(-angle))?;
            let at = origin + local.rotate(angle);
            let d = at.dist(v.at);
            moved = moved.max(d);
            if d > 1e-9 * size.max(1.0) {
                corners += 1;
            }
            out.push(Vertex::from(at));
        }
        rings.push(out);
    }
    (moved <= 2.0 * tol).then_some(Snapped { rings, moved, angle, corners })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_numbers_come_back_from_four_decimals() {
        let r2 = std::f64::consts::SQRT_2;
        for (a, b) in [(0, 1), (3, -2), (-5, 4), (7, 0), (1, 9)] {
            let x = (a as f64 + b as f64 * r2) / 2.0;
            let typed = (x * 1e4).round() / 1e4;
            assert_eq!(nearest(typed, true, 1e-3), Some(x), "{a} {b}");
        }
        assert_eq!(nearest(0.25, true, 1e-3), None);
        assert_eq!(nearest(2.0004, false, 1e-3), Some(2.0));
    }

    #[test]
    fn units_of_the_built_in_sets() {
        for name in ["tangram", "tpuzzle", "pentominoes"] {
            assert_eq!(unit_of(&PieceSet::builtin(name).unwrap()), Some(1.0), "{name}");
        }
        for name in ["egg", "heart", "circle"] {
            assert_eq!(unit_of(&PieceSet::builtin(name).unwrap()), None, "{name} has arcs");
        }
        let mut odd = PieceSet::builtin("tangram").unwrap();
        odd.step_deg = 30.0;
        assert_eq!(unit_of(&odd), None);
    }
}
