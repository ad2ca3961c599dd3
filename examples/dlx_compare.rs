//! Measuring tool for issue 15: a plain dancing-links packer (Knuth's Algorithm X with dancing
//! links, the column with the fewest rows first, no symmetry breaking, every raw solution
//! counted), run beside `tessera::polyform::pack` on the same box and parts.
//!
//!   cargo run --release --no-default-features --example dlx_compare -- 2 5 6 pentominoes
//!
//! Columns: one per cell and one per part (each part used once); rows: every placement of every
//! orientation of every part.

use std::time::Instant;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::{orientations, Cell, Symmetry};

/// The links of one node: the matrix as Knuth lays it out in arrays.
struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    col: Vec<usize>,
    size: Vec<usize>,
    nodes: u64,
}

impl Dlx {
    /// Node 0 is the root; nodes 1..=cols are the column headers.
    fn new(cols: usize, rows: &[Vec<usize>]) -> Dlx {
        let n = 1 + cols;
        let mut d = Dlx {
            left: (0..n).map(|i| if i == 0 { cols } else { i - 1 }).collect(),
            right: (0..n).map(|i| if i == cols { 0 } else { i + 1 }).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            col: (0..n).collect(),
            size: vec![0; n],
            nodes: 0,
        };
        for row in rows {
            let first = d.col.len();
            for (k, &c) in row.iter().enumerate() {
                let h = c + 1;
                let x = d.col.len();
                d.col.push(h);
                d.up.push(d.up[h]);
                d.down.push(h);
                let u = d.up[h];
                d.down[u] = x;
                d.up[h] = x;
                d.size[h] += 1;
                d.left.push(if k == 0 { x } else { x - 1 });
                d.right.push(first);
                if k > 0 {
                    d.right[x - 1] = x;
                    d.left[first] = x;
                }
            }
        }
        d
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.col[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.col[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Every exact cover, counted.
    fn count(&mut self) -> u64 {
        self.nodes += 1;
        if self.right[0] == 0 {
            return 1;
        }
        let mut c = self.right[0];
        let mut j = c;
        while j != 0 {
            if self.size[j] < self.size[c] {
                c = j;
            }
            j = self.right[j];
        }
        if self.size[c] == 0 {
            return 0;
        }
        self.cover(c);
        let mut total = 0;
        let mut r = self.down[c];
        while r != c {
            let mut j = self.right[r];
            while j != r {
                self.cover(self.col[j]);
                j = self.right[j];
            }
            total += self.count();
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.col[j]);
                j = self.left[j];
            }
            r = self.down[r];
        }
        self.uncover(c);
        total
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (x, y, z, set) = match args.as_slice() {
        [x, y, z, set] => (x.parse().unwrap(), y.parse().unwrap(), z.parse().unwrap(), set.as_str()),
        _ => {
            eprintln!("usage: dlx_compare X Y Z SET   (Z = 0 for a flat box)");
            std::process::exit(2);
        }
    };
    let board = Board::boxed(x, y, z).unwrap();
    let parts: Vec<PartSpec> = PartSpec::set(set).expect("a built-in set");
    let turns = if board.dim == 2 { Symmetry::RotationsAndMirrors } else { Symmetry::Rotations };
    // The rows: each placement covers its cells' columns and its part's column.
    let index: std::collections::HashMap<Cell, usize> = board.cells.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    let mut rows = Vec::new();
    for (pi, part) in parts.iter().enumerate() {
        for o in orientations(&part.cells, board.dim, turns) {
            for anchor in &board.cells {
                let d = [anchor[0] - o[0][0], anchor[1] - o[0][1], anchor[2] - o[0][2]];
                let cols: Option<Vec<usize>> =
                    o.iter().map(|c| index.get(&[c[0] + d[0], c[1] + d[1], c[2] + d[2]]).copied()).collect();
                if let Some(mut cols) = cols {
                    cols.push(board.cells.len() + pi);
                    rows.push(cols);
                }
            }
        }
    }
    let t0 = Instant::now();
    let mut dlx = Dlx::new(board.cells.len() + parts.len(), &rows);
    let raw = dlx.count();
    let dlx_s = t0.elapsed().as_secs_f64();
    println!("dancing links: {raw} raw solutions, {} nodes, {dlx_s:.2} s ({} rows)", dlx.nodes, rows.len());
    for (unique, label) in [(false, "raw"), (true, "unique")] {
        let t0 = Instant::now();
        let out = solve(&board, &parts, &PackOptions { unique, ..PackOptions::new(board.dim) });
        let s = t0.elapsed().as_secs_f64();
        println!(
            "tessera packer ({label}): {} solutions, {} nodes, {s:.2} s: {:.2}x the dancing links' time",
            out.solutions,
            out.nodes,
            dlx_s / s
        );
    }
}
