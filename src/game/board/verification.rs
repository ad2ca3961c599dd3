//! Verification on placement: every [`PiecePlaced`] message has the level's family judge the
//! board (`Level::judge`: the contour engine, exact cover of cells, or matched sides) and
//! updates [`Progress`] (and [`Marks`]) in the same frame; a solve writes [`LevelSolved`].

use crate::family::Mark;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, Placed};
use crate::game::shared::AppState;
use crate::game::shared::{LevelSolved, VerificationSet};
use crate::game::shared::{PiecePlaced, PlacementSet};
use crate::pieces::Placement;
use bevy::prelude::*;

/// The verdict on the board, for the HUD.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Completeness level in [0, 1]; 1 exactly when solved.
    pub value: f64,
    pub solved: bool,
    pub overlap: bool,
    /// A board played for the score: matched sides and the most there can be.
    pub score: Option<(usize, usize)>,
    /// How many judgements have run (tests and the HUD's animation use it).
    pub judged: u64,
}

/// What the judge marks on the board (edge matching: the sides that do not match), as the
/// family says it: its drawing plugin shows them.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Marks(pub Vec<Mark>);

pub struct VerificationPlugin;

impl Plugin for VerificationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Progress>()
            .init_resource::<Marks>()
            .configure_sets(Update, VerificationSet.after(PlacementSet))
            // A new board starts unjudged, a playtest and an edited draft alike.
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(OnEnter(AppState::Editing), reset)
            .add_message::<LevelSolved>()
            .add_systems(Update, verify.in_set(VerificationSet).run_if(in_state(AppState::Playing)));
    }
}

fn reset(mut p: ResMut<Progress>, mut m: ResMut<Marks>) {
    *p = Progress::default();
    m.0.clear();
}

pub fn verify(
    mut placed: MessageReader<PiecePlaced>,
    pieces: Query<&Placed, With<Piece>>,
    active: Option<Res<ActiveLevel>>,
    mut progress: ResMut<Progress>,
    time: Res<Time>,
    mut solved_now: MessageWriter<LevelSolved>,
    mut marks: ResMut<Marks>,
) {
    if placed.read().count() == 0 {
        return;
    }
    let Some(active) = active else { return };
    let all: Vec<Placement> = pieces.iter().map(|p| p.0).collect();
    let j = active.level.judge(&all);
    marks.0 = j.marks;
    *progress = Progress {
        value: j.progress,
        solved: j.solved,
        overlap: j.overlap,
        score: j.score,
        judged: progress.judged + 1,
    };
    if j.solved {
        let ms = ((time.elapsed_secs() - active.started).max(0.0) * 1000.0) as u64;
        solved_now.write(LevelSolved { ms, moves: active.moves, timed: !active.clock_held });
    }
}
