//! SVG import: a figure drawn with a set's pieces becomes a level.
//!
//! `usvg` reads the file and resolves shapes (`polygon`, `rect`, `path`, ...), groups and
//! `transform`s into paths in absolute coordinates. Every filled path is one polygon per
//! subpath (curves are refused). Then:
//! 1. y is turned to point up, and the drawing is scaled so its area is the set's;
//! 2. each polygon is recognised as one of the set's pieces, turned by any angle and possibly
//!    mirrored: an edge of the polygon is matched with an edge of the same length of the piece,
//!    and every corner must then land on a corner (within 1% of the piece's size);
//! 3. the whole drawing is turned so the pieces sit in the set's steps (the first piece's turn
//!    decides) and moved so the first piece is at the origin, and positions are snapped onto
//!    the set's lattice where it has one;
//! 4. the figure is the union of the pieces so placed, and the drawing is its reference
//!    solution.

use crate::format::Node;
use crate::geom::{pt, Pt, Vertex};
use crate::level::Entry;
use crate::pieces::{PieceSet, Placement};
use usvg::tiny_skia_path::PathSegment;

/// One polygon of the drawing: where it came from and its corners (y up).
struct Polygon {
    /// "polygon 3 (id `p3`)", for errors.
    label: String,
    points: Vec<Pt>,
}

/// The deepest nesting of elements a drawing may have: the SVG reader descends them
/// recursively, and tens of thousands would overflow its stack.
pub const MAX_NESTING: usize = 256;

/// The deepest nesting of elements in an XML text, from a scan of its tags (comments, CDATA,
/// declarations and processing instructions skipped; a quoted attribute value may hold `>`).
fn nesting(data: &[u8]) -> usize {
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).position(|w| w == needle);
    let (mut depth, mut most, mut i) = (0usize, 0usize, 0usize);
    while let Some(k) = data[i..].iter().position(|&b| b == b'<') {
        i += k;
        let rest = &data[i..];
        if rest.starts_with(b"<!") || rest.starts_with(b"<?") {
            let end = if rest.starts_with(b"<!--") {
                find(rest, b"-->").map(|e| e + 3)
            } else if rest.starts_with(b"<![CDATA[") {
                find(rest, b"]]>").map(|e| e + 3)
            } else {
                rest.iter().position(|&b| b == b'>').map(|e| e + 1)
            };
            i += end.unwrap_or(rest.len());
            continue;
        }
        // The tag's end, past quoted values.
        let mut j = 1;
        let mut quote = None;
        while j < rest.len() {
            let c = rest[j];
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == b'"' || c == b'\'' => quote = Some(c),
                None if c == b'>' => break,
                None => {}
            }
            j += 1;
        }
        if rest.starts_with(b"</") {
            depth = depth.saturating_sub(1);
        } else if !(j < rest.len() && rest[j - 1] == b'/') {
            depth += 1;
            most = most.max(depth);
        }
        i += (j + 1).min(rest.len());
    }
    most
}

/// The largest number a drawing's geometry may hold. Beyond it the SVG reader's single
/// precision overflows, and its arc conversion can then run for minutes (found by fuzzing).
pub const MAX_NUMBER: f64 = 1e15;

