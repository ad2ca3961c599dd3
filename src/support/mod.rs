//! Support for the rest: saved progress and settings, the game's words, the player's data
//! folder, seeded random draws, calendar dates, work kept to a deadline.

pub mod budget;
pub mod dates;
pub mod i18n;
pub mod paths;
pub mod random;
pub mod save;
