//! A solve is celebrated before the solved panel opens: the figure glows, and the pieces
//! lose their outlines and take the figure's gold, merging into it (the solve sound plays
//! meanwhile, from `audio`). With "reduce motion" the panel opens at once. The held piece's
//! shadow, which lifts it off the board, is drawn here too.

use crate::game::board::pieces::{Piece, PieceGeom, Placed, TargetFigure};
use crate::game::board::placement::Selection;
use crate::game::draw::paint::{fill, path_of, piece_colour, stroke, LINE, OUTLINE};
use crate::game::meta::save::SaveState;
use crate::game::shared::AppState;
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
            .add_systems(Startup, spawn_shadow)
            .add_systems(OnEnter(AppState::Solved), begin)
            .add_systems(OnEnter(AppState::Playing), |mut c: ResMut<Celebration>| c.0 = None)
            .add_systems(Update, play.run_if(in_state(AppState::Solved)))
            .add_systems(PostUpdate, shadow.after(crate::game::board::motion::Follow));
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

#[allow(clippy::type_complexity)]
fn play(
    celebration: Res<Celebration>,
    time: Res<Time>,
    mut glow: Query<&mut Shape, (With<Glow>, Without<Piece>)>,
    mut pieces: Query<(&Placed, &mut Shape), (With<Piece>, Without<Glow>)>,
) {
    let Some(start) = celebration.0 else { return };
    let t = ((time.elapsed_secs() - start) / SECS).clamp(0.0, 1.0);
    // The glow swells and fades; the pieces turn gold in the first two thirds.
    let swell = (t * std::f32::consts::PI).sin();
    for mut shape in &mut glow {
        shape.stroke = Some(stroke(GOLD.with_alpha(0.8 * swell), LINE * (2.0 + 10.0 * swell)));
    }
    let merge = (t * 1.5).min(1.0);
    for (placed, mut shape) in &mut pieces {
        shape.fill = Some(fill(mix(piece_colour(placed.0.piece), GOLD, merge)));
        shape.stroke = Some(stroke(OUTLINE.with_alpha(1.0 - merge), LINE));
    }
}

fn spawn_shadow(mut commands: Commands) {
    commands.spawn((
        Shadow(None),
        ShapeBuilder::with(&ShapePath::new()).fill(fill(Color::BLACK.with_alpha(0.3))).build(),
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
