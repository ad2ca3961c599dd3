//! Show thinking: the solver the level's family names ([`crate::family::Watching`]: the
//! geometric search, or the rank-one SDP on pieces that only slide) runs on
//! `AsyncComputeTaskPool` and streams its partial placements over a crossbeam channel
//! ([`crate::family::watch`] says how often). The game plays the stream back one step per
//! [`ThinkingPace`] (a numerical method's iterates at least [`SDP_PACE`] each), each step a set
//! of [`ThinkingGhost`] entities drawn faintly by [`crate::game::draw`]. (The search itself is never slowed down: it would
//! hold a pool thread that Bevy also uses, for shader compilation among others.) A second
//! [`Action::Watch`], a placement or leaving the level stops it.

use crate::content::work::{Ask, Reply, Request};
use crate::family::{WatchKind, Watched};
use crate::game::board::levels::ActiveLevel;
use crate::game::shared::Action;
use crate::game::shared::{AppState, Frames};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::game::solver::job::Job;
use crate::pieces::Placement;
use crate::support::i18n::Text;
use bevy::prelude::*;
use web_time::Duration;

/// One piece of the search's current partial placement: world angle `rot * step + base`;
/// `weight` (0 to 1) fades it, for an iterate that holds a piece in several places at once.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ThinkingGhost {
    pub placement: Placement,
    pub base: f64,
    pub weight: f32,
}

/// Time between two shown steps of the search.
#[derive(Resource, Clone, Copy)]
pub struct ThinkingPace(pub Duration);

impl Default for ThinkingPace {
    fn default() -> Self {
        ThinkingPace(Duration::from_millis(120))
    }
}

enum Msg {
    Partial(Vec<Placement>, f64),
    Done { solved: bool, nodes: u64, sdp: bool },
}

/// The state of the live view.
#[derive(Resource, Default)]
pub struct Thinking {
    pub running: bool,
    /// Partial placements received so far.
    pub shown: u64,
    /// Shown in the HUD.
    pub message: Option<Text>,
    job: Job<Msg>,
    queue: std::collections::VecDeque<Msg>,
    last_step: f32,
    /// Playing the SDP: few steps, each shown for [`SDP_PACE`].
    sdp: bool,
}

/// How long each of the SDP's steps stays on screen.
pub const SDP_PACE: Duration = Duration::from_millis(700);

pub struct ThinkingPlugin;

impl Plugin for ThinkingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinking>()
            .init_resource::<Frames>()
            .init_resource::<ThinkingPace>()
            .add_systems(OnExit(AppState::Playing), stop)
            .add_systems(
                Update,
                (stop_on_placement, toggle, receive, ask_while_thinking)
                    .chain()
                    .after(PlacementSet)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// The search under way, or its placements still to play, want the next frame.
fn ask_while_thinking(state: Res<Thinking>, mut frames: ResMut<Frames>) {
    if state.running || !state.queue.is_empty() {
        frames.ask();
    }
}

fn stop(mut state: ResMut<Thinking>, ghosts: Query<Entity, With<ThinkingGhost>>, mut commands: Commands) {
    state.job.stop();
    state.running = false;
    state.message = None;
    state.queue.clear();
    for e in &ghosts {
        commands.entity(e).despawn();
    }
}

fn stop_on_placement(
    mut placed: MessageReader<PiecePlaced>,
    state: ResMut<Thinking>,
    ghosts: Query<Entity, With<ThinkingGhost>>,
    commands: Commands,
) {
    if placed.read().count() > 0 && state.running {
        stop(state, ghosts, commands);
    }
}

fn toggle(
    mut actions: MessageReader<Action>,
    mut state: ResMut<Thinking>,
    active: Option<Res<ActiveLevel>>,
    ghosts: Query<Entity, With<ThinkingGhost>>,
    mut commands: Commands,
) {
    if !actions.read().any(|a| *a == Action::Watch) {
        return;
    }
    let Some(active) = active else { return };
    if state.running {
        stop(state, ghosts, commands);
        return;
    }
    let Some(kind) = active.level.offers().watch.map(|w| w.watch(&active.level).kind) else { return };
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    let sdp = kind == WatchKind::Iterates;
    state.running = true;
    state.shown = 0;
    state.message = Some(Text::new(if sdp { "watch-sdp" } else { "watch-solver" }));
    state.queue.clear();
    state.sdp = sdp;
    state.job.run(Request::new(active.level.clone(), Ask::Watch), move |reply| match reply {
        Reply::Step(placed, base) => Some(Msg::Partial(placed, base)),
        Reply::Watched(end) => {
            let end = end.unwrap_or(Watched { solved: false, steps: 0 });
            Some(Msg::Done { solved: end.solved, nodes: end.steps, sdp })
        }
        Reply::Failed(_) => Some(Msg::Done { solved: false, nodes: 0, sdp }),
        _ => None,
    });
}

/// Queues what the search sent and plays it back, one step per pace.
fn receive(
    mut state: ResMut<Thinking>,
    pace: Res<ThinkingPace>,
    time: Res<Time>,
    ghosts: Query<Entity, With<ThinkingGhost>>,
    mut commands: Commands,
) {
    let arrived = state.job.drain();
    state.queue.extend(arrived);
    let now = time.elapsed_secs();
    let pace = if state.sdp { pace.0.max(SDP_PACE) } else { pace.0 };
    if !state.running || now - state.last_step < pace.as_secs_f32() {
        return;
    }
    let Some(msg) = state.queue.pop_front() else { return };
    state.last_step = now;
    match msg {
        Msg::Partial(placed, base) => {
            state.shown += 1;
            for e in &ghosts {
                commands.entity(e).despawn();
            }
            for p in placed {
                commands.spawn(ThinkingGhost { placement: p, base, weight: 1.0 });
            }
            let id = if state.sdp { "watch-sdp-step" } else { "watch-solver-step" };
            state.message = Some(Text::new(id).with("shown", state.shown));
        }
        Msg::Done { solved, nodes, sdp } => {
            state.running = false;
            state.job.finished();
            let id = match (sdp, solved) {
                (false, true) => "watch-solver-found",
                (false, false) => "watch-solver-stopped",
                (true, true) => "watch-sdp-solved",
                (true, false) => "watch-sdp-stopped",
            };
            state.message = Some(Text::new(id).with("steps", nodes));
        }
    }
}
