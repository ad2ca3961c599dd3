//! The daily puzzles in the game: today's three (one per family) are the library's `daily`
//! pack (the last), made when the library is loaded; [`OpenDaily`] opens one. Solving one is
//! saved like any level, and the streak is read from the save
//! ([`crate::support::save::SaveData::daily_streak`]).

use crate::content::daily::{daily, DAILY_FAMILIES};
use crate::game::board::levels::{Library, PlayLevel};
use crate::level::{pack_of, LoadError, Pack};
use crate::support::dates::Date;
use bevy::prelude::*;

/// The day the daily puzzles are for (the clock's date, UTC; tests may set it).
#[derive(Resource, Clone, Copy, Debug)]
pub struct Today(pub Date);

/// Ask to play today's puzzle of a family (`tangram`, `polyomino` or `edge`).
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenDaily {
    pub family: &'static str,
}

/// The pack id of the daily puzzles.
pub const PACK: &str = "daily";

pub struct DailyPlugin;

impl Plugin for DailyPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Today>() {
            app.insert_resource(Today(Date::today()));
        }
        app.add_message::<OpenDaily>().add_systems(Update, (add_daily_pack, open_daily).chain());
    }
}

/// The key of today's puzzle of `family` (`daily/daily-FAMILY-DATE`).
pub fn key(family: &str, today: Date) -> String {
    format!("{PACK}/{}", crate::content::daily::level_id(family, today))
}

/// Today's pack: each family's puzzle, made and proved by `crate::content::daily`.
pub fn todays_pack(today: Date) -> Result<Pack, LoadError> {
    let mut entries = Vec::new();
    for family in DAILY_FAMILIES {
        let d = daily(family, today).map_err(|message| LoadError {
            file: "daily".into(),
            line: None,
            message: format!("{family}: {message}"),
        })?;
        entries.push(d.entry);
    }
    pack_of(&format!("Daily puzzles, {today}"), entries, "daily", PACK)
}

fn add_daily_pack(mut library: ResMut<Library>, today: Res<Today>, mut tried: Local<Option<Date>>) {
    if library.packs.is_empty() || *tried == Some(today.0) {
        return;
    }
    *tried = Some(today.0);
    // Replaced in place or added last: the other packs keep their places (a `PlayLevel` may
    // already name one by its index).
    match (todays_pack(today.0), library.packs.iter().position(|p| p.id == PACK)) {
        (Ok(pack), Some(i)) => library.packs[i] = pack,
        (Ok(pack), None) => library.packs.push(pack),
        (Err(e), _) => library.errors.push(e),
    }
}

fn open_daily(
    mut requests: MessageReader<OpenDaily>,
    library: Res<Library>,
    today: Res<Today>,
    mut play: MessageWriter<PlayLevel>,
) {
    for r in requests.read() {
        if let Some((pack, level)) = library.find(&key(r.family, today.0)) {
            play.write(PlayLevel { pack, level });
        }
    }
}
