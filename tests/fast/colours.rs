//! Issue P2c: BurrTools' colour constraints. The packer's counts on coloured problems against a
//! brute force written apart (its own motions, its own colour rule), in 2D and 3D; a coloured
//! level as a player meets it (judged, hinted); `.xmpuzzle` files with colours read, counted
//! and written back.

use std::collections::BTreeSet;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::Cell;

type Assembly = Vec<(usize, Vec<Cell>)>;
/// A motion of the grid as a function on cells.
type Motion = Box<dyn Fn(Cell) -> Cell>;

/// Every motion of the grid with its determinant: in 2D the eight of the square, in 3D the
/// 48 of the cube (signed permutations), as functions on cells.
fn motions(dim: u8) -> Vec<(Motion, i32)> {
    let mut out: Vec<(Motion, i32)> = Vec::new();
    let perms: &[[usize; 3]] = if dim == 2 {
        &[[0, 1, 2], [1, 0, 2]]
    } else {
        &[[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]]
    };
    for (k, &p) in perms.iter().enumerate() {
        let odd = if dim == 2 { k == 1 } else { k >= 3 };
        for signs in 0..(if dim == 2 { 4 } else { 8 }) {
            let s = [1 - 2 * (signs & 1), 1 - 2 * (signs >> 1 & 1), 1 - 2 * (signs >> 2 & 1)];
            let negatives = s.iter().filter(|&&v| v < 0).count();
            let det = if (negatives % 2 == 1) != odd { -1 } else { 1 };
            out.push((Box::new(move |c: Cell| [s[0] * c[p[0]], s[1] * c[p[1]], s[2] * c[p[2]]]), det));
        }
    }
    out
}

/// A coloured shape moved by `m`, its smallest cell at the origin, sorted.
fn moved(cells: &[(Cell, u32)], m: &dyn Fn(Cell) -> Cell) -> Vec<(Cell, u32)> {
    let mut v: Vec<(Cell, u32)> = cells.iter().map(|&(c, k)| (m(c), k)).collect();
    v.sort();
    let lo = v[0].0;
    v.iter().map(|&(c, k)| ([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]], k)).collect()
}

fn with_colours(p: &PartSpec) -> Vec<(Cell, u32)> {
    p.cells.iter().map(|&c| (c, p.colours.iter().find(|(d, _)| *d == c).map_or(0, |&(_, k)| k))).collect()
}

/// Every assembly (each part's copies used exactly `count` times), by filling the first empty
/// cell with every moved, coloured part that fits: a part cell of colour p goes into a board
/// cell of colour b when p or b is 0 or the rules pair them.
fn brute(board: &Board, parts: &[PartSpec]) -> BTreeSet<Assembly> {
    let colour = |list: &[(Cell, u32)], c: Cell| list.iter().find(|(d, _)| *d == c).map_or(0, |&(_, k)| k);
    let takes = |p: u32, c: Cell| {
        let b = colour(&board.colours, c);
        p == 0 || b == 0 || board.rules.contains(&(p, b))
    };
    // Each part's placements, as (cells sorted, colours).
    // Flat parts turn and mirror; solid ones only turn.
    let mut shapes: Vec<Vec<Vec<(Cell, u32)>>> = Vec::new();
    for p in parts {
        let mut seen: Vec<Vec<(Cell, u32)>> = Vec::new();
        for (m, det) in motions(board.dim) {
            let v = moved(&with_colours(p), &m);
            if (board.dim == 2 || det == 1) && !seen.contains(&v) {
                seen.push(v);
            }
        }
        shapes.push(seen);
    }
    let mut out = BTreeSet::new();
    let mut used = vec![0u32; parts.len()];
    let mut placed: Assembly = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn fill(
        board: &Board,
        parts: &[PartSpec],
        shapes: &[Vec<Vec<(Cell, u32)>>],
        takes: &dyn Fn(u32, Cell) -> bool,
        used: &mut Vec<u32>,
        placed: &mut Assembly,
        out: &mut BTreeSet<Assembly>,
    ) {
        let taken: Vec<Cell> = placed.iter().flat_map(|(_, c)| c.clone()).collect();
        let Some(&first) = board.cells.iter().find(|c| !taken.contains(c)) else {
            if (0..parts.len()).all(|i| used[i] == parts[i].count.unwrap()) {
                let mut a = placed.clone();
                a.sort();
                out.insert(a);
            }
            return;
        };
        for (i, turns) in shapes.iter().enumerate() {
            if used[i] >= parts[i].count.unwrap() {
                continue;
            }
            for shape in turns {
                // The shape's smallest cell (in the board's order) on `first`.
                let at: Vec<(Cell, u32)> =
                    shape.iter().map(|&(c, k)| ([c[0] + first[0], c[1] + first[1], c[2] + first[2]], k)).collect();
                if at.iter().all(|&(c, k)| board.cells.contains(&c) && !taken.contains(&c) && takes(k, c)) {
                    let mut cells: Vec<Cell> = at.iter().map(|&(c, _)| c).collect();
                    cells.sort();
                    used[i] += 1;
                    placed.push((i, cells));
                    fill(board, parts, shapes, takes, used, placed, out);
                    placed.pop();
                    used[i] -= 1;
                }
            }
        }
    }
    fill(board, parts, &shapes, &takes, &mut used, &mut placed, &mut out);
    out
}

