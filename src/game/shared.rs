//! What several plugins share: the screens ([`AppState`], [`InLevel`]), the messages of the
//! two flows (input -> [`Action`] -> [`PiecePlaced`] -> [`LevelSolved`]), the system sets that
//! order them, the 3D view's place on screen, and the image screenshots render into. The
//! messages and sets live here so that input, judging and presentation meet through them
//! rather than through each other's systems; the board's own resources (the active level, the
//! view, the selection) are read from `board`, which every playing screen builds on.

pub use crate::play::Command;
use bevy::prelude::*;

/// Screens of the game.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppState {
    #[default]
    Loading,
    MainMenu,
    LevelSelect,
    Playing,
    Solved,
    Settings,
    /// The record of play: levels solved, without hints, best times, the daily streak.
    Stats,
    /// The level editor's home: new drafts, the player's saved levels.
    Editor,
    /// A draft being edited.
    Editing,
}

/// States in which pieces are on the board and move: playing, and editing a dissection.
pub fn on_board(state: Option<Res<State<AppState>>>) -> bool {
    state.is_some_and(|s| matches!(s.get(), AppState::Playing | AppState::Editing))
}

/// In a level: playing it, looking at it solved, or laying out a draft in the editor. The level's entities (board, pieces,
/// hint markers, the solver's ghosts, the 3D view's camera and cubes) carry `DespawnOnExit(InLevel)`,
/// so going back to the menus despawns them with no loop of our own. Going from playing to
/// solved is not a change of this state (same-state transitions are off).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InLevel;

impl bevy::state::state::ComputedStates for InLevel {
    type SourceStates = AppState;
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(state: AppState) -> Option<InLevel> {
        matches!(state, AppState::Playing | AppState::Solved | AppState::Editing).then_some(InLevel)
    }
}

impl InLevel {
    /// The component that ties an entity to the level.
    pub fn scoped(self) -> DespawnOnExit<InLevel> {
        DespawnOnExit(self)
    }
}

/// What the player asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Pointer down at a board point (picks up the piece there).
    Press(Vec2),
    /// Pointer moved while down.
    Drag(Vec2),
    /// Pointer up (drops the held piece), this many seconds before the frame's time: a touch
    /// stamped by its own clock (a double tap is judged by when the fingers lifted, not by the
    /// frames that happened to read them); 0 for input read when it happens.
    Release(Vec2, f32),
    /// Let go of the held piece without it counting as a tap (a second finger came down).
    Cancel,
    /// Select the piece at a board point, if there is one and nothing is held (a right-click or
    /// the wheel then turns the piece under the pointer, not the one selected before).
    Select(Vec2),
    /// Turn, mirror, undo, redo, restart, the next piece, Escape, a hint's piece laid: the
    /// rules' own words ([`Command`]), the same on a flat board and in 3D.
    Do(Command),
    /// Ask for a hint (a second ask shows where the hinted piece goes).
    Hint,
    /// Start or stop watching the solver search the figure.
    Watch,
    /// Polycube levels: move the selected piece one cell across the floor, in a screen
    /// direction (x right, y up: away from the eye).
    Step(IVec2),
    /// Polycube levels: move the selected piece one layer up (+1) or down (-1).
    Lift(i32),
    /// Polycube levels: roll the selected piece a quarter turn about the axis pointing away
    /// from the eye (`Command::Rotate` turns it about the vertical, `Command::Flip` tips it away).
    Roll(i32),
    /// Polycube levels: put the selected piece into the box, or back in the tray. On a flat
    /// board (Enter): lift the selected piece, or put the lifted one down.
    Place,
    /// Polycube levels: zoom the 3D view in (> 0) or out.
    Zoom(f32),
    /// The wheel turned by this many clicks (away from the player positive; a touchpad gives
    /// fractions) with the pointer at a board point: over a piece it turns the piece a step
    /// either way, elsewhere it zooms the board there by as much.
    Wheel(Vec2, f32),
    /// Two fingers on the board moved: their spread grew `ratio` times and their midpoint moved
    /// from board point `from` to `to` (both as the view shows them now): zoom and pan.
    Pinch { ratio: f32, from: Vec2, to: Vec2 },
    /// Zoom the board in (> 0) or out by this many steps about the view's centre.
    ZoomBoard(i32),
    /// Fit the whole board in view again.
    FitBoard,
}

/// Polycube levels: the 3D view's rectangle (board coordinates), where the wheel and a pinch
/// zoom instead of turning a piece. `None` on other levels.
#[derive(Resource, Default)]
pub struct SolidArea(pub Option<Rect>);

/// What the HUD takes that the board shrinks to stay clear of: the cards under the top bar
/// (the tutorial's or a family's introduction, the solver lab's) and the bars as drawn. Their
/// plugins keep it; the view reads it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Cards {
    pub tutorial: bool,
    pub lab: bool,
    /// The playing screen's top bar and bottom toolbar as last drawn (logical pixels: the top
    /// bar's bottom edge, the toolbar's height from the window's bottom); 0 before they are.
    pub top_bar: f32,
    pub bottom_bar: f32,
}

/// Where the keyboard is: on the board (Tab goes from piece to piece, egui never sees the
/// board's keys) or in the toolbar (F6: Tab goes from button to button, Escape comes back),
/// and whether the card listing the keys is shown (F1 or ?).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct KeyFocus {
    pub toolbar: bool,
    pub help: bool,
}

/// Input systems run in this set, before placement.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct InputSet;

/// A piece was dropped, turned or mirrored (or the board was reset): judge again.
#[derive(Message, Clone, Copy, Debug)]
pub struct PiecePlaced {
    pub piece: Option<Entity>,
    pub snapped: bool,
}

/// A piece was picked up (the pick sound reacts to it).
#[derive(Message, Clone, Copy, Debug)]
pub struct PiecePicked(pub Entity);

/// Placement systems run in this set, after input and before verification.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlacementSet;

/// The result shown on the solved screen.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SolvedInfo {
    pub ms: u64,
    pub moves: u32,
    pub new_best: bool,
    /// A board played for the score: this score, the most there can be, the best saved, and
    /// whether this one is a new best.
    pub score: Option<(usize, usize, usize, bool)>,
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct VerificationSet;

/// The level was just solved, in `ms` milliseconds and `moves` moves. Saving, the solved
/// screen and the solve sound react to it; judging knows none of them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSolved {
    pub ms: u64,
    pub moves: u32,
    /// The clock ran: false for a solve made while a lesson held it at 0:00 (no best time).
    pub timed: bool,
}

/// Render into this image instead of a window (screenshots without a display).
#[derive(Resource, Clone)]
pub struct OffscreenTarget(pub Handle<Image>);

/// Frames wanted: the game draws only when something changes ([`crate::game::frames`]), so
/// whatever animates or waits on a solver asks for the next frame here, each frame it needs
/// one (a glide, a celebration, the solver's playback, a task whose answer is awaited).
#[derive(Resource, Default, Debug)]
pub struct Frames {
    wanted: bool,
}

impl Frames {
    pub fn ask(&mut self) {
        self.wanted = true;
    }

    /// Whether a frame was asked for since the last call.
    pub fn take(&mut self) -> bool {
        std::mem::take(&mut self.wanted)
    }
}
