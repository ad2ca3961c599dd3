//! Edge matching without heavy tails: the SAT encoding, the restarting search and the fixed
//! order agree on solution counts (with and without turning, counted up to board turns or not,
//! with clues, on unsolvable boards); shuffled Eternity II clue puzzles are solved by every
//! method; deadlines and cancelling stop both solvers; the text format's square lists and clue
//! lines; the command's JSON.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tessera::tiles::exact::{self, Options};
use tessera::tiles::generate::{generate, Spec};
use tessera::tiles::{parse_text, portfolio, sat, turned, Clue, Puzzle};

fn spec(cols: usize, rows: usize, colors: u16, rotate: bool, seed: u64) -> Spec {
    Spec { cols, rows, colors, frame_colors: None, rotate, unique: false, seed, max_nodes: 1 }
}

/// The puzzle with one inner side's colour swapped between two tiles (same side, so the
/// pairing counts stay valid), which often leaves it unsolvable.
fn broken(p: &Puzzle) -> Option<Puzzle> {
    let mut q = p.clone();
    for s in 0..4 {
        for a in 0..q.tiles.len() {
            for b in a + 1..q.tiles.len() {
                let (x, y) = (q.tiles[a][s], q.tiles[b][s]);
                if x != 0 && y != 0 && x != y {
                    q.tiles[a][s] = y;
                    q.tiles[b][s] = x;
                    return q.validate().is_ok().then_some(q);
                }
            }
        }
    }
    None
}

fn counts(p: &Puzzle, up_to_board_turns: bool, seed: u64) -> [u64; 3] {
    let o = Options { limit: u64::MAX, up_to_board_turns, seed, ..Default::default() };
    let fixed = exact::solve(p, &Options { fixed_order: true, ..o.clone() }).unwrap();
    let search = exact::solve(p, &o).unwrap();
    let by_sat = sat::solve(p, &o).unwrap();
    for out in [&fixed, &search, &by_sat] {
        assert!(out.complete);
        if let Some(s) = &out.first {
            p.check(s).unwrap();
        }
    }
    [fixed.solutions, search.solutions, by_sat.solutions]
}

#[test]
fn sat_and_search_agree_on_solution_counts() {
    let mut cases = Vec::new();
    for seed in 1..=3 {
        for (c, r, k, rotate) in [(3, 3, 2, false), (4, 3, 2, false), (3, 2, 2, true), (3, 3, 2, true), (2, 2, 1, true)]
        {
            let g = generate(&spec(c, r, k, rotate, seed)).unwrap();
            let mut clued = g.puzzle.clone();
            let cell = g.puzzle.cells() / 2;
            let (tile, rot) = g.solution[cell];
            clued.clues.push(Clue { cell, tile, rot });
            cases.extend(broken(&g.puzzle));
            cases.push(g.puzzle);
            cases.push(clued);
        }
    }
    let (mut none, mut many) = (0, 0);
    for (i, p) in cases.iter().enumerate() {
        for up_to_board_turns in [false, true] {
            let [fixed, search, by_sat] = counts(p, up_to_board_turns, i as u64);
            assert_eq!((fixed, search), (by_sat, by_sat), "case {i} (turns counted once: {up_to_board_turns}): {p:?}");
            none += usize::from(by_sat == 0);
            many += usize::from(by_sat > 1);
        }
    }
    assert!(
        none > 0 && many > 0,
        "the cases include unsolvable boards ({none}) and boards with many solutions ({many})"
    );
}

#[test]
fn board_turns_are_counted_once_by_both() {
    // Rotating boards without clues: every solution comes with its board turns.
    for seed in 1..=3 {
        for (c, r) in [(3, 3), (4, 3)] {
            let p = generate(&spec(c, r, 2, true, seed)).unwrap().puzzle;
            let [_, all, _] = counts(&p, false, seed);
            let [_, once, by_sat] = counts(&p, true, seed);
            assert_eq!(once, by_sat);
            assert_eq!(all, once * if c == r { 4 } else { 2 }, "{c} x {r} seed {seed}");
        }
    }
}

fn clue(name: &str) -> Puzzle {
    parse_text(&std::fs::read_to_string(format!("tests/data/eternity2/{name}.txt")).unwrap(), true).unwrap()
}

