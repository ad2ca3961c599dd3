//! File formats of the pure core: the puzzle file of `tessera verify` (here) and a level as
//! its pack file writes it ([`entry`]).
//!
//! A puzzle file (RON or JSON, chosen by extension) holds `target` (a list of rings),
//! `pieces` (a list of pieces in world coordinates; a piece is a ring, or a list of rings when
//! it has holes), `mode` (`anchored` or `free`) and optionally `allow_mirror` (default false).
//! A ring is a list of vertices; a vertex is `[x, y]`, or
//! `{"at": [x, y], "arc": {"center": [cx, cy], "ccw": true}}` when the edge from it to the
//! next vertex is an arc. In RON the same shapes read `(x, y)` or `[x, y]`, and
//! `(at: (x, y), arc: (center: (cx, cy), ccw: true))`.

pub mod entry;

use crate::geom::ring::ArcTo;
use crate::geom::{origin_of, pt, shifted, BBox, Pt, Vertex};
use crate::verify::{Mode, Piece, Puzzle, ShapeError, Target};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::path::Path;

/// Largest file the loaders read.
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// Largest coordinate a file may hold (larger finite numbers overflow areas and distances).
pub const MAX_COORDINATE: f64 = 1e15;
/// Most pieces in one puzzle or solve file.
pub const MAX_PIECES: usize = 2_000;
/// Most rings in one file (target and pieces together).
pub const MAX_RINGS: usize = 10_000;
/// Most vertices in one file (all rings together).
pub const MAX_VERTICES: usize = 200_000;

/// Refuses files past the limits on pieces, rings and vertices.
pub fn check_counts(target: &[Vec<Vertex>], pieces: &[&[Vec<Vertex>]]) -> Result<(), String> {
    if pieces.len() > MAX_PIECES {
        return Err(format!("{} pieces is more than the limit of {MAX_PIECES}", pieces.len()));
    }
    let rings = target.len() + pieces.iter().map(|p| p.len()).sum::<usize>();
    if rings > MAX_RINGS {
        return Err(format!("{rings} rings is more than the limit of {MAX_RINGS}"));
    }
    let vertices = target.iter().chain(pieces.iter().copied().flatten()).map(Vec::len).sum::<usize>();
    if vertices > MAX_VERTICES {
        return Err(format!("{vertices} vertices is more than the limit of {MAX_VERTICES}"));
    }
    Ok(())
}

/// A puzzle as read from a file, before its geometry is validated.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleFile {
    pub target: Vec<Vec<Vertex>>,
    pub pieces: Vec<Vec<Vec<Vertex>>>,
    pub mode: Mode,
    pub allow_mirror: bool,
    /// The tolerance as a fraction of the figure's size (`None`: [`crate::geom::Tol::REL`]).
    pub tolerance: Option<f64>,
}

impl PuzzleFile {
    /// Validates the geometry and prepares the target.
    pub fn build(&self) -> Result<(Puzzle, Vec<Piece>), ShapeError> {
        self.build_repaired().map(|(puzzle, pieces, _)| (puzzle, pieces))
    }

    /// As [`PuzzleFile::build`], with the repairs normalisation made (see
    /// [`crate::verify::normalize`]). The figure is judged moved near the origin (exactly: by whole
    /// numbers), so that where it was drawn does not change the verdict: anchored pieces move
    /// with the target; free ones by their own centre.
    pub fn build_repaired(&self) -> Result<(Puzzle, Vec<Piece>, Vec<String>), ShapeError> {
        let origin = origin_of(&self.target);
        let piece_origin = match self.mode {
            Mode::Anchored => origin,
            Mode::Free => origin_of(self.pieces.iter().flatten()),
        };
        let magnitude = BBox::of_rings(self.pieces.iter().flatten()).magnitude();
        let rel = self.tolerance.unwrap_or(crate::geom::Tol::REL);
        let target = Target::from_vertices_rel(&shifted(&self.target, origin), origin, magnitude, rel)?;
        let tol = target.tol;
        let mut repairs = target.repairs.clone();
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for (i, rings) in self.pieces.iter().enumerate() {
            let (piece, notes) = Piece::from_vertices_at(&shifted(rings, piece_origin), tol, i, piece_origin)?;
            repairs.extend(notes);
            pieces.push(piece);
        }
        let mut puzzle = Puzzle::new(target, self.mode, self.allow_mirror);
        puzzle.origins = [origin, piece_origin];
        Ok((puzzle, pieces, repairs))
    }
}

