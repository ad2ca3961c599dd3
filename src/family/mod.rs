//! Puzzle families: every rule that differs between tangram, polyomino, polycube and edge
//! levels lives behind one trait, [`Family`], so the game and the commands ask a level's family
//! and never match on which family it is.
//!
//! A family answers four questions about a level:
//! * **judge** an arrangement ([`Judgement`]: solved, progress, overlap, what to mark);
//! * **hint** from the player's position ([`Hint`]);
//! * **check** the stored solution and **prove** the level solvable (CI and `check-levels`);
//! * its **capabilities** ([`Caps`]): can pieces turn, mirror, tip over in space; can the
//!   solver be watched; is there a solver lab; do pieces sit on a grid.
//!
//! Levels name their family in the pack file (`family: "polyomino"`); [`PARSERS`] maps each
//! name to the function that reads the family's part of a level. Adding a family is one module
//! here, one line in [`PARSERS`], and one game module for its drawing (ARCHITECTURE.md walks
//! through it).

mod edge;
mod polyomino;
mod tangram;

pub use edge::EdgeLevel;
pub use polyomino::PolyLevel;

use crate::format::Node;
use crate::geom::Vertex;
use crate::level::Level;
use crate::pieces::{PieceSet, Placement};
use crate::verify::Mode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What the game may do with a level's pieces and tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Pieces turn (by the piece set's step; a polycube piece a quarter turn in space).
    pub turn: bool,
    /// Pieces can be mirrored.
    pub mirror: bool,
    /// Pieces tip over in space (polycubes): the flip action tips instead of mirroring.
    pub tip: bool,
    /// The geometric solver's search can be watched on the board.
    pub watch: bool,
    /// The solver lab (several solving methods side by side) is offered.
    pub lab: bool,
    /// Pieces sit on a grid of unit cells (drawn on the board; placement snaps to cells).
    pub grid: bool,
    /// Pieces are drawn anew for each of this many rotations (polycubes, whose turns in space
    /// change their drawing); 0 for rigid pieces, which turn by their transform.
    pub drawings: usize,
}

/// One verdict on an arrangement, whatever the family.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judgement {
    /// Completeness in [0, 1]; 1 exactly when solved.
    pub progress: f64,
    pub solved: bool,
    /// Two pieces overlap (or two tiles share a cell).
    pub overlap: bool,
    /// What the board should point out to the player.
    pub marks: Vec<Mark>,
}

/// Something the board points out after a judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Side `side` (0 north, 1 east, 2 south, 3 west) of the tile in cell `cell` does not match.
    Side { cell: usize, side: usize },
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// The placed pieces can be completed: this piece goes here (world coordinates).
    Next(Placement),
    /// No completion exists with the placed pieces where they are: move this piece.
    Move(usize),
    /// The figure is already complete.
    Done,
}

/// The rules of one puzzle family. Implementations are stateless: a level's data (its piece
/// set and figure, and a grid family's board or puzzle) is in the [`Level`].
pub trait Family: Send + Sync + std::fmt::Debug {
    /// The name level files and `tessera levels` use.
    fn name(&self) -> &'static str;

    /// What the game may do on this level.
    fn caps(&self, level: &Level) -> Caps;

    /// Judges an arrangement: every piece of the set, where the player has it (pieces in the
    /// tray included; the family decides which ones are on the board).
    fn judge(&self, level: &Level, pieces: &[Placement]) -> Judgement;

    /// A hint from an arrangement (every piece, as for `judge`). `cancel` stops a search that
    /// has become stale; `None` when no hint was found within the family's budget.
    fn hint(&self, level: &Level, pieces: &[Placement], cancel: Option<Arc<AtomicBool>>) -> Option<Hint>;

    /// Judges the stored reference solution (its pieces are known to be distinct and in the
    /// set); the error says how far it got.
    fn check_solution(&self, level: &Level) -> Result<(), String>;

