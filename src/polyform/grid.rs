//! The grids parts are made on: squares and cubes (the rest of [`super`]), and the plane's two
//! other regular grids, triangles (polyiamonds) and hexagons (polyhexes).
//!
//! Both new grids live on the triangular lattice: the points `a·e1 + b·e2` with `e1 = (1, 0)`
//! and `e2 = (1/2, √3/2)`, whose turns by 60 degrees and mirrors are integer maps of `(a, b)`.
//! * A hexagon `[a, b, 0]` is centred on lattice point `(a, b)`; its six neighbours are
//!   `(±1, 0)`, `(0, ±1)`, `(1, -1)` and `(-1, 1)` away.
//! * A triangle `[a, b, t]` has corners on lattice points: pointing up (`t = 0`) it is
//!   `(a, b), (a+1, b), (a, b+1)`; pointing down (`t = 1`) it is `(a+1, b), (a, b+1), (a+1, b+1)`.
//!   An up triangle touches the down triangles `[a, b]`, `[a-1, b]` and `[a, b-1]`.
//!
//! A motion maps a cell's centre (a hexagon) or its three corners (a triangle) and reads the
//! cell back from the image. Translations are whole lattice steps, so a part is normalised by
//! moving its smallest `a` and `b` to 0 (a triangle keeps its `t`).
//!
//! Every fixed part is grown by Redelmeier's method, as the squares' are ([`super::enumerate`]),
//! from a lowest cell (least `b`, then `a`, then `t`): on triangles, once from an up and once
//! from a down triangle.

use super::enumerate::{grow, Marks};
use super::{Cell, Symmetry};
use std::collections::HashSet;

/// A grid of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grid {
    Square,
    Cube,
    Triangle,
    Hexagon,
}

/// A linear map of the lattice, as the rows of a 3 x 3 integer matrix.
pub type Motion = [[i32; 3]; 3];

/// A turn by 60 degrees of the triangular lattice: `(a, b) -> (-b, a + b)`.
const TURN: Motion = [[0, -1, 0], [1, 1, 0], [0, 0, 1]];
/// A mirror of the triangular lattice (about the line at 30 degrees): `(a, b) -> (b, a)`.
const MIRROR: Motion = [[0, 1, 0], [1, 0, 0], [0, 0, 1]];

fn times(m: &Motion, n: &Motion) -> Motion {
    let mut out = [[0; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| m[r][k] * n[k][c]).sum();
        }
    }
    out
}

impl Grid {
    /// Every grid, by its name on the command line.
    pub const ALL: [(&'static str, Grid); 4] =
        [("square", Grid::Square), ("cube", Grid::Cube), ("triangle", Grid::Triangle), ("hexagon", Grid::Hexagon)];

    pub fn parse(name: &str) -> Option<Grid> {
        Grid::ALL.iter().find(|(n, _)| *n == name).map(|(_, g)| *g)
    }

    pub fn name(self) -> &'static str {
        Grid::ALL.iter().find(|(_, g)| *g == self).map(|(n, _)| *n).expect("every grid is named")
    }

    /// 2 for the plane's grids, 3 for cubes.
    pub fn dim(self) -> u8 {
        if self == Grid::Cube {
            3
        } else {
            2
        }
    }

    /// What its parts are called.
    pub fn parts_name(self) -> &'static str {
        match self {
            Grid::Square => "polyominoes",
            Grid::Cube => "polycubes",
            Grid::Triangle => "polyiamonds",
            Grid::Hexagon => "polyhexes",
        }
    }

