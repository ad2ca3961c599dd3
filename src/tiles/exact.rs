//! The exact solver, a backtracking search told in four parts.
//!
//! *Which cell next.* A step fills the empty cell with the fewest tile turns that still fit it
//! (among the cells touching a placed tile; at the very start, the frame's cells, so a corner).
//! Sets of tile turns are bit sets: the turns fitting a cell are the intersection of one table
//! row per known side (keyed by the cell's border class, the side and its colour) with the
//! turns of the tiles not in use, counted by popcount. A cell with none ends the branch at once.
//! Colour counts prune too: the open sides of each colour (sides of placed tiles facing an
//! empty cell) can never outnumber that colour's sides on the tiles left (per direction when
//! tiles do not turn).
//!
//! *Reading order, the cheap way.* Filling cells left to right, top to bottom, the north and
//! west colours are always known, so one precomputed list holds a cell's candidates and a node
//! costs a few instructions: several times cheaper than choosing a cell, though it needs more
//! nodes on boards with few colours. Counting (a limit above one, as for proving a solution
//! unique) walks the whole tree, so it runs once in reading order.
//!
//! *Ties broken at random, with restarts.* Any fixed order is fast on most tile lists and
//! hopeless on a few (the heavy tail of backtracking). To find a solution, runs alternate
//! between choosing cells (ties between cells and the order of candidates drawn from a seeded
//! ChaCha8 generator) and reading order (each list shuffled), and a run that spends its node
//! budget gives up for the next; budgets follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...)
//! times a unit, reading-order runs getting more nodes, so they grow without bound and some run
//! always ends on its own. Only such a run, which explored its whole tree, proves there is no
//! solution.
//!
//! *Turns of the whole board.* When tiles turn, every solution turned with the board (a
//! half turn; quarter turns on a square board) is another; to count them once, one corner tile
//! is only tried in the corners its turns cannot reach from each other (the top-left corner on
//! a square board, the two top corners on other boards).

use super::{turned, Placement, Puzzle, Tile, E, N, S, W};
use crate::support::budget::Budget;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop after this many solutions (0: 1).
    pub limit: u64,
    /// Nodes of all runs together, deadline, cancel flag.
    pub budget: Budget,
    /// With turning tiles, count a solution and its turns of the whole board (which keep the
    /// frame in place) once. Puzzles with clues or fixed cells count every solution.
    pub up_to_board_turns: bool,
    /// Cells already filled (a player's position): `(cell, tile, rot)`; the search extends it.
    pub fixed: Vec<(usize, usize, u8)>,
    /// The generator's seed for tie-breaking (runs use `seed`, `seed + 1`, ...).
    pub seed: u64,
    /// One run in the tables' order: no randomness, no restarts (for comparisons).
    pub fixed_order: bool,
}

impl Options {
    /// The puzzle's clue tiles and these options' fixed cells: `(cell, tile, rot)`.
    pub fn fixed_cells(&self, p: &Puzzle) -> Vec<(usize, usize, u8)> {
        p.clues.iter().map(|k| (k.cell, k.tile, k.rot)).chain(self.fixed.iter().copied()).collect()
    }
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub solutions: u64,
    pub first: Option<Placement>,
    /// Nodes over all runs.
    pub nodes: u64,
    /// The search ended on its own: `solutions` is the count (or reached the limit).
    pub complete: bool,
    /// Runs started (1 + restarts).
    pub runs: u32,
}

/// Colours renumbered densely; `MAX_COLOURS` of them at most.
pub const MAX_COLOURS: usize = 255;

/// How many more nodes a run in reading order gets than one that chooses cells.
const SCAN_BUDGET: u64 = 8;

/// A side that may show any inner colour.
const ANY: u8 = u8::MAX;

/// Nodes in one unit of the restart budget, per cell of the board.
const UNIT_PER_CELL: u64 = 64;

/// A tile in one turn, with its colours as they then face.
#[derive(Clone, Copy, Debug)]
struct Opt {
    tile: u16,
    rot: u8,
    sides: [u8; 4],
}

