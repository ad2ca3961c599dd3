//! Polyforms: part counts against OEIS, packing solution counts against the published ones,
//! the hexomino parity argument, malformed parts and boards.

use tessera::polyform::enumerate::count;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::Symmetry;

#[test]
fn two_dimensional_counts_match_oeis_up_to_twelve_cells() {
    // A001168 (fixed), A000988 (one-sided), A000105 (free).
    let fixed = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861];
    let one_sided = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189, 33896, 126759];
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600];
    for n in 1..=12 {
        assert_eq!(count(2, n, Symmetry::Fixed), fixed[n - 1], "fixed, n = {n}");
        assert_eq!(count(2, n, Symmetry::Rotations), one_sided[n - 1], "one-sided, n = {n}");
        assert_eq!(count(2, n, Symmetry::RotationsAndMirrors), free[n - 1], "free, n = {n}");
    }
}

#[test]
fn three_dimensional_counts_match_oeis_up_to_nine_cells() {
    // A000162 (up to rotation), A038119 (up to rotation and reflection); A001931 fixed.
    let rotations = [1, 1, 2, 8, 29, 166, 1023, 6922, 48311];
    let mirrors = [1, 1, 2, 7, 23, 112, 607, 3811, 25413];
    let fixed = [1, 3, 15, 86, 534, 3481, 23502, 162913];
    for n in 1..=9 {
        assert_eq!(count(3, n, Symmetry::Rotations), rotations[n - 1], "rotations, n = {n}");
        assert_eq!(count(3, n, Symmetry::RotationsAndMirrors), mirrors[n - 1], "mirrors, n = {n}");
        if n <= 8 {
            assert_eq!(count(3, n, Symmetry::Fixed), fixed[n - 1], "fixed, n = {n}");
        }
    }
}

fn specs(name: &str) -> Vec<PartSpec> {
    PartSpec::set(name).expect("a built-in set")
}

fn all(board: &Board, parts: &[PartSpec], unique: bool) -> u64 {
    let opts = PackOptions { unique, threads: 2, ..PackOptions::new(board.dim) };
    let out = solve(board, parts, &opts);
    assert!(out.complete && out.impossible.is_none());
    out.solutions
}

#[test]
fn pentomino_rectangles_have_the_published_counts() {
    let p = specs("pentominoes");
    let b = Board::boxed(10, 6, 0).unwrap();
    assert_eq!(all(&b, &p, false), 9356);
    assert_eq!(all(&b, &p, true), 2339);
    assert_eq!(all(&Board::boxed(12, 5, 0).unwrap(), &p, true), 1010);
    assert_eq!(all(&Board::boxed(15, 4, 0).unwrap(), &p, true), 368);
    assert_eq!(all(&Board::boxed(20, 3, 0).unwrap(), &p, true), 2);
    let holed = Board::boxed(8, 8, 0).unwrap().without(&[[3, 3, 0], [3, 4, 0], [4, 3, 0], [4, 4, 0]]).unwrap();
    assert_eq!(all(&holed, &p, true), 65);
}

/// A board of at most 64 cells is searched in one word, with a table of the dead ends met
/// (states, filled cells and parts at hand, whose search found nothing). The hole check's
/// option takes the search over wider masks, with no table: both count alike, on one thread
/// and two (which share the table), with parts used once, any number of times, or a fixed
/// number of times (no table then: a state would need the copies used).
#[test]
fn the_one_word_search_and_its_dead_ends_count_as_the_wide_search() {
    let l = |count| PartSpec { count, ..PartSpec::once("L", vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]]) };
    let cases = [
        (Board::boxed(12, 5, 0).unwrap(), specs("pentominoes"), true),
        (Board::boxed(15, 4, 0).unwrap(), specs("pentominoes"), false),
        (Board::boxed(6, 6, 0).unwrap(), vec![l(None)], false),
        (Board::boxed(6, 4, 0).unwrap(), vec![l(Some(8))], false),
    ];
    for (board, parts, unique) in &cases {
        let count = |prune_holes, threads| {
            let opts = PackOptions { unique: *unique, prune_holes, threads, ..PackOptions::new(2) };
            let out = solve(board, parts, &opts);
            assert!(out.complete);
            out.solutions
        };
        let wide = count(true, 1);
        assert!(wide > 0);
        assert_eq!(count(false, 1), wide, "{:?}", board.extent());
        assert_eq!(count(false, 2), wide, "{:?}, two threads", board.extent());
    }
    // The table spares most of the search: 6 x 10 pentominoes took 1,256,730 nodes without it.
    let opts = PackOptions { unique: true, ..PackOptions::new(2) };
    let out = solve(&Board::boxed(10, 6, 0).unwrap(), &specs("pentominoes"), &opts);
    assert_eq!(out.solutions, 2339);
    assert!(out.nodes < 800_000, "{} nodes", out.nodes);
}

