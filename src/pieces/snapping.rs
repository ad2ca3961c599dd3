//! Where a dropped piece snaps to: the smallest shift, within a reach, that lays the piece's
//! nearest vertex on a vertex of the others; failing that, one of its arcs on the circle of an
//! arc of the same radius; failing that, a vertex on an edge (either way round, within half
//! the reach). Pure geometry, so the game's placement only asks it.

use crate::geom::{Edge, Pt, Vertex};

fn vertices(rings: &[Vec<Vertex>]) -> impl Iterator<Item = Pt> + '_ {
    rings.iter().flatten().map(|v| v.at)
}

/// Every edge of the rings, straight or arc.
fn edges(rings: &[Vec<Vertex>]) -> Vec<Edge> {
    rings.iter().flat_map(|r| crate::geom::ring::ring_edges(r)).collect()
}

/// The centre and radius of each arc edge.
fn circles(rings: &[Vec<Vertex>]) -> Vec<(Pt, f64)> {
    rings.iter().flatten().filter_map(|v| v.arc.map(|a| (a.center, v.at.dist(a.center)))).collect()
}

/// The shift that snaps `mine` (a piece's world rings) onto `others` (the figure's and the
/// other pieces' world rings), no longer than `reach` and accepted by `allow`; `None` when
/// nothing is in reach.
pub fn snap_shift(
    mine: &[Vec<Vertex>],
    others: &[Vec<Vec<Vertex>>],
    reach: f64,
    allow: impl Fn(Pt) -> bool,
) -> Option<Pt> {
    let mut best: Option<(f64, Pt)> = None;
    let consider = |best: &mut Option<(f64, Pt)>, d: Pt| {
        let l = d.len();
        if l <= reach && allow(d) && best.is_none_or(|(b, _)| l < b) {
            *best = Some((l, d));
        }
    };
    for v in vertices(mine) {
        for o in others {
            for u in vertices(o) {
                consider(&mut best, u - v);
            }
        }
    }
    if best.is_none() {
        // Arc to arc: the same radius, so one circle once the centres meet.
        for (c, r) in circles(mine) {
            for o in others {
                for (c2, r2) in circles(o) {
                    if (r - r2).abs() <= 1e-6 * r.max(1.0) {
                        consider(&mut best, c2 - c);
                    }
                }
            }
        }
    }
    if best.is_none() {
        let my_edges = edges(mine);
        for o in others {
            for edge in edges(o) {
                for v in vertices(mine) {
                    let q = edge.point_at(edge.param_of(v, 0.0), 0.0);
                    if q.dist(v) <= reach / 2.0 {
                        consider(&mut best, q - v);
                    }
                }
            }
            for u in vertices(o) {
                for edge in &my_edges {
                    let q = edge.point_at(edge.param_of(u, 0.0), 0.0);
                    if q.dist(u) <= reach / 2.0 {
                        consider(&mut best, u - q);
                    }
                }
            }
        }
    }
    best.map(|(_, d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::pt;

    fn square(x: f64, y: f64, side: f64) -> Vec<Vec<Vertex>> {
        vec![[(x, y), (x + side, y), (x + side, y + side), (x, y + side)].map(|(a, b)| Vertex::from(pt(a, b))).to_vec()]
    }

    #[test]
    fn the_nearest_vertex_wins_within_reach() {
        let figure = square(0.0, 0.0, 2.0);
        let d = snap_shift(&square(2.1, 0.05, 1.0), std::slice::from_ref(&figure), 0.3, |_| true).unwrap();
        assert!((d.x + 0.1).abs() < 1e-12 && (d.y + 0.05).abs() < 1e-12, "{d:?}");
        assert!(
            snap_shift(&square(2.5, 0.5, 1.0), std::slice::from_ref(&figure), 0.3, |_| true).is_none(),
            "out of reach"
        );
        let back = snap_shift(&square(2.1, 0.05, 1.0), &[figure], 0.3, |d| d.x > 0.0);
        assert!(back.is_none(), "a refused direction is not taken: {back:?}");
    }

    #[test]
    fn a_vertex_lands_on_an_edge_when_no_vertex_is_near() {
        // The piece's corner is 0.1 above the middle of the figure's top edge.
        let figure = square(0.0, 0.0, 4.0);
        let d = snap_shift(&square(1.5, 4.1, 1.0), &[figure], 0.3, |_| true).unwrap();
        assert!(d.x.abs() < 1e-12 && (d.y + 0.1).abs() < 1e-12, "{d:?}");
    }
}
