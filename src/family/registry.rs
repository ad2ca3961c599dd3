//! Every family a level file can name: its name, the function that reads its part of a
//! level, the function that makes its daily puzzle, and the message naming that puzzle. The
//! one place that lists the families: everything else asks a level's [`super::Family`].

use super::Parse;
use crate::format::entry::Entry;

/// Makes a family's daily puzzle for a weekday (0 Monday to 6 Sunday) from the day's seed
/// (see [`crate::content::daily`]).
pub type Daily = fn(u8, u64) -> Result<Entry, String>;

/// Reads text a player pasted where share codes go, when it is the family's own kind of text
/// (the recogniser, then the reader): an edge-matching piece list, say.
pub type Pasted = (fn(&str) -> bool, fn(&str) -> Result<Entry, String>);

/// One registered family.
pub struct Registered {
    /// The name level files give (`family: "polyomino"`) and `tessera levels` shows.
    pub name: &'static str,
    pub parse: Parse,
    pub daily: Daily,
    /// The message id naming a daily puzzle of the family (the menu's buttons, the daily
    /// levels' names).
    pub daily_title: &'static str,
    pub pasted: Option<Pasted>,
}

/// The families. The first is the default, for entries that name none.
pub const FAMILIES: [Registered; 3] = [
    Registered {
        name: "tangram",
        parse: super::tangram::parse,
        daily: super::tangram::daily::make,
        daily_title: "daily-tangram",
        pasted: None,
    },
    Registered {
        name: "polyomino",
        parse: super::polyomino::parse,
        daily: super::polyomino::daily::make,
        daily_title: "daily-pentominoes",
        pasted: None,
    },
    Registered {
        name: "edge",
        parse: super::tiles::parse,
        daily: super::tiles::daily::make,
        daily_title: "daily-edges",
        pasted: Some((super::tiles::list::is_list, super::tiles::list::entry)),
    },
];

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
