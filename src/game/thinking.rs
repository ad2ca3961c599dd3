//! Show thinking: the geometric solver searches the level's figure on `AsyncComputeTaskPool`
//! and streams its current partial placement over a crossbeam channel; each one becomes a set
//! of [`ThinkingGhost`] entities, drawn faintly by [`super::draw`]. The search is paced (one
//! node per [`ThinkingPace`]) so a player can follow it; a second [`Action::Watch`], a
//! placement or leaving the level stops it.

use super::input::Action;
use super::levels::ActiveLevel;
use super::placement::{PiecePlaced, PlacementSet};
use super::AppState;
use crate::pieces::Placement;
use crate::solve::geometric::{solve, Options, Watch};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// One piece of the search's current partial placement: world angle `rot * step + base`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ThinkingGhost {
    pub placement: Placement,
    pub base: f64,
}

/// Time between two shown search nodes. The pacing stops after [`MAX_SHOWN`] nodes so a long
/// search still ends.
#[derive(Resource, Clone, Copy)]
pub struct ThinkingPace(pub Duration);

impl Default for ThinkingPace {
    fn default() -> Self {
        ThinkingPace(Duration::from_millis(120))
    }
}

const MAX_SHOWN: u64 = 400;

enum Msg {
    Partial(Vec<Placement>, f64),
    Done { solved: bool, nodes: u64 },
}

/// The state of the live view.
#[derive(Resource, Default)]
pub struct Thinking {
    pub running: bool,
    /// Partial placements received so far.
    pub shown: u64,
    /// Shown in the HUD.
    pub message: Option<String>,
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    task: Option<Task<()>>,
}

#[derive(Resource)]
struct ThinkChannel {
    tx: Sender<(u64, Msg)>,
    rx: Receiver<(u64, Msg)>,
}

pub struct ThinkingPlugin;

impl Plugin for ThinkingPlugin {
    fn build(&self, app: &mut App) {
        let (tx, rx) = crossbeam_channel::unbounded();
        app.insert_resource(ThinkChannel { tx, rx })
            .init_resource::<Thinking>()
            .init_resource::<ThinkingPace>()
            .add_systems(OnExit(AppState::Playing), stop)
            .add_systems(Update, (stop_on_placement, toggle, receive).chain().after(PlacementSet).run_if(in_state(AppState::Playing)));
    }
}

fn stop(mut state: ResMut<Thinking>, ghosts: Query<Entity, With<ThinkingGhost>>, mut commands: Commands) {
    state.generation += 1;
    if let Some(c) = state.cancel.take() {
        c.store(true, Ordering::Relaxed);
    }
    state.task = None;
    state.running = false;
    state.message = None;
    for e in &ghosts {
        commands.entity(e).despawn();
    }
}

fn stop_on_placement(mut placed: MessageReader<PiecePlaced>, state: ResMut<Thinking>, ghosts: Query<Entity, With<ThinkingGhost>>, commands: Commands) {
    if placed.read().count() > 0 && state.running {
        stop(state, ghosts, commands);
    }
}

fn toggle(
    mut actions: MessageReader<Action>,
    mut state: ResMut<Thinking>,
    pace: Res<ThinkingPace>,
    channel: Res<ThinkChannel>,
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
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    state.generation += 1;
    state.running = true;
    state.shown = 0;
    state.message = Some("Watching the solver…".into());
    let cancel = Arc::new(AtomicBool::new(false));
    state.cancel = Some(cancel.clone());
    let (set, target, generation, tx, pace) = (active.level.set.clone(), active.level.target.clone(), state.generation, channel.tx.clone(), pace.0);
    let shown = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let stream = tx.clone();
    let watch = Watch {
        every: Duration::ZERO,
        show: Arc::new(move |placed: &[Placement], base: f64| {
            let _ = stream.send((generation, Msg::Partial(placed.to_vec(), base)));
            if shown.fetch_add(1, Ordering::Relaxed) < MAX_SHOWN {
                std::thread::sleep(pace);
            }
        }),
    };
    state.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let opts = Options { limit: 1, max_nodes: 200_000, cancel: Some(cancel), watch: Some(watch), ..Default::default() };
        let (solved, nodes) = match solve(&set, &target, &opts) {
            Some(out) => {
                if let Some(sol) = out.solutions.first() {
                    let _ = tx.send((generation, Msg::Partial(sol.clone(), out.base_angle)));
                }
                (!out.solutions.is_empty(), out.nodes)
            }
            None => (false, 0),
        };
        let _ = tx.send((generation, Msg::Done { solved, nodes }));
    }));
}

/// Shows the newest partial placement (older ones still queued are skipped).
fn receive(mut state: ResMut<Thinking>, channel: Res<ThinkChannel>, ghosts: Query<Entity, With<ThinkingGhost>>, mut commands: Commands) {
    let mut newest = None;
    while let Ok((generation, msg)) = channel.rx.try_recv() {
        if generation != state.generation {
            continue;
        }
        match msg {
            Msg::Partial(p, base) => {
                state.shown += 1;
                newest = Some((p, base));
            }
            Msg::Done { solved, nodes } => {
                state.running = false;
                state.task = None;
                state.cancel = None;
                state.message = Some(if solved {
                    format!("The solver found a solution after {nodes} steps.")
                } else {
                    format!("The solver stopped after {nodes} steps without a solution.")
                });
            }
        }
    }
    let Some((placed, base)) = newest else { return };
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    for p in placed {
        commands.spawn(ThinkingGhost { placement: p, base });
    }
    if state.running {
        state.message = Some(format!("Watching the solver… step {}", state.shown));
    }
}
