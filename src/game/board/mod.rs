//! The level on the board and its input: the library and the active level, raw input to actions, the view and its zoom, the pieces, placement, motion,
//! and the verification system that judges every placement.

pub mod input;
pub mod layout;
pub mod levels;
pub mod motion;
pub mod pieces;
pub mod placement;
pub mod verification;
pub mod view;
pub mod zoom;