    /// The cells sharing a side (a face, for cubes) with `c`.
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        let [a, b, t] = c;
        match self {
            Grid::Square | Grid::Cube => super::neighbours(c, self.dim()).collect(),
            Grid::Hexagon => [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]
                .into_iter()
                .map(|[da, db]| [a + da, b + db, 0])
                .collect(),
            Grid::Triangle if t == 0 => vec![[a, b, 1], [a - 1, b, 1], [a, b - 1, 1]],
            Grid::Triangle => vec![[a, b, 0], [a + 1, b, 0], [a, b + 1, 0]],
        }
    }

    /// The motions of a symmetry class, the identity first (then the turns, then the mirrored
    /// ones), as [`Grid::apply`] takes them.
    pub fn motions(self, sym: Symmetry) -> Vec<Motion> {
        match self {
            Grid::Square | Grid::Cube => super::motions(self.dim(), sym),
            Grid::Triangle | Grid::Hexagon => {
                let mut turns = vec![[[1, 0, 0], [0, 1, 0], [0, 0, 1]]];
                for k in 1..6 {
                    turns.push(times(&TURN, &turns[k - 1]));
                }
                let mirrored: Vec<Motion> = turns.iter().map(|m| times(m, &MIRROR)).collect();
                match sym {
                    Symmetry::Fixed => turns.truncate(1),
                    Symmetry::Rotations => {}
                    Symmetry::RotationsAndMirrors => turns.extend(mirrored),
                }
                turns
            }
        }
    }

    /// The image of cell `c` under motion `m`.
    pub fn apply(self, m: &Motion, c: Cell) -> Cell {
        let map = |p: [i32; 2]| {
            let q = super::apply(m, [p[0], p[1], 0]);
            [q[0], q[1]]
        };
        match self {
            Grid::Square | Grid::Cube => super::apply(m, c),
            Grid::Hexagon => {
                let [a, b] = map([c[0], c[1]]);
                [a, b, 0]
            }
            Grid::Triangle => {
                let corners = triangle_corners(c).map(map);
                // An up triangle has one corner of least a + b, a down one one of greatest.
                let sum = |p: &[i32; 2]| p[0] + p[1];
                let least = corners.iter().min_by_key(|p| sum(p)).expect("three corners");
                if corners.iter().filter(|p| sum(p) == sum(least)).count() == 1 {
                    [least[0], least[1], 0]
                } else {
                    let most = corners.iter().max_by_key(|p| sum(p)).expect("three corners");
                    [most[0] - 1, most[1] - 1, 1]
                }
            }
        }
    }

    /// Moved so the smallest coordinates are 0 (a triangle's `t` stays), and sorted.
    pub fn normalize(self, cells: &[Cell]) -> Vec<Cell> {
        if self != Grid::Triangle {
            return super::normalize(cells);
        }
        let lo = super::lowest(cells);
        let mut v: Vec<Cell> = cells.iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2]]).collect();
        v.sort_unstable();
        v
    }

    fn image(self, m: &Motion, cells: &[Cell]) -> Vec<Cell> {
        self.normalize(&cells.iter().map(|&c| self.apply(m, c)).collect::<Vec<_>>())
    }

    /// The distinct orientations of a part under a class's motions, normalised.
    pub fn orientations(self, cells: &[Cell], sym: Symmetry) -> Vec<Vec<Cell>> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for m in self.motions(sym) {
            let o = self.image(&m, cells);
            if !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }

    /// The canonical form: the smallest normalised image under the class's motions.
    pub fn canonical(self, cells: &[Cell], sym: Symmetry) -> Vec<Cell> {
        self.motions(sym).iter().map(|m| self.image(m, cells)).min().unwrap_or_default()
    }

    /// The corners of a cell of the plane, in the plane (unit sides; y up), counter-clockwise.
    pub fn polygon(self, c: Cell) -> Vec<[f64; 2]> {
        let point = |a: f64, b: f64| [a + b / 2.0, b * 3f64.sqrt() / 2.0];
        match self {
            Grid::Square | Grid::Cube => {
                let (x, y) = (c[0] as f64, c[1] as f64);
                vec![[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]
            }
            Grid::Triangle => self.corners3(c).iter().map(|p| point(p[0] as f64 / 3.0, p[1] as f64 / 3.0)).collect(),
            Grid::Hexagon => {
                // Lattice points one apart: a hexagon of side 1/√3, pointy side up.
                let [x, y] = point(c[0] as f64, c[1] as f64);
                let r = 1.0 / 3f64.sqrt();
                (0..6)
                    .map(|k| {
                        let angle = std::f64::consts::FRAC_PI_6 + k as f64 * std::f64::consts::FRAC_PI_3;
                        [x + r * angle.cos(), y + r * angle.sin()]
                    })
                    .collect()
            }
        }
    }
}

