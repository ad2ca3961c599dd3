//! A depth-first search for a high score that allows breaks: the tiles are laid cell by cell
//! (clues in place), each against the tiles above and to its left ([`lay_order`]: reading
//! order, but the last rows of a big board column by column), and a tile may break (mismatch)
//! a side it lays against, within an allowance that grows with the depth. This is how the best
//! Eternity II boards were found (Blackwood's search and its kin); [`super::best`] runs it on
//! framed boards.
//!
//! The story of a search. Each free cell, in the laying order, asks for the tiles (and turns)
//! whose frame-coloured sides face exactly the frame sides of the cell, first those matching
//! both the colour above and the colour to the left, then those breaking one of the two, then
//! both; a cell whose east or south neighbour is a clue counts a break against it too. A tile
//! is taken when the breaks laid so far stay within the allowance at that depth: none before
//! [`QUIET`] of the free cells are laid, then up to the budget's `limit` by the last cell, in
//! a curve that allows few early and most on the last rows (the square of the share of the
//! cells past the quiet ones laid). A cell breaks at most one side unless the allowance is
//! loose (below). The candidates come from tables keyed by the cell's frame sides and the
//! colours it must meet, shuffled by the seed, the tiles showing more sides of a hard colour
//! (below) first. Until [`HARD_UNTIL`] of the cells are laid, tiles showing one of the rarest
//! colours must be laid a little faster than their share ([`HARD_PACE`]), so that the last
//! rows are left tiles that match more easily.
//!
//! Every full board scores the inner sides less its breaks. The first limit is
//! [`FIRST_LIMIT`] of the inner sides; when a board beats the best, the limit drops to one
//! break fewer and the search goes on from there for a better board. A run that has laid
//! [`RUN_NODES`] tiles starts again with fresh shuffles (with a higher limit if it found no
//! full board at all). A run that ends having tried every board within its allowance loosens
//! it (the quiet part and the pace go, and a cell may break both its sides) and, if nothing
//! better is found with the loose allowance either, the best board is the best there is.
//!
//! That is the quick design, and all of a small board's search. On a big board (one with a
//! tail) it is the opening: after [`OPENING_NODES`] tiles the chase takes over, Blackwood's
//! design, slower to lay its first full board and far stronger after. In the chase a run draws
//! its own hard colours ([`BIG_HARD_COLOURS`] of those on middle tiles) and must lay most of
//! their sides in the first rows ([`BIG_PACE`]); a run whose head has not got past the pace
//! after [`PROBE_NODES`] tiles ends there. No side breaks before the tail's middle columns,
//! then one more break is allowed every few cells up to [`STEP_BREAKS`] of the inner sides by
//! the last cell of the first row of the block at the right, and the rest of the limit after
//! it. A side between two frame cells never breaks, and a run lasts [`BIG_RUN_NODES`] tiles.
//!
//! Tried on Eternity II's board and not kept, so that no one need try them again:
//! - a bound on the breaks still to come from the colours left (per colour, the sides of laid
//!   tiles facing an empty cell less the sides on tiles not laid; at least the sum of the
//!   positive balances, and half the odd ones, are still to break): 600 s on seed 1 found the
//!   same boards at the same moments with it and without it (461 at 31 s), so it cuts next
//!   to nothing that the allowance does not;
//! - leaving the subtree under the cell at 70 %, 78.5 %, 85 % or 90 % of the order after 0.2 M
//!   to 2 M tiles laid under it: 459 to 461 in 60 s on seeds 1 and 2 (461, 461 without).
//! - ending a run early when its first 1 M (or 0.5 M) tiles had not reached 235 or 240 of the
//!   255 free cells, with or without letting the runs that reached 246 go on to 10 M or 20 M:
//!   461, 461 in 60 s (460 once) and 461, 461 in 300 s on seeds 1 and 2. Runs that go deep
//!   early do end deeper (in 120 s, runs at 205 to 209 after 1 M ended at 236.8 on average,
//!   those at 245 to 249 at 247.1), but cutting the others found no better board.
//! - no break in the tail's 5 x 5 block at the left but at its last cell (the curve allows up
//!   to 2 there): 462, 462 in 600 s on seeds 1 and 2 (at 198 s and 266 s), but weaker early
//!   (459 at 10 s), and the shipped `scored/16x16-1` reached only 456 of its reference 458 in
//!   20 M and in 40 M tiles from seed 0. (The chase lays that block without a break, and the
//!   opening keeps the short searches as they were.)
//!
//! Why no colour count can tell a good head from a bad one by parity: the board's sides of
//! each colour come in even numbers, and a head laid without a break pairs its inner sides, so
//! every colour's open sides (the tiles left and the head's sides facing the tail) are even
//! when the tail starts. Logged over 918 runs on Eternity II's board that reached the tail:
//! none odd.

