//! The algebraic representation of a puzzle (edge-matching paper, Kovalsky, Glasner and
//! Basri, section 4, with section 6.2's path integrals), written once for both of its
//! algorithms: the iterated LP over preset locations ([`crate::tiles::lp`]) and the rank-one
//! SDP that needs none ([`crate::solve::sdp`]).
//!
//! A side is a straight path with a type: its colour and the axis of its outward normal (a
//! dissection has one colour, so a type is a normal direction modulo a half turn), and a sign
//! (+1 facing one way along the axis, -1 facing back). Once a puzzle is solved, every side
//! inside the figure meets sides of its type facing back along the same stretch, and what is
//! left over is the figure's own boundary. So for every type and every function f,
//!
//!   sum over the pieces' sides of  sign * integral of f(t_i + z) along the side
//!     = sum over the figure's sides of  sign * integral of f(z) along the side,
//!
//! t_i being piece i's translation. With f(u) = exp(k . u) for a multi-index k, the piece's
//! term is exp(k . t_i) times a number that depends on the piece alone ([`moment`]): the
//! equations are linear in the monomials m_i(k) = exp(k . t_i). The multi-index k = 0 is left
//! out: it says nothing about where the pieces are.

/// A multi-index: f(u) = exp(kx * ux + ky * uy).
pub type Index = (i32, i32);

/// A side: the straight path from `a` to `b` (a point when they are equal, weighing 1), its
/// type and sign.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub kind: usize,
    pub sign: f64,
    pub a: (f64, f64),
    pub b: (f64, f64),
}

/// The integral of exp(k . z) along the path from `a` to `b` (by arc length), or exp(k . a)
/// for a point.
pub fn moment(k: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    let start = (k.0 * a.0 + k.1 * a.1).exp();
    if len == 0.0 {
        return start;
    }
    // exp(k.a) * len * (exp(x) - 1) / x with x = k . (b - a), near x = 0 by its series.
    let x = k.0 * dx + k.1 * dy;
    let ratio = if x.abs() < 1e-8 { 1.0 + x / 2.0 } else { x.exp_m1() / x };
    start * len * ratio
}

/// The sides of a simple polygon's outline (counter-clockwise for an outline, its outward
/// normals pointing out; a hole's ring clockwise), each straight edge typed by its outward
/// normal's direction modulo a half turn after turning it by `turn` radians (`kinds` collects
/// the directions met). The paths themselves stay as given.
pub fn polygon_sides(ring: &[(f64, f64)], kinds: &mut Kinds, turn: f64) -> Vec<Side> {
    (0..ring.len())
        .filter_map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            if dx == 0.0 && dy == 0.0 {
                return None;
            }
            // Counter-clockwise: the outward normal is the direction turned clockwise.
            let (kind, sign) = kinds.of((-dx).atan2(dy) + turn);
            Some(Side { kind, sign, a, b })
        })
        .collect()
}

/// A vector turned by p quarter turns counter-clockwise.
pub fn turn(v: (f64, f64), p: usize) -> (f64, f64) {
    (0..p % 4).fold(v, |(x, y), _| (-y, x))
}

/// The side types of a dissection: outward normal directions modulo a half turn.
#[derive(Clone, Debug)]
pub struct Kinds {
    /// Each type's direction in [0, pi).
    pub angles: Vec<f64>,
    pub tol: f64,
}

impl Kinds {
    pub fn new(tol: f64) -> Kinds {
        Kinds { angles: Vec::new(), tol }
    }

    /// The type of a normal at `angle` and its sign: +1 for a direction in [0, pi), else -1.
    pub fn of(&mut self, angle: f64) -> (usize, f64) {
        use std::f64::consts::PI;
        let a = angle.rem_euclid(2.0 * PI);
        let (mut half, mut sign) = if a < PI { (a, 1.0) } else { (a - PI, -1.0) };
        // Just short of a half turn is the direction 0 facing back.
        if half > PI - self.tol {
            half -= PI;
            sign = -sign;
        }
        let k = match self.angles.iter().position(|&b| (b - half).abs() < self.tol) {
            Some(k) => k,
            None => {
                self.angles.push(half);
                self.angles.len() - 1
            }
        };
        (k, sign)
    }
}

