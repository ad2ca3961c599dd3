//! Algorithm X over bit sets: the same search as dancing links (branch on the column with the
//! fewest rows left, try each of its rows), told with sets of rows instead of linked lists.
//!
//! The live rows are one bit set; each column keeps its rows as a bit set too. Taking a row
//! closes its columns: every live row meeting one of them dies, a word-wide `and` with the
//! row's clashes (the rows sharing a column with it, one bit set per row, made once). A
//! column's live rows are counted only when the search looks for the column with the fewest
//! (`popcount` of live rows and the column's rows, given up once past the best so far), so
//! the rows that die cost nothing each. Each depth keeps its own layer (the live set and the
//! open columns), written from the one below as a row is taken, so going back is a step down
//! to the layer below. Nothing is relinked, and nothing is done per dead row, which is where
//! dancing links spends its time on packing problems (a cube's column has hundreds of rows).
//! Each layer also marks the words of its live set that are not empty (a bit per word), and
//! counting and killing read only those: on 3 x 4 x 5 flat pentacubes (2,432 rows, 38 words) a
//! node has 10 such words on average. On 3 x 4 x 5, counting this way instead of keeping counts
//! up to date (each dead row taking one off its columns) took the search from 8.3 s to 5.9 s.
//! A column's count reads only the busy words that hold some of its rows (each column's words
//! are marked the same way, once): about a tenth less time on 3 x 4 x 5. Where the processor
//! has AVX-512 and its population count, counting and killing take eight words at a time
//! (the words not to be read masked out), with no branch per word: a seventh less again.

/// The most words of rows' clashes kept (8 MiB): 3 x 4 x 5 flat pentacubes need 92,416.
const CLASH_WORDS: usize = 1 << 20;

/// An exact-cover matrix and the search's state.
#[derive(Clone)]
pub struct BitCover {
    words: usize,
    open_words: usize,
    /// Each row's columns.
    row_cols: Vec<Vec<u32>>,
    /// Each column's rows, `words` words each.
    col_rows: Vec<u64>,
    /// Each row's clashes: the rows meeting it in a column (itself too), `words` words each;
    /// empty when that would pass `CLASH_WORDS` (the rows' columns are then read instead).
    clash: Vec<u64>,
    /// Per depth, the rows being tried there.
    tries: Vec<Vec<usize>>,
    /// Live rows and open columns: the current layer, then the saved layers below it.
    live: Vec<u64>,
    open: Vec<u64>,
    /// Per layer, which words of `live` hold a live row, a bit per word in `busy_words` words
    /// (the others are stale there and never read): deep in the search most rows are dead,
    /// and their words are passed over.
    busy: Vec<u64>,
    busy_words: usize,
    /// Each column's words: which words of its rows are not empty, `busy_words` words each.
    /// Counting a column reads only the words both busy and its own.
    col_words: Vec<u64>,
    depth: usize,
    /// Whether the processor counts bits in one instruction.
    #[cfg(target_arch = "x86_64")]
    popcnt: bool,
    /// Whether it counts eight words at once (AVX-512 with its population count).
    #[cfg(target_arch = "x86_64")]
    wide: bool,
}

