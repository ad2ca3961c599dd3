//! The solver lab (edge-matching levels): runs the exact solver or the paper's LP method
//! (Algorithm 1) on the level as an async task; the result comes back over a crossbeam
//! channel and the UI lists it (method, solved, iterations or nodes, time) beside the others.

use super::levels::ActiveLevel;
use super::AppState;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use crossbeam_channel::{Receiver, Sender};

/// Ask the lab to run a method.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabRun {
    Exact,
    Lp,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabResult {
    pub method: &'static str,
    pub solved: bool,
    /// LP: linear programs solved; exact: search nodes.
    pub work: String,
    pub ms: f64,
}

#[derive(Resource, Default)]
pub struct SolverLab {
    pub open: bool,
    pub running: bool,
    pub results: Vec<LabResult>,
    task: Option<Task<()>>,
}

#[derive(Resource)]
struct LabChannel {
    tx: Sender<LabResult>,
    rx: Receiver<LabResult>,
}

pub struct LabPlugin;

impl Plugin for LabPlugin {
    fn build(&self, app: &mut App) {
        let (tx, rx) = crossbeam_channel::unbounded();
        app.insert_resource(LabChannel { tx, rx })
            .init_resource::<SolverLab>()
            .add_message::<LabRun>()
            .add_systems(OnExit(AppState::Playing), |mut lab: ResMut<SolverLab>| *lab = SolverLab::default())
            .add_systems(Update, (run, receive).chain().run_if(in_state(AppState::Playing)));
    }
}

fn run(
    mut runs: MessageReader<LabRun>,
    mut lab: ResMut<SolverLab>,
    channel: Res<LabChannel>,
    active: Option<Res<ActiveLevel>>,
) {
    let Some(which) = runs.read().last().copied() else { return };
    let Some(puzzle) = active.and_then(|a| a.level.edge.as_ref().map(|e| e.puzzle.clone())) else { return };
    if lab.running {
        return;
    }
    lab.running = true;
    let tx = channel.tx.clone();
    lab.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let t0 = std::time::Instant::now();
        let result = match which {
            LabRun::Exact => {
                let out = crate::edge::exact::solve(
                    &puzzle,
                    &crate::edge::exact::Options { limit: 1, max_nodes: 100_000_000, ..Default::default() },
                );
                let (solved, work) = match out {
                    Ok(o) => (o.solutions > 0, format!("{} nodes", o.nodes)),
                    Err(e) => (false, e),
                };
                LabResult { method: "exact", solved, work, ms: 0.0 }
            }
            LabRun::Lp => {
                let out =
                    crate::edge::lp::solve(&puzzle, 30, crate::edge::lp::Basis::Point, crate::edge::lp::Turns::Direct);
                let (solved, work) = match out {
                    Ok(o) => (
                        o.solved,
                        format!(
                            "{} linear program(s), {} variables, {}",
                            o.iterations,
                            o.variables,
                            if o.permutation { "a permutation" } else { "no permutation" }
                        ),
                    ),
                    Err(e) => (false, e),
                };
                LabResult { method: "LP (Algorithm 1)", solved, work, ms: 0.0 }
            }
        };
        let _ = tx.send(LabResult { ms: t0.elapsed().as_secs_f64() * 1000.0, ..result });
    }));
}

fn receive(mut lab: ResMut<SolverLab>, channel: Res<LabChannel>) {
    while let Ok(r) = channel.rx.try_recv() {
        lab.running = false;
        lab.task = None;
        lab.results.push(r);
    }
}
