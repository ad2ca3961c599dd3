//! Pieces in space (levels whose family has a [`crate::family::Solid`]): the 3D view's camera,
//! picking and moving cubes, and drawing the solid.

pub mod grip;
pub mod orbit;
pub mod solid;
