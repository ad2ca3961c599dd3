//! The main menu, with the notices of load errors and saves.

use super::prelude::*;
use super::widgets::centered_window;

pub(super) fn notices(ui: &mut egui::Ui, save: &mut SaveState, library: &Library, tr: &Words) {
    let warn = egui::Color32::from_rgb(255, 196, 64);
    if let Some(n) = save.notice.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(warn, format!("⚠ {}", tr.text(&n)));
            if ui.small_button(tr.s("ok")).clicked() {
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
    centered_window("menu").show(ctx, |ui| {
        ui.set_max_width(360.0);
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Tessera").size(40.0).strong());
            ui.label(tr.s("menu-tagline"));
            ui.add_space(16.0);
            let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(20.0)).min_size(egui::vec2(220.0, 40.0));
            if mark(ui.add(big(&tr.s("menu-play"))), "menu-play").clicked() {
                next.set(AppState::LevelSelect);
            }
            ui.add_space(8.0);
            ui.label(egui::RichText::new(tr.f("menu-daily", &[("date", today.0.to_string().into())])).strong());
            ui.horizontal_wrapped(|ui| {
                for family in crate::content::daily::FAMILIES {
                    let done = save.data.is_done(&crate::game::meta::daily::key(family, today.0));
                    let text = format!(
                        "{}{}",
                        if done { "✔ " } else { "" },
                        crate::family::registry::daily_title(family).map_or_else(|| family.to_string(), |t| tr.s(t))
                    );
                    if mark(
                        ui.add(egui::Button::new(text).min_size(egui::vec2(100.0, 32.0))),
                        format!("daily:{family}"),
                    )
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
            if mark(ui.add(big(&tr.s("menu-settings"))), "menu-settings").clicked() {
                next.set(AppState::Settings);
            }
            if mark(ui.add(big(&tr.s("menu-quit"))), "menu-quit").clicked() {
                exit.write(AppExit::Success);
            }
            ui.add_space(8.0);
        });
        notices(ui, &mut save, &library, &tr);
    });
    Ok(())
}
