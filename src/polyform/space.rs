//! Polycube pieces handled in space, as the 3D view offers them: a ray from the eye picks the
//! cube under the pointer (and the face it entered by), a piece moves a whole cell at a time
//! and turns a quarter turn about an axis through its middle, and a move that would leave the
//! figure's box or run into another piece is refused with the reason.
//!
//! Board coordinates throughout: cell `[x, y, z]` is the unit cube from `(x, y, z)` to
//! `(x + 1, y + 1, z + 1)`, z up. A piece's place is still a [`Placement`] as
//! [`super::place`] encodes it (its rotation and its lowest corner), so judging, hints and
//! saving see no difference between a piece moved here and one moved on the layer panels.

use super::lowest;
use super::pack::Board;
use super::place::{orient, place_at, placement_cells, turn};
use super::Cell;
use crate::pieces::Placement;

/// A half-line from `from` along `dir` (board coordinates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    pub from: [f64; 3],
    pub dir: [f64; 3],
}

impl Ray {
    pub fn at(&self, t: f64) -> [f64; 3] {
        [self.from[0] + t * self.dir[0], self.from[1] + t * self.dir[1], self.from[2] + t * self.dir[2]]
    }

    /// Where the ray crosses the plane `coordinate[axis] = level`, if it does (ahead of it).
    pub fn meets_plane(&self, axis: usize, level: f64) -> Option<[f64; 3]> {
        if self.dir[axis].abs() < 1e-9 {
            return None;
        }
        let t = (level - self.from[axis]) / self.dir[axis];
        (t > 0.0).then(|| self.at(t))
    }

    /// The distance along the ray to the unit cube of `c`, and the axis of the face it enters
    /// by; `None` if it misses (slab test).
    pub fn meets_cube(&self, c: Cell) -> Option<(f64, usize)> {
        let (mut near, mut far, mut axis) = (f64::MIN, f64::MAX, 0);
        for (a, &ca) in c.iter().enumerate() {
            let (lo, hi) = (ca as f64, ca as f64 + 1.0);
            if self.dir[a].abs() < 1e-12 {
                if self.from[a] < lo || self.from[a] > hi {
                    return None;
                }
                continue;
            }
            let (t0, t1) = ((lo - self.from[a]) / self.dir[a], (hi - self.from[a]) / self.dir[a]);
            let (t0, t1) = (t0.min(t1), t0.max(t1));
            if t0 > near {
                near = t0;
                axis = a;
            }
            far = far.min(t1);
        }
        (near <= far && near > 0.0).then_some((near, axis))
    }
}

/// What the pointer's ray hit first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The caller's tag of the cube hit (a piece number, say).
    pub tag: usize,
    pub cell: Cell,
    /// The axis of the face the ray entered by (the face's normal).
    pub axis: usize,
    /// Where on that face.
    pub point: [f64; 3],
}

/// The nearest of the tagged cubes the ray meets.
pub fn pick(ray: &Ray, cubes: impl IntoIterator<Item = (usize, Cell)>) -> Option<Hit> {
    let mut best: Option<(f64, Hit)> = None;
    for (tag, cell) in cubes {
        if let Some((t, axis)) = ray.meets_cube(cell) {
            if best.is_none_or(|(b, _)| t < b) {
                best = Some((t, Hit { tag, cell, axis, point: ray.at(t) }));
            }
        }
    }
    best.map(|(_, h)| h)
}

/// Why a piece may not go where it was asked to.
#[derive(Clone, Debug, PartialEq)]
pub enum Blocked {
    /// Some of its cubes would stick out of the figure's box.
    Outside,
    /// It would run into this piece.
    Overlap(usize),
    /// There is no free room in the box for it as it is turned.
    NoRoom,
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Blocked::Outside => write!(f, "it would stick out of the box"),
            Blocked::Overlap(_) => write!(f, "another piece is in the way"),
            Blocked::NoRoom => write!(f, "there is no free room for it, turned this way"),
        }
    }
}

/// The smallest and largest cell of the figure's box.
pub fn bounds(board: &Board) -> (Cell, Cell) {
    let e = board.extent();
    ([0, 0, 0], [e[0] - 1, e[1] - 1, e[2] - 1])
}

fn inside(board: &Board, cells: &[Cell]) -> bool {
    let (lo, hi) = bounds(board);
    cells.iter().all(|c| (0..3).all(|a| (lo[a]..=hi[a]).contains(&c[a])))
}

