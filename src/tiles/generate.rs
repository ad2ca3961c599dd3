//! Puzzle generator: colour the sides of a solved grid (frame sides 0, sides between two
//! border tiles from the frame colours 1..=F, the others from the inner colours F+1..=F+K),
//! then shuffle (and turn) the tiles. The colour counts come from an estimate of the expected
//! number of solutions; difficulty is the exact solver's node count; a unique solution can be
//! required.

use super::exact::{solve, Options};
use super::{turned, Puzzle, Tile, E, N, S, W};
use crate::support::budget::Budget;

#[derive(Clone, Debug)]
pub struct Spec {
    pub cols: usize,
    pub rows: usize,
    /// Inner colours.
    pub colors: u16,
    /// Colours between border tiles; `None`: chosen from the estimate.
    pub frame_colors: Option<u16>,
    pub rotate: bool,
    pub unique: bool,
    pub seed: u64,
    /// Node budget for each uniqueness check.
    pub max_nodes: u64,
}

#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    /// The solution the colours were drawn on.
    pub solution: super::Placement,
    pub frame_colors: u16,
    /// log10 of the estimated expected number of solutions.
    pub log10_expected: f64,
    /// Exact solver nodes to the first solution (the difficulty measure), or spent without
    /// finding one when the node limit or the time ran out first (`first_found` false).
    pub nodes: u64,
    /// The exact solver found a solution within its limits (else `nodes` is a lower bound).
    pub first_found: bool,
    /// Solutions counted (up to 2 when uniqueness was asked for).
    pub solutions: u64,
    pub attempts: u32,
}

fn ln_factorial(n: usize) -> f64 {
    (2..=n).map(|k| (k as f64).ln()).sum()
}

/// log10 of the expected number of solutions of a random puzzle with these counts: the ways
/// to arrange corner, border and inner tiles (inner ones turned 4 ways when tiles turn),
/// times the chance that every side matches (1/F on the frame row, 1/K inside).
pub fn log10_expected(cols: usize, rows: usize, frame_colors: u16, colors: u16, rotate: bool) -> f64 {
    if cols < 2 || rows < 2 {
        return 0.0;
    }
    let border = 2 * (cols - 2) + 2 * (rows - 2);
    let inner = (cols - 2) * (rows - 2);
    let arrangements = if rotate {
        ln_factorial(4) + ln_factorial(border) + ln_factorial(inner) + inner as f64 * 4f64.ln()
    } else {
        // Without turns a tile's zero sides say which corner or which side of the frame it
        // belongs to: only tiles of the same side of the frame (and inner tiles) trade places.
        ln_factorial(cols - 2) * 2.0 + ln_factorial(rows - 2) * 2.0 + ln_factorial(inner)
    };
    let frame_sides = 2 * (cols - 1) + 2 * (rows - 1);
    let inner_sides = (cols - 1) * rows + cols * (rows - 1) - frame_sides;
    let ln = arrangements
        - frame_sides as f64 * (frame_colors.max(1) as f64).ln()
        - inner_sides as f64 * (colors.max(1) as f64).ln();
    ln / std::f64::consts::LN_10
}

