//! The packer's hole check: after a part is placed, is an empty region beside it too small
//! for every part left? Such a branch can never be filled, and finding it here saves the
//! search the levels it would spend finding out.
//!
//! The regions are flooded a whole mask at a time. Cells are numbered so that most boards'
//! neighbours lie a few fixed distances apart (a box numbered row by row: one, a row and a
//! layer), so a region's neighbours are the region shifted by each distance, each shift kept
//! to the cells that really have a neighbour that far away. A flood step is then a dozen word
//! operations instead of a walk over cells. A board whose neighbours lie at many distances
//! (holes shift the numbering row by row) floods through each cell's own neighbour mask.

use super::mask::Mask;

/// Boards whose neighbours lie at more distances than this are flooded cell by cell.
const MOST_SHIFTS: usize = 12;

pub(crate) struct Holes<const W: usize> {
    /// Each distance at which neighbours lie, and the cells having a neighbour that far on.
    shifts: Vec<(isize, Mask<W>)>,
    /// Each cell's neighbours, when the distances are too many.
    near: Vec<Mask<W>>,
}

impl<const W: usize> Holes<W> {
    /// The check for a board whose cell `i` has the neighbours `neighbours[i]`.
    pub(crate) fn new(neighbours: &[Vec<usize>]) -> Self {
        let mut shifts: Vec<(isize, Mask<W>)> = Vec::new();
        for (i, nbs) in neighbours.iter().enumerate() {
            for &j in nbs {
                let d = j as isize - i as isize;
                match shifts.iter_mut().find(|(e, _)| *e == d) {
                    Some((_, m)) => m.set(i),
                    None => {
                        let mut m = Mask::EMPTY;
                        m.set(i);
                        shifts.push((d, m));
                    }
                }
            }
        }
        let near = if shifts.len() > MOST_SHIFTS {
            shifts.clear();
            neighbours
                .iter()
                .map(|nbs| {
                    let mut m = Mask::EMPTY;
                    nbs.iter().for_each(|&c| m.set(c));
                    m
                })
                .collect()
        } else {
            Vec::new()
        };
        Holes { shifts, near }
    }

    /// Whether a flood step is a few word operations (the board's neighbours lie at few
    /// distances), not a walk over the cells.
    pub(crate) fn by_shifts(&self) -> bool {
        self.near.is_empty()
    }

    /// Each distance at which neighbours lie, with the cells having a neighbour that far on
    /// (none when the board floods cell by cell).
    pub(crate) fn shifts(&self) -> &[(isize, Mask<W>)] {
        &self.shifts
    }

    /// The cells next to `m` (some may be in `m`).
    pub(crate) fn around(&self, m: &Mask<W>) -> Mask<W> {
        let mut out = Mask::EMPTY;
        if W == 1 && self.near.is_empty() {
            // One word: each shift a turn of the word to the left (by `d` mod 64, which the cast
            // keeps). A cell kept by the shift's mask has its neighbour on the board, so no bit
            // comes round the end.
            let w = m.0[0];
            out.0[0] = self.shifts.iter().fold(0, |acc, (d, from)| acc | (w & from.0[0]).rotate_left(*d as u32));
        } else if self.near.is_empty() {
            for (d, from) in &self.shifts {
                out = out.or(&m.and(from).shifted(*d));
            }
        } else {
            for c in m.ones() {
                out = out.or(&self.near[c]);
            }
        }
        out
    }

    /// The cells of `empty` alone in their pocket: every neighbour filled.
    #[inline(always)]
    pub(crate) fn lone(&self, empty: &Mask<W>) -> Mask<W> {
        empty.minus(&self.around(empty))
    }

    /// Whether some empty region touching `placed` has fewer than `smallest` cells, `empty`
    /// being the board's empty cells once `placed` is on it. Each region is flooded only until
    /// it is big enough.
    pub(crate) fn cut_off(&self, empty: &Mask<W>, placed: &Mask<W>, smallest: usize) -> bool {
        if smallest <= 1 {
            return false;
        }
        let mut seeds = self.around(placed).and(empty);
        // A lone cell first: one flood step over the whole board finds every one.
        if !seeds.minus(&self.around(empty)).is_empty() {
            return true;
        }
        while let Some(start) = seeds.lowest() {
            let mut region = Mask::EMPTY;
            region.set(start);
            let mut size = 1;
            while size < smallest {
                let grown = region.or(&self.around(&region)).and(empty);
                let more = grown.count();
                if more == size {
                    return true;
                }
                (region, size) = (grown, more);
            }
            seeds = seeds.minus(&region);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w` x `h` box numbered row by row, each cell's four neighbours.
    fn grid(w: usize, h: usize) -> Vec<Vec<usize>> {
        (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                let mut v = Vec::new();
                if x > 0 {
                    v.push(i - 1);
                }
                if x + 1 < w {
                    v.push(i + 1);
                }
                if y > 0 {
                    v.push(i - w);
                }
                if y + 1 < h {
                    v.push(i + w);
                }
                v
            })
            .collect()
    }

    fn mask<const W: usize>(cells: &[usize]) -> Mask<W> {
        let mut m = Mask::EMPTY;
        cells.iter().for_each(|&c| m.set(c));
        m
    }

    /// Flooding by shifts and flooding by each cell's neighbours agree with a plain walk, on a
    /// box that fits a word and one that spans three.
    #[test]
    fn shifts_and_neighbour_masks_find_the_same_cells() {
        for (w, h) in [(6usize, 10usize), (13, 12)] {
            let nbs = grid(w, h);
            let by_shift = Holes::<3>::new(&nbs);
            assert!(by_shift.near.is_empty());
            let mut by_cell = Holes::<3>::new(&nbs);
            by_cell.near = nbs.iter().map(|v| mask(v)).collect();
            by_cell.shifts.clear();
            for start in (0..w * h).step_by(7) {
                let m = mask::<3>(&[start, (start * 5 + 3) % (w * h)]);
                let mut want = Mask::EMPTY;
                m.ones().for_each(|c| nbs[c].iter().for_each(|&d| want.set(d)));
                assert_eq!(by_shift.around(&m), want);
                assert_eq!(by_cell.around(&m), want);
            }
        }
    }

    /// Lone cells, and none where a region is bigger.
    #[test]
    fn lone_cells_are_found_on_one_word_and_on_three() {
        // A 4 x 3 box, filled but for cell 0 (alone), cells 2 and 3 (a pair), and 9, 10, 11.
        let holes = Holes::<1>::new(&grid(4, 3));
        assert_eq!(holes.lone(&mask(&[0, 2, 3, 9, 10, 11])), mask(&[0]));
        let wide = Holes::<3>::new(&grid(13, 12));
        assert_eq!(wide.lone(&mask(&[0, 14, 15, 100, 140, 141])), mask(&[0, 100]));
    }

    /// A 4 x 3 box: a part filling the middle column leaves a 1 x 3 strip on the left, too
    /// small for fours, big enough for threes; a corner cell cut off is a hole for twos.
    #[test]
    fn regions_smaller_than_the_smallest_part_are_cut_off() {
        let holes = Holes::<1>::new(&grid(4, 3));
        let all = Mask::<1>::first(12);
        let placed = mask(&[1, 5, 9]);
        let empty = all.minus(&placed);
        assert!(holes.cut_off(&empty, &placed, 4));
        assert!(!holes.cut_off(&empty, &placed, 3));
        let placed = mask(&[1, 4]);
        assert!(holes.cut_off(&all.minus(&placed), &placed, 2));
        assert!(!holes.cut_off(&all.minus(&placed), &placed, 1));
    }
}
