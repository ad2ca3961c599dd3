//! Polycube levels: how the 3D view of the solid is looked at. An orbit around the figure
//! (a drag on the view's empty space, see [`super::grip`], or the gamepad's right stick), a
//! zoom (the wheel, a pinch, the view's `+` and `-` buttons), and a slice that shows only the
//! layers up to one, so the inside can be seen. The camera's geometry lives here too (its place,
//! the ray under the pointer, the floor's axes as seen), so picking works headless exactly as
//! [`super::solid`] draws.

use crate::game::board::input::GamepadFocus;
use crate::game::board::levels::ActiveLevel;
use crate::game::shared::Action;
use crate::game::shared::AppState;
use crate::polyform::space::Ray;
use crate::polyform::Cell;
use bevy::prelude::*;

/// The camera around the solid.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    /// Turn about the vertical axis, radians.
    pub yaw: f32,
    /// Height of the eye above the horizon, radians (kept between 5 and 85 degrees).
    pub pitch: f32,
    /// Distance as a multiple of the distance at which the figure's bounding sphere just fits
    /// the view (1: the whole figure seen, whichever way it is turned).
    pub zoom: f32,
    /// Show only the layers below this one (`None`: all).
    pub slice: Option<i32>,
    /// The figure's number of layers (for the slice control).
    pub layers: i32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit { yaw: -0.6, pitch: 0.6, zoom: 1.0, slice: None, layers: 1 }
    }
}

impl Orbit {
    pub const PITCH: (f32, f32) = (0.09, 1.48);
    pub const ZOOM: (f32, f32) = (0.5, 3.0);

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

    /// The camera for a figure of this extent seen in a view `aspect` times as wide as it is
    /// high, in Bevy's world (y up; see [`to_world`]). At zoom 1 the figure's bounding sphere
    /// just fits the narrower of the view's two angles, so no turn puts a corner outside it.
    pub fn eye(&self, extent: [i32; 3], aspect: f32) -> Transform {
        let size = Vec3::new(extent[0] as f32, extent[2] as f32, extent[1] as f32);
        let centre = to_world([extent[0] as f64 / 2.0, extent[1] as f64 / 2.0, extent[2] as f64 / 2.0]);
        let dir = Vec3::new(self.pitch.cos() * self.yaw.sin(), self.pitch.sin(), self.pitch.cos() * self.yaw.cos());
        let half = (FOV / 2.0).min(((FOV / 2.0).tan() * aspect.max(0.05)).atan());
        let fit = size.length() / 2.0 / half.sin();
        Transform::from_translation(centre + dir * fit * self.zoom).looking_at(centre, Vec3::Y)
    }

    /// The ray from the eye through board point `p` of the view's rectangle `rect`, in board
    /// coordinates (the same perspective as the camera: [`FOV`], the rectangle's aspect).
    pub fn ray(&self, extent: [i32; 3], rect: Rect, p: Vec2) -> Ray {
        let eye = self.eye(extent, rect.width() / rect.height());
        let ndc = (p - rect.center()) / rect.half_size();
        let t = (FOV / 2.0).tan();
        let dir = eye.rotation * Vec3::new(ndc.x * t * rect.width() / rect.height(), ndc.y * t, -1.0);
        Ray { from: to_board(eye.translation), dir: to_board(dir) }
    }

    /// Where board point `q` appears in the view's rectangle (`None` behind the eye): the
    /// inverse of [`Orbit::ray`].
    pub fn project(&self, extent: [i32; 3], rect: Rect, q: [f64; 3]) -> Option<Vec2> {
        let eye = self.eye(extent, rect.width() / rect.height());
        let v = eye.rotation.inverse() * (to_world(q) - eye.translation);
        let t = (FOV / 2.0).tan();
        (v.z < 0.0).then(|| {
            rect.center()
                + Vec2::new(v.x / (-v.z * t * rect.width() / rect.height()), v.y / (-v.z * t)) * rect.half_size()
        })
    }

