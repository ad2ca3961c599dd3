//! The lowest-cell search on a board of at most 64 cells, one machine word: the filled
//! cells, every placement and the parts at hand are each a `u64`.
//!
//! The tables key a cell's placements by the occupancy of the next [`WINDOW`] cells, as
//! [`super::table`] does, but a block is one flat run of placements, each a word (its cells
//! from the lowest on, and its part's number), read straight through: a node tests every
//! placement of its block without a branch (part at hand, cells free), then tests the few that
//! pass for a lone empty cell, again without a branch. (With the window of 8, on 6 x 10
//! pentominoes, a block held 9.4 placements on average and 2.4 of them were at hand and free.)
//! The window of 7 measured fastest there: 51.6 ms, against about 55 for 6 and 8, 65 for 4.
//!
//! [`DeadEnds`] remembers the states whose search found nothing.

use super::mask::Mask;
use super::table::keyed_blocks;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many cells after the empty one key the blocks.
const WINDOW: usize = 7;

/// A placement of cell `c` in a word: its cells shifted down by `c` in the low [`CELL_BITS`]
/// bits, its part's number in the high ones.
pub(crate) type Entry = u64;

const CELL_BITS: u32 = 56;
const CELLS: u64 = (1 << CELL_BITS) - 1;

/// An entry's cells, for a placement of cell `c`.
#[inline(always)]
pub(crate) fn cells(e: Entry, c: usize) -> u64 {
    (e & CELLS) << c
}

/// An entry's part.
#[inline(always)]
pub(crate) fn part(e: Entry) -> usize {
    (e >> CELL_BITS) as usize
}

pub(crate) struct Word {
    /// Where the block of cell `c` and pattern `p` starts in `entries` (at `c << WINDOW | p`):
    /// a head holding the block's length, then its placements.
    at: Vec<u32>,
    entries: Vec<Entry>,
    /// The board's neighbours as turns of the word: a cell of `from` has a neighbour `by` cells
    /// on (mod 64). Unused slots have an empty `from`; without the lone-cell check, every
    /// slot turns every cell onto itself.
    turns: [(u32, u64); 6],
    /// Every cell of the board.
    all: u64,
    /// The most placements in a block.
    pub(crate) widest: usize,
    /// The most cells a placement reaches past its lowest one.
    pub(crate) span: u32,
    /// Whether a state of the search is its filled cells and parts at hand alone (no count of
    /// copies used matters), so that [`DeadEnds`] can tell states apart.
    pub(crate) whole: bool,
}

impl Word {
    /// The tables for `cand` (per cell, the placements whose lowest cell it is, as (part,
    /// cells)) on a board of `n` cells whose neighbours lie at the distances `shifts` (each
    /// with the cells having a neighbour that far on), with the lone-cell check if `lone`;
    /// none when the board is wider than a word, its neighbours lie at more than six distances
    /// or a placement spans more than an entry holds.
    pub(crate) fn new<const W: usize>(
        cand: &[Vec<(usize, Mask<W>)>],
        shifts: &[(isize, Mask<W>)],
        lone: bool,
        whole: bool,
        n: usize,
    ) -> Option<Word> {
        if W != 1 || n > 64 || shifts.len() > 6 {
            return None;
        }
        // Each placement's cells from its lowest one on must fit in an entry's low bits.
        if cand.iter().enumerate().any(|(c, list)| list.iter().any(|(_, m)| m.0[0] >> c > CELLS)) {
            return None;
        }
        // Without the check, every empty cell counts as having an empty neighbour: itself.
        let mut turns = [(0, if lone { 0 } else { !0 }); 6];
        if lone {
            for (t, (d, from)) in turns.iter_mut().zip(shifts) {
                *t = (d.rem_euclid(64) as u32, from.0[0]);
            }
        }
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let mut w =
            Word { at: Vec::with_capacity(n << WINDOW), entries: Vec::new(), turns, all, widest: 0, span: 0, whole };
        for (c, list) in cand.iter().enumerate() {
            let reach: Vec<usize> = list.iter().map(|(_, m)| m.window(c + 1, WINDOW)).collect();
            let reached = reach.iter().fold(0, |a, r| a | r);
            keyed_blocks(&mut w.at, c, WINDOW, reached, |pattern| {
                let head = w.entries.len();
                w.entries.push(0);
                let fit = list.iter().zip(&reach).filter(|(_, r)| *r & pattern == 0);
                w.span = fit.clone().map(|((_, m), _)| 63 - (m.0[0] >> c).leading_zeros()).fold(w.span, u32::max);
                w.entries.extend(fit.map(|((part, m), _)| m.0[0] >> c | (*part as u64) << CELL_BITS));
                let len = w.entries.len() - head - 1;
                w.entries[head] = len as u64;
                w.widest = w.widest.max(len);
                head as u32
            });
        }
        Some(w)
    }

