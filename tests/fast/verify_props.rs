//! Property tests on random tangram-lattice assemblies (exact coordinates in Z[sqrt2]/2^k, fed
//! to the engine as f64), and the cross-check against an independent polygon boolean library.

use crate::common;
use common::*;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use proptest::prelude::*;
use tessera::geom::exact::{Lat, LatPt};
use tessera::geom::{pt, Motion, Pt, Tol};
use tessera::verify::{assemble, Mode, Piece};

/// A random assembly: cells, how each is cut, a 45-degree turn and a lattice shift.
fn assembly() -> impl Strategy<Value = (LatticeAssembly, usize)> {
    (1usize..10, any::<u64>(), prop::collection::vec(0u8..3, 10), 0i32..8, -4i64..4, -4i64..4).prop_map(
        |(n, seed, cuts, turn, sx, sy)| {
            let cells = grow_polyomino(n, seed);
            (lattice_assembly(&cells, &cuts, turn, (sx, sy)), n)
        },
    )
}

fn motion() -> impl Strategy<Value = Motion> {
    (-10.0f64..10.0, -50.0f64..50.0, -50.0f64..50.0).prop_map(|(a, x, y)| Motion {
        mirror: false,
        angle: a,
        shift: pt(x, y),
    })
}

fn eps_of(cells: &[RingV]) -> f64 {
    let mut bb = tessera::geom::BBox::EMPTY;
    for v in cells.iter().flatten() {
        bb.add(v.at);
    }
    Tol::for_extent(bb.extent()).eps
}

