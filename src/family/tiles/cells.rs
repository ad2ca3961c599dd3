//! Tiles as pieces: a tile is a unit square moved like any piece (quarter turns, no mirror);
//! it lies in board cell (x, row) when its square covers the world cell (x, rows - 1 - row).

use crate::pieces::Placement;
use crate::tiles::Puzzle;

/// The board cell and clockwise turn of a placed tile, or `None` when it is off the grid,
/// mirrored or off the board.
pub fn tile_cell(p: &Puzzle, pl: &Placement) -> Option<(usize, u8)> {
    if pl.flip {
        return None;
    }
    let cells = crate::polyform::place::flat_cells(&[[0, 0, 0]], pl)?;
    let [x, y, _] = cells[0];
    if x < 0 || y < 0 || x as usize >= p.cols || y as usize >= p.rows {
        return None;
    }
    let row = p.rows - 1 - y as usize;
    // The game turns counter-clockwise; puzzles count clockwise quarter turns.
    Some((row * p.cols + x as usize, (4 - pl.rot.rem_euclid(4) as u8) % 4))
}

/// The placement that puts tile `tile` in `cell` turned `rot` clockwise.
pub fn placement_of(p: &Puzzle, tile: usize, cell: usize, rot: u8) -> Placement {
    let (x, row) = (cell % p.cols, cell / p.cols);
    let ccw = (4 - rot as i32) % 4;
    // The unit square turned by ccw quarter turns about the origin lands with its lowest
    // corner at (-1 or 0, -1 or 0): shift it onto the cell.
    let lowest = [(0, 0), (-1, 0), (-1, -1), (0, -1)][ccw as usize];
    let y = (p.rows - 1 - row) as i32;
    Placement { piece: tile, rot: ccw, flip: false, at: ((x as i32 - lowest.0) as f64, (y - lowest.1) as f64) }
}

/// The board as the player has it: cell -> (tile, clockwise turn); tiles off the board are
/// in the tray.
pub fn board(p: &Puzzle, placed: &[Placement]) -> (Vec<Option<(usize, u8)>>, bool) {
    let mut cells = vec![None; p.cells()];
    let mut overlap = false;
    for pl in placed {
        if let Some((cell, rot)) = tile_cell(p, pl) {
            overlap |= cells[cell].is_some();
            cells[cell] = Some((pl.piece, rot));
        }
    }
    (cells, overlap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_land_in_their_cells_with_their_turns() {
        let p = crate::tiles::generate::generate(&crate::tiles::generate::Spec {
            cols: 4,
            rows: 3,
            colors: 3,
            frame_colors: None,
            rotate: true,
            unique: false,
            seed: 3,
            max_nodes: 0,
        })
        .unwrap()
        .puzzle;
        for cell in 0..12 {
            for rot in 0..4 {
                assert_eq!(tile_cell(&p, &placement_of(&p, 5, cell, rot)), Some((cell, rot)));
            }
        }
    }
}