    /// The placements of cell `c`, the lowest empty one of `filled`, that miss the filled
    /// cells of its window.
    #[inline(always)]
    pub(crate) fn block(&self, c: usize, filled: u64) -> &[Entry] {
        let pattern = (filled.checked_shr(c as u32 + 1).unwrap_or(0) & ((1 << WINDOW) - 1)) as usize;
        let head = self.at[c << WINDOW | pattern] as usize;
        let len = self.entries[head] as usize;
        &self.entries[head + 1..head + 1 + len]
    }

    /// Whether `filled` leaves an empty cell whose neighbours are all filled.
    #[inline(always)]
    pub(crate) fn leaves_lone(&self, filled: u64) -> bool {
        let empty = self.all & !filled;
        let around = self.turns.iter().fold(0, |acc, &(by, from)| acc | (empty & from).rotate_left(by));
        empty & !around != 0
    }

    /// Gathers into `kids` from `base` on the placements of cell `c`, the lowest empty one of
    /// `filled`, whose part is in `hand` and whose cells miss `filled` and leave no lone cell;
    /// returns the new top.
    #[inline(always)]
    pub(crate) fn gather(&self, c: usize, filled: u64, hand: u64, kids: &mut [Entry], base: usize) -> usize {
        let ahead = filled >> c;
        let mut top = base;
        for &e in self.block(c, filled) {
            kids[top] = e;
            top += usize::from((e & CELLS & ahead == 0) & (hand >> part(e) & 1 == 1));
        }
        let mut keep = base;
        for k in base..top {
            let e = kids[k];
            kids[keep] = e;
            keep += usize::from(!self.leaves_lone(filled | cells(e, c)));
        }
        keep
    }
}

/// Dead ends seen: states of the search whose subtree found no cover. The lowest-cell search
/// reaches one state by many paths when the same parts fill the same cells in two ways (6 x 10
/// pentominoes: 1.26 M nodes, 0.37 M distinct states), and almost every state is a dead end,
/// so a state found here is not searched again.
///
/// A state is its filled cells and its parts at hand, packed in one word: the lowest empty
/// cell `c`; the filled cells of the `span` after it (a placement made by the search has its
/// lowest cell before `c`, so it reaches no further); the parts at hand; and, if the pivot (the
/// part placed before the search starts) has cells further on, which of its places it is in.
/// The table is a cache of one slot per state, the newer state taking it over, so it stays a
/// megabyte whatever the search's size.
pub(crate) struct DeadEnds {
    /// Shared by the threads: a dead end is one whoever finds it.
    slots: Vec<AtomicU64>,
    /// The most cells a placement reaches past its lowest one.
    span: u32,
    /// Where the pivot's place starts in a key.
    place_at: u32,
}

/// Slots in the table, as a power of two.
const SLOT_BITS: u32 = 17;

impl DeadEnds {
    /// The table for a search whose placements reach `span` cells past their lowest one, with
    /// `parts` parts and a pivot in at most `places` places; none when a state does not fit
    /// in a word.
    pub(crate) fn new(span: u32, parts: usize, places: usize) -> Option<Self> {
        let place_at = span + 6 + parts as u32;
        // (At least one bit for the place, so that its shift stays inside the word.)
        (place_at + (usize::BITS - places.leading_zeros()).max(1) <= 64).then(|| DeadEnds {
            slots: (0..1 << SLOT_BITS).map(|_| AtomicU64::new(0)).collect(),
            span,
            place_at,
        })
    }

