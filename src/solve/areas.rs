//! Which regions the pieces left could still fill, judged by area alone. Each part of the
//! uncovered region is filled by some of the pieces left, so its area is the sum of theirs:
//! twelve pentominoes of 5 cells leave no way to fill a part of 7 cells, and a tangram's
//! pieces (areas 2, 1 and 1/2 of the small square) none for a part of 1/4. The geometric
//! solver asks this before every step; it costs a few hundred additions, against the tens of
//! microseconds a step spends cutting a piece out of the region.

use crate::verify::contour::Contour;

/// More different sums than this and the sets are left unjudged (sets of many pieces of
/// unlike areas, such as curved ones, make nearly every area reachable anyway).
const MAX_SUMS: usize = 2048;

/// Every sum of some (at least one) of the pieces, given as `(area, how many)`, sorted, sums
/// closer than `merge` kept once; `None` past [`MAX_SUMS`].
pub fn subset_sums(pieces: impl IntoIterator<Item = (f64, usize)>, merge: f64) -> Option<Vec<f64>> {
    let mut sums = vec![0.0];
    for (area, count) in pieces {
        let mut next = sums.clone();
        for n in 1..=count {
            next.extend(sums.iter().map(|s| s + area * n as f64));
        }
        next.sort_by(f64::total_cmp);
        next.dedup_by(|later, kept| *later - *kept <= merge);
        if next.len() > MAX_SUMS {
            return None;
        }
        sums = next;
    }
    sums.remove(0);
    Some(sums)
}

/// Whether some sum lies within `slack` of `area`.
pub fn is_sum(sums: &[f64], area: f64, slack: f64) -> bool {
    let i = sums.partition_point(|&s| s < area - slack);
    sums.get(i).is_some_and(|&s| s <= area + slack)
}

/// Whether each outer part of `region` (less its holes) has an area some of the pieces left
/// add up to (when they have too many sums: at least the smallest piece's area). A part's
/// area is trusted to within `eps` per unit of its outline, as moving its corners by the
/// tolerance can change it, and never closer than a millionth of itself.
pub fn parts_fillable(region: &[Contour], pieces: &[(f64, usize)], eps: f64) -> bool {
    let sums = subset_sums(pieces.iter().copied(), 1e-9);
    let smallest = pieces.iter().filter(|p| p.1 > 0).map(|p| p.0).fold(f64::INFINITY, f64::min);
    region.iter().enumerate().filter(|(_, c)| !c.is_hole()).all(|(i, outer)| {
        let (mut area, mut outline) = (outer.area, outer.perimeter(eps));
        for hole in region.iter().filter(|h| h.parent == Some(i)) {
            area += hole.area;
            outline += hole.perimeter(eps);
        }
        // (As loose as the solver's first comparison of the figure's area with the pieces'.)
        let slack = (4.0 * eps * outline).max(1e-6 * area.abs()) + 1e-9;
        match &sums {
            Some(sums) => is_sum(sums, area, slack),
            None => area >= smallest - slack,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentominoes_fill_multiples_of_five_only() {
        let sums = subset_sums([(5.0, 12)], 1e-9).unwrap();
        assert_eq!(sums.len(), 12);
        assert!(is_sum(&sums, 35.0, 1e-6));
        assert!(!is_sum(&sums, 33.0, 1e-6));
        assert!(!is_sum(&sums, 65.0, 1e-6));
        assert!(!is_sum(&sums, 0.0, 1e-6));
    }

    #[test]
    fn tangram_areas_reach_every_half_up_to_eight() {
        // In small squares: two large triangles (2), the medium one, the square and the
        // parallelogram (1 each), two small triangles (1/2).
        let sums = subset_sums([(2.0, 2), (1.0, 3), (0.5, 2)], 1e-9).unwrap();
        assert_eq!(sums, (1..=16).map(|h| h as f64 / 2.0).collect::<Vec<_>>());
        assert!(!is_sum(&sums, 0.25, 1e-6));
        assert!(is_sum(&sums, 7.5 + 1e-8, 1e-6));
    }

    /// A `w` x `h` rectangle at `x` as a contour (clockwise for a hole, `parent` its outer).
    fn rect(x: f64, w: f64, h: f64, parent: Option<usize>) -> Contour {
        use crate::geom::{pt, Edge};
        let mut c = [pt(x, 0.0), pt(x + w, 0.0), pt(x + w, h), pt(x, h)];
        if parent.is_some() {
            c.reverse();
        }
        let edges = (0..4).map(|i| Edge::Seg { a: c[i], b: c[(i + 1) % 4] }).collect();
        Contour { edges, area: if parent.is_some() { -w * h } else { w * h }, parent }
    }

    #[test]
    fn each_part_of_the_region_must_be_some_pieces_area() {
        let pentominoes = [(5.0, 12)];
        let eps = 1e-9;
        assert!(parts_fillable(&[rect(0.0, 5.0, 1.0, None), rect(9.0, 2.0, 5.0, None)], &pentominoes, eps));
        assert!(!parts_fillable(&[rect(0.0, 5.0, 1.0, None), rect(9.0, 7.0, 1.0, None)], &pentominoes, eps));
        // A 4 x 4 part less a hole of one cell holds 15 cells: three pentominoes.
        assert!(!parts_fillable(&[rect(0.0, 4.0, 4.0, None)], &pentominoes, eps));
        assert!(parts_fillable(&[rect(0.0, 4.0, 4.0, None), rect(1.0, 1.0, 1.0, Some(0))], &pentominoes, eps));
    }

    #[test]
    fn too_many_sums_leave_the_set_unjudged() {
        let pieces = (0..16).map(|i| (1.0 + (i as f64).sqrt() / 10.0, 1));
        assert!(subset_sums(pieces, 1e-12).is_none());
    }
}
