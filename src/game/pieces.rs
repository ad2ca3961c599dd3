//! Pieces and the target silhouette as entities.
//!
//! A piece is an entity with a `Transform` (kept in sync with its [`Placed`]) and a polygon
//! component, [`PieceGeom`], holding its rings in local coordinates.

use super::levels::ActiveLevel;
use super::view::BoardBounds;
use super::AppState;
use crate::geom::{BBox, Vertex};
use crate::pieces::{ring_centroid, Placement};
use crate::verify::Piece as JudgedPiece;
use bevy::prelude::*;

/// Index of the piece in its level's piece set.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece(pub usize);

/// The polygon of a piece (local coordinates) or of the target (world coordinates).
#[derive(Component, Clone, Debug)]
pub struct PieceGeom {
    pub rings: Vec<Vec<Vertex>>,
    /// Centroid of the outer ring, the point pieces turn about.
    pub centroid: Vec2,
}

/// Where a piece is: exact translation (f64, the source of truth) and discrete orientation.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Placed(pub Placement);

/// The target figure.
#[derive(Component)]
pub struct TargetFigure;

/// Everything that belongs to the level on the board.
#[derive(Component)]
pub struct BoardItem;

/// Start positions of the pieces, for restart.
#[derive(Resource, Clone, Default)]
pub struct StartLayout(pub Vec<Placement>);

pub struct PiecesPlugin;

impl Plugin for PiecesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<StartLayout>()
            .add_systems(OnEnter(AppState::Playing), spawn_board)
            .add_systems(OnEnter(AppState::LevelSelect), despawn_board)
            .add_systems(OnEnter(AppState::MainMenu), despawn_board);
    }
}

impl Placed {
    /// World rings of the piece.
    pub fn world(&self, geom: &PieceGeom, step: f64) -> Vec<Vec<Vertex>> {
        let m = self.0.motion(step);
        geom.rings.iter().map(|r| crate::pieces::move_ring(r, &m)).collect()
    }
    pub fn at(&self) -> Vec2 {
        Vec2::new(self.0.at.0 as f32, self.0.at.1 as f32)
    }
    /// The piece's turning point in the world.
    pub fn world_centroid(&self, geom: &PieceGeom, step: f64) -> Vec2 {
        let c = crate::geom::pt(geom.centroid.x as f64, geom.centroid.y as f64);
        let w = self.0.motion(step).apply(c);
        Vec2::new(w.x as f32, w.y as f32)
    }
    /// Turns and/or mirrors the piece about its centroid.
    pub fn turned(&self, geom: &PieceGeom, step: f64, d_rot: i32, flip: bool) -> Placed {
        let c = self.world_centroid(geom, step);
        let mut p = self.0;
        p.rot = (p.rot + d_rot).rem_euclid((std::f64::consts::TAU / step).round() as i32);
        if flip {
            p.flip = !p.flip;
        }
        let mut out = Placed(p);
        let c2 = out.world_centroid(geom, step);
        out.0.at = (p.at.0 + (c.x - c2.x) as f64, p.at.1 + (c.y - c2.y) as f64);
        out
    }
    /// The piece as the engine sees it.
    pub fn judged(&self, geom: &PieceGeom, step: f64, tol: crate::geom::Tol) -> Option<JudgedPiece> {
        JudgedPiece::from_vertices(&self.world(geom, step), tol, self.0.piece).ok()
    }
}

fn bbox_of(rings: &[Vec<Vertex>]) -> BBox {
    let mut b = BBox::EMPTY;
    for v in rings.iter().flatten() {
        b.add(v.at);
        if let Some(a) = v.arc {
            let r = v.at.dist(a.center);
            b.add(a.center + crate::geom::pt(r, r));
            b.add(a.center - crate::geom::pt(r, r));
        }
    }
    b
}

