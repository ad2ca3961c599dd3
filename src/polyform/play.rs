//! Polyomino play: where a placed piece's cells are, judging a board (exact cover), and hints
//! from the player's position through the packer. Pieces are the parts' outlines turned in
//! quarter turns, so a [`Placement`] (as for tangram pieces) says where a part lies.

use super::pack::{solve, Board, PackOptions, PartSpec};
use super::{normalize, Cell};
use crate::pieces::Placement;
use crate::solve::lattice::Hint;
use std::collections::HashMap;

/// The board cells a 2D part covers under a placement (`world = rotate(mirror(local), rot *
/// 90 deg) + at`), or `None` when it is off the cell grid.
pub fn placement_cells(part: &[Cell], p: &Placement) -> Option<Vec<Cell>> {
    let (ax, ay) = (p.at.0.round(), p.at.1.round());
    if (p.at.0 - ax).abs() > 1e-6 || (p.at.1 - ay).abs() > 1e-6 {
        return None;
    }
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
                [x + ax as i32, y + ay as i32, 0]
            })
            .collect(),
    )
}

/// A placement of `part` covering exactly `cells`, if one exists.
pub fn placement_for(piece: usize, part: &[Cell], cells: &[Cell]) -> Option<Placement> {
    let want = normalize(cells);
    let lo = |v: &[Cell]| v.iter().fold([i32::MAX; 2], |m, c| [m[0].min(c[0]), m[1].min(c[1])]);
    let target_lo = lo(cells);
    for flip in [false, true] {
        for rot in 0..4 {
            let p = Placement { piece, rot, flip, at: (0.0, 0.0) };
            let got = placement_cells(part, &p)?;
            if normalize(&got) == want {
                let l = lo(&got);
                return Some(Placement { at: ((target_lo[0] - l[0]) as f64, (target_lo[1] - l[1]) as f64), ..p });
            }
        }
    }
    None
}

/// The verdict on a polyomino board.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// Board cells covered by pieces lying wholly on the board without overlap, over all cells.
    pub progress: f64,
    pub solved: bool,
    pub overlap: bool,
}

/// Judges placed pieces (`(part index, placement)`; pieces in the tray are left out).
pub fn judge(board: &Board, parts: &[PartSpec], placed: &[(usize, Placement)]) -> Judgement {
    let on_board: std::collections::HashSet<Cell> = board.cells.iter().copied().collect();
    let mut owners: HashMap<Cell, usize> = HashMap::new();
    let mut overlap = false;
    let mut good: Vec<Vec<Cell>> = Vec::new();
    for (part, p) in placed {
        let Some(cells) = placement_cells(&parts[*part].cells, p) else { continue };
        for c in &cells {
            *owners.entry(*c).or_default() += 1;
        }
        if cells.iter().all(|c| on_board.contains(c)) {
            good.push(cells);
        }
    }
    if owners.values().any(|&k| k > 1) {
        overlap = true;
    }
    let covered = good.iter().filter(|cs| cs.iter().all(|c| owners[c] == 1)).map(|cs| cs.len()).sum::<usize>();
    let solved = !overlap && covered == board.cells.len() && owners.len() == board.cells.len();
    let progress = covered as f64 / board.cells.len() as f64;
    Judgement { progress: if solved { 1.0 } else { progress.min(0.99) }, solved, overlap }
}

/// A hint from the player's position: the next part and where it goes so the board stays
/// solvable, `Move(piece)` for a placed piece that blocks every completion (or lies off the
/// board or on another), or `Done`. `piece_part[i]` is the part index of piece `i`. `None`
/// when the search budget ran out or `cancel` was raised.
pub fn hint(
    board: &Board,
    parts: &[PartSpec],
    piece_part: &[usize],
    placed: &[Placement],
    max_nodes: u64,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Option<Hint> {
    let on_board: std::collections::HashSet<Cell> = board.cells.iter().copied().collect();
    let mut taken: std::collections::HashSet<Cell> = Default::default();
    let mut left: Vec<u32> = vec![0; parts.len()];
    for &pp in piece_part {
        left[pp] += 1;
    }
    for p in placed {
        let part = piece_part[p.piece];
        let cells = placement_cells(&parts[part].cells, p);
        let fits = cells.as_ref().is_some_and(|cs| cs.iter().all(|c| on_board.contains(c) && !taken.contains(c)));
        if !fits || left[part] == 0 {
            return Some(Hint::Move(p.piece));
        }
        taken.extend(cells.unwrap_or_default());
        left[part] -= 1;
    }
    if taken.len() == board.cells.len() {
        return Some(Hint::Done);
    }
    let rest = Board { dim: board.dim, cells: board.cells.iter().copied().filter(|c| !taken.contains(c)).collect() };
    let specs: Vec<PartSpec> = parts.iter().zip(&left).map(|(p, &k)| PartSpec { count: Some(k), ..p.clone() }).collect();
    let opts = PackOptions { stop: 1, max_nodes, cancel: cancel.clone(), ..PackOptions::new(board.dim) };
    let out = solve(&rest, &specs, &opts);
    if let Some(sol) = out.kept.first() {
        // The largest part of the completion, on a piece not yet placed.
        let (part, cells) = sol.iter().max_by_key(|(p, cs)| (cs.len(), std::cmp::Reverse(*p)))?;
        let piece = (0..piece_part.len()).find(|&i| piece_part[i] == *part && !placed.iter().any(|q| q.piece == i))?;
        return placement_for(piece, &parts[*part].cells, cells).map(Hint::Next);
    }
    if !out.complete {
        return None;
    }
    crate::solve::blocking_piece(placed, |rest| hint(board, parts, piece_part, rest, max_nodes, cancel.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_and_cells_agree_for_every_turn_and_flip() {
        let l = vec![[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 0, 0]];
        for flip in [false, true] {
            for rot in 0..4 {
                let p = Placement { piece: 3, rot, flip, at: (5.0, -2.0) };
                let cells = placement_cells(&l, &p).unwrap();
                let q = placement_for(3, &l, &cells).unwrap();
                assert_eq!(normalize(&placement_cells(&l, &q).unwrap()), normalize(&cells));
                let mut a = placement_cells(&l, &q).unwrap();
                let mut b = cells.clone();
                a.sort();
                b.sort();
                assert_eq!(a, b);
            }
        }
        assert!(placement_cells(&l, &Placement { piece: 0, rot: 0, flip: false, at: (0.5, 0.0) }).is_none());
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
                    for c in placement_cells(&part, &p).unwrap() {
                        let centre = crate::geom::pt(c[0] as f64 + 0.5, c[1] as f64 + 0.5);
                        assert_eq!(outline.side(centre), crate::geom::ring::Side::Inside, "{k} {p:?} {c:?}");
                    }
                }
            }
        }
    }
}
