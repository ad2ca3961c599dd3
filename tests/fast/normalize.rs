//! Normalisation (`tessera::verify::normalize`): every repair by hand, what stays refused, and a
//! property test on outlines exactly as a polygon library's union writes them.

use crate::common;
use common::*;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use proptest::prelude::*;
use tessera::format::PuzzleFile;
use tessera::geom::{pt, RingError, Tol};
use tessera::verify::normalize::normalize;
use tessera::verify::{Mode, ShapeError};

fn norm(rings: &[RingV]) -> Result<tessera::verify::normalize::Normalized, (usize, RingError)> {
    normalize(rings, Tol::default(), "target", pt(0.0, 0.0))
}

fn area(n: &tessera::verify::normalize::Normalized) -> f64 {
    n.rings.iter().map(|r| r.signed_area(1e-9).abs()).sum()
}

/// Builds and judges, returning the verdict and the repairs.
fn verify(
    target: &[RingV],
    pieces: &[Vec<RingV>],
    mode: Mode,
) -> Result<(tessera::verify::Verdict, Vec<String>), ShapeError> {
    let f = PuzzleFile { target: target.to_vec(), pieces: pieces.to_vec(), mode, allow_mirror: false, tolerance: None };
    f.build_repaired().map(|(puzzle, pieces, repairs)| (puzzle.judge(&pieces), repairs))
}

fn unit(x: f64, y: f64) -> RingV {
    poly(&[(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)])
}

#[test]
fn a_simple_ring_passes_unchanged_and_a_closing_vertex_is_accepted() {
    let n = norm(&[poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)])]).unwrap();
    assert_eq!(n.rings.len(), 1);
    assert_eq!(n.rings[0].edges().len(), 4);
    assert!(n.repairs.is_empty(), "{:?}", n.repairs);
}

#[test]
fn repeated_vertices_are_welded() {
    let n = norm(&[poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 1.0 + 1e-9), (1.0, 1.0), (0.0, 1.0)])]).unwrap();
    assert_eq!(n.rings[0].edges().len(), 4);
    assert_eq!(n.repairs, vec!["target ring 0: welded 2 repeated vertices"]);
}

/// A circle of radius 1000 drawn with 16,000 sides of 0.39 units, under the tolerance of a
/// figure 2000 across (0.4): neighbours within the tolerance are welded pairwise, not chained
/// into one point, and the circle still verifies against itself.
#[test]
fn a_fine_circle_is_welded_to_a_coarser_one_not_to_a_point() {
    let n = 16_000;
    let circle: Vec<(f64, f64)> = (0..n)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / n as f64;
            (1000.0 * a.cos(), 1000.0 * a.sin())
        })
        .collect();
    let tol = Tol::for_extent(2000.0);
    let out = normalize(&[poly(&circle)], tol, "target", pt(0.0, 0.0)).unwrap();
    assert_eq!(out.rings.len(), 1);
    let got = area(&out);
    let disc = std::f64::consts::PI * 1e6;
    assert!((got - disc).abs() < 1e-3 * disc, "area {got} against {disc}");
    let (v, _) = verify(&[poly(&circle)], &[vec![poly(&circle)]], Mode::Anchored).unwrap();
    assert!(v.solved);
}

#[test]
fn collinear_runs_and_arcs_of_one_circle_are_merged() {
    let n =
        norm(&[poly(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0), (0.0, 0.5)])]).unwrap();
    assert_eq!(n.rings[0].edges().len(), 4);
    assert_eq!(n.repairs, vec!["target ring 0: dropped 3 vertices in the middle of straight runs or arcs"]);
    // A half disc drawn with its arc in two quarters.
    let half = vec![line((-1.0, 0.0)), arc((1.0, 0.0), (0.0, 0.0), true), arc((0.0, 1.0), (0.0, 0.0), true)];
    let n = norm(&[half]).unwrap();
    assert_eq!(n.rings[0].edges().len(), 2);
    assert!((area(&n) - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
}

#[test]
fn a_ring_through_one_point_twice_is_split_at_the_pinch() {
    // Two unit squares meeting at the corner (1, 1), drawn as one outline.
    let pinched =
        poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0), (1.0, 1.0), (0.0, 1.0)]);
    let n = norm(std::slice::from_ref(&pinched)).unwrap();
    assert_eq!(n.rings.len(), 2);
    assert!((area(&n) - 2.0).abs() < 1e-12);
    assert_eq!(n.repairs, vec!["target ring 0: split at a pinch (1, 1)"]);
    // The two unit squares make that figure.
    let (v, repairs) = verify(&[pinched], &[vec![unit(0.0, 0.0)], vec![unit(1.0, 1.0)]], Mode::Anchored).unwrap();
    assert!(v.solved);
    assert_eq!(repairs.len(), 1);
}

