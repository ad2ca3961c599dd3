//! Level-design tool: writes the packs of the triangle and hexagon grids.
//!
//!   cargo run --no-default-features --release --example make_lattice_packs triangle > levels/polyiamonds.ron
//!   cargo run --no-default-features --release --example make_lattice_packs hexagon > levels/polyhexes.ron
//!   cargo run --no-default-features --release --example order_pack -- levels/polyiamonds.ron levels/polyhexes.ron
//!
//! Each board is a shape people know (parallelograms, diamonds, triangles, trapezoids,
//! hexagons, rings, stars), filled by a whole set, by several sets together, or by a seeded
//! subset that the packer can fit; the packer's first solution is the reference solution, and
//! its count of solutions up to the board's symmetries is written as the level's `solutions`.
//! Boards the packer cannot fill, or count, within its budget are skipped (said on stderr).
//! `order_pack` then orders the pack and writes the stars the difficulty measure gives.

use std::fmt::Write;
use tessera::polyform::grid::Grid;
use tessera::polyform::pack::{solve, Board, PackOptions, PartSpec};
use tessera::polyform::Cell;
use tessera::support::budget::Budget;
use tools::{subset, Rng};

#[path = "tools/mod.rs"]
mod tools;

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
    /// Its solutions up to the board's symmetries, as the packer counts them.
    solutions: u64,
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

/// The triangles whose three corners (lattice points `(u, v)`, as `[a, b, t]` has them) are
/// all in `keep` and none of whose corners-sets lies wholly in one of `cut`: for convex
/// regions, the triangles inside `keep` and not inside a cut.
fn triangles_in(reach: i32, keep: impl Fn(i32, i32) -> bool, cut: &[&dyn Fn(i32, i32) -> bool]) -> Vec<Cell> {
    let mut out = Vec::new();
    for a in -reach..=reach {
        for b in -reach..=reach {
            for t in 0..2 {
                let corners =
                    if t == 0 { [(a, b), (a + 1, b), (a, b + 1)] } else { [(a + 1, b), (a, b + 1), (a + 1, b + 1)] };
                let all = |f: &dyn Fn(i32, i32) -> bool| corners.iter().all(|&(u, v)| f(u, v));
                if all(&keep) && !cut.iter().any(|c| all(c)) {
                    out.push([a, b, t]);
                }
            }
        }
    }
    out
}

/// A triangle of side `s` pointing up, with its corners cut off as triangles of sides `p`
/// (lower left), `q` (lower right) and `r` (top): a triangle, a trapezoid, a pentagon or a
/// hexagon of `s² - p² - q² - r²` cells.
fn cut_triangle(s: i32, p: i32, q: i32, r: i32) -> Vec<Cell> {
    triangles_in(
        s,
        |u, v| u >= 0 && v >= 0 && u + v <= s,
        &[&|u, v| u + v <= p, &|u, _| u >= s - q, &|_, v| v >= s - r],
    )
}

/// The hexagons of a triangle of side `n` (`n (n + 1) / 2` cells).
fn hex_triangle(n: i32) -> Vec<Cell> {
    (0..n).flat_map(|a| (0..n - a).map(move |b| [a, b, 0])).collect()
}

/// A six-pointed star of hexagons: the hexagon of side 3, and on each of its sides a
/// triangle of three (37 cells).
fn hex_star() -> Vec<Cell> {
    let mut cells = Vec::new();
    for a in -4..=4 {
        for b in -4..=4 {
            // Cube coordinates (a, b, -a - b).
            let c: [i32; 3] = [a, b, -a - b];
            let far = c.iter().map(|x| x.abs()).max().unwrap_or(0);
            let inner = far <= 2;
            let side = far == 3 && c.iter().all(|&x| x != 0);
            let point = far == 4 && c.iter().filter(|x| x.abs() == 2).count() == 2;
            if inner || side || point {
                cells.push([a, b, 0]);
            }
        }
    }
    cells
}

/// `outer` without the cells of `hole`.
fn without(outer: Vec<Cell>, hole: &[Cell]) -> Vec<Cell> {
    outer.into_iter().filter(|c| !hole.contains(c)).collect()
}

/// A built-in set's parts, or several sets' joined by `+` (`trihexes+tetrahexes`).
fn set(name: &str) -> Vec<PartSpec> {
    name.split('+').flat_map(|n| PartSpec::set(n).expect("a built-in set")).collect()
}

