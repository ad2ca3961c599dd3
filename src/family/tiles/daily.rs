//! The daily tile puzzle.

use crate::format::entry::Entry;
use crate::pieces::Placement;

/// The day's tile puzzle (`day` 0 Monday to 6 Sunday): from 3 x 3 (Monday) to 6 x 6
/// (Sunday), turning tiles on Wednesday, Friday and Sunday, always with one solution (proved
/// by the generator's exact search).
pub fn make(day: u8, seed: u64) -> Result<Entry, String> {
    use crate::tiles::generate::{generate, Spec};
    let (size, colors, rotate) =
        [(3, 3, false), (4, 4, false), (4, 6, true), (5, 5, false), (5, 7, true), (6, 6, false), (6, 8, true)]
            [day as usize];
    let g = generate(&Spec {
        cols: size,
        rows: size,
        colors,
        frame_colors: None,
        rotate,
        unique: true,
        seed,
        max_nodes: 20_000_000,
    })?;
    let tiles =
        g.puzzle.tiles.iter().map(|t| (i64::from(t[0]), i64::from(t[1]), i64::from(t[2]), i64::from(t[3]))).collect();
    let mut solution: Vec<Placement> = g
        .solution
        .iter()
        .enumerate()
        .map(|(cell, &(tile, rot))| super::cells::placement_of(&g.puzzle, tile, cell, rot))
        .collect();
    solution.sort_by_key(|p| p.piece);
    let mut e = Entry { solution, ..Entry::blank(Some("edge")) };
    e.unique = true;
    e.edge = Some(crate::tiles::RawPuzzle { cols: size, rows: size, rotate, tiles, clues: Vec::new(), scored: false });
    Ok(e)
}
