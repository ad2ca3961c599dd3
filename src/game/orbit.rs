//! Polycube levels: how the 3D view of the solid is looked at. An orbit around the figure
//! (drag on the view with the mouse or one finger, or the gamepad's right stick), a zoom (the
//! view's `+` and `-` buttons), and a slice that shows only the layers up to one, so the inside
//! can be seen. Pure state and input, no drawing: [`super::solid`] draws it, and the headless
//! tests drive it.

use super::input::Action;
use super::levels::ActiveLevel;
use super::AppState;
use bevy::prelude::*;

/// The camera around the solid.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    /// Turn about the vertical axis, radians.
    pub yaw: f32,
    /// Height of the eye above the horizon, radians (kept between 5 and 85 degrees).
    pub pitch: f32,
    /// Distance as a multiple of the figure's diagonal.
    pub zoom: f32,
    /// Show only the layers below this one (`None`: all).
    pub slice: Option<i32>,
    /// The figure's number of layers (for the slice control).
    pub layers: i32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit { yaw: -0.6, pitch: 0.6, zoom: 1.25, slice: None, layers: 1 }
    }
}

impl Orbit {
    pub const PITCH: (f32, f32) = (0.09, 1.48);
    pub const ZOOM: (f32, f32) = (0.9, 4.0);

    /// Turns the view by a drag of `d` board units (right: turn right; up: look from higher).
    pub fn drag(&mut self, d: Vec2) {
        self.yaw -= d.x * 0.5;
        self.pitch = (self.pitch - d.y * 0.5).clamp(Self::PITCH.0, Self::PITCH.1);
    }

    /// Zooms in (`steps` > 0) or out.
    pub fn zoom_by(&mut self, steps: f32) {
        self.zoom = (self.zoom * 0.9f32.powf(steps)).clamp(Self::ZOOM.0, Self::ZOOM.1);
    }

    /// Shows one layer fewer (`-1`) or more (`+1`); all layers shown is `None`.
    pub fn step_slice(&mut self, d: i32) {
        let now = self.slice.unwrap_or(self.layers);
        let next = (now + d).clamp(1, self.layers);
        self.slice = (next < self.layers).then_some(next);
    }

    /// Whether layer `z` is shown.
    pub fn shows(&self, z: i32) -> bool {
        self.slice.is_none_or(|k| z < k)
    }
}

/// A drag that started on the 3D view (board coordinates of the last pointer position).
#[derive(Resource, Default)]
struct Dragging(Option<Vec2>);

pub struct OrbitPlugin;

impl Plugin for OrbitPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Orbit>()
            .init_resource::<Dragging>()
            .add_systems(OnEnter(AppState::Playing), reset)
            .add_systems(Update, (drag, stick).after(super::input::InputSet).run_if(in_state(AppState::Playing)));
    }
}

fn reset(mut orbit: ResMut<Orbit>, active: Option<Res<ActiveLevel>>, mut dragging: ResMut<Dragging>) {
    let layers = active
        .as_ref()
        .and_then(|a| a.level.polycube())
        .map_or(1, |p| p.board.cells.iter().map(|c| c[2] + 1).max().unwrap_or(1));
    *orbit = Orbit { layers, ..Orbit::default() };
    dragging.0 = None;
}

/// A press on the view (where no piece is: the layout keeps pieces off it) starts turning it.
fn drag(
    mut actions: MessageReader<Action>,
    active: Option<Res<ActiveLevel>>,
    mut orbit: ResMut<Orbit>,
    mut dragging: ResMut<Dragging>,
) {
    let Some(rect) = active.as_ref().and_then(|a| super::layout::frame(&a.level)).map(|(_, r)| r) else {
        actions.clear();
        return;
    };
    for a in actions.read() {
        match *a {
            Action::Press(p) if rect.contains(p) => dragging.0 = Some(p),
            Action::Drag(p) => {
                if let Some(last) = dragging.0 {
                    orbit.drag(p - last);
                    dragging.0 = Some(p);
                }
            }
            Action::Release(_) | Action::Cancel => dragging.0 = None,
            _ => {}
        }
    }
}

/// The right stick turns the view.
fn stick(pads: Query<&Gamepad>, time: Res<Time>, mut orbit: ResMut<Orbit>, active: Option<Res<ActiveLevel>>) {
    if active.as_ref().and_then(|a| a.level.polycube()).is_none() {
        return;
    }
    for pad in &pads {
        let v = pad.right_stick();
        if v.length() > 0.2 {
            let d = v * time.delta_secs() * 3.0;
            orbit.drag(Vec2::new(d.x, -d.y));
        }
    }
}
