//! Puzzle families: every rule that differs between dissections, polyomino and polycube boards
//! and tile puzzles lives behind one trait, [`Family`], so the game and the commands ask a
//! level's family and never match on which family it is.
//!
//! A level ([`Level`]) is what every family has (a piece set, a figure, a reference solution)
//! plus its family as one value: the family's own data (a board and parts, a tile puzzle)
//! carried by the object that answers for it. A family answers:
//! * **judge** an arrangement ([`Judgement`]: solved, progress, overlap, what to mark), and
//!   whether a move is **legal** at all;
//! * **hint** from the player's position ([`Hint`]);
//! * **check** the stored solution, **prove** the level solvable (CI and `check-levels`) and
//!   **count** its solutions (the editor, `tessera analyse`);
//! * its **moves** and its board's **cells** ([`Moves`], [`Cells`]: the grid's geometry, how
//!   pieces step and snap on it), what its thermometer measures and its own introduction.
//!
//! Fourteen methods, no more. What only some families have is a capability of its own
//! ([`offers`]: a solver to watch, the solver lab, the editor's writer, painted cells, pieces
//! in space), which a family offers or not through [`Family::offers`]; the game's [`Caps`]
//! follow from the moves, the cells and what is offered.
//!
//! Levels name their family in the pack file (`family: "polyomino"`); [`FAMILIES`] lists them
//! and [`registry`] maps each name to the function that reads the family's part of a level.
//! Adding a family is a folder here, its two lines below, a drawing plugin in the game, and the
//! files ARCHITECTURE.md walks through.

pub mod offers;
pub mod polyomino;
pub mod registry;
pub mod tangram;
pub mod tiles;
pub mod watch;

/// The families, each beside its `mod` line above: adding a family is its folder and a line
/// in each list. The first is the default, for entries that name none.
pub const FAMILIES: [Registered; 3] = [
    Registered {
        name: "tangram",
        parse: tangram::parse,
        daily: tangram::daily::make,
        daily_title: "daily-tangram",
        pasted: None,
    },
    Registered {
        name: "polyomino",
        parse: polyomino::parse,
        daily: polyomino::daily::make,
        daily_title: "daily-pentominoes",
        pasted: None,
    },
    Registered {
        name: "edge",
        parse: tiles::parse,
        daily: tiles::daily::make,
        daily_title: "daily-edges",
        pasted: Some((tiles::list::is_list, tiles::list::entry)),
    },
];

/// Makes a family's daily puzzle for a weekday (0 Monday to 6 Sunday) from the day's seed
/// (see [`crate::content::daily`]).
pub type Daily = fn(u8, u64) -> Result<Entry, String>;

/// Reads text a player pasted where share codes go, when it is the family's own kind of text
/// (the recogniser, then the reader): an edge-matching piece list, say.
pub type Pasted = (fn(&str) -> bool, fn(&str) -> Result<Entry, String>);

/// One registered family.
pub struct Registered {
    /// The name level files give (`family: "polyomino"`) and `tessera levels` shows.
    pub name: &'static str,
    pub parse: Parse,
    pub daily: Daily,
    /// The message id naming a daily puzzle of the family (the menu's buttons, the daily
    /// levels' names).
    pub daily_title: &'static str,
    pub pasted: Option<Pasted>,
}

/// BurrTools puzzles (`.xmpuzzle`) in and out: the packing family's own file, the one door
/// the commands take to it.
pub use polyomino::xmpuzzle;

use crate::format::entry::Entry;
use crate::geom::ring::Side;
use crate::geom::{pt, Vertex};
use crate::pieces::{inner_point, ring_centroid, PieceSet, Placement};
pub use crate::pieces::{Check, Hint};
pub use crate::polyform::grid::Grid;
use crate::polyform::pack::{Board, PartSpec};
use crate::support::budget::Budget;
use crate::support::i18n::Text;
use crate::verify::{Mode, Puzzle, Target};
pub use offers::{Faces, Lab, Offers, OptionalCells, PaintedCells, Space, Watching, Writer};
use std::any::Any;
use std::sync::{Arc, OnceLock};

