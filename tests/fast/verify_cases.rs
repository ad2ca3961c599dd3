//! Hand-made cases for the verification engine: the tangram, the paper's figures, curved
//! pieces, holes, overlaps, mirrors and both match modes.

use crate::common;
use common::*;
use std::f64::consts::PI;
use tessera::geom::{pt, Motion};
use tessera::verify::progress::UNSOLVED_MAX;
use tessera::verify::Mode::{Anchored, Free};

#[test]
fn classic_tangram_square_in_both_modes() {
    for variant in [0, 1] {
        let (target, pieces) = tangram_square(variant);
        let v = judge(&target, &pieces, Anchored, false);
        assert!(v.solved && v.progress == 1.0 && !v.overlap, "variant {variant}: {v:?}");
        assert_eq!((v.contours, v.holes), (1, 0));
        // Free mode: the same assembly anywhere, at any angle.
        let m = Motion { mirror: false, angle: 0.3871, shift: pt(17.25, -3.5) };
        let v = judge(&target, &moved_all(&pieces, &m), Free, false);
        assert!(v.solved, "variant {variant} moved: {v:?}");
        // The motion found carries the target's corners onto the moved figure's corners (the
        // square's symmetry leaves four right answers).
        let found = v.motion.unwrap();
        let moved_corners: Vec<_> = target[0].iter().map(|c| m.apply(c.at)).collect();
        for c in &target[0] {
            assert!(moved_corners.iter().any(|q| q.dist(found.apply(c.at)) < 1e-6));
        }
        // ...but not anchored.
        assert!(!judge(&target, &moved_all(&pieces, &m), Anchored, false).solved);
    }
}

#[test]
fn figure_2_two_arrangements_of_one_figure() {
    // A large triangle with a unit square built from two small triangles, cut either way.
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (3.0, 2.0), (3.0, 3.0), (2.0, 3.0), (2.0, 2.0)])];
    // The target touches itself at (2,2): give it as its two lobes instead.
    let target_lobes =
        vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]), poly(&[(2.0, 2.0), (3.0, 2.0), (3.0, 3.0), (2.0, 3.0)])];
    let big = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]);
    let a = [big.clone(), poly(&[(2.0, 2.0), (3.0, 2.0), (3.0, 3.0)]), poly(&[(2.0, 2.0), (3.0, 3.0), (2.0, 3.0)])];
    let b = [big, poly(&[(2.0, 2.0), (3.0, 2.0), (2.0, 3.0)]), poly(&[(3.0, 2.0), (3.0, 3.0), (2.0, 3.0)])];
    for pieces in [&a, &b] {
        assert!(judge(&target_lobes, pieces, Anchored, false).solved);
        assert!(judge(&target_lobes, pieces, Free, false).solved);
    }
    // Given as one ring that touches itself, the target is split at the pinch (normalisation)
    // and judged the same.
    for pieces in [&a, &b] {
        assert!(judge(&target, pieces, Anchored, false).solved);
        assert!(judge(&target, pieces, Free, false).solved);
    }
}

#[test]
fn two_rectangles_make_a_square_and_a_gap_does_not() {
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    let l = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0)]);
    let r = poly(&[(1.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 2.0)]);
    assert!(judge(&target, &[l.clone(), r.clone()], Anchored, false).solved);
    let gap = translated(&r, pt(1e-3, 0.0));
    let v = judge(&target, &[l.clone(), gap], Anchored, false);
    assert!(!v.solved && v.progress < 1.0);
    assert_eq!(v.contours, 2);
    let over = translated(&r, pt(-1e-3, 0.0));
    let v = judge(&target, &[l, over], Anchored, false);
    assert!(v.overlap && !v.solved);
}

#[test]
fn overlaps_of_every_kind_are_flagged() {
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    let sq = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    // Identical pieces on top of each other: every edge shared in the same direction.
    assert!(judge(&target, &[sq.clone(), sq.clone()], Anchored, false).overlap);
    // One piece strictly inside another, no contact.
    let small = poly(&[(0.5, 0.5), (1.0, 0.5), (1.0, 1.0)]);
    assert!(judge(&target, &[sq.clone(), small], Anchored, false).overlap);
    // Crossing edges.
    let cross = poly(&[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]);
    assert!(judge(&target, &[sq.clone(), cross], Anchored, false).overlap);
    // Inside, touching the border along an edge.
    let inner = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let v = judge(&target, &[sq.clone(), inner], Anchored, false);
    assert!(v.overlap && !v.solved);
    // Touching only along an edge from outside: no overlap.
    let beside = poly(&[(2.0, 0.0), (3.0, 0.0), (3.0, 1.0), (2.0, 1.0)]);
    assert!(!judge(&target, &[sq, beside], Anchored, false).overlap);
}

