//! Packing parts into a board (a 2D or 3D box, or any cell set, holes allowed): every
//! solution, counted, optionally only those unique up to the board's symmetry.
//!
//! 3D boards whose parts are each used once are searched by Algorithm X instead
//! ([`super::bitcover`]: the most constrained cell or part first, with an isolated-hole check
//! before each placement, [`Pockets`]), over the same placements, symmetry breaking and
//! counting; in a box of polycubes the lowest-empty-cell order below leaves holes behind its
//! front that it finds only much later (2 x 5 x 6 flat pentacubes: 8.3 M nodes that way, even
//! with the pivot part placed first, against 0.41 M with Algorithm X; 3 x 4 x 5: 59 M against
//! 9.9 M).
//!
//! Method: bitboards. Board cells are numbered so that the scan runs along the board's
//! shortest axis first; every placement of every part orientation is a bit mask, listed under
//! its lowest-numbered cell. The search always fills the lowest empty cell: some placement
//! must have it as its lowest cell, so those are the only candidates (the exact-cover idea
//! without the linked lists; on boxes this size a word or four of bits is faster). Candidate
//! lists are keyed by the occupancy of the next 8 cells, which rejects most clashes at once
//! ([`super::table`]); a node gathers the placements that fit before trying any, and refuses
//! one that leaves an empty cell with every neighbour filled. A board of at most 64 cells is
//! searched in one word ([`super::word`]), which also remembers the dead ends met: states
//! (filled cells, parts at hand) reached again by another path are not searched again (6 x 10
//! pentominoes: 1.26 M nodes without, 0.61 M with).
//! Symmetry: one part that every symmetry of the puzzle maps to itself (the pivot) is kept
//! only in placements that are the smallest of their orbit, and is placed first, before the
//! lowest-cell search starts (Algorithm X branches where its counts say, and takes as its
//! pivot the part whose search is estimated smallest); each solution found stands for its
//! orbit (counted once with `unique`, else |G| / |stabiliser| times). Prunings: optionally an
//! empty region cut off smaller than the smallest part left ("isolated holes"), and before any
//! search, area and checkerboard parity (colour cells by x + y + z; a part covers k more of
//! one colour than the other wherever it goes, so the board's surplus must be a sum of +-k
//! over the parts).
//!
//! Long: the packer is one story told in order (the board's bits, the placements, symmetry
//! breaking, the search and its pruning, the counting), each step using the last's types.

use super::colour::Colours;
use super::grid::Grid;
use super::holes::Holes;
use super::mask::Mask;
use super::table::Table;
use super::word::{self, DeadEnds, Entry, Word};
use super::{Cell, Symmetry};
use crate::support::budget::Budget;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A board: a set of cells in 2D (z = 0) or 3D, in one region or several.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub dim: u8,
    /// The grid its cells are on (squares for `dim` 2, cubes for 3, or triangles or hexagons).
    pub grid: Grid,
    /// Sorted, normalised (smallest coordinate 0 on each axis).
    pub cells: Vec<Cell>,
    /// Cells of the board that may stay empty (BurrTools' variable voxels), sorted.
    pub optional: Vec<Cell>,
    /// Coloured cells ([`super::colour`]), and the `(part colour, board colour)` pairs allowed.
    pub colours: Colours,
    pub rules: Vec<(u32, u32)>,
}

/// Boards larger than this many cells are refused: the bit masks hold up to 1,024 (16 words;
/// was 512, but BurrTools files solve results larger than that). A placement's mask is then
/// 128 bytes, and the placements are counted per distinct part, not per copy.
pub const MAX_CELLS: usize = 1024;

impl Board {
    /// A box of x by y (by z) cells; z = 0 means 2D.
    pub fn boxed(x: i32, y: i32, z: i32) -> Result<Board, String> {
        let dim = if z == 0 { 2 } else { 3 };
        let zz = z.max(1);
        if x <= 0 || y <= 0 || z < 0 {
            return Err(format!(
                "a box needs positive sides, got {x} x {y}{}",
                if z > 0 { format!(" x {z}") } else { String::new() }
            ));
        }
        if (x as i64) * (y as i64) * (zz as i64) > MAX_CELLS as i64 {
            return Err(format!("a board of more than {MAX_CELLS} cells is too large"));
        }
        let mut cells = Vec::new();
        for k in 0..zz {
            for j in 0..y {
                for i in 0..x {
                    cells.push([i, j, k]);
                }
            }
        }
        Board::from_cells(dim, cells)
    }

    pub fn from_cells(dim: u8, cells: Vec<Cell>) -> Result<Board, String> {
        Board::on_grid(if dim == 3 { Grid::Cube } else { Grid::Square }, cells)
    }

    /// A board of these cells of `grid` (on triangles, `[a, b, t]`; on hexagons, `[a, b, 0]`).
    pub fn on_grid(grid: Grid, cells: Vec<Cell>) -> Result<Board, String> {
        let dim = grid.dim();
        if cells.is_empty() {
            return Err("the board has no cells".into());
        }
        if cells.len() > MAX_CELLS {
            return Err(format!("a board of {} cells is too large (at most {MAX_CELLS})", cells.len()));
        }
        let cells = grid.normalize(&cells);
        if cells.windows(2).any(|w| w[0] == w[1]) {
            return Err("the board lists a cell twice".into());
        }
        Ok(Board { dim, grid, cells, optional: Vec::new(), colours: Colours::new(), rules: Vec::new() })
    }

    /// The board without some cells (coordinates as given to [`Board::boxed`]).
    pub fn without(&self, holes: &[Cell]) -> Result<Board, String> {
        for h in holes {
            if !self.cells.contains(h) {
                return Err(format!("hole {h:?} is not a cell of the board"));
            }
        }
        let cells: Vec<Cell> = self.cells.iter().copied().filter(|c| !holes.contains(c)).collect();
        // Keep the original coordinates: holes on the edge must not shift the board.
        if cells.is_empty() {
            return Err("the holes remove every cell".into());
        }
        let optional = self.optional.iter().copied().filter(|c| !holes.contains(c)).collect();
        let colours = self.colours.iter().copied().filter(|(c, _)| !holes.contains(c)).collect();
        Ok(Board { cells, optional, colours, rules: self.rules.clone(), ..*self })
    }

    /// The board with some of its cells allowed to stay empty.
    pub fn with_optional(mut self, optional: &[Cell]) -> Result<Board, String> {
        for c in optional {
            if self.cells.binary_search(c).is_err() {
                return Err(format!("optional cell {c:?} is not a cell of the board"));
            }
        }
        self.optional = optional.to_vec();
        self.optional.sort_unstable();
        self.optional.dedup();
        Ok(self)
    }

    /// The board with coloured cells (each one of its cells) and the `(part colour, board
    /// colour)` pairs it allows.
    pub fn with_colours(mut self, colours: Colours, rules: &[(u32, u32)]) -> Result<Board, String> {
        if let Some((c, _)) = colours.iter().find(|(c, _)| self.cells.binary_search(c).is_err()) {
            return Err(format!("coloured cell {c:?} is not a cell of the board"));
        }
        self.colours = colours;
        self.colours.sort_unstable();
        self.rules = rules.to_vec();
        self.rules.sort_unstable();
        self.rules.dedup();
        Ok(self)
    }

