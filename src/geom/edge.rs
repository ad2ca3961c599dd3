//! Edges: straight segments and circular arcs, with the measurements and intersections the
//! verification engine needs.

use super::{pt, BBox, Motion, Pt};
use std::f64::consts::{PI, TAU};

/// One edge of a ring, directed from `start()` to `end()`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Edge {
    /// Straight segment from `a` to `b`.
    Seg { a: Pt, b: Pt },
    /// Circular arc from `a` to `b` about centre `c`, turning counter-clockwise when `ccw`.
    /// When `a == b` the arc is a full circle.
    Arc { a: Pt, b: Pt, c: Pt, ccw: bool },
}

impl Edge {
    pub fn seg(a: Pt, b: Pt) -> Edge {
        Edge::Seg { a, b }
    }
    pub fn arc(a: Pt, b: Pt, c: Pt, ccw: bool) -> Edge {
        Edge::Arc { a, b, c, ccw }
    }

    pub fn start(&self) -> Pt {
        match *self {
            Edge::Seg { a, .. } | Edge::Arc { a, .. } => a,
        }
    }
    pub fn end(&self) -> Pt {
        match *self {
            Edge::Seg { b, .. } | Edge::Arc { b, .. } => b,
        }
    }
    pub fn is_arc(&self) -> bool {
        matches!(self, Edge::Arc { .. })
    }
    /// Radius of an arc, 0 for a segment.
    pub fn radius(&self) -> f64 {
        match *self {
            Edge::Seg { .. } => 0.0,
            Edge::Arc { a, c, .. } => a.dist(c),
        }
    }
    /// Signed curvature: +1/r for a counter-clockwise arc, -1/r for a clockwise one, 0 straight.
    pub fn curvature(&self) -> f64 {
        match *self {
            Edge::Seg { .. } => 0.0,
            Edge::Arc { ccw, .. } => {
                let k = 1.0 / self.radius();
                if ccw {
                    k
                } else {
                    -k
                }
            }
        }
    }
    /// Angle turned along an arc, in (0, 2pi]; 2pi for a full circle (start == end exactly or
    /// within `eps`). 0 for segments.
    pub fn sweep(&self, eps: f64) -> f64 {
        match *self {
            Edge::Seg { .. } => 0.0,
            Edge::Arc { a, b, c, ccw } => {
                if a.dist(b) <= eps {
                    return TAU;
                }
                let d = (b - c).angle() - (a - c).angle();
                let s = if ccw { d } else { -d };
                let s = s.rem_euclid(TAU);
                if s == 0.0 {
                    TAU
                } else {
                    s
                }
            }
        }
    }
    pub fn length(&self, eps: f64) -> f64 {
        match *self {
            Edge::Seg { a, b } => a.dist(b),
            Edge::Arc { .. } => self.radius() * self.sweep(eps),
        }
    }
    /// Unit tangent at parameter `t` in [0, 1], in the edge's direction.
    pub fn tangent_at(&self, t: f64, eps: f64) -> Pt {
        match *self {
            Edge::Seg { a, b } => (b - a).unit(),
            Edge::Arc { c, ccw, .. } => {
                let r = (self.point_at(t, eps) - c).unit().perp();
                if ccw {
                    r
                } else {
                    -r
                }
            }
        }
    }
    pub fn tangent_start(&self, eps: f64) -> Pt {
        self.tangent_at(0.0, eps)
    }
    pub fn tangent_end(&self, eps: f64) -> Pt {
        self.tangent_at(1.0, eps)
    }
    /// The point at parameter `t` in [0, 1] (by length along the edge). An arc's ends and
    /// middle come without trigonometry (the engine asks for them by the thousand).
    pub fn point_at(&self, t: f64, eps: f64) -> Pt {
        match *self {
            Edge::Seg { a, b } => a.lerp(b, t),
            Edge::Arc { a, .. } if t == 0.0 => a,
            Edge::Arc { b, .. } if t == 1.0 => b,
            Edge::Arc { a, b, c, ccw } if t == 0.5 && a.dist(b) > eps => {
                // Along the bisector of the two radii, on the arc's side of the chord (past
                // the centre for more than half a circle); a half circle is a quarter turn on.
                let (u, v) = (a - c, b - c);
                let short = if ccw { u.cross(v) > 0.0 } else { u.cross(v) < 0.0 };
                let dir = if (u + v).len() <= 1e-9 * u.len() {
                    if ccw {
                        u.perp()
                    } else {
                        -u.perp()
                    }
                } else if short {
                    u + v
                } else {
                    -(u + v)
                };
                c + dir.unit() * u.len()
            }
            Edge::Arc { a, c, ccw, .. } => {
                let s = self.sweep(eps) * t;
                c + (a - c).rotate(if ccw { s } else { -s })
            }
        }
    }
    pub fn midpoint(&self, eps: f64) -> Pt {
        self.point_at(0.5, eps)
    }
    pub fn reversed(&self) -> Edge {
        match *self {
            Edge::Seg { a, b } => Edge::Seg { a: b, b: a },
            Edge::Arc { a, b, c, ccw } => Edge::Arc { a: b, b: a, c, ccw: !ccw },
        }
    }
    pub fn transformed(&self, m: &Motion) -> Edge {
        match *self {
            Edge::Seg { a, b } => Edge::Seg { a: m.apply(a), b: m.apply(b) },
            Edge::Arc { a, b, c, ccw } => {
                Edge::Arc { a: m.apply(a), b: m.apply(b), c: m.apply(c), ccw: ccw != m.mirror }
            }
        }
    }
    /// The same edge with new end points (for arcs: same centre and direction).
    pub fn with_ends(&self, a: Pt, b: Pt) -> Edge {
        match *self {
            Edge::Seg { .. } => Edge::Seg { a, b },
            Edge::Arc { c, ccw, .. } => Edge::Arc { a, b, c, ccw },
        }
    }