#[test]
fn figure_9_holes_are_found_and_must_match() {
    // Four bars around a 1x1 hole.
    let bars = [
        poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]),
        poly(&[(2.0, 0.0), (3.0, 0.0), (3.0, 2.0), (2.0, 2.0)]),
        poly(&[(1.0, 2.0), (3.0, 2.0), (3.0, 3.0), (1.0, 3.0)]),
        poly(&[(0.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)]),
    ];
    let square = vec![poly(&[(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (0.0, 3.0)])];
    let v = judge(&square, &bars, Anchored, false);
    assert_eq!((v.contours, v.holes), (1, 1));
    assert!(!v.solved, "a hole the target lacks is not a solution");
    // A target with that hole (orientation of the input rings does not matter).
    let framed = vec![
        poly(&[(0.0, 0.0), (0.0, 3.0), (3.0, 3.0), (3.0, 0.0)]),
        poly(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0)]),
    ];
    assert!(judge(&framed, &bars, Anchored, false).solved);
    assert!(
        judge(&framed, &moved_all(&bars, &Motion { mirror: false, angle: 2.0, shift: pt(5.0, 1.0) }), Free, false)
            .solved
    );
    // The hole in the wrong place: same contour lists, still not solved in free mode.
    let shifted_hole = vec![framed[0].clone(), poly(&[(1.0, 1.2), (2.0, 1.2), (2.0, 2.2), (1.0, 2.2)])];
    assert!(!judge(&shifted_hole, &bars, Free, false).solved);
    // A piece with a hole, filled by a plug.
    let ring_piece = vec![framed[0].clone(), framed[1].clone()];
    let f = tessera::format::PuzzleFile {
        target: square.clone(),
        pieces: vec![ring_piece, vec![poly(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0)])]],
        mode: Anchored,
        allow_mirror: false,
        tolerance: None,
    };
    let (puzzle, pieces) = f.build().unwrap();
    assert!(puzzle.judge(&pieces).solved);
    assert!(!puzzle.judge(&pieces[..1]).solved);
}

/// A hole that touches the figure's outline at one corner: drawn as an outline and a hole,
/// and left by pieces that meet at that corner, whichever corner the pieces' outline reaches
/// it from and wherever the chain of boundary edges starts.
#[test]
fn a_hole_touching_the_outline_at_a_corner_matches_pieces_that_leave_it() {
    let pieces = [
        poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.5), (0.0, 1.5)]),
        poly(&[(0.0, 1.5), (0.5, 1.5), (1.0, 2.0), (0.0, 2.0)]),
        poly(&[(1.5, 1.5), (2.0, 1.5), (2.0, 2.0), (1.0, 2.0)]),
    ];
    let hole = poly(&[(1.0, 2.0), (0.5, 1.5), (1.5, 1.5)]);
    for outline in [
        poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]),
        poly(&[(0.0, 2.0), (0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 2.0)]),
    ] {
        let figure = vec![outline.clone(), hole.clone()];
        let v = judge(&figure, &pieces, Anchored, false);
        assert!(v.solved, "{v:?}");
        assert_eq!((v.contours, v.holes), (1, 1));
        for order in [[2, 0, 1], [1, 2, 0]] {
            let shuffled: Vec<_> = order.iter().map(|&i| pieces[i].clone()).collect();
            assert!(judge(&figure, &shuffled, Anchored, false).solved);
            assert!(judge(&figure, &shuffled, Free, false).solved);
        }
        // Without the hole the figure is a different one.
        assert!(!judge(&[outline], &pieces, Anchored, false).solved);
    }
}

#[test]
fn mirror_image_only_when_allowed() {
    // An L tromino-like figure made of a square and a triangle.
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (0.0, 1.0)])];
    let pieces = [poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]), poly(&[(1.0, 0.0), (2.0, 0.0), (1.0, 1.0)])];
    let flip = Motion { mirror: true, angle: 0.0, shift: pt(2.0, 0.0) };
    let mirrored: Vec<_> = moved_all(&pieces, &flip);
    assert!(judge(&target, &pieces, Anchored, false).solved);
    assert!(!judge(&target, &mirrored, Anchored, false).solved);
    let v = judge(&target, &mirrored, Anchored, true);
    assert!(v.solved && v.mirrored);
    let far = moved_all(&mirrored, &Motion { mirror: false, angle: 1.1, shift: pt(-4.0, 9.0) });
    assert!(!judge(&target, &far, Free, false).solved);
    let v = judge(&target, &far, Free, true);
    assert!(v.solved && v.mirrored);
}