fn first(board: &Board, parts: &[PartSpec]) -> Option<Vec<(usize, Vec<Cell>)>> {
    let opts = PackOptions { stop: 1, budget: Budget::nodes(20_000_000), ..PackOptions::new(2) };
    solve(board, parts, &opts).kept.into_iter().next()
}

/// Every filling up to the board's own symmetries, counted; `None` past the budget.
fn count(board: &Board, parts: &[PartSpec]) -> Option<u64> {
    let opts = PackOptions { unique: true, budget: Budget::nodes(2_000_000_000), ..PackOptions::new(2) };
    let res = solve(board, parts, &opts);
    res.complete.then_some(res.solutions)
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
            // A subset of mixed sizes may miss the board's size where the next one does not.
            if k.is_some() && from.contains('+') {
                continue;
            }
            eprintln!(
                "{id}: {} cells of parts for {} of board",
                parts.iter().map(|p| p.cells.len()).sum::<usize>(),
                board.cells.len()
            );
            return None;
        }
        if first(&board, &parts).is_some() {
            let Some(solutions) = count(&board, &parts) else {
                eprintln!("{id}: filled, but not counted within the budget");
                return None;
            };
            eprintln!("{id}: {} cells, {solutions} solutions", board.cells.len());
            let set = (k.is_none() && !from.contains('+')).then_some(from);
            return Some(Level { id, name: name.into(), pt: pt.into(), set, parts, size, board, solutions });
        }
    }
    eprintln!("{id}: no filling found");
    None
}

/// A board to fill: id, English and Portuguese names, the set (or sets joined by `+`), how
/// many of its parts (`None`: all), the cells, and the parallelogram's size when it is one.
type Spec = (&'static str, &'static str, &'static str, &'static str, Option<usize>, Vec<Cell>, Option<(i32, i32)>);

/// The levels of `specs` on `grid`, in order (each subset drawn from `rng` in turn).
fn levels(grid: Grid, specs: Vec<Spec>, rng: &mut Rng) -> Vec<Option<Level>> {
    specs
        .into_iter()
        .map(|(id, name, pt, from, k, cells, size)| level(grid, id, name, pt, from, k, cells, size, rng))
        .collect()
}