/// The board's shape, one value where the game asks how pieces sit: anywhere, or on the cells
/// of a grid (the packer's own [`Grid`]). A family says it ([`Family::cells`]); the game draws
/// cells, steps and snaps pieces to them and chooses the flat or the spatial view by what it
/// answers here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cells {
    /// No cells: pieces lie anywhere, judged by their outlines (dissections).
    #[default]
    Free,
    /// On a grid's cells. Squares: the board is drawn as a grid and pieces step by whole
    /// cells. Cubes: a box seen in space, where pieces turn and tip over. Triangles of unit
    /// side (polyiamonds) and hexagons one unit apart (polyhexes): pieces turn by sixths of a
    /// turn and lie on cells when moved by whole steps of the triangular lattice.
    On(Grid),
}

impl Cells {
    /// How far apart a cell's neighbours are, in board units (the zoom's finest step); `None`
    /// without cells.
    pub fn size(self) -> Option<f64> {
        self.drawn_as_cells().then_some(1.0)
    }

    /// The board looks and plays the same turned a quarter turn (squares): the game may show a
    /// plain board turned to fit the screen.
    pub fn quarter_turns(self) -> bool {
        self == Cells::On(Grid::Square)
    }

    /// The figure is made of cells, each drawn with its own outline.
    pub fn drawn_as_cells(self) -> bool {
        self != Cells::Free
    }

    /// Where a piece dropped with translation `at` lies: on the triangular lattice's nearest
    /// point for triangles and hexagons (a piece turned about its lattice origin covers cells
    /// there); `None` where pieces snap onto the figure's and each other's corners instead.
    pub fn snap(self, at: (f64, f64)) -> Option<(f64, f64)> {
        use crate::polyform::grid::lattice;
        matches!(self, Cells::On(Grid::Triangle | Grid::Hexagon)).then(|| {
            let [x, y] = lattice::point(lattice::nearest([at.0, at.1]));
            (x, y)
        })
    }

    /// An arrow key's step towards `(dx, dy)` (a unit direction): a cell's side on squares,
    /// the lattice step closest to it on triangles and hexagons; `None` without cells.
    pub fn step(self, dx: f64, dy: f64) -> Option<(f64, f64)> {
        match self {
            Cells::Free => None,
            Cells::On(Grid::Square | Grid::Cube) => Some((dx, dy)),
            Cells::On(Grid::Triangle | Grid::Hexagon) => crate::polyform::grid::lattice::steps()
                .into_iter()
                .max_by(|a, b| (a[0] * dx + a[1] * dy).total_cmp(&(b[0] * dx + b[1] * dy)))
                .map(|[x, y]| (x, y)),
        }
    }
}

/// How a family lets a level's pieces move: whether they turn (by the piece set's step; a
/// polycube piece a quarter turn in space) and whether they can be mirrored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    pub turn: bool,
    pub mirror: bool,
}

/// What the game may do with a level's pieces and tools: what the family says (its moves,
/// cells and drawings) and what follows from what it offers ([`Level::caps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caps {
    /// Pieces turn.
    pub turn: bool,
    /// Pieces can be mirrored.
    pub mirror: bool,
    /// Pieces tip over in space (the family offers [`Space`]): the flip action tips instead of
    /// mirroring.
    pub tip: bool,
    /// The family's solver can be watched on the board (it offers [`Watching`]).
    pub watch: bool,
    /// The solver lab (several solving methods side by side) is offered ([`Lab`]).
    pub lab: bool,
    /// The board's shape.
    pub cells: Cells,
    /// Pieces are drawn anew for each of this many rotations (polycubes, whose turns in space
    /// change their drawing); 0 for rigid pieces, which turn by their transform.
    pub drawings: usize,
}