struct Table {
    k: usize,
    /// The frame's colour (dense).
    zero: u8,
    dense: Vec<Tile>,
    /// Tile turns are numbered `tile * 4 + rot` (one turn per look of a symmetric tile) and
    /// sets of them kept as bit sets of `words` words.
    words: usize,
    /// Each turn's colours as they face.
    sides: Vec<[u8; 4]>,
    /// `bits[((class * 4 + side) * k + colour) * words ..][.. words]`: the turns that fit a
    /// cell of this border class (bit s: side s lies on the frame) with `colour` on `side`.
    bits: Vec<u64>,
    /// Every turn, each look once.
    all: Vec<u64>,
    /// For filling in reading order, where the north and west colours are known: the turns of
    /// key `((east on frame | south on frame << 1) * k + north) * k + west` are
    /// `scan[scan_start[key]..scan_start[key + 1]]`.
    scan_start: Vec<u32>,
    scan: Vec<Opt>,
}

fn build(p: &Puzzle) -> Result<Table, String> {
    let mut colours: Vec<u16> = p.tiles.iter().flatten().copied().collect();
    colours.sort_unstable();
    colours.dedup();
    if colours.len() > MAX_COLOURS {
        return Err(format!("{} colours; the exact solver handles at most {MAX_COLOURS}", colours.len()));
    }
    if colours.first() != Some(&0) {
        return Err("no tile has a side of the frame's colour 0".into());
    }
    let id = |c: u16| colours.binary_search(&c).unwrap_or(0) as u8;
    let dense: Vec<Tile> = p.tiles.iter().map(|t| t.map(|c| id(c) as u16)).collect();
    let (zero, k, words) = (0u8, colours.len(), (dense.len() * 4).div_ceil(64));
    let mut bits = vec![0u64; 16 * 4 * k * words];
    let mut all = vec![0u64; words];
    let mut sides = vec![[ANY; 4]; dense.len() * 4];
    for (ti, t) in dense.iter().enumerate() {
        for rot in looks(t, p.rotate) {
            let o = ti * 4 + rot as usize;
            sides[o] = turned(t, rot).map(|c| c as u8);
            all[o / 64] |= 1 << (o % 64);
            let class = (0..4).fold(0, |m, s| m | usize::from(sides[o][s] == zero) << s);
            for (s, &c) in sides[o].iter().enumerate() {
                bits[((class * 4 + s) * k + c as usize) * words + o / 64] |= 1 << (o % 64);
            }
        }
    }
    let scan_key = |o: &[u8; 4]| {
        let c2 = usize::from(o[E] == zero) | usize::from(o[S] == zero) << 1;
        (c2 * k + o[N] as usize) * k + o[W] as usize
    };
    let mut scan: Vec<Opt> = (0..sides.len())
        .filter(|&o| all[o / 64] >> (o % 64) & 1 == 1)
        .map(|o| Opt { tile: (o / 4) as u16, rot: (o % 4) as u8, sides: sides[o] })
        .collect();
    scan.sort_by_key(|o| scan_key(&o.sides));
    let mut scan_start = vec![0u32; 4 * k * k + 1];
    for o in &scan {
        scan_start[scan_key(&o.sides) + 1] += 1;
    }
    for i in 1..scan_start.len() {
        scan_start[i] += scan_start[i - 1];
    }
    Ok(Table { k, zero, dense, words, sides, bits, all, scan_start, scan })
}

/// The turns of a tile that look different (the first turn of each look).
pub(super) fn looks(t: &Tile, rotate: bool) -> Vec<u8> {
    let mut seen: Vec<Tile> = Vec::new();
    let mut out = Vec::new();
    for rot in 0..if rotate { 4 } else { 1 } {
        let o = turned(t, rot);
        if !seen.contains(&o) {
            seen.push(o);
            out.push(rot);
        }
    }
    out
}

/// The smallest turn of tile `t` that looks like turn `rot`.
pub(super) fn canonical(t: &Tile, rot: u8) -> u8 {
    let o = turned(t, rot);
    (0..4).find(|&r| turned(t, r) == o).unwrap_or(rot)
}

