//! Placements as cells: where a placed polyomino or polycube piece's cells are, the placement
//! that covers given cells, and the packer's first solution as placements.
//!
//! On a 2D board the pieces are the parts' outlines turned in quarter turns, so a
//! [`Placement`] (as for tangram pieces) says where a part lies. A 3D board is shown as its
//! layers side by side, bottom layer on the left: cell `(x, y, z)` is the square at
//! `(x + z * stride, y)`, with one empty column between layers ([`layer_stride`]). A 3D piece
//! is drawn the same way, so it moves in the plane like any piece; its `rot` is one of the
//! 24 rotations of space ([`orient`], [`turn`]) and `flip` is unused.

use super::grid::{lattice, Grid};
use super::pack::{Board, PartSpec};
use super::{normalize, Cell, Symmetry};
use crate::pieces::Placement;
use std::sync::OnceLock;

/// How many orientations a 3D piece has.
pub const TURNS: i32 = 24;

fn rotations() -> &'static [[[i32; 3]; 3]] {
    static R: OnceLock<Vec<[[i32; 3]; 3]>> = OnceLock::new();
    R.get_or_init(|| super::motions(3, Symmetry::Rotations))
}

/// A 3D part turned by rotation `o` (0 is the part as given), normalised.
pub fn orient(part: &[Cell], o: i32) -> Vec<Cell> {
    let m = &rotations()[o.rem_euclid(TURNS) as usize];
    normalize(&part.iter().map(|&c| super::apply(m, c)).collect::<Vec<_>>())
}

/// Rotation `o` followed by `quarter` quarter turns about `axis` (0 = x, 1 = y, 2 = z; counter-
/// clockwise seen from the axis' positive end).
pub fn turn(o: i32, axis: usize, quarter: i32) -> i32 {
    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
    let mut m = rotations()[o.rem_euclid(TURNS) as usize];
    for _ in 0..quarter.rem_euclid(4) {
        // A quarter turn about `axis` sends a to b and b to -a.
        let mut t = m;
        t[b] = m[a];
        t[a] = m[b].map(|v| -v);
        m = t;
    }
    rotations().iter().position(|r| *r == m).expect("rotations are closed") as i32
}

/// The drawing's column step between the layers of a 3D board (its width plus one); `None` for
/// a 2D board.
pub fn layer_stride(board: &Board) -> Option<i32> {
    (board.dim == 3).then(|| board.cells.iter().map(|c| c[0]).max().unwrap_or(0) + 2)
}

/// The placement of a 3D part turned by `rot` with its lowest corner at cell `lo`.
pub fn place_at(board: &Board, piece: usize, rot: i32, lo: Cell) -> Placement {
    let stride = layer_stride(board).unwrap_or(0);
    Placement { piece, rot, flip: false, at: ((lo[0] + lo[2] * stride) as f64, lo[1] as f64) }
}

/// Where cells are drawn: `(x + z * stride, y)`.
pub fn layer_squares(cells: &[Cell], stride: i32) -> Vec<(i32, i32)> {
    cells.iter().map(|c| (c[0] + c[2] * stride, c[1])).collect()
}

/// The board cells a part covers under a placement, or `None` when it is off the cell grid (or,
/// on a 3D board, when a square falls between two layers).
pub fn placement_cells(board: &Board, part: &[Cell], p: &Placement) -> Option<Vec<Cell>> {
    if matches!(board.grid, Grid::Triangle | Grid::Hexagon) {
        return lattice_cells(board.grid, part, p);
    }
    let Some(stride) = layer_stride(board) else { return flat_cells(part, p) };
    on_board(&orient(part, p.rot), stride, p)
}

