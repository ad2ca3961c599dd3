//! Hints: a request starts a solver task on `AsyncComputeTaskPool`; its answer comes back over
//! a crossbeam channel and becomes a hint entity. Two steps of help: first the piece to place
//! next is highlighted, a second request shows where it goes (a ghost). When no completion
//! exists, the piece to move is marked. Any placement, or leaving the level, cancels a stale
//! task and clears the hint.

use super::input::Action;
use super::job::Job;
use super::levels::ActiveLevel;
use super::pieces::{Piece, PieceGeom, Placed};
use super::placement::{PiecePlaced, PlacementSet};
use super::verification::on_board;
use super::AppState;
use crate::pieces::Placement;
use crate::solve::lattice::{hint, Hint};
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
#[derive(Resource, Default)]
pub struct HintState {
    /// The solver task; every placement and request moves it on, so older answers are dropped
    /// (and a running search is told to stop: dropping a task cannot interrupt it).
    job: Job<Option<Hint>>,
    /// The last answer, and how many steps of it are shown.
    pub last: Option<Hint>,
    pub shown: u8,
    /// Shown in the HUD when there is nothing to draw.
    pub message: Option<String>,
}

pub struct HintsPlugin;

impl Plugin for HintsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HintState>().add_systems(OnExit(AppState::Playing), clear).add_systems(
            Update,
            (stale_on_placement, request, receive).chain().after(PlacementSet).run_if(in_state(AppState::Playing)),
        );
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

/// A placement makes any hint (and any task still thinking) stale.
fn stale_on_placement(
    mut placed: MessageReader<PiecePlaced>,
    state: ResMut<HintState>,
    markers: Query<Entity, With<HintMarker>>,
    commands: Commands,
) {
    if placed.read().count() > 0 {
        clear(state, markers, commands);
    }
}

fn request(
    mut actions: MessageReader<Action>,
    mut state: ResMut<HintState>,
    active: Option<Res<ActiveLevel>>,
    pieces: Query<(&Piece, &PieceGeom, &Placed)>,
    markers: Query<Entity, With<HintMarker>>,
    mut commands: Commands,
) {
    if !actions.read().any(|a| *a == Action::Hint) {
        return;
    }
    let Some(active) = active else { return };
    // Second step of the same answer: show where the highlighted piece goes.
    if let (Some(Hint::Next(p)), 1) = (&state.last, state.shown) {
        commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Ghost(*p) });
        state.shown = 2;
        state.message = Some("It goes here.".into());
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    state.last = None;
    state.shown = 0;
    state.message = Some("Thinking…".into());
    let step = active.level.set.step();
    // Pieces whose centroid is on the figure count as placed; the rest are in the tray.
    let placed: Vec<Placement> =
        pieces.iter().filter(|(_, g, p)| on_board(g, p, step, &active)).map(|(_, _, p)| p.0).collect();
    let (set, target) = (active.level.set.clone(), active.level.target.clone());
    let turn = active.level.lattice_turn();
    // The lattice solver answers lattice levels at once; other figures get the geometric
    // solver, with a budget and the cancel flag.
    let poly = active.level.poly.clone();
    let edge = active.level.edge.clone();
    // Edge tiles count wherever they are (off the board they are in the tray).
    let all: Vec<Placement> = pieces.iter().map(|(_, _, p)| p.0).collect();
    state.job.start(move |job| {
        let cancel = job.cancel.clone();
        if let Some(e) = edge {
            let on_board: Vec<Placement> =
                all.into_iter().filter(|p| crate::edge::play::tile_cell(&e.puzzle, p).is_some()).collect();
            job.send(crate::edge::play::hint(&e.puzzle, &on_board, 50_000_000, Some(cancel)));
            return;
        }
        if let Some(poly) = poly {
            let answer = crate::polyform::play::hint(
                &poly.board,
                &poly.parts,
                &poly.piece_part(),
                &placed,
                50_000_000,
                Some(cancel),
            );
            job.send(answer);
            return;
        }
        let answer = turn.and_then(|turn| hint(&set, &target, turn, &placed)).or_else(|| {
            let opts = crate::solve::geometric::Options {
                limit: 1,
                max_nodes: 500_000,
                deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(10)),
                cancel: Some(cancel),
                ..Default::default()
            };
            crate::solve::geometric::hint(&set, &target, &placed, &opts)
        });
        job.send(answer);
    });
}

fn receive(mut state: ResMut<HintState>, mut commands: Commands) {
    for answer in state.job.drain() {
        state.job.finished();
        state.message = match &answer {
            Some(Hint::Next(p)) => {
                commands.spawn(HintMarker { piece: p.piece, kind: HintKind::Which });
                state.shown = 1;
                Some("This piece next. Ask again to see where.".into())
            }
            Some(Hint::Move(k)) => {
                commands.spawn(HintMarker { piece: *k, kind: HintKind::MoveThis });
                state.shown = 1;
                Some("This piece cannot stay where it is.".into())
            }
            Some(Hint::Done) => Some("The figure is complete.".into()),
            None => Some("No hint found for this position.".into()),
        };
        state.last = answer;
    }
}
