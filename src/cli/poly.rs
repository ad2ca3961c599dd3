//! `tessera parts` and `tessera pack`: polyform enumeration and box packing from the command
//! line (see [`crate::polyform`]).

use crate::polyform::grid::{self as polygrid, Grid};
use crate::polyform::pack::{grid, solve, Board, PackOptions, PartSpec};
use crate::polyform::{builtin_set, format_part, parse_cells, parse_counted_part, svg, Cell, Symmetry, BUILTIN_SETS};
use std::io::Write;

pub const USAGE: &str = "\
  tessera parts (--dim 2|3 | --grid square|cube|triangle|hexagon) --cells N [--free|--one-sided|--fixed]
                [--list] [--svg DIR [--force]] [--json]
                                   count (and list, and draw) every part of N unit squares or cubes
                                   (--dim 2, the default, or 3), triangles (polyiamonds: cells
                                   [a,b,t], t = 1 pointing down) or hexagons (polyhexes: [a,b]);
                                   in the plane: --free (default) turns and flips, --one-sided turns only;
                                   3D: --one-sided (default) the 24 rotations, --free adds mirrors
  tessera pack (--box X Y [Z] | --cells FILE) [--part CELLS[*N|*MIN-MAX]]... [--set NAME]
               [--hole X,Y[,Z]]... [--optional X,Y[,Z]]... [--stop N] [--unique] [--single] [--no-flip] [--prune]
               [--threads N] [--timeout-ms N] [--svg FILE] [--out FILE] [--force] [--progress] [--conf FILE] [--json]
               [--grid triangle|hexagon]
                                   fill a box (or the figure of cells in FILE, in one region or several)
                                   with parts, each once (CELLS*4: four copies; CELLS*0-4: up to four;
                                   --set pentominoes|tetrominoes|hexominoes|soma|tetracubes;
                                   --single: one part as often as it fits); CELLS like Lang's vectors:
                                   [0,0][1,0][2,0][1,1]; --optional: a cell that may stay empty;
                                   flat parts in a 3D box turn (over) in space;
                                   --prune: drop positions with an empty pocket smaller than every part
                                   left; --timeout-ms: stop after N ms (default 600000; 0: no limit);
                                   --out: one solution per line, `X Y Z CHARS` (at most 100000); --progress: counts on
                                   stderr while it runs (on by default on a terminal); --conf: more
                                   options from a file, one or more per line, `#` comments;
                                   --grid triangle|hexagon: parts and board on that grid (cells as
                                   `parts` writes them, every coordinate kept as written: holes,
                                   optional cells and the answer in --cells FILE's frame;
                                   --box A B a parallelogram of lattice steps, at most 1,024 cells;
                                   sets tetriamonds|pentiamonds|hexiamonds|trihexes|tetrahexes|pentahexes)
  tessera show --string X Y Z CHARS --svg FILE [--force]
                                   draw a solution line as `pack --out` writes it (`_`: no cell)";

/// Largest parts counted (seconds of work; each cell more costs about 4x in 2D, 7x in 3D).
pub const MAX_COUNT_CELLS_2D: i64 = 14;
pub const MAX_COUNT_CELLS_3D: i64 = 10;
/// Largest parts listed or drawn (every part is kept in memory: 63,600 of 12 squares,
/// 48,311 of 9 cubes).
pub const MAX_LIST_CELLS_2D: i64 = 12;
pub const MAX_LIST_CELLS_3D: i64 = 9;

/// Largest parts counted and listed on a grid, and how fast its counts grow per cell (the
/// squares' and cubes' as above; 311,751 fixed parts of 14 triangles, 362,671 of 10 hexagons).
fn limits(grid: Grid) -> (i64, i64, u32) {
    match grid {
        Grid::Square => (MAX_COUNT_CELLS_2D, MAX_LIST_CELLS_2D, 4),
        Grid::Cube => (MAX_COUNT_CELLS_3D, MAX_LIST_CELLS_3D, 7),
        Grid::Triangle => (14, 12, 3),
        Grid::Hexagon => (10, 9, 5),
    }
}
/// Default time limit of `tessera pack` (`--timeout-ms 0` lifts it).
pub const PACK_DEFAULT_TIMEOUT_MS: u64 = 600_000;

