//! The fifth sweep of hostile input (P1b): each defect it found, as the command line meets it.
//! Cells on the new grids are kept as written by one reader, answers come in the input's
//! frame, a search cut short proves nothing, and each message names the real reason.

use crate::common::cli::run;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tessera-sweep5-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn file(name: &str, text: &str) -> String {
    let p = scratch(name).join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
}

/// The grid's reader keeps `t` as written: "[0,0,1]" is one down triangle (it became an up
/// one), "[0,0,1][0,0,2]" and "[0,0]" are no triangles' cells.
#[test]
fn a_triangle_cell_is_read_as_written() {
    use tessera::polyform::grid::Grid;
    assert_eq!(Grid::Triangle.read_cells("[0,0,1]", "part"), Ok(vec![[0, 0, 1]]));
    assert_eq!(Grid::Triangle.read_cells("[3,-2,1][4,-2,0]", "part"), Ok(vec![[3, -2, 1], [4, -2, 0]]));
    for bad in ["[0,0,1][0,0,2]", "[0,0]", "[0,0,-1]"] {
        let e = Grid::Triangle.read_cells(bad, "part").unwrap_err();
        assert!(e.contains("[a, b, t] with t 0"), "{bad}: {e}");
    }
    assert!(Grid::Hexagon.read_cells("[0,0,1]", "part").unwrap_err().contains("[a, b]"));
    // A down triangle alone fills a figure of one down triangle: pack answers it down.
    let f = file("down.txt", "[5,2,1]");
    let (code, out, err) = run(&["pack", "--grid", "triangle", "--cells", &f, "--part", "[0,0,1]", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["first"], serde_json::json!([[0, [[5, 2, 1]]]]), "{out}");
    let (code, _, err) = run(&["pack", "--grid", "triangle", "--box", "2", "2", "--part", "[0,0,0][0,0,-1]"]);
    assert_eq!(code, 2);
    assert!(err.contains("t 0 (pointing up) or 1"), "{err}");
}

/// `--cells` on the new grids reads the grid's cells (t = 2 and hexagons' third number were
/// taken), and holes and the answer stand in the file's frame (the board was moved home).
#[test]
fn pack_cells_keep_the_files_frame() {
    let f = file("t2.txt", "[0,0,0][0,0,2]");
    let (code, _, err) = run(&["pack", "--grid", "triangle", "--cells", &f, "--part", "[0,0,0]"]);
    assert!(code == 2 && err.contains("[a, b, t] with t 0"), "{err}");
    let f = file("hex.txt", "[0,0,1][1,0,1]");
    let (code, _, err) = run(&["pack", "--grid", "hexagon", "--cells", &f, "--part", "[0,0]"]);
    assert!(code == 2 && err.contains("[a, b]"), "{err}");
    // A strip of three hexagons at negative coordinates, its middle cell a hole: two single
    // hexagons fill the rest, answered where the file put them.
    let f = file("strip.txt", "[-3,-1][-2,-1][-1,-1]");
    let (code, out, err) =
        run(&["pack", "--grid", "hexagon", "--cells", &f, "--hole", "-2,-1", "--part", "[0,0]*2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let mut cells: Vec<serde_json::Value> =
        v["first"].as_array().unwrap().iter().flat_map(|p| p[1].as_array().unwrap().clone()).collect();
    cells.sort_by_key(|c| c.to_string());
    assert_eq!(cells, vec![serde_json::json!([-1, -1, 0]), serde_json::json!([-3, -1, 0])], "{out}");
    // A hole outside the file's figure is refused in the file's terms.
    let (code, _, err) = run(&["pack", "--grid", "hexagon", "--cells", &f, "--hole", "0,0", "--part", "[0,0]*2"]);
    assert!(code == 2 && err.contains("--hole [0, 0]: not a cell"), "{err}");
    // A strip of 1,024 hexagons is within the promised cells.
    let (code, _, err) =
        run(&["pack", "--grid", "hexagon", "--box", "1024", "1", "--part", "[0,0]", "--single", "--stop", "1"]);
    assert_eq!(code, 0, "{err}");
}

/// A level's board on the new grids written away from home is refused with the shift that
/// takes it home (it was moved without a word, its holes read in its own frame); a part not
/// joined side to side is called that, and hexiamonds on a square board are named as such.
#[test]
fn level_boards_and_parts_say_the_real_reason() {
    let level = |board: &str, pieces: &str| {
        format!("(name: \"T\", levels: [(id: \"t\", name: \"T\", family: \"polyomino\", board: {board}, pieces: {pieces})])")
    };
    let check = |text: String, tag: &str| {
        let dir = scratch(tag);
        std::fs::write(dir.join("t.ron"), text).unwrap();
        let (code, out, err) = run(&["check-levels", dir.to_str().unwrap()]);
        (code, format!("{out}{err}"))
    };
    let (code, said) = check(level("(grid: \"hexagon\", cells: [[-1, 0], [0, 0]])", "[\"[0,0][1,0]\"]"), "away");
    assert!(code != 0 && said.contains("start at a = -1, b = 0") && said.contains("by [1, 0]"), "{said}");
    let (code, said) = check(level("(grid: \"hexagon\", size: [3, 1])", "[\"[0,0][2,0]\", \"[0,0]\"]"), "apart");
    assert!(code != 0 && said.contains("not joined side to side") && !said.contains("simply connected"), "{said}");
    let (code, said) = check(level("(size: [6, 6])", "\"hexiamonds\""), "grid");
    assert!(code != 0 && said.contains("part set of the triangle grid") && !said.contains("3D part"), "{said}");
}

/// `analyse --json` cut short by its time says `solvable` only when it knows: true for a
/// level whose reference solution verifies, never false without a proof.
#[test]
fn a_search_cut_short_proves_nothing() {
    let (code, out, err) = run(&[
        "analyse",
        "levels/polyominoes.ron",
        "--level",
        "pentominoes-6x10",
        "--limit",
        "100000",
        "--timeout-ms",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["solvable"], true, "{out}");
    let f = file("nosol.ron", "(name: \"N\", levels: [(id: \"n\", name: \"N\", family: \"polyomino\", board: (size: [10, 6]), pieces: \"pentominoes\")])");
    let (code, out, err) = run(&["analyse", &f, "--timeout-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    if v["complete"] == false && v["solutions"] == 0 {
        assert!(v["solvable"].is_null(), "{out}");
    }
}

/// Messages that named the wrong reason: `--level` on a piece list, a negative time limit, a
/// stray last line of a list.
#[test]
fn messages_name_the_real_reason() {
    let list = file("list.txt", "2 2\n0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n");
    let (code, _, err) = run(&["edge", "solve", &list, "--level", "x"]);
    assert!(code == 2 && err.contains("a piece list, not a level pack"), "{err}");
    let (code, _, err) = run(&["edge", "solve", &list, "--timeout-ms", "-1"]);
    assert!(code == 2 && err.contains("0 or more") && !err.contains("unexpected argument"), "{err}");
    let stray = file("stray.txt", "2 2\n0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n7 7\n");
    let (code, _, err) = run(&["edge", "solve", &stray, "--rotate"]);
    assert!(code == 2 && err.contains("line 6"), "{err}");
}
