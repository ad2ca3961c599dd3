//! Packing boards of triangles (polyiamonds) and hexagons (polyhexes): the same family as the
//! squares, on the grids of [`crate::polyform::grid`]. A board says its grid
//! (`board: (grid: "triangle", size: [6, 6])`); its cells are written `[a, b, t]` on triangles
//! (`t` 1 for a triangle pointing down) and `[a, b]` on hexagons, in lattice steps. Pieces are
//! the parts' outlines, turned in sixths of a turn about their lattice origin, and lie on cells
//! when they are moved by whole lattice steps.

use super::{PolyLevel, MAX_COPIES};
use crate::family::Parsed;
use crate::format::entry::{Entry, RawBoard};
use crate::format::Node;
use crate::geom::{pt, Vertex};
use crate::pieces::{PieceDef, PieceSet};
use crate::polyform::grid::Grid;
use crate::polyform::pack::{Board, PartSpec};
use crate::polyform::Cell;
use crate::verify::Mode;
use std::sync::Arc;

/// The longest side of a board given by its `size` (a parallelogram of lattice steps).
const MAX_SIDE: i32 = 24;

/// The board's grid, when it is one of these (`None`: squares or cubes).
pub fn grid(board: &RawBoard) -> Result<Option<Grid>, String> {
    match board.grid.as_deref() {
        None | Some("square") => Ok(None),
        Some(name) => match Grid::parse(name) {
            Some(g @ (Grid::Triangle | Grid::Hexagon)) => Ok(Some(g)),
            _ => Err(format!("board grid `{name}`: a board's grid is \"square\", \"triangle\" or \"hexagon\"")),
        },
    }
}

/// A cell as a level writes it: `[a, b, t]` on triangles, `[a, b]` on hexagons.
fn cell(grid: Grid, c: &[i32], what: &str) -> Result<Cell, String> {
    match (grid, c) {
        (Grid::Triangle, [a, b, t @ (0 | 1)]) => Ok([*a, *b, *t]),
        (Grid::Hexagon, [a, b]) => Ok([*a, *b, 0]),
        _ => Err(format!(
            "{what} {c:?}: a cell of the {} grid is {}",
            grid.name(),
            if grid == Grid::Triangle { "[a, b, t] with t 0 (pointing up) or 1 (down)" } else { "[a, b]" }
        )),
    }
}

fn cells(grid: Grid, list: &[Vec<i32>], what: &str) -> Result<Vec<Cell>, String> {
    list.iter().map(|c| cell(grid, c, what)).collect()
}

/// The board: a parallelogram of `size` lattice steps or the `cells` listed, without its holes,
/// with its optional cells. Painted cells are for squares and cubes.
fn board(grid: Grid, raw: &RawBoard) -> Result<Board, String> {
    if !raw.colours.is_empty() || !raw.colour_rules.is_empty() {
        return Err(format!("a board of the {} grid has no painted cells", grid.name()));
    }
    let all = match (raw.size.as_slice(), raw.cells.as_slice()) {
        ([], []) => return Err("a board needs `size` (a parallelogram) or `cells` (any figure)".into()),
        ([_, ..], [_, ..]) => return Err("a board has `size` or `cells`, not both".into()),
        ([x, y], []) if (1..=MAX_SIDE).contains(x) && (1..=MAX_SIDE).contains(y) => grid.parallelogram(*x, *y),
        (size, []) => return Err(format!("board `size` is [a, b], each 1 to {MAX_SIDE}, found {size:?}")),
        ([], listed) => {
            if let Some(c) = listed.iter().flatten().find(|v| !(-64..64).contains(*v)) {
                return Err(format!("board cell coordinate {c} is out of range (-64 to 63)"));
            }
            cells(grid, listed, "board cell")?
        }
    };
    // Holes and optional cells are written in the board's own coordinates, before it is
    // moved home.
    let holes = cells(grid, &raw.holes, "hole")?;
    if let Some(h) = holes.iter().find(|h| !all.contains(h)) {
        return Err(format!("hole {h:?} is not a cell of the board"));
    }
    let optional = cells(grid, &raw.optional, "optional cell")?;
    if let Some(c) = optional.iter().find(|c| !all.contains(c) || holes.contains(c)) {
        return Err(format!("optional cell {c:?} is not a cell of the board"));
    }
    let kept: Vec<Cell> = all.iter().copied().filter(|c| !holes.contains(c)).collect();
    let lo = crate::polyform::lowest(&kept);
    let home = |c: &Cell| {
        if grid == Grid::Triangle {
            [c[0] - lo[0], c[1] - lo[1], c[2]]
        } else {
            [c[0] - lo[0], c[1] - lo[1], 0]
        }
    };
    let board = Board::on_grid(grid, kept.iter().map(home).collect())?;
    board.with_optional(&optional.iter().map(home).collect::<Vec<_>>())
}

