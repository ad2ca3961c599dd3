//! A set of board cells as `W` words of bits (cell `i` is bit `i % 64` of word `i / 64`): the
//! packer's placements, its filled cells, and the regions its hole check floods.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mask<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Mask<W> {
    pub(crate) const EMPTY: Self = Mask([0; W]);

    /// The cells of one word, as the first word of a mask.
    pub(crate) fn of_word(w: u64) -> Self {
        let mut m = Self::EMPTY;
        m.0[0] = w;
        m
    }

    pub(crate) fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn meets(&self, o: &Self) -> bool {
        (0..W).any(|k| self.0[k] & o.0[k] != 0)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(crate) fn and(&self, o: &Self) -> Self {
        let mut m = *self;
        for k in 0..W {
            m.0[k] &= o.0[k];
        }
        m
    }

    pub(crate) fn minus(&self, o: &Self) -> Self {
        let mut m = *self;
        for k in 0..W {
            m.0[k] &= !o.0[k];
        }
        m
    }

    pub(crate) fn or(&self, o: &Self) -> Self {
        let mut m = *self;
        for k in 0..W {
            m.0[k] |= o.0[k];
        }
        m
    }

    pub(crate) fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The first `n` cells.
    pub(crate) fn first(n: usize) -> Self {
        let mut m = Self::EMPTY;
        for (k, w) in m.0.iter_mut().enumerate() {
            *w = match n.saturating_sub(k * 64) {
                0 => 0,
                r if r >= 64 => !0,
                r => (1 << r) - 1,
            };
        }
        m
    }

    /// Every cell moved `by` places up the numbering (down when negative); cells moved past
    /// either end are dropped.
    pub(crate) fn shifted(&self, by: isize) -> Self {
        if W == 1 {
            // One word: a plain shift (the packer's boards up to 64 cells).
            let w = self.0[0];
            let mut m = Self::EMPTY;
            m.0[0] = match by {
                0..=63 => w << by,
                -63..=-1 => w >> -by,
                _ => 0,
            };
            return m;
        }
        let mut m = Self::EMPTY;
        let (words, bits) = (by.unsigned_abs() / 64, (by.unsigned_abs() % 64) as u32);
        for k in 0..W {
            let (v, carry) = if by >= 0 {
                // Word k takes from words k - words and the one below it.
                let from = k.checked_sub(words);
                let v = from.map_or(0, |f| self.0[f] << bits);
                let c =
                    from.and_then(|f| f.checked_sub(1)).filter(|_| bits > 0).map_or(0, |f| self.0[f] >> (64 - bits));
                (v, c)
            } else {
                let from = k + words;
                let v = if from < W { self.0[from] >> bits } else { 0 };
                let c = if bits > 0 && from + 1 < W { self.0[from + 1] << (64 - bits) } else { 0 };
                (v, c)
            };
            m.0[k] = v | carry;
        }
        m
    }

    /// The `width` bits from `i` up, as a number (bits past the end read as 0).
    pub(crate) fn window(&self, i: usize, width: usize) -> usize {
        let (k, b) = (i / 64, i % 64);
        if k >= W {
            return 0;
        }
        let mut v = self.0[k] >> b;
        if b + width > 64 && k + 1 < W {
            v |= self.0[k + 1] << (64 - b);
        }
        (v & ((1 << width) - 1)) as usize
    }

    /// The lowest set cell.
    pub(crate) fn lowest(&self) -> Option<usize> {
        (0..W).find(|&k| self.0[k] != 0).map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }

    /// The set cells, lowest first.
    pub(crate) fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        (0..W).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b
                })
            })
        })
    }

    /// The lowest clear cell below `n`.
    pub(crate) fn first_clear(&self, n: usize) -> Option<usize> {
        for k in 0..W {
            let w = !self.0[k];
            if w != 0 {
                let i = k * 64 + w.trailing_zeros() as usize;
                return (i < n).then_some(i);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Mask;

    /// Shifting moves each cell by the same amount across word boundaries, and drops the
    /// cells that leave the mask.
    #[test]
    fn shifts_move_every_cell_across_words() {
        let cells = [0usize, 5, 63, 64, 70, 127, 130, 191];
        let mut m = Mask::<3>::EMPTY;
        cells.iter().for_each(|&c| m.set(c));
        for by in [-130isize, -64, -63, -1, 0, 1, 7, 63, 64, 65, 129] {
            let want: Vec<usize> =
                cells.iter().map(|&c| c as isize + by).filter(|&c| (0..192).contains(&c)).map(|c| c as usize).collect();
            assert_eq!(m.shifted(by).ones().collect::<Vec<_>>(), want, "by {by}");
        }
    }

    #[test]
    fn first_cells_and_windows() {
        assert_eq!(Mask::<2>::first(70).count(), 70);
        assert_eq!(Mask::<2>::first(64).0, [!0, 0]);
        assert_eq!(Mask::<1>::first(0).0, [0]);
        let mut m = Mask::<2>::EMPTY;
        m.set(62);
        m.set(65);
        assert_eq!(m.window(60, 8), 0b10_0100);
        assert_eq!(m.lowest(), Some(62));
    }
}
