//! Polyforms: part counts against OEIS, packing solution counts against the published ones,
//! the hexomino parity argument, malformed parts and boards.

use tessera::polyform::enumerate::count;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::{builtin_set, Symmetry};

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
    builtin_set(name).unwrap().parts.into_iter().map(|(name, cells)| PartSpec { name, cells, count: Some(1) }).collect()
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
                PartSpec { name: "a".into(), cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], count: Some(1) },
                PartSpec { name: "b".into(), cells: vec![[1, 1, 1], [0, 1, 1], [1, 0, 1], [1, 1, 0]], count: Some(1) },
            ],
        ),
        (
            Board::boxed(3, 2, 2).unwrap(),
            vec![PartSpec { name: "l".into(), cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: Some(4) }],
        ),
        (
            Board::boxed(4, 3, 0).unwrap(),
            vec![PartSpec { name: "domino".into(), cells: vec![[0, 0, 0], [1, 0, 0]], count: Some(6) }],
        ),
        // One 3D part filling the box: its first placement already covers everything.
        (
            Board::boxed(1, 2, 2).unwrap(),
            vec![PartSpec {
                name: "o".into(),
                cells: vec![[0, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]],
                count: Some(1),
            }],
        ),
    ];
    for (k, (board, parts)) in cases.iter().enumerate() {
        let brute = brute_force(board, parts);
        // With and without hole pruning; and with a stop far away, which lists every solution
        // instead of one per symmetry orbit weighted by the orbit's size.
        for (prune_holes, stop) in [(false, 0), (true, 0), (false, u64::MAX)] {
            let got = solve(board, parts, &PackOptions { prune_holes, stop, ..PackOptions::new(board.dim) });
            assert_eq!(got.solutions, brute, "case {k}, prune {prune_holes}, stop {stop}");
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

#[test]
fn bad_boards_and_parts_are_refused_with_reasons() {
    assert!(Board::boxed(0, 5, 0).unwrap_err().contains("positive"));
    assert!(Board::boxed(100, 100, 0).unwrap_err().contains("too large"));
    assert!(Board::boxed(3, 3, 0).unwrap().without(&[[5, 5, 0]]).unwrap_err().contains("not a cell"));
    let out = solve(&Board::boxed(3, 3, 0).unwrap(), &specs("tetrominoes"), &PackOptions::new(2));
    assert!(out.impossible.unwrap().contains("cover 20 cells but the board has 9"));
}
