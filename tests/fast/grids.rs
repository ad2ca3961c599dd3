//! Polyiamonds and polyhexes (`polyform::grid`): their counts against OEIS, and every fixed part
//! against a brute force written apart from the library; the shipped classics' and the
//! pentomino ladder's stated solutions against the packer and that brute force. The brute force has its own geometry:
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

/// Squares, for the boxes of the pentomino ladder: a quarter turn, done six times over, gives
/// each of the four turns (the duplicates fall away where images and motions are gathered).
const SQUARES: Plane = Plane {
    neighbours: |(x, y)| vec![(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)],
    turn: |(x, y)| (-y, x),
    mirror: |(x, y)| (-x, y),
    home: |(x, y)| (-x, -y),
};

/// The library's cell as the brute force sees it.
fn centre(grid: Grid, [a, b, t]: Cell) -> Centre {
    let (a, b, t) = (a as i64, b as i64, t as i64);
    match grid {
        Grid::Triangle => (2 * a + b + 1 + t, 3 * b + 1 + t),
        Grid::Square => (a, b),
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

/// The shipped polyiamond and polyhex levels and the pentomino ladder: each states its number
/// of solutions up to the board's symmetries (`solutions`, written by
/// `examples/make_lattice_packs.rs` and `make_ladder_pack.rs`); the packer counts them again
/// here, and on boards under 40 cells so does a brute force written apart from it (below), with
/// its own notion of the board's symmetries.
#[test]
fn every_classic_level_has_the_solutions_it_states() {
    use tessera::family::polyomino::PolyLevel;
    use tessera::polyform::pack::{solve, PackOptions};
    let mut brute_checked = 0;
    for pack in ["polyiamonds", "polyhexes", "ladder"] {
        let path = format!("{}/levels/{pack}.ron", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let pack = tessera::level::parse_pack(&text, &path, pack).unwrap();
        assert!(pack.levels.len() >= 25, "{}: {} levels", pack.id, pack.levels.len());
        for level in &pack.levels {
            let at = format!("{}/{}", pack.id, level.id);
            let stated = level.entry.solutions.unwrap_or_else(|| panic!("{at}: no `solutions` stated"));
            let poly = level.data::<PolyLevel>().unwrap_or_else(|| panic!("{at}: not a packing level"));
            let opts = PackOptions { unique: true, threads: 2, ..PackOptions::new(2) };
            let packed = solve(&poly.board, &poly.parts, &opts);
            assert!(packed.complete, "{at}: the count did not finish");
            assert_eq!(packed.solutions, stated, "{at}: the packer's count");
            if poly.board.cells.len() >= 40 {
                continue;
            }
            let grid = poly.board.grid;
            let plane = match grid {
                Grid::Triangle => TRIANGLES,
                Grid::Hexagon => HEXAGONS,
                _ => SQUARES,
            };
            let board: Vec<Centre> = poly.board.cells.iter().map(|&c| centre(grid, c)).collect();
            let parts: Vec<Vec<Centre>> =
                poly.pieces.iter().map(|p| p.cells.iter().map(|&c| centre(grid, c)).collect()).collect();
            let (all, distinct) = plane.count_fillings(&board, &parts);
            assert_eq!(distinct, stated, "{at}: the brute force's count ({all} fillings in all)");
            brute_checked += 1;
        }
    }
    assert!(brute_checked >= 35, "{brute_checked} levels checked by the brute force");
}

impl Plane {
    /// Every filling of `board` (under 64 cells) by `parts`, each used once and all told
    /// apart: how many there are, and how many are left when fillings that a motion of the
    /// board carries onto each other count once. Cells are bits, in the order of their
    /// centres from the bottom row up; each part's placements are listed by their lowest cell,
    /// and the search covers the lowest empty cell with every unused part that fits there.
    fn count_fillings(&self, board: &[Centre], parts: &[Vec<Centre>]) -> (u64, u64) {
        let mut cells = board.to_vec();
        cells.sort_by_key(|&(x, y)| (y, x));
        assert!(cells.len() < 64);
        let index: std::collections::HashMap<Centre, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let mask_of =
            |shape: &[Centre]| -> Option<u64> { shape.iter().try_fold(0u64, |m, c| index.get(c).map(|&i| m | 1 << i)) };
        // placements[part][cell]: the part's placements whose lowest cell is `cell`.
        let placements: Vec<Vec<Vec<u64>>> = parts
            .iter()
            .map(|part| {
                let mut by_cell = vec![Vec::new(); cells.len()];
                let images: BTreeSet<Vec<Centre>> = self.images(part).into_iter().collect();
                for image in images {
                    let low = *image.iter().min_by_key(|&&(x, y)| (y, x)).expect("a cell");
                    for (i, &to) in cells.iter().enumerate() {
                        let moved: Vec<Centre> =
                            image.iter().map(|&(x, y)| (x + to.0 - low.0, y + to.1 - low.1)).collect();
                        if let Some(m) = mask_of(&moved) {
                            by_cell[i].push(m);
                        }
                    }
                }
                by_cell
            })
            .collect();
        fn go(full: u64, filled: u64, placements: &[Vec<Vec<u64>>], used: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if filled == full {
                out.push(used.clone());
                return;
            }
            let low = (!filled).trailing_zeros() as usize;
            for p in 0..placements.len() {
                if used[p] != 0 {
                    continue;
                }
                for &m in &placements[p][low] {
                    if m & filled == 0 {
                        used[p] = m;
                        go(full, filled | m, placements, used, out);
                        used[p] = 0;
                    }
                }
            }
        }
        let full = if cells.len() == 64 { u64::MAX } else { (1u64 << cells.len()) - 1 };
        let mut found = Vec::new();
        go(full, 0, &placements, &mut vec![0; parts.len()], &mut found);
        // The board's own motions, each as where it sends every cell.
        let home = |shape: &[Centre]| -> Vec<Centre> {
            let low = shape.iter().min_by_key(|&&(x, y)| (y, x)).expect("a cell");
            let (dx, dy) = (self.home)(*low);
            shape.iter().map(|&(x, y)| (x + dx, y + dy)).collect()
        };
        let at_home: std::collections::HashMap<Centre, usize> =
            home(&cells).into_iter().enumerate().map(|(i, c)| (c, i)).collect();
        let mut motions: Vec<Vec<usize>> = Vec::new();
        let mut image = cells.clone();
        for _ in 0..2 {
            for _ in 0..6 {
                image = image.iter().map(|&c| (self.turn)(c)).collect();
                if let Some(sends) = home(&image).iter().map(|c| at_home.get(c).copied()).collect() {
                    motions.push(sends);
                }
            }
            image = image.iter().map(|&c| (self.mirror)(c)).collect();
        }
        assert!(!motions.is_empty(), "the whole turn is a motion of the board");
        let moved = |m: u64, sends: &[usize]| {
            (0..cells.len()).filter(|&i| m >> i & 1 == 1).fold(0u64, |a, i| a | 1 << sends[i])
        };
        let distinct: HashSet<Vec<u64>> = found
            .iter()
            .map(|f| {
                motions.iter().map(|s| f.iter().map(|&m| moved(m, s)).collect::<Vec<u64>>()).min().expect("a motion")
            })
            .collect();
        (found.len() as u64, distinct.len() as u64)
    }
}