use super::{Placement, Puzzle};
use crate::support::budget::Budget;

mod order;
mod pace;
mod tables;
mod walk;
pub use order::{lay_order, STEP_BREAKS, TAIL};
pub use pace::{BIG_HARD_COLOURS, BIG_PACE, HARD_COLOURS, HARD_PACE, HARD_UNTIL};

/// Where the walk's table of side colours holds the laid tiles' sides (after one entry per
/// colour).
const LAID: usize = 256;

/// The share of the free cells laid without a break, and the breaks allowed to the first
/// full board, as a share of the inner sides. Tried on Eternity II's 16 x 16 board for 20 s
/// each (`examples/edge_best.rs`): quiet 0.55 with a straight allowance found no full board;
/// with the squared curve, quiet 0.3 and 0.8 none, 0.7 reached 458, 0.75 reached 456; a
/// cubed curve 455; letting a cell break both its sides, 451. With the tail laid by columns
/// and hard tiles first (60 s, seed 1): quiet 0.62 reached 456, 0.7 461, 0.78 459; the curve
/// to the power 1.5 reached 458, 3 reached 456, and the squared curve reaching the limit at
/// 85 to 95 % of the cells at most 446.
pub const QUIET: f64 = 0.7;
pub const FIRST_LIMIT: f64 = 0.08;
/// Tiles laid in one run before it starts again, shuffled anew (500,000 and 50,000,000 each
/// reached 449 where 5,000,000 reached 448 in the same trials with quiet 0.55: not a sharp
/// choice). With the tail by columns and hard tiles first, 60 s on seeds 1 to 3: 500,000
/// reached 459, 459; 5,000,000 461, 461, 460; 20,000,000 460, 460; 50,000,000 460, 462, 461;
/// 200,000,000 461.
pub const RUN_NODES: u64 = 5_000_000;

/// A big board's run: the tiles it lays before it starts again (with Blackwood's colours,
/// 5,000,000 reached 462, 462 in 60 s, 100,000,000 reached 463, 464); and the tiles after which
/// a run whose head has not got past the pace ends. With colours drawn each run and a probe
/// of 10,000,000, 134 runs were cut and 17 went on in 80 s (two runs of 40 s); of ten heads
/// logged, eight got past the pace within 1,400,000 tiles, two after 8,400,000 and 9,900,000.
/// Keeping the colours until a cut, 58 cuts and 30 full runs in 120 s; with a probe of
/// 2,000,000, 94 cuts (far cheaper) and 33 full runs; 463, 463 in 60 s both ways.
pub const BIG_RUN_NODES: u64 = 100_000_000;
pub const PROBE_NODES: u64 = 2_000_000;
/// The tiles a big board's search lays in the quick design (the squared curve, runs of
/// [`RUN_NODES`]) before the chase takes over. The quick design finds a good board in its
/// first runs (460 of 480 within 10 s on Eternity II's list); the chase may lay 100,000,000
/// tiles or more before its first full board. Chasing from the first tile, two of the three
/// shipped scored boards had no full board in 20,000,000 tiles (the `check-levels` budget).
pub const OPENING_NODES: u64 = 20_000_000;

/// A full board found, and what the search did.
pub struct Found {
    pub placement: Placement,
    pub breaks: usize,
}

/// Whether the scan applies: the tiles' frame patterns (turned, when tiles turn) are those of
/// the cells in the same numbers, so every full board puts frame sides against the frame.
pub fn applies(p: &Puzzle) -> bool {
    let near = p.neighbours();
    let canon = |m: u8| {
        if p.rotate {
            (0..4).map(|r| ((m << r) | (m >> (4 - r))) & 15).min().unwrap_or(m)
        } else {
            m
        }
    };
    let mut cells: Vec<u8> =
        near.iter().map(|n| canon((0..4).filter(|&s| n[s].is_none()).fold(0, |m, s| m | 1 << s))).collect();
    let mut tiles: Vec<u8> =
        p.tiles.iter().map(|t| canon((0..4).filter(|&s| t[s] == 0).fold(0, |m, s| m | 1 << s))).collect();
    cells.sort_unstable();
    tiles.sort_unstable();
    cells == tiles && p.tiles.iter().flatten().all(|&c| (c as usize) < 255)
}

