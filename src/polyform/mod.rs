//! Polyforms: parts made of unit cells (squares in 2D, cubes in 3D; triangles and hexagons on
//! their own grids, [`grid`]). Enumeration of every part of n cells ([`enumerate`], and
//! [`grid`] on every grid), packing parts into boards ([`pack`]) and SVG pictures ([`svg`]).
//!
//! A cell is `[x, y, z]` (z = 0 in 2D). A part is a sorted list of cells normalised so that its
//! smallest coordinate on each axis is 0. The symmetry classes:
//! * 2D: fixed (translations only), one-sided (the 4 rotations), free (the 8 rotations and
//!   reflections);
//! * 3D: fixed, up to the 24 rotations, up to the 48 rotations and reflections.

pub mod bitcover;
pub mod colour;
pub mod enumerate;
pub mod grid;
mod holes;
pub mod line;
mod mask;
pub mod pack;
pub mod place;
pub mod space;
pub mod svg;
mod table;
mod word;
mod written;

pub type Cell = [i32; 3];

/// Which motions make two parts the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Translations only.
    Fixed,
    /// Rotations (2D: in the plane; 3D: the 24 rotations of space).
    Rotations,
    /// Rotations and reflections.
    RotationsAndMirrors,
}

/// The linear maps of a class, as 3x3 integer matrices (rows), for dimension 2 or 3.
pub fn motions(dim: u8, sym: Symmetry) -> Vec<[[i32; 3]; 3]> {
    let mut all: Vec<[[i32; 3]; 3]> = Vec::new();
    if dim == 2 {
        // Rotations by quarter turns, then the same after mirroring x.
        for mirror in [false, true] {
            for k in 0..4 {
                let (c, s) = [(1, 0), (0, 1), (-1, 0), (0, -1)][k];
                let m = if mirror { -1 } else { 1 };
                all.push([[c * m, -s, 0], [s * m, c, 0], [0, 0, 1]]);
            }
        }
    } else {
        // Signed permutation matrices: determinant +1 are rotations, -1 involve a mirror.
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut rot = Vec::new();
        let mut mir = Vec::new();
        for p in perms {
            for signs in 0..8 {
                let mut m = [[0; 3]; 3];
                for (r, &col) in p.iter().enumerate() {
                    m[r][col] = if signs >> r & 1 == 1 { -1 } else { 1 };
                }
                if det(&m) == 1 {
                    rot.push(m);
                } else {
                    mir.push(m);
                }
            }
        }
        all = rot;
        all.extend(mir);
    }
    let keep = match (dim, sym) {
        (_, Symmetry::Fixed) => 1,
        (2, Symmetry::Rotations) => 4,
        (2, Symmetry::RotationsAndMirrors) => 8,
        (_, Symmetry::Rotations) => 24,
        (_, Symmetry::RotationsAndMirrors) => 48,
    };
    all.truncate(keep);
    all
}

fn det(m: &[[i32; 3]; 3]) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

