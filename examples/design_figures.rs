//! Level-design tool: named dissection figures from sketches.
//!
//!   cargo run --no-default-features --release --example design_figures -- \
//!       levels/design/animals.txt [--sheet /tmp/animals.svg] > levels/animals.ron
//!
//! A designer draws each figure as a small picture of `#` cells (`levels/design/*.txt`, whose
//! README gives the format). This tool lays the set's pieces so that their union looks like the
//! picture: simulated annealing over arrangements in which every piece lies with one edge along
//! an edge of another piece, end to end or middle to middle, never overlapping, the whole one
//! piece without holes. An arrangement's score is the share of the picture it covers (the
//! intersection over the union of the two, counted on a raster, the union moved so the two
//! centres of mass meet). The best of several seeded runs is checked exactly by the
//! verification engine (no overlap, one outline), and the geometric solver must fill the
//! outline on its own, as `check-levels` will. The designed arrangement is the reference
//! solution. `--sheet` draws every figure beside its picture, for the designer to look at and
//! drop what does not read as its name.
//!
//! The order and the stars come afterwards from `tessera levels --measure` (see
//! `content::difficulty`): this tool writes the figures in the order of the file.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;
use tessera::geom::ring::{ring_edges, ArcTo};
use tessera::geom::{pt, Edge, Motion, Pt, Tol, Vertex};
use tessera::pieces::{move_ring, PieceSet, Placement};
use tessera::verify::{assemble, Piece};

const EPS: f64 = 1e-7;
/// Raster pixels per side of a picture's cell.
const SUB: i32 = 4;
/// The raster's side in pixels (the figure is kept near its middle).
const CANVAS: i32 = 400;

struct Sketch {
    id: String,
    en: String,
    pt: String,
    /// Looked at and dropped (`== id | name | nome | dropped`): it did not read as its name.
    dropped: bool,
    /// Rows top to bottom: 0 where the picture is empty, [`ANY`] where any piece may lie,
    /// else the number of a label (a kind of piece, see [`labels`]).
    rows: Vec<Vec<u8>>,
}

struct Sheet {
    set: String,
    pack_id: String,
    pack_en: String,
    pack_pt: String,
    /// `@label x name, name`: the letter for pieces of those names (instead of their first
    /// letter).
    labels: Vec<(u8, Vec<String>)>,
    sketches: Vec<Sketch>,
}

fn parse(text: &str) -> Result<Sheet, String> {
    let mut sheet = Sheet {
        set: String::new(),
        pack_id: String::new(),
        pack_en: String::new(),
        pack_pt: String::new(),
        labels: vec![],
        sketches: vec![],
    };
    for (n, line) in text.lines().enumerate() {
        let fields = |rest: &str| rest.split('|').map(|s| s.trim().to_string()).collect::<Vec<_>>();
        if let Some(rest) = line.strip_prefix("@set ") {
            sheet.set = rest.trim().into();
        } else if let Some(rest) = line.strip_prefix("@label ") {
            let (letter, names) = rest.split_once(' ').ok_or(format!("line {}: @label x name, name", n + 1))?;
            sheet.labels.push((
                cell(letter.chars().next().unwrap_or('.')),
                names.split(',').map(|s| s.trim().into()).collect(),
            ));
        } else if let Some(rest) = line.strip_prefix("@pack ") {
            let f = fields(rest);
            let [id, en, pt] = f.as_slice() else { return Err(format!("line {}: @pack id | name | nome", n + 1)) };
            (sheet.pack_id, sheet.pack_en, sheet.pack_pt) = (id.clone(), en.clone(), pt.clone());
        } else if let Some(rest) = line.strip_prefix("== ") {
            let f = fields(rest);
            let (id, en, pt, dropped) = match f.as_slice() {
                [id, en, pt] => (id, en, pt, false),
                [id, en, pt, flag] if flag == "dropped" => (id, en, pt, true),
                _ => return Err(format!("line {}: == id | name | nome [| dropped]", n + 1)),
            };
            sheet.sketches.push(Sketch { id: id.clone(), en: en.clone(), pt: pt.clone(), dropped, rows: vec![] });
        } else if line.starts_with("//") || line.trim().is_empty() {
            continue;
        } else if let Some(s) = sheet.sketches.last_mut() {
            s.rows.push(line.chars().map(cell).collect());
        } else {
            return Err(format!("line {}: a picture row before any `== id | name | nome`", n + 1));
        }
    }
    if sheet.set.is_empty() || sheet.pack_id.is_empty() {
        return Err("the file needs `@set NAME` and `@pack id | name | nome`".into());
    }
    Ok(sheet)
}

