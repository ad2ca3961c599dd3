//! Plane geometry for Tessera: points, edges (segments and circular arcs), rings and shapes.
//!
//! Numbers are `f64`. Every comparison goes through one linear tolerance, [`Tol`], derived from
//! the size of the figure being judged (see `ARCHITECTURE.md` for why this is safe on the
//! tangram lattice, and [`exact`] for the exact Z[sqrt2] arithmetic the tests use to prove it).
//! No Bevy here: this module builds and tests without a window.

pub mod edge;
pub mod exact;
pub mod ring;

pub use edge::Edge;
pub use ring::{Part, Ring, RingError, Shape, Vertex};

use std::ops::{Add, Mul, Neg, Sub};

/// A point or vector in the plane.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

/// Shorthand constructor.
pub const fn pt(x: f64, y: f64) -> Pt {
    Pt { x, y }
}

impl Pt {
    pub fn dot(self, o: Pt) -> f64 {
        self.x * o.x + self.y * o.y
    }
    /// z component of the 3D cross product: positive when `o` is counter-clockwise of `self`.
    pub fn cross(self, o: Pt) -> f64 {
        self.x * o.y - self.y * o.x
    }
    pub fn len(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
    pub fn dist(self, o: Pt) -> f64 {
        (self - o).len()
    }
    pub fn unit(self) -> Pt {
        let l = self.len();
        if l == 0.0 {
            self
        } else {
            self * (1.0 / l)
        }
    }
    /// Rotated a quarter turn counter-clockwise.
    pub fn perp(self) -> Pt {
        pt(-self.y, self.x)
    }
    /// Rotated by `angle` radians counter-clockwise about the origin.
    pub fn rotate(self, angle: f64) -> Pt {
        let (s, c) = angle.sin_cos();
        pt(c * self.x - s * self.y, s * self.x + c * self.y)
    }
    pub fn angle(self) -> f64 {
        self.y.atan2(self.x)
    }
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
    pub fn lerp(self, o: Pt, t: f64) -> Pt {
        self + (o - self) * t
    }
}

impl Add for Pt {
    type Output = Pt;
    fn add(self, o: Pt) -> Pt {
        pt(self.x + o.x, self.y + o.y)
    }
}
impl Sub for Pt {
    type Output = Pt;
    fn sub(self, o: Pt) -> Pt {
        pt(self.x - o.x, self.y - o.y)
    }
}
impl Mul<f64> for Pt {
    type Output = Pt;
    fn mul(self, k: f64) -> Pt {
        pt(self.x * k, self.y * k)
    }
}
impl Neg for Pt {
    type Output = Pt;
    fn neg(self) -> Pt {
        pt(-self.x, -self.y)
    }
}

/// The one linear tolerance: two points closer than `eps` are the same point, a point closer
/// than `eps` to an edge lies on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tol {
    pub eps: f64,
}

impl Tol {
    /// Relative size of the tolerance: `eps = REL * max(1, extent)`. Two ten-thousandths of
    /// the figure's size: coordinates typed with four decimals of the pieces' unit (0.7071 for
    /// sqrt2 / 2) are off by 5e-5 units, and the smallest figures are a unit or two across; a
    /// piece 1% of the unit out of place, or a unit-sized piece turned by half a degree, is
    /// out by more than 4e-3 units, beyond it for figures up to 20 units across.
    pub const REL: f64 = 2e-4;
    /// The range an override of [`Tol::REL`] may take (`--tolerance`, `tolerance:` in files).
    pub const REL_RANGE: std::ops::RangeInclusive<f64> = 1e-12..=1e-2;

    /// Checks an override of [`Tol::REL`].
    pub fn check_rel(rel: f64) -> Result<f64, String> {
        if Self::REL_RANGE.contains(&rel) {
            Ok(rel)
        } else {
            Err(format!(
                "tolerance {rel} is not a fraction of the figure's size from {:e} to {:e}",
                Self::REL_RANGE.start(),
                Self::REL_RANGE.end()
            ))
        }
    }

    /// The tolerance for a figure whose largest coordinate extent is `extent`.
    pub fn for_extent(extent: f64) -> Tol {
        Tol { eps: Self::REL * extent.max(1.0) }
    }

    /// The tolerance for a figure of size `size` (its bounding box's larger side) whose
    /// coordinates were written as numbers up to `magnitude`: relative to the size, never to
    /// the position, but never finer than what f64 keeps of numbers that large (64 units in
    /// the last place), so that a figure far from the origin is judged as one near it.
    pub fn for_figure(size: f64, magnitude: f64) -> Tol {
        Tol::for_figure_rel(size, magnitude, Self::REL)
    }

    /// As [`Tol::for_figure`], with `rel` in place of [`Tol::REL`].
    pub fn for_figure_rel(size: f64, magnitude: f64, rel: f64) -> Tol {
        Tol { eps: (rel * size.max(1.0)).max(Self::precision_floor(magnitude)) }
    }

