//! Polycube pieces resting in the tray, drawn as what they are: a small picture of their cubes
//! seen from the front right and above (the 3D view's first angle), shaded top, right and
//! front, instead of their layers side by side (an L and a lone square told nobody the shape).
//! On the layer panels, and while held, a piece shows its layers again, which is where they
//! land.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{bbox_of, resting_in_tray, BoardItem, Piece, PieceGeom, Placed};
use crate::game::board::placement::Selection;
use crate::game::draw::paint::*;
use crate::game::shared::InLevel;
use crate::polyform::Cell;
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use std::collections::HashMap;

pub struct CubesPlugin;

impl Plugin for CubesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, pictures.after(crate::game::board::view::fit_view));
    }
}

/// The picture of one piece (its faces are its children), and what it was drawn for.
#[derive(Component)]
struct Picture {
    piece: Entity,
    rot: i32,
    lit: bool,
}

/// Where a point of the board's space appears in the picture (x right, y up): screen right is
/// x + y, up is y - x + 2z, as the 3D view's layout sees the solid.
fn project(x: f32, y: f32, z: f32) -> Vec2 {
    Vec2::new((x + y) / std::f32::consts::SQRT_2, (y - x + 2.0 * z) / 6f32.sqrt())
}

/// The visible faces of the cubes, nearest last, each as (its four corners, its shade, its cube).
pub fn faces(cells: &[Cell]) -> Vec<([Vec2; 4], f32, Cell)> {
    let has = |c: Cell| cells.contains(&c);
    let mut order: Vec<Cell> = cells.to_vec();
    // Nearer to the eye (front right above) is larger x - y + z.
    order.sort_by_key(|c| c[0] - c[1] + c[2]);
    let mut out = Vec::new();
    for [i, j, k] in order {
        let (x, y, z) = (i as f32, j as f32, k as f32);
        let p = |dx: f32, dy: f32, dz: f32| project(x + dx, y + dy, z + dz);
        if !has([i, j - 1, k]) {
            out.push(([p(0., 0., 0.), p(1., 0., 0.), p(1., 0., 1.), p(0., 0., 1.)], 0.7, [i, j, k]));
        }
        if !has([i + 1, j, k]) {
            out.push(([p(1., 0., 0.), p(1., 1., 0.), p(1., 1., 1.), p(1., 0., 1.)], 0.85, [i, j, k]));
        }
        if !has([i, j, k + 1]) {
            out.push(([p(0., 0., 1.), p(1., 0., 1.), p(1., 1., 1.), p(0., 1., 1.)], 1.1, [i, j, k]));
        }
    }
    out
}

fn pictures(
    mut commands: Commands,
    active: Option<Res<ActiveLevel>>,
    sel: Res<Selection>,
    mut pieces: Query<(Entity, &Piece, &PieceGeom, &Placed, &mut Visibility), Without<Picture>>,
    mut shown: Query<(Entity, &mut Picture, &mut Transform, &mut Visibility)>,
) {
    let Some(active) = active else { return };
    let Some(solid) = active.level.solid() else { return };
    let step = active.level.set.step();
    let mut by_piece: HashMap<Entity, Entity> = shown.iter().map(|(e, p, ..)| (p.piece, e)).collect();
    for (e, piece, geom, placed, mut vis) in &mut pieces {
        let resting = resting_in_tray(&active.level, &placed.0) && !(sel.held && sel.selected == Some(e));
        // One of the two is drawn: the picture while it rests in the tray, else its layers.
        let (layers, picture) = if resting {
            (Visibility::Hidden, Visibility::Inherited)
        } else {
            (Visibility::Inherited, Visibility::Hidden)
        };
        if *vis != layers {
            *vis = layers;
        }
        let lit = sel.selected == Some(e);
        let b = bbox_of(&placed.world(geom, step));
        let centre = Vec3::new(b.center().x as f32, b.center().y as f32, 5.0);
        let fresh = by_piece
            .get(&e)
            .and_then(|&p| shown.get(p).ok())
            .is_none_or(|(_, p, ..)| p.rot != placed.0.rot || p.lit != lit);
        if fresh {
            if let Some(old) = by_piece.remove(&e) {
                commands.entity(old).despawn();
            }
            let Some(part) = solid.parts.get(piece.0) else { continue };
            let room = Vec2::new((b.max.x - b.min.x) as f32, (b.max.y - b.min.y) as f32).max(Vec2::splat(1.0));
            let look = Look { piece: e, number: piece.0, rot: placed.0.rot, lit };
            spawn_picture(&mut commands, &look, part, room, Transform::from_translation(centre), picture);
        } else if let Some((_, _, mut t, mut v)) = by_piece.get(&e).and_then(|&p| shown.get_mut(p).ok()) {
            if t.translation != centre {
                t.translation = centre;
            }
            if *v != picture {
                *v = picture;
            }
        }
    }
}

