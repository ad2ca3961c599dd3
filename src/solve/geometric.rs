//! The geometric solver: figures on or off the lattice, any piece set that turns in fixed
//! steps, with straight and circular-arc edges. Options: first or all solutions (deduplicated
//! up to identical pieces), fewer pieces allowed, node and time budgets, cancellation, and a
//! live view of the search.
//!
//! Search in the spirit of Wessel's solver, made complete by always covering one chosen
//! corner: take the sharpest convex corner `v` of the uncovered region. In any tiling some
//! piece has a vertex at `v` with an edge running along the region's edge that leaves `v`
//! (a convex corner cannot lie inside a piece or on the inside of a piece's edge). So the
//! candidates are: every remaining piece, turned in the set's steps (offset by the figure's own
//! angle) and mirrored where that gives a new shape, with a vertex whose outgoing edge points
//! along the region's outgoing edge and whose angle fits in the corner. With arcs, directions
//! are the edges' tangents, and a piece's edge must be the same curve as the region's (an arc
//! lies only on an arc of its radius, turning the same way). A region without a convex
//! corner is anchored where two curves meet smoothly, or on a whole circle (see [`super::anchor`]).
//! Each candidate must lie inside the region; the region minus the piece is computed with the
//! verification engine's edge pass. Prunings: a region part whose area is no sum of the
//! remaining pieces' ([`super::areas`]), and regions already explored with the same pieces left.

use super::anchor::{anchors, candidates, fitting, inside, Anchor, Fit, Kind, Pose, Sides};
use crate::geom::ring::parts_from_rings;
use crate::geom::{pt, BBox, Edge, Part, Pt, Ring, Tol, Vertex};
use crate::pieces::{piece_area, PieceSet, Placement};
use crate::support::budget::Budget;
use crate::verify::contour::{build_contours, Contour};
use crate::verify::overlay::edge_pass;
use std::collections::HashSet;
use std::sync::Arc;
use web_time::Instant;

/// Search limits.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop after this many solutions (at least 1).
    pub limit: usize,
    /// Search nodes, deadline, cancel flag, and the bytes the table of searched states may
    /// hold (0: [`MEMO_BYTES`]; when full it is emptied, which only loses pruning).
    pub budget: Budget,
    /// A solution may leave pieces unused (the figure must still be filled exactly).
    pub fewer: bool,
    /// Shown the search's current partial placement now and then.
    pub watch: Option<Watch>,
    /// The tolerance as a fraction of the figure's size (`None`: [`Tol::REL`]).
    pub tolerance: Option<f64>,
    /// Pieces only turn, never mirrored (a level's or a file's `allow_mirror: false`).
    pub no_mirror: bool,
}

/// The searched states' table's default size: a search of hours stays within it.
pub const MEMO_BYTES: usize = 256 << 20;

/// The live view's callback: the partial placement and the figure's base angle.
pub type Shown = Arc<dyn Fn(&[Placement], f64) + Send + Sync>;

/// A live view of the search: `show` receives the current partial placement (placements as in
/// [`Outcome::solutions`], with the figure's `base_angle`) at most once per `every`.
#[derive(Clone)]
pub struct Watch {
    pub every: web_time::Duration,
    pub show: Shown,
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Watch every {:?}", self.every)
    }
}

/// What the search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Each solution places every piece: `world = rotate(mirror(local), rot * step +
    /// base_angle) + at` (for figures drawn on the step grid `base_angle` is 0 and these are
    /// ordinary placements).
    pub solutions: Vec<Vec<Placement>>,
    /// The figure's own angle modulo the rotation step.
    pub base_angle: f64,
    pub nodes: u64,
    /// The search space was exhausted (so no solutions means none exists). Only given for
    /// figures on the pieces' lattice (snapped there if need be) or whose area cannot match.
    pub complete: bool,
    /// Why an exhausted search is not called complete.
    pub incomplete_reason: Option<String>,
    /// What was done to the figure before the search (snapping it to the lattice).
    pub repairs: Vec<String>,
    /// The most bytes the table of searched states held (estimated: the keys' contents and
    /// the table's own overhead per entry), and how often it was emptied for being full.
    pub memo_peak_bytes: usize,
    pub memo_emptied: u64,
}

