//! Polycube levels: the 3D view's side of the rules of play ([`crate::play::space`]). A press,
//! drag or release in the view goes to the rules with the ray the view casts through it and the
//! floor's axes as the player sees them; a press that meets nothing turns the view
//! ([`Orbit::drag`]). A refused move is kept in [`Refused`], which the 3D view draws in red and
//! the HUD words.

use crate::game::board::placement::{point, Board};
use crate::game::shared::AppState;
use crate::game::shared::PlacementSet;
use crate::game::shared::{Action, Command};
use crate::game::space::orbit::Orbit;
pub use crate::play::space::Refusal;
use crate::play::space::{self, Input, Pressed, Sight};
use crate::polyform::Cell;
use bevy::prelude::*;

/// The last refused move, until the player's next move (not for a time: where frames come
/// slowly a timed refusal could vanish before it was ever drawn).
#[derive(Resource, Default, Debug, Clone)]
pub struct Refused(pub Option<Refusal>);

/// Turning the view: the pointer's last board position.
#[derive(Resource, Default)]
struct Orbiting(Option<Vec2>);

pub struct GripPlugin;

impl Plugin for GripPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Orbiting>()
            .init_resource::<Refused>()
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(Update, handle.after(PlacementSet).run_if(in_state(AppState::Playing)));
    }
}

fn reset(mut orbiting: ResMut<Orbiting>, mut refused: ResMut<Refused>) {
    orbiting.0 = None;
    refused.0 = None;
}

/// The input the rules of play take in the box, the view turned on the way where the player
/// turns it (`None`: not theirs, and it leaves a refusal on show).
fn input(a: Action, orbit: &mut Orbit, orbiting: &mut Option<Vec2>, extent: [i32; 3], rect: Rect) -> Option<Input> {
    Some(match a {
        Action::Press(p) if rect.contains(p) => Input::Press(point(p), orbit.ray(extent, rect, p)),
        Action::Drag(p) => {
            if let Some(last) = *orbiting {
                orbit.drag(p - last);
                *orbiting = Some(p);
            }
            Input::Drag(point(p), orbit.ray(extent, rect, p))
        }
        Action::Release(..) | Action::Cancel => {
            *orbiting = None;
            if a == Action::Cancel {
                Input::Cancel
            } else {
                Input::Release
            }
        }
        Action::Do(Command::Rotate(d)) => Input::Rotate(d),
        Action::Do(Command::Flip) => Input::Flip,
        Action::Roll(d) => Input::Roll(d),
        Action::Step(v) => Input::Step(v.x, v.y),
        Action::Lift(d) => Input::Lift(d),
        Action::Place => Input::Place,
        Action::Do(Command::FocusNext(d)) => Input::FocusNext(d),
        // A zoom or a look at the solver's thinking leaves the refusal on show.
        Action::Zoom(_) | Action::Watch => return None,
        _ => Input::Other,
    })
}

/// The frame's actions in the 3D view, handed to the rules of play.
fn handle(
    mut actions: MessageReader<Action>,
    mut board: Board,
    mut orbit: ResMut<Orbit>,
    mut orbiting: ResMut<Orbiting>,
    mut refused: ResMut<Refused>,
    time: Res<Time>,
    area: Res<crate::game::shared::SolidArea>,
) {
    let actions: Vec<Action> = actions.read().copied().collect();
    let Some(active) = board.active.as_ref().filter(|_| !actions.is_empty()) else { return };
    let (Some(solid), Some(rect)) = (active.level.solid(), area.0) else { return };
    let extent: Cell = solid.board.extent();
    let now = time.elapsed_secs_f64();
    let mut shown = refused.0.clone();
    board.run(|hand, history, table| {
        let mut events = Vec::new();
        for a in actions {
            let Some(i) = input(a, &mut orbit, &mut orbiting.0, extent, rect) else { continue };
            let (right, ahead) = orbit.floor_axes();
            let sight = Sight { slice: orbit.slice, right, ahead };
            let held = hand.held;
            let (said, pressed) = space::act(hand, history, table, &mut shown, sight, i, now);
            events.extend(said);
            // A press in the view that met nothing (and held nothing) turns the view.
            if let (Action::Press(p), Input::Press(..), Pressed::Nothing, false) = (a, i, pressed, held) {
                orbiting.0 = Some(p);
            }
        }
        events
    });
    if refused.0 != shown {
        refused.0 = shown;
    }
}
