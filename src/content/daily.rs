//! The daily puzzle: one level per family per date, the same on every machine.
//!
//! Seed rule: the FNV-1a 64-bit hash of the text `tessera-daily-v1/FAMILY/YYYY-MM-DD` (for
//! example `tessera-daily-v1/tangram/2026-11-23`) seeds a ChaCha8 generator (`rand_chacha`,
//! pinned), which makes every random choice of the family's generator in order. Difficulty follows the weekday:
//! Monday is the gentlest (difficulty 1), Sunday the hardest (5).
//!
//! Each family makes its own puzzle from the weekday and the seed (`daily.rs` in its folder
//! under `family/`, named by the registry): tangram figures from random lattice assemblies,
//! pentomino rectangles, tile puzzles of growing size.

use crate::family::registry;
use crate::level::Entry;
use crate::support::dates::Date;

/// The families a daily puzzle is made for: every registered family, each of which makes its
/// own (`daily.rs` in its folder).
pub const DAILY_FAMILIES: [&str; registry::FAMILIES.len()] = registry::NAMES;

/// The seed of a family's puzzle on a date (see the module note).
pub fn seed(family: &str, date: Date) -> u64 {
    crate::support::random::seed_of(&format!("tessera-daily-v1/{family}/{date}"))
}

/// A daily puzzle: its level and where it came from.
#[derive(Clone, Debug)]
pub struct Daily {
    pub family: &'static str,
    pub date: Date,
    pub seed: u64,
    pub entry: Entry,
}

/// The level id of `family`'s puzzle on `date` (`daily-FAMILY-DATE`).
pub fn level_id(family: &str, date: Date) -> String {
    format!("daily-{family}-{date}")
}

/// The family and date of a daily puzzle's level id; `None` for any other id.
pub fn parse_level_id(id: &str) -> Option<(&'static str, Date)> {
    let (family, date) = id.strip_prefix("daily-")?.split_once('-')?;
    let family = DAILY_FAMILIES.into_iter().find(|f| *f == family)?;
    Some((family, Date::parse(date).ok()?))
}

const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// The name of `family`'s puzzle on `date` (`Daily tangram, Tuesday 2026-12-01`).
pub fn name(family: &str, date: Date) -> String {
    format!("Daily {family}, {} {date}", WEEKDAYS[date.weekday() as usize])
}

/// The family and date a daily puzzle's name was made from; `None` for any other name.
pub fn parse_name(name: &str) -> Option<(&'static str, Date)> {
    let (family, rest) = name.strip_prefix("Daily ")?.split_once(", ")?;
    let family = DAILY_FAMILIES.into_iter().find(|f| *f == family)?;
    let date = Date::parse(rest.rsplit_once(' ')?.1).ok()?;
    (self::name(family, date) == name).then_some((family, date))
}

/// The puzzle of `family` on `date`.
pub fn daily(family: &str, date: Date) -> Result<Daily, String> {
    let family = *DAILY_FAMILIES
        .iter()
        .find(|f| **f == family)
        .ok_or_else(|| format!("unknown family `{family}` (daily puzzles: {})", DAILY_FAMILIES.join(", ")))?;
    let seed = seed(family, date);
    let day = date.weekday();
    let make = registry::FAMILIES.iter().find(|f| f.name == family).map(|f| f.daily).expect("a registered family");
    let mut entry = make(day, seed)?;
    entry.id = level_id(family, date);
    entry.name = name(family, date);
    entry.difficulty = 1 + (day * 4 + 3) / 6;
    Ok(Daily { family, date, seed, entry })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_ids_name_family_and_date() {
        let d = Date::parse("2026-11-24").unwrap();
        for family in DAILY_FAMILIES {
            let id = level_id(family, d);
            assert_eq!(parse_level_id(&id), Some((family, d)), "{id}");
        }
        assert_eq!(daily("edge", d).unwrap().entry.id, "daily-edge-2026-11-24");
        for id in ["daily-chess-2026-11-24", "daily-tangram-2026-13-01", "tangram-2026-11-24", "daily-tangram", "arrow"]
        {
            assert_eq!(parse_level_id(id), None, "{id}");
        }
    }
}
