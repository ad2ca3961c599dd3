//! Which pieces of a stalled reading of the rank-one SDP look right: the escape of
//! [`crate::solve::sdp::Dissection::solve`] keeps them where they are and runs the SDP again
//! on the pieces left, over the region they leave (their terms of the equations become known
//! numbers, [`crate::algebra::Equations::fixing`]). A stalled run of a figure of many pieces
//! often has half of them in their places; the few left make a small system with more
//! equations than unknowns, which the degree-2 relaxation solves where it stalled on them all.
//!
//! "Looks right" is judged on the outlines alone: a piece is a candidate when it lies inside
//! the figure (its corners and the middles of its sides inside or on the figure's outline,
//! its centroid inside, no corner of the figure inside it), and of two candidates that
//! overlap, the one overlapping more candidates goes first. A piece kept wrongly only makes
//! the small system unsolvable, which its own run soon says.

type P = (f64, f64);

/// Each piece's translation moved, along each axis on its own, to the nearest that lines one of
/// its corners up with a corner of the figure, when one is within `reach` (else kept): a
/// reading a few hundredths off lands where its piece belongs on figures whose corners share a
/// grid (polyominoes), so that [`kept`] can judge it to a tight tolerance and the pieces kept
/// enter the equations exactly.
pub fn snap(rings: &[Vec<P>], figure: &[Vec<P>], t: &[P], reach: f64) -> Vec<P> {
    let nearest = |want: f64, mut options: Box<dyn Iterator<Item = f64> + '_>| {
        options
            .try_fold(None::<f64>, |best, v| {
                Some(Some(match best {
                    Some(b) if (b - want).abs() <= (v - want).abs() => b,
                    _ => v,
                }))
            })
            .flatten()
            .filter(|v| (v - want).abs() <= reach)
            .unwrap_or(want)
    };
    rings
        .iter()
        .zip(t)
        .map(|(r, &(x, y))| {
            let xs = Box::new(figure.iter().flatten().flat_map(move |f| r.iter().map(move |c| f.0 - c.0)));
            let ys = Box::new(figure.iter().flatten().flat_map(move |f| r.iter().map(move |c| f.1 - c.1)));
            (nearest(x, xs), nearest(y, ys))
        })
        .collect()
}

/// Per piece (outline around its centroid, moved by `t`), whether to keep it; `figure`'s
/// outlines and holes as rings; `eps`, the tolerance on distances.
pub fn kept(rings: &[Vec<P>], figure: &[Vec<P>], t: &[P], eps: f64) -> Vec<bool> {
    let placed: Vec<Vec<P>> =
        rings.iter().zip(t).map(|(r, &(x, y))| r.iter().map(|&(u, v)| (u + x, v + y)).collect()).collect();
    let mut keep: Vec<bool> = placed.iter().map(|r| within(r, figure, eps)).collect();
    let n = placed.len();
    let clash = |a: usize, b: usize| overlap(&placed[a], &placed[b], eps);
    let mut clashes: Vec<(usize, usize)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if keep[a] && keep[b] && clash(a, b) {
                clashes.push((a, b));
            }
        }
    }
    // Drop the piece in the most clashes left until none is left.
    loop {
        let live: Vec<&(usize, usize)> = clashes.iter().filter(|(a, b)| keep[*a] && keep[*b]).collect();
        if live.is_empty() {
            return keep;
        }
        let count = |i: usize| live.iter().filter(|(a, b)| *a == i || *b == i).count();
        let worst = (0..n).max_by_key(|&i| (count(i), i)).expect("a piece");
        keep[worst] = false;
    }
}

/// Whether the piece `r` lies inside the figure.
fn within(r: &[P], figure: &[Vec<P>], eps: f64) -> bool {
    let in_or_on = |p: P| on_outline(p, figure, eps) || inside(p, figure);
    let corners_and_middles = (0..r.len()).flat_map(|k| {
        let (a, b) = (r[k], r[(k + 1) % r.len()]);
        [a, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)]
    });
    let piece = [r.to_vec()];
    corners_and_middles.into_iter().all(in_or_on)
        && inside(centroid(r), figure)
        && figure.iter().flatten().all(|&c| !strictly_inside(c, &piece, eps))
}

