//! The paper's relation tables (seed 000 tables 1 and 2; seed 002 tables 1-3), one test per
//! relation: its number, its groups, and what the engine's edge pass leaves of both edges.

use tessera::geom::{pt, Edge, Pt};
use tessera::verify::relations::{apply, groups, relation, Group, Group::*};

const E: f64 = 1e-9;

fn s(a: (f64, f64), b: (f64, f64)) -> Edge {
    Edge::seg(pt(a.0, a.1), pt(b.0, b.1))
}

fn on_circle(deg: f64) -> Pt {
    let r = deg.to_radians();
    pt(r.cos(), r.sin())
}

/// An arc of the unit circle about the origin between two angles (degrees).
fn arc(from: f64, to: f64, ccw: bool) -> Edge {
    Edge::arc(on_circle(from), on_circle(to), pt(0.0, 0.0), ccw)
}

fn same_edges(actual: &[Edge], expected: &[Edge]) -> bool {
    actual.len() == expected.len()
        && expected.iter().all(|x| {
            actual.iter().any(|y| {
                x.start().dist(y.start()) < 1e-9
                    && x.end().dist(y.end()) < 1e-9
                    && x.is_arc() == y.is_arc()
                    && x.curvature() == y.curvature()
            })
        })
}

/// Checks relation number, groups and the remainders of both edges.
fn case(a: Edge, b: Edge, code: u8, group: &[Group], a_rest: &[Edge], b_rest: &[Edge]) {
    assert_eq!(relation(&a, &b, E), Some(code), "relation of {a:?} / {b:?}");
    assert_eq!(groups(code), group, "groups of relation {code}");
    let (ra, rb) = apply(&a, &b, E);
    assert!(same_edges(&ra, a_rest), "relation {code}: a became {ra:?}, expected {a_rest:?}");
    assert!(same_edges(&rb, b_rest), "relation {code}: b became {rb:?}, expected {b_rest:?}");
}

const A: ((f64, f64), (f64, f64)) = ((0.0, 0.0), (4.0, 0.0));

#[test]
fn relation_0_disjoint() {
    let (a, b) = (s(A.0, A.1), s((6.0, 1.0), (5.0, 1.0)));
    case(a, b, 0, &[Null], &[a], &[b]);
}

#[test]
fn relation_1_b2_splits_a() {
    let (a, b) = (s(A.0, A.1), s((2.0, 3.0), (2.0, 0.0)));
    case(a, b, 1, &[Split], &[s((0.0, 0.0), (2.0, 0.0)), s((2.0, 0.0), (4.0, 0.0))], &[b]);
}

#[test]
fn relation_2_b1_splits_a() {
    let (a, b) = (s(A.0, A.1), s((2.0, 0.0), (2.0, 3.0)));
    case(a, b, 2, &[Split], &[s((0.0, 0.0), (2.0, 0.0)), s((2.0, 0.0), (4.0, 0.0))], &[b]);
}

#[test]
fn relation_3_b_inside_a() {
    let (a, b) = (s(A.0, A.1), s((3.0, 0.0), (1.0, 0.0)));
    case(a, b, 3, &[Split, Eliminate], &[s((0.0, 0.0), (1.0, 0.0)), s((3.0, 0.0), (4.0, 0.0))], &[]);
}

#[test]
fn relation_4_a2_splits_b() {
    let (a, b) = (s(A.0, A.1), s((4.0, -2.0), (4.0, 2.0)));
    case(a, b, 4, &[Split], &[a], &[s((4.0, -2.0), (4.0, 0.0)), s((4.0, 0.0), (4.0, 2.0))]);
}

#[test]
fn relation_5_null_and_eliminate() {
    let a = s(A.0, A.1);
    let touch = s((6.0, 3.0), (4.0, 0.0));
    case(a, touch, 5, &[Null, Eliminate], &[a], &[touch]);
    let shared = s((6.0, 0.0), (2.0, 0.0));
    case(a, shared, 5, &[Null, Eliminate], &[s((0.0, 0.0), (2.0, 0.0))], &[s((6.0, 0.0), (4.0, 0.0))]);
}

#[test]
fn relation_6_touch_at_a2_b1() {
    let (a, b) = (s(A.0, A.1), s((4.0, 0.0), (6.0, 3.0)));
    case(a, b, 6, &[Null], &[a], &[b]);
}

#[test]
fn relation_7_b_inside_a_sharing_a2() {
    let (a, b) = (s(A.0, A.1), s((4.0, 0.0), (2.0, 0.0)));
    case(a, b, 7, &[Eliminate], &[s((0.0, 0.0), (2.0, 0.0))], &[]);
}

#[test]
fn relation_8_a1_splits_b() {
    let (a, b) = (s(A.0, A.1), s((0.0, -2.0), (0.0, 2.0)));
    case(a, b, 8, &[Split], &[a], &[s((0.0, -2.0), (0.0, 0.0)), s((0.0, 0.0), (0.0, 2.0))]);
}

#[test]
fn relation_9_touch_at_a1_b2() {
    let (a, b) = (s(A.0, A.1), s((-3.0, 3.0), (0.0, 0.0)));
    case(a, b, 9, &[Null], &[a], &[b]);
}

