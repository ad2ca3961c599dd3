//! What surrounds play: the level library, saves, the language, the daily puzzles, share
//! codes, the tutorial, and the level editor's logic.

pub mod codes;
pub mod daily;
pub mod editor;
pub mod language;
pub mod save;
pub mod tutorial;