/// Counting a solution and its board turns once: the first corner tile (two frame sides
/// meeting) and the cells it may stand in, the top-left corner on a square board, the two top
/// corners on others (no two of them are turns of each other). None for boards without one.
pub(super) fn board_turn_pin(p: &Puzzle) -> Option<(usize, Vec<bool>)> {
    let (cols, rows) = (p.cols, p.rows);
    if cols < 2 || rows < 2 {
        return None;
    }
    let tile = p.tiles.iter().position(|t| (0..4).any(|s| t[s] == 0 && t[(s + 1) % 4] == 0))?;
    let mut cells = vec![false; cols * rows];
    cells[0] = true;
    if cols != rows {
        cells[cols - 1] = true;
    }
    Some((tile, cells))
}

/// A solution's images under the turns of the whole board that keep the frame in place (a
/// half turn; quarter turns too on a square board), each tile's turn the first of its look.
pub(super) fn board_images(p: &Puzzle, sol: &Placement) -> Vec<Placement> {
    let turns: &[u8] = if p.cols == p.rows { &[1, 2, 3] } else { &[2] };
    turns
        .iter()
        .map(|&q| {
            let mut img = turn_board(sol, p.cols, p.rows, q);
            for (t, rot) in img.iter_mut() {
                *rot = canonical(&p.tiles[*t], *rot);
            }
            img
        })
        .collect()
}

/// Luby's restart sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (`i` from 1).
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let k = 64 - i.leading_zeros() as u64; // 2^(k-1) <= i < 2^k
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Solves a puzzle: restarts on Luby budgets until a run finds the first solution or ends on
/// its own, then (when more than one is asked for) counts to the end.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Outcome, String> {
    let table = build(p)?;
    let base = Search::new(p, &table, opts)?;
    let limit = opts.limit.max(1);
    if base.contradiction {
        return Ok(Outcome { complete: true, runs: 1, ..Default::default() });
    }
    let mut out = Outcome::default();
    if limit > 1 && !opts.fixed_order {
        // A count walks the whole tree (or stops at the limit): one run in reading order, which
        // walks a tree faster than choosing cells does.
        let mut s = base.clone();
        s.scan = true;
        s.limit = limit;
        s.start();
        return Ok(Outcome { solutions: s.solutions, first: s.first, nodes: s.nodes, complete: !s.stopped, runs: 1 });
    }
    let unit = UNIT_PER_CELL * p.cells() as u64;
    let mut run = 0u64;
    loop {
        run += 1;
        let mut s = base.clone();
        if !opts.fixed_order {
            s.rng = Some(ChaCha8Rng::seed_from_u64(opts.seed.wrapping_add(run)));
            // Every other run fills in reading order, its lists shuffled: its nodes are cheaper,
            // so it gets more of them.
            s.scan = run.is_multiple_of(2);
            s.budget = unit.saturating_mul(luby(run.div_ceil(2))) * if s.scan { SCAN_BUDGET } else { 1 };
            if s.scan {
                s.shuffle_scan();
            }
        }
        s.limit = limit;
        s.spent = out.nodes;
        s.start();
        out.nodes += s.nodes;
        out.runs = run as u32;
        if s.stopped {
            return Ok(out); // out of nodes, out of time or cancelled
        }
        if s.solutions > 0 || !s.out_of_budget {
            out.first = s.first.take();
            out.solutions = s.solutions;
            out.complete = true;
            return Ok(out);
        }
    }
}

#[derive(Clone)]
struct Search<'a> {
    p: &'a Puzzle,
    t: &'a Table,
    opts: &'a Options,
    n: usize,
    /// Neighbours N E S W (None: the frame).
    nb: Vec<[Option<usize>; 4]>,
    class: Vec<usize>,
    at: Vec<Option<Opt>>,
    /// The colour each side of a cell must show: the frame's, a placed neighbour's, or `ANY`
    /// inner colour.
    want: Vec<[u8; 4]>,
    /// Placed neighbours of each cell.
    touching: Vec<u8>,
    placed: usize,
    /// The turns of the tiles not in use (bit set over turn numbers).
    free: Vec<u64>,
    /// Open sides per (direction, colour) and the tiles' sides left to meet them; one direction
    /// when tiles turn.
    open: Vec<i32>,
    avail: Vec<i32>,
    /// Symmetry breaking: this tile only in the marked cells.
    pinned: Option<(u16, Vec<bool>)>,
    /// Board turns checked when a solution is found (only without a pinned corner tile).
    turn_filter: bool,
    rng: Option<ChaCha8Rng>,
    /// Fill cells in reading order instead of choosing the most constrained.
    scan: bool,
    /// The table's reading-order lists, shuffled for this run.
    scan_lists: Vec<Opt>,
    budget: u64,
    spent: u64,
    limit: u64,
    nodes: u64,
    solutions: u64,
    first: Option<Placement>,
    stopped: bool,
    out_of_budget: bool,
    contradiction: bool,
    bufs: Vec<Vec<u32>>,
}

