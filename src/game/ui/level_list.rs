//! The level list: packs and their levels as cards, opened at the pack last played.

use super::menu::notices;
use super::prelude::*;
use super::thumbnails::{Budget, Card, Thumbnails, THUMBS_TIME};
use super::widgets::centered_window;
use super::widgets::level_name;
use crate::game::meta::save::ListFocus;

#[allow(clippy::too_many_arguments)]
pub(super) fn level_select(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    library: Res<Library>,
    mut play: MessageWriter<PlayLevel>,
    mut open_code: MessageWriter<crate::game::meta::codes::OpenCode>,
    status: Res<crate::game::meta::codes::CodeStatus>,
    mut thumbs: ResMut<Thumbnails>,
    mut focus: ResMut<ListFocus>,
    tr: Res<Words>,
    mut code: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    centered_window("levels").fixed_size([(size.x - 40.0).min(1000.0), (size.y - 60.0).max(200.0)]).show(ctx, |ui| {
        ui.horizontal(|ui| {
            if mark(ui.button(tr.s("back-menu")), "back-menu").clicked() {
                next.set(AppState::MainMenu);
            }
            ui.heading(tr.s("levels-title"));
        });
        notices(ui, &mut save, &library, &tr);
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut *code)
                    .hint_text(tr.s("levels-code-hint"))
                    .desired_width((ui.available_width() - 150.0).clamp(120.0, 260.0)),
            );
            if ui.add_enabled(!code.trim().is_empty(), egui::Button::new(tr.s("levels-open-code"))).clicked() {
                open_code.write(crate::game::meta::codes::OpenCode(code.trim().to_string()));
            }
        });
        if let Some(e) = &status.error {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), tr.text(e));
        }
        // What the cards' marks mean.
        ui.add(egui::Label::new(egui::RichText::new(tr.s("levels-legend")).small().weak()).wrap());
        let narrow = ui.ctx().content_rect().width() < NARROW;
        let mut budget = Budget { until: std::time::Instant::now() + THUMBS_TIME, left_out: false };
        let locked = tr.s("levels-locked");
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            for (pi, pack) in library.packs.iter().enumerate() {
                let keys = library.keys(pi);
                let done = keys.iter().filter(|k| save.data.is_done(k)).count();
                ui.add_space(10.0);
                if focus.0 == Some(pi) {
                    ui.scroll_to_cursor(Some(egui::Align::TOP));
                    focus.0 = None;
                }
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(pack_name(pack, &tr)).strong().size(19.0));
                    ui.add(
                        egui::ProgressBar::new(done as f32 / keys.len().max(1) as f32)
                            .desired_width(120.0)
                            .desired_height(20.0)
                            .text(tr.f("levels-solved", &[("done", done.into()), ("total", keys.len().into())])),
                    );
                });
                if !pack.author.is_empty() {
                    ui.small(tr.f("levels-by", &[("author", pack.author.as_str().into())]));
                }
                ui.horizontal_wrapped(|ui| {
                    for (li, level) in pack.levels.iter().enumerate() {
                        let solved = save.data.is_done(&keys[li]);
                        let card = Card {
                            name: level_name(level, &tr),
                            difficulty: level.difficulty,
                            best: save.data.completed.get(&keys[li]).map(|r| r.best_ms),
                            open: save.data.unlocked(&keys, li),
                            small: narrow,
                            locked: &locked,
                        };
                        // Pictures are drawn for the cards in view only.
                        let thumb = |ctx: &egui::Context| thumbs.get(ctx, &keys[li], level, solved, &mut budget);
                        if mark(card.show(ui, thumb), format!("level:{}", keys[li])).clicked() {
                            play.write(PlayLevel { pack: pi, level: li });
                        }
                    }
                });
            }
        });
        if budget.left_out {
            // Pictures still to draw: come back next frame.
            ui.ctx().request_repaint();
        }
    });
    Ok(())
}

/// A pack's name: the game's own packs (daily puzzles, the player's levels, shared levels) in
/// the player's language, the others as their files name them.
pub(super) fn pack_name(pack: &crate::level::Pack, tr: &Words) -> String {
    match pack.id.as_str() {
        crate::game::meta::daily::PACK => tr.s("pack-daily"),
        crate::content::editor::PACK => tr.s("pack-mine"),
        crate::game::meta::codes::PACK => tr.s("pack-shared"),
        _ => pack.name.clone(),
    }
}
