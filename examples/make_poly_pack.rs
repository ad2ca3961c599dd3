//! Level-design tool: writes the polyomino pack (`levels/polyominoes.ron`), and the boxes that
//! open the polycubes pack (`cubes`, pasted at the head of `levels/polycubes.ron`).
//!
//!   cargo run --no-default-features --release --example make_poly_pack > levels/polyominoes.ron
//!   cargo run --no-default-features --release --example make_poly_pack cubes
//!
//!   cargo run --no-default-features --release --example make_poly_pack pictures \
//!       levels/design/pictures.txt > levels/pictures.ron
//!
//! Pictures: boards drawn as `#` cells (`levels/design/pictures.txt`, in one region or several), with
//! parts chosen by the cell count (the twelve pentominoes for 60 cells, else the first of seeded
//! subsets of pentominoes, hexominoes or tetrominoes that the packer can fit), or as the
//! picture's fourth field names them.
//!
//! Boards: the classic pentomino rectangles and holed 8 x 8 squares; seeded random subsets of
//! pentominoes, tetrominoes and hexominoes in rectangles; small boxes of tetracubes and the
//! Soma cube; every one solved by the packer, whose first solution is the reference solution.
//! Unsolvable draws are skipped.

use std::fmt::Write;
use tessera::polyform::format_part;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::place::placement_for;
use tools::{subset, Rng};

#[path = "tools/mod.rs"]
mod tools;

struct Level {
    id: String,
    name: String,
    /// The Portuguese name (pictures; the other boards' names are added by hand).
    pt: Option<String>,
    pieces: String,
    /// z = 0: a 2D board.
    size: (i32, i32, i32),
    holes: Vec<(i32, i32)>,
    parts: Vec<PartSpec>,
}

fn specs(name: &str) -> Vec<PartSpec> {
    PartSpec::set(name).expect("a built-in set")
}

