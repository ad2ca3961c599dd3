//! Polyiamonds and polyhexes (`polyform::grid`): their counts against OEIS, and every fixed part
//! against a brute force written apart from the library. The brute force has its own geometry:
//! a cell is its centre in scaled plane coordinates, a motion is a true turn or mirror of the
//! plane, and parts grow by Lang's method (every free side of every part of n - 1 cells).

use std::collections::{BTreeSet, HashSet};
use tessera::polyform::grid::{count, parts, Grid};
use tessera::polyform::{Cell, Symmetry};

/// OEIS A001420, A006534, A000577 (fixed, one-sided, free polyiamonds, n = 1..10).
#[rustfmt::skip]
const IAMONDS: [[u64; 10]; 3] = [
    [2, 3, 6, 14, 36, 94, 250, 675, 1838, 5053],
    [1, 1, 1, 4, 6, 19, 43, 120, 307, 866],
    [1, 1, 1, 3, 4, 12, 24, 66, 160, 448],
];
/// OEIS A001207, A006535, A000228 (fixed, one-sided, free polyhexes, n = 1..8).
#[rustfmt::skip]
const HEXES: [[u64; 8]; 3] = [
    [1, 3, 11, 44, 186, 814, 3652, 16689],
    [1, 1, 3, 10, 33, 147, 620, 2821],
    [1, 1, 3, 7, 22, 82, 333, 1448],
];
const CLASSES: [Symmetry; 3] = [Symmetry::Fixed, Symmetry::Rotations, Symmetry::RotationsAndMirrors];

#[test]
fn polyiamond_and_polyhex_counts_match_oeis() {
    for (k, sym) in CLASSES.into_iter().enumerate() {
        let iamonds: Vec<u64> = (1..=10).map(|n| count(Grid::Triangle, n, sym)).collect();
        assert_eq!(iamonds, IAMONDS[k], "polyiamonds, {sym:?}");
        let hexes: Vec<u64> = (1..=8).map(|n| count(Grid::Hexagon, n, sym)).collect();
        assert_eq!(hexes, HEXES[k], "polyhexes, {sym:?}");
    }
}

/// A cell's centre, scaled to whole numbers: on triangles (2x, 6y/√3) of the centroid, on
/// hexagons (2x, 2y/√3) of the centre, for unit lattice steps.
type Centre = (i64, i64);

/// The brute force's own view of a grid.
struct Plane {
    /// The centres of the cells sharing a side with this one.
    neighbours: fn(Centre) -> Vec<Centre>,
    /// A turn by 60 degrees about the origin, and a mirror in the vertical axis.
    turn: fn(Centre) -> Centre,
    mirror: fn(Centre) -> Centre,
    /// The translation that brings a part's lowest cell home.
    home: fn(Centre) -> Centre,
}

const TRIANGLES: Plane = Plane {
    // A triangle pointing up has its centre at y = 1 (mod 3), one pointing down at y = 2.
    neighbours: |(x, y)| {
        let s = if y.rem_euclid(3) == 1 { 1 } else { -1 };
        vec![(x + 1, y + s), (x - 1, y + s), (x, y - 2 * s)]
    },
    turn: |(x, y)| ((x - y) / 2, (3 * x + y) / 2),
    mirror: |(x, y)| (-x, y),
    // Lattice steps move centres by (2, 0) and (1, 3): the lowest cell goes to y in {1, 2}
    // and x in {0, 1}.
    home: |(x, y)| {
        let b = -y.div_euclid(3);
        let a = -(x + b).div_euclid(2);
        (2 * a + b, 3 * b)
    },
};

const HEXAGONS: Plane = Plane {
    neighbours: |(x, y)| vec![(x + 2, y), (x - 2, y), (x + 1, y + 1), (x - 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)],
    turn: |(x, y)| ((x - 3 * y) / 2, (x + y) / 2),
    mirror: |(x, y)| (-x, y),
    home: |(x, y)| (-x, -y),
};

impl Plane {
    fn normal(&self, part: &[Centre]) -> Vec<Centre> {
        let low = part.iter().min_by_key(|&&(x, y)| (y, x)).expect("a cell");
        let (dx, dy) = (self.home)(*low);
        let mut v: Vec<Centre> = part.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
        v.sort();
        v
    }

    /// Every fixed part of 1..=n cells, grown one free side at a time from the lone cells.
    fn fixed(&self, lone: &[Centre], n: usize) -> Vec<BTreeSet<Vec<Centre>>> {
        let mut levels = vec![lone.iter().map(|&c| self.normal(&[c])).collect::<BTreeSet<_>>()];
        while levels.len() < n {
            let mut next = BTreeSet::new();
            for part in levels.last().expect("a level") {
                for &c in part {
                    for nb in (self.neighbours)(c) {
                        if !part.contains(&nb) {
                            let mut grown = part.clone();
                            grown.push(nb);
                            next.insert(self.normal(&grown));
                        }
                    }
                }
            }
            levels.push(next);
        }
        levels
    }