impl Outcome {
    /// A solved piece's rings in world coordinates.
    pub fn world(&self, set: &PieceSet, p: &Placement) -> Vec<Vec<Vertex>> {
        let m = crate::geom::Motion {
            mirror: p.flip,
            angle: p.rot as f64 * set.step() + self.base_angle,
            shift: pt(p.at.0, p.at.1),
        };
        set.pieces[p.piece].rings.iter().map(|r| crate::pieces::move_ring(r, &m)).collect()
    }
}

/// A searched state: the pieces left and the region's edges (end points on a grid of the
/// tolerance). Edges, not corners only: the figure minus a piece and the figure minus its
/// mirror image can share every corner.
type StateKey = (Vec<usize>, Vec<[i64; 6]>);

struct Search<'a> {
    kinds: &'a [Kind],
    left: Vec<usize>,
    eps: f64,
    opts: &'a Options,
    seen: HashSet<StateKey>,
    /// What `seen` holds, in bytes (estimated).
    seen_bytes: usize,
    chosen: Vec<(usize, Placement)>,
    out: Outcome,
    stopped: bool,
    last_shown: Option<Instant>,
}

/// A set prepared for a figure: piece kinds with their poses, and the figure as a region.
struct Prepared {
    kinds: Vec<Kind>,
    base: f64,
    eps: f64,
    region: Vec<Contour>,
    /// The figure is on the pieces' lattice (as given, or snapped): the search's numbers are
    /// exact up to f64 rounding, so running out of candidates proves there is no solution.
    lattice: bool,
    repairs: Vec<String>,
}

fn prepare(set: &PieceSet, target: &[Vec<Vertex>], rel: Option<f64>, no_mirror: bool) -> Option<Prepared> {
    let bb = BBox::of_rings(target);
    let tol = Tol::for_figure_rel(bb.size(), bb.magnitude(), rel.unwrap_or(Tol::REL));
    // Pieces that only slide (`rotation_step: 360`) keep their own angle: no lattice to snap
    // the figure to, no base angle to turn them by.
    let sliding = set.step() >= std::f64::consts::TAU - 1e-9;
    let snapped = if sliding { None } else { super::snap::snap(set, target, tol.eps) };
    let mut repairs = Vec::new();
    if let Some(s) = snapped.as_ref().filter(|s| s.corners > 0) {
        repairs.push(format!(
            "target: moved {} corner(s) onto the pieces' lattice (by at most {:.2e}; figure angle {:.4} degrees)",
            s.corners,
            s.moved,
            s.angle.to_degrees()
        ));
    }
    let target = snapped.as_ref().map_or(target, |s| &s.rings[..]);
    let rings = crate::verify::normalize::normalize(target, tol, "target", pt(0.0, 0.0)).ok()?.rings;
    let parts = parts_from_rings(rings, tol, true).ok()?;
    let region = contours_of(&parts.iter().collect::<Vec<_>>(), &[], tol.eps);
    let step = set.step();
    // The figure's own angle modulo the step (from a straight edge if it has one): pieces
    // turn in steps from there.
    let edges = || region.iter().flat_map(|c| c.edges.iter());
    let first = edges().find(|e| !e.is_arc()).or_else(|| edges().next())?;
    let base = (first.tangent_start(tol.eps).angle() - own_angle(set, step, tol.eps)).rem_euclid(step);
    let base = if base > step - 1e-9 || sliding { 0.0 } else { base };
    let mut kinds: Vec<Kind> = Vec::new();
    for (i, def) in set.pieces.iter().enumerate() {
        if let Some(k) = kinds.iter_mut().find(|k| set.pieces[k.ids[0]].rings == def.rings) {
            k.ids.push(i);
            continue;
        }
        let n = (std::f64::consts::TAU / step).round() as i32;
        let mut poses: Vec<Pose> = Vec::new();
        for flip in [false, true] {
            if flip && no_mirror {
                continue;
            }
            for rot in 0..n {
                let m = crate::geom::Motion { mirror: flip, angle: rot as f64 * step + base, shift: pt(0.0, 0.0) };
                let edges = outline(def, &m, tol.eps);
                if !poses.iter().any(|p| same_shape(&p.edges, &edges, tol.eps)) {
                    poses.push(Pose::new(rot, flip, edges, tol.eps));
                }
            }
        }
        kinds.push(Kind::new(i, piece_area(def), poses, tol.eps));
    }
    kinds.sort_by(|a, b| b.area.total_cmp(&a.area));
    Some(Prepared { kinds, base, eps: tol.eps, region, lattice: snapped.is_some(), repairs })
}