/// The multi-indices of a moment matrix (its rows and columns; the first is (0, 0)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexSet {
    /// Every monomial of total degree at most d: (d + 1)(d + 2) / 2 of them.
    Degree(u32),
    /// The grid {0..g}^2: (g + 1)^2.
    Grid(u32),
    /// The paper's own (appendix B.2): 1, Tx .. Tx^K, Ty .. Ty^K, order 2K + 1.
    Axes(u32),
    /// |a| + |b| <= d, negative powers too: closed under quarter turns (for turning pieces).
    Ball(u32),
}

impl IndexSet {
    /// Whether a quarter turn maps the set to itself.
    pub fn turn_closed(&self) -> bool {
        matches!(self, IndexSet::Ball(_))
    }

    pub fn members(&self) -> Vec<Index> {
        let mut v: Vec<Index> = match *self {
            IndexSet::Degree(d) => {
                let d = d as i32;
                (0..=d).flat_map(|t| (0..=t).map(move |a| (t - a, a))).collect()
            }
            IndexSet::Grid(g) => {
                let g = g as i32;
                (0..=g).flat_map(|a| (0..=g).map(move |b| (a, b))).collect()
            }
            IndexSet::Axes(k) => {
                let k = k as i32;
                std::iter::once((0, 0)).chain((1..=k).map(|a| (a, 0))).chain((1..=k).map(|b| (0, b))).collect()
            }
            IndexSet::Ball(d) => {
                let d = d as i32;
                let mut v: Vec<Index> = (-d..=d)
                    .flat_map(|a| (-d..=d).map(move |b| (a, b)))
                    .filter(|&(a, b)| a.abs() + b.abs() <= d)
                    .collect();
                v.sort_by_key(|&(a, b)| (a.abs() + b.abs(), a, b));
                v
            }
        };
        v.dedup();
        v
    }

    /// Every sum of two members except (0, 0): the multi-indices the equations use.
    pub fn sums(&self) -> Vec<Index> {
        let m = self.members();
        let mut s: Vec<Index> = m.iter().flat_map(|a| m.iter().map(move |b| (a.0 + b.0, a.1 + b.1))).collect();
        s.sort_unstable();
        s.dedup();
        s.retain(|&k| k != (0, 0));
        s
    }

    /// Reads `degree3`, `grid2`, `axes4`.
    pub fn parse(s: &str) -> Result<IndexSet, String> {
        let num = |p: &str| s.strip_prefix(p).and_then(|n| n.parse::<u32>().ok()).filter(|&n| (1..=8).contains(&n));
        if let Some(n) = num("degree") {
            Ok(IndexSet::Degree(n))
        } else if let Some(n) = num("grid") {
            Ok(IndexSet::Grid(n))
        } else if let Some(n) = num("axes") {
            Ok(IndexSet::Axes(n))
        } else if let Some(n) = num("ball") {
            Ok(IndexSet::Ball(n))
        } else {
            Err(format!("unknown index set `{s}`: use degreeN, gridN, axesN or ballN with N from 1 to 8"))
        }
    }

    pub fn name(&self) -> String {
        match self {
            IndexSet::Degree(n) => format!("degree{n}"),
            IndexSet::Grid(n) => format!("grid{n}"),
            IndexSet::Axes(n) => format!("axes{n}"),
            IndexSet::Ball(n) => format!("ball{n}"),
        }
    }
}

/// One of the puzzle's copies in section 6.3's duplication: the pieces' and the figure's
/// sides as they are in the copy turned by `turns` quarter turns (their types turned).
#[derive(Clone, Debug)]
pub struct Copy {
    pub pieces: Vec<Vec<Side>>,
    pub figure: Vec<Side>,
    pub turns: usize,
}

