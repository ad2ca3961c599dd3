//! The solver lab (edge-matching levels): runs the exact solver or the paper's LP method
//! (Algorithm 1) on the level as an async task; the result comes back over a crossbeam
//! channel and the UI lists it (method, solved, iterations or nodes, time) beside the others.

use super::job::Job;
use super::levels::ActiveLevel;
use super::AppState;
use crate::i18n::Text;
use bevy::prelude::*;

/// Ask the lab to run a method.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabRun {
    Exact,
    Lp,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabResult {
    /// The method's message id (`lab-exact`, `lab-lp`).
    pub method: &'static str,
    pub solved: bool,
    /// LP: linear programs solved; exact: search nodes; or why it failed.
    pub work: crate::i18n::Text,
    pub ms: f64,
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
            .add_systems(OnExit(AppState::Playing), leave)
            .add_systems(Update, (run, receive).chain().run_if(in_state(AppState::Playing)));
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
    let Some(which) = runs.read().last().copied() else { return };
    let Some(puzzle) = active.and_then(|a| a.level.edge.as_ref().map(|e| e.puzzle.clone())) else { return };
    if lab.running {
        return;
    }
    lab.running = true;
    lab.job.start(move |job| {
        let t0 = std::time::Instant::now();
        let result = match which {
            LabRun::Exact => {
                let out = crate::edge::exact::solve(
                    &puzzle,
                    &crate::edge::exact::Options {
                        limit: 1,
                        max_nodes: 100_000_000,
                        cancel: Some(job.cancel.clone()),
                        ..Default::default()
                    },
                );
                let (solved, work) = match out {
                    Ok(o) => (o.solutions > 0, Text::new("lab-nodes").with("n", o.nodes)),
                    Err(e) => (false, Text::new("error").with("why", e)),
                };
                LabResult { method: "lab-exact", solved, work, ms: 0.0 }
            }
            LabRun::Lp => {
                let out =
                    crate::edge::lp::solve(&puzzle, 30, crate::edge::lp::Basis::Point, crate::edge::lp::Turns::Direct);
                let (solved, work) = match out {
                    Ok(o) => (
                        o.solved,
                        Text::new(if o.permutation { "lab-lp-work-perm" } else { "lab-lp-work" })
                            .with("n", o.iterations)
                            .with("count", o.variables),
                    ),
                    Err(e) => (false, Text::new("error").with("why", e)),
                };
                LabResult { method: "lab-lp", solved, work, ms: 0.0 }
            }
        };
        job.send(LabResult { ms: t0.elapsed().as_secs_f64() * 1000.0, ..result });
    });
}

fn receive(mut lab: ResMut<SolverLab>) {
    for r in lab.job.drain() {
        lab.running = false;
        lab.job.finished();
        lab.results.push(r);
    }
}
