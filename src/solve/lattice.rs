//! Exact-cover solver for figures on the tangram lattice.
//!
//! In the frame where the small square is axis-aligned with integer corners, every tangram
//! piece turned by a multiple of 90 degrees (and mirrored where chiral) and shifted by an
//! integer vector is a union of *quarter cells*: the four triangles into which the diagonals
//! cut each unit square. A lattice figure is then a set of quarter cells, and solving it is an
//! exact cover: some piece must cover the first uncovered cell, so the search tries exactly
//! the placements whose first cell it is. Figures that need 45-degree turns of single pieces
//! relative to the others are not lattice figures; the general solver (P2) handles those.

use crate::geom::ring::parts_from_rings;
use crate::geom::{pt, Part, Pt, Ring, Tol, Vertex};
use crate::pieces::{PieceSet, Placement};
use std::collections::BTreeMap;

/// Quarter cell `q` (0 bottom, 1 right, 2 top, 3 left) of the unit square at (x, y).
pub type Cell = (i32, i32, u8);

/// Centroid of a quarter cell.
pub fn cell_centroid(&(x, y, q): &Cell) -> Pt {
    let (fx, fy) = (x as f64, y as f64);
    let (s, l) = (1.0 / 6.0, 5.0 / 6.0);
    match q {
        0 => pt(fx + 0.5, fy + s),
        1 => pt(fx + l, fy + 0.5),
        2 => pt(fx + 0.5, fy + l),
        _ => pt(fx + s, fy + 0.5),
    }
}

/// The quarter cells inside a figure given by rings (lattice figures only: every cell is then
/// wholly inside or outside). `None` if a vertex is off the integer lattice.
pub fn cells_of(rings: &[Vec<Vertex>]) -> Option<Vec<Cell>> {
    let tol = Tol::default();
    let mut parts: Vec<Part> = Vec::new();
    for r in rings {
        if r.iter().any(|v| {
            v.arc.is_some() || (v.at.x - v.at.x.round()).abs() > 1e-9 || (v.at.y - v.at.y.round()).abs() > 1e-9
        }) {
            return None;
        }
        parts.extend(parts_from_rings(vec![Ring::new(r, tol).ok()?], tol, false).ok()?);
    }
    let mut bb = crate::geom::BBox::EMPTY;
    for p in &parts {
        bb = bb.union(p.bbox());
    }
    let mut out = Vec::new();
    for y in bb.min.y.round() as i32..bb.max.y.round() as i32 {
        for x in bb.min.x.round() as i32..bb.max.x.round() as i32 {
            for q in 0..4 {
                let c = (x, y, q);
                let m = cell_centroid(&c);
                if parts.iter().any(|p| p.side(m, tol.eps) == crate::geom::ring::Side::Inside) {
                    out.push(c);
                }
            }
        }
    }
    Some(out)
}

/// A piece turned and mirrored, as quarter cells (placed at the origin).
pub struct Orientation {
    pub rot: i32,
    pub flip: bool,
    pub cells: Vec<Cell>,
}

/// Distinct lattice orientations of a piece (rotations by 90 degrees, mirrored if `chiral`).
pub fn orientations(set: &PieceSet, piece: usize) -> Vec<Orientation> {
    let quarter = (90.0 / set.step_deg).round() as i32;
    let mut out: Vec<Orientation> = Vec::new();
    for flip in [false, true] {
        for k in 0..4 {
            let p = Placement { piece, rot: k * quarter, flip, at: (0.0, 0.0) };
            let Some(mut cells) = cells_of(&p.apply(&set.pieces[piece], set.step())) else { continue };
            cells.sort();
            let norm = normalised(&cells);
            if !out.iter().any(|o| normalised(&o.cells) == norm) {
                out.push(Orientation { rot: p.rot, flip, cells });
            }
        }
    }
    out
}

fn normalised(cells: &[Cell]) -> Vec<Cell> {
    let (mx, my) = cells.iter().fold((i32::MAX, i32::MAX), |(a, b), c| (a.min(c.0), b.min(c.1)));
    let mut v: Vec<Cell> = cells.iter().map(|&(x, y, q)| (x - mx, y - my, q)).collect();
    v.sort();
    v
}

/// One candidate placement: piece type, the placement, and its cells as a bit mask.
struct Candidate {
    kind: usize,
    placement: Placement,
    mask: u128,
}

/// Solves a lattice figure with a piece set. Returns up to `limit` solutions (one placement
/// per piece, identical pieces not permuted), or `None` when the figure is not a lattice figure
/// or has more than 128 quarter cells.
pub fn solve(set: &PieceSet, target: &[Vec<Vertex>], limit: usize) -> Option<Vec<Vec<Placement>>> {
    let all: Vec<usize> = (0..set.pieces.len()).collect();
    solve_cells(set, &all, cells_of(target)?, limit)
}