#[test]
fn the_soma_cube_has_240_solutions_up_to_symmetry() {
    let p = specs("soma");
    let b = Board::boxed(3, 3, 3).unwrap();
    assert_eq!(all(&b, &p, false), 11520);
    assert_eq!(all(&b, &p, true), 240);
}

#[test]
fn every_solution_found_is_an_exact_cover() {
    let p = specs("pentominoes");
    let b = Board::boxed(10, 6, 0).unwrap();
    let out = solve(&b, &p, &PackOptions { stop: 20, keep: 20, ..PackOptions::new(2) });
    assert_eq!(out.kept.len(), 20);
    assert!(!out.complete);
    for sol in &out.kept {
        let mut cells: Vec<_> = sol.iter().flat_map(|(_, c)| c.clone()).collect();
        cells.sort();
        assert_eq!(cells, b.cells);
        let mut used: Vec<usize> = sol.iter().map(|(i, _)| *i).collect();
        used.sort();
        assert_eq!(used, (0..12).collect::<Vec<_>>());
        for (i, c) in sol {
            let got = tessera::polyform::canonical(c, 2, Symmetry::RotationsAndMirrors);
            assert_eq!(got, tessera::polyform::canonical(&p[*i].cells, 2, Symmetry::RotationsAndMirrors));
        }
    }
}

/// Brute force: every way to give each copy of each part, in order, a placement inside the
/// board that overlaps nothing chosen before; those covering the board are solutions.
/// Identical copies are then counted once per set of places (divide by the orderings).
fn brute_force(board: &Board, parts: &[PartSpec]) -> u64 {
    use tessera::polyform::orientations;
    let turns = PackOptions::new(board.dim).turns;
    let copies: Vec<usize> =
        parts.iter().enumerate().flat_map(|(i, p)| std::iter::repeat_n(i, p.count.unwrap() as usize)).collect();
    let placements: Vec<Vec<Vec<[i32; 3]>>> = parts
        .iter()
        .map(|p| {
            let mut v = Vec::new();
            for o in orientations(&p.cells, board.dim, turns) {
                for dx in -4..5 {
                    for dy in -4..5 {
                        for dz in -4..5 {
                            let c: Vec<[i32; 3]> = o.iter().map(|c| [c[0] + dx, c[1] + dy, c[2] + dz]).collect();
                            if c.iter().all(|x| board.cells.contains(x)) {
                                v.push(c);
                            }
                        }
                    }
                }
            }
            v
        })
        .collect();
    fn go(k: usize, copies: &[usize], placements: &[Vec<Vec<[i32; 3]>>], used: &mut Vec<[i32; 3]>, n: usize) -> u64 {
        if k == copies.len() {
            return u64::from(used.len() == n);
        }
        let mut total = 0;
        for pl in &placements[copies[k]] {
            if pl.iter().any(|c| used.contains(c)) {
                continue;
            }
            used.extend(pl);
            total += go(k + 1, copies, placements, used, n);
            used.truncate(used.len() - pl.len());
        }
        total
    }
    let ordered = go(0, &copies, &placements, &mut Vec::new(), board.cells.len());
    let orderings: u64 = parts.iter().map(|p| (1..=p.count.unwrap() as u64).product::<u64>()).product();
    ordered / orderings
}