/// A mirror of the plane's x (as a game piece is mirrored): `(a, b) -> (-a - b, b)`.
const MIRROR_X: Motion = [[-1, -1, 0], [0, 1, 0], [0, 0, 1]];

/// √3 / 2: the height of a lattice row.
const ROW: f64 = 0.866_025_403_784_438_6;

/// The lattice on which both new grids' translations lie, in the plane.
pub mod lattice {
    use super::ROW;

    /// Lattice point `(a, b)` in the plane.
    pub fn point([a, b]: [i32; 2]) -> [f64; 2] {
        [f64::from(a) + f64::from(b) / 2.0, f64::from(b) * ROW]
    }

    /// The lattice point nearest to `(x, y)`.
    pub fn nearest([x, y]: [f64; 2]) -> [i32; 2] {
        let b = y / ROW;
        let a = x - b / 2.0;
        // The nearest point is one of the four corners of the lattice cell around (a, b).
        let (a0, b0) = (a.floor() as i32, b.floor() as i32);
        let mut best = ([a0, b0], f64::INFINITY);
        for da in 0..2 {
            for db in 0..2 {
                let q = [a0 + da, b0 + db];
                let p = point(q);
                let d = (p[0] - x).hypot(p[1] - y);
                if d < best.1 {
                    best = (q, d);
                }
            }
        }
        best.0
    }

    /// `(x, y)` as a lattice point, when it is one (within rounding).
    pub fn exact(at: [f64; 2]) -> Option<[i32; 2]> {
        let q = nearest(at);
        let p = point(q);
        ((p[0] - at[0]).hypot(p[1] - at[1]) < 1e-6).then_some(q)
    }

    /// The six unit steps of the lattice, as points of the plane, counter-clockwise from east.
    pub fn steps() -> [[f64; 2]; 6] {
        [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]].map(point)
    }
}

