//! The solver lab: runs one of the methods the level's family offers ([`crate::family::Family::lab`];
//! on tile puzzles the exact search and the paper's LP method, Algorithm 1) on the level as an
//! async task; the result comes back over a crossbeam channel and the UI lists it (method,
//! solved, iterations or nodes, time) beside the others. [`LabShow`] lays a result's
//! arrangement over the board as faint ghosts (drawn as the show-thinking view's), until the
//! player's next move.

use crate::family::Tried;
use crate::game::board::levels::ActiveLevel;
use crate::game::shared::AppState;
use crate::game::solver::job::Job;
use crate::support::i18n::Text;
use bevy::prelude::*;

/// Ask the lab to run a method: an index into the family's [`crate::family::Family::lab`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabRun(pub usize);

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
}

#[derive(Resource, Default)]
pub struct SolverLab {
    pub open: bool,
    pub running: bool,
    pub results: Vec<LabResult>,
    /// Leaving the level stops the run, and a result that still arrives is dropped.
    job: Job<LabResult>,
}

pub struct LabPlugin;

impl Plugin for LabPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SolverLab>()
            .add_message::<LabRun>()
            .add_message::<LabShow>()
            .add_systems(OnExit(AppState::Playing), leave)
            .add_systems(PostUpdate, show_card.before(crate::game::board::view::fit_view))
            .add_systems(
                Update,
                (run, receive, show, hide_on_move)
                    .chain()
                    .after(crate::game::shared::PlacementSet)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Leaving the level: the run stops (the exact search polls its flag; an LP step finishes
/// and is dropped) and the list empties.
fn leave(mut lab: ResMut<SolverLab>) {
    lab.job.stop();
    lab.open = false;
    lab.running = false;
    lab.results.clear();
}

fn run(mut runs: MessageReader<LabRun>, mut lab: ResMut<SolverLab>, active: Option<Res<ActiveLevel>>) {
    let Some(LabRun(method)) = runs.read().last().copied() else { return };
    let Some(level) = active.map(|a| a.level.clone()) else { return };
    let Some(&name) = level.family.lab().get(method) else { return };
    if lab.running {
        return;
    }
    lab.running = true;
    lab.job.start(move |job| {
        let t0 = std::time::Instant::now();
        let tried = level.family.lab_run(&level, method, job.cancel.clone()).unwrap_or_else(|| Tried {
            solved: false,
            work: Text::new("error").with("why", format!("the family has no lab method {method}")),
            solution: Vec::new(),
        });
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        job.send(LabResult { method: name, solved: tried.solved, work: tried.work, ms, solution: tried.solution });
    });
}

fn receive(mut lab: ResMut<SolverLab>) {
    for r in lab.job.drain() {
        lab.running = false;
        lab.job.finished();
        lab.results.push(r);
    }
}

/// Lays the asked result's arrangement over the board, in place of the last one shown.
fn show(
    mut asks: MessageReader<LabShow>,
    lab: Res<SolverLab>,
    ghosts: Query<Entity, With<LabGhost>>,
    mut commands: Commands,
) {
    let Some(LabShow(k)) = asks.read().last().copied() else { return };
    let Some(result) = lab.results.get(k) else { return };
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    for &placement in &result.solution {
        commands.spawn((
            LabGhost,
            crate::game::solver::thinking::ThinkingGhost { placement, base: 0.0 },
            crate::game::shared::InLevel.scoped(),
        ));
    }
}

/// The player's next move puts the shown arrangement away.
fn hide_on_move(
    mut placed: MessageReader<crate::game::shared::PiecePlaced>,
    ghosts: Query<Entity, With<LabGhost>>,
    mut commands: Commands,
) {
    if placed.read().count() > 0 {
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