/// Cells of a turned 3D part (in its drawing's frame) as board cells, under a placement's
/// translation.
fn on_board(turned: &[Cell], stride: i32, p: &Placement) -> Option<Vec<Cell>> {
    let (ax, ay) = on_grid(p)?;
    layer_squares(turned, stride)
        .into_iter()
        .map(|(x, y)| {
            let (z, x) = ((x + ax).div_euclid(stride), (x + ax).rem_euclid(stride));
            (x < stride - 1).then_some([x, y + ay, z])
        })
        .collect()
}

/// The board cells a part's coloured cells land on under a placement, with their colours
/// (`None` off the cell grid, as [`placement_cells`]).
pub fn coloured_cells(board: &Board, part: &PartSpec, p: &Placement) -> Option<Vec<(Cell, u32)>> {
    match layer_stride(board) {
        None => {
            let cells: Vec<Cell> = part.colours.iter().map(|&(c, _)| c).collect();
            Some(flat_cells(&cells, p)?.into_iter().zip(part.colours.iter().map(|&(_, k)| k)).collect())
        }
        Some(stride) => {
            let turned = turned_colours(part, p.rot);
            let cells: Vec<Cell> = turned.iter().map(|&(c, _)| c).collect();
            Some(on_board(&cells, stride, p)?.into_iter().zip(turned.iter().map(|&(_, k)| k)).collect())
        }
    }
}

/// A 3D part's coloured cells under rotation `rot`, in the frame [`orient`] gives the part.
pub fn turned_colours(part: &PartSpec, rot: i32) -> Vec<(Cell, u32)> {
    super::colour::moved(Grid::Cube, &part.cells, &part.colours, &rotations()[rot.rem_euclid(TURNS) as usize]).1
}

/// Whether a placed part's coloured cells lie only on board cells that take their colours.
pub fn colours_fit(board: &Board, part: &PartSpec, p: &Placement) -> bool {
    part.colours.is_empty()
        || coloured_cells(board, part, p).is_some_and(|cs| cs.iter().all(|&(c, k)| board.takes(k, c)))
}

/// The translation when it is whole (within rounding).
fn on_grid(p: &Placement) -> Option<(i32, i32)> {
    let (ax, ay) = (p.at.0.round(), p.at.1.round());
    ((p.at.0 - ax).abs() <= 1e-6 && (p.at.1 - ay).abs() <= 1e-6).then_some((ax as i32, ay as i32))
}

/// The cells a 2D part covers under a placement (`world = rotate(mirror(local), rot * 90 deg)
/// + at`), or `None` when it is off the cell grid.
pub fn flat_cells(part: &[Cell], p: &Placement) -> Option<Vec<Cell>> {
    let (ax, ay) = on_grid(p)?;
    let (c, s) = [(1, 0), (0, 1), (-1, 0), (0, -1)][p.rot.rem_euclid(4) as usize];
    let m = if p.flip { -1 } else { 1 };
    let map = |x: i32, y: i32| {
        let x = x * m;
        (c * x - s * y, s * x + c * y)
    };
    Some(
        part.iter()
            .map(|q| {
                // The unit square's image: its lowest corner is the world cell.
                let corners = [map(q[0], q[1]), map(q[0] + 1, q[1]), map(q[0], q[1] + 1), map(q[0] + 1, q[1] + 1)];
                let x = corners.iter().map(|k| k.0).min().unwrap_or(0);
                let y = corners.iter().map(|k| k.1).min().unwrap_or(0);
                [x + ax, y + ay, 0]
            })
            .collect(),
    )
}

/// The cells a part of the triangles or hexagons covers under a placement (turned by sixths
/// of a turn about the part's lattice origin, mirrored in x first when `flip`), or `None` when
/// the translation is not a lattice step.
pub fn lattice_cells(grid: Grid, part: &[Cell], p: &Placement) -> Option<Vec<Cell>> {
    let [a, b] = lattice::exact([p.at.0, p.at.1])?;
    let m = grid.placed(p.rot, p.flip);
    Some(part.iter().map(|&c| grid.apply(&m, c)).map(|c| [c[0] + a, c[1] + b, c[2]]).collect())
}

