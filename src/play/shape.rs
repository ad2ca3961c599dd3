//! A piece as the hand holds it: its drawing, and what a placement makes of it (its rings on
//! the board, its turning point, a turn about that point, whether a point lies on it).

use crate::geom::{pt, BBox, Motion, Pt, Tol, Vertex};
use crate::pieces::{ring_centroid, Placement};

/// A piece's drawing in its own frame.
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    pub rings: &'a [Vec<Vertex>],
    /// The point a rigid piece turns about (in its own frame).
    pub centroid: Pt,
    /// A polycube piece's drawing under each of its 24 rotations (`Placement::rot` picks one);
    /// empty for a rigid piece, which turns and mirrors by its motion.
    pub turns: &'a [Vec<Vec<Vertex>>],
}

impl<'a> Shape<'a> {
    /// Redrawn for each rotation (a polycube piece), rather than turned.
    pub fn redrawn(&self) -> bool {
        !self.turns.is_empty()
    }

    /// The rings in the piece's own frame: a polycube piece's drawing for its rotation.
    pub fn local(&self, p: &Placement) -> &'a [Vec<Vertex>] {
        match self.turns.len() {
            0 => self.rings,
            n => &self.turns[p.rot.rem_euclid(n as i32) as usize],
        }
    }

    /// Own frame to board: a rigid piece turns and mirrors; a polycube piece only moves.
    pub fn motion(&self, p: &Placement, step: f64) -> Motion {
        p.world_motion(step, self.redrawn())
    }

    /// The rings on the board.
    pub fn world(&self, p: &Placement, step: f64) -> Vec<Vec<Vertex>> {
        let m = self.motion(p, step);
        self.local(p).iter().map(|r| crate::pieces::move_ring(r, &m)).collect()
    }

    /// The turning point on the board (for a polycube piece, the mean of its squares' centres).
    pub fn centre(&self, p: &Placement, step: f64) -> Pt {
        let c = if self.redrawn() {
            let rings = self.local(p);
            rings.iter().fold(pt(0.0, 0.0), |s, r| s + ring_centroid(r)) * (1.0 / rings.len().max(1) as f64)
        } else {
            self.centroid
        };
        self.motion(p, step).apply(c)
    }

    /// The placement turned `d_rot` steps, then (with `flip`) mirrored left to right as the
    /// player sees it, both about the turning point. A polycube piece turns in space instead:
    /// `d_rot` quarter turns about the axis out of the screen, and `flip` tips it a quarter turn
    /// about the horizontal axis; it then lands on whole cells.
    pub fn turned(&self, p: &Placement, step: f64, d_rot: i32, flip: bool) -> Placement {
        self.recentred(p, step, |p| {
            if self.redrawn() {
                use crate::polyform::place::turn;
                p.rot = turn(turn(p.rot, 2, d_rot), 0, i32::from(flip));
            } else {
                let steps = (std::f64::consts::TAU / step).round() as i32;
                p.rot = (p.rot + d_rot).rem_euclid(steps);
                // A placement mirrors in the piece's own frame, then turns. Mirroring on the
                // screen after a turn by r is the piece's own mirror followed by a turn by -r.
                if flip {
                    p.flip = !p.flip;
                    p.rot = (-p.rot).rem_euclid(steps);
                }
            }
        })
    }

    /// A polycube piece turned `quarter` quarter turns about board axis `axis` (0 = x, 1 = y,
    /// 2 = z), about its turning point as drawn (for pieces in the tray;
    /// [`crate::polyform::space`] turns those in the box).
    pub fn spun(&self, p: &Placement, step: f64, axis: usize, quarter: i32) -> Placement {
        self.recentred(p, step, |p| p.rot = crate::polyform::place::turn(p.rot, axis, quarter))
    }

    /// The placement changed by `change`, moved so its turning point stays put (a polycube
    /// piece then lands on whole cells).
    fn recentred(&self, p: &Placement, step: f64, change: impl FnOnce(&mut Placement)) -> Placement {
        let c = self.centre(p, step);
        let mut out = *p;
        change(&mut out);
        let d = c - self.centre(&out, step);
        out.at = (out.at.0 + d.x, out.at.1 + d.y);
        if self.redrawn() {
            out.at = (out.at.0.round(), out.at.1.round());
        }
        out
    }

    /// Whether a board point lies on the piece (a polycube piece: on one of its squares).
    pub fn contains(&self, p: &Placement, step: f64, tol: Tol, q: Pt) -> bool {
        if self.redrawn() {
            return self.world(p, step).iter().any(|square| bbox_of(std::slice::from_ref(square)).contains(q, 0.0));
        }
        self.judged(p, step, tol)
            .is_some_and(|jp| jp.parts.iter().any(|part| part.side(q, tol.eps) != crate::geom::ring::Side::Outside))
    }

    /// The piece as the verification engine sees it.
    pub fn judged(&self, p: &Placement, step: f64, tol: Tol) -> Option<crate::verify::Piece> {
        crate::verify::Piece::from_vertices(&self.world(p, step), tol, p.piece).ok()
    }

    /// The piece's box on the board.
    pub fn bbox(&self, p: &Placement, step: f64) -> BBox {
        bbox_of(&self.world(p, step))
    }
}

/// The rings' bounding box (an arc adds only the part of its circle it sweeps).
pub fn bbox_of(rings: &[Vec<Vertex>]) -> BBox {
    rings.iter().flat_map(|r| crate::geom::ring::ring_edges(r)).fold(BBox::EMPTY, |b, e| b.union(e.bbox(1e-9)))
}
