//! Rounding the quarter turns read off a relaxed solution (the rank-one SDP with turning
//! pieces, [`crate::solve::sdp`]) to turns the pieces can actually have.
//!
//! Whatever the translations, the pieces' sides must cover the figure's side for side: for
//! every side type (a normal direction modulo a half turn) the signed lengths of the pieces'
//! sides of that type, each piece turned as chosen, add up to the figure's (the equations of
//! k = 0, which the SDP leaves out because they say nothing about places). A set of turns
//! that breaks this cannot be completed by any translation. The relaxation gives each piece a
//! preference among its four turns; this module lists the sets of turns that balance, the
//! ones the relaxation prefers first, changing as few pieces' turns as it can.
//!
//! Sides along the two axes only (a polyomino's) balance whatever the turns, each axis's
//! lengths cancelling out: there the balance rules nothing out and the preference alone
//! orders the sets.

use crate::algebra::{polygon_sides, Kinds};

/// The side-length balance of a dissection whose pieces turn by quarter turns.
#[derive(Clone, Debug)]
pub struct Balance {
    /// Per piece and quarter turn r (counter-clockwise, about the piece's centroid): signed
    /// lengths per side type.
    lengths: Vec<[Vec<f64>; 4]>,
    /// The figure's signed lengths per side type.
    figure: Vec<f64>,
    /// Per piece and turn: an id shared by every (piece, turn) giving the same outline, so
    /// that turn sets giving the same puzzle (a square turned, two equal triangles trading
    /// turns) are told apart from new ones.
    shapes: Vec<[usize; 4]>,
    tol: f64,
}

/// At most this many turn sets are weighed per call (it bounds how many pieces may change),
/// and at most so many of the balanced ones, cheapest first, are compared with those tried.
const MOST_WEIGHED: usize = 200_000;
const MOST_KEYED: usize = 20_000;
/// At most this many pieces' turns are changed from those read. (Four solved one more of
/// the 17 shipped figures three leave unsolved, `letters/letter-r`, for 3,991 sets weighed on a
/// tangram against 1,156.)
const MOST_CHANGED: usize = 3;

impl Balance {
    /// `rings`: each piece's outline around its centroid, counter-clockwise; `figure`: the
    /// figure's rings (outlines counter-clockwise, holes clockwise); same units.
    pub fn new(rings: &[Vec<(f64, f64)>], figure: &[Vec<(f64, f64)>]) -> Balance {
        let quarter = std::f64::consts::FRAC_PI_2;
        let mut kinds = Kinds::new(1e-6);
        let mut sum = |ring: &[(f64, f64)], r: usize, into: &mut Vec<f64>| {
            for s in polygon_sides(ring, &mut kinds, quarter * r as f64) {
                if into.len() <= s.kind {
                    into.resize(s.kind + 1, 0.0);
                }
                into[s.kind] += s.sign * (s.b.0 - s.a.0).hypot(s.b.1 - s.a.1);
            }
        };
        let mut figure_lengths = Vec::new();
        figure.iter().for_each(|r| sum(r, 0, &mut figure_lengths));
        let mut lengths: Vec<[Vec<f64>; 4]> = rings
            .iter()
            .map(|ring| {
                let mut per = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
                for (r, v) in per.iter_mut().enumerate() {
                    sum(ring, r, v);
                }
                per
            })
            .collect();
        let kinds = lengths.iter().flatten().map(Vec::len).chain([figure_lengths.len()]).max().unwrap_or(0);
        lengths.iter_mut().flatten().for_each(|v| v.resize(kinds, 0.0));
        figure_lengths.resize(kinds, 0.0);
        let perimeter: f64 = figure_lengths.iter().map(|x| x.abs()).sum::<f64>().max(1e-300);
        // Outlines that are the same up to where they lie: corners rounded to 1e-6 of the
        // figure's perimeter, turned, in order from their lowest.
        let mut seen: Vec<Vec<(i64, i64)>> = Vec::new();
        let shapes = rings
            .iter()
            .map(|ring| {
                let mut ids = [0; 4];
                for (r, id) in ids.iter_mut().enumerate() {
                    let mut pts: Vec<(i64, i64)> = ring
                        .iter()
                        .map(|&p| {
                            let (x, y) = crate::algebra::turn(p, r);
                            ((x / perimeter * 1e6).round() as i64, (y / perimeter * 1e6).round() as i64)
                        })
                        .collect();
                    let low = (0..pts.len()).min_by_key(|&k| pts[k]).unwrap_or(0);
                    pts.rotate_left(low);
                    *id = seen.iter().position(|s| *s == pts).unwrap_or_else(|| {
                        seen.push(pts);
                        seen.len() - 1
                    });
                }
                ids
            })
            .collect();
        Balance { lengths, figure: figure_lengths, shapes, tol: 1e-9 * perimeter.max(1.0) }
    }

    /// Whether pieces turned by `turns` (quarter turns each) balance the figure's sides.
    pub fn balanced(&self, turns: &[usize]) -> bool {
        (0..self.figure.len()).all(|k| {
            let total: f64 = turns.iter().enumerate().map(|(i, &r)| self.lengths[i][r % 4][k]).sum();
            (total - self.figure[k]).abs() <= self.tol
        })
    }

    /// The puzzle a set of turns makes, as a key: the pieces' outlines so turned, sorted.
    pub fn key(&self, turns: &[usize]) -> Vec<usize> {
        let mut key: Vec<usize> = turns.iter().enumerate().map(|(i, &r)| self.shapes[i][r % 4]).collect();
        key.sort_unstable();
        key
    }

