//! Polycube levels in 3D: the solid above the layer panels, painted face by face by the
//! interface's painter. Each cube shows the faces that look towards the eye, shaded as if lit
//! from above, and all faces are painted farthest first, so nearer cubes cover farther ones (a
//! painter's picture: no depth buffer, no 3D renderer in the build, which keeps the browser's
//! module smaller by Bevy's whole physically based renderer and its shaders).
//!
//! What is drawn: each placed piece's cubes in its colour (the selected one's faces rimmed in
//! white), the figure's empty cells see-through (the ones that may stay empty smaller), a
//! hint's ghost piece in its own colour, see-through and rimmed, a refused move in red. The
//! camera orbits as [`Orbit`] says (the same perspective as [`Orbit::ray`], so what is
//! touched is what is seen), and its slice hides the layers above it. Pieces are handled here
//! by [`super::grip`]; the layer panels below show the same position flat.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, Placed};
use crate::game::board::placement::Selection;
use crate::game::board::view::View;
use crate::game::shared::AppState;
use crate::game::solver::hints::{HintKind, HintMarker};
use crate::game::space::grip::Refused;
use crate::game::space::orbit::{to_board, Orbit};
use crate::pieces::PALETTE;
use crate::polyform::Cell;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

pub struct SolidPlugin;

impl Plugin for SolidPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            paint.run_if(in_state(AppState::Playing).or_else(in_state(AppState::Solved))),
        );
    }
}

/// How one cube is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Look {
    /// A placed piece's cube, in the piece's colour; `true` when the piece is selected.
    Piece(usize, bool),
    /// A hint's ghost of a piece.
    Ghost(usize),
    /// Where a refused move would have put a cube.
    Refused,
    /// An empty cell of the figure.
    Empty,
    /// An empty cell that may stay empty.
    Optional,
}

impl Look {
    /// The cube's edge, in cells: a gap between neighbours, a refusal a little larger.
    fn size(self) -> f32 {
        match self {
            Look::Refused => 1.03,
            Look::Optional => 0.47,
            _ => 0.94,
        }
    }

    /// The fill of a face whose light is `shade` (1: lit head-on), and its rim.
    fn paint(self, shade: f32) -> (egui::Color32, egui::Stroke) {
        let rgba = |[r, g, b]: [f32; 3], a: f32| {
            let c = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            egui::Color32::from_rgba_unmultiplied(c(r), c(g), c(b), c(a))
        };
        let colour = |i: usize| PALETTE[i % PALETTE.len()];
        let rim = egui::Stroke::new(2.0, egui::Color32::WHITE);
        match self {
            Look::Piece(i, selected) => {
                let [r, g, b] = colour(i);
                (rgba([r * shade, g * shade, b * shade], 1.0), if selected { rim } else { egui::Stroke::NONE })
            }
            Look::Ghost(i) => (rgba(colour(i), 0.6), rim),
            Look::Refused => (rgba([0.95, 0.2, 0.15], 0.5), egui::Stroke::NONE),
            Look::Empty => (rgba([0.55, 0.62, 0.78], 0.2), egui::Stroke::NONE),
            Look::Optional => (rgba([0.55, 0.62, 0.78], 0.13), egui::Stroke::NONE),
        }
    }
}

/// One face as seen: its corners in the view's rectangle (board coordinates), its distance
/// from the eye, its light, and the cube's look.
#[derive(Clone, Debug)]
pub struct Face {
    pub cell: Cell,
    pub corners: [Vec2; 4],
    pub depth: f32,
    pub shade: f32,
    pub look: Look,
}

/// Where the light comes from (board coordinates, z up): above, a little right and in front.
const LIGHT: [f32; 3] = [0.37, -0.23, 0.9];

/// The faces of `cubes` that look towards the eye, farthest first: the order to paint them in.
/// `extent` is the figure's box, `rect` the view's rectangle (as [`Orbit::project`] takes them).
pub fn faces(orbit: &Orbit, extent: [i32; 3], rect: Rect, cubes: &[(Cell, Look)]) -> Vec<Face> {
    let eye = orbit.eye(extent, rect.width() / rect.height()).translation;
    let eye = to_board(eye).map(|v| v as f32);
    let mut out = Vec::new();
    for &(cell, look) in cubes.iter().filter(|(c, _)| orbit.shows(c[2])) {
        let half = look.size() / 2.0;
        let centre = cell.map(|v| v as f32 + 0.5);
        for axis in 0..3 {
            for sign in [-1.0f32, 1.0] {
                let mut mid = centre;
                mid[axis] += sign * half;
                let to_eye = [eye[0] - mid[0], eye[1] - mid[1], eye[2] - mid[2]];
                if to_eye[axis] * sign <= 0.0 {
                    continue;
                }
                let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
                let corner = |du: f32, dv: f32| {
                    let mut q = mid.map(|x| x as f64);
                    q[u] += (du * half) as f64;
                    q[v] += (dv * half) as f64;
                    orbit.project(extent, rect, q)
                };
                let quad = [corner(-1., -1.), corner(1., -1.), corner(1., 1.), corner(-1., 1.)];
                let Some(corners) = quad.into_iter().collect::<Option<Vec<_>>>() else { continue };
                let depth = to_eye.iter().map(|d| d * d).sum::<f32>().sqrt();
                let shade = 0.55 + 0.5 * (sign * LIGHT[axis]).max(0.0);
                out.push(Face { cell, corners: [corners[0], corners[1], corners[2], corners[3]], depth, shade, look });
            }
        }
    }
    out.sort_by(|a, b| b.depth.total_cmp(&a.depth));
    out
}