#[test]
fn a_hole_touching_the_outline_is_split_off_as_a_hole() {
    // A 4 x 4 square with a triangular hole hanging from the top side at (2, 4).
    let ring = poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 4.0), (3.0, 3.0), (1.0, 3.0), (2.0, 4.0), (0.0, 4.0)]);
    let n = norm(std::slice::from_ref(&ring)).unwrap();
    assert_eq!(n.rings.len(), 2);
    assert!((area(&n) - 17.0).abs() < 1e-12, "outer 16 and hole 1 as two rings");
    let signed: f64 = n.rings.iter().map(|r| r.signed_area(1e-9)).sum();
    assert!((signed - 15.0).abs() < 1e-12, "the hole runs the other way: {signed}");
    assert_eq!(n.repairs, vec!["target ring 0: split at a pinch (2, 4)"]);
    // Pieces that leave that hole make the figure; in free mode too.
    let pieces_ok = vec![
        vec![poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)])],
        vec![poly(&[(0.0, 3.0), (1.0, 3.0), (2.0, 4.0), (0.0, 4.0)])],
        vec![poly(&[(3.0, 3.0), (4.0, 3.0), (4.0, 4.0), (2.0, 4.0)])],
    ];
    assert!(verify(std::slice::from_ref(&ring), &pieces_ok, Mode::Anchored).unwrap().0.solved);
    let m = tessera::geom::Motion { mirror: false, angle: 0.7, shift: pt(30.0, -12.0) };
    let moved: Vec<Vec<RingV>> = pieces_ok.iter().map(|p| moved_all(p, &m)).collect();
    assert!(verify(&[ring], &moved, Mode::Free).unwrap().0.solved);
}

#[test]
fn a_corner_resting_on_another_side_is_a_pinch() {
    // Two triangles: (0,0)-(1,0)-(0,2) and (1,0)-(2,0)-(2,2); the outline runs along the whole
    // bottom side and comes back to rest at (1, 0) in its middle.
    let ring = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 0.0), (0.0, 2.0)]);
    let n = norm(&[ring]).unwrap();
    assert_eq!(n.rings.len(), 2);
    assert!((area(&n) - 2.0).abs() < 1e-12);
    assert_eq!(n.repairs, vec!["target ring 0: split at a pinch (1, 0)"]);
}

#[test]
fn slits_out_and_in_are_removed() {
    // A spike out of the top side and back.
    let out = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (1.0, 1.0), (0.0, 1.0)]);
    let n = norm(&[out]).unwrap();
    assert_eq!(n.rings.len(), 1);
    assert_eq!(n.rings[0].edges().len(), 4);
    assert!((area(&n) - 2.0).abs() < 1e-12);
    assert_eq!(n.repairs, vec!["target ring 0: removed a zero-area slit from (1, 1) to (1, 3)"]);
    // A crack into the figure: a spike inwards.
    let crack = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 2.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]);
    let n = norm(&[crack]).unwrap();
    assert_eq!(n.rings.len(), 1);
    assert!((area(&n) - 4.0).abs() < 1e-12);
    assert_eq!(n.repairs.len(), 1);
}

#[test]
fn a_zero_area_ring_beside_real_ones_is_dropped() {
    // A crack left inside a union: a "hole" of three collinear points.
    let n =
        norm(&[poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]), poly(&[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0)])])
            .unwrap();
    assert_eq!(n.rings.len(), 1);
    assert_eq!(n.repairs, vec!["target ring 1: encloses no area; dropped"]);
    // A figure with no area at all is still refused.
    assert_eq!(norm(&[poly(&[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0)])]).unwrap_err(), (0, RingError::ZeroArea));
}

