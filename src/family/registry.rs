//! What is known of every family a level file can name (its name, the function that reads its
//! part of a level, the one that makes its daily puzzle, the message naming that puzzle, the
//! reader of text a player pastes) and the lookups by name. The list itself,
//! [`super::FAMILIES`], stands beside the families' `mod` lines; everything else asks a
//! level's [`super::Family`].

use crate::format::entry::Entry;

pub use super::{Daily, Parse, Pasted, Registered, FAMILIES};

/// The families' names, in the registry's order.
pub const NAMES: [&str; FAMILIES.len()] = {
    let mut names = [""; FAMILIES.len()];
    let mut k = 0;
    while k < names.len() {
        names[k] = FAMILIES[k].name;
        k += 1;
    }
    names
};

/// The level in pasted text that a family reads as its own (`None`: no family claims it, so it
/// is a share code or nothing).
pub fn pasted(text: &str) -> Option<Result<Entry, String>> {
    FAMILIES.iter().filter_map(|f| f.pasted).find(|(claims, _)| claims(text)).map(|(_, read)| read(text))
}

/// The family a level entry names when it names none.
pub fn default_name() -> &'static str {
    FAMILIES[0].name
}

/// The message id naming a daily puzzle of the family called `name`.
pub fn daily_title(name: &str) -> Option<&'static str> {
    FAMILIES.iter().find(|f| f.name == name).map(|f| f.daily_title)
}

/// The reader for a family name.
pub fn parser(name: &str) -> Result<Parse, String> {
    FAMILIES
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.parse)
        .ok_or_else(|| format!("unknown family `{name}` (known: {})", NAMES.join(", ")))
}
