//! Every family a level file can name, with the function that reads its part of a level. The
//! one place that lists the families: everything else asks a level's [`super::Family`].

use super::Parse;

/// (name in level files, reader). The first is the default, for entries that name none.
pub const FAMILIES: [(&str, Parse); 3] =
    [("tangram", super::tangram::parse), ("polyomino", super::polyomino::parse), ("edge", super::tiles::parse)];

/// The family a level entry names when it names none.
pub fn default_name() -> &'static str {
    FAMILIES[0].0
}

/// The message id naming a daily puzzle of the family called `name` (the menu's daily
/// buttons, before any level of it is built).
pub fn daily_title(name: &str) -> Option<&'static str> {
    DAILY_TITLES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// (family name, message id of its daily puzzles); the families' own `daily_title` agree
/// (tested).
const DAILY_TITLES: [(&str, &str); 3] =
    [("tangram", "daily-tangram"), ("polyomino", "daily-pentominoes"), ("edge", "daily-edges")];

/// The reader for a family name.
pub fn parser(name: &str) -> Result<Parse, String> {
    FAMILIES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p).ok_or_else(|| {
        let known: Vec<&str> = FAMILIES.iter().map(|(n, _)| *n).collect();
        format!("unknown family `{name}` (known: {})", known.join(", "))
    })
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
