//! The solver lab: runs one of the methods the level's family offers ([`crate::family::Family::lab`];
//! on tile puzzles the exact search and the paper's LP method, Algorithm 1) on the level as an
//! async task; the result comes back over a crossbeam channel and the UI lists it (method,
//! solved, iterations or nodes, time) beside the others. [`LabShow`] plays a numerical
//! method's iterates (the LP's fractional assignment, every entry of P a tile faded by its
//! value, as the paper's Figure 5.1 draws the matrix), one per [`ITERATE_PACE`], then lays the
//! arrangement found over the board as faint ghosts (drawn as the show-thinking view's), until
//! the player's next move. A long run (the chase of a scored board's best) sends its best so
//! far as it goes: the lab shows it live, and [`LabStop`] ends the run keeping that best.

use crate::content::work::{Ask, Reply, Request};
use crate::family::Tried;
use crate::game::board::levels::ActiveLevel;
use crate::game::shared::{AppState, Frames};
use crate::game::solver::job::Job;
use bevy::prelude::*;

/// Ask the lab to run a method: an index into the family's [`crate::family::Family::lab`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabRun(pub usize);

/// Stop the run under way; what it has so far stays in the list.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabStop;

/// Show the arrangement of result `k` (an index into [`SolverLab::results`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabShow(pub usize);

/// A ghost of a shown lab result.
#[derive(Component)]
pub struct LabGhost;

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabResult {
    /// The method's message id (the family's, e.g. `lab-exact`, `lab-lp`).
    pub method: &'static str,
    pub solved: bool,
    /// LP: linear programs solved; exact: search nodes; or why it failed.
    pub work: crate::support::i18n::Text,
    pub ms: f64,
    /// The arrangement found (empty when none was).
    pub solution: Vec<crate::pieces::Placement>,
    /// The method's iterates, each a weighted arrangement ([`Tried::iterates`]).
    pub iterates: Vec<Vec<(crate::pieces::Placement, f32)>>,
    /// What a run still going has so far (its next word replaces it).
    pub live: bool,
}

/// How long each iterate stays on the board when a result is shown.
pub const ITERATE_PACE: f32 = 0.6;

/// A result being played: which, the next iterate to draw, and when the last one was drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playing {
    pub result: usize,
    pub next: usize,
    since: f32,
}

#[derive(Resource, Default)]
pub struct SolverLab {
    pub open: bool,
    pub running: bool,
    pub results: Vec<LabResult>,
    /// The result whose iterates are playing, if one is.
    pub playing: Option<Playing>,
    /// Leaving the level stops the run, and a result that still arrives is dropped.
    job: Job<LabResult>,
}

pub struct LabPlugin;

