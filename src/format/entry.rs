//! A level as its pack file writes it ([`Entry`]), before it is checked and built: what the
//! level writers, the share codes and the daily puzzles write back. The schema is documented
//! in `levels/README.md`.

use crate::format::Node;
use crate::pieces::Placement;
use crate::verify::Mode;
use serde::{Deserialize, Serialize};

fn one_u8() -> u8 {
    1
}
fn step45() -> f64 {
    45.0
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
    /// The name in other languages, by language tag (`"pt-BR"`); `name` is the English one
    /// and stands in for a language not listed.
    #[serde(default, skip_serializing_if = "Names::is_empty")]
    pub names: Names,
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
    pub board: Option<RawBoard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<RawPuzzle>,
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
    /// A packing level's number of solutions up to the board's own symmetries, as the packer
    /// counted them (the level designer's tool writes it; a test counts it again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
}

/// A name in other languages than English, by language tag.
pub type Names = std::collections::BTreeMap<String, String>;

/// A name a player reads holds no control characters (C0 or C1: they would drive a terminal
/// or break a line).
pub fn check_printable(name: &str, what: &str) -> Result<(), String> {
    match name.chars().find(|c| c.is_control()) {
        Some(c) => Err(format!("{what} holds the control character U+{:04X}", c as u32)),
        None => Ok(()),
    }
}

/// Checks a name in the pack's own language: at most 200 characters, as in other languages
/// (`levels` prints each on a line; control characters are escaped there, not refused).
pub fn check_name(name: &str, what: &str) -> Result<(), String> {
    let n = name.chars().count();
    if n > 200 {
        return Err(format!("{what} is {n} characters long: it must be at most 200"));
    }
    Ok(())
}

/// Checks names in other languages: each under a tag of 1 to 16 letters, digits and `-`, and
/// each 1 to 200 printable characters.
pub fn check_names(names: &Names) -> Result<(), String> {
    for (tag, name) in names {
        if tag.is_empty() || tag.len() > 16 || !tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("`names` has the tag {tag:?}: a language tag is 1 to 16 letters, digits or `-`"));
        }
        let n = name.trim().chars().count();
        if !(1..=200).contains(&n) {
            return Err(format!("the name in {tag} is {n} characters long: it must be 1 to 200"));
        }
    }
    Ok(())
}

/// The name `names` give in language `lang` (its tag), else `name`.
pub fn name_in<'a>(name: &'a str, names: &'a Names, lang: &str) -> &'a str {
    names.get(lang).map_or(name, String::as_str)
}

impl Entry {
    /// An entry of `family` (`None`: tangram) with every optional field at its default; the
    /// level writers fill in the rest.
    pub fn blank(family: Option<&str>) -> Entry {
        Entry {
            id: String::new(),
            name: String::new(),
            names: Names::new(),
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
            solutions: None,
        }
    }
}

/// A grid board as written in a level: a box of `size` cells without the `holes`, or any
/// figure given as its `cells` (`[x, y]` or `[x, y, z]` each), in one region or several; the
/// `optional` cells may stay empty. Coloured cells (`[x, y, colour]` or `[x, y, z, colour]`)
/// take only the part colours `colour_rules` pair with theirs (`[part colour, board colour]`);
/// see [`crate::polyform::colour`].
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoard {
    /// The grid: `"square"` (the default; cubes for cells of three coordinates), `"triangle"`
    /// or `"hexagon"` ([`crate::polyform::grid`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub size: Vec<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Vec<i32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Vec<i32>>,
    /// Cells of the board that may stay empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<Vec<i32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<Vec<i32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colour_rules: Vec<Vec<u32>>,
}

/// A level id made from a name: lower-case letters and digits, other runs as `-`.
pub fn id_from_name(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
        if id.len() >= 48 {
            break;
        }
    }
    let id = id.trim_end_matches('-').to_string();
    if id.is_empty() {
        "shared".into()
    } else {
        id
    }
}

/// `base`, or `base-2`, `base-3`, ... : the first that `taken` says no other level has.
pub fn free_id(base: &str, taken: impl Fn(&str) -> bool) -> String {
    let mut id = base.to_string();
    let mut k = 1;
    while taken(&id) {
        k += 1;
        id = format!("{base}-{k}");
    }
    id
}

/// An edge-matching puzzle in its RON form (a level's `edge` field, and `tessera edge`'s RON
/// files): `(cols: 4, rows: 4, rotate: true, tiles: [(1, 0, 0, 2), ...], clues: [(cell: 0,
/// tile: 3, rot: 1)])`. The data as written; [`crate::tiles`] builds and checks the puzzle.
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawPuzzle {
    pub cols: usize,
    pub rows: usize,
    #[serde(default)]
    pub rotate: bool,
    pub tiles: Vec<(i64, i64, i64, i64)>,
    #[serde(default)]
    pub clues: Vec<Clue>,
    /// Played for the score: the board is done when every tile is laid, mismatches allowed,
    /// and the player plays for the most matched sides (boards nobody can finish, like
    /// Eternity II's).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub scored: bool,
}

/// A tile fixed in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Clue {
    /// Row-major cell index from the top-left.
    pub cell: usize,
    pub tile: usize,
    #[serde(default)]
    pub rot: u8,
}
