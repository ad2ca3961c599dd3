//! Colour constraints, as BurrTools has them: some cells of a part and some cells of the
//! board carry a colour (a number from 1; 0 is the default colour), and the board says which
//! part colours each of its colours takes. A cell of the default colour, on either side, fits
//! any other; a coloured part cell goes into a coloured board cell only when the board lists
//! that pair. Colours are kept as `(cell, colour)` pairs, sorted, for the coloured cells
//! alone, in the same coordinates as the cells they colour.

use super::grid::Grid;
use super::{lowest, Cell, Symmetry};

/// Coloured cells, sorted by cell; cells not listed have the default colour.
pub type Colours = Vec<(Cell, u32)>;

/// The colour of `cell` in `colours` (0 when it is not listed).
pub fn colour_of(colours: &[(Cell, u32)], cell: Cell) -> u32 {
    colours.binary_search_by_key(&cell, |&(c, _)| c).map_or(0, |k| colours[k].1)
}

/// Whether a part cell of colour `piece` may fill a board cell of colour `board` under
/// `rules` (the allowed `(piece, board)` pairs).
pub fn fits(rules: &[(u32, u32)], piece: u32, board: u32) -> bool {
    piece == 0 || board == 0 || rules.contains(&(piece, board))
}

/// A part and its colours moved by motion `m` of `grid`, then shifted home ([`Grid::normalize`]:
/// the lowest coordinate on each axis 0, a triangle keeping its point); both sorted.
pub fn moved(grid: Grid, cells: &[Cell], colours: &[(Cell, u32)], m: &[[i32; 3]; 3]) -> (Vec<Cell>, Colours) {
    let img: Vec<Cell> = cells.iter().map(|&c| grid.apply(m, c)).collect();
    let lo = lowest(&img);
    let lo = if grid == Grid::Triangle { [lo[0], lo[1], 0] } else { lo };
    let shift = |c: Cell| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]];
    let mut cells: Vec<Cell> = img.into_iter().map(shift).collect();
    let mut colours: Colours = colours.iter().map(|&(c, k)| (shift(grid.apply(m, c)), k)).collect();
    cells.sort_unstable();
    colours.sort_unstable();
    (cells, colours)
}