/// Lays the pieces out around the target (in a ring; in rows below it on a portrait screen)
/// and returns the board bounds.
pub fn start_layout(level: &crate::level::Level, portrait: bool) -> (Vec<Placement>, Rect) {
    let tb = bbox_of(&level.target);
    let c = tb.center();
    let n = level.set.pieces.len().max(1);
    let biggest = level.set.pieces.iter().map(|p| bbox_of(&p.rings).extent()).fold(1.0, f64::max);
    let radius = 0.5 * (tb.max.x - tb.min.x).max(tb.max.y - tb.min.y) * std::f64::consts::SQRT_2 + 0.6 * biggest + 0.5;
    let cols = 3.max(((tb.max.x - tb.min.x) / (biggest + 0.4)).floor() as usize);
    let cell = biggest + 0.4;
    let mut out = Vec::with_capacity(n);
    let mut bounds = Rect::from_corners(Vec2::new(tb.min.x as f32, tb.min.y as f32), Vec2::new(tb.max.x as f32, tb.max.y as f32));
    for (i, def) in level.set.pieces.iter().enumerate() {
        let want = if portrait {
            let (row, col) = ((i / cols) as f64, (i % cols) as f64);
            crate::geom::pt(c.x + (col - (cols as f64 - 1.0) / 2.0) * cell, tb.min.y - 0.8 - (row + 0.5) * cell)
        } else {
            let a = std::f64::consts::TAU * i as f64 / n as f64 + std::f64::consts::FRAC_PI_2;
            c + crate::geom::pt(a.cos(), a.sin()) * radius
        };
        let cen = ring_centroid(&def.rings[0]);
        let p = Placement { piece: i, rot: 0, flip: false, at: (want.x - cen.x, want.y - cen.y) };
        let b = bbox_of(&p.apply(def, level.set.step()));
        bounds = bounds.union(Rect::from_corners(Vec2::new(b.min.x as f32, b.min.y as f32), Vec2::new(b.max.x as f32, b.max.y as f32)));
        out.push(p);
    }
    (out, bounds.inflate(0.4))
}

/// A palette that stays distinct for colour-blind players (Okabe and Ito), then repeats.
pub const PALETTE: [[f32; 3]; 12] = [
    [0.90, 0.62, 0.00],
    [0.34, 0.71, 0.91],
    [0.00, 0.62, 0.45],
    [0.94, 0.89, 0.26],
    [0.00, 0.45, 0.70],
    [0.84, 0.37, 0.00],
    [0.80, 0.47, 0.65],
    [0.60, 0.60, 0.60],
    // Beyond the tangram's seven (and the eighth above): Tol's muted colours, for the twelve
    // pentominoes and larger sets.
    [0.53, 0.80, 0.93],
    [0.07, 0.47, 0.20],
    [0.87, 0.80, 0.47],
    [0.53, 0.13, 0.33],
];

pub fn spawn_board(
    mut commands: Commands,
    active: Option<Res<ActiveLevel>>,
    old: Query<Entity, With<BoardItem>>,
    mut layout: ResMut<StartLayout>,
    mut bounds: ResMut<BoardBounds>,
    mut placed: MessageWriter<super::placement::PiecePlaced>,
    view: Res<super::view::View>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(active) = active else { return };
    let level = &active.level;
    commands.spawn((
        TargetFigure,
        BoardItem,
        PieceGeom { rings: level.target.clone(), centroid: Vec2::ZERO },
        Transform::from_xyz(0.0, 0.0, 0.0),
    ));
    let (start, rect) = start_layout(level, view.size.y > view.size.x * 1.2);
    bounds.0 = rect;
    layout.0 = start.clone();
    for (i, p) in start.iter().enumerate() {
        let def = &level.set.pieces[i];
        let c = ring_centroid(&def.rings[0]);
        commands.spawn((
            Piece(i),
            BoardItem,
            PieceGeom { rings: def.rings.clone(), centroid: Vec2::new(c.x as f32, c.y as f32) },
            Placed(*p),
            Transform::from_xyz(p.at.0 as f32, p.at.1 as f32, 1.0 + i as f32 * 0.01),
        ));
    }
    // Judge the starting position so the thermometer starts from the truth.
    placed.write(super::placement::PiecePlaced { piece: None, snapped: false });
}

pub fn despawn_board(mut commands: Commands, items: Query<Entity, With<BoardItem>>) {
    for e in &items {
        commands.entity(e).despawn();
    }
}