    /// The board's floor axes as the player sees them: the signed unit step nearest the
    /// screen's right, and the one nearest "away from the eye".
    pub fn floor_axes(&self) -> (Cell, Cell) {
        let eye = self.eye([1, 1, 1], 1.0);
        let signed = |v: [f64; 3], a: usize| -> Cell {
            let mut c = [0; 3];
            c[a] = if v[a] >= 0.0 { 1 } else { -1 };
            c
        };
        let right = to_board(eye.rotation * Vec3::X);
        let ahead = to_board(eye.rotation * Vec3::NEG_Z);
        let a = if right[0].abs() >= right[1].abs() { 0 } else { 1 };
        (signed(right, a), signed(ahead, 1 - a))
    }
}

/// The 3D view's vertical field of view, radians (Bevy's default).
pub const FOV: f32 = std::f32::consts::FRAC_PI_4;

/// Board coordinates (z up) to Bevy's world (y up): `(x, y, z) -> (x, z, -y)`.
pub fn to_world(b: [f64; 3]) -> Vec3 {
    Vec3::new(b[0] as f32, b[2] as f32, -b[1] as f32)
}

/// Bevy's world to board coordinates.
pub fn to_board(w: Vec3) -> [f64; 3] {
    [w.x as f64, -w.z as f64, w.y as f64]
}

pub struct OrbitPlugin;

impl Plugin for OrbitPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Orbit>().add_systems(OnEnter(AppState::Playing), reset).add_systems(
            Update,
            (zoom, stick).after(crate::game::shared::InputSet).run_if(in_state(AppState::Playing)),
        );
    }
}

/// A new level: the default view, the figure's layers, and whether the gamepad's d-pad goes
/// to the 3D view (where it is laid out, [`crate::game::shared::SolidArea`], is the pieces plugin's).
fn reset(mut orbit: ResMut<Orbit>, active: Option<Res<ActiveLevel>>, mut focus: ResMut<GamepadFocus>) {
    let solid = active.as_ref().and_then(|a| a.level.solid());
    let layers = solid.map_or(1, |p| p.board.extent()[2]);
    *orbit = Orbit { layers, ..Orbit::default() };
    focus.solid = solid.is_some();
}

/// The wheel or a pinch over the view.
fn zoom(mut actions: MessageReader<Action>, mut orbit: ResMut<Orbit>) {
    for a in actions.read() {
        if let Action::Zoom(steps) = *a {
            orbit.zoom_by(steps);
        }
    }
}

/// The right stick turns the view.
fn stick(pads: Query<&Gamepad>, time: Res<Time>, mut orbit: ResMut<Orbit>, active: Option<Res<ActiveLevel>>) {
    if active.as_ref().is_none_or(|a| a.level.solid().is_none()) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// At the zoom a level starts with, every corner of the figure is inside the view, however
    /// the figure is turned and whatever the view's shape (the bottom was cut off at 1280x800).
    #[test]
    fn the_whole_figure_is_in_view_at_the_start_zoom() {
        for extent in [[3, 3, 3], [2, 3, 4], [5, 2, 1], [6, 5, 2], [1, 1, 8]] {
            for (w, h) in [(10.0, 6.0), (6.0, 10.0), (8.0, 8.0)] {
                let rect = Rect::new(-w / 2.0, -h / 2.0, w / 2.0, h / 2.0);
                for k in 0..24 {
                    let pitch = Orbit::PITCH.0 + (Orbit::PITCH.1 - Orbit::PITCH.0) * (k % 4) as f32 / 3.0;
                    let orbit = Orbit { yaw: k as f32 * 0.7, pitch, ..Orbit::default() };
                    for c in 0..8 {
                        let q = [
                            f64::from((c & 1) * extent[0]),
                            f64::from((c >> 1 & 1) * extent[1]),
                            f64::from((c >> 2) * extent[2]),
                        ];
                        let p = orbit.project(extent, rect, q).expect("in front of the eye");
                        assert!(rect.contains(p), "{extent:?} in {w}x{h}, turn {k}: corner {q:?} at {p}");
                    }
                }
            }
        }
    }
}