/// Whether two pieces overlap: a corner, a side's middle or the centroid of one strictly inside
/// the other, or two sides crossing.
fn overlap(a: &[P], b: &[P], eps: f64) -> bool {
    let (ra, rb) = ([a.to_vec()], [b.to_vec()]);
    let points = |r: &[P]| {
        let mut v: Vec<P> = (0..r.len())
            .flat_map(|k| {
                let (p, q) = (r[k], r[(k + 1) % r.len()]);
                [p, ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)]
            })
            .collect();
        v.push(centroid(r));
        v
    };
    points(a).into_iter().any(|p| strictly_inside(p, &rb, eps))
        || points(b).into_iter().any(|p| strictly_inside(p, &ra, eps))
        || (0..a.len())
            .any(|i| (0..b.len()).any(|j| crossing(a[i], a[(i + 1) % a.len()], b[j], b[(j + 1) % b.len()], eps)))
}

fn strictly_inside(p: P, rings: &[Vec<P>], eps: f64) -> bool {
    inside(p, rings) && !on_outline(p, rings, eps)
}

fn on_outline(p: P, rings: &[Vec<P>], eps: f64) -> bool {
    rings.iter().any(|r| (0..r.len()).any(|k| distance(p, r[k], r[(k + 1) % r.len()]) <= eps))
}

/// Even-odd over every ring (outlines and holes alike).
fn inside(p: P, rings: &[Vec<P>]) -> bool {
    let mut c = false;
    for r in rings {
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
                c = !c;
            }
        }
    }
    c
}

fn distance(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let s = if len2 > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    ((p.0 - a.0 - s * dx).powi(2) + (p.1 - a.1 - s * dy).powi(2)).sqrt()
}

/// Whether the sides a-b and c-d cross at a point inside both (not merely touching).
fn crossing(a: P, b: P, c: P, d: P, eps: f64) -> bool {
    let side = |p: P, q: P, r: P| {
        let (len, cross) =
            (((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt(), (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0));
        if len == 0.0 {
            0.0
        } else {
            cross / len
        }
    };
    let (s1, s2, s3, s4) = (side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b));
    s1.abs() > eps
        && s2.abs() > eps
        && s3.abs() > eps
        && s4.abs() > eps
        && (s1 > 0.0) != (s2 > 0.0)
        && (s3 > 0.0) != (s4 > 0.0)
}

fn centroid(r: &[P]) -> P {
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for k in 0..r.len() {
        let (p, q) = (r[k], r[(k + 1) % r.len()]);
        let w = p.0 * q.1 - q.0 * p.1;
        a += w;
        cx += (p.0 + q.0) * w;
        cy += (p.1 + q.1) * w;
    }
    if a.abs() < 1e-300 {
        return r[0];
    }
    (cx / (3.0 * a), cy / (3.0 * a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64) -> Vec<P> {
        vec![(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)]
    }

    #[test]
    fn pieces_inside_and_apart_are_kept_and_of_two_overlapping_one_goes() {
        let figure = vec![vec![(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]];
        let unit = square(0.0, 0.0);
        let rings = vec![unit.clone(); 4];
        // Two side by side, one on the second (half a cell over), one outside.
        let t = [(0.5, 0.5), (1.5, 0.5), (2.0, 0.5), (5.0, 0.5)];
        let keep = kept(&rings, &figure, &t, 1e-9);
        assert!(keep[0]);
        assert!(!keep[3], "outside the figure");
        assert_eq!(keep[1] as u8 + keep[2] as u8, 1, "of the two overlapping, one is kept: {keep:?}");
        // Apart and inside: all three kept.
        assert_eq!(kept(&rings[..3], &figure, &[(0.5, 0.5), (1.5, 0.5), (2.5, 0.5)], 1e-9), vec![true; 3]);
    }

    #[test]
    fn a_reading_a_little_off_snaps_to_where_its_corners_meet_the_figures() {
        let figure = vec![vec![(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]];
        let rings = vec![square(0.0, 0.0); 2];
        let snapped = snap(&rings, &figure, &[(0.52, 0.47), (1.8, 0.5)], 0.05);
        assert_eq!(snapped[0], (0.5, 0.5));
        assert_eq!(snapped[1], (1.8, 0.5), "x out of reach of every line-up (1.5, 2.5) is kept");
    }

    #[test]
    fn a_piece_over_a_notch_of_the_figure_is_not_inside() {
        // An L (three cells of a 2x2 square): the whole square is not inside it; a cell is.
        let figure = vec![vec![(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]];
        let big = vec![(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        assert_eq!(kept(&[big], &figure, &[(1.0, 1.0)], 1e-9), vec![false]);
        assert_eq!(kept(&[square(0.0, 0.0)], &figure, &[(0.5, 1.5)], 1e-9), vec![true]);
    }
}