fn triangles(rng: &mut Rng) -> Vec<Option<Level>> {
    let g = Grid::Triangle;
    let star = hexagram(2);
    eprintln!("hexagram: {} cells", star.len());
    #[rustfmt::skip]
    let specs: Vec<Spec> = vec![
        ("hexiamonds-hexagon-2", "Four hexiamonds in a hexagon", "Quatro hexiamantes num hexágono", "hexiamonds", Some(4), hexagon(g, 2), None),
        ("hexiamonds-4x3", "Four hexiamonds in a 4 x 3 parallelogram", "Quatro hexiamantes num paralelogramo 4 x 3", "hexiamonds", Some(4), g.parallelogram(4, 3), Some((4, 3))),
        ("hexiamonds-6x3", "Six hexiamonds in a 6 x 3 parallelogram", "Seis hexiamantes num paralelogramo 6 x 3", "hexiamonds", Some(6), g.parallelogram(6, 3), Some((6, 3))),
        ("hexiamonds-star", "Eight hexiamonds in a star", "Oito hexiamantes numa estrela", "hexiamonds", Some(8), star, None),
        ("hexiamonds-hexagon-3", "Nine hexiamonds in a hexagon of side 3", "Nove hexiamantes num hexágono de lado 3", "hexiamonds", Some(9), hexagon(g, 3), None),
        ("hexiamonds-diamond", "The 12 hexiamonds in a 6 x 6 diamond", "Os 12 hexiamantes num losango 6 x 6", "hexiamonds", None, g.parallelogram(6, 6), Some((6, 6))),
        ("hexiamonds-9x4", "The 12 hexiamonds in a 9 x 4 parallelogram", "Os 12 hexiamantes num paralelogramo 9 x 4", "hexiamonds", None, g.parallelogram(9, 4), Some((9, 4))),
        ("pentiamonds-pentagon", "The 4 pentiamonds in a pentagon", "Os 4 pentiamantes num pentágono", "pentiamonds", None, cut_triangle(5, 2, 1, 0), None),
        ("tetri-pentiamonds-diamond", "Tetriamonds and pentiamonds in a 4 x 4 diamond", "Tetriamantes e pentiamantes num losango 4 x 4", "tetriamonds+pentiamonds", None, g.parallelogram(4, 4), Some((4, 4))),
        ("tetri-pentiamonds-8x2", "Tetriamonds and pentiamonds in an 8 x 2 parallelogram", "Tetriamantes e pentiamantes num paralelogramo 8 x 2", "tetriamonds+pentiamonds", None, g.parallelogram(8, 2), Some((8, 2))),
        ("tetri-pentiamonds-trapezoid", "Tetriamonds and pentiamonds in a trapezoid", "Tetriamantes e pentiamantes num trapézio", "tetriamonds+pentiamonds", None, cut_triangle(6, 2, 0, 0), None),
        ("tetri-pentiamonds-hexagon", "Tetriamonds and pentiamonds in a hexagon", "Tetriamantes e pentiamantes num hexágono", "tetriamonds+pentiamonds", None, cut_triangle(7, 3, 2, 2), None),
        ("hexiamonds-5x3", "Five hexiamonds in a 5 x 3 parallelogram", "Cinco hexiamantes num paralelogramo 5 x 3", "hexiamonds", Some(5), g.parallelogram(5, 3), Some((5, 3))),
        ("hexiamonds-small-hexagon", "Five hexiamonds in a hexagon", "Cinco hexiamantes num hexágono", "hexiamonds", Some(5), cut_triangle(6, 2, 1, 1), None),
        ("hexiamonds-7x3", "Seven hexiamonds in a 7 x 3 parallelogram", "Sete hexiamantes num paralelogramo 7 x 3", "hexiamonds", Some(7), g.parallelogram(7, 3), Some((7, 3))),
        ("hexiamonds-8x3", "Eight hexiamonds in an 8 x 3 parallelogram", "Oito hexiamantes num paralelogramo 8 x 3", "hexiamonds", Some(8), g.parallelogram(8, 3), Some((8, 3))),
        ("hexiamonds-small-ring", "Eight hexiamonds in a hexagonal ring", "Oito hexiamantes num anel hexagonal", "hexiamonds", Some(8), without(hexagon(g, 3), &hexagon(g, 1)), None),
        ("hexiamonds-10x3", "Ten hexiamonds in a 10 x 3 parallelogram", "Dez hexiamantes num paralelogramo 10 x 3", "hexiamonds", Some(10), g.parallelogram(10, 3), Some((10, 3))),
        ("hexiamonds-trapezoid", "The 12 hexiamonds in a trapezoid", "Os 12 hexiamantes num trapézio", "hexiamonds", None, cut_triangle(11, 0, 0, 7), None),
        ("hexiamonds-long-hexagon", "The 12 hexiamonds in a long hexagon", "Os 12 hexiamantes num hexágono alongado", "hexiamonds", None, cut_triangle(12, 8, 2, 2), None),
        ("polyiamonds-triangle", "Polyiamonds of 4 to 6 triangles in a triangle", "Poliamantes de 4 a 6 triângulos num triângulo", "tetriamonds+pentiamonds+hexiamonds", Some(7), cut_triangle(6, 0, 0, 0), None),
        ("hexiamonds-6x4", "Eight hexiamonds in a 6 x 4 parallelogram", "Oito hexiamantes num paralelogramo 6 x 4", "hexiamonds", Some(8), g.parallelogram(6, 4), Some((6, 4))),
        ("hexiamonds-9x3", "Nine hexiamonds in a 9 x 3 parallelogram", "Nove hexiamantes num paralelogramo 9 x 3", "hexiamonds", Some(9), g.parallelogram(9, 3), Some((9, 3))),
        ("hexiamonds-11x3", "Eleven hexiamonds in an 11 x 3 parallelogram", "Onze hexiamantes num paralelogramo 11 x 3", "hexiamonds", Some(11), g.parallelogram(11, 3), Some((11, 3))),
        ("hexiamonds-slanted-hexagon", "The 12 hexiamonds in a slanted hexagon", "Os 12 hexiamantes num hexágono inclinado", "hexiamonds", None, cut_triangle(11, 6, 3, 2), None),
        ("tetri-pentiamonds-small-hexagon", "Tetriamonds and pentiamonds in a small hexagon", "Tetriamantes e pentiamantes num hexágono pequeno", "tetriamonds+pentiamonds", Some(5), hexagon(g, 2), None),
        ("polyiamonds-star", "Polyiamonds of 4 to 6 triangles in a star", "Poliamantes de 4 a 6 triângulos numa estrela", "tetriamonds+pentiamonds+hexiamonds", Some(9), hexagram(2), None),
        ("polyiamonds-cut-triangle", "Polyiamonds of 4 to 6 triangles in a cut-off triangle", "Poliamantes de 4 a 6 triângulos num triângulo de cantos cortados", "tetriamonds+pentiamonds+hexiamonds", Some(10), cut_triangle(8, 2, 2, 2), None),
        ("polyiamonds-triangle-7", "Polyiamonds of 4 to 6 triangles in a triangle of side 7", "Poliamantes de 4 a 6 triângulos num triângulo de lado 7", "tetriamonds+pentiamonds+hexiamonds", Some(9), cut_triangle(7, 0, 0, 0), None),
        ("polyiamonds-hexagon", "Polyiamonds of 4 to 6 triangles in a hexagon of side 3", "Poliamantes de 4 a 6 triângulos num hexágono de lado 3", "tetriamonds+pentiamonds+hexiamonds", Some(10), hexagon(g, 3), None),
        ("hexiamonds-cut-triangle", "The 12 hexiamonds in a triangle with its corners cut", "Os 12 hexiamantes num triângulo de cantos cortados", "hexiamonds", None, cut_triangle(9, 2, 2, 1), None),
    ];
    levels(g, specs, rng)
}

