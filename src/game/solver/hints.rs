//! Hints: a request starts a solver task on `AsyncComputeTaskPool`; its answer comes back over
//! a crossbeam channel and becomes a hint entity. Two steps of help: first the piece to place
//! next is highlighted, a second request shows where it goes (a ghost). When no completion
//! exists, the piece to move is marked. A request while one is worked out changes nothing.
//! Any placement (but a move of the named piece short of its place), or leaving the level,
//! cancels a stale task and clears the hint.

use crate::content::work::{Ask, Reply, Request};
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, Placed};
use crate::game::shared::Action;
use crate::game::shared::{AppState, Frames};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::game::solver::job::Job;
use crate::pieces::Hint;
use crate::pieces::Placement;
use crate::support::i18n::Text;
use bevy::prelude::*;

/// What a hint entity shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HintKind {
    /// This piece is the one to place next.
    Which,
    /// The piece to place next, drawn where it goes.
    Ghost(Placement),
    /// No completion exists with this piece where it is: move it.
    MoveThis,
}

/// A hint on the board, about piece `piece` (index in the set).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct HintMarker {
    pub piece: usize,
    pub kind: HintKind,
}

/// The state of hinting on the current level.
/// How long a search may go without an answer before it is given up, saying so (the hints'
/// own budgets count nodes; a browser's worker can be lost without a word, and waiting on it
/// would keep drawing frames for nothing).
const HINT_PATIENCE: web_time::Duration = web_time::Duration::from_secs(20);

#[derive(Resource, Default)]
pub struct HintState {
    /// The solver task; every placement and request moves it on, so older answers are dropped
    /// (and a running search is told to stop: dropping a task cannot interrupt it).
    job: Job<Result<Option<Hint>, String>>,
    /// The last answer, and how many steps of it are shown.
    pub last: Option<Hint>,
    pub shown: u8,
    /// Shown in the HUD when there is nothing to draw.
    pub message: Option<Text>,
    /// When the running search was asked for.
    asked: Option<web_time::Instant>,
}

impl HintState {
    /// A hint is being worked out.
    pub fn thinking(&self) -> bool {
        self.job.running()
    }

    /// Which search is current (see [`Job::generation`]).
    pub fn search(&self) -> u64 {
        self.job.generation()
    }
}

pub struct HintsPlugin;

