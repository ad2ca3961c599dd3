//! The one reader of written cells (first byte: the grid): whatever it accepts is the grid's
//! cells as written (read again from how they are written, the same cells; on triangles `t` 0
//! or 1), none twice, and taking them home moves each by the shift it says.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::polyform::grid::Grid;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let grid = Grid::ALL[kind as usize % 4].1;
    let Ok(cells) = grid.read_cells(text, "fuzz") else { return };
    let written: String = cells
        .iter()
        .map(|c| format!("[{}]", c[..grid.written_len()].iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")))
        .collect();
    assert_eq!(grid.read_cells(&written, "again").as_ref(), Ok(&cells), "read back as written");
    for c in &cells {
        assert_eq!(grid.read_cell(&c[..grid.written_len()], "cell"), Ok(*c));
        if grid == Grid::Triangle {
            assert!(c[2] == 0 || c[2] == 1, "{c:?}");
        } else if grid != Grid::Cube {
            assert_eq!(c[2], 0, "{c:?}");
        }
    }
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), cells.len(), "no cell twice");
    if !cells.is_empty() {
        let shift = grid.home_shift(&cells);
        let mut moved: Vec<_> = cells.iter().map(|c| [c[0] - shift[0], c[1] - shift[1], c[2] - shift[2]]).collect();
        moved.sort_unstable();
        assert_eq!(grid.normalize(&cells), moved, "home is the cells less the shift");
    }
});
