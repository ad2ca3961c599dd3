//! The playing screen's bars: the level, time and moves, the tools (the solver lab's card is `lab.rs`).

use super::prelude::*;
use super::thermometer::{horizontal_thermometer, thermometer};
use super::widgets::{clock, level_name};

#[allow(clippy::too_many_arguments)]
pub(super) fn hud(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    progress: Res<Progress>,
    hist: Res<History>,
    time: Res<Time>,
    state: Res<State<AppState>>,
    info: Option<Res<SolvedInfo>>,
    hints: Res<crate::game::solver::hints::HintState>,
    thinking: Res<crate::game::solver::thinking::Thinking>,
    mut lab: ResMut<crate::game::solver::lab::SolverLab>,
    mut actions: MessageWriter<Action>,
    mut next: ResMut<NextState<AppState>>,
    mut edit: MessageWriter<crate::game::meta::editor::EditRequest>,
    tr: Res<Words>,
    mut cards: ResMut<crate::game::shared::Cards>,
    mut copied_at: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(active) = active else { return Ok(()) };
    let playing = *state.get() == AppState::Playing;
    let ms = match (&info, playing) {
        (Some(i), false) => i.ms,
        _ => ((time.elapsed_secs() - active.started).max(0.0) * 1000.0) as u64,
    };
    let rect = ctx.content_rect();
    let narrow = rect.width() < NARROW;
    let bar = egui::Frame::new().fill(super::theme::bar(ctx)).inner_margin(8.0);
    let top_bar = egui::Area::new("hud-top".into()).anchor(egui::Align2::LEFT_TOP, [0.0, 0.0]).show(ctx, |ui| {
        bar.show(ui, |ui| {
            ui.set_width(rect.width() - 16.0);
            // Wraps on a phone: a long level name must not push the clock and buttons off.
            ui.horizontal_wrapped(|ui| {
                if mark(ui.button(tr.s("back-levels")), "back-levels").on_hover_text(tr.s("back-levels-tip")).clicked()
                {
                    next.set(AppState::LevelSelect);
                }
                ui.label(egui::RichText::new(level_name(&active.level, &tr)).strong());
                ui.label(format!("{}  ·  {}", clock(ms), tr.f("hud-moves", &[("moves", active.moves.into())])));
                let own = active.key.starts_with(&format!("{}/", crate::content::editor::PACK));
                if own && ui.small_button(tr.s("hud-edit")).on_hover_text(tr.s("hud-edit-tip")).clicked() {
                    edit.write(crate::game::meta::editor::EditRequest::Level(active.key.clone()));
                }
                let share = ui.small_button(tr.s("copy-code")).on_hover_text(tr.s("copy-code-tip"));
                if share.clicked() {
                    ui.ctx().copy_text(crate::content::share::encode(&active.level.entry));
                    *copied_at = Some(time.elapsed_secs());
                }
                if copied_at.is_some_and(|t| time.elapsed_secs() - t < 2.0) {
                    ui.weak(tr.s("copied"));
                }
                if active.level.solid().is_some() && !narrow {
                    ui.weak(tr.s("hud-3d-help"));
                }
                if let Some(m) = thinking.message.as_ref().or(hints.message.as_ref()).filter(|_| playing) {
                    ui.colored_label(super::theme::accent_text(ui.ctx()), tr.text(m));
                }
            });
            if narrow {
                let help = tr.s(active.level.progress_help());
                horizontal_thermometer(ui, progress.value as f32, progress.overlap, &help, &tr.s("thermometer-tip"));
            }
        });
    });
    let bottom_bar =
        egui::Area::new("hud-bottom".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -6.0]).show(ctx, |ui| {
            if !playing {
                return;
            }
            bar.corner_radius(8.0).show(ui, |ui| {
                if narrow {
                    ui.spacing_mut().button_padding = egui::vec2(6.0, 5.0);
                    ui.spacing_mut().item_spacing.x = 5.0;
                }
                ui.add_enabled_ui(playing, |ui| {
                    let buttons = |ui: &mut egui::Ui| {
                        if ui
                            .add_enabled(!hist.undo.is_empty(), egui::Button::new(tr.s("undo")))
                            .on_hover_text("Ctrl+Z")
                            .clicked()
                        {
                            actions.write(Action::Undo);
                        }
                        if ui
                            .add_enabled(!hist.redo.is_empty(), egui::Button::new(tr.s("redo")))
                            .on_hover_text("Ctrl+Y")
                            .clicked()
                        {
                            actions.write(Action::Redo);
                        }
                        let caps = active.level.caps();
                        if caps.turn && ui.button("⟲").on_hover_text(tr.s("turn-left-tip")).clicked() {
                            actions.write(Action::Rotate(1));
                        }
                        if caps.turn && ui.button("⟳").on_hover_text(tr.s("turn-right-tip")).clicked() {
                            actions.write(Action::Rotate(-1));
                        }
                        // A polycube tips over instead of mirroring.
                        let (flip, flip_says) = if caps.tip { ("tip", "tip-tip") } else { ("flip", "flip-tip") };
                        if (caps.mirror || caps.tip) && ui.button(tr.s(flip)).on_hover_text(tr.s(flip_says)).clicked() {
                            actions.write(Action::Flip);
                        }
                        if ui.button(tr.s("restart")).on_hover_text("Ctrl+R").clicked() {
                            actions.write(Action::Restart);
                        }
                        if ui.button(tr.s("hint")).on_hover_text(tr.s("hint-tip")).clicked() {
                            actions.write(Action::Hint);
                        }
                        if caps.lab && ui.button(tr.s("lab")).on_hover_text(tr.s("lab-tip")).clicked() {
                            lab.open = !lab.open;
                        }
                        let watch = tr.s(if thinking.running { "watch-stop" } else { "watch" });
                        if caps.watch && ui.button(watch).on_hover_text(tr.s("watch-tip")).clicked() {
                            actions.write(Action::Watch);
                        }
                    };
                    // A phone's bar wraps rather than running off the screen.
                    if narrow {
                        ui.set_max_width(rect.width() - 28.0);
                        ui.horizontal_wrapped(buttons);
                    } else {
                        ui.horizontal(buttons);
                    }
                });
            });
        });
    // The bars as drawn (a phone's wrap to more rows): the view keeps the board clear of them.
    let drawn =
        (top_bar.response.rect.bottom(), if playing { rect.bottom() - bottom_bar.response.rect.top() } else { 0.0 });
    if (cards.top_bar, cards.bottom_bar) != drawn {
        (cards.top_bar, cards.bottom_bar) = drawn;
    }
    if !narrow {
        let help = tr.s(active.level.progress_help());
        thermometer(
            ctx,
            progress.value as f32,
            progress.overlap.then(|| tr.s("overlap")),
            &help,
            &tr.s("thermometer-tip"),
        );
    }
    Ok(())
}
