//! BurrTools puzzles (`.xmpuzzle`) in and out: a file written by hand from the format's
//! description imports with the counts worked out below, every shipped polyomino and
//! polycube level exports and comes back the same, and files Tessera cannot follow are
//! refused with their reason.

use crate::common::cli::call;
use std::collections::BTreeSet;
use tessera::family::polyomino::PolyLevel;
use tessera::family::xmpuzzle;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::Cell;

fn run(args: &[&str]) -> (i32, String, String) {
    match args[0] {
        "import" => call(tessera::cli::import::run, &args[1..]),
        _ => call(tessera::cli::burr::export, &args[1..]),
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-burr-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn load(file: &std::path::Path) -> tessera::level::Pack {
    let text = std::fs::read_to_string(file).unwrap();
    tessera::level::parse_pack(&text, "test", "test").unwrap()
}

/// The 48 turns and mirrors of space, as (axis permutation, signs).
fn motions() -> Vec<([usize; 3], [i32; 3])> {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for p in perms {
        for s in 0..8 {
            out.push((p, [1 - 2 * (s & 1), 1 - 2 * (s >> 1 & 1), 1 - 2 * (s >> 2 & 1)]));
        }
    }
    out
}

/// Assemblies up to the board's symmetries, counted the plain way: every solution listed,
/// each replaced by the smallest of its images under the motions of space that map the board
/// (and its optional cells) to itself, and the distinct ones counted. Pieces here are their
/// own mirror images, so BurrTools merges mirrored assemblies as well as turned ones.
fn orbits(board: &Board, parts: &[PartSpec]) -> u64 {
    let out = solve(board, parts, &PackOptions { keep: 1_000_000, stop: u64::MAX, ..PackOptions::new(board.dim) });
    assert!(out.complete && out.kept.len() < 1_000_000);
    let image = |m: &([usize; 3], [i32; 3]), c: Cell| [0, 1, 2].map(|a| m.1[a] * c[m.0[a]]);
    let cells: BTreeSet<Cell> = board.cells.iter().copied().collect();
    let optional: BTreeSet<Cell> = board.optional.iter().copied().collect();
    let dims = if board.dim == 2 { 2 } else { 3 };
    let keeps = |m: &([usize; 3], [i32; 3])| dims == 3 || (m.0[2] == 2 && m.1[2] == 1);
    let shifted = |m: &([usize; 3], [i32; 3]), set: &BTreeSet<Cell>, lo: Cell| -> BTreeSet<Cell> {
        set.iter().map(|&c| image(m, c)).map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).collect()
    };
    let lo_of = |m: &([usize; 3], [i32; 3])| {
        cells.iter().map(|&c| image(m, c)).fold([i32::MAX; 3], |l, c| [l[0].min(c[0]), l[1].min(c[1]), l[2].min(c[2])])
    };
    let symmetries: Vec<_> = motions()
        .into_iter()
        .filter(|m| keeps(m) && shifted(m, &cells, lo_of(m)) == cells && shifted(m, &optional, lo_of(m)) == optional)
        .collect();
    let mut seen = BTreeSet::new();
    for sol in &out.kept {
        let best = symmetries
            .iter()
            .map(|m| {
                let lo = lo_of(m);
                let mut img: Vec<(usize, BTreeSet<Cell>)> =
                    sol.iter().map(|(p, cs)| (*p, shifted(m, &cs.iter().copied().collect(), lo))).collect();
                img.sort();
                img
            })
            .min()
            .unwrap();
        seen.insert(best);
    }
    seen.len() as u64
}

/// `tests/data/ring-and-corner.xmpuzzle`, written by hand: two problems, one flat with a
/// piece used four times and an optional cell, one in 3D with count ranges.
#[test]
fn a_hand_written_puzzle_imports_with_burrtools_counts() {
    let dir = scratch("hand");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ring-and-corner.xmpuzzle");
    let out_file = dir.join("ring.ron");
    let (code, out, err) = run(&["import", src.to_str().unwrap(), "--out", out_file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // The domino ring: a 3 x 3 square whose centre may stay empty, four dominoes. Nine cells
    // is odd, so the centre stays empty and the dominoes pave the ring of eight; a ring (a
    // cycle of 8 cells) has exactly two pavings, and a quarter turn of the square takes one to
    // the other: one assembly up to the square's symmetries, as BurrTools reports it (it
    // removes assemblies that are turns of the result of another).
    assert!(out.contains("level `domino-ring` (4 pieces): 1 assemblies"), "{out}");
    let pack = load(&out_file);
    let ring = pack.levels[0].data::<PolyLevel>().unwrap();
    assert_eq!(ring.board.dim, 2, "a one-layer problem becomes a flat level");
    assert_eq!((ring.board.cells.len(), ring.board.optional.clone()), (9, vec![[1, 1, 0]]));
    assert_eq!((ring.parts.len(), ring.parts[0].count, ring.parts[0].fewest()), (1, Some(4), 4));
    let raw = solve(&ring.board, &ring.parts, &PackOptions::new(2));
    assert_eq!(raw.solutions, 2, "two pavings of the ring");
    // The cube of ells: a 2 x 2 x 2 cube, one corner may stay empty, one or two ells (three
    // cubes) and up to two dominoes. Checked against every assembly listed and reduced by
    // the cube's symmetries that keep the optional corner in place.
    let cube = pack.levels[1].data::<PolyLevel>().unwrap();
    assert_eq!(cube.board.dim, 3);
    let expected = orbits(&cube.board, &cube.parts);
    assert!(expected > 1);
    assert!(out.contains(&format!("level `cube-of-ells` (4 pieces): {expected} assemblies")), "{out}");
    // `--count-most 1`: each count stops at its first assembly, and says "at least".
    let (code, most, err) =
        run(&["import", src.to_str().unwrap(), "--out", out_file.to_str().unwrap(), "--force", "--count-most", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(most.contains("level `cube-of-ells` (4 pieces): at least 1 assemblies"), "{most}");
    // Each stored solution is judged solved by the game, and each level has its measured stars.
    for level in &pack.levels {
        assert!(level.check_solution().is_ok(), "{}", level.id);
        assert_eq!(level.difficulty, tessera::content::difficulty::measure(level).stars);
    }
    // The same file gzip-compressed (as BurrTools saves it) reads the same.
    let plain = std::fs::read(&src).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &plain).unwrap();
    let gz = gz.finish().unwrap();
    assert_eq!(xmpuzzle::read(&gz).unwrap(), xmpuzzle::read(&plain).unwrap());
    // And a second import over the pack it wrote (two levels) needs --force.
    let (code, _, err) = run(&["import", src.to_str().unwrap(), "--out", out_file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Sorted cells of each part with its count range, and the board's cells and optional ones,
/// all moved to start at 0: what makes a packing level the same level.
/// A board's dimension, cells and optional cells, and each part's cells with its copies.
type Shape = (u8, Vec<Cell>, Vec<Cell>, Vec<(Vec<Cell>, Option<u32>, u32)>);

fn shape_of(poly: &PolyLevel) -> Shape {
    let b = &poly.board;
    let lo = b.cells.iter().fold([i32::MAX; 3], |l, c| [l[0].min(c[0]), l[1].min(c[1]), l[2].min(c[2])]);
    let moved = |cs: &[Cell]| {
        let mut v: Vec<Cell> = cs.iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).collect();
        v.sort();
        v
    };
    let parts = poly.parts.iter().map(|p| (p.cells.clone(), p.count, p.fewest())).collect();
    (b.dim, moved(&b.cells), moved(&b.optional), parts)
}

#[test]
fn every_shipped_packing_level_exports_and_imports_as_itself() {
    let dir = scratch("round");
    let mut tried = 0;
    for pack in tessera::level::embedded_packs() {
        for level in &pack.levels {
            let Some(poly) = level.data::<PolyLevel>() else { continue };
            if poly.board.grid == tessera::polyform::grid::Grid::Hexagon {
                // BurrTools has no grid of hexagons: the export says so.
                let file = dir.join("hex.xmpuzzle");
                let (code, _, err) =
                    run(&["export", &format!("{}/{}", pack.id, level.id), "--xmpuzzle", file.to_str().unwrap()]);
                assert!(code == 2 && err.contains("no grid of hexagons"), "{}/{}: {err}", pack.id, level.id);
                continue;
            }
            tried += 1;
            let file = dir.join(format!("{}-{}.xmpuzzle", pack.id, level.id));
            let (file, ron) = (file.to_str().unwrap(), dir.join("back.ron"));
            let (code, _, err) = run(&["export", &format!("{}/{}", pack.id, level.id), "--xmpuzzle", file]);
            assert_eq!(code, 0, "{}/{}: {err}", pack.id, level.id);
            // No clock (a time limit ran out in a niced CI lane, and the reference search with
            // it): the import's own count stops at its first assembly; the test counts below.
            let (code, _, err) = run(&[
                "import",
                file,
                "--out",
                ron.to_str().unwrap(),
                "--force",
                "--timeout-ms",
                "0",
                "--count-most",
                "1",
            ]);
            assert_eq!(code, 0, "{}/{}: {err}", pack.id, level.id);
            let back = load(&ron);
            assert_eq!(back.levels.len(), 1);
            let again = back.levels[0].data::<PolyLevel>().unwrap();
            assert_eq!(shape_of(again), shape_of(poly), "{}/{}", pack.id, level.id);
            assert_eq!(back.levels[0].name, level.name, "{}/{}", pack.id, level.id);
            // The same count (up to 200 solutions, as far as the packer gets).
            let count = |l: &tessera::family::Level| {
                let c = l.family.count(l, 200, &Default::default());
                (c.solutions.min(200), c.complete || c.solutions >= 200)
            };
            assert_eq!(count(&back.levels[0]), count(level), "{}/{}", pack.id, level.id);
        }
    }
    assert!(tried >= 100, "{tried} packing levels");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn files_tessera_cannot_follow_are_refused_with_the_reason() {
    let dir = scratch("bad");
    let puzzle = |grid: &str, shapes: &str, problem: &str| {
        format!("<puzzle version=\"2\"><gridType type=\"{grid}\"/><shapes>{shapes}</shapes><problems>{problem}</problems></puzzle>")
    };
    let domino = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>";
    let square = "<voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">####</voxel>";
    let good = "<problem name=\"p\"><shapes><shape id=\"0\" count=\"2\"/></shapes><result id=\"1\"/></problem>";
    let mut cases: Vec<(String, &str)> = vec![
        (puzzle("3", &format!("{domino}{square}"), good), "grid is of type 3"),
        (puzzle("0", &format!("{domino}{square}"), ""), "holds no problem"),
        (puzzle("0", "<voxel x=\"2\" y=\"1\" z=\"1\">#</voxel>", ""), "lists 1 cells"),
        (puzzle("0", "<voxel x=\"2\" y=\"1\" z=\"1\">#x</voxel>", ""), "`x` is not a cell"),
        (puzzle("0", "<voxel x=\"0\" y=\"1\" z=\"1\"></voxel>", ""), "sides are 1 to 4096"),
        (puzzle("0", &format!("{domino}{square}"), "<problem><shapes/><result id=\"1\"/></problem>"), "has no pieces"),
        (puzzle("0", &format!("{domino}{square}"), "<problem><shapes><shape id=\"0\"/></shapes></problem>"), "no result"),
        (
            puzzle(
                "0",
                "<voxel x=\"2\" y=\"1\" z=\"1\">#1#</voxel><voxel x=\"2\" y=\"2\" z=\"1\">#2###</voxel>",
                "<problem><shapes><shape id=\"0\" count=\"2\"/></shapes><result id=\"1\"/><bitmap><pair piece=\"1\" result=\"2\"/></bitmap></problem>",
            )
            .replacen("<shapes>", "<colors><color red=\"9\" green=\"9\" blue=\"9\"/></colors><shapes>", 1),
            "a cell has colour 2, but the file defines 1",
        ),
        (
            puzzle(
                "0",
                &format!("{domino}<voxel x=\"2\" y=\"2\" z=\"1\">##++</voxel>"),
                "<problem maxHoles=\"1\"><shapes><shape id=\"0\" count=\"2\"/></shapes><result id=\"1\"/></problem>",
            ),
            "at most 1 of its 2",
        ),
        (
            puzzle("0", &format!("{domino}{square}"), "<problem><shapes><shape id=\"0\" count=\"1\"/></shapes><result id=\"1\"/></problem>"),
            "no solution",
        ),
        ("<!DOCTYPE puzzle [<!ENTITY a \"b\">]><puzzle/>".to_string(), "not XML"),
        ("<svg/>".to_string(), "root element is <svg>"),
    ];
    let mut cases: Vec<(Vec<u8>, &str)> = cases.drain(..).map(|(t, s)| (t.into_bytes(), s)).collect();
    cases.push((b"\x1f\x8b\x08\x00garbage".to_vec(), "gzip data is damaged"));
    for (k, (text, says)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{k}.xmpuzzle"));
        std::fs::write(&file, text).unwrap();
        let out = dir.join(format!("bad{k}.ron"));
        let (code, _, err) = run(&["import", file.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert_eq!(code, 2, "case {k}");
        assert!(err.contains(says), "case {k}: {err}");
        assert!(err.contains(&format!("bad{k}.xmpuzzle")), "case {k} names the file: {err}");
        assert!(!out.exists(), "case {k}: nothing written");
    }
    // Export: only packing levels, and an existing file is kept without --force.
    let (code, _, err) = run(&["export", "classic/letter-l", "--xmpuzzle", dir.join("x.xmpuzzle").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not a polyomino or polycube level"), "{err}");
    let kept = dir.join("kept.xmpuzzle");
    std::fs::write(&kept, "mine").unwrap();
    let (code, _, err) = run(&["export", "polyominoes/pento-5x3", "--xmpuzzle", kept.to_str().unwrap()]);
    assert!(code == 2 && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "mine");
    let _ = std::fs::remove_dir_all(dir);
}

/// A puzzle of BurrTools' triangular prisms in one layer, written by hand from its voxel
/// numbering (row `y`, along it `x` in half sides, `(x, y)` pointing up when `x + y` is even):
/// four diamonds of two triangles fill two rows of four triangles, the second row starting
/// half a side further left. It imports as a polyiamond level with those cells, which the
/// packer fills; exported again, it is the same puzzle.
#[test]
fn a_puzzle_of_triangular_prisms_imports_as_polyiamonds() {
    let dir = scratch("prisms");
    let text = "<puzzle version=\"2\"><gridType type=\"1\"/><shapes>\
        <voxel x=\"2\" y=\"1\" z=\"1\" type=\"1\" name=\"diamond\">##</voxel>\
        <voxel x=\"4\" y=\"2\" z=\"1\" type=\"1\" name=\"band\">########</voxel></shapes>\
        <problems><problem name=\"band\"><shapes><shape id=\"0\" count=\"4\"/></shapes><result id=\"1\"/></problem></problems></puzzle>";
    let file = dir.join("band.xmpuzzle");
    std::fs::write(&file, text).unwrap();
    let ron = dir.join("band.ron");
    let (code, out, err) = run(&["import", file.to_str().unwrap(), "--out", ron.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("assemblies up to symmetry"), "{out}");
    let pack = load(&ron);
    let level = &pack.levels[0];
    let poly = level.data::<PolyLevel>().unwrap();
    assert_eq!(poly.board.grid, tessera::polyform::grid::Grid::Triangle);
    // Row 0: up, down, up, down from [0, 0]; row 1: down, up, down, up from half a side left.
    let mut want: Vec<Cell> =
        vec![[1, 0, 0], [1, 0, 1], [2, 0, 0], [2, 0, 1], [0, 1, 1], [1, 1, 0], [1, 1, 1], [2, 1, 0]];
    want.sort();
    assert_eq!(poly.board.cells, want);
    assert_eq!(poly.parts[0].cells, [[0, 0, 0], [0, 0, 1]]);
    level.prove().unwrap();
    // Written back: triangular prisms, the same cells.
    let back = dir.join("back.xmpuzzle");
    let (code, _, err) =
        run(&["export", ron.to_str().unwrap(), "--level", &level.id, "--xmpuzzle", back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let again = xmpuzzle::read(&std::fs::read(&back).unwrap()).unwrap();
    assert_eq!(again.grid, xmpuzzle::PRISMS);
    let result = &again.shapes[again.problems[0].result.unwrap()];
    let mut cells: Vec<Cell> = result.cells.iter().map(|v| tessera::family::polyomino::prisms::cell(v.at)).collect();
    cells.sort();
    let lo = tessera::polyform::lowest(&cells);
    let cells: Vec<Cell> = cells.iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2]]).collect();
    assert_eq!(cells, want);
    // Other grids are refused naming the grid.
    let spheres = text.replace("type=\"1\"", "type=\"2\"");
    std::fs::write(&file, spheres).unwrap();
    let (code, _, err) = run(&["import", file.to_str().unwrap(), "--out", ron.to_str().unwrap(), "--force"]);
    assert!(code == 2 && err.contains("type 2 (spheres)"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
