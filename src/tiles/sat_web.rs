//! The SAT method in the browser build: CaDiCaL is C++ and does not build for wasm32, so
//! each call is refused with the reason, the same refusal the solver lab shows.

use super::exact::{Options, Outcome};
use super::Puzzle;

/// This build has no SAT solver.
pub const AVAILABLE: bool = false;

/// Why the SAT method is missing here.
pub const MISSING: &str = "the SAT solver (CaDiCaL) is in the desktop build only";

pub fn size(_: &Puzzle) -> Result<(u32, usize), String> {
    Err(MISSING.into())
}

pub fn solve(_: &Puzzle, _: &Options) -> Result<Outcome, String> {
    Err(MISSING.into())
}
