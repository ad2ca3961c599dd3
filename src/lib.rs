//! Tessera: a geometric puzzle game that judges and solves every puzzle it ships.
//!
//! The pure core (no Bevy), from the ground up: [`geom`] (points, edges, rings, exact lattice
//! numbers) and [`verify`] (the contour verification engine); [`pieces`], [`format`](mod@format),
//! [`algebra`] and the algorithms ([`solve`] for dissections, [`polyform`] for packing,
//! [`tiles`] for tile puzzles); [`support`]; [`family`] (the puzzle families behind one trait,
//! and [`family::Level`]) and [`level`] (packs); [`content`] (editor, daily puzzles, share
//! codes, import, analysis, thumbnails) and [`play`] (the rules of play: what the player's
//! hand does to the pieces); [`cli`] (headless commands). The Bevy game layer lives
//! behind the default `game` feature. ARCHITECTURE.md draws the whole house.

pub mod algebra;
pub mod cli;
pub mod content;
pub mod family;
pub mod format;
pub mod geom;
pub mod level;
pub mod pieces;
pub mod platform;
pub mod play;
pub mod polyform;
pub mod solve;
pub mod support;
pub mod tiles;
pub mod verify;

#[cfg(feature = "game")]
pub mod game;
