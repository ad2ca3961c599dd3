//! SVG pictures of parts and solutions, in the spirit of Lang's PuzzleShow: a 2D part or
//! solution as coloured squares (solutions outline each part), a 3D one as an isometric
//! drawing of cubes and as one square grid per layer.

use super::grid::Grid;
use super::pack::{Board, Solution};
use super::{orientations, Cell, Symmetry};
use std::fmt::Write;

const UNIT: f64 = 24.0;

/// Part `i`'s colour as `#RRGGBB`: the game's own palette ([`crate::pieces::PALETTE`]), so a
/// part looks the same in a picture and on the board.
pub fn colour(i: usize) -> String {
    let [r, g, b] = crate::pieces::PALETTE[i % crate::pieces::PALETTE.len()].map(|c| (c * 255.0).round() as u8);
    format!("#{r:02X}{g:02X}{b:02X}")
}

fn doc(w: f64, h: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#1c1f26\"/>\n{body}</svg>\n"
    )
}

/// Squares of a flat cell set at (ox, oy), y up; `who` gives each cell's colour index.
fn squares(out: &mut String, cells: &[(Cell, usize)], ox: f64, oy: f64, rows: i32) {
    for (c, k) in cells {
        let (x, y) = (ox + c[0] as f64 * UNIT, oy + (rows - 1 - c[1]) as f64 * UNIT);
        let _ = writeln!(out, "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{}\" stroke=\"#111\" stroke-width=\"1\"/>", colour(*k));
    }
}

/// Thick lines between cells of different parts (and around the outside).
fn borders(out: &mut String, owner: &std::collections::HashMap<(i32, i32), usize>, ox: f64, oy: f64, rows: i32) {
    for (&(x, y), &k) in owner {
        let (px, py) = (ox + x as f64 * UNIT, oy + (rows - 1 - y) as f64 * UNIT);
        let sides = [
            ((x + 1, y), (px + UNIT, py, px + UNIT, py + UNIT)),
            ((x - 1, y), (px, py, px, py + UNIT)),
            ((x, y + 1), (px, py, px + UNIT, py)),
            ((x, y - 1), (px, py + UNIT, px + UNIT, py + UNIT)),
        ];
        for (nb, (x1, y1, x2, y2)) in sides {
            if owner.get(&nb) != Some(&k) {
                let _ = writeln!(out, "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#000\" stroke-width=\"3\"/>");
            }
        }
    }
}

/// Isometric cubes (viewed from +x +y +z), each with a colour index; returns the picture's
/// width and height and appends it at (ox, oy).
fn iso(out: &mut String, cubes: &[(Cell, usize)], ox: f64, oy: f64) -> (f64, f64) {
    let (c, s) = (UNIT * 0.866, UNIT * 0.5);
    let proj = |x: f64, y: f64, z: f64| ((x - y) * c, (x + y) * s - z * UNIT);
    let mut pts = Vec::new();
    for (q, _) in cubes {
        for d in 0..8 {
            pts.push(proj((q[0] + (d & 1)) as f64, (q[1] + (d >> 1 & 1)) as f64, (q[2] + (d >> 2 & 1)) as f64));
        }
    }
    let (minx, miny) = pts.iter().fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
    let (maxx, maxy) = pts.iter().fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
    let mut order: Vec<&(Cell, usize)> = cubes.iter().collect();
    order.sort_by_key(|(q, _)| (q[0] + q[1] + q[2], q[2]));
    for (q, k) in order {
        let (x, y, z) = (q[0] as f64, q[1] as f64, q[2] as f64);
        let faces = [
            ([(x, y, z + 1.0), (x + 1.0, y, z + 1.0), (x + 1.0, y + 1.0, z + 1.0), (x, y + 1.0, z + 1.0)], 1.0),
            ([(x + 1.0, y, z), (x + 1.0, y + 1.0, z), (x + 1.0, y + 1.0, z + 1.0), (x + 1.0, y, z + 1.0)], 0.8),
            ([(x, y + 1.0, z), (x + 1.0, y + 1.0, z), (x + 1.0, y + 1.0, z + 1.0), (x, y + 1.0, z + 1.0)], 0.6),
        ];
        for (f, light) in faces {
            let pts: Vec<String> = f
                .iter()
                .map(|&(a, b, cz)| {
                    let (px, py) = proj(a, b, cz);
                    format!("{:.1},{:.1}", ox + px - minx, oy + py - miny)
                })
                .collect();
            // Opaque face, shaded by a black veil on the sides.
            let pts = pts.join(" ");
            let _ = writeln!(out, "<polygon points=\"{pts}\" fill=\"{}\"/>", colour(*k));
            let _ = writeln!(
                out,
                "<polygon points=\"{pts}\" fill=\"#000\" fill-opacity=\"{:.2}\" stroke=\"#111\" stroke-width=\"1\"/>",
                1.0 - light
            );
        }
    }
    (maxx - minx, maxy - miny)
}