/// One verdict on an arrangement, whatever the family.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judgement {
    /// Completeness in [0, 1]; 1 exactly when solved (on a board played for the score, the
    /// share of the sides matched, and solved when every tile is laid).
    pub progress: f64,
    pub solved: bool,
    /// Two pieces overlap (or two tiles share a cell).
    pub overlap: bool,
    /// What the board should point out to the player.
    pub marks: Vec<Mark>,
    /// A board played for the score: matched sides, and the most there can be.
    pub score: Option<(usize, usize)>,
}

/// Something the board points out after a judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Side `side` of the tile in cell `cell` does not match: sides counted clockwise from the
    /// top (a square's 0 north, 1 east, 2 south, 3 west; a hexagon's six likewise).
    Side { cell: usize, side: usize },
}

/// What [`Family::count`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The search ran to its end, so `solutions` is all there are (when under the limit).
    pub complete: bool,
    pub nodes: u64,
    /// `nodes` measure the search's work to its answer (false when a method that counts no
    /// nodes, the SAT solver, answered first: the difficulty is then not measured).
    pub measured: bool,
}

/// What the difficulty measure reads of a level (`content::difficulty` turns it into a score
/// and stars).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Traits {
    /// Pieces the player lays.
    pub pieces: usize,
    /// Solutions the family's solver counts, at most [`MEASURE_CAP`].
    pub solutions: u64,
    /// The kind of puzzle, declared by the family, with what only that kind has.
    pub kind: PuzzleKind,
}

/// The kinds of puzzle whose difficulties compare, each with what its measure reads beyond
/// the pieces and the solutions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PuzzleKind {
    /// A figure cut into pieces. `hidden`: the share of the pieces' outlines that lies inside
    /// the figure, where the silhouette does not show it (0 to 1).
    Dissection { hidden: f64 },
    /// A board filled with parts.
    Packing,
    /// Tiles matched by their sides. `arrangements`: log10 of the ways to lay the tiles on the
    /// cells (n! times the turns); `colours`: the colours of the inner sides.
    Tiles { arrangements: f64, colours: usize },
}

/// The most solutions the difficulty measure counts (packing boards count on to
/// [`MEASURE_CAP_PACKING`]: their counts run higher).
pub const MEASURE_CAP: u64 = 24;
pub const MEASURE_CAP_PACKING: u64 = 1000;

/// A board in space and the parts that fill it: what the 3D view, its picking and the level
/// list's pictures need of a level whose pieces are handled in space (polycubes).
#[derive(Clone, Copy, Debug)]
pub struct Solid<'a> {
    pub board: &'a Board,
    pub parts: &'a [PartSpec],
}

/// How the show-thinking view plays a family's solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchKind {
    /// A search: many partial placements, shown at the game's pace.
    Search,
    /// Iterates of a numerical method (the rank-one SDP): few steps, each held longer.
    Iterates,
}

/// Where a watched solver sends each step: every piece placed so far, and the base angle the
/// placements' rotations count from.
pub type Show = Arc<dyn Fn(Vec<Placement>, f64) + Send + Sync>;

/// A solver run to be watched: what kind it is, and the run itself (to be started on a worker
/// thread with the stream to show and a budget whose flag it polls).
pub struct Watch {
    pub kind: WatchKind,
    pub run: Box<dyn FnOnce(Show, Budget) -> Watched + Send>,
}

/// How a watched run ended: solved or not, and the steps (nodes or iterations) it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Watched {
    pub solved: bool,
    pub steps: u64,
}

/// One method's result in the solver lab: solved or not, and its work in the player's words.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Tried {
    pub solved: bool,
    pub work: Text,
    /// The arrangement found (every piece), empty when none was.
    pub solution: Vec<Placement>,
    /// A numerical method's iterates, in order: each a weighted arrangement (a piece may be
    /// in several places at once, each with the share the iterate gives it, 0 to 1).
    pub iterates: Vec<Vec<(Placement, f32)>>,
}

