//! Level thumbnails for the level list: a level's figure as a small square picture. Unsolved,
//! the silhouette (a grid board's cells apart, a polycube box's cubes seen from above and in
//! front); solved, the reference solution in the pieces' colours. Pictures are drawn here, with
//! no renderer: shapes are filled by scanlines with 4 x 4 samples a pixel, painted in order.

use crate::geom::ring::ring_edges;
use crate::geom::{pt, BBox, Pt, Vertex};
use crate::level::Level;
use crate::pieces::PALETTE;

/// An RGBA picture, `size` pixels square, rows top to bottom, not premultiplied.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub size: u32,
    pub rgba: Vec<u8>,
}

/// One shape to fill: closed polygons filled by the even-odd rule, in one colour.
#[derive(Clone, Debug)]
pub struct Fill {
    pub rings: Vec<Vec<Pt>>,
    pub rgba: [u8; 4],
}

/// The silhouette's grey, as the board draws it.
const FIGURE: [u8; 4] = [120, 128, 150, 255];
const LINE: [u8; 4] = [22, 22, 28, 255];
/// Samples per pixel along each axis.
const SAMPLES: usize = 4;

fn colour(piece: usize, shade: f32) -> [u8; 4] {
    let [r, g, b] = PALETTE[piece % PALETTE.len()];
    let c = |v: f32| (v * shade * 255.0).round().clamp(0.0, 255.0) as u8;
    [c(r), c(g), c(b), 255]
}

fn shaded(c: [u8; 4], shade: f32) -> [u8; 4] {
    let s = |v: u8| (v as f32 * shade).round().clamp(0.0, 255.0) as u8;
    [s(c[0]), s(c[1]), s(c[2]), c[3]]
}

/// A ring as a polygon, arcs cut into chords of at most 1/16 of a half turn.
pub fn flatten(ring: &[Vertex]) -> Vec<Pt> {
    let mut out = Vec::with_capacity(ring.len());
    for (v, e) in ring.iter().zip(ring_edges(ring)) {
        out.push(v.at);
        if v.arc.is_some() {
            let n = (e.sweep(1e-9) / (std::f64::consts::PI / 16.0)).ceil().max(1.0) as usize;
            out.extend((1..n).map(|k| e.point_at(k as f64 / n as f64, 1e-9)));
        }
    }
    out
}

/// A thin band along every side of the rings (outlines between pieces).
fn outline(rings: &[Vec<Pt>], width: f64) -> Vec<Fill> {
    let mut out = Vec::new();
    for r in rings {
        for (i, &a) in r.iter().enumerate() {
            let b = r[(i + 1) % r.len()];
            let d = b - a;
            let l = d.len();
            if l < 1e-12 {
                continue;
            }
            let n = pt(-d.y, d.x) * (width / 2.0 / l);
            out.push(Fill { rings: vec![vec![a + n, b + n, b - n, a - n]], rgba: LINE });
        }
    }
    out
}

/// What a level's thumbnail shows, in board units.
pub fn paints(level: &Level, solved: bool) -> Vec<Fill> {
    if let Some(poly) = level.solid() {
        return cubes(level, poly, solved);
    }
    if let Some(paint) = level.offers().faces {
        return tiles(level, paint, solved);
    }
    let line = BBox::of_rings(&level.target).size() / 60.0;
    if solved && !level.solution.is_empty() {
        let mut out = Vec::new();
        let pieces: Vec<(usize, Vec<Vec<Pt>>)> = level
            .solution
            .iter()
            .zip(level.place(&level.solution))
            .map(|(p, rings)| (p.piece, rings.iter().map(|r| flatten(r)).collect()))
            .collect();
        for (piece, rings) in &pieces {
            out.push(Fill { rings: rings.clone(), rgba: colour(*piece, 1.0) });
        }
        for (_, rings) in &pieces {
            out.extend(outline(rings, line));
        }
        return out;
    }
    if level.cells().drawn_as_cells() {
        // A board of cells: each cell shrunk a little about its centre, the cells apart.
        let rings = level
            .target
            .iter()
            .map(|r| {
                let ring = flatten(r);
                let c = ring.iter().fold(pt(0.0, 0.0), |s, &q| s + q) * (1.0 / ring.len() as f64);
                ring.iter().map(|&q| c + (q - c) * 0.88).collect()
            })
            .collect();
        return vec![Fill { rings, rgba: FIGURE }];
    }
    vec![Fill { rings: level.target.iter().map(|r| flatten(r)).collect(), rgba: FIGURE }]
}