fn hexagons(rng: &mut Rng) -> Vec<Option<Level>> {
    let g = Grid::Hexagon;
    #[rustfmt::skip]
    let specs: Vec<Spec> = vec![
        ("tetrahexes-4x3", "Three tetrahexes in a 4 x 3 parallelogram", "Três tetra-hexes num paralelogramo 4 x 3", "tetrahexes", Some(3), g.parallelogram(4, 3), Some((4, 3))),
        ("tetrahexes-5x4", "Five tetrahexes in a 5 x 4 parallelogram", "Cinco tetra-hexes num paralelogramo 5 x 4", "tetrahexes", Some(5), g.parallelogram(5, 4), Some((5, 4))),
        ("tetrahexes-7x4", "The 7 tetrahexes in a 7 x 4 parallelogram", "Os 7 tetra-hexes num paralelogramo 7 x 4", "tetrahexes", None, g.parallelogram(7, 4), Some((7, 4))),
        ("pentahexes-5x4", "Four pentahexes in a 5 x 4 parallelogram", "Quatro penta-hexes num paralelogramo 5 x 4", "pentahexes", Some(4), g.parallelogram(5, 4), Some((5, 4))),
        ("pentahexes-6x5", "Six pentahexes in a 6 x 5 parallelogram", "Seis penta-hexes num paralelogramo 6 x 5", "pentahexes", Some(6), g.parallelogram(6, 5), Some((6, 5))),
        ("pentahexes-8x5", "Eight pentahexes in an 8 x 5 parallelogram", "Oito penta-hexes num paralelogramo 8 x 5", "pentahexes", Some(8), g.parallelogram(8, 5), Some((8, 5))),
        ("pentahexes-10x5", "Ten pentahexes in a 10 x 5 parallelogram", "Dez penta-hexes num paralelogramo 10 x 5", "pentahexes", Some(10), g.parallelogram(10, 5), Some((10, 5))),
        ("tetrahexes-4x4", "Four tetrahexes in a 4 x 4 diamond", "Quatro tetra-hexes num losango 4 x 4", "tetrahexes", Some(4), g.parallelogram(4, 4), Some((4, 4))),
        ("tri-tetrahexes-triangle", "Trihexes and tetrahexes in a triangle", "Tri-hexes e tetra-hexes num triângulo", "trihexes+tetrahexes", Some(6), hex_triangle(6), None),
        ("tetrahexes-6x4", "Six tetrahexes in a 6 x 4 parallelogram", "Seis tetra-hexes num paralelogramo 6 x 4", "tetrahexes", Some(6), g.parallelogram(6, 4), Some((6, 4))),
        ("tri-tetrahexes-hexagon", "The 3 trihexes and 7 tetrahexes in a hexagon", "Os 3 tri-hexes e 7 tetra-hexes num hexágono", "trihexes+tetrahexes", None, hexagon(g, 4), None),
        ("tri-tetrahexes-star", "The 3 trihexes and 7 tetrahexes in a star", "Os 3 tri-hexes e 7 tetra-hexes numa estrela", "trihexes+tetrahexes", None, hex_star(), None),
        ("tetra-pentahexes-holed-hexagon", "Tetrahexes and pentahexes in a hexagon with a hole", "Tetra-hexes e penta-hexes num hexágono com um furo", "tetrahexes+pentahexes", Some(8), without(hexagon(g, 4), &hexagon(g, 1)), None),
        ("pentahexes-triangle-5", "Three pentahexes in a triangle", "Três penta-hexes num triângulo", "pentahexes", Some(3), hex_triangle(5), None),
        ("pentahexes-10x2", "Four pentahexes in a 10 x 2 parallelogram", "Quatro penta-hexes num paralelogramo 10 x 2", "pentahexes", Some(4), g.parallelogram(10, 2), Some((10, 2))),
        ("pentahexes-5x5", "Five pentahexes in a 5 x 5 diamond", "Cinco penta-hexes num losango 5 x 5", "pentahexes", Some(5), g.parallelogram(5, 5), Some((5, 5))),
        ("pentahexes-7x5", "Seven pentahexes in a 7 x 5 parallelogram", "Sete penta-hexes num paralelogramo 7 x 5", "pentahexes", Some(7), g.parallelogram(7, 5), Some((7, 5))),
        ("pentahexes-triangle-9", "Nine pentahexes in a triangle", "Nove penta-hexes num triângulo", "pentahexes", Some(9), hex_triangle(9), None),
        ("pentahexes-triangle-10", "Eleven pentahexes in a triangle", "Onze penta-hexes num triângulo", "pentahexes", Some(11), hex_triangle(10), None),
        ("pentahexes-11x5", "Eleven pentahexes in an 11 x 5 parallelogram", "Onze penta-hexes num paralelogramo 11 x 5", "pentahexes", Some(11), g.parallelogram(11, 5), Some((11, 5))),
        ("pentahexes-holed-hexagon", "Twelve pentahexes in a hexagon with a hole", "Doze penta-hexes num hexágono com um furo", "pentahexes", Some(12), without(hexagon(g, 5), &hexagon(g, 1)), None),
        ("tri-tetrahexes-small-hexagon", "Trihexes and tetrahexes in a small hexagon", "Tri-hexes e tetra-hexes num hexágono pequeno", "trihexes+tetrahexes", Some(5), hexagon(g, 3), None),
        ("tetrahexes-8x3", "Six tetrahexes in an 8 x 3 parallelogram", "Seis tetra-hexes num paralelogramo 8 x 3", "tetrahexes", Some(6), g.parallelogram(8, 3), Some((8, 3))),
        ("tetra-pentahexes-triangle", "Tetrahexes and pentahexes in a triangle", "Tetra-hexes e penta-hexes num triângulo", "tetrahexes+pentahexes", Some(8), hex_triangle(8), None),
        ("tetra-pentahexes-6x6", "Tetrahexes and pentahexes in a 6 x 6 diamond", "Tetra-hexes e penta-hexes num losango 6 x 6", "tetrahexes+pentahexes", Some(8), g.parallelogram(6, 6), Some((6, 6))),
        ("tetra-pentahexes-hexagon", "Tetrahexes and pentahexes in a hexagon", "Tetra-hexes e penta-hexes num hexágono", "tetrahexes+pentahexes", Some(8), hexagon(g, 4), None),
        ("tetra-pentahexes-star", "Tetrahexes and pentahexes in a star", "Tetra-hexes e penta-hexes numa estrela", "tetrahexes+pentahexes", Some(8), hex_star(), None),
        ("pentahexes-9x5", "Nine pentahexes in a 9 x 5 parallelogram", "Nove penta-hexes num paralelogramo 9 x 5", "pentahexes", Some(9), g.parallelogram(9, 5), Some((9, 5))),
        ("pentahexes-12x5", "Twelve pentahexes in a 12 x 5 parallelogram", "Doze penta-hexes num paralelogramo 12 x 5", "pentahexes", Some(12), g.parallelogram(12, 5), Some((12, 5))),
    ];
    levels(g, specs, rng)
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
        writeln!(s, "            solutions: {},", l.solutions).unwrap();
        writeln!(s, "            solution: [").unwrap();
        for line in tools::solution_lines(&l.board, &l.parts, &sol) {
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
