//! A tile puzzle being coloured in the level editor: a solved grid of coloured sides
//! (generated, then repainted by hand; touching sides move together, so the grid stays a
//! solution), cut into tiles and shuffled when it is saved.

use crate::format::entry::Entry;
use crate::tiles::{turned, Tile};

/// An edge-matching puzzle being coloured: its solved grid (row-major from the top left, sides
/// N E S W; 0 on the frame), whether tiles turn, and the seed that shuffles the tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct TilesDraft {
    pub cols: usize,
    pub rows: usize,
    pub rotate: bool,
    pub grid: Vec<Tile>,
    pub seed: u64,
}

impl TilesDraft {
    /// A grid coloured at random by the puzzle generator (`colors` inner colours; frame
    /// colours as the generator picks them).
    pub fn generate(cols: usize, rows: usize, colors: u16, rotate: bool, seed: u64) -> Result<TilesDraft, String> {
        let spec = crate::tiles::generate::Spec {
            cols,
            rows,
            colors,
            frame_colors: None,
            rotate,
            unique: false,
            seed,
            max_nodes: 1_000_000,
        };
        let g = crate::tiles::generate::generate(&spec)?;
        let mut grid = vec![[0; 4]; cols * rows];
        for (cell, &(tile, rot)) in g.solution.iter().enumerate() {
            grid[cell] = turned(&g.puzzle.tiles[tile], rot);
        }
        Ok(TilesDraft { cols, rows, rotate, grid, seed })
    }

    /// A saved level's grid, read back from its reference solution.
    pub fn of(level: &crate::family::Level) -> Option<TilesDraft> {
        let p = &level.data::<super::TilesLevel>()?.puzzle;
        let mut grid = vec![[0; 4]; p.cells()];
        for s in &level.solution {
            let (cell, rot) = super::cells::tile_cell(p, s)?;
            grid[cell] = turned(p.tiles.get(s.piece)?, rot);
        }
        Some(TilesDraft { cols: p.cols, rows: p.rows, rotate: p.rotate, grid, seed: 1 })
    }

    /// The colour of a side, 0 on the frame.
    pub fn side(&self, cell: usize, side: usize) -> u16 {
        self.grid[cell][side]
    }

    /// The cell across side `side` of `cell`, if it is on the board.
    fn across(&self, cell: usize, side: usize) -> Option<usize> {
        let (x, y) = (cell % self.cols, cell / self.cols);
        match side {
            0 if y > 0 => Some(cell - self.cols),
            1 if x + 1 < self.cols => Some(cell + 1),
            2 if y + 1 < self.rows => Some(cell + self.cols),
            3 if x > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// Whether a side lies on the frame (its colour is the frame's, 0, and cannot change).
    pub fn on_frame(&self, cell: usize, side: usize) -> bool {
        self.across(cell, side).is_none()
    }

    /// Paints a side (and the touching side of the neighbour, so the grid stays solved).
    /// Frame sides stay 0; `color` is at least 1.
    pub fn paint(&mut self, cell: usize, side: usize, color: u16) {
        let Some(other) = self.across(cell, side) else { return };
        let color = color.max(1);
        self.grid[cell][side] = color;
        self.grid[other][(side + 2) % 4] = color;
    }

    /// The highest colour used.
    pub fn colors(&self) -> u16 {
        self.grid.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The level: the grid's tiles in a shuffled order (turned at random when tiles turn), the
    /// grid as the reference solution.
    pub fn entry(&self) -> Result<Entry, String> {
        // The generator's cut, with a shuffle fixed by the seed: saving twice writes the same file.
        let (puzzle, cells) =
            crate::tiles::generate::cut_grid(self.cols, self.rows, &self.grid, self.rotate, self.seed);
        puzzle.validate()?;
        puzzle.check(&cells)?;
        let mut e = Entry::blank(Some("edge"));
        e.edge = Some(crate::tiles::RawPuzzle {
            cols: self.cols,
            rows: self.rows,
            rotate: self.rotate,
            tiles: puzzle.tiles.iter().map(|t| (t[0].into(), t[1].into(), t[2].into(), t[3].into())).collect(),
            clues: Vec::new(),
            scored: false,
        });
        e.solution = cells
            .iter()
            .enumerate()
            .map(|(cell, &(tile, rot))| crate::family::tiles::cells::placement_of(&puzzle, tile, cell, rot))
            .collect();
        e.solution.sort_by_key(|p| p.piece);
        Ok(e)
    }
}