/// Painted tiles, their faces as their family paints them ([`Level::faces`]): solved, where the
/// solution puts them; unsolved, on the board's cells in an order and turns drawn from the
/// level's id (the tiles as the player will meet them, not their answer).
fn tiles(level: &Level, paint: &dyn crate::family::Faces, solved: bool) -> Vec<Fill> {
    // Each tile with the motion putting it on the board.
    let mut placed: Vec<(usize, crate::geom::Motion)> = Vec::new();
    let step = level.set.step();
    if solved && !level.solution.is_empty() {
        placed.extend(level.solution.iter().map(|p| (p.piece, p.world_motion(step, false))));
    } else {
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(crate::support::random::seed_of(&level.id));
        let mut order: Vec<usize> = (0..level.set.pieces.len()).collect();
        crate::support::random::shuffle(&mut rng, &mut order);
        // The turns a tile has (four for squares), when tiles turn.
        let turns = if level.caps().turn { (std::f64::consts::TAU / step).round().max(1.0) as usize } else { 1 };
        for (cell, &tile) in level.target.iter().zip(&order) {
            let Some(own) = level.set.pieces.get(tile).and_then(|p| p.rings.first()) else { continue };
            let turn = if turns > 1 { crate::support::random::below(&mut rng, turns) } else { 0 };
            // Turned about its middle, then its middle onto the cell's.
            let angle = turn as f64 * step;
            let shift = crate::pieces::ring_centroid(cell) - crate::pieces::ring_centroid(own).rotate(angle);
            placed.push((tile, crate::geom::Motion { mirror: false, angle, shift }));
        }
    }
    let mut out = Vec::new();
    for (tile, at) in &placed {
        for (face, [r, g, b]) in paint.faces(*tile) {
            let ring = face.iter().map(|&q| at.apply(q)).collect();
            out.push(Fill { rings: vec![ring], rgba: [r, g, b, 1.0].map(|v| (v * 255.0).round() as u8) });
        }
    }
    for (tile, at) in &placed {
        let Some(piece) = level.set.pieces.get(*tile) else { continue };
        let rings: Vec<Vec<Pt>> = piece.rings.iter().map(|r| r.iter().map(|v| at.apply(v.at)).collect()).collect();
        out.extend(outline(&rings, 0.05));
    }
    out
}

/// A polycube board as cubes seen from the front left and above: each cube's top, left and
/// front faces, the far cubes first.
fn cubes(level: &Level, poly: crate::family::Solid, solved: bool) -> Vec<Fill> {
    let mut owner = std::collections::HashMap::new();
    if solved {
        for p in &level.solution {
            let part = &poly.parts[p.piece].cells;
            for c in crate::polyform::place::placement_cells(poly.board, part, p).unwrap_or_default() {
                owner.insert(c, p.piece);
            }
        }
    }
    let (c30, s30) = (3f64.sqrt() / 2.0, 0.5);
    let at = |x: i32, y: i32, z: i32| pt((x - y) as f64 * c30, (x + y) as f64 * s30 + z as f64);
    let mut cells = poly.board.cells.clone();
    // Nearer to the eye (low x + y, high z) is painted later.
    cells.sort_by_key(|c| (c[2] - c[0] - c[1], c[2]));
    let mut out = Vec::new();
    for [x, y, z] in cells {
        let base = owner.get(&[x, y, z]).map_or(FIGURE, |&p| colour(p, 1.0));
        let faces = [
            (vec![at(x, y, z + 1), at(x + 1, y, z + 1), at(x + 1, y + 1, z + 1), at(x, y + 1, z + 1)], 1.0),
            (vec![at(x, y, z), at(x, y + 1, z), at(x, y + 1, z + 1), at(x, y, z + 1)], 0.62),
            (vec![at(x, y, z), at(x + 1, y, z), at(x + 1, y, z + 1), at(x, y, z + 1)], 0.8),
        ];
        for (ring, shade) in faces {
            let rings = vec![ring];
            out.push(Fill { rings: rings.clone(), rgba: shaded(base, shade) });
            out.extend(outline(&rings, 0.06));
        }
    }
    out
}

fn bbox(points: impl Iterator<Item = Pt>) -> BBox {
    let mut b = BBox::EMPTY;
    points.for_each(|p| b.add(p));
    b
}

