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

/// The reader for a family name.
pub fn parser(name: &str) -> Result<Parse, String> {
    FAMILIES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p).ok_or_else(|| {
        let known: Vec<&str> = FAMILIES.iter().map(|(n, _)| *n).collect();
        format!("unknown family `{name}` (known: {})", known.join(", "))
    })
}