pub fn apply(m: &[[i32; 3]; 3], c: Cell) -> Cell {
    let row = |r: &[i32; 3]| r[0] * c[0] + r[1] * c[1] + r[2] * c[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// The smallest coordinate on each axis (`i32::MAX` for no cells).
pub fn lowest<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> Cell {
    cells.into_iter().fold([i32::MAX; 3], |m, c| [m[0].min(c[0]), m[1].min(c[1]), m[2].min(c[2])])
}

/// Shifted so the smallest coordinate on each axis is 0, and sorted.
pub fn normalize(cells: &[Cell]) -> Vec<Cell> {
    let lo = lowest(cells);
    let mut v: Vec<Cell> = cells.iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).collect();
    v.sort_unstable();
    v
}

/// The distinct orientations of a part under a class's motions, normalised.
pub fn orientations(cells: &[Cell], dim: u8, sym: Symmetry) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for m in motions(dim, sym) {
        let o = normalize(&cells.iter().map(|&c| apply(&m, c)).collect::<Vec<_>>());
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The canonical form: the smallest normalised image under the class's motions.
pub fn canonical(cells: &[Cell], dim: u8, sym: Symmetry) -> Vec<Cell> {
    motions(dim, sym)
        .iter()
        .map(|m| normalize(&cells.iter().map(|&c| apply(m, c)).collect::<Vec<_>>()))
        .min()
        .unwrap_or_default()
}

/// Whether the cells form one piece through shared faces.
pub fn connected(cells: &[Cell]) -> bool {
    if cells.is_empty() {
        return false;
    }
    let set: std::collections::HashSet<Cell> = cells.iter().copied().collect();
    let mut seen = std::collections::HashSet::from([cells[0]]);
    let mut stack = vec![cells[0]];
    while let Some(c) = stack.pop() {
        for n in neighbours(c, 3) {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

/// Face neighbours (4 in 2D, 6 in 3D).
pub fn neighbours(c: Cell, dim: u8) -> impl Iterator<Item = Cell> {
    const D: [Cell; 6] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];
    D.into_iter().take(if dim == 2 { 4 } else { 6 }).map(move |d| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
}

/// Parses a part written like Lang's vectors: `[0,0][1,0][2,0][1,1]` (2 or 3 numbers per
/// cell, all cells with the same count). Returns the cells (normalised) and the dimension.
pub fn parse_part(s: &str) -> Result<(Vec<Cell>, u8), String> {
    let (cells, dim) = parse_cells(s)?;
    if !connected(&cells) {
        return Err(format!("part `{}`: its {} cells are not joined face to face", short(s), cells.len()));
    }
    Ok((cells, dim))
}

/// A part with how many copies a puzzle has of it: `CELLS` (one), `CELLS*N` (N, all used)
/// or `CELLS*MIN-MAX` (MIN to MAX of them used). Returns the cells, the dimension, the most
/// copies and the fewest used.
pub fn parse_counted_part(s: &str) -> Result<(Vec<Cell>, u8, u32, u32), String> {
    parse_counted(s, parse_part)
}

/// A part `CELLS[*N|*MIN-MAX]` whose cells `cells_of` reads: its cells, their coordinates per
/// cell, and its most and fewest copies.
pub fn parse_counted(
    s: &str,
    cells_of: impl Fn(&str) -> Result<(Vec<Cell>, u8), String>,
) -> Result<(Vec<Cell>, u8, u32, u32), String> {
    let (body, count) = match s.rsplit_once('*') {
        Some((body, count)) => (body, Some(count.trim())),
        None => (s, None),
    };
    let (cells, dim) = cells_of(body)?;
    let number = |t: &str| {
        t.trim().parse::<u32>().ok().filter(|&k| k <= 1000).ok_or_else(|| {
            format!("part `{}`: the count `{}` is not a whole number from 0 to 1000", short(s), t.trim())
        })
    };
    let (most, fewest) = match count {
        None => (1, 1),
        Some(c) => match c.split_once('-') {
            Some((lo, hi)) => (number(hi)?, number(lo)?),
            None => (number(c)?, number(c)?),
        },
    };
    if fewest > most || most == 0 {
        return Err(format!("part `{}`: a count range MIN-MAX needs MIN <= MAX and MAX >= 1", short(s)));
    }
    Ok((cells, dim, most, fewest))
}

/// A part as quoted in an error: whole when short, else its start and its length, so the
/// reason after it survives a line cut for the terminal.
fn short(s: &str) -> String {
    const SHOWN: usize = 48;
    match s.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}... ({} characters)", &s[..end], s.len()),
        None => s.to_string(),
    }
}

/// Parses cells written like Lang's vectors, joined or not (a board of several regions); at
/// most [`pack::MAX_CELLS`] of them, the most any board holds (so no part larger can fit).
pub fn parse_cells(s: &str) -> Result<(Vec<Cell>, u8), String> {
    let written = parse_written(s)?;
    let dim = written[0].len() as u8;
    if written.iter().any(|c| c.len() as u8 != dim) {
        return Err(format!("part `{}`: cells mix 2 and 3 coordinates", short(s)));
    }
    let cells: Vec<Cell> = written.iter().map(|c| [c[0], c[1], c.get(2).copied().unwrap_or(0)]).collect();
    let cells = normalize(&cells);
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("part `{}`: a cell is listed twice", short(s)));
    }
    Ok((cells, dim))
}

/// The cells of `[x,y][x,y,z]...` as written: each 2 or 3 whole numbers, nothing moved or
/// checked against a grid (that is [`grid::Grid::read_cells`]'s work, or [`parse_cells`]').
pub fn parse_written(s: &str) -> Result<Vec<Vec<i32>>, String> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Err("empty part".into());
    }
    let mut cells = Vec::new();
    let mut rest = t.as_str();
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('[') else {
            return Err(format!("part `{}`: expected `[` at `{}`", short(s), short(rest)));
        };
        let Some(end) = body.find(']') else {
            return Err(format!("part `{}`: a `[` is not closed", short(s)));
        };
        let nums: Result<Vec<i32>, _> = body[..end].split(',').map(|n| n.parse::<i32>()).collect();
        let nums = nums
            .map_err(|_| format!("part `{}`: `[{}]` is not a list of whole numbers", short(s), short(&body[..end])))?;
        if !(2..=3).contains(&nums.len()) {
            return Err(format!(
                "part `{}`: a cell has 2 or 3 coordinates, `[{}]` has {}",
                short(s),
                short(&body[..end]),
                nums.len()
            ));
        }
        if nums.iter().any(|n| n.abs() > 1000) {
            return Err(format!("part `{}`: coordinates must lie within -1000..1000", short(s)));
        }
        if cells.len() == pack::MAX_CELLS {
            return Err(format!("part `{}`: more than {} cells (no board holds more)", short(s), pack::MAX_CELLS));
        }
        cells.push(nums);
        rest = &body[end + 1..];
    }
    Ok(cells)
}

