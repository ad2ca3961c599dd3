//! `tessera solve` and the geometric solver: solutions verify, all-solution counts agree with a
//! brute-force enumeration, impossible figures end with "no solution", bad files are named.

use crate::common::cli::run;
use std::collections::BTreeSet;
use tessera::geom::{pt, Vertex};
use tessera::pieces::{PieceDef, PieceSet};
use tessera::solve::geometric::{solve, Options};
use tessera::solve::lattice::{cells_of, orientations, Cell};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solve");

fn rings_of(v: &serde_json::Value) -> Vec<Vec<Vertex>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array().unwrap().iter().map(|p| pt(p[0].as_f64().unwrap(), p[1].as_f64().unwrap()).into()).collect()
        })
        .collect()
}

#[test]
fn json_solutions_verify_and_scale_is_reported() {
    for (file, scale) in [("square.json", 1.0), ("square_big.ron", 2.0)] {
        let path = format!("{DATA}/{file}");
        let (code, out, err) = run(&["solve", &path, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        for key in ["file", "solved", "solutions", "nodes", "elapsed_ms", "scale"] {
            assert!(v.get(key).is_some(), "{key} missing");
        }
        assert_eq!(v["solved"], true);
        assert!((v["scale"].as_f64().unwrap() - scale).abs() < 1e-12);
        let f = tessera::format::load_solve(std::path::Path::new(&path)).unwrap();
        let puzzle = tessera::verify::Puzzle::new(
            tessera::verify::Target::from_vertices(&f.target).unwrap(),
            tessera::verify::Mode::Anchored,
            false,
        );
        let sol = &v["solutions"][0];
        assert_eq!(sol.as_array().unwrap().len(), 7);
        let pieces: Vec<_> = sol
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, p)| tessera::verify::Piece::from_vertices(&rings_of(p), puzzle.target.tol, i).unwrap())
            .collect();
        assert!(puzzle.judge(&pieces).solved, "{file}: the solution verifies");
    }
}

#[test]
fn impossible_figure_and_bad_files() {
    let (code, out, _) = run(&["solve", &format!("{DATA}/bar.json")]);
    assert_eq!(code, 0);
    assert!(out.contains("no solution ("), "{out}");
    let dir = std::env::temp_dir().join(format!("tessera-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("empty.json"), "").unwrap();
    std::fs::write(dir.join("set.json"), r#"{"target": [[[0,0],[1,0],[1,1]]], "pieces": "hexominoes"}"#).unwrap();
    for (name, problem) in [("empty.json", "file is empty"), ("set.json", "unknown piece set `hexominoes`")] {
        let p = dir.join(name);
        let (code, out, err) = run(&["solve", p.to_str().unwrap(), &format!("{DATA}/square.json"), "--json"]);
        assert_eq!(code, 2);
        assert!(err.contains(name) && err.contains(problem), "{err}");
        assert_eq!(out.lines().count(), 2, "the other file is still solved");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Brute force: try every orientation and integer shift of every piece, in piece order, with no
/// cleverness; identical pieces are then counted once per set of places.
fn brute_force(set: &PieceSet, target: &[Vec<Vertex>]) -> usize {
    let cells: BTreeSet<Cell> = cells_of(target).unwrap().into_iter().collect();
    let mut found: BTreeSet<Vec<(usize, Vec<Cell>)>> = BTreeSet::new();
    fn go(
        set: &PieceSet,
        i: usize,
        free: &BTreeSet<Cell>,
        chosen: &mut Vec<(usize, Vec<Cell>)>,
        found: &mut BTreeSet<Vec<(usize, Vec<Cell>)>>,
    ) {
        if i == set.pieces.len() {
            if free.is_empty() {
                // A piece's kind: the first piece with the same outline.
                let kind =
                    |p: usize| (0..set.pieces.len()).find(|&q| set.pieces[q].rings == set.pieces[p].rings).unwrap();
                let mut key: Vec<(usize, Vec<Cell>)> = chosen.iter().map(|(p, c)| (kind(*p), c.clone())).collect();
                key.sort_by(|a, b| a.1.cmp(&b.1));
                found.insert(key);
            }
            return;
        }
        for o in orientations(set, i) {
            for dx in -4..6 {
                for dy in -4..6 {
                    let placed: Vec<Cell> = o.cells.iter().map(|&(x, y, q)| (x + dx, y + dy, q)).collect();
                    if placed.iter().all(|c| free.contains(c)) {
                        let rest: BTreeSet<Cell> = free.iter().copied().filter(|c| !placed.contains(c)).collect();
                        let mut sorted = placed.clone();
                        sorted.sort();
                        chosen.push((i, sorted));
                        go(set, i + 1, &rest, chosen, found);
                        chosen.pop();
                    }
                }
            }
        }
    }
    go(set, 0, &cells, &mut Vec::new(), &mut found);
    found.len()
}

#[test]
fn all_solution_counts_agree_with_brute_force() {
    let poly = |pts: &[(f64, f64)]| -> Vec<Vertex> { pts.iter().map(|&(x, y)| pt(x, y).into()).collect() };
    let def = |pts: &[(f64, f64)]| PieceDef { name: String::new(), rings: vec![poly(pts)] };
    let sq = def(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let tri = def(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    let cases = [
        (vec![sq.clone(), tri.clone(), tri.clone()], poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)])),
        (
            vec![tri.clone(), tri.clone(), tri.clone(), tri.clone()],
            poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]),
        ),
        (
            vec![sq.clone(), sq.clone(), tri.clone(), tri.clone()],
            poly(&[(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]),
        ),
        (
            vec![sq.clone(), tri.clone(), tri.clone()],
            poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 2.0), (0.0, 1.0)]),
        ),
    ];
    // The T puzzle: its pentagon has the same vertex set as its mirror image.
    let t = PieceSet::builtin("tpuzzle").unwrap().pieces;
    let cases = cases.into_iter().chain([
        (
            t.clone(),
            poly(&[(1.0, 0.0), (2.0, 0.0), (2.0, 3.0), (3.0, 3.0), (3.0, 4.0), (0.0, 4.0), (0.0, 3.0), (1.0, 3.0)]),
        ),
        (t.clone(), poly(&[(-2.0, -2.0), (0.0, -2.0), (1.0, -1.0), (-1.0, 1.0), (-2.0, 0.0)])),
    ]);
    for (k, (pieces, target)) in cases.enumerate() {
        let set = PieceSet { name: "test".into(), pieces, step_deg: 45.0 };
        let target = vec![target];
        let out = solve(&set, &target, &Options { limit: 10_000, ..Options::default() }).unwrap();
        assert!(out.complete);
        let brute = brute_force(&set, &target);
        assert!(brute > 0 || k == 3, "case {k}: only case 3 (area 3 for pieces of area 2) has none");
        assert_eq!(out.solutions.len(), brute, "case {k}");
    }
}
