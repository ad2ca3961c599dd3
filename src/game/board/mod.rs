//! The board and its input: raw input to actions, the view, the pieces, placement, motion,
//! and the verification system that judges every placement.

pub mod input;
pub mod motion;
pub mod pieces;
pub mod placement;
pub mod verification;
pub mod view;