#[test]
fn counts_agree_with_brute_force_on_small_boards() {
    let tet = specs("tetrominoes");
    let pick = |names: &[&str]| tet.iter().filter(|p| names.contains(&p.name.as_str())).cloned().collect::<Vec<_>>();
    let cases: Vec<(Board, Vec<PartSpec>)> = vec![
        (Board::boxed(4, 4, 0).unwrap(), vec![PartSpec { count: Some(4), ..pick(&["T"])[0].clone() }]),
        (
            Board::boxed(4, 4, 0).unwrap(),
            vec![
                PartSpec { count: Some(2), ..pick(&["L"])[0].clone() },
                pick(&["O"])[0].clone(),
                pick(&["I"])[0].clone(),
            ],
        ),
        (
            Board::boxed(4, 3, 0).unwrap(),
            vec![PartSpec { count: Some(2), ..pick(&["L"])[0].clone() }, pick(&["I"])[0].clone()],
        ),
        (Board::boxed(4, 2, 0).unwrap(), vec![PartSpec { count: Some(2), ..pick(&["L"])[0].clone() }]),
        (
            Board::boxed(2, 2, 2).unwrap(),
            vec![
                PartSpec {
                    name: "a".into(),
                    cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                    count: Some(1),
                    least: None,
                    colours: Vec::new(),
                },
                PartSpec {
                    name: "b".into(),
                    cells: vec![[1, 1, 1], [0, 1, 1], [1, 0, 1], [1, 1, 0]],
                    count: Some(1),
                    least: None,
                    colours: Vec::new(),
                },
            ],
        ),
        (
            Board::boxed(3, 2, 2).unwrap(),
            vec![PartSpec {
                name: "l".into(),
                cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
                count: Some(4),
                least: None,
                colours: Vec::new(),
            }],
        ),
        (
            Board::boxed(4, 3, 0).unwrap(),
            vec![PartSpec {
                name: "domino".into(),
                cells: vec![[0, 0, 0], [1, 0, 0]],
                count: Some(6),
                least: None,
                colours: Vec::new(),
            }],
        ),
        // One 3D part filling the box: its first placement already covers everything.
        (
            Board::boxed(1, 2, 2).unwrap(),
            vec![PartSpec {
                name: "o".into(),
                cells: vec![[0, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]],
                count: Some(1),
                least: None,
                colours: Vec::new(),
            }],
        ),
    ];
    for (k, (board, parts)) in cases.iter().enumerate() {
        let brute = brute_force(board, parts);
        // With and without hole pruning; and with a stop far away, which lists every solution
        // instead of one per symmetry orbit weighted by the orbit's size.
        // And with two threads, which deal out the first two steps.
        for (prune_holes, stop, threads) in [(false, 0, 1), (true, 0, 1), (false, u64::MAX, 1), (false, 0, 2)] {
            let got = solve(board, parts, &PackOptions { prune_holes, stop, threads, ..PackOptions::new(board.dim) });
            assert_eq!(got.solutions, brute, "case {k}, prune {prune_holes}, stop {stop}, threads {threads}");
        }
        assert!(brute > 0, "case {k}");
        eprintln!("case {k}: {brute} solutions");
    }
}

#[test]
fn the_35_hexominoes_fill_no_rectangle_by_parity() {
    let p = specs("hexominoes");
    assert_eq!(p.len(), 35);
    for (w, h) in [(14, 15), (10, 21), (7, 30), (6, 35), (5, 42), (3, 70), (2, 105)] {
        let b = Board::boxed(w, h, 0);
        let Ok(b) = b else { continue }; // boards over the size limit are refused, not searched
        let out = solve(&b, &p, &PackOptions::new(2));
        assert_eq!(out.solutions, 0);
        assert_eq!(out.nodes, 0, "ruled out before any search");
        assert!(out.impossible.as_deref().unwrap().contains("parity"), "{:?}", out.impossible);
    }
}

/// P2: BurrTools solves results of more than 512 cells, which Tessera refused. The cap is now
/// 1,024 cells.
#[test]
fn boards_past_512_cells_are_packed_up_to_1024() {
    let board = Board::boxed(24, 30, 0).unwrap();
    let dominoes = PartSpec { count: Some(360), ..PartSpec::once("I2", vec![[0, 0, 0], [1, 0, 0]]) };
    let opts = PackOptions { stop: 1, ..PackOptions::new(2) };
    let out = solve(&board, &[dominoes], &opts);
    assert_eq!(out.solutions, 1, "{out:?}");
    assert!(Board::boxed(32, 32, 0).is_ok());
    assert!(Board::boxed(25, 41, 0).unwrap_err().contains("too large"));
}