impl Plugin for LabPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SolverLab>()
            .init_resource::<Frames>()
            .add_message::<LabRun>()
            .add_message::<LabShow>()
            .add_message::<LabStop>()
            .add_systems(OnExit(AppState::Playing), leave)
            .add_systems(PostUpdate, show_card.before(crate::game::board::view::fit_view))
            .add_systems(
                Update,
                (run, stop, receive, show, play, hide_on_move, ask_while_running)
                    .chain()
                    .after(crate::game::shared::PlacementSet)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Leaving the level: the run stops (the exact search polls its flag; an LP step finishes
/// and is dropped) and the list empties.
/// A run under way, or iterates playing, want the next frame.
fn ask_while_running(lab: Res<SolverLab>, mut frames: ResMut<Frames>) {
    if lab.running || lab.playing.is_some() {
        frames.ask();
    }
}

fn leave(mut lab: ResMut<SolverLab>) {
    lab.job.stop();
    lab.open = false;
    lab.running = false;
    lab.playing = None;
    lab.results.clear();
}

fn run(mut runs: MessageReader<LabRun>, mut lab: ResMut<SolverLab>, active: Option<Res<ActiveLevel>>) {
    let Some(LabRun(method)) = runs.read().last().copied() else { return };
    let Some(level) = active.map(|a| a.level.clone()) else { return };
    let Some(&name) = level.offers().lab.and_then(|l| l.methods().get(method)) else { return };
    if lab.running {
        return;
    }
    lab.running = true;
    lab.job.run(Request::new(level, Ask::Lab(method)), move |reply| {
        let (tried, ms, live) = match reply {
            Reply::Lab(tried, ms) => (tried, ms, false),
            Reply::LabLive(tried, ms) => (tried, ms, true),
            Reply::Failed(why) => (Tried::failed(why), 0.0, false),
            _ => return None,
        };
        Some(LabResult {
            method: name,
            solved: tried.solved,
            work: tried.work,
            ms,
            solution: tried.solution,
            iterates: tried.iterates,
            live,
        })
    });
}

fn receive(mut lab: ResMut<SolverLab>) {
    take_replies(&mut lab);
}

/// A run's word replaces what it said so far; its last word ends it.
fn take_replies(lab: &mut SolverLab) {
    for r in lab.job.drain() {
        if !r.live {
            lab.running = false;
            lab.job.finished();
        }
        if lab.results.last().is_some_and(|last| last.live) {
            lab.results.pop();
        }
        lab.results.push(r);
    }
}

/// Ends the run under way (its task told to stop, or its worker ended); the best it sent
/// stays in the list as its result.
fn stop(mut stops: MessageReader<LabStop>, mut lab: ResMut<SolverLab>) {
    if stops.read().count() == 0 || !lab.running {
        return;
    }
    // What came before the stop is kept; anything later is dropped with the run.
    take_replies(&mut lab);
    lab.job.stop();
    lab.running = false;
    if let Some(last) = lab.results.last_mut() {
        last.live = false;
    }
}

/// Starts playing the asked result: its iterates first, if it has any, then its arrangement.
fn show(mut asks: MessageReader<LabShow>, mut lab: ResMut<SolverLab>) {
    let Some(LabShow(k)) = asks.read().last().copied() else { return };
    if k < lab.results.len() {
        // Drawn at once, by `play` in the same frame.
        lab.playing = Some(Playing { result: k, next: 0, since: f32::NEG_INFINITY });
    }
}

/// Draws the playing result's next iterate once the last has stood for [`ITERATE_PACE`], and
/// after the last iterate the arrangement found (which stays until the next move).
fn play(mut lab: ResMut<SolverLab>, time: Res<Time>, ghosts: Query<Entity, With<LabGhost>>, mut commands: Commands) {
    let now = time.elapsed_secs();
    let Some(playing) = lab.playing.filter(|p| now - p.since >= ITERATE_PACE) else { return };
    let Some(result) = lab.results.get(playing.result) else {
        lab.playing = None;
        return;
    };
    let frame: Vec<(crate::pieces::Placement, f32)> = match result.iterates.get(playing.next) {
        Some(iterate) => iterate.clone(),
        None => result.solution.iter().map(|&p| (p, 1.0)).collect(),
    };
    lab.playing = (playing.next < result.iterates.len()).then_some(Playing {
        result: playing.result,
        next: playing.next + 1,
        since: now,
    });
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    for (placement, weight) in frame {
        commands.spawn((
            LabGhost,
            crate::game::solver::thinking::ThinkingGhost { placement, base: 0.0, weight },
            crate::game::shared::InLevel.scoped(),
        ));
    }
}

/// The player's next move puts the shown arrangement away.
fn hide_on_move(
    mut placed: MessageReader<crate::game::shared::PiecePlaced>,
    mut lab: ResMut<SolverLab>,
    ghosts: Query<Entity, With<LabGhost>>,
    mut commands: Commands,
) {
    if placed.read().count() > 0 {
        lab.playing = None;
        for e in &ghosts {
            commands.entity(e).despawn();
        }
    }
}

/// Whether the lab's card is shown, for the view to keep the board clear of it.
fn show_card(lab: Res<SolverLab>, mut cards: ResMut<crate::game::shared::Cards>) {
    if cards.lab != lab.open {
        cards.lab = lab.open;
    }
}