/// The angle, modulo the step, at which the pieces as drawn lie on the figure's grid: 0 when a
/// straight side of a piece lies along a whole step (the tangram's, the polyominoes' and
/// triangles' sides), else the first piece's first straight side's (hexagons, drawn point up,
/// have their sides at 30 degrees to a step of 60).
fn own_angle(set: &PieceSet, step: f64, eps: f64) -> f64 {
    let straight = || {
        set.pieces
            .iter()
            .flat_map(|p| crate::geom::ring::ring_edges(&p.rings[0]).collect::<Vec<_>>())
            .filter(|e| !e.is_arc())
            .map(|e| e.tangent_start(eps).angle().rem_euclid(step))
    };
    let on_step = |a: f64| a < 1e-9 || a > step - 1e-9;
    if straight().any(on_step) {
        return 0.0;
    }
    straight().next().unwrap_or(0.0)
}

impl Prepared {
    /// Searches `region` with `left[k]` pieces of each kind still to place.
    fn run(&self, region: &[Contour], left: Vec<usize>, opts: &Options) -> Outcome {
        let mut s = Search {
            left,
            kinds: &self.kinds,
            eps: self.eps,
            opts,
            seen: HashSet::new(),
            seen_bytes: 0,
            chosen: Vec::new(),
            out: Outcome { base_angle: self.base, repairs: self.repairs.clone(), ..Outcome::default() },
            stopped: false,
            last_shown: None,
        };
        let pieces_area: f64 = (0..self.kinds.len()).map(|k| self.kinds[k].area * s.left[k] as f64).sum();
        let region_area: f64 = region.iter().map(|c| c.area).sum();
        // Areas differ by more than moving the figure's corners by the tolerance explains.
        let perimeter: f64 = region.iter().map(|c| c.perimeter(self.eps)).sum();
        let slack = (1e-6 * region_area).max(self.eps * perimeter);
        let short =
            if opts.fewer { region_area - pieces_area > slack } else { (pieces_area - region_area).abs() > slack };
        if short {
            s.out.complete = true;
            return s.out;
        }
        s.search(region);
        // Stopping at the limit leaves the rest unexplored: complete only when the search
        // ran out of candidates by itself.
        s.out.complete = !s.stopped && s.out.solutions.len() < opts.limit.max(1);
        if s.out.complete && !self.lattice {
            s.out.complete = false;
            s.out.incomplete_reason = Some(
                "the figure is not on the pieces' lattice, so the search compared with a tolerance and \
                 could have missed a solution"
                    .into(),
            );
        }
        s.out
    }
}

/// Solves `target` with the pieces of `set` (`None` when the figure does not make simple rings).
pub fn solve(set: &PieceSet, target: &[Vec<Vertex>], opts: &Options) -> Option<Outcome> {
    let p = prepare(set, target, opts.tolerance, opts.no_mirror)?;
    let all = p.kinds.iter().map(|k| k.ids.len()).collect();
    Some(p.run(&p.region, all, opts))
}

