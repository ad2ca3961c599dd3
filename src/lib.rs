//! Tessera: a geometric puzzle game that judges and solves every puzzle it ships.
//!
//! The pure core (no Bevy): [`geom`] (points, edges, rings, exact lattice numbers),
//! [`verify`] (the contour verification engine), [`format`] (file formats) and [`cli`]
//! (headless commands). The Bevy game layer lives behind the default `game` feature.

pub mod algebra;
pub mod cli;
pub mod content;
pub mod family;
pub mod format;
pub mod geom;
pub mod level;
pub mod pieces;
pub mod polyform;
pub mod solve;
pub mod support;
pub mod tiles;
pub mod verify;

#[cfg(feature = "game")]
pub mod game;
