//! Support for the rest: saved progress and settings, the game's words, the player's data
//! folder, seeded random draws, calendar dates, work kept to a deadline, work shared out to
//! threads, and the player's files (on disk, or in the browser's storage).

pub mod budget;
pub mod dates;
pub mod files;
pub mod i18n;
pub mod paths;
pub mod random;
pub mod save;
pub mod threads;
