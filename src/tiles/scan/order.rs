//! The order the scan ([`super`]) lays the cells in, and the tail of a big board.

/// The share of the rows (and of the columns, for the block at the left) laid in the tail's
/// order ([`lay_order`]): 5 of 16 on Eternity II's board, as in Blackwood's order. 60 s,
/// seed 1: a tail of 4 rows (quiet 0.75) reached 460, 5 rows 461, 6 rows (quiet 0.62) 458; a
/// block at the left of 3 or 8 columns, 460 and 459.
pub const TAIL: f64 = 5.0 / 16.0;

/// A big board (one with a tail) is chased after Blackwood's design. Every figure here is
/// from `examples/edge_best.rs` on Eternity II's list, seeds 1 and 2 side by side, one core
/// each. The breaks allowed by the last cell of the first row of the block at the right, as a
/// share of the inner sides (10 of Eternity II's 480): none before the middle columns of the
/// tail, then one more every few cells in a straight line ([`Tail::steps`]), and the whole
/// limit after that cell. With that schedule and no break between frame cells but the quick
/// design's pace, runs of 5,000,000 tiles found no full board and 458 in 60 s; runs of
/// 100,000,000, no full board and 461 in 60 s, 461 and 463 in 300 s. The pace below made the
/// difference (465 and 464 in 300 s with Blackwood's colours). With that pace, the squared
/// curve in place of the schedule reached 463, 462 in 60 s, and breaks between frame cells
/// allowed, 463, 463 (463, 464 with neither change).
pub const STEP_BREAKS: f64 = 10.0 / 480.0;

/// Where the tail of a board of 8 x 8 or more begins ([`lay_order`]): its first row, its
/// height, and the widths of its blocks at the left and at the right.
pub(super) struct Tail {
    top: usize,
    rows: usize,
    left: usize,
    right: usize,
}

impl Tail {
    pub(super) fn of(cols: usize, rows: usize) -> Option<Tail> {
        (cols >= 8 && rows >= 8).then(|| {
            let tail = (rows as f64 * TAIL).round() as usize;
            Tail { top: rows - tail, rows: tail, left: (cols as f64 * TAIL).round() as usize, right: cols / 4 }
        })
    }

    /// The places in the laying order (of every cell) where breaks begin and where the
    /// [`STEP_BREAKS`] are all allowed: the first cell of the middle columns and the last of
    /// the first row of the block at the right.
    pub(super) fn steps(&self, cols: usize) -> (usize, usize) {
        let first = self.top * cols + self.rows * self.left;
        (first, first + self.rows * (cols - self.left - self.right) + self.right - 1)
    }

    /// The breaks the chase allows by the cell at `place` in the laying order, on a board of
    /// `inner` inner sides: none before the middle columns, then one more every few cells in
    /// a straight line up to [`STEP_BREAKS`] of them, and no bound past that line.
    pub(super) fn step_allowance(&self, cols: usize, inner: usize, place: usize) -> usize {
        let steps = (inner as f64 * STEP_BREAKS).round().max(1.0) as usize;
        match self.steps(cols) {
            (first, _) if place < first => 0,
            (first, last) if place <= last => 1 + (steps - 1) * (place - first) / (last - first),
            _ => usize::MAX,
        }
    }
}

/// The order the cells are laid in. Every cell's north and west neighbours come before it and
/// its east and south ones after, so a cell is laid against the colours above and to the left.
/// Small boards are laid in reading order. On a board of 8 x 8 or more, the rows above the
/// last [`TAIL`] of them go in reading order, and the tail in three parts (after Blackwood's
/// order): a block at the left in reading order, then the middle columns one by one from top
/// to bottom, then a block at the right peeled a row and a column at a time. The tail's rim
/// tiles are then chosen with the tiles above them, column by column, where reading order
/// would lay the whole last row against a fixed row of colours.
pub fn lay_order(cols: usize, rows: usize) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::with_capacity(cols * rows);
    let Some(Tail { top, left, right, .. }) = Tail::of(cols, rows) else {
        order.extend(0..cols * rows);
        return order;
    };
    let at = |x: usize, y: usize| y * cols + x;
    order.extend(0..top * cols);
    for y in top..rows {
        order.extend((0..left).map(|x| at(x, y)));
    }
    for x in left..cols - right {
        order.extend((top..rows).map(|y| at(x, y)));
    }
    let (mut x0, mut y0) = (cols - right, top);
    while x0 < cols && y0 < rows {
        order.extend((x0..cols).map(|x| at(x, y0)));
        y0 += 1;
        order.extend((y0..rows).map(|y| at(x0, y)));
        x0 += 1;
    }
    order
}