/// A picture's cell: `.` or a space is empty, `#` takes any piece, a letter takes the pieces
/// whose name starts with it (`l` large triangle, `m` medium, `s` small, `q` square, `p`
/// parallelogram; upper or lower case).
fn cell(c: char) -> u8 {
    match c {
        '#' => ANY,
        c if c.is_ascii_alphabetic() => c.to_ascii_lowercase() as u8,
        _ => 0,
    }
}

const ANY: u8 = 255;

/// The label a piece answers to: the first letter of its name (`q` for a square, whose `s`
/// the small triangles take).
fn label(name: &str) -> u8 {
    if name == "square" {
        b'q'
    } else {
        name.bytes().next().unwrap_or(b'?').to_ascii_lowercase()
    }
}

/// Counter-clockwise edges of a ring.
fn ccw_edges(ring: &[Vertex]) -> Vec<Edge> {
    let e: Vec<Edge> = ring_edges(ring).collect();
    if e.iter().map(|x| x.area_term(EPS)).sum::<f64>() < 0.0 {
        e.iter().rev().map(Edge::reversed).collect()
    } else {
        e
    }
}

/// A ring as a polygon (arcs cut in short chords), for the raster.
fn polygon(edges: &[Edge]) -> Vec<Pt> {
    let mut out = Vec::new();
    for e in edges {
        let n = if e.is_arc() { (e.sweep(EPS).abs() / 0.08).ceil().max(2.0) as usize } else { 1 };
        for k in 0..n {
            out.push(e.point_at(k as f64 / n as f64, EPS));
        }
    }
    out
}

fn inside(poly: &[Pt], p: Pt) -> bool {
    let mut c = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            c = !c;
        }
    }
    c
}

/// One piece turned and mirrored, at the origin: its edges (counter-clockwise).
struct Pose {
    rot: i32,
    flip: bool,
    edges: Vec<Edge>,
}

struct Designer {
    set: PieceSet,
    poses: Vec<Vec<Pose>>,
    /// Pixel side in world units.
    px: f64,
    /// The picture on the raster (its cells' labels), and its centre of mass (pixels).
    mask: Vec<u8>,
    /// Each piece's label.
    labels: Vec<u8>,
    mask_count: usize,
    mask_centre: (f64, f64),
    /// The picture's outline length in pixel sides.
    mask_outline: f64,
    /// The picture has holes, so the figure may have them too.
    holes_ok: bool,
}

/// A piece where it lies: its placement, edges and raster pixels.
#[derive(Clone)]
struct Laid {
    place: Placement,
    edges: Vec<Edge>,
    pixels: Vec<i32>,
}

impl Designer {
    fn new(set: PieceSet, sketch: &Sketch, named: &[(u8, Vec<String>)]) -> Designer {
        let area: f64 = set.pieces.iter().map(tessera::pieces::piece_area).sum();
        let cells = sketch.rows.iter().flatten().filter(|c| **c != 0).count().max(1);
        let cell = (area / cells as f64).sqrt();
        let px = cell / SUB as f64;
        let step = set.step();
        let poses = set
            .pieces
            .iter()
            .map(|def| {
                (0..(360.0 / set.step_deg).round() as i32)
                    .flat_map(|rot| [(rot, false), (rot, true)])
                    .map(|(rot, flip)| {
                        let m = Motion { mirror: flip, angle: rot as f64 * step, shift: pt(0.0, 0.0) };
                        Pose { rot, flip, edges: ccw_edges(&move_ring(&def.rings[0], &m)) }
                    })
                    .collect()
            })
            .collect();
        // The picture drawn at the raster's middle, y up.
        let h = sketch.rows.len() as i32;
        let w = sketch.rows.iter().map(|r| r.len()).max().unwrap_or(0) as i32;
        let (x0, y0) = (CANVAS / 2 - w * SUB / 2, CANVAS / 2 - h * SUB / 2);
        let mut mask = vec![0u8; (CANVAS * CANVAS) as usize];
        let (mut n, mut sx, mut sy) = (0usize, 0.0, 0.0);
        for (r, row) in sketch.rows.iter().enumerate() {
            for (c, &on) in row.iter().enumerate() {
                if on == 0 {
                    continue;
                }
                for dy in 0..SUB {
                    for dx in 0..SUB {
                        let x = x0 + c as i32 * SUB + dx;
                        let y = y0 + (h - 1 - r as i32) * SUB + dy;
                        mask[(y * CANVAS + x) as usize] = on;
                        n += 1;
                        sx += x as f64;
                        sy += y as f64;
                    }
                }
            }
        }
        let labels = set
            .pieces
            .iter()
            .map(|p| named.iter().find(|(_, n)| n.contains(&p.name)).map_or(label(&p.name), |(l, _)| *l))
            .collect();
        let filled: Vec<i32> = (0..CANVAS * CANVAS).filter(|&p| mask[p as usize] != 0).collect();
        let owners: Vec<u8> = mask.iter().map(|&m| u8::from(m != 0)).collect();
        let holes_ok = holes(&filled, &owners);
        let mask_outline = outline(&filled, &owners) as f64;
        Designer {
            set,
            poses,
            px,
            mask,
            labels,
            mask_count: n,
            mask_centre: (sx / n as f64, sy / n as f64),
            mask_outline,
            holes_ok,
        }
    }

