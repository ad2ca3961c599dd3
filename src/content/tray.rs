//! Where the pieces wait at the start of a level: a tray of strips beside the figure, never
//! over it. Columns on both sides of the figure suit a wide screen, rows under it a tall one;
//! [`arrange`] tries both with strips of a few lengths and keeps the one that lets the whole
//! board (figure and tray) be drawn largest on the screen.

use crate::geom::{pt, BBox, Pt};

/// Space between pieces in the tray, and between the tray and the figure.
pub const GAP: f64 = 0.4;

/// Strip lengths tried, in multiples of the figure's side along the strip (longer strips mean
/// fewer of them).
const STRETCHES: [f64; 9] = [1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0];

/// Where each piece's box centre goes, relative to the figure's centre, for boxes of `sizes`
/// (width, height) beside a figure of size `figure`, on a screen area `aspect` wide and 1 high.
pub fn arrange(sizes: &[(f64, f64)], figure: (f64, f64), aspect: f64) -> Vec<(f64, f64)> {
    let mut best: Option<(f64, Tray)> = None;
    for stretch in STRETCHES {
        for columns in [true, false] {
            let tray = Tray::pack(sizes, figure, columns, stretch);
            let (w, h) = tray.size(figure);
            // The scale the whole board gets in the area.
            let scale = (aspect / w).min(1.0 / h);
            if best.as_ref().is_none_or(|(s, _)| scale > *s * 1.001) {
                best = Some((scale, tray));
            }
        }
    }
    best.map(|(_, t)| t.at).unwrap_or_default()
}

/// Whether the insides of two boxes meet (boxes that only touch do not).
pub fn overlap(a: &BBox, b: &BBox) -> bool {
    const EPS: f64 = 1e-9;
    a.min.x < b.max.x - EPS && b.min.x < a.max.x - EPS && a.min.y < b.max.y - EPS && b.min.y < a.max.y - EPS
}

/// Where a piece's box `r` goes when a turn in the tray left another lying over it: the
/// shortest move that takes it clear of every box in `taken`, [`GAP`] from those it is set
/// beside, and keeps it inside `within`. No move when it is clear already; `None` when no place
/// will do (a crowded tray).
///
/// The box ends beside one of the others or against the bounds on each axis, or does not move
/// on that axis, so those few places are all that need trying.
pub fn clear_spot(r: BBox, taken: &[BBox], within: BBox) -> Option<Pt> {
    let moves = |lo: f64, hi: f64, side: fn(&BBox) -> (f64, f64)| {
        let (w_lo, w_hi) = side(&within);
        let mut out = vec![0.0, w_lo - lo, w_hi - hi];
        for (o_lo, o_hi) in taken.iter().map(side) {
            out.extend([o_lo - GAP - hi, o_hi + GAP - lo]);
        }
        out
    };
    let xs = moves(r.min.x, r.max.x, |b| (b.min.x, b.max.x));
    let ys = moves(r.min.y, r.max.y, |b| (b.min.y, b.max.y));
    let fits = |d: Pt| {
        let m = BBox { min: r.min + d, max: r.max + d };
        within.contains(m.min, 1e-9) && within.contains(m.max, 1e-9) && !taken.iter().any(|o| overlap(&m, o))
    };
    xs.iter()
        .flat_map(|&x| ys.iter().map(move |&y| pt(x, y)))
        .filter(|&d| fits(d))
        .min_by(|a, b| a.len().total_cmp(&b.len()))
}

/// Pieces packed in strips beside the figure.
struct Tray {
    /// Each piece's box centre, relative to the figure's centre.
    at: Vec<(f64, f64)>,
    /// Reach beyond the figure's box: right, left, below, above.
    reach: [f64; 4],
}

impl Tray {
    /// Packs boxes of `sizes` into strips next to a figure of size `figure`: columns as tall as
    /// `stretch` times the figure, alternately right and left of it (`columns`), or rows as wide
    /// as `stretch` times the figure under it. The pieces go thickest first, each into the first
    /// strip with room for it (a piece longer than the strip gets one of its own).
    fn pack(sizes: &[(f64, f64)], figure: (f64, f64), columns: bool, stretch: f64) -> Tray {
        // Work along the strip (`along`) and across it (`across`); swap back at the end.
        let flip = |(w, h): (f64, f64)| if columns { (h, w) } else { (w, h) };
        let limit = flip(figure).0 * stretch;
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by(|&a, &b| flip(sizes[b]).1.total_cmp(&flip(sizes[a]).1).then(a.cmp(&b)));
        let mut strips: Vec<(Vec<usize>, f64, f64)> = vec![];
        for i in order {
            let (along, across) = flip(sizes[i]);
            match strips.iter_mut().find(|s| s.1 + GAP + along <= limit) {
                Some(s) => {
                    s.0.push(i);
                    s.1 += GAP + along;
                    s.2 = s.2.max(across);
                }
                None => strips.push((vec![i], along, across)),
            }
        }
        let half = flip(figure).1 / 2.0;
        let mut tray = Tray { at: vec![(0.0, 0.0); sizes.len()], reach: [0.0; 4] };
        // Distance from the figure's centre to the next strip, on each side (columns: right,
        // left; rows: below only, in reach of a thumb).
        let mut edge = [half + GAP, half + GAP];
        for (k, (items, length, thick)) in strips.iter().enumerate() {
            let side = if columns { k % 2 } else { 0 };
            let mid = edge[side] + thick / 2.0;
            edge[side] += thick + GAP;
            let mut pos = -length / 2.0;
            for &i in items {
                let along = flip(sizes[i]).0;
                let centre_along = pos + along / 2.0;
                pos += along + GAP;
                // Columns run top to bottom; rows left to right.
                let across = if side == 0 { mid } else { -mid };
                tray.at[i] = if columns { (across, -centre_along) } else { (centre_along, -across) };
            }
            let reach = edge[side] - GAP - half;
            let spill = (length - flip(figure).0).max(0.0) / 2.0;
            if columns {
                tray.reach[side] = tray.reach[side].max(reach);
                tray.reach[2] = tray.reach[2].max(spill);
                tray.reach[3] = tray.reach[3].max(spill);
            } else {
                tray.reach[2] = tray.reach[2].max(reach);
                tray.reach[0] = tray.reach[0].max(spill);
                tray.reach[1] = tray.reach[1].max(spill);
            }
        }
        tray
    }