impl Tried {
    /// A run that could not be made, and why.
    pub fn failed(why: impl Into<String>) -> Self {
        Tried {
            solved: false,
            work: Text::new("error").with("why", why.into()),
            solution: Vec::new(),
            iterates: Vec::new(),
        }
    }
}

/// What one step of a family's introduction asks the player to do.
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// Put a piece down somewhere new.
    Move,
    /// Turn a piece (any way the game turns it).
    Turn,
    /// Turn the 3D view.
    Look,
    /// Hide the upper layers of the 3D view.
    Layers,
    /// An arrangement the family checks, after piece `usize` (an index) was put down.
    Check(fn(&Level, &[Placement], usize) -> bool),
}

/// One step of an introduction: its words (a message id) and what completes it.
#[derive(Clone, Copy, Debug)]
pub struct IntroStep {
    pub says: &'static str,
    pub goal: Goal,
}

/// A family's introduction, taught by doing on the first level of the family a player opens
/// (once; the save keeps `id`).
#[derive(Clone, Debug)]
pub struct Intro {
    pub id: &'static str,
    pub steps: Vec<IntroStep>,
}

/// The rules of one puzzle family. An implementation carries the family's own data for one
/// level (a board and parts, a tile puzzle; nothing for dissections), and the [`Level`] it is
/// asked about carries what every family has.
pub trait Family: Any + Send + Sync + std::fmt::Debug {
    /// The name level files and `tessera levels` use.
    fn name(&self) -> &'static str;

    /// The message id that names the family to the player (`family-tangram`, ...).
    fn title(&self) -> &'static str;

    /// How the level's pieces move.
    fn moves(&self, level: &Level) -> Moves;

    /// The board's shape.
    fn cells(&self) -> Cells;

    /// Judges an arrangement: every piece of the set, where the player has it (pieces in the
    /// tray included; the family decides which ones are on the board).
    fn judge(&self, level: &Level, pieces: &[Placement]) -> Judgement;

    /// Whether the player may move a piece from `from` to `to` (both of the same piece), the
    /// other pieces lying where `others` has them. Free families allow every move; a family
    /// with constrained moves refuses some, and the piece goes back.
    fn legal(&self, _level: &Level, _from: &Placement, _to: &Placement, _others: &[Placement]) -> bool {
        true
    }

    /// A hint from an arrangement (every piece, as for `judge`), within `budget` (its flag
    /// stops a search that has become stale; where it sets no nodes or time, the family's own
    /// hint budget holds); `None` when no hint was found within it.
    fn hint(&self, level: &Level, pieces: &[Placement], budget: &Budget) -> Option<Hint>;

    /// Judges the stored reference solution (its pieces are known to be distinct and in the
    /// set); the error says how far it got.
    fn check_solution(&self, level: &Level) -> Result<(), String>;

    /// Solves the level from scratch with the family's solver, within a budget fit for CI
    /// (`check-levels`); the error says why it failed (proved impossible, budget, promise broken).
    fn prove(&self, level: &Level) -> Result<(), String>;

    /// Counts the level's solutions with the family's solver, stopping at `limit` (the level
    /// editor's live proof, `tessera analyse`). What counts as one solution is the family's:
    /// placements up to identical pieces (dissections), up to the board's symmetries
    /// (polyominoes), up to turning the whole board (tile puzzles with turning tiles).
    /// `budget` as for [`Family::hint`] (its flag: the editor's draft changed; the family's
    /// own budget is the one fit for CI).
    fn count(&self, level: &Level, limit: u64, budget: &Budget) -> Count;

    /// What the difficulty measure reads of the level, its kind declared: the pieces and the
    /// solutions the family's solver counts (up to [`MEASURE_CAP`]) within `budget` (a count
    /// cut short reads as fewer solutions: a harder level), and what its kind adds.
    fn traits(&self, level: &Level, budget: &Budget) -> Traits;

    /// The message id that tells the player what the thermometer measures (shown when it is
    /// tapped).
    fn progress_help(&self) -> &'static str;