/// Searches within the budget; `on_found` hears each better full board (its breaks). Returns
/// the best full board, if any, and the tiles laid; `proved` says the search tried every board
/// that could beat it.
pub fn search(p: &Puzzle, budget: &Budget, seed: u64, on_found: impl FnMut(&Found)) -> (Option<Found>, u64, bool) {
    search_after(p, budget, seed, OPENING_NODES, on_found)
}

/// [`search`], its chase taking over after `opening` tiles laid: runs of the search
/// ([`walk::Walk::run`]) one after another, each a quick one until `opening` tiles are laid
/// on a board with a tail and a run of the chase after, until the best board is proved or the
/// budget is spent.
fn search_after(
    p: &Puzzle,
    budget: &Budget,
    seed: u64,
    opening: u64,
    mut on_found: impl FnMut(&Found),
) -> (Option<Found>, u64, bool) {
    let mut walk = walk::Walk::new(p, seed);
    while !walk.proved {
        let chase = walk.tail.is_some() && walk.nodes >= opening;
        if let walk::Ending::Stopped = walk.run(chase, budget, &mut on_found) {
            break;
        }
    }
    (walk.best, walk.nodes, walk.proved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::random::below;
    use crate::tiles::{every_full_board, random_puzzle, turned, Clue, E, N, S, W};
    use order::Tail;
    use rand_chacha::rand_core::SeedableRng;
    use tables::frame_of;

    /// The fewest breaks of any full board whose frame sides face the frame, by trying them all.
    fn fewest(p: &Puzzle) -> usize {
        let near = p.neighbours();
        let fits = |cell: usize, t: usize, r: u8| {
            let frame = (0..4).filter(|&s| near[cell][s].is_none()).fold(0, |m, s| m | 1 << s);
            let side = turned(&p.tiles[t], r);
            frame_of(&[side[0] as u8, side[1] as u8, side[2] as u8, side[3] as u8]) == frame
        };
        let mut fewest = usize::MAX;
        every_full_board(p, &fits, &mut |laid| {
            let (good, total) = p.matched_inner(laid);
            fewest = fewest.min(total - good);
        });
        fewest
    }

    /// With no limit the scan tries every board that could beat its best, so on small boards
    /// it ends with the fewest breaks there are (frame sides against the frame), says so, and
    /// lays a full board: each tile once, clues kept, the breaks it says; each board it tells
    /// of breaks less than the one before.
    #[test]
    fn on_small_boards_the_scan_ends_with_the_fewest_breaks() {
        let mut boards = Vec::new();
        for seed in 0..3 {
            boards.push(random_puzzle(3, 3, 3, false, seed));
            boards.push(random_puzzle(3, 3, 2, true, 10 + seed));
            boards.push(random_puzzle(4, 3, 3, true, 20 + seed));
        }
        let mut clued = random_puzzle(3, 3, 2, false, 30);
        clued.clues.push(Clue { cell: 4, tile: 4, rot: 0 });
        boards.push(clued);
        let mut broken = 0;
        for (k, p) in boards.iter().enumerate() {
            assert!(applies(p), "board {k}");
            let want = fewest(p);
            let mut told = Vec::new();
            let (found, _, proved) = search(p, &Budget::default(), k as u64, |f| told.push(f.breaks));
            let found = found.expect("a full board");
            assert!(proved, "board {k}");
            assert_eq!(found.breaks, want, "board {k}: the fewest breaks");
            let laid: Vec<_> = found.placement.iter().map(|&c| Some(c)).collect();
            let (good, total) = p.matched_inner(&laid);
            assert_eq!(total - good, found.breaks, "board {k}: the breaks said");
            let mut tiles: Vec<usize> = found.placement.iter().map(|c| c.0).collect();
            tiles.sort_unstable();
            assert_eq!(tiles, (0..p.tiles.len()).collect::<Vec<_>>(), "board {k}: each tile once");
            assert!(p.clues.iter().all(|c| found.placement[c.cell] == (c.tile, c.rot)), "board {k}: clues");
            assert!(told.windows(2).all(|w| w[1] < w[0]) && told.last() == Some(&want), "board {k}: {told:?}");
            broken += usize::from(want > 0);
        }
        assert!(broken >= boards.len() / 2, "most boards have no full solution: {broken}");
    }

    /// Every board size is laid in a staircase: each cell once, its north and west neighbours
    /// before it (so its east and south ones after); on a big board the middle of the last
    /// row is laid before the row above it is finished.
    #[test]
    fn the_lay_order_is_a_staircase() {
        for (cols, rows) in [(3, 3), (7, 9), (8, 8), (16, 16), (12, 10), (10, 12), (20, 9), (9, 20)] {
            let order = lay_order(cols, rows);
            let mut when = vec![usize::MAX; cols * rows];
            for (i, &c) in order.iter().enumerate() {
                assert_eq!(when[c], usize::MAX, "{cols} x {rows}: cell {c} twice");
                when[c] = i;
            }
            assert!(when.iter().all(|&w| w != usize::MAX), "{cols} x {rows}: a cell left out");
            for c in 0..cols * rows {
                let (x, y) = (c % cols, c / cols);
                assert!(y == 0 || when[c - cols] < when[c], "{cols} x {rows}: cell {c} before its north");
                assert!(x == 0 || when[c - 1] < when[c], "{cols} x {rows}: cell {c} before its west");
            }
            let last_row_at = |k: usize| order.iter().position(|&c| c == (rows - 1) * cols + k).unwrap();
            if cols >= 8 && rows >= 8 {
                assert!(last_row_at(cols / 2) < cols * (rows - 1), "{cols} x {rows}: the last row waits");
            }
        }
    }

    /// On a big board, every full board the chase hears of breaks no side before the tail's
    /// middle columns nor between two frame cells, and no more sides by each cell up to the
    /// last of the right block's first row than the schedule allows there.
    #[test]
    fn the_chase_breaks_only_where_its_schedule_allows() {
        let (p, _) = crate::tiles::generate::eternity_like(4);
        let tail = Tail::of(p.cols, p.rows).expect("a 16 x 16 board has a tail");
        let (first, last) = tail.steps(p.cols);
        // Blackwood's places on a 16 x 16 board: a first break at the 201st cell laid (counted
        // from 0), the tenth at the 239th.
        assert_eq!((first, last), (201, 239));
        let allowed = |at| tail.step_allowance(p.cols, 480, at);
        assert_eq!([allowed(200), allowed(201), allowed(205), allowed(206), allowed(239)], [0, 1, 1, 2, 10]);
        let near = p.neighbours();
        let on_frame = |c: usize| near[c].iter().any(Option::is_none);
        let mut boards = 0;
        // The chase lays its first full board on this board within 120,000,000 tiles (none
        // within 40,000,000).
        search_after(&p, &Budget::nodes(120_000_000), 1, 0, |f| {
            boards += 1;
            let side = |at: usize, s: usize| turned(&p.tiles[f.placement[at].0], f.placement[at].1)[s];
            let mut breaks = 0;
            for (i, &at) in lay_order(p.cols, p.rows).iter().enumerate() {
                for (s, back) in [(N, S), (W, E)] {
                    let Some(o) = near[at][s] else { continue };
                    if side(at, s) != side(o, back) {
                        breaks += 1;
                        assert!(i >= first, "a break at cell {at}, the {i}th laid, before the middle columns");
                        assert!(!(on_frame(at) && on_frame(o)), "a break between frame cells {o} and {at}");
                    }
                }
                if (first..=last).contains(&i) {
                    assert!(breaks <= allowed(i), "{breaks} breaks by the {i}th cell laid, {} allowed", allowed(i));
                }
            }
        });
        assert!(boards > 0, "the chase found no full board");
    }

    /// A node limit cuts the scan short with the best full board found, and the same seed
    /// lays the same boards.
    #[test]
    fn a_node_limit_cuts_the_scan_short_and_a_seed_repeats() {
        // A solved 10 x 10 grid of 8 colours, cut up and turned.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let n = 10;
        let east: Vec<u16> =
            (0..n * n).map(|c| if c % n + 1 < n { 1 + below(&mut rng, 8) as u16 } else { 0 }).collect();
        let south: Vec<u16> =
            (0..n * n).map(|c| if c / n + 1 < n { 1 + below(&mut rng, 8) as u16 } else { 0 }).collect();
        let grid: Vec<_> = (0..n * n)
            .map(|c| {
                [if c >= n { south[c - n] } else { 0 }, east[c], south[c], if c % n > 0 { east[c - 1] } else { 0 }]
            })
            .collect();
        let p = crate::tiles::generate::cut_grid(n, n, &grid, true, 7).0;
        let budget = Budget::nodes(100_000);
        let (a, nodes, _) = search(&p, &budget, 3, |_| {});
        let (b, _, _) = search(&p, &budget, 3, |_| {});
        assert!(nodes <= 100_000);
        let (a, b) = (a.expect("a full board"), b.expect("a full board"));
        assert_eq!((a.placement, a.breaks), (b.placement, b.breaks));
    }
}
