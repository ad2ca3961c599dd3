//! The three curved sets: the Egg of Columbus, the Broken Heart and a circle tangram.
//!
//! Each is written as its construction: the figure the pieces are cut from (centres, radii,
//! cut lines), so every coordinate is exact up to f64 rounding of `sqrt(2)`. Each function
//! also returns the home figure (the whole egg, heart or disc) with the placement of every
//! piece in it, which is how the tests know the pieces fit together. `levels/README.md`
//! draws the same constructions in words.
//!
//! Local coordinates: a piece is written where it lies in the home figure, moved so its first
//! vertex is the origin (placements put it back).

use super::{move_ring, PieceDef, PieceSet, Placement};
use crate::geom::ring::ArcTo;
use crate::geom::{pt, Motion, Pt, Vertex};
use std::f64::consts::SQRT_2;

/// One step of a ring: a straight edge or an arc about `c` to the next vertex.
#[derive(Clone, Copy)]
enum Step {
    Line(Pt),
    /// Counter-clockwise arc about the centre.
    Ccw(Pt, Pt),
    /// Clockwise arc about the centre.
    Cw(Pt, Pt),
}

fn ring(steps: &[Step]) -> Vec<Vertex> {
    steps
        .iter()
        .map(|s| match *s {
            Step::Line(at) => Vertex::from(at),
            Step::Ccw(at, center) => Vertex { at, arc: Some(ArcTo { center, ccw: true }) },
            Step::Cw(at, center) => Vertex { at, arc: Some(ArcTo { center, ccw: false }) },
        })
        .collect()
}

/// A set built from pieces drawn in place: each piece is moved so its first vertex is the
/// origin, and the home figure's solution puts it back. A piece congruent to an earlier one
/// (turned in the set's steps or mirrored) takes that piece's outline, so the solver knows
/// them for the same shape.
pub struct Built {
    pub set: PieceSet,
    /// The home figure (one ring).
    pub home: Vec<Vertex>,
    /// Where each piece lies in the home figure.
    pub solution: Vec<Placement>,
}

fn build(name: &str, home: &[Step], pieces: &[(&str, Vec<Step>)]) -> Built {
    let mut defs: Vec<PieceDef> = Vec::new();
    let mut solution = Vec::new();
    for (i, (piece, steps)) in pieces.iter().enumerate() {
        let world = ring(steps);
        let earlier = defs.iter().find_map(|d: &PieceDef| {
            (0..8).flat_map(|rot| [(rot, false), (rot, true)]).find_map(|(rot, flip)| {
                let m = Motion { mirror: flip, angle: rot as f64 * std::f64::consts::FRAC_PI_4, shift: pt(0.0, 0.0) };
                let shift = translation(&move_ring(&d.rings[0], &m), &world)?;
                Some((d.rings[0].clone(), Placement { piece: i, rot, flip, at: (shift.x, shift.y) }))
            })
        });
        let (local, place) = earlier.unwrap_or_else(|| {
            let o = world[0].at;
            let local = world
                .iter()
                .map(|v| Vertex { at: v.at - o, arc: v.arc.map(|a| ArcTo { center: a.center - o, ..a }) })
                .collect();
            (local, Placement { piece: i, rot: 0, flip: false, at: (o.x, o.y) })
        });
        defs.push(PieceDef { name: (*piece).into(), rings: vec![local] });
        solution.push(place);
    }
    Built { set: PieceSet { name: name.into(), pieces: defs, step_deg: 45.0 }, home: ring(home), solution }
}

/// The translation carrying ring `a` onto ring `b` when they are the same outline (the same
/// edges, straight or about the same centres, in either direction), else `None`.
fn translation(a: &[Vertex], b: &[Vertex]) -> Option<Pt> {
    // Each edge as its two ends in order and its arc centre (far away for a straight edge).
    let keys = |r: &[Vertex], d: Pt| {
        let mut k: Vec<[f64; 6]> = (0..r.len())
            .map(|i| {
                let (p, q) = (r[i].at + d, r[(i + 1) % r.len()].at + d);
                let (p, q) = if (p.x, p.y) <= (q.x, q.y) { (p, q) } else { (q, p) };
                let c = r[i].arc.map_or(pt(1e9, 1e9), |arc| arc.center + d);
                [p.x, p.y, q.x, q.y, c.x, c.y]
            })
            .collect();
        k.sort_by(|x, y| x.partial_cmp(y).unwrap());
        k
    };
    let lowest = |r: &[Vertex]| r.iter().map(|v| v.at).min_by(|p, q| (p.x, p.y).partial_cmp(&(q.x, q.y)).unwrap());
    if a.len() != b.len() {
        return None;
    }
    let d = lowest(b)? - lowest(a)?;
    let same =
        keys(a, d).iter().zip(keys(b, pt(0.0, 0.0))).all(|(x, y)| x.iter().zip(y).all(|(u, v)| (u - v).abs() < 1e-9));
    same.then_some(d)
}