#[test]
fn relation_10_null_and_eliminate() {
    let a = s(A.0, A.1);
    let touch = s((0.0, 0.0), (-3.0, 3.0));
    case(a, touch, 10, &[Null, Eliminate], &[a], &[touch]);
    let shared = s((2.0, 0.0), (-2.0, 0.0));
    case(a, shared, 10, &[Null, Eliminate], &[s((2.0, 0.0), (4.0, 0.0))], &[s((0.0, 0.0), (-2.0, 0.0))]);
}

#[test]
fn relation_11_b_inside_a_sharing_a1() {
    let (a, b) = (s(A.0, A.1), s((2.0, 0.0), (0.0, 0.0)));
    case(a, b, 11, &[Eliminate], &[s((2.0, 0.0), (4.0, 0.0))], &[]);
}

#[test]
fn relation_12_a_inside_b() {
    let (a, b) = (s((1.0, 0.0), (3.0, 0.0)), s((4.0, 0.0), (0.0, 0.0)));
    case(a, b, 12, &[Split, Eliminate], &[], &[s((4.0, 0.0), (3.0, 0.0)), s((1.0, 0.0), (0.0, 0.0))]);
}

#[test]
fn relation_13_a_inside_b_sharing_b2() {
    let (a, b) = (s((0.0, 0.0), (2.0, 0.0)), s((4.0, 0.0), (0.0, 0.0)));
    case(a, b, 13, &[Eliminate], &[], &[s((4.0, 0.0), (2.0, 0.0))]);
}

#[test]
fn relation_14_a_inside_b_sharing_b1() {
    let (a, b) = (s((0.0, 0.0), (2.0, 0.0)), s((2.0, 0.0), (-2.0, 0.0)));
    case(a, b, 14, &[Eliminate], &[], &[s((0.0, 0.0), (-2.0, 0.0))]);
}

#[test]
fn relation_15_identical_segments() {
    let (a, b) = (s(A.0, A.1), s(A.1, A.0));
    case(a, b, 15, &[Null, Eliminate], &[], &[]);
}

#[test]
fn same_direction_shared_segment_is_an_overlap_not_a_relation() {
    // Relation 6 with b1 inside a: both run the same way, so the pieces overlap. The paper
    // assumes this never happens; the engine keeps one copy and reports the overlap.
    let (a, b) = (s(A.0, A.1), s((2.0, 0.0), (6.0, 0.0)));
    assert_eq!(relation(&a, &b, E), Some(6));
    let pass = tessera::verify::overlay::edge_pass(&[(a, 0), (b, 1)], E);
    assert_eq!(pass.same_direction.len(), 1);
}

// Table 2: arcs of one circle run in opposite directions (different concavities).

#[test]
fn arc_relation_0_disjoint() {
    let (a, b) = (arc(0.0, 60.0, true), arc(180.0, 120.0, false));
    case(a, b, 0, &[Null], &[a], &[b]);
}

#[test]
fn arc_relation_12_a_inside_b() {
    let (a, b) = (arc(30.0, 60.0, true), arc(90.0, 0.0, false));
    case(a, b, 12, &[Split, Eliminate], &[], &[arc(90.0, 60.0, false), arc(30.0, 0.0, false)]);
}

#[test]
fn arc_relation_15_complete_elimination() {
    let (a, b) = (arc(0.0, 90.0, true), arc(90.0, 0.0, false));
    case(a, b, 15, &[Null, Eliminate], &[], &[]);
}

#[test]
fn arc_relation_15_null_figure_5() {
    // Same end points, complementary arcs: together they close a circle, nothing is shared.
    let (a, b) = (arc(0.0, 90.0, true), arc(0.0, 90.0, false));
    case(a, b, 15, &[Null, Eliminate], &[a], &[b]);
}

#[test]
fn arc_relation_15_figure_6_shared_between_b2_and_a2() {
    let (a, b) = (arc(0.0, 270.0, true), arc(0.0, 180.0, false));
    case(a, b, 15, &[Null, Eliminate], &[arc(0.0, 180.0, true)], &[arc(0.0, 270.0, false)]);
}

#[test]
fn arc_relation_15_figure_7_shared_between_b1_and_a1() {
    let (a, b) = (arc(0.0, 270.0, true), arc(90.0, 270.0, false));
    case(a, b, 15, &[Null, Eliminate], &[arc(90.0, 270.0, true)], &[arc(0.0, 270.0, false)]);
}

#[test]
fn arc_relation_15_figure_8_shared_at_both_ends() {
    let (a, b) = (arc(0.0, 270.0, true), arc(90.0, 180.0, false));
    case(a, b, 15, &[Null, Eliminate], &[arc(90.0, 180.0, true)], &[arc(0.0, 270.0, false)]);
}

#[test]
fn pairs_outside_the_tables() {
    // A segment against an arc, and two arcs turning the same way, have no relation number:
    // the engine still splits them at their contacts (section 5's special cases).
    let seg = s((-2.0, 1.0), (2.0, 1.0));
    let top = arc(0.0, 180.0, true);
    assert_eq!(relation(&seg, &top, E), None);
    let (rs, ra) = apply(&seg, &top, E);
    assert_eq!((rs.len(), ra.len()), (2, 2), "the tangent point at (0, 1) cuts both");
    assert_eq!(relation(&arc(0.0, 90.0, true), &arc(90.0, 180.0, true), E), None);
}
