//! Edge-matching puzzles: the exact solver against brute force and generated puzzles, the
//! paper's LP method, file errors, and the command's JSON.

use tessera::tiles::exact::{solve, turn_board, Options};
use tessera::tiles::generate::{generate, Spec};
use tessera::tiles::{lp, parse_text, turned, Placement, Puzzle};

fn spec(cols: usize, rows: usize, colors: u16, rotate: bool, unique: bool, seed: u64) -> Spec {
    Spec { cols, rows, colors, frame_colors: None, rotate, unique, seed, max_nodes: 0 }
}

/// Every assignment of tiles to cells (and turns), checked side by side.
fn brute_force(p: &Puzzle) -> u64 {
    fn go(p: &Puzzle, cell: usize, used: &mut Vec<bool>, placed: &mut Placement) -> u64 {
        if cell == p.cells() {
            return u64::from(p.check(placed).is_ok());
        }
        let mut total = 0;
        for t in 0..p.tiles.len() {
            if used[t] {
                continue;
            }
            let mut seen = Vec::new();
            for r in 0..if p.rotate { 4 } else { 1 } {
                let o = turned(&p.tiles[t], r);
                if seen.contains(&o) {
                    continue; // one placement per look of a symmetric tile
                }
                seen.push(o);
                used[t] = true;
                placed.push((t, r));
                total += go(p, cell + 1, used, placed);
                placed.pop();
                used[t] = false;
            }
        }
        total
    }
    go(p, 0, &mut vec![false; p.tiles.len()], &mut Vec::new())
}

#[test]
fn solution_counts_agree_with_brute_force() {
    let mut cases = vec![parse_text(&std::fs::read_to_string("tests/data/edge/corners.txt").unwrap(), true).unwrap()];
    for seed in 1..=4 {
        cases.push(generate(&spec(3, 3, 2, false, false, seed)).unwrap().puzzle);
        cases.push(generate(&spec(3, 2, 2, true, false, seed)).unwrap().puzzle);
        cases.push(generate(&spec(2, 2, 1, true, false, seed)).unwrap().puzzle);
    }
    for (k, p) in cases.iter().enumerate() {
        let got = solve(p, &Options { limit: u64::MAX, ..Default::default() }).unwrap();
        assert!(got.complete);
        assert_eq!(got.solutions, brute_force(p), "case {k}: {p:?}");
        assert!(got.solutions > 0);
        p.check(got.first.as_ref().unwrap()).unwrap();
    }
}

#[test]
fn generated_puzzles_are_solved_and_unique_ones_give_back_their_solution() {
    for (cols, rows, colors, rotate) in [(4, 4, 3, false), (5, 4, 4, true), (6, 6, 5, false), (6, 6, 6, true)] {
        for seed in 1..=3 {
            let g = generate(&spec(cols, rows, colors, rotate, true, seed)).unwrap();
            g.puzzle.check(&g.solution).unwrap();
            let out = solve(&g.puzzle, &Options { limit: 10, up_to_board_turns: true, ..Default::default() }).unwrap();
            assert_eq!(out.solutions, 1, "{cols} x {rows} seed {seed}");
            let first = out.first.unwrap();
            g.puzzle.check(&first).unwrap();
            let turns: Vec<Placement> = (0..4).map(|q| turn_board(&g.solution, cols, rows, q)).collect();
            assert!(
                turns.contains(&first) || first == g.solution,
                "{cols} x {rows} seed {seed}: the planted solution comes back"
            );
        }
    }
}

#[test]
fn the_lp_method_recovers_small_random_puzzles() {
    for (cols, rows, rotate) in [(3, 3, false), (4, 4, false), (5, 5, false), (4, 4, true), (4, 3, true)] {
        for seed in 1..=3 {
            let g = generate(&spec(cols, rows, 4, rotate, true, seed)).unwrap();
            for solver in [lp::Solver::Highs, lp::Solver::Microlp] {
                let opts = lp::Options { max_iterations: 40, solver, ..Default::default() };
                let out = lp::solve(&g.puzzle, &opts).unwrap();
                assert!(
                    out.permutation && out.solved,
                    "{cols} x {rows} rotate {rotate} seed {seed} {solver:?}: {out:?}"
                );
                assert!(!out.infeasible);
                g.puzzle.check(&out.placement.unwrap()).unwrap();
            }
        }
    }
}