/// The Egg of Columbus (9 pieces; Richter's Anker puzzle of 1893), with the base circle's
/// radius 1. Construction (Moss's egg): circle of radius 1 about O = (0, 0), diameter A B on
/// the x axis, top C = (0, 1), bottom D = (0, -1). Arcs of radius 2 about A from B up to E on
/// line A C, and about B from F on line B C down to A; the cap is the quarter circle about C
/// of radius 2 - sqrt 2 from E to F, so the outline is smooth everywhere. Inside the lower half,
/// the circle of the same radius 2 - sqrt 2 tangent to the base circle at D (centre
/// H = (0, 1 - sqrt 2)) meets A B at I and J = (+-(sqrt 2 - 1), 0), and H I, H J are at right
/// angles. Cuts: A B, C E, C F (the lines A C and B C), H I, H J, H D and that small circle.
pub fn egg() -> Built {
    use Step::*;
    let s = SQRT_2;
    let r = 2.0 - s;
    let (o, a, b, c, d) = (pt(0.0, 0.0), pt(-1.0, 0.0), pt(1.0, 0.0), pt(0.0, 1.0), pt(0.0, -1.0));
    let (e, f) = (pt(s - 1.0, s), pt(1.0 - s, s));
    let (h, i, j) = (pt(0.0, 1.0 - s), pt(1.0 - s, 0.0), pt(s - 1.0, 0.0));
    debug_assert!(((e - c).len() - r).abs() < 1e-12 && ((i - h).len() - r).abs() < 1e-12);
    build(
        "egg",
        &[Ccw(d, o), Ccw(b, a), Ccw(e, c), Ccw(f, b), Ccw(a, o)],
        &[
            ("large triangle", vec![Line(a), Line(b), Line(c)]),
            ("right wing", vec![Ccw(b, a), Line(e), Line(c)]),
            ("left wing", vec![Line(a), Line(c), Ccw(f, b)]),
            ("cap", vec![Line(c), Ccw(e, c), Line(f)]),
            ("right crescent", vec![Ccw(d, o), Line(b), Cw(j, h)]),
            ("left crescent", vec![Ccw(a, o), Cw(d, h), Line(i)]),
            ("right sector", vec![Line(h), Ccw(d, h), Line(j)]),
            ("left sector", vec![Line(h), Ccw(i, h), Line(d)]),
            ("small triangle", vec![Line(i), Line(h), Line(j)]),
        ],
    )
}

/// The Broken Heart (9 pieces: five circular sectors and four right isosceles triangles), with
/// the square's side 2. Construction: a square of side 2 standing on its corner
/// (bottom (0, 0), right (sqrt 2, sqrt 2), top (0, 2 sqrt 2), left (-sqrt 2, sqrt 2), centre Q)
/// with a half disc of radius 1 on each upper side (centres at those sides' midpoints). The
/// right half disc is cut into a quarter and two eighths, the left one into two quarters (cuts
/// along radii at 45-degree steps); the square into the upper half triangle, the lower right
/// quarter triangle and two triangles with legs 1 (the lower left quarter cut from Q to the
/// midpoint of its side). The split of the square is Tessera's own.
pub fn heart() -> Built {
    use Step::*;
    let s = SQRT_2;
    let h = s / 2.0;
    let (bot, rt, top, lt, q) = (pt(0.0, 0.0), pt(s, s), pt(0.0, 2.0 * s), pt(-s, s), pt(0.0, s));
    let (mr, ml, m) = (pt(h, 3.0 * h), pt(-h, 3.0 * h), pt(-h, h));
    let (r45, r90, l135) = (pt(s, 2.0 * s), pt(h, 3.0 * h + 1.0), pt(-s, 2.0 * s));
    build(
        "heart",
        &[Line(bot), Ccw(rt, mr), Ccw(top, ml), Line(lt)],
        &[
            ("large triangle", vec![Line(lt), Line(rt), Line(top)]),
            ("medium triangle", vec![Line(bot), Line(rt), Line(q)]),
            ("small triangle", vec![Line(lt), Line(m), Line(q)]),
            ("small triangle", vec![Line(m), Line(bot), Line(q)]),
            ("quarter", vec![Line(mr), Ccw(rt, mr), Line(r45)]),
            ("eighth", vec![Line(mr), Ccw(r45, mr), Line(r90)]),
            ("eighth", vec![Line(mr), Ccw(r90, mr), Line(top)]),
            ("quarter", vec![Line(ml), Ccw(top, ml), Line(l135)]),
            ("quarter", vec![Line(ml), Ccw(l135, ml), Line(lt)]),
        ],
    )
}