#[test]
fn bad_boards_and_parts_are_refused_with_reasons() {
    assert!(Board::boxed(0, 5, 0).unwrap_err().contains("positive"));
    assert!(Board::boxed(100, 100, 0).unwrap_err().contains("too large"));
    assert!(Board::boxed(3, 3, 0).unwrap().without(&[[5, 5, 0]]).unwrap_err().contains("not a cell"));
    let out = solve(&Board::boxed(3, 3, 0).unwrap(), &specs("tetrominoes"), &PackOptions::new(2));
    assert!(out.impossible.unwrap().contains("cover 20 cells but the board has 9"));
}

/// Solutions as sets of placed parts, counted the plain way: each part in turn takes between
/// its fewest and most copies, each set of non-overlapping places once, and a set counts
/// when every cell that must be filled is.
fn brute_force_ranged(board: &Board, parts: &[PartSpec]) -> u64 {
    use tessera::polyform::orientations;
    let turns = PackOptions::new(board.dim).turns;
    let places: Vec<Vec<Vec<[i32; 3]>>> = parts
        .iter()
        .map(|p| {
            let mut v: Vec<Vec<[i32; 3]>> = Vec::new();
            for o in orientations(&p.cells, board.dim, turns) {
                for &a in &board.cells {
                    let c: Vec<[i32; 3]> = o
                        .iter()
                        .map(|c| [c[0] - o[0][0] + a[0], c[1] - o[0][1] + a[1], c[2] - o[0][2] + a[2]])
                        .collect();
                    let mut key = c.clone();
                    key.sort();
                    if c.iter().all(|x| board.cells.contains(x)) && !v.contains(&key) {
                        v.push(key);
                    }
                }
            }
            v
        })
        .collect();
    fn go(
        part: usize,
        from: usize,
        copies: u32,
        parts: &[PartSpec],
        places: &[Vec<Vec<[i32; 3]>>],
        used: &mut Vec<[i32; 3]>,
        board: &Board,
    ) -> u64 {
        if part == parts.len() {
            let filled = board.cells.iter().all(|c| used.contains(c) || board.optional.contains(c));
            return u64::from(filled);
        }
        let mut total = 0;
        // This part's copies are done (at least its fewest placed): on to the next part.
        if copies >= parts[part].fewest() {
            total += go(part + 1, 0, 0, parts, places, used, board);
        }
        if copies < parts[part].count.unwrap() {
            for k in from..places[part].len() {
                let pl = &places[part][k];
                if pl.iter().any(|c| used.contains(c)) {
                    continue;
                }
                used.extend(pl);
                total += go(part, k + 1, copies + 1, parts, places, used, board);
                used.truncate(used.len() - pl.len());
            }
        }
        total
    }
    go(0, 0, 0, parts, &places, &mut Vec::new(), board)
}

fn shape(name: &str, cells: &[[i32; 3]], count: u32, least: Option<u32>) -> PartSpec {
    PartSpec { name: name.into(), cells: cells.to_vec(), count: Some(count), least, colours: Vec::new() }
}

