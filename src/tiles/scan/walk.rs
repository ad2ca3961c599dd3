//! The scan's search, told as a story of small steps. A [`Walk`] holds one search: the free cells in their
//! laying order, the candidate tables, and per depth the tile laid there and how it was
//! found. [`super::search_after`] starts runs of it one after another; a run
//! ([`Walk::run`]) goes down the cells laying a tile at each ([`Walk::pick`], [`Walk::lay`]),
//! meets a full board ([`Walk::full_board`]) or a cell it cannot fill, and backs up
//! ([`Walk::take_back`]), until the run's tiles are spent, its head stalls, the allowance is
//! exhausted ([`Walk::exhausted`]) or the budget ends it.

use super::order::Tail;
use super::pace::Pace;
use super::tables::Tables;
use super::{lay_order, Found, BIG_RUN_NODES, FIRST_LIMIT, LAID, PROBE_NODES, QUIET, RUN_NODES};
use crate::support::budget::Budget;
use crate::tiles::{turned, Puzzle, E, N, S, W};

/// Per free cell, in the search's order: where it is and what it lays against.
#[derive(Clone, Copy, Debug)]
struct Cell {
    at: usize,
    /// Which of its sides face the frame (bit `s` for side `s`).
    frame: u8,
    /// A clue's colour met on the east or south side.
    east_clue: Option<u8>,
    south_clue: Option<u8>,
    /// Its place in the laying order of every cell, clues too.
    place: usize,
    /// Whether its north or west side joins two cells of the frame: on a big board such a
    /// side never breaks but under a loose allowance (after Blackwood's: a rim tile is easily
    /// matched, and a break spent there is one the middle cannot have).
    rim_n: bool,
    rim_w: bool,
}

/// How a run ended.
pub(super) enum Ending {
    /// The budget is spent: the search stops.
    Stopped,
    /// Start another run (the search may have been proved meanwhile).
    Again,
}

/// One search: what it lays against, what it has found, and the run under way.
pub(super) struct Walk<'a> {
    p: &'a Puzzle,
    rng: rand_chacha::ChaCha8Rng,
    /// The clues, by cell.
    fixed: Vec<Option<(usize, u8)>>,
    /// The free cells in laying order, and per cell where its north and west colours are read
    /// in `sides`.
    cells: Vec<Cell>,
    wants: Vec<(usize, usize)>,
    pub(super) tail: Option<Tail>,
    /// The inner sides of the board, and the colours (the frame's 0 counted).
    inner: usize,
    colours: usize,
    tables: Tables,
    /// The clues' tiles, and the tiles in use in this run.
    clued: Vec<bool>,
    used: Vec<bool>,
    pub(super) best: Option<Found>,
    /// The most breaks a board may have: one fewer than the best's once there is one.
    limit: usize,
    /// A loose allowance is the limit at every depth: a run under it that ends has tried every
    /// board with that many breaks at most.
    loose: bool,
    pub(super) proved: bool,
    pub(super) nodes: u64,
    /// The quick design's pace, the chase's (its colours kept from run to run until a run's
    /// head stalls under them), and the run's own.
    quick: Pace,
    kept: Option<Pace>,
    stalled: bool,
    pace: Pace,
    /// The run's count of hard sides laid (by the pace's weights).
    hard: usize,
    /// Per depth: the breaks allowed by then.
    allowed: Vec<usize>,
    /// Per depth: the table being read (0 both, 1 by north, 2 by west, 3 any), the next item
    /// in it, the item laid, and the breaks laid before this depth.
    stage: Vec<u8>,
    next: Vec<u32>,
    laid: Vec<usize>,
    breaks: Vec<usize>,
    /// The colours a cell's north and west sides must show, read without a branch: each
    /// colour at its own number (for a frame or a clue beside the cell), then the south and
    /// east sides of the tile laid at each depth; `wants` says where to look.
    sides: Vec<u8>,
}

