//! The statistics screen: the record of play (`content::stats`) for every pack together and
//! for each, and the daily streak.

use super::prelude::*;
use super::widgets::{centered_window, clock, level_name};
use crate::content::stats::{stats as count, Tally};

pub(super) fn stats(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    save: Res<SaveState>,
    library: Res<Library>,
    today: Res<crate::game::meta::daily::Today>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let packs: Vec<(String, Vec<String>)> =
        (0..library.packs.len()).map(|p| (library.packs[p].id.clone(), library.keys(p))).collect();
    let s = count(&save.data, &packs, today.0);
    // Everything scrolls in the screen's height less the window's margins and the Back row
    // under it (a finger's Back button is taller), as the settings do.
    let tall = ctx.content_rect().height() - 48.0 - 44.0 - if layout(ctx).touch { 28.0 } else { 0.0 };
    centered_window("stats").show(ctx, |ui| {
        let scroll = egui::ScrollArea::vertical().max_height(tall).min_scrolled_height(tall.min(600.0));
        let shown = scroll.show(ui, |ui| {
            ui.heading(tr.s("stats-title"));
            ui.label(egui::RichText::new(tr.s("stats-all")).strong());
            tally(ui, &s.all, &library, &tr);
            ui.label(tr.f("stats-dailies", &[("n", s.dailies.into())]));
            ui.label(tr.f("stats-streak", &[("days", s.streak.into()), ("best", s.best_streak.into())]));
            ui.separator();
            if s.all.solved == 0 {
                ui.add(egui::Label::new(tr.s("stats-none")).wrap());
            }
            for (p, (_, t)) in s.packs.iter().enumerate() {
                ui.label(egui::RichText::new(library.packs[p].name_in(tr.tag())).strong());
                tally(ui, t, &library, &tr);
                ui.add_space(4.0);
            }
        });
        crate::game::probe::mark_scroll(ui.ctx(), shown, "stats");
        ui.separator();
        if mark(ui.button(tr.s("back")), "stats-back").clicked() {
            next.set(AppState::MainMenu);
        }
    });
    Ok(())
}

/// One tally's lines: solved, without hints, and the fastest solve with its level's name.
fn tally(ui: &mut egui::Ui, t: &Tally, library: &Library, tr: &Words) {
    let mut line = tr.f("stats-solved", &[("solved", t.solved.into()), ("levels", t.levels.into())]);
    if t.solved > 0 {
        line += &format!("  ·  {}", tr.f("stats-unhinted", &[("n", t.unhinted.into())]));
    }
    ui.add(egui::Label::new(line).wrap());
    if let Some((ms, key)) = &t.fastest {
        let name = library.find(key).map_or_else(|| key.clone(), |(p, l)| level_name(&library.packs[p].levels[l], tr));
        ui.add(egui::Label::new(tr.f("stats-fastest", &[("time", clock(*ms).into()), ("level", name.into())])).wrap());
    }
}