/// The geometry attributes' values, each number read (digits, a point, an exponent): the
/// first one beyond [`MAX_NUMBER`], with its attribute's name.
fn huge_number(data: &[u8]) -> Option<(String, String)> {
    const GEOMETRY: [&str; 17] = [
        "d",
        "points",
        "transform",
        "viewBox",
        "x",
        "y",
        "x1",
        "y1",
        "x2",
        "y2",
        "cx",
        "cy",
        "r",
        "rx",
        "ry",
        "width",
        "height",
    ];
    let name_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b':';
    for (eq, _) in data.iter().enumerate().filter(|(_, &b)| b == b'=') {
        let mut end = eq;
        while end > 0 && data[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        let mut start = end;
        while start > 0 && name_byte(data[start - 1]) {
            start -= 1;
        }
        let name = String::from_utf8_lossy(&data[start..end]);
        if !GEOMETRY.contains(&name.as_ref()) {
            continue;
        }
        let mut at = eq + 1;
        while at < data.len() && data[at].is_ascii_whitespace() {
            at += 1;
        }
        let Some(&quote) = data.get(at).filter(|&&q| q == b'"' || q == b'\'') else { continue };
        let value = &data[at + 1..];
        let value = &value[..value.iter().position(|&b| b == quote).unwrap_or(value.len())];
        let mut i = 0;
        while i < value.len() {
            if !(value[i].is_ascii_digit() || value[i] == b'.') {
                i += 1;
                continue;
            }
            // A number: digits and a point, then an exponent if one follows.
            let from = i;
            while i < value.len() && (value[i].is_ascii_digit() || value[i] == b'.') {
                i += 1;
            }
            if i < value.len() && (value[i] == b'e' || value[i] == b'E') {
                let mut j = i + 1;
                if j < value.len() && (value[j] == b'+' || value[j] == b'-') {
                    j += 1;
                }
                if j < value.len() && value[j].is_ascii_digit() {
                    i = j;
                    while i < value.len() && value[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let text = String::from_utf8_lossy(&value[from..i]).into_owned();
            // A second point starts the next number ("1.5.5" is 1.5 and .5): what does not
            // parse whole is judged by its integer digits.
            let v = text.parse::<f64>().unwrap_or_else(|_| {
                let digits = text.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 15 {
                    f64::INFINITY
                } else {
                    0.0
                }
            });
            if v.is_nan() || v.abs() > MAX_NUMBER {
                return Some((name.into_owned(), text));
            }
        }
    }
    None
}

/// The drawing's filled polygons, checked against `set` (straight pieces, as many as the
/// set's) and scaled to the set's area; a drawing nested too deep or holding huge numbers is
/// refused before it is parsed.
fn polygons_of(data: &[u8], set: &PieceSet) -> Result<Vec<Polygon>, String> {
    if set.pieces.iter().flat_map(|p| p.rings.iter().flatten()).any(|v| v.arc.is_some()) {
        return Err(format!("set `{}` has curved pieces; only straight pieces can be imported from SVG", set.name));
    }
    let depth = nesting(data);
    if depth > MAX_NESTING {
        return Err(format!("elements are nested {depth} deep; a drawing may nest at most {MAX_NESTING}"));
    }
    if let Some((name, number)) = huge_number(data) {
        return Err(format!(
            "attribute `{name}` holds the number {}, beyond ±{MAX_NUMBER:e} (the coordinates a drawing may use)",
            if number.len() > 24 { format!("{}… ({} characters)", &number[..20], number.len()) } else { number }
        ));
    }
    let tree =
        usvg::Tree::from_data(data, &usvg::Options::default()).map_err(|e| format!("not a readable SVG: {e}"))?;
    let mut polygons = Vec::new();
    collect(tree.root(), &mut polygons)?;
    if polygons.len() != set.pieces.len() {
        return Err(format!(
            "the drawing has {} filled polygon(s); set `{}` has {} pieces",
            polygons.len(),
            set.name,
            set.pieces.len()
        ));
    }
    // Scale to the set's area.
    let area: f64 = polygons.iter().map(|p| signed_area(&p.points).abs()).sum();
    let want: f64 = set.pieces.iter().map(crate::pieces::piece_area).sum();
    if !(area > 0.0 && area.is_finite()) {
        return Err("the drawing's polygons have no area".into());
    }
    let scale = (want / area).sqrt();
    for p in &mut polygons {
        p.points = p.points.iter().map(|&q| q * scale).collect();
    }
    Ok(polygons)
}

/// Reads an SVG drawing of `set`'s pieces and makes a level of it, named `name`.
pub fn import_svg(data: &[u8], set: &PieceSet, name: &str) -> Result<Entry, String> {
    let polygons = polygons_of(data, set)?;
    // Recognise each polygon; identical pieces are interchangeable, so the first free one of
    // a shape is taken.
    let size = set.pieces.iter().map(|p| piece_size(&p.rings[0])).fold(0.0, f64::max);
    let tol = 0.01 * size;
    let mut used = vec![false; set.pieces.len()];
    let mut matched: Vec<(usize, bool, f64, Pt)> = Vec::new();
    for poly in &polygons {
        let m = (0..set.pieces.len())
            .filter(|&i| !used[i])
            .find_map(|i| {
                fit(&set.pieces[i].rings[0], &poly.points, tol).map(|(flip, angle, shift)| (i, flip, angle, shift))
            })
            .ok_or_else(|| format!("{} does not fit any piece of `{}` that is left", poly.label, set.name))?;
        used[m.0] = true;
        matched.push(m);
    }
    // Turn the drawing so that the pieces turn in the set's steps.
    let step = set.step();
    let base = matched[0].2.rem_euclid(step);
    let mut solution = Vec::new();
    let lattice = crate::solve::snap::unit_of(set);
    // Positions are snapped relative to the first piece's, where lattice numbers are small
    // (far from the origin, other lattice numbers come within the tolerance too).
    let origin = matched[0].3.rotate(-base);
    for ((piece, flip, angle, shift), poly) in matched.iter().zip(&polygons) {
        let turns = (angle - base) / step;
        if (turns - turns.round()).abs() * step > 0.01 {
            return Err(format!(
                "{} is turned by {:.1} degrees against the first piece; pieces turn in steps of {} degrees",
                poly.label,
                (angle - matched[0].2).to_degrees(),
                set.step_deg
            ));
        }
        let at = shift.rotate(-base) - origin;
        let snap = |x: f64| {
            lattice
                .and_then(|u| crate::solve::snap::nearest(x / u, set.step_deg == 45.0, tol / u).map(|y| y * u))
                .unwrap_or(x)
        };
        let rot = (turns.round() as i32).rem_euclid((std::f64::consts::TAU / step).round() as i32);
        solution.push(Placement { piece: *piece, rot, flip: *flip, at: (snap(at.x), snap(at.y)) });
    }
    solution.sort_by_key(|p| p.piece);
    // The figure: the union of the pieces as placed.
    let target = crate::content::editor::figure(set, &solution)?.map_err(|overlapping| {
        // The solution is in piece order; name the drawing's polygons.
        let names: Vec<&str> = overlapping
            .iter()
            .filter_map(|&k| matched.iter().position(|m| m.0 == solution[k].piece).map(|i| polygons[i].label.as_str()))
            .collect();
        format!("the drawing's pieces overlap: {}", names.join(", "))
    })?;
    Ok(Entry {
        id: crate::format::entry::id_from_name(name),
        name: name.into(),
        pieces: Some(Node::Str(set.name.clone())),
        rotation_step: set.step_deg,
        target,
        mode: Some(crate::verify::Mode::Anchored),
        allow_mirror: true,
        solution,
        ..Entry::blank(None)
    })
}

/// Every filled path under `g`, one polygon per subpath, y up.
fn collect(g: &usvg::Group, out: &mut Vec<Polygon>) -> Result<(), String> {
    for node in g.children() {
        match node {
            usvg::Node::Group(g) => collect(g, out)?,
            usvg::Node::Path(p) if p.fill().is_some() => {
                let tr = p.abs_transform();
                let id = if p.id().is_empty() { String::new() } else { format!(" (id `{}`)", p.id()) };
                let mut ring: Vec<Pt> = Vec::new();
                let finish = |ring: &mut Vec<Pt>, out: &mut Vec<Polygon>| {
                    let points = clean(std::mem::take(ring));
                    if points.len() >= 3 {
                        out.push(Polygon { label: format!("polygon {}{id}", out.len() + 1), points });
                    }
                };
                for seg in p.data().segments() {
                    match seg {
                        PathSegment::MoveTo(q) => {
                            finish(&mut ring, out);
                            ring.push(map(&tr, q));
                        }
                        PathSegment::LineTo(q) => ring.push(map(&tr, q)),
                        PathSegment::Close => finish(&mut ring, out),
                        PathSegment::QuadTo(..) | PathSegment::CubicTo(..) => {
                            return Err(format!(
                                "polygon {}{id} has curved edges; pieces must be polygons",
                                out.len() + 1
                            ))
                        }
                    }
                }
                finish(&mut ring, out);
            }
            _ => {}
        }
    }
    Ok(())
}

fn map(tr: &usvg::Transform, mut q: usvg::tiny_skia_path::Point) -> Pt {
    tr.map_point(&mut q);
    pt(f64::from(q.x), -f64::from(q.y))
}

/// Without repeated and straight-through corners, counter-clockwise. Linear in the number of
/// points, so a path of millions of segments takes a moment.
fn clean(mut p: Vec<Pt>) -> Vec<Pt> {
    let size = p.iter().fold(0.0f64, |m, q| m.max(q.x.abs()).max(q.y.abs())).max(1e-12);
    let close = |a: Pt, b: Pt| a.dist(b) <= 1e-9 * size;
    p.dedup_by(|a, b| close(*a, *b));
    while p.len() > 1 && close(p[0], p[p.len() - 1]) {
        p.pop();
    }
    if p.len() > 3 {
        // SVG coordinates are single precision: points within a millionth of the drawing's
        // size of a straight run lie on it. The first pass may start inside a side; the
        // second starts at a corner the first found, so every side is seen whole.
        let eps = 1e-6 * size;
        let first = corners(&p, 0, eps);
        if first.len() >= 3 {
            p = corners(&p, first[1], eps).into_iter().map(|i| p[i]).collect();
        }
    }
    if signed_area(&p) < 0.0 {
        p.reverse();
    }
    p
}

/// The corners of the closed polygon `p` going round from `start` (a corner by assumption):
/// each run of points that stays within `eps` of one straight line from the last corner is
/// one side. One pass: the directions from the last corner that keep every point of the run
/// within `eps` narrow to a wedge, and the point before the first one outside it is a corner.
fn corners(p: &[Pt], start: usize, eps: f64) -> Vec<usize> {
    let n = p.len();
    let mut kept = vec![start];
    let (mut corner, mut prev) = (start, start);
    // The wedge: a reference direction and the angles about it still allowed.
    let mut wedge: Option<(f64, f64, f64)> = None;
    let mut k = 1;
    while k <= n {
        let i = (start + k) % n;
        let d = p[i] - p[corner];
        let r = d.len();
        if r <= eps {
            // Too near the corner to say anything about the side's direction.
            prev = i;
            k += 1;
            continue;
        }
        let half = (eps / r).min(1.0).asin();
        let dir = d.angle();
        match wedge {
            None => wedge = Some((dir, -half, half)),
            Some((base, lo, hi)) => {
                let rel = (dir - base + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI;
                if rel < lo || rel > hi {
                    // Point i leaves the side: the one before it ends the side, and point i
                    // is looked at again from there.
                    corner = prev;
                    kept.push(corner);
                    wedge = None;
                    continue;
                }
                wedge = Some((base, lo.max(rel - half), hi.min(rel + half)));
            }
        }
        prev = i;
        k += 1;
    }
    // The way back to the start closes the last side; drop a corner that is the start.
    if kept.len() > 1 && kept[kept.len() - 1] == start {
        kept.pop();
    }
    kept
}

fn signed_area(p: &[Pt]) -> f64 {
    (0..p.len()).map(|i| p[i].cross(p[(i + 1) % p.len()])).sum::<f64>() / 2.0
}

fn piece_size(ring: &[Vertex]) -> f64 {
    let mut b = crate::geom::BBox::EMPTY;
    ring.iter().for_each(|v| b.add(v.at));
    (b.max.x - b.min.x).max(b.max.y - b.min.y)
}

/// How piece `ring` (local coordinates) is placed to make `poly`: (mirrored, angle, shift)
/// with `poly = rotate(mirror(ring), angle) + shift`, every corner within `tol`.
fn fit(ring: &[Vertex], poly: &[Pt], tol: f64) -> Option<(bool, f64, Pt)> {
    if ring.len() != poly.len() {
        return None;
    }
    let n = poly.len();
    for flip in [false, true] {
        let local: Vec<Pt> = ring.iter().map(|v| if flip { pt(-v.at.x, v.at.y) } else { v.at }).collect();
        let local = clean(local);
        if local.len() != n {
            continue;
        }
        for k in 0..n {
            let (q0, q1) = (poly[k], poly[(k + 1) % n]);
            let (p0, p1) = (local[0], local[1]);
            if ((q1 - q0).len() - (p1 - p0).len()).abs() > tol {
                continue;
            }
            let angle = (q1 - q0).angle() - (p1 - p0).angle();
            let shift = q0 - p0.rotate(angle);
            let all = (0..n).all(|i| (local[i].rotate(angle) + shift).dist(poly[(k + i) % n]) <= tol);
            if all {
                return Some((flip, angle, shift));
            }
        }
    }
    None
}