    fn lay(&self, piece: usize, pose: usize, shift: Pt) -> Option<Laid> {
        let p = &self.poses[piece][pose];
        let edges: Vec<Edge> =
            p.edges.iter().map(|e| e.transformed(&Motion { mirror: false, angle: 0.0, shift })).collect();
        let poly = polygon(&edges);
        let (mut lo, mut hi) = (pt(f64::MAX, f64::MAX), pt(f64::MIN, f64::MIN));
        for q in &poly {
            lo = pt(lo.x.min(q.x), lo.y.min(q.y));
            hi = pt(hi.x.max(q.x), hi.y.max(q.y));
        }
        let half = (CANVAS / 2) as f64;
        let (i0, i1) = ((lo.x / self.px + half).floor() as i32 - 1, (hi.x / self.px + half).ceil() as i32 + 1);
        let (j0, j1) = ((lo.y / self.px + half).floor() as i32 - 1, (hi.y / self.px + half).ceil() as i32 + 1);
        if i0 < 1 || j0 < 1 || i1 >= CANVAS - 1 || j1 >= CANVAS - 1 {
            return None;
        }
        let mut pixels = Vec::new();
        for j in j0..=j1 {
            for i in i0..=i1 {
                // Off-centre samples, so no sample lies on an edge two pieces share.
                let q = pt((i as f64 - half + 0.5 + 0.01234) * self.px, (j as f64 - half + 0.5 + 0.00567) * self.px);
                if inside(&poly, q) {
                    pixels.push(j * CANVAS + i);
                }
            }
        }
        let place = Placement { piece, rot: p.rot, flip: p.flip, at: (shift.x, shift.y) };
        Some(Laid { place, edges, pixels })
    }

