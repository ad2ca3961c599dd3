//! Level packs: RON files under `levels/` (embedded in the binary) and in the user's data
//! directory. The schema is documented in `levels/README.md`.

use crate::family::registry;
pub use crate::family::Level;
use crate::format::entry;
pub use crate::format::entry::{Entry, RawBoard};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A pack shipped inside the binary: (pack id, file name, its text deflated by the build script,
/// `src/build.rs`).
macro_rules! embedded {
    ($($id:literal),* $(,)?) => {
        [$(($id, concat!("levels/", $id, ".ron"), include_bytes!(concat!(env!("OUT_DIR"), "/levels/", $id, ".ron.z")) as &[u8])),*]
    };
}

/// The packs shipped inside the binary, in the order the game lists them.
pub const EMBEDDED: [(&str, &str, &[u8]); 21] = embedded!(
    "classic",
    "people",
    "animals",
    "birds",
    "vehicles",
    "objects",
    "letters",
    "tpuzzle",
    "egg",
    "heart",
    "circle",
    "abstract",
    "sliding",
    "polyominoes",
    "ladder",
    "pictures",
    "polyiamonds",
    "polyhexes",
    "polycubes",
    "edge",
    "scored",
);

/// The text of embedded pack `i` (of [`EMBEDDED`]).
pub fn embedded_text(i: usize) -> String {
    let (_, file, packed) = EMBEDDED[i];
    let bytes = miniz_oxide::inflate::decompress_to_vec(packed).unwrap_or_else(|e| panic!("{file}: {e:?}"));
    String::from_utf8(bytes).unwrap_or_else(|e| panic!("{file}: {e}"))
}

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

/// A pack of levels.
#[derive(Clone, Debug)]
pub struct Pack {
    /// Short id (the file stem), used as `PACK` in `PACK/ID`.
    pub id: String,
    pub name: String,
    /// The name in other languages (see [`entry::Names`]).
    pub names: entry::Names,
    pub author: String,
    pub version: u32,
    pub file: String,
    pub levels: Vec<Level>,
    /// A ladder of climbs this many levels long each (`ladder: 10`): each climb's first level
    /// is open, and each other once the one before is solved.
    pub ladder: Option<usize>,
}

impl Pack {
    /// The pack's name in language `lang`, the English one when its file gives none.
    pub fn name_in(&self, lang: &str) -> &str {
        entry::name_in(&self.name, &self.names, lang)
    }
}

fn one() -> u32 {
    1
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawPack {
    name: String,
    #[serde(default, skip_serializing_if = "entry::Names::is_empty")]
    names: entry::Names,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    author: String,
    #[serde(default = "one")]
    version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ladder: Option<usize>,
    levels: Vec<Entry>,
}

/// A pack file holding `entries`, as `parse_pack` reads it.
pub fn write_pack(name: &str, entries: &[Entry]) -> String {
    let pack = RawPack {
        name: name.into(),
        names: Default::default(),
        author: String::new(),
        version: 1,
        ladder: None,
        levels: entries.to_vec(),
    };
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
    let raw = RawPack {
        name: name.into(),
        names: Default::default(),
        author: String::new(),
        version: 1,
        ladder: None,
        levels: entries,
    };
    build_pack(raw, file, id, None)
}

/// Checks a pack's entries and builds its levels (`text`, when it came from a file, gives
/// errors their lines).
fn build_pack(raw: RawPack, file: &str, id: &str, text: Option<&str>) -> Result<Pack, LoadError> {
    let err = |line: Option<usize>, message: String| LoadError { file: file.into(), line, message };
    check_id(id, "pack").map_err(|m| err(None, m))?;
    entry::check_name(&raw.name, "the pack's name").map_err(|m| err(None, format!("pack: {m}")))?;
    entry::check_names(&raw.names).map_err(|m| err(None, format!("pack: {m}")))?;
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
        entry::check_name(&l.name, "its name").map_err(&fail)?;
        entry::check_names(&l.names).map_err(&fail)?;
        if !(1..=MAX_DIFFICULTY).contains(&l.difficulty) {
            return Err(fail(format!("difficulty is {}: it must be from 1 to {MAX_DIFFICULTY}", l.difficulty)));
        }
        let parse = registry::parser(l.family.as_deref().unwrap_or(registry::default_name())).map_err(&fail)?;
        let tolerance = l.tolerance.map(crate::geom::Tol::check_rel).transpose().map_err(&fail)?;
        let parsed = parse(&l).map_err(&fail)?;
        levels.push(Level::new(entry, line.unwrap_or(0), parsed, tolerance));
    }
    if levels.is_empty() {
        return Err(err(None, "the pack has no levels".into()));
    }
    if raw.ladder == Some(0) {
        return Err(err(None, "`ladder` is the length of a climb: at least 1".into()));
    }
    Ok(Pack {
        id: id.into(),
        name: raw.name,
        names: raw.names,
        author: raw.author,
        version: raw.version,
        file: file.into(),
        levels,
        ladder: raw.ladder,
    })
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
    (0..EMBEDDED.len())
        .map(|i| {
            let (id, file, _) = EMBEDDED[i];
            parse_pack(&embedded_text(i), file, id).unwrap_or_else(|e| panic!("embedded pack: {e}"))
        })
        .collect()
}

/// Loads every `*.ron` pack in a directory (sorted by name). Bad packs are reported, not
/// fatal: the good ones still load.
pub fn load_dir(dir: &std::path::Path) -> (Vec<Pack>, Vec<LoadError>) {
    let mut packs = Vec::new();
    let mut errors = Vec::new();
    let paths = crate::support::files::list(dir, "ron");
    for path in paths {
        let file = path.display().to_string();
        let id = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match crate::support::files::read_text(&path) {
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
    let (user, errors) = load_user_dir(&crate::support::paths::user_levels_dir());
    packs.extend(user);
    (packs, errors)
}