fn listed(parts: &[PartSpec], dim: u8) -> String {
    let v: Vec<String> = parts.iter().map(|p| format!("\"{}\"", format_part(&p.cells, dim))).collect();
    format!("[{}]", v.join(", "))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("pictures") {
        let path = args.get(1).expect("make_poly_pack pictures FILE.txt");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let levels = pictures(&text);
        eprintln!("{} picture boards", levels.len());
        println!("{}", render("Picture boards", Some("Figuras de peças"), &levels));
        return;
    }
    let pento = specs("pentominoes");
    let tetro = specs("tetrominoes");
    let hexo = specs("hexominoes");
    let mut levels: Vec<Level> = Vec::new();
    let full = |id: &str, name: &str, size: (i32, i32), holes: Vec<(i32, i32)>| Level {
        id: id.into(),
        name: name.into(),
        pt: None,
        pieces: "\"pentominoes\"".into(),
        size: (size.0, size.1, 0),
        holes,
        parts: specs("pentominoes"),
    };
    // Small subsets first (gentle), then the full sets.
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for k in 3..=11 {
        for _ in 0..300 {
            let parts = subset(&pento, k, &mut rng);
            let names: String = parts.iter().map(|p| p.name.as_str()).collect();
            let l = Level {
                id: format!("pento-5x{k}"),
                name: format!("Pentominoes {names} in 5 x {k}"),
                pt: None,
                pieces: listed(&parts, 2),
                size: (k as i32, 5, 0),
                holes: vec![],
                parts,
            };
            if solvable(&l) {
                levels.push(l);
                break;
            }
        }
    }
    for k in [4usize, 8] {
        for _ in 0..300 {
            let parts = subset(&pento, k, &mut rng);
            let names: String = parts.iter().map(|p| p.name.as_str()).collect();
            let l = Level {
                id: format!("pento-4x{}", 5 * k / 4),
                name: format!("Pentominoes {names} in 4 x {}", 5 * k / 4),
                pt: None,
                pieces: listed(&parts, 2),
                size: (5 * k as i32 / 4, 4, 0),
                holes: vec![],
                parts,
            };
            if solvable(&l) {
                levels.push(l);
                break;
            }
        }
    }
    // Tetrominoes: one-sided set, doubled free set, and small subsets.
    let mut one_sided = tetro.clone();
    for name in ["S", "L"] {
        let p = tetro.iter().find(|p| p.name == name).unwrap();
        let cells: Vec<[i32; 3]> = p.cells.iter().map(|c| [-c[0], c[1], 0]).collect();
        one_sided.push(PartSpec {
            name: format!("{name}'"),
            cells: tessera::polyform::normalize(&cells),
            count: Some(1),
            least: None,
            colours: Vec::new(),
        });
    }
    let doubled: Vec<PartSpec> = tetro.iter().chain(tetro.iter()).cloned().collect();
    for (id, name, parts, size) in [
        (
            "tetro-4x4",
            "Four T tetrominoes in 4 x 4",
            vec![tetro[2].clone(), tetro[2].clone(), tetro[2].clone(), tetro[2].clone()],
            (4, 4),
        ),
        (
            "tetro-pairs-4x5",
            "Tetromino pairs in 5 x 4",
            vec![tetro[0].clone(), tetro[1].clone(), tetro[3].clone(), tetro[3].clone(), tetro[4].clone()],
            (5, 4),
        ),
        ("tetro-4x7", "The seven one-sided tetrominoes in 7 x 4", one_sided.clone(), (7, 4)),
        ("tetro-double-5x8", "Two sets of tetrominoes in 8 x 5", doubled.clone(), (8, 5)),
        ("tetro-double-4x10", "Two sets of tetrominoes in 10 x 4", doubled.clone(), (10, 4)),
    ] {
        let l = Level {
            id: id.into(),
            name: name.into(),
            pt: None,
            pieces: listed(&parts, 2),
            size: (size.0, size.1, 0),
            holes: vec![],
            parts,
        };
        if solvable(&l) {
            levels.push(l);
        } else {
            eprintln!("{id}: no solution, skipped");
        }
    }
    // Hexomino subsets in rectangles of height 6 (or 3 x 2k).
    let mut found = 0;
    let mut k = 3;
    while found < 9 {
        let parts = subset(&hexo, k, &mut rng);
        let size = if found % 2 == 0 { (k as i32, 6, 0) } else { (2 * k as i32, 3, 0) };
        let l = Level {
            id: format!("hexo-{}x{}-{}", size.1, size.0, found + 1),
            name: format!("{k} hexominoes in {} x {}", size.1, size.0),
            pt: None,
            pieces: listed(&parts, 2),
            size,
            holes: vec![],
            parts,
        };
        if solvable(&l) {
            levels.push(l);
            found += 1;
            k = (k + 1).min(8);
        }
    }
    levels.push(full("pentominoes-6x10", "Pentominoes in 6 x 10", (10, 6), vec![]));
    levels.push(full("pentominoes-5x12", "Pentominoes in 5 x 12", (12, 5), vec![]));
    levels.push(full("pentominoes-4x15", "Pentominoes in 4 x 15", (15, 4), vec![]));
    levels.push(full("pentominoes-3x20", "Pentominoes in 3 x 20", (20, 3), vec![]));
    levels.push(full(
        "pentominoes-8x8-centre",
        "Pentominoes: 8 x 8 without its centre",
        (8, 8),
        vec![(3, 3), (3, 4), (4, 3), (4, 4)],
    ));
    levels.push(full(
        "pentominoes-8x8-corners",
        "Pentominoes: 8 x 8 without its corners",
        (8, 8),
        vec![(0, 0), (7, 0), (0, 7), (7, 7)],
    ));
    levels.push(full(
        "pentominoes-8x8-corner-block",
        "Pentominoes: 8 x 8 without a corner block",
        (8, 8),
        vec![(0, 0), (1, 0), (0, 1), (1, 1)],
    ));
    levels.push(full(
        "pentominoes-8x8-diagonal",
        "Pentominoes: 8 x 8 without four on the diagonal",
        (8, 8),
        vec![(1, 1), (2, 2), (5, 5), (6, 6)],
    ));
    // Polycubes, played layer by layer: two tripods make a cube (two different tetracubes
    // never do); tetracube subsets fill small boxes; the six Soma tetracubes a 2 x 3 x 4 box;
    // all eight tetracubes 2 x 4 x 4; then the Soma cube.
    let soma = specs("soma");
    let cubes = specs("tetracubes");
    let tripods = vec![soma[6].clone(), soma[6].clone()];
    levels.push(Level {
        id: "cubes-2x2x2".into(),
        name: "Two tripods make a cube".into(),
        pt: None,
        pieces: listed(&tripods, 3),
        size: (2, 2, 2),
        holes: vec![],
        parts: tripods,
    });
    for (k, size) in [(3, (3, 2, 2)), (4, (4, 2, 2))] {
        for _ in 0..300 {
            let parts = subset(&cubes, k, &mut rng);
            let l = Level {
                id: format!("cubes-2x2x{k}"),
                name: format!("{k} tetracubes in 2 x 2 x {k}"),
                pt: None,
                pieces: listed(&parts, 3),
                size,
                holes: vec![],
                parts,
            };
            if solvable(&l) {
                levels.push(l);
                break;
            }
        }
    }
    levels.push(Level {
        id: "soma-2x3x4".into(),
        name: "Soma without the V: 2 x 3 x 4".into(),
        pt: None,
        pieces: listed(&soma[1..], 3),
        size: (4, 3, 2),
        holes: vec![],
        parts: soma[1..].to_vec(),
    });
    levels.push(Level {
        id: "tetracubes-2x4x4".into(),
        name: "The eight tetracubes in 2 x 4 x 4".into(),
        pt: None,
        pieces: "\"tetracubes\"".into(),
        size: (4, 4, 2),
        holes: vec![],
        parts: cubes.clone(),
    });
    levels.push(Level {
        id: "soma-cube".into(),
        name: "The Soma cube".into(),
        pt: None,
        pieces: "\"soma\"".into(),
        size: (3, 3, 3),
        holes: vec![],
        parts: soma.clone(),
    });
    levels.retain(solvable);
    // The boxes open the polycubes pack (`cubes`: pasted at the head of levels/polycubes.ron);
    // the flat boards are the polyominoes pack.
    let (cubes, flat): (Vec<Level>, Vec<Level>) = levels.into_iter().partition(|l| l.size.2 > 0);
    if args.first().map(String::as_str) == Some("cubes") {
        eprintln!("{} boxes", cubes.len());
        println!("{}", render("Polycubes", Some("Policubos"), &cubes));
    } else {
        eprintln!("{} levels", flat.len());
        println!("{}", render("Polyominoes", None, &flat));
    }
}