impl<'a> Walk<'a> {
    /// The search's cells in laying order (clues left out, met as colours), its tables, and
    /// the first limit: [`FIRST_LIMIT`] of the inner sides.
    pub(super) fn new(p: &'a Puzzle, seed: u64) -> Walk<'a> {
        use rand_chacha::rand_core::SeedableRng;
        let near = p.neighbours();
        let mut fixed: Vec<Option<(usize, u8)>> = vec![None; p.cells()];
        let mut used = vec![false; p.tiles.len()];
        for c in &p.clues {
            fixed[c.cell] = Some((c.tile, c.rot));
            used[c.tile] = true;
        }
        let colours = p.tiles.iter().flatten().map(|&c| c as usize + 1).max().unwrap_or(1);
        let clue_side =
            |cell: Option<usize>, s: usize| cell.and_then(|c| fixed[c]).map(|(t, r)| turned(&p.tiles[t], r)[s] as u8);
        let every = lay_order(p.cols, p.rows);
        let mut place = vec![0; p.cells()];
        for (i, &at) in every.iter().enumerate() {
            place[at] = i;
        }
        let order: Vec<usize> = every.into_iter().filter(|&c| fixed[c].is_none()).collect();
        let mut order_of = vec![usize::MAX; p.cells()];
        for (i, &at) in order.iter().enumerate() {
            order_of[at] = i;
        }
        let on_frame = |c: usize| near[c].iter().any(Option::is_none);
        let (mut cells, mut wants) = (Vec::new(), Vec::new());
        for &at in &order {
            let n = near[at];
            // Where the north and west colours are read: a free cell's laid tile, else the
            // colour of the clue or the frame beside it.
            let north = n[N].filter(|&c| fixed[c].is_none()).map(|c| order_of[c]);
            let west = n[W].filter(|&c| fixed[c].is_none()).map(|c| order_of[c]);
            wants.push((
                north.map_or(clue_side(n[N], S).unwrap_or(0) as usize, |i| LAID + 2 * i),
                west.map_or(clue_side(n[W], E).unwrap_or(0) as usize, |i| LAID + 2 * i + 1),
            ));
            cells.push(Cell {
                at,
                frame: (0..4).filter(|&s| n[s].is_none()).fold(0, |m, s| m | 1 << s),
                east_clue: clue_side(n[E], W),
                south_clue: clue_side(n[S], N),
                place: place[at],
                rim_n: on_frame(at) && n[N].is_some_and(on_frame),
                rim_w: on_frame(at) && n[W].is_some_and(on_frame),
            });
        }
        let m = cells.len();
        let inner = p.matched_inner(&vec![None; p.cells()]).1;
        let quick = Pace::quick(p, &used, colours, m);
        Walk {
            p,
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed),
            tables: Tables::new(p, &used, colours),
            clued: used.clone(),
            used,
            fixed,
            cells,
            wants,
            tail: Tail::of(p.cols, p.rows),
            inner,
            colours,
            best: None,
            limit: ((inner as f64 * FIRST_LIMIT).ceil() as usize).max(1),
            loose: false,
            proved: m == 0,
            nodes: 0,
            pace: quick.clone(),
            quick,
            kept: None,
            stalled: false,
            hard: 0,
            allowed: Vec::new(),
            stage: vec![0; m + 1],
            next: vec![0; m + 1],
            laid: vec![usize::MAX; m + 1],
            breaks: vec![0; m + 1],
            sides: (0..=255).chain(std::iter::repeat_n(0, 2 * m)).collect(),
        }
    }

    /// The breaks allowed by each depth: the limit everywhere when loose; in the chase the
    /// tail's schedule; else none before [`QUIET`] of the cells, then the squared curve up to
    /// the limit at the last cell.
    fn allowance(&self, chase: bool) -> Vec<usize> {
        let m = self.cells.len();
        let q = (m as f64 * QUIET) as usize;
        (0..m)
            .map(|i| match &self.tail {
                _ if self.loose => self.limit,
                Some(tail) if chase => {
                    tail.step_allowance(self.p.cols, self.inner, self.cells[i].place).min(self.limit)
                }
                _ if i < q => 0,
                _ => (self.limit as f64 * ((i + 1 - q) as f64 / (m - q) as f64).powi(2)).ceil() as usize,
            })
            .collect()
    }