/// The linear equations on the monomials: row r (a side type and a multi-index k) says
/// sum over its terms (i, m, c) of c * m_i(m) = rhs[r], m_i(m) = exp(m . t_i). Without turns
/// every term's monomial is the row's k.
#[derive(Clone, Debug)]
pub struct Equations {
    pub pieces: usize,
    pub rows: Vec<(usize, Index)>,
    pub terms: Vec<Vec<(usize, Index, f64)>>,
    pub rhs: Vec<f64>,
}

impl Equations {
    /// The equations for pieces (their sides around their own origin) that translate over a
    /// figure (its sides where it lies), for the multi-indices `ks`. Rows that nothing
    /// touches are dropped. Each row is scaled to largest magnitude 1.
    pub fn new(pieces: &[Vec<Side>], figure: &[Side], ks: &[Index]) -> Equations {
        let copies = vec![Copy { pieces: pieces.to_vec(), figure: figure.to_vec(), turns: 0 }];
        Equations::summed(pieces.len(), &copies, ks, 1)
    }

    /// Section 6.3's duplication: the equations summed over `copies`, each the pieces' and
    /// the figure's sides as they are in one of the puzzle's copies turned by p quarter turns
    /// of r (types already turned); in copy p a piece's translation enters as R(p) t_i, so
    /// its monomial for k is exp(R(p)' k . t_i), another member of a turn-closed set.
    pub fn summed(n: usize, copies: &[Copy], ks: &[Index], r: usize) -> Equations {
        let kinds = copies
            .iter()
            .flat_map(|c| c.pieces.iter().flatten().chain(&c.figure).map(|s| s.kind))
            .max()
            .map_or(0, |k| k + 1);
        let mut out = Equations { pieces: n, rows: Vec::new(), terms: Vec::new(), rhs: Vec::new() };
        let term = |sides: &[Side], kind: usize, k: (f64, f64)| -> f64 {
            sides.iter().filter(|s| s.kind == kind).map(|s| s.sign * moment(k, s.a, s.b)).sum()
        };
        for kind in 0..kinds {
            for &k in ks {
                let mut terms: Vec<(usize, Index, f64)> = Vec::new();
                let mut rhs = 0.0;
                for Copy { pieces, figure, turns } in copies {
                    // exp(k . R(p) u) = exp(R(p)' k . u).
                    let kp = turn_back(k, *turns, r);
                    let kf = (kp.0 as f64, kp.1 as f64);
                    for (i, sides) in pieces.iter().enumerate() {
                        let c = term(sides, kind, kf);
                        match terms.iter_mut().find(|t| t.0 == i && t.1 == kp) {
                            Some(t) => t.2 += c,
                            None => terms.push((i, kp, c)),
                        }
                    }
                    rhs += term(figure, kind, kf);
                }
                terms.retain(|t| t.2 != 0.0);
                let scale = terms.iter().fold(rhs.abs(), |m, t| m.max(t.2.abs()));
                if scale < 1e-12 {
                    continue;
                }
                terms.iter_mut().for_each(|t| t.2 /= scale);
                out.rows.push((kind, k));
                out.terms.push(terms);
                out.rhs.push(rhs / scale);
            }
        }
        out
    }

    /// The equations once some pieces are fixed: `fixed[i]` is piece i's translation, or `None`
    /// for a piece still free. A fixed piece's terms are known numbers and go to the right-hand
    /// side; rows left without a free piece are dropped. Returns the equations over the free
    /// pieces, renumbered in order, and each one's number among all the pieces.
    pub fn fixing(&self, fixed: &[Option<(f64, f64)>]) -> (Equations, Vec<usize>) {
        let free: Vec<usize> = (0..self.pieces).filter(|&i| fixed.get(i).is_none_or(|f| f.is_none())).collect();
        let mut out = Equations { pieces: free.len(), rows: Vec::new(), terms: Vec::new(), rhs: Vec::new() };
        for (r, terms) in self.terms.iter().enumerate() {
            let mut rhs = self.rhs[r];
            let mut kept = Vec::new();
            for &(i, m, c) in terms {
                match fixed.get(i).copied().flatten() {
                    Some(t) => rhs -= c * (m.0 as f64 * t.0 + m.1 as f64 * t.1).exp(),
                    None => kept.push((free.binary_search(&i).expect("a free piece"), m, c)),
                }
            }
            if !kept.is_empty() {
                out.rows.push(self.rows[r]);
                out.terms.push(kept);
                out.rhs.push(rhs);
            }
        }
        (out, free)
    }

