//! Polycube levels: an isometric picture of the box, above its layer panels, showing the cubes
//! placed so far. The layers are where the player works; the picture shows the solid they make.
//! It is redrawn after each judgement.

use super::levels::ActiveLevel;
use super::pieces::{BoardItem, Piece, Placed, PALETTE};
use super::verification::Progress;
use crate::polyform::Cell;
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

pub use super::layout::frame;
use super::layout::project;

/// One face of the picture.
#[derive(Component)]
struct IsoFace;

pub struct IsoPlugin;

impl Plugin for IsoPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, redraw);
    }
}

/// Shades of a cube's three visible faces: top, right (+x), front (-y).
const SHADE: [f32; 3] = [1.0, 0.78, 0.6];

fn redraw(
    mut commands: Commands,
    progress: Res<Progress>,
    active: Option<Res<ActiveLevel>>,
    pieces: Query<&Placed, With<Piece>>,
    old: Query<Entity, With<IsoFace>>,
) {
    if !progress.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(active) = active else { return };
    let (Some(poly), Some((origin, _))) = (active.level.polycube(), frame(&active.level)) else { return };
    let on_board: std::collections::HashSet<Cell> = poly.board.cells.iter().copied().collect();
    // The floor: the bottom layer's cells, faint.
    let floor = [Vec3::ZERO, Vec3::X, Vec3::new(1.0, 1.0, 0.0), Vec3::Y];
    for c in poly.board.cells.iter().filter(|c| c[2] == 0) {
        let at = Vec3::new(c[0] as f32, c[1] as f32, 0.0);
        face(&mut commands, origin, floor.map(|d| at + d), super::draw::TARGET, 0.1);
    }
    // The placed cubes, far to near.
    let mut cubes: Vec<(Cell, usize)> = pieces
        .iter()
        .filter_map(|p| {
            Some((crate::polyform::play::placement_cells(&poly.board, &poly.parts[p.0.piece].cells, &p.0)?, p.0.piece))
        })
        .filter(|(cells, _)| cells.iter().all(|c| on_board.contains(c)))
        .flat_map(|(cells, piece)| cells.into_iter().map(move |c| (c, piece)))
        .collect();
    cubes.sort_by_key(|(c, _)| (c[0] - c[1] + c[2], c[2]));
    for (k, (c, piece)) in cubes.iter().enumerate() {
        let at = Vec3::new(c[0] as f32, c[1] as f32, c[2] as f32);
        let faces = [
            [Vec3::Z, Vec3::new(1.0, 0.0, 1.0), Vec3::ONE, Vec3::new(0.0, 1.0, 1.0)],
            [Vec3::X, Vec3::new(1.0, 1.0, 0.0), Vec3::ONE, Vec3::new(1.0, 0.0, 1.0)],
            [Vec3::ZERO, Vec3::X, Vec3::new(1.0, 0.0, 1.0), Vec3::Z],
        ];
        let [r, g, b] = PALETTE[piece % PALETTE.len()];
        for (corners, shade) in faces.into_iter().zip(SHADE) {
            let colour = Color::srgb(r * shade, g * shade, b * shade);
            face(&mut commands, origin, corners.map(|d| at + d), colour, 0.2 + k as f32 * 0.001);
        }
    }
}

fn face(commands: &mut Commands, origin: Vec2, corners: [Vec3; 4], colour: Color, z: f32) {
    let points = corners.iter().map(|&p| origin + project(p)).collect();
    let shape = ShapeBuilder::with(&shapes::Polygon { points, closed: true })
        .fill(super::draw::fill(colour))
        .stroke(super::draw::stroke(super::draw::OUTLINE, super::draw::LINE * 0.6))
        .build();
    commands.spawn((IsoFace, BoardItem, super::InLevel.scoped(), shape, Transform::from_xyz(0.0, 0.0, z)));
}