    /// Solves the level from scratch with the family's solver, within a budget fit for CI
    /// (`check-levels`); the error says why it failed (proved impossible, budget, promise broken).
    fn prove(&self, level: &Level) -> Result<(), String>;

    /// Counts the level's solutions with the family's solver, stopping at `limit` (the level
    /// editor's live proof, `tessera analyse`). What counts as one solution is the family's:
    /// placements up to identical pieces (dissections), up to the board's symmetries
    /// (polyominoes), up to turning the whole board (edge matching with turning tiles).
    /// `cancel` stops a search that has become stale (the editor's draft changed).
    fn count(&self, level: &Level, limit: u64, cancel: Option<Arc<AtomicBool>>) -> Count;

    /// Piece `piece`'s drawing under rotation `rot`, for families whose pieces are redrawn per
    /// rotation (`Caps::drawings` > 0); `None` for rigid pieces.
    fn drawing(&self, _level: &Level, _piece: usize, _rot: i32) -> Option<Vec<Vec<Vertex>>> {
        None
    }

    /// The rotation a piece starts in.
    fn rest_rotation(&self, _level: &Level, _piece: usize) -> i32 {
        0
    }
}

/// A level's family part as read from its pack: the pieces and figure every family has, its
/// rules, and the data the grid families keep.
pub struct Parsed {
    pub family: &'static dyn Family,
    pub set: PieceSet,
    pub target: Vec<Vec<Vertex>>,
    pub mode: Mode,
    pub allow_mirror: bool,
    pub poly: Option<PolyLevel>,
    pub edge: Option<EdgeLevel>,
}

/// The fields of a level entry that belong to its family (see `levels/README.md`).
pub struct Fields<'a> {
    pub pieces: Option<&'a Node>,
    pub rotation_step: f64,
    pub target: &'a [Node],
    pub board: Option<&'a Board>,
    pub edge: Option<&'a crate::edge::RawPuzzle>,
    pub unique: bool,
    pub mode: Option<Mode>,
    pub allow_mirror: bool,
    pub solution: &'a [Placement],
    /// The tolerance as a fraction of the figure's size, checked.
    pub tolerance: Option<f64>,
}

/// What [`Family::count`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The search ran to its end, so `solutions` is all there are (when under the limit).
    pub complete: bool,
    pub nodes: u64,
}

/// A grid board as written in a level: a box of `size` cells without the `holes`, or any
/// figure given as its `cells` (`[x, y]` or `[x, y, z]` each).
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub size: Vec<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Vec<i32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Vec<i32>>,
}

/// Reads a family's part of a level entry.
pub type Parse = fn(&Fields) -> Result<Parsed, String>;

/// Every family a level file can name, with its reader. The first is the default.
pub const PARSERS: [(&str, Parse); 3] =
    [("tangram", tangram::parse), ("polyomino", polyomino::parse), ("edge", edge::parse)];

/// The reader for a family name.
pub fn parser(name: &str) -> Result<Parse, String> {
    PARSERS.iter().find(|(n, _)| *n == name).map(|(_, p)| *p).ok_or_else(|| {
        let known: Vec<&str> = PARSERS.iter().map(|(n, _)| *n).collect();
        format!("unknown family `{name}` (known: {})", known.join(", "))
    })
}

/// The unit square with lowest corner (x, y): one board cell of a grid level's figure.
fn unit_square(x: i32, y: i32) -> Vec<Vertex> {
    let (x, y) = (x as f64, y as f64);
    [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
        .iter()
        .map(|&(a, b)| Vertex::from(crate::geom::pt(a, b)))
        .collect()
}

/// Refuses a solution that names a piece beyond the set (`what` words the error).
fn check_solution_pieces(solution: &[Placement], count: usize, what: impl Fn(usize) -> String) -> Result<(), String> {
    match solution.iter().find(|p| p.piece >= count) {
        Some(p) => Err(what(p.piece)),
        None => Ok(()),
    }
}
