//! The completeness level as a thermometer: standing at the right edge, or lying across the top
//! bar on a phone. One drawing serves both; only where it stands and its words differ. Tapping
//! it shows what it measures (the family's words: the paper's level for a figure is not the
//! share of its area, so it is explained rather than left to be misread).

use super::prelude::*;

const RED: egui::Color32 = egui::Color32::from_rgb(230, 80, 60);
const GOLD: egui::Color32 = egui::Color32::from_rgb(240, 200, 80);
/// The fill when empty and when nearly full: calm colours, so that a start does not read as
/// an error (red is kept for overlaps).
const COOL: [f32; 3] = [70.0, 140.0, 230.0];
const WARM: [f32; 3] = [80.0, 200.0, 120.0];

/// The fill's colour at `value`: blue at 0 turning green as it rises, gold once solved.
pub(super) fn fill_colour(value: f32) -> egui::Color32 {
    if value >= 1.0 {
        return GOLD;
    }
    let v = value.clamp(0.0, 1.0);
    let c = |k: usize| (COOL[k] + (WARM[k] - COOL[k]) * v).round() as u8;
    egui::Color32::from_rgb(c(0), c(1), c(2))
}

/// Draws a thermometer whose tube is `tube` (standing when taller than wide), filled to
/// `value` from its bulb; returns the bulb's centre.
fn draw(p: &egui::Painter, tube: egui::Rect, value: f32) -> egui::Pos2 {
    let standing = tube.height() > tube.width();
    let t = tube.width().min(tube.height());
    let v = value.clamp(0.0, 1.0);
    let fill = fill_colour(value);
    let dark = p.ctx().global_style().visuals.dark_mode;
    p.rect_filled(tube, t / 2.0, egui::Color32::from_gray(if dark { 40 } else { 214 }));
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
    let glass = egui::Color32::from_gray(if dark { 200 } else { 120 });
    p.rect_stroke(tube, t / 2.0, egui::Stroke::new(t * 0.1, glass), egui::StrokeKind::Outside);
    bulb
}

/// Whether the thermometer's explanation is open (kept in egui's memory; a tap toggles it).
fn help_open(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(egui::Id::new("thermometer-help")).unwrap_or(false))
}

fn toggle_help(ctx: &egui::Context) {
    let open = help_open(ctx);
    ctx.data_mut(|d| d.insert_temp(egui::Id::new("thermometer-help"), !open));
}

/// Whether a press lands outside both the card and the thermometer that opened it (whose own
/// tap toggles the card).
fn pressed_elsewhere(press: Option<egui::Pos2>, card: egui::Rect, owner: egui::Rect) -> bool {
    press.is_some_and(|p| !card.contains(p) && !owner.contains(p))
}

/// The explanation card, its top-right corner at `corner`, opened by the thermometer at
/// `owner`; a tap on it, or anywhere else on the screen, closes it.
fn help_card(ctx: &egui::Context, corner: egui::Pos2, width: f32, help: &str, owner: egui::Rect) {
    if !help_open(ctx) {
        return;
    }
    let shown =
        egui::Area::new("thermometer-help".into()).pivot(egui::Align2::RIGHT_TOP).fixed_pos(corner).show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(width);
                ui.label(help);
            })
        });
    let press = ctx.input(|i| i.pointer.any_pressed().then(|| i.pointer.interact_pos()).flatten());
    if shown.response.interact(egui::Sense::click()).clicked() || pressed_elsewhere(press, shown.response.rect, owner) {
        toggle_help(ctx);
    }
}

/// The reading of a thermometer: the share, or on a board played for the score the sides
/// matched of the most there can be (on two lines under a standing thermometer, `stacked`).
pub(super) fn reading(value: f32, score: Option<(usize, usize)>, stacked: bool) -> String {
    match score {
        Some((got, max)) if stacked => format!("{got}\n/{max}"),
        Some((got, max)) => format!("{got}/{max}"),
        None => format!("{:.0}%", value * 100.0),
    }
}

/// The thermometer lying across the top bar (phone layout), its reading at the right.
pub(super) fn horizontal_thermometer(
    ui: &mut egui::Ui,
    value: f32,
    overlap: bool,
    label: String,
    help: &str,
    tip: &str,
) {
    let w = ui.available_width();
    // As tall as a finger's target: tapping it explains it.
    let (r, response) = ui.allocate_exact_size(egui::vec2(w, super::theme::TOUCH), egui::Sense::click());
    progress_node(&response, value, &format!("{tip}: {label}"));
    if response.on_hover_text(tip).clicked() {
        toggle_help(ui.ctx());
    }
    help_card(ui.ctx(), egui::pos2(r.right(), r.bottom() + 6.0), (r.width() - 16.0).min(320.0), help, r);
    let h = 14.0;
    let tube = egui::Rect::from_min_max(
        egui::pos2(r.left() + h, r.center().y - h / 2.0),
        // Room on the right for the reading ("100%", or a score such as "458/480").
        egui::pos2(r.right() - (label.len() as f32 * 8.5).max(44.0), r.center().y + h / 2.0),
    );
    let p = ui.painter();
    draw(p, tube, value);
    let label = if overlap { format!("{label} !") } else { label };
    let font = egui::FontId::proportional(14.0);
    let ink = ui.visuals().text_color();
    p.text(egui::pos2(r.right(), r.center().y), egui::Align2::RIGHT_CENTER, label, font, ink);
}