    /// Up to `count` balanced turn sets whose keys `skip` lets through, cheapest first, where
    /// `cost[i][r]` is what turning piece i by r costs (0 for the turn the relaxation reads).
    /// The sets differ from the cheapest turns in at most [`MOST_CHANGED`] pieces, fewer
    /// when there are so many pieces that [`MOST_WEIGHED`] sets would not reach that far.
    pub fn nearest(&self, cost: &[[f64; 4]], count: usize, skip: impl Fn(&[usize]) -> bool) -> Vec<Vec<usize>> {
        let n = cost.len();
        let read: Vec<usize> =
            cost.iter().map(|c| (0..4).min_by(|&a, &b| c[a].total_cmp(&c[b])).unwrap_or(0)).collect();
        // What the read turns miss, and what changing one piece's turn adds.
        let mut miss = self.figure.clone();
        for (i, &r) in read.iter().enumerate() {
            miss.iter_mut().zip(&self.lengths[i][r]).for_each(|(m, l)| *m -= l);
        }
        let delta = |i: usize, r: usize, k: usize| self.lengths[i][r][k] - self.lengths[i][read[i]][k];
        // Each balanced set as its cost and its changes, (piece, turn) pairs.
        let mut found: Vec<(f64, Vec<(usize, usize)>)> = Vec::new();
        let mut consider = |changes: &[(usize, usize)]| {
            let fits = (0..miss.len()).all(|k| {
                let added: f64 = changes.iter().map(|&(i, r)| delta(i, r, k)).sum();
                (added - miss[k]).abs() <= self.tol
            });
            if fits {
                found.push((changes.iter().map(|&(i, r)| cost[i][r]).sum(), changes.to_vec()));
            }
        };
        // How many pieces may change: choose(n, h) * 3^h sets each.
        let mut weighed = 1usize;
        let mut most = 0;
        for h in 1..=n.min(MOST_CHANGED) {
            let sets =
                (0..h).fold(1usize, |a, j| a.saturating_mul(n - j) / (j + 1)).saturating_mul(3usize.pow(h as u32));
            weighed = weighed.saturating_add(sets);
            if weighed > MOST_WEIGHED {
                break;
            }
            most = h;
        }
        // Every set of at most `most` changes, pieces in increasing order.
        fn changes_from(
            from: usize,
            most: usize,
            read: &[usize],
            changes: &mut Vec<(usize, usize)>,
            consider: &mut impl FnMut(&[(usize, usize)]),
        ) {
            consider(changes);
            if changes.len() == most {
                return;
            }
            for i in from..read.len() {
                for r in (0..4).filter(|&r| r != read[i]) {
                    changes.push((i, r));
                    changes_from(i + 1, most, read, changes, consider);
                    changes.pop();
                }
            }
        }
        changes_from(0, most, &read, &mut Vec::new(), &mut consider);
        found.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut keys: Vec<Vec<usize>> = Vec::new();
        let mut out = Vec::new();
        for (_, changes) in found.into_iter().take(MOST_KEYED) {
            if out.len() == count {
                break;
            }
            let mut turns = read.clone();
            changes.iter().for_each(|&(i, r)| turns[i] = r);
            let key = self.key(&turns);
            if skip(&key) || keys.contains(&key) {
                continue;
            }
            keys.push(key);
            out.push(turns);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Rings = Vec<Vec<(f64, f64)>>;

    /// A unit square cut along a diagonal: two right triangles (pieces, figure).
    fn triangles() -> (Rings, Rings) {
        let around = |r: Vec<(f64, f64)>| {
            let c = (r.iter().map(|p| p.0).sum::<f64>() / 3.0, r.iter().map(|p| p.1).sum::<f64>() / 3.0);
            r.iter().map(|p| (p.0 - c.0, p.1 - c.1)).collect::<Vec<_>>()
        };
        let lower = around(vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
        let figure = vec![vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]];
        (vec![lower.clone(), lower], figure)
    }

    #[test]
    fn only_turns_that_cover_the_square_balance() {
        let (pieces, figure) = triangles();
        let b = Balance::new(&pieces, &figure);
        // The square's two halves: the lower triangle as it is and turned a half turn.
        assert!(b.balanced(&[0, 2]));
        assert!(b.balanced(&[2, 0]));
        // So do both turned a quarter turn more: the square cut along its other diagonal.
        assert!(b.balanced(&[1, 3]));
        // Both the same way round, or a quarter turn apart, leave the long sides unmatched
        // and some of the square's sides uncovered.
        assert!(!b.balanced(&[0, 0]));
        assert!(!b.balanced(&[0, 1]));
        // The two orders are one puzzle: the triangles are equal.
        assert_eq!(b.key(&[0, 2]), b.key(&[2, 0]));
    }

    #[test]
    fn the_balanced_turns_come_cheapest_first_and_each_puzzle_once() {
        let (pieces, figure) = triangles();
        let b = Balance::new(&pieces, &figure);
        // Both read as unturned; piece 1 would rather be turned twice than once or thrice.
        let cost = [[0.0, 5.0, 5.0, 5.0], [0.0, 3.0, 1.0, 3.0]];
        assert_eq!(b.nearest(&cost, 1, |_| false), vec![vec![0, 2]]);
        // Then the other diagonal (cost 8); the sets that only swap equal triangles are the
        // same puzzles and come once.
        assert_eq!(b.nearest(&cost, 5, |_| false), vec![vec![0, 2], vec![1, 3]]);
        let tried = b.key(&[0, 2]);
        assert_eq!(b.nearest(&cost, 5, |k| *k == tried[..]), vec![vec![1, 3]]);
    }
}