    /// The key of the state with the cells `filled`, the lowest empty one `c`, and the parts
    /// `hand`, the pivot being on the cells `pivot.0`, its place number `pivot.1` (from 1).
    /// (An unused slot reads as the key of cell 0 empty with no part at hand: a dead end
    /// indeed.)
    #[inline(always)]
    pub(crate) fn key(&self, filled: u64, c: usize, hand: u64, pivot: (u64, u64)) -> u64 {
        let near = (filled >> c) & ((1 << self.span) - 1);
        let far = pivot.0.checked_shr(c as u32 + self.span).unwrap_or(0);
        let place = if far != 0 { pivot.1 } else { 0 };
        near | (c as u64) << self.span | hand << (self.span + 6) | place << self.place_at
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize]
    }

    /// Whether the state is a dead end seen.
    #[inline(always)]
    pub(crate) fn seen(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    pub(crate) fn insert(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(cells: &[usize]) -> Mask<1> {
        let mut m = Mask::EMPTY;
        cells.iter().for_each(|&c| m.set(c));
        m
    }

    /// A line of `n` cells: each cell's neighbours one on and one back.
    fn line(n: usize) -> Vec<(isize, Mask<1>)> {
        vec![(1, mask(&(0..n - 1).collect::<Vec<_>>())), (-1, mask(&(1..n).collect::<Vec<_>>()))]
    }

    fn gathered(w: &Word, filled: &[usize], hand: u64) -> Vec<(usize, Vec<usize>)> {
        let f = mask(filled).0[0];
        let c = (!f).trailing_zeros() as usize;
        let mut kids = vec![0; w.widest];
        let top = w.gather(c, f, hand, &mut kids, 0);
        kids[..top].iter().map(|&e| (part(e), mask_cells(cells(e, c)))).collect()
    }

    fn mask_cells(m: u64) -> Vec<usize> {
        (0..64).filter(|i| m >> i & 1 == 1).collect()
    }

    /// A node keeps the placements of its parts at hand that miss the filled cells, in the
    /// window or past it, and leave no empty cell between filled ones.
    #[test]
    fn a_node_keeps_the_placements_at_hand_that_fit() {
        let mut cand = vec![Vec::new(); 10];
        cand[0] = vec![(0, mask(&[0, 1])), (1, mask(&[0, 2])), (1, mask(&[0, 1, 2])), (2, mask(&[0, 9]))];
        let w = Word::new(&cand, &line(10), true, true, 10).unwrap();
        assert_eq!(w.span, 9);
        // {0, 2} would leave cell 1 alone between filled cells.
        assert_eq!(gathered(&w, &[], 0b111), [(0, vec![0, 1]), (1, vec![0, 1, 2]), (2, vec![0, 9])]);
        assert_eq!(gathered(&w, &[1], 0b111), [(1, vec![0, 2]), (2, vec![0, 9])]);
        assert_eq!(gathered(&w, &[], 0b101), [(0, vec![0, 1]), (2, vec![0, 9])]);
        // Cell 9 lies past the window: the cells themselves are tested too.
        assert_eq!(gathered(&w, &[9], 0b111), [(0, vec![0, 1]), (1, vec![0, 1, 2])]);
        // Without the lone-cell check, {0, 2} stays.
        let w = Word::new(&cand, &line(10), false, true, 10).unwrap();
        assert_eq!(gathered(&w, &[], 0b010), [(1, vec![0, 2]), (1, vec![0, 1, 2])]);
    }

    /// An entry holds its part's number above its cells: the number is never read as cells
    /// that are filled (part 3 in the bits of cells 56 and 57 from the lowest empty one).
    #[test]
    fn a_parts_number_is_never_read_as_cells() {
        let mut cand = vec![Vec::new(); 64];
        cand[0] = vec![(3, mask(&[0, 1]))];
        let w = Word::new(&cand, &line(64), true, true, 64).unwrap();
        assert_eq!(gathered(&w, &[56, 57], 0b1000), [(3, vec![0, 1])]);
        // The last cell of a full word is a lowest empty cell like any other.
        let mut cand = vec![Vec::new(); 64];
        cand[62] = vec![(0, mask(&[62, 63]))];
        let w = Word::new(&cand, &line(64), true, true, 64).unwrap();
        assert_eq!(gathered(&w, &(0..62).collect::<Vec<_>>(), 1), [(0, vec![62, 63])]);
    }

    /// Two states have one key only when they are the same state: the filled cells, the
    /// parts at hand and the pivot's place where it lies past the span all count.
    #[test]
    fn a_dead_end_is_known_by_its_whole_state_alone() {
        let d = DeadEnds::new(10, 12, 8).unwrap();
        let low = (1u64 << 5) - 1; // cells 0 to 4 filled
        let pivot_near = (mask(&[6, 7]).0[0], 1);
        let pivot_far = (mask(&[40, 41]).0[0], 2);
        let key = |filled: u64, hand: u64, pivot| d.key(filled, filled.trailing_ones() as usize, hand, pivot);
        let base = key(low | 1 << 7, 0b1010, pivot_far);
        d.insert(base);
        assert!(d.seen(base));
        for other in [
            key(low | 1 << 8, 0b1010, pivot_far),
            key(low | 1 << 5 | 1 << 7, 0b1010, pivot_far),
            key(low | 1 << 7, 0b1011, pivot_far),
            key(low | 1 << 7, 0b1010, (mask(&[40, 42]).0[0], 3)),
        ] {
            assert_ne!(other, base);
            assert!(!d.seen(other));
        }
        // A pivot inside the span is in the filled cells already: its place does not count.
        assert_eq!(key(low | 3 << 6, 0b1010, pivot_near), key(low | 3 << 6, 0b1010, (pivot_near.0, 5)));
        // A state too wide for a word has no table; with no pivot the place still takes a bit,
        // so that no shift leaves the word.
        assert!(DeadEnds::new(40, 20, 8).is_none());
        assert!(DeadEnds::new(20, 38, 0).is_none());
        let d = DeadEnds::new(20, 37, 0).unwrap();
        assert_ne!(d.key(1, 1, 1 << 36, (0, 0)), d.key(1, 1, 1 << 35, (0, 0)));
    }
}