    /// Lays `piece` with an edge along an edge of `onto`, at random; `None` when the try fails.
    fn attach(&self, piece: usize, onto: &Laid, rng: &mut ChaCha8Rng) -> Option<Laid> {
        let along = onto.edges[below(rng, onto.edges.len())];
        let mode = below(rng, 3);
        let anti = |a: Pt, b: Pt| a.dot(b) < -1.0 + 1e-9;
        // Every pose and edge of the piece that fits along it in this way.
        let mut fits = Vec::new();
        for (pose, p) in self.poses[piece].iter().enumerate() {
            for e in &p.edges {
                if (e.curvature() + along.curvature()).abs() > 1e-9 {
                    continue;
                }
                let shift = match mode {
                    0 if anti(e.tangent_start(EPS), along.tangent_end(EPS)) => along.end() - e.start(),
                    1 if anti(e.tangent_end(EPS), along.tangent_start(EPS)) => along.start() - e.end(),
                    2 if anti(e.tangent_at(0.5, EPS), along.tangent_at(0.5, EPS)) => {
                        along.midpoint(EPS) - e.midpoint(EPS)
                    }
                    _ => continue,
                };
                fits.push((pose, shift));
            }
        }
        if fits.is_empty() {
            return None;
        }
        let (pose, shift) = fits[below(rng, fits.len())];
        self.lay(piece, pose, shift)
    }
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// What the raster says of an arrangement: its score, or `None` when pieces overlap, are
/// apart, or leave a hole.
fn score(d: &Designer, laid: &[Laid], owner: &mut [u8]) -> Option<f64> {
    let mut used = Vec::new();
    let mut ok = true;
    'all: for (k, l) in laid.iter().enumerate() {
        for &p in &l.pixels {
            if owner[p as usize] != 0 {
                ok = false;
                break 'all;
            }
            owner[p as usize] = k as u8 + 1;
            used.push(p);
        }
    }
    let result = ok.then(|| {
        // Pieces joined along edges: 4-neighbours of different owners.
        let mut parent: Vec<usize> = (0..laid.len()).collect();
        fn root(p: &mut [usize], mut i: usize) -> usize {
            while p[i] != i {
                p[i] = p[p[i]];
                i = p[i];
            }
            i
        }
        let (mut sx, mut sy) = (0.0, 0.0);
        for &p in &used {
            let o = owner[p as usize] as usize - 1;
            for q in [p + 1, p + CANVAS] {
                let v = owner[q as usize];
                if v != 0 && v as usize - 1 != o {
                    let (a, b) = (root(&mut parent, o), root(&mut parent, v as usize - 1));
                    parent[a] = b;
                }
            }
            sx += (p % CANVAS) as f64;
            sy += (p / CANVAS) as f64;
        }
        let r = root(&mut parent, 0);
        if (0..laid.len()).any(|i| root(&mut parent, i) != r) {
            return None;
        }
        if !d.holes_ok && holes(&used, owner) {
            return None;
        }
        let n = used.len() as f64;
        let (dx, dy) = ((sx / n - d.mask_centre.0).round() as i32, (sy / n - d.mask_centre.1).round() as i32);
        let hits = used
            .iter()
            .filter(|&&p| {
                let (x, y) = (p % CANVAS - dx, p / CANVAS - dy);
                if !(0..CANVAS).contains(&x) || !(0..CANVAS).contains(&y) {
                    return false;
                }
                let m = d.mask[(y * CANVAS + x) as usize];
                m == ANY || (m != 0 && m == d.labels[owner[p as usize] as usize - 1])
            })
            .count() as f64;
        // A ragged figure (pieces sticking out where the picture is smooth) reads worse than
        // its overlap says: a longer outline than the picture's costs.
        let ragged = (outline(&used, owner) as f64 / d.mask_outline - 1.0).max(0.0);
        Some(hits / (n + d.mask_count as f64 - hits) - RAGGED * ragged)
    });
    for &p in &used {
        owner[p as usize] = 0;
    }
    result.flatten()
}

/// What a longer outline than the picture's costs, per unit of the ratio.
const RAGGED: f64 = 0.25;

/// The outline's length in pixel sides: filled pixels' sides that face an empty pixel.
fn outline(used: &[i32], owner: &[u8]) -> usize {
    used.iter()
        .map(|&p| [p + 1, p - 1, p + CANVAS, p - CANVAS].iter().filter(|&&q| owner[q as usize] == 0).count())
        .sum()
}

/// Whether the empty pixels inside the arrangement's box are not all reached from its border.
fn holes(used: &[i32], owner: &[u8]) -> bool {
    let (mut x0, mut x1, mut y0, mut y1) = (i32::MAX, 0, i32::MAX, 0);
    for &p in used {
        x0 = x0.min(p % CANVAS);
        x1 = x1.max(p % CANVAS);
        y0 = y0.min(p / CANVAS);
        y1 = y1.max(p / CANVAS);
    }
    let (x0, x1, y0, y1) = (x0 - 1, x1 + 1, y0 - 1, y1 + 1);
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut seen = vec![false; (w * h) as usize];
    let mut stack = vec![(x0, y0)];
    seen[0] = true;
    let mut reached = 0;
    while let Some((x, y)) = stack.pop() {
        reached += 1;
        for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if nx < x0 || nx > x1 || ny < y0 || ny > y1 {
                continue;
            }
            let k = ((ny - y0) * w + nx - x0) as usize;
            if !seen[k] && owner[(ny * CANVAS + nx) as usize] == 0 {
                seen[k] = true;
                stack.push((nx, ny));
            }
        }
    }
    reached + used.len() as i32 != w * h
}