#[derive(clap::Parser)]
#[command(
    about = "Count (and list, and draw) every part of N unit squares, cubes, triangles or hexagons",
    disable_version_flag = true
)]
struct PartsArgs {
    /// 2 (squares, the default) or 3 (cubes).
    #[arg(long, value_name = "2|3", allow_negative_numbers = true)]
    dim: Option<i64>,
    /// The cells' grid: square, cube, triangle (polyiamonds) or hexagon (polyhexes).
    #[arg(long, value_name = "GRID")]
    grid: Option<String>,
    /// Cells per part.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    cells: Option<i64>,
    /// Up to turns and flips (2D default).
    #[arg(long)]
    free: bool,
    /// Up to turns only (3D default: the 24 rotations).
    #[arg(long)]
    one_sided: bool,
    /// Every position distinct.
    #[arg(long)]
    fixed: bool,
    /// List the parts' cells.
    #[arg(long)]
    list: bool,
    /// Draw each part and its orientations into DIR.
    #[arg(long, value_name = "DIR")]
    svg: Option<String>,
    /// Replace the pictures if DIR holds them already.
    #[arg(long)]
    force: bool,
    #[arg(long)]
    json: bool,
}

/// Most solutions `pack --out` writes (they are held in memory until then).
pub const MAX_OUT_SOLUTIONS: usize = 100_000;

/// Most parts `parts --svg` draws (two files each).
pub const MAX_SVG_PARTS: usize = 1000;