impl BitCover {
    /// A matrix with `columns` columns and the given rows (each a list of column numbers).
    pub fn new(columns: usize, rows: &[Vec<usize>]) -> BitCover {
        let words = rows.len().div_ceil(64).max(1);
        let open_words = columns.div_ceil(64).max(1);
        let mut col_rows = vec![0u64; columns * words];
        for (r, cols) in rows.iter().enumerate() {
            for &c in cols {
                col_rows[c * words + r / 64] |= 1 << (r % 64);
            }
        }
        // The first `n` bits of `w` words set.
        let first = |n: usize, w: usize| -> Vec<u64> {
            (0..w)
                .map(|k| {
                    if n >= (k + 1) * 64 {
                        !0
                    } else if n > k * 64 {
                        (1 << (n - k * 64)) - 1
                    } else {
                        0
                    }
                })
                .collect()
        };
        let (live, open) = (first(rows.len(), words), first(columns, open_words));
        let (busy, col_words) = (marks(&live, words), marks(&col_rows, words));
        let mut clash = Vec::new();
        if rows.len() * words <= CLASH_WORDS {
            clash = vec![0u64; rows.len() * words];
            for (r, cols) in rows.iter().enumerate() {
                for &c in cols {
                    for k in 0..words {
                        clash[r * words + k] |= col_rows[c * words + k];
                    }
                }
            }
        }
        BitCover {
            clash,
            words,
            open_words,
            tries: Vec::new(),
            busy,
            busy_words: words.div_ceil(64),
            col_words,
            row_cols: rows.iter().map(|r| r.iter().map(|&c| c as u32).collect()).collect(),
            col_rows,
            live,
            open,
            depth: 0,
            #[cfg(target_arch = "x86_64")]
            popcnt: std::arch::is_x86_feature_detected!("popcnt"),
            #[cfg(target_arch = "x86_64")]
            wide: std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vpopcntdq"),
        }
    }

    /// The matrix without some of its rows, as if they had never been given.
    pub fn without_rows(&self, rows: impl IntoIterator<Item = usize>) -> BitCover {
        let mut m = self.clone();
        m.depth = 0;
        for r in rows {
            m.live[r / 64] &= !(1 << (r % 64));
        }
        let busy = marks(&m.live[..m.words], m.words);
        m.busy[..m.busy_words].copy_from_slice(&busy);
        m
    }

    /// The current layer's live rows.
    fn live(&self) -> &[u64] {
        &self.live[self.depth * self.words..(self.depth + 1) * self.words]
    }

    /// Which words of the current layer's live rows are not empty, a bit each.
    fn busy(&self) -> &[u64] {
        &self.busy[self.depth * self.busy_words..(self.depth + 1) * self.busy_words]
    }

    /// Calls `each` with every word number that is busy and holds some of column `c`'s rows.
    #[inline(always)]
    fn shared_words(&self, c: usize, mut each: impl FnMut(usize) -> bool) {
        let own = &self.col_words[c * self.busy_words..(c + 1) * self.busy_words];
        for (j, (&b, &o)) in self.busy().iter().zip(own).enumerate() {
            let mut m = b & o;
            while m != 0 {
                if !each(j * 64 + m.trailing_zeros() as usize) {
                    return;
                }
                m &= m - 1;
            }
        }
    }

    /// The current layer's open columns.
    fn open(&self) -> &[u64] {
        &self.open[self.depth * self.open_words..(self.depth + 1) * self.open_words]
    }

