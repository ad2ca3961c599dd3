//! A board being painted in the level editor: cells on a grid (layers in 3D) and the parts
//! picked for it; the packer finds the reference solution when it is saved.

use crate::format::entry::Entry;
use crate::format::Node;
use crate::polyform::grid::Grid;
use crate::polyform::Cell;

pub const NO_PARTS: &str = "Pick at least one part.";
pub const NO_CELLS: &str = "Paint the board's cells.";

/// A board being painted: a box of `size` cells (z is 1 on a flat board), `on[i]` for each
/// cell (x fastest, then y, then z) and `optional[i]` for a painted cell that may stay
/// empty, and the parts offered with the ones picked, each with its copies (most, fewest
/// used; one by default). On triangles and hexagons the box is a parallelogram of lattice
/// steps, and z is a triangle's point (`size[2]` 2; hexagons 1).
#[derive(Clone, Debug, PartialEq)]
pub struct PolyDraft {
    pub grid: Grid,
    pub dim: u8,
    pub size: [i32; 3],
    pub on: Vec<bool>,
    pub optional: Vec<bool>,
    pub parts: Vec<(String, Vec<Cell>)>,
    pub picked: Vec<bool>,
    pub copies: Vec<(u32, u32)>,
}

/// Largest side the painter offers (pack files allow 64 flat, 16 in 3D).
pub const POLY_MAX_SIDE: i32 = 16;

impl PolyDraft {
    /// A board of the built-in part set `set`, every cell painted, every part picked.
    pub fn new(set: &str, size: [i32; 3]) -> Result<PolyDraft, String> {
        let s = crate::polyform::builtin_set(set).ok_or_else(|| format!("unknown part set `{set}`"))?;
        let size = if s.dim == 2 { [size[0], size[1], 1] } else { size };
        let (picked, copies) = (vec![true; s.parts.len()], vec![(1, 1); s.parts.len()]);
        let mut d = PolyDraft {
            grid: s.grid,
            dim: s.dim,
            size: [1, 1, 1],
            on: vec![true],
            optional: vec![false],
            parts: s.parts,
            picked,
            copies,
        };
        d.resize(size);
        Ok(d)
    }

    /// A saved level's board and parts, to edit again.
    pub fn of(level: &crate::family::Level) -> Option<PolyDraft> {
        let poly = level.data::<super::PolyLevel>()?;
        let (grid, dim) = (poly.board.grid, poly.board.dim);
        let hi = poly.board.cells.iter().fold([0; 3], |m, c| [m[0].max(c[0]), m[1].max(c[1]), m[2].max(c[2])]);
        let size = [hi[0] + 1, hi[1] + 1, if dim == 2 { 1 } else { hi[2] + 1 }];
        let size = [size[0], size[1], size[2].max(layers(grid))];
        let cells = (size[0] * size[1] * size[2]) as usize;
        let mut d = PolyDraft {
            grid,
            dim,
            size,
            on: vec![false; cells],
            optional: vec![false; cells],
            parts: poly
                .parts
                .iter()
                .map(|p| {
                    (crate::polyform::part_name_on(grid, &p.cells).unwrap_or_else(|| p.name.clone()), p.cells.clone())
                })
                .collect(),
            picked: vec![true; poly.parts.len()],
            copies: poly.parts.iter().map(|p| (p.count.unwrap_or(1), p.fewest())).collect(),
        };
        for c in &poly.board.cells {
            let i = d.index(c[0], c[1], c[2]);
            d.on[i] = true;
            d.optional[i] = poly.board.optional.binary_search(c).is_ok();
        }
        Some(d)
    }

    /// Each cell of the box as its polygon in the plane (index and corners), for boards painted
    /// as polygons (triangles, hexagons); `None` for boxes of squares and cubes, painted as a
    /// grid of layers side by side.
    pub fn polygons(&self) -> Option<Vec<(usize, Vec<[f64; 2]>)>> {
        matches!(self.grid, Grid::Triangle | Grid::Hexagon).then(|| {
            let mut out = Vec::new();
            for z in 0..self.size[2] {
                for y in 0..self.size[1] {
                    for x in 0..self.size[0] {
                        out.push((self.index(x, y, z), self.grid.polygon([x, y, z])));
                    }
                }
            }
            out
        })
    }

    /// The cell of a board painted as polygons under point `(x, y)` of the plane, if the box
    /// has one there.
    pub fn cell_at(&self, at: [f64; 2]) -> Option<usize> {
        let [x, y, z] = self.grid.cell_containing(at);
        let inside = (0..self.size[0]).contains(&x) && (0..self.size[1]).contains(&y) && (0..self.size[2]).contains(&z);
        inside.then(|| self.index(x, y, z))
    }