impl Plugin for HintsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HintState>()
            .init_resource::<Frames>()
            .add_systems(OnExit(AppState::Playing), clear)
            .add_systems(
                Update,
                (stale_on_placement, cleared_by_watch, request, receive, give_up, ask_while_solving)
                    .chain()
                    .after(PlacementSet)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Watching the solver lays the whole solution: a hint's ghost and words are gone with it
/// (the ghost stayed drawn over the solver's finished board).
fn cleared_by_watch(
    mut actions: MessageReader<crate::game::shared::Action>,
    state: ResMut<HintState>,
    markers: Query<Entity, With<HintMarker>>,
    commands: Commands,
) {
    if actions.read().any(|a| *a == crate::game::shared::Action::Watch) {
        clear(state, markers, commands);
    }
}

/// A search past [`HINT_PATIENCE`] is stopped (in the browser its worker is ended) and the
/// player told; asking again starts a new one.
fn give_up(mut state: ResMut<HintState>) {
    if state.job.running() && state.asked.is_some_and(|t| t.elapsed() >= HINT_PATIENCE) {
        state.job.stop();
        state.asked = None;
        state.message = Some(Text::new("hint-lost"));
    }
}

/// A hint being worked out wants the frame its answer arrives in.
fn ask_while_solving(state: Res<HintState>, mut frames: ResMut<Frames>) {
    if state.job.running() {
        frames.ask();
    }
}

fn clear(mut state: ResMut<HintState>, markers: Query<Entity, With<HintMarker>>, mut commands: Commands) {
    state.job.stop();
    state.last = None;
    state.shown = 0;
    state.message = None;
    for e in &markers {
        commands.entity(e).despawn();
    }
}

/// A placement makes any hint (and any task still thinking) stale, except a move of the piece
/// a hint names that has not brought it to its place: "this piece goes there" does not depend
/// on where that piece lies, and the player turns it to match the ghost.
fn stale_on_placement(
    mut placed: MessageReader<PiecePlaced>,
    state: ResMut<HintState>,
    active: Option<Res<ActiveLevel>>,
    pieces: Query<(&Piece, &Placed)>,
    markers: Query<Entity, With<HintMarker>>,
    commands: Commands,
) {
    let moved: Vec<Option<Entity>> = placed.read().map(|m| m.piece).collect();
    if moved.is_empty() {
        return;
    }
    let keep = match (&state.last, active) {
        (Some(Hint::Next(goal)), Some(active)) => {
            let turns = (std::f64::consts::TAU / active.level.set.step()).round() as i32;
            let home = |p: &Placement| {
                p.flip == goal.flip
                    && (p.rot - goal.rot).rem_euclid(turns.max(1)) == 0
                    && (p.at.0 - goal.at.0).hypot(p.at.1 - goal.at.1) < 1e-6
            };
            moved.iter().all(|m| {
                m.and_then(|e| pieces.get(e).ok()).is_some_and(|(piece, at)| piece.0 == goal.piece && !home(&at.0))
            })
        }
        _ => false,
    };
    if !keep {
        clear(state, markers, commands);
    }
}

fn request(
    mut actions: MessageReader<Action>,
    mut state: ResMut<HintState>,
    active: Option<Res<ActiveLevel>>,
    pieces: Query<&Placed, With<Piece>>,
    markers: Query<Entity, With<HintMarker>>,
    mut commands: Commands,
) {
    if !actions.read().any(|a| *a == Action::Hint) {
        return;
    }
    let Some(active) = active else { return };
    // Asked again while the answer is being worked out: the search goes on. Starting it over
    // would throw its work away (in the browser, its worker and the module it compiled), and
    // a player who taps again because nothing came yet would wait longer for every tap.
    // (Past HINT_PATIENCE, `give_up` has stopped it.)
    if state.job.running() {
        return;
    }
    // Second step of the same answer: show where the highlighted piece goes.
    if let (Some(Hint::Next(p)), 1) = (&state.last, state.shown) {
        commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Ghost(*p) });
        state.shown = 2;
        state.message = Some(Text::new("hint-here"));
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    state.last = None;
    state.shown = 0;
    state.message = Some(Text::new("hint-thinking"));
    state.asked = Some(web_time::Instant::now());
    // The family decides which pieces are on the board and which solver answers.
    let all: Vec<Placement> = pieces.iter().map(|p| p.0).collect();
    state.job.run(Request::new(active.level.clone(), Ask::Hint(all)), |reply| match reply {
        Reply::Hint(answer) => Some(Ok(answer)),
        Reply::Failed(why) => Some(Err(why)),
        _ => None,
    });
}

fn receive(mut state: ResMut<HintState>, mut commands: Commands) {
    for answer in state.job.drain() {
        state.job.finished();
        let answer = match answer {
            Ok(answer) => answer,
            Err(why) => {
                state.job.failed();
                state.message = Some(Text::new("hint-failed").with("why", why));
                continue;
            }
        };
        state.message = match &answer {
            Some(Hint::Next(p)) => {
                commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Which });
                state.shown = 1;
                Some(Text::new("hint-next"))
            }
            Some(Hint::Move(k)) => {
                commands.spawn(HintMarker { piece: *k, kind: HintKind::MoveThis });
                state.shown = 1;
                Some(Text::new("hint-move"))
            }
            Some(Hint::Done) => Some(Text::new("hint-done")),
            None => Some(Text::new("hint-none")),
        };
        state.last = answer;
    }
}
