//! Pieces in space (levels whose family has a [`crate::family::Solid`]): the 3D view's camera,
//! picking and moving cubes, drawing the solid, and where the view sits.

pub mod grip;
pub mod layout;
pub mod orbit;
pub mod solid;
