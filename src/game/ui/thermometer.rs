//! The completeness level: a thermometer at the right edge, or across the top bar on a phone.

use super::prelude::*;

/// The thermometer lying across the top bar (phone layout).
pub(super) fn horizontal_thermometer(ui: &mut egui::Ui, value: f32, overlap: bool) {
    let w = ui.available_width();
    let (r, _) = ui.allocate_exact_size(egui::vec2(w, 22.0), egui::Sense::hover());
    let p = ui.painter();
    let h = 14.0;
    let bulb = egui::pos2(r.left() + h, r.center().y);
    let tube = egui::Rect::from_min_max(
        egui::pos2(bulb.x, r.center().y - h / 2.0),
        egui::pos2(r.right() - 44.0, r.center().y + h / 2.0),
    );
    let fill = if value >= 1.0 { egui::Color32::from_rgb(240, 200, 80) } else { egui::Color32::from_rgb(230, 80, 60) };
    p.rect_filled(tube, h / 2.0, egui::Color32::from_gray(40));
    let right = tube.left() + (tube.width()) * value.clamp(0.0, 1.0);
    p.rect_filled(
        egui::Rect::from_min_max(egui::pos2(tube.left(), tube.top() + 3.0), egui::pos2(right, tube.bottom() - 3.0)),
        4.0,
        fill,
    );
    p.circle_filled(bulb, h * 0.8, fill);
    p.rect_stroke(tube, h / 2.0, egui::Stroke::new(1.5, egui::Color32::from_gray(200)), egui::StrokeKind::Outside);
    let label = if overlap { format!("{:.0}% !", value * 100.0) } else { format!("{:.0}%", value * 100.0) };
    p.text(
        egui::pos2(r.right(), r.center().y),
        egui::Align2::RIGHT_CENTER,
        label,
        egui::FontId::proportional(14.0),
        egui::Color32::WHITE,
    );
}

/// A vertical thermometer at the right edge: the completeness level.
pub(super) fn thermometer(ctx: &egui::Context, value: f32, overlap: Option<String>) {
    let rect = ctx.content_rect();
    let w = 22.0;
    let h = (rect.height() * 0.45).clamp(120.0, 320.0);
    let x = rect.right() - w - 14.0;
    let y = rect.top() + hud_insets(rect.width()).0 + 24.0;
    egui::Area::new("thermometer".into()).fixed_pos([x - 10.0, y]).interactable(false).show(ctx, |ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(w + 20.0, h + w + 24.0), egui::Sense::hover());
        let p = ui.painter();
        let tube = egui::Rect::from_min_size(egui::pos2(r.left() + 10.0, r.top()), egui::vec2(w, h));
        let bulb = egui::pos2(tube.center().x, tube.bottom() + w * 0.55);
        let red = egui::Color32::from_rgb(230, 80, 60);
        let gold = egui::Color32::from_rgb(240, 200, 80);
        let fill = if value >= 1.0 { gold } else { red };
        p.rect_filled(tube, w / 2.0, egui::Color32::from_gray(40));
        let top = tube.bottom() - (h - w / 2.0) * value.clamp(0.0, 1.0);
        p.rect_filled(
            egui::Rect::from_min_max(egui::pos2(tube.left() + 4.0, top), egui::pos2(tube.right() - 4.0, tube.bottom())),
            6.0,
            fill,
        );
        p.circle_filled(bulb, w * 0.75, fill);
        p.rect_stroke(tube, w / 2.0, egui::Stroke::new(2.0, egui::Color32::from_gray(200)), egui::StrokeKind::Outside);
        p.text(
            egui::pos2(tube.center().x, bulb.y + w * 0.95),
            egui::Align2::CENTER_TOP,
            format!("{:.0}%", value * 100.0),
            egui::FontId::proportional(14.0),
            egui::Color32::WHITE,
        );
        if let Some(overlap) = overlap {
            p.text(
                egui::pos2(tube.center().x, tube.top() - 4.0),
                egui::Align2::CENTER_BOTTOM,
                overlap,
                egui::FontId::proportional(12.0),
                red,
            );
        }
    });
}
