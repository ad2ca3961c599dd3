//! `tessera pack --grid triangle|hexagon`: the packer on the triangles and the hexagons (parts
//! written as `tessera parts --grid` lists them, the board a parallelogram or a file of cells),
//! and its answer, each part's cells.

use crate::polyform::grid::Grid;
use crate::polyform::pack::{PackOutcome, PartSpec};
use crate::polyform::Cell;
use std::io::Write;

/// `pack --grid`: `None` for squares (and cubes), else the triangles or the hexagons.
pub(super) fn grid(name: Option<&str>) -> Result<Option<Grid>, String> {
    match name {
        None | Some("square") => Ok(None),
        Some(n) => match Grid::parse(n) {
            Some(g @ (Grid::Triangle | Grid::Hexagon)) => Ok(Some(g)),
            _ => Err(format!("--grid {n}: the grids are square, triangle and hexagon")),
        },
    }
}

/// A part of `--part` on the triangles or the hexagons: cells `[a,b,t]` or `[a,b]` read by the
/// grid's own reader (kept as written, then taken home), joined side to side.
pub(super) fn part(grid: Grid, s: &str) -> Result<(Vec<Cell>, u8, u32, u32), String> {
    let what = format!("part `{}`", s.split('*').next().unwrap_or(s));
    let (cells, _, most, fewest) =
        crate::polyform::parse_counted(s, |body| grid.read_cells(body, &what).map(|c| (grid.normalize(&c), 2)))?;
    if !grid.connected(&cells) {
        return Err(format!("{what}: its {} cells are not joined side to side", cells.len()));
    }
    Ok((cells, 2, most, fewest))
}

/// `pack --grid triangle|hexagon`'s answer: the counts, and the first solution as each part's
/// cells (`first`: `[part, [[a, b, t], ...]]` pairs), a line a part, in the input's frame
/// (the board was taken home by `shift`).
pub(super) fn write(
    out: &mut impl Write,
    res: &PackOutcome,
    specs: &[PartSpec],
    unique: bool,
    json: bool,
    ms: f64,
    shift: Cell,
) -> Result<(), String> {
    let back = |c: &Cell| [c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]];
    let first: Option<Vec<(usize, Vec<Cell>)>> =
        res.kept.first().map(|s| s.iter().map(|(p, c)| (*p, c.iter().map(back).collect())).collect());
    if json {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        let v = serde_json::json!({
            "solutions": res.solutions, "first": first, "elapsed_ms": ms, "nodes": res.nodes,
            "complete": res.complete, "impossible": res.impossible, "parts": names, "unique": unique,
        });
        let _ = writeln!(out, "{v}");
        return Ok(());
    }
    if let Some(why) = &res.impossible {
        let _ = writeln!(out, "no solution: {why} ({ms:.1} ms)");
        return Ok(());
    }
    let _ = writeln!(out, "{}", super::args::counted(res, unique, ms));
    for (p, cells) in first.unwrap_or_default() {
        let _ = writeln!(
            out,
            "{}: {}",
            specs[p].name,
            cells.iter().map(|c| format!("{c:?}").replace(' ', "")).collect::<String>()
        );
    }
    Ok(())
}