/// Section 6.3's boards of turning tiles, 6 x 6 with 6 colours: the iteration stalls on most,
/// and presetting the surest location (going back when that leaves no feasible point) ends
/// each on a permutation that solves the puzzle, never on a false "infeasible".
#[test]
fn the_lp_method_escapes_stalls_on_turning_boards() {
    let mut presets = 0;
    for seed in 1..=4 {
        let g = generate(&spec(6, 6, 6, true, false, seed)).unwrap();
        let out = lp::solve(&g.puzzle, &lp::Options { max_iterations: 400, ..Default::default() }).unwrap();
        assert!(out.solved && !out.infeasible, "seed {seed}: {} iterations, {} presets", out.iterations, out.presets);
        g.puzzle.check(&out.placement.unwrap()).unwrap();
        presets += out.presets;
    }
    // Without the escape these boards stall: at least one of them needed it.
    assert!(presets > 0);
}

/// The iterates the solver lab plays: one per program solved, each (near) bistochastic over
/// the entries it keeps (each tile's shares and each cell's sum to 1 but for the entries below
/// `SHOWN` left out), fractional somewhere before the last, and the last the permutation read.
#[test]
fn the_lp_method_keeps_its_iterates_as_fractional_assignments() {
    let g = generate(&spec(6, 6, 6, true, false, 1)).unwrap();
    let opts = lp::Options { max_iterations: 400, keep_iterates: true, ..Default::default() };
    let out = lp::solve(&g.puzzle, &opts).unwrap();
    assert!(out.solved);
    assert_eq!(out.iterates.len(), out.objectives.len(), "one iterate per program with an optimiser");
    let n = g.puzzle.cells();
    let slack = n as f64 * lp::SHOWN;
    for (k, it) in out.iterates.iter().enumerate() {
        let (mut by_tile, mut by_cell) = (vec![0.0; n], vec![0.0; n]);
        for &(t, _, c, v) in it {
            assert!((lp::SHOWN..=1.0).contains(&v), "iterate {k}: entry {v}");
            by_tile[t] += v;
            by_cell[c] += v;
        }
        for s in by_tile.iter().chain(&by_cell) {
            assert!(*s <= 1.0 + 1e-6 && *s >= 1.0 - slack, "iterate {k}: a row sums to {s}");
        }
    }
    assert!(out.iterates.iter().any(|it| it.iter().any(|e| e.3 < 0.99)), "some iterate is fractional");
    let last = out.iterates.last().unwrap();
    let placement = out.placement.unwrap();
    assert_eq!(last.len(), n);
    for &(t, q, c, v) in last {
        assert!(v > 0.99 && placement[c] == (t, q));
    }
    // Not kept unless asked.
    let plain = lp::solve(&g.puzzle, &lp::Options { max_iterations: 400, ..Default::default() }).unwrap();
    assert!(plain.iterates.is_empty() && plain.iterations == out.iterations);
}

