//! Level packs: RON files under `levels/` (embedded in the binary) and in the user's data
//! directory. The schema is documented in `levels/README.md`.

use crate::format::{piece, ring, Node};
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::verify::{Mode, Piece, Puzzle, Target};
use crate::geom::Vertex;
use serde::Deserialize;
use std::fmt;

/// The packs shipped inside the binary: (pack id, file name, text).
pub const EMBEDDED: [(&str, &str, &str); 2] = [
    ("classic", "levels/classic.ron", include_str!("../levels/classic.ron")),
    ("sets", "levels/sets.ron", include_str!("../levels/sets.ron")),
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

    /// Pieces in world coordinates for a list of placements.
    pub fn place(&self, placements: &[Placement]) -> Vec<Vec<Vec<Vertex>>> {
        placements.iter().map(|p| p.apply(&self.set.pieces[p.piece], self.set.step())).collect()
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
    pieces: Node,
    #[serde(default = "step45")]
    rotation_step: f64,
    target: Vec<Node>,
    mode: Mode,
    #[serde(default)]
    allow_mirror: bool,
    #[serde(default)]
    solution: Vec<Placement>,
}

/// Parses and validates a pack. `file` names it in errors; `id` is its short id.
pub fn parse_pack(text: &str, file: &str, id: &str) -> Result<Pack, LoadError> {
    let err = |line: Option<usize>, message: String| LoadError { file: file.into(), line, message };
    if text.trim().is_empty() {
        return Err(err(None, "file is empty".into()));
    }
    let raw: RawPack = ron::from_str(text).map_err(|e| err(Some(e.span.start.line), e.code.to_string()))?;
    let mut levels = Vec::with_capacity(raw.levels.len());
    for l in raw.levels {
        let line = line_of_id(text, &l.id);
        let fail = |m: String| err(line, format!("level `{}`: {m}", l.id));
        if levels.iter().any(|x: &Level| x.id == l.id) {
            return Err(fail("this id is used twice in the pack".into()));
        }
        let set = match &l.pieces {
            Node::Str(name) => PieceSet::builtin(name)
                .ok_or_else(|| fail(format!("unknown piece set `{name}` (built in: {})", crate::pieces::BUILTIN.join(", "))))?,
            Node::List(items) => PieceSet {
                name: "custom".into(),
                step_deg: l.rotation_step,
                pieces: items
                    .iter()
                    .enumerate()
                    .map(|(k, n)| piece(n, &format!("pieces[{k}]")).map(|rings| PieceDef { name: format!("piece {k}"), rings }))
                    .collect::<Result<_, _>>()
                    .map_err(&fail)?,
            },
            other => return Err(fail(format!("`pieces` must name a set or list pieces, found {other:?}"))),
        };
        if !(set.step_deg > 0.0 && set.step_deg <= 360.0) {
            return Err(fail("`rotation_step` must be in (0, 360] degrees".into()));
        }
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
            mode: l.mode,
            allow_mirror: l.allow_mirror,
            solution: l.solution,
            line: line.unwrap_or(0),
        });
    }
    if levels.is_empty() {
        return Err(err(None, "the pack has no levels".into()));
    }
    Ok(Pack { id: id.into(), name: raw.name, author: raw.author, version: raw.version, file: file.into(), levels })
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
