//! Zooming and panning the board, for boards too large to read on a phone: a pinch or a
//! two-finger drag, the wheel over the empty board and a drag on it, the + and - keys (0 fits
//! the board again). The view ([`super::view::fit_view`]) applies [`Zoom`] and keeps the board
//! within reach; a level starts with the whole board in view.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::placement::Selection;
use crate::game::board::view::{View, Zoom};
use crate::game::shared::{Action, AppState, PlacementSet, SolidArea};
use bevy::prelude::*;

/// Zoom for a wheel click or a key press.
pub const STEP: f32 = 1.25;

pub struct ZoomPlugin;

impl Plugin for ZoomPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(AppState::Playing), fit_new_board)
            .add_systems(OnEnter(AppState::Editing), fit_new_board)
            .add_systems(Update, zoom_and_pan.after(PlacementSet).run_if(crate::game::shared::on_board));
    }
}

/// A new board starts fitted, with the level's cell as the size zooming in reaches.
fn fit_new_board(active: Option<Res<ActiveLevel>>, mut zoom: ResMut<Zoom>) {
    zoom.factor = 1.0;
    zoom.pan = Vec2::ZERO;
    zoom.cell = active.map_or(1.0, |a| cell(&a.level));
}

/// A level's cell in board units: a grid's (every grid's cells are a unit across), or else
/// the smallest piece's narrower side.
pub fn cell(level: &crate::level::Level) -> f32 {
    if let Some(side) = level.cells().size() {
        return side as f32;
    }
    let sides = level.set.pieces.iter().map(|def| {
        let b = crate::game::board::pieces::bbox_of(&def.rings);
        (b.max.x - b.min.x).min(b.max.y - b.min.y) as f32
    });
    sides.fold(f32::INFINITY, f32::min).clamp(0.05, 100.0)
}

fn zoom_and_pan(
    mut actions: MessageReader<Action>,
    sel: Res<Selection>,
    solid: Res<SolidArea>,
    view: Res<View>,
    mut zoom: ResMut<Zoom>,
    mut anchor: Local<Option<Vec2>>,
) {
    for action in actions.read().copied() {
        match action {
            // The wheel over a piece turns it (placement); over the board it zooms there.
            Action::Wheel(at, d) if !sel.pointer_on_piece => zoom.zoom_at(STEP.powf(d), at),
            Action::ZoomBoard(d) => zoom.zoom_at(STEP.powi(d), view.center),
            Action::FitBoard => {
                zoom.factor = 1.0;
                zoom.pan = Vec2::ZERO;
            }
            // Two fingers: the point under them stays under them as they move apart or together.
            Action::Pinch { ratio, from, to } => {
                zoom.pan += from - to;
                zoom.zoom_at(ratio, from);
            }
            // A drag that starts on the empty board (not on the 3D view) pans it.
            Action::Press(p) if !sel.held && !solid.0.is_some_and(|r| r.contains(p)) => *anchor = Some(p),
            Action::Drag(p) => {
                if let Some(a) = *anchor {
                    zoom.pan += a - p;
                }
            }
            Action::Release(..) | Action::Cancel => *anchor = None,
            _ => {}
        }
    }
}
