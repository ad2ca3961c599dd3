//! The solver lab's card, under the top bar (and under the tutorial's card when that is shown):
//! the board shrinks to make room for it rather than lying beneath it. Each method is a button;
//! each result says what it did, and a solved one can lay its arrangement over the board.

use super::prelude::*;
use crate::game::solver::lab::{LabRun, LabShow, LabStop, SolverLab};

#[allow(clippy::too_many_arguments)]
pub(super) fn lab_card(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    mut lab: ResMut<SolverLab>,
    tutorial: Res<crate::game::meta::tutorial::Tutorial>,
    mut runs: MessageWriter<LabRun>,
    mut shows: MessageWriter<LabShow>,
    mut stops: MessageWriter<LabStop>,
    tr: Res<Words>,
    cards: Res<crate::game::shared::Cards>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(active) = active.filter(|_| lab.open) else { return Ok(()) };
    let methods = active.level.offers().lab.map_or(&[][..], |l| l.methods());
    let rect = ctx.content_rect();
    let width = rect.width();
    let mut top = super::widgets::below_top_bar(ctx, &cards);
    if tutorial.active {
        top += layout(ctx).tutorial_card();
    }
    let height = layout(ctx).lab_card() - 8.0;
    let frame = egui::Frame::new().fill(super::theme::bar(ctx)).corner_radius(8.0).inner_margin(8.0);
    egui::Area::new("lab".into()).anchor(egui::Align2::CENTER_TOP, [0.0, top + 4.0]).show(ctx, |ui| {
        frame.show(ui, |ui| {
            ui.set_width((width - 40.0).min(720.0));
            ui.set_max_height(height - 16.0);
            // The title and the way out; then the methods, wrapping on a phone.
            ui.horizontal(|ui| {
                ui.strong(tr.s("lab-title"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if super::widgets::compact_button(ui, "×").on_hover_text(tr.s("lab-close")).clicked() {
                        lab.open = false;
                    }
                });
            });
            ui.horizontal_wrapped(|ui| {
                ui.add_enabled_ui(!lab.running, |ui| {
                    for (k, method) in methods.iter().enumerate() {
                        if ui.button(tr.s(method)).clicked() {
                            runs.write(LabRun(k));
                        }
                    }
                });
                if lab.running {
                    if mark(super::widgets::compact_button(ui, tr.s("lab-stop")), "lab-stop").clicked() {
                        stops.write(LabStop);
                    }
                    ui.label(tr.s("lab-running"));
                }
            });
            if lab.results.is_empty() {
                // The chase of a best score is told apart from finding a solution.
                let chase = methods.contains(&"lab-best");
                ui.weak(tr.s(if chase { "lab-about-best" } else { "lab-about" }));
            }
            if let Some(p) = lab.playing {
                let n = lab.results.get(p.result).map_or(0, |r| r.iterates.len());
                ui.label(tr.f("lab-playing", &[("i", p.next.into()), ("n", n.into())]));
            }
            let shown = egui::ScrollArea::vertical().auto_shrink([false, true]).show(ui, |ui| {
                for (k, r) in lab.results.iter().enumerate().rev() {
                    if result_row(ui, &tr, r) {
                        shows.write(LabShow(k));
                    }
                }
            });
            crate::game::probe::mark_scroll(ui.ctx(), shown, "lab");
        });
    });
    Ok(())
}

/// One result: Show (when it has something to show: pressed, says `true`), then what it did.
fn result_row(ui: &mut egui::Ui, tr: &Words, r: &crate::game::solver::lab::LabResult) -> bool {
    let mut show = false;
    ui.horizontal_wrapped(|ui| {
        // Show first, so that a long line on a phone cannot push it out of view.
        if !r.solution.is_empty() || !r.iterates.is_empty() {
            show = super::widgets::compact_button(ui, tr.s("lab-show")).on_hover_text(tr.s("lab-show-tip")).clicked();
        }
        let said = match (r.live, r.solved) {
            (true, _) => "lab-live",
            (false, true) => "lab-solved",
            (false, false) => "lab-unsolved",
        };
        // Long runs in seconds.
        let time = if r.ms < 10_000.0 { format!("{:.1} ms", r.ms) } else { format!("{:.0} s", r.ms / 1000.0) };
        let args = [("method", tr.s(r.method).into()), ("work", tr.text(&r.work).into()), ("time", time.into())];
        ui.label(tr.f(said, &args));
    });
    show
}
