//! `tessera parts` and `tessera pack`: JSON contracts, SVG output, clear errors.

use crate::common::cli::call;

fn run(args: &[&str]) -> (i32, String, String) {
    match args[0] {
        "parts" => call(tessera::cli::poly::parts, &args[1..]),
        "show" => call(tessera::cli::poly::show, &args[1..]),
        _ => call(tessera::cli::poly::pack, &args[1..]),
    }
}

/// `--progress` reports from a thread of its own while the search runs, and the command still
/// ends: the report once waited for the error stream, which the command held while it waited for
/// the report's thread. The search (every tiling of a 12 x 10 box by L-trominoes, far more than
/// any machine counts in a few seconds; 3 x 4 x 5 pentacubes, once used here, now end in about
/// as long as the first report takes) stops itself after 2.5 s; the wait below only keeps a
/// deadlock from hanging the test run.
#[test]
fn pack_with_progress_reports_and_ends() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["pack", "--box", "12", "10", "--part", "[0,0][1,0][0,1]", "--single"])
        .args(["--progress", "--timeout-ms", "2500", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera runs");
    let mut waited = 0;
    while child.try_wait().expect("the child can be waited on").is_none() {
        if waited == 3000 {
            let _ = child.kill();
            panic!("tessera pack --progress did not end 5 minutes after its search's time ran out");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    let out = child.wait_with_output().expect("its output");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tessera pack: ") && err.contains(" nodes, "), "no progress line: {err}");
    let out = json(&String::from_utf8_lossy(&out.stdout));
    assert!(out["nodes"].as_u64().unwrap() > 0);
    assert_eq!(out["complete"], false, "the search ran to its time limit, past the first report");
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s.trim()).unwrap_or_else(|e| panic!("{e}: {s}"))
}

#[test]
fn parts_counts_and_lists() {
    let (code, out, _) = run(&["parts", "--dim", "2", "--cells", "5", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["count"], 12);
    assert!(v.get("parts").is_none());
    let (_, out, _) = run(&["parts", "--dim", "2", "--cells", "4", "--one-sided", "--list", "--json"]);
    let v = json(&out);
    assert_eq!(v["count"], 7);
    let parts = v["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 7);
    assert!(parts.iter().all(|p| p.as_array().unwrap().len() == 4 && p[0].as_array().unwrap().len() == 2));
    let (_, out, _) = run(&["parts", "--dim", "3", "--cells", "4", "--json"]);
    assert_eq!(json(&out)["count"], 8);
    let (_, out, _) = run(&["parts", "--dim", "3", "--cells", "4", "--free", "--json"]);
    assert_eq!(json(&out)["count"], 7);
    let (_, out, _) = run(&["parts", "--dim", "2", "--cells", "3", "--fixed", "--json"]);
    assert_eq!(json(&out)["count"], 6);
}

#[test]
fn parts_on_triangles_and_hexagons() {
    // The 12 hexiamonds, each as [a, b, t] cells (t = 1: a triangle pointing down).
    let (code, out, _) = run(&["parts", "--grid", "triangle", "--cells", "6", "--list", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        (v["grid"].as_str(), v["count"].as_u64(), v["class"].as_str()),
        (Some("triangle"), Some(12), Some("free"))
    );
    let parts = v["parts"].as_array().unwrap();
    assert!(parts.iter().all(|p| p.as_array().unwrap().len() == 6 && p[0].as_array().unwrap().len() == 3));
    // Two triangles that share a side point opposite ways: each hexiamond has both.
    assert!(parts.iter().all(|p| p.as_array().unwrap().iter().any(|c| c[2] == 0)));
    assert!(parts.iter().all(|p| p.as_array().unwrap().iter().any(|c| c[2] == 1)));
    let (_, out, _) = run(&["parts", "--grid", "hexagon", "--cells", "5", "--one-sided", "--json"]);
    assert_eq!(json(&out)["count"], 33);
    let (_, out, _) = run(&["parts", "--grid", "hexagon", "--cells", "3", "--fixed", "--list", "--json"]);
    let v = json(&out);
    assert_eq!(v["count"], 11);
    assert!(v["parts"].as_array().unwrap().iter().all(|p| p[0].as_array().unwrap().len() == 2));
    // --dim keeps naming squares and cubes, and must agree with --grid.
    let (_, out, _) = run(&["parts", "--grid", "cube", "--cells", "4", "--json"]);
    assert_eq!(json(&out)["count"], 8);
    let (code, _, err) = run(&["parts", "--grid", "triangle", "--dim", "3", "--cells", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("--grid triangle is 2D"), "{err}");
    let (code, _, err) = run(&["parts", "--grid", "hex", "--cells", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("square, cube, triangle or hexagon"), "{err}");
    let (code, _, err) = run(&["parts", "--grid", "hexagon", "--cells", "11"]);
    assert_eq!(code, 2);
    assert!(err.contains("1..=10 of polyhexes"), "{err}");
    // Pictures: one hexagon per cell.
    let dir = std::env::temp_dir().join(format!("tessera-hexes-{}", std::process::id()));
    let (code, _, err) = run(&["parts", "--grid", "hexagon", "--cells", "4", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let picture = std::fs::read_to_string(dir.join("part-0001.svg")).unwrap();
    assert_eq!(picture.matches("<polygon").count(), 4, "{picture}");
    let corners = picture.split("points=\"").nth(1).and_then(|p| p.split('"').next()).map(|p| p.split(' ').count());
    assert_eq!(corners, Some(6), "{picture}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parts_draws_svg_files() {
    let dir = std::env::temp_dir().join(format!("tessera-parts-{}", std::process::id()));
    let (code, _, err) = run(&["parts", "--dim", "3", "--cells", "3", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 4, "two parts, each alone and in all orientations");
    for f in &files {
        let s = std::fs::read_to_string(f).unwrap();
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert!(s.contains("<polygon"), "3D parts are drawn as isometric cubes");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pack_json_contract() {
    let (code, out, err) = run(&["pack", "--box", "20", "3", "--set", "pentominoes", "--unique", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["solutions"], 2);
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    let first = v["first"].as_array().unwrap();
    assert_eq!(first.len(), 3, "rows");
    assert!(first.iter().all(|r| r.as_array().unwrap().len() == 20));
    // Every part index appears five times.
    let mut counts = [0; 12];
    for r in first {
        for c in r.as_array().unwrap() {
            counts[c.as_u64().unwrap() as usize] += 1;
        }
    }
    assert_eq!(counts, [5; 12]);
    // 3D: layers of rows.
    let (_, out, _) = run(&["pack", "--box", "3", "3", "3", "--set", "soma", "--stop", "1", "--json"]);
    let v = json(&out);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["first"].as_array().unwrap().len(), 3);
    // Parts given as Lang's vectors, one reused as often as it fits.
    let (_, out, _) = run(&["pack", "--box", "4", "4", "--part", "[0,0][1,0][2,0][1,1]", "--single", "--json"]);
    assert_eq!(json(&out)["solutions"], 2);
    let (_, out, _) = run(&[
        "pack",
        "--box",
        "3",
        "2",
        "--part",
        "[0,0][1,0]",
        "--part",
        "[0,0][1,0]",
        "--part",
        "[0,0][0,1]",
        "--json",
    ]);
    assert!(json(&out)["solutions"].as_u64().unwrap() > 0);
}

#[test]
fn pack_says_why_it_is_impossible_and_writes_svg() {
    let (code, out, _) = run(&["pack", "--box", "15", "14", "--set", "hexominoes", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["solutions"], 0);
    assert!(v["impossible"].as_str().unwrap().contains("parity"));
    let f = std::env::temp_dir().join(format!("tessera-pack-{}.svg", std::process::id()));
    let (code, _, _) =
        run(&["pack", "--box", "3", "3", "3", "--set", "soma", "--stop", "1", "--svg", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    let s = std::fs::read_to_string(&f).unwrap();
    assert!(s.contains("<polygon") && s.contains("z = 2"), "isometric view and one grid per layer");
    std::fs::remove_file(f).unwrap();
}

#[test]
fn malformed_parts_and_boards_are_named() {
    for (args, says) in [
        (vec!["pack", "--box", "4", "4", "--part", "[0,0][2,0]"], "not joined"),
        (vec!["pack", "--box", "4", "4", "--part", "[0,0][1,x]"], "whole numbers"),
        (vec!["pack", "--box", "4", "4", "--part", "[0,0][1,0"], "not closed"),
        (vec!["pack", "--box", "4", "4", "--part", "[0,0,0][1,0,0]"], "box is 2D"),
        (vec!["pack", "--box", "4", "--set", "pentominoes"], "2 or 3 sides"),
        (vec!["pack", "--box", "0", "4", "--set", "pentominoes"], "positive"),
        (vec!["pack", "--box", "4", "4", "--set", "heptominoes"], "unknown set"),
        (vec!["pack", "--box", "3", "3", "--set", "soma"], "3D but the box is 2D"),
        (vec!["pack", "--box", "4", "4", "--hole", "9,9", "--set", "tetrominoes"], "not a cell"),
        (vec!["pack", "--box", "4", "4"], "no parts"),
        (vec!["pack", "--set", "soma"], "--box"),
        (vec!["parts", "--dim", "4", "--cells", "3"], "2 or 3"),
        (vec!["parts", "--dim", "2", "--cells", "40"], "1..=14"),
        (vec!["parts", "--dim", "2"], "--cells N is required"),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Seed 004's habits: flat pentominoes as pentacubes in a 3D box, any figure from a file of
/// cells, options from a file, one solution per line, and a line drawn back.
#[test]
fn flat_parts_in_boxes_figures_conf_files_and_solution_lines() {
    let dir = std::env::temp_dir().join(format!("tessera-pack-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |f: &str| dir.join(f).to_str().unwrap().to_string();
    // The twelve flat pentominoes fill 2 x 3 x 10 in 12 ways up to the box's symmetry.
    let (code, out, err) = run(&["pack", "--box", "2", "3", "10", "--set", "pentominoes", "--unique", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["solutions"], 12);
    // --out: one line per solution, each naming the parts by their letters.
    let lines = path("lines.txt");
    let (code, _, err) = run(&["pack", "--box", "2", "3", "10", "--set", "pentominoes", "--unique", "--out", &lines]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&lines).unwrap();
    assert_eq!(text.lines().count(), 12);
    for line in text.lines() {
        let (board, sol, letters) = tessera::polyform::line::read(line).unwrap();
        assert_eq!((board.cells.len(), sol.len()), (60, 12), "{line}");
        let mut l = letters.clone();
        l.sort();
        assert_eq!(l.iter().collect::<String>(), "FILNPTUVWXYZ");
        assert!(line.starts_with("2 3 10 ") || line.starts_with("3 2 10 ") || line.contains(" 10 "), "{line}");
    }
    // Without --unique every solution is listed: the box's 8 symmetries make 96.
    let (code, out, _) =
        run(&["pack", "--box", "2", "3", "10", "--set", "pentominoes", "--out", &lines, "--json", "--force"]);
    assert_eq!((code, json(&out)["solutions"].as_u64()), (0, Some(96)));
    assert_eq!(std::fs::read_to_string(&lines).unwrap().lines().count(), 96);
    // show draws a line.
    let first = text.lines().next().unwrap().to_string();
    let words: Vec<&str> = first.split(' ').collect();
    let svg = path("line.svg");
    let (code, _, err) = run(&["show", "--string", words[0], words[1], words[2], words[3], "--svg", &svg]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let (code, _, err) = run(&["show", "--string", "2", "2", "2", "AAB", "--svg", &svg]);
    assert_eq!(code, 2);
    assert!(err.contains("needs 8 characters"), "{err}");
    // A figure from a file of cells: an L of three cubes by two layers takes two trominoes.
    let cells = path("figure.txt");
    std::fs::write(&cells, "# an L, two layers\n[0,0,0][1,0,0][0,1,0]\n[0,0,1][1,0,1][0,1,1]\n").unwrap();
    let (code, out, err) = run(&["pack", "--cells", &cells, "--part", "[0,0,0][1,0,0][0,1,0]", "--single", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(json(&out)["solutions"].as_u64().unwrap() > 0, "{out}");
    let (code, _, err) = run(&["pack", "--cells", &cells, "--box", "2", "2", "--set", "soma"]);
    assert_eq!(code, 2);
    assert!(err.contains("not both"), "{err}");
    std::fs::write(&cells, "[0,0,0][1,0]").unwrap();
    let (code, _, err) = run(&["pack", "--cells", &cells, "--set", "soma"]);
    assert_eq!(code, 2);
    assert!(err.contains("figure.txt") && err.contains("mix"), "{err}");
    // Options from a file, comments and all.
    let conf = path("pack.conf");
    std::fs::write(&conf, "# the Soma cube\n--box 3 3 3\n--set soma   # seven pieces\n--unique\n").unwrap();
    let (code, out, err) = run(&["pack", "--conf", &conf, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["solutions"], 240);
    std::fs::write(&conf, "--conf other.conf\n").unwrap();
    let (code, _, err) = run(&["pack", "--conf", &conf]);
    assert_eq!(code, 2);
    assert!(err.contains("may not name another"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue P2c, item 5: a refused `pack` or `parts` prints its one-line reason, not the usage
/// text after it.
#[test]
fn refusals_print_one_line_without_the_usage() {
    let bin = env!("CARGO_BIN_EXE_tessera");
    for args in [vec!["pack", "--box", "3", "3", "--part", "[0,0][9"], vec!["parts", "--dim", "4", "--cells", "3"]] {
        let out = std::process::Command::new(bin).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("usage"), "{err}");
    }
}

/// `pack --grid triangle|hexagon`: the packer's options on the lattice grids (counts checked
/// against the brute force in `grids.rs`), the first solution as each part's cells, the
/// refusals named.
#[test]
fn pack_on_triangles_and_hexagons() {
    let count = |args: &[&str]| {
        let (code, out, err) = run(&[&["pack", "--json"], args].concat());
        assert_eq!(code, 0, "{err}");
        json(&out)
    };
    let v = count(&["--grid", "triangle", "--box", "6", "6", "--set", "hexiamonds", "--unique"]);
    assert_eq!((v["solutions"].as_u64(), v["complete"].as_bool()), (Some(156), Some(true)), "{v}");
    // Every part once, each cell of the board once: up and down triangles alike.
    let first = v["first"].as_array().unwrap();
    assert_eq!(first.len(), 12);
    let mut cells: Vec<Vec<i64>> = first
        .iter()
        .flat_map(|p| {
            p[1].as_array().unwrap().iter().map(|c| c.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect())
        })
        .collect();
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), 72);
    assert!(cells.iter().all(|c| c.len() == 3 && (0..6).contains(&c[0]) && (0..6).contains(&c[1]) && c[2] <= 1));
    // Pruned, the same count; stopped after 10, 10.
    let v = count(&["--grid", "triangle", "--box", "6", "6", "--set", "hexiamonds", "--unique", "--prune"]);
    assert_eq!(v["solutions"].as_u64(), Some(156));
    let v = count(&["--grid", "triangle", "--box", "6", "6", "--set", "hexiamonds", "--stop", "10"]);
    assert_eq!((v["solutions"].as_u64(), v["complete"].as_bool()), (Some(10), Some(false)));
    // Every filling of the tetrahexes' parallelogram: twice its 9 up to its half-turn.
    assert_eq!(count(&["--grid", "hexagon", "--box", "7", "4", "--set", "tetrahexes"])["solutions"], 18);
    assert_eq!(count(&["--grid", "hexagon", "--box", "7", "4", "--set", "tetrahexes", "--unique"])["solutions"], 9);
    // Dominoes of two hexagons fill a 3 x 3 parallelogram without a corner; a hole elsewhere
    // that leaves an odd count refuses.
    let v = count(&["--grid", "hexagon", "--box", "3", "3", "--part", "[0,0][1,0]*4", "--hole", "0,0"]);
    assert!(v["solutions"].as_u64().unwrap() > 0 && v["impossible"].is_null(), "{v}");
    let v = count(&["--grid", "hexagon", "--box", "3", "3", "--part", "[0,0][1,0]*4"]);
    assert!(v["impossible"].as_str().unwrap().contains("cover 8 cells but the board has 9"), "{v}");
    // A diamond of two triangles, twice, fills a 2 x 1 parallelogram one way (the other
    // split leaves two triangles that touch at a corner only).
    assert_eq!(count(&["--grid", "triangle", "--box", "2", "1", "--part", "[0,0,0][0,0,1]*2"])["solutions"], 1);
    for (args, says) in [
        (vec!["--grid", "octagon", "--box", "2", "2", "--set", "hexiamonds"], "--grid octagon"),
        (vec!["--grid", "triangle", "--box", "6", "6", "--set", "pentominoes"], "give --grid square"),
        (vec!["--box", "6", "6", "--set", "hexiamonds"], "give --grid triangle"),
        (vec!["--grid", "triangle", "--box", "2", "2", "--part", "[0,0][1,0]"], "[a, b, t]"),
        (vec!["--grid", "hexagon", "--box", "2", "2", "--part", "[0,0][2,0]"], "not joined"),
        (vec!["--grid", "hexagon", "--box", "2", "2", "2", "--set", "trihexes"], "parallelogram"),
    ] {
        let (code, _, err) = run(&[&["pack"], args.as_slice()].concat());
        assert!(code != 0 && err.contains(says), "{args:?}: {err}");
    }
}
