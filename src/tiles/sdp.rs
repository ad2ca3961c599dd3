//! Edge matching without preset locations: the rank-one SDP ([`crate::solve::sdp`], the
//! paper's Algorithm 2) on tiles that only translate. Each tile is a unit square whose four
//! sides are typed by colour and axis; the frame's sides (colour 0, facing out of the board)
//! are the figure; a clue tile is a piece already placed, its sides moved to the figure's
//! side of the equations. Each tile's translation is read from its moment matrix and rounded
//! to the nearest cell; the puzzle's own check decides.

use super::{Placement, Puzzle, E, N, S, W};
use crate::algebra::{Equations, IndexSet, Side};
use crate::solve::sdp::{run, Options, Outcome};

/// What a run found: each index set's run and, when solved, the placement.
pub struct EdgeOutcome {
    pub runs: Vec<(IndexSet, Outcome)>,
    pub placement: Option<Placement>,
}

/// Solves a translation-only puzzle, trying the index sets in turn.
pub fn solve(p: &Puzzle, opts: &Options, indexes: &[IndexSet]) -> Result<EdgeOutcome, String> {
    if p.rotate {
        return Err(
            "the SDP method places tiles that only translate; for turning tiles use --method exact or lp".into()
        );
    }
    if p.tiles.len() > crate::solve::sdp::MAX_PIECES {
        return Err(format!(
            "{} tiles is more than the SDP method takes ({})",
            p.tiles.len(),
            crate::solve::sdp::MAX_PIECES
        ));
    }
    let (figure, pieces, free) = sides(p);
    let mut out = EdgeOutcome { runs: Vec::new(), placement: None };
    if pieces.is_empty() {
        return Ok(out);
    }
    for &index in indexes {
        crate::solve::sdp::check_size(index, pieces.len(), &opts.budget)?;
    }
    for &index in indexes {
        let eq = Equations::new(&pieces, &figure, &index.sums());
        let run = run(&eq, &Options { index, ..opts.clone() }, |t| {
            // Each tile to the nearest cell; a permutation that matches every side solves.
            let placement = rounded(p, &free, t).filter(|placement| p.check(placement).is_ok());
            let ok = placement.is_some();
            if ok {
                out.placement = placement;
            }
            ok
        });
        let stop = run.stopped.as_deref().is_some_and(|s| s == "cancelled" || s == "out of time");
        out.runs.push((index, run));
        if out.placement.is_some() || stop {
            break;
        }
    }
    Ok(out)
}

/// The board's frame and clues as the figure's sides, the free tiles' sides around the
/// origin as the pieces, and which tile each piece is. The board fits the unit square,
/// centred on the origin.
fn sides(p: &Puzzle) -> (Vec<Side>, Vec<Vec<Side>>, Vec<usize>) {
    let (cols, rows) = (p.cols as f64, p.rows as f64);
    let size = cols.max(rows);
    let h = 0.5 / size;
    let mut colours: Vec<u16> = p.tiles.iter().flatten().copied().chain([0]).collect();
    colours.sort_unstable();
    colours.dedup();
    let kind = |c: u16, side: usize| colours.binary_search(&c).unwrap_or(0) * 2 + side % 2;
    // A tile's sides around a centre (x, y), each side's colour given.
    let square = |tile: &[u16; 4], (x, y): (f64, f64), flip: f64| -> Vec<Side> {
        let mk = |s: usize, sign: f64, a: (f64, f64), b: (f64, f64)| Side {
            kind: kind(tile[s], s),
            sign: sign * flip,
            a: (x + a.0, y + a.1),
            b: (x + b.0, y + b.1),
        };
        vec![
            mk(N, 1.0, (-h, h), (h, h)),
            mk(E, 1.0, (h, -h), (h, h)),
            mk(S, -1.0, (-h, -h), (h, -h)),
            mk(W, -1.0, (-h, -h), (-h, h)),
        ]
    };
    let centre = |cell: usize| {
        let (x, y) = ((cell % p.cols) as f64, (cell / p.cols) as f64);
        ((x + 0.5 - cols / 2.0) / size, (rows / 2.0 - y - 0.5) / size)
    };
    // The frame: colour 0 on every side facing out of the board.
    let mut figure = Vec::new();
    for cell in 0..p.cells() {
        let (x, y) = (cell % p.cols, cell / p.cols);
        let out = [y == 0, x + 1 == p.cols, y + 1 == p.rows, x == 0];
        let all = square(&[0; 4], centre(cell), 1.0);
        figure.extend((0..4).filter(|&s| out[s]).map(|s| all[s]));
    }
    // Clue tiles are part of the figure's side, with their signs turned.
    let clued: Vec<usize> = p.clues.iter().map(|k| k.tile).collect();
    for k in &p.clues {
        figure.extend(square(&super::turned(&p.tiles[k.tile], k.rot), centre(k.cell), -1.0));
    }
    let free: Vec<usize> = (0..p.tiles.len()).filter(|t| !clued.contains(t)).collect();
    let pieces: Vec<Vec<Side>> = free.iter().map(|&t| square(&p.tiles[t], (0.0, 0.0), 1.0)).collect();
    (figure, pieces, free)
}

/// The free tiles' translations `t` rounded to cells: the board laid (clues in theirs), or
/// None when a tile falls off the board or two fall on one cell.
fn rounded(p: &Puzzle, free: &[usize], t: &[(f64, f64)]) -> Option<Placement> {
    let (cols, rows) = (p.cols as f64, p.rows as f64);
    let size = cols.max(rows);
    let mut placement: Vec<Option<(usize, u8)>> = vec![None; p.cells()];
    for k in &p.clues {
        placement[k.cell] = Some((k.tile, k.rot));
    }
    for (i, ti) in t.iter().enumerate() {
        let x = (ti.0 * size + cols / 2.0 - 0.5).round();
        let y = (rows / 2.0 - 0.5 - ti.1 * size).round();
        if !(0.0..cols).contains(&x) || !(0.0..rows).contains(&y) {
            return None;
        }
        let cell = y as usize * p.cols + x as usize;
        if placement[cell].replace((free[i], 0)).is_some() {
            return None;
        }
    }
    placement.into_iter().collect()
}