    /// The board's size: the figure and the tray around it.
    fn size(&self, figure: (f64, f64)) -> (f64, f64) {
        let [r, l, b, t] = self.reach;
        (figure.0 + l + r, figure.1 + b + t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The box of size `s` centred at `c`: (min x, min y, max x, max y).
    fn boxed(c: (f64, f64), s: (f64, f64)) -> [f64; 4] {
        [c.0 - s.0 / 2.0, c.1 - s.1 / 2.0, c.0 + s.0 / 2.0, c.1 + s.1 / 2.0]
    }

    fn apart(a: [f64; 4], b: [f64; 4]) -> bool {
        a[2] <= b[0] + 1e-9 || b[2] <= a[0] + 1e-9 || a[3] <= b[1] + 1e-9 || b[3] <= a[1] + 1e-9
    }

    #[test]
    fn pieces_wait_beside_the_figure_and_apart() {
        // The seven tangram pieces' boxes (unit square of side 4), and a long thin one.
        let sizes = [(4.0, 2.0), (4.0, 2.0), (2.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.4, 1.4), (3.0, 1.0), (9.0, 0.5)];
        let figure = (4.0, 4.0);
        for aspect in [0.46, 1.0, 1.6, 3.0] {
            let at = arrange(&sizes, figure, aspect);
            assert_eq!(at.len(), sizes.len());
            let fig = boxed((0.0, 0.0), figure);
            for i in 0..sizes.len() {
                let b = boxed(at[i], sizes[i]);
                assert!(apart(b, fig), "aspect {aspect}: piece {i} {b:?} over the figure");
                for j in 0..i {
                    assert!(apart(b, boxed(at[j], sizes[j])), "aspect {aspect}: pieces {i} and {j} overlap");
                }
            }
        }
    }

    #[test]
    fn a_wide_screen_gets_columns_and_a_tall_one_rows() {
        let sizes = [(2.0, 2.0); 6];
        let figure = (4.0, 4.0);
        // Columns: every piece left or right of the figure; rows: every piece under it.
        assert!(arrange(&sizes, figure, 1.6).iter().all(|&(x, _)| x.abs() > 2.0));
        assert!(arrange(&sizes, figure, 0.46).iter().all(|&(_, y)| y < -2.0));
        assert!(arrange(&[], figure, 1.0).is_empty());
    }

    fn bb(x0: f64, y0: f64, x1: f64, y1: f64) -> BBox {
        BBox { min: pt(x0, y0), max: pt(x1, y1) }
    }

    #[test]
    fn a_turned_piece_moves_the_least_way_clear() {
        let within = bb(-10.0, -10.0, 10.0, 10.0);
        // A bar turned upright now reaches into the piece above it.
        let above = bb(0.0, 2.0, 2.0, 3.0);
        let bar = bb(0.0, -2.0, 1.0, 2.5);
        let d = clear_spot(bar, &[above], within).unwrap();
        // Down by 0.9 (under the other, a gap apart) is shorter than sideways or up.
        assert!((d.x - 0.0).abs() < 1e-12 && (d.y + 0.9).abs() < 1e-12, "{d:?}");
        let moved = bb(bar.min.x + d.x, bar.min.y + d.y, bar.max.x + d.x, bar.max.y + d.y);
        assert!(!overlap(&moved, &above));
        // Already clear: no move. Touching is clear.
        assert_eq!(clear_spot(bb(0.0, 0.0, 1.0, 2.0), &[above], within), Some(pt(0.0, 0.0)));
        // With the bounds in the way below, it goes sideways instead (left is nearer).
        let d = clear_spot(bar, &[above], bb(-10.0, -2.0, 10.0, 10.0)).unwrap();
        assert!((d.x + 1.4).abs() < 1e-12 && d.y == 0.0, "{d:?}");
        // No room anywhere: it stays.
        assert_eq!(clear_spot(bar, &[above], bb(-0.5, -2.0, 2.5, 3.0)), None);
    }
}
