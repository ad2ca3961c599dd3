//! Hints: a request starts a solver task on `AsyncComputeTaskPool`; its answer comes back over
//! a crossbeam channel and becomes hint entities. A ladder of four steps, each shown only when
//! asked for, each said in words:
//! 1. the position checked: fine (every placed piece can stay), or the fewest pieces to lift
//!    marked (proved by the family's solver; "not sure" when its budget ran out);
//! 2. which piece next (highlighted);
//! 3. where it goes (a ghost);
//! 4. the piece laid there, as a move of the player's (undo takes it back).
//!
//! A request while one is worked out changes nothing. Any placement (but a move of the named
//! piece short of its place), or leaving the level, cancels a stale task and clears the hint;
//! the next request starts the ladder again.

use crate::content::work::{Ask, Reply, Request};
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, Placed};
use crate::game::shared::{Action, Command};
use crate::game::shared::{AppState, Frames};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::game::solver::job::Job;
use crate::pieces::Placement;
use crate::pieces::{Check, Hint};
use crate::support::i18n::Text;
use bevy::prelude::*;

/// What a hint entity shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HintKind {
    /// This piece is the one to place next.
    Which,
    /// The piece to place next, drawn where it goes.
    Ghost(Placement),
    /// This piece is one of the fewest to lift: with them where they are, the figure cannot
    /// be finished.
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
    job: Job<Result<Check, String>>,
    /// The last check, and how many steps of the ladder are shown (0 to 4).
    pub last: Option<Check>,
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
    mut state: ResMut<HintState>,
    markers: Query<Entity, With<HintMarker>>,
    mut commands: Commands,
) {
    if actions.read().any(|a| *a == crate::game::shared::Action::Watch) {
        reset(&mut state, &markers, &mut commands);
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
    reset(&mut state, &markers, &mut commands);
}

/// The ladder put away: its task stopped, its words and marks gone.
fn reset(state: &mut HintState, markers: &Query<Entity, With<HintMarker>>, commands: &mut Commands) {
    state.job.stop();
    state.last = None;
    state.shown = 0;
    state.message = None;
    for e in markers {
        commands.entity(e).despawn();
    }
}

/// A placement makes any hint (and any task still thinking) stale, except a move of the piece
/// a hint names that has not brought it to its place: "this piece goes there" does not depend
/// on where that piece lies, and the player turns it to match the ghost.
fn stale_on_placement(
    mut placed: MessageReader<PiecePlaced>,
    mut state: ResMut<HintState>,
    active: Option<Res<ActiveLevel>>,
    pieces: Query<(&Piece, &Placed)>,
    markers: Query<Entity, With<HintMarker>>,
    mut commands: Commands,
) {
    let moved: Vec<Option<Entity>> = placed.read().map(|m| m.piece).collect();
    if moved.is_empty() {
        return;
    }
    let keep = match (&state.last, active) {
        (Some(Check::Fine(Hint::Next(goal))), Some(active)) => {
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
        // The ladder's last step laid the piece: say so (and that undo takes it back).
        let laid = state.shown == 4;
        reset(&mut state, &markers, &mut commands);
        if laid {
            state.message = Some(Text::new("hint-placed"));
        }
    }
}

fn request(
    mut actions: MessageReader<Action>,
    mut state: ResMut<HintState>,
    active: Option<ResMut<ActiveLevel>>,
    pieces: Query<&Placed, With<Piece>>,
    markers: Query<Entity, With<HintMarker>>,
    mut commands: Commands,
) {
    if !actions.read().any(|a| *a == Action::Hint) {
        return;
    }
    let Some(mut active) = active else { return };
    // The record of play counts solves without hints (nothing else reads this: no change).
    active.bypass_change_detection().hinted = true;
    // Asked again while the answer is being worked out: the search goes on. Starting it over
    // would throw its work away (in the browser, its worker and the module it compiled), and
    // a player who taps again because nothing came yet would wait longer for every tap.
    // (Past HINT_PATIENCE, `give_up` has stopped it.)
    if state.job.running() {
        return;
    }
    // The ladder's next step on a position found fine.
    if let Some(Check::Fine(Hint::Next(p))) = state.last.clone() {
        match state.shown {
            1 => {
                commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Which });
                state.shown = 2;
                state.message = Some(Text::new("hint-next"));
                return;
            }
            2 => {
                commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Ghost(p) });
                state.shown = 3;
                state.message = Some(Text::new("hint-here"));
                return;
            }
            3 => {
                // Laid as a move: its placement clears the ladder, which starts again.
                commands.write_message(Action::Do(Command::Put(p)));
                state.shown = 4;
                return;
            }
            _ => {}
        }
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
    state.job.run(Request::new(active.level.clone(), Ask::Check(all)), |reply| match reply {
        Reply::Check(answer) => Some(Ok(answer)),
        Reply::Failed(why) => Some(Err(why)),
        _ => None,
    });
}

/// The check's answer: the ladder's first step.
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
        state.shown = 1;
        state.message = Some(match &answer {
            Check::Fine(Hint::Next(_)) => Text::new("hint-fine"),
            Check::Fine(Hint::Done) => Text::new("hint-done"),
            Check::Fine(_) => Text::new("hint-none"),
            Check::Lift { pieces, sure } => {
                for &piece in pieces {
                    commands.spawn(HintMarker { piece, kind: HintKind::MoveThis });
                }
                let id = if *sure { "hint-lift" } else { "hint-lift-unsure" };
                Text::new(id).with("count", pieces.len())
            }
            Check::Unsure => Text::new("hint-unsure"),
        });
        state.last = Some(answer);
    }
}