    /// The finest distance worth comparing among numbers up to `magnitude`.
    pub fn precision_floor(magnitude: f64) -> f64 {
        64.0 * f64::EPSILON * magnitude.abs()
    }
}

impl Default for Tol {
    fn default() -> Self {
        Tol { eps: Self::REL }
    }
}

/// Axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BBox {
    pub min: Pt,
    pub max: Pt,
}

impl BBox {
    pub const EMPTY: BBox =
        BBox { min: pt(f64::INFINITY, f64::INFINITY), max: pt(f64::NEG_INFINITY, f64::NEG_INFINITY) };
    pub fn add(&mut self, p: Pt) {
        self.min = pt(self.min.x.min(p.x), self.min.y.min(p.y));
        self.max = pt(self.max.x.max(p.x), self.max.y.max(p.y));
    }
    pub fn union(mut self, o: BBox) -> BBox {
        self.add(o.min);
        self.add(o.max);
        self
    }
    pub fn overlaps(&self, o: &BBox, eps: f64) -> bool {
        self.min.x <= o.max.x + eps
            && o.min.x <= self.max.x + eps
            && self.min.y <= o.max.y + eps
            && o.min.y <= self.max.y + eps
    }
    pub fn contains(&self, p: Pt, eps: f64) -> bool {
        p.x >= self.min.x - eps && p.x <= self.max.x + eps && p.y >= self.min.y - eps && p.y <= self.max.y + eps
    }
    pub fn extent(&self) -> f64 {
        if self.min.x > self.max.x {
            return 0.0;
        }
        [self.min.x.abs(), self.min.y.abs(), self.max.x.abs(), self.max.y.abs()]
            .into_iter()
            .fold(self.max.x - self.min.x, f64::max)
            .max(self.max.y - self.min.y)
    }
    pub fn center(&self) -> Pt {
        (self.min + self.max) * 0.5
    }
    /// The larger side (0 for an empty box).
    pub fn size(&self) -> f64 {
        if self.min.x > self.max.x {
            return 0.0;
        }
        (self.max.x - self.min.x).max(self.max.y - self.min.y)
    }
    /// The largest absolute coordinate (0 for an empty box).
    pub fn magnitude(&self) -> f64 {
        if self.min.x > self.max.x {
            return 0.0;
        }
        [self.min.x, self.min.y, self.max.x, self.max.y].iter().fold(0.0, |m: f64, v| m.max(v.abs()))
    }
    /// The box of the finite points of some rings.
    pub fn of_rings<'a>(rings: impl IntoIterator<Item = &'a Vec<ring::Vertex>>) -> BBox {
        let mut bb = BBox::EMPTY;
        rings.into_iter().flatten().filter(|v| v.at.is_finite()).for_each(|v| bb.add(v.at));
        bb
    }
}

/// Where a file's figure is moved before judging. A figure drawn far from the origin (more
/// than [`FAR`] times its size away) moves to its centre, rounded to whole numbers so that the
/// move is exact in f64, and is then judged as one near the origin; any other stays where it
/// is (the origin is returned).
pub fn origin_of<'a>(rings: impl IntoIterator<Item = &'a Vec<ring::Vertex>>) -> Pt {
    let bb = BBox::of_rings(rings);
    if bb.min.x > bb.max.x || bb.magnitude() <= FAR * bb.size().max(1.0) {
        return pt(0.0, 0.0);
    }
    let c = bb.center();
    pt(c.x.round(), c.y.round())
}

/// How far from the origin, in sizes of the figure, a figure is moved before judging.
pub const FAR: f64 = 1e3;

/// Rings moved by `-origin` (arc centres too).
pub fn shifted(rings: &[Vec<ring::Vertex>], origin: Pt) -> Vec<Vec<ring::Vertex>> {
    rings
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| ring::Vertex {
                    at: v.at - origin,
                    arc: v.arc.map(|a| ring::ArcTo { center: a.center - origin, ccw: a.ccw }),
                })
                .collect()
        })
        .collect()
}

/// A rigid motion, optionally with a mirror: `p -> rotate(mirror(p), angle) + shift`, where
/// mirror negates x.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    pub mirror: bool,
    pub angle: f64,
    pub shift: Pt,
}

impl Motion {
    pub const IDENTITY: Motion = Motion { mirror: false, angle: 0.0, shift: pt(0.0, 0.0) };

    pub fn apply(&self, p: Pt) -> Pt {
        let q = if self.mirror { pt(-p.x, p.y) } else { p };
        q.rotate(self.angle) + self.shift
    }
    /// Applies the motion to a direction (no shift).
    pub fn apply_dir(&self, d: Pt) -> Pt {
        let q = if self.mirror { pt(-d.x, d.y) } else { d };
        q.rotate(self.angle)
    }
}
