//! The main menu, with the notices of load errors and saves.

use super::prelude::*;
use super::widgets::centered_window;

pub(super) fn notices(ui: &mut egui::Ui, save: &mut SaveState, library: &Library, tr: &Words) {
    // (Readable on either theme: a fixed light amber was faint on the light one.)
    let warn = super::widgets::warn(ui.ctx());
    if let Some(n) = save.notice.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(warn, format!("⚠ {}", tr.text(&n)));
            if super::widgets::compact_button(ui, tr.s("ok")).clicked() {
                save.notice = None;
            }
        });
    }
    for e in &library.errors {
        ui.colored_label(warn, format!("⚠ {}", tr.f("pack-not-loaded", &[("why", e.to_string().into())])));
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn main_menu(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    library: Res<Library>,
    today: Res<crate::game::meta::daily::Today>,
    mut daily: MessageWriter<crate::game::meta::daily::OpenDaily>,
    mut exit: MessageWriter<AppExit>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // A phone held sideways (or any short, wide screen): the title beside the buttons, so
    // that the whole menu fits in the height.
    let sideways = screen.height() < SHORT && screen.width() > screen.height();
    centered_window("menu").show(ctx, |ui| {
        let mut buttons = |ui: &mut egui::Ui| menu_buttons(ui, &tr, &save, &today, &mut next, &mut daily, &mut exit);
        let title = |ui: &mut egui::Ui, mark: f32| {
            title_mark(ui, mark);
            ui.heading(egui::RichText::new("Tessera").size(40.0).strong());
            ui.label(tr.s("menu-tagline"));
        };
        if sideways {
            let column = |width: f32| (egui::vec2(width, 0.0), egui::Layout::top_down(egui::Align::Center));
            ui.horizontal_top(|ui| {
                let (size, layout) = column(240.0);
                ui.allocate_ui_with_layout(size, layout, |ui| title(ui, 56.0));
                ui.add_space(24.0);
                let (size, layout) = column(400.0);
                ui.allocate_ui_with_layout(size, layout, |ui| buttons(ui));
            });
            notices(ui, &mut save, &library, &tr);
            return;
        }
        // On a phone, a margin on both sides (the window's frame adds its own).
        ui.set_max_width(360f32.min(ui.ctx().content_rect().width() - 56.0));
        ui.vertical_centered(|ui| {
            title(ui, 72.0);
            ui.add_space(16.0);
            buttons(ui);
            ui.add_space(8.0);
        });
        notices(ui, &mut save, &library, &tr);
    });
    Ok(())
}

/// The menu's buttons: play, the day's puzzles (and the streak), create, settings, and quit
/// where a program is left by a button.
fn menu_buttons(
    ui: &mut egui::Ui,
    tr: &Words,
    save: &SaveState,
    today: &crate::game::meta::daily::Today,
    next: &mut NextState<AppState>,
    daily: &mut MessageWriter<crate::game::meta::daily::OpenDaily>,
    exit: &mut MessageWriter<AppExit>,
) {
    let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(20.0)).min_size(egui::vec2(220.0, 40.0));
    if mark(ui.add(big(&tr.s("menu-play"))), "menu-play").clicked() {
        next.set(AppState::LevelSelect);
    }
    ui.add_space(8.0);
    ui.label(egui::RichText::new(tr.f("menu-daily", &[("date", tr.date(&today.0).into())])).strong());
    ui.horizontal_wrapped(|ui| {
        for family in crate::content::daily::DAILY_FAMILIES {
            let done = save.data.is_done(&crate::game::meta::daily::key(family, today.0));
            let text = format!(
                "{}{}",
                if done { "✔ " } else { "" },
                crate::family::registry::daily_title(family).map_or_else(|| family.to_string(), |t| tr.s(t))
            );
            if mark(ui.add(egui::Button::new(text).min_size(egui::vec2(100.0, 32.0))), format!("daily:{family}"))
                .clicked()
            {
                daily.write(crate::game::meta::daily::OpenDaily { family });
            }
        }
    });
    let streak = save.data.daily_streak(today.0);
    if streak > 0 {
        ui.label(tr.f("menu-streak", &[("days", streak.into())]));
    }
    ui.add_space(8.0);
    if mark(ui.add(big(&tr.s("menu-create"))), "menu-create").on_hover_text(tr.s("menu-create-tip")).clicked() {
        next.set(AppState::Editor);
    }
    if mark(ui.add(big(&tr.s("menu-stats"))), "menu-stats").clicked() {
        next.set(AppState::Stats);
    }
    if mark(ui.add(big(&tr.s("menu-settings"))), "menu-settings").clicked() {
        next.set(AppState::Settings);
    }
    // A phone's apps are left by the system, not by a button, and a page by its tab.
    let phone = layout(ui.ctx()).narrow || !crate::platform::QUITS;
    if !phone && mark(ui.add(big(&tr.s("menu-quit"))), "menu-quit").clicked() {
        exit.write(AppExit::Success);
    }
}

/// Screens shorter than this (logical pixels), and wider than tall, lay the menu out sideways.
pub const SHORT: f32 = crate::game::board::view::SHORT;

/// The title mark: the seven tangram pieces in their colours, making their square, turned a
/// quarter of a right angle like a tile on its point.
fn title_mark(ui: &mut egui::Ui, size: f32) {
    const PIECES: [&[(f32, f32)]; 7] = [
        &[(0.0, 4.0), (0.0, 0.0), (2.0, 2.0)],
        &[(0.0, 0.0), (4.0, 0.0), (2.0, 2.0)],
        &[(2.0, 4.0), (4.0, 4.0), (4.0, 2.0)],
        &[(2.0, 2.0), (3.0, 1.0), (3.0, 3.0)],
        &[(0.0, 4.0), (1.0, 3.0), (2.0, 4.0)],
        &[(2.0, 2.0), (3.0, 3.0), (2.0, 4.0), (1.0, 3.0)],
        &[(3.0, 1.0), (4.0, 0.0), (4.0, 2.0), (3.0, 3.0)],
    ];
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size * 1.42, size * 1.42), egui::Sense::hover());
    let (c, s) = (rect.center(), size / 4.0);
    let (sin, cos) = (std::f32::consts::FRAC_PI_4.sin(), std::f32::consts::FRAC_PI_4.cos());
    let at = |(x, y): (f32, f32)| {
        let (x, y) = ((x - 2.0) * s, (2.0 - y) * s);
        c + egui::vec2(x * cos - y * sin, x * sin + y * cos)
    };
    let edge = egui::Stroke::new(1.5, ui.visuals().panel_fill);
    for (i, piece) in PIECES.iter().enumerate() {
        let points = piece.iter().copied().map(at).collect();
        ui.painter().add(egui::Shape::convex_polygon(points, super::widgets::rgb(crate::pieces::PALETTE[i]), edge));
    }
}