    /// The open column with the fewest live rows, `None` when every column is closed.
    fn fewest(&self) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` says the processor has the instructions this copy is built with.
            return unsafe { self.fewest_wide() };
        }
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: `popcnt` says the processor has the instructions this copy is built with.
            return unsafe { self.fewest_popcnt() };
        }
        self.fewest_here()
    }

    /// [`BitCover::fewest`] built with the processor's own population count: counting is
    /// most of the search's time, and the plain x86-64 target counts a word's bits with a
    /// dozen shifts and adds.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn fewest_popcnt(&self) -> Option<usize> {
        self.fewest_here()
    }

    /// [`BitCover::fewest`] eight words at a time: each column's count is the bits of its
    /// rows in the busy words, read eight words to an AVX-512 register (the words not busy or
    /// holding none of its rows masked out) and counted there, with no branch per word.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    fn fewest_wide(&self) -> Option<usize> {
        use std::arch::x86_64::*;
        let (w, bw, live, busy) = (self.words, self.busy_words, self.live(), self.busy());
        self.least(|c, _| {
            let (col, own) = (&self.col_rows[c * w..(c + 1) * w], &self.col_words[c * bw..(c + 1) * bw]);
            let mut sum = _mm512_setzero_si512();
            for k in (0..w).step_by(8) {
                // Eight words' bits of the busy and own masks (k is a multiple of 8, so they
                // lie in one word); no bit is set past the last word, so nothing past the end
                // of `live` or `col` is read.
                let pick = ((busy[k / 64] & own[k / 64]) >> (k % 64)) as u8;
                // SAFETY: k < w, so both pointers are inside their slices; the masked-out lanes
                // are not read.
                let (a, b) = unsafe {
                    (
                        _mm512_maskz_loadu_epi64(pick, live.as_ptr().add(k).cast()),
                        _mm512_maskz_loadu_epi64(pick, col.as_ptr().add(k).cast()),
                    )
                };
                sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(_mm512_and_si512(a, b)));
            }
            _mm512_reduce_add_epi64(sum) as u32
        })
    }

    #[inline(always)]
    fn fewest_here(&self) -> Option<usize> {
        let (w, live) = (self.words, self.live());
        self.least(|c, best_n| {
            let col = &self.col_rows[c * w..(c + 1) * w];
            let mut n = 0;
            self.shared_words(c, |k| {
                n += (live[k] & col[k]).count_ones();
                n < best_n
            });
            n
        })
    }

    /// The open column with the least `count(column, least so far)` (a count may stop once it
    /// reaches the least so far: that column is not taken then), the first found on a tie; a
    /// column of one row or none is taken at once.
    #[inline(always)]
    fn least(&self, mut count: impl FnMut(usize, u32) -> u32) -> Option<usize> {
        let mut best: Option<usize> = None;
        let mut best_n = u32::MAX;
        for (kw, &word) in self.open().iter().enumerate() {
            let mut open = word;
            while open != 0 {
                let c = kw * 64 + open.trailing_zeros() as usize;
                open &= open - 1;
                let n = count(c, best_n);
                if n < best_n {
                    best = Some(c);
                    best_n = n;
                    if n <= 1 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// The live rows of column `c`, into `out`.
    fn rows_of(&self, c: usize, out: &mut Vec<usize>) {
        let (w, live) = (self.words, self.live());
        let col = &self.col_rows[c * w..(c + 1) * w];
        out.clear();
        self.shared_words(c, |k| {
            let mut x = live[k] & col[k];
            while x != 0 {
                out.push(k * 64 + x.trailing_zeros() as usize);
                x &= x - 1;
            }
            true
        });
    }

    /// Takes row `r` on a new layer: its columns close, the rows meeting them die.
    fn push(&mut self, r: usize) {
        let (w, ow, d) = (self.words, self.open_words, self.depth);
        for (v, n) in [(&mut self.live, w), (&mut self.open, ow)] {
            if v.len() < (d + 2) * n {
                v.resize((d + 2) * n, 0);
            }
        }
        let bw = self.busy_words;
        if self.busy.len() < (d + 2) * bw {
            self.busy.resize((d + 2) * bw, 0);
        }
        self.open.copy_within(d * ow..(d + 1) * ow, (d + 1) * ow);
        let cols = &self.row_cols[r];
        for &c in cols {
            let c = c as usize;
            self.open[(d + 1) * ow + c / 64] &= !(1 << (c % 64));
        }
        // The new layer's live rows: the busy words of this one, less the rows meeting the
        // row's columns; the words left empty are dropped from the new layer's busy list.
        let (below, above) = self.live.split_at_mut((d + 1) * w);
        let (was, now) = (&below[d * w..], &mut above[..w]);
        let (busy_below, busy_above) = self.busy.split_at_mut((d + 1) * bw);
        let clash = self.clash.get(r * w..(r + 1) * w);
        #[cfg(target_arch = "x86_64")]
        if let (true, Some(clash)) = (self.wide, clash) {
            // SAFETY: `wide` says the processor has the instructions this copy is built with.
            unsafe { kill_wide(was, clash, &busy_below[d * bw..(d + 1) * bw], now, &mut busy_above[..bw]) };
            self.depth += 1;
            return;
        }
        for (j, (&b, still)) in busy_below[d * bw..].iter().zip(&mut busy_above[..bw]).enumerate() {
            let (mut m, mut kept) = (b, 0);
            while m != 0 {
                let bit = m.trailing_zeros();
                let k = j * 64 + bit as usize;
                let x = match clash {
                    Some(clash) => was[k] & !clash[k],
                    None => cols.iter().fold(was[k], |x, &c| x & !self.col_rows[c as usize * w + k]),
                };
                now[k] = x;
                kept |= u64::from(x != 0) << bit;
                m &= m - 1;
            }
            *still = kept;
        }
        self.depth += 1;
    }

    fn pop(&mut self) {
        self.depth -= 1;
    }

    /// The rows of the column the search branches on first (the threads share them out).
    fn first_rows(&self) -> Vec<u32> {
        let mut rows = Vec::new();
        if let Some(c) = self.fewest() {
            self.rows_of(c, &mut rows);
        }
        rows.into_iter().map(|r| r as u32).collect()
    }

    /// The first two levels of the search, as runs of rows to start from: for each row of the
    /// first column, each row of the column the search would branch on next (or the row alone
    /// when it covers everything left). Threads share these out.
    pub fn first_steps(&mut self) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for r in self.first_rows() {
            self.push(r as usize);
            if self.fewest().is_none() {
                out.push(vec![r]);
            }
            out.extend(self.first_rows().into_iter().map(|q| vec![r, q]));
            self.pop();
        }
        out
    }

    /// Knuth's estimate of the search's size ("Estimating the efficiency of backtrack
    /// programs", 1975), from `dives` random paths down the tree: at each node the search
    /// would branch on, one of the rows it would try (those `viable` lets through) is taken
    /// at random, and the path stands for the nodes of its depths in proportion to how many
    /// siblings each of its nodes has. Each path's sum is an unbiased estimate of the node
    /// count the search would report; returns their sum and the nodes the paths visited.
    pub fn estimate(
        &mut self,
        dives: usize,
        rng: &mut impl rand_chacha::rand_core::RngCore,
        viable: &mut impl FnMut(usize, &[u64]) -> bool,
    ) -> (f64, u64) {
        // The rows tried at a node (the same at the top for every path: found once).
        let mut tried = |m: &Self, rows: &mut Vec<usize>| match m.fewest() {
            Some(c) => {
                m.rows_of(c, rows);
                rows.retain(|&r| viable(r, m.open()));
                true
            }
            None => false,
        };
        let (mut top, mut rows) = (Vec::new(), Vec::new());
        if !tried(self, &mut top) || top.is_empty() {
            return (dives as f64, dives as u64);
        }
        let (mut total, mut visited) = (0.0, 0);
        for _ in 0..dives {
            let (mut width, mut sum, mut depth) = (top.len() as f64, 1.0 + top.len() as f64, 1u64);
            self.push(top[crate::support::random::below(rng, top.len())]);
            while tried(self, &mut rows) && !rows.is_empty() {
                width *= rows.len() as f64;
                sum += width;
                self.push(rows[crate::support::random::below(rng, rows.len())]);
                depth += 1;
            }
            (0..depth).for_each(|_| self.pop());
            total += sum;
            visited += depth + 1;
        }
        (total, visited)
    }

    /// Searches every cover below a run of rows of [`BitCover::first_steps`].
    pub fn search_from(
        &mut self,
        steps: &[u32],
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
        viable: &mut impl FnMut(usize, &[u64]) -> bool,
    ) -> bool {
        for &row in steps {
            taken.push(row as usize);
            self.push(row as usize);
        }
        let go_on = self.search(taken, event, viable);
        for _ in steps {
            self.pop();
            taken.pop();
        }
        go_on
    }

    /// Searches every cover below the rows taken so far. `event` is told of each node
    /// (`None`) and of each complete cover (`Some`, the rows taken in order); returning false
    /// stops the search. `viable(row, open)` may rule a row out before it is taken, from the
    /// columns still open (`open`, a bit per column): a cheap look-ahead that saves taking
    /// rows whose every continuation fails.
    pub fn search(
        &mut self,
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
        viable: &mut impl FnMut(usize, &[u64]) -> bool,
    ) -> bool {
        if !event(None) {
            return false;
        }
        let Some(c) = self.fewest() else {
            return event(Some(taken));
        };
        let d = self.depth;
        if self.tries.len() <= d {
            self.tries.resize_with(d + 1, Vec::new);
        }
        let mut rows = std::mem::take(&mut self.tries[d]);
        self.rows_of(c, &mut rows);
        let mut go_on = true;
        for &r in &rows {
            if !viable(r, self.open()) {
                continue;
            }
            taken.push(r);
            self.push(r);
            go_on = self.search(taken, event, viable);
            self.pop();
            taken.pop();
            if !go_on {
                break;
            }
        }
        self.tries[d] = rows;
        go_on
    }
}

/// Each run of `words` words of `sets` (a set of rows each), as a bit per word that is not
/// empty, in `words` / 64 words (rounded up).
fn marks(sets: &[u64], words: usize) -> Vec<u64> {
    sets.chunks(words)
        .flat_map(|set| {
            let mut m = vec![0u64; words.div_ceil(64)];
            set.iter().enumerate().filter(|(_, w)| **w != 0).for_each(|(k, _)| m[k / 64] |= 1 << (k % 64));
            m
        })
        .collect()
}

/// The new layer's live words (`now`) and busy words (`still`): the busy words of `was` less
/// the rows of `clash`, eight words at a time in AVX-512 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn kill_wide(was: &[u64], clash: &[u64], busy: &[u64], now: &mut [u64], still: &mut [u64]) {
    use std::arch::x86_64::*;
    still.fill(0);
    for k in (0..now.len()).step_by(8) {
        // The busy bits of words k..k + 8 (one word holds them all); none past the last word.
        let pick = (busy[k / 64] >> (k % 64)) as u8;
        // SAFETY: k < now.len() (the slices are the same length), and the masked-out lanes
        // are neither read nor written.
        let x = unsafe {
            let a = _mm512_maskz_loadu_epi64(pick, was.as_ptr().add(k).cast());
            let b = _mm512_maskz_loadu_epi64(pick, clash.as_ptr().add(k).cast());
            let x = _mm512_andnot_si512(b, a);
            _mm512_mask_storeu_epi64(now.as_mut_ptr().add(k).cast(), pick, x);
            x
        };
        still[k / 64] |= u64::from(_mm512_mask_test_epi64_mask(pick, x, x)) << (k % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The covers `m`'s search finds in its first 20,000 nodes, and the rows it tried.
    fn first_steps_of(m: &mut BitCover) -> (Vec<Vec<usize>>, Vec<usize>) {
        let (mut covers, tried) = (Vec::new(), std::cell::RefCell::new(Vec::new()));
        let mut nodes = 0;
        m.search(
            &mut Vec::new(),
            &mut |t: Option<&[usize]>| {
                match t {
                    Some(t) => covers.push(t.to_vec()),
                    None => nodes += 1,
                }
                nodes < 20_000
            },
            &mut |r, _| {
                tried.borrow_mut().push(r);
                true
            },
        );
        (covers, tried.into_inner())
    }

    /// Counting and taking rows eight words at a time (AVX-512, where the processor has it)
    /// give the search the plain code gives, step for step (the same rows tried in the same
    /// order, the same covers, over 20,000 nodes): random matrices of 10 to 13 words of rows
    /// (so the last eight-word block is cut short), each with two planted covers.
    #[test]
    fn eight_words_at_a_time_search_as_one_at_a_time() {
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for rows_n in [600usize, 700, 800] {
            let columns = 45;
            let mut rows: Vec<Vec<usize>> = Vec::new();
            for _ in 0..2 {
                let mut cols: Vec<usize> = (0..columns).collect();
                crate::support::random::shuffle(&mut rng, &mut cols);
                rows.extend(cols.chunks(3).map(|c| c.to_vec()));
            }
            while rows.len() < rows_n {
                let mut r: Vec<usize> = (0..3).map(|_| crate::support::random::below(&mut rng, columns)).collect();
                r.sort();
                r.dedup();
                rows.push(r);
            }
            let mut plain = BitCover::new(columns, &rows);
            #[cfg(target_arch = "x86_64")]
            let wide = std::mem::replace(&mut plain.wide, false);
            let seen = first_steps_of(&mut plain);
            assert!(!seen.0.is_empty() && seen.1.len() >= 19_999, "covers found, and a long search");
            #[cfg(target_arch = "x86_64")]
            if wide {
                assert_eq!(first_steps_of(&mut BitCover::new(columns, &rows)), seen);
            }
        }
    }

    /// Knuth's estimate comes near the node count the search reports (it is unbiased: the
    /// mean over many paths tends to it), with and without rows ruled out by `viable`; and a
    /// matrix without some rows searches as one built without them.
    #[test]
    fn the_estimate_comes_near_the_node_count() {
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let columns = 24;
        let mut rows: Vec<Vec<usize>> = Vec::new();
        while rows.len() < 120 {
            let mut r: Vec<usize> = (0..3).map(|_| crate::support::random::below(&mut rng, columns)).collect();
            r.sort();
            r.dedup();
            rows.push(r);
        }
        // The nodes a search reports, and the covers it finds (each sorted, in order).
        let search = |m: &mut BitCover, viable: &dyn Fn(usize) -> bool| {
            let (mut n, mut covers) = (0u64, Vec::new());
            m.search(
                &mut Vec::new(),
                &mut |t: Option<&[usize]>| {
                    match t {
                        Some(t) => covers.push(t.iter().copied().collect::<std::collections::BTreeSet<_>>()),
                        None => n += 1,
                    }
                    true
                },
                &mut |r, _| viable(r),
            );
            covers.sort();
            (n, covers)
        };
        for viable in [&(|_| true) as &dyn Fn(usize) -> bool, &|r| r % 7 != 3] {
            let mut m = BitCover::new(columns, &rows);
            let (exact, covers) = search(&mut m, viable);
            let exact = exact as f64;
            let (sum, visited) = m.estimate(20_000, &mut rng, &mut |r, _| viable(r));
            let mean = sum / 20_000.0;
            assert!(exact > 1_000.0 && (mean - exact).abs() < 0.05 * exact, "estimated {mean}, searched {exact}");
            assert!(visited >= 20_000 && m.depth == 0);
            // The rows `viable` rules out, dropped from the matrix instead: the same covers
            // (not the same nodes: the columns' counts change, and with them the branching).
            let dropped = (0..rows.len()).filter(|&r| !viable(r));
            assert!(!covers.is_empty());
            assert_eq!(search(&mut m.without_rows(dropped), &|_| true).1, covers);
        }
    }

    #[test]
    fn knuths_example_has_one_cover() {
        // The 6 x 7 matrix of Knuth's "Dancing links" paper: rows 1, 4 and 5 (0-based 0, 3, 4).
        let rows = vec![vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]];
        let mut m = BitCover::new(7, &rows);
        let mut covers = Vec::new();
        m.search(
            &mut Vec::new(),
            &mut |t: Option<&[usize]>| {
                if let Some(t) = t {
                    let mut t = t.to_vec();
                    t.sort();
                    covers.push(t);
                }
                true
            },
            &mut |_, _| true,
        );
        assert_eq!(covers, vec![vec![0, 3, 4]]);
    }
}