/// The distinct orientations of a coloured part under a class's motions: two that cover the
/// same cells differ when their colours lie differently (a domino with one red end has four
/// orientations in the plane, not two).
pub fn orientations(grid: Grid, cells: &[Cell], colours: &[(Cell, u32)], sym: Symmetry) -> Vec<(Vec<Cell>, Colours)> {
    let mut out: Vec<(Vec<Cell>, Colours)> = Vec::new();
    for m in grid.motions(sym) {
        let o = moved(grid, cells, colours, &m);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The canonical form of a coloured part: its smallest orientation under the class's motions.
pub fn canonical(grid: Grid, cells: &[Cell], colours: &[(Cell, u32)], sym: Symmetry) -> (Vec<Cell>, Colours) {
    grid.motions(sym).iter().map(|m| moved(grid, cells, colours, m)).min().unwrap_or_default()
}

/// Colours as a level writes them: `[x, y, colour]` on a flat board, `[x, y, z, colour]` on a
/// 3D one, each colour from 1 to [`MAX_COLOUR`], each cell once and one of `cells`.
pub fn parse(list: &[Vec<i32>], dim: u8, cells: &[Cell], what: &str) -> Result<Colours, String> {
    let mut out = Colours::new();
    for item in list {
        let (cell, k) = match (item.as_slice(), dim) {
            ([x, y, k], 2) => ([*x, *y, 0], *k),
            ([x, y, z, k], 3) => ([*x, *y, *z], *k),
            _ => {
                return Err(format!(
                    "{what}: a coloured cell is written [x, y{}, colour], found {} numbers",
                    if dim == 3 { ", z" } else { "" },
                    item.len()
                ))
            }
        };
        if !(1..=MAX_COLOUR as i32).contains(&k) {
            return Err(format!("{what}: colour {k} of cell {cell:?} is not 1 to {MAX_COLOUR}"));
        }
        if !cells.contains(&cell) {
            return Err(format!("{what}: coloured cell {cell:?} is not one of its cells"));
        }
        out.push((cell, k as u32));
    }
    out.sort_unstable();
    if out.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(format!("{what}: a cell is coloured twice"));
    }
    Ok(out)
}

/// Colours as a level writes them (see [`parse`]).
pub fn write(colours: &[(Cell, u32)], dim: u8) -> Vec<Vec<i32>> {
    colours
        .iter()
        .map(|&(c, k)| if dim == 3 { vec![c[0], c[1], c[2], k as i32] } else { vec![c[0], c[1], k as i32] })
        .collect()
}

/// The most colours a level may use (as BurrTools: 63 custom colours besides the default).
pub const MAX_COLOUR: u32 = 63;

/// Colour `k`'s paint (red, green, blue): a few well told apart, then turns of the hue wheel.
pub fn rgb(k: u32) -> [u8; 3] {
    const FIRST: [[u8; 3]; 8] = [
        [214, 39, 40],
        [31, 119, 180],
        [255, 191, 0],
        [44, 160, 44],
        [148, 103, 189],
        [23, 190, 207],
        [140, 86, 75],
        [227, 119, 194],
    ];
    if (1..=8).contains(&k) {
        return FIRST[k as usize - 1];
    }
    // Golden-angle hues at a fixed lightness.
    let h = (k as f32 * 137.508) % 360.0 / 60.0;
    let x = 1.0 - (h % 2.0 - 1.0).abs();
    let (r, g, b) = match h as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        4 => (x, 0.0, 1.0),
        _ => (1.0, 0.0, x),
    };
    [r, g, b].map(|v| (40.0 + v * 180.0) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_colour_fits_anything_and_custom_colours_need_a_rule() {
        let rules = [(1, 2)];
        assert!(fits(&rules, 0, 2) && fits(&rules, 1, 0) && fits(&rules, 0, 0));
        assert!(fits(&rules, 1, 2));
        assert!(!fits(&rules, 2, 1) && !fits(&rules, 1, 1));
    }

    #[test]
    fn a_domino_with_one_coloured_end_has_four_orientations_in_the_plane() {
        let cells = [[0, 0, 0], [1, 0, 0]];
        assert_eq!(orientations(Grid::Square, &cells, &[], Symmetry::Rotations).len(), 2);
        let o = orientations(Grid::Square, &cells, &[([1, 0, 0], 3)], Symmetry::Rotations);
        assert_eq!(o.len(), 4);
        // Each keeps its one coloured cell on one of its own.
        assert!(o.iter().all(|(c, k)| k.len() == 1 && c.contains(&k[0].0) && k[0].1 == 3));
        // Its two turned images have the same canonical form.
        let a = canonical(Grid::Square, &cells, &[([1, 0, 0], 3)], Symmetry::Rotations);
        let b = canonical(Grid::Square, &cells, &[([0, 0, 0], 3)], Symmetry::Rotations);
        assert_eq!(a, b);
    }

    #[test]
    fn written_colours_read_back_and_bad_ones_are_named() {
        let cells = [[0, 0, 0], [1, 0, 0]];
        let c = parse(&[vec![1, 0, 2]], 2, &cells, "part 1").unwrap();
        assert_eq!(c, vec![([1, 0, 0], 2)]);
        assert_eq!(write(&c, 2), vec![vec![1, 0, 2]]);
        let e = parse(&[vec![5, 0, 2]], 2, &cells, "part 1").unwrap_err();
        assert!(e.contains("part 1: coloured cell [5, 0, 0] is not one of its cells"), "{e}");
        let e = parse(&[vec![0, 0, 0]], 2, &cells, "board").unwrap_err();
        assert!(e.contains("colour 0 of cell [0, 0, 0] is not 1 to 63"), "{e}");
        let e = parse(&[vec![0, 0, 1], vec![0, 0, 2]], 2, &cells, "board").unwrap_err();
        assert!(e.contains("coloured twice"), "{e}");
        let e = parse(&[vec![0, 0]], 2, &cells, "board").unwrap_err();
        assert!(e.contains("[x, y, colour], found 2 numbers"), "{e}");
    }
}