    /// The equations without the rows that are linear combinations of rows kept before them
    /// (to a relative 1e-9). Section 6.3's duplication writes each equation once per turned
    /// copy (the row for a side type and k comes back as the row for the turned type and the
    /// turned k, its copies relabelled), and an interior-point solver's linear systems are
    /// singular with repeated equality rows. Only the coefficients are compared: the
    /// right-hand sides of a solvable puzzle agree with them.
    pub fn independent(self) -> Equations {
        let mut columns: Vec<(usize, Index)> = self.terms.iter().flatten().map(|&(i, m, _)| (i, m)).collect();
        columns.sort_unstable();
        columns.dedup();
        let dense = |terms: &[(usize, Index, f64)]| {
            let mut v = vec![0.0; columns.len()];
            for &(i, m, c) in terms {
                v[columns.binary_search(&(i, m)).expect("a column of its own")] += c;
            }
            v
        };
        let mut basis: Vec<Vec<f64>> = Vec::new();
        let mut out = Equations { pieces: self.pieces, rows: Vec::new(), terms: Vec::new(), rhs: Vec::new() };
        for r in 0..self.rows.len() {
            let mut v = dense(&self.terms[r]);
            let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            // Twice, for the orthogonality lost to rounding in one pass.
            for _ in 0..2 {
                for q in &basis {
                    let d: f64 = v.iter().zip(q).map(|(a, b)| a * b).sum();
                    v.iter_mut().zip(q).for_each(|(a, b)| *a -= d * b);
                }
            }
            let left = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            if left <= 1e-9 * norm.max(1e-300) {
                continue;
            }
            basis.push(v.iter().map(|x| x / left).collect());
            out.rows.push(self.rows[r]);
            out.terms.push(self.terms[r].clone());
            out.rhs.push(self.rhs[r]);
        }
        out
    }

    /// Each row's miss for the given translations.
    pub fn residual(&self, t: &[(f64, f64)]) -> Vec<f64> {
        (0..self.rows.len())
            .map(|r| {
                let lhs: f64 =
                    self.terms[r].iter().map(|&(i, m, c)| c * (m.0 as f64 * t[i].0 + m.1 as f64 * t[i].1).exp()).sum();
                lhs - self.rhs[r]
            })
            .collect()
    }
}