    pub fn index(&self, x: i32, y: i32, z: i32) -> usize {
        (x + self.size[0] * (y + self.size[1] * z)) as usize
    }

    /// Changes the box, keeping the paint of the cells that stay (new cells are painted).
    pub fn resize(&mut self, size: [i32; 3]) {
        let size = [
            size[0].clamp(1, POLY_MAX_SIDE),
            size[1].clamp(1, POLY_MAX_SIDE),
            if self.dim == 2 { layers(self.grid) } else { size[2].clamp(1, POLY_MAX_SIDE) },
        ];
        let old = self.clone();
        self.size = size;
        self.on = vec![true; (size[0] * size[1] * size[2]) as usize];
        self.optional = vec![false; self.on.len()];
        for z in 0..size[2].min(old.size[2]) {
            for y in 0..size[1].min(old.size[1]) {
                for x in 0..size[0].min(old.size[0]) {
                    let (i, j) = (self.index(x, y, z), old.index(x, y, z));
                    (self.on[i], self.optional[i]) = (old.on[j], old.optional[j]);
                }
            }
        }
    }

    /// Cells painted, and cells the picked parts cover (each copy of each).
    pub fn areas(&self) -> (usize, usize) {
        let parts = (0..self.parts.len())
            .filter(|&k| self.picked[k])
            .map(|k| self.parts[k].1.len() * self.copies[k].0 as usize)
            .sum();
        (self.on.iter().filter(|&&b| b).count(), parts)
    }

    /// Painted cells that must be filled: the painted ones less the optional ones.
    pub fn required(&self) -> usize {
        self.on.iter().zip(&self.optional).filter(|&(&on, &opt)| on && !opt).count()
    }

    /// Whether the picked parts' copies can cover the cells that must be filled and no more
    /// than the board: what the painter shows in green.
    pub fn areas_fit(&self) -> bool {
        let (cells, _) = self.areas();
        let (mut most, mut least) = (0, 0);
        for k in (0..self.parts.len()).filter(|&k| self.picked[k]) {
            most += self.parts[k].1.len() * self.copies[k].0 as usize;
            least += self.parts[k].1.len() * self.copies[k].1 as usize;
        }
        least <= cells && most >= self.required()
    }

    /// Paints cell `i` in or out of the board (a cell painted out is not optional).
    pub fn paint(&mut self, i: usize, on: bool) {
        self.on[i] = on;
        self.optional[i] &= on;
    }

    /// Rings cell `i` as one that may stay empty (painting it in), or takes the ring off.
    pub fn ring(&mut self, i: usize, optional: bool) {
        self.optional[i] = optional;
        self.on[i] |= optional;
    }

    /// The level: the box with the unpainted cells as holes, the picked parts. The reference
    /// solution is left empty ([`crate::content::editor::finish`] has the family ask the packer for one).
    pub fn entry(&self) -> Result<Entry, String> {
        let picked: Vec<&(String, Vec<Cell>)> =
            self.parts.iter().zip(&self.picked).filter(|(_, &k)| k).map(|(p, _)| p).collect();
        if picked.is_empty() {
            return Err(NO_PARTS.into());
        }
        if self.areas().0 == 0 {
            return Err(NO_CELLS.into());
        }
        let (mut holes, mut optional) = (Vec::new(), Vec::new());
        // A cell as the level writes it: [x, y] on squares and hexagons, [x, y, z] in 3D and
        // [a, b, t] on triangles.
        let three = self.dim == 3 || self.grid == Grid::Triangle;
        for z in 0..self.size[2] {
            for y in 0..self.size[1] {
                for x in 0..self.size[0] {
                    let at = if three { vec![x, y, z] } else { vec![x, y] };
                    let i = self.index(x, y, z);
                    if !self.on[i] {
                        holes.push(at);
                    } else if self.optional[i] {
                        optional.push(at);
                    }
                }
            }
        }
        let mut e = Entry::blank(Some("polyomino"));
        let size = if self.dim == 2 { vec![self.size[0], self.size[1]] } else { self.size.to_vec() };
        let grid = matches!(self.grid, Grid::Triangle | Grid::Hexagon).then(|| self.grid.name().to_string());
        e.board = Some(crate::format::entry::RawBoard { grid, size, holes, optional, ..Default::default() });
        let pieces = (0..self.parts.len())
            .filter(|&k| self.picked[k])
            .map(|k| {
                let cells = Node::Str(crate::polyform::format_part(&self.parts[k].1, if three { 3 } else { 2 }));
                super::counted_node(cells, self.copies[k].0, self.copies[k].1)
            })
            .collect();
        e.pieces = Some(Node::List(pieces));
        Ok(e)
    }
}

/// The layers of a flat draft's box: a triangle's two points, else one.
fn layers(grid: Grid) -> i32 {
    if grid == Grid::Triangle {
        2
    } else {
        1
    }
}