    /// The family's own introduction, when its play differs from the first tutorial's
    /// (which teaches moving, turning, flipping, hints and undo on any level).
    fn intro(&self, _level: &Level) -> Option<Intro> {
        None
    }

    /// What the family offers beyond these rules ([`Offers`]: a solver to watch, the lab, the
    /// editor's writer, painted cells, pieces in space), each present or not.
    fn offers(&self) -> Offers<'_>;
}

/// A level's family part as read from its pack: the pieces and figure every family has, its
/// rules, and the family with its own data.
pub struct Parsed {
    pub family: Arc<dyn Family>,
    pub set: PieceSet,
    pub target: Vec<Vec<Vertex>>,
    pub mode: Mode,
    pub allow_mirror: bool,
}

/// Reads a family's part of a level entry (the fields it knows: see `levels/README.md`); the
/// pack has checked what every entry has (id, names, difficulty, tolerance).
pub type Parse = fn(&Entry) -> Result<Parsed, String>;

/// One level, validated: what every family has (the piece set, the figure, the reference
/// solution), and its family. Its rules are its family's: the game and the commands ask
/// [`Level::caps`], [`Level::judge`], [`Level::hint`], [`Level::check_solution`] and
/// [`Level::prove`], which hand over to [`Family`].
#[derive(Clone, Debug)]
pub struct Level {
    pub id: String,
    pub name: String,
    /// The family, carrying its own data for this level (see [`Level::data`]).
    pub family: Arc<dyn Family>,
    pub difficulty: u8,
    pub set: PieceSet,
    pub target: Vec<Vec<Vertex>>,
    pub mode: Mode,
    pub allow_mirror: bool,
    pub solution: Vec<Placement>,
    /// Line of the level's `id` in its file.
    pub line: usize,
    /// The tolerance as a fraction of the figure's size (`None`: [`crate::geom::Tol::REL`]).
    pub tolerance: Option<f64>,
    /// The entry as its file wrote it.
    pub entry: Arc<Entry>,
    /// The figure prepared for judging, built on first use and shared by clones.
    prepared: Arc<OnceLock<Puzzle>>,
}

impl Level {
    /// A level from its checked entry and what its family read of it.
    pub fn new(entry: Arc<Entry>, line: usize, parsed: Parsed, tolerance: Option<f64>) -> Level {
        Level {
            id: entry.id.clone(),
            name: entry.name.clone(),
            family: parsed.family,
            difficulty: entry.difficulty,
            set: parsed.set,
            target: parsed.target,
            mode: parsed.mode,
            allow_mirror: parsed.allow_mirror,
            solution: entry.solution.clone(),
            line,
            tolerance,
            entry,
            prepared: Arc::default(),
        }
    }

    /// The level's name in language `lang` (a tag such as `"pt-BR"`), the English one when its
    /// file gives none in that language.
    pub fn name_in(&self, lang: &str) -> &str {
        crate::format::entry::name_in(&self.name, &self.entry.names, lang)
    }

    /// The family's own data, when it is of type `T` (a family's drawing plugin reads its
    /// board or puzzle this way).
    pub fn data<T: Family>(&self) -> Option<&T> {
        (self.family.as_ref() as &dyn Any).downcast_ref::<T>()
    }

    /// The prepared target with its rules.
    pub fn puzzle(&self) -> Puzzle {
        self.prepared().clone()
    }

    /// The prepared target with its rules, built once per level.
    pub fn prepared(&self) -> &Puzzle {
        self.prepared.get_or_init(|| {
            let rel = self.tolerance.unwrap_or(crate::geom::Tol::REL);
            let target = Target::from_vertices_rel(&self.target, pt(0.0, 0.0), 0.0, rel)
                .expect("validated when the pack was loaded");
            Puzzle::new(target, self.mode, self.allow_mirror)
        })
    }