    /// Whether a part cell of colour `piece` may fill board cell `cell`.
    pub fn takes(&self, piece: u32, cell: Cell) -> bool {
        super::colour::fits(&self.rules, piece, super::colour::colour_of(&self.colours, cell))
    }

    /// The cells that must be filled.
    pub fn required(&self) -> usize {
        self.cells.len() - self.optional.len()
    }

    pub fn extent(&self) -> [i32; 3] {
        let mut e = [0; 3];
        for c in &self.cells {
            for a in 0..3 {
                e[a] = e[a].max(c[a] + 1);
            }
        }
        e
    }
}

/// A part and how many copies are available (`None`: as many as fit), and how many of them
/// a solution must use.
#[derive(Clone, Debug, PartialEq)]
pub struct PartSpec {
    pub name: String,
    pub cells: Vec<Cell>,
    pub count: Option<u32>,
    /// At least this many copies are used (`None`: all `count` of them; with no count, any
    /// number). `Some(0)` with `count: Some(4)` is "0 to 4 copies".
    pub least: Option<u32>,
    /// Its coloured cells ([`super::colour`]), in the coordinates of `cells`.
    pub colours: Colours,
}

impl PartSpec {
    /// One copy, used.
    pub fn once(name: impl Into<String>, cells: Vec<Cell>) -> PartSpec {
        PartSpec { name: name.into(), cells, count: Some(1), least: None, colours: Colours::new() }
    }

    /// A built-in set's parts ([`super::builtin_set`]), one copy of each; `None` for a name
    /// that is not one.
    pub fn set(name: &str) -> Option<Vec<PartSpec>> {
        Some(super::builtin_set(name)?.parts.into_iter().map(|(name, cells)| PartSpec::once(name, cells)).collect())
    }

    /// The fewest copies a solution uses.
    pub fn fewest(&self) -> u32 {
        self.least.or(self.count).unwrap_or(0).min(self.count.unwrap_or(u32::MAX))
    }

    /// Copies that may stay unused: some count, or a least below it.
    pub fn ranged(&self) -> bool {
        self.count.is_none_or(|k| self.fewest() < k)
    }
}

#[derive(Clone, Debug)]
pub struct PackOptions {
    /// Stop after this many solutions (0: find all).
    pub stop: u64,
    /// Count only solutions unique up to the board's symmetries.
    pub unique: bool,
    /// Prune empty regions smaller than the smallest part left, in the lowest-cell search
    /// (the Algorithm X search always checks). Off by default: on the pentomino boxes the
    /// check costs more time than the nodes it saves (6 x 10, unique: 0.78 M nodes in 0.33 s
    /// with it, 2.5 M nodes in 0.16 s without).
    pub prune_holes: bool,
    pub threads: usize,
    /// How parts may turn: 2D default rotations and mirrors; 3D default rotations.
    pub turns: Symmetry,
    /// Keep up to this many solutions (the first ones found).
    pub keep: usize,
    /// Nodes (all threads together), deadline, cancel flag.
    pub budget: Budget,
    /// The search's counters, readable while it runs (for a progress report; nodes are added
    /// every few thousand). Give a fresh one to each search.
    pub tally: Option<Arc<Tally>>,
}

/// A running search's counts, readable from another thread.
#[derive(Debug, Default)]
pub struct Tally {
    pub solutions: AtomicU64,
    pub nodes: AtomicU64,
}

impl PackOptions {
    pub fn new(dim: u8) -> PackOptions {
        PackOptions {
            stop: 0,
            unique: false,
            prune_holes: false,
            threads: 1,
            turns: if dim == 2 { Symmetry::RotationsAndMirrors } else { Symmetry::Rotations },
            keep: 1,
            budget: Budget::default(),
            tally: None,
        }
    }

    /// The defaults, spending `budget` (on as many threads as it allows).
    pub fn within(dim: u8, budget: &Budget) -> PackOptions {
        PackOptions { threads: budget.threads(), budget: budget.clone(), ..PackOptions::new(dim) }
    }
}

/// One solution: each placed part (its index in the part list) and its cells.
pub type Solution = Vec<(usize, Vec<Cell>)>;

#[derive(Clone, Debug, Default)]
pub struct PackOutcome {
    /// Solutions counted (unique ones only with `unique`).
    pub solutions: u64,
    pub kept: Vec<Solution>,
    pub nodes: u64,
    /// The search ran to its end (not stopped by `stop`, a budget or cancel).
    pub complete: bool,
    /// Why no search was needed: the puzzle is impossible for this reason.
    pub impossible: Option<String>,
}

/// Solution as a grid of part indices: `grid[z][y][x]`, `None` outside the board.
pub fn grid(board: &Board, sol: &Solution) -> Vec<Vec<Vec<Option<usize>>>> {
    let e = board.extent();
    let mut g = vec![vec![vec![None; e[0] as usize]; e[1] as usize]; e[2] as usize];
    for (p, cells) in sol {
        for c in cells {
            g[c[2] as usize][c[1] as usize][c[0] as usize] = Some(*p);
        }
    }
    g
}

/// Checks quickly whether the puzzle can be ruled out: area and checkerboard parity.
pub fn impossible(board: &Board, parts: &[PartSpec]) -> Option<String> {
    let n = board.cells.len() as i64;
    if parts.is_empty() {
        return Some("no parts given".into());
    }
    if !board.optional.is_empty() || parts.iter().any(PartSpec::ranged) {
        // Some cells may stay empty or some copies unused: the areas the parts can cover
        // (each between its fewest and most copies) must meet the range of cells to fill.
        let n = n as usize;
        let mut reach = vec![false; n + 1];
        reach[0] = true;
        for p in parts {
            let size = p.cells.len().max(1);
            let most = (p.count.unwrap_or(u32::MAX) as usize).min(n / size);
            let fewest = p.fewest() as usize;
            if fewest > most {
                return Some(format!("{} copies of {} do not fit in {n} cells", fewest, p.name));
            }
            let mut next = vec![false; n + 1];
            for a in (0..=n).filter(|&a| reach[a]) {
                for k in fewest..=most {
                    match a + k * size {
                        t if t <= n => next[t] = true,
                        _ => break,
                    }
                }
            }
            reach = next;
        }
        let need = board.required();
        return (!reach[need..].iter().any(|&r| r)).then(|| {
            if need == n {
                format!("no number of copies of the parts covers {n} cells")
            } else {
                format!("no number of copies of the parts covers from {need} to {n} cells")
            }
        });
    }
    let area: i64 = parts.iter().map(|p| p.count.unwrap_or(0) as i64 * p.cells.len() as i64).sum();
    if area != n {
        return Some(format!("the parts cover {area} cells but the board has {n}"));
    }
    // Hexagons have no two-colouring to count.
    board.grid.parity([0, 0, 0])?;
    let surplus =
        |cells: &[Cell]| cells.iter().map(|&c| if board.grid.parity(c) == Some(true) { 1 } else { -1 }).sum::<i64>();
    let d = surplus(&board.cells);
    // Reachable sums of +-k over every copy of every part.
    let span = n as usize;
    let mut reach = vec![false; 2 * span + 1];
    reach[span] = true;
    for p in parts {
        let k = surplus(&p.cells).unsigned_abs() as usize;
        for _ in 0..p.count.unwrap_or(0) {
            if k == 0 {
                continue;
            }
            let mut next = vec![false; 2 * span + 1];
            for (i, r) in reach.iter().enumerate() {
                if *r {
                    if i + k <= 2 * span {
                        next[i + k] = true;
                    }
                    if i >= k {
                        next[i - k] = true;
                    }
                }
            }
            reach = next;
        }
    }
    let at = d + span as i64;
    (!(0..=2 * span as i64).contains(&at) || !reach[at as usize]).then(|| {
        format!("checkerboard parity: the board has {d:+} more light than dark cells, which no placement of the parts can match")
    })
}

