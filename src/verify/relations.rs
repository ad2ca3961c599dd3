//! The paper's sixteen relations between two edges of different pieces (Siqueira et al.,
//! section 4.1, after Scarlatos).
//!
//! For edges `a = a1 a2` and `b = b1 b2`, each end point scores 1 when it lies on the other
//! edge; the bits `a1 a2 b1 b2` read as a binary number give the relation 0..=15. Relations are
//! defined for two segments, and for two arcs of one circle with opposite concavity (run in
//! opposite directions about the centre). Each relation belongs to one or more groups:
//! *split* (an edge is cut at the other's end point), *null* (nothing to do) and *eliminate*
//! (the shared part disappears from both).
//!
//! The engine ([`super::overlay`]) does not branch on these numbers: it cuts every edge at
//! every contact, which covers all split relations and also the crossings and tangencies the
//! paper leaves to future work, then eliminates shared pieces. [`apply`] runs that pass on one
//! pair, and the tests check it against the paper's description of every relation.

use super::overlay::edge_pass;
use crate::geom::Edge;

/// The three groups of relations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Split,
    Null,
    Eliminate,
}

/// Relations the paper lists under each group (a relation may be in several: which applies
/// depends on whether the touching end points coincide).
pub const SPLIT: [u8; 6] = [1, 2, 3, 4, 8, 12];
pub const NULL: [u8; 6] = [0, 5, 6, 9, 10, 15];
pub const ELIMINATE: [u8; 9] = [3, 5, 7, 10, 11, 12, 13, 14, 15];

/// The relation number of a pair of edges, or `None` when the pair is outside the paper's
/// cases (a segment with an arc, arcs of different circles, or arcs turning the same way).
pub fn relation(a: &Edge, b: &Edge, eps: f64) -> Option<u8> {
    let analysable = match (*a, *b) {
        (Edge::Seg { .. }, Edge::Seg { .. }) => true,
        (Edge::Arc { ccw: k1, .. }, Edge::Arc { ccw: k2, .. }) => k1 != k2 && a.same_carrier(b, eps),
        _ => false,
    };
    if !analysable {
        return None;
    }
    let bit = |p, e: &Edge| u8::from(e.contains(p, eps));
    Some(bit(a.start(), b) << 3 | bit(a.end(), b) << 2 | bit(b.start(), a) << 1 | bit(b.end(), a))
}

/// The groups a relation number belongs to.
pub fn groups(code: u8) -> Vec<Group> {
    let mut g = Vec::new();
    if SPLIT.contains(&code) {
        g.push(Group::Split);
    }
    if NULL.contains(&code) {
        g.push(Group::Null);
    }
    if ELIMINATE.contains(&code) {
        g.push(Group::Eliminate);
    }
    g
}

/// What is left of `a` and of `b` after cutting each at the other's contacts and eliminating
/// what they share in opposite directions.
pub fn apply(a: &Edge, b: &Edge, eps: f64) -> (Vec<Edge>, Vec<Edge>) {
    let pass = edge_pass(&[(*a, 0), (*b, 1)], eps);
    let left = |owner| pass.boundary().filter(|s| s.owner == owner).map(|s| s.edge).collect();
    (left(0), left(1))
}