/// A random arrangement: pieces in random order, each along an edge of one laid before.
fn start(d: &Designer, rng: &mut ChaCha8Rng, owner: &mut [u8]) -> Option<Vec<Laid>> {
    let n = d.set.pieces.len();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, below(rng, i + 1));
    }
    let mut laid = vec![d.lay(order[0], below(rng, d.poses[order[0]].len()), pt(0.0, 0.0))?];
    for &piece in &order[1..] {
        let next = (0..400).find_map(|_| {
            let onto = &laid[below(rng, laid.len())];
            let l = d.attach(piece, onto, rng)?;
            let mut t = laid.clone();
            t.push(l.clone());
            score(d, &t, owner).map(|_| l)
        })?;
        laid.push(next);
    }
    laid.sort_by_key(|l| l.place.piece);
    Some(laid)
}

/// Simulated annealing from a random arrangement: move one piece to another place along an
/// edge; keep it when the score rises, or by chance falling with the temperature.
fn anneal(d: &Designer, seed: u64, steps: usize) -> Option<(f64, Vec<Laid>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut owner = vec![0u8; (CANVAS * CANVAS) as usize];
    let mut laid = (0..50).find_map(|_| start(d, &mut rng, &mut owner))?;
    let mut now = score(d, &laid, &mut owner)?;
    let mut best = (now, laid.clone());
    let n = laid.len();
    for step in 0..steps {
        let temp = 0.04 * (1.0 - step as f64 / steps as f64).powi(2) + 1e-4;
        let i = below(&mut rng, n);
        let j = below(&mut rng, n);
        if i == j {
            continue;
        }
        let Some(moved) = d.attach(i, &laid[j], &mut rng) else { continue };
        let old = std::mem::replace(&mut laid[i], moved);
        match score(d, &laid, &mut owner) {
            Some(s) if s >= now || unit(&mut rng) < ((s - now) / temp).exp() => {
                now = s;
                if s > best.0 {
                    best = (s, laid.clone());
                }
            }
            _ => laid[i] = old,
        }
        // Keep the figure near the raster's middle (a shift of everything is exact).
        if step % 512 == 0 {
            let c = laid.iter().map(|l| pt(l.place.at.0, l.place.at.1)).fold(pt(0.0, 0.0), |a, b| a + b);
            let c = pt(c.x / n as f64, c.y / n as f64);
            if c.len() > 6.0 {
                let back = pt(-c.x.round(), -c.y.round());
                let moved: Option<Vec<Laid>> = laid
                    .iter()
                    .map(|l| {
                        let pose = d.poses[l.place.piece]
                            .iter()
                            .position(|p| p.rot == l.place.rot && p.flip == l.place.flip)
                            .unwrap();
                        d.lay(l.place.piece, pose, pt(l.place.at.0, l.place.at.1) + back)
                    })
                    .collect();
                if let Some(m) = moved {
                    laid = m;
                }
            }
        }
    }
    Some(best)
}

/// The exact check: no overlap, one outline without holes. Returns the outline.
fn exact(set: &PieceSet, placed: &[Placement], holes_ok: bool) -> Option<Vec<Vec<Vertex>>> {
    let tol = Tol { eps: EPS };
    let pieces: Vec<Piece> = placed
        .iter()
        .map(|p| Piece::from_vertices(&p.apply(&set.pieces[p.piece], set.step()), tol, p.piece).ok())
        .collect::<Option<_>>()?;
    let parts: Vec<_> = pieces.iter().flat_map(|p| p.parts.iter()).collect();
    let asm = assemble(&parts, EPS);
    let outer = asm.contours.iter().filter(|c| !c.is_hole()).count();
    if asm.overlay.overlap || outer != 1 || (!holes_ok && asm.contours.len() != 1) {
        return None;
    }
    let mut contours: Vec<_> = asm.contours.iter().collect();
    contours.sort_by_key(|c| c.is_hole());
    let rings: Vec<Vec<Vertex>> = contours
        .iter()
        .map(|c| {
            c.edges
                .iter()
                .map(|e| match *e {
                    Edge::Arc { a, c, ccw, .. } => Vertex { at: a, arc: Some(ArcTo { center: c, ccw }) },
                    Edge::Seg { a, .. } => Vertex::from(a),
                })
                .collect()
        })
        .collect();
    // A figure is simple rings: an outline that touches itself (or a hole touching it) is not.
    tessera::verify::Target::from_vertices(&rings).ok()?;
    rings.iter().all(|r| tessera::geom::Ring::new(r, tol).is_ok()).then_some(rings)
}

struct Made {
    sketch_at: usize,
    fit: f64,
    rings: Vec<Vec<Vertex>>,
    solution: Vec<Placement>,
}

