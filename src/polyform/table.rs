//! The lowest-cell search's candidate tables: for the board's lowest empty cell `c`, the
//! placements whose lowest cell is `c` and which miss the filled cells among the next
//! [`WINDOW`] (most clashes are with those cells, so the occupancy of the window keys the
//! lists; 6 x 10 pentominoes: 1.5 placements tried per node, two in three fitting).
//!
//! Each list (a block) is told part by part: a run of placements per part, in part order, and
//! a bit set of the parts that have a run. The search crosses that set with the parts still at
//! hand and goes straight to their runs (the k-th part present has the block's k-th run), so a
//! part already used costs nothing; deep in a search most are used, and skipping their runs
//! one by one was most of a node's branches. All blocks lie in a few flat arrays: a block read
//! at every node through pointers of its own cost a cache miss to find.

use super::mask::Mask;

/// How many cells after the empty one key the blocks.
pub(crate) const WINDOW: usize = 8;

pub(crate) struct Table<const W: usize> {
    /// Words in a part set (parts / 64, rounded up).
    pub(crate) words: usize,
    /// Where the block of cell `c` and pattern `p` starts in `data` (at `c << WINDOW | p`).
    at: Vec<u32>,
    /// The blocks, each pattern whose cells the cell's placements reach having its own. A
    /// block at `o`: the set of parts having a run (`words` words, each as two halves, low
    /// first), then per run where it starts (from `o`) and one more where the last ends, then
    /// the runs: indices into `masks`.
    data: Vec<u32>,
    /// Every candidate's cells, cell by cell as `cand` lists them.
    pub(crate) masks: Vec<Mask<W>>,
    /// The most placements in a block.
    pub(crate) widest: usize,
}

impl<const W: usize> Table<W> {
    /// The tables of `cand` (per cell, the placements whose lowest cell it is, as (part,
    /// cells), grouped by part) for `parts` parts.
    pub(crate) fn new(cand: &[Vec<(usize, Mask<W>)>], parts: usize) -> Self {
        let n = cand.len();
        let words = parts.div_ceil(64).max(1);
        let mut t =
            Table { words, at: Vec::with_capacity(n << WINDOW), data: Vec::new(), masks: Vec::new(), widest: 0 };
        for (c, list) in cand.iter().enumerate() {
            let base = t.masks.len() as u32;
            t.masks.extend(list.iter().map(|(_, m)| *m));
            // Each placement's cells in the window, as a pattern; patterns that differ only in
            // cells none of them reaches share a block.
            let reach: Vec<usize> = list.iter().map(|(_, m)| m.window(c + 1, WINDOW)).collect();
            let reached = reach.iter().fold(0, |a, r| a | r);
            keyed_blocks(&mut t.at, c, WINDOW, reached, |pattern| {
                let fit = || (0..list.len()).filter(|&i| reach[i] & pattern == 0);
                let from = t.data.len();
                t.data.extend(std::iter::repeat_n(0, 2 * words));
                let mut count = 0;
                for i in fit() {
                    let part = list[i].0;
                    let word = from + 2 * (part / 64) + (part % 64) / 32;
                    if t.data[word] >> (part % 32) & 1 == 0 {
                        t.data[word] |= 1 << (part % 32);
                        t.data.push(count);
                    }
                    count += 1;
                }
                t.data.push(count);
                // The runs' starts, from the block's start.
                let head = (t.data.len() - from) as u32;
                t.data[from + 2 * words..].iter_mut().for_each(|k| *k += head);
                t.data.extend(fit().map(|i| base + i as u32));
                t.widest = t.widest.max(count as usize);
                from as u32
            });
        }
        t
    }

    /// No tables (a board searched some other way).
    pub(crate) fn empty() -> Self {
        Table { words: 1, at: Vec::new(), data: Vec::new(), masks: Vec::new(), widest: 0 }
    }

    /// The block of cell `c` when the cells after it are filled as in `filled`.
    pub(crate) fn block(&self, c: usize, filled: &Mask<W>) -> usize {
        self.at[c << WINDOW | filled.window(c + 1, WINDOW)] as usize
    }

    /// Calls `each(part, placement index)` for every placement in block `b` of a part in
    /// `at_hand` (a part set).
    #[inline(always)]
    pub(crate) fn for_each(&self, b: usize, at_hand: &[u64], mut each: impl FnMut(u32, u32)) {
        let block = &self.data[b..];
        let mut run = 2 * self.words;
        for (w, &hand) in at_hand.iter().enumerate() {
            let present = u64::from(block[2 * w]) | u64::from(block[2 * w + 1]) << 32;
            let mut bits = present & hand;
            while bits != 0 {
                let q = bits.trailing_zeros();
                bits &= bits - 1;
                let r = run + (present & ((1u64 << q) - 1)).count_ones() as usize;
                let part = (w * 64) as u32 + q;
                for &i in &block[block[r] as usize..block[r + 1] as usize] {
                    each(part, i);
                }
            }
            if w + 1 < at_hand.len() {
                run += present.count_ones() as usize;
            }
        }
    }
}

/// Pushes onto `at` where cell `c`'s block starts for each pattern of its `window` cells:
/// `block(pattern)` builds a block and says where it starts, for the patterns whose every
/// cell some placement of `c` reaches (`reached`); any other pattern shares the block of its
/// reached cells, built before it.
pub(crate) fn keyed_blocks(
    at: &mut Vec<u32>,
    c: usize,
    window: usize,
    reached: usize,
    mut block: impl FnMut(usize) -> u32,
) {
    for pattern in 0..1usize << window {
        let start = if pattern & !reached != 0 { at[c << window | pattern & reached] } else { block(pattern) };
        at.push(start);
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

    /// A block lists exactly the placements that miss the window's filled cells, only for the
    /// parts at hand, part by part.
    #[test]
    fn a_block_lists_the_parts_at_hand_that_miss_the_window() {
        // Cell 0's candidates: part 0 on {0, 1}, part 1 on {0, 2} and {0, 1, 2}, part 2 on {0, 9}.
        let mut cand = vec![Vec::new(); 10];
        cand[0] = vec![(0, mask(&[0, 1])), (1, mask(&[0, 2])), (1, mask(&[0, 1, 2])), (2, mask(&[0, 9]))];
        let t = Table::new(&cand, 3);
        let seen = |filled: &[usize], hand: u64| {
            let mut v = Vec::new();
            t.for_each(t.block(0, &mask(filled)), &[hand], |p, i| v.push((p, i)));
            v
        };
        assert_eq!(seen(&[], 0b111), [(0, 0), (1, 1), (1, 2), (2, 3)]);
        assert_eq!(seen(&[1], 0b111), [(1, 1), (2, 3)]);
        assert_eq!(seen(&[2], 0b101), [(0, 0), (2, 3)]);
        assert_eq!(seen(&[1, 2], 0b011), []);
        assert_eq!(t.widest, 4);
    }
}