#[test]
fn two_half_discs_make_a_disc() {
    let disc = vec![vec![arc((1.0, 0.0), (0.0, 0.0), true)]];
    let top = vec![arc((1.0, 0.0), (0.0, 0.0), true), line((-1.0, 0.0))];
    let bottom = vec![arc((-1.0, 0.0), (0.0, 0.0), true), line((1.0, 0.0))];
    let v = judge(&disc, &[top.clone(), bottom.clone()], Anchored, false);
    assert!(v.solved, "{v:?}");
    let m = Motion { mirror: false, angle: 0.7, shift: pt(3.0, 4.0) };
    assert!(judge(&disc, &moved_all(&[top.clone(), bottom], &m), Free, false).solved);
    let v = judge(&disc, &[top], Anchored, false);
    assert!(!v.solved && v.progress > 0.3 && v.progress < 0.9, "{v:?}");
}

#[test]
fn four_quarter_discs_make_a_disc() {
    let disc = vec![vec![arc((0.0, 2.0), (0.0, 0.0), false)]]; // drawn clockwise, from the top
    let quarter = |k: i32| {
        let r = |p: (f64, f64)| pt(p.0, p.1).rotate(k as f64 * PI / 2.0);
        let (a, b) = (r((1.0, 0.0)) * 2.0, r((0.0, 1.0)) * 2.0);
        vec![line((0.0, 0.0)), arc((a.x, a.y), (0.0, 0.0), true), line((b.x, b.y))]
    };
    let q: Vec<_> = (0..4).map(quarter).collect();
    assert!(judge(&disc, &q, Anchored, false).solved);
    let m = Motion { mirror: false, angle: -2.2, shift: pt(-1.5, 0.25) };
    assert!(judge(&disc, &moved_all(&q, &m), Free, false).solved);
    // Three quarters leave a notch.
    let v = judge(&disc, &q[..3], Anchored, false);
    assert!(!v.solved && v.progress < UNSOLVED_MAX + 1e-12);
}

#[test]
fn tombstone_half_disc_on_a_square() {
    // Target: a unit square with a half disc on its top side, as one ring.
    let target = vec![vec![line((0.0, 0.0)), line((1.0, 0.0)), arc((1.0, 1.0), (0.5, 1.0), true), line((0.0, 1.0))]];
    let square = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let cap = vec![arc((1.0, 1.0), (0.5, 1.0), true), line((0.0, 1.0))];
    assert!(judge(&target, &[square.clone(), cap.clone()], Anchored, false).solved);
    let m = Motion { mirror: false, angle: 3.0, shift: pt(0.1, 0.2) };
    assert!(judge(&target, &moved_all(&[square.clone(), cap.clone()], &m), Free, false).solved);
    // The cap put on the wrong side of the square is another figure.
    let under = vec![arc((0.0, 0.0), (0.5, 0.0), true), line((1.0, 0.0))];
    assert!(!judge(&target, &[square, under], Anchored, false).solved);
}

#[test]
fn figures_10_to_12_tangent_discs_split_where_they_touch() {
    // Two discs touching at one point (the paper's figure 10), built from whole discs whose
    // vertices are away from the contact (figure 11): the paper misses the contour here.
    let target = vec![vec![arc((0.0, 1.0), (0.0, 0.0), true)], vec![arc((1.0, 1.0), (2.0, 1.0), false)]];
    let d1 = vec![arc((-1.0, 0.0), (0.0, 0.0), false)];
    let d2 = vec![arc((2.0, 0.0), (2.0, 1.0), true)];
    let v = judge(&target, &[d1.clone(), d2.clone()], Anchored, false);
    assert!(v.solved && v.contours == 2, "{v:?}");
    assert!(!v.overlap);
    // Figure 12: the same figure from pieces with vertices at the contact point.
    let h1 = vec![arc((1.0, 0.0), (0.0, 0.0), true), arc((-1.0, 0.0), (0.0, 0.0), true)];
    let h2 = vec![arc((1.0, 1.0), (2.0, 1.0), true), arc((3.0, 1.0), (2.0, 1.0), true)];
    assert!(judge(&target, &[h1, h2], Anchored, false).solved);
    let m = Motion { mirror: false, angle: 0.4, shift: pt(1.0, 1.0) };
    assert!(judge(&target, &moved_all(&[d1, d2], &m), Free, false).solved);
}