/// Solves a packing puzzle.
pub fn solve(board: &Board, parts: &[PartSpec], opts: &PackOptions) -> PackOutcome {
    if let Some(why) = impossible(board, parts) {
        return PackOutcome { complete: true, impossible: Some(why), ..Default::default() };
    }
    // The search reads the clock every few thousand nodes; a budget spent before it starts
    // (one clock shared by the phases of a command) stops it at once.
    if opts.budget.expired() {
        return PackOutcome::default();
    }
    match board.cells.len() {
        0..=64 => run::<1>(board, parts, opts),
        65..=128 => run::<2>(board, parts, opts),
        129..=256 => run::<4>(board, parts, opts),
        257..=512 => run::<8>(board, parts, opts),
        _ => run::<16>(board, parts, opts),
    }
}

struct Problem<const W: usize> {
    n: usize,
    /// Per cell: placements whose lowest cell it is, as (part, mask), grouped by part.
    cand: Vec<Vec<(usize, Mask<W>)>>,
    /// Per cell and pattern of the next [`super::table::WINDOW`] cells' occupancy: the placements that
    /// avoid the occupied ones ([`Table`]).
    table: Table<W>,
    /// On a board of one word: the same tables, flat ([`Word`]).
    word: Option<Word>,
    /// Searched as exact cover ([`run_cover`]; `table` is then left empty).
    cover: bool,
    /// The hole check's flood.
    holes: Holes<W>,
    sizes: Vec<usize>,
    cells: Vec<Cell>,
    /// Board symmetries for `unique`: (cell permutation, part relabelling).
    syms: Vec<(Vec<usize>, Vec<usize>)>,
    /// Per symmetry: whether it moves nothing.
    identity: Vec<bool>,
    /// With `unique`: a part kept only in placements that are the smallest of their orbit
    /// under the symmetries (which all map it to itself).
    pivot: Option<usize>,
    /// Cells that may stay empty.
    optional: Mask<W>,
    /// Every cell of the board.
    all: Mask<W>,
    /// Whether a lone empty cell (every neighbour filled) ends a branch: every placement is
    /// connected and covers two cells or more, so none can reach it.
    lone: bool,
    /// Per part: how many of its copies may stay unused (a solution leaves at most this many).
    spare: Vec<u32>,
    /// Per part: the fewest and the most copies a solution uses.
    range: Vec<(u32, u32)>,
}

impl<const W: usize> Problem<W> {
    /// Gathers into `kids` from `top` on the placements that fill cell `c`, the lowest empty
    /// one of `filled`, with a part of `at_hand` and leave no lone cell, without a branch each
    /// (whether one fits moves the top or not); returns the new top.
    #[inline(always)]
    fn gather(&self, filled: &Mask<W>, c: usize, at_hand: &[u64], kids: &mut [(u32, u32)], mut top: usize) -> usize {
        self.table.for_each(self.table.block(c, filled), at_hand, |part, i| {
            let m = &self.table.masks[i as usize];
            kids[top] = (part, i);
            top += usize::from(!m.meets(filled) & !self.leaves_lone(&filled.or(m)));
        });
        top
    }

    /// The placements that fill cell `c`, the lowest empty one of `filled`, with a part of
    /// `at_hand`, as a node of the search would try them (one-word search or not).
    fn children(&self, filled: &Mask<W>, c: usize, at_hand: &[u64]) -> Vec<(usize, Mask<W>)> {
        if let Some(w) = &self.word {
            let mut kids = vec![0; w.widest];
            let top = w.gather(c, filled.0[0], at_hand[0], &mut kids, 0);
            return kids[..top].iter().map(|&e| (word::part(e), Mask::of_word(word::cells(e, c)))).collect();
        }
        let mut kids = vec![(0, 0); self.table.widest + 1];
        let top = self.gather(filled, c, at_hand, &mut kids, 0);
        kids[..top].iter().map(|&(q, i)| (q as usize, self.table.masks[i as usize])).collect()
    }

    /// Whether `filled` leaves a cell that must be covered but never can be, alone in its
    /// pocket (6 x 10 pentominoes: 2.46 M nodes without the check, 1.26 M with it, for a dozen
    /// word operations a placement; pairs too took 0.93 M nodes, but no less time).
    #[inline(always)]
    fn leaves_lone(&self, filled: &Mask<W>) -> bool {
        self.lone && !self.holes.lone(&self.all.minus(filled)).minus(&self.optional).is_empty()
    }

    /// Whether a symmetry's relabelling turns an assembly using each part `uses[part]` times
    /// into an assembly of the puzzle: every part it uses has an image, and each image part is
    /// used as often as its count allows.
    fn admits(&self, relabel: &[usize], uses: &[u32]) -> bool {
        relabel.iter().zip(uses).all(|(&j, &k)| {
            if j == NO_IMAGE {
                k == 0
            } else {
                (self.range[j].0..=self.range[j].1).contains(&k)
            }
        })
    }
}

struct Shared {
    /// Solutions and nodes so far: the caller's `PackOptions::tally` when it gave one.
    tally: Arc<Tally>,
    stop: AtomicBool,
    kept: Mutex<Vec<Solution>>,
    /// The one-word search's dead ends, when a state is its filled cells and parts at hand.
    dead: Option<DeadEnds>,
}