/// R(p)' k for p quarter turns of r (r = 1 or 4): the multi-index whose monomial in t is
/// exp(k . R(p) t).
pub fn turn_back(k: Index, p: usize, r: usize) -> Index {
    if r <= 1 {
        return k;
    }
    // R(90)' (a, b) = (b, -a): k . R t = (R' k) . t.
    (0..p % 4).fold(k, |(a, b), _| (b, -a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_the_integrals() {
        // Along x from 0 to 1 with k = (1, 0): e - 1.
        assert!((moment((1.0, 0.0), (0.0, 0.0), (1.0, 0.0)) - (std::f64::consts::E - 1.0)).abs() < 1e-12);
        // Across k (k . direction = 0): the length times the value.
        assert!((moment((0.0, 2.0), (0.0, 1.0), (3.0, 1.0)) - 3.0 * 2f64.exp()).abs() < 1e-12);
        // A point weighs 1.
        assert!((moment((1.0, 1.0), (0.5, 0.5), (0.5, 0.5)) - 1f64.exp()).abs() < 1e-12);
    }

    /// Two unit squares side by side in a 2x1 bar: with the first fixed at its place, the
    /// equations left are over the second alone, met at its place and not half a unit over.
    #[test]
    fn fixing_a_piece_moves_its_terms_to_the_right_hand_side() {
        let mut kinds = Kinds::new(1e-6);
        let sq = [(-0.25, -0.25), (0.25, -0.25), (0.25, 0.25), (-0.25, 0.25)];
        let bar = [(-0.5, -0.25), (0.5, -0.25), (0.5, 0.25), (-0.5, 0.25)];
        let pieces = vec![polygon_sides(&sq, &mut kinds, 0.0), polygon_sides(&sq, &mut kinds, 0.0)];
        let figure = polygon_sides(&bar, &mut kinds, 0.0);
        let eq = Equations::new(&pieces, &figure, &IndexSet::Degree(2).sums());
        let norm = |r: Vec<f64>| r.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!(norm(eq.residual(&[(-0.25, 0.0), (0.25, 0.0)])) < 1e-12);
        let (sub, free) = eq.fixing(&[Some((-0.25, 0.0)), None]);
        assert_eq!((sub.pieces, free), (1, vec![1]));
        assert!(sub.terms.iter().flatten().all(|&(i, _, _)| i == 0));
        assert!(norm(sub.residual(&[(0.25, 0.0)])) < 1e-12);
        assert!(norm(sub.residual(&[(0.75, 0.0)])) > 1e-3);
    }

    #[test]
    fn index_sets_have_their_orders() {
        assert_eq!(IndexSet::Degree(3).members().len(), 10);
        assert_eq!(IndexSet::Grid(2).members().len(), 9);
        assert_eq!(IndexSet::Axes(4).members().len(), 9);
        assert_eq!(IndexSet::Degree(3).members()[0], (0, 0));
        assert_eq!(IndexSet::Degree(3).sums().len(), 27);
        assert_eq!(IndexSet::parse("grid2"), Ok(IndexSet::Grid(2)));
        assert!(IndexSet::parse("cube3").is_err());
    }

    #[test]
    fn repeated_rows_of_the_duplication_are_dropped() {
        // A unit square in a unit square, turned copies summed: each equation is written once
        // per copy, and only one of each is kept; the square's true place meets every row.
        let square = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)];
        let offset = (2.0, 0.0);
        let mut kinds = Kinds::new(1e-9);
        let copies: Vec<Copy> = (0..4)
            .map(|p| {
                let turn = std::f64::consts::FRAC_PI_2 * p as f64;
                let moved: Vec<(f64, f64)> = square.iter().map(|q| (q.0 + offset.0, q.1 + offset.1)).collect();
                Copy {
                    pieces: vec![polygon_sides(&square, &mut kinds, turn)],
                    figure: polygon_sides(&moved, &mut kinds, turn),
                    turns: p,
                }
            })
            .collect();
        let ks = IndexSet::Ball(1).sums();
        let all = Equations::summed(1, &copies, &ks, 4);
        let kept = all.clone().independent();
        assert!(kept.rows.len() < all.rows.len(), "{} of {}", kept.rows.len(), all.rows.len());
        assert_eq!(kept.clone().independent().rows.len(), kept.rows.len());
        let worst = |e: &Equations| e.residual(&[offset]).iter().fold(0.0f64, |m, r| m.max(r.abs()));
        assert!(worst(&all) < 1e-12 && worst(&kept) < 1e-12);
    }

    #[test]
    fn opposite_normals_share_a_type_with_opposite_signs() {
        let mut kinds = Kinds::new(1e-6);
        let square = polygon_sides(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)], &mut kinds, 0.0);
        assert_eq!(kinds.angles.len(), 2);
        // Bottom (normal down) and top (normal up).
        assert_eq!(square[0].kind, square[2].kind);
        assert_eq!(square[0].sign, -square[2].sign);
    }
}