#[test]
fn optional_cells_and_count_ranges_agree_with_brute_force() {
    let domino = [[0, 0, 0], [1, 0, 0]];
    let bar = [[0, 0, 0], [1, 0, 0], [2, 0, 0]];
    let ell = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    let square = Board::boxed(3, 3, 0).unwrap();
    let cases: Vec<(Board, Vec<PartSpec>)> = vec![
        // The ring of a 3 x 3 square (its centre may stay empty) from up to 5 dominoes.
        (square.clone().with_optional(&[[1, 1, 0]]).unwrap(), vec![shape("domino", &domino, 5, Some(0))]),
        // The same, with bars of three too, 0 to 2 of them.
        (
            square.clone().with_optional(&[[1, 1, 0]]).unwrap(),
            vec![shape("domino", &domino, 4, Some(0)), shape("bar", &bar, 2, Some(0))],
        ),
        // Every cell of a 4 x 3 box filled, a bar at least once, one to four ells.
        (Board::boxed(4, 3, 0).unwrap(), vec![shape("bar", &bar, 4, Some(1)), shape("ell", &ell, 4, Some(1))]),
        // A corner and an edge cell of a 4 x 3 box may stay empty; ells and dominoes.
        (
            Board::boxed(4, 3, 0).unwrap().with_optional(&[[0, 0, 0], [2, 0, 0]]).unwrap(),
            vec![shape("ell", &ell, 3, Some(1)), shape("domino", &domino, 3, Some(0))],
        ),
        // In 3D: a 2 x 2 x 2 box, one corner optional, one to four ells (tripods of 3).
        (
            Board::boxed(2, 2, 2).unwrap().with_optional(&[[1, 1, 1]]).unwrap(),
            vec![shape("ell", &ell, 4, Some(1)), shape("domino", &domino, 1, Some(0))],
        ),
    ];
    for (k, (board, parts)) in cases.iter().enumerate() {
        let brute = brute_force_ranged(board, parts);
        assert!(brute > 0, "case {k}");
        // (Two threads deal out the first steps: an optional first cell may stay empty too.)
        for (prune_holes, stop, threads) in [(false, 0, 1), (true, 0, 1), (false, u64::MAX, 1), (false, 0, 2)] {
            let got = solve(board, parts, &PackOptions { prune_holes, stop, threads, ..PackOptions::new(board.dim) });
            assert_eq!(got.solutions, brute, "case {k}, prune {prune_holes}, stop {stop}, threads {threads}");
            assert!(got.complete, "case {k}");
        }
        // Every solution kept leaves only optional cells empty and keeps to the ranges.
        let out = solve(board, parts, &PackOptions { keep: 1000, ..PackOptions::new(board.dim) });
        for sol in &out.kept {
            let covered: Vec<[i32; 3]> = sol.iter().flat_map(|(_, c)| c.clone()).collect();
            assert!(board.cells.iter().all(|c| covered.contains(c) || board.optional.contains(c)), "case {k}");
            for (i, p) in parts.iter().enumerate() {
                let used = sol.iter().filter(|(j, _)| *j == i).count() as u32;
                assert!((p.fewest()..=p.count.unwrap()).contains(&used), "case {k}: part {i} used {used} times");
            }
        }
        eprintln!("case {k}: {brute} solutions");
    }
    // A range no area can meet is refused before any search.
    let out = solve(&square, &[shape("domino", &domino, 4, Some(0))], &PackOptions::new(2));
    assert!(out.impossible.unwrap().contains("covers 9 cells"));
}

/// A board of two separate regions: the whole is counted as the product of the regions'
/// own counts when the parts can only split one way between them (a 2 x 3 region takes the
/// two L-trominoes, a 4 x 4 region the four L-tetrominoes: 6 is no sum of fours).
#[test]
fn a_board_of_two_regions_counts_as_the_product_of_its_regions() {
    let tromino = shape("L3", &[[0, 0, 0], [1, 0, 0], [0, 1, 0]], 2, None);
    let tetromino = shape("L4", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]], 4, None);
    let small = Board::boxed(2, 3, 0).unwrap();
    let big = Board::boxed(4, 4, 0).unwrap();
    let mut cells = small.cells.clone();
    cells.extend(big.cells.iter().map(|c| [c[0] + 3, c[1], 0]));
    let whole = Board::from_cells(2, cells).unwrap();
    let parts = vec![tromino.clone(), tetromino.clone()];
    let count = |b: &Board, p: &[PartSpec]| {
        let out = solve(b, p, &PackOptions::new(2));
        assert!(out.complete && out.impossible.is_none());
        out.solutions
    };
    let (a, b) = (count(&small, &[tromino]), count(&big, &[tetromino]));
    assert!(a > 0 && b > 0);
    assert_eq!(count(&whole, &parts), a * b, "{a} x {b}");
    // The board as a whole has no symmetry (the small region sits at the bottom, beside the
    // big one), so counting up to symmetry changes nothing; two copies of the small region
    // side by side have the whole board's turns and mirrors, which the count divides out.
    let unique = solve(&whole, &parts, &PackOptions { unique: true, ..PackOptions::new(2) });
    assert_eq!(unique.solutions, a * b);
    let mut twin = small.cells.clone();
    twin.extend(small.cells.iter().map(|c| [c[0] + 3, c[1], 0]));
    let twin = Board::from_cells(2, twin).unwrap();
    let four = [shape("L3", &[[0, 0, 0], [1, 0, 0], [0, 1, 0]], 4, None)];
    assert_eq!(count(&twin, &four), a * a);
    let unique = solve(&twin, &four, &PackOptions { unique: true, ..PackOptions::new(2) });
    // Against the orbits listed the plain way.
    assert!(unique.complete);
    assert_eq!(unique.solutions, brute_orbits(&twin, &four));
}

