//! Verification on placement: every [`PiecePlaced`] message judges the board (the contour
//! engine for tangram levels, exact cover of the cells for polyomino levels) and updates
//! [`Progress`] in the same frame; a solve records the result and shows the solved
//! screen.

use super::levels::ActiveLevel;
use super::pieces::{Piece, PieceGeom, Placed};
use super::placement::{PiecePlaced, PlacementSet};
use super::AppState;
use bevy::prelude::*;

/// The verdict on the board, for the HUD.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Completeness level in [0, 1]; 1 exactly when solved.
    pub value: f64,
    pub solved: bool,
    pub overlap: bool,
    /// How many judgements have run (tests and the HUD's animation use it).
    pub judged: u64,
}

/// Edge-matching levels: the sides that do not match, (cell, side), for the board to show.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Mismatched(pub Vec<(usize, usize)>);

/// The result shown on the solved screen.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SolvedInfo {
    pub ms: u64,
    pub moves: u32,
    pub new_best: bool,
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct VerificationSet;

pub struct VerificationPlugin;

impl Plugin for VerificationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Progress>()
            .init_resource::<Mismatched>()
            .configure_sets(Update, VerificationSet.after(PlacementSet))
            .add_systems(OnEnter(AppState::Playing), |mut p: ResMut<Progress>, mut m: ResMut<Mismatched>| {
                *p = Progress::default();
                m.0.clear();
            })
            .add_message::<LevelSolved>()
            .add_systems(Update, verify.in_set(VerificationSet).run_if(in_state(AppState::Playing)));
    }
}

/// The level was just solved, in `ms` milliseconds and `moves` moves. Saving, the solved
/// screen and the solve sound react to it; judging knows none of them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSolved {
    pub ms: u64,
    pub moves: u32,
}

pub fn verify(
    mut placed: MessageReader<PiecePlaced>,
    pieces: Query<(&PieceGeom, &Placed), With<Piece>>,
    active: Option<Res<ActiveLevel>>,
    mut progress: ResMut<Progress>,
    time: Res<Time>,
    mut solved_now: MessageWriter<LevelSolved>,
    mut mismatched: ResMut<Mismatched>,
) {
    if placed.read().count() == 0 {
        return;
    }
    let Some(active) = active else { return };
    let step = active.level.set.step();
    let (value, solved, overlap) = if let Some(e) = &active.level.edge {
        // Edge matching: matched inner sides; mismatched sides are shown.
        let placed: Vec<_> = pieces.iter().map(|(_, p)| p.0).collect();
        let j = crate::edge::play::judge(&e.puzzle, &placed);
        mismatched.0 = j.mismatches.clone();
        (j.progress, j.solved, j.overlap)
    } else {
        match &active.level.poly {
            // Polyomino levels: exact cover of the board's cells.
            Some(poly) => {
                let placed: Vec<_> =
                    pieces.iter().filter(|(g, p)| on_board(g, p, step, &active)).map(|(_, p)| p.0).collect();
                let j = poly.judge(&placed);
                (j.progress, j.solved, j.overlap)
            }
            None => {
                let tol = active.puzzle.target.tol;
                let judged: Vec<_> = pieces.iter().filter_map(|(g, p)| p.judged(g, step, tol)).collect();
                let v = active.puzzle.judge(&judged);
                (v.progress, v.solved, v.overlap)
            }
        }
    };
    *progress = Progress { value, solved, overlap, judged: progress.judged + 1 };
    if solved {
        let ms = ((time.elapsed_secs() - active.started).max(0.0) * 1000.0) as u64;
        solved_now.write(LevelSolved { ms, moves: active.moves });
    }
}

/// Whether a piece's centroid lies on the figure (pieces elsewhere are in the tray). A
/// polycube piece's centroid may fall between two layers: it is on the board when one of its
/// squares is.
pub fn on_board(g: &PieceGeom, p: &Placed, step: f64, active: &ActiveLevel) -> bool {
    let inside = |c: crate::geom::Pt| active.puzzle.target.side(c) != crate::geom::ring::Side::Outside;
    if g.turns.is_empty() {
        let c = p.world_centroid(g, step);
        inside(crate::geom::pt(c.x as f64, c.y as f64))
    } else {
        p.world(g, step).iter().any(|square| inside(crate::pieces::ring_centroid(square)))
    }
}