/// Exact cover of `cells` by the pieces `available` (indices into the set).
pub fn solve_cells(
    set: &PieceSet,
    available: &[usize],
    mut cells: Vec<Cell>,
    limit: usize,
) -> Option<Vec<Vec<Placement>>> {
    cells.sort_by_key(|&(x, y, q)| (y, x, q));
    if cells.len() > 128 {
        return None;
    }
    let index: BTreeMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    // Group identical pieces into kinds with a count.
    let mut kinds: Vec<(Vec<usize>, Vec<Orientation>)> = Vec::new();
    for &i in available {
        match kinds.iter_mut().find(|(ids, _)| set.pieces[ids[0]].rings == set.pieces[i].rings) {
            Some((ids, _)) => ids.push(i),
            None => kinds.push((vec![i], orientations(set, i))),
        }
    }
    let total: usize = kinds.iter().map(|(ids, o)| ids.len() * o.first().map_or(0, |o| o.cells.len())).sum();
    if total != cells.len() {
        return Some(vec![]);
    }
    let mut by_first: Vec<Vec<Candidate>> = (0..cells.len()).map(|_| Vec::new()).collect();
    for (kind, (ids, orients)) in kinds.iter().enumerate() {
        for o in orients {
            let (ax, ay, _) = o.cells[0];
            for &(tx, ty, _) in &cells {
                let (dx, dy) = (tx - ax, ty - ay);
                let mut mask = 0u128;
                let mut first = usize::MAX;
                let fits = o.cells.iter().all(|&(x, y, q)| match index.get(&(x + dx, y + dy, q)) {
                    Some(&i) => {
                        mask |= 1 << i;
                        first = first.min(i);
                        true
                    }
                    None => false,
                });
                if fits {
                    let placement = Placement { piece: ids[0], rot: o.rot, flip: o.flip, at: (dx as f64, dy as f64) };
                    by_first[first].push(Candidate { kind, placement, mask });
                }
            }
        }
    }
    let full: u128 = if cells.len() == 128 { u128::MAX } else { (1u128 << cells.len()) - 1 };
    let mut left: Vec<usize> = kinds.iter().map(|(ids, _)| ids.len()).collect();
    let mut chosen: Vec<(usize, Placement)> = Vec::new();
    let mut out = Vec::new();
    search(&by_first, full, 0, &mut left, &mut chosen, &mut out, limit);
    // Give identical pieces their own indices in the set.
    Some(
        out.into_iter()
            .map(|sol: Vec<(usize, Placement)>| {
                let mut used: Vec<usize> = vec![0; kinds.len()];
                sol.into_iter()
                    .map(|(kind, mut p)| {
                        p.piece = kinds[kind].0[used[kind]];
                        used[kind] += 1;
                        p
                    })
                    .collect()
            })
            .collect(),
    )
}

fn search(
    by_first: &[Vec<Candidate>],
    full: u128,
    covered: u128,
    left: &mut [usize],
    chosen: &mut Vec<(usize, Placement)>,
    out: &mut Vec<Vec<(usize, Placement)>>,
    limit: usize,
) {
    if covered == full {
        out.push(chosen.clone());
        return;
    }
    let first = (!covered).trailing_zeros() as usize;
    for c in &by_first[first] {
        if out.len() >= limit {
            return;
        }
        if left[c.kind] == 0 || c.mask & covered != 0 {
            continue;
        }
        left[c.kind] -= 1;
        chosen.push((c.kind, c.placement));
        search(by_first, full, covered | c.mask, left, chosen, out, limit);
        chosen.pop();
        left[c.kind] += 1;
    }
}

/// A lattice frame: the figure sits on the integer lattice after turning by `-turn * 45`
/// degrees (the shipped levels use 0 or 1; a lattice solution's rotations share that parity).
#[derive(Clone, Copy, Debug)]
struct Frame {
    turn: i32,
}

impl Frame {
    fn angle(self) -> f64 {
        self.turn as f64 * std::f64::consts::FRAC_PI_4
    }
    /// A world point on the lattice, or `None` if it is off it.
    fn lattice_point(self, p: Pt) -> Option<Pt> {
        let p = p.rotate(-self.angle());
        let q = pt(p.x.round(), p.y.round());
        (q.dist(p) < 1e-6).then_some(q)
    }
    /// World rings on the lattice (straight edges only), or `None`.
    fn rings(self, rings: &[Vec<Vertex>]) -> Option<Vec<Vec<Vertex>>> {
        rings
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| v.arc.is_none().then(|| self.lattice_point(v.at)).flatten().map(Vertex::from))
                    .collect()
            })
            .collect()
    }
    /// A world placement in lattice terms, or `None` if it does not sit on the lattice.
    fn to_lattice(self, p: &Placement) -> Option<Placement> {
        let at = self.lattice_point(pt(p.at.0, p.at.1))?;
        let rot = p.rot - self.turn;
        (rot.rem_euclid(2) == 0).then_some(Placement { rot, at: (at.x, at.y), ..*p })
    }
    fn to_world(self, p: Placement) -> Placement {
        let w = pt(p.at.0, p.at.1).rotate(self.angle());
        Placement { rot: p.rot + self.turn, at: (w.x, w.y), ..p }
    }
}

