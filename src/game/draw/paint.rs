//! The drawing toolkit every drawing plugin uses: the board's colours and line width, lyon
//! fills, strokes and paths for rings with arcs, the pieces' colours, and the shapes given to
//! newly spawned pieces and figures.

use crate::game::board::pieces::{PieceGeom, Placed};
use crate::geom::{Edge, Vertex};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.15);
pub const TARGET: Color = Color::srgb(0.27, 0.30, 0.37);
/// The editor's canvas: a quiet area pieces are laid on.
pub const CANVAS: Color = Color::srgb(0.15, 0.16, 0.20);
pub const TARGET_DONE: Color = Color::srgb(0.55, 0.47, 0.18);
pub const OUTLINE: Color = Color::srgb(0.08, 0.08, 0.10);
pub const HIGHLIGHT: Color = Color::srgb(1.0, 1.0, 1.0);
pub const LINE: f32 = 0.035;
/// Curve flattening tolerance in board units (lyon's default, 0.25, suits pixels, not units).
const TOLERANCE: f32 = 0.002;

pub fn fill(color: Color) -> Fill {
    Fill { options: FillOptions::tolerance(TOLERANCE), color }
}

pub fn stroke(color: Color, width: f32) -> Stroke {
    Stroke { options: StrokeOptions::tolerance(TOLERANCE).with_line_width(width), color }
}

/// A lyon path for rings with straight and circular edges.
pub fn path_of(rings: &[Vec<Vertex>]) -> ShapePath {
    let mut path = ShapePath::new();
    let v2 = |p: crate::geom::Pt| Vec2::new(p.x as f32, p.y as f32);
    for ring in rings {
        let n = ring.len();
        path = path.move_to(v2(ring[0].at));
        for i in 0..n {
            let (a, b) = (ring[i].at, ring[(i + 1) % n].at);
            path = match ring[i].arc {
                None => path.line_to(v2(b)),
                Some(arc) => {
                    let e = Edge::arc(a, b, arc.center, arc.ccw);
                    let sweep = e.sweep(1e-9) as f32;
                    let r = e.radius() as f32;
                    path.arc(v2(arc.center), Vec2::splat(r), if arc.ccw { sweep } else { -sweep }, 0.0)
                }
            };
        }
        path = path.close();
    }
    path
}

pub fn piece_colour(i: usize) -> Color {
    let [r, g, b] = crate::pieces::PALETTE[i % crate::pieces::PALETTE.len()];
    Color::srgb(r, g, b)
}

/// The rotation a polycube piece's shape was drawn for.
#[derive(Component)]
pub struct DrawnTurn(pub i32);

type NewShapes<'w, 's> = Query<
    'w,
    's,
    (Entity, &'static PieceGeom, Option<&'static Placed>, Has<crate::game::board::pieces::Canvas>),
    Added<PieceGeom>,
>;

pub fn add_shapes(
    mut commands: Commands,
    added: NewShapes,
    active: Option<Res<crate::game::board::levels::ActiveLevel>>,
) {
    // A polyomino or edge-matching board's target is its cells: outline them as a grid.
    let grid = active.as_ref().is_some_and(|a| a.level.caps().grid);
    for (e, geom, placed, canvas) in &added {
        // Pieces have a placement (its `piece` is their index); the target has none.
        let piece = placed.map(|p| p.0.piece);
        let path = path_of(placed.map_or(&geom.rings[..], |p| p.local(geom)));
        if let Some(p) = placed.filter(|_| !geom.turns.is_empty()) {
            commands.entity(e).insert(DrawnTurn(p.0.rot));
        }
        let shape = match piece {
            Some(p) => ShapeBuilder::with(&path).fill(fill(piece_colour(p))).stroke(stroke(OUTLINE, LINE)).build(),
            None if canvas => ShapeBuilder::with(&path).fill(fill(CANVAS)).stroke(stroke(TARGET, LINE)).build(),
            None if grid => ShapeBuilder::with(&path).fill(fill(TARGET)).stroke(stroke(BACKGROUND, LINE * 0.6)).build(),
            None => ShapeBuilder::with(&path).fill(fill(TARGET)).build(),
        };
        commands.entity(e).insert(shape);
    }
}