/// What each cell of the figure shows: the pieces placed, a refused move, a hint's ghost, and
/// the cells still empty.
fn cubes(
    active: &ActiveLevel,
    pieces: &Query<(Entity, &Placed), With<Piece>>,
    selection: &Selection,
    refused: &Refused,
    hints: &Query<&HintMarker>,
) -> Vec<(Cell, Look)> {
    let Some(poly) = active.level.solid() else { return Vec::new() };
    let cells_of =
        |p: &crate::pieces::Placement| crate::polyform::space::in_box(poly.board, &poly.parts.get(p.piece)?.cells, p);
    let mut out = Vec::new();
    for (e, p) in pieces {
        let look = Look::Piece(p.0.piece, selection.selected == Some(e));
        out.extend(cells_of(&p.0).unwrap_or_default().into_iter().map(|c| (c, look)));
    }
    out.extend(refused.0.iter().flat_map(|r| &r.cells).map(|&c| (c, Look::Refused)));
    for h in hints {
        if let HintKind::Ghost(p) = h.kind {
            out.extend(cells_of(&p).unwrap_or_default().into_iter().map(|c| (c, Look::Ghost(p.piece))));
        }
    }
    let filled: std::collections::HashSet<Cell> = out.iter().map(|(c, _)| *c).collect();
    for &c in poly.board.cells.iter().filter(|c| !filled.contains(*c)) {
        let optional = poly.board.optional.binary_search(&c).is_ok();
        out.push((c, if optional { Look::Optional } else { Look::Empty }));
    }
    out
}

/// Paints the solid in the interface's bottom layer, under every card and button, clipped to
/// the view's rectangle.
#[allow(clippy::too_many_arguments)]
fn paint(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    orbit: Res<Orbit>,
    view: Res<View>,
    area: Res<crate::game::shared::SolidArea>,
    pieces: Query<(Entity, &Placed), With<Piece>>,
    selection: Res<Selection>,
    refused: Res<Refused>,
    hints: Query<&HintMarker>,
) -> Result {
    let (Some(active), Some(rect)) = (active, area.0) else { return Ok(()) };
    let Some(poly) = active.level.solid() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    // Board coordinates to the interface's points (a window's pixel over the interface's zoom).
    let zoom = ctx.zoom_factor();
    let to_ui = |p: Vec2| {
        let s = view.to_screen(p) / zoom;
        egui::pos2(s.x, s.y)
    };
    let clip = egui::Rect::from_two_pos(to_ui(rect.min), to_ui(rect.max));
    let painter = ctx.layer_painter(egui::LayerId::background()).with_clip_rect(clip);
    let cubes = cubes(&active, &pieces, &selection, &refused, &hints);
    for face in faces(&orbit, poly.board.extent(), rect, &cubes) {
        let (fill, rim) = face.look.paint(face.shade);
        painter.add(egui::Shape::convex_polygon(face.corners.map(to_ui).to_vec(), fill, rim));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> Rect {
        Rect::new(0.0, 0.0, 4.0, 3.0)
    }

    #[test]
    fn a_lone_cube_shows_three_faces_and_its_top_is_the_brightest() {
        let orbit = Orbit::default();
        let f = faces(&orbit, [1, 1, 1], rect(), &[([0, 0, 0], Look::Empty)]);
        // From above, at an angle: the top and two sides.
        assert_eq!(f.len(), 3);
        let top = f.iter().max_by(|a, b| a.corners[0].y.total_cmp(&b.corners[0].y)).unwrap();
        assert!(f.iter().all(|g| g.shade <= top.shade), "{f:?}");
        // Each face's corners lie in the view.
        let r = rect();
        assert!(f.iter().flat_map(|g| g.corners).all(|p| r.contains(p)), "{f:?}");
    }

    #[test]
    fn nearer_cubes_are_painted_after_farther_ones() {
        let orbit = Orbit::default();
        let row: Vec<(Cell, Look)> = (0..4).map(|x| ([x, 0, 0], Look::Piece(0, false))).collect();
        let f = faces(&orbit, [4, 1, 1], rect(), &row);
        // The default eye stands at the front left: the cube at x = 0 is the nearest, x = 3 the
        // farthest.
        let eye = to_board(orbit.eye([4, 1, 1], 4.0 / 3.0).translation);
        assert!(eye[0] < 0.0 && eye[1] < 0.0, "{eye:?}");
        assert_eq!(f.first().unwrap().cell, [3, 0, 0]);
        assert_eq!(f.last().unwrap().cell, [0, 0, 0]);
        // Each cube shows its top, its front and its left side (the gaps between the cubes
        // show a little of each side behind a neighbour).
        assert_eq!(f.len(), 12, "{f:?}");
    }

    #[test]
    fn a_slice_hides_the_layers_above_it() {
        let mut orbit = Orbit { layers: 2, ..Orbit::default() };
        let cubes = [([0, 0, 0], Look::Empty), ([0, 0, 1], Look::Empty)];
        assert_eq!(faces(&orbit, [1, 1, 2], rect(), &cubes).len(), 6);
        orbit.step_slice(-1);
        assert_eq!(faces(&orbit, [1, 1, 2], rect(), &cubes).len(), 3);
    }

    #[test]
    fn a_selected_piece_is_rimmed_and_a_placed_one_is_not() {
        assert_eq!(Look::Piece(2, true).paint(1.0).1.color, egui::Color32::WHITE);
        assert_eq!(Look::Piece(2, false).paint(1.0).1, egui::Stroke::NONE);
    }
}