impl Grid {
    /// The lattice motion of a game piece's turn by `rot` sixths of a whole turn after a mirror
    /// of x when `flip` (as [`crate::pieces::Placement`] moves a piece about its origin).
    pub fn placed(self, rot: i32, flip: bool) -> Motion {
        let mut m = if flip { MIRROR_X } else { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] };
        for _ in 0..rot.rem_euclid(6) {
            m = times(&TURN, &m);
        }
        m
    }

    /// A cell's corners in thirds of lattice steps, counter-clockwise: whole numbers for
    /// both grids (a hexagon's corners lie a third of the way between lattice points).
    fn corners3(self, c: Cell) -> Vec<[i32; 2]> {
        match self {
            Grid::Triangle if c[2] == 0 => triangle_corners(c).map(|[a, b]| [3 * a, 3 * b]).to_vec(),
            // A down triangle's corners run clockwise as listed.
            Grid::Triangle => triangle_corners(c).iter().rev().map(|&[a, b]| [3 * a, 3 * b]).collect(),
            Grid::Hexagon => [[1, 1], [-1, 2], [-2, 1], [-1, -1], [1, -2], [2, -1]]
                .iter()
                .map(|[da, db]| [3 * c[0] + da, 3 * c[1] + db])
                .collect(),
            Grid::Square | Grid::Cube => {
                let [x, y, _] = c;
                vec![[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]
            }
        }
    }

    /// The outline of a part of the plane's grids, counter-clockwise; `None` when it is not
    /// one simple ring (a hole, a corner where it touches itself, cells apart).
    pub fn outline(self, cells: &[Cell]) -> Option<Vec<[f64; 2]>> {
        use std::collections::HashMap;
        let mut edges: HashMap<[i32; 2], Vec<[i32; 2]>> = HashMap::new();
        let mut count = 0;
        for &c in cells {
            let k = self.corners3(c);
            for i in 0..k.len() {
                let (u, v) = (k[i], k[(i + 1) % k.len()]);
                // An inner side is walked both ways: the two cancel.
                match edges.get_mut(&v).and_then(|out| out.iter().position(|w| *w == u).map(|j| (out, j))) {
                    Some((out, j)) => {
                        out.swap_remove(j);
                        count -= 1;
                    }
                    None => {
                        edges.entry(u).or_default().push(v);
                        count += 1;
                    }
                }
            }
        }
        if edges.values().any(|out| out.len() > 1) {
            return None;
        }
        let start = *edges.iter().find(|(_, out)| !out.is_empty())?.0;
        let mut ring = vec![start];
        let mut at = start;
        loop {
            at = *edges.get(&at)?.first()?;
            if at == start {
                break;
            }
            ring.push(at);
        }
        if ring.len() != count {
            return None;
        }
        let scale = if matches!(self, Grid::Square | Grid::Cube) { 1.0 } else { 3.0 };
        let to_plane = |[a, b]: [i32; 2]| match self {
            Grid::Square | Grid::Cube => [f64::from(a), f64::from(b)],
            _ => {
                let (a, b) = (f64::from(a) / scale, f64::from(b) / scale);
                [a + b / 2.0, b * ROW]
            }
        };
        // Corners where the outline goes straight on are left out.
        let n = ring.len();
        let turning = (0..n).filter(|&i| {
            let (p, q, r) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            (q[0] - p[0]) * (r[1] - q[1]) != (q[1] - p[1]) * (r[0] - q[0])
        });
        Some(turning.map(|i| to_plane(ring[i])).collect())
    }

    /// A parallelogram of `x` by `y` lattice steps: its `2xy` triangles, or `xy` hexagons.
    /// (On squares, the `x` by `y` box.)
    pub fn parallelogram(self, x: i32, y: i32) -> Vec<Cell> {
        let kinds = if self == Grid::Triangle { 2 } else { 1 };
        (0..y).flat_map(|b| (0..x).flat_map(move |a| (0..kinds).map(move |t| [a, b, t]))).collect()
    }

    /// A cell's colour in the two-colouring that every part covers by a fixed surplus up to
    /// sign, wherever it lies (the squares' checkerboard, the triangles' up and down); `None`
    /// on hexagons, which have none.
    pub fn parity(self, c: Cell) -> Option<bool> {
        match self {
            Grid::Square | Grid::Cube => Some((c[0] + c[1] + c[2]).rem_euclid(2) == 0),
            Grid::Triangle => Some(c[2] == 0),
            Grid::Hexagon => None,
        }
    }

    /// The cell of the plane's grid whose centre lies at `(x, y)` (within rounding), if any:
    /// how a piece's cells are read back from where the game put it.
    pub fn cell_at(self, [x, y]: [f64; 2]) -> Option<Cell> {
        match self {
            Grid::Square | Grid::Cube => {
                let (a, b) = ((x - 0.5).round(), (y - 0.5).round());
                ((a + 0.5 - x).hypot(b + 0.5 - y) < 1e-6).then_some([a as i32, b as i32, 0])
            }
            Grid::Hexagon => lattice::exact([x, y]).map(|[a, b]| [a, b, 0]),
            // A triangle's centre is a third of the way into a lattice rhombus.
            Grid::Triangle => {
                let (b, a) = (y / ROW, x - y / ROW / 2.0);
                for t in 0..2 {
                    let off = if t == 0 { 1.0 / 3.0 } else { 2.0 / 3.0 };
                    let (a0, b0) = ((a - off).round(), (b - off).round());
                    if (a - off - a0).abs() < 1e-6 && (b - off - b0).abs() < 1e-6 {
                        return Some([a0 as i32, b0 as i32, t]);
                    }
                }
                None
            }
        }
    }

    /// Whether the cells form one part through shared sides.
    pub fn connected(self, cells: &[Cell]) -> bool {
        let Some(&first) = cells.first() else { return false };
        let all: HashSet<Cell> = cells.iter().copied().collect();
        let mut seen = HashSet::from([first]);
        let mut stack = vec![first];
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if all.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen.len() == all.len()
    }

    /// The cell of the plane's grid that holds point `(x, y)` (a point on a side: one of the
    /// two cells).
    pub fn cell_containing(self, [x, y]: [f64; 2]) -> Cell {
        match self {
            Grid::Square | Grid::Cube => [x.floor() as i32, y.floor() as i32, 0],
            // A hexagon is the set of points nearest to its lattice point.
            Grid::Hexagon => {
                let [a, b] = lattice::nearest([x, y]);
                [a, b, 0]
            }
            // In lattice coordinates, a rhombus cut by its short diagonal into up and down.
            Grid::Triangle => {
                let b = y / ROW;
                let a = x - b / 2.0;
                let (fa, fb) = (a.floor(), b.floor());
                let t = i32::from(a - fa + (b - fb) >= 1.0);
                [fa as i32, fb as i32, t]
            }
        }
    }

    /// The centre of a cell of the plane's grids.
    pub fn centre(self, c: Cell) -> [f64; 2] {
        let p = self.polygon(c);
        let n = p.len() as f64;
        [p.iter().map(|q| q[0]).sum::<f64>() / n, p.iter().map(|q| q[1]).sum::<f64>() / n]
    }
}

