//! The fast tier: the pure core (geometry, verification, solvers, level formats, share codes),
//! the command line on small inputs, and the game's rules in headless `App`s (no window, no
//! GPU). `scripts/test --fast` runs it with the library's unit tests; the slow tier is
//! `tests/slow`, the real window `tests/window.rs`.

#[path = "../common/mod.rs"]
mod common;

mod analyse;
mod architecture;
mod arcs;
mod cli_verify;
mod colours;
mod edge;
mod edge_sat;
mod editor;
mod families;
mod frames;
mod grids;
mod hints;
mod hostile;
mod i18n;
mod import;
mod lattice;
mod layout;
mod levels;
mod normalize;
#[cfg(feature = "game")]
mod piece_order;
mod play;
mod poly_cli;
mod polyforms;
mod relations;
mod share;
mod solve_cli;
mod solver;
mod sweep4;
mod sweep5;
mod typed;
mod verify_cases;
mod verify_props;