    /// A run begins: the chase's colours drawn anew if the last run's head stalled, the run's
    /// pace chosen, the candidates shuffled, every free tile back in hand.
    fn begin(&mut self, chase: bool) {
        if std::mem::take(&mut self.stalled) {
            self.kept = None;
        }
        self.pace = if chase {
            let (p, clued, m, rng) = (self.p, &self.clued, self.cells.len(), &mut self.rng);
            self.kept.get_or_insert_with(|| Pace::big(p, clued, m, &Pace::draw(p, rng))).clone()
        } else {
            self.quick.clone()
        };
        self.tables.shuffle(&mut self.rng, &self.pace.sides);
        self.used.clone_from(&self.clued);
        self.hard = 0;
        self.allowed = self.allowance(chase);
    }

    /// One run, from the first cell, until it ends: a run of the quick design after
    /// [`RUN_NODES`] tiles, one of the chase after [`BIG_RUN_NODES`] or, when its head has not
    /// got past the pace, after [`PROBE_NODES`]. Under a loose allowance a run goes on until it
    /// has tried every board.
    pub(super) fn run(&mut self, chase: bool, budget: &Budget, on_found: &mut impl FnMut(&Found)) -> Ending {
        self.begin(chase);
        let (run_nodes, probe) = if chase { (BIG_RUN_NODES, PROBE_NODES) } else { (RUN_NODES, u64::MAX) };
        let head = self.pace.end();
        // The node limit is asked at every node (a search bounded by nodes lays the same boards
        // every time), the clock and the cancel flag every 4,096.
        let stop_at = if budget.nodes > 0 { budget.nodes } else { u64::MAX };
        let m = self.cells.len();
        let (mut run, mut deepest, mut d, mut fresh) = (0u64, 0, 0, true);
        loop {
            if d == m {
                if self.full_board(chase, on_found) {
                    return Ending::Again;
                }
                d -= 1;
                self.take_back(d);
                fresh = false;
                continue;
            }
            match self.pick(d, fresh, chase) {
                Some((i, cost)) => {
                    self.nodes += 1;
                    run += 1;
                    if self.nodes >= stop_at || (self.nodes & 0xfff == 0 && budget.expired()) {
                        return Ending::Stopped;
                    }
                    self.lay(d, i, cost);
                    d += 1;
                    deepest = deepest.max(d);
                    fresh = true;
                    if self.loose {
                        continue;
                    }
                    if run == probe && deepest < head {
                        // The head stalled under this run's pace: draw other colours.
                        self.stalled = true;
                        return Ending::Again;
                    }
                    if run >= run_nodes {
                        // No full board yet: more breaks are needed.
                        if self.best.is_none() {
                            self.limit = (self.limit + self.limit / 2 + 1).min(self.inner);
                        }
                        return Ending::Again;
                    }
                }
                None if d == 0 => {
                    self.exhausted();
                    return Ending::Again;
                }
                None => {
                    d -= 1;
                    self.take_back(d);
                    fresh = false;
                }
            }
        }
    }