proptest! {
    // 256 cases each by default; PROPTEST_CASES=N runs more.

    /// The tolerance is safe on the lattice: two different exact coordinates are always far
    /// more than the tolerance apart once in f64, so welding never merges distinct vertices.
    /// (The tolerance, 2e-4 of the figure's size, is loose enough for coordinates typed with
    /// four decimals: fifty times it is still less than the closest two corners here.)
    #[test]
    fn tolerance_never_merges_distinct_lattice_points((asm, _) in assembly()) {
        let eps = eps_of(&to_rings(&asm.cells));
        let mut coords: Vec<Lat> = asm.pieces.iter().flatten().flat_map(|p| [p.x, p.y]).collect();
        coords.sort();
        coords.dedup();
        for w in coords.windows(2) {
            let exact_gap = w[1] - w[0];
            prop_assert_eq!(exact_gap.signum(), 1);
            let float_gap = w[1].to_f64() - w[0].to_f64();
            // Distinct corners stay far apart next to the tolerance: welding keeps them apart.
            prop_assert!(float_gap > 50.0 * eps, "gap {} vs eps {}", float_gap, eps);
            prop_assert!((float_gap - exact_gap.to_f64()).abs() < 1e-12);
        }
    }

    #[test]
    fn assemblies_verify_against_their_own_union((asm, _) in assembly(), m in motion()) {
        let pieces = to_rings(&asm.pieces);
        let target = to_rings(&asm.cells);
        let v = judge(&target, &pieces, Mode::Anchored, false);
        prop_assert!(v.solved && !v.overlap, "{:?}", v);
        prop_assert_eq!(v.progress, 1.0);
        let v = judge(&target, &moved_all(&pieces, &m), Mode::Free, false);
        prop_assert!(v.solved, "free mode after {:?}: {:?}", m, v);
    }

    #[test]
    fn two_assemblies_of_one_figure_both_verify(n in 1usize..10, seed in any::<u64>(), c1 in prop::collection::vec(0u8..3, 10), c2 in prop::collection::vec(0u8..3, 10)) {
        let cells = grow_polyomino(n, seed);
        let a = lattice_assembly(&cells, &c1, 1, (0, 0));
        let b = lattice_assembly(&cells, &c2, 1, (0, 0));
        let target = to_rings(&a.cells);
        prop_assert!(judge(&target, &to_rings(&a.pieces), Mode::Anchored, false).solved);
        prop_assert!(judge(&target, &to_rings(&b.pieces), Mode::Anchored, false).solved);
    }

    #[test]
    fn moving_one_piece_beyond_the_tolerance_breaks_it((asm, _) in assembly(), pick in any::<prop::sample::Index>(), len in 0.0f64..1.0, dir in 0.0f64..6.3) {
        let mut pieces = to_rings(&asm.pieces);
        let target = to_rings(&asm.cells);
        let eps = eps_of(&target);
        // From 20 eps up to a third of the smallest piece side.
        let d = pt(dir.cos(), dir.sin()) * (20.0 * eps + len * 0.3);
        let k = pick.index(pieces.len());
        pieces[k] = translated(&pieces[k], d);
        let v = judge(&target, &pieces, Mode::Anchored, false);
        prop_assert!(!v.solved && v.progress < 1.0, "{:?}", v);
        if pieces.len() > 1 {
            prop_assert!(!judge(&target, &pieces, Mode::Free, false).solved);
        }
    }

    #[test]
    fn removing_pieces_lowers_progress((asm, _) in assembly(), order in any::<u64>()) {
        let mut pieces = to_rings(&asm.pieces);
        let target = to_rings(&asm.cells);
        // A seeded shuffle, then add pieces one by one: progress never drops, ends at 1.
        let mut s = order | 1;
        for i in (1..pieces.len()).rev() {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            pieces.swap(i, (s % (i as u64 + 1)) as usize);
        }
        let mut last = 0.0;
        for k in 1..=pieces.len() {
            let v = judge(&target, &pieces[..k], Mode::Anchored, false);
            prop_assert!(v.progress >= last - 1e-12, "adding piece {} lowered progress {} -> {}", k, last, v.progress);
            prop_assert_eq!(v.progress == 1.0, k == pieces.len());
            last = v.progress;
        }
    }

    #[test]
    fn a_stray_piece_never_raises_progress((asm, _) in assembly(), keep in 0usize..20, m in motion()) {
        let pieces = to_rings(&asm.pieces);
        let target = to_rings(&asm.cells);
        let k = keep % pieces.len();
        let base = judge(&target, &pieces[..k], Mode::Anchored, false).progress;
        let mut more = pieces[..k].to_vec();
        // Far outside the target (the figure spans less than 20 units).
        more.push(translated(&moved(&pieces[k], &m), pt(200.0, 0.0)));
        prop_assert!(judge(&target, &more, Mode::Anchored, false).progress <= base + 1e-12);
    }

    #[test]
    fn any_overlap_is_flagged((asm, _) in assembly(), pick in any::<prop::sample::Index>(), len in 0.0f64..1.0, dir in 0.0f64..6.3) {
        let mut pieces = to_rings(&asm.pieces);
        let target = to_rings(&asm.cells);
        let k = pick.index(pieces.len());
        // A copy of a piece shifted by less than a quarter of its smallest side overlaps it.
        let d = pt(dir.cos(), dir.sin()) * (len * 0.2);
        pieces.push(translated(&pieces[k], d));
        let v = judge(&target, &pieces, Mode::Anchored, false);
        prop_assert!(v.overlap && !v.solved && v.progress < 1.0, "piece {} shifted by {:?}: {:?}", k, d, v);
    }

    /// Oracle: the contours the engine rebuilds have the area and the (merged) vertices of the
    /// union computed by i_overlay.
    #[test]
    fn contours_agree_with_a_boolean_library((asm, _) in assembly()) {
        let pieces = to_rings(&asm.pieces);
        let eps = eps_of(&to_rings(&asm.cells));
        let tol = Tol { eps };
        let built: Vec<Piece> = pieces.iter().map(|r| Piece::from_vertices(std::slice::from_ref(r), tol, 0).unwrap()).collect();
        let parts: Vec<_> = built.iter().flat_map(|p| p.parts.iter()).collect();
        let asm_ = assemble(&parts, eps);
        let ours_area: f64 = asm_.contours.iter().map(|c| c.area).sum();
        let mut ours: Vec<Pt> = asm_.contours.iter().flat_map(|c| c.edges.iter().map(|e| e.start())).collect();

        let subj: Vec<Vec<[f64; 2]>> = pieces.iter().map(|r| r.iter().map(|v| [v.at.x, v.at.y]).collect()).collect();
        let shapes = FloatOverlay::with_subj(&subj).overlay(OverlayRule::Subject, FillRule::NonZero);
        let area2 = |c: &Vec<[f64; 2]>| -> f64 {
            (0..c.len()).map(|i| { let (a, b) = (c[i], c[(i + 1) % c.len()]); a[0] * b[1] - a[1] * b[0] }).sum::<f64>() / 2.0
        };
        let theirs_area: f64 = shapes.iter().flatten().map(area2).sum();
        // i_overlay snaps floats to an integer grid (errors near 1e-9), which can keep a vertex
        // that lies on a straight edge: merge those the way the engine merges collinear edges.
        let merged = |c: &Vec<[f64; 2]>| -> Vec<Pt> {
            let mut v: Vec<Pt> = c.iter().map(|p| pt(p[0], p[1])).collect();
            let mut i = 0;
            while v.len() > 3 && i < v.len() {
                let (a, b, c) = (v[(i + v.len() - 1) % v.len()], v[i], v[(i + 1) % v.len()]);
                let d = c - a;
                if (d.cross(b - a) / d.len()).abs() < 1e-6 && (b - a).dot(c - b) > 0.0 {
                    v.remove(i);
                    i = 0;
                } else {
                    i += 1;
                }
            }
            v
        };
        let mut theirs: Vec<Pt> = shapes.iter().flatten().flat_map(merged).collect();
        prop_assert!((ours_area - theirs_area).abs() < 1e-6, "area {} vs {}", ours_area, theirs_area);
        let key = |p: &Pt| ((p.x * 1e6).round() as i64, (p.y * 1e6).round() as i64);
        ours.sort_by_key(key); ours.dedup_by(|a, b| a.dist(*b) < 1e-6);
        theirs.sort_by_key(key); theirs.dedup_by(|a, b| a.dist(*b) < 1e-6);
        prop_assert_eq!(ours.len(), theirs.len(), "vertices {:?} vs {:?}", ours, theirs);
        for (a, b) in ours.iter().zip(&theirs) {
            prop_assert!(a.dist(*b) < 1e-6, "{:?} vs {:?}", a, b);
        }
    }
}