#[test]
fn pinches_with_arcs() {
    // A half disc (arc from (1,0) over the top to (-1,0)) and a triangle standing on its top
    // point (0, 1), drawn as one outline.
    let ring = vec![
        line((-1.0, 0.0)),
        arc((1.0, 0.0), (0.0, 0.0), true),
        line((0.0, 1.0)),
        line((0.5, 2.0)),
        line((-0.5, 2.0)),
        arc((0.0, 1.0), (0.0, 0.0), true),
    ];
    let n = norm(&[ring]).unwrap();
    assert_eq!(n.rings.len(), 2);
    assert!((area(&n) - (std::f64::consts::FRAC_PI_2 + 0.5)).abs() < 1e-9);
    assert_eq!(n.repairs, vec!["target ring 0: split at a pinch (0, 1)"]);
}

#[test]
fn what_draws_no_region_stays_refused() {
    // A figure eight whose edges cross.
    let e = norm(&[poly(&[(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)])]).unwrap_err();
    assert!(matches!(e, (0, RingError::SelfIntersecting { .. })), "{e:?}");
    // The same figure eight with a vertex where it crosses: one lobe runs backwards.
    let e = norm(&[poly(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (2.0, 0.0), (1.0, 1.0), (0.0, 2.0)])]).unwrap_err();
    assert!(matches!(e, (0, RingError::SelfIntersecting { .. })), "{e:?}");
    // A triangle drawn inside the outline the same way round: covered twice.
    let double =
        poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 4.0), (1.0, 3.0), (3.0, 3.0), (2.0, 4.0), (0.0, 4.0)]);
    assert!(matches!(norm(&[double]), Err((0, RingError::SelfIntersecting { .. }))));
    // A square run round twice.
    let twice = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    assert!(norm(&[twice]).is_err());
    // Not closed, not finite, arc ends off the circle.
    assert!(matches!(norm(&[poly(&[(0.0, 0.0), (1.0, 0.0)])]), Err((0, RingError::TooFewVertices { .. }))));
    assert!(matches!(
        norm(&[poly(&[(0.0, 0.0), (f64::NAN, 0.0), (1.0, 1.0)])]),
        Err((0, RingError::NotFinite { vertex: 1 }))
    ));
    let bad_arc = vec![arc((0.0, 0.0), (0.5, 0.0), true), line((2.0, 0.0)), line((2.0, 2.0))];
    assert!(matches!(norm(&[bad_arc]), Err((0, RingError::BadArc { .. }))));
}

#[test]
fn a_piece_may_be_given_as_rings_that_touch_but_not_as_rings_that_overlap() {
    let square = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    // A piece drawn as its two halves.
    let halves = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]), poly(&[(0.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    assert!(verify(&square, &[halves], Mode::Anchored).unwrap().0.solved);
    let overlapping = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]), poly(&[(0.0, 0.0), (2.0, 1.0), (0.0, 2.0)])];
    let e = verify(&square, &[overlapping], Mode::Anchored).unwrap_err();
    assert_eq!(e.to_string(), "piece 0, ring 0: two rings of one shape overlap each other");
}

#[test]
fn where_the_figure_is_drawn_does_not_change_the_verdict() {
    let (target, pieces) = tangram_square(0);
    let pieces: Vec<Vec<RingV>> = pieces.into_iter().map(|p| vec![p]).collect();
    for far in [1e6, 1e9] {
        let m = tessera::geom::Motion { mirror: false, angle: 0.0, shift: pt(far, far) };
        let t = moved_all(&target, &m);
        let p: Vec<Vec<RingV>> = pieces.iter().map(|p| moved_all(p, &m)).collect();
        let (v, repairs) = verify(&t, &p, Mode::Anchored).unwrap();
        assert!(v.solved, "anchored at {far}");
        assert!(repairs.is_empty());
        // Free: the target near the origin, the pieces far away and turned.
        let turn = tessera::geom::Motion { mirror: false, angle: 0.3, shift: pt(far, -far) };
        let p: Vec<Vec<RingV>> = pieces.iter().map(|p| moved_all(p, &turn)).collect();
        assert!(verify(&target, &p, Mode::Free).unwrap().0.solved, "free at {far}");
        // A piece moved by 1% of the unit is still wrong there.
        let mut wrong = p.clone();
        wrong[6] = moved_all(&wrong[6], &tessera::geom::Motion { mirror: false, angle: 0.0, shift: pt(0.01, 0.0) });
        assert!(!verify(&target, &wrong, Mode::Free).unwrap().0.solved, "free at {far}, one piece off");
    }
    // Far enough that f64 keeps less than a thousandth of the figure: a clear error.
    let m = tessera::geom::Motion { mirror: false, angle: 0.0, shift: pt(1e12, 1e12) };
    let e = verify(&moved_all(&target, &m), &[], Mode::Anchored).unwrap_err();
    assert!(e.to_string().contains("too far from the origin"), "{e}");
}