    /// The next candidate for the cell at depth `d` (from the first when `fresh`), within the
    /// breaks left to it: the tiles matching both its north and west colours, then those
    /// breaking the west side only, then the north only, then (loose) both; a clue met on the
    /// east or south costs a break more if it does not match; and the run's pace must hold.
    #[inline]
    fn pick(&mut self, d: usize, fresh: bool, chase: bool) -> Option<(usize, usize)> {
        let (tables, colours, c) = (&self.tables, self.colours, self.cells[d]);
        let (want_n, want_w) = (self.sides[self.wants[d].0], self.sides[self.wants[d].1]);
        let by_frame = c.frame as usize * colours;
        let key = (by_frame + want_n as usize) * colours + want_w as usize;
        if fresh {
            self.stage[d] = 0;
            self.next[d] = tables.both[key].0;
        }
        let room = self.allowed[d].saturating_sub(self.breaks[d]);
        let inner_n = c.frame & (1 << N) == 0;
        let inner_w = c.frame & (1 << W) == 0;
        let strict = chase && !self.loose;
        let need = self.pace.need[d + 1];
        let mut pick = None;
        // The node's stage and next item, kept in registers while the items are read.
        let (mut st, mut k) = (self.stage[d], self.next[d]);
        while st < 4 {
            let (range, cost) = match st {
                0 => (tables.both[key], 0),
                1 if inner_w && !(strict && c.rim_w) => (tables.by_north[by_frame + want_n as usize], 1),
                2 if inner_n && !(strict && c.rim_n) => (tables.by_west[by_frame + want_w as usize], 1),
                3 if inner_n && inner_w && self.loose => (tables.any[c.frame as usize], 2),
                _ => ((0, 0), usize::MAX),
            };
            if cost <= room {
                while k < range.1 {
                    let i = k as usize;
                    k += 1;
                    let it = tables.items[i];
                    if self.used[it.tile as usize] {
                        continue;
                    }
                    // Stages past the first skip what an earlier stage offered.
                    let (n_ok, w_ok) = (it.side[N] == want_n, it.side[W] == want_w);
                    let offered = match st {
                        1 => w_ok,
                        2 => n_ok,
                        3 => n_ok || w_ok,
                        _ => false,
                    };
                    if offered {
                        continue;
                    }
                    let extra = usize::from(c.east_clue.is_some_and(|x| x != it.side[E]))
                        + usize::from(c.south_clue.is_some_and(|x| x != it.side[S]));
                    let paced = self.loose || self.hard + self.pace.weight[it.tile as usize] as usize >= need;
                    if cost + extra <= room && paced {
                        pick = Some((i, cost + extra));
                        break;
                    }
                }
            }
            if pick.is_some() {
                break;
            }
            st += 1;
            if st < 4 {
                k = match st {
                    1 => tables.by_north[by_frame + want_n as usize].0,
                    2 => tables.by_west[by_frame + want_w as usize].0,
                    _ => tables.any[c.frame as usize].0,
                };
            }
        }
        (self.stage[d], self.next[d]) = (st, k);
        pick
    }

    /// Lays candidate `i` at depth `d`, breaking `cost` sides: its south and east colours are
    /// what the cells below and to the right must meet.
    #[inline]
    fn lay(&mut self, d: usize, i: usize, cost: usize) {
        self.laid[d] = i;
        let it = self.tables.items[i];
        (self.sides[LAID + 2 * d], self.sides[LAID + 2 * d + 1]) = (it.side[S], it.side[E]);
        self.used[it.tile as usize] = true;
        self.hard += self.pace.weight[it.tile as usize] as usize;
        self.breaks[d + 1] = self.breaks[d] + cost;
    }

    /// Takes back the tile laid at depth `d`, whose cell then tries its next candidate.
    #[inline]
    fn take_back(&mut self, d: usize) {
        let tile = self.tables.items[self.laid[d]].tile as usize;
        self.used[tile] = false;
        self.hard -= self.pace.weight[tile] as usize;
    }

    /// Every cell is laid. A board better than the best is told and kept, and the limit drops
    /// to one break fewer; true when the board has no break (nothing can beat it).
    fn full_board(&mut self, chase: bool, on_found: &mut impl FnMut(&Found)) -> bool {
        let b = self.breaks[self.cells.len()];
        if self.best.as_ref().is_some_and(|f| b >= f.breaks) {
            return false;
        }
        let mut placement: Vec<(usize, u8)> = self.fixed.iter().map(|x| x.unwrap_or((0, 0))).collect();
        for (c, &laid) in self.cells.iter().zip(&self.laid) {
            let it = self.tables.items[laid];
            placement[c.at] = (it.tile as usize, it.rot);
        }
        let found = Found { placement, breaks: b };
        on_found(&found);
        self.best = Some(found);
        if b == 0 {
            self.proved = true;
            return true;
        }
        self.limit = b - 1;
        self.allowed = self.allowance(chase);
        false
    }

    /// The run tried every board within its allowance: loosen it; under a loose one the best
    /// board is the best there is, or, with none found, more breaks are needed.
    fn exhausted(&mut self) {
        if !self.loose {
            self.loose = true;
        } else if self.best.is_some() || self.limit >= self.inner {
            self.proved = true;
        } else {
            self.limit = (self.limit * 2).min(self.inner);
        }
    }
}
