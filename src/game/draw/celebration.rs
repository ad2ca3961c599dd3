//! A solve is celebrated before the solved panel opens: the figure glows and the pieces flash
//! once, lighter and back, keeping their colours, so the assembly the player made stays theirs
//! (the solve sound plays meanwhile, from `audio`). With "reduce motion" the panel opens at
//! once. The held piece's shadow, which lifts it off the board, is drawn here too.

use crate::game::board::pieces::{Piece, PieceGeom, Placed, TargetFigure};
use crate::game::board::placement::Selection;
use crate::game::draw::paint::{fill, path_of, piece_colour, stroke, LINE, OUTLINE};
use crate::game::meta::save::SaveState;
use crate::game::shared::{AppState, Frames};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

/// Length of the celebration, seconds.
pub const SECS: f32 = 0.9;
const GOLD: Color = Color::srgb(0.96, 0.78, 0.30);

/// When the current solve's celebration began (`None`: no celebration under way).
#[derive(Resource, Default)]
pub struct Celebration(Option<f32>);

impl Celebration {
    /// The solved panel may open: no celebration, or it is over.
    pub fn over(&self, now: f32) -> bool {
        self.0.is_none_or(|t| now - t >= SECS)
    }
}

/// The glow around the figure during a celebration.
#[derive(Component)]
struct Glow;

/// The shadow under the held piece.
#[derive(Component)]
struct Shadow(Option<(Entity, i32)>);

pub struct CelebrationPlugin;

impl Plugin for CelebrationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Celebration>()
            .init_resource::<Frames>()
            .add_systems(Startup, spawn_shadow)
            .add_systems(OnEnter(AppState::Solved), begin)
            .add_systems(OnEnter(AppState::Playing), |mut c: ResMut<Celebration>| c.0 = None)
            .add_systems(Update, (play, ask_while_celebrating).run_if(in_state(AppState::Solved)))
            .add_systems(PostUpdate, shadow.after(crate::game::board::motion::Follow));
    }
}

/// The celebration wants its frames, and one more once it is over (the solved panel opens).
fn ask_while_celebrating(celebration: Res<Celebration>, time: Res<Time>, mut frames: ResMut<Frames>) {
    if celebration.0.is_some_and(|t| time.elapsed_secs() - t < SECS + 0.25) {
        frames.ask();
    }
}

fn begin(
    mut commands: Commands,
    mut celebration: ResMut<Celebration>,
    save: Option<Res<SaveState>>,
    time: Res<Time>,
    target: Query<&PieceGeom, (With<TargetFigure>, Without<Piece>)>,
) {
    if crate::game::board::motion::reduced(save.as_deref()) {
        return;
    }
    celebration.0 = Some(time.elapsed_secs());
    for geom in &target {
        commands.spawn((
            Glow,
            ShapeBuilder::with(&path_of(&geom.rings)).stroke(stroke(GOLD.with_alpha(0.0), LINE)).build(),
            // Over the figure, under the pieces: only its outer half shows.
            Transform::from_xyz(0.0, 0.0, 0.5),
            crate::game::shared::InLevel.scoped(),
        ));
    }
}

/// Mixes two colours in linear light.
fn mix(a: Color, b: Color, k: f32) -> Color {
    let (a, b) = (a.to_linear(), b.to_linear());
    Color::LinearRgba(a.mix(&b, k.clamp(0.0, 1.0)))
}

/// A piece's colour at time `t` (0 to 1) of the celebration: a flash toward white that peaks
/// at a third of the way and is gone at the end.
pub fn flash(colour: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    let k = if t < 1.0 / 3.0 { 3.0 * t } else { 1.5 * (1.0 - t) };
    if k <= 0.0 {
        return colour;
    }
    mix(colour, Color::WHITE, 0.45 * k)
}

#[allow(clippy::type_complexity)]
fn play(
    celebration: Res<Celebration>,
    time: Res<Time>,
    mut glow: Query<&mut Shape, (With<Glow>, Without<Piece>)>,
    mut pieces: Query<(&Placed, &mut Shape), (With<Piece>, Without<Glow>)>,
) {
    let Some(start) = celebration.0 else { return };
    let t = ((time.elapsed_secs() - start) / SECS).clamp(0.0, 1.0);
    // The glow swells and fades; the pieces flash and come back to their own colours.
    let swell = (t * std::f32::consts::PI).sin();
    for mut shape in &mut glow {
        shape.stroke = Some(stroke(GOLD.with_alpha(0.8 * swell), LINE * (2.0 + 10.0 * swell)));
    }
    for (placed, mut shape) in &mut pieces {
        shape.fill = Some(fill(flash(piece_colour(placed.0.piece), t)));
        shape.stroke = Some(stroke(OUTLINE, LINE));
    }
}

fn spawn_shadow(mut commands: Commands) {
    // Hidden until a piece is held, but never empty: an empty path makes an empty mesh, which
    // Bevy 0.19's mesh slab allocator cannot hold ("Use-after-free" at every launch).
    let square = shapes::Rectangle { extents: Vec2::ONE, ..default() };
    commands.spawn((
        Shadow(None),
        ShapeBuilder::with(&square).fill(fill(Color::BLACK.with_alpha(0.3))).build(),
        Transform::default(),
        Visibility::Hidden,
    ));
}

/// A soft dark copy of the held piece, offset down and to the right, under it.
#[allow(clippy::type_complexity)]
fn shadow(
    sel: Res<Selection>,
    save: Option<Res<SaveState>>,
    pieces: Query<(&Transform, &PieceGeom, &Placed), (With<Piece>, Without<Shadow>)>,
    mut shadows: Query<(&mut Shadow, &mut Transform, &mut Visibility, &mut Shape)>,
) {
    let Ok((mut drawn, mut t, mut vis, mut shape)) = shadows.single_mut() else { return };
    let held = sel.selected.filter(|_| sel.held && !crate::game::board::motion::reduced(save.as_deref()));
    let Some((e, (pt, geom, placed))) = held.and_then(|e| Some((e, pieces.get(e).ok()?))) else {
        *vis = Visibility::Hidden;
        drawn.0 = None;
        return;
    };
    // Drawn again for another piece, or for a polycube piece's new turn.
    if drawn.0 != Some((e, placed.0.rot)) {
        drawn.0 = Some((e, placed.0.rot));
        shape.path = ShapeBuilder::with(&path_of(placed.local(geom))).fill(fill(Color::BLACK)).build().path;
    }
    *t = pt.with_translation(pt.translation + Vec3::new(0.07, -0.1, -0.005));
    *vis = Visibility::Visible;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces end the celebration in their own colours (they used to end in the figure's
    /// gold, one mustard shape), and flash lighter on the way.
    #[test]
    fn the_assembly_keeps_its_colours() {
        for i in 0..crate::pieces::PALETTE.len() {
            let c = piece_colour(i);
            assert_eq!(flash(c, 1.0).to_srgba(), c.to_srgba(), "piece {i} at the end");
            assert_eq!(flash(c, 0.0).to_srgba(), c.to_srgba(), "piece {i} at the start");
            let mid = flash(c, 1.0 / 3.0).to_linear();
            let own = c.to_linear();
            assert!(mid.red >= own.red && mid.green >= own.green && mid.blue >= own.blue, "lighter mid-way");
        }
    }
}
