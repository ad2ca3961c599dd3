//! Hostile input, through the commands: every limit gives a clear error naming the file and
//! the limit, nothing panics, hangs or runs out of memory, and the budgets are honoured.

use crate::common::cli::{run, run_env};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tessera-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn json_line(out: &str) -> serde_json::Value {
    serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
}

fn square_json(x: f64, y: f64) -> String {
    format!("[[{x},{y}],[{},{y}],[{},{}],[{x},{}]]", x + 1.0, x + 1.0, y + 1.0, y + 1.0)
}

#[test]
fn solve_refuses_too_many_pieces_instead_of_overflowing_the_stack() {
    let d = scratch("many");
    let pieces: Vec<String> = (0..22_500).map(|_| square_json(0.0, 0.0)).collect();
    let f = write(
        &d,
        "squares.json",
        &format!(r#"{{"target": [[[0,0],[150,0],[150,150],[0,150]]], "pieces": [{}]}}"#, pieces.join(",")),
    );
    let (code, out, err) = run(&["solve", &f, "--json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&f) && err.contains("more than the limit of 500"), "{err}");
    assert!(json_line(&out)["error"].as_str().unwrap().contains("limit"));
}

#[test]
fn verify_refuses_files_past_the_piece_limit_and_judges_piles_in_bounded_work() {
    let d = scratch("pile");
    let tri = "[[0,0],[1,0],[0,1]]";
    let many: Vec<&str> = (0..10_000).map(|_| tri).collect();
    let f = write(
        &d,
        "pile.json",
        &format!(r#"{{"target": [{tri}], "pieces": [{}], "mode": "anchored"}}"#, many.join(",")),
    );
    let (code, _, err) = run(&["verify", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("10000 pieces is more than the limit of 2000"), "{err}");
    let pile: Vec<&str> = (0..2000).map(|_| tri).collect();
    let f = write(
        &d,
        "pile2000.json",
        &format!(r#"{{"target": [{tri}], "pieces": [{}], "mode": "anchored"}}"#, pile.join(",")),
    );
    let (code, out, err) = run(&["verify", &f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json_line(&out);
    assert_eq!((v["solved"].as_bool(), v["overlap"].as_bool()), (Some(false), Some(true)));
}

#[test]
fn rotation_steps_are_checked() {
    let d = scratch("steps");
    for bad in ["0", "0.001", "-45", "1e300", "7", "\"ninety\""] {
        let f = write(
            &d,
            "s.json",
            &format!(
                r#"{{"target": [{}], "pieces": [{}], "rotation_step": {bad}}}"#,
                square_json(0.0, 0.0),
                square_json(0.0, 0.0)
            ),
        );
        let (code, _, err) = run(&["solve", &f, "--timeout-ms", "2000"]);
        assert_eq!(code, 2, "step {bad}: {err}");
        assert!(err.contains("rotation_step"), "step {bad}: {err}");
    }
    // RON takes the step written plainly, or as `Some(..)`.
    for step in ["90", "Some(90)"] {
        let f = write(&d, "s.ron", &format!("(target: [[(0,0),(2,0),(2,1),(0,1)]], pieces: [[(0,0),(1,0),(1,1),(0,1)], [(0,0),(1,0),(1,1),(0,1)]], rotation_step: {step})"));
        let (code, out, err) = run(&["solve", &f, "--json"]);
        assert_eq!(code, 0, "{step}: {err}");
        assert_eq!(json_line(&out)["solved"], true);
    }
}

#[test]
fn absurd_coordinates_and_areas_are_refused_not_proved_impossible() {
    let d = scratch("coords");
    let f = write(
        &d,
        "huge.json",
        &format!(r#"{{"target": [{}], "pieces": [[[0,0],[1e300,0],[0,1e300]]]}}"#, square_json(0.0, 0.0)),
    );
    let (code, _, err) = run(&["solve", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("coordinate beyond"), "{err}");
    // A unit square far from the origin is an ordinary figure.
    let f = write(
        &d,
        "far.json",
        &format!(
            r#"{{"target": [{}], "pieces": [{}], "mode": "anchored"}}"#,
            square_json(1e6, 1e6),
            square_json(1e6, 1e6)
        ),
    );
    let (code, out, err) = run(&["verify", &f, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_line(&out)["solved"], true);
    let f = write(
        &d,
        "far_solve.json",
        &format!(r#"{{"target": [{}], "pieces": [{}]}}"#, square_json(1e9, -1e9), square_json(0.0, 0.0)),
    );
    let (code, out, err) = run(&["solve", &f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json_line(&out);
    assert_eq!(v["solved"], true);
    assert_eq!(v["solutions"][0][0][0][0][0].as_f64(), Some(1e9), "solutions come back where the figure is: {v}");
}

#[test]
fn limits_and_completeness_of_solve() {
    let square = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solve/square.json");
    let (code, _, err) = run(&["solve", square, "--limit", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("at least 1"), "{err}");
    // Stopped at the limit: not a complete search.
    let (code, out, _) = run(&["solve", square, "--all", "--limit", "3", "--json"]);
    assert_eq!(code, 0);
    let v = json_line(&out);
    assert_eq!(v["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(v["complete"], false);
    assert_eq!(v["repairs"], serde_json::json!([]));
}

#[test]
fn bad_pieces_in_solve_files_are_named() {
    let d = scratch("pieces");
    let target = square_json(0.0, 0.0);
    let cases = [
        ("[[0,0],[2,0],[1,0]]", "zero area"),
        ("[[0,0],[1,1],[1,0],[0,1]]", "self-intersecting"),
        ("[[0,0],[1,0],[1,1],[2,1],[2,2],[1,2],[1,1],[0,1]]", "one outline"),
    ];
    for (piece, problem) in cases {
        let f = write(&d, "p.json", &format!(r#"{{"target": [{target}], "pieces": [{piece}]}}"#));
        let (code, _, err) = run(&["solve", &f]);
        assert_eq!(code, 2, "{piece}");
        assert!(err.contains("piece 0") && err.contains(problem), "{piece}: {err}");
    }
    // A slit on an otherwise good piece is repaired and reported.
    let f = write(
        &d,
        "slit.json",
        &format!(r#"{{"target": [{target}], "pieces": [[[0,0],[1,0],[1,1],[0.5,1],[0.5,3],[0.5,1],[0,1]]]}}"#),
    );
    let (code, out, err) = run(&["solve", &f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json_line(&out);
    assert_eq!(v["solved"], true);
    assert!(v["repairs"][0].as_str().unwrap().contains("slit"), "{v}");
}

#[test]
fn deep_nesting_gets_a_plain_message() {
    let d = scratch("nest");
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let f = write(&d, "deep.json", &format!(r#"{{"target": {deep}, "pieces": [], "mode": "free"}}"#));
    let (code, _, err) = run(&["verify", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("nests lists or maps too deeply"), "{err}");
    let f = write(&d, "deep.ron", &format!("(target: {deep}, pieces: [], mode: free)"));
    let (code, _, err) = run(&["verify", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("nests lists or maps too deeply") && !err.contains("recursion_limit"), "{err}");
}

#[test]
fn parts_and_pack_have_limits_and_budgets() {
    for args in [["parts", "--dim", "2", "--cells", "15"], ["parts", "--dim", "3", "--cells", "11"]] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("--cells must be"), "{err}");
    }
    let (code, _, err) = run(&["parts", "--dim", "2", "--cells", "13", "--list", "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("1..=12") && err.contains("to list"), "{err}");
    let (code, _, err) = run(&["pack", "--box", "10", "6", "--set", "pentominoes", "--stop", "-1"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = run(&["pack", "--box", "10", "6", "--set", "pentominoes", "--timeout-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_line(&out)["complete"], false);
}

#[test]
fn edge_commands_check_their_numbers_and_answer_json_errors_in_json() {
    // (Issue P2c: --cols 1 passed the command's check and met the generator's "2..32".)
    for (args, says) in [
        (
            vec!["edge", "generate", "--cols", "4", "--rows", "4", "--colors", "5000"],
            "--colors is 5000: it must be from 1 to",
        ),
        (
            vec!["edge", "generate", "--cols", "100", "--rows", "4", "--colors", "5"],
            "--cols is 100: it must be from 2 to 32",
        ),
        (
            vec!["edge", "generate", "--cols", "1", "--rows", "4", "--colors", "5", "--unique"],
            "--cols is 1: it must be from 2 to 32",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{err}");
    }
    let (code, _, err) =
        run(&["edge", "generate", "--cols", "16", "--rows", "16", "--colors", "4", "--unique", "--timeout-ms", "300"]);
    assert_eq!(code, 2);
    assert!(err.contains("time limit"), "{err}");
    let (code, out, err) = run(&["edge", "solve", "/nonexistent/p.txt", "--json"]);
    assert_eq!(code, 2);
    assert!(!err.contains("usage"), "a file problem is not a usage problem: {err}");
    let v = json_line(&out);
    assert_eq!(v["file"], "/nonexistent/p.txt");
    assert!(v["error"].as_str().unwrap().contains("cannot read"));
    let d = scratch("edge");
    let f = write(&d, "c.ron", "(cols: 2, rows: 1, tiles: [(0,1,0,0),(0,0,0,1)], clues: [(cell: 5, tile: 0)])");
    let (code, _, err) = run(&["edge", "solve", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("clue (cell: 5, tile: 0, rot: 0)") && !err.contains("Clue {"), "{err}");
    let f = d.join("big.txt").display().to_string();
    let (code, _, err) =
        run(&["edge", "generate", "--cols", "13", "--rows", "13", "--colors", "6", "--timeout-ms", "200", "--out", &f]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["edge", "solve", &f, "--method", "lp"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 144 cells"), "{err}");
    let (code, _, err) = run(&["edge", "solve", &f, "--basis", "foo"]);
    assert_eq!(code, 2);
    assert!(err.contains("not `foo`") && !err.contains("Some("), "{err}");
}

#[test]
fn the_user_levels_folder_is_read_safely() {
    let data = scratch("data");
    let levels = data.join("levels");
    std::fs::create_dir_all(&levels).unwrap();
    // A pack named like a built-in one, a link to an endless device, a named pipe.
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/classic.ron"), levels.join("classic.ron")).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", levels.join("zero.ron")).unwrap();
        let fifo = levels.join("pipe.ron");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    }
    let pack = |id: &str, difficulty: u32| {
        format!("(name: \"x\", levels: [(id: \"{id}\", name: \"x\", difficulty: {difficulty}, pieces: \"tangram\", mode: anchored, target: [[(0,0),(1,0),(1,1)]])])")
    };
    std::fs::write(levels.join("evil.ron"), pack("../../etc/passwd", 1)).unwrap();
    std::fs::write(levels.join("empty.ron"), pack("", 1)).unwrap();
    std::fs::write(levels.join("hard.ron"), pack("fine", 99)).unwrap();
    let (code, out, err) = run_env(&["levels", "--json"], &[("TESSERA_DATA_DIR", &data)]);
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let errors: Vec<String> =
        v["errors"].as_array().unwrap().iter().map(|e| format!("{}: {}", e["file"], e["message"])).collect();
    let has = |file: &str, what: &str| errors.iter().any(|e| e.contains(file) && e.contains(what));
    assert!(has("classic.ron", "built-in pack `classic`"), "{errors:?}");
    assert!(has("evil.ron", "must be 1 to 64 letters"), "{errors:?}");
    assert!(has("empty.ron", "must be 1 to 64 letters"), "{errors:?}");
    assert!(has("hard.ron", "difficulty is 99"), "{errors:?}");
    #[cfg(unix)]
    {
        assert!(has("zero.ron", "not a regular file"), "{errors:?}");
        assert!(has("pipe.ron", "not a regular file"), "{errors:?}");
    }
    // The built-in packs still load, once each.
    let packs: Vec<&str> = v["packs"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(packs.iter().filter(|p| **p == "classic").count(), 1);
}

#[cfg(unix)]
#[test]
fn a_save_file_that_is_a_pipe_or_a_device_is_set_aside_without_hanging() {
    let d = scratch("save");
    let fifo = d.join("progress.ron");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    match tessera::support::save::load(&fifo) {
        tessera::support::save::Loaded::Recovered { problem, .. } => {
            assert!(problem.contains("not a regular file"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
    let link = d.join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    assert!(matches!(tessera::support::save::load(&link), tessera::support::save::Loaded::Recovered { .. }));
}

/// Issue P2b, item 19: `edge generate --json` prints JSON (the puzzle in it when there is no
/// `--out`), and `check-levels` takes one folder.
#[test]
fn edge_generate_json_is_json() {
    let (code, out, err) = run(&["edge", "generate", "--cols", "3", "--rows", "3", "--colors", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!((v["cols"].as_u64(), v["rows"].as_u64(), v["colors"].as_u64()), (Some(3), Some(3), Some(3)));
    assert!(v["puzzle"].as_str().is_some_and(|p| p.lines().count() >= 9), "{v}");
    let (code, _, err) = run(&["check-levels", "levels", "levels"]);
    assert_eq!(code, 2, "{err}");
}

/// Issue P2b, item 11: `parts --svg` writes at most 2,000 files; asked for more, it writes none
/// and says why.
#[test]
fn parts_svg_refuses_to_flood_a_folder() {
    let dir = std::env::temp_dir().join(format!("tessera-parts-svg-{}", std::process::id()));
    let (code, _, err) = run(&["parts", "--dim", "2", "--cells", "10", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at most 1000 parts"), "{err}");
    assert!(!dir.exists(), "nothing is written");
    let (code, _, err) = run(&["parts", "--dim", "2", "--cells", "5", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 24, "12 pentominoes, two pictures each");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue P2b, items 16 and 17: a level name with terminal control characters is listed with
/// them escaped, and an error about a 2 MB string quotes it in a line of at most 1,000 bytes.
#[test]
fn names_cannot_drive_the_terminal_and_errors_cannot_flood_it() {
    let dir = scratch("terminal");
    std::fs::create_dir_all(dir.join("levels")).unwrap();
    let pack = "(name: \"Bell\\u{7}\", levels: [(id: \"a\", name: \"Clear\\u{1b}[2J\", \
        pieces: [[(0,0),(1,0),(1,1),(0,1)]], rotation_step: 90.0, mode: anchored, \
        target: [[(0,0),(1,0),(1,1),(0,1)]], solution: [(piece: 0, at: (0, 0))])])";
    write(&dir.join("levels"), "odd.ron", pack);
    let (code, out, _) = run_env(&["levels"], &[("TESSERA_DATA_DIR", &dir)]);
    assert_eq!(code, 0);
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "raw control characters in {out:?}");
    assert!(out.contains("Clear\\x1b[2J"), "{out}");
    let huge = "x".repeat(2 << 20);
    let file = write(&dir, "huge.json", &format!("{{\"target\": [[[0,0],[1,0],[1,1]]], \"{huge}\": 1}}"));
    let (code, _, err) = run(&["verify", &file]);
    assert_ne!(code, 0);
    assert!(
        err.lines().all(|l| l.len() <= 1100),
        "an error line of {} bytes",
        err.lines().map(str::len).max().unwrap()
    );
    assert!(err.contains("more bytes]"), "{err}");
}

/// Issue P2b, item 4: `pack --out` holds its solutions until it writes them, so it keeps at
/// most 100,000: the 8 x 8 square's 12,988,816 domino tilings give a file of 100,000 lines and
/// a note, not an allocation failure.
#[test]
fn pack_out_writes_a_bounded_number_of_solutions() {
    let dir = scratch("pack-out");
    let file = dir.join("dominoes.txt");
    let (code, _, err) =
        run(&["pack", "--box", "8", "8", "--part", "[0,0][1,0]", "--single", "--out", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("stopped at 100000 solutions"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 100_000);
}

/// Issue P2b, item 18: a square of side 1e-4 is below the tolerance's floor (2e-4 units, as the
/// README now says); its refusal says that points closer than the tolerance count as one.
#[test]
fn a_figure_below_the_tolerance_floor_is_refused_saying_why() {
    let dir = scratch("tiny");
    let square = "[[0,0],[1e-4,0],[1e-4,1e-4],[0,1e-4]]";
    let file =
        write(&dir, "tiny.json", &format!(r#"{{"target": [{square}], "pieces": [[{square}]], "mode": "anchored"}}"#));
    let (code, out, err) = run(&["verify", &file]);
    assert_ne!(code, 0);
    assert!(format!("{out}{err}").contains("closer than the tolerance"), "{out}{err}");
}

/// Issue P2b, items 3, 5 and 6: index sets whose semidefinite programs would need more memory
/// than the solver may use are refused before anything is allocated, in `solve` and in
/// `edge solve`; and a time limit is kept inside one of the SDP solver's steps (degree6 on the
/// tangram takes seconds a step: with 1 ms, no step is finished).
#[test]
fn the_sdp_refuses_index_sets_too_big_for_memory_and_keeps_its_time_limit() {
    let d = scratch("sdp");
    let two = write(
        &d,
        "two.json",
        r#"{"target": [[[0,0],[2,0],[2,1],[0,1]]], "pieces": [[[0,0],[1,0],[1,1],[0,1]], [[0,0],[1,0],[1,1],[0,1]]], "rotation_step": 360}"#,
    );
    for index in ["grid8", "ball8"] {
        let (code, _, err) = run(&["solve", &two, "--method", "sdp", "--index", index, "--timeout-ms", "2000"]);
        assert_eq!(code, 2, "{index}: {err}");
        assert!(err.contains(&format!("index set {index}")) && err.contains("more than the 512 MB"), "{err}");
    }
    let board = d.join("e3.txt").display().to_string();
    let (code, _, err) = run(&["edge", "generate", "--cols", "3", "--rows", "3", "--colors", "3", "--out", &board]);
    assert_eq!(code, 0, "{err}");
    for index in ["grid8", "degree8"] {
        let (code, _, err) =
            run(&["edge", "solve", &board, "--method", "sdp", "--index", index, "--timeout-ms", "2000"]);
        assert_eq!(code, 2, "{index}: {err}");
        assert!(err.contains("more than the 512 MB"), "{err}");
    }
    let tangram = write(
        &d,
        "t.json",
        r#"{"target": [[[0, 2], [-2, 0], [0, -2], [2, 0]]], "pieces": "tangram", "rotation_step": 360}"#,
    );
    let (code, out, err) =
        run(&["solve", &tangram, "--method", "sdp", "--index", "degree6", "--timeout-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json_line(&out);
    assert!(v.to_string().contains("out of time"), "{v}");
    assert_eq!(v["runs"][0]["iterations"], 0, "the deadline ended the first step: {v}");
}

/// Issue P2b, item 10: `verify` had neither a time limit nor a budget (300 misplaced annuli in
/// free mode ran past two minutes). A file's judgement now ends at `--timeout-ms` (default
/// 20 s; 0: none) with the reason, and the other files are still judged.
#[test]
fn verify_keeps_a_time_limit_and_goes_on_with_the_next_file() {
    let d = scratch("verify-time");
    let ring = |cx: f64, cy: f64, r: f64, n: usize, back: bool| {
        let mut v: Vec<String> = (0..n)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / n as f64;
                format!("[{},{}]", cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        if back {
            v.reverse();
        }
        format!("[{}]", v.join(","))
    };
    let pieces: Vec<String> = (0..300)
        .map(|i| {
            let (cx, cy) = ((i % 20) as f64 * 1.5 + 0.3 * (i % 3) as f64, (i / 20) as f64 * 1.5 + 0.1 * (i % 7) as f64);
            format!("[{},{}]", ring(cx, cy, 1.0, 32, false), ring(cx, cy, 0.5, 32, true))
        })
        .collect();
    let annuli = write(
        &d,
        "annuli.json",
        &format!(
            r#"{{"target": [{}], "pieces": [{}], "mode": "free"}}"#,
            ring(0.0, 0.0, 20.0, 64, false),
            pieces.join(",")
        ),
    );
    let square = "[[0,0],[1,0],[1,1],[0,1]]";
    let easy =
        write(&d, "easy.json", &format!(r#"{{"target": [{square}], "pieces": [[{square}]], "mode": "anchored"}}"#));
    let (code, out, err) = run(&["verify", &annuli, &easy, "--timeout-ms", "200"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("annuli.json: no verdict within 200 ms"), "{err}");
    assert!(out.contains("easy.json: solved"), "the next file is judged: {out}");
}

/// Issue P2c: `export /dev/zero` said "no pack ``": a path that is not a regular file, or words
/// that are no PACK/ID, are named as such.
#[test]
fn export_names_what_it_was_given() {
    let (code, _, err) = run(&["export", "/dev/zero", "--xmpuzzle", "/nonexistent/x.xmpuzzle"]);
    assert_eq!(code, 2);
    assert!(err.contains("/dev/zero is not a regular file"), "{err}");
    let (code, _, err) = run(&["export", "nowhere/at all", "--xmpuzzle", "/nonexistent/x.xmpuzzle"]);
    assert_eq!(code, 2);
    assert!(err.contains("is neither a pack file nor a level as PACK/ID"), "{err}");
    let (code, _, err) = run(&["export", "nopack/x", "--xmpuzzle", "/nonexistent/x.xmpuzzle"]);
    assert_eq!(code, 2);
    assert!(err.contains("no pack `nopack`"), "{err}");
}

/// Issue P2c: `pack --out/--svg`, `show --svg`, `edge generate --out`, `parts --svg DIR` and
/// `import --out` replaced files without a word. Each refuses a file that is there already,
/// naming `--force`, and leaves it as it was; with `--force` it writes. A FIFO is refused even
/// with `--force` (`pack --out FIFO` never returned).
#[test]
fn no_command_replaces_a_file_without_force() {
    let d = scratch("force");
    let mine = |name: &str| {
        let f = d.join(name);
        std::fs::write(&f, "mine").unwrap();
        f.to_str().unwrap().to_string()
    };
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let parts = d.join("parts");
    std::fs::create_dir_all(&parts).unwrap();
    std::fs::write(parts.join("part-0001.svg"), "mine").unwrap();
    let (out, svg, line, board, pack, burr) =
        (mine("out.txt"), mine("a.svg"), mine("line.svg"), mine("board.txt"), mine("pack.ron"), mine("burr.ron"));
    let arrow = format!("{data}/import/arrow.svg");
    let ring = format!("{data}/ring-and-corner.xmpuzzle");
    let commands: Vec<(Vec<&str>, &str)> = vec![
        (vec!["parts", "--dim", "2", "--cells", "3", "--svg", parts.to_str().unwrap()], "part-0001.svg"),
        (vec!["pack", "--box", "2", "5", "--set", "pentominoes", "--out", &out], &out),
        (vec!["pack", "--box", "2", "5", "--set", "pentominoes", "--svg", &svg], &svg),
        (vec!["show", "--string", "1", "2", "1", "AA", "--svg", &line], &line),
        (vec!["edge", "generate", "--cols", "3", "--rows", "3", "--colors", "3", "--out", &board], &board),
        (vec!["import", &arrow, "--set", "tangram", "--out", &pack], &pack),
        (vec!["import", &ring, "--out", &burr], &burr),
    ];
    for (args, file) in &commands {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("exists; pass --force to replace it") && err.contains(file), "{args:?}: {err}");
        let kept = if file.ends_with(".svg") && !file.contains('/') { parts.join(file) } else { (*file).into() };
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "mine", "{args:?}");
        let mut forced = args.clone();
        forced.push("--force");
        let (code, _, err) = run(&forced);
        assert_eq!(code, 0, "{forced:?}: {err}");
    }
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let (code, _, err) =
        run(&["pack", "--box", "2", "5", "--set", "pentominoes", "--out", fifo.to_str().unwrap(), "--force"]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a regular file"), "{err}");
}

/// Issue P2c: on a time-out the LP method exited 2 with microlp and 0 (an unsolved answer) with
/// HiGHS. Both now say it did not finish, exit 2.
#[test]
fn the_lp_method_times_out_alike_with_either_solver() {
    let d = scratch("lp-timeout");
    let board = d.join("board.txt").to_str().unwrap().to_string();
    let (code, _, err) = run(&["edge", "generate", "--cols", "10", "--rows", "10", "--colors", "8", "--out", &board]);
    assert_eq!(code, 0, "{err}");
    for solver in ["highs", "microlp"] {
        let (code, out, err) =
            run(&["edge", "solve", &board, "--method", "lp", "--lp-solver", solver, "--timeout-ms", "1"]);
        assert_eq!(code, 2, "{solver}: {out}{err}");
        assert!(err.contains("did not finish within 1 ms"), "{solver}: {err}");
    }
}

/// Issue P2c: an 8 x 8 board of optional cells and 32 dominoes imported as "at least 0
/// assemblies": the count up to symmetry stopped before meeting one, and forgot the reference
/// solution import had just found and verified. Now at least that one is counted.
#[test]
fn a_board_of_optional_cells_imports_with_at_least_its_reference_assembly() {
    let d = scratch("all-optional");
    let cells = "+".repeat(64);
    let puzzle = format!(
        "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>\
         <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"domino\">##</voxel>\
         <voxel x=\"8\" y=\"8\" z=\"1\" type=\"0\" name=\"board\">{cells}</voxel></shapes>\
         <problems><problem name=\"optional\" state=\"0\"><shapes><shape id=\"0\" count=\"32\"/></shapes>\
         <result id=\"1\"/><bitmap/></problem></problems><comment/></puzzle>"
    );
    let file = write(&d, "optional.xmpuzzle", &puzzle);
    let out = d.join("optional.ron").display().to_string();
    let (code, text, err) = run(&["import", &file, "--out", &out, "--timeout-ms", "500", "--json"]);
    assert_eq!(code, 0, "{err}");
    let level = &json_line(&text)["levels"][0];
    assert!(level["assemblies"].as_u64() >= Some(1), "{level}");
    let (code, text, err) = run(&["analyse", &out, "--timeout-ms", "500", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json_line(&text);
    assert_eq!(v["solvable"], true, "{v}");
    assert!(v["solutions"].as_u64() >= Some(1), "{v}");
}

/// Issue P2c: `check-levels` printed an 889 KB line for a pack with a huge part (and a line cut
/// for the terminal lost the reason, quoted after the part), and a name of a million letters
/// loaded. A part is quoted by its start and length and refused past the largest board's
/// cells; names longer than 200 characters are refused.
#[test]
fn huge_parts_and_names_make_short_error_lines_with_their_reasons() {
    let d = scratch("huge-lines");
    let cells: String = (0..1000).flat_map(|x| (0..100).map(move |y| format!("[{x},{y}]"))).collect();
    let long = "A".repeat(100_000);
    let level = |id: &str, name: &str, piece: &str| {
        format!(
            "(name: \"P\", levels: [(id: \"{id}\", name: \"{name}\", family: \"polyomino\", pieces: [\"{piece}\"], \
             board: (size: [2, 1]))])"
        )
    };
    write(&d, "part.ron", &level("part", "Part", &cells));
    write(&d, "name.ron", &level("name", &long, "[0,0][1,0]"));
    write(&d, "pack.ron", &level("pack", "Pack", "[0,0][1,0]").replacen("\"P\"", &format!("\"{long}\""), 1));
    let (code, out, _) = run(&["check-levels", d.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines.iter().all(|l| l.len() < 400),
        "{}",
        lines.iter().map(|l| l.len().to_string()).collect::<Vec<_>>().join(" ")
    );
    assert!(out.contains("more than 1024 cells (no board holds more)"), "{out}");
    assert!(out.contains("its name is 100000 characters long: it must be at most 200"), "{out}");
    assert!(out.contains("the pack's name is 100000 characters long"), "{out}");
}

/// Issue P2c: `levels --measure` ran for 40 s with no time option. `--timeout-ms` now bounds
/// the whole run; a limit spent while the packs load cuts every measure short, and each says so.
#[test]
fn levels_measure_keeps_to_a_time_limit_and_marks_what_it_cut() {
    let (code, out, err) = run(&["levels", "--measure", "--timeout-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let levels: usize = tessera::level::embedded_packs().iter().map(|p| p.levels.len()).sum();
    assert!(rows.len() >= levels && levels > 400, "{} rows", rows.len());
    assert!(rows.iter().all(|r| r["cut"] == true), "{}", rows[0]);
    assert!(err.contains(&format!("the time limit cut {} measure(s) short", rows.len())), "{err}");
    let (code, _, err) = run(&["levels", "--timeout-ms", "1"]);
    assert_eq!(code, 2, "{err}");
}

/// Issue P2c: `solve --method sdp` failed on a figure placed at 10^9 that it solves near the
/// origin, and took figures at 10^14 and 2e-6 across that the other methods refuse. The figure
/// is now moved near the origin as for the other methods (the answer moved back), and refused
/// where they refuse it.
#[test]
fn the_sdp_solves_a_figure_far_away_and_refuses_what_the_other_methods_refuse() {
    let d = scratch("sdp-far");
    let file = |name: &str, at: f64, size: f64| {
        let (a, b) = (at, at + 2.0 * size);
        write(
            &d,
            name,
            &format!(
                r#"{{"target": [[[{a},{a}],[{b},{a}],[{b},{b}],[{a},{b}]]], "rotation_step": 360, "pieces": [
                    [[0,0],[{s},0],[{s},{s}],[0,{s}]], [[0,0],[{s},0],[{s},{s}],[0,{s}]], [[0,0],[{t},0],[{t},{s}],[0,{s}]]]}}"#,
                s = size,
                t = 2.0 * size
            ),
        )
    };
    for at in [0.0, 1e3, 1e6, 1e9] {
        let f = file("far.json", at, 1.0);
        let (code, out, err) = run(&["solve", &f, "--method", "sdp", "--json"]);
        assert_eq!(code, 0, "at {at}: {err}");
        let v = json_line(&out);
        assert_eq!(v["solved"], true, "at {at}: {v}");
        // Every corner of the answer lies on the figure, where it was written.
        for corner in v["solutions"][0].as_array().unwrap().iter().flat_map(|p| p[0].as_array().unwrap()) {
            let (x, y) = (corner[0].as_f64().unwrap(), corner[1].as_f64().unwrap());
            assert!(
                (at - 1e-3..=at + 2.001).contains(&x) && (at - 1e-3..=at + 2.001).contains(&y),
                "at {at}: {corner}"
            );
        }
    }
    let (code, _, err) = run(&["solve", &file("farther.json", 1e14, 1.0), "--method", "sdp"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("too far from the origin"), "{err}");
    let (code, _, err) = run(&["solve", &file("tiny.json", 0.0, 1e-6), "--method", "sdp"]);
    assert_eq!(code, 2, "{err}");
}

/// A `--shots` list with a bad line is refused before the game starts, naming the file and the
/// line; an empty one too.
#[cfg(feature = "game")]
#[test]
fn screenshot_shot_lists_are_checked_line_by_line() {
    let d = scratch("shots");
    let bad = write(&d, "shots.txt", "menu classic/arrow a.png\n\nsolved classic/arrow\n");
    let (code, _, err) = run(&["screenshot", "--size", "390x844", "--shots", &bad]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shots.txt:3: expected `STATE PACK/ID OUT`"), "{err}");
    let empty = write(&d, "empty.txt", "\n");
    let (code, _, err) = run(&["screenshot", "--shots", &empty]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("empty.txt: no shots"), "{err}");
    let unknown = write(&d, "unknown.txt", "sideways classic/arrow a.png\n");
    let (code, _, err) = run(&["screenshot", "--shots", &unknown]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown.txt:1"), "{err}");
    // A level no pack has, on any line, before anything is drawn.
    let missing = write(&d, "missing.txt", "menu classic/arrow a.png\nstart classic/no-such-level b.png\n");
    let (code, _, err) = run(&["screenshot", "--shots", &missing]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no level `classic/no-such-level`"), "{err}");
}