impl<'a> Search<'a> {
    fn new(p: &'a Puzzle, t: &'a Table, opts: &'a Options) -> Result<Self, String> {
        let (n, nb) = (p.cells(), p.neighbours());
        let class = nb.iter().map(|a| (0..4).fold(0, |m, s| m | usize::from(a[s].is_none()) << s)).collect();
        let want = nb.iter().map(|a| a.map(|x| if x.is_none() { t.zero } else { ANY })).collect();
        let dirs = if p.rotate { 1 } else { 4 };
        let mut avail = vec![0; dirs * t.k];
        for tile in &t.dense {
            for (s, &c) in tile.iter().enumerate() {
                avail[(s % dirs) * t.k + c as usize] += 1;
            }
        }
        let mut s = Search {
            p,
            t,
            opts,
            n,
            nb,
            class,
            at: vec![None; n],
            want,
            touching: vec![0; n],
            placed: 0,
            free: t.all.clone(),
            open: vec![0; dirs * t.k],
            avail,
            pinned: None,
            turn_filter: false,
            rng: None,
            scan: false,
            scan_lists: t.scan.clone(),
            budget: 0,
            spent: 0,
            limit: 1,
            nodes: 0,
            solutions: 0,
            first: None,
            stopped: false,
            out_of_budget: false,
            contradiction: false,
            bufs: vec![Vec::new(); n + 1],
        };
        let fixed = opts.fixed_cells(p);
        for &(cell, tile, rot) in &fixed {
            if cell >= n || tile >= p.tiles.len() {
                return Err(format!("cell {cell} or tile {tile} is out of range"));
            }
            if s.is_used(tile) {
                return Err(format!("tile {tile} is placed twice"));
            }
            if s.at[cell].is_some() {
                return Err(format!("cell {cell} is filled twice"));
            }
            // A fixed tile keeps its own turn (maybe not the first of its look).
            let sides = turned(&t.dense[tile], rot).map(|c| c as u8);
            let o = Opt { tile: tile as u16, rot, sides };
            if !s.fits(cell, &o) | !s.place(cell, o) {
                s.contradiction = true;
            }
        }
        if opts.up_to_board_turns && p.rotate && fixed.is_empty() {
            match board_turn_pin(p) {
                Some((tile, cells)) => s.pinned = Some((tile as u16, cells)),
                None => s.turn_filter = true,
            }
        }
        Ok(s)
    }

    /// A tile's turns are its four bits of `free`, at `tile * 4`.
    fn is_used(&self, tile: usize) -> bool {
        self.free[tile * 4 / 64] >> (tile * 4 % 64) & 0xF == 0
    }

    fn take(&mut self, tile: usize) {
        self.free[tile * 4 / 64] &= !(0xF << (tile * 4 % 64));
    }

    fn give_back(&mut self, tile: usize) {
        self.free[tile * 4 / 64] |= self.t.all[tile * 4 / 64] & 0xF << (tile * 4 % 64);
    }

    fn fits(&self, cell: usize, o: &Opt) -> bool {
        let w = self.want[cell];
        (0..4).all(|s| if w[s] == ANY { o.sides[s] != self.t.zero } else { o.sides[s] == w[s] })
    }