/// A circle tangram (10 pieces), radius 2. Construction: the square inscribed in the circle
/// (corners (+-sqrt 2, +-sqrt 2)) leaves four segments; the left and right ones are halved along
/// the x axis. The square is cut along its rising diagonal; the lower half stays one large
/// triangle, the upper half is cut like the tangram's: a square of side sqrt 2 in its right
/// angle and two small triangles. The set is Tessera's own.
pub fn circle() -> Built {
    use Step::*;
    let s = SQRT_2;
    let o = pt(0.0, 0.0);
    let (ne, nw, sw, se) = (pt(s, s), pt(-s, s), pt(-s, -s), pt(s, -s));
    let (e, w, x, y, n) = (pt(2.0, 0.0), pt(-2.0, 0.0), pt(s, 0.0), pt(-s, 0.0), pt(0.0, s));
    build(
        "circle",
        &[Ccw(e, o), Ccw(w, o)],
        &[
            ("large triangle", vec![Line(sw), Line(se), Line(ne)]),
            ("square", vec![Line(y), Line(o), Line(n), Line(nw)]),
            ("small triangle", vec![Line(sw), Line(o), Line(y)]),
            ("small triangle", vec![Line(o), Line(ne), Line(n)]),
            ("segment", vec![Line(nw), Ccw(ne, o)]),
            ("segment", vec![Ccw(sw, o), Line(se)]),
            ("half segment", vec![Line(x), Ccw(e, o), Line(ne)]),
            ("half segment", vec![Ccw(se, o), Line(e), Line(x)]),
            ("half segment", vec![Ccw(nw, o), Line(w), Line(y)]),
            ("half segment", vec![Ccw(w, o), Line(sw), Line(y)]),
        ],
    )
}

/// A curved set by name.
pub fn by_name(name: &str) -> Option<Built> {
    match name {
        "egg" => Some(egg()),
        "heart" => Some(heart()),
        "circle" => Some(circle()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Mode, Piece, Puzzle, Target};

    #[test]
    fn each_set_fills_its_home_figure_exactly() {
        for name in ["egg", "heart", "circle"] {
            let b = by_name(name).unwrap();
            let target = Target::from_vertices(std::slice::from_ref(&b.home)).unwrap();
            let tol = target.tol;
            let pieces: Vec<Piece> = b
                .solution
                .iter()
                .map(|p| Piece::from_vertices(&p.apply(&b.set.pieces[p.piece], b.set.step()), tol, p.piece).unwrap())
                .collect();
            let v = Puzzle::new(target, Mode::Anchored, false).judge(&pieces);
            assert!(v.solved && !v.overlap, "{name}: {v:?}");
            let area: f64 = b.set.pieces.iter().map(super::super::piece_area).sum();
            let home = crate::geom::Ring::new(&b.home, tol).unwrap().signed_area(tol.eps).abs();
            assert!((area - home).abs() < 1e-9, "{name}: pieces {area} vs figure {home}");
        }
    }

    #[test]
    fn the_solver_fills_each_home_figure_as_drawn_and_turned() {
        use crate::solve::geometric::{solve, Options};
        for name in ["egg", "heart", "circle"] {
            let b = by_name(name).unwrap();
            for angle in [0.0, 0.3] {
                let m = crate::geom::Motion { mirror: false, angle, shift: pt(5.0, -2.0) };
                let home = super::super::move_ring(&b.home, &m);
                let opts =
                    Options { limit: 1, budget: crate::support::budget::Budget::nodes(200_000), ..Options::default() };
                let out = solve(&b.set, std::slice::from_ref(&home), &opts).unwrap();
                assert!(!out.solutions.is_empty(), "{name} at {angle}: {} nodes", out.nodes);
                // The solution verifies against the figure.
                let target = Target::from_vertices(std::slice::from_ref(&home)).unwrap();
                let pieces: Vec<Piece> = out.solutions[0]
                    .iter()
                    .map(|p| Piece::from_vertices(&out.world(&b.set, p), target.tol, p.piece).unwrap())
                    .collect();
                let v = Puzzle::new(target, Mode::Anchored, false).judge(&pieces);
                assert!(v.solved, "{name} at {angle}: {v:?}");
            }
        }
    }

    #[test]
    fn every_piece_is_picked_up_inside_and_straight_ones_by_their_centroid() {
        use crate::geom::{Ring, Tol};
        for name in super::super::BUILTIN {
            let set = PieceSet::builtin(name).unwrap();
            for def in &set.pieces {
                let p = super::super::inner_point(&def.rings[0]);
                let r = Ring::new(&def.rings[0], Tol::default()).unwrap();
                assert!(r.winding(p, 1e-9) != 0 && !r.on_boundary(p, 1e-3), "{name}/{}: {p:?}", def.name);
                if def.rings[0].iter().all(|v| v.arc.is_none()) && name != "pentominoes" {
                    assert_eq!(p, super::super::ring_centroid(&def.rings[0]), "{name}/{}", def.name);
                }
            }
        }
    }

    #[test]
    fn congruent_pieces_share_one_outline() {
        let same = |name: &str, ids: &[usize]| {
            let b = by_name(name).unwrap();
            ids.iter().all(|&i| b.set.pieces[i].rings == b.set.pieces[ids[0]].rings)
        };
        assert!(same("egg", &[1, 2]) && same("egg", &[4, 5]) && same("egg", &[6, 7]), "mirror pairs");
        assert!(same("heart", &[2, 3]) && same("heart", &[4, 7, 8]) && same("heart", &[5, 6]));
        assert!(same("circle", &[2, 3]) && same("circle", &[4, 5]) && same("circle", &[6, 7, 8, 9]));
        assert!(!same("heart", &[4, 5]) && !same("egg", &[0, 8]));
    }
}