    /// This edge's term of the signed area of a closed ring (positive counter-clockwise).
    pub fn area_term(&self, eps: f64) -> f64 {
        let chord = 0.5 * self.start().cross(self.end());
        match *self {
            Edge::Seg { .. } => chord,
            Edge::Arc { ccw, .. } => {
                let r = self.radius();
                let th = self.sweep(eps);
                let seg = 0.5 * r * r * (th - th.sin());
                chord + if ccw { seg } else { -seg }
            }
        }
    }

    /// Whether the direction from an arc's centre to `p` lies within the arc's sweep (ends
    /// included), by cross products alone.
    fn within_sweep(&self, p: Pt, eps: f64) -> bool {
        let Edge::Arc { a, b, c, ccw } = *self else { return false };
        if a.dist(b) <= eps {
            return true; // a full circle
        }
        // Counter-clockwise from `from` to `to`.
        let (from, to) = if ccw { (a - c, b - c) } else { (b - c, a - c) };
        let w = p - c;
        let (after_from, before_to) = (from.cross(w) >= 0.0, w.cross(to) >= 0.0);
        if from.cross(to) > 0.0 {
            // At most half a circle: between the two radii.
            after_from && before_to
        } else if from.cross(to) < 0.0 {
            // More than half: anywhere but strictly inside the gap between the ends.
            after_from || before_to
        } else {
            // Exactly half a circle (or radii the same way, a full circle handled above).
            after_from
        }
    }

    /// Angle, measured from the start in the arc's turning direction, of `p` about the centre,
    /// in [0, 2pi).
    fn arc_param_angle(a: Pt, c: Pt, ccw: bool, p: Pt) -> f64 {
        let d = (p - c).angle() - (a - c).angle();
        let s = if ccw { d } else { -d };
        s.rem_euclid(TAU)
    }