/// The placement of `part` (on triangles or hexagons) covering exactly `cells`, if one exists.
fn lattice_placement(grid: Grid, piece: usize, part: &[Cell], cells: &[Cell]) -> Option<Placement> {
    let want = grid.normalize(cells);
    let lo = |v: &[Cell]| super::lowest(v);
    for flip in [false, true] {
        for rot in 0..6 {
            let p = Placement { piece, rot, flip, at: (0.0, 0.0) };
            let got = lattice_cells(grid, part, &p)?;
            if grid.normalize(&got) == want {
                let (w, g) = (lo(cells), lo(&got));
                let [x, y] = lattice::point([w[0] - g[0], w[1] - g[1]]);
                return Some(Placement { at: (x, y), ..p });
            }
        }
    }
    None
}

/// A placement of `part` covering exactly `cells` whose colours the board takes, if one exists.
pub fn placement_for(board: &Board, piece: usize, part: &PartSpec, cells: &[Cell]) -> Option<Placement> {
    if matches!(board.grid, Grid::Triangle | Grid::Hexagon) {
        return lattice_placement(board.grid, piece, &part.cells, cells);
    }
    let want = normalize(cells);
    if board.dim == 3 {
        return (0..TURNS)
            .filter(|&o| orient(&part.cells, o) == want)
            .map(|rot| place_at(board, piece, rot, super::lowest(cells)))
            .find(|p| colours_fit(board, part, p));
    }
    let lo = |v: &[Cell]| v.iter().fold([i32::MAX; 2], |m, c| [m[0].min(c[0]), m[1].min(c[1])]);
    let target_lo = lo(cells);
    for flip in [false, true] {
        for rot in 0..4 {
            let p = Placement { piece, rot, flip, at: (0.0, 0.0) };
            let got = flat_cells(&part.cells, &p)?;
            if normalize(&got) == want {
                let l = lo(&got);
                let p = Placement { at: ((target_lo[0] - l[0]) as f64, (target_lo[1] - l[1]) as f64), ..p };
                if colours_fit(board, part, &p) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// The packer's first way to fill `board` with `parts` (one of each), as placements in piece
/// order; `None` when it finds none within `max_nodes`.
pub fn first_solution(board: &Board, parts: &[super::pack::PartSpec], max_nodes: u64) -> Option<Vec<Placement>> {
    let piece_part: Vec<usize> = (0..parts.len()).collect();
    first_solution_of(board, parts, &piece_part, crate::support::budget::Budget::nodes(max_nodes))
}

/// The packer's first solution as placements of pieces, where `piece_part[i]` is the part
/// piece `i` is a copy of (each copy placed goes to the next piece of its part); `None` when
/// it finds none within `budget`.
pub fn first_solution_of(
    board: &Board,
    parts: &[super::pack::PartSpec],
    piece_part: &[usize],
    budget: crate::support::budget::Budget,
) -> Option<Vec<Placement>> {
    let opts = super::pack::PackOptions { stop: 1, keep: 1, ..super::pack::PackOptions::within(board.dim, &budget) };
    let out = super::pack::solve(board, parts, &opts);
    let mut taken = vec![false; piece_part.len()];
    let mut placed = out
        .kept
        .first()?
        .iter()
        .map(|(part, cells)| {
            let piece = (0..piece_part.len()).find(|&i| piece_part[i] == *part && !taken[i])?;
            taken[piece] = true;
            placement_for(board, piece, &parts[*part], cells)
        })
        .collect::<Option<Vec<_>>>()?;
    placed.sort_by_key(|p| p.piece);
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_and_cells_agree_for_every_turn_and_flip() {
        let l = vec![[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 0, 0]];
        let board = Board::boxed(10, 10, 0).unwrap();
        for flip in [false, true] {
            for rot in 0..4 {
                let p = Placement { piece: 3, rot, flip, at: (5.0, -2.0) };
                let cells = flat_cells(&l, &p).unwrap();
                let q = placement_for(&board, 3, &PartSpec::once("L", l.clone()), &cells).unwrap();
                assert_eq!(normalize(&flat_cells(&l, &q).unwrap()), normalize(&cells));
                let mut a = flat_cells(&l, &q).unwrap();
                let mut b = cells.clone();
                a.sort();
                b.sort();
                assert_eq!(a, b);
            }
        }
        assert!(flat_cells(&l, &Placement { piece: 0, rot: 0, flip: false, at: (0.5, 0.0) }).is_none());
    }

    #[test]
    fn cells_lie_inside_the_placed_outline() {
        // The game moves the parts' outlines; the cells must be the squares inside them.
        let set = crate::pieces::PieceSet::builtin("pentominoes").unwrap();
        for (k, (_, cells)) in crate::pieces::PENTOMINOES.iter().enumerate() {
            let part: Vec<Cell> = cells.iter().map(|&(x, y)| [x, y, 0]).collect();
            for flip in [false, true] {
                for rot in 0..4 {
                    let p = Placement { piece: k, rot, flip, at: (3.0, 1.0) };
                    let outline = crate::verify::Target::from_vertices(&p.apply(&set.pieces[k], set.step())).unwrap();
                    for c in flat_cells(&part, &p).unwrap() {
                        let centre = crate::geom::pt(c[0] as f64 + 0.5, c[1] as f64 + 0.5);
                        assert_eq!(outline.side(centre), crate::geom::ring::Side::Inside, "{k} {p:?} {c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn quarter_turns_about_z_and_x_reach_all_24_rotations() {
        let mut seen = vec![0];
        let mut todo = vec![0];
        while let Some(o) = todo.pop() {
            for next in [turn(o, 2, 1), turn(o, 0, 1)] {
                if !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
        assert_eq!(seen.len(), TURNS as usize);
        for o in 0..TURNS {
            for axis in 0..3 {
                assert_eq!(turn(turn(o, axis, 1), axis, -1), o);
                assert_eq!(turn(o, axis, 4), o);
            }
        }
        // A quarter turn about z takes the x axis to the y axis.
        let rod = vec![[0, 0, 0], [1, 0, 0], [2, 0, 0]];
        assert_eq!(orient(&rod, turn(0, 2, 1)), vec![[0, 0, 0], [0, 1, 0], [0, 2, 0]]);
        assert_eq!(orient(&rod, turn(turn(0, 2, 1), 0, 1)), vec![[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
    }

    #[test]
    fn layered_placements_and_cells_agree_and_gaps_are_off_the_board() {
        let board = Board::boxed(3, 3, 3).unwrap();
        assert_eq!(layer_stride(&board), Some(4));
        let soma = crate::polyform::builtin_set("soma").unwrap();
        for (k, (_, part)) in soma.parts.iter().enumerate() {
            for o in 0..TURNS {
                let want = orient(part, o);
                let p = placement_for(&board, k, &PartSpec::once("", part.clone()), &want).unwrap();
                let mut got = placement_cells(&board, part, &p).unwrap();
                got.sort();
                assert_eq!(got, want, "{k} {o}");
            }
        }
        // The L tetracube lying along x in the top layer, drawn from column 8 (= 0 + 2 * 4).
        let l = &soma.parts[1].1;
        let at = |x: f64, y: f64| Placement { piece: 1, rot: 0, flip: false, at: (x, y) };
        let cells = placement_cells(&board, l, &at(8.0, 0.0)).unwrap();
        assert!(cells.iter().all(|c| c[2] == 2 && c[0] < 3));
        // One column to the right its end falls into the gap after the top layer's column 2.
        assert!(placement_cells(&board, l, &at(9.0, 0.0)).is_none());
        assert!(placement_cells(&board, l, &at(1.0, 0.0)).is_none());
        assert!(placement_cells(&board, l, &at(8.5, 0.0)).is_none());
    }
}