#[test]
fn thousands_of_stacked_copies_are_judged_as_overlapping_within_bounded_work() {
    let tri = poly(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    let pieces: Vec<Vec<RingV>> = (0..2000).map(|_| vec![tri.clone()]).collect();
    let (v, _) = verify(&[tri], &pieces, Mode::Anchored).unwrap();
    assert!(v.overlap && !v.solved);
}

/// Random cells of a 3 x 3 grid (not necessarily connected: corners touch), each a square or
/// two triangles, turned by 45 degrees or not.
fn scattered() -> impl Strategy<Value = LatticeAssembly> {
    (prop::collection::vec(any::<bool>(), 9), prop::collection::vec(0u8..3, 9), 0i32..2).prop_filter_map(
        "at least one cell",
        |(keep, cuts, turn)| {
            let cells: Vec<(i64, i64)> =
                (0..9).filter(|&i| keep[i]).map(|i| ((i % 3) as i64, (i / 3) as i64)).collect();
            (!cells.is_empty()).then(|| lattice_assembly(&cells, &cuts, turn, (0, 0)))
        },
    )
}

/// The union of the pieces as the polygon library writes it: every contour of every shape.
fn library_union(pieces: &[RingV]) -> Vec<RingV> {
    let subj: Vec<Vec<[f64; 2]>> = pieces.iter().map(|r| r.iter().map(|v| [v.at.x, v.at.y]).collect()).collect();
    let shapes = FloatOverlay::with_subj(&subj).overlay(OverlayRule::Subject, FillRule::NonZero);
    shapes.into_iter().flatten().map(|c| c.into_iter().map(|[x, y]| line((x, y))).collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Outlines straight from a boolean library (pinches, holes touching the outside, several
    /// parts) are accepted; the pieces verify against them, and the solver fills them.
    #[test]
    fn library_unions_verify_and_solve(asm in scattered()) {
        let pieces = to_rings(&asm.pieces);
        let target = library_union(&pieces);
        let as_pieces: Vec<Vec<RingV>> = pieces.iter().map(|p| vec![p.clone()]).collect();
        let (v, _) = verify(&target, &as_pieces, Mode::Anchored).expect("the union is accepted");
        prop_assert!(v.solved);
        // The same pieces as the solver's set: unit squares and half-square triangles.
        let def = |r: RingV| tessera::pieces::PieceDef { name: "cell".into(), rings: vec![r] };
        let set = tessera::pieces::PieceSet {
            name: "cells".into(),
            step_deg: 45.0,
            pieces: pieces
                .iter()
                .map(|p| if p.len() == 4 { def(unit(0.0, 0.0)) } else { def(poly(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)])) })
                .collect(),
        };
        let opts = tessera::solve::geometric::Options { limit: 1, budget: tessera::support::budget::Budget::nodes(200_000), ..Default::default() };
        let out = tessera::solve::geometric::solve(&set, &target, &opts).expect("polygonal");
        prop_assert!(!out.solutions.is_empty(), "{} nodes, complete {}", out.nodes, out.complete);
    }
}

/// Inputs the fuzzers found (`fuzz/`), kept as regressions: each must give a verdict or an
/// error, never a panic.
#[test]
fn fuzz_findings() {
    // engine: a ring folding over itself into loops whose nesting, probed loop by loop, was
    // inconsistent (a hole at odd depth with no ring around it): "a ring at odd depth lies
    // inside a ring at the depth above" panicked in `parts_from_rings`.
    let target = vec![poly(&[
        (6.25, 4.875),
        (1.75, 4.875),
        (6.0, 5.875),
        (4.75, 4.75),
        (7.5, 7.5),
        (7.5, 7.5),
        (7.5, 1.25),
        (0.5, 0.5),
        (0.5, 0.5),
        (4.75, 4.75),
        (6.5, 4.75),
        (6.5, 0.75),
    ])];
    let circle = vec![arc((0.375, 0.25), (5.625, 0.25), false)];
    for mode in [Mode::Anchored, Mode::Free] {
        let _ = verify(&target, &[vec![circle.clone()]], mode);
    }
}