    /// How many classes the fixed parts fall into under the turns (and the mirror).
    fn classes(&self, fixed: &BTreeSet<Vec<Centre>>, mirrors: bool) -> usize {
        let mut seen: HashSet<Vec<Centre>> = HashSet::new();
        let mut k = 0;
        for part in fixed {
            if seen.contains(part) {
                continue;
            }
            k += 1;
            let mut image = part.clone();
            for flip in [false, true].into_iter().take(if mirrors { 2 } else { 1 }) {
                if flip {
                    image = image.iter().map(|&c| (self.mirror)(c)).collect();
                }
                for _ in 0..6 {
                    image = image.iter().map(|&c| (self.turn)(c)).collect();
                    seen.insert(self.normal(&image));
                }
            }
        }
        k
    }
}

/// The library's cell as the brute force sees it.
fn centre(grid: Grid, [a, b, t]: Cell) -> Centre {
    let (a, b, t) = (a as i64, b as i64, t as i64);
    match grid {
        Grid::Triangle => (2 * a + b + 1 + t, 3 * b + 1 + t),
        _ => (2 * a + b, b),
    }
}

#[test]
fn every_fixed_part_is_found_once_as_the_brute_force_finds_it() {
    // A triangle pointing up and one pointing down; a hexagon.
    let grids: [(Grid, Plane, &[Centre], usize); 2] =
        [(Grid::Triangle, TRIANGLES, &[(1, 1), (2, 2)], 9), (Grid::Hexagon, HEXAGONS, &[(0, 0)], 7)];
    for (grid, plane, lone, most) in grids {
        let brute = plane.fixed(lone, most);
        for n in 1..=most {
            let ours = parts(grid, n, Symmetry::Fixed);
            let seen: BTreeSet<Vec<Centre>> =
                ours.iter().map(|p| plane.normal(&p.iter().map(|&c| centre(grid, c)).collect::<Vec<_>>())).collect();
            assert_eq!(seen.len(), ours.len(), "{grid:?}, {n} cells: a part found twice");
            assert_eq!(seen, brute[n - 1], "{grid:?}, {n} cells");
            let one_sided = count(grid, n, Symmetry::Rotations) as usize;
            let free = count(grid, n, Symmetry::RotationsAndMirrors) as usize;
            assert_eq!(one_sided, plane.classes(&brute[n - 1], false), "{grid:?}, {n} cells, one-sided");
            assert_eq!(free, plane.classes(&brute[n - 1], true), "{grid:?}, {n} cells, free");
        }
    }
}

/// O'Beirne's hexiamonds: the 12 fill the 6 x 6 diamond in 156 ways up to the diamond's own
/// symmetries (its half-turn and two mirrors), as published (Polyform Puzzler counts the same).
#[test]
fn the_twelve_hexiamonds_fill_the_diamond_156_ways() {
    let hexiamonds = parts(Grid::Triangle, 6, Symmetry::RotationsAndMirrors);
    let diamond: Vec<Cell> = (0..6).flat_map(|a| (0..6).flat_map(move |b| [[a, b, 0], [a, b, 1]])).collect();
    assert_eq!(Grid::Triangle.symmetries(&diamond).len(), 4);
    let (all, distinct) =
        tessera::polyform::grid::fillings(Grid::Triangle, &diamond, &hexiamonds, Symmetry::RotationsAndMirrors);
    assert_eq!(distinct, 156);
    // No filling is its own mirror image or half-turn: each is counted four times in all.
    assert_eq!(all, 4 * 156);
}

impl Plane {
    /// The images of a figure under the 12 motions, each moved home.
    fn images(&self, part: &[Centre]) -> Vec<Vec<Centre>> {
        let mut out = Vec::new();
        let mut image = part.to_vec();
        for _ in 0..2 {
            for _ in 0..6 {
                image = image.iter().map(|&c| (self.turn)(c)).collect();
                out.push(self.normal(&image));
            }
            image = image.iter().map(|&c| (self.mirror)(c)).collect();
        }
        out
    }

