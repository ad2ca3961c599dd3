//! Every family a level file can name: its name, the function that reads its part of a
//! level, the function that makes its daily puzzle, and the message naming that puzzle. The
//! one place that lists the families: everything else asks a level's [`super::Family`].

use super::Parse;
use crate::level::entry::Entry;

/// Makes a family's daily puzzle for a weekday (0 Monday to 6 Sunday) from the day's seed
/// (see [`crate::content::daily`]).
pub type Daily = fn(u8, u64) -> Result<Entry, String>;

/// One registered family.
pub struct Registered {
    /// The name level files give (`family: "polyomino"`) and `tessera levels` shows.
    pub name: &'static str,
    pub parse: Parse,
    pub daily: Daily,
    /// The message id naming a daily puzzle of the family (the menu's daily buttons, before
    /// any level of it is built); the family's own `daily_title` agrees (tested).
    pub daily_title: &'static str,
}

/// The families. The first is the default, for entries that name none.
pub const FAMILIES: [Registered; 3] = [
    Registered {
        name: "tangram",
        parse: super::tangram::parse,
        daily: super::tangram::daily::make,
        daily_title: "daily-tangram",
    },
    Registered {
        name: "polyomino",
        parse: super::polyomino::parse,
        daily: super::polyomino::daily::make,
        daily_title: "daily-pentominoes",
    },
    Registered {
        name: "edge",
        parse: super::tiles::parse,
        daily: super::tiles::daily::make,
        daily_title: "daily-edges",
    },
];

/// The families' names, in the registry's order.
pub const NAMES: [&str; FAMILIES.len()] = [FAMILIES[0].name, FAMILIES[1].name, FAMILIES[2].name];

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

#[cfg(test)]
mod tests {
    #[test]
    fn daily_titles_agree_with_the_families() {
        for pack in crate::level::embedded_packs() {
            for level in &pack.levels {
                assert_eq!(super::daily_title(level.family.name()), Some(level.family.daily_title()), "{}", level.id);
            }
        }
    }
}
