//! Show thinking: the geometric solver searches the level's figure on `AsyncComputeTaskPool`
//! and streams its current partial placement over a crossbeam channel: every node for the
//! first [`EVERY_NODE`] nodes, then at most one per [`LATER_EVERY`], then the solution. On a
//! level whose pieces only slide (`rotation_step: 360`, straight edges, no mirror) it is the
//! rank-one SDP instead ([`crate::solve::sdp`]): each of its steps sends every piece where that
//! step's matrices put it, as the paper's Figure 5.2(d) shows them converging. The game
//! plays the stream back one step per [`ThinkingPace`], each step a set of [`ThinkingGhost`]
//! entities drawn faintly by [`super::draw`]. (The search itself is never slowed down: it would
//! hold a pool thread that Bevy also uses, for shader compilation among others.) A second
//! [`Action::Watch`], a placement or leaving the level stops it.

use super::input::Action;
use super::job::Job;
use super::levels::ActiveLevel;
use super::placement::{PiecePlaced, PlacementSet};
use super::AppState;
use crate::i18n::Text;
use crate::pieces::Placement;
use crate::solve::geometric::{solve, Options, Watch};
use bevy::prelude::*;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// One piece of the search's current partial placement: world angle `rot * step + base`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ThinkingGhost {
    pub placement: Placement,
    pub base: f64,
}

/// Time between two shown steps of the search.
#[derive(Resource, Clone, Copy)]
pub struct ThinkingPace(pub Duration);

impl Default for ThinkingPace {
    fn default() -> Self {
        ThinkingPace(Duration::from_millis(120))
    }
}

pub const EVERY_NODE: u64 = 300;
pub const LATER_EVERY: Duration = Duration::from_millis(50);

enum Msg {
    Partial(Vec<Placement>, f64),
    Done { solved: bool, nodes: u64, sdp: bool },
}

/// Whether a level's show-thinking view plays the rank-one SDP: tangram-family pieces that
/// only slide (`rotation_step: 360`), with straight edges.
pub fn sdp_view(level: &crate::level::Level) -> bool {
    level.family.name() == "tangram"
        && level.set.step_deg >= 360.0
        && !level.set.pieces.iter().flat_map(|p| p.rings.iter().flatten()).any(|v| v.arc.is_some())
}

/// The SDP's run, each step's iterate streamed as placements.
fn run_sdp(set: &crate::pieces::PieceSet, target: &[Vec<crate::geom::Vertex>], job: &super::job::JobCtx<Msg>) {
    use crate::solve::sdp::{Dissection, Options, AUTO};
    let pieces: Vec<_> = set.pieces.iter().map(|p| p.rings.clone()).collect();
    let Ok(d) = Dissection::new(target, &pieces, 1) else {
        job.send(Msg::Done { solved: false, nodes: 0, sdp: true });
        return;
    };
    let d = Arc::new(d);
    let as_placements = |d: &Dissection, placed: &[crate::solve::sdp::Placed]| -> Vec<Placement> {
        placed
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let at = p.at - d.centroid(i);
                Placement { piece: i, rot: 0, flip: false, at: (at.x, at.y) }
            })
            .collect()
    };
    let (view, stream) = (d.clone(), job.clone());
    let opts = Options {
        cancel: Some(job.cancel.clone()),
        watch: Some(Arc::new(move |_step, t: &[(f64, f64)]| {
            stream.send(Msg::Partial(as_placements(&view, &view.placed(t)), 0.0));
        })),
        ..Default::default()
    };
    let (solved, steps) = match d.solve(&opts, &AUTO) {
        Ok(out) => {
            if let Some(placed) = &out.placed {
                job.send(Msg::Partial(as_placements(&d, placed), 0.0));
            }
            (out.placed.is_some(), out.runs.iter().map(|(_, r)| r.iterations as u64).sum())
        }
        Err(_) => (false, 0),
    };
    job.send(Msg::Done { solved, nodes: steps, sdp: true });
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
            .init_resource::<ThinkingPace>()
            .add_systems(OnExit(AppState::Playing), stop)
            .add_systems(
                Update,
                (stop_on_placement, toggle, receive).chain().after(PlacementSet).run_if(in_state(AppState::Playing)),
            );
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
    if !active.level.caps().watch {
        return;
    }
    if state.running {
        stop(state, ghosts, commands);
        return;
    }
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    state.running = true;
    state.shown = 0;
    state.message = Some(Text::new("watch-solver"));
    state.queue.clear();
    let (set, target) = (active.level.set.clone(), active.level.target.clone());
    state.sdp = sdp_view(&active.level);
    if state.sdp {
        state.message = Some(Text::new("watch-sdp"));
        state.job.start(move |job| run_sdp(&set, &target, &job));
        return;
    }
    state.job.start(move |job| {
        let sent = std::sync::atomic::AtomicU64::new(0);
        let last = std::sync::Mutex::new(std::time::Instant::now());
        let stream = job.clone();
        let watch = Watch {
            every: Duration::ZERO,
            show: Arc::new(move |placed: &[Placement], base: f64| {
                if sent.fetch_add(1, Ordering::Relaxed) >= EVERY_NODE {
                    let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                    if last.elapsed() < LATER_EVERY {
                        return;
                    }
                    *last = std::time::Instant::now();
                }
                stream.send(Msg::Partial(placed.to_vec(), base));
            }),
        };
        let opts = Options {
            limit: 1,
            max_nodes: 200_000,
            cancel: Some(job.cancel.clone()),
            watch: Some(watch),
            ..Default::default()
        };
        let (solved, nodes) = match solve(&set, &target, &opts) {
            Some(out) => {
                if let Some(sol) = out.solutions.first() {
                    job.send(Msg::Partial(sol.clone(), out.base_angle));
                }
                (!out.solutions.is_empty(), out.nodes)
            }
            None => (false, 0),
        };
        job.send(Msg::Done { solved, nodes, sdp: false });
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
                commands.spawn(ThinkingGhost { placement: p, base });
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