/// Orbits of the solutions under the board's own symmetries, by listing every solution and
/// keeping the smallest image of each (parts that mirror and turn, as in 2D).
fn brute_orbits(board: &Board, parts: &[PartSpec]) -> u64 {
    let out = solve(board, parts, &PackOptions { keep: 100_000, stop: u64::MAX, ..PackOptions::new(board.dim) });
    assert!(out.kept.len() < 100_000);
    let e = board.extent();
    // The identity and the mirrors of the box's width, its height, and both (a half turn).
    let flip = |(fx, fy): (bool, bool), c: [i32; 3]| {
        [if fx { e[0] - 1 - c[0] } else { c[0] }, if fy { e[1] - 1 - c[1] } else { c[1] }, 0]
    };
    let maps = [(false, false), (true, false), (false, true), (true, true)];
    let mut seen = std::collections::BTreeSet::new();
    for sol in &out.kept {
        let images: Vec<Vec<(usize, Vec<[i32; 3]>)>> = maps
            .iter()
            .filter(|&&m| board.cells.iter().all(|&c| board.cells.contains(&flip(m, c))))
            .map(|&m| {
                let mut img: Vec<(usize, Vec<[i32; 3]>)> = sol
                    .iter()
                    .map(|(p, cs)| {
                        let mut v: Vec<[i32; 3]> = cs.iter().map(|&c| flip(m, c)).collect();
                        v.sort();
                        (*p, v)
                    })
                    .collect();
                img.sort();
                img
            })
            .collect();
        seen.insert(images.into_iter().min().unwrap());
    }
    seen.len() as u64
}

