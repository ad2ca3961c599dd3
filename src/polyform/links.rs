//! Dancing links (Knuth's Algorithm X) over the packer's placements, for 3D boards whose
//! parts are each used once. A column per cell and per part; a row per placement. The search
//! always branches on the column with the fewest rows left: in a box of polycubes that is often
//! a cell walled in at the back of the box, or a part with few places left, which the
//! lowest-empty-cell order of the 2D search would only reach much later. Symmetry breaking and
//! the counting of solutions stay the packer's (`pack.rs` hands over its filtered placements
//! and records each cover).

/// The matrix as arrays of links: node 0 is the root, nodes `1..=columns` the column heads,
/// the rest one node per (row, column).
#[derive(Clone)]
pub struct Links {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    col: Vec<u32>,
    /// The row of each node (row nodes only).
    row: Vec<u32>,
    size: Vec<u32>,
}

impl Links {
    /// A matrix with `columns` columns and the given rows (each a list of column numbers).
    pub fn new(columns: usize, rows: &[Vec<usize>]) -> Links {
        let n = 1 + columns;
        let mut l = Links {
            left: (0..n as u32).map(|i| if i == 0 { columns as u32 } else { i - 1 }).collect(),
            right: (0..n as u32).map(|i| if i as usize == columns { 0 } else { i + 1 }).collect(),
            up: (0..n as u32).collect(),
            down: (0..n as u32).collect(),
            col: (0..n as u32).collect(),
            row: vec![u32::MAX; n],
            size: vec![0; n],
        };
        for (r, cols) in rows.iter().enumerate() {
            let first = l.col.len() as u32;
            for (k, &c) in cols.iter().enumerate() {
                let h = c as u32 + 1;
                let x = l.col.len() as u32;
                l.col.push(h);
                l.row.push(r as u32);
                l.up.push(l.up[h as usize]);
                l.down.push(h);
                let u = l.up[h as usize];
                l.down[u as usize] = x;
                l.up[h as usize] = x;
                l.size[h as usize] += 1;
                l.left.push(if k == 0 { x } else { x - 1 });
                l.right.push(first);
                if k > 0 {
                    l.right[x as usize - 1] = x;
                    l.left[first as usize] = x;
                }
            }
        }
        l
    }

    fn cover(&mut self, c: u32) {
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c as usize];
        while i != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[j as usize] as usize] -= 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut i = self.up[c as usize];
        while i != c {
            let mut j = self.left[i as usize];
            while j != i {
                self.size[self.col[j as usize] as usize] += 1;
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c as usize], self.right[c as usize]);
        self.right[l as usize] = c;
        self.left[r as usize] = c;
    }

    /// The column with the fewest rows, `None` when every column is covered.
    fn fewest(&self) -> Option<u32> {
        let mut best: Option<u32> = None;
        let mut j = self.right[0];
        while j != 0 {
            if best.is_none_or(|b| self.size[j as usize] < self.size[b as usize]) {
                best = Some(j);
                if self.size[j as usize] <= 1 {
                    break;
                }
            }
            j = self.right[j as usize];
        }
        best
    }

    /// The rows of the column the search branches on first (the threads share them out).
    pub fn first_rows(&self) -> Vec<u32> {
        let Some(c) = self.fewest() else { return Vec::new() };
        let mut out = Vec::new();
        let mut r = self.down[c as usize];
        while r != c {
            out.push(r);
            r = self.down[r as usize];
        }
        out
    }

    /// The first two levels of the search, as pairs of row nodes: for each row of the first
    /// column, each row of the column the search would branch on next. Threads share these out
    /// (the first column alone has too few rows, of too unequal sizes, to keep two busy).
    pub fn first_pairs(&mut self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for r in self.first_rows() {
            let next = self.with_row(r, |l| l.first_rows());
            out.extend(next.into_iter().map(|q| (r, q)));
        }
        out
    }

    /// As [`Links::search`], below the pair of row nodes `(r, q)` of [`Links::first_pairs`].
    pub fn search_pair(
        &mut self,
        (r, q): (u32, u32),
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
    ) -> bool {
        taken.push(self.row[r as usize] as usize);
        let go_on = self.with_row(r, |l| l.search_from(q, taken, event));
        taken.pop();
        go_on
    }

    /// Takes row node `r` (its row's columns are covered), runs `then`, and puts it back.
    fn with_row<T>(&mut self, r: u32, then: impl FnOnce(&mut Links) -> T) -> T {
        let mut j = r;
        loop {
            self.cover(self.col[j as usize]);
            j = self.right[j as usize];
            if j == r {
                break;
            }
        }
        let out = then(self);
        let mut j = self.left[r as usize];
        loop {
            self.uncover(self.col[j as usize]);
            if j == r {
                break;
            }
            j = self.left[j as usize];
        }
        out
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
        let mut r = self.down[c as usize];
        while r != c {
            if !self.search_from(r, taken, event) {
                return false;
            }
            r = self.down[r as usize];
        }
        true
    }

    /// As [`Links::search`], below row node `r` (one of [`Links::first_rows`]).
    pub fn search_from(
        &mut self,
        r: u32,
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
    ) -> bool {
        taken.push(self.row[r as usize] as usize);
        let go_on = self.with_row(r, |l| l.search(taken, event));
        taken.pop();
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
        let mut l = Links::new(7, &rows);
        let mut covers = Vec::new();
        l.search(&mut Vec::new(), &mut |t: Option<&[usize]>| {
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
