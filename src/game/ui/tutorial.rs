//! The tutorial's card under the top bar.

use super::prelude::*;

/// The tutorial's card under the top bar: the step to do, said for the input in use, and a
/// way out.
pub(super) fn tutorial(
    mut contexts: EguiContexts,
    tut: Res<crate::game::meta::tutorial::Tutorial>,
    input: Res<crate::game::meta::tutorial::InputKind>,
    mut skip: MessageWriter<crate::game::meta::tutorial::SkipTutorial>,
    tr: Res<Words>,
) -> Result {
    use crate::game::meta::tutorial::Tutorial;
    if !tut.active {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let top = hud_insets(ctx.content_rect().width()).0 + 6.0;
    let gold = egui::Color32::from_rgb(240, 200, 80);
    egui::Area::new("tutorial".into()).anchor(egui::Align2::CENTER_TOP, [0.0, top]).show(ctx, |ui| {
        let card = egui::Frame::new().fill(egui::Color32::from_rgb(34, 44, 66)).inner_margin(10.0).corner_radius(8.0);
        card.stroke(egui::Stroke::new(1.5, gold)).show(ui, |ui| {
            ui.set_max_width(420.0);
            ui.horizontal(|ui| {
                let (done, total) = (tut.done(), tut.steps.len());
                let head = match tut.current() {
                    Some(_) => tr.f("tut-step", &[("n", (done + 1).into()), ("total", total.into())]),
                    None => tr.s("tut-done-title"),
                };
                ui.label(egui::RichText::new(head).strong().color(gold));
                let close = if tut.current().is_some() { "tut-skip" } else { "tut-close" };
                if mark(ui.small_button(tr.s(close)), "tutorial-close").clicked() {
                    skip.write(crate::game::meta::tutorial::SkipTutorial);
                }
            });
            let says = match tut.current() {
                Some(step) => tr.s(&Tutorial::instruction(step, *input)),
                None => tr.s("tut-done"),
            };
            ui.add(egui::Label::new(egui::RichText::new(says).size(17.0)).wrap_mode(egui::TextWrapMode::Wrap));
        });
    });
    Ok(())
}
