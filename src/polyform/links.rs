//! Dancing links (Knuth's Algorithm X) over the packer's placements, for 3D boards whose
//! parts are each used once. A column per cell and per part; a row per placement. The search
//! always branches on the column with the fewest rows left: in a box of polycubes that is often
//! a cell walled in at the back of the box, or a part with few places left, which the
//! lowest-empty-cell order of the 2D search would only reach much later. Symmetry breaking and
//! the counting of solutions stay the packer's (`pack.rs` hands over its filtered placements
//! and records each cover).

/// One node's links, kept together (a cover touches a node's up, down and column at once).
#[derive(Clone, Copy)]
struct Node {
    left: u32,
    right: u32,
    up: u32,
    down: u32,
    col: u32,
    /// The row (row nodes only).
    row: u32,
}

/// The matrix as an array of linked nodes: node 0 is the root, nodes `1..=columns` the column
/// heads, the rest one node per (row, column).
#[derive(Clone)]
pub struct Links {
    n: Vec<Node>,
    size: Vec<u32>,
}

impl Links {
    /// A matrix with `columns` columns and the given rows (each a list of column numbers).
    pub fn new(columns: usize, rows: &[Vec<usize>]) -> Links {
        let heads = 1 + columns as u32;
        let mut n: Vec<Node> = (0..heads)
            .map(|i| Node {
                left: if i == 0 { heads - 1 } else { i - 1 },
                right: if i + 1 == heads { 0 } else { i + 1 },
                up: i,
                down: i,
                col: i,
                row: u32::MAX,
            })
            .collect();
        let mut size = vec![0; heads as usize];
        for (r, cols) in rows.iter().enumerate() {
            let first = n.len() as u32;
            for (k, &c) in cols.iter().enumerate() {
                let h = c as u32 + 1;
                let x = n.len() as u32;
                let u = n[h as usize].up;
                n.push(Node {
                    left: if k == 0 { x } else { x - 1 },
                    right: first,
                    up: u,
                    down: h,
                    col: h,
                    row: r as u32,
                });
                n[u as usize].down = x;
                n[h as usize].up = x;
                size[h as usize] += 1;
                if k > 0 {
                    n[x as usize - 1].right = x;
                    n[first as usize].left = x;
                }
            }
        }
        Links { n, size }
    }

    fn cover(&mut self, c: u32) {
        let Node { left: l, right: r, .. } = self.n[c as usize];
        self.n[l as usize].right = r;
        self.n[r as usize].left = l;
        let mut i = self.n[c as usize].down;
        while i != c {
            let mut j = self.n[i as usize].right;
            while j != i {
                let Node { up: u, down: d, col, right, .. } = self.n[j as usize];
                self.n[u as usize].down = d;
                self.n[d as usize].up = u;
                self.size[col as usize] -= 1;
                j = right;
            }
            i = self.n[i as usize].down;
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut i = self.n[c as usize].up;
        while i != c {
            let mut j = self.n[i as usize].left;
            while j != i {
                let Node { up: u, down: d, col, left, .. } = self.n[j as usize];
                self.size[col as usize] += 1;
                self.n[u as usize].down = j;
                self.n[d as usize].up = j;
                j = left;
            }
            i = self.n[i as usize].up;
        }
        let Node { left: l, right: r, .. } = self.n[c as usize];
        self.n[l as usize].right = c;
        self.n[r as usize].left = c;
    }

    /// The column with the fewest rows, `None` when every column is covered.
    fn fewest(&self) -> Option<u32> {
        let mut best: Option<u32> = None;
        let mut j = self.n[0].right;
        while j != 0 {
            if best.is_none_or(|b| self.size[j as usize] < self.size[b as usize]) {
                best = Some(j);
                if self.size[j as usize] <= 1 {
                    break;
                }
            }
            j = self.n[j as usize].right;
        }
        best
    }

    /// The rows of the column the search branches on first (the threads share them out).
    pub fn first_rows(&self) -> Vec<u32> {
        let Some(c) = self.fewest() else { return Vec::new() };
        let mut out = Vec::new();
        let mut r = self.n[c as usize].down;
        while r != c {
            out.push(r);
            r = self.n[r as usize].down;
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
        taken.push(self.n[r as usize].row as usize);
        let go_on = self.with_row(r, |l| l.search_from(q, taken, event));
        taken.pop();
        go_on
    }

    /// Takes row node `r` (its row's columns are covered), runs `then`, and puts it back.
    fn with_row<T>(&mut self, r: u32, then: impl FnOnce(&mut Links) -> T) -> T {
        let mut j = r;
        loop {
            self.cover(self.n[j as usize].col);
            j = self.n[j as usize].right;
            if j == r {
                break;
            }
        }
        let out = then(self);
        let mut j = self.n[r as usize].left;
        loop {
            self.uncover(self.n[j as usize].col);
            if j == r {
                break;
            }
            j = self.n[j as usize].left;
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
        // The column is covered once; each of its rows then covers the rest of its columns.
        self.cover(c);
        let mut go_on = true;
        let mut r = self.n[c as usize].down;
        while r != c && go_on {
            taken.push(self.n[r as usize].row as usize);
            let mut j = self.n[r as usize].right;
            while j != r {
                self.cover(self.n[j as usize].col);
                j = self.n[j as usize].right;
            }
            go_on = self.search(taken, event);
            let mut j = self.n[r as usize].left;
            while j != r {
                self.uncover(self.n[j as usize].col);
                j = self.n[j as usize].left;
            }
            taken.pop();
            r = self.n[r as usize].down;
        }
        self.uncover(c);
        go_on
    }

    /// As [`Links::search`], below row node `r` (one of [`Links::first_rows`]).
    pub fn search_from(
        &mut self,
        r: u32,
        taken: &mut Vec<usize>,
        event: &mut impl FnMut(Option<&[usize]>) -> bool,
    ) -> bool {
        taken.push(self.n[r as usize].row as usize);
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
