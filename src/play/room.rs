//! Room on the board: a piece kept inside the bounds, and a piece turned in the tray making
//! its neighbours move clear ([`crate::content::tray::clear_spot`]).

use super::Table;
use crate::content::tray::{clear_spot, overlap, GAP};
use crate::geom::{pt, BBox, Pt};

/// Moves piece `id` by the least shift that brings all of it inside the board's bounds, which
/// the game keeps clear of its bars (a piece dropped or turned half under a bar could not be
/// grabbed again). The board lies inside the bounds, so a piece moved here was off it, and
/// needs no grid. A piece wider or taller than the bounds is centred across them.
pub fn keep_within(table: &mut Table, id: usize) {
    let (b, w) = (table.bbox(id), table.bounds);
    let axis = |lo: f64, hi: f64, min: f64, max: f64| {
        if hi - lo > max - min {
            (min + max - lo - hi) / 2.0
        } else if lo < min {
            min - lo
        } else if hi > max {
            max - hi
        } else {
            0.0
        }
    };
    let d = pt(axis(b.min.x, b.max.x, w.min.x, w.max.x), axis(b.min.y, b.max.y, w.min.y, w.max.y));
    if d != pt(0.0, 0.0) {
        table.shift(id, d);
    }
}

/// A piece turned while it waited beside the figure, whose new outline now covers neighbours
/// in the tray, makes room: each of them moves the least way clear of the others, so a turn in
/// the tray never stacks pieces, and the turned piece stays under the pointer for the next
/// turn (unless it reached over the figure, which it steps back from). `was` is its box before
/// the turn. A piece that was over the figure is being placed, and pieces on the figure stay
/// put; boxes that overlapped before the turn are the player's doing, and do not count. Pieces
/// stay within the board's bounds where they can; in a tray with no room left, the bounds grow
/// to take them (and the game draws the board a little smaller).
pub fn make_room(table: &mut Table, id: usize, was: BBox) {
    // (The editor's canvas is no figure: pieces laid on it stay where they are.)
    let Some(figure) = table.figure.map(super::bbox_of) else { return };
    if figure.min.x > figure.max.x || overlap(&was, &figure) {
        return;
    }
    // Turned to reach over the figure, the piece itself steps back off it (a small move: it
    // was beside it).
    let mut now = table.bbox(id);
    if overlap(&now, &figure) {
        let b = table.bounds;
        let around = BBox { min: b.min - room_for(&now), max: b.max + room_for(&now) };
        if let Some(d) = clear_spot(now, &[figure], around) {
            table.shift(id, d);
            now = BBox { min: now.min + d, max: now.max + d };
            table.bounds = table.bounds.union(now);
        }
    }
    let mut boxes: Vec<(usize, BBox)> =
        table.pieces.iter().filter(|s| s.id != id).map(|s| (s.id, table.bbox(s.id))).collect();
    for k in 0..boxes.len() {
        let (x, b) = boxes[k];
        if !overlap(&now, &b) || overlap(&was, &b) || overlap(&b, &figure) {
            continue;
        }
        let mut taken: Vec<BBox> = boxes.iter().filter(|(y, _)| *y != x).map(|(_, o)| *o).collect();
        taken.extend([now, figure].into_iter().filter(|o| o.min.x <= o.max.x));
        let within = table.bounds;
        let wider = BBox { min: within.min - room_for(&b), max: within.max + room_for(&b) };
        let Some(d) = clear_spot(b, &taken, within).or_else(|| clear_spot(b, &taken, wider)) else { continue };
        table.shift(x, d);
        let moved = BBox { min: b.min + d, max: b.max + d };
        boxes[k].1 = moved;
        table.bounds = table.bounds.union(moved);
    }
}

/// Room for a box beside the bounds: its larger side and a gap, each way.
fn room_for(b: &BBox) -> Pt {
    pt(1.0, 1.0) * (b.size() + GAP)
}