fn run<const W: usize>(board: &Board, parts: &[PartSpec], opts: &PackOptions) -> PackOutcome {
    let p = build::<W>(board, parts, opts);
    // The first step: the pivot part in each of its few kept places when there is one (it
    // then constrains the search from the start: 6 x 10 pentominoes, 20 M nodes when the X
    // waited for its turn, 2.5 M when placed first), else the first cell's candidates.
    let first = Mask::<W>::EMPTY.first_clear(p.n).unwrap_or(0);
    let tops: Vec<(usize, Mask<W>)> = match p.pivot {
        Some(q) => p.cand.iter().flatten().filter(|(part, _)| *part == q).copied().collect(),
        None => p.cand[first].clone(),
    };
    let places = if p.pivot.is_some() { tops.len() } else { 0 };
    let shared = Shared {
        tally: opts.tally.clone().unwrap_or_default(),
        stop: AtomicBool::new(false),
        kept: Mutex::new(Vec::new()),
        dead: p.word.as_ref().filter(|w| w.whole).and_then(|w| DeadEnds::new(w.span, parts.len(), places)),
    };
    let left: Vec<u32> = parts.iter().map(|s| s.count.unwrap_or(u32::MAX)).collect();
    let threads = opts.threads.max(1);
    if p.cover {
        run_cover(&p, opts, &shared, &left, threads);
        return outcome(shared, opts);
    }
    // (An optional first cell may also stay empty: a search from the start sees to that.)
    if p.pivot.is_none() && (threads == 1 || tops.len() < 2 || p.optional.get(first)) {
        let mut s = Searcher::new(&p, opts, &shared, left.clone());
        s.go(Mask::EMPTY);
        s.flush();
    } else {
        // The first steps, dealt out to the threads: with more than one, the first two.
        let paths =
            if threads > 1 { second_steps(&p, &shared, &left, &tops) } else { tops.iter().map(|&t| vec![t]).collect() };
        let next = AtomicU64::new(0);
        crate::support::threads::share_out(threads, || {
            let mut s = Searcher::new(&p, opts, &shared, left.clone());
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= paths.len() || shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                if p.pivot.is_some() {
                    let place = tops.iter().position(|t| *t == paths[i][0]).unwrap_or(0);
                    s.pivot = (paths[i][0].1 .0[0], place as u64 + 1);
                }
                s.walk(Mask::EMPTY, &paths[i]);
            }
            s.flush();
        });
    }
    outcome(shared, opts)
}

/// Each first step followed by each placement filling the lowest cell it leaves empty (as a
/// node of the search would place them, and counted as that node): many small jobs for the
/// threads, where the first steps alone are few and unequal (6 x 10 pentominoes: the X in
/// 8 places, one of them a third of the search).
fn second_steps<const W: usize>(
    p: &Problem<W>,
    shared: &Shared,
    left: &[u32],
    tops: &[(usize, Mask<W>)],
) -> Vec<Vec<(usize, Mask<W>)>> {
    let mut paths = Vec::new();
    for &(part, m) in tops.iter().filter(|(part, _)| left[*part] > 0) {
        let mut left = left.to_vec();
        left[part] -= 1;
        match m.first_clear(p.n) {
            Some(c) if !p.optional.get(c) => {
                shared.tally.nodes.fetch_add(1, Ordering::Relaxed);
                let kids = p.children(&m, c, &part_set(&left, p.table.words));
                paths.extend(kids.into_iter().map(|kid| vec![(part, m), kid]));
            }
            _ => paths.push(vec![(part, m)]),
        }
    }
    paths
}

/// The parts with copies left, as a part set ([`Table::for_each`]).
fn part_set(left: &[u32], words: usize) -> Vec<u64> {
    let mut set = vec![0u64; words];
    for (q, _) in left.iter().enumerate().filter(|(_, &k)| k > 0) {
        set[q / 64] |= 1 << (q % 64);
    }
    set
}

/// What a finished search found.
fn outcome(shared: Shared, opts: &PackOptions) -> PackOutcome {
    let mut kept = shared.kept.into_inner().unwrap_or_else(|e| e.into_inner());
    kept.sort();
    kept.truncate(opts.keep);
    PackOutcome {
        solutions: shared.tally.solutions.load(Ordering::Relaxed),
        kept,
        nodes: shared.tally.nodes.load(Ordering::Relaxed),
        complete: !shared.stop.load(Ordering::Relaxed),
        impossible: None,
    }
}

/// 3D boards with each part used once: Algorithm X over the placements (after symmetry
/// breaking), branching on the most constrained cell or part; each cover is recorded as the
/// bitboard search records its solutions. Threads share out the first two levels' rows.
fn run_cover<const W: usize>(p: &Problem<W>, opts: &PackOptions, shared: &Shared, left: &[u32], threads: usize) {
    let places: Vec<(usize, Mask<W>)> = p.cand.iter().flatten().copied().collect();
    let mut matrix = super::bitcover::BitCover::new(p.n + p.sizes.len(), &cover_rows(p, &places));
    let first = matrix.first_steps();
    let next = AtomicU64::new(0);
    crate::support::threads::share_out(threads.min(first.len().max(1)), || {
        let mut s = Searcher::new(p, opts, shared, left.to_vec());
        let mut matrix = matrix.clone();
        let mut event = |rows: Option<&[usize]>| match rows {
            None => {
                s.nodes += 1;
                !s.stopped()
            }
            Some(rows) => {
                s.chosen = rows.iter().map(|&r| places[r]).collect();
                s.record();
                !shared.stop.load(Ordering::Relaxed)
            }
        };
        let mut pockets = Pockets::new(p);
        let mut viable = |r: usize, open: &[u64]| !pockets.leaves_pocket(&places[r].1, open);
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed) as usize;
            if i >= first.len() || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            matrix.search_from(&first[i], &mut Vec::new(), &mut event, &mut viable);
        }
        s.flush();
    });
}

/// The isolated-hole check of the Algorithm X search (JPuzzle's single and twin hole checks,
/// and any pocket smaller than every part left): before a row is taken, the empty cells it
/// touches are flooded, each until its region is big enough for the smallest part still
/// unplaced. Algorithm X would find such a pocket one level down (a cell no row covers), but
/// only after taking the row, which is the expensive step: on 3 x 4 x 5 more than half the
/// rows taken led straight to a column with no rows.
struct Pockets<'a, const W: usize> {
    p: &'a Problem<W>,
    /// The open columns last asked about, and what they give: the smallest part left (none:
    /// every part placed) and the empty cells. A node asks about each of its rows with the
    /// same columns open.
    open: Vec<u64>,
    smallest: Option<usize>,
    empty: Mask<W>,
    /// The parts, smallest first.
    by_size: Vec<usize>,
}

impl<'a, const W: usize> Pockets<'a, W> {
    fn new(p: &'a Problem<W>) -> Self {
        let mut by_size: Vec<usize> = (0..p.sizes.len()).collect();
        by_size.sort_by_key(|&i| p.sizes[i]);
        Pockets { p, open: Vec::new(), smallest: None, empty: Mask::EMPTY, by_size }
    }

    /// Whether taking `placed` when the columns `open` are open (cells first, then one per
    /// part) leaves a pocket too small for every part left.
    fn leaves_pocket(&mut self, placed: &Mask<W>, open: &[u64]) -> bool {
        // A new node: the columns compared word by word, the smallest part left found in size
        // order (a call to compare memory and a pass over every part were most of this check's
        // own time; 3 x 4 x 5 about a tenth faster without them).
        if self.open.len() != open.len() || self.open.iter().zip(open).any(|(a, b)| a != b) {
            let (n, sizes) = (self.p.n, &self.p.sizes);
            self.smallest = self.by_size.iter().find(|&&i| bit(open, n + i)).map(|&i| sizes[i]);
            self.empty = Mask::<W>::first(n);
            for (k, w) in self.empty.0.iter_mut().enumerate() {
                *w &= open.get(k).copied().unwrap_or(0);
            }
            self.open.clear();
            self.open.extend_from_slice(open);
        }
        self.smallest.is_some_and(|s| self.p.holes.cut_off(&self.empty.minus(placed), placed, s))
    }
}

