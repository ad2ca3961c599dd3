//! Level-design tool: writes the 3D pack (`levels/polycubes.ron`).
//!
//!   cargo run --no-default-features --release --example make_cube_pack > levels/polycubes.ron
//!
//! Soma figures of Tessera's own design, drawn below layer by layer (27 cubes each, the seven
//! Soma pieces), the twelve flat pentominoes as pentacubes in boxes (they turn over in space),
//! and the eight tetracubes in a box, each named in English and Brazilian Portuguese. Each is
//! solved by the packer, whose first solution is the reference solution; a figure the packer
//! cannot fill is reported and left out.

use std::fmt::Write;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::place::placement_for;
use tessera::polyform::Cell;

struct Level {
    id: &'static str,
    name: &'static str,
    /// The name in Brazilian Portuguese.
    pt: &'static str,
    difficulty: u8,
    set: &'static str,
    board: Board,
    /// Written as a box (`size`) rather than listed cells.
    boxed: bool,
}

/// A figure from its layers, bottom first; in a layer, rows are written from the back (high y)
/// to the front (y = 0), `#` for a cube.
fn figure(layers: &[&[&str]]) -> Board {
    let mut cells = Vec::new();
    for (z, rows) in layers.iter().enumerate() {
        for (r, row) in rows.iter().enumerate() {
            let y = rows.len() - 1 - r;
            for (x, ch) in row.chars().enumerate() {
                if ch == '#' {
                    cells.push([x as i32, y as i32, z as i32]);
                }
            }
        }
    }
    Board::from_cells(3, cells).unwrap()
}

fn specs(name: &str) -> Vec<PartSpec> {
    PartSpec::set(name).expect("a built-in set")
}