/// `tessera parts`.
pub fn parts(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: PartsArgs = match super::args::parse_args("parts", args, &format!("usage:\n{USAGE}"), out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match parts_inner(a, out) {
        Ok(()) => 0,
        Err(e) => {
            // The reason alone: the usage text is for mistakes in the arguments' form (clap's).
            let _ = writeln!(err, "tessera parts: {e}");
            2
        }
    }
}

/// The grid `--grid` and `--dim` name together.
fn grid_of(a: &PartsArgs) -> Result<Grid, String> {
    let by_dim = match a.dim {
        None | Some(2) => Grid::Square,
        Some(3) => Grid::Cube,
        Some(d) => return Err(format!("--dim is 2 or 3, not {d}")),
    };
    let Some(name) = &a.grid else { return Ok(by_dim) };
    let grid = Grid::parse(name).ok_or_else(|| format!("--grid is square, cube, triangle or hexagon, not {name}"))?;
    match a.dim {
        Some(d) if d != grid.dim() as i64 => Err(format!("--grid {name} is {}D, --dim says {d}D", grid.dim())),
        _ => Ok(grid),
    }
}

/// A part's cells as the command writes them: [x,y] squares, [x,y,z] cubes, [a,b,t] triangles,
/// [a,b] hexagons.
fn written_cells(grid: Grid, part: &[Cell]) -> Vec<Vec<i32>> {
    let k = if matches!(grid, Grid::Cube | Grid::Triangle) { 3 } else { 2 };
    part.iter().map(|c| c[..k].to_vec()).collect()
}

fn parts_inner(a: PartsArgs, out: &mut impl Write) -> Result<(), String> {
    let grid = grid_of(&a)?;
    let dim = grid.dim();
    let class = if a.fixed {
        Some("fixed")
    } else if a.one_sided {
        Some("one-sided")
    } else if a.free {
        Some("free")
    } else {
        None
    };
    let (n, list, json, svg_dir) = (a.cells, a.list, a.json, a.svg);
    let n = n.ok_or("--cells N is required")?;
    let need_parts = list || svg_dir.is_some();
    let (count_limit, list_limit, growth) = limits(grid);
    let limit = if need_parts { list_limit } else { count_limit };
    if n < 1 || n > limit {
        let place = match grid {
            Grid::Square | Grid::Cube => format!("in {dim}D"),
            _ => format!("of {}", grid.parts_name()),
        };
        return Err(format!(
            "--cells must be 1..={limit} {place} {} (the counts grow about {growth}x per cell)",
            if need_parts { "to list or draw the parts" } else { "to count them" },
        ));
    }
    let n = n as usize;
    let sym = match (class, grid) {
        (Some("fixed"), _) => Symmetry::Fixed,
        (Some("one-sided"), _) | (None, Grid::Cube) => Symmetry::Rotations,
        _ => Symmetry::RotationsAndMirrors,
    };
    let t0 = web_time::Instant::now();
    let (count, parts) = if need_parts {
        let p = polygrid::parts(grid, n, sym);
        (p.len() as u64, p)
    } else {
        (polygrid::count(grid, n, sym), Vec::new())
    };
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    if let Some(dir) = &svg_dir {
        draw_parts(grid, &parts, sym, dir, a.force)?;
    }
    let class_name = match sym {
        Symmetry::Fixed => "fixed",
        Symmetry::Rotations if dim == 2 => "one-sided",
        Symmetry::Rotations => "up to rotation",
        _ if dim == 2 => "free",
        _ => "up to rotation and reflection",
    };
    if json {
        let mut v = serde_json::json!({"grid": grid.name(), "dim": dim, "cells": n, "class": class_name, "count": count, "elapsed_ms": ms});
        if list {
            let cells: Vec<Vec<Vec<i32>>> = parts.iter().map(|p| written_cells(grid, p)).collect();
            v["parts"] = serde_json::json!(cells);
        }
        let _ = writeln!(out, "{v}");
    } else {
        let place = match grid {
            Grid::Square | Grid::Cube => format!("in {dim}D"),
            _ => format!("on the {} grid ({})", grid.name(), grid.parts_name()),
        };
        let _ = writeln!(out, "{count} parts of {n} cells {place}, {class_name} ({ms:.1} ms)");
        if list {
            for p in &parts {
                let text = match grid {
                    Grid::Square | Grid::Cube => format_part(p, dim),
                    _ => written_cells(grid, p).iter().map(|c| format!("{c:?}").replace(' ', "")).collect(),
                };
                let _ = writeln!(out, "{text}");
            }
        }
    }
    Ok(())
}

/// `parts --svg DIR`: each part, and its orientations, as two pictures.
fn draw_parts(grid: Grid, parts: &[Vec<Cell>], sym: Symmetry, dir: &str, force: bool) -> Result<(), String> {
    if parts.len() > MAX_SVG_PARTS {
        return Err(format!(
            "drawing {} parts would write {} files into {dir}; --svg draws at most {MAX_SVG_PARTS} parts \
             (fewer cells, or --list for their cells)",
            parts.len(),
            2 * parts.len()
        ));
    }
    let file = |i: usize, kind: &str| std::path::Path::new(dir).join(format!("part-{:04}{kind}.svg", i + 1));
    for i in 0..parts.len() {
        for kind in ["", "-orientations"] {
            super::args::may_write(&file(i, kind).display().to_string(), force)?;
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    for (i, p) in parts.iter().enumerate() {
        let (picture, turned) = match grid {
            Grid::Square | Grid::Cube => (svg::part(p, grid.dim(), i), svg::all_orientations(p, grid.dim(), sym)),
            _ => (svg::grid_part(grid, p, i), svg::grid_orientations(grid, p, sym)),
        };
        for (kind, text) in [("", picture), ("-orientations", turned)] {
            let path = file(i, kind);
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

#[derive(clap::Parser)]
#[command(about = "Fill a box with parts, each once", disable_version_flag = true)]
struct PackArgs {
    /// The grid: square (the default; cubes for a box of three sides), triangle or hexagon.
    #[arg(long, value_name = "NAME")]
    grid: Option<String>,
    /// The box: X Y, or X Y Z.
    #[arg(long = "box", value_name = "SIDE", num_args = 1.., allow_negative_numbers = true)]
    size: Vec<i64>,
    /// Any figure instead of a box: a file of cells, [x,y,z][x,y,z]… (`#` comments).
    #[arg(long, value_name = "FILE")]
    cells: Option<String>,
    /// A part, like Lang's vectors: [0,0][1,0][2,0][1,1], with `*N` for N copies or `*MIN-MAX`
    /// for MIN to MAX of them (repeatable).
    #[arg(long = "part", value_name = "CELLS", allow_hyphen_values = true)]
    parts: Vec<String>,
    /// A built-in set: pentominoes, tetrominoes, hexominoes, soma, tetracubes; with --grid
    /// triangle, tetriamonds, pentiamonds, hexiamonds; with --grid hexagon, trihexes,
    /// tetrahexes, pentahexes.
    #[arg(long, value_name = "NAME")]
    set: Option<String>,
    /// A cell left empty: X,Y or X,Y,Z (repeatable).
    #[arg(long = "hole", value_name = "X,Y[,Z]", allow_hyphen_values = true)]
    holes: Vec<String>,
    /// A cell that may stay empty: X,Y or X,Y,Z (repeatable).
    #[arg(long = "optional", value_name = "X,Y[,Z]", allow_hyphen_values = true)]
    optional: Vec<String>,
    /// Stop after N solutions (0: all).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    stop: Option<i64>,
    /// Count solutions up to the box's symmetries.
    #[arg(long)]
    unique: bool,
    /// One part, as often as it fits.
    #[arg(long)]
    single: bool,
    /// Parts turn but do not flip.
    #[arg(long)]
    no_flip: bool,
    /// Drop positions with an empty pocket smaller than every part left.
    #[arg(long)]
    prune: bool,
    /// Search threads (1 to 64).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    threads: Option<i64>,
    /// Stop after N ms (default 600000; 0: no limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    timeout_ms: Option<i64>,
    /// Draw the first solution.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Write every solution found, one line each: X Y Z CHARS.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Replace the --out and --svg files if they exist.
    #[arg(long)]
    force: bool,
    /// Report solutions, nodes and time on stderr while the search runs.
    #[arg(long)]
    progress: bool,
    #[arg(long)]
    json: bool,
}

/// Options read from `--conf FILE` go where the option stood: each line split at spaces,
/// `#` to the end of a line ignored (like JPuzzle's `-conf`). A file may not name another.
fn expand_conf(args: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let file = match a.strip_prefix("--conf=") {
            Some(f) => f.to_string(),
            None if a == "--conf" => it.next().ok_or("--conf takes a FILE")?.clone(),
            None => {
                out.push(a.clone());
                continue;
            }
        };
        let text = crate::format::read_text(std::path::Path::new(&file)).map_err(|e| format!("--conf {file}: {e}"))?;
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            for word in line.split_whitespace() {
                if word == "--conf" || word.starts_with("--conf=") {
                    return Err(format!("--conf {file}: a configuration file may not name another"));
                }
                out.push(word.to_string());
            }
        }
    }
    Ok(out)
}

/// A figure read from a file of cells (in one region or several).
/// The figure of `--cells FILE`, on `lattice` when given (its cells read by the grid's own
/// reader), and the shift that took it home: holes and optional cells are read in the file's
/// frame and the answer is given in it.
fn cells_file(file: &str, lattice: Option<Grid>) -> Result<(Board, Cell), String> {
    let text = crate::format::read_text(std::path::Path::new(file)).map_err(|e| format!("--cells {file}: {e}"))?;
    let body: String = text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("");
    let what = format!("--cells {file}");
    if let Some(grid) = lattice {
        let cells = grid.read_cells(&body, &what)?;
        let shift = grid.home_shift(&cells);
        return Ok((Board::on_grid(grid, cells).map_err(|e| format!("{what}: {e}"))?, shift));
    }
    let (cells, dim) = parse_cells(&body).map_err(|e| format!("{what}: {}", e.replacen("part", "figure", 1)))?;
    let grid = if dim == 3 { Grid::Cube } else { Grid::Square };
    let written = crate::polyform::parse_written(&body).map_err(|e| format!("{what}: {e}"))?;
    let written = written.iter().map(|c| grid.read_cell(c, &what)).collect::<Result<Vec<_>, _>>()?;
    Ok((Board::from_cells(dim, cells).map_err(|e| format!("{what}: {e}"))?, crate::polyform::lowest(&written)))
}

#[derive(clap::Parser)]
#[command(about = "Draw a solution line (X Y Z CHARS) as pack --out writes it", disable_version_flag = true)]
struct ShowArgs {
    /// X Y Z CHARS.
    #[arg(long = "string", value_name = "X Y Z CHARS", num_args = 4..)]
    string: Vec<String>,
    /// The picture to write.
    #[arg(long, value_name = "FILE")]
    svg: String,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
}

/// `tessera show --string X Y Z CHARS --svg FILE`.
pub fn show(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: ShowArgs = match super::args::parse_args("show", args, &format!("usage:\n{USAGE}"), out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let drawn = crate::polyform::line::read(&a.string.join(" ")).and_then(|(board, sol, _)| {
        super::args::may_write(&a.svg, a.force)?;
        std::fs::write(&a.svg, svg::solution(&board, &sol)).map_err(|e| format!("cannot write {}: {e}", a.svg))
    });
    match drawn {
        Ok(()) => {
            let _ = writeln!(out, "{}", a.svg);
            0
        }
        Err(e) => {
            let _ = writeln!(err, "tessera show: {e}");
            2
        }
    }
}

/// `tessera pack`.
pub fn pack(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let args = match expand_conf(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(err, "tessera pack: {e}");
            return 2;
        }
    };
    let a: PackArgs = match super::args::parse_args("pack", &args, &format!("usage:\n{USAGE}"), out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match pack_inner(a, out) {
        Ok(()) => 0,
        Err(e) => {
            // The reason alone: the usage text is for mistakes in the arguments' form (clap's).
            let _ = writeln!(err, "tessera pack: {e}");
            2
        }
    }
}

/// Cells given as `X,Y` or `X,Y,Z` for `flag`, on `lattice`'s terms when given (read by the
/// grid's own reader).
fn coordinates(flag: &str, given: &[String], lattice: Option<Grid>) -> Result<Vec<[i32; 3]>, String> {
    given
        .iter()
        .map(|v| {
            let nums: Vec<i32> = v
                .split(',')
                .map(|x| x.trim().parse())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("{flag}: `{v}` is not X,Y or X,Y,Z"))?;
            match (lattice, nums.as_slice()) {
                (Some(grid), _) => grid.read_cell(&nums, flag),
                (None, [x, y]) => Ok([*x, *y, 0]),
                (None, [x, y, z]) => Ok([*x, *y, *z]),
                _ => Err(format!("{flag}: `{v}` is not X,Y or X,Y,Z")),
            }
        })
        .collect()
}

fn pack_inner(a: PackArgs, out: &mut impl Write) -> Result<(), String> {
    let size = a.size;
    let lattice = super::lattice::grid(a.grid.as_deref())?;
    let mut parts = Vec::<(String, Vec<[i32; 3]>, u8, u32, u32)>::new();
    for s in &a.parts {
        let (cells, dim, most, fewest) = match lattice {
            Some(grid) => super::lattice::part(grid, s)?,
            None => parse_counted_part(s)?,
        };
        parts.push((format!("#{}", parts.len() + 1), cells, dim, most, fewest));
    }
    let set = match &a.set {
        Some(name) => Some(
            builtin_set(name).ok_or_else(|| format!("unknown set `{name}` (built in: {})", BUILTIN_SETS.join(", ")))?,
        ),
        None => None,
    };
    let square = |g: Grid| matches!(g, Grid::Square | Grid::Cube);
    if let Some(s) = set.as_ref().filter(|s| lattice.map_or(!square(s.grid), |g| s.grid != g)) {
        return Err(format!("set `{}` is of the {} grid: give --grid {}", s.name, s.grid.name(), s.grid.name()));
    }
    if lattice.is_some() && a.out.is_some() {
        return Err("--out writes boxes of squares and cubes; on triangles and hexagons use --json or --svg".into());
    }
    let holes = coordinates("--hole", &a.holes, lattice)?;
    let optional = coordinates("--optional", &a.optional, lattice)?;
    let stop =
        u64::try_from(a.stop.unwrap_or(0)).map_err(|_| "--stop takes a count of at least 0 (0: all)".to_string())?;
    let threads = match a.threads.unwrap_or(1) {
        t @ 1..=64 => t as usize,
        t => return Err(format!("--threads is {t}: it must be from 1 to 64")),
    };
    let timeout = u64::try_from(a.timeout_ms.unwrap_or(PACK_DEFAULT_TIMEOUT_MS as i64))
        .map_err(|_| "--timeout-ms takes a whole number of at least 0".to_string())?;
    // Before the search, which may run long: the files it would replace.
    for f in a.out.iter().chain(&a.svg) {
        super::args::may_write(f, a.force)?;
    }
    let (unique, single, json, svg_file, no_flip, prune) = (a.unique, a.single, a.json, a.svg, a.no_flip, a.prune);
    // The shift that took a file's figure home: holes and optional cells are read, and the
    // answer given, in the file's frame.
    let mut shift: Cell = [0, 0, 0];
    let board = match (size.as_slice(), &a.cells) {
        ([], Some(file)) => {
            let (board, moved) = cells_file(file, lattice)?;
            shift = moved;
            board
        }
        ([_, ..], Some(_)) => return Err("give --box or --cells, not both".into()),
        ([], None) => return Err("--box X Y [Z] or --cells FILE is required".into()),
        (size, None) => {
            let (x, y, z) = match size {
                [x, y] => (*x, *y, 0),
                [x, y, z] => (*x, *y, *z),
                _ => return Err(format!("--box takes 2 or 3 sides, got {}", size.len())),
            };
            if lattice.is_none() && [x, y, z].iter().any(|v| *v > 512 || *v < 0) {
                return Err("box sides must be 1..512".into());
            }
            match lattice {
                Some(_) if z != 0 => return Err("--box on triangles and hexagons is a parallelogram: A B".into()),
                Some(grid) if x > 0 && y > 0 && x * y <= 1024 => {
                    Board::on_grid(grid, grid.parallelogram(x as i32, y as i32))?
                }
                Some(_) => return Err("--box A B: sides of at least 1, at most 1,024 cells".into()),
                None => Board::boxed(x as i32, y as i32, z as i32)?,
            }
        }
    };
    let board = match lattice {
        Some(grid) if board.grid != grid => Board::on_grid(grid, board.cells)?,
        _ => board,
    };
    let home = |c: &Cell| [c[0] - shift[0], c[1] - shift[1], c[2] - shift[2]];
    let shown = |c: &Cell| format!("{:?}", &c[..lattice.map_or(board.dim as usize, |g| g.written_len())]);
    if let Some(h) = holes.iter().find(|h| !board.cells.contains(&home(h))) {
        return Err(format!("--hole {}: not a cell of the board", shown(h)));
    }
    if let Some(c) = optional.iter().find(|c| !board.cells.contains(&home(c))) {
        return Err(format!("--optional {}: not a cell of the board", shown(c)));
    }
    let holes: Vec<Cell> = holes.iter().map(home).collect();
    let optional: Vec<Cell> = optional.iter().map(home).collect();
    let board = if holes.is_empty() { board } else { board.without(&holes)? };
    let board = board.with_optional(&optional)?;
    let mut specs: Vec<PartSpec> = Vec::new();
    if let Some(s) = &set {
        // A flat set in a 3D box is a set of flat polycubes, turned (over) in space.
        if s.dim > board.dim {
            return Err(format!("set `{}` is {}D but the box is {}D", s.name, s.dim, board.dim));
        }
        specs.extend(s.parts.iter().map(|(n, c)| PartSpec::once(n.clone(), c.clone())));
    }
    for (name, cells, dim, most, fewest) in parts {
        if dim > board.dim {
            return Err(format!(
                "part {} has {dim} coordinates per cell but the box is {}D",
                format_part(&cells, dim),
                board.dim
            ));
        }
        specs.push(PartSpec { name, cells, count: Some(most), least: Some(fewest), colours: Vec::new() });
    }
    if specs.is_empty() {
        return Err("no parts: give --part CELLS or --set NAME".into());
    }
    if single {
        if specs.len() != 1 {
            return Err(format!("--single reuses one part, but {} are given", specs.len()));
        }
        specs[0].count = None;
    }
    // `--out` lists every solution: without `--unique`, the search then runs without symmetry
    // breaking (a found solution would otherwise stand for its whole orbit, unlisted).
    // Solutions are kept in memory until written: at most MAX_OUT_SOLUTIONS of them.
    let (keep, stop) = match (&a.out, unique, stop) {
        (Some(_), false, 0) => (MAX_OUT_SOLUTIONS, MAX_OUT_SOLUTIONS as u64),
        (Some(_), _, _) => {
            (MAX_OUT_SOLUTIONS, if stop == 0 { MAX_OUT_SOLUTIONS as u64 } else { stop.min(MAX_OUT_SOLUTIONS as u64) })
        }
        (None, _, _) => (1, stop),
    };
    let tally = std::sync::Arc::new(crate::polyform::pack::Tally::default());
    let mut opts = PackOptions {
        stop,
        unique,
        threads,
        prune_holes: prune,
        keep,
        tally: Some(tally.clone()),
        ..PackOptions::new(board.dim)
    };
    if no_flip {
        opts.turns = Symmetry::Rotations;
    }
    opts.budget = crate::support::budget::Budget::ms(super::args::time_limit(Some(timeout)));
    let t0 = web_time::Instant::now();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reporter = (a.progress || std::io::IsTerminal::is_terminal(&std::io::stderr())).then(|| {
        let (done, tally) = (done.clone(), tally.clone());
        std::thread::spawn(move || {
            use std::sync::atomic::Ordering::Relaxed;
            let mut last = web_time::Instant::now();
            while !done.load(Relaxed) {
                std::thread::sleep(web_time::Duration::from_millis(50));
                if last.elapsed() >= web_time::Duration::from_secs(1) {
                    last = web_time::Instant::now();
                    eprintln!(
                        "tessera pack: {} solution(s), {} nodes, {:.1} s",
                        tally.solutions.load(Relaxed),
                        tally.nodes.load(Relaxed),
                        t0.elapsed().as_secs_f64()
                    );
                }
            }
        })
    });
    let res = solve(&board, &specs, &opts);
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    if let Some(r) = reporter {
        let _ = r.join();
    }
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    if let Some(f) = &a.out {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        let letters = crate::polyform::line::letters(&names);
        let text: String = res.kept.iter().map(|s| crate::polyform::line::write(&board, s, &letters) + "\n").collect();
        std::fs::write(f, text).map_err(|e| format!("cannot write {f}: {e}"))?;
        if res.kept.len() >= MAX_OUT_SOLUTIONS {
            eprintln!("tessera pack: {f}: stopped at {MAX_OUT_SOLUTIONS} solutions, the most --out writes");
        }
    }
    if let (Some(f), Some(sol)) = (&svg_file, res.kept.first()) {
        std::fs::write(f, svg::solution(&board, sol)).map_err(|e| format!("cannot write {f}: {e}"))?;
    }
    if lattice.is_some() {
        return super::lattice::write(out, &res, &specs, unique, json, ms, shift);
    }
    let first = res.kept.first().map(|s| {
        let g = grid(&board, s);
        // Rows from the top (highest y) down, as the board is drawn.
        let flip = |layer: &Vec<Vec<Option<usize>>>| layer.iter().rev().cloned().collect::<Vec<_>>();
        if board.dim == 2 {
            serde_json::json!(flip(&g[0]))
        } else {
            serde_json::json!(g.iter().map(flip).collect::<Vec<_>>())
        }
    });
    if json {
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        let v = serde_json::json!({
            "solutions": res.solutions, "first": first, "elapsed_ms": ms, "nodes": res.nodes,
            "complete": res.complete, "impossible": res.impossible, "parts": names, "unique": unique,
            // The grid `first` draws starts at the figure's lowest cell: where that lies in
            // the file's frame.
            "origin": shift,
        });
        let _ = writeln!(out, "{v}");
    } else {
        match &res.impossible {
            Some(why) => {
                let _ = writeln!(out, "no solution: {why} ({ms:.1} ms)");
            }
            None => {
                let _ = writeln!(out, "{}", super::args::counted(&res, unique, ms));
                if let Some(s) = res.kept.first() {
                    let g = grid(&board, s);
                    for (z, layer) in g.iter().enumerate() {
                        if board.dim == 3 {
                            let _ = writeln!(out, "z = {z}:");
                        }
                        for row in layer.iter().rev() {
                            let line: String = row
                                .iter()
                                .map(|c| match c {
                                    Some(p) => specs[*p].name.chars().last().unwrap_or('?'),
                                    None => '.',
                                })
                                .collect();
                            let _ = writeln!(out, "{line}");
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