#[test]
fn figures_13_to_15_disc_tangent_to_a_side() {
    // A 2x2 square with a disc of radius 0.5 resting on the middle of its top side.
    let target = vec![poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]), vec![arc((1.0, 3.0), (1.0, 2.5), true)]];
    let square = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    // Figure 14: neither piece has a vertex at the contact.
    let disc = vec![arc((1.5, 2.5), (1.0, 2.5), true)];
    let v = judge(&target, &[square.clone(), disc.clone()], Anchored, false);
    assert!(v.solved && v.contours == 2 && !v.overlap, "{v:?}");
    // Figure 15: both pieces have a vertex there.
    let square_v = poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 2.0), (0.0, 2.0)]);
    let disc_v = vec![arc((1.0, 2.0), (1.0, 2.5), true), arc((1.0, 3.0), (1.0, 2.5), true)];
    assert!(judge(&target, &[square_v, disc_v], Anchored, false).solved);
    // Sunk a little into the square: overlap.
    let sunk = translated(&disc, pt(0.0, -0.1));
    assert!(judge(&target, &[square, sunk], Anchored, false).overlap);
}

#[test]
fn figures_5_to_8_same_circle_arcs() {
    // A disc split into a crescent-free pair: a half-disc and the rest, sharing the arc.
    let disc = vec![vec![arc((1.0, 0.0), (0.0, 0.0), true)]];
    let lower = vec![arc((-1.0, 0.0), (0.0, 0.0), true), line((1.0, 0.0))];
    // The upper half given as two quarter arcs meeting on top (Figure 6/7: shared arcs whose
    // end points differ).
    let upper = vec![arc((1.0, 0.0), (0.0, 0.0), true), arc((0.0, 1.0), (0.0, 0.0), true), line((-1.0, 0.0))];
    assert!(judge(&disc, &[lower, upper], Anchored, false).solved);
}

#[test]
fn progress_climbs_as_pieces_are_placed() {
    let (target, pieces) = tangram_square(0);
    let mut last = 0.0;
    for k in 0..=pieces.len() {
        let v = judge(&target, &pieces[..k], Anchored, false);
        assert!(v.progress >= last - 1e-12, "step {k}: {} < {last}", v.progress);
        assert_eq!(v.solved, k == pieces.len());
        if k < pieces.len() {
            assert!(v.progress < 1.0);
        }
        last = v.progress;
    }
    assert_eq!(last, 1.0);
    // A piece outside the target does not raise it.
    let partial = judge(&target, &pieces[..3], Anchored, false).progress;
    let mut with_stray = pieces[..3].to_vec();
    with_stray.push(translated(&pieces[6], pt(10.0, 0.0)));
    assert!(judge(&target, &with_stray, Anchored, false).progress <= partial);
    // Free mode: the full assembly elsewhere is solved; part of it shows partial progress.
    let m = Motion { mirror: false, angle: 1.0, shift: pt(5.0, 5.0) };
    let v = judge(&target, &moved_all(&pieces[..5], &m), Free, false);
    assert!(!v.solved && v.progress > 0.2 && v.progress < 1.0, "{v:?}");
}

/// A piece and its exact copy, with neighbours running every one of their edges the other way:
/// the neighbours must not hide the copy (the pair running each edge the same way overlaps).
#[test]
fn a_copy_between_neighbours_still_overlaps() {
    let sq = |x: f64, y: f64| poly(&[(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]);
    // A plus sign: the centre square shares each side with an arm.
    let target = vec![sq(1.0, 1.0), sq(0.0, 1.0), sq(2.0, 1.0), sq(1.0, 0.0), sq(1.0, 2.0)];
    let arms = [sq(0.0, 1.0), sq(2.0, 1.0), sq(1.0, 0.0), sq(1.0, 2.0)];
    for copy_at in 0..=arms.len() {
        let mut pieces = vec![sq(1.0, 1.0)];
        pieces.extend(arms.iter().cloned());
        pieces.insert(copy_at, sq(1.0, 1.0));
        let v = judge(&target, &pieces, Anchored, false);
        assert!(v.overlap && !v.solved, "copy at {copy_at}: {v:?}");
    }
}