/// Orbits of the assemblies under the board's motions that keep its cells and their colours.
/// In 2D each part goes to itself (parts turn and mirror); in 3D a mirror motion counts when it
/// takes each part to a part of the set (itself first), as BurrTools merges mirror images.
fn orbits(board: &Board, parts: &[PartSpec], all: &BTreeSet<Assembly>) -> u64 {
    let colour = |c: Cell| board.colours.iter().find(|(d, _)| *d == c).map_or(0, |&(_, k)| k);
    let class =
        |v: &[(Cell, u32)]| motions(3).iter().filter(|(_, det)| *det == 1).map(|(m, _)| moved(v, m)).min().unwrap();
    let classes: Vec<Vec<(Cell, u32)>> = parts.iter().map(|p| class(&with_colours(p))).collect();
    type Map = (Motion, Vec<usize>);
    let mut maps: Vec<Map> = Vec::new();
    for (m, det) in motions(board.dim) {
        let relabel: Option<Vec<usize>> = if board.dim == 2 || det == 1 {
            Some((0..parts.len()).collect())
        } else {
            (0..parts.len())
                .map(|i| {
                    let image = class(&moved(&with_colours(&parts[i]), &m));
                    if image == classes[i] {
                        Some(i)
                    } else {
                        classes.iter().position(|c| *c == image)
                    }
                })
                .collect()
        };
        let Some(relabel) = relabel else { continue };
        let mut distinct = relabel.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != relabel.len() {
            continue;
        }
        let moved_board: Vec<Cell> = board.cells.iter().map(|&c| m(c)).collect();
        let lo: Vec<i32> = (0..3).map(|a| moved_board.iter().map(|c| c[a]).min().unwrap()).collect();
        let f = move |c: Cell| {
            let d = m(c);
            [d[0] - lo[0], d[1] - lo[1], d[2] - lo[2]]
        };
        if board.cells.iter().all(|&c| board.cells.contains(&f(c)) && colour(f(c)) == colour(c)) {
            maps.push((Box::new(f), relabel));
        }
    }
    all.iter()
        .filter(|a| {
            maps.iter().all(|(f, relabel)| {
                let mut img: Assembly = a
                    .iter()
                    .map(|(p, cs)| {
                        let mut v: Vec<Cell> = cs.iter().map(|&c| f(c)).collect();
                        v.sort();
                        (relabel[*p], v)
                    })
                    .collect();
                img.sort();
                **a <= img
            })
        })
        .count() as u64
}

struct Rng(u64);
impl Rng {
    fn next(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }
}

