//! The settings screen.

use super::prelude::*;
use super::widgets::centered_window;

pub(super) fn settings(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    tr: Res<Words>,
    mut tutorial: MessageWriter<crate::game::meta::tutorial::StartTutorial>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = save.data.settings;
    centered_window("settings").show(ctx, |ui| {
        ui.heading(tr.s("settings-title"));
        ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0).text(tr.s("settings-size")));
        ui.checkbox(&mut s.sound, tr.s("settings-sound"));
        ui.checkbox(&mut s.reduce_motion, tr.s("settings-motion")).on_hover_text(tr.s("settings-motion-tip"));
        ui.horizontal(|ui| {
            ui.label(tr.s("settings-language"));
            let now = s.language.unwrap_or_default();
            let combo = egui::ComboBox::from_id_salt("language").selected_text(now.name()).show_ui(ui, |ui| {
                for lang in crate::support::i18n::Lang::ALL {
                    if mark(ui.selectable_label(now == lang, lang.name()), format!("lang:{}", lang.tag())).clicked() {
                        s.language = Some(lang);
                    }
                }
            });
            mark(combo.response, "settings-language");
        });
        ui.horizontal(|ui| {
            ui.label(tr.s("settings-theme"));
            let combo = egui::ComboBox::from_id_salt("theme").selected_text(tr.s(s.theme.id())).show_ui(ui, |ui| {
                for t in crate::support::save::Theme::ALL {
                    if mark(ui.selectable_label(s.theme == t, tr.s(t.id())), t.id()).clicked() {
                        s.theme = t;
                    }
                }
            });
            mark(combo.response, "settings-theme");
        });
        if ui.button(tr.s("settings-tutorial")).clicked() {
            tutorial.write(crate::game::meta::tutorial::StartTutorial);
        }
        if mark(ui.button(tr.s("back")), "settings-back").clicked() {
            next.set(AppState::MainMenu);
        }
    });
    if s != save.data.settings {
        save.data.settings = s;
        save.store();
    }
    Ok(())
}
