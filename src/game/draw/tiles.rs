//! Edge-matching tiles on the board (the edge family's drawing): each tile is four coloured
//! triangles with a mark in each, over its piece; a hint's ghost tile shows its colours too;
//! and the sides the judge marks as mismatched get red bars.

use crate::family::tiles::TilesLevel;
use crate::game::board::levels::ActiveLevel;
use crate::game::board::motion::DEPTH_STEP;
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
    active.as_ref().and_then(|a| a.level.data::<TilesLevel>()).map(|e| &e.puzzle.tiles[..])
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

/// The four coloured triangles of a tile, with a mark in each, as children of the piece;
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
            // Within the piece's own depth (a neighbour raised above it covers them, and the
            // raised one's outline shows whole: P1b item 10).
            Transform::from_xyz(0.0, 0.0, DEPTH_STEP * 0.3),
            ChildOf(piece),
        ));
        let Some(mark) = crate::tiles::side_mark(colour) else { continue };
        // The mark, two thirds of the way from the centre to the side.
        let at = c + ((a + b) * 0.5 - c) * 0.62;
        let ink = Color::srgba(0.08, 0.08, 0.10, alpha);
        let shape = mark_shape(mark, ink);
        // Drawn in the side's own frame, its top toward the side: a colour's mark looks the same
        // on every side of every tile however it is turned, and two matched sides show mirror
        // images (two triangles point at each other).
        let toward_side = Quat::from_rotation_z(-(side as f32) * std::f32::consts::FRAC_PI_2);
        commands.spawn((
            shape,
            Transform::from_xyz(at.x, at.y, DEPTH_STEP * 0.6).with_rotation(toward_side),
            ChildOf(piece),
        ));
    }
}

/// A side's mark as a shape about 0.15 across, centred on the origin.
fn mark_shape(mark: crate::tiles::Mark, ink: Color) -> Shape {
    use crate::tiles::Mark;
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, TAU};
    let r = 0.075;
    // A regular polygon of `n` corners, the first at `turn` past straight up, `k` times r across.
    let polygon = |n: usize, turn: f32, k: f32| shapes::Polygon {
        points: (0..n).map(|i| Vec2::from_angle(turn + FRAC_PI_2 + i as f32 * TAU / n as f32) * r * k).collect(),
        closed: true,
    };
    let lines = |segments: &[(Vec2, Vec2)]| {
        let path = segments.iter().fold(ShapePath::new(), |p, &(a, b)| p.move_to(a).line_to(b));
        ShapeBuilder::with(&path).stroke(stroke(ink, 0.035)).build()
    };
    let dot = |x: f32, radius: f32| shapes::Circle { radius, center: Vec2::new(x, 0.0) };
    match mark {
        Mark::Dot => ShapeBuilder::with(&dot(0.0, r)).fill(fill(ink)).build(),
        Mark::Ring => ShapeBuilder::with(&dot(0.0, r)).stroke(stroke(ink, 0.03)).build(),
        Mark::Triangle => ShapeBuilder::with(&polygon(3, 0.0, 1.2)).fill(fill(ink)).build(),
        Mark::TriangleDown => ShapeBuilder::with(&polygon(3, TAU / 2.0, 1.2)).fill(fill(ink)).build(),
        Mark::Square => ShapeBuilder::with(&polygon(4, FRAC_PI_4, 1.2)).fill(fill(ink)).build(),
        Mark::Diamond => ShapeBuilder::with(&polygon(4, 0.0, 1.2)).fill(fill(ink)).build(),
        Mark::Hexagon => ShapeBuilder::with(&polygon(6, 0.0, 1.0)).stroke(stroke(ink, 0.03)).build(),
        Mark::Star => {
            let star = shapes::Polygon {
                points: (0..10)
                    .map(|i| {
                        Vec2::from_angle(FRAC_PI_2 + i as f32 * TAU / 10.0) * r * if i % 2 == 0 { 1.3 } else { 0.55 }
                    })
                    .collect(),
                closed: true,
            };
            ShapeBuilder::with(&star).fill(fill(ink)).build()
        }
        Mark::Plus => lines(&[(Vec2::new(-r, 0.0), Vec2::new(r, 0.0)), (Vec2::new(0.0, -r), Vec2::new(0.0, r))]),
        Mark::Cross => lines(&[(Vec2::splat(-r), Vec2::splat(r)), (Vec2::new(-r, r), Vec2::new(r, -r))]),
        Mark::Bar => lines(&[(Vec2::new(-r * 1.2, 0.0), Vec2::new(r * 1.2, 0.0))]),
        Mark::TwoDots => {
            ShapeBuilder::with(&dot(-r * 0.6, r * 0.45)).add(&dot(r * 0.6, r * 0.45)).fill(fill(ink)).build()
        }
    }
}

/// A red bar on a mismatched side (scoped to the level).
#[derive(Component)]
pub struct MismatchMarker;

/// Red bars on the sides of edge-matching tiles that do not match.
fn show_mismatches(
    mut commands: Commands,
    marks: Res<crate::game::board::verification::Marks>,
    markers: Query<Entity, With<MismatchMarker>>,
    active: Option<Res<ActiveLevel>>,
) {
    if !marks.is_changed() {
        return;
    }
    for m in &markers {
        commands.entity(m).despawn();
    }
    let Some(e) = active.as_ref().and_then(|a| a.level.data::<TilesLevel>()) else { return };
    let (cols, rows) = (e.puzzle.cols, e.puzzle.rows);
    for &crate::family::Mark::Side { cell, side } in &marks.0 {
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
