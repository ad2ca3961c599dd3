//! The drawing toolkit every drawing plugin uses: the board's colours and line width, lyon
//! fills, strokes and paths for rings with arcs, the pieces' colours, and the shapes given to
//! newly spawned pieces and figures.

use crate::game::board::pieces::{PieceGeom, Placed};
use crate::geom::{Edge, Vertex};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

/// The board's colours, dark or light (the setting, or the system's): the background, the
/// figure, the editor's canvas (a quiet area pieces are laid on), a solved figure. The pieces'
/// colours are the same in both, chosen to stay apart for common colour blindness.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub dark: bool,
}

impl Default for Look {
    fn default() -> Self {
        Look { dark: true }
    }
}

impl Look {
    /// `dark` in the dark look, `light` in the light one.
    fn pick(self, dark: [f32; 3], light: [f32; 3]) -> Color {
        let [r, g, b] = if self.dark { dark } else { light };
        Color::srgb(r, g, b)
    }
    pub fn background(self) -> Color {
        self.pick([0.11, 0.12, 0.15], [0.92, 0.91, 0.88])
    }
    pub fn target(self) -> Color {
        self.pick([0.27, 0.30, 0.37], [0.70, 0.73, 0.80])
    }
    pub fn canvas(self) -> Color {
        self.pick([0.15, 0.16, 0.20], [0.97, 0.96, 0.94])
    }
    pub fn target_done(self) -> Color {
        self.pick([0.55, 0.47, 0.18], [0.86, 0.77, 0.45])
    }
}
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

/// A hint's line: gold over a dark edge, so that it reads on every piece colour (gold alone
/// vanished on the yellow pieces).
pub const HINT: Color = Color::srgb(1.0, 0.85, 0.2);
pub const HINT_EDGE: Color = Color::srgb(0.05, 0.05, 0.07);
/// "Move this piece": red over the same edge.
pub const HINT_MOVE: Color = Color::srgb(1.0, 0.45, 0.4);

/// How a hint is drawn: its fill, its line and the dark edge under the line, and its height
/// (above every piece: pieces lie near 1, the dragged one included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HintLook {
    pub fill: Color,
    pub line: Color,
    pub edge: Color,
    pub z: f32,
}

/// "This piece next" outlines the piece in gold; "it goes here" is a ghost of the piece in its
/// own colour, half seen through, with the same gold line (not white, the selection's colour),
/// over its neighbours; "move this" outlines it in red.
pub fn hint_look(kind: &crate::game::solver::hints::HintKind, piece: usize) -> HintLook {
    use crate::game::solver::hints::HintKind;
    match kind {
        HintKind::Ghost(_) => {
            HintLook { fill: piece_colour(piece).with_alpha(0.5), line: HINT, edge: HINT_EDGE, z: 55.0 }
        }
        HintKind::Which => HintLook { fill: Color::NONE, line: HINT, edge: HINT_EDGE, z: 60.0 },
        HintKind::MoveThis => HintLook { fill: Color::NONE, line: HINT_MOVE, edge: HINT_EDGE, z: 60.0 },
    }
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
    look: Option<Res<Look>>,
) {
    let look = look.map(|l| *l).unwrap_or_default();
    // A board of cells (polyforms, edge-matching tiles): each cell outlined, a grid.
    let grid = active.as_ref().is_some_and(|a| a.level.cells().drawn_as_cells());
    for (e, geom, placed, canvas) in &added {
        // Pieces have a placement (its `piece` is their index); the target has none.
        let piece = placed.map(|p| p.0.piece);
        let path = path_of(placed.map_or(&geom.rings[..], |p| p.local(geom)));
        if let Some(p) = placed.filter(|_| !geom.turns.is_empty()) {
            commands.entity(e).insert(DrawnTurn(p.0.rot));
        }
        let shape = match piece {
            Some(p) => ShapeBuilder::with(&path).fill(fill(piece_colour(p))).stroke(stroke(OUTLINE, LINE)).build(),
            None if canvas => {
                ShapeBuilder::with(&path).fill(fill(look.canvas())).stroke(stroke(look.target(), LINE)).build()
            }
            None if grid => ShapeBuilder::with(&path)
                .fill(fill(look.target()))
                .stroke(stroke(look.background(), LINE * 0.6))
                .build(),
            None => ShapeBuilder::with(&path).fill(fill(look.target())).build(),
        };
        commands.entity(e).insert(shape);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::solver::hints::HintKind;

    /// WCAG's contrast ratio of two colours.
    fn contrast(a: Color, b: Color) -> f32 {
        let l = |c: Color| {
            let c = c.to_linear();
            0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        };
        let (x, y) = (l(a), l(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// On every piece colour a hint's line or its edge stands out (3:1, the bar for graphics),
    /// the ghost is the piece's own colour, and hints lie above the pieces.
    #[test]
    fn hints_read_on_every_piece_colour() {
        let ghost = HintKind::Ghost(crate::pieces::Placement { piece: 0, rot: 0, flip: false, at: (0.0, 0.0) });
        for piece in 0..crate::pieces::PALETTE.len() {
            let c = piece_colour(piece);
            for kind in [HintKind::Which, HintKind::MoveThis, ghost] {
                let look = hint_look(&kind, piece);
                let best = contrast(look.line, c).max(contrast(look.edge, c));
                assert!(best >= 3.0, "{kind:?} on piece {piece}: contrast {best}");
                assert!(look.z > 2.0, "{kind:?} under the pieces");
                assert_ne!(look.line, HIGHLIGHT, "{kind:?} drawn in the selection's white");
            }
            assert_eq!(
                hint_look(&ghost, piece).fill.with_alpha(1.0),
                c,
                "the ghost of piece {piece} is not in its colour"
            );
        }
    }
}
