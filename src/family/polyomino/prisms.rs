//! BurrTools' grid of triangular prisms (`gridType` 1) when a puzzle lies in one layer: a
//! polyiamond puzzle, read as a level of the triangle grid and written back.
//!
//! BurrTools numbers the triangles of a layer `(x, y)`: row `y`, and along it `x` in half
//! sides, the triangles pointing up and down in turn; `(x, y)` points up when `x + y` is even,
//! and its centre lies at `(x + 1) / 2` across, `y` rows and a third (up) or two thirds (down)
//! of a row up. On the triangle grid ([`crate::polyform::grid`]) that is the triangle
//! `[(x - y - t) / 2, y, t]`, `t` 1 for one pointing down; back, `x = 2a + b + t`, `y = b`.

use crate::format::entry::{Entry, RawBoard};
use crate::format::Node;
use crate::polyform::grid::Grid;
use crate::polyform::Cell;

/// BurrTools' triangle `(x, y)` as a cell of the triangle grid.
pub fn cell([x, y, _]: Cell) -> Cell {
    let t = (x + y).rem_euclid(2);
    [(x - y - t).div_euclid(2), y, t]
}

/// A cell of the triangle grid as BurrTools' triangle `(x, y)` in layer 0.
pub fn voxel([a, b, t]: Cell) -> Cell {
    [2 * a + b + t, b, 0]
}

/// A level of the triangle grid from BurrTools' triangles: the result's cells (each with
/// whether it is variable: an optional cell) and each piece's cells with its most and fewest
/// copies.
pub fn entry(result: &[(Cell, bool)], parts: &[(Vec<Cell>, u32, u32)]) -> Entry {
    // The board at home: its lowest row and column of the lattice at 0.
    let board: Vec<(Cell, bool)> = result.iter().map(|&(c, v)| (cell(c), v)).collect();
    let lo = crate::polyform::lowest(board.iter().map(|(c, _)| c));
    let home = |c: &Cell| vec![c[0] - lo[0], c[1] - lo[1], c[2]];
    let mut e = Entry::blank(Some("polyomino"));
    e.board = Some(RawBoard {
        grid: Some("triangle".into()),
        cells: board.iter().map(|(c, _)| home(c)).collect(),
        optional: board.iter().filter(|(_, v)| *v).map(|(c, _)| home(c)).collect(),
        ..Default::default()
    });
    let pieces = parts
        .iter()
        .map(|(cells, most, fewest)| {
            let cells: Vec<Cell> = cells.iter().map(|&c| cell(c)).collect();
            let written: String =
                Grid::Triangle.normalize(&cells).iter().map(|c| format!("[{},{},{}]", c[0], c[1], c[2])).collect();
            super::counted_node(Node::Str(written), *most, *fewest)
        })
        .collect();
    e.pieces = Some(Node::List(pieces));
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row 0 of BurrTools starts with a triangle pointing up, row 1 with one pointing down,
    /// whose centre lies half a side in: the triangle grid's `[-1, 1, 1]`.
    #[test]
    fn burrtools_triangles_are_the_grids_cells_there_and_back() {
        let row0: Vec<Cell> = (0..4).map(|x| cell([x, 0, 0])).collect();
        assert_eq!(row0, [[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 0, 1]]);
        assert_eq!(cell([0, 1, 0]), [-1, 1, 1]);
        for c in [[0, 0, 0], [-1, 1, 1], [3, 2, 0], [2, 5, 1]] {
            assert_eq!(cell(voxel(c)), c);
            // The centres agree: BurrTools' (x + 1) / 2 across, a third or two of a row up.
            let [x, y, _] = voxel(c);
            let t = f64::from((x + y).rem_euclid(2));
            let theirs = [0.5 + 0.5 * f64::from(x), (f64::from(y) + (1.0 + t) / 3.0) * 3f64.sqrt() / 2.0];
            let ours = Grid::Triangle.centre(c);
            assert!((theirs[0] - ours[0]).abs() < 1e-12 && (theirs[1] - ours[1]).abs() < 1e-12, "{c:?}");
        }
    }
}