/// A hint from the player's position (any figure, on or off the lattice): the placed pieces
/// (world placements) are taken out of the figure and the rest is solved within the budget.
/// `None` when the figure does not make simple rings, is drawn off the rotation-step grid, or
/// the budget ran out.
pub fn hint(
    set: &PieceSet,
    target: &[Vec<Vertex>],
    placed: &[Placement],
    opts: &Options,
) -> Option<crate::pieces::Hint> {
    use crate::pieces::Hint;
    let p = prepare(set, target, opts.tolerance, opts.no_mirror)?;
    if p.base.abs() > 1e-9 {
        return None;
    }
    let step = set.step();
    let mut region = p.region.clone();
    let mut left: Vec<usize> = p.kinds.iter().map(|k| k.ids.len()).collect();
    for pl in placed {
        let k = p.kinds.iter().position(|k| k.ids.contains(&pl.piece))?;
        let piece = outline(&set.pieces[pl.piece], &pl.motion(step), p.eps);
        let parts = region_parts(&region, p.eps);
        if left[k] == 0 || !inside(&parts.iter().collect::<Vec<_>>(), &piece, p.eps) {
            return Some(Hint::Move(pl.piece));
        }
        region = contours_of(&parts.iter().collect::<Vec<_>>(), std::slice::from_ref(&piece), p.eps);
        left[k] -= 1;
    }
    if left.iter().all(|&n| n == 0) {
        return Some(Hint::Done);
    }
    let one = Options { limit: 1, ..opts.clone() };
    let out = p.run(&region, left.clone(), &one);
    if let Some(sol) = out.solutions.first() {
        // The largest piece still to place, given an index not already on the figure.
        let best =
            sol.iter().max_by(|a, b| piece_area(&set.pieces[a.piece]).total_cmp(&piece_area(&set.pieces[b.piece])))?;
        let k = p.kinds.iter().position(|k| k.ids.contains(&best.piece))?;
        let id = *p.kinds[k].ids.iter().find(|id| !placed.iter().any(|q| q.piece == **id))?;
        return Some(Hint::Next(Placement { piece: id, ..*best }));
    }
    if !out.complete {
        return None;
    }
    Some(Hint::Stuck)
}

/// A piece's outer ring under a motion, as counter-clockwise edges.
fn outline(def: &crate::pieces::PieceDef, m: &crate::geom::Motion, eps: f64) -> Vec<Edge> {
    let ring = crate::pieces::move_ring(&def.rings[0], m);
    let mut edges: Vec<Edge> = crate::geom::ring::ring_edges(&ring).collect();
    if edges.iter().map(|e| e.area_term(eps)).sum::<f64>() < 0.0 {
        edges = edges.iter().rev().map(Edge::reversed).collect();
    }
    edges
}

/// Same outline up to translation: both loops (counter-clockwise) read from their lowest,
/// leftmost corner match corner by corner, with the same kind of edge (and arc centre) after
/// each. (Comparing corner sets is not enough: a notched piece and its mirror image can share
/// every corner.)
fn same_shape(a: &[Edge], b: &[Edge], eps: f64) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let norm = |r: &[Edge]| {
        let low = |e: &Edge| (e.start().y / (eps * 10.0)).round() as i64;
        let first = (0..r.len())
            .min_by(|&i, &j| low(&r[i]).cmp(&low(&r[j])).then(r[i].start().x.total_cmp(&r[j].start().x)))
            .unwrap_or(0);
        let o = r[first].start();
        let shift = crate::geom::Motion { mirror: false, angle: 0.0, shift: pt(0.0, 0.0) - o };
        (0..r.len()).map(|k| r[(first + k) % r.len()].transformed(&shift)).collect::<Vec<Edge>>()
    };
    norm(a).iter().zip(norm(b).iter()).all(|(e, f)| {
        let close = |p: Pt, q: Pt| p.dist(q) <= eps * 10.0;
        close(e.start(), f.start())
            && match (e, f) {
                (Edge::Seg { .. }, Edge::Seg { .. }) => true,
                (Edge::Arc { c: c1, ccw: k1, .. }, Edge::Arc { c: c2, ccw: k2, .. }) => k1 == k2 && close(*c1, *c2),
                _ => false,
            }
    })
}

/// Contours of the union of `parts` minus the loops `minus` (counter-clockwise edges).
fn contours_of(parts: &[&Part], minus: &[Vec<Edge>], eps: f64) -> Vec<Contour> {
    let mut edges: Vec<(Edge, usize)> =
        parts.iter().enumerate().flat_map(|(i, p)| p.edges().map(move |e| (*e, i))).collect();
    for (k, r) in minus.iter().enumerate() {
        let owner = parts.len() + k;
        edges.extend(r.iter().map(|e| (e.reversed(), owner)));
    }
    let pass = edge_pass(&edges, eps);
    drop_slivers(build_contours(&pass.points, pass.boundary(), eps), eps)
}