fn shuffled(p: &Puzzle, k: u64) -> Puzzle {
    let mut tiles = p.tiles.clone();
    let mut x = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    for t in tiles.iter_mut() {
        *t = turned(t, (next() % 4) as u8);
    }
    Puzzle { tiles, ..p.clone() }
}

#[test]
fn shuffled_clue_puzzles_are_solved_by_every_method() {
    for name in ["clue1", "clue4"] {
        for k in 1..=3 {
            let p = shuffled(&clue(name), k);
            let opts = Options { seed: k, ..Default::default() };
            let outs = [
                exact::solve(&p, &opts).unwrap(),
                sat::solve(&p, &opts).unwrap(),
                portfolio::solve(&p, &opts).unwrap().0,
            ];
            for out in outs {
                p.check(out.first.as_ref().expect("solved")).unwrap();
            }
        }
    }
}

#[test]
fn deadlines_and_cancelling_stop_both_solvers() {
    // A 16 x 16 board with 16 colours: far beyond either solver in a moment.
    let p = generate(&spec(16, 16, 16, true, 1)).unwrap().puzzle;
    let soon = Options { budget: tessera::support::budget::Budget::ms(Some(200)), ..Default::default() };
    let cancelled = Options {
        budget: tessera::support::budget::Budget::default().with_cancel(Some(Arc::new(AtomicBool::new(true)))),
        ..Default::default()
    };
    for opts in [soon, cancelled] {
        for out in
            [exact::solve(&p, &opts).unwrap(), sat::solve(&p, &opts).unwrap(), portfolio::solve(&p, &opts).unwrap().0]
        {
            assert!(!out.complete && out.first.is_none(), "{out:?}");
        }
    }
}

#[test]
fn square_lists_need_no_size_line_and_clue_lines_fix_tiles() {
    let listed = clue("clue1");
    let text: String = listed.tiles.iter().map(|t| format!("{} {} {} {}\n", t[0], t[1], t[2], t[3])).collect();
    let bare = parse_text(&text, true).unwrap();
    assert_eq!((bare.cols, bare.rows, &bare.tiles), (6, 6, &listed.tiles));
    // Fix the tile a solution puts in cell 14 (Eternity II fixes its piece 139 the same way).
    let sol = sat::solve(&bare, &Options::default()).unwrap().first.unwrap();
    let (tile, rot) = sol[14];
    let clued = parse_text(&format!("# the start\nclue 14 {tile} {rot}\n{text}"), true).unwrap();
    assert_eq!(clued.clues, vec![Clue { cell: 14, tile, rot }]);
    for out in [exact::solve(&clued, &Options::default()).unwrap(), sat::solve(&clued, &Options::default()).unwrap()] {
        let s = out.first.unwrap();
        clued.check(&s).unwrap();
        assert_eq!(s[14], (tile, rot));
    }
    let e = parse_text(&text.lines().take(35).collect::<Vec<_>>().join("\n"), true).unwrap_err();
    assert!(e.contains("35 tiles is not a square number"), "{e}");
    let e = parse_text("clue 1 2\n", true).unwrap_err();
    assert!(e.contains("clue CELL TILE ROT"), "{e}");
}

#[test]
fn the_command_solves_by_auto_by_default_and_by_sat_on_request() {
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = tessera::cli::tiles::run(&args, &mut out, &mut err);
        (code, String::from_utf8(out).unwrap())
    };
    for (method, by) in [(None, None), (Some("sat"), Some("sat")), (Some("exact"), Some("search"))] {
        let mut args = vec!["solve", "tests/data/eternity2/clue3.txt", "--rotate", "--json"];
        if let Some(m) = method {
            args.extend(["--method", m]);
        }
        let (code, out) = run(&args);
        assert_eq!(code, 0, "{out}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["method"], method.unwrap_or("auto"));
        assert_eq!(v["solved"], true);
        assert!(by.is_none_or(|b| v["by"] == b), "{v}");
        assert!(v["by"] != "sat" || v["conflicts"].is_u64(), "{v}");
        let placement: Vec<(usize, u8)> = v["placement"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x["tile"].as_u64().unwrap() as usize, x["rot"].as_u64().unwrap() as u8))
            .collect();
        clue("clue3").check(&placement).unwrap();
    }
}
