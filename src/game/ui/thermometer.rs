//! The completeness level as a thermometer: standing at the right edge, or lying across the top
//! bar on a phone. One drawing serves both; only where it stands and its words differ.

use super::prelude::*;

const RED: egui::Color32 = egui::Color32::from_rgb(230, 80, 60);
const GOLD: egui::Color32 = egui::Color32::from_rgb(240, 200, 80);

/// Draws a thermometer whose tube is `tube` (standing when taller than wide), filled to
/// `value` from its bulb, red until solved and gold then; returns the bulb's centre.
fn draw(p: &egui::Painter, tube: egui::Rect, value: f32) -> egui::Pos2 {
    let standing = tube.height() > tube.width();
    let t = tube.width().min(tube.height());
    let v = value.clamp(0.0, 1.0);
    let fill = if value >= 1.0 { GOLD } else { RED };
    p.rect_filled(tube, t / 2.0, egui::Color32::from_gray(40));
    let inset = t * 0.2;
    let (level, bulb) = if standing {
        let top = tube.bottom() - (tube.height() - t / 2.0) * v;
        let level = egui::Rect::from_min_max(
            egui::pos2(tube.left() + inset, top),
            egui::pos2(tube.right() - inset, tube.bottom()),
        );
        (level, egui::pos2(tube.center().x, tube.bottom() + t * 0.55))
    } else {
        let right = tube.left() + tube.width() * v;
        let level = egui::Rect::from_min_max(
            egui::pos2(tube.left(), tube.top() + inset),
            egui::pos2(right, tube.bottom() - inset),
        );
        (level, egui::pos2(tube.left(), tube.center().y))
    };
    p.rect_filled(level, t * 0.28, fill);
    p.circle_filled(bulb, t * 0.78, fill);
    p.rect_stroke(tube, t / 2.0, egui::Stroke::new(t * 0.1, egui::Color32::from_gray(200)), egui::StrokeKind::Outside);
    bulb
}

/// The thermometer lying across the top bar (phone layout), its percentage at the right.
pub(super) fn horizontal_thermometer(ui: &mut egui::Ui, value: f32, overlap: bool) {
    let w = ui.available_width();
    let (r, _) = ui.allocate_exact_size(egui::vec2(w, 22.0), egui::Sense::hover());
    let h = 14.0;
    let tube = egui::Rect::from_min_max(
        egui::pos2(r.left() + h, r.center().y - h / 2.0),
        egui::pos2(r.right() - 44.0, r.center().y + h / 2.0),
    );
    let p = ui.painter();
    draw(p, tube, value);
    let label = if overlap { format!("{:.0}% !", value * 100.0) } else { format!("{:.0}%", value * 100.0) };
    let font = egui::FontId::proportional(14.0);
    p.text(egui::pos2(r.right(), r.center().y), egui::Align2::RIGHT_CENTER, label, font, egui::Color32::WHITE);
}

/// The thermometer standing at the right edge, its percentage under the bulb and the overlap
/// warning above.
pub(super) fn thermometer(ctx: &egui::Context, value: f32, overlap: Option<String>) {
    let rect = ctx.content_rect();
    let w = 22.0;
    let h = (rect.height() * 0.45).clamp(120.0, 320.0);
    let x = rect.right() - w - 14.0;
    let y = rect.top() + hud_insets(rect.width()).0 + 24.0;
    egui::Area::new("thermometer".into()).fixed_pos([x - 10.0, y]).interactable(false).show(ctx, |ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(w + 20.0, h + w + 24.0), egui::Sense::hover());
        let tube = egui::Rect::from_min_size(egui::pos2(r.left() + 10.0, r.top()), egui::vec2(w, h));
        let p = ui.painter();
        let bulb = draw(p, tube, value);
        let (font, white) = (egui::FontId::proportional(14.0), egui::Color32::WHITE);
        let percent = format!("{:.0}%", value * 100.0);
        p.text(egui::pos2(tube.center().x, bulb.y + w * 0.95), egui::Align2::CENTER_TOP, percent, font, white);
        if let Some(overlap) = overlap {
            let at = egui::pos2(tube.center().x, tube.top() - 4.0);
            p.text(at, egui::Align2::CENTER_BOTTOM, overlap, egui::FontId::proportional(12.0), RED);
        }
    });
}