/// The syntax of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    Ron,
    Json,
}

impl Syntax {
    pub fn of(path: &Path) -> Option<Syntax> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "ron" => Some(Syntax::Ron),
            "json" => Some(Syntax::Json),
            _ => None,
        }
    }
}

/// Reads a file, refusing huge, unreadable or special ones (devices, pipes: only regular
/// files, links followed) with a readable reason. The limit holds for the bytes actually read,
/// not only the size the file system reports. Every command reads its files through here.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("file is {} bytes, more than the limit of {MAX_FILE_BYTES}", meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("file is more than the limit of {MAX_FILE_BYTES} bytes"));
    }
    Ok(bytes)
}

/// Reads a file as UTF-8 text through [`read_bytes`].
pub fn read_text(path: &Path) -> Result<String, String> {
    String::from_utf8(read_bytes(path)?).map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// Loads a puzzle file; the error names the problem (the caller adds the file name).
pub fn load_puzzle(path: &Path) -> Result<PuzzleFile, String> {
    let syntax = Syntax::of(path).ok_or("unknown extension: use .ron or .json")?;
    parse_puzzle(&read_text(path)?, syntax)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle<M> {
    target: Vec<Node>,
    pieces: Vec<Node>,
    mode: M,
    #[serde(default)]
    allow_mirror: bool,
    #[serde(default)]
    tolerance: Option<f64>,
}

/// The mode as JSON writes it (a string), with an error that says what was found instead.
/// RON writes it as a bare identifier and reads straight into [`Mode`].
struct JsonMode(Mode);

impl<'de> Deserialize<'de> for JsonMode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<JsonMode, D::Error> {
        match Node::deserialize(d)? {
            Node::Str(s) if s == "anchored" => Ok(JsonMode(Mode::Anchored)),
            Node::Str(s) if s == "free" => Ok(JsonMode(Mode::Free)),
            other => {
                Err(de::Error::custom(format!("mode: expected \"anchored\" or \"free\", found {}", other.describe())))
            }
        }
    }
}

/// Parses the text of a puzzle file.
pub fn parse_puzzle(text: &str, syntax: Syntax) -> Result<PuzzleFile, String> {
    if text.trim().is_empty() {
        return Err("file is empty".into());
    }
    let raw: RawPuzzle<Mode> = match syntax {
        Syntax::Json => {
            let r: RawPuzzle<JsonMode> = serde_json::from_str(text).map_err(|e| json_error(&e))?;
            RawPuzzle {
                target: r.target,
                pieces: r.pieces,
                mode: r.mode.0,
                allow_mirror: r.allow_mirror,
                tolerance: r.tolerance,
            }
        }
        Syntax::Ron => ron_options().from_str(text).map_err(|e| ron_error(&e))?,
    };
    let target =
        raw.target.iter().enumerate().map(|(i, n)| ring(n, &format!("target[{i}]"))).collect::<Result<Vec<_>, _>>()?;
    if target.is_empty() {
        return Err("target has no rings".into());
    }
    let pieces =
        raw.pieces.iter().enumerate().map(|(i, n)| piece(n, &format!("pieces[{i}]"))).collect::<Result<Vec<_>, _>>()?;
    check_counts(&target, &pieces.iter().map(Vec::as_slice).collect::<Vec<_>>())?;
    let tolerance = raw.tolerance.map(crate::geom::Tol::check_rel).transpose()?;
    Ok(PuzzleFile { target, pieces, mode: raw.mode, allow_mirror: raw.allow_mirror, tolerance })
}

/// A file for `tessera solve`: a target, and the pieces to fill it with (a built-in set's name
/// or rings in local coordinates), without placements.
#[derive(Clone, Debug)]
pub struct SolveFile {
    pub target: Vec<Vec<Vertex>>,
    pub set: crate::pieces::PieceSet,
    /// The tolerance as a fraction of the figure's size (`None`: [`crate::geom::Tol::REL`]).
    pub tolerance: Option<f64>,
    /// `allow_mirror` as written: `Some(false)` keeps pieces unmirrored; absent, the solvers
    /// may mirror them (as they always have).
    pub allow_mirror: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSolve {
    target: Vec<Node>,
    pieces: Node,
    /// Accepted for symmetry with puzzle files; solving ignores it.
    #[serde(default)]
    #[allow(dead_code)]
    mode: Option<Node>,
    #[serde(default)]
    allow_mirror: Option<bool>,
    #[serde(default)]
    rotation_step: Option<Node>,
    #[serde(default)]
    tolerance: Option<f64>,
}

/// Most pieces in one solve file (the search goes one level deeper per piece).
pub const MAX_SOLVE_PIECES: usize = 500;

/// Loads a solve file; the error names the problem (the caller adds the file name).
pub fn load_solve(path: &Path) -> Result<SolveFile, String> {
    let syntax = Syntax::of(path).ok_or("unknown extension: use .ron or .json")?;
    parse_solve(&read_text(path)?, syntax)
}

/// RON as the project writes it: optional fields plainly (`rotation_step: 90`, not
/// `Some(90)`; both are read).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// A RON error in plain words, with its line.
pub fn ron_error(e: &ron::error::SpannedError) -> String {
    format!("line {}, column {}: {}", e.span.start.line, e.span.start.col, ron_problem(&e.code))
}

/// What a RON error says, in plain words (no advice about parser options).
pub fn ron_problem(code: &ron::Error) -> String {
    match code {
        ron::Error::ExceededRecursionLimit => "the file nests lists or maps too deeply".to_string(),
        other => other.to_string(),
    }
}

/// A JSON error in plain words (serde_json already gives the line).
fn json_error(e: &serde_json::Error) -> String {
    let s = e.to_string();
    if s.starts_with("recursion limit exceeded") {
        return format!("the file nests lists or maps too deeply (line {})", e.line());
    }
    s
}

/// Parses the text of a solve file.
pub fn parse_solve(text: &str, syntax: Syntax) -> Result<SolveFile, String> {
    if text.trim().is_empty() {
        return Err("file is empty".into());
    }
    let raw: RawSolve = match syntax {
        Syntax::Json => serde_json::from_str(text).map_err(|e| json_error(&e))?,
        Syntax::Ron => ron_options().from_str(text).map_err(|e| ron_error(&e))?,
    };
    let target =
        raw.target.iter().enumerate().map(|(i, n)| ring(n, &format!("target[{i}]"))).collect::<Result<Vec<_>, _>>()?;
    if target.is_empty() {
        return Err("target has no rings".into());
    }
    let step = match &raw.rotation_step {
        None => None,
        Some(Node::Num(x)) => Some(*x),
        Some(other) => {
            return Err(format!("`rotation_step`: expected a number of degrees, found {}", other.describe()))
        }
    };
    let mut set = match &raw.pieces {
        Node::Str(name) => crate::pieces::PieceSet::builtin(name)
            .ok_or_else(|| format!("unknown piece set `{name}` (built in: {})", crate::pieces::BUILTIN.join(", ")))?,
        Node::List(items) if !items.is_empty() => crate::pieces::PieceSet {
            name: "custom".into(),
            step_deg: 45.0,
            pieces: items
                .iter()
                .enumerate()
                .map(|(k, n)| {
                    piece(n, &format!("pieces[{k}]"))
                        .map(|rings| crate::pieces::PieceDef { name: format!("piece {k}"), rings })
                })
                .collect::<Result<_, _>>()?,
        },
        other => return Err(format!("`pieces` must name a set or list pieces, found {}", other.describe())),
    };
    if let Some(step) = step {
        crate::pieces::check_step(step)?;
        set.step_deg = step;
    }
    if set.pieces.len() > MAX_SOLVE_PIECES {
        return Err(format!("{} pieces is more than the limit of {MAX_SOLVE_PIECES} for solving", set.pieces.len()));
    }
    check_counts(&target, &set.pieces.iter().map(|p| p.rings.as_slice()).collect::<Vec<_>>())?;
    let tolerance = raw.tolerance.map(crate::geom::Tol::check_rel).transpose()?;
    Ok(SolveFile { target, set, tolerance, allow_mirror: raw.allow_mirror })
}

/// Any value of the file, kept loose so that the shape errors can say where they are.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Num(f64),
    Bool(bool),
    Str(String),
    List(Vec<Node>),
    Map(Vec<(String, Node)>),
    Other(String),
}

impl Node {
    pub fn describe(&self) -> String {
        match self {
            Node::Num(x) => format!("the number {x}"),
            Node::Bool(b) => format!("the boolean {b}"),
            Node::Str(s) => format!("the string {s:?}"),
            Node::List(l) => format!("a list of {}", l.len()),
            Node::Map(_) => "a map".into(),
            Node::Other(s) => s.clone(),
        }
    }
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

pub(crate) fn point(n: &Node, at: &str) -> Result<Pt, String> {
    match n {
        Node::List(l) if l.len() == 2 => match (&l[0], &l[1]) {
            (Node::Num(x), Node::Num(y)) => {
                if !(x.is_finite() && y.is_finite()) {
                    Err(format!("{at}: coordinate is NaN or infinite"))
                } else if x.abs().max(y.abs()) > MAX_COORDINATE {
                    Err(format!("{at}: coordinate beyond ±{MAX_COORDINATE:e}"))
                } else {
                    Ok(pt(*x, *y))
                }
            }
            _ => Err(format!("{at}: a point is two numbers [x, y]")),
        },
        other => Err(format!("{at}: expected a point [x, y], found {}", other.describe())),
    }
}

fn vertex(n: &Node, at: &str) -> Result<Vertex, String> {
    match n {
        Node::List(_) => Ok(point(n, at)?.into()),
        Node::Map(m) => {
            for (k, _) in m {
                if k != "at" && k != "arc" {
                    return Err(format!("{at}: unknown key `{k}` (a vertex has `at` and `arc`)"));
                }
            }
            let p = point(n.get("at").ok_or(format!("{at}: vertex has no `at`"))?, &format!("{at}.at"))?;
            let arc = match n.get("arc") {
                None => None,
                Some(a @ Node::Map(_)) => {
                    let c = a.get("center").ok_or(format!("{at}.arc: missing `center`"))?;
                    let center = point(c, &format!("{at}.arc.center"))?;
                    let ccw = match a.get("ccw") {
                        Some(Node::Bool(b)) => *b,
                        Some(o) => return Err(format!("{at}.arc.ccw: expected true or false, found {}", o.describe())),
                        None => return Err(format!("{at}.arc: missing `ccw`")),
                    };
                    Some(ArcTo { center, ccw })
                }
                Some(o) => return Err(format!("{at}.arc: expected {{center, ccw}}, found {}", o.describe())),
            };
            Ok(Vertex { at: p, arc })
        }
        other => Err(format!("{at}: expected a vertex, found {}", other.describe())),
    }
}

pub(crate) fn ring(n: &Node, at: &str) -> Result<Vec<Vertex>, String> {
    match n {
        Node::List(l) => l.iter().enumerate().map(|(i, v)| vertex(v, &format!("{at}[{i}]"))).collect(),
        other => Err(format!("{at}: expected a ring (a list of vertices), found {}", other.describe())),
    }
}

/// A piece is a ring, or a list of rings. A ring's elements are vertices (points or maps); a
/// list of rings has lists of vertices as elements.
pub(crate) fn piece(n: &Node, at: &str) -> Result<Vec<Vec<Vertex>>, String> {
    let is_ring_list = match n {
        Node::List(l) => {
            matches!(l.first(), Some(Node::List(inner)) if matches!(inner.first(), Some(Node::List(_) | Node::Map(_))))
        }
        _ => false,
    };
    if is_ring_list {
        let Node::List(l) = n else { unreachable!() };
        l.iter().enumerate().map(|(i, r)| ring(r, &format!("{at}[{i}]"))).collect()
    } else {
        Ok(vec![ring(n, at)?])
    }
}

/// Written back as read: numbers, lists (a pair of numbers as a tuple `(x, y)`, the way
/// points are written), maps with their keys.
impl serde::Serialize for Node {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq, SerializeTuple};
        match self {
            Node::Num(v) if v.fract() == 0.0 && v.abs() < 1e15 => s.serialize_i64(*v as i64),
            Node::Num(v) => s.serialize_f64(*v),
            Node::Bool(b) => s.serialize_bool(*b),
            Node::Str(t) => s.serialize_str(t),
            Node::List(v) if v.len() == 2 && v.iter().all(|n| matches!(n, Node::Num(_))) => {
                let mut t = s.serialize_tuple(2)?;
                for n in v {
                    t.serialize_element(n)?;
                }
                t.end()
            }
            Node::List(v) => {
                let mut q = s.serialize_seq(Some(v.len()))?;
                for n in v {
                    q.serialize_element(n)?;
                }
                q.end()
            }
            Node::Map(v) => {
                let mut m = s.serialize_map(Some(v.len()))?;
                for (k, n) in v {
                    m.serialize_entry(k, n)?;
                }
                m.end()
            }
            Node::Other(_) => s.serialize_unit(),
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, a list or a map")
    }
    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Num(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Num(v as f64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Num(v as f64))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Bool(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Str(v.to_string()))
    }
    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Other("nothing".into()))
    }
    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Other("nothing".into()))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut v = Vec::new();
        while let Some(n) = seq.next_element()? {
            v.push(n);
        }
        Ok(Node::List(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut v = Vec::new();
        while let Some((k, n)) = map.next_entry::<String, Node>()? {
            v.push((k, n));
        }
        Ok(Node::Map(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_ron_read_the_same_puzzle() {
        let json = r#"{"target": [[[0,0],[2,0],[2,1],{"at":[0,1],"arc":{"center":[0,0.5],"ccw":true}}]],
            "pieces": [[[0,0],[1,0],[1,1],[0,1]], [[[1,0],[2,0],[2,1],[1,1]]]], "mode": "anchored"}"#;
        let ron = r#"(target: [[(0,0),(2,0),(2,1),(at: (0,1), arc: (center: (0,0.5), ccw: true))]],
            pieces: [[(0,0),(1,0),(1,1),(0,1)], [[(1,0),(2,0),(2,1),(1,1)]]], mode: anchored)"#;
        let a = parse_puzzle(json, Syntax::Json).unwrap();
        let b = parse_puzzle(ron, Syntax::Ron).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.pieces.len(), 2);
        assert_eq!(a.target[0][3].arc, Some(ArcTo { center: pt(0.0, 0.5), ccw: true }));
        assert!(!a.allow_mirror);
    }

    #[test]
    fn shape_errors_say_where() {
        let bad = r#"{"target": [[[0,0],[1,0],[1,"x"]]], "pieces": [], "mode": "free"}"#;
        let e = parse_puzzle(bad, Syntax::Json).unwrap_err();
        assert!(e.contains("target[0][2]"), "{e}");
        let bad = r#"{"target": [[[0,0],[1,0],[1,1]]], "pieces": [], "mode": "sideways"}"#;
        let e = parse_puzzle(bad, Syntax::Json).unwrap_err();
        assert!(e.contains("expected \"anchored\" or \"free\", found the string \"sideways\""), "{e}");
        assert_eq!(parse_puzzle("  \n", Syntax::Ron).unwrap_err(), "file is empty");
        let bad = r#"{"target": [[[0,0],[1,0],[1,1]]], "pieces": [], "mode": "free", "alow_mirror": true}"#;
        assert!(parse_puzzle(bad, Syntax::Json).unwrap_err().contains("unknown field"));
    }
}
