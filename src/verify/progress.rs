//! Completeness level for the progress thermometer.
//!
//! The paper takes the minimum of the contour completeness and the filled area. Tessera keeps
//! both measures and defines them so that they can be trusted:
//!
//! * A part is *good* when it overlaps no other part and lies inside the target (anchored
//!   mode). Only good parts count.
//! * `area` = area of the good parts / target area.
//! * `contour` = length of the target's boundary that the good parts' union boundary covers,
//!   running the same way (filled side on the same side) / target perimeter.
//! * Anchored: `progress = (area + contour) / 2`. A correctly placed piece is good and only
//!   adds area and covered boundary, so progress never drops when one is added; a piece
//!   placed outside (even partly) is not good, adds nothing, and can only spoil others, so
//!   progress never rises. The mean, rather than the paper's minimum, lets a piece placed in
//!   the middle of the figure move the thermometer before the border is done.
//! * Free: the figure's place is unknown, so `area` counts every non-overlapping part and
//!   `contour` is the best coverage over the motions that lay a target edge on an assembly
//!   edge; `progress = min(area, contour)` as in the paper.
//! * Unless solved, progress is capped at [`UNSOLVED_MAX`]: exactly 1 means solved.

use super::overlay::overlay;
use super::{Assembly, Puzzle, Target};
use crate::geom::ring::{lies_within, sweep_pairs_between};
use crate::geom::{BBox, Edge, Motion, Part};

/// Highest progress an unsolved arrangement can show.
pub const UNSOLVED_MAX: f64 = 0.99;

pub fn anchored(puzzle: &Puzzle, parts: &[&Part], asm: &Assembly, eps: f64) -> f64 {
    let t = &puzzle.target;
    let good: Vec<&Part> = parts
        .iter()
        .enumerate()
        .filter(|(i, p)| !asm.overlay.overlapping[*i] && inside(t, p, eps))
        .map(|(_, p)| *p)
        .collect();
    let area: f64 = good.iter().map(|p| p.area(eps)).sum::<f64>() / t.area;
    let boundary: Vec<Edge> = if good.len() == parts.len() {
        asm.overlay.pass.boundary().map(|s| s.edge).collect()
    } else {
        let ov = overlay(&good, eps);
        ov.pass.boundary().map(|s| s.edge).collect()
    };
    let target_edges: Vec<Edge> = t.contours.iter().flat_map(|c| c.edges.iter().copied()).collect();
    let contour = covered_length(&target_edges, &boundary, eps) / t.perimeter;
    (area.min(1.0) + contour.min(1.0)) / 2.0
}

pub fn free(puzzle: &Puzzle, parts: &[&Part], asm: &Assembly, eps: f64) -> f64 {
    let t = &puzzle.target;
    let area: f64 =
        parts.iter().enumerate().filter(|(i, _)| !asm.overlay.overlapping[*i]).map(|(_, p)| p.area(eps)).sum::<f64>()
            / t.area;
    let boundary: Vec<Edge> = asm.overlay.pass.boundary().map(|s| s.edge).collect();
    let mut best: f64 = 0.0;
    let mirrors: &[bool] = if puzzle.allow_mirror { &[false, true] } else { &[false] };
    for &mirror in mirrors {
        let base: Vec<Edge> =
            t.contours.iter().flat_map(|c| c.transformed(&Motion { mirror, ..Motion::IDENTITY }).edges).collect();
        // Lay each of the longest target edges on each assembly edge of the same kind.
        let mut longest: Vec<&Edge> = base.iter().collect();
        longest.sort_by(|a, b| b.length(eps).total_cmp(&a.length(eps)));
        longest.truncate(6);
        // Many pairs propose the same motion (an edge laid on its neighbour's carrier, by
        // either end): each motion is measured once.
        let mut tried: std::collections::HashSet<[i64; 3]> = Default::default();
        for e in longest {
            for f in boundary.iter().filter(|f| (f.curvature() - e.curvature()).abs() <= 1e-9) {
                for (from, to, de, df) in [
                    (e.start(), f.start(), e.tangent_start(eps), f.tangent_start(eps)),
                    (e.end(), f.end(), e.tangent_end(eps), f.tangent_end(eps)),
                ] {
                    let angle = df.angle() - de.angle();
                    let m = Motion { mirror: false, angle, shift: to - from.rotate(angle) };
                    let turn = angle.rem_euclid(std::f64::consts::TAU);
                    let key = [
                        (turn * 1e9).round() as i64,
                        (m.shift.x / eps).round() as i64,
                        (m.shift.y / eps).round() as i64,
                    ];
                    if !tried.insert(key) {
                        continue;
                    }
                    let moved: Vec<Edge> = base.iter().map(|g| g.transformed(&m)).collect();
                    best = best.max(covered_length(&moved, &boundary, eps) / t.perimeter);
                }
            }
        }
    }
    area.min(1.0).min(best.min(1.0))
}

/// Whether a part lies inside the target (boundary contact allowed).
fn inside(t: &Target, part: &Part, eps: f64) -> bool {
    if !t.bbox.overlaps(&part.bbox(), eps) {
        return false;
    }
    let te: Vec<Edge> = t.contours.iter().flat_map(|c| c.edges.iter().copied()).collect();
    lies_within(&te, |p| t.side(p), part, eps)
}

/// Total length of the parts of `target` edges that some `boundary` edge covers running the
/// same way.
pub fn covered_length(target: &[Edge], boundary: &[Edge], eps: f64) -> f64 {
    let bt: Vec<BBox> = target.iter().map(|e| e.bbox(eps)).collect();
    let bb: Vec<BBox> = boundary.iter().map(|e| e.bbox(eps)).collect();
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); target.len()];
    sweep_pairs_between(&bt, &bb, eps, |i, j| {
        if target[i].same_carrier(&boundary[j], eps) {
            near[i].push(j);
        }
    });
    let mut total = 0.0;
    for (i, e) in target.iter().enumerate() {
        if near[i].is_empty() {
            continue;
        }
        let cuts: Vec<crate::geom::Pt> =
            near[i].iter().flat_map(|&j| [boundary[j].start(), boundary[j].end()]).collect();
        for s in e.split_at(&cuts, eps) {
            let m = s.midpoint(eps);
            let d = s.tangent_at(0.5, eps);
            let covered = near[i].iter().any(|&j| {
                let f = &boundary[j];
                f.contains(m, eps) && f.tangent_at(f.param_of(m, eps), eps).dot(d) > 0.0
            });
            if covered {
                total += s.length(eps);
            }
        }
    }
    total
}
