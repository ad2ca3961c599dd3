//! The exact solver: cells filled in row-major order from the top-left; each cell's
//! candidates come from a table keyed by the colours of its north and west neighbours and by
//! whether its east and south sides lie on the frame, so a step only looks at tiles that fit.
//! Used tiles are a bit set. Counts solutions up to a limit, with node and time budgets and a
//! cancel flag.

use super::{turned, Placement, Puzzle, Tile, E, N, S, W};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop after this many solutions (0: 1).
    pub limit: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub cancel: Option<Arc<AtomicBool>>,
    /// With turning tiles, count a solution and its turns of the whole board (which keep the
    /// frame in place) once.
    pub up_to_board_turns: bool,
    /// Cells already filled (a player's position): `(cell, tile, rot)`; the search extends it.
    pub fixed: Vec<(usize, usize, u8)>,
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub solutions: u64,
    pub first: Option<Placement>,
    pub nodes: u64,
    /// The search space was exhausted.
    pub complete: bool,
}

/// Colours renumbered densely; `MAX_COLOURS` of them at most.
pub const MAX_COLOURS: usize = 255;

/// A tile option: (tile, rot, east colour, south colour).
type Option4 = (u16, u8, u8, u8);

struct Table {
    k: usize,
    /// The tiles with colours renumbered.
    dense: Vec<Tile>,
    /// Per border class (bit 0: on the east edge, bit 1: on the south edge), per (north,
    /// west) pair: the tiles and turns that fit.
    lists: Vec<Vec<Vec<Option4>>>,
}

fn build(p: &Puzzle) -> Result<Table, String> {
    let mut colours: Vec<u16> = p.tiles.iter().flatten().copied().collect();
    colours.sort_unstable();
    colours.dedup();
    if colours.len() > MAX_COLOURS {
        return Err(format!("{} colours; the exact solver handles at most {MAX_COLOURS}", colours.len()));
    }
    let id = |c: u16| colours.binary_search(&c).unwrap_or(0) as u8;
    let dense: Vec<Tile> = p.tiles.iter().map(|t| t.map(|c| id(c) as u16)).collect();
    let zero = if colours.first() == Some(&0) { 0u16 } else { u16::MAX };
    let k = colours.len();
    let mut lists = vec![vec![Vec::new(); k * k]; 4];
    for (ti, t) in dense.iter().enumerate() {
        let mut seen: Vec<Tile> = Vec::new();
        for rot in 0..if p.rotate { 4 } else { 1 } {
            let o = turned(t, rot);
            if seen.contains(&o) {
                continue; // a symmetric tile: one orientation per look
            }
            seen.push(o);
            for (class, list) in lists.iter_mut().enumerate() {
                let (east_frame, south_frame) = (class & 1 == 1, class & 2 == 2);
                if (o[E] == zero) != east_frame || (o[S] == zero) != south_frame {
                    continue;
                }
                list[o[N] as usize * k + o[W] as usize].push((ti as u16, rot, o[E] as u8, o[S] as u8));
            }
        }
    }
    Ok(Table { k, lists, dense })
}

struct Search<'a> {
    p: &'a Puzzle,
    t: &'a Table,
    opts: &'a Options,
    zero: u8,
    fixed: Vec<Option<(u16, u8)>>,
    used: Vec<u64>,
    east: Vec<u8>,
    south: Vec<u8>,
    chosen: Vec<(usize, u8)>,
    out: Outcome,
    stopped: bool,
}

/// Solves a puzzle.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Outcome, String> {
    let table = build(p)?;
    let zero = if p.tiles.iter().flatten().any(|&c| c == 0) { 0 } else { u8::MAX };
    let n = p.cells();
    let mut fixed = vec![None; n];
    let mut used = vec![0u64; p.tiles.len().div_ceil(64)];
    for (cell, tile, rot) in p.clues.iter().map(|k| (k.cell, k.tile, k.rot)).chain(opts.fixed.iter().copied()) {
        if cell >= n || tile >= p.tiles.len() {
            return Err(format!("cell {cell} or tile {tile} is out of range"));
        }
        if used[tile / 64] >> (tile % 64) & 1 == 1 {
            return Err(format!("tile {tile} is placed twice"));
        }
        used[tile / 64] |= 1 << (tile % 64);
        fixed[cell] = Some((tile as u16, rot));
    }
    let mut s = Search {
        p,
        t: &table,
        opts,
        zero,
        fixed,
        used,
        east: vec![0; n],
        south: vec![0; n],
        chosen: vec![(0, 0); n],
        out: Outcome::default(),
        stopped: false,
    };
    s.go(0);
    s.out.complete = !s.stopped;
    Ok(s.out)
}