fn design(set: &PieceSet, sheet: &Sheet, k: usize) -> Option<Made> {
    let sketch = &sheet.sketches[k];
    let d = Designer::new(set.clone(), sketch, &sheet.labels);
    let mut runs: Vec<(f64, Vec<Laid>)> = (0..RUNS * effort())
        .filter_map(|r| anneal(&d, 0x7e55_e7a0 + 7919 * r as u64 + 104_729 * k as u64, STEPS * effort()))
        .collect();
    runs.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for (fit, laid) in runs {
        let placed: Vec<Placement> = laid.iter().map(|l| l.place).collect();
        let Some(rings) = exact(set, &placed, d.holes_ok) else { continue };
        let opts = tessera::solve::geometric::Options {
            limit: 1,
            budget: tessera::support::budget::Budget::nodes(200_000),
            ..Default::default()
        };
        let solved = tessera::solve::geometric::solve(set, &rings, &opts).is_some_and(|o| !o.solutions.is_empty());
        if !solved {
            eprintln!("{}: the solver did not fill one arrangement: next", sketch.id);
            continue;
        }
        return Some(Made { sketch_at: k, fit, rings, solution: placed });
    }
    None
}

/// Runs per figure and steps per run (`DESIGN_EFFORT=k` multiplies both).
const RUNS: usize = 12;
const STEPS: usize = 60_000;