    /// Calls `f` with each word of the set of turns that fit `cell` now (none when nothing is
    /// known around it: returns false).
    fn fitting(&self, cell: usize, mut f: impl FnMut(usize, u64)) -> bool {
        let t = self.t;
        let (class, w) = (self.class[cell], &self.want[cell]);
        let mut rows = [0usize; 4];
        let mut known = 0;
        for (s, &c) in w.iter().enumerate() {
            if c != ANY {
                rows[known] = ((class * 4 + s) * t.k + c as usize) * t.words;
                known += 1;
            }
        }
        if known == 0 {
            return false;
        }
        let pin = self.pinned.as_ref().filter(|(_, cells)| !cells[cell]).map(|(tile, _)| *tile as usize * 4);
        for i in 0..t.words {
            let mut x = self.free[i];
            for r in &rows[..known] {
                x &= t.bits[r + i];
            }
            if let Some(o) = pin.filter(|o| o / 64 == i) {
                x &= !(0xF << (o % 64));
            }
            f(i, x);
        }
        true
    }

    /// How many tile turns fit `cell` (many: more than `cutoff`).
    fn count(&self, cell: usize, cutoff: usize) -> usize {
        let mut k = 0;
        let known = self.fitting(cell, |_, x| {
            if x != 0 && k <= cutoff {
                k += x.count_ones() as usize;
            }
        });
        if known {
            k
        } else {
            usize::MAX
        }
    }

    /// The empty cell with the fewest fitting tiles (ties at random), or None when one has none.
    fn choose(&mut self) -> Option<usize> {
        let start = self.placed == 0;
        let (mut best, mut best_count, mut ties) = (None, usize::MAX, 0u64);
        for cell in 0..self.n {
            if self.at[cell].is_some() || !(if start { self.class[cell] != 0 } else { self.touching[cell] > 0 }) {
                continue;
            }
            let k = self.count(cell, best_count);
            if k == 0 {
                return None;
            }
            if k < best_count {
                (best, best_count, ties) = (Some(cell), k, 1);
            } else if k == best_count {
                ties += 1;
                if let Some(rng) = self.rng.as_mut() {
                    if rng.next_u64() % ties == 0 {
                        best = Some(cell);
                    }
                }
            }
        }
        if best.is_none() {
            // A board without frame cells or touching cells: any empty cell.
            best = (0..self.n).find(|&c| self.at[c].is_none());
        }
        best
    }

    /// Adds (`sign` 1) or takes back (-1) a tile's share of the colour counts.
    fn count_sides(&mut self, cell: usize, o: &Opt, sign: i32) {
        let k = self.t.k;
        let rotate = self.p.rotate;
        let dir = |s: usize| if rotate { 0 } else { s };
        for s in 0..4 {
            let c = o.sides[s] as usize;
            self.avail[dir(s) * k + c] -= sign;
            if let Some(nb) = self.nb[cell][s] {
                match self.at[nb] {
                    // The neighbour's side facing here was open; it is met now.
                    Some(other) => self.open[dir(s) * k + other.sides[(s + 2) % 4] as usize] -= sign,
                    None => self.open[dir((s + 2) % 4) * k + c] += sign,
                }
            }
        }
    }

    /// Places a tile and updates the colour counts; false when some colour's open sides now
    /// outnumber the sides left to meet them.
    fn place(&mut self, cell: usize, o: Opt) -> bool {
        self.take(o.tile as usize);
        self.count_sides(cell, &o, 1);
        for s in 0..4 {
            if let Some(nb) = self.nb[cell][s] {
                self.want[nb][(s + 2) % 4] = o.sides[s];
                self.touching[nb] += 1;
            }
        }
        self.at[cell] = Some(o);
        self.placed += 1;
        let (k, rotate) = (self.t.k, self.p.rotate);
        let dir = |s: usize| if rotate { 0 } else { s };
        // A side facing direction d is met by a tile side facing the other way.
        (0..4).all(|s| {
            let c = o.sides[s] as usize;
            let (d, m) = (dir((s + 2) % 4) * k + c, dir(s) * k + c);
            self.open[d] <= self.avail[d] && self.open[m] <= self.avail[m]
        })
    }