impl Search<'_> {
    fn stop_now(&mut self) -> bool {
        let o = self.opts;
        if (o.max_nodes > 0 && self.out.nodes >= o.max_nodes)
            || (self.out.nodes & 1023 == 0
                && (o.deadline.is_some_and(|d| Instant::now() >= d)
                    || o.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn go(&mut self, cell: usize) {
        self.out.nodes += 1;
        if self.stop_now() {
            return;
        }
        let (cols, rows) = (self.p.cols, self.p.rows);
        if cell == cols * rows {
            self.record();
            return;
        }
        let (x, y) = (cell % cols, cell / cols);
        let north = if y == 0 { self.zero } else { self.south[cell - cols] };
        let west = if x == 0 { self.zero } else { self.east[cell - 1] };
        let class = usize::from(x + 1 == cols) | usize::from(y + 1 == rows) << 1;
        if north as usize >= self.t.k || west as usize >= self.t.k {
            return;
        }
        let t: &Table = self.t;
        if let Some((tile, rot)) = self.fixed[cell] {
            // A fixed tile keeps its own turn (the lists hold one turn per look of a
            // symmetric tile, maybe not this one).
            let o = turned(&t.dense[tile as usize], rot);
            let zero = self.zero as u16;
            let fits = o[N] == north as u16
                && o[W] == west as u16
                && (o[E] == zero) == (x + 1 == cols)
                && (o[S] == zero) == (y + 1 == rows);
            if fits {
                self.east[cell] = o[E] as u8;
                self.south[cell] = o[S] as u8;
                self.chosen[cell] = (tile as usize, rot);
                self.go(cell + 1);
            }
            return;
        }
        for &(tile, rot, e, s) in &t.lists[class][north as usize * t.k + west as usize] {
            let tile = tile as usize;
            if self.used[tile / 64] >> (tile % 64) & 1 == 1 {
                continue;
            }
            self.used[tile / 64] |= 1 << (tile % 64);
            self.east[cell] = e;
            self.south[cell] = s;
            self.chosen[cell] = (tile, rot);
            self.go(cell + 1);
            self.used[tile / 64] &= !(1 << (tile % 64));
            if self.stopped || self.out.solutions >= self.opts.limit.max(1) {
                return;
            }
        }
    }

    fn record(&mut self) {
        let sol = self.chosen.clone();
        if self.opts.up_to_board_turns && self.p.rotate {
            // Count the solution only if it is the smallest of its turns that fit the board.
            let (c, r) = (self.p.cols, self.p.rows);
            let turns: &[u8] = if c == r { &[1, 2, 3] } else { &[2] };
            for &q in turns {
                let img = turn_board(&sol, c, r, q);
                if img < sol {
                    return;
                }
            }
        }
        self.out.solutions += 1;
        if self.out.first.is_none() {
            self.out.first = Some(sol);
        }
    }
}

/// A whole-board placement turned by `q` quarter turns clockwise (square boards for odd `q`).
pub fn turn_board(p: &Placement, cols: usize, rows: usize, q: u8) -> Placement {
    let mut out = p.clone();
    for (cell, &(t, r)) in p.iter().enumerate() {
        let (x, y) = (cell % cols, cell / cols);
        let (nx, ny, ncols) = match q % 4 {
            1 => (rows - 1 - y, x, rows),
            2 => (cols - 1 - x, rows - 1 - y, cols),
            3 => (y, cols - 1 - x, rows),
            _ => (x, y, cols),
        };
        out[ny * ncols + nx] = (t, (r + q) % 4);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_a_solution_of_a_square_board_gives_a_solution() {
        // A 2 x 2 board with one inner colour on all four inner sides.
        let p = Puzzle {
            cols: 2,
            rows: 2,
            rotate: true,
            clues: vec![],
            tiles: vec![[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 0]],
        };
        p.validate().unwrap();
        let out = solve(&p, &Options { limit: 100, ..Default::default() }).unwrap();
        let first = out.first.unwrap();
        for q in 1..4 {
            p.check(&turn_board(&first, 2, 2, q)).unwrap();
        }
        // All four tiles are the same corner tile turned: 4! ways to place them.
        assert_eq!(out.solutions, 24);
        let once = solve(&p, &Options { limit: 100, up_to_board_turns: true, ..Default::default() }).unwrap();
        assert_eq!(once.solutions, 6);
    }
}