/// The thermometer standing at the right edge, its percentage under the bulb and the overlap
/// warning above.
pub(super) fn thermometer(
    ctx: &egui::Context,
    value: f32,
    label: String,
    overlap: Option<String>,
    help: &str,
    tip: &str,
) {
    let rect = ctx.content_rect();
    let lay = layout(ctx);
    // A finger's target: the tube and its margins at least 44 px wide.
    let w = if lay.touch { 24.0 } else { 22.0 };
    let h = (rect.height() * 0.45).clamp(if lay.sideways { 100.0 } else { 120.0 }, 320.0);
    // Held sideways, left of the tools' two columns.
    let x = rect.right() - w - 14.0 - if lay.sideways { crate::game::board::view::SIDE_TOOLS } else { 0.0 };
    let y = rect.top() + layout(ctx).hud_insets().0 + 24.0;
    let size = egui::vec2(w + 20.0, h + w + 24.0);
    help_card(ctx, egui::pos2(x - 16.0, y), 300.0, help, egui::Rect::from_min_size(egui::pos2(x - 10.0, y), size));
    egui::Area::new("thermometer".into()).fixed_pos([x - 10.0, y]).show(ctx, |ui| {
        let (r, response) = ui.allocate_exact_size(size, egui::Sense::click());
        progress_node(&response, value, &format!("{tip}: {label}"));
        if response.on_hover_text(tip).clicked() {
            toggle_help(ui.ctx());
        }
        let tube = egui::Rect::from_min_size(egui::pos2(r.left() + 10.0, r.top()), egui::vec2(w, h));
        let p = ui.painter();
        let bulb = draw(p, tube, value);
        let (font, white) = (egui::FontId::proportional(14.0), ui.visuals().text_color());
        p.text(egui::pos2(tube.center().x, bulb.y + w * 0.95), egui::Align2::CENTER_TOP, label, font, white);
        if let Some(overlap) = overlap {
            let at = egui::pos2(tube.center().x, tube.top() - 4.0);
            p.text(at, egui::Align2::CENTER_BOTTOM, overlap, egui::FontId::proportional(12.0), RED);
        }
    });
}

/// The thermometer as a screen reader meets it: a progress indicator with its reading (it was
/// announced as a slider), pressed for its help card.
fn progress_node(response: &egui::Response, value: f32, label: &str) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(egui::accesskit::Role::ProgressIndicator);
        node.set_numeric_value(f64::from(value.clamp(0.0, 1.0)) * 100.0);
        node.set_min_numeric_value(0.0);
        node.set_max_numeric_value(100.0);
        node.set_label(label.to_string());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The card closes on a press anywhere but on itself or its thermometer (issue P1b, item 8:
    /// it stayed open after a click elsewhere and covered tray pieces).
    #[test]
    fn a_press_elsewhere_closes_the_card() {
        let card = egui::Rect::from_min_size(egui::pos2(900.0, 100.0), egui::vec2(300.0, 120.0));
        let owner = egui::Rect::from_min_size(egui::pos2(1220.0, 80.0), egui::vec2(42.0, 300.0));
        assert!(pressed_elsewhere(Some(egui::pos2(200.0, 600.0)), card, owner));
        assert!(!pressed_elsewhere(Some(egui::pos2(1000.0, 150.0)), card, owner));
        assert!(!pressed_elsewhere(Some(egui::pos2(1240.0, 200.0)), card, owner));
        assert!(!pressed_elsewhere(None, card, owner));
    }

    /// A start, a half and a nearly full thermometer read as progress, not as an error: never
    /// red (more red than green or blue), and gold only once solved.
    #[test]
    fn the_fill_is_calm_until_solved_and_gold_then() {
        for v in [0.0, 0.3, 0.5, 0.99] {
            let c = fill_colour(v);
            assert!(c.r() < c.g() && c.r() < c.b(), "{v}: {c:?}");
            assert_ne!(c, GOLD);
        }
        assert_eq!(fill_colour(1.0), GOLD);
    }
}