/// Issue P2c: with count ranges, BurrTools merges an assembly with its mirror image when the
/// pieces that assembly uses have mirror images in the problem (and the image keeps every
/// count in its range), even if other pieces of the problem have none; Tessera merged only
/// when every piece had one (12 of 150 random problems counted 2 against 1, 4 against 2). Here
/// the packer's count against a brute force written apart: every assembly listed, then those
/// counted that are the least of their images under the box's symmetries so admitted.
#[test]
fn counts_with_ranges_merge_mirror_images_as_burrtools_does() {
    use tessera::polyform::{apply, canonical, motions, normalize, orientations, Cell};
    let library: [(&str, &[[i32; 3]]); 9] = [
        ("monomino", &[[0, 0, 0]]),
        ("domino", &[[0, 0, 0], [1, 0, 0]]),
        ("L3", &[[0, 0, 0], [1, 0, 0], [0, 1, 0]]),
        ("L4", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]]),
        ("J4", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]]),
        ("S4", &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]),
        ("Z4", &[[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0]]),
        ("T4", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]),
        ("P5", &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 2, 0]]),
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    let (mut tried, mut merged_somewhere) = (0, 0);
    while tried < 150 {
        let (w, h) = (2 + next(3) as i32, 2 + next(3) as i32);
        let area = (w * h) as usize;
        let mut picks: Vec<usize> = (0..library.len()).collect();
        picks.retain(|_| next(2) == 0);
        let parts: Vec<PartSpec> = picks
            .iter()
            .map(|&i| {
                let most = 1 + next(2) as u32;
                let least = next(most as u64 + 1) as u32;
                PartSpec {
                    name: library[i].0.into(),
                    cells: library[i].1.to_vec(),
                    count: Some(most),
                    least: Some(least),
                    colours: Vec::new(),
                }
            })
            .collect();
        let (least, most): (usize, usize) = parts.iter().fold((0, 0), |(a, b), p| {
            (a + p.fewest() as usize * p.cells.len(), b + p.count.unwrap() as usize * p.cells.len())
        });
        if parts.is_empty() || least > area || most < area {
            continue;
        }
        tried += 1;
        let board = Board::boxed(w, h, 0).unwrap();
        let opts = PackOptions { unique: true, turns: Symmetry::Rotations, ..PackOptions::new(2) };
        let got = solve(&board, &parts, &opts);
        assert!(got.complete);
        // Brute force: fill the lowest empty cell with every turned part whose count allows.
        let shapes: Vec<Vec<Vec<Cell>>> =
            parts.iter().map(|p| orientations(&p.cells, 2, Symmetry::Rotations)).collect();
        let cells = board.cells.clone();
        let mut all: Vec<Vec<(usize, Vec<Cell>)>> = Vec::new();
        let mut used = vec![0u32; parts.len()];
        let mut placed: Vec<(usize, Vec<Cell>)> = Vec::new();
        fn fill(
            cells: &[Cell],
            shapes: &[Vec<Vec<Cell>>],
            parts: &[PartSpec],
            used: &mut Vec<u32>,
            placed: &mut Vec<(usize, Vec<Cell>)>,
            all: &mut Vec<Vec<(usize, Vec<Cell>)>>,
        ) {
            let taken: Vec<Cell> = placed.iter().flat_map(|(_, c)| c.clone()).collect();
            let Some(&first) = cells.iter().find(|c| !taken.contains(c)) else {
                if (0..parts.len()).all(|i| used[i] >= parts[i].fewest()) {
                    let mut a = placed.clone();
                    a.sort();
                    all.push(a);
                }
                return;
            };
            for (i, turns) in shapes.iter().enumerate() {
                if used[i] >= parts[i].count.unwrap() {
                    continue;
                }
                for shape in turns {
                    // The shape's first cell in the board's order (x, then y) on `first`.
                    let low = *shape.iter().min().unwrap();
                    let at: Vec<Cell> =
                        shape.iter().map(|c| [c[0] - low[0] + first[0], c[1] - low[1] + first[1], 0]).collect();
                    if at.iter().all(|c| cells.contains(c) && !taken.contains(c)) {
                        let mut sorted = at.clone();
                        sorted.sort();
                        used[i] += 1;
                        placed.push((i, sorted));
                        fill(cells, shapes, parts, used, placed, all);
                        placed.pop();
                        used[i] -= 1;
                    }
                }
            }
        }
        fill(&cells, &shapes, &parts, &mut used, &mut placed, &mut all);
        // The box's symmetries.
        let class = |c: &[Cell]| canonical(c, 2, Symmetry::Rotations);
        // Each symmetry with the part every part's image is (None: no such part).
        type Relabelled = ([[i32; 3]; 3], Vec<Option<usize>>);
        let syms: Vec<Relabelled> = motions(2, Symmetry::RotationsAndMirrors)
            .into_iter()
            .filter(|m| normalize(&cells.iter().map(|&c| apply(m, c)).collect::<Vec<_>>()) == cells)
            .map(|m| {
                let relabel = parts
                    .iter()
                    .map(|p| {
                        let image = class(&p.cells.iter().map(|&c| apply(&m, c)).collect::<Vec<_>>());
                        parts.iter().position(|q| class(&q.cells) == image)
                    })
                    .collect();
                (m, relabel)
            })
            .collect();
        let image = |a: &[(usize, Vec<Cell>)], m: &[[i32; 3]; 3], relabel: &[Option<usize>]| {
            let moved: Vec<Cell> = cells.iter().map(|&c| apply(m, c)).collect();
            let lo = [moved.iter().map(|c| c[0]).min().unwrap(), moved.iter().map(|c| c[1]).min().unwrap()];
            let mut out = Vec::new();
            let mut uses = vec![0u32; parts.len()];
            for (p, cs) in a {
                let q = relabel[*p]?;
                uses[q] += 1;
                let mut v: Vec<Cell> =
                    cs.iter().map(|&c| apply(m, c)).map(|c| [c[0] - lo[0], c[1] - lo[1], 0]).collect();
                v.sort();
                out.push((q, v));
            }
            if (0..parts.len()).any(|q| uses[q] < parts[q].fewest() || uses[q] > parts[q].count.unwrap()) {
                return None;
            }
            out.sort();
            Some(out)
        };
        let least_of_images =
            all.iter().filter(|a| syms.iter().filter_map(|(m, r)| image(a, m, r)).all(|img| **a <= img)).count() as u64;
        assert_eq!(
            got.solutions,
            least_of_images,
            "{w} x {h}, parts {:?}",
            parts.iter().map(|p| (&p.name, p.fewest(), p.count)).collect::<Vec<_>>()
        );
        // Problems where some part lacks a mirror image and an assembly still merges.
        let lacking = syms.iter().any(|(_, r)| r.contains(&None));
        if lacking
            && least_of_images
                < all
                    .iter()
                    .filter(|a| {
                        syms.iter()
                            .filter(|(_, r)| !r.contains(&None))
                            .filter_map(|(m, r)| image(a, m, r))
                            .all(|img| **a <= img)
                    })
                    .count() as u64
        {
            merged_somewhere += 1;
        }
    }
    assert!(merged_somewhere >= 5, "only {merged_somewhere} problems tell the two rules apart");
}