    /// For straight sets on the lattice that turn in 45-degree steps (the lattice solver's
    /// sets): the frame of the reference solution, 0 if its pieces sit on the integer lattice,
    /// 1 if the figure is turned by 45 degrees. `None` for other sets (curved ones included)
    /// and for figures off the lattice: pieces turned both ways (a square head turned 45
    /// degrees on a body of upright triangles), or not at whole steps of the frame.
    pub fn lattice_turn(&self) -> Option<i32> {
        if self.set.step_deg != 45.0 || crate::solve::snap::unit_of(&self.set).is_none() {
            return None;
        }
        let turn = self.solution.first().map_or(0, |s| s.rot.rem_euclid(2));
        let whole = |v: f64| (v - v.round()).abs() < 1e-6;
        let on_lattice = self.solution.iter().all(|s| {
            let at = crate::geom::pt(s.at.0, s.at.1).rotate(-(turn as f64) * std::f64::consts::FRAC_PI_4);
            s.rot.rem_euclid(2) == turn && whole(at.x) && whole(at.y)
        });
        on_lattice.then_some(turn)
    }

    /// The board in space, when the level's pieces are handled in 3D.
    pub fn solid(&self) -> Option<Solid<'_>> {
        self.family.offers().space.map(|s| s.solid())
    }

    /// What the level's family offers beyond its rules.
    pub fn offers(&self) -> Offers<'_> {
        self.family.offers()
    }

    /// What the game may do on this level: the family's moves, cells and drawings, and the
    /// tools that follow from what it offers (a solver to watch, lab methods, tipping in space).
    pub fn caps(&self) -> Caps {
        let (moves, offers) = (self.family.moves(self), self.family.offers());
        Caps {
            turn: moves.turn,
            mirror: moves.mirror,
            tip: offers.space.is_some(),
            watch: offers.watch.is_some(),
            lab: offers.lab.is_some(),
            cells: self.family.cells(),
            drawings: offers.space.map_or(0, |s| s.drawings()),
        }
    }

    /// The board's shape.
    pub fn cells(&self) -> Cells {
        self.family.cells()
    }

    /// Judges an arrangement of every piece (those in the tray included).
    pub fn judge(&self, pieces: &[Placement]) -> Judgement {
        self.family.judge(self, pieces)
    }

    /// Whether a piece may move from `from` to `to`, the others where they are (see
    /// [`Family::legal`]).
    pub fn legal(&self, from: &Placement, to: &Placement, others: &[Placement]) -> bool {
        self.family.legal(self, from, to, others)
    }

    /// The hint ladder's first step for an arrangement of every piece: is what lies on the
    /// board still part of a solution, and if not, the fewest pieces to lift
    /// ([`crate::pieces::check`], asking the family's solver with `budget` each time).
    pub fn check(&self, pieces: &[Placement], budget: &Budget) -> Check {
        let (on, tray): (Vec<Placement>, Vec<Placement>) = pieces.iter().partition(|p| self.on_board(p));
        crate::pieces::check(&on, crate::pieces::CHECK_ASKS, |kept| {
            let all: Vec<Placement> = kept.iter().chain(&tray).copied().collect();
            self.family.hint(self, &all, budget)
        })
    }

    /// A hint from an arrangement of every piece, within `budget`: the next piece and where it
    /// goes, `Done`, or (when the position cannot be completed) `Move` with a piece to lift
    /// first, from [`Level::check`].
    pub fn hint(&self, pieces: &[Placement], budget: &Budget) -> Option<Hint> {
        match self.check(pieces, budget) {
            Check::Fine(h) => Some(h),
            Check::Lift { pieces, .. } => pieces.first().map(|&k| Hint::Move(k)),
            Check::Unsure => None,
        }
    }

    /// The next piece of the solution after `laid`, put where a piece of the solution lies
    /// (turned any way) so that with `laid` the figure cannot be finished and [`Level::check`]
    /// lifts it alone; clear of the pieces laid where one such place is. A wrong move to plant
    /// for a picture or a test of the check.
    pub fn blocker(&self, laid: &[Placement]) -> Option<Placement> {
        let piece = self.solution.get(laid.len())?.piece;
        let with = |c: &Placement| laid.iter().copied().chain([*c]).collect::<Vec<Placement>>();
        let lifted = |c: &Placement| matches!(self.check(&with(c), &Budget::default()), Check::Lift { pieces, .. } if pieces == [piece]);
        let tried: Vec<Placement> = (self.solution.iter())
            .flat_map(|o| (0..8).map(move |t| Placement { piece, rot: o.rot + t, ..*o }))
            .filter(|c| self.on_board(c))
            .collect();
        let apart = |c: &&Placement| !self.judge(&with(c)).overlap;
        tried.iter().filter(apart).find(|c| lifted(c)).or_else(|| tried.iter().find(|c| lifted(c))).copied()
    }

    /// Solves the level from scratch with its family's solver (`check-levels`).
    pub fn prove(&self) -> Result<(), String> {
        self.family.prove(self)
    }

    /// Counts the level's solutions, up to `limit` (see [`Family::count`]).
    pub fn count(&self, limit: u64, budget: &Budget) -> Count {
        self.family.count(self, limit, budget)
    }

    /// The family's introduction, if it has one.
    pub fn intro(&self) -> Option<Intro> {
        self.family.intro(self)
    }

    /// What the thermometer measures, as a message id.
    pub fn progress_help(&self) -> &'static str {
        self.family.progress_help()
    }

    /// Piece `piece`'s drawing under rotation `rot` when its family redraws pieces per rotation
    /// (pieces in space); `None` for rigid pieces.
    pub fn drawing(&self, piece: usize, rot: i32) -> Option<Vec<Vec<Vertex>>> {
        self.family.offers().space.map(|s| s.drawing(piece, rot))
    }

    /// Pieces in world coordinates for a list of placements.
    pub fn place(&self, placements: &[Placement]) -> Vec<Vec<Vec<Vertex>>> {
        placements
            .iter()
            .map(|p| {
                let drawing = self.drawing(p.piece, p.rot);
                let m = p.world_motion(self.set.step(), drawing.is_some());
                let rings = drawing.as_deref().unwrap_or(&self.set.pieces[p.piece].rings);
                rings.iter().map(|r| crate::pieces::move_ring(r, &m)).collect()
            })
            .collect()
    }

    /// Whether a placed piece is on the figure rather than in the tray: a rigid piece when its
    /// outline's centroid is, a redrawn one when one of its squares' centres is.
    pub fn on_board(&self, p: &Placement) -> bool {
        let target = &self.prepared().target;
        let inside = |c| target.side(c) != Side::Outside;
        match self.drawing(p.piece, p.rot) {
            Some(rings) => rings.iter().any(|square| inside(ring_centroid(square) + pt(p.at.0, p.at.1))),
            None => inside(p.motion(self.set.step()).apply(inner_point(&self.set.pieces[p.piece].rings[0]))),
        }
    }

    /// Judges the stored reference solution.
    pub fn check_solution(&self) -> Result<(), String> {
        if self.solution.is_empty() {
            return Err("no reference solution".into());
        }
        let mut used = vec![false; self.set.pieces.len()];
        for p in &self.solution {
            if std::mem::replace(&mut used[p.piece], true) {
                return Err(format!("the solution places piece {} twice", p.piece));
            }
        }
        self.family.check_solution(self)
    }
}

/// The unit square with lowest corner (x, y): one board cell of a grid level's figure.
fn unit_square(x: i32, y: i32) -> Vec<Vertex> {
    let (x, y) = (x as f64, y as f64);
    [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)].iter().map(|&(a, b)| Vertex::from(pt(a, b))).collect()
}

/// Refuses a solution that names a piece beyond the set (`what` words the error).
fn check_solution_pieces(solution: &[Placement], count: usize, what: impl Fn(usize) -> String) -> Result<(), String> {
    match solution.iter().find(|p| p.piece >= count) {
        Some(p) => Err(what(p.piece)),
        None => Ok(()),
    }
}
