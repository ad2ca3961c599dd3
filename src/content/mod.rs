//! What the game makes of levels beyond playing them: the level editor's pure half, the daily
//! puzzles, share codes, progress carried to another device, SVG import, a designer's
//! analysis, the level list's thumbnails, and where pieces wait at a level's start.

pub mod analysis;
pub mod daily;
pub mod difficulty;
pub mod editor;
pub mod import;
pub mod share;
pub mod stats;
pub mod thumbnail;
pub mod transfer;
pub mod tray;
pub mod work;
