//! Every part of n cells, by Redelmeier's method: grow parts cell by cell from a fixed lowest
//! cell, each new cell taken from an "untried" list of neighbours seen for the first time, so
//! every fixed part is produced exactly once without storing any. Classes up to rotation (and
//! reflection) are counted by keeping the fixed parts that are the smallest of their orbit.

use super::{apply, motions, normalize, Cell, Symmetry};

/// Calls `f` once with the cells of every fixed part of `n` cells (2D or 3D), unsorted.
pub fn for_each_fixed(dim: u8, n: usize, mut f: impl FnMut(&[Cell])) {
    if n == 0 {
        return;
    }
    let r = n as i32;
    // Cells of a part grown from the origin as its lowest cell (in z, then y, then x) satisfy
    // |x| < n, 0 <= y < n, 0 <= z < n; neighbours reach one further.
    let (wx, wy, wz) = (2 * r + 3, r + 2, if dim == 3 { r + 2 } else { 1 });
    let index = |c: Cell| (((c[2] * wy + c[1]) * wx) + c[0] + r + 1) as usize;
    let allowed = |c: Cell| {
        let lowest_ok = c[2] > 0 || (c[2] == 0 && (c[1] > 0 || (c[1] == 0 && c[0] >= 0)));
        lowest_ok && c[2] < wz && c[1] < wy - 1 && c[0].abs() <= r
    };
    let seen = vec![std::cell::Cell::new(false); (wx * wy * wz) as usize];
    seen[index([0, 0, 0])].set(true);
    let mut marks = Marks {
        first_sight: |c: Cell| allowed(c) && !seen[index(c)].replace(true),
        forget: |c: Cell| seen[index(c)].set(false),
    };
    let mut cells: Vec<Cell> = Vec::with_capacity(n);
    grow(n, &mut vec![[0, 0, 0]], &mut cells, &|c| super::neighbours(c, dim), &mut marks, &mut f);
}

/// The cells a growing part has met: `first_sight` marks a cell that may join and was not
/// met yet, and says whether it did; `forget` unmarks one.
pub(super) struct Marks<F, G> {
    pub first_sight: F,
    pub forget: G,
}

/// Redelmeier's step: each untried cell in turn joins the part, and its neighbours met for
/// the first time become untried for the parts grown from it; `f` gets every part of `n`
/// cells. Any grid: `neighbours` gives a cell's.
pub(super) fn grow<N: IntoIterator<Item = Cell>>(
    n: usize,
    untried: &mut Vec<Cell>,
    cells: &mut Vec<Cell>,
    neighbours: &impl Fn(Cell) -> N,
    marks: &mut Marks<impl FnMut(Cell) -> bool, impl FnMut(Cell)>,
    f: &mut impl FnMut(&[Cell]),
) {
    while let Some(c) = untried.pop() {
        cells.push(c);
        if cells.len() == n {
            f(cells);
        } else {
            let mut next = untried.clone();
            let first_new = next.len();
            for nb in neighbours(c) {
                if (marks.first_sight)(nb) {
                    next.push(nb);
                }
            }
            let added: Vec<Cell> = next[first_new..].to_vec();
            grow(n, &mut next, cells, neighbours, marks, f);
            for a in added {
                (marks.forget)(a);
            }
        }
        cells.pop();
    }
}

/// Whether a part (normalised) is the smallest image of its orbit under `ms`.
fn is_canonical(norm: &[Cell], ms: &[[[i32; 3]; 3]], buf: &mut Vec<Cell>) -> bool {
    for m in &ms[1..] {
        buf.clear();
        buf.extend(norm.iter().map(|&c| apply(m, c)));
        let img = normalize(buf);
        if img.as_slice() < norm {
            return false;
        }
    }
    true
}

/// The number of parts of `n` cells in a class.
pub fn count(dim: u8, n: usize, sym: Symmetry) -> u64 {
    let ms = motions(dim, sym);
    let mut k = 0u64;
    let mut buf = Vec::with_capacity(n);
    for_each_fixed(dim, n, |cells| {
        if sym == Symmetry::Fixed || is_canonical(&normalize(cells), &ms, &mut buf) {
            k += 1;
        }
    });
    k
}

/// Every part of `n` cells in a class, each in its canonical form, sorted.
pub fn parts(dim: u8, n: usize, sym: Symmetry) -> Vec<Vec<Cell>> {
    let ms = motions(dim, sym);
    let mut out = Vec::new();
    let mut buf = Vec::with_capacity(n);
    for_each_fixed(dim, n, |cells| {
        let norm = normalize(cells);
        if sym == Symmetry::Fixed || is_canonical(&norm, &ms, &mut buf) {
            out.push(norm);
        }
    });
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts_and_canonical_forms() {
        assert_eq!(count(2, 4, Symmetry::Fixed), 19);
        assert_eq!(count(2, 4, Symmetry::Rotations), 7);
        assert_eq!(count(2, 4, Symmetry::RotationsAndMirrors), 5);
        assert_eq!(count(3, 3, Symmetry::Fixed), 15);
        // Each listed part is its own canonical form and they are distinct.
        let p = parts(2, 5, Symmetry::RotationsAndMirrors);
        assert_eq!(p.len(), 12);
        for c in &p {
            assert_eq!(&super::super::canonical(c, 2, Symmetry::RotationsAndMirrors), c);
        }
    }
}
