//! What surrounds play: saves (and their export and import), the language, the daily puzzles, share codes, the tutorial, and
//! the level editor's logic (the level library itself is `board::levels`, which they fill).

pub mod codes;
pub mod daily;
pub mod editor;
pub mod language;
pub mod resume;
pub mod save;
pub mod speech;
pub mod transfer;
pub mod tutorial;