/// The picture boards of a sketch file: `== id | name | nome [| set]` and rows of `#`.
fn pictures(text: &str) -> Vec<Level> {
    let mut drawn: Vec<(Vec<String>, Vec<Vec<bool>>)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("== ") {
            drawn.push((rest.split('|').map(|s| s.trim().to_string()).collect(), vec![]));
        } else if !line.trim().is_empty() && !line.starts_with("//") && !line.starts_with('@') {
            drawn
                .last_mut()
                .expect("a row before `== id | name | nome`")
                .1
                .push(line.chars().map(|c| c == '#').collect());
        }
    }
    let mut rng = Rng(0x51c7_0e5a_b0a2_d5ed);
    let mut levels = Vec::new();
    for (fields, rows) in drawn {
        let (id, name, pt) = (&fields[0], &fields[1], &fields[2]);
        let h = rows.len() as i32;
        let w = rows.iter().map(|r| r.len()).max().unwrap_or(0) as i32;
        let filled = |x: i32, y: i32| rows[(h - 1 - y) as usize].get(x as usize).copied().unwrap_or(false);
        let holes: Vec<(i32, i32)> =
            (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| !filled(x, y)).collect();
        let cells = (w * h) as usize - holes.len();
        let set = fields.get(3).cloned().unwrap_or_else(|| {
            if cells.is_multiple_of(5) && cells <= 60 {
                "pentominoes".into()
            } else if cells.is_multiple_of(6) {
                "hexominoes".into()
            } else {
                "tetrominoes".into()
            }
        });
        let all = specs(&set);
        let size = all[0].cells.len();
        if !cells.is_multiple_of(size) {
            eprintln!("{id}: {cells} cells is not a multiple of {size}: skipped");
            continue;
        }
        let k = cells / size;
        // A picture may take a part twice (tetrominoes as often as needed).
        let copies = if set == "tetrominoes" { k } else { 2 };
        let pool: Vec<PartSpec> = all.iter().cycle().take(all.len() * copies).cloned().collect();
        let mut found = None;
        for attempt in 0..300 {
            let parts = if k == all.len() && attempt == 0 {
                all.clone()
            } else if k <= pool.len() {
                subset(&pool, k, &mut rng)
            } else {
                break;
            };
            let l = Level {
                id: id.clone(),
                name: name.clone(),
                pt: Some(pt.clone()),
                pieces: if k == all.len() && attempt == 0 { format!("\"{set}\"") } else { listed(&parts, 2) },
                size: (w, h, 0),
                holes: holes.clone(),
                parts,
            };
            if solvable_within(&l, 1_000_000) {
                found = Some(l);
                break;
            }
        }
        match found {
            Some(l) => levels.push(l),
            None => eprintln!("{id}: no parts of {set} fit: skipped"),
        }
    }
    levels
}

