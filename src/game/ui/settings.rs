//! The settings screen.

use super::prelude::*;
use super::widgets::centered_window;

/// The settings' most height, with the import field open and a message shown.
const SETTINGS_HEIGHT: f32 = 640.0;

pub(super) fn settings(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    tr: Res<Words>,
    mut tutorial: MessageWriter<crate::game::meta::tutorial::StartTutorial>,
    mut progress: ProgressFiles,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = save.data.settings;
    // A short screen (a phone held sideways) scrolls the settings, in a view of its height
    // less the window's margins and the Back row under it. (Elsewhere no scroll area: in a
    // window that sizes itself one sizes from the last frame, and a tap hit the window of the
    // frame before.)
    // (A finger's Back button and rows are taller.)
    let tall = ctx.content_rect().height() - 48.0 - 44.0 - if layout(ctx).touch { 28.0 } else { 0.0 };
    centered_window("settings").show(ctx, |ui| {
        let mut body = |ui: &mut egui::Ui| {
            ui.heading(tr.s("settings-title"));
            ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0).text(tr.s("settings-size")));
            ui.checkbox(&mut s.sound, tr.s("settings-sound"));
            ui.checkbox(&mut s.reduce_motion, tr.s("settings-motion")).on_hover_text(tr.s("settings-motion-tip"));
            mark(ui.checkbox(&mut s.smooth_edges, tr.s("settings-edges")), "settings-edges")
                .on_hover_text(tr.s("settings-edges-tip"));
            mark(ui.checkbox(&mut s.show_clock, tr.s("settings-clock")), "settings-clock")
                .on_hover_text(tr.s("settings-clock-tip"));
            ui.horizontal(|ui| {
                ui.label(tr.s("settings-language"));
                let now = s.language.unwrap_or_default();
                let combo = egui::ComboBox::from_id_salt("language").selected_text(now.name()).show_ui(ui, |ui| {
                    for lang in crate::support::i18n::Lang::ALL {
                        if mark(ui.selectable_label(now == lang, lang.name()), format!("lang:{}", lang.tag())).clicked()
                        {
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
            ui.separator();
            progress.show(ui, &tr);
        };
        if tall < SETTINGS_HEIGHT {
            let scroll = egui::ScrollArea::vertical().max_height(tall).min_scrolled_height(tall);
            let shown = scroll.show(ui, body);
            crate::game::probe::mark_scroll(ui.ctx(), shown, "settings");
        } else {
            body(ui);
        }
        // Under the scroll, not in it: always in view.
        ui.separator();
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

/// Export and import of progress ([`crate::game::meta::transfer`]).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ProgressFiles<'w, 's> {
    transfer: ResMut<'w, crate::game::meta::transfer::Transfer>,
    export: MessageWriter<'w, crate::game::meta::transfer::ExportProgress>,
    import: MessageWriter<'w, crate::game::meta::transfer::ImportProgress>,
    /// The import field is open, and what is typed or pasted in it.
    field: Local<'s, Option<String>>,
    /// The field opened this pass: it is scrolled into view.
    opened: Local<'s, bool>,
}

impl ProgressFiles<'_, '_> {
    fn show(&mut self, ui: &mut egui::Ui, tr: &Words) {
        use crate::game::meta::transfer::{ExportProgress, ImportProgress};
        ui.horizontal_wrapped(|ui| {
            ui.label(tr.s("progress-title"));
            if mark(ui.button(tr.s("progress-export")), "progress-export").clicked() {
                self.export.write(ExportProgress);
            }
            // (Opening, not toggling: a pass egui runs again sees the same click.)
            if mark(ui.button(tr.s("progress-import")), "progress-import").clicked() && self.field.is_none() {
                *self.field = Some(String::new());
                *self.opened = true;
            }
            if let Some(code) = &self.transfer.code {
                if mark(ui.button(tr.s("progress-copy")), "progress-copy").clicked() {
                    ui.ctx().copy_text(code.clone());
                }
            }
        });
        if let Some(text) = self.field.as_mut() {
            // In the browser a file is chosen; on the desktop it is dropped on the window or
            // its path pasted. A code pastes anywhere.
            let web = crate::platform::BROWSER;
            ui.label(tr.s(if web { "progress-import-how-web" } else { "progress-import-how" }));
            // The field has a row of its own, as wide as the card: a code is long.
            let edit = egui::TextEdit::singleline(text)
                .hint_text(tr.s("progress-paste"))
                .desired_width(f32::INFINITY)
                .min_size(egui::vec2(0.0, ui.spacing().interact_size.y));
            let field = mark(ui.add(edit), "progress-field");
            ui.horizontal(|ui| {
                let choose = web.then(|| mark(ui.button(tr.s("progress-choose")), "progress-choose"));
                // The page opens its chooser on the tap itself, here (see `offer_pick`).
                let rect = choose.as_ref().map(|c| [c.rect.min.x, c.rect.min.y, c.rect.max.x, c.rect.max.y]);
                crate::platform::page::offer_pick(rect);
                if choose.is_some_and(|c| c.clicked()) && !self.transfer.picking {
                    self.transfer.picking = crate::platform::page::pick_file();
                }
                let go = ui.add_enabled(!text.trim().is_empty(), egui::Button::new(tr.s("progress-import-go")));
                if mark(go, "progress-import-go").clicked() {
                    let t = text.trim();
                    self.import.write(
                        match t.starts_with(crate::content::transfer::CODE_PREFIX) || t.starts_with('(') {
                            true => {
                                ImportProgress::Text { text: t.to_string(), name: tr.s("progress-pasted").to_string() }
                            }
                            false => ImportProgress::File(t.into()),
                        },
                    );
                }
            });
            // Just opened: what the tap opened comes into view (on a short screen it opened
            // below the fold, and the tap seemed to do nothing).
            if std::mem::take(&mut *self.opened) {
                field.scroll_to_me(Some(egui::Align::Center));
            }
        } else {
            crate::platform::page::offer_pick(None);
        }
        if let Some(said) = &self.transfer.said {
            let colour =
                if self.transfer.refused { super::widgets::warn(ui.ctx()) } else { super::widgets::good(ui.ctx()) };
            mark(ui.colored_label(colour, tr.text(said)), "progress-said");
        }
    }
}