/// A triangle's corners, as lattice points.
fn triangle_corners([a, b, t]: Cell) -> [[i32; 2]; 3] {
    if t == 0 {
        [[a, b], [a + 1, b], [a, b + 1]]
    } else {
        [[a + 1, b], [a, b + 1], [a + 1, b + 1]]
    }
}

/// Calls `f` once with the cells of every fixed part of `n` cells on `grid`, unsorted.
pub fn for_each_fixed(grid: Grid, n: usize, mut f: impl FnMut(&[Cell])) {
    match grid {
        Grid::Square | Grid::Cube => super::enumerate::for_each_fixed(grid.dim(), n, f),
        Grid::Triangle | Grid::Hexagon => {
            if n == 0 {
                return;
            }
            let starts: &[Cell] = if grid == Grid::Triangle { &[[0, 0, 0], [0, 0, 1]] } else { &[[0, 0, 0]] };
            for &start in starts {
                // The start is the part's lowest cell: only cells after it in (b, a, t) may join.
                let after = |c: Cell| (c[1], c[0], c[2]) > (start[1], start[0], start[2]);
                let seen = std::cell::RefCell::new(HashSet::from([start]));
                let mut marks = Marks {
                    first_sight: |c: Cell| after(c) && seen.borrow_mut().insert(c),
                    forget: |c: Cell| {
                        seen.borrow_mut().remove(&c);
                    },
                };
                let mut cells = Vec::with_capacity(n);
                grow(n, &mut vec![start], &mut cells, &|c| grid.neighbours(c), &mut marks, &mut f);
            }
        }
    }
}

/// Whether a part (normalised) is the smallest of its images under `ms`.
fn is_canonical(grid: Grid, norm: &[Cell], ms: &[Motion]) -> bool {
    ms[1..].iter().all(|m| grid.image(m, norm).as_slice() >= norm)
}

/// The number of parts of `n` cells on `grid` in a class.
pub fn count(grid: Grid, n: usize, sym: Symmetry) -> u64 {
    if matches!(grid, Grid::Square | Grid::Cube) {
        return super::enumerate::count(grid.dim(), n, sym);
    }
    let ms = grid.motions(sym);
    let mut k = 0u64;
    for_each_fixed(grid, n, |cells| {
        if sym == Symmetry::Fixed || is_canonical(grid, &grid.normalize(cells), &ms) {
            k += 1;
        }
    });
    k
}