#[test]
fn exact_lattice_builds_the_classic_square_rotated_by_45_degrees() {
    // The tangram square, turned by 45 degrees exactly: coordinates leave the integers for
    // Z[sqrt2]/2, and the assembly still verifies.
    let (target, pieces) = tangram_square(0);
    let exact = |r: &RingV| -> RingV {
        r.iter().map(|v| LatPt::ints(v.at.x as i64, v.at.y as i64).rot45(1).to_pt().into()).collect()
    };
    let t: Vec<RingV> = target.iter().map(exact).collect();
    let p: Vec<RingV> = pieces.iter().map(exact).collect();
    assert!(judge(&t, &p, Mode::Anchored, false).solved);
}

/// A copy of a piece moved by less than the tolerance, its slanted side crossing the others'
/// straight sides away from their corners, is an overlap: found once by the property above
/// (a triangle over a square and two triangles, moved by (9.4e-5, 3.44e-4)), where no two
/// sides were paired as shared and no side's middle lay inside another piece. The areas say
/// it: the pieces add up to more than their union.
#[test]
fn a_copy_moved_by_less_than_the_tolerance_overlaps() {
    let square = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let low = poly(&[(1.0, 0.0), (2.0, 0.0), (1.0, 1.0)]);
    let high = poly(&[(2.0, 0.0), (2.0, 1.0), (1.0, 1.0)]);
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)])];
    let mut missed = Vec::new();
    for k in 0..3 {
        for (dx, dy) in [(9.4e-5, 3.44e-4), (3.44e-4, 9.4e-5), (-9.4e-5, 3.44e-4), (2e-4, -1e-4), (0.0, 0.0)] {
            let mut pieces = vec![square.clone(), low.clone(), high.clone()];
            pieces.push(translated(&pieces[k], pt(dx, dy)));
            let v = judge(&target, &pieces, Mode::Anchored, false);
            if !v.overlap || v.solved {
                missed.push(format!("piece {k} moved by ({dx}, {dy}): {v:?}"));
            }
        }
    }
    assert!(missed.is_empty(), "{missed:#?}");
}