/// log10 of the expected number of arrangements of the border tiles (the ring next to the
/// frame) whose sides along the ring all match, with `frame_colors` colours on those sides.
pub fn log10_ring_expected(cols: usize, rows: usize, frame_colors: u16, rotate: bool) -> f64 {
    if cols < 2 || rows < 2 {
        return 0.0;
    }
    let arrangements = if rotate {
        ln_factorial(4) + ln_factorial(2 * (cols - 2) + 2 * (rows - 2))
    } else {
        ln_factorial(cols - 2) * 2.0 + ln_factorial(rows - 2) * 2.0
    };
    let ring_sides = 2 * (cols - 1) + 2 * (rows - 1);
    (arrangements - ring_sides as f64 * (frame_colors.max(1) as f64).ln()) / std::f64::consts::LN_10
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Cuts a solved grid (row-major from the top left, sides N E S W) into its tiles, listed in a
/// shuffled order and, when tiles turn, each turned at random: the puzzle, and where each tile
/// goes in the grid (its solution).
fn cut(cols: usize, rows: usize, grid: &[Tile], rotate: bool, rng: &mut Rng) -> (Puzzle, super::Placement) {
    let n = cols * rows;
    // Shuffle: order[k] = the cell whose tile becomes tile k.
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut tiles = vec![[0; 4]; n];
    let mut solution = vec![(0usize, 0u8); n];
    for (k, &cell) in order.iter().enumerate() {
        let r = if rotate { rng.below(4) as u8 } else { 0 };
        // Tile k is the cell's tile turned back by r; placed with turn r it fits.
        tiles[k] = turned(&grid[cell], (4 - r) % 4);
        solution[cell] = (k, r);
    }
    (Puzzle { cols, rows, tiles, rotate, clues: vec![] }, solution)
}

/// As the generator cuts its grids, with the shuffle drawn from `seed` (the level editor cuts
/// the grid a designer painted).
pub fn cut_grid(cols: usize, rows: usize, grid: &[Tile], rotate: bool, seed: u64) -> (Puzzle, super::Placement) {
    cut(cols, rows, grid, rotate, &mut Rng(seed))
}

/// A 16 x 16 board painted with Eternity II's statistics from `seed`: 22 colours, 5 of them on
/// the sides between two rim tiles and the other 17 on every other inner side, each drawn at
/// random; one clue near the middle (the tile of row 8, column 9, counted from 1, as Eternity
/// II's); the tiles shuffled and turned. Returns the puzzle and the board it was painted on
/// (a full solution). Nothing is checked of it: with these counts such boards are far too
/// large to solve or to prove unique, which is why they are played for the score.
pub fn eternity_like(seed: u64) -> (Puzzle, super::Placement) {
    let (mut puzzle, solution) = eternity_like_sized(16, seed);
    let cell = 7 * 16 + 8;
    puzzle.clues.push(super::Clue { cell, tile: solution[cell].0, rot: solution[cell].1 });
    (puzzle, solution)
}

/// Eternity II's colours: 5 between rim tiles, 17 elsewhere.
pub const ETERNITY_COLOURS: (u16, u16) = (5, 17);

/// The colours of a `side` x `side` board built with Eternity II's statistics, `(rim, middle)`.
/// The rim as Eternity II's: a colour for every 12 sides between two rim tiles. The middle:
/// the count whose expected number of solutions ([`log10_expected`]) comes nearest Eternity
/// II's own (about 10^1.2), the count that makes a board of its size hardest. 8 x 8 gets
/// (2, 9), 10 x 10 (3, 10), 16 x 16 Eternity II's (5, 17).
pub fn eternity_colours(side: usize) -> (u16, u16) {
    let (rim, middle) = ETERNITY_COLOURS;
    let goal = log10_expected(16, 16, rim, middle, true);
    let rim = ((4 * (side.max(2) - 1)) as f64 / 12.0).round().max(1.0) as u16;
    let off = |m: &u16| (log10_expected(side, side, rim, *m, true) - goal).abs();
    (rim, (1..=64u16).min_by(|a, b| off(a).total_cmp(&off(b))).unwrap_or(middle))
}

/// A `side` x `side` board painted as Eternity II's ([`eternity_colours`]), without a clue: the
/// puzzle (tiles shuffled and turned) and the board it was painted on.
pub fn eternity_like_sized(side: usize, seed: u64) -> (Puzzle, super::Placement) {
    let (rim, middle) = eternity_colours(side);
    let mut rng = Rng(seed);
    // The colour between each cell and its east and south neighbours.
    let mut east = vec![0u16; side * side];
    let mut south = vec![0u16; side * side];
    for c in 0..side * side {
        let (x, y) = (c % side, c / side);
        let mut paint = |on_rim: bool| {
            if on_rim {
                1 + rng.below(rim.into()) as u16
            } else {
                1 + rim + rng.below(middle.into()) as u16
            }
        };
        if x + 1 < side {
            east[c] = paint(y == 0 || y == side - 1);
        }
        if y + 1 < side {
            south[c] = paint(x == 0 || x == side - 1);
        }
    }
    let grid: Vec<Tile> = (0..side * side)
        .map(|c| {
            let (x, y) = (c % side, c / side);
            [if y > 0 { south[c - side] } else { 0 }, east[c], south[c], if x > 0 { east[c - 1] } else { 0 }]
        })
        .collect();
    cut(side, side, &grid, true, &mut rng)
}

pub fn generate(spec: &Spec) -> Result<Generated, String> {
    generate_until(spec, &Budget::default())
}

/// The time `tessera edge generate` gives itself by default.
pub const DEFAULT_TIMEOUT_MS: u64 = 60_000;

/// A board painted at random: every inner side one of `colors` colours (numbered after the
/// frame's), every side along the frame one of `frame_colors`; the outer sides stay 0.
fn paint(cols: usize, rows: usize, frame_colors: u16, colors: u16, rng: &mut Rng) -> Vec<Tile> {
    let n = cols * rows;
    let mut grid: Vec<Tile> = vec![[0; 4]; n];
    let on_border = |x: usize, y: usize| x == 0 || y == 0 || x + 1 == cols || y + 1 == rows;
    for y in 0..rows {
        for x in 0..cols {
            let cell = y * cols + x;
            if x + 1 < cols {
                // The side between (x, y) and (x + 1, y).
                let frame_row = (y == 0 || y + 1 == rows) && on_border(x, y) && on_border(x + 1, y);
                let c = if frame_row {
                    1 + rng.below(frame_colors as u64) as u16
                } else {
                    1 + frame_colors + rng.below(colors as u64) as u16
                };
                grid[cell][E] = c;
                grid[cell + 1][W] = c;
            }
            if y + 1 < rows {
                let frame_col = (x == 0 || x + 1 == cols) && on_border(x, y) && on_border(x, y + 1);
                let c = if frame_col {
                    1 + rng.below(frame_colors as u64) as u16
                } else {
                    1 + frame_colors + rng.below(colors as u64) as u16
                };
                grid[cell][S] = c;
                grid[cell + cols][N] = c;
            }
        }
    }
    grid
}

/// As [`generate`], giving up when the budget's time is up (each solver run stops there too;
/// each check gets `spec.max_nodes` nodes).
pub fn generate_until(spec: &Spec, budget: &Budget) -> Result<Generated, String> {
    let (cols, rows) = (spec.cols, spec.rows);
    if cols < 2 || rows < 2 || cols > super::MAX_SIDE || rows > super::MAX_SIDE {
        return Err(format!("the board must be 2..{} cells each way", super::MAX_SIDE));
    }
    if spec.colors == 0 {
        return Err("at least one inner colour is needed".into());
    }
    let frame_colors = match spec.frame_colors {
        Some(0) => return Err("at least one frame colour is needed".into()),
        Some(f) => f,
        // The fewest frame colours for which, on the frame ring alone, fewer than 0.1 other
        // arrangements are expected to match (with one colour, border tiles swap freely).
        None => (1..=64).find(|&f| log10_ring_expected(cols, rows, f, spec.rotate) <= -1.0).unwrap_or(64),
    };
    let mut rng = Rng(spec.seed);
    for attempt in 1..=200u32 {
        if budget.expired() {
            return Err(format!(
                "no puzzle{} found before the time limit ({} attempt(s)): use more colours or a longer --timeout-ms",
                if spec.unique { " with a unique solution" } else { "" },
                attempt - 1
            ));
        }
        let grid = paint(cols, rows, frame_colors, spec.colors, &mut rng);
        let (puzzle, solution) = cut(cols, rows, &grid, spec.rotate, &mut rng);
        puzzle.validate()?;
        puzzle.check(&solution)?;
        let check = budget.clone().with_nodes(spec.max_nodes);
        let first = solve(&puzzle, &Options { limit: 1, budget: check.clone(), ..Default::default() })?;
        let (solutions, complete) = if spec.unique {
            let (all, _) = super::portfolio::solve(
                &puzzle,
                &Options { limit: 2, budget: check, up_to_board_turns: true, ..Default::default() },
            )?;
            (all.solutions, all.complete || all.solutions >= 2)
        } else {
            (first.solutions, true)
        };
        if spec.unique && (solutions != 1 || !complete) {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            frame_colors,
            log10_expected: log10_expected(cols, rows, frame_colors, spec.colors, spec.rotate),
            nodes: first.nodes,
            first_found: first.solutions > 0,
            solutions,
            attempts: attempt,
        });
    }
    Err("no puzzle with a unique solution in 200 attempts: use more colours".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eternity_statistics_scale_with_the_board() {
        assert_eq!(eternity_colours(16), ETERNITY_COLOURS);
        assert_eq!(eternity_colours(8), (2, 9));
        assert_eq!(eternity_colours(10), (3, 10));
    }

    #[test]
    fn a_sized_board_is_solved_by_the_board_it_was_painted_on() {
        let (p, solution) = eternity_like_sized(8, 3);
        assert_eq!(p.tiles.len(), 64);
        assert!(p.clues.is_empty());
        assert!(p.check(&solution).is_ok());
        // Rim colours 1..=2, the middle's 3..=11.
        assert_eq!(p.tiles.iter().flatten().max(), Some(&11));
    }
}