/// Writes a part like Lang's vectors.
pub fn format_part(cells: &[Cell], dim: u8) -> String {
    cells
        .iter()
        .map(|c| if dim == 2 { format!("[{},{}]", c[0], c[1]) } else { format!("[{},{},{}]", c[0], c[1], c[2]) })
        .collect()
}

/// A named set of parts.
pub struct PartSet {
    pub name: &'static str,
    pub dim: u8,
    /// The grid the parts are on.
    pub grid: grid::Grid,
    pub parts: Vec<(String, Vec<Cell>)>,
}

fn cells2(v: &[(i32, i32)]) -> Vec<Cell> {
    normalize(&v.iter().map(|&(x, y)| [x, y, 0]).collect::<Vec<_>>())
}

/// Built-in part sets: `pentominoes`, `tetrominoes` (the 5 free ones), `hexominoes` (all 35,
/// enumerated), `soma` (the 7 Soma pieces), `tetracubes` (the 8 parts of four cubes up to
/// rotation, enumerated).
pub fn builtin_set(name: &str) -> Option<PartSet> {
    match name {
        "pentominoes" => Some(PartSet {
            name: "pentominoes",
            dim: 2,
            grid: grid::Grid::Square,
            parts: crate::pieces::PENTOMINOES.iter().map(|(n, c)| (n.to_string(), cells2(c))).collect(),
        }),
        "tetrominoes" => Some(PartSet {
            name: "tetrominoes",
            dim: 2,
            grid: grid::Grid::Square,
            parts: vec![
                ("I".into(), cells2(&[(0, 0), (1, 0), (2, 0), (3, 0)])),
                ("O".into(), cells2(&[(0, 0), (1, 0), (0, 1), (1, 1)])),
                ("T".into(), cells2(&[(0, 0), (1, 0), (2, 0), (1, 1)])),
                ("L".into(), cells2(&[(0, 0), (1, 0), (2, 0), (0, 1)])),
                ("S".into(), cells2(&[(0, 0), (1, 0), (1, 1), (2, 1)])),
            ],
        }),
        "hexominoes" => Some(PartSet {
            name: "hexominoes",
            dim: 2,
            grid: grid::Grid::Square,
            parts: enumerate::parts(2, 6, Symmetry::RotationsAndMirrors)
                .into_iter()
                .enumerate()
                .map(|(i, c)| (format!("H{}", i + 1), c))
                .collect(),
        }),
        "soma" => {
            let c3 = |v: &[(i32, i32, i32)]| normalize(&v.iter().map(|&(x, y, z)| [x, y, z]).collect::<Vec<_>>());
            Some(PartSet {
                name: "soma",
                dim: 3,
                grid: grid::Grid::Cube,
                parts: vec![
                    ("V".into(), c3(&[(0, 0, 0), (1, 0, 0), (0, 1, 0)])),
                    ("L".into(), c3(&[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)])),
                    ("T".into(), c3(&[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)])),
                    ("Z".into(), c3(&[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)])),
                    // The two screws (mirror images) and the branch.
                    ("A".into(), c3(&[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)])),
                    ("B".into(), c3(&[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)])),
                    ("P".into(), c3(&[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)])),
                ],
            })
        }
        "tetracubes" => Some(PartSet {
            name: "tetracubes",
            dim: 3,
            grid: grid::Grid::Cube,
            parts: enumerate::parts(3, 4, Symmetry::Rotations)
                .into_iter()
                .enumerate()
                .map(|(i, c)| (format!("Q{}", i + 1), c))
                .collect(),
        }),
        _ => lattice_set(name),
    }
}