/// One part.
pub fn part(cells: &[Cell], dim: u8, colour_index: usize) -> String {
    let tagged: Vec<(Cell, usize)> = cells.iter().map(|&c| (c, colour_index)).collect();
    let mut body = String::new();
    let (w, h) = if dim == 2 {
        let e = extent(cells);
        squares(&mut body, &tagged, UNIT / 2.0, UNIT / 2.0, e[1]);
        ((e[0] + 1) as f64 * UNIT, (e[1] + 1) as f64 * UNIT)
    } else {
        let (w, h) = iso(&mut body, &tagged, UNIT / 2.0, UNIT / 2.0);
        (w + UNIT, h + UNIT)
    };
    doc(w, h, &body)
}

/// Every orientation of a part under a class of motions, in a row.
pub fn all_orientations(cells: &[Cell], dim: u8, turns: Symmetry) -> String {
    let mut body = String::new();
    let (mut x, mut h) = (UNIT / 2.0, 0.0f64);
    for (i, o) in orientations(cells, dim, turns).iter().enumerate() {
        let tagged: Vec<(Cell, usize)> = o.iter().map(|&c| (c, i)).collect();
        if dim == 2 {
            let e = extent(o);
            squares(&mut body, &tagged, x, UNIT / 2.0, e[1]);
            x += (e[0] + 1) as f64 * UNIT;
            h = h.max((e[1] + 1) as f64 * UNIT);
        } else {
            let (w, hh) = iso(&mut body, &tagged, x, UNIT / 2.0);
            x += w + UNIT;
            h = h.max(hh + UNIT);
        }
    }
    doc(x, h, &body)
}

/// Cells of a plane grid as their polygons, each with a colour index, appended at (ox, oy)
/// (y up); returns the picture's width and height.
fn polygons(out: &mut String, grid: Grid, cells: &[(Cell, usize)], ox: f64, oy: f64) -> (f64, f64) {
    let shapes: Vec<(Vec<[f64; 2]>, usize)> = cells.iter().map(|&(c, k)| (grid.polygon(c), k)).collect();
    let points = || shapes.iter().flat_map(|(p, _)| p.iter());
    let (minx, maxx) = points().fold((f64::MAX, f64::MIN), |m, p| (m.0.min(p[0]), m.1.max(p[0])));
    let (miny, maxy) = points().fold((f64::MAX, f64::MIN), |m, p| (m.0.min(p[1]), m.1.max(p[1])));
    for (shape, k) in &shapes {
        let pts: Vec<String> = shape
            .iter()
            .map(|p| format!("{:.1},{:.1}", ox + (p[0] - minx) * UNIT, oy + (maxy - p[1]) * UNIT))
            .collect();
        let _ = writeln!(
            out,
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#111\" stroke-width=\"1\"/>",
            pts.join(" "),
            colour(*k)
        );
    }
    ((maxx - minx) * UNIT, (maxy - miny) * UNIT)
}