    /// Every filling of `board` by `parts`, each used once: the cells each part covers, by
    /// trying every image of every part left on the lowest empty cell, in turn.
    fn fillings(&self, board: &BTreeSet<Centre>, parts: &[Vec<Centre>]) -> Vec<Vec<Vec<Centre>>> {
        fn go(
            plane: &Plane,
            empty: &mut BTreeSet<Centre>,
            parts: &[Vec<Centre>],
            placed: &mut Vec<Option<Vec<Centre>>>,
            out: &mut Vec<Vec<Vec<Centre>>>,
        ) {
            let Some(&low) = empty.iter().min_by_key(|&&(x, y)| (y, x)) else {
                out.push(placed.iter().map(|p| p.clone().expect("every part placed")).collect());
                return;
            };
            let left: Vec<usize> = (0..parts.len()).filter(|&i| placed[i].is_none()).collect();
            for i in left {
                let images: BTreeSet<Vec<Centre>> = plane.images(&parts[i]).into_iter().collect();
                for image in images {
                    // The image's lowest cell onto the lowest empty one.
                    let first = image.iter().min_by_key(|&&(x, y)| (y, x)).expect("a cell");
                    let (dx, dy) = (low.0 - first.0, low.1 - first.1);
                    let cells: Vec<Centre> = image.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
                    if cells.iter().all(|c| empty.contains(c)) {
                        cells.iter().for_each(|c| {
                            empty.remove(c);
                        });
                        placed[i] = Some(cells.clone());
                        go(plane, empty, parts, placed, out);
                        placed[i] = None;
                        empty.extend(cells);
                    }
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut board.clone(), parts, &mut vec![None; parts.len()], &mut out);
        out
    }
}

/// `grid::fillings` against the brute force: every pair of hexiamonds (a part twice too) on a
/// diamond of 2 x 3 lattice steps, every pair of tetrahexes on a parallelogram of 2 x 4
/// hexagons.
#[test]
fn fillings_are_counted_as_the_brute_force_counts_them() {
    let cases: [(Grid, Plane, usize, Vec<Cell>); 2] = [
        (Grid::Triangle, TRIANGLES, 6, (0..2).flat_map(|a| (0..3).flat_map(move |b| [[a, b, 0], [a, b, 1]])).collect()),
        (Grid::Hexagon, HEXAGONS, 4, (0..2).flat_map(|a| (0..4).map(move |b| [a, b, 0])).collect()),
    ];
    let mut filled = 0;
    for (grid, plane, n, board) in cases {
        let all = parts(grid, n, Symmetry::RotationsAndMirrors);
        let seen: BTreeSet<Centre> = board.iter().map(|&c| centre(grid, c)).collect();
        for i in 0..all.len() {
            for j in i..all.len() {
                let pair = [all[i].clone(), all[j].clone()];
                let (count, _) = tessera::polyform::grid::fillings(grid, &board, &pair, Symmetry::RotationsAndMirrors);
                let theirs: Vec<Vec<Centre>> =
                    pair.iter().map(|p| p.iter().map(|&c| centre(grid, c)).collect()).collect();
                let brute = plane.fillings(&seen, &theirs);
                assert_eq!(count, brute.len() as u64, "{grid:?}: parts {i} and {j}");
                filled += usize::from(count > 0);
            }
        }
    }
    // The check is not empty: some pairs do fill their board.
    assert!(filled > 3, "{filled}");
}

/// The packer on the triangles and the hexagons (the game's hints, proofs and counts) against
/// the brute force: every filling of whole sets on small boards, and, counted up to the board's
/// symmetries, as `grid::fillings` merges them.
#[test]
fn the_packer_counts_fillings_as_the_brute_force_finds_them() {
    use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
    let t = Grid::Triangle;
    let h = Grid::Hexagon;
    let cases: Vec<(Grid, Plane, usize, Vec<Cell>)> = vec![
        (t, TRIANGLES, 4, t.parallelogram(3, 2)),
        (t, TRIANGLES, 4, t.parallelogram(6, 1)),
        (t, TRIANGLES, 5, t.parallelogram(5, 2)),
        (t, TRIANGLES, 5, t.parallelogram(10, 1)),
        (h, HEXAGONS, 3, h.parallelogram(3, 3)),
        (h, HEXAGONS, 3, h.parallelogram(9, 1)),
        (h, HEXAGONS, 4, h.parallelogram(7, 4)),
    ];
    let mut filled = 0;
    for (grid, plane, n, cells) in cases {
        let set = parts(grid, n, Symmetry::RotationsAndMirrors);
        let board = Board::on_grid(grid, cells.clone()).unwrap();
        let specs: Vec<PartSpec> =
            set.iter().enumerate().map(|(i, c)| PartSpec::once(format!("{i}"), c.clone())).collect();
        let count = |unique| solve(&board, &specs, &PackOptions { unique, ..PackOptions::new(2) }).solutions;
        let seen: BTreeSet<Centre> = cells.iter().map(|&c| centre(grid, c)).collect();
        let theirs: Vec<Vec<Centre>> = set.iter().map(|p| p.iter().map(|&c| centre(grid, c)).collect()).collect();
        let brute = plane.fillings(&seen, &theirs).len() as u64;
        assert_eq!(count(false), brute, "{grid:?} {n}: {cells:?}");
        let (_, distinct) = tessera::polyform::grid::fillings(grid, &cells, &set, Symmetry::RotationsAndMirrors);
        assert_eq!(count(true), distinct, "{grid:?} {n}: {cells:?}");
        filled += usize::from(brute > 0);
    }
    assert!(filled >= 1, "{filled}");
}