#[test]
fn bad_files_are_named_and_unsolvable_puzzles_say_so() {
    for (text, says) in [
        ("", "empty"),
        ("2 2\n0 1 1 0\n0 0 1 1\n1 0 0 1\n", "needs 4 tiles"),
        ("2 2\n0 1 1 0\n0 0 1.5 1\n1 0 0 1\n1 1 0 0\n", "not a whole number"),
        ("2 2\n0 1 1 0\n0 0 -1 1\n1 0 0 1\n1 1 0 0\n", "negative"),
        ("2 2\n0 1 1 0\n0 0 1\n1 0 0 1\n1 1 0 0\n", "four colours"),
        ("2 2\n0 1 2 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n", "cannot pair"),
        ("2\n", "cols rows"),
        ("0 3\n", "1..32"),
    ] {
        let e = parse_text(text, false).unwrap_err();
        assert!(e.contains(says), "{text:?}: {e}");
    }
    // Colours that pair by count but not by place: without turns each corner tile has one
    // corner, and there the top row's 1 meets a 2.
    let p = parse_text("2 2\n0 1 3 0\n0 0 4 2\n3 2 0 0\n4 0 0 1\n", false).unwrap();
    let out = solve(&p, &Options::default()).unwrap();
    assert_eq!((out.solutions, out.complete), (0, true));
    // Its linear program has no feasible point: the LP method says so (it may, since that
    // program holds every solution), where before it said only "no permutation".
    let out = lp::solve(&p, &lp::Options { max_iterations: 5, prune: false, ..Default::default() }).unwrap();
    assert!(out.infeasible && !out.solved && out.iterations == 1, "{out:?}");
    // Striking out what the sides rule out proves it before any program is asked.
    let out = lp::solve(&p, &lp::Options { max_iterations: 5, ..Default::default() }).unwrap();
    assert!(out.infeasible && !out.solved && out.iterations == 0, "{out:?}");
    let out =
        lp::solve(&p, &lp::Options { max_iterations: 5, solver: lp::Solver::Microlp, ..Default::default() }).unwrap();
    assert!(out.infeasible && !out.solved, "{out:?}");
}

#[test]
fn the_command_speaks_json() {
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = tessera::cli::tiles::run(&args, &mut out, &mut err);
        (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    };
    let dir = std::env::temp_dir().join(format!("tessera-edge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("p.ron");
    let (code, _, err) = run(&[
        "generate",
        "--cols",
        "4",
        "--rows",
        "3",
        "--colors",
        "3",
        "--rotate",
        "--unique",
        "--seed",
        "9",
        "--out",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for method in ["exact", "lp"] {
        let (code, out, err) = run(&["solve", f.to_str().unwrap(), "--method", method, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["solved"], true, "{method}: {v}");
        assert!(v["solutions"].as_u64().unwrap() >= 1);
        let placement = v["placement"].as_array().unwrap();
        assert_eq!(placement.len(), 12);
        assert!(placement.iter().all(|c| c["tile"].as_u64().unwrap() < 12 && c["rot"].as_u64().unwrap() < 4));
        assert!(v["nodes"].is_u64() && v["elapsed_ms"].is_f64());
        if method == "lp" {
            assert!(v["iterations"].as_u64().unwrap() >= 1);
        }
    }
    let (code, _, err) = run(&["solve", "tests/data/edge/missing.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.txt"), "{err}");
    let (code, out, _) = run(&["solve", "tests/data/edge/corners.txt", "--rotate", "--all", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<serde_json::Value>(out.trim()).unwrap()["solutions"], 24);
    std::fs::remove_dir_all(dir).unwrap();
}

/// `edge best --json`'s fields (P3's contract): on a board with a full solution and no time
/// limit the search runs until every inner side matches, so what it says is the same on every
/// machine; with two threads too.
#[test]
fn the_best_command_speaks_json() {
    let p = generate(&spec(4, 4, 3, true, false, 5)).unwrap().puzzle;
    let dir = std::env::temp_dir().join(format!("tessera-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("p.txt");
    std::fs::write(&f, tessera::cli::tiles::to_text(&p)).unwrap();
    for threads in ["1", "2"] {
        let args = ["best", f.to_str().unwrap(), "--rotate", "--timeout-ms", "0", "--threads", threads, "--json"];
        let (code, out, err) = crate::common::cli::call(tessera::cli::tiles::run, &args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!((v["score"].as_u64(), v["max_score"].as_u64()), (Some(24), Some(24)), "{v}");
        let placement: Placement = v["placement"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["tile"].as_u64().unwrap() as usize, c["rot"].as_u64().unwrap() as u8))
            .collect();
        assert!(p.check(&placement).is_ok(), "{v}");
        let history: Vec<u64> = v["history"].as_array().unwrap().iter().map(|h| h["score"].as_u64().unwrap()).collect();
        assert!(history.windows(2).all(|w| w[0] < w[1]) && history.last() == Some(&24), "{v}");
        assert!(v["elapsed_ms"].as_f64().is_some() && v["history"][0]["elapsed_ms"].as_f64().is_some());
    }
    let (code, _, err) = crate::common::cli::call(tessera::cli::tiles::run, &["best", "--json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no FILE given"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
