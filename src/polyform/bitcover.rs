//! Algorithm X over bit sets: the same search as dancing links (branch on the column with the
//! fewest rows left, try each of its rows), told with sets of rows instead of linked lists.
//!
//! The live rows are one bit set; each column keeps its rows as a bit set too, and a count of
//! its live rows. Taking a row closes its columns: every live row meeting one of them dies
//! (a word-wide `and`), and each dead row takes one off the counts of its own columns. Going
//! back is a copy: the live set, the counts and the open columns as they were before the row
//! was taken, kept one layer per depth. Nothing is relinked, and rows already dead are skipped
//! a word at a time, which is where dancing links spends its time on packing problems (a
//! cube's column has hundreds of rows).

/// An exact-cover matrix and the search's state.
#[derive(Clone)]
pub struct BitCover {
    words: usize,
    columns: usize,
    open_words: usize,
    /// Each row's columns, `stride` slots a row (a shorter row padded with `columns`, a
    /// column of its own that nothing reads), as u16 so they stay in the nearest cache.
    stride: usize,
    row_cols: Vec<u32>,
    /// Each column's rows, `words` words each, and the range of words that hold any.
    col_rows: Vec<u64>,
    spans: Vec<(usize, usize)>,
    /// Per depth, the rows being tried there.
    tries: Vec<Vec<usize>>,
    /// Live rows, live counts per column and open columns: the current layer, then the saved
    /// layers below it.
    live: Vec<u64>,
    count: Vec<u32>,
    open: Vec<u64>,
    depth: usize,
}

fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + b
            })
        })
    })
}

impl BitCover {
    /// A matrix with `columns` columns and the given rows (each a list of column numbers).
    pub fn new(columns: usize, rows: &[Vec<usize>]) -> BitCover {
        let words = rows.len().div_ceil(64).max(1);
        let open_words = columns.div_ceil(64).max(1);
        let mut col_rows = vec![0u64; columns * words];
        let stride = rows.iter().map(Vec::len).max().unwrap_or(0);
        assert!(columns < u16::MAX as usize, "at most {} columns", u16::MAX - 1);
        // The padding's count starts at the number of rows: each row dies at most once on a
        // path, so it never runs out.
        let mut count = vec![0u32; columns + 1];
        count[columns] = rows.len() as u32;
        for (r, cols) in rows.iter().enumerate() {
            for &c in cols {
                col_rows[c * words + r / 64] |= 1 << (r % 64);
                count[c] += 1;
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
        let spans = (0..columns)
            .map(|c| {
                let col = &col_rows[c * words..(c + 1) * words];
                let first = col.iter().position(|&x| x != 0).unwrap_or(0);
                let last = col.iter().rposition(|&x| x != 0).map_or(0, |k| k + 1);
                (first, last.max(first))
            })
            .collect();
        BitCover {
            words,
            columns,
            open_words,
            spans,
            tries: Vec::new(),
            stride,
            row_cols: rows
                .iter()
                .flat_map(|r| r.iter().map(|&c| c as u32).chain(std::iter::repeat(columns as u32)).take(stride))
                .collect(),
            col_rows,
            live,
            count,
            open,
            depth: 0,
        }
    }

    /// Words of a layer's live rows, counts (one more than the columns: the padding's) and
    /// open columns.
    fn layer_sizes(&self) -> (usize, usize, usize) {
        (self.words, self.columns + 1, self.open_words)
    }

    /// The open column with the fewest live rows, `None` when every column is closed.
    fn fewest(&self) -> Option<usize> {
        let (_, cols, open_words) = self.layer_sizes();
        let (count, open) = (&self.count[self.depth * cols..], &self.open[self.depth * open_words..]);
        let mut best: Option<usize> = None;
        for c in bits(&open[..open_words]) {
            if best.is_none_or(|b| count[c] < count[b]) {
                best = Some(c);
                if count[c] <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// The live rows of column `c`, into `out`.
    fn rows_of(&self, c: usize, out: &mut Vec<usize>) {
        let w = self.words;
        let live = &self.live[self.depth * w..(self.depth + 1) * w];
        let col = &self.col_rows[c * w..(c + 1) * w];
        out.clear();
        for k in self.spans[c].0..self.spans[c].1 {
            let mut x = live[k] & col[k];
            while x != 0 {
                out.push(k * 64 + x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
    }

    /// Takes row `r` on a new layer: its columns close, the rows meeting them die.
    fn push(&mut self, r: usize) {
        let (w, cols, ow) = self.layer_sizes();
        let d = self.depth;
        // A new layer, a copy of the current one.
        for (v, n) in [(&mut self.live, w), (&mut self.open, ow)] {
            if v.len() < (d + 2) * n {
                v.resize((d + 2) * n, 0);
            }
            v.copy_within(d * n..(d + 1) * n, (d + 1) * n);
        }
        if self.count.len() < (d + 2) * cols {
            self.count.resize((d + 2) * cols, 0);
        }
        self.count.copy_within(d * cols..(d + 1) * cols, (d + 1) * cols);
        self.depth += 1;
        let (live, count) = (&mut self.live[(d + 1) * w..(d + 2) * w], &mut self.count[(d + 1) * cols..(d + 2) * cols]);
        let (stride, cols_of) = (self.stride, &self.row_cols);
        let row = |q: usize| &cols_of[q * stride..(q + 1) * stride];
        for &c in row(r) {
            let c = c as usize;
            if c == self.columns {
                break;
            }
            self.open[(d + 1) * ow + c / 64] &= !(1 << (c % 64));
            let col = &self.col_rows[c * w..(c + 1) * w];
            for k in self.spans[c].0..self.spans[c].1 {
                let mut dead = live[k] & col[k];
                live[k] &= !dead;
                while dead != 0 {
                    let q = k * 64 + dead.trailing_zeros() as usize;
                    dead &= dead - 1;
                    for &e in row(q) {
                        count[e as usize] -= 1;
                    }
                }
            }
        }
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

    /// Searches every cover below a run of rows of [`BitCover::first_steps`].
    pub fn search_from(
        &mut self,
        steps: &[u32],
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
    ) -> bool {
        for &row in steps {
            taken.push(row as usize);
            self.push(row as usize);
        }
        let go_on = self.search(taken, event);
        for _ in steps {
            self.pop();
            taken.pop();
        }
        go_on
    }

    /// Searches every cover below the rows taken so far. `event` is told of each node
    /// (`None`) and of each complete cover (`Some`, the rows taken in order); returning false
    /// stops the search.
    pub fn search(&mut self, taken: &mut Vec<usize>, event: &mut impl FnMut(Option<&[usize]>) -> bool) -> bool {
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
            taken.push(r);
            self.push(r);
            go_on = self.search(taken, event);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_example_has_one_cover() {
        // The 6 x 7 matrix of Knuth's "Dancing links" paper: rows 1, 4 and 5 (0-based 0, 3, 4).
        let rows = vec![vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]];
        let mut m = BitCover::new(7, &rows);
        let mut covers = Vec::new();
        m.search(&mut Vec::new(), &mut |t: Option<&[usize]>| {
            if let Some(t) = t {
                let mut t = t.to_vec();
                t.sort();
                covers.push(t);
            }
            true
        });
        assert_eq!(covers, vec![vec![0, 3, 4]]);
    }
}
