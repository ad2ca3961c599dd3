//! Level packs: RON files under `levels/` (embedded in the binary) and in the user's data
//! directory. The schema is documented in `levels/README.md`.

use crate::format::{piece, ring, Node};
use crate::geom::Vertex;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::verify::{Mode, Piece, Puzzle, Target};
use serde::Deserialize;
use std::fmt;

/// The packs shipped inside the binary: (pack id, file name, text).
pub const EMBEDDED: [(&str, &str, &str); 4] = [
    ("classic", "levels/classic.ron", include_str!("../levels/classic.ron")),
    ("sets", "levels/sets.ron", include_str!("../levels/sets.ron")),
    ("polyominoes", "levels/polyominoes.ron", include_str!("../levels/polyominoes.ron")),
    ("edge", "levels/edge.ron", include_str!("../levels/edge.ron")),
];

/// A problem with a pack file, with where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.file, l, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// One level, validated.
#[derive(Clone, Debug)]
pub struct Level {
    pub id: String,
    pub name: String,
    pub family: String,
    pub difficulty: u8,
    pub set: PieceSet,
    pub target: Vec<Vec<Vertex>>,
    pub mode: Mode,
    pub allow_mirror: bool,
    pub solution: Vec<Placement>,
    /// Line of the level's `id` in its file.
    pub line: usize,
    /// Polyomino levels: the board and the parts (the pieces are their outlines).
    pub poly: Option<PolyLevel>,
    /// Edge-matching levels: the puzzle (the pieces are its tiles, unit squares).
    pub edge: Option<EdgeLevel>,
}

/// An edge-matching level; `unique`: the level promises one solution (up to turning the whole
/// board when tiles turn), which `check-levels` verifies.
#[derive(Clone, Debug)]
pub struct EdgeLevel {
    pub puzzle: crate::edge::Puzzle,
    pub unique: bool,
}

/// A polyomino packing level: piece `i` of the set is part `i`.
#[derive(Clone, Debug)]
pub struct PolyLevel {
    pub board: crate::polyform::pack::Board,
    pub parts: Vec<crate::polyform::pack::PartSpec>,
}

impl PolyLevel {
    /// Which part each piece is (one piece per part).
    pub fn piece_part(&self) -> Vec<usize> {
        (0..self.parts.len()).collect()
    }

    /// Judges placements of pieces.
    pub fn judge(&self, placed: &[Placement]) -> crate::polyform::play::Judgement {
        let pairs: Vec<(usize, Placement)> = placed.iter().map(|p| (p.piece, *p)).collect();
        crate::polyform::play::judge(&self.board, &self.parts, &pairs)
    }

    /// A 3D piece's squares in its drawing (local coordinates) under rotation `rot`.
    pub fn rings(&self, piece: usize, rot: i32) -> Vec<Vec<Vertex>> {
        let stride = crate::polyform::play::layer_stride(&self.board).unwrap_or(0);
        let cells = crate::polyform::play::orient(&self.parts[piece].cells, rot);
        crate::polyform::play::layer_squares(&cells, stride).into_iter().map(|(x, y)| unit_square(x, y)).collect()
    }

    /// Solves the board with the packer (first solution).
    pub fn solve(&self, max_nodes: u64) -> crate::polyform::pack::PackOutcome {
        let opts = crate::polyform::pack::PackOptions {
            stop: 1,
            max_nodes,
            ..crate::polyform::pack::PackOptions::new(self.board.dim)
        };
        crate::polyform::pack::solve(&self.board, &self.parts, &opts)
    }
}

impl Level {
    /// The prepared target with its rules.
    pub fn puzzle(&self) -> Puzzle {
        let target = Target::from_vertices(&self.target).expect("validated when the pack was loaded");
        Puzzle::new(target, self.mode, self.allow_mirror)
    }

    /// For sets that turn in 45-degree steps (the lattice solver's sets): the frame of the
    /// reference solution, 0 if its pieces sit on the integer lattice, 1 if the figure is
    /// turned by 45 degrees. `None` for other sets.
    pub fn lattice_turn(&self) -> Option<i32> {
        (self.set.step_deg == 45.0).then(|| self.solution.first().map_or(0, |s| s.rot.rem_euclid(2)))
    }

