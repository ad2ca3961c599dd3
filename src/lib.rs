//! Tessera: a geometric puzzle game that judges and solves every puzzle it ships.
//!
//! The pure core (no Bevy): [`geom`] (points, edges, rings, exact lattice numbers),
//! [`verify`] (the contour verification engine), [`format`] (file formats) and [`cli`]
//! (headless commands). The Bevy game layer lives behind the default `game` feature.

pub mod algebra;
pub mod analysis;
pub mod cli;
pub mod daily;
pub mod editor;
pub mod family;
pub mod format;
pub mod geom;
pub mod i18n;
pub mod import;
pub mod level;
pub mod paths;
pub mod pieces;
pub mod polyform;
pub mod random;
pub mod save;
pub mod share;
pub mod solve;
pub mod thumbnail;
pub mod tiles;
pub mod tray;
pub mod verify;

#[cfg(feature = "game")]
pub mod game;