/// Removes contours thinner than the tolerance (area at most `eps` times half the perimeter):
/// what is left of a figure whose corners were rounded once pieces have been cut out along
/// slightly different lines. Holes follow their outer contour.
fn drop_slivers(region: Vec<Contour>, eps: f64) -> Vec<Contour> {
    let thin = |c: &Contour| c.area.abs() <= eps * c.perimeter(eps) / 2.0;
    let mut index = vec![None; region.len()];
    let mut kept = 0;
    for (i, c) in region.iter().enumerate() {
        let parent_gone = c.parent.is_some_and(|p| thin(&region[p]));
        if !thin(c) && !parent_gone {
            index[i] = Some(kept);
            kept += 1;
        }
    }
    region
        .into_iter()
        .enumerate()
        .filter(|(i, _)| index[*i].is_some())
        .map(|(_, c)| Contour { parent: c.parent.and_then(|p| index[p]), ..c })
        .collect()
}

impl Search<'_> {
    /// The current partial placement, to the watcher, at its rate.
    fn show(&mut self) {
        let Some(w) = &self.opts.watch else { return };
        if self.last_shown.is_some_and(|t| t.elapsed() < w.every) {
            return;
        }
        self.last_shown = Some(Instant::now());
        (w.show)(&self.placements(), self.out.base_angle);
    }

    /// The chosen placements, each kind's pieces numbered in order.
    fn placements(&self) -> Vec<Placement> {
        let mut used = vec![0; self.kinds.len()];
        self.chosen
            .iter()
            .map(|&(k, p)| {
                let id = self.kinds[k].ids[used[k]];
                used[k] += 1;
                Placement { piece: id, ..p }
            })
            .collect()
    }

    fn stop_now(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.stopped = self.opts.budget.spent_every(self.out.nodes, 63);
        self.stopped
    }

    fn search(&mut self, region: &[Contour]) {
        if self.stop_now() || self.out.solutions.len() >= self.opts.limit.max(1) {
            return;
        }
        self.out.nodes += 1;
        self.show();
        if region.is_empty() || self.left.iter().all(|&n| n == 0) {
            if region.is_empty() {
                let sol = self.placements();
                self.out.solutions.push(sol);
            }
            return;
        }
        // Prune: every outer part must have an area some of the pieces left add up to.
        let left: Vec<(f64, usize)> = self.kinds.iter().zip(&self.left).map(|(k, &n)| (k.area, n)).collect();
        if !super::areas::parts_fillable(region, &left, self.eps) {
            return;
        }
        // Prune: this region with these pieces left was explored before. Only when looking
        // for one solution: all-solutions must combine every prefix with every completion.
        if self.opts.limit <= 1 {
            let q = |x: f64| (x / self.eps).round() as i64;
            let mut key: Vec<[i64; 6]> = region
                .iter()
                .flat_map(|c| c.edges.iter())
                .map(|e| {
                    let c = match e {
                        Edge::Arc { c, .. } => [q(c.x), q(c.y)],
                        Edge::Seg { .. } => [i64::MIN, i64::MIN],
                    };
                    [q(e.start().x), q(e.start().y), q(e.end().x), q(e.end().y), c[0], c[1]]
                })
                .collect();
            key.sort();
            // Two vectors' headers, their contents, and the table's slot and hash.
            let bytes = 64 + 8 * self.left.len() + std::mem::size_of::<[i64; 6]>() * key.len();
            let budget = self.opts.budget.bytes_or(MEMO_BYTES);
            if self.seen_bytes + bytes > budget {
                self.seen = HashSet::new();
                self.seen_bytes = 0;
                self.out.memo_emptied += 1;
            }
            if !self.seen.insert((self.left.clone(), key)) {
                return;
            }
            self.seen_bytes += bytes;
            self.out.memo_peak_bytes = self.out.memo_peak_bytes.max(self.seen_bytes);
        }
        let parts = region_parts(region, self.eps);
        let part_refs: Vec<&Part> = parts.iter().collect();
        // Of the sharpest corners, the one the fewest pieces pass the quick tests at (none:
        // a dead end now); its pieces are then tried one by one as the search reaches each.
        let left = self.left.clone();
        let corners = anchors(region, self.eps);
        let sides = Sides::new(&part_refs, self.eps);
        let chosen = if let [only] = corners[..] {
            only
        } else {
            let mut best: Option<(Anchor, usize)> = None;
            for &a in &corners {
                let cap = best.map_or(usize::MAX, |b| b.1);
                let n = candidates(a, self.kinds, &left, &sides).take(cap).count();
                if n == 0 {
                    return;
                }
                if n < cap {
                    best = Some((a, n));
                }
            }
            let Some((a, _)) = best else { return };
            a
        };
        for f in fitting(candidates(chosen, self.kinds, &left, &sides), &sides) {
            if self.lay(f, &part_refs) {
                return;
            }
        }
    }

    /// Searches on with the piece laid; whether to stop.
    fn lay(&mut self, f: Fit, region: &[&Part]) -> bool {
        let rest = contours_of(region, std::slice::from_ref(&f.placed), self.eps);
        let placement = Placement { piece: 0, rot: f.rot, flip: f.flip, at: (f.shift.x, f.shift.y) };
        self.left[f.kind] -= 1;
        self.chosen.push((f.kind, placement));
        self.search(&rest);
        self.chosen.pop();
        self.left[f.kind] += 1;
        self.stopped || self.out.solutions.len() >= self.opts.limit.max(1)
    }
}