    /// A polycube level's board and parts: a 3D board, drawn layer by layer.
    pub fn polycube(&self) -> Option<&PolyLevel> {
        self.poly.as_ref().filter(|p| p.board.dim == 3)
    }

    /// Pieces in world coordinates for a list of placements.
    pub fn place(&self, placements: &[Placement]) -> Vec<Vec<Vec<Vertex>>> {
        placements
            .iter()
            .map(|p| match self.polycube() {
                // A 3D piece's rotation changes its drawing; the drawing only moves.
                Some(poly) => {
                    let shift =
                        crate::geom::Motion { shift: crate::geom::pt(p.at.0, p.at.1), ..crate::geom::Motion::IDENTITY };
                    poly.rings(p.piece, p.rot).iter().map(|r| crate::pieces::move_ring(r, &shift)).collect()
                }
                None => p.apply(&self.set.pieces[p.piece], self.set.step()),
            })
            .collect()
    }

    /// Judges the stored reference solution.
    pub fn check_solution(&self) -> Result<(), String> {
        if self.solution.is_empty() {
            return Err("no reference solution".into());
        }
        let mut used = vec![false; self.set.pieces.len()];
        for p in &self.solution {
            if std::mem::replace(&mut used[p.piece], true) {
                return Err(format!("the solution places piece {} twice", p.piece));
            }
        }
        if let Some(e) = &self.edge {
            let j = crate::edge::play::judge(&e.puzzle, &self.solution);
            return if j.solved {
                Ok(())
            } else {
                Err(format!(
                    "the reference solution does not match (matched {:.3}, {} mismatched sides)",
                    j.progress,
                    j.mismatches.len()
                ))
            };
        }
        if let Some(poly) = &self.poly {
            let j = poly.judge(&self.solution);
            return if j.solved {
                Ok(())
            } else {
                Err(format!(
                    "the reference solution does not cover the board (filled {:.3}, overlap {})",
                    j.progress, j.overlap
                ))
            };
        }
        let puzzle = self.puzzle();
        let pieces = self
            .place(&self.solution)
            .iter()
            .enumerate()
            .map(|(i, r)| Piece::from_vertices(r, puzzle.target.tol, i).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let v = puzzle.judge(&pieces);
        if v.solved {
            Ok(())
        } else {
            Err(format!("the reference solution does not verify (progress {:.3}, overlap {})", v.progress, v.overlap))
        }
    }
}

/// A pack of levels.
#[derive(Clone, Debug)]
pub struct Pack {
    /// Short id (the file stem), used as `PACK` in `PACK/ID`.
    pub id: String,
    pub name: String,
    pub author: String,
    pub version: u32,
    pub file: String,
    pub levels: Vec<Level>,
}

fn one() -> u32 {
    1
}
fn one_u8() -> u8 {
    1
}
fn step45() -> f64 {
    45.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPack {
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default = "one")]
    version: u32,
    levels: Vec<RawLevel>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    id: String,
    name: String,
    #[serde(default)]
    family: Option<String>,
    #[serde(default = "one_u8")]
    difficulty: u8,
    #[serde(default)]
    pieces: Option<Node>,
    #[serde(default = "step45")]
    rotation_step: f64,
    #[serde(default)]
    target: Vec<Node>,
    #[serde(default)]
    board: Option<RawBoard>,
    #[serde(default)]
    edge: Option<crate::edge::RawPuzzle>,
    #[serde(default)]
    unique: bool,
    #[serde(default)]
    mode: Option<Mode>,
    #[serde(default)]
    allow_mirror: bool,
    #[serde(default)]
    solution: Vec<Placement>,
}

/// A polyomino board: a box of `size` cells (x, y) without the `holes`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    size: Vec<i32>,
    #[serde(default)]
    holes: Vec<Vec<i32>>,
}

