//! Level packs: RON files under `levels/` (embedded in the binary) and in the user's data
//! directory. The schema is documented in `levels/README.md`.

use crate::family::{Caps, Family, Hint, Judgement};
pub use crate::family::{EdgeLevel, PolyLevel};
use crate::format::Node;
use crate::geom::ring::Side;
use crate::geom::{pt, Motion, Vertex};
use crate::pieces::{inner_point, ring_centroid, PieceSet, Placement};
use crate::verify::{Mode, Puzzle, Target};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

/// The packs shipped inside the binary: (pack id, file name, text).
pub const EMBEDDED: [(&str, &str, &str); 7] = [
    ("classic", "levels/classic.ron", include_str!("../levels/classic.ron")),
    ("sets", "levels/sets.ron", include_str!("../levels/sets.ron")),
    ("curved", "levels/curved.ron", include_str!("../levels/curved.ron")),
    ("sliding", "levels/sliding.ron", include_str!("../levels/sliding.ron")),
    ("polyominoes", "levels/polyominoes.ron", include_str!("../levels/polyominoes.ron")),
    ("polycubes", "levels/polycubes.ron", include_str!("../levels/polycubes.ron")),
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

/// One level, validated. Its rules are its family's: the game and the commands ask
/// [`Level::caps`], [`Level::judge`], [`Level::hint`], [`Level::check_solution`] and
/// [`Level::prove`], which hand over to [`Family`].
#[derive(Clone, Debug)]
pub struct Level {
    pub id: String,
    pub name: String,
    pub family: &'static dyn Family,
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
    /// The tolerance as a fraction of the figure's size (`None`: [`crate::geom::Tol::REL`]).
    pub tolerance: Option<f64>,
    /// The entry as its file wrote it.
    pub entry: Arc<Entry>,
    /// The figure prepared for judging, built on first use and shared by clones.
    prepared: Arc<OnceLock<Puzzle>>,
}

impl Level {
    /// The prepared target with its rules.
    pub fn puzzle(&self) -> Puzzle {
        self.prepared().clone()
    }

    /// The prepared target with its rules, built once per level.
    pub fn prepared(&self) -> &Puzzle {
        self.prepared.get_or_init(|| {
            let rel = self.tolerance.unwrap_or(crate::geom::Tol::REL);
            let target = Target::from_vertices_rel(&self.target, pt(0.0, 0.0), 0.0, rel)
                .expect("validated when the pack was loaded");
            Puzzle::new(target, self.mode, self.allow_mirror)
        })
    }

    /// For straight sets on the lattice that turn in 45-degree steps (the lattice solver's
    /// sets): the frame of the reference solution, 0 if its pieces sit on the integer lattice,
    /// 1 if the figure is turned by 45 degrees. `None` for other sets (curved ones included).
    pub fn lattice_turn(&self) -> Option<i32> {
        (self.set.step_deg == 45.0 && crate::solve::snap::unit_of(&self.set).is_some())
            .then(|| self.solution.first().map_or(0, |s| s.rot.rem_euclid(2)))
    }

    /// A polycube level's board and parts: a 3D board, drawn layer by layer.
    pub fn polycube(&self) -> Option<&PolyLevel> {
        self.poly.as_ref().filter(|p| p.board.dim == 3)
    }

    /// What the game may do on this level.
    pub fn caps(&self) -> Caps {
        self.family.caps(self)
    }

    /// Judges an arrangement of every piece (those in the tray included).
    pub fn judge(&self, pieces: &[Placement]) -> Judgement {
        self.family.judge(self, pieces)
    }

    /// A hint from an arrangement of every piece; `cancel` stops a stale search.
    pub fn hint(&self, pieces: &[Placement], cancel: Option<Arc<AtomicBool>>) -> Option<Hint> {
        self.family.hint(self, pieces, cancel)
    }

    /// Solves the level from scratch with its family's solver (`check-levels`).
    pub fn prove(&self) -> Result<(), String> {
        self.family.prove(self)
    }

    /// Counts the level's solutions, up to `limit` (see [`Family::count`]).
    pub fn count(&self, limit: u64, cancel: Option<Arc<AtomicBool>>) -> crate::family::Count {
        self.family.count(self, limit, cancel)
    }

    /// The rotation piece `piece` starts in.
    pub fn rest_rotation(&self, piece: usize) -> i32 {
        self.family.rest_rotation(self, piece)
    }

    /// Piece `piece`'s drawing under rotation `rot` when its family redraws pieces per rotation.
    pub fn drawing(&self, piece: usize, rot: i32) -> Option<Vec<Vec<Vertex>>> {
        self.family.drawing(self, piece, rot)
    }

    /// Pieces in world coordinates for a list of placements. A piece redrawn per rotation only
    /// moves; a rigid piece turns and mirrors.
    pub fn place(&self, placements: &[Placement]) -> Vec<Vec<Vec<Vertex>>> {
        placements
            .iter()
            .map(|p| match self.drawing(p.piece, p.rot) {
                Some(rings) => {
                    let shift = Motion { shift: pt(p.at.0, p.at.1), ..Motion::IDENTITY };
                    rings.iter().map(|r| crate::pieces::move_ring(r, &shift)).collect()
                }
                None => p.apply(&self.set.pieces[p.piece], self.set.step()),
            })
            .collect()
    }

    /// Whether a placed piece is on the figure rather than in the tray: a rigid piece when its
    /// outline's centroid is, a redrawn one when one of its squares' centres is.
    pub fn on_board(&self, p: &Placement) -> bool {
        let target = &self.prepared().target;
        let inside = |c| target.side(c) != Side::Outside;
        match self.drawing(p.piece, p.rot) {
            Some(rings) => rings.iter().any(|square| inside(ring_centroid(square) + pt(p.at.0, p.at.1))),
            None => inside(p.motion(self.set.step()).apply(inner_point(&self.set.pieces[p.piece].rings[0]))),
        }
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
        self.family.check_solution(self)
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

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawPack {
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    author: String,
    #[serde(default = "one")]
    version: u32,
    levels: Vec<Entry>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_step45(s: &f64) -> bool {
    *s == 45.0
}

/// A level entry as written in a pack file, before it is checked and built: what the level
/// writer, the share codes and the daily puzzle write back.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    #[serde(default = "one_u8")]
    pub difficulty: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Node>,
    #[serde(default = "step45", skip_serializing_if = "is_step45")]
    pub rotation_step: f64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target: Vec<Node>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<crate::family::Board>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<crate::edge::RawPuzzle>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub allow_mirror: bool,
    #[serde(default)]
    pub solution: Vec<Placement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
}

impl Entry {
    /// An entry of `family` (`None`: tangram) with every optional field at its default; the
    /// level writers fill in the rest.
    pub fn blank(family: Option<&str>) -> Entry {
        Entry {
            id: String::new(),
            name: String::new(),
            family: family.map(String::from),
            difficulty: 1,
            pieces: None,
            rotation_step: 45.0,
            target: Vec::new(),
            board: None,
            edge: None,
            unique: false,
            mode: None,
            allow_mirror: false,
            solution: Vec::new(),
            tolerance: None,
        }
    }
}

/// A pack file holding `entries`, as `parse_pack` reads it.
pub fn write_pack(name: &str, entries: &[Entry]) -> String {
    let pack = RawPack { name: name.into(), author: String::new(), version: 1, levels: entries.to_vec() };
    let config = ron::ser::PrettyConfig::new()
        .extensions(ron::extensions::Extensions::IMPLICIT_SOME)
        .depth_limit(4)
        .struct_names(false);
    ron::ser::to_string_pretty(&pack, config).expect("a pack always serialises")
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
    build_pack(raw, file, id, Some(text))
}

/// A pack made of level entries (today's dailies, the shared levels), checked as a file's
/// would be; `file` names it in errors.
pub fn pack_of(name: &str, entries: Vec<Entry>, file: &str, id: &str) -> Result<Pack, LoadError> {
    let raw = RawPack { name: name.into(), author: String::new(), version: 1, levels: entries };
    build_pack(raw, file, id, None)
}

/// Checks a pack's entries and builds its levels (`text`, when it came from a file, gives
/// errors their lines).
fn build_pack(raw: RawPack, file: &str, id: &str, text: Option<&str>) -> Result<Pack, LoadError> {
    let err = |line: Option<usize>, message: String| LoadError { file: file.into(), line, message };
    check_id(id, "pack").map_err(|m| err(None, m))?;
    if raw.levels.len() > MAX_LEVELS {
        return Err(err(None, format!("{} levels is more than the limit of {MAX_LEVELS} per pack", raw.levels.len())));
    }
    let mut levels = Vec::with_capacity(raw.levels.len());
    for l in raw.levels {
        let entry = Arc::new(l.clone());
        let line = text.and_then(|t| line_of_id(t, &l.id));
        let fail = |m: String| err(line, format!("level `{}`: {m}", l.id));
        check_id(&l.id, "level").map_err(|m| err(line, m))?;
        if levels.iter().any(|x: &Level| x.id == l.id) {
            return Err(fail("this id is used twice in the pack".into()));
        }
        if !(1..=MAX_DIFFICULTY).contains(&l.difficulty) {
            return Err(fail(format!("difficulty is {}: it must be from 1 to {MAX_DIFFICULTY}", l.difficulty)));
        }
        let parse = crate::family::parser(l.family.as_deref().unwrap_or("tangram")).map_err(&fail)?;
        let tolerance = l.tolerance.map(crate::geom::Tol::check_rel).transpose().map_err(&fail)?;
        let fields = crate::family::Fields {
            pieces: l.pieces.as_ref(),
            rotation_step: l.rotation_step,
            target: &l.target,
            board: l.board.as_ref(),
            edge: l.edge.as_ref(),
            unique: l.unique,
            mode: l.mode,
            allow_mirror: l.allow_mirror,
            solution: &l.solution,
            tolerance,
        };
        let p = parse(&fields).map_err(&fail)?;
        levels.push(Level {
            id: l.id,
            name: l.name,
            family: p.family,
            difficulty: l.difficulty,
            set: p.set,
            target: p.target,
            mode: p.mode,
            allow_mirror: p.allow_mirror,
            solution: l.solution,
            line: line.unwrap_or(0),
            poly: p.poly,
            edge: p.edge,
            tolerance,
            entry,
            prepared: Arc::default(),
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