fn coloured(rng: &mut Rng, cells: &[Cell], chance: u64) -> Vec<(Cell, u32)> {
    let mut v: Vec<(Cell, u32)> = Vec::new();
    for &c in cells {
        if rng.next(chance) == 0 {
            v.push((c, 1 + rng.next(2) as u32));
        }
    }
    v.sort();
    v
}

/// Random coloured problems in boxes, 2D and 3D: the packer's count and its count up to the
/// board's symmetries equal the brute force's, and colours change the count in many of them
/// (else the test would not tell).
#[test]
fn coloured_counts_match_a_brute_force_written_apart() {
    let flat: [&[Cell]; 5] = [
        &[[0, 0, 0]],
        &[[0, 0, 0], [1, 0, 0]],
        &[[0, 0, 0], [1, 0, 0], [0, 1, 0]],
        &[[0, 0, 0], [1, 0, 0], [2, 0, 0]],
        &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]],
    ];
    let solid: [&[Cell]; 5] = [
        &[[0, 0, 0]],
        &[[0, 0, 0], [1, 0, 0]],
        &[[0, 0, 0], [1, 0, 0], [0, 1, 0]],
        &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
        &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]],
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut tried, mut changed, mut solved) = (0, 0, 0);
    while tried < 120 {
        let dim = if tried % 3 == 2 { 3 } else { 2 };
        let (w, h, d) =
            if dim == 2 { (2 + rng.next(2) as i32, 2 + rng.next(3) as i32, 0) } else { (2, 2, 2 + rng.next(2) as i32) };
        let library: &[&[Cell]] = if dim == 2 { &flat } else { &solid };
        let mut parts: Vec<PartSpec> = Vec::new();
        let mut area = 0;
        let total = (w * h * d.max(1)) as usize;
        while area < total {
            // Monominoes only to fill the last cell (else the counts explode).
            let cells = library[rng.next(library.len() as u64) as usize];
            if area + cells.len() > total || (cells.len() == 1 && area + 1 < total) {
                continue;
            }
            area += cells.len();
            let colours = coloured(&mut rng, cells, 3);
            parts.push(PartSpec { colours, ..PartSpec::once(format!("p{}", parts.len()), cells.to_vec()) });
        }
        let board = Board::boxed(w, h, d).unwrap();
        let colours = coloured(&mut rng, &board.cells, 3);
        let rules: Vec<(u32, u32)> =
            [(1, 1), (1, 2), (2, 1), (2, 2)].into_iter().filter(|_| rng.next(2) == 0).collect();
        let plain = board.clone();
        let board = board.with_colours(colours, &rules).unwrap();
        tried += 1;
        let all = brute(&board, &parts);
        let got = solve(&board, &parts, &PackOptions { stop: 0, ..PackOptions::new(board.dim) });
        let what = format!("{w} x {h} x {d}, board {:?} rules {rules:?}, parts {parts:?}", board.colours);
        assert!(got.complete, "{what}");
        assert_eq!(got.solutions, all.len() as u64, "all: {what}");
        let unique = solve(&board, &parts, &PackOptions { unique: true, ..PackOptions::new(board.dim) });
        assert_eq!(unique.solutions, orbits(&board, &parts, &all), "up to symmetry: {what}");
        changed += usize::from(brute(&plain, &parts).len() != all.len());
        solved += usize::from(!all.is_empty());
    }
    assert!(changed >= 30 && solved >= 30, "colours changed {changed} counts; {solved} problems had solutions");
}

/// A small coloured puzzle in BurrTools' words: two colours; a 3 x 2 result whose corner
/// (0, 0) is colour 1 and (2, 1) colour 2; an L tromino with colour 2 at its corner, a domino
/// of colour 1 and a monomino; colour 1 may go into colour 1 only (`<pair piece="0"
/// result="0"/>`, numbered from 0). Without `<colors>` BurrTools ignores the cells' colours.
fn coloured_puzzle(colours: &str, pairs: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/>{colours}<shapes>\
         <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\" name=\"L\">#2##_</voxel>\
         <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"domino\">#1#1</voxel>\
         <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" name=\"one\">#</voxel>\
         <voxel x=\"3\" y=\"2\" z=\"1\" type=\"0\" name=\"box\">#1#####2</voxel></shapes>\
         <problems><problem name=\"coloured\" state=\"0\"><shapes><shape id=\"0\" count=\"1\"/>\
         <shape id=\"1\" count=\"1\"/><shape id=\"2\" count=\"1\"/></shapes><result id=\"3\"/>\
         <bitmap>{pairs}</bitmap></problem></problems><comment/></puzzle>"
    )
}

