//! The level list: the packs ([`super::packs`]), and a pack's levels as cards.

use super::menu::notices;
use super::packs::Shelf;
use super::prelude::*;
use super::thumbnails::{Budget, Card, Thumbnails, THUMBS_TIME};
use super::widgets::centered_window;
use super::widgets::{level_name, pack_name, solved_bar};
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
    mut shown: Local<Option<Option<usize>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    let open = focus.open.filter(|&p| p < library.packs.len());
    let first = std::mem::take(&mut *shown) != Some(open);
    *shown = Some(open);
    let mut budget = Budget { until: web_time::Instant::now() + THUMBS_TIME, left_out: false };
    centered_window("levels").fixed_size([(size.x - 40.0).min(1000.0), (size.y - 60.0).max(200.0)]).show(ctx, |ui| {
        ui.horizontal(|ui| {
            let (back, title) = match open {
                None => ("back-menu", tr.s("packs-title")),
                Some(pi) => ("back-packs", pack_name(&library.packs[pi], &tr)),
            };
            if mark(ui.button(tr.s(back)), back).clicked() {
                match open {
                    None => next.set(AppState::MainMenu),
                    Some(_) => focus.open = None,
                }
            }
            ui.add(egui::Label::new(egui::RichText::new(title).heading()).truncate());
        });
        notices(ui, &mut save, &library, &tr);
        let Some(pi) = open else {
            code_field(ui, &mut code, &mut open_code, &status, &tr);
            // Each list scrolls on its own (one shared id once opened every grid as far down
            // as the packs list was).
            let shown = egui::ScrollArea::vertical().id_salt("packs").auto_shrink([false, false]).show(ui, |ui| {
                let shelf = Shelf { library: &library, save: &save, tr: &tr, last: focus.last, scroll: first };
                let tapped = shelf.show(ui, &mut thumbs, &mut budget);
                if tapped.is_some() {
                    focus.open = tapped;
                }
            });
            crate::game::probe::mark_scroll(ui.ctx(), shown, "packs");
            return;
        };
        level_cards(ui, pi, &library, &save, &mut thumbs, &mut budget, &tr, &mut play);
    });
    if budget.left_out {
        // Pictures still to draw: come back next frame.
        ctx.request_repaint();
    }
    Ok(())
}

/// An open pack's levels: how many are solved, and a card per level (its picture drawn when
/// in view and the frame's time allows).
#[allow(clippy::too_many_arguments)]
fn level_cards(
    ui: &mut egui::Ui,
    pi: usize,
    library: &Library,
    save: &SaveState,
    thumbs: &mut Thumbnails,
    budget: &mut Budget,
    tr: &Words,
    play: &mut MessageWriter<PlayLevel>,
) {
    let pack = &library.packs[pi];
    let keys = library.keys(pi);
    let done = keys.iter().filter(|k| save.data.is_done(k)).count();
    ui.horizontal_wrapped(|ui| {
        solved_bar(ui, done, keys.len(), tr);
        if !pack.author.is_empty() {
            ui.small(tr.f("levels-by", &[("author", pack.author.as_str().into())]));
        }
    });
    // What the cards' marks mean.
    let legend = if pack.ladder.is_some() { "levels-legend-ladder" } else { "levels-legend" };
    ui.add(egui::Label::new(egui::RichText::new(tr.s(legend)).small().weak()).wrap());
    let narrow = layout(ui.ctx()).narrow;
    let locked = tr.s("levels-locked");
    let shown = egui::ScrollArea::vertical().id_salt(("levels", pi)).auto_shrink([false, false]).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            for (li, level) in pack.levels.iter().enumerate() {
                let solved = save.data.is_done(&keys[li]);
                let card = Card {
                    name: level_name(level, tr),
                    difficulty: level.difficulty,
                    best: save.data.completed.get(&keys[li]).map(|r| r.time()),
                    score: save.data.scores.get(&keys[li]).copied(),
                    open: save.data.unlocked(&keys, li, pack.ladder),
                    small: narrow,
                    locked: &locked,
                };
                // Pictures are drawn for the cards in view only.
                let shown = solved.then(|| save.data.solutions.get(&keys[li]).map_or(&[][..], Vec::as_slice));
                let thumb = |ctx: &egui::Context| thumbs.get(ctx, &keys[li], level, shown, budget);
                if mark(card.show(ui, thumb), format!("level:{}", keys[li])).clicked() {
                    play.write(PlayLevel { pack: pi, level: li });
                }
            }
        });
    });
    crate::game::probe::mark_scroll(ui.ctx(), shown, "levels");
}

/// The field a share code is pasted in, and its error.
fn code_field(
    ui: &mut egui::Ui,
    code: &mut String,
    open_code: &mut MessageWriter<crate::game::meta::codes::OpenCode>,
    status: &crate::game::meta::codes::CodeStatus,
    tr: &Words,
) {
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(code)
                .hint_text(tr.s("levels-code-hint"))
                .min_size(egui::vec2(0.0, ui.spacing().interact_size.y))
                .vertical_align(egui::Align::Center)
                .desired_width((ui.available_width() - 150.0).clamp(120.0, 260.0)),
        );
        if ui.add_enabled(!code.trim().is_empty(), egui::Button::new(tr.s("levels-open-code"))).clicked() {
            open_code.write(crate::game::meta::codes::OpenCode(code.trim().to_string()));
        }
    });
    if let Some(e) = &status.error {
        mark(ui.colored_label(super::widgets::warn(ui.ctx()), tr.text(e)), "code-error");
    }
}
