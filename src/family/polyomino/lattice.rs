//! Packing boards of triangles (polyiamonds) and hexagons (polyhexes): the same family as the
//! squares, on the grids of [`crate::polyform::grid`]. A board says its grid
//! (`board: (grid: "triangle", size: [6, 6])`); its cells are written `[a, b, t]` on triangles
//! (`t` 1 for a triangle pointing down) and `[a, b]` on hexagons, in lattice steps. Pieces are
//! the parts' outlines, turned in sixths of a turn about their lattice origin, and lie on cells
//! when they are moved by whole lattice steps.

use super::PolyLevel;
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

fn cells(grid: Grid, list: &[Vec<i32>], what: &str) -> Result<Vec<Cell>, String> {
    list.iter().map(|c| grid.read_cell(c, what)).collect()
}

/// The board: a parallelogram of `size` lattice steps or the `cells` listed, without its holes,
/// with its optional cells. Every cell is read as written: a board listed away from home (its
/// lowest `a` and `b` not 0) is refused with the shift that takes it there, so that its holes,
/// optional cells and the reference solution all stand in the frame the file writes. Painted
/// cells are for squares and cubes.
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
            let all = cells(grid, listed, "board cell")?;
            let shift = grid.home_shift(&all);
            if shift != [0, 0, 0] {
                return Err(format!(
                    "the board's cells start at a = {}, b = {}: a board is written from a = 0, b = 0 (move its \
                     cells, holes and optional cells by [{}, {}])",
                    shift[0], shift[1], -shift[0], -shift[1]
                ));
            }
            all
        }
    };
    let holes = cells(grid, &raw.holes, "hole")?;
    if let Some(h) = holes.iter().find(|h| !all.contains(h)) {
        return Err(format!("hole {:?} is not a cell of the board", &h[..grid.written_len()]));
    }
    let optional = cells(grid, &raw.optional, "optional cell")?;
    if let Some(c) = optional.iter().find(|c| !all.contains(c) || holes.contains(c)) {
        return Err(format!("optional cell {:?} is not a cell of the board", &c[..grid.written_len()]));
    }
    // The board's frame is its whole figure's: holes on its edge leave it where it is.
    let board = Board::on_grid(grid, all)?;
    let board = if holes.is_empty() { board } else { board.without(&holes)? };
    board.with_optional(&optional)
}

/// The parts: a built-in set of the grid, or a list of parts written as cells
/// (`"[0,0,0][0,0,1]"` on triangles), each maybe with `count`, or `min` and `max`.
fn parts(grid: Grid, pieces: &Node) -> Result<Vec<PartSpec>, String> {
    // Read as written by the grid's reader (taken home below); joined side to side.
    let written = |s: &str, at: &str| -> Result<Vec<Cell>, String> {
        let cells = grid.read_cells(s, at)?;
        if !grid.connected(&cells) {
            return Err(format!("{at}: its {} cells are not joined side to side", cells.len()));
        }
        Ok(cells)
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
    super::copies(n, at)
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
