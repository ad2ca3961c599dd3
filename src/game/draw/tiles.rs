//! Edge-matching tiles on the board (the edge family's drawing): each tile is four coloured
//! triangles with a symbol in each, over its piece; a hint's ghost tile shows its colours too;
//! and the sides the judge marks as mismatched get red bars.

use crate::family::tiles::TileLevel;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, PieceGeom};
use crate::game::draw::paint::{add_shapes, fill, stroke, Look, LINE, OUTLINE};
use crate::game::solver::hints::{HintKind, HintMarker};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

pub struct TilesPlugin;

impl Plugin for TilesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, (dress_tiles.after(add_shapes), dress_ghosts, dress_thinking, show_mismatches));
    }
}

/// The tiles of an edge level's puzzle, if the level on the board is one.
fn tiles<'a>(active: &'a Option<Res<ActiveLevel>>) -> Option<&'a [crate::tiles::Tile]> {
    active.as_ref().and_then(|a| a.level.data::<TileLevel>()).map(|e| &e.puzzle.tiles[..])
}

/// A new tile piece: a plain square under its four coloured triangles.
fn dress_tiles(
    mut commands: Commands,
    added: Query<(Entity, &Piece, &PieceGeom), Added<PieceGeom>>,
    active: Option<Res<ActiveLevel>>,
    look: Option<Res<Look>>,
) {
    let look = look.map(|l| *l).unwrap_or_default();
    let Some(tiles) = tiles(&active) else { return };
    for (e, piece, geom) in &added {
        let path = crate::game::draw::paint::path_of(&geom.rings);
        commands
            .entity(e)
            .insert(ShapeBuilder::with(&path).fill(fill(look.target())).stroke(stroke(OUTLINE, LINE)).build());
        edge_tile(&mut commands, e, &tiles[piece.0], 1.0);
    }
}

/// A hint's ghost tile shows its colours, so its turn can be read.
fn dress_ghosts(
    mut commands: Commands,
    added: Query<(Entity, &HintMarker), Added<HintMarker>>,
    active: Option<Res<ActiveLevel>>,
) {
    let Some(tiles) = tiles(&active) else { return };
    for (e, m) in &added {
        if let HintKind::Ghost(_) = m.kind {
            edge_tile(&mut commands, e, &tiles[m.piece], 1.0);
        }
    }
}

/// The solver's ghost tiles (show thinking, a lab result) show their colours too, faded by
/// their weight (an LP iterate's entry of P).
fn dress_thinking(
    mut commands: Commands,
    added: Query<
        (Entity, &crate::game::solver::thinking::ThinkingGhost),
        Added<crate::game::solver::thinking::ThinkingGhost>,
    >,
    active: Option<Res<ActiveLevel>>,
) {
    let Some(tiles) = tiles(&active) else { return };
    for (e, g) in &added {
        if let Some(tile) = tiles.get(g.placement.piece) {
            edge_tile(&mut commands, e, tile, g.weight);
        }
    }
}

use crate::tiles::side_rgb;

/// The four coloured triangles of a tile, with a symbol in each, as children of the piece;
/// `alpha` below 1 fades them.
fn edge_tile(commands: &mut Commands, piece: Entity, tile: &crate::tiles::Tile, alpha: f32) {
    let outline = OUTLINE.with_alpha(OUTLINE.alpha() * alpha);
    let c = Vec2::splat(0.5);
    let corners = [Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(0.0, 0.0)];
    for (side, &colour) in tile.iter().enumerate() {
        let (a, b) = (corners[side], corners[(side + 1) % 4]);
        let tri = shapes::Polygon { points: vec![a, b, c], closed: true };
        let [r, g, bl] = side_rgb(colour);
        let col = Color::srgba(r, g, bl, alpha);
        commands.spawn((
            ShapeBuilder::with(&tri).fill(fill(col)).stroke(stroke(outline, LINE * 0.5)).build(),
            Transform::from_xyz(0.0, 0.0, 0.1),
            ChildOf(piece),
        ));
        if colour == 0 {
            continue;
        }
        // The symbol, two thirds of the way from the centre to the side.
        let at = c + ((a + b) * 0.5 - c) * 0.62;
        let sym = (colour as usize - 1) % 6;
        let r = 0.075;
        let ink = Color::srgba(0.08, 0.08, 0.10, alpha);
        let shape = match sym {
            0 => ShapeBuilder::with(&shapes::Circle { radius: r, center: Vec2::ZERO }).fill(fill(ink)).build(),
            5 => {
                ShapeBuilder::with(&shapes::Circle { radius: r, center: Vec2::ZERO }).stroke(stroke(ink, 0.03)).build()
            }
            4 => {
                let plus = ShapePath::new()
                    .move_to(Vec2::new(-r, 0.0))
                    .line_to(Vec2::new(r, 0.0))
                    .move_to(Vec2::new(0.0, -r))
                    .line_to(Vec2::new(0.0, r));
                ShapeBuilder::with(&plus).stroke(stroke(ink, 0.035)).build()
            }
            k => {
                // 1: triangle, 2: square, 3: diamond.
                let (n, turn) = [(3, 0.0), (4, std::f32::consts::FRAC_PI_4), (4, 0.0)][k - 1];
                let pts = (0..n)
                    .map(|i| {
                        Vec2::from_angle(
                            turn + std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / n as f32,
                        ) * r
                            * 1.2
                    })
                    .collect();
                ShapeBuilder::with(&shapes::Polygon { points: pts, closed: true }).fill(fill(ink)).build()
            }
        };
        commands.spawn((shape, Transform::from_xyz(at.x, at.y, 0.2), ChildOf(piece)));
    }
}

/// A red bar on a mismatched side (scoped to the level).
#[derive(Component)]
pub struct MismatchMarker;

/// Red bars on the sides of edge-matching tiles that do not match.
fn show_mismatches(
    mut commands: Commands,
    mismatched: Res<crate::game::board::verification::Mismatched>,
    markers: Query<Entity, With<MismatchMarker>>,
    active: Option<Res<ActiveLevel>>,
) {
    if !mismatched.is_changed() {
        return;
    }
    for m in &markers {
        commands.entity(m).despawn();
    }
    let Some(e) = active.as_ref().and_then(|a| a.level.data::<TileLevel>()) else { return };
    let (cols, rows) = (e.puzzle.cols, e.puzzle.rows);
    for &(cell, side) in &mismatched.0 {
        let (x, y) = ((cell % cols) as f32, (rows - 1 - cell / cols) as f32);
        let (a, b) = match side {
            0 => (Vec2::new(x, y + 1.0), Vec2::new(x + 1.0, y + 1.0)),
            1 => (Vec2::new(x + 1.0, y), Vec2::new(x + 1.0, y + 1.0)),
            2 => (Vec2::new(x, y), Vec2::new(x + 1.0, y)),
            _ => (Vec2::new(x, y), Vec2::new(x, y + 1.0)),
        };
        let bar = ShapePath::new().move_to(a + (b - a) * 0.15).line_to(a + (b - a) * 0.85);
        commands.spawn((
            MismatchMarker,
            ShapeBuilder::with(&bar).stroke(stroke(Color::srgb(1.0, 0.25, 0.2), LINE * 3.0)).build(),
            Transform::from_xyz(0.0, 0.0, 70.0),
            // They belong to the level: leaving it for the menus takes them away.
            crate::game::shared::InLevel.scoped(),
        ));
    }
}