/// The same puzzle's assemblies, by the brute force above.
fn coloured_count(rules: &[(u32, u32)], coloured: bool) -> u64 {
    let k = |c: Vec<(Cell, u32)>| if coloured { c } else { Vec::new() };
    let parts = vec![
        PartSpec { colours: k(vec![([0, 0, 0], 2)]), ..PartSpec::once("L", vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]]) },
        PartSpec {
            colours: k(vec![([0, 0, 0], 1), ([1, 0, 0], 1)]),
            ..PartSpec::once("domino", vec![[0, 0, 0], [1, 0, 0]])
        },
        PartSpec::once("one", vec![[0, 0, 0]]),
    ];
    let board = Board::boxed(3, 2, 0).unwrap().with_colours(k(vec![([0, 0, 0], 1), ([2, 1, 0], 2)]), rules).unwrap();
    // Counted up to the box's symmetries, as `import` counts.
    orbits(&board, &parts, &brute(&board, &parts))
}

#[test]
fn burrtools_colour_constraints_are_read_counted_played_and_written_back() {
    use crate::common::cli::run;
    let dir = std::env::temp_dir().join(format!("tessera-colours-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let two = "<colors><color red=\"255\" green=\"0\" blue=\"0\"/><color red=\"0\" green=\"0\" blue=\"255\"/></colors>";
    let import = |name: &str, text: &str| {
        let file = dir.join(format!("{name}.xmpuzzle"));
        std::fs::write(&file, text).unwrap();
        let out = dir.join(format!("{name}.ron"));
        let (code, json, err) =
            run(&["import", file.to_str().unwrap(), "--out", out.to_str().unwrap(), "--force", "--json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let v: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
        (v["levels"][0]["assemblies"].as_u64().unwrap(), out)
    };
    // Colour 1 into colour 1 allowed; colour 2 (the L's corner) into colour 2 not.
    let (with_rule, pack) = import("rule", &coloured_puzzle(two, "<pair piece=\"0\" result=\"0\"/>"));
    let (no_rule, _) = import("none", &coloured_puzzle(two, ""));
    let (ignored, _) = import("plain", &coloured_puzzle("<colors/>", ""));
    assert_eq!(with_rule, coloured_count(&[(1, 1)], true));
    assert_eq!(no_rule, coloured_count(&[], true));
    assert_eq!(ignored, coloured_count(&[], false));
    // The three differ: the rules and the colours both change the count.
    assert!(with_rule != no_rule && no_rule != ignored && with_rule != ignored, "{with_rule} {no_rule} {ignored}");

    // The level keeps them as a player meets them: its reference solution verifies, a piece
    // whose colour the cell below does not take does not count, and a hint's placement fits.
    let text = std::fs::read_to_string(&pack).unwrap();
    assert!(text.contains("colour_rules: [[1, 1]]") && text.contains("colours:"), "{text}");
    let level = tessera::level::parse_pack(&text, "rule.ron", "rule").unwrap().levels.remove(0);
    let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    assert!(level.judge(&level.solution).solved);
    let domino = poly.piece_part.iter().position(|&p| p == 1).unwrap();
    let at = |rot, x, y| tessera::pieces::Placement { piece: domino, rot, flip: false, at: (x, y) };
    // The domino (colour 1) on the board's colour-2 cell (2, 1) and (1, 1): refused there;
    // on (0, 0), of colour 1, and (1, 0) it fits.
    let (wrong, right) = (at(2, 3.0, 2.0), at(0, 0.0, 0.0));
    for (p, want) in [(wrong, [[1, 1, 0], [2, 1, 0]]), (right, [[0, 0, 0], [1, 0, 0]])] {
        let mut cells = tessera::polyform::place::placement_cells(&poly.board, &poly.parts[1].cells, &p).unwrap();
        cells.sort();
        assert_eq!(cells, want);
    }
    assert!(!tessera::polyform::place::colours_fit(&poly.board, &poly.parts[1], &wrong));
    assert!(tessera::polyform::place::colours_fit(&poly.board, &poly.parts[1], &right));
    assert_eq!(level.judge(&[wrong]).progress, 0.0);
    assert!((level.judge(&[right]).progress - 2.0 / 6.0).abs() < 1e-9);
    let budget = tessera::support::budget::Budget::nodes(1_000_000);
    match level.hint(&[], &budget) {
        Some(tessera::family::Hint::Next(p)) => {
            let part = &poly.parts[poly.piece_part[p.piece]];
            assert!(tessera::polyform::place::colours_fit(&poly.board, part, &p), "{p:?}");
        }
        other => panic!("a hint from the empty board: {other:?}"),
    }

    // Written back as BurrTools has it, and read again to the same count.
    let back = dir.join("back.xmpuzzle");
    let (code, _, err) = run(&["export", pack.to_str().unwrap(), "--xmpuzzle", back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let puzzle = tessera::family::polyomino::xmpuzzle::read(&std::fs::read(&back).unwrap()).unwrap();
    assert_eq!(puzzle.colours, 2);
    assert_eq!(puzzle.problems[0].rules, vec![(1, 1)]);
    let (again, _) = import("again", &String::from_utf8(flate(&std::fs::read(&back).unwrap())).unwrap());
    assert_eq!(again, with_rule);
}

fn flate(gz: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(gz).read_to_end(&mut out).unwrap();
    out
}

/// P1b (fourth sweep): a problem whose result is painted but whose pieces are not lost its
/// colours on import, so a level's own export and import counted 1 where it counted 2. The
/// colours stay whenever the file defines them: a painted board has fewer symmetries, and the
/// count is the brute force's with the board painted.
#[test]
fn a_painted_board_keeps_its_colours_when_the_pieces_are_plain() {
    use crate::common::cli::run;
    let dir = std::env::temp_dir().join(format!("tessera-colours-board-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let two = "<colors><color red=\"255\" green=\"0\" blue=\"0\"/><color red=\"0\" green=\"0\" blue=\"255\"/></colors>";
    // The puzzle above, its pieces unpainted.
    let text = coloured_puzzle(two, "").replace("#2##_", "###_").replace("#1#1", "##");
    let file = dir.join("board.xmpuzzle");
    std::fs::write(&file, text).unwrap();
    let out = dir.join("board.ron");
    let (code, json, err) = run(&["import", file.to_str().unwrap(), "--out", out.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    let got = v["levels"][0]["assemblies"].as_u64().unwrap();
    let parts = vec![
        PartSpec::once("L", vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]]),
        PartSpec::once("domino", vec![[0, 0, 0], [1, 0, 0]]),
        PartSpec::once("one", vec![[0, 0, 0]]),
    ];
    let painted = Board::boxed(3, 2, 0).unwrap().with_colours(vec![([0, 0, 0], 1), ([2, 1, 0], 2)], &[]).unwrap();
    let plain = Board::boxed(3, 2, 0).unwrap();
    let (want, bare) =
        (orbits(&painted, &parts, &brute(&painted, &parts)), orbits(&plain, &parts, &brute(&plain, &parts)));
    assert!(want > bare, "{want} {bare}");
    assert_eq!(got, want);
    // Written back and read again: the same count.
    let back = dir.join("back.xmpuzzle");
    let (code, _, err) = run(&["export", out.to_str().unwrap(), "--xmpuzzle", back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let again = dir.join("again.ron");
    let (code, json, err) = run(&["import", back.to_str().unwrap(), "--out", again.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(v["levels"][0]["assemblies"].as_u64(), Some(want));
    let _ = std::fs::remove_dir_all(&dir);
}