    /// Parameter in [0, 1] of the point of the edge nearest to `p` (clamped).
    pub fn param_of(&self, p: Pt, eps: f64) -> f64 {
        match *self {
            Edge::Seg { a, b } => {
                let d = b - a;
                let l2 = d.dot(d);
                if l2 == 0.0 {
                    0.0
                } else {
                    ((p - a).dot(d) / l2).clamp(0.0, 1.0)
                }
            }
            Edge::Arc { a, c, ccw, .. } => {
                let sw = self.sweep(eps);
                let s = Self::arc_param_angle(a, c, ccw, p);
                if s <= sw {
                    s / sw
                } else if s - sw < TAU - s {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }

    /// Distance from `p` to the edge.
    pub fn distance(&self, p: Pt, eps: f64) -> f64 {
        match *self {
            Edge::Seg { a, b } => seg_dist2(a, b, p).sqrt(),
            Edge::Arc { a, b, c, .. } => {
                if self.within_sweep(p, eps) || p.dist(c) == 0.0 {
                    (p.dist(c) - self.radius()).abs()
                } else {
                    p.dist(a).min(p.dist(b))
                }
            }
        }
    }

    pub fn contains(&self, p: Pt, eps: f64) -> bool {
        match self {
            // Squared distances: no square root in the engine's innermost test.
            // (Off the segment's box is off the segment: four comparisons save a division.)
            Edge::Seg { a, b } => {
                let off = p.x < a.x.min(b.x) - eps
                    || p.x > a.x.max(b.x) + eps
                    || p.y < a.y.min(b.y) - eps
                    || p.y > a.y.max(b.y) + eps;
                !off && seg_dist2(*a, *b, p) <= eps * eps
            }
            // Near an end, or on the circle within the sweep (no bounding box: this is the
            // engine's innermost test).
            Edge::Arc { a, b, c, .. } => {
                let near = |q: Pt| (p - q).dot(p - q) <= eps * eps;
                let (r, w) = (self.radius(), (p - *c).dot(p - *c));
                near(*a)
                    || near(*b)
                    || (w <= (r + eps) * (r + eps) && w >= (r - eps).max(0.0).powi(2) && self.within_sweep(p, eps))
            }
        }
    }

    pub fn bbox(&self, eps: f64) -> BBox {
        let mut bb = BBox::EMPTY;
        bb.add(self.start());
        bb.add(self.end());
        if let Edge::Arc { c, .. } = *self {
            let r = self.radius();
            for q in [pt(r, 0.0), pt(0.0, r), pt(-r, 0.0), pt(0.0, -r)] {
                if self.within_sweep(c + q, eps) {
                    bb.add(c + q);
                }
            }
        }
        bb
    }

    /// Same supporting line or circle (for arcs: same centre and radius, either direction).
    pub fn same_carrier(&self, o: &Edge, eps: f64) -> bool {
        match (*self, *o) {
            (Edge::Seg { a, b }, Edge::Seg { a: c, b: d }) => {
                let l = Edge::line_dist;
                l(a, b, c) <= eps && l(a, b, d) <= eps
            }
            (Edge::Arc { c, .. }, Edge::Arc { c: c2, .. }) => {
                c.dist(c2) <= eps && (self.radius() - o.radius()).abs() <= eps
            }
            _ => false,
        }
    }

    /// Distance from `p` to the infinite line through `a` and `b`.
    fn line_dist(a: Pt, b: Pt, p: Pt) -> f64 {
        let d = b - a;
        let l = d.len();
        if l == 0.0 {
            p.dist(a)
        } else {
            (d.cross(p - a) / l).abs()
        }
    }

    /// Every point where the two edges touch or cross: end points of one lying on the other
    /// (the paper's relations), proper crossings and tangencies (its section-5 special cases).
    /// Points within `eps` of each other are reported once. Callers filter pairs by bounding
    /// box first.
    pub fn contacts(&self, o: &Edge, eps: f64) -> Vec<Pt> {
        let mut out: Vec<Pt> = Vec::new();
        let push = |p: Pt, out: &mut Vec<Pt>| {
            if !out.iter().any(|q| q.dist(p) <= eps) {
                out.push(p);
            }
        };
        if let (Edge::Seg { a, b }, Edge::Seg { a: c, b: d }) = (*self, *o) {
            // Quick rejection: one segment strictly on one side of the other's line.
            let apart = |a: Pt, b: Pt, c: Pt, d: Pt| {
                let u = b - a;
                let l = u.len();
                let (s1, s2) = (u.cross(c - a) / l, u.cross(d - a) / l);
                (s1 > eps && s2 > eps) || (s1 < -eps && s2 < -eps)
            };
            if apart(a, b, c, d) || apart(c, d, a, b) {
                return out;
            }
        }
        // Quick rejection with a circle: a line that passes it by, or two circles apart or one
        // inside the other, cannot come within eps of each other.
        match (*self, *o) {
            (Edge::Seg { a, b }, Edge::Arc { c, .. }) | (Edge::Arc { c, .. }, Edge::Seg { a, b }) => {
                let r = if self.is_arc() { self.radius() } else { o.radius() };
                if Edge::line_dist(a, b, c) > r + eps {
                    return out;
                }
            }
            (Edge::Arc { c, .. }, Edge::Arc { c: c2, .. }) => {
                let (d, r1, r2) = (c.dist(c2), self.radius(), o.radius());
                if d > r1 + r2 + eps || d < (r1 - r2).abs() - eps {
                    return out;
                }
            }
            _ => {}
        }
        for p in [self.start(), self.end()] {
            if o.contains(p, eps) {
                push(p, &mut out);
            }
        }
        for p in [o.start(), o.end()] {
            if self.contains(p, eps) {
                push(p, &mut out);
            }
        }
        if self.same_carrier(o, eps) {
            return out;
        }
        for p in self.carrier_crossings(o, eps) {
            if self.contains(p, eps) && o.contains(p, eps) {
                push(p, &mut out);
            }
        }
        out
    }

    /// Intersections of the two carriers (line or circle), not yet limited to the edges.
    fn carrier_crossings(&self, o: &Edge, eps: f64) -> Vec<Pt> {
        match (*self, *o) {
            (Edge::Seg { a, b }, Edge::Seg { a: c, b: d }) => {
                let r = b - a;
                let s = d - c;
                let den = r.cross(s);
                if den.abs() <= 1e-15 * r.len() * s.len() {
                    return vec![];
                }
                let t = (c - a).cross(s) / den;
                vec![a + r * t]
            }
            (Edge::Seg { a, b }, Edge::Arc { c, .. }) => line_circle(a, b, c, o.radius(), eps),
            (Edge::Arc { c, .. }, Edge::Seg { a, b }) => line_circle(a, b, c, self.radius(), eps),
            (Edge::Arc { c, .. }, Edge::Arc { c: c2, .. }) => circle_circle(c, self.radius(), c2, o.radius(), eps),
        }
    }

    /// The edge cut at the given points (those on it, away from its ends), in order.
    pub fn split_at(&self, points: &[Pt], eps: f64) -> Vec<Edge> {
        let (s, t) = (self.start(), self.end());
        let mut cuts: Vec<(f64, Pt)> = points
            .iter()
            .filter(|p| p.dist(s) > eps && p.dist(t) > eps && self.contains(**p, eps))
            .map(|&p| (self.param_of(p, eps), p))
            .collect();
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        cuts.dedup_by(|a, b| a.1.dist(b.1) <= eps);
        let mut out = Vec::with_capacity(cuts.len() + 1);
        let mut prev = s;
        for &(_, p) in &cuts {
            out.push(self.with_ends(prev, p));
            prev = p;
        }
        out.push(self.with_ends(prev, t));
        out
    }

    /// Winding angle of the edge as seen from `p` (p must not lie on the edge): the total
    /// angle the direction from `p` to a point of the edge turns as that point runs along it.
    pub fn winding_angle(&self, p: Pt, eps: f64) -> f64 {
        let (a, b) = (self.start(), self.end());
        // One number says which side of the chord p is on, for the chord's angle and for the
        // arc's side alike ((a - p) x (b - p) is the same quantity), so the two never disagree.
        let side = (b - a).cross(p - a);
        let chord = side.atan2((a - p).dot(b - p));
        match *self {
            Edge::Seg { .. } => chord,
            Edge::Arc { c, ccw, .. } => {
                // The arc and the chord back from b to a bound a circular segment; the arc
                // adds one full turn (signed by its direction) for points inside that segment.
                let inside_circle = p.dist(c) < self.radius();
                let full = a.dist(b) <= eps;
                if !full && inside_circle && side == 0.0 {
                    // On the chord between the ends (the centre of a half circle): the arc,
                    // which lies right of its chord when counter-clockwise, sweeps half a turn.
                    return if ccw { std::f64::consts::PI } else { -std::f64::consts::PI };
                }
                let on_arc_side = full || if ccw { side < 0.0 } else { side > 0.0 };
                let extra = if inside_circle && on_arc_side { TAU } else { 0.0 };
                chord + if ccw { extra } else { -extra }
            }
        }
    }
}

/// Squared distance from `p` to the segment from `a` to `b`.
fn seg_dist2(a: Pt, b: Pt, p: Pt) -> f64 {
    let (d, w) = (b - a, p - a);
    let l2 = d.dot(d);
    let t = if l2 == 0.0 { 0.0 } else { (w.dot(d) / l2).clamp(0.0, 1.0) };
    let q = w - d * t;
    q.dot(q)
}

fn line_circle(a: Pt, b: Pt, c: Pt, r: f64, eps: f64) -> Vec<Pt> {
    let d = (b - a).unit();
    let foot = a + d * (c - a).dot(d);
    let h = foot.dist(c);
    if (h - r).abs() <= eps {
        return vec![foot];
    }
    if h > r {
        return vec![];
    }
    let k = (r * r - h * h).sqrt();
    vec![foot + d * k, foot - d * k]
}

fn circle_circle(c1: Pt, r1: f64, c2: Pt, r2: f64, eps: f64) -> Vec<Pt> {
    let d = c1.dist(c2);
    if d <= eps {
        return vec![];
    }
    if (d - (r1 + r2)).abs() <= eps || (d - (r1 - r2).abs()).abs() <= eps {
        // Tangent circles: one contact on the line of centres.
        let u = (c2 - c1).unit();
        // Outside each other, or the smaller inside the larger: the contact is on the larger
        // circle's side facing the other centre (for r1 < r2 inside, behind c1).
        let p = if (d - (r1 + r2)).abs() <= eps || r1 >= r2 { c1 + u * r1 } else { c1 - u * r1 };
        return vec![p];
    }
    if d > r1 + r2 || d < (r1 - r2).abs() {
        return vec![];
    }
    let x = (d * d + r1 * r1 - r2 * r2) / (2.0 * d);
    let y = (r1 * r1 - x * x).max(0.0).sqrt();
    let u = (c2 - c1).unit();
    let m = c1 + u * x;
    vec![m + u.perp() * y, m - u.perp() * y]
}

/// The signed turn at a vertex, from edge `e_in` (arriving) to `e_out` (leaving), in
/// [-pi, pi]. Where the tangents are opposite (a cusp: the edge leaves back along the way the
/// other came, as a line touching an arc at its end does), rounding cannot tell the sign, so
/// the curvatures decide: +pi (a horn of angle 0 between the two curves) when the edge leaving
/// bends right of the arriving one run backwards, else -pi (angle 360 degrees).
pub fn corner_turn(e_in: &Edge, e_out: &Edge, eps: f64) -> f64 {
    let t = turn(e_in.tangent_end(eps), e_out.tangent_start(eps));
    if t.abs() < PI - 1e-7 {
        t
    } else if e_in.curvature() + e_out.curvature() < 0.0 {
        PI
    } else {
        -PI
    }
}

/// The signed turn from direction `d_in` to direction `d_out`, in (-pi, pi].
pub fn turn(d_in: Pt, d_out: Pt) -> f64 {
    let t = d_in.cross(d_out).atan2(d_in.dot(d_out));
    if t <= -PI {
        t + TAU
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const E: f64 = 1e-9;

    #[test]
    fn a_cusp_is_signed_by_curvature() {
        // A quarter circle about the origin arrives at (0, 1) heading left; a segment leaves
        // heading right, back along the tangent. Inside the arc (its left) and left of the
        // segment (above it) are on opposite sides: the corner is reflex, 360 degrees.
        let arc = Edge::arc(pt(1.0, 0.0), pt(0.0, 1.0), pt(0.0, 0.0), true);
        let back = Edge::seg(pt(0.0, 1.0), pt(1.0, 1.0));
        assert_eq!(corner_turn(&arc, &back, E), -PI);
        // The same arc run clockwise with the segment leaving the other way: a horn between
        // the two curves, angle 0.
        let cw = Edge::arc(pt(-1.0, 0.0), pt(0.0, 1.0), pt(0.0, 0.0), false);
        let horn = Edge::seg(pt(0.0, 1.0), pt(-1.0, 1.0));
        assert_eq!(corner_turn(&cw, &horn, E), PI);
        // Ordinary corners are plain turns.
        let up = Edge::seg(pt(1.0, 1.0), pt(1.0, 2.0));
        assert!((corner_turn(&back, &up, E) - PI / 2.0).abs() < 1e-12);
    }

    #[test]
    fn within_sweep_and_midpoints_agree_with_angles() {
        for (a, b, ccw) in [
            (pt(1.0, 0.0), pt(0.0, 1.0), true),
            (pt(1.0, 0.0), pt(0.0, 1.0), false),
            (pt(1.0, 0.0), pt(-1.0, 0.0), true),
            (pt(1.0, 0.0), pt(-1.0, 0.0), false),
            (pt(0.6, 0.8), pt(0.6, -0.8), true),
        ] {
            let e = Edge::arc(a, b, pt(0.0, 0.0), ccw);
            let half = e.sweep(E) / 2.0;
            let slow = (a - pt(0.0, 0.0)).rotate(if ccw { half } else { -half });
            assert!(e.midpoint(E).dist(slow) < 1e-12, "{e:?}");
            for k in 0..64 {
                let t = k as f64 / 64.0 * TAU;
                let p = pt(t.cos(), t.sin());
                let s = Edge::arc_param_angle(a, pt(0.0, 0.0), ccw, p);
                if (s - e.sweep(E)).abs() > 1e-9 && s > 1e-9 {
                    assert_eq!(e.within_sweep(p, E), s <= e.sweep(E), "{e:?} at {t}");
                }
            }
        }
    }

    #[test]
    fn arc_measures() {
        let half = Edge::arc(pt(1.0, 0.0), pt(-1.0, 0.0), pt(0.0, 0.0), true);
        assert!((half.sweep(E) - PI).abs() < 1e-12);
        assert!((half.length(E) - PI).abs() < 1e-12);
        assert!(half.midpoint(E).dist(pt(0.0, 1.0)) < 1e-12);
        assert!((half.area_term(E) - PI / 2.0).abs() < 1e-12);
        let cw = half.reversed();
        assert!(cw.midpoint(E).dist(pt(0.0, 1.0)) < 1e-12);
        assert!((cw.area_term(E) + PI / 2.0).abs() < 1e-12);
        let full = Edge::arc(pt(2.0, 0.0), pt(2.0, 0.0), pt(1.0, 0.0), true);
        assert!((full.area_term(E) - PI).abs() < 1e-12);
        let bb = half.bbox(E);
        assert!((bb.max.y - 1.0).abs() < 1e-12 && bb.min.y.abs() < 1e-12);
    }

    #[test]
    fn contacts_cover_crossings_touches_and_tangency() {
        let s1 = Edge::seg(pt(0.0, 0.0), pt(2.0, 2.0));
        let s2 = Edge::seg(pt(0.0, 2.0), pt(2.0, 0.0));
        let c = s1.contacts(&s2, E);
        assert_eq!(c.len(), 1);
        assert!(c[0].dist(pt(1.0, 1.0)) < 1e-12);
        // T junction
        let t = Edge::seg(pt(1.0, 1.0), pt(1.0, 5.0));
        assert_eq!(s2.contacts(&t, E).len(), 1);
        // disjoint
        assert!(Edge::seg(pt(5.0, 5.0), pt(6.0, 5.0)).contacts(&s1, E).is_empty());
        // arc tangent to a segment
        let circle = Edge::arc(pt(2.0, 1.0), pt(2.0, 1.0), pt(1.0, 1.0), true);
        let floor = Edge::seg(pt(-3.0, 0.0), pt(3.0, 0.0));
        let c = circle.contacts(&floor, E);
        assert_eq!(c.len(), 1);
        assert!(c[0].dist(pt(1.0, 0.0)) < 1e-12);
        // two tangent circles
        let other = Edge::arc(pt(4.0, 1.0), pt(4.0, 1.0), pt(3.0, 1.0), false);
        let c = circle.contacts(&other, E);
        assert_eq!(c.len(), 1);
        assert!(c[0].dist(pt(2.0, 1.0)) < 1e-12);
    }

    #[test]
    fn winding_of_a_disc_and_a_half_disc() {
        let full = Edge::arc(pt(1.0, 0.0), pt(1.0, 0.0), pt(0.0, 0.0), true);
        assert!((full.winding_angle(pt(0.2, 0.1), E) - TAU).abs() < 1e-9);
        assert!(full.winding_angle(pt(3.0, 0.1), E).abs() < 1e-9);
        let arc = Edge::arc(pt(1.0, 0.0), pt(-1.0, 0.0), pt(0.0, 0.0), true);
        let back = Edge::seg(pt(-1.0, 0.0), pt(1.0, 0.0));
        let w = |p| arc.winding_angle(p, E) + back.winding_angle(p, E);
        assert!((w(pt(0.0, 0.5)) - TAU).abs() < 1e-9);
        assert!(w(pt(0.0, -0.5)).abs() < 1e-9);
        assert!(w(pt(0.0, 1.5)).abs() < 1e-9);
    }
}
