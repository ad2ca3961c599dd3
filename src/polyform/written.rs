//! The one reader of written cells, for every door that takes them on any grid: a level's
//! parts, board cells, holes and optional cells, and the command line's `--part`, `--cells`,
//! `--hole` and `--optional`. A cell is kept as written (nothing moved, `t` never touched) or
//! refused with the grid's own form; where a caller takes cells home, [`Grid::home_shift`]
//! says by how much, so answers can be given back in the input's frame.

use super::grid::Grid;
use super::Cell;

impl Grid {
    /// How a cell of this grid is written.
    pub fn cell_form(self) -> &'static str {
        match self {
            Grid::Square => "[x, y]",
            Grid::Cube => "[x, y, z]",
            Grid::Triangle => "[a, b, t] with t 0 (pointing up) or 1 (down)",
            Grid::Hexagon => "[a, b]",
        }
    }

    /// The one reader of a written cell, for parts, boards, holes, optional cells and cell
    /// files alike: kept as written (nothing moved), or what is wrong, `what` naming it.
    pub fn read_cell(self, c: &[i32], what: &str) -> Result<Cell, String> {
        match (self, c) {
            (Grid::Square | Grid::Hexagon, [a, b]) => Ok([*a, *b, 0]),
            (Grid::Cube, [x, y, z]) => Ok([*x, *y, *z]),
            (Grid::Triangle, [a, b, t @ (0 | 1)]) => Ok([*a, *b, *t]),
            _ => Err(format!("{what} {c:?}: a cell of the {} grid is {}", self.name(), self.cell_form())),
        }
    }

    /// Cells written `[..][..]...` ([`super::parse_written`]), each read by [`Grid::read_cell`],
    /// none twice; kept as written.
    pub fn read_cells(self, text: &str, what: &str) -> Result<Vec<Cell>, String> {
        let written = super::parse_written(text).map_err(|e| format!("{what}: {e}"))?;
        let cells = written.iter().map(|c| self.read_cell(c, what)).collect::<Result<Vec<_>, _>>()?;
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("{what}: the cell {:?} is listed twice", &w[0][..self.written_len()]));
        }
        Ok(cells)
    }

    /// Numbers a written cell has: 3 on cubes and triangles, else 2.
    pub fn written_len(self) -> usize {
        if matches!(self, Grid::Cube | Grid::Triangle) {
            3
        } else {
            2
        }
    }

    /// The translation [`Grid::normalize`] takes `cells` home by (subtracted from each cell).
    pub fn home_shift(self, cells: &[Cell]) -> Cell {
        let lo = super::lowest(cells);
        if self == Grid::Triangle {
            [lo[0], lo[1], 0]
        } else {
            lo
        }
    }
}
