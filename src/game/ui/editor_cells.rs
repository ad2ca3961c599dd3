//! A board painted as polygons (triangles, hexagons) in the level editor: each cell of the
//! draft's box drawn where the plane has it, y up, fitted to the room; a stroke paints (or
//! rings) every cell it crosses the way its first cell went.

use super::prelude::*;
use crate::content::editor::PolyDraft;

/// The draft's cells as polygons; true when the paint changed. `stroke` is the stroke under
/// way, `ring` whether it rings cells that may stay empty instead of painting them.
pub(super) fn paint_polygons(
    ui: &mut egui::Ui,
    d: &mut PolyDraft,
    cells: &[(usize, Vec<[f64; 2]>)],
    (stroke, ring): (&mut Option<bool>, &mut bool),
    room: egui::Vec2,
) -> bool {
    let corners = cells.iter().flat_map(|(_, p)| p.iter());
    let (lo, hi) = corners.fold(([f64::MAX; 2], [f64::MIN; 2]), |(lo, hi), p| {
        ([lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])])
    });
    let (w, h) = ((hi[0] - lo[0]).max(1e-9) as f32, (hi[1] - lo[1]).max(1e-9) as f32);
    let scale = (room.x / w).min(room.y / h).clamp(8.0, 72.0);
    let (resp, painter) = ui
        .vertical_centered(|ui| ui.allocate_painter(egui::vec2(w * scale, h * scale), egui::Sense::click_and_drag()))
        .inner;
    let origin = resp.rect.min;
    let to_screen =
        |p: &[f64; 2]| egui::pos2(origin.x + (p[0] - lo[0]) as f32 * scale, origin.y + (hi[1] - p[1]) as f32 * scale);
    let to_plane =
        |p: egui::Pos2| [lo[0] + f64::from((p.x - origin.x) / scale), hi[1] - f64::from((p.y - origin.y) / scale)];
    let hit = resp.interact_pointer_pos().and_then(|p| d.cell_at(to_plane(p)));
    let dirty = stroke_over(d, hit, (stroke, *ring), &resp);
    let gap = egui::Stroke::new(1.5, egui::Color32::from_rgb(28, 31, 38));
    for (i, polygon) in cells {
        let fill = if d.on[*i] { egui::Color32::from_rgb(69, 77, 94) } else { egui::Color32::from_rgb(32, 34, 40) };
        let points: Vec<egui::Pos2> = polygon.iter().map(to_screen).collect();
        let centre = points.iter().fold(egui::Vec2::ZERO, |s, p| s + p.to_vec2()) / points.len() as f32;
        painter.add(egui::Shape::convex_polygon(points, fill, gap));
        if d.optional[*i] {
            let line = egui::Stroke::new((scale * 0.06).max(1.0), egui::Color32::from_rgb(28, 31, 38));
            painter.circle_stroke(centre.to_pos2(), scale * 0.16, line);
        }
    }
    dirty
}

/// A part to pick, its picture beside its name: (the picture's response, the toggle's).
pub(super) fn part_toggle(
    ui: &mut egui::Ui,
    grid: crate::polyform::grid::Grid,
    cells: &[crate::polyform::Cell],
    picked: &mut bool,
    text: String,
) -> (egui::Response, egui::Response) {
    let was = *picked;
    let r = ui.scope(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        let ink = if was { super::theme::ACCENT } else { ui.visuals().text_color() };
        (part_picture(ui, grid, cells, ink), ui.toggle_value(picked, text))
    });
    let (pic, toggle) = r.inner;
    if pic.clicked() {
        *picked = !was;
    }
    (pic, toggle)
}

/// A part's cells drawn small, as the board draws them (pressable: it picks the part too).
fn part_picture(
    ui: &mut egui::Ui,
    grid: crate::polyform::grid::Grid,
    cells: &[crate::polyform::Cell],
    ink: egui::Color32,
) -> egui::Response {
    let side = ui.spacing().interact_size.y;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::click());
    let polygons: Vec<Vec<[f64; 2]>> = cells
        .iter()
        .filter(|c| c[2] == 0 || grid != crate::polyform::grid::Grid::Cube)
        .map(|&c| grid.polygon(c))
        .collect();
    let (lo, hi) = polygons.iter().flatten().fold(([f64::MAX; 2], [f64::MIN; 2]), |(lo, hi), p| {
        ([lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])])
    });
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-6);
    let scale = (rect.width() - 6.0) as f64 / span;
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let at =
        |p: &[f64; 2]| rect.center() + egui::vec2(((p[0] - mid[0]) * scale) as f32, ((mid[1] - p[1]) * scale) as f32);
    let stroke = egui::Stroke::new(1.0, ui.visuals().panel_fill);
    for poly in &polygons {
        ui.painter().add(egui::Shape::convex_polygon(poly.iter().map(at).collect(), ink, stroke));
    }
    response
}

/// A stroke over cell `hit` (if any): it paints (or rings) the cell the way the stroke's first
/// cell went; true when the paint changed. The stroke ends when the pointer lets go.
pub(super) fn stroke_over(
    d: &mut PolyDraft,
    hit: Option<usize>,
    (stroke, ring): (&mut Option<bool>, bool),
    resp: &egui::Response,
) -> bool {
    let mut dirty = false;
    if let Some(i) = hit {
        let now = if ring { d.optional[i] } else { d.on[i] };
        let value = *stroke.get_or_insert(!now);
        if now != value && (resp.clicked() || resp.dragged() || resp.drag_started()) {
            if ring {
                d.ring(i, value);
            } else {
                d.paint(i, value);
            }
            dirty = true;
        }
    }
    if !resp.dragged() && !resp.is_pointer_button_down_on() {
        *stroke = None;
    }
    dirty
}
