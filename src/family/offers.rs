//! What a family may offer beyond the rules every family has ([`super::Family`]): each a trait
//! of its own, which a family implements or not and hands out through [`Offers`]. The game and
//! the commands ask for a capability and do without it when it is absent; no family answers
//! for one it lacks with an empty default.

use super::{Level, Solid, Tried, Watch};
use crate::format::entry::Entry;
use crate::geom::{Pt, Vertex};
use crate::support::budget::Budget;

/// The capabilities a family offers for one level, each present or not.
#[derive(Clone, Copy, Default)]
pub struct Offers<'a> {
    /// A solver the show-thinking view plays on the board.
    pub watch: Option<&'a dyn Watching>,
    /// The solver lab: several solving methods side by side.
    pub lab: Option<&'a dyn Lab>,
    /// What the level editor's saved entries get from the family.
    pub writer: Option<&'a dyn Writer>,
    /// Cells painted a colour that says where they may go.
    pub painted: Option<&'a dyn PaintedCells>,
    /// Cells of the figure that may stay empty.
    pub optional: Option<&'a dyn OptionalCells>,
    /// Pieces drawn as coloured faces rather than filled with one colour.
    pub faces: Option<&'a dyn Faces>,
    /// Pieces handled in space: a board in 3D, pieces redrawn for each turn.
    pub space: Option<&'a dyn Space>,
}

impl std::fmt::Debug for Offers<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Offers")
            .field("watch", &self.watch.is_some())
            .field("lab", &self.lab.is_some())
            .field("writer", &self.writer.is_some())
            .field("painted", &self.painted.is_some())
            .field("optional", &self.optional.is_some())
            .field("faces", &self.faces.is_some())
            .field("space", &self.space.is_some())
            .finish()
    }
}

/// A solver to watch.
pub trait Watching {
    /// The run the show-thinking view plays on `level`.
    fn watch(&self, level: &Level) -> Watch;
}

/// The solver lab.
pub trait Lab {
    /// The methods it compares, as message ids.
    fn methods(&self) -> &'static [&'static str];

    /// Runs method `method` (an index into [`Lab::methods`]) on the level within `budget`. A
    /// long run (the chase of a board's best score) hands what it has so far to `live`, which
    /// the lab shows as it comes; its answer is the last.
    fn run(&self, level: &Level, method: usize, budget: &Budget, live: &dyn Fn(Tried)) -> Option<Tried>;
}

/// The family's part in saving a level the editor made.
pub trait Writer {
    /// What a level writer's entry gets when it is saved (`level` is the entry as it loads
    /// now): a reference solution from the family's solver where the writer has none, a
    /// promise of uniqueness where the family keeps one (`unique`: the count proved one
    /// solution). A search for a reference stops when `budget` is spent.
    fn finish(&self, level: &Level, entry: &mut Entry, unique: bool, budget: &Budget) -> Result<(), String>;
}

/// Cells painted a colour that says where they may go (BurrTools' colour constraints).
pub trait PaintedCells {
    /// The board's painted cells (`piece` None) as cells of its figure, or piece `piece`'s
    /// under rotation `rot` in its drawing's own frame, each with its colour number.
    fn painted(&self, piece: Option<usize>, rot: i32) -> Vec<(Vec<Vertex>, u32)>;
}

/// Cells of the figure that may stay empty.
pub trait OptionalCells {
    /// Each such cell as its polygon in the figure's drawing.
    fn optional_cells(&self) -> Vec<Vec<Vertex>>;
}

/// Pieces painted as coloured faces rather than filled with one colour (edge-coloured tiles:
/// a triangle per side).
pub trait Faces {
    /// A piece's faces in its own frame, each a polygon and its colour.
    fn faces(&self, piece: usize) -> Vec<(Vec<Pt>, [f32; 3])>;
}

/// Pieces handled in space (polycubes): the board in 3D, and each piece drawn anew for each of
/// its turns (its layers side by side), since a turn in space changes its drawing.
pub trait Space {
    /// The board in space and the parts that fill it.
    fn solid(&self) -> Solid<'_>;

    /// How many drawings a piece has, one per rotation.
    fn drawings(&self) -> usize;

    /// Piece `piece`'s drawing under rotation `rot`.
    fn drawing(&self, piece: usize, rot: i32) -> Vec<Vec<Vertex>>;

    /// The rotation piece `piece` starts in.
    fn rest_rotation(&self, piece: usize) -> i32;
}