/// Paints the shapes into a `size` x `size` picture on a clear background, scaled to fit with
/// a margin and centred; y points up in board units, down in the picture.
pub fn render(paints: &[Fill], size: u32) -> Picture {
    let n = size as usize;
    let mut px = vec![[0f32; 4]; n * n];
    let pts = || paints.iter().flat_map(|p| p.rings.iter().flatten().copied());
    if n == 0 || pts().next().is_none() {
        return Picture { size, rgba: vec![0; n * n * 4] };
    }
    let b = bbox(pts());
    let span = b.size().max(1e-9);
    let k = n as f64 * 0.9 / span;
    let mid = pt((b.min.x + b.max.x) / 2.0, (b.min.y + b.max.y) / 2.0);
    let to_px = |p: Pt| pt((p.x - mid.x) * k + n as f64 / 2.0, (mid.y - p.y) * k + n as f64 / 2.0);
    let mut cover = vec![0f32; n * n];
    for paint in paints {
        let rings: Vec<Vec<Pt>> = paint.rings.iter().map(|r| r.iter().map(|&p| to_px(p)).collect()).collect();
        let bb = bbox(rings.iter().flatten().copied());
        let (x0, x1) = ((bb.min.x.floor().max(0.0)) as usize, (bb.max.x.ceil().min(n as f64)) as usize);
        let (y0, y1) = ((bb.min.y.floor().max(0.0)) as usize, (bb.max.y.ceil().min(n as f64)) as usize);
        if x0 >= x1 || y0 >= y1 {
            continue;
        }
        for c in &mut cover[y0 * n..y1 * n] {
            *c = 0.0;
        }
        let mut xs = Vec::new();
        for row in y0..y1 {
            for s in 0..SAMPLES {
                let y = row as f64 + (s as f64 + 0.5) / SAMPLES as f64;
                xs.clear();
                for r in &rings {
                    for (i, a) in r.iter().enumerate() {
                        let b = r[(i + 1) % r.len()];
                        if (a.y <= y) != (b.y <= y) {
                            xs.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                        }
                    }
                }
                xs.sort_by(f64::total_cmp);
                for span in xs.chunks_exact(2) {
                    // Horizontal coverage, exact at the span's two ends.
                    let (l, r) = (span[0].clamp(0.0, n as f64), span[1].clamp(0.0, n as f64));
                    let mut x = l;
                    while x < r {
                        let cell = x.floor();
                        let end = (cell + 1.0).min(r);
                        cover[row * n + cell as usize] += ((end - x) / SAMPLES as f64) as f32;
                        x = end;
                    }
                }
            }
        }
        let [r, g, bl, a] = paint.rgba.map(|v| v as f32 / 255.0);
        for row in y0..y1 {
            for x in x0..x1 {
                let alpha = a * cover[row * n + x].min(1.0);
                if alpha > 0.0 {
                    let d = &mut px[row * n + x];
                    // Premultiplied "over".
                    *d = [
                        r * alpha + d[0] * (1.0 - alpha),
                        g * alpha + d[1] * (1.0 - alpha),
                        bl * alpha + d[2] * (1.0 - alpha),
                        alpha + d[3] * (1.0 - alpha),
                    ];
                }
            }
        }
    }
    let mut rgba = Vec::with_capacity(n * n * 4);
    for [r, g, b, a] in px {
        let un = |v: f32| if a > 0.0 { (v / a * 255.0).round().clamp(0.0, 255.0) as u8 } else { 0 };
        rgba.extend_from_slice(&[un(r), un(g), un(b), (a * 255.0).round() as u8]);
    }
    Picture { size, rgba }
}

/// A level's thumbnail: [`paints`] then [`render`].
pub fn thumbnail(level: &Level, solved: bool, size: u32) -> Picture {
    render(&paints(level, solved), size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha(p: &Picture, x: u32, y: u32) -> u8 {
        p.rgba[((y * p.size + x) * 4 + 3) as usize]
    }

    #[test]
    fn a_square_fills_the_middle_and_leaves_the_margin_clear() {
        let sq = vec![pt(0.0, 0.0), pt(2.0, 0.0), pt(2.0, 2.0), pt(0.0, 2.0)];
        let p = render(&[Fill { rings: vec![sq], rgba: [255, 0, 0, 255] }], 40);
        assert_eq!(alpha(&p, 20, 20), 255);
        assert_eq!(&p.rgba[(20 * 40 + 20) * 4..][..3], &[255, 0, 0]);
        assert_eq!(alpha(&p, 0, 0), 0, "a 5% margin");
        assert_eq!(alpha(&p, 39, 20), 0);
        // The square spans 90% of the picture: 36 pixels, from 2 to 38.
        assert_eq!(alpha(&p, 2, 20), 255);
        assert_eq!(alpha(&p, 1, 20), 0);
    }

    #[test]
    fn a_hole_stays_clear_and_edges_are_smoothed() {
        let outer = vec![pt(0.0, 0.0), pt(4.0, 0.0), pt(4.0, 4.0), pt(0.0, 4.0)];
        let hole = vec![pt(1.0, 1.0), pt(1.0, 3.0), pt(3.0, 3.0), pt(3.0, 1.0)];
        let tri = vec![pt(0.0, 0.0), pt(4.0, 0.0), pt(0.0, 4.0)];
        let p = render(&[Fill { rings: vec![outer, hole], rgba: [0, 0, 255, 255] }], 40);
        assert_eq!(alpha(&p, 20, 20), 0, "the hole");
        assert_eq!(alpha(&p, 5, 20), 255);
        let t = render(&[Fill { rings: vec![tri], rgba: [0, 0, 255, 255] }], 41);
        let partial = (0..41).filter(|&x| (1..255).contains(&alpha(&t, x, 20))).count();
        assert!(partial >= 1, "the diagonal is antialiased");
    }

    #[test]
    fn every_embedded_level_has_a_picture_solved_and_not() {
        for pack in crate::level::embedded_packs() {
            for level in &pack.levels {
                for solved in [false, true] {
                    let p = thumbnail(level, solved, 32);
                    let inked = p.rgba.chunks(4).filter(|c| c[3] > 0).count();
                    assert!(inked > 32, "{}/{} solved {solved}: {inked} pixels", pack.id, level.id);
                }
                if !level.solution.is_empty() {
                    assert_ne!(thumbnail(level, false, 32), thumbnail(level, true, 32), "{}/{}", pack.id, level.id);
                }
            }
        }
    }
}