    fn unplace(&mut self, cell: usize) {
        let o = self.at[cell].take().expect("a placed cell");
        self.give_back(o.tile as usize);
        self.placed -= 1;
        self.count_sides(cell, &o, -1);
        for s in 0..4 {
            if let Some(nb) = self.nb[cell][s] {
                self.want[nb][(s + 2) % 4] = ANY;
                self.touching[nb] -= 1;
            }
        }
    }

    fn stop_now(&mut self) -> bool {
        if self.budget > 0 && self.nodes >= self.budget {
            self.out_of_budget = true;
            return true;
        }
        if self.opts.budget.spent_every(self.spent + self.nodes, 1023) {
            self.stopped = true;
        }
        self.stopped
    }

    fn start(&mut self) {
        if self.scan {
            self.go_scan(0);
        } else {
            self.go(self.placed);
        }
    }

    fn shuffle_scan(&mut self) {
        let Some(rng) = self.rng.as_mut() else { return };
        for w in self.t.scan_start.windows(2) {
            crate::support::random::shuffle(rng, &mut self.scan_lists[w[0] as usize..w[1] as usize]);
        }
    }

    /// The search in reading order: north and west are known, so one list holds the
    /// candidates; east and south are checked only against fixed cells. Lean: no colour counts.
    fn go_scan(&mut self, from: usize) {
        self.nodes += 1;
        if self.stop_now() {
            return;
        }
        let Some(cell) = (from..self.n).find(|&c| self.at[c].is_none()) else {
            self.record();
            return;
        };
        let (k, zero, class) = (self.t.k, self.t.zero, self.class[cell]);
        let facing = |s: usize| self.nb[cell][s].map_or(Some(zero), |c| self.at[c].map(|o| o.sides[(s + 2) % 4]));
        let (north, west) = (facing(N).unwrap_or(zero), facing(W).unwrap_or(zero));
        let (east, south) = (self.nb[cell][E].and_then(|_| facing(E)), self.nb[cell][S].and_then(|_| facing(S)));
        let key = (((class >> E & 1) | (class >> S & 1) << 1) * k + north as usize) * k + west as usize;
        let pin = self.pinned.as_ref().filter(|(_, cells)| !cells[cell]).map(|(tile, _)| *tile);
        for i in self.t.scan_start[key] as usize..self.t.scan_start[key + 1] as usize {
            let o = self.scan_lists[i];
            let tile = o.tile as usize;
            if self.is_used(tile)
                || east.is_some_and(|c| o.sides[E] != c)
                || south.is_some_and(|c| o.sides[S] != c)
                || pin == Some(o.tile)
            {
                continue;
            }
            self.take(tile);
            self.at[cell] = Some(o);
            self.go_scan(cell + 1);
            self.at[cell] = None;
            self.give_back(tile);
            if self.stopped || self.out_of_budget || self.solutions >= self.limit {
                break;
            }
        }
    }

    fn go(&mut self, depth: usize) {
        self.nodes += 1;
        if self.stop_now() {
            return;
        }
        if self.placed == self.n {
            self.record();
            return;
        }
        let Some(cell) = self.choose() else { return };
        let mut buf = std::mem::take(&mut self.bufs[depth]);
        buf.clear();
        self.fitting(cell, |i, mut x| {
            while x != 0 {
                buf.push((i * 64 + x.trailing_zeros() as usize) as u32);
                x &= x - 1;
            }
        });
        if let Some(rng) = self.rng.as_mut() {
            crate::support::random::shuffle(rng, &mut buf);
        }
        for &id in &buf {
            let o = Opt { tile: (id / 4) as u16, rot: (id % 4) as u8, sides: self.t.sides[id as usize] };
            if self.place(cell, o) {
                self.go(depth + 1);
            }
            self.unplace(cell);
            if self.stopped || self.out_of_budget || self.solutions >= self.limit {
                break;
            }
        }
        self.bufs[depth] = buf;
    }

    fn record(&mut self) {
        let sol: Placement = self.at.iter().map(|o| o.map_or((0, 0), |o| (o.tile as usize, o.rot))).collect();
        // Count the solution only if it is the smallest of its turns that fit the board.
        if self.turn_filter && board_images(self.p, &sol).iter().any(|img| *img < sol) {
            return;
        }
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(sol);
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
    fn luby_sequence_starts_as_published() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

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