/// The cells of a piece lying in the figure's box, or `None` when it is in the tray (or only
/// partly in the box).
pub fn in_box(board: &Board, part: &[Cell], p: &Placement) -> Option<Vec<Cell>> {
    placement_cells(board, part, p).filter(|cells| inside(board, cells))
}

/// Whether `cells` may be taken: in the box, and clear of the other pieces' cells
/// (`(piece, cells)`).
pub fn check(board: &Board, cells: &[Cell], others: &[(usize, Vec<Cell>)]) -> Result<(), Blocked> {
    if !inside(board, cells) {
        return Err(Blocked::Outside);
    }
    match others.iter().find(|(_, theirs)| theirs.iter().any(|c| cells.contains(c))) {
        Some((k, _)) => Err(Blocked::Overlap(*k)),
        None => Ok(()),
    }
}

fn highest(cells: &[Cell]) -> Cell {
    cells.iter().fold([i32::MIN; 3], |m, c| [m[0].max(c[0]), m[1].max(c[1]), m[2].max(c[2])])
}

fn shift(cells: &[Cell], d: Cell) -> Vec<Cell> {
    cells.iter().map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]]).collect()
}

/// A move or turn asked for: the new place and the cells it would take (so a refused one can
/// be shown where it would have gone), or why it may not.
pub type Attempt = (Vec<Cell>, Result<Placement, Blocked>);

/// A piece in the box moved by `d` cells.
pub fn moved(board: &Board, part: &[Cell], p: &Placement, d: Cell, others: &[(usize, Vec<Cell>)]) -> Option<Attempt> {
    let cells = shift(&in_box(board, part, p)?, d);
    let lo = lowest(&cells);
    let out = check(board, &cells, others).map(|()| place_at(board, p.piece, p.rot, lo));
    Some((cells, out))
}

/// A piece in the box turned a quarter turn (`quarter` of them) about `axis` through its
/// middle: it keeps its middle cell where it was, and is pushed back into the box if the turn
/// swung it out.
pub fn turned(
    board: &Board,
    part: &[Cell],
    p: &Placement,
    axis: usize,
    quarter: i32,
    others: &[(usize, Vec<Cell>)],
) -> Option<Attempt> {
    let now = in_box(board, part, p)?;
    let rot = turn(p.rot, axis, quarter);
    let shape = orient(part, rot);
    let middle = |cells: &[Cell]| -> [f64; 3] {
        let n = cells.len().max(1) as f64;
        let s = cells.iter().fold([0.0; 3], |s, c| [s[0] + c[0] as f64, s[1] + c[1] as f64, s[2] + c[2] as f64]);
        [s[0] / n, s[1] / n, s[2] / n]
    };
    let (want, has) = (middle(&now), middle(&shape));
    let (lo, hi) = bounds(board);
    let ext = highest(&shape);
    let mut at = [0; 3];
    for a in 0..3 {
        at[a] = ((want[a] - has[a]).round() as i32).clamp(lo[a], (hi[a] - ext[a]).max(lo[a]));
    }
    let cells = shift(&shape, at);
    let out = check(board, &cells, others).map(|()| place_at(board, p.piece, rot, at));
    Some((cells, out))
}

