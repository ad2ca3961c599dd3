//! Level-design tool: writes the packs of the triangle and hexagon grids.
//!
//!   cargo run --no-default-features --release --example make_lattice_packs triangle > levels/polyiamonds.ron
//!   cargo run --no-default-features --release --example make_lattice_packs hexagon > levels/polyhexes.ron
//!   cargo run --no-default-features --release --example order_pack -- levels/polyiamonds.ron levels/polyhexes.ron
//!
//! Each board is a shape people know (parallelograms, the hexiamonds' 6 x 6 diamond, hexagons,
//! a hexagram), filled by a whole set or by a seeded subset of it that the
//! packer can fit; the packer's first solution is the reference solution. Boards the packer
//! cannot fill within its budget are skipped (said on stderr). `order_pack` then orders the
//! pack and writes the stars the difficulty measure gives.

use std::fmt::Write;
use tessera::polyform::grid::Grid;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::place::placement_for;
use tessera::polyform::Cell;
use tessera::support::budget::Budget;

struct Level {
    id: &'static str,
    name: String,
    pt: String,
    /// A built-in set's name, or `None`: the parts listed.
    set: Option<&'static str>,
    parts: Vec<PartSpec>,
    /// `Some((a, b))`: the parallelogram written as its size.
    size: Option<(i32, i32)>,
    board: Board,
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The cells of `grid` whose centres lie inside every one of `halves` (a point `(x, y)` is
/// inside when `nx * x + ny * y <= c`, for each `(nx, ny, c)`), within a window of lattice steps.
fn inside(grid: Grid, halves: &[(f64, f64, f64)], reach: i32) -> Vec<Cell> {
    let kinds = if grid == Grid::Triangle { 2 } else { 1 };
    let mut out = Vec::new();
    for a in -reach..=reach {
        for b in -reach..=reach {
            for t in 0..kinds {
                let [x, y] = grid.centre([a, b, t]);
                if halves.iter().all(|&(nx, ny, c)| nx * x + ny * y <= c + 1e-9) {
                    out.push([a, b, t]);
                }
            }
        }
    }
    out
}

/// The half-planes of a regular polygon of `n` sides centred on the origin, whose sides lie
/// `apothem` from it, the first side's normal at `first` degrees.
fn polygon(n: usize, apothem: f64, first: f64) -> Vec<(f64, f64, f64)> {
    (0..n)
        .map(|k| {
            let a = (first + 360.0 * k as f64 / n as f64).to_radians();
            (a.cos(), a.sin(), apothem)
        })
        .collect()
}

const R3: f64 = 1.732_050_807_568_877_2;

/// A hexagon of side `n` (triangles: corners on lattice points; hexagons: `n` cells a side).
fn hexagon(grid: Grid, n: i32) -> Vec<Cell> {
    match grid {
        Grid::Triangle => inside(grid, &polygon(6, f64::from(n) * R3 / 2.0, 30.0), 2 * n),
        _ => {
            let r = n - 1;
            let near = |c: &Cell| c[0].abs().max(c[1].abs()).max((c[0] + c[1]).abs()) <= r;
            (-r..=r).flat_map(|a| (-r..=r).map(move |b| [a, b, 0])).filter(near).collect()
        }
    }
}

/// The hexagram of two triangles of side `3m` (triangles of unit side), `12 m²` cells.
fn hexagram(m: i32) -> Vec<Cell> {
    let up = polygon(3, f64::from(m) * R3 / 2.0, 270.0);
    let down = polygon(3, f64::from(m) * R3 / 2.0, 90.0);
    let mut cells = inside(Grid::Triangle, &up, 4 * m);
    for c in inside(Grid::Triangle, &down, 4 * m) {
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}

#[allow(dead_code)]
fn set(name: &str) -> Vec<PartSpec> {
    PartSpec::set(name).expect("a built-in set")
}

/// A seeded choice of `k` parts of `all`, in their order.
fn subset(all: &[PartSpec], k: usize, rng: &mut Rng) -> Vec<PartSpec> {
    let mut idx: Vec<usize> = (0..all.len()).collect();
    for i in (1..idx.len()).rev() {
        idx.swap(i, rng.below(i + 1));
    }
    let mut pick = idx[..k].to_vec();
    pick.sort();
    pick.iter().map(|&i| all[i].clone()).collect()
}

fn first(board: &Board, parts: &[PartSpec]) -> Option<Vec<(usize, Vec<Cell>)>> {
    let opts = PackOptions { stop: 1, budget: Budget::nodes(20_000_000), ..PackOptions::new(2) };
    solve(board, parts, &opts).kept.into_iter().next()
}

/// A level of the whole set `name`, or (with `k`) of the first seeded subset of `k` parts
/// that fills the board.
#[allow(clippy::too_many_arguments)]
fn level(
    grid: Grid,
    id: &'static str,
    name: &str,
    pt: &str,
    from: &'static str,
    k: Option<usize>,
    cells: Vec<Cell>,
    size: Option<(i32, i32)>,
    rng: &mut Rng,
) -> Option<Level> {
    let board = Board::on_grid(grid, cells).expect("a board");
    let all = set(from);
    let tries = if k.is_some() { 2000 } else { 1 };
    for _ in 0..tries {
        let parts = match k {
            Some(k) => subset(&all, k, rng),
            None => all.clone(),
        };
        if parts.iter().map(|p| p.cells.len()).sum::<usize>() != board.cells.len() {
            eprintln!(
                "{id}: {} cells of parts for {} of board",
                parts.iter().map(|p| p.cells.len()).sum::<usize>(),
                board.cells.len()
            );
            return None;
        }
        if first(&board, &parts).is_some() {
            let set = k.is_none().then_some(from);
            return Some(Level { id, name: name.into(), pt: pt.into(), set, parts, size, board });
        }
    }
    eprintln!("{id}: no filling found");
    None
}

fn triangles(rng: &mut Rng) -> Vec<Option<Level>> {
    let g = Grid::Triangle;
    let star = hexagram(2);
    eprintln!("hexagram: {} cells", star.len());
    vec![
        level(
            g,
            "hexiamonds-hexagon-2",
            "Four hexiamonds in a hexagon",
            "Quatro hexiamantes num hexágono",
            "hexiamonds",
            Some(4),
            hexagon(g, 2),
            None,
            rng,
        ),
        level(
            g,
            "hexiamonds-4x3",
            "Four hexiamonds in a 4 x 3 parallelogram",
            "Quatro hexiamantes num paralelogramo 4 x 3",
            "hexiamonds",
            Some(4),
            g.parallelogram(4, 3),
            Some((4, 3)),
            rng,
        ),
        level(
            g,
            "hexiamonds-6x3",
            "Six hexiamonds in a 6 x 3 parallelogram",
            "Seis hexiamantes num paralelogramo 6 x 3",
            "hexiamonds",
            Some(6),
            g.parallelogram(6, 3),
            Some((6, 3)),
            rng,
        ),
        level(
            g,
            "hexiamonds-star",
            "Eight hexiamonds in a star",
            "Oito hexiamantes numa estrela",
            "hexiamonds",
            Some(8),
            star,
            None,
            rng,
        ),
        level(
            g,
            "hexiamonds-hexagon-3",
            "Nine hexiamonds in a hexagon of side 3",
            "Nove hexiamantes num hexágono de lado 3",
            "hexiamonds",
            Some(9),
            hexagon(g, 3),
            None,
            rng,
        ),
        level(
            g,
            "hexiamonds-diamond",
            "The 12 hexiamonds in a 6 x 6 diamond",
            "Os 12 hexiamantes num losango 6 x 6",
            "hexiamonds",
            None,
            g.parallelogram(6, 6),
            Some((6, 6)),
            rng,
        ),
        level(
            g,
            "hexiamonds-9x4",
            "The 12 hexiamonds in a 9 x 4 parallelogram",
            "Os 12 hexiamantes num paralelogramo 9 x 4",
            "hexiamonds",
            None,
            g.parallelogram(9, 4),
            Some((9, 4)),
            rng,
        ),
    ]
}

fn hexagons(rng: &mut Rng) -> Vec<Option<Level>> {
    let g = Grid::Hexagon;
    vec![
        level(
            g,
            "tetrahexes-4x3",
            "Three tetrahexes in a 4 x 3 parallelogram",
            "Três tetra-hexes num paralelogramo 4 x 3",
            "tetrahexes",
            Some(3),
            g.parallelogram(4, 3),
            Some((4, 3)),
            rng,
        ),
        level(
            g,
            "tetrahexes-5x4",
            "Five tetrahexes in a 5 x 4 parallelogram",
            "Cinco tetra-hexes num paralelogramo 5 x 4",
            "tetrahexes",
            Some(5),
            g.parallelogram(5, 4),
            Some((5, 4)),
            rng,
        ),
        level(
            g,
            "tetrahexes-7x4",
            "The 7 tetrahexes in a 7 x 4 parallelogram",
            "Os 7 tetra-hexes num paralelogramo 7 x 4",
            "tetrahexes",
            None,
            g.parallelogram(7, 4),
            Some((7, 4)),
            rng,
        ),
        level(
            g,
            "pentahexes-5x4",
            "Four pentahexes in a 5 x 4 parallelogram",
            "Quatro penta-hexes num paralelogramo 5 x 4",
            "pentahexes",
            Some(4),
            g.parallelogram(5, 4),
            Some((5, 4)),
            rng,
        ),
        level(
            g,
            "pentahexes-6x5",
            "Six pentahexes in a 6 x 5 parallelogram",
            "Seis penta-hexes num paralelogramo 6 x 5",
            "pentahexes",
            Some(6),
            g.parallelogram(6, 5),
            Some((6, 5)),
            rng,
        ),
        level(
            g,
            "pentahexes-8x5",
            "Eight pentahexes in an 8 x 5 parallelogram",
            "Oito penta-hexes num paralelogramo 8 x 5",
            "pentahexes",
            Some(8),
            g.parallelogram(8, 5),
            Some((8, 5)),
            rng,
        ),
        level(
            g,
            "pentahexes-10x5",
            "Ten pentahexes in a 10 x 5 parallelogram",
            "Dez penta-hexes num paralelogramo 10 x 5",
            "pentahexes",
            Some(10),
            g.parallelogram(10, 5),
            Some((10, 5)),
            rng,
        ),
    ]
}

fn written(grid: Grid, c: &Cell) -> String {
    match grid {
        Grid::Triangle => format!("[{}, {}, {}]", c[0], c[1], c[2]),
        _ => format!("[{}, {}]", c[0], c[1]),
    }
}

fn render(grid: Grid, pack: &str, pt: &str, levels: &[Level]) -> String {
    let mut s = String::new();
    writeln!(s, "// The {pack} pack. Generated by examples/make_lattice_packs.rs; see levels/README.md.").unwrap();
    writeln!(s, "(\n    name: \"{pack}\",\n    names: {{\"pt-BR\": \"{pt}\"}},").unwrap();
    writeln!(s, "    author: \"Tessera\",\n    version: 1,\n    levels: [").unwrap();
    for l in levels {
        let sol = first(&l.board, &l.parts).expect("solved when chosen");
        writeln!(s, "        (").unwrap();
        writeln!(s, "            id: \"{}\",\n            name: \"{}\",", l.id, l.name).unwrap();
        writeln!(s, "            names: {{\"pt-BR\": \"{}\"}},", l.pt).unwrap();
        writeln!(s, "            family: \"polyomino\",\n            difficulty: 1,").unwrap();
        match l.set {
            Some(set) => writeln!(s, "            pieces: \"{set}\",").unwrap(),
            None => {
                let parts: Vec<String> = l
                    .parts
                    .iter()
                    .map(|p| {
                        format!("\"{}\"", p.cells.iter().map(|c| written(grid, c).replace(' ', "")).collect::<String>())
                    })
                    .collect();
                writeln!(s, "            pieces: [{}],", parts.join(", ")).unwrap();
            }
        }
        let shape = match l.size {
            Some((a, b)) => format!("size: [{a}, {b}]"),
            None => {
                format!("cells: [{}]", l.board.cells.iter().map(|c| written(grid, c)).collect::<Vec<_>>().join(", "))
            }
        };
        writeln!(s, "            board: (grid: \"{}\", {shape}),", grid.name()).unwrap();
        writeln!(s, "            solution: [").unwrap();
        let mut lines: Vec<(usize, String)> = sol
            .iter()
            .map(|(part, cells)| {
                let p = placement_for(&l.board, *part, &l.parts[*part], cells).expect("a placement of a part's cells");
                (
                    *part,
                    format!(
                        "                (piece: {part}, rot: {}, flip: {}, at: ({}, {})),",
                        p.rot, p.flip, p.at.0, p.at.1
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
    s
}

fn main() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let which = std::env::args().nth(1).unwrap_or_default();
    let (grid, levels, pack, pt) = match which.as_str() {
        "triangle" => (Grid::Triangle, triangles(&mut rng), "Polyiamonds", "Poliamantes"),
        "hexagon" => (Grid::Hexagon, hexagons(&mut rng), "Polyhexes", "Poli-hexes"),
        _ => panic!("make_lattice_packs triangle|hexagon"),
    };
    let levels: Vec<Level> = levels.into_iter().flatten().collect();
    eprintln!("{} levels", levels.len());
    print!("{}", render(grid, pack, pt, &levels));
}