fn main() {
    let soma: Vec<(&str, &str, &str, Board)> = vec![
        (
            "soma-steps",
            "Soma: steps",
            "Soma: degraus",
            figure(&[&["###", "###", "###", "###"], &["###", "###", "###", "..."], &["###", "###", "...", "..."]]),
        ),
        (
            "soma-bathtub",
            "Soma: bathtub",
            "Soma: banheira",
            figure(&[&["#####", "#####", "#####"], &["#####", "#...#", "#####"]]),
        ),
        (
            "soma-sofa",
            "Soma: sofa",
            "Soma: sofá",
            figure(&[&["#####", "#####", "#####"], &["#####", "#...#", "#...#"], &[".###.", ".....", "....."]]),
        ),
        (
            "soma-chair",
            "Soma: chair",
            "Soma: cadeira",
            figure(&[
                &["###", "###", "###"],
                &["###", "###", "###"],
                &["###", "...", "..."],
                &["###", "...", "..."],
                &["###", "...", "..."],
            ]),
        ),
        (
            "soma-bed",
            "Soma: bed",
            "Soma: cama",
            figure(&[
                &["###", "###", "###", "###", "###", "###"],
                &["###", "...", "...", "...", "...", "###"],
                &["###", "...", "...", "...", "...", "..."],
            ]),
        ),
        (
            "soma-skyscraper",
            "Soma: skyscraper",
            "Soma: arranha-céu",
            figure(&[
                &["###", "###", "###"],
                &["###", "###", "###"],
                &["##.", "##.", "..."],
                &["##.", "##.", "..."],
                &["#..", "...", "..."],
            ]),
        ),
        (
            "soma-arch",
            "Soma: arch",
            "Soma: arco",
            figure(&[&["#...#", "#...#", "#...#"], &["#...#", "#...#", "#...#"], &["#####", "#####", "#####"]]),
        ),
        (
            "soma-platform",
            "Soma: platform",
            "Soma: plataforma",
            figure(&[&["###", "###", "###", "###"], &["###", "###", "###", "###"], &[".#.", ".#.", ".#.", "..."]]),
        ),
        (
            "soma-ziggurat",
            "Soma: ziggurat",
            "Soma: zigurate",
            figure(&[
                &["####", "####", "####", "####"],
                &["###.", "###.", "###.", "...."],
                &["##..", "....", "....", "...."],
            ]),
        ),
        (
            "soma-wall",
            "Soma: wall with a step",
            "Soma: muro com degrau",
            figure(&[&["######", "######"], &["######", "######"], &["###...", "......"]]),
        ),
        (
            "soma-throne",
            "Soma: throne",
            "Soma: trono",
            figure(&[
                &["###", "###", "###"],
                &["###", "#.#", "#.#"],
                &["###", "#.#", "#.#"],
                &["###", "...", "..."],
                &[".#.", "...", "..."],
            ]),
        ),
        (
            "soma-tower",
            "Soma: tower",
            "Soma: torre",
            figure(&[
                &["###", "###", "###"],
                &["##.", "##.", "..."],
                &["##.", "##.", "..."],
                &["##.", "##.", "..."],
                &["##.", "##.", "..."],
                &["##.", "...", "..."],
            ]),
        ),
        (
            "soma-steps-both-ways",
            "Soma: steps up and down",
            "Soma: degraus para os dois lados",
            figure(&[&["#######", "#######"], &[".#####.", ".#####."], &["..###..", "......."]]),
        ),
        (
            "soma-pyramid",
            "Soma: pyramid",
            "Soma: pirâmide",
            figure(&[&["#####", "#####", "#####"], &[".###.", ".###.", ".###."], &["..#..", "..#..", "..#.."]]),
        ),
        (
            "soma-tunnel",
            "Soma: tunnel",
            "Soma: túnel",
            figure(&[&["##.##", "##.##", "##.##"], &["#####", "#####", "#####"]]),
        ),
        (
            "soma-well",
            "Soma: well",
            "Soma: poço",
            figure(&[&["###", "###", "###"], &["###", "#.#", "###"], &["###", "#.#", "###"], &["#.#", "...", "..."]]),
        ),
        (
            "soma-bench",
            "Soma: park bench",
            "Soma: banco de praça",
            figure(&[&["##...##", "##...##"], &["#######", "#######"], &["#####..", "......."]]),
        ),
        (
            "soma-dog",
            "Soma: dog",
            "Soma: cachorro",
            figure(&[&["#...#", "#...#"], &["#####", "#####"], &["#####", "#####"], &["...##", "....#"]]),
        ),
        (
            "soma-cannon",
            "Soma: cannon",
            "Soma: canhão",
            figure(&[&["####", "####", "####"], &["####", "####", "#..."], &["######", "......", "......"]]),
        ),
        (
            "soma-castle",
            "Soma: castle",
            "Soma: castelo",
            figure(&[
                &["####", "####", "####", "####"],
                &["#..#", "....", "....", "#..#"],
                &["#..#", "....", "....", "#..#"],
                &["#..#", "....", "....", "#..."],
            ]),
        ),
        (
            "soma-elephant",
            "Soma: elephant",
            "Soma: elefante",
            figure(&[
                &["#..#.", "#..#."],
                &["#####", "####."],
                &["#####", "####."],
                &["...##", "...#."],
                &["....#", "....#"],
            ]),
        ),
        (
            "soma-crystal",
            "Soma: crystal",
            "Soma: cristal",
            figure(&[
                &["###", "###", "###"],
                &["###", "###", "##."],
                &["###", "##.", "#.."],
                &["##.", "#..", "..."],
                &["#..", "...", "..."],
            ]),
        ),
        (
            "soma-zigzag",
            "Soma: zigzag wall",
            "Soma: muro em zigue-zague",
            figure(&[&["..###", ".###.", "###.."], &["..###", ".###.", "###.."], &["..###", ".###.", "###.."]]),
        ),
        (
            "soma-duck",
            "Soma: duck",
            "Soma: pato",
            figure(&[
                &["#####", "#####", "#####"],
                &["#####", "#...#", "....."],
                &["....#", "....#", "....#"],
                &["...##", ".....", "....."],
            ]),
        ),
        (
            "soma-stairs-corner",
            "Soma: corner stairs",
            "Soma: escada de canto",
            figure(&[
                &["####", "####", "####", "####"],
                &["####", "###.", "##..", "#..."],
                &["#...", "....", "....", "...."],
            ]),
        ),
        (
            "soma-bridge",
            "Soma: footbridge",
            "Soma: passarela",
            figure(&[
                &["#.....#", "#.....#"],
                &["#######", "#######"],
                &["#.....#", "#.....#"],
                &["#.....#", "#.....#"],
                &["...#...", "......."],
            ]),
        ),
    ];
    let mut levels: Vec<Level> = soma
        .into_iter()
        .map(|(id, name, pt, board)| Level { id, name, pt, difficulty: 4, set: "soma", board, boxed: false })
        .collect();
    for (id, name, pt, size, difficulty) in [
        ("pentacubes-2x3x10", "Flat pentacubes in 2 x 3 x 10", "Pentacubos planos em 2 x 3 x 10", (3, 10, 2), 4),
        ("pentacubes-2x5x6", "Flat pentacubes in 2 x 5 x 6", "Pentacubos planos em 2 x 5 x 6", (5, 6, 2), 5),
        ("pentacubes-3x4x5", "Flat pentacubes in 3 x 4 x 5", "Pentacubos planos em 3 x 4 x 5", (4, 5, 3), 5),
    ] {
        let board = Board::boxed(size.0, size.1, size.2).unwrap();
        levels.push(Level { id, name, pt, difficulty, set: "pentominoes", board, boxed: true });
    }
    levels.push(Level {
        id: "tetracubes-2x2x8",
        name: "The eight tetracubes in 2 x 2 x 8",
        pt: "Os oito tetracubos em 2 x 2 x 8",
        difficulty: 4,
        set: "tetracubes",
        board: Board::boxed(2, 8, 2).unwrap(),
        boxed: true,
    });
    let mut s = String::new();
    writeln!(s, "// The 3D pack. Generated by examples/make_cube_pack.rs; see levels/README.md.").unwrap();
    writeln!(
        s,
        "(\n    name: \"Polycubes\",\n    names: {{\"pt-BR\": \"Policubos\"}},\n    author: \"Tessera\",\n    version: 1,\n    levels: ["
    )
    .unwrap();
    let mut written = 0;
    for l in &levels {
        let parts = specs(l.set);
        let out = solve(
            &l.board,
            &parts,
            &PackOptions {
                stop: 1,
                budget: tessera::support::budget::Budget::nodes(50_000_000),
                ..PackOptions::new(3)
            },
        );
        let Some(sol) = out.kept.first() else {
            eprintln!("{}: no solution found ({} nodes, complete: {}), left out", l.id, out.nodes, out.complete);
            continue;
        };
        eprintln!("{}: solved ({} nodes)", l.id, out.nodes);
        written += 1;
        writeln!(s, "        (").unwrap();
        writeln!(
            s,
            "            id: \"{}\",\n            name: \"{}\",\n            names: {{\"pt-BR\": \"{}\"}},\n            family: \"polyomino\",\n            difficulty: {},",
            l.id, l.name, l.pt, l.difficulty
        )
        .unwrap();
        writeln!(s, "            pieces: \"{}\",", l.set).unwrap();
        if l.boxed {
            let e = l.board.extent();
            writeln!(s, "            board: (size: [{}, {}, {}]),", e[0], e[1], e[2]).unwrap();
        } else {
            let cells: Vec<String> =
                l.board.cells.iter().map(|c: &Cell| format!("[{}, {}, {}]", c[0], c[1], c[2])).collect();
            writeln!(s, "            board: (cells: [{}]),", cells.join(", ")).unwrap();
        }
        writeln!(s, "            solution: [").unwrap();
        let mut lines: Vec<(usize, String)> = sol
            .iter()
            .map(|(part, cells)| {
                let p = placement_for(&l.board, *part, &parts[*part], cells).unwrap();
                (
                    *part,
                    format!(
                        "                (piece: {}, rot: {}, flip: {}, at: ({}, {})),",
                        part, p.rot, p.flip, p.at.0, p.at.1
                    ),
                )
            })
            .collect();
        lines.sort();
        for (_, line) in lines {
            writeln!(s, "{line}").unwrap();
        }
        writeln!(s, "            ],\n        ),").unwrap();
    }
    writeln!(s, "    ],\n)").unwrap();
    eprintln!("{written} levels");
    print!("{s}");
}