/// What a tray picture shows: whose piece (its entity and number), turned how, selected or not.
struct Look {
    piece: Entity,
    number: usize,
    rot: i32,
    lit: bool,
}

/// A polycube piece's picture as cubes seen from above, fitted into `room` (the box its layers
/// take), its own colour, painted cubes in theirs.
fn spawn_picture(
    commands: &mut Commands,
    look: &Look,
    part: &crate::polyform::pack::PartSpec,
    room: Vec2,
    at: Transform,
    visibility: Visibility,
) {
    let cells = crate::polyform::place::orient(&part.cells, look.rot);
    let drawn = faces(&cells);
    // Cubes of a colour that says where they may go are painted it.
    let painted = crate::polyform::place::turned_colours(part, look.rot);
    // Fitted into the box the layers take, centred on it.
    let (lo, hi) = drawn.iter().flat_map(|f| f.0).fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)));
    let scale = ((room.x / (hi.x - lo.x)).min(room.y / (hi.y - lo.y)) * 0.95).min(1.0);
    let mid = (lo + hi) / 2.0;
    let own = crate::pieces::PALETTE[look.number % crate::pieces::PALETTE.len()];
    let line = if look.lit { (HIGHLIGHT, LINE * 1.5) } else { (OUTLINE, LINE) };
    commands
        .spawn((
            Picture { piece: look.piece, rot: look.rot, lit: look.lit },
            BoardItem,
            InLevel.scoped(),
            at,
            visibility,
        ))
        .with_children(|c| {
            for (n, (corners, shade, cube)) in drawn.iter().enumerate() {
                let k = crate::polyform::colour::colour_of(&painted, *cube);
                let [r, g, bl] = match k {
                    0 => own,
                    k => crate::polyform::colour::rgb(k).map(|v| v as f32 / 255.0),
                };
                // A painted cube's faces ringed in white, as painted squares are.
                let line = if k == 0 || look.lit { line } else { (Color::WHITE, LINE * 1.5) };
                let shaded = Color::srgb((r * shade).min(1.0), (g * shade).min(1.0), (bl * shade).min(1.0));
                let poly =
                    shapes::Polygon { points: corners.iter().map(|&p| (p - mid) * scale).collect(), closed: true };
                c.spawn((
                    ShapeBuilder::with(&poly).fill(fill(shaded)).stroke(stroke(line.0, line.1)).build(),
                    Transform::from_xyz(0.0, 0.0, n as f32 * 0.001),
                ));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lone cube shows three faces; two cubes side by side hide the faces they share; a
    /// tripod's picture is as tall as a cube more than its floor (so its shape reads).
    #[test]
    fn only_the_faces_the_eye_sees_are_drawn() {
        assert_eq!(faces(&[[0, 0, 0]]).len(), 3);
        // Along x: the first cube's right face is hidden by the second.
        assert_eq!(faces(&[[0, 0, 0], [1, 0, 0]]).len(), 5);
        // Stacked: the lower top face is hidden.
        assert_eq!(faces(&[[0, 0, 0], [0, 0, 1]]).len(), 5);
        // Nearest last: the front right cube's faces come after the back left one's.
        let f = faces(&[[1, 0, 0], [0, 1, 0]]);
        assert!(f[..3]
            .iter()
            .all(|(c, _, cube)| *cube == [0, 1, 0] && c.iter().all(|p| p.x <= project(1.0, 2.0, 1.0).x + 1e-5)));
    }
}