/// The region's contours as parts (outer rings with their holes).
fn region_parts(region: &[Contour], eps: f64) -> Vec<Part> {
    let rings: Vec<Ring> = region.iter().map(|c| Ring::from_edges_unchecked(c.edges.clone(), eps)).collect();
    let mut parts: Vec<Part> = Vec::new();
    for (i, c) in region.iter().enumerate() {
        if !c.is_hole() {
            parts.push(Part { outer: rings[i].clone(), holes: Vec::new() });
        }
    }
    for (i, c) in region.iter().enumerate() {
        if let (true, Some(p)) = (c.is_hole(), c.parent) {
            let outer_index = region[..p].iter().filter(|x| !x.is_hole()).count();
            parts[outer_index].holes.push(rings[i].clone());
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options { limit: 1, budget: Budget::nodes(200_000), ..Options::default() }
    }

    fn check(set: &PieceSet, target: &[Vec<Vertex>]) -> Outcome {
        let out = solve(set, target, &opts()).expect("polygonal");
        let sol = out.solutions.first().unwrap_or_else(|| panic!("no solution after {} nodes", out.nodes));
        // The engine agrees.
        let puzzle = crate::verify::Puzzle::new(
            crate::verify::Target::from_vertices(target).unwrap(),
            crate::verify::Mode::Anchored,
            true,
        );
        let pieces: Vec<_> = sol
            .iter()
            .map(|p| crate::verify::Piece::from_vertices(&out.world(set, p), puzzle.target.tol, p.piece).unwrap())
            .collect();
        assert!(puzzle.judge(&pieces).solved);
        out
    }

    #[test]
    fn solves_the_tangram_square_and_a_rotated_copy() {
        let set = PieceSet::builtin("tangram").unwrap();
        let square: Vec<Vec<Vertex>> =
            vec![[(0.0, 2.0), (-2.0, 0.0), (0.0, -2.0), (2.0, 0.0)].iter().map(|&(x, y)| pt(x, y).into()).collect()];
        check(&set, &square);
        // The same figure turned by 45 degrees: coordinates leave the integers.
        let turned: Vec<Vec<Vertex>> =
            vec![square[0].iter().map(|v| v.at.rotate(std::f64::consts::FRAC_PI_4).into()).collect()];
        check(&set, &turned);
    }

    #[test]
    fn an_impossible_figure_with_the_right_area_ends_with_no_solution() {
        let set = PieceSet::builtin("tangram").unwrap();
        // An 8 x 1 bar: area 8, but the large triangles cannot fit in it.
        let bar: Vec<Vec<Vertex>> =
            vec![[(0.0, 0.0), (8.0, 0.0), (8.0, 1.0), (0.0, 1.0)].iter().map(|&(x, y)| pt(x, y).into()).collect()];
        let out = solve(&set, &bar, &opts()).unwrap();
        assert!(out.solutions.is_empty() && out.complete, "{} nodes", out.nodes);
    }
}