/// The unit square with lowest corner (x, y): one board cell of a grid level's target.
fn unit_square(x: i32, y: i32) -> Vec<Vertex> {
    let (x, y) = (x as f64, y as f64);
    [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
        .iter()
        .map(|&(a, b)| Vertex::from(crate::geom::pt(a, b)))
        .collect()
}

/// A polyomino level's set, board and target (the board's cells as unit squares).
fn poly_level(pieces: &Node, board: &RawBoard) -> Result<(PieceSet, PolyLevel, Vec<Vec<Vertex>>), String> {
    use crate::polyform::pack::{Board, PartSpec};
    let parts: Vec<PartSpec> = match pieces {
        Node::Str(name) => {
            let set = crate::polyform::builtin_set(name).ok_or_else(|| {
                format!("unknown part set `{name}` (built in: {})", crate::polyform::BUILTIN_SETS.join(", "))
            })?;
            set.parts.into_iter().map(|(name, cells)| PartSpec { name, cells, count: Some(1) }).collect()
        }
        Node::List(items) => items
            .iter()
            .enumerate()
            .map(|(k, n)| match n {
                Node::Str(s) => {
                    let (cells, _) = crate::polyform::parse_part(s).map_err(|e| format!("pieces[{k}]: {e}"))?;
                    Ok(PartSpec { name: format!("part {k}"), cells, count: Some(1) })
                }
                _ => Err(format!("pieces[{k}]: a part is written like \"[0,0][1,0][2,0]\"")),
            })
            .collect::<Result<_, _>>()?,
        other => return Err(format!("`pieces` must name a part set or list parts, found {}", other.describe())),
    };
    let b = match board.size.as_slice() {
        [x, y] if *x <= 64 && *y <= 64 => Board::boxed(*x, *y, 0)?,
        [_, _, z] if *z < 1 => return Err("a 3D board needs at least one layer".into()),
        [x, y, z] if *x <= 16 && *y <= 16 && *z <= 16 => Board::boxed(*x, *y, *z)?,
        [_, _] | [_, _, _] => return Err("board sides are at most 64 (16 for a 3D board)".into()),
        _ => return Err(format!("board `size` is [x, y] or [x, y, z], found {} numbers", board.size.len())),
    };
    let holes: Vec<[i32; 3]> = board
        .holes
        .iter()
        .map(|h| match (h.as_slice(), b.dim) {
            ([x, y], 2) => Ok([*x, *y, 0]),
            ([x, y, z], 3) => Ok([*x, *y, *z]),
            _ => Err(format!(
                "hole [{}] is not [x, y{}]",
                h.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
                if b.dim == 3 { ", z" } else { "" }
            )),
        })
        .collect::<Result<_, _>>()?;
    let b = if holes.is_empty() { b } else { b.without(&holes)? };
    let poly = PolyLevel { board: b, parts };
    let Some(stride) = crate::polyform::play::layer_stride(&poly.board) else {
        if let Some(p) = poly.parts.iter().find(|p| p.cells.iter().any(|c| c[2] != 0)) {
            return Err(format!("{} is a 3D part; a 2D board needs flat parts", p.name));
        }
        let pieces = poly
            .parts
            .iter()
            .map(|p| {
                let flat: Vec<(i32, i32)> = p.cells.iter().map(|c| (c[0], c[1])).collect();
                let ring = crate::pieces::cells_outline(&flat)
                    .ok_or_else(|| format!("{} has a hole; parts must be simply connected", p.name))?;
                Ok(PieceDef { name: p.name.clone(), rings: vec![ring.into_iter().map(Vertex::from).collect()] })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let target = poly.board.cells.iter().map(|c| unit_square(c[0], c[1])).collect();
        return Ok((PieceSet { name: "polyomino".into(), pieces, step_deg: 90.0 }, poly, target));
    };
    // A 3D board and its pieces are drawn layer by layer, side by side.
    let pieces =
        (0..poly.parts.len()).map(|i| PieceDef { name: poly.parts[i].name.clone(), rings: poly.rings(i, 0) }).collect();
    let target = crate::polyform::play::layer_squares(&poly.board.cells, stride)
        .into_iter()
        .map(|(x, y)| unit_square(x, y))
        .collect();
    Ok((PieceSet { name: "polycube".into(), pieces, step_deg: 90.0 }, poly, target))
}

/// Parses and validates a pack. `file` names it in errors; `id` is its short id.
pub fn parse_pack(text: &str, file: &str, id: &str) -> Result<Pack, LoadError> {
    let err = |line: Option<usize>, message: String| LoadError { file: file.into(), line, message };
    if text.trim().is_empty() {
        return Err(err(None, "file is empty".into()));
    }
    // Optional fields are written plainly (`mode: anchored`, not `mode: Some(anchored)`).
    let ron_options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawPack =
        ron_options.from_str(text).map_err(|e| err(Some(e.span.start.line), crate::format::ron_problem(&e.code)))?;
    check_id(id, "pack").map_err(|m| err(None, m))?;
    if raw.levels.len() > MAX_LEVELS {
        return Err(err(None, format!("{} levels is more than the limit of {MAX_LEVELS} per pack", raw.levels.len())));
    }
    let mut levels = Vec::with_capacity(raw.levels.len());
    for l in raw.levels {
        let line = line_of_id(text, &l.id);
        let fail = |m: String| err(line, format!("level `{}`: {m}", l.id));
        check_id(&l.id, "level").map_err(|m| err(line, m))?;
        if levels.iter().any(|x: &Level| x.id == l.id) {
            return Err(fail("this id is used twice in the pack".into()));
        }
        if !(1..=MAX_DIFFICULTY).contains(&l.difficulty) {
            return Err(fail(format!("difficulty is {}: it must be from 1 to {MAX_DIFFICULTY}", l.difficulty)));
        }
        if l.family.as_deref() == Some("edge") {
            let raw = l.edge.as_ref().ok_or_else(|| fail("an edge level needs an `edge` puzzle".into()))?;
            let puzzle = raw.build().map_err(&fail)?;
            let pieces = (0..puzzle.tiles.len())
                .map(|k| PieceDef { name: format!("tile {k}"), rings: vec![unit_square(0, 0)] })
                .collect();
            // Cell (x, row) from the top-left is the world cell (x, rows - 1 - row).
            let target = (0..puzzle.cells())
                .map(|c| unit_square((c % puzzle.cols) as i32, (puzzle.rows - 1 - c / puzzle.cols) as i32))
                .collect();
            if let Some(p) = l.solution.iter().find(|p| p.piece >= puzzle.tiles.len()) {
                return Err(fail(format!("the solution names tile {} but there are {}", p.piece, puzzle.tiles.len())));
            }
            levels.push(Level {
                family: "edge".into(),
                id: l.id,
                name: l.name,
                difficulty: l.difficulty,
                set: PieceSet { name: "tiles".into(), pieces, step_deg: 90.0 },
                target,
                mode: Mode::Anchored,
                allow_mirror: false,
                solution: l.solution,
                line: line.unwrap_or(0),
                poly: None,
                edge: Some(EdgeLevel { puzzle, unique: l.unique }),
            });
            continue;
        }
        if l.family.as_deref() == Some("polyomino") {
            let board = l.board.as_ref().ok_or_else(|| fail("a polyomino level needs a `board`".into()))?;
            let pieces = l.pieces.as_ref().ok_or_else(|| fail("missing field `pieces`".into()))?;
            let (set, poly, target) = poly_level(pieces, board).map_err(&fail)?;
            if let Some(p) = l.solution.iter().find(|p| p.piece >= set.pieces.len()) {
                return Err(fail(format!(
                    "the solution names piece {} but there are {} parts",
                    p.piece,
                    set.pieces.len()
                )));
            }
            levels.push(Level {
                family: "polyomino".into(),
                id: l.id,
                name: l.name,
                difficulty: l.difficulty,
                set,
                target,
                mode: Mode::Anchored,
                allow_mirror: false,
                solution: l.solution,
                line: line.unwrap_or(0),
                poly: Some(poly),
                edge: None,
            });
            continue;
        }
        if l.board.is_some() {
            return Err(fail("`board` is for polyomino levels (family: \"polyomino\")".into()));
        }
        let mode = l.mode.ok_or_else(|| fail("missing field `mode` (anchored or free)".into()))?;
        let set = match l.pieces.as_ref().ok_or_else(|| fail("missing field `pieces`".into()))? {
            Node::Str(name) => PieceSet::builtin(name).ok_or_else(|| {
                fail(format!("unknown piece set `{name}` (built in: {})", crate::pieces::BUILTIN.join(", ")))
            })?,
            Node::List(items) => PieceSet {
                name: "custom".into(),
                step_deg: l.rotation_step,
                pieces: items
                    .iter()
                    .enumerate()
                    .map(|(k, n)| {
                        piece(n, &format!("pieces[{k}]")).map(|rings| PieceDef { name: format!("piece {k}"), rings })
                    })
                    .collect::<Result<_, _>>()
                    .map_err(&fail)?,
            },
            other => return Err(fail(format!("`pieces` must name a set or list pieces, found {}", other.describe()))),
        };
        crate::pieces::check_step(set.step_deg).map_err(&fail)?;
        let target = l
            .target
            .iter()
            .enumerate()
            .map(|(k, n)| ring(n, &format!("target[{k}]")))
            .collect::<Result<Vec<_>, _>>()
            .map_err(&fail)?;
        let t = Target::from_vertices(&target).map_err(|e| fail(e.to_string()))?;
        for (k, p) in set.pieces.iter().enumerate() {
            Piece::from_vertices(&p.rings, t.tol, k).map_err(|e| fail(e.to_string()))?;
        }
        if let Some(p) = l.solution.iter().find(|p| p.piece >= set.pieces.len()) {
            return Err(fail(format!("the solution names piece {} but the set has {}", p.piece, set.pieces.len())));
        }
        levels.push(Level {
            family: l.family.unwrap_or_else(|| "tangram".into()),
            id: l.id,
            name: l.name,
            difficulty: l.difficulty,
            set,
            target,
            mode,
            allow_mirror: l.allow_mirror,
            solution: l.solution,
            line: line.unwrap_or(0),
            poly: None,
            edge: None,
        });
    }
    if levels.is_empty() {
        return Err(err(None, "the pack has no levels".into()));
    }
    Ok(Pack { id: id.into(), name: raw.name, author: raw.author, version: raw.version, file: file.into(), levels })
}

/// Most levels in one pack.
pub const MAX_LEVELS: usize = 1000;
/// Difficulty runs from 1 to this (stars in the level list).
pub const MAX_DIFFICULTY: u8 = 5;

/// Checks a pack or level id: 1 to 64 letters, digits, `-` or `_` (ids become parts of the
/// `PACK/ID` addresses and of the save file's keys).
pub fn check_id(id: &str, what: &str) -> Result<(), String> {
    let ok = !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        let shown: String = id.chars().take(64).collect();
        Err(format!("{what} id `{shown}` must be 1 to 64 letters, digits, `-` or `_`"))
    }
}

/// 1-based line of `id: "<id>"` in the text.
fn line_of_id(text: &str, id: &str) -> Option<usize> {
    let quoted = format!("\"{id}\"");
    text.lines().position(|l| l.contains("id:") && l.contains(&quoted)).map(|i| i + 1)
}

/// The embedded packs (they are checked by the tests, so they always load).
pub fn embedded_packs() -> Vec<Pack> {
    EMBEDDED
        .iter()
        .map(|(id, file, text)| parse_pack(text, file, id).unwrap_or_else(|e| panic!("embedded pack: {e}")))
        .collect()
}

/// Loads every `*.ron` pack in a directory (sorted by name). Bad packs are reported, not
/// fatal: the good ones still load.
pub fn load_dir(dir: &std::path::Path) -> (Vec<Pack>, Vec<LoadError>) {
    let mut packs = Vec::new();
    let mut errors = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (packs, errors);
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    for path in paths {
        let file = path.display().to_string();
        let id = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match crate::format::read_text(&path) {
            Ok(text) => match parse_pack(&text, &file, &id) {
                Ok(p) => packs.push(p),
                Err(e) => errors.push(e),
            },
            Err(message) => errors.push(LoadError { file, line: None, message }),
        }
    }
    (packs, errors)
}

/// Loads the player's own packs: as [`load_dir`], but a pack named like a built-in one is
/// refused (two levels would share one `PACK/ID` address and one saved record).
pub fn load_user_dir(dir: &std::path::Path) -> (Vec<Pack>, Vec<LoadError>) {
    let (packs, mut errors) = load_dir(dir);
    let (clashing, packs): (Vec<Pack>, Vec<Pack>) =
        packs.into_iter().partition(|p| EMBEDDED.iter().any(|(id, _, _)| *id == p.id));
    for p in clashing {
        let message = format!("a user pack may not take the name of the built-in pack `{}`: rename the file", p.id);
        errors.push(LoadError { file: p.file, line: None, message });
    }
    (packs, errors)
}

/// All packs the game would load: the embedded ones, then the player's, with load errors.
pub fn all_packs() -> (Vec<Pack>, Vec<LoadError>) {
    let mut packs = embedded_packs();
    let (user, errors) = load_user_dir(&crate::paths::user_levels_dir());
    packs.extend(user);
    (packs, errors)
}