fn bit(words: &[u64], i: usize) -> bool {
    words.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Every placement of every part orientation on the board, as (part, cells), listed under
/// its lowest cell and grouped by part.
fn placements<const W: usize>(
    board: &Board,
    parts: &[PartSpec],
    opts: &PackOptions,
    cells: &[Cell],
    index: &std::collections::HashMap<Cell, usize>,
) -> Vec<Vec<(usize, Mask<W>)>> {
    let mut cand: Vec<Vec<(usize, Mask<W>)>> = vec![Vec::new(); cells.len()];
    for (pi, part) in parts.iter().enumerate() {
        for (o, colours) in super::colour::orientations(board.grid, &part.cells, &part.colours, opts.turns) {
            // Its first cell onto `anchor` (a lattice step keeps a triangle's point: same kind).
            for anchor in cells.iter().filter(|a| board.grid != Grid::Triangle || a[2] == o[0][2]) {
                let d = [anchor[0] - o[0][0], anchor[1] - o[0][1], anchor[2] - o[0][2]];
                let mut m = Mask::<W>::EMPTY;
                let mut low = usize::MAX;
                let mut ok = true;
                for c in &o {
                    match index.get(&[c[0] + d[0], c[1] + d[1], c[2] + d[2]]) {
                        Some(&i) => {
                            m.set(i);
                            low = low.min(i);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                // Its coloured cells only where the board takes their colours.
                if ok && colours.iter().all(|&(c, k)| board.takes(k, [c[0] + d[0], c[1] + d[1], c[2] + d[2]])) {
                    cand[low].push((pi, m));
                }
            }
        }
    }
    // One candidate per part and cells: a coloured part may cover the same cells in two
    // orientations whose colours both fit.
    for c in &mut cand {
        c.sort_by_key(|(p, _)| *p);
        let mut seen = std::collections::HashSet::new();
        c.retain(|(p, m)| seen.insert((*p, m.0)));
    }
    cand
}

fn build<const W: usize>(board: &Board, parts: &[PartSpec], opts: &PackOptions) -> Problem<W> {
    // Number cells: the longest axis slowest, the shortest fastest.
    let e = board.extent();
    let mut axes = [0usize, 1, 2];
    axes.sort_by_key(|&a| std::cmp::Reverse(e[a]));
    let mut cells = board.cells.clone();
    cells.sort_by_key(|c| (c[axes[0]], c[axes[1]], c[axes[2]]));
    let index: std::collections::HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    let n = cells.len();
    let mut cand = placements::<W>(board, parts, opts, &cells, &index);
    let holes = Holes::new(
        &cells
            .iter()
            .map(|&c| board.grid.neighbours(c).into_iter().filter_map(|nb| index.get(&nb).copied()).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
    );
    // A lone empty cell ends a branch when no placement can reach it: each is one piece of
    // two cells or more.
    let lone = holes.by_shifts() && parts.iter().all(|p| p.cells.len() >= 2 && board.grid.connected(&p.cells));
    // Without `unique`, a search that stops early lists plain solutions: no symmetry then.
    let syms =
        if opts.unique || opts.stop == 0 { symmetries(board, parts, &cells, &index, opts.turns) } else { Vec::new() };
    // A reflection that only some assemblies admit leaves no pivot: the breaking assumes
    // every solution has an image under every symmetry.
    let range: Vec<(u32, u32)> = parts.iter().map(|p| (p.fewest(), p.count.unwrap_or(u32::MAX))).collect();
    let partial =
        syms.iter().any(|(_, relabel)| relabel.iter().enumerate().any(|(i, &j)| j == NO_IMAGE || range[i] != range[j]));
    let pivots = if syms.len() > 1 && !partial { pivot_candidates(&syms, parts) } else { Vec::new() };
    // Algorithm X searches 3D boards whose parts are each used once; the lowest-cell search
    // (and its candidate tables) the rest.
    let cover = board.dim == 3 && board.optional.is_empty() && parts.iter().all(|s| s.count == Some(1) && !s.ranged());
    // The pivot: the part with the fewest kept places, which the lowest-cell search places
    // first. Algorithm X may choose another once the problem is built (`choose_pivot`).
    let fewest_kept = pivots
        .iter()
        .copied()
        .min_by_key(|&q| cand.iter().flatten().filter(|(part, m)| *part == q && smallest_of_orbit(m, &syms)).count());
    let pivot = if cover { None } else { fewest_kept };
    if let Some(q) = pivot {
        keep_pivot(&mut cand, q, &syms);
    }
    let optional = board.optional.iter().fold(Mask::EMPTY, |mut m, c| {
        m.set(index[c]);
        m
    });
    // The one-word search (its tables alone then) has no optional cells and at most 64 parts;
    // its state is the filled cells and the parts at hand when no count of copies used
    // matters: each part used once, or as often as it fits with none required.
    let whole = parts.iter().all(|s| s.count == Some(1) && !s.ranged() || s.count.is_none() && s.fewest() == 0);
    let word = if cover || !board.optional.is_empty() || parts.len() > 64 || opts.prune_holes {
        None
    } else {
        Word::new(&cand, holes.shifts(), lone, whole, n)
    };
    let table = if cover || word.is_some() { Table::empty() } else { Table::new(&cand, parts.len()) };
    let mut problem = Problem {
        n,
        word,
        table,
        cand,
        cover,
        holes,
        all: Mask::first(n),
        lone,
        sizes: parts.iter().map(|p| p.cells.len()).collect(),
        cells,
        identity: syms.iter().map(|(perm, relabel)| still(perm) && still(relabel)).collect(),
        syms,
        pivot,
        optional,
        spare: parts.iter().map(|p| p.count.unwrap_or(u32::MAX) - p.fewest()).collect(),
        range,
    };
    if let (true, Some(q)) = (cover, fewest_kept) {
        let q = choose_pivot(&problem, &pivots, q, opts.threads.max(1));
        keep_pivot(&mut problem.cand, q, &problem.syms);
        problem.pivot = Some(q);
    }
    problem
}

/// Whether a permutation moves nothing.
fn still(perm: &[usize]) -> bool {
    perm.iter().enumerate().all(|(i, &j)| i == j)
}

/// Symmetry breaking: a part used once that every symmetry maps to itself (the pivot) is kept
/// only in its placements that are the smallest of their orbit. Every solution has an image
/// with the part so placed; `record` then compares a solution only with its images under the
/// symmetries that fix that placement. These are the parts that can serve.
fn pivot_candidates(syms: &[(Vec<usize>, Vec<usize>)], parts: &[PartSpec]) -> Vec<usize> {
    (0..parts.len())
        .filter(|&p| parts[p].count == Some(1) && !parts[p].ranged() && syms.iter().all(|(_, relabel)| relabel[p] == p))
        .collect()
}

/// Whether placement `m` is the smallest of its orbit under the symmetries.
fn smallest_of_orbit<const W: usize>(m: &Mask<W>, syms: &[(Vec<usize>, Vec<usize>)]) -> bool {
    syms.iter().all(|(perm, _)| {
        let img = m.ones().fold(Mask::EMPTY, |mut img, c| {
            img.set(perm[c]);
            img
        });
        // As sorted lists of cells (of one length), the list holding the lowest cell the other
        // lacks comes first.
        m.minus(&img).or(&img.minus(m)).lowest().is_none_or(|c| m.get(c))
    })
}

/// Keeps part `pivot` only in the smallest placements of their orbits.
fn keep_pivot<const W: usize>(cand: &mut [Vec<(usize, Mask<W>)>], pivot: usize, syms: &[(Vec<usize>, Vec<usize>)]) {
    for list in cand.iter_mut() {
        list.retain(|(q, m)| *q != pivot || smallest_of_orbit(m, syms));
    }
}

/// The pivot for an Algorithm X search: `first` (the part with the fewest kept places), or
/// the candidate whose search Knuth's estimate ([`BitCover::estimate`]) finds smallest.
/// Which part it is matters: on 3 x 4 x 5 flat pentacubes the searches ranged from 4.6 M
/// nodes (W) to 9.9 M (I, the fewest kept places, 4 of 12: its places are the most
/// symmetric, so the part keeps the most of them, a third, against an eighth to a seventh
/// for the others). Estimates cost time whatever the search's size, so the candidates are
/// compared only when `first`'s search is estimated long ([`WORTH`]). They are estimated in
/// rounds, the worse half dropped after each and the paths doubled, until one is left or the
/// paths have visited a sixteenth of the nodes the best one's search is estimated at. The
/// random paths come from fixed seeds: the same pivot on every machine.
fn choose_pivot<const W: usize>(p: &Problem<W>, pivots: &[usize], first: usize, threads: usize) -> usize {
    use rand_chacha::rand_core::SeedableRng;
    if pivots.len() < 2 {
        return first;
    }
    let places: Vec<(usize, Mask<W>)> = p.cand.iter().flatten().copied().collect();
    let all = super::bitcover::BitCover::new(p.n + p.sizes.len(), &cover_rows(p, &places));
    let pivoted = |q: usize| {
        all.without_rows((0..places.len()).filter(|&r| places[r].0 == q && !smallest_of_orbit(&places[r].1, &p.syms)))
    };
    let estimate = |matrix: &mut super::bitcover::BitCover, q: usize, round: u64, dives: usize| {
        let mut pockets = Pockets::new(p);
        let mut viable = |r: usize, open: &[u64]| !pockets.leaves_pocket(&places[r].1, open);
        matrix.estimate(dives, &mut rand_chacha::ChaCha8Rng::seed_from_u64(round << 32 | q as u64), &mut viable)
    };
    if estimate(&mut pivoted(first), first, 0, FIRST_DIVES).0 < WORTH * FIRST_DIVES as f64 {
        return first;
    }
    // Per candidate: its part, its matrix, and the sum of its estimates.
    let mut left: Vec<_> = pivots.iter().map(|&q| (q, Mutex::new(pivoted(q)), 0.0)).collect();
    let (mut dives, mut all_dives, mut visited) = (FIRST_DIVES, 0, 0);
    for round in 0u64.. {
        // The candidates shared out to the threads.
        let (next, found) = (AtomicU64::new(0), Mutex::new(vec![(0.0, 0); left.len()]));
        crate::support::threads::share_out(threads.min(left.len()), || loop {
            let i = next.fetch_add(1, Ordering::Relaxed) as usize;
            let Some((q, matrix, _)) = left.get(i) else { break };
            let got = estimate(&mut matrix.lock().unwrap(), *q, round, dives);
            found.lock().unwrap()[i] = got;
        });
        for ((_, _, sum), (total, seen)) in left.iter_mut().zip(found.into_inner().unwrap()) {
            (*sum, visited) = (*sum + total, visited + seen);
        }
        all_dives += dives;
        left.sort_by(|a, b| a.2.total_cmp(&b.2));
        if left.len() == 1 || visited as f64 * SHARE >= left[0].2 / all_dives as f64 {
            break;
        }
        left.truncate(left.len().div_ceil(2));
        dives *= 2;
    }
    left[0].0
}

/// The paths of a pivot's first round of estimates ([`choose_pivot`]).
const FIRST_DIVES: usize = 128;

/// The estimates stop once their paths have visited this fraction (its inverse) of the
/// nodes the best candidate's search is estimated at.
const SHARE: f64 = 16.0;

/// Searches estimated at fewer nodes than this keep the part with the fewest kept places as
/// their pivot: comparing the candidates takes tens of milliseconds (3 x 4 x 5: 60 ms, for a
/// search of 1.4 s), more than a small search could gain (2 x 5 x 6 flat pentacubes: 0.41 M
/// nodes with that part, 0.36-0.55 M with the others, in about 0.12 s).
const WORTH: f64 = 1.5e6;

/// The exact-cover rows of placements: each its cells, then its part's column.
fn cover_rows<const W: usize>(p: &Problem<W>, places: &[(usize, Mask<W>)]) -> Vec<Vec<usize>> {
    places.iter().map(|(part, m)| m.ones().chain(std::iter::once(p.n + part)).collect()).collect()
}

/// A part whose mirror image is no part of the set, in a reflection's relabelling: the
/// reflection applies only to assemblies that leave that part out.
const NO_IMAGE: usize = usize::MAX;

/// The board's symmetries that map the puzzle to itself: rotations always; reflections when
/// parts may be mirrored, or when each part's mirror image is (up to rotation) a part of the
/// set, which then swaps labels. As BurrTools counts, a reflection also merges an assembly with
/// its mirror image when only the parts it uses have mirror images: parts without one (which
/// must then be parts a problem may leave out) are relabelled [`NO_IMAGE`].
fn symmetries(
    board: &Board,
    parts: &[PartSpec],
    cells: &[Cell],
    index: &std::collections::HashMap<Cell, usize>,
    turns: Symmetry,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let all = board.grid.motions(Symmetry::RotationsAndMirrors);
    let rotations = board.grid.motions(Symmetry::Rotations).len();
    let rot_class = |c: &[Cell], k: &[(Cell, u32)]| {
        let sym = if turns == Symmetry::Fixed { Symmetry::Fixed } else { Symmetry::Rotations };
        super::colour::canonical(board.grid, c, k, sym)
    };
    let classes: Vec<(Vec<Cell>, Colours)> = parts.iter().map(|p| rot_class(&p.cells, &p.colours)).collect();
    let mut out = Vec::new();
    for (k, m) in all.iter().enumerate() {
        let img: Vec<Cell> = cells.iter().map(|&c| board.grid.apply(m, c)).collect();
        let lo = super::lowest(&img);
        // A triangle keeps its point when the image moves home.
        let lo = if board.grid == Grid::Triangle { [lo[0], lo[1], 0] } else { lo };
        let perm: Option<Vec<usize>> =
            img.iter().map(|c| index.get(&[c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).copied()).collect();
        let Some(perm) = perm else { continue };
        // Cells that may stay empty go to cells that may.
        let optional = |i: usize| board.optional.binary_search(&cells[i]).is_ok();
        if (0..cells.len()).any(|i| optional(i) != optional(perm[i])) {
            continue;
        }
        // And coloured cells to cells of their colour.
        let colour = |i: usize| super::colour::colour_of(&board.colours, cells[i]);
        if !board.colours.is_empty() && (0..cells.len()).any(|i| colour(i) != colour(perm[i])) {
            continue;
        }
        let relabel: Option<Vec<usize>> = if k < rotations || turns == Symmetry::RotationsAndMirrors {
            Some((0..parts.len()).collect())
        } else {
            // Each part to the part its mirror image is (itself if it is its own mirror
            // image), or to NO_IMAGE; a symmetry whose relabelling is not one-to-one, or that
            // leaves out a part every assembly uses, is left out. Which assemblies it applies
            // to (the image must use each part as often as its count allows) `admits` says.
            let r: Vec<usize> = (0..parts.len())
                .map(|i| {
                    let (mirrored, colours) = super::colour::moved(board.grid, &parts[i].cells, &parts[i].colours, m);
                    let cls = rot_class(&mirrored, &colours);
                    if cls == classes[i] {
                        i
                    } else {
                        classes.iter().position(|c| *c == cls).unwrap_or(NO_IMAGE)
                    }
                })
                .collect();
            let mut seen: Vec<usize> = r.iter().copied().filter(|&j| j != NO_IMAGE).collect();
            let images = seen.len();
            seen.sort_unstable();
            seen.dedup();
            let fits =
                seen.len() == images && r.iter().enumerate().all(|(i, &j)| j != NO_IMAGE || parts[i].fewest() == 0);
            fits.then_some(r)
        };
        if let Some(relabel) = relabel {
            out.push((perm, relabel));
        }
    }
    out
}

struct Searcher<'a, const W: usize> {
    p: &'a Problem<W>,
    opts: &'a PackOptions,
    shared: &'a Shared,
    left: Vec<u32>,
    /// The parts with copies left, as a part set ([`Table::for_each`]).
    at_hand: Vec<u64>,
    chosen: Vec<(usize, Mask<W>)>,
    /// The children of the nodes on the path, each node's above its parent's: (part,
    /// placement index); `kids[..top]` is in use.
    kids: Vec<(u32, u32)>,
    /// As `kids`, for the one-word search.
    words: Vec<Entry>,
    /// The pivot's cells and its place's number from 1, for [`DeadEnds::key`].
    pivot: (u64, u64),
    /// Covers of the board found so far, counted or not.
    covers: u64,
    top: usize,
    nodes: u64,
}

impl<'a, const W: usize> Searcher<'a, W> {
    fn new(p: &'a Problem<W>, opts: &'a PackOptions, shared: &'a Shared, left: Vec<u32>) -> Self {
        let at_hand = part_set(&left, p.table.words);
        // A path has at most a node per cell, and each node at most a block's placements.
        let kids = if p.cover || p.word.is_some() { Vec::new() } else { vec![(0, 0); (p.n + 1) * p.table.widest + 1] };
        let words = p.word.as_ref().map_or(Vec::new(), |w| vec![0; (p.n + 1) * w.widest + 1]);
        Searcher {
            p,
            opts,
            shared,
            left,
            at_hand,
            chosen: Vec::with_capacity(p.n),
            kids,
            words,
            pivot: (0, 0),
            covers: 0,
            top: 0,
            nodes: 0,
        }
    }

    fn flush(&mut self) {
        self.shared.tally.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.nodes = 0;
    }

    fn stopped(&mut self) -> bool {
        if self.nodes & 0xfff == 0 {
            let o = self.opts;
            let total = self.shared.tally.nodes.fetch_add(self.nodes, Ordering::Relaxed) + self.nodes;
            self.nodes = 0;
            if o.budget.spent(total) {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// A node: fills the lowest empty cell in every way. The placements that fit are gathered
    /// first, without a branch per placement (whether one fits moves the top of `kids` or
    /// not), then each is searched: on 6 x 10 pentominoes a node had five hard-to-guess
    /// branches when each run and placement was tested as it came, and they were most of its
    /// time.
    fn go(&mut self, filled: Mask<W>) {
        if let Some(w) = &self.p.word {
            return self.go_word(w, filled.0[0]);
        }
        self.nodes += 1;
        if self.stopped() {
            return;
        }
        let Some(c) = filled.first_clear(self.p.n) else {
            return self.covered();
        };
        let p = self.p;
        let base = self.top;
        let top = p.gather(&filled, c, &self.at_hand, &mut self.kids, base);
        self.top = top;
        for k in base..top {
            let (part, i) = self.kids[k];
            self.place(filled, part as usize, p.table.masks[i as usize]);
            if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        self.top = base;
        // An optional cell may also stay empty.
        if p.optional.get(c) && !self.shared.stop.load(Ordering::Relaxed) {
            let mut now = filled;
            now.set(c);
            self.go(now);
        }
    }

    /// A node of the one-word search: as [`Searcher::go`], with every set in a word.
    fn go_word(&mut self, w: &'a Word, filled: u64) {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 && self.stopped() {
            return;
        }
        let c = (!filled).trailing_zeros() as usize;
        if c >= self.p.n {
            return self.covered();
        }
        let dead = self.shared.dead.as_ref();
        let key = dead.map_or(0, |d| d.key(filled, c, self.at_hand[0], self.pivot));
        if dead.is_some_and(|d| d.seen(key)) {
            return;
        }
        let covers = self.covers;
        let base = self.top;
        let top = w.gather(c, filled, self.at_hand[0], &mut self.words, base);
        self.top = top;
        for k in base..top {
            let (part, cells) = (word::part(self.words[k]), word::cells(self.words[k], c));
            self.take(part);
            self.chosen.push((part, Mask::of_word(cells)));
            self.go_word(w, filled | cells);
            self.chosen.pop();
            self.give(part);
            if self.shared.stop.load(Ordering::Relaxed) {
                self.top = base;
                return;
            }
        }
        self.top = base;
        // A dead end is kept when it had children: one without costs as much to find again as
        // to look up, and would take the place of one with.
        if let Some(d) = dead.filter(|_| self.covers == covers && top > base) {
            d.insert(key);
        }
    }

    fn place(&mut self, filled: Mask<W>, part: usize, m: Mask<W>) {
        let now = filled.or(&m);
        self.take(part);
        if !(self.opts.prune_holes && self.cut_off(&now, &m)) {
            self.chosen.push((part, m));
            self.go(now);
            self.chosen.pop();
        }
        self.give(part);
    }

    /// Places `path` in turn (each part while it has copies left), then searches on.
    fn walk(&mut self, filled: Mask<W>, path: &[(usize, Mask<W>)]) {
        match path {
            [] => self.go(filled),
            [(part, m)] if self.left[*part] > 0 => self.place(filled, *part, *m),
            [(part, m), rest @ ..] if self.left[*part] > 0 => {
                self.take(*part);
                self.chosen.push((*part, *m));
                self.walk(filled.or(m), rest);
                self.chosen.pop();
                self.give(*part);
            }
            _ => {}
        }
    }

    fn take(&mut self, part: usize) {
        self.left[part] -= 1;
        if self.left[part] == 0 {
            self.at_hand[part / 64] &= !(1 << (part % 64));
        }
    }

    fn give(&mut self, part: usize) {
        self.left[part] += 1;
        self.at_hand[part / 64] |= 1 << (part % 64);
    }

    /// Whether an empty region next to the new placement is smaller than every part left.
    fn cut_off(&self, filled: &Mask<W>, placed: &Mask<W>) -> bool {
        let smallest = (0..self.left.len()).filter(|&i| self.left[i] > 0).map(|i| self.p.sizes[i]).min();
        smallest.is_some_and(|s| self.p.holes.cut_off(&Mask::first(self.p.n).minus(filled), placed, s))
    }

    fn solution(&self) -> Vec<(usize, Vec<usize>)> {
        let mut s: Vec<(usize, Vec<usize>)> = self.chosen.iter().map(|(p, m)| (*p, m.ones().collect())).collect();
        s.sort();
        s
    }

    /// How many solutions the chosen placements stand for, or none when one of their images is
    /// counted instead. A solution is counted only if it is the smallest of its images (with a
    /// pivot part: its images under the symmetries that keep the pivot where it is, which
    /// include all that fix the solution). Without `unique`, it stands for its whole orbit:
    /// |G| / |stabiliser|. Most symmetries move the pivot, and the identity is its own image,
    /// so the solution as cell lists is built only for another symmetry that keeps the pivot
    /// (6 x 10 pentominoes: a cover took 1.1 us when every cover built it).
    fn weight(&self) -> Option<u64> {
        let mut uses = vec![0u32; self.left.len()];
        for (p, _) in &self.chosen {
            uses[*p] += 1;
        }
        let pivot = self.p.pivot.and_then(|q| self.chosen.iter().find(|(p, _)| *p == q)).map(|(_, m)| m);
        let (mut fixed_by, mut applies) = (0, 0);
        let (mut sol, mut img) = (Vec::new(), Vec::new());
        for ((perm, relabel), &same) in self.p.syms.iter().zip(&self.p.identity) {
            if !self.p.admits(relabel, &uses) {
                continue;
            }
            applies += 1;
            // The pivot's cells onto themselves (the permutation is one to one).
            if pivot.is_some_and(|m| !m.ones().all(|c| m.get(perm[c]))) {
                continue;
            }
            if same {
                fixed_by += 1;
                continue;
            }
            if sol.is_empty() {
                sol = self.solution();
                img = sol.clone();
            }
            for ((p, cells), (q, from)) in img.iter_mut().zip(&sol) {
                *p = relabel[*q];
                cells.clear();
                cells.extend(from.iter().map(|&c| perm[c]));
                cells.sort_unstable();
            }
            img.sort_unstable();
            match img.cmp(&sol) {
                std::cmp::Ordering::Less => return None,
                std::cmp::Ordering::Equal => fixed_by += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        Some(if self.opts.unique { 1 } else { (applies / fixed_by.max(1)) as u64 })
    }

    /// The board is covered: counted when every part has its fewest copies placed.
    fn covered(&mut self) {
        self.covers += 1;
        if self.left.iter().zip(&self.p.spare).all(|(left, spare)| left <= spare) {
            self.record();
        }
    }

    fn record(&mut self) {
        let weight = if !self.opts.unique && self.p.pivot.is_none() {
            1
        } else {
            match self.weight() {
                Some(w) => w,
                None => return,
            }
        };
        let found = self.shared.tally.solutions.fetch_add(weight, Ordering::Relaxed) + weight;
        {
            let mut kept = self.shared.kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() < self.opts.keep.max(1) {
                let sol = self.solution();
                kept.push(sol.iter().map(|(p, cs)| (*p, cs.iter().map(|&c| self.p.cells[c]).collect())).collect());
            }
        }
        if self.opts.stop > 0 && found >= self.opts.stop {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pockets_too_small_for_every_part_left_are_seen_before_placing() {
        let board = Board::boxed(2, 2, 2).unwrap();
        let tetra = |name: &str| PartSpec {
            name: name.into(),
            cells: vec![[0, 0, 0]; 4],
            count: Some(1),
            least: None,
            colours: Vec::new(),
        };
        let (parts, opts) = (vec![tetra("a"), tetra("b")], PackOptions::new(3));
        let p = build::<1>(&board, &parts, &opts);
        let mut pockets = Pockets::new(&p);
        let mask = |cells: &[Cell]| {
            let mut m = Mask::<1>::EMPTY;
            cells.iter().for_each(|c| m.set(p.cells.iter().position(|d| d == c).unwrap()));
            m
        };
        let mut leaves = |cells: &[Cell], open: &[u64]| pockets.leaves_pocket(&mask(cells), open);
        let all_open = [!0u64];
        // A single hole: the corner's three neighbours filled.
        assert!(leaves(&[[1, 0, 0], [0, 1, 0], [0, 0, 1]], &all_open));
        // A twin hole: two cells closed off together.
        assert!(leaves(&[[0, 1, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1]], &all_open));
        // A full layer leaves a layer of four: room for a tetracube.
        assert!(!leaves(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]], &all_open));
        // With no part left open, nothing is too small.
        assert!(!leaves(&[[1, 0, 0], [0, 1, 0], [0, 0, 1]], &[0xff]));
    }

    /// Whichever part breaks the symmetry, Algorithm X counts the same solutions: the Soma
    /// cube's 240 up to its rotations and reflections (and 11,520 in all), with each of its
    /// candidate pivots in turn; and the one `build` chooses is a candidate.
    #[test]
    fn every_pivot_counts_the_soma_cubes_240() {
        let (board, parts) = (Board::boxed(3, 3, 3).unwrap(), PartSpec::set("soma").unwrap());
        for unique in [true, false] {
            let opts = PackOptions { unique, ..PackOptions::new(3) };
            let mut p = build::<1>(&board, &parts, &opts);
            let pivots = pivot_candidates(&p.syms, &parts);
            assert!(pivots.len() > 1 && pivots.contains(&p.pivot.unwrap()), "{pivots:?}, {:?}", p.pivot);
            let index = p.cells.iter().enumerate().map(|(i, c)| (*c, i)).collect();
            for q in pivots {
                let mut cand = placements::<1>(&board, &parts, &opts, &p.cells, &index);
                keep_pivot(&mut cand, q, &p.syms);
                (p.cand, p.pivot) = (cand, Some(q));
                let shared = Shared {
                    tally: Arc::default(),
                    stop: AtomicBool::new(false),
                    kept: Mutex::new(Vec::new()),
                    dead: None,
                };
                let left = vec![1; parts.len()];
                run_cover(&p, &opts, &shared, &left, 1);
                let want = if unique { 240 } else { 11_520 };
                assert_eq!(outcome(shared, &opts).solutions, want, "pivot {} ({})", q, parts[q].name);
            }
        }
    }
}
