//! Exact numbers of the tangram lattice: `(a + b*sqrt2) / 2^k` with integer `a`, `b`.
//!
//! Every vertex of a tangram-family figure (pieces with sides 1 and sqrt2, rotated in 45-degree
//! steps, placed edge to edge) has coordinates of this form. The engine itself computes in
//! `f64`; this type lets tests build such figures exactly, compare exactly, and prove that
//! the engine's tolerance can never merge two different lattice points (see `ARCHITECTURE.md`).

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

/// `(a + b*sqrt2) / 2^k`, kept reduced (a and b not both even unless k == 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lat {
    pub a: i64,
    pub b: i64,
    pub k: u32,
}

impl Lat {
    pub const ZERO: Lat = Lat { a: 0, b: 0, k: 0 };
    pub const ONE: Lat = Lat { a: 1, b: 0, k: 0 };
    pub const SQRT2: Lat = Lat { a: 0, b: 1, k: 0 };
    /// sqrt2 / 2 = 1 / sqrt2, the cosine of 45 degrees.
    pub const HALF_SQRT2: Lat = Lat { a: 0, b: 1, k: 1 };

    pub fn new(a: i64, b: i64, k: u32) -> Lat {
        Lat { a, b, k }.reduced()
    }
    pub fn int(a: i64) -> Lat {
        Lat { a, b: 0, k: 0 }
    }

    fn reduced(mut self) -> Lat {
        while self.k > 0 && self.a % 2 == 0 && self.b % 2 == 0 {
            self.a /= 2;
            self.b /= 2;
            self.k -= 1;
        }
        if self.a == 0 && self.b == 0 {
            self.k = 0;
        }
        self
    }

    fn scaled_to(self, k: u32) -> (i64, i64) {
        let f = 1i64 << (k - self.k);
        (self.a * f, self.b * f)
    }

    /// Exact sign: -1, 0 or 1.
    pub fn signum(self) -> i32 {
        let (a, b) = (self.a as i128, self.b as i128);
        let s = |x: i128| x.signum() as i32;
        if a >= 0 && b >= 0 || a <= 0 && b <= 0 {
            return if a != 0 { s(a) } else { s(b) };
        }
        // Opposite signs: compare a^2 with 2 b^2.
        match (a * a).cmp(&(2 * b * b)) {
            Ordering::Greater => s(a),
            Ordering::Less => s(b),
            Ordering::Equal => 0,
        }
    }

    pub fn abs(self) -> Lat {
        if self.signum() < 0 {
            -self
        } else {
            self
        }
    }

    pub fn to_f64(self) -> f64 {
        (self.a as f64 + self.b as f64 * std::f64::consts::SQRT_2) / (1u64 << self.k) as f64
    }

    /// A lower bound on |x| for x != 0 that holds for every x whose `a`, `b` are at most
    /// `c` in absolute value and whose `k` is at most `k`: since |a + b sqrt2| * |a - b sqrt2|
    /// = |a^2 - 2 b^2| >= 1, |x| >= 1 / (2^k * c * (1 + sqrt2)).
    pub fn separation_bound(c: i64, k: u32) -> f64 {
        1.0 / ((1u64 << k) as f64 * c.max(1) as f64 * (1.0 + std::f64::consts::SQRT_2))
    }
}

impl Add for Lat {
    type Output = Lat;
    fn add(self, o: Lat) -> Lat {
        let k = self.k.max(o.k);
        let (a1, b1) = self.scaled_to(k);
        let (a2, b2) = o.scaled_to(k);
        Lat::new(a1 + a2, b1 + b2, k)
    }
}
impl Neg for Lat {
    type Output = Lat;
    fn neg(self) -> Lat {
        Lat { a: -self.a, b: -self.b, k: self.k }
    }
}
impl Sub for Lat {
    type Output = Lat;
    fn sub(self, o: Lat) -> Lat {
        self + (-o)
    }
}
impl Mul for Lat {
    type Output = Lat;
    fn mul(self, o: Lat) -> Lat {
        // (a + b r)(c + d r) = ac + 2bd + (ad + bc) r
        Lat::new(self.a * o.a + 2 * self.b * o.b, self.a * o.b + self.b * o.a, self.k + o.k)
    }
}
impl PartialOrd for Lat {
    fn partial_cmp(&self, o: &Lat) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Lat {
    fn cmp(&self, o: &Lat) -> Ordering {
        (*self - *o).signum().cmp(&0)
    }
}

impl Add for LatPt {
    type Output = LatPt;
    fn add(self, o: LatPt) -> LatPt {
        LatPt { x: self.x + o.x, y: self.y + o.y }
    }
}

/// An exact lattice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LatPt {
    pub x: Lat,
    pub y: Lat,
}

impl LatPt {
    pub fn new(x: Lat, y: Lat) -> LatPt {
        LatPt { x, y }
    }
    pub fn ints(x: i64, y: i64) -> LatPt {
        LatPt { x: Lat::int(x), y: Lat::int(y) }
    }
    /// Rotated by `steps` * 45 degrees counter-clockwise about the origin.
    pub fn rot45(self, steps: i32) -> LatPt {
        let mut p = self;
        for _ in 0..steps.rem_euclid(8) {
            let h = Lat::HALF_SQRT2;
            p = LatPt { x: (p.x - p.y) * h, y: (p.x + p.y) * h };
        }
        p
    }
    pub fn to_pt(self) -> super::Pt {
        super::pt(self.x.to_f64(), self.y.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_exact_sign() {
        let r = Lat::SQRT2;
        assert_eq!(r * r, Lat::int(2));
        assert_eq!(Lat::HALF_SQRT2 * Lat::HALF_SQRT2, Lat::new(1, 0, 1));
        // 99 - 70 sqrt2 is about 0.00505: positive, and tiny.
        let x = Lat::new(99, -70, 0);
        assert_eq!(x.signum(), 1);
        assert!((x.to_f64() - 0.005050633883346).abs() < 1e-12);
        assert!(x.to_f64() >= Lat::separation_bound(99, 0));
        assert_eq!(Lat::new(-99, 70, 0).signum(), -1);
        assert_eq!((x - x).signum(), 0);
        assert!(Lat::int(1) < Lat::SQRT2);
    }

    #[test]
    fn eight_45_degree_turns_come_back() {
        let p = LatPt::ints(3, -2);
        assert_eq!(p.rot45(8), p);
        let q = p.rot45(2);
        assert_eq!(q, LatPt::ints(2, 3));
        let d = p.rot45(1).to_pt();
        let e = p.to_pt().rotate(std::f64::consts::FRAC_PI_4);
        assert!(d.dist(e) < 1e-12);
    }
}