/// A part of a plane grid's cells (triangles, hexagons, squares) in colour `colour_index`.
pub fn grid_part(grid: Grid, cells: &[Cell], colour_index: usize) -> String {
    if grid == Grid::Cube {
        return part(cells, 3, colour_index);
    }
    let tagged: Vec<(Cell, usize)> = cells.iter().map(|&c| (c, colour_index)).collect();
    let mut body = String::new();
    let (w, h) = polygons(&mut body, grid, &tagged, UNIT / 2.0, UNIT / 2.0);
    doc(w + UNIT, h + UNIT, &body)
}

/// Every orientation of a part of a plane grid under a class of motions, in a row.
pub fn grid_orientations(grid: Grid, cells: &[Cell], turns: Symmetry) -> String {
    if grid == Grid::Cube {
        return all_orientations(cells, 3, turns);
    }
    let mut body = String::new();
    let (mut x, mut h) = (UNIT / 2.0, 0.0f64);
    for (i, o) in grid.orientations(cells, turns).iter().enumerate() {
        let tagged: Vec<(Cell, usize)> = o.iter().map(|&c| (c, i)).collect();
        let (w, hh) = polygons(&mut body, grid, &tagged, x, UNIT / 2.0);
        x += w + UNIT;
        h = h.max(hh + UNIT);
    }
    doc(x, h, &body)
}

/// A solution: 2D as outlined coloured parts; 3D as an isometric picture and one grid per
/// layer (bottom layer first) beside it.
pub fn solution(board: &Board, sol: &Solution) -> String {
    if matches!(board.grid, Grid::Triangle | Grid::Hexagon) {
        let tagged: Vec<(Cell, usize)> = sol.iter().flat_map(|(p, cs)| cs.iter().map(move |&c| (c, *p))).collect();
        let mut body = String::new();
        let (w, h) = polygons(&mut body, board.grid, &tagged, UNIT / 2.0, UNIT / 2.0);
        return doc(w + UNIT, h + UNIT, &body);
    }
    let e = board.extent();
    let tagged: Vec<(Cell, usize)> = sol.iter().flat_map(|(p, cs)| cs.iter().map(move |&c| (c, *p))).collect();
    let mut body = String::new();
    let layer = |body: &mut String, z: i32, ox: f64| {
        let flat: Vec<(Cell, usize)> =
            tagged.iter().filter(|(c, _)| c[2] == z).map(|&(c, k)| ([c[0], c[1], 0], k)).collect();
        squares(body, &flat, ox, UNIT / 2.0, e[1]);
        let mut owner = std::collections::HashMap::new();
        for (i, (p, cs)) in sol.iter().enumerate() {
            for c in cs.iter().filter(|c| c[2] == z) {
                owner.insert((c[0], c[1]), i * 1000 + p);
            }
        }
        borders(body, &owner, ox, UNIT / 2.0, e[1]);
    };
    if board.dim == 2 {
        layer(&mut body, 0, UNIT / 2.0);
        return doc((e[0] + 1) as f64 * UNIT, (e[1] + 1) as f64 * UNIT, &body);
    }
    let (w, h) = iso(&mut body, &tagged, UNIT / 2.0, UNIT / 2.0);
    let mut x = w + UNIT * 1.5;
    for z in 0..e[2] {
        layer(&mut body, z, x);
        let _ = writeln!(
            body,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#ccc\" font-family=\"sans-serif\" font-size=\"12\">z = {z}</text>",
            x,
            (e[1] as f64 + 1.2) * UNIT
        );
        x += (e[0] + 1) as f64 * UNIT;
    }
    doc(x, h.max((e[1] as f64 + 1.6) * UNIT) + UNIT, &body)
}

fn extent(cells: &[Cell]) -> [i32; 3] {
    let mut e = [0; 3];
    for c in cells {
        for a in 0..3 {
            e[a] = e[a].max(c[a] + 1);
        }
    }
    e
}