/// Solves a figure drawn in the frame turned by `turn * 45` degrees from the lattice. Returns
/// world placements, or `None` when the figure is not on the lattice in that frame.
pub fn solve_in_frame(set: &PieceSet, target: &[Vec<Vertex>], turn: i32, limit: usize) -> Option<Vec<Vec<Placement>>> {
    let frame = Frame { turn };
    let sols = solve(set, &frame.rings(target)?, limit)?;
    Some(sols.into_iter().map(|s| s.into_iter().map(|p| frame.to_world(p)).collect()).collect())
}

pub use crate::pieces::Hint;

/// A hint from the player's position on a lattice level. `turn` is the level's frame: the
/// figure and its pieces sit on the integer lattice after turning by `-turn * 45` degrees
/// (0 or 1; a lattice solution's rotations all have that parity). `placed` are the pieces the
/// player has put on the figure. `None` when the level is not a lattice level.
pub fn hint(set: &PieceSet, target: &[Vec<Vertex>], turn: i32, placed: &[Placement]) -> Option<Hint> {
    let frame = Frame { turn };
    let target_cells: std::collections::BTreeSet<Cell> = cells_of(&frame.rings(target)?)?.into_iter().collect();
    // Cells of each placed piece in the lattice frame, or the first piece that is off it.
    let mut used: std::collections::BTreeSet<Cell> = Default::default();
    let mut fixed: Vec<(usize, Vec<Cell>)> = Vec::new();
    for p in placed {
        let cells = frame.to_lattice(p).and_then(|local| cells_of(&local.apply(&set.pieces[p.piece], set.step())));
        match cells {
            Some(c) if c.iter().all(|x| target_cells.contains(x) && !used.contains(x)) => {
                used.extend(c.iter().copied());
                fixed.push((p.piece, c));
            }
            _ => return Some(Hint::Move(p.piece)),
        }
    }
    let pieces: Vec<usize> = (0..set.pieces.len()).filter(|i| !fixed.iter().any(|(f, _)| f == i)).collect();
    let cells: Vec<Cell> = target_cells.iter().copied().filter(|c| !used.contains(c)).collect();
    if pieces.is_empty() && cells.is_empty() {
        return Some(Hint::Done);
    }
    if let Some(sol) = solve_cells(set, &pieces, cells, 1)?.into_iter().next() {
        // Suggest the largest piece still to place (lowest index among equals).
        let area = |p: &Placement| crate::pieces::piece_area(&set.pieces[p.piece]);
        let best = sol.into_iter().max_by(|a, b| area(a).total_cmp(&area(b)).then(b.piece.cmp(&a.piece)))?;
        return Some(Hint::Next(frame.to_world(best)));
    }
    Some(Hint::Stuck)
}

/// Every convex polygon on the lattice with edges in the eight 45-degree directions and the
/// given area, up to the symmetries of the square lattice. Edge lengths are at most `max_len`
/// steps (a diagonal step is sqrt2 long).
pub fn convex_lattice_polygons(area: f64, max_len: i32) -> Vec<Vec<Pt>> {
    const DIRS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    let mut seen: std::collections::BTreeSet<Vec<i32>> = Default::default();
    let mut out = Vec::new();
    let n = (max_len + 1) as usize;
    let mut lens = [0i32; 8];
    for code in 0..n.pow(8) {
        let mut c = code;
        for l in lens.iter_mut() {
            *l = (c % n) as i32;
            c /= n;
        }
        let (sx, sy) = lens.iter().zip(DIRS).fold((0, 0), |(x, y), (l, d)| (x + l * d.0, y + l * d.1));
        if sx != 0 || sy != 0 {
            continue;
        }
        let mut pts: Vec<Pt> = Vec::new();
        let (mut x, mut y) = (0i32, 0i32);
        for (l, d) in lens.iter().zip(DIRS) {
            if *l > 0 {
                pts.push(pt(x as f64, y as f64));
                x += l * d.0;
                y += l * d.1;
            }
        }
        if pts.len() < 3 {
            continue;
        }
        let a: f64 = (0..pts.len()).map(|i| pts[i].cross(pts[(i + 1) % pts.len()])).sum::<f64>() / 2.0;
        if (a - area).abs() > 1e-9 {
            continue;
        }
        // Canonical form under the 8 lattice symmetries: rotations shift the directions by 2,
        // a mirror reverses them.
        let canon = (0..8)
            .map(|k| {
                let mut v: Vec<i32> = (0..8).map(|i| lens[(i + 2 * (k % 4)) % 8]).collect();
                if k >= 4 {
                    v = (0..8).map(|i| v[(8 - i) % 8]).collect();
                }
                v
            })
            .min()
            .unwrap();
        if seen.insert(canon) {
            out.push(pts);
        }
    }
    out
}