/// Every part of `n` cells on `grid` in a class, each in its canonical form, sorted.
pub fn parts(grid: Grid, n: usize, sym: Symmetry) -> Vec<Vec<Cell>> {
    if matches!(grid, Grid::Square | Grid::Cube) {
        return super::enumerate::parts(grid.dim(), n, sym);
    }
    let ms = grid.motions(sym);
    let mut out = Vec::new();
    for_each_fixed(grid, n, |cells| {
        let norm = grid.normalize(cells);
        if sym == Symmetry::Fixed || is_canonical(grid, &norm, &ms) {
            out.push(norm);
        }
    });
    out.sort();
    out
}

impl Grid {
    /// The motions that map figure `cells` onto itself (moved back to where it was).
    pub fn symmetries(self, cells: &[Cell]) -> Vec<Motion> {
        let home = self.normalize(cells);
        self.motions(Symmetry::RotationsAndMirrors).into_iter().filter(|m| self.image(m, cells) == home).collect()
    }

    /// Moves cells by `d` (a lattice step: a triangle keeps its `t`).
    fn shifted(self, cells: &[Cell], d: Cell) -> Vec<Cell> {
        let dz = if self == Grid::Triangle { 0 } else { d[2] };
        cells.iter().map(|c| [c[0] + d[0], c[1] + d[1], c[2] + dz]).collect()
    }
}