fn board(l: &Level) -> Board {
    let b = Board::boxed(l.size.0, l.size.1, l.size.2).unwrap();
    let holes: Vec<[i32; 3]> = l.holes.iter().map(|&(x, y)| [x, y, 0]).collect();
    if holes.is_empty() {
        b
    } else {
        b.without(&holes).unwrap()
    }
}

/// Solvable within a budget (a draw the packer cannot settle quickly is skipped).
fn solvable(l: &Level) -> bool {
    solvable_within(l, 20_000_000)
}

fn solvable_within(l: &Level, max_nodes: u64) -> bool {
    let out = solve(
        &board(l),
        &l.parts,
        &PackOptions {
            stop: 1,
            budget: tessera::support::budget::Budget::nodes(max_nodes),
            ..PackOptions::new(board(l).dim)
        },
    );
    if !out.kept.is_empty() {
        eprintln!("{}: solved ({} nodes)", l.id, out.nodes);
    }
    !out.kept.is_empty()
}

fn render(pack: &str, pt: Option<&str>, levels: &[Level]) -> String {
    let mut s = String::new();
    writeln!(s, "// The {pack} pack. Generated by examples/make_poly_pack.rs; see levels/README.md.").unwrap();
    writeln!(s, "(\n    name: \"{pack}\",").unwrap();
    if let Some(pt) = pt {
        writeln!(s, "    names: {{\"pt-BR\": \"{pt}\"}},").unwrap();
    }
    writeln!(s, "    author: \"Tessera\",\n    version: 1,\n    levels: [").unwrap();
    for l in levels {
        let sol = solve(&board(l), &l.parts, &PackOptions { stop: 1, ..PackOptions::new(board(l).dim) }).kept.remove(0);
        let difficulty = match l.parts.len() {
            0..=4 => 1,
            5..=6 => 2,
            7..=8 => 3,
            9..=10 => 4,
            _ => 5,
        } + u8::from(l.size.2 > 0);
        writeln!(s, "        (").unwrap();
        writeln!(s, "            id: \"{}\",\n            name: \"{}\",", l.id, l.name).unwrap();
        if let Some(pt) = &l.pt {
            writeln!(s, "            names: {{\"pt-BR\": \"{pt}\"}},").unwrap();
        }
        writeln!(s, "            family: \"polyomino\",\n            difficulty: {difficulty},").unwrap();
        writeln!(s, "            pieces: {},", l.pieces).unwrap();
        let holes: Vec<String> = l.holes.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
        let size = if l.size.2 == 0 {
            format!("{}, {}", l.size.0, l.size.1)
        } else {
            format!("{}, {}, {}", l.size.0, l.size.1, l.size.2)
        };
        writeln!(s, "            board: (size: [{size}], holes: [{}]),", holes.join(", ")).unwrap();
        writeln!(s, "            solution: [").unwrap();
        // One placement per piece: piece i is part i.
        let mut used = vec![false; l.parts.len()];
        let mut lines: Vec<(usize, String)> = Vec::new();
        for (part, cells) in &sol {
            // Identical parts listed twice: take the first piece of that shape not used yet.
            let piece = (0..l.parts.len()).find(|&i| !used[i] && l.parts[i].cells == l.parts[*part].cells).unwrap();
            used[piece] = true;
            let p = placement_for(&board(l), piece, &l.parts[piece], cells).unwrap();
            lines.push((
                piece,
                format!(
                    "                (piece: {}, rot: {}, flip: {}, at: ({}, {})),",
                    piece, p.rot, p.flip, p.at.0, p.at.1
                ),
            ));
        }
        lines.sort();
        for (_, line) in lines {
            writeln!(s, "{line}").unwrap();
        }
        writeln!(s, "            ],\n        ),").unwrap();
    }
    writeln!(s, "    ],\n)").unwrap();
    s
}
