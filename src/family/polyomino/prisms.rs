//! BurrTools' grid of triangular prisms (`gridType` 1) when a puzzle lies in one layer: a
//! polyiamond puzzle, read as a level of the triangle grid and written back.
//!
//! BurrTools numbers the triangles of a layer `(x, y)`: row `y`, and along it `x` in half
//! sides, the triangles pointing up and down in turn; `(x, y)` points up when `x + y` is even,
//! and its centre lies at `(x + 1) / 2` across, `y` rows and a third (up) or two thirds (down)
//! of a row up. On the triangle grid ([`crate::polyform::grid`]) that is the triangle
//! `[(x - y - t) / 2, y, t]`, `t` 1 for one pointing down; back, `x = 2a + b + t`, `y = b`.

use super::xmpuzzle::{Part, Problem, Puzzle, Shape, Voxel, PRISMS};
use crate::format::entry::{Entry, RawBoard};
use crate::format::Node;
use crate::polyform::grid::Grid;
use crate::polyform::pack::{Board, PartSpec};
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

/// A problem of a puzzle of triangular prisms as a level of the triangle grid: its result and
/// pieces must lie in one layer; painted cells are not read on this grid.
pub fn level(puzzle: &Puzzle, k: usize) -> Result<Entry, String> {
    let p = &puzzle.problems[k];
    let result =
        &puzzle.shapes[p.result.ok_or("it names no result (a <result id=...> giving the shape the pieces fill)")?];
    let parts: Vec<&Part> = p.parts.iter().filter(|q| q.max > 0).collect();
    if parts.is_empty() || result.cells.is_empty() {
        return Err("it has no pieces or an empty result".into());
    }
    let shapes: Vec<&Shape> = parts.iter().map(|q| &puzzle.shapes[q.shape]).chain([result]).collect();
    if shapes.iter().any(|s| s.cells.iter().any(|v| v.at[2] != s.cells[0].at[2])) {
        return Err("its shapes stand in more than one layer of triangular prisms: only flat ones \
                    (polyiamonds) are read"
            .into());
    }
    if shapes.iter().any(|s| s.cells.iter().any(|v| v.colour != 0)) {
        return Err("it paints cells, which are not read on the grid of triangular prisms".into());
    }
    if let Some(q) = parts.iter().find(|q| puzzle.shapes[q.shape].cells.iter().any(|v| v.variable)) {
        return Err(format!("piece shape {} has variable cells, which only a result may have", q.shape + 1));
    }
    let variable = result.cells.iter().filter(|v| v.variable).count() as u64;
    if let Some(h) = p.max_holes.filter(|&h| h < variable) {
        return Err(format!(
            "it lets at most {h} of its {variable} variable cells stay empty, which Tessera cannot express"
        ));
    }
    // The board at home: its lowest row and column of the lattice at 0.
    let board: Vec<Cell> = result.cells.iter().map(|v| cell(v.at)).collect();
    let lo = crate::polyform::lowest(&board);
    let home = |c: Cell| vec![c[0] - lo[0], c[1] - lo[1], c[2]];
    let mut e = Entry::blank(Some("polyomino"));
    e.board = Some(RawBoard {
        grid: Some("triangle".into()),
        cells: board.iter().map(|&c| home(c)).collect(),
        optional: result.cells.iter().filter(|v| v.variable).map(|v| home(cell(v.at))).collect(),
        ..Default::default()
    });
    let pieces = parts
        .iter()
        .map(|q| {
            let cells: Vec<Cell> = puzzle.shapes[q.shape].cells.iter().map(|v| cell(v.at)).collect();
            let written: String =
                Grid::Triangle.normalize(&cells).iter().map(|c| format!("[{},{},{}]", c[0], c[1], c[2])).collect();
            super::counted_node(Node::Str(written), q.max, q.min)
        })
        .collect();
    e.pieces = Some(Node::List(pieces));
    Ok(e)
}

/// A packing level of the triangle grid as a one-problem puzzle of triangular prisms: a shape
/// for each part, the board last, named `name`.
pub fn of_level(board: &Board, parts: &[PartSpec], name: &str) -> Puzzle {
    let as_shape = |cells: &[Cell], optional: &[Cell], name: &str| {
        let at: Vec<(Cell, bool)> = cells.iter().map(|&c| (voxel(c), optional.binary_search(&c).is_ok())).collect();
        let hi = at.iter().fold([0; 3], |m, (c, _)| [m[0].max(c[0]), m[1].max(c[1]), 0]);
        Shape {
            name: name.into(),
            size: [hi[0] as usize + 1, hi[1] as usize + 1, 1],
            cells: at.into_iter().map(|(at, variable)| Voxel { at, variable, colour: 0 }).collect(),
        }
    };
    let mut shapes: Vec<Shape> = parts.iter().map(|p| as_shape(&p.cells, &[], &p.name)).collect();
    shapes.push(as_shape(&board.cells, &board.optional, name));
    let problem = Problem {
        name: name.into(),
        parts: parts
            .iter()
            .enumerate()
            .map(|(k, p)| Part { shape: k, min: p.fewest(), max: p.count.unwrap_or(1) })
            .collect(),
        result: Some(parts.len()),
        max_holes: None,
        rules: Vec::new(),
    };
    Puzzle { grid: PRISMS, colours: 0, shapes, problems: vec![problem] }
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