fn effort() -> usize {
    std::env::var("DESIGN_EFFORT").ok().and_then(|v| v.parse().ok()).unwrap_or(1)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("usage: design_figures FILE.txt [--sheet OUT.svg] [--only ID,ID...]");
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let sheet = parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set = tessera::pieces::PieceSet::builtin(&sheet.set).unwrap_or_else(|| panic!("no set {}", sheet.set));
    let only = flag("--only");
    let jobs: Vec<usize> = (0..sheet.sketches.len())
        .filter(|&k| {
            !sheet.sketches[k].dropped
                && only.as_ref().is_none_or(|o| o.split(',').any(|id| id == sheet.sketches[k].id))
        })
        .collect();
    // Two threads share the figures.
    let made: Vec<Made> = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2)
            .map(|t| {
                let (set, sheet, jobs) = (&set, &sheet, &jobs);
                s.spawn(move || {
                    jobs.iter()
                        .skip(t)
                        .step_by(2)
                        .filter_map(|&k| {
                            let m = design(set, sheet, k);
                            match &m {
                                Some(m) => eprintln!("{}: fit {:.3}", sheet.sketches[k].id, m.fit),
                                None => eprintln!("{}: no arrangement: dropped", sheet.sketches[k].id),
                            }
                            m
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<Made> = halves.into_iter().flat_map(|h| h.join().unwrap()).collect();
        all.sort_by_key(|m| m.sketch_at);
        all
    });
    if let Some(out) = flag("--sheet") {
        std::fs::write(&out, contact_sheet(&set, &sheet, &made)).unwrap_or_else(|e| panic!("{out}: {e}"));
    }
    println!("{}", render(&sheet, &made));
}

fn fmt(x: f64) -> String {
    let r = x.round();
    if (x - r).abs() < 1e-9 {
        format!("{r:.0}")
    } else {
        format!("{x}")
    }
}

fn point(p: Pt) -> String {
    format!("({}, {})", fmt(p.x), fmt(p.y))
}

fn render(sheet: &Sheet, made: &[Made]) -> String {
    let mut s = String::new();
    writeln!(
        s,
        "// {}: designed with examples/design_figures.rs from levels/design/{}.txt;",
        sheet.pack_en, sheet.pack_id
    )
    .unwrap();
    writeln!(s, "// order and stars measured by `tessera levels --measure`. See levels/README.md.").unwrap();
    writeln!(
        s,
        "(\n    name: \"{}\",\n    names: {{\"pt-BR\": \"{}\"}},\n    author: \"Tessera\",\n    version: 1,\n    levels: [",
        sheet.pack_en, sheet.pack_pt
    )
    .unwrap();
    for m in made {
        let sk = &sheet.sketches[m.sketch_at];
        let tol = Tol { eps: EPS };
        let c = tessera::geom::Ring::new(&m.rings[0], tol).expect("figures are valid").bbox().center();
        let shift = pt(-c.x.round(), -c.y.round());
        writeln!(s, "        (").unwrap();
        writeln!(s, "            id: \"{}\",\n            name: \"{}\",", sk.id, sk.en).unwrap();
        writeln!(s, "            names: {{\"pt-BR\": \"{}\"}},\n            difficulty: 1,", sk.pt).unwrap();
        writeln!(
            s,
            "            pieces: \"{}\",\n            mode: anchored,\n            allow_mirror: true,",
            sheet.set
        )
        .unwrap();
        let rings: Vec<String> = m
            .rings
            .iter()
            .map(|r| {
                let vs: Vec<String> = r
                    .iter()
                    .map(|v| match v.arc {
                        None => point(v.at + shift),
                        Some(a) => format!(
                            "(at: {}, arc: (center: {}, ccw: {}))",
                            point(v.at + shift),
                            point(a.center + shift),
                            a.ccw
                        ),
                    })
                    .collect();
                format!("[{}]", vs.join(", "))
            })
            .collect();
        writeln!(s, "            target: [{}],", rings.join(", ")).unwrap();
        writeln!(s, "            solution: [").unwrap();
        for p in &m.solution {
            let at = pt(p.at.0, p.at.1) + shift;
            writeln!(
                s,
                "                (piece: {}, rot: {}, flip: {}, at: ({}, {})),",
                p.piece,
                p.rot,
                p.flip,
                fmt(at.x),
                fmt(at.y)
            )
            .unwrap();
        }
        writeln!(s, "            ],\n        ),").unwrap();
    }
    writeln!(s, "    ],\n)").unwrap();
    s
}

/// Every figure beside its picture: the pieces in the palette's colours, the picture's cells in
/// grey behind, the name and the fit under it.
fn contact_sheet(set: &PieceSet, sheet: &Sheet, made: &[Made]) -> String {
    let (cols, cell) = (6, 200.0);
    let rows = made.len().div_ceil(cols).max(1);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\"><rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        cols as f64 * cell,
        rows as f64 * cell
    );
    for (k, m) in made.iter().enumerate() {
        let sk = &sheet.sketches[m.sketch_at];
        let (ox, oy) = ((k % cols) as f64 * cell, (k / cols) as f64 * cell);
        let d = Designer::new(set.clone(), sk, &sheet.labels);
        let scale =
            150.0 / (sk.rows.len().max(sk.rows.iter().map(|r| r.len()).max().unwrap_or(1)) as f64 * SUB as f64 * d.px);
        let world: Vec<Vec<Pt>> =
            m.solution.iter().map(|p| polygon(&ccw_edges(&p.apply(&set.pieces[p.piece], set.step())[0]))).collect();
        let all: Vec<Pt> = world.iter().flatten().copied().collect();
        let (mut lo, mut hi) = (pt(f64::MAX, f64::MAX), pt(f64::MIN, f64::MIN));
        for q in &all {
            lo = pt(lo.x.min(q.x), lo.y.min(q.y));
            hi = pt(hi.x.max(q.x), hi.y.max(q.y));
        }
        let mid = pt((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
        // The picture, small, in the corner.
        let h = sk.rows.len();
        for (r, row) in sk.rows.iter().enumerate() {
            for (c, &on) in row.iter().enumerate() {
                if on != 0 {
                    writeln!(
                        s,
                        "<rect x=\"{}\" y=\"{}\" width=\"3\" height=\"3\" fill=\"#ccc\"/>",
                        ox + 4.0 + c as f64 * 3.0,
                        oy + 4.0 + r as f64 * 3.0
                    )
                    .unwrap();
                }
            }
        }
        let _ = h;
        for (i, poly) in world.iter().enumerate() {
            let [r, g, b] = tessera::pieces::PALETTE[m.solution[i].piece % tessera::pieces::PALETTE.len()]
                .map(|v| (v * 255.0) as u8);
            let pts: Vec<String> = poly
                .iter()
                .map(|q| {
                    format!("{:.1},{:.1}", ox + cell / 2.0 + (q.x - mid.x) * scale, oy + 95.0 - (q.y - mid.y) * scale)
                })
                .collect();
            writeln!(
                s,
                "<polygon points=\"{}\" fill=\"rgb({r},{g},{b})\" stroke=\"#333\" stroke-width=\"0.8\"/>",
                pts.join(" ")
            )
            .unwrap();
        }
        writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" font-family=\"sans-serif\">{} ({:.2})</text>",
            ox + cell / 2.0,
            oy + cell - 8.0,
            sk.en,
            m.fit
        )
        .unwrap();
    }
    s.push_str("</svg>\n");
    s
}