/// Where a piece from the tray goes into the box, turned as it is: with its lowest corner at
/// `near` (pushed back into the box) when given; otherwise the first free place, trying
/// bottom layers first and places wholly on the figure before the rest of the box.
pub fn entry(
    board: &Board,
    part: &[Cell],
    piece: usize,
    rot: i32,
    near: Option<Cell>,
    others: &[(usize, Vec<Cell>)],
) -> Attempt {
    let shape = orient(part, rot);
    let (lo, hi) = bounds(board);
    let ext = highest(&shape);
    if let Some(n) = near {
        let at: Cell = std::array::from_fn(|a| n[a].clamp(lo[a], (hi[a] - ext[a]).max(lo[a])));
        let cells = shift(&shape, at);
        let out = check(board, &cells, others).map(|()| place_at(board, piece, rot, at));
        return (cells, out);
    }
    let figure: std::collections::HashSet<Cell> = board.cells.iter().copied().collect();
    let mut free = Vec::new();
    for z in lo[2]..=hi[2] - ext[2] {
        for y in lo[1]..=hi[1] - ext[1] {
            for x in lo[0]..=hi[0] - ext[0] {
                let cells = shift(&shape, [x, y, z]);
                if check(board, &cells, others).is_ok() {
                    if cells.iter().all(|c| figure.contains(c)) {
                        return (cells, Ok(place_at(board, piece, rot, [x, y, z])));
                    }
                    free.push([x, y, z]);
                }
            }
        }
    }
    match free.first() {
        Some(&at) => (shift(&shape, at), Ok(place_at(board, piece, rot, at))),
        None => (Vec::new(), Err(Blocked::NoRoom)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn soma() -> (Board, Vec<Vec<Cell>>) {
        let set = crate::polyform::builtin_set("soma").unwrap();
        (Board::boxed(3, 3, 3).unwrap(), set.parts.into_iter().map(|(_, c)| c).collect())
    }

    #[test]
    fn the_ray_enters_the_nearest_cube_by_the_face_it_faces() {
        // Looking straight down from above the box at the middle of cell (1, 1).
        let down = Ray { from: [1.5, 1.5, 10.0], dir: [0.0, 0.0, -1.0] };
        let cubes = [(7, [1, 1, 0]), (8, [1, 1, 2]), (9, [0, 0, 2])];
        let hit = pick(&down, cubes).unwrap();
        assert_eq!((hit.tag, hit.cell, hit.axis), (8, [1, 1, 2], 2));
        assert!((hit.point[2] - 3.0).abs() < 1e-12);
        // From the side along x, it enters by an x face.
        let side = Ray { from: [-5.0, 0.5, 2.5], dir: [1.0, 0.0, 0.0] };
        assert_eq!(pick(&side, cubes).map(|h| (h.tag, h.axis)), Some((9, 0)));
        // Behind the eye nothing is hit.
        let away = Ray { from: [1.5, 1.5, 10.0], dir: [0.0, 0.0, 1.0] };
        assert_eq!(pick(&away, cubes), None);
        assert_eq!(down.meets_plane(2, 0.0), Some([1.5, 1.5, 0.0]));
        assert_eq!(away.meets_plane(2, 0.0), None);
    }

    #[test]
    fn pieces_enter_move_and_turn_inside_the_box_and_say_why_not() {
        let (board, parts) = soma();
        // The L tetracube (part 1) enters at the first free place: the bottom corner.
        let (cells, first) = entry(&board, &parts[1], 1, 0, None, &[]);
        let first = first.unwrap();
        assert_eq!(in_box(&board, &parts[1], &first).unwrap(), cells);
        assert!(cells.iter().all(|c| c[2] == 0) && cells.contains(&[0, 0, 0]));
        // With it there, the T tetracube (part 2) enters elsewhere, clear of it.
        let others = vec![(1, cells.clone())];
        let (t_cells, t) = entry(&board, &parts[2], 2, 0, None, &others);
        assert!(t.is_ok() && t_cells.iter().all(|c| !cells.contains(c)));
        // Asked for the L's corner, it is refused and told which piece is in the way.
        let (_, at_l) = entry(&board, &parts[2], 2, 0, Some([0, 0, 0]), &others);
        assert_eq!(at_l, Err(Blocked::Overlap(1)));
        // Moving the L up a layer keeps its shape one cell higher; far up it leaves the box.
        let (up, ok) = moved(&board, &parts[1], &first, [0, 0, 1], &[]).unwrap();
        assert_eq!(up, cells.iter().map(|c| [c[0], c[1], c[2] + 1]).collect::<Vec<_>>());
        assert_eq!(in_box(&board, &parts[1], &ok.unwrap()).unwrap(), up);
        assert_eq!(moved(&board, &parts[1], &first, [0, 0, 3], &[]).unwrap().1, Err(Blocked::Outside));
        // Four quarter turns about each axis bring it back; each turn stays in the box.
        for axis in 0..3 {
            let mut p = first;
            for _ in 0..4 {
                let (c, next) = turned(&board, &parts[1], &p, axis, 1, &[]).unwrap();
                p = next.unwrap();
                assert_eq!(in_box(&board, &parts[1], &p).unwrap(), c);
            }
            assert_eq!(p.rot, first.rot, "axis {axis}");
        }
        // A tray piece cannot be moved or turned in space.
        let tray = Placement { piece: 1, rot: 0, flip: false, at: (-6.0, 0.0) };
        assert!(moved(&board, &parts[1], &tray, [1, 0, 0], &[]).is_none());
        assert!(turned(&board, &parts[1], &tray, 0, 1, &[]).is_none());
    }

    #[test]
    fn a_full_box_has_no_room() {
        let board = Board::boxed(2, 1, 1).unwrap();
        let rod = vec![[0, 0, 0], [1, 0, 0]];
        let others = vec![(0, vec![[0, 0, 0]])];
        assert_eq!(entry(&board, &rod, 1, 0, None, &others).1, Err(Blocked::NoRoom));
        assert!(entry(&board, &rod, 1, 0, None, &[]).1.is_ok());
    }
}