/// How many ways `parts`, each used once and turned (and mirrored) as `sym` allows, fill
/// `board` exactly: every filling, and the fillings up to the board's own symmetries (two
/// fillings are one when a motion of the board carries one onto the other). An exact cover,
/// searched by [`super::bitcover`]; for the small boards of the grids' classic puzzles.
pub fn fillings(grid: Grid, board: &[Cell], parts: &[Vec<Cell>], sym: Symmetry) -> (u64, u64) {
    let board = grid.normalize(board);
    let column = |c: &Cell| board.binary_search(c).ok();
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        for o in grid.orientations(part, sym) {
            // Each placement once: the orientation's first cell on each board cell of its kind.
            for &at in board.iter().filter(|c| grid != Grid::Triangle || c[2] == o[0][2]) {
                let d = [at[0] - o[0][0], at[1] - o[0][1], at[2] - o[0][2]];
                let cols: Option<Vec<usize>> = grid.shifted(&o, d).iter().map(column).collect();
                if let Some(mut cols) = cols {
                    cols.push(board.len() + i);
                    rows.push(cols);
                }
            }
        }
    }
    let mut cover = super::bitcover::BitCover::new(board.len() + parts.len(), &rows);
    let mut found: Vec<Vec<usize>> = Vec::new();
    cover.search(
        &mut Vec::new(),
        &mut |cover| {
            if let Some(taken) = cover {
                found.push(taken.to_vec());
            }
            true
        },
        &mut |_, _| true,
    );
    // A filling as each part's cells, in parts' order; its images under the board's motions.
    let filling = |taken: &[usize]| -> Vec<Vec<Cell>> {
        let mut by_part = vec![Vec::new(); parts.len()];
        for &r in taken {
            let part = rows[r].last().expect("a part column") - board.len();
            by_part[part] = rows[r][..rows[r].len() - 1].iter().map(|&c| board[c]).collect();
        }
        by_part
    };
    let symmetries = grid.symmetries(&board);
    let mut distinct = HashSet::new();
    for taken in &found {
        let f = filling(taken);
        let images = symmetries.iter().map(|m| {
            let moved: Vec<Vec<Cell>> =
                f.iter().map(|cells| cells.iter().map(|&c| grid.apply(m, c)).collect()).collect();
            // Back onto the board: the shift that brings the moved board home.
            let all: Vec<Cell> = moved.iter().flatten().copied().collect();
            let lo = super::lowest(&all);
            let d = [-lo[0], -lo[1], -lo[2]];
            moved
                .iter()
                .map(|cells| {
                    let mut v = grid.shifted(cells, d);
                    v.sort_unstable();
                    v
                })
                .collect::<Vec<_>>()
        });
        distinct.insert(images.min().expect("the identity is a symmetry"));
    }
    (found.len() as u64, distinct.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_turns_make_a_whole_turn_and_a_mirror_undoes_itself() {
        for grid in [Grid::Triangle, Grid::Hexagon] {
            let turns = grid.motions(Symmetry::Rotations);
            assert_eq!(turns.len(), 6);
            assert_eq!(times(&TURN, &turns[5]), turns[0]);
            assert_eq!(times(&MIRROR, &MIRROR), turns[0]);
            assert_eq!(grid.motions(Symmetry::RotationsAndMirrors).len(), 12);
        }
    }

    #[test]
    fn a_turned_triangle_changes_its_point_and_keeps_its_neighbours() {
        let g = Grid::Triangle;
        let turn = g.motions(Symmetry::Rotations)[1];
        // About the lattice point (0, 0): the up triangle there turns into the down one left of it.
        assert_eq!(g.apply(&turn, [0, 0, 0]), [-1, 0, 1]);
        for c in [[0, 0, 0], [2, -1, 1], [-3, 4, 0]] {
            for m in g.motions(Symmetry::RotationsAndMirrors) {
                let mut a: Vec<Cell> = g.neighbours(c).into_iter().map(|n| g.apply(&m, n)).collect();
                let mut b = g.neighbours(g.apply(&m, c));
                a.sort();
                b.sort();
                assert_eq!(a, b, "{c:?} under {m:?}");
            }
        }
    }

    #[test]
    fn a_cell_polygon_has_its_grid_number_of_unit_sides() {
        for (grid, sides, side) in [(Grid::Triangle, 3, 1.0), (Grid::Hexagon, 6, 1.0 / 3f64.sqrt())] {
            for c in [[0, 0, 0], [1, 2, 0], [1, 2, 1]].into_iter().filter(|c| grid == Grid::Triangle || c[2] == 0) {
                let p = grid.polygon(c);
                assert_eq!(p.len(), sides);
                for i in 0..sides {
                    let (u, v) = (p[i], p[(i + 1) % sides]);
                    assert!(((u[0] - v[0]).hypot(u[1] - v[1]) - side).abs() < 1e-9, "{grid:?} {c:?}: {p:?}");
                }
            }
        }
    }

    #[test]
    fn every_cell_holds_its_centre_and_the_points_near_it() {
        for grid in [Grid::Triangle, Grid::Hexagon] {
            for c in [[0, 0, 0], [2, -1, 1], [-3, 4, 0]].into_iter().filter(|c| grid == Grid::Triangle || c[2] == 0) {
                let [x, y] = grid.centre(c);
                assert_eq!(grid.cell_containing([x, y]), c);
                // A little way towards each corner: still inside.
                for [px, py] in grid.polygon(c) {
                    assert_eq!(grid.cell_containing([x + (px - x) * 0.9, y + (py - y) * 0.9]), c, "{grid:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn the_small_parts() {
        assert_eq!(count(Grid::Triangle, 2, Symmetry::Fixed), 3);
        assert_eq!(count(Grid::Triangle, 6, Symmetry::RotationsAndMirrors), 12);
        assert_eq!(count(Grid::Hexagon, 4, Symmetry::RotationsAndMirrors), 7);
        // Each listed part is its own canonical form.
        for p in parts(Grid::Triangle, 6, Symmetry::RotationsAndMirrors) {
            assert_eq!(Grid::Triangle.canonical(&p, Symmetry::RotationsAndMirrors), p);
        }
        assert_eq!(Grid::parse("hexagon"), Some(Grid::Hexagon));
        // A diamond of 2 x 2 lattice steps: 8 triangles, its half-turn and two mirrors.
        let diamond: Vec<Cell> = (0..2).flat_map(|a| (0..2).flat_map(move |b| [[a, b, 0], [a, b, 1]])).collect();
        assert_eq!(Grid::Triangle.symmetries(&diamond).len(), 4);
        assert_eq!(Grid::Triangle.name(), "triangle");
    }
}