/// The parts: a built-in set of the grid, or a list of parts written as cells
/// (`"[0,0,0][0,0,1]"` on triangles), each maybe with `count`, or `min` and `max`.
fn parts(grid: Grid, pieces: &Node) -> Result<Vec<PartSpec>, String> {
    let written = |s: &str, at: &str| -> Result<Vec<Cell>, String> {
        // Joined or not, the outline says ([`parse`]: one ring without holes).
        let (listed, _) = crate::polyform::parse_cells(s).map_err(|e| format!("{at}: {e}"))?;
        let listed: Vec<Vec<i32>> = listed.iter().map(|c| c.to_vec()).collect();
        // `parse_part` writes a flat cell [a, b] as [a, b, 0].
        let flat: Vec<Vec<i32>> = if grid == Grid::Hexagon {
            listed.iter().map(|c| if c[2] == 0 { c[..2].to_vec() } else { c.clone() }).collect()
        } else {
            listed
        };
        cells(grid, &flat, at)
    };
    let specs = match pieces {
        Node::Str(name) => match crate::polyform::builtin_set(name) {
            Some(set) if set.grid == grid => {
                set.parts.into_iter().map(|(name, cells)| PartSpec::once(name, cells)).collect::<Vec<_>>()
            }
            _ => {
                return Err(format!(
                    "`{name}` is no part set of the {} grid (built in: {})",
                    grid.name(),
                    if grid == Grid::Triangle {
                        "tetriamonds, pentiamonds, hexiamonds"
                    } else {
                        "trihexes, tetrahexes, pentahexes"
                    }
                ))
            }
        },
        Node::List(items) => items
            .iter()
            .enumerate()
            .map(|(k, n)| {
                let at = format!("pieces[{k}]");
                match n {
                    Node::Str(s) => Ok(PartSpec::once(format!("part {k}"), written(s, &at)?)),
                    Node::Map(_) => {
                        let Some(Node::Str(s)) = n.get("cells") else {
                            return Err(format!("{at}: a part written out needs `cells`"));
                        };
                        let (most, fewest) = copies(n, &at)?;
                        Ok(PartSpec {
                            name: format!("part {k}"),
                            cells: written(s, &at)?,
                            count: Some(most),
                            least: Some(fewest),
                            colours: Vec::new(),
                        })
                    }
                    _ => Err(format!("{at}: a part is written like \"[0,0,0][0,0,1]\"")),
                }
            })
            .collect::<Result<Vec<_>, String>>()?,
        other => return Err(format!("`pieces` must name a part set or list parts, found {}", other.describe())),
    };
    Ok(specs.into_iter().map(|p| PartSpec { cells: grid.normalize(&p.cells), ..p }).collect())
}

/// A written part's copies: `count`, or `min` and `max` (one when it says neither).
fn copies(n: &Node, at: &str) -> Result<(u32, u32), String> {
    let Node::Map(fields) = n else { unreachable!("called on maps") };
    if let Some((key, _)) = fields.iter().find(|(k, _)| !["cells", "count", "min", "max"].contains(&k.as_str())) {
        return Err(format!("{at}: unknown key `{key}` (a part written out has `cells`, `count` or `min` and `max`)"));
    }
    let number = |key: &str| match n.get(key) {
        None => Ok(None),
        Some(Node::Num(x)) if x.fract() == 0.0 && (0.0..=f64::from(MAX_COPIES)).contains(x) => Ok(Some(*x as u32)),
        Some(other) => {
            Err(format!("{at}.{key}: expected a whole number from 0 to {MAX_COPIES}, found {}", other.describe()))
        }
    };
    let (most, fewest) = match (number("count")?, number("min")?, number("max")?) {
        (Some(c), None, None) => (c, c),
        (None, Some(lo), Some(hi)) => (hi, lo),
        (None, None, None) => (1, 1),
        _ => return Err(format!("{at}: give `count`, or `min` and `max`")),
    };
    if most == 0 || fewest > most {
        return Err(format!("{at}: the count needs at least one copy, and `min` at most `max`"));
    }
    Ok((most, fewest))
}

/// A level on triangles or hexagons: the board's cells as the figure, each part's outline as a
/// piece turning by sixths of a turn.
pub fn parse(f: &Entry, grid: Grid, raw: &RawBoard, pieces: &Node) -> Result<Parsed, String> {
    let poly = PolyLevel::new(board(grid, raw)?, parts(grid, pieces)?);
    let ring = |points: Vec<[f64; 2]>| points.into_iter().map(|[x, y]| Vertex::from(pt(x, y))).collect::<Vec<_>>();
    let pieces = poly
        .pieces
        .iter()
        .map(|p| {
            let outline = grid.outline(&p.cells).ok_or_else(|| {
                format!(
                    "{} is not one piece without holes on the {} grid: parts are simply connected",
                    p.name,
                    grid.name()
                )
            })?;
            Ok(PieceDef { name: p.name.clone(), rings: vec![ring(outline)] })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let target = poly.board.cells.iter().map(|&c| ring(grid.polygon(c))).collect();
    let set = PieceSet { name: grid.parts_name().into(), pieces, step_deg: 60.0 };
    let n = set.pieces.len();
    crate::family::check_solution_pieces(&f.solution, n, |p| {
        format!("the solution names piece {p} but there are {n} parts")
    })?;
    Ok(Parsed { family: Arc::new(poly), set, target, mode: Mode::Anchored, allow_mirror: false })
}