/// The two quarter cells sharing a diagonal half with this one, and the one across the side.
fn neighbours(&(x, y, q): &Cell) -> [Cell; 3] {
    let across = match q {
        0 => (x, y - 1, 2),
        1 => (x + 1, y, 3),
        2 => (x, y + 1, 0),
        _ => (x - 1, y, 1),
    };
    [(x, y, (q + 1) % 4), (x, y, (q + 3) % 4), across]
}

/// A random edge-to-edge assembly of all of the set's pieces on the lattice, each touching
/// the ones before along a whole quarter-cell side; its outline when that is one simple
/// contour without holes. `below(n)` draws a number in `0..n` (the level designers' seeded
/// generators and the daily puzzle's).
pub fn random_assembly(set: &PieceSet, below: &mut dyn FnMut(usize) -> usize) -> Option<Vec<Pt>> {
    let mut taken: std::collections::BTreeSet<Cell> = Default::default();
    let mut placements = Vec::new();
    let mut order: Vec<usize> = (0..set.pieces.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(i + 1));
    }
    for (n, &piece) in order.iter().enumerate() {
        let orients = orientations(set, piece);
        let mut placed = false;
        for _ in 0..400 {
            let o = &orients[below(orients.len())];
            let (dx, dy) = if n == 0 {
                (0, 0)
            } else {
                // Put one of the piece's cells next to a taken cell.
                let t: Vec<&Cell> = taken.iter().collect();
                let next = neighbours(t[below(t.len())])[below(3)];
                let c = o.cells[below(o.cells.len())];
                if c.2 != next.2 {
                    continue;
                }
                (next.0 - c.0, next.1 - c.1)
            };
            let cells: Vec<Cell> = o.cells.iter().map(|&(x, y, q)| (x + dx, y + dy, q)).collect();
            if cells.iter().any(|c| taken.contains(c))
                || (n > 0 && !cells.iter().any(|c| neighbours(c).iter().any(|m| taken.contains(m))))
            {
                continue;
            }
            taken.extend(cells);
            placements.push(Placement { piece, rot: o.rot, flip: o.flip, at: (dx as f64, dy as f64) });
            placed = true;
            break;
        }
        if !placed {
            return None;
        }
    }
    let tol = crate::geom::Tol::for_extent(20.0);
    let pieces: Vec<crate::verify::Piece> = placements
        .iter()
        .map(|p| crate::verify::Piece::from_vertices(&p.apply(&set.pieces[p.piece], set.step()), tol, p.piece).ok())
        .collect::<Option<_>>()?;
    let parts: Vec<_> = pieces.iter().flat_map(|p| p.parts.iter()).collect();
    let a = crate::verify::assemble(&parts, tol.eps);
    if a.contours.len() != 1 || a.overlay.overlap {
        return None;
    }
    Some(a.contours[0].edges.iter().map(|e| e.start()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(points: &[Pt]) -> Vec<Vec<Vertex>> {
        vec![points.iter().map(|&p| p.into()).collect()]
    }

    #[test]
    fn every_piece_is_quarter_cells() {
        let set = PieceSet::builtin("tangram").unwrap();
        let counts: Vec<usize> = (0..7).map(|i| orientations(&set, i)[0].cells.len()).collect();
        assert_eq!(counts, vec![8, 8, 4, 2, 2, 4, 4]);
        // Triangles and the square look the same mirrored; the parallelogram does not.
        assert_eq!(orientations(&set, 5).len(), 1);
        assert_eq!(orientations(&set, 0).len(), 4);
        assert_eq!(orientations(&set, 6).len(), 4);
    }

    #[test]
    fn the_thirteen_convex_tangrams() {
        // Wang and Hsiung (1942): the seven tangram pieces form exactly 13 convex figures.
        let set = PieceSet::builtin("tangram").unwrap();
        let solvable = convex_lattice_polygons(8.0, 6)
            .into_iter()
            .filter(|p| !solve(&set, &ring(p), 1).unwrap().is_empty())
            .count();
        assert_eq!(solvable, 13);
    }
}
