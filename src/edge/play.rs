//! Edge-matching play: tiles are unit squares moved like any piece (quarter turns, no
//! mirror); a tile lies in board cell (x, row) when its square covers the world cell (x,
//! rows - 1 - row). Judging counts matched inner sides; hints come from the search and the SAT
//! solver side by side ([`super::portfolio`]).

use super::exact::Options;
use super::Puzzle;
use crate::family::Hint;
use crate::pieces::Placement;

/// The board cell and clockwise turn of a placed tile, or `None` when it is off the grid,
/// mirrored or off the board.
pub fn tile_cell(p: &Puzzle, pl: &Placement) -> Option<(usize, u8)> {
    if pl.flip {
        return None;
    }
    let cells = crate::polyform::play::flat_cells(&[[0, 0, 0]], pl)?;
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

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judgement {
    /// Matched inner sides over all inner sides.
    pub progress: f64,
    pub solved: bool,
    /// Two tiles in one cell.
    pub overlap: bool,
    /// Mismatched sides (cell, side) among the tiles on the board, frame sides included.
    pub mismatches: Vec<(usize, usize)>,
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

pub fn judge(p: &Puzzle, placed: &[Placement]) -> Judgement {
    let (cells, overlap) = board(p, placed);
    let (good, total) = p.matched_inner(&cells);
    let mismatches = p.mismatches(&cells);
    let full = cells.iter().all(Option::is_some);
    let rotation_ok = p.rotate || cells.iter().flatten().all(|&(_, r)| r == 0);
    let solved = full && !overlap && rotation_ok && mismatches.is_empty() && {
        let pl: super::Placement = cells.iter().map(|c| c.unwrap_or((usize::MAX, 0))).collect();
        p.check(&pl).is_ok()
    };
    let progress = if total == 0 { f64::from(u8::from(solved)) } else { good as f64 / total as f64 };
    Judgement { progress: if solved { 1.0 } else { progress.min(0.99) }, solved, overlap, mismatches }
}

/// The next tile and where it goes so the board stays solvable, or `Move(tile)` for a placed
/// tile that blocks every completion, or `Done`; `None` when the budget ran out.
pub fn hint(
    p: &Puzzle,
    placed: &[Placement],
    max_nodes: u64,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Option<Hint> {
    let mut fixed: Vec<(usize, usize, u8)> = Vec::new();
    let mut taken = vec![false; p.cells()];
    for pl in placed {
        match tile_cell(p, pl) {
            Some((cell, rot)) if !taken[cell] && (p.rotate || rot == 0) => {
                taken[cell] = true;
                fixed.push((cell, pl.piece, rot));
            }
            _ => return Some(Hint::Move(pl.piece)),
        }
    }
    if fixed.len() == p.cells() && judge(p, placed).solved {
        return Some(Hint::Done);
    }
    let opts = Options { limit: 1, max_nodes, cancel: cancel.clone(), fixed: fixed.clone(), ..Default::default() };
    let (out, _) = super::portfolio::solve(p, &opts).ok()?;
    if let Some(sol) = out.first {
        // The first empty cell in reading order.
        let cell = (0..p.cells()).find(|&c| !taken[c] && !p.clues.iter().any(|k| k.cell == c))?;
        let (tile, rot) = sol[cell];
        return Some(Hint::Next(placement_of(p, tile, cell, rot)));
    }
    if !out.complete {
        return None;
    }
    crate::solve::blocking_piece(placed, |rest| hint(p, rest, max_nodes, cancel.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_land_in_their_cells_with_their_turns() {
        let p = crate::edge::generate::generate(&crate::edge::generate::Spec {
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