/// The built-in sets of the triangles and the hexagons: every free part of a size, enumerated
/// ([`grid::parts`]), each named by its set's letter and its number.
fn lattice_set(name: &str) -> Option<PartSet> {
    let (name, grid, n, letter) = *LATTICE_SETS.iter().find(|s| s.0 == name)?;
    let parts = grid::parts(grid, n, Symmetry::RotationsAndMirrors);
    Some(PartSet {
        name,
        dim: 2,
        grid,
        parts: parts.into_iter().enumerate().map(|(i, c)| (format!("{letter}{}", i + 1), c)).collect(),
    })
}

/// The sets of [`lattice_set`]: name, grid, size and the letter its parts' names start with.
const LATTICE_SETS: [(&str, grid::Grid, usize, char); 6] = [
    ("tetriamonds", grid::Grid::Triangle, 4, 'T'),
    ("pentiamonds", grid::Grid::Triangle, 5, 'P'),
    ("hexiamonds", grid::Grid::Triangle, 6, 'H'),
    ("trihexes", grid::Grid::Hexagon, 3, 'T'),
    ("tetrahexes", grid::Grid::Hexagon, 4, 'Q'),
    ("pentahexes", grid::Grid::Hexagon, 5, 'P'),
];

/// The name a built-in set of `grid` gives a part of this shape (turned, and in the plane
/// mirrored), if any.
pub fn part_name_on(grid: grid::Grid, cells: &[Cell]) -> Option<String> {
    let sym = if grid == grid::Grid::Cube { Symmetry::Rotations } else { Symmetry::RotationsAndMirrors };
    let want = grid.canonical(cells, sym);
    BUILTIN_SETS.iter().filter_map(|s| builtin_set(s)).filter(|s| s.grid == grid).find_map(|s| {
        s.parts.into_iter().find(|(_, c)| c.len() == cells.len() && grid.canonical(c, sym) == want).map(|(n, _)| n)
    })
}

pub const BUILTIN_SETS: [&str; 11] = [
    "pentominoes",
    "tetrominoes",
    "hexominoes",
    "soma",
    "tetracubes",
    "tetriamonds",
    "pentiamonds",
    "hexiamonds",
    "trihexes",
    "tetrahexes",
    "pentahexes",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motion_groups_have_the_right_sizes_and_are_closed() {
        for (dim, sym, n) in [
            (2, Symmetry::Rotations, 4),
            (2, Symmetry::RotationsAndMirrors, 8),
            (3, Symmetry::Rotations, 24),
            (3, Symmetry::RotationsAndMirrors, 48),
        ] {
            let g = motions(dim, sym);
            assert_eq!(g.len(), n);
            let mul = |a: &[[i32; 3]; 3], b: &[[i32; 3]; 3]| {
                let mut m = [[0; 3]; 3];
                for i in 0..3 {
                    for j in 0..3 {
                        m[i][j] = (0..3).map(|k| a[i][k] * b[k][j]).sum();
                    }
                }
                m
            };
            for a in &g {
                for b in &g {
                    assert!(g.contains(&mul(a, b)));
                }
            }
        }
    }

    #[test]
    fn lang_vectors_parse_and_bad_ones_are_named() {
        let (c, d) = parse_part("[0,0][1,0][2,0][1,1]").unwrap();
        assert_eq!((c.len(), d), (4, 2));
        assert_eq!(format_part(&c, 2), "[0,0][1,0][1,1][2,0]");
        assert_eq!(parse_part("[0,0,0] [0,0,1]").unwrap().1, 3);
        for (bad, says) in [
            ("", "empty"),
            ("[0,0][1", "not closed"),
            ("[0,0][x,1]", "whole numbers"),
            ("[0][1]", "2 or 3 coordinates"),
            ("[0,0][1,0,0]", "mix"),
            ("[0,0][0,0]", "twice"),
            ("[0,0][2,0]", "not joined"),
            ("(0,0)", "expected `[`"),
        ] {
            let e = parse_part(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn soma_has_seven_pieces_of_27_cells_and_a_mirror_pair() {
        let s = builtin_set("soma").unwrap();
        assert_eq!(s.parts.iter().map(|p| p.1.len()).sum::<usize>(), 27);
        let rot: Vec<_> = s.parts.iter().map(|p| canonical(&p.1, 3, Symmetry::Rotations)).collect();
        let all: Vec<_> = s.parts.iter().map(|p| canonical(&p.1, 3, Symmetry::RotationsAndMirrors)).collect();
        // A and B are mirror images: different under rotations, the same with mirrors.
        assert_ne!(rot[4], rot[5]);
        assert_eq!(all[4], all[5]);
    }
}
