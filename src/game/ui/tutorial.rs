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
    cards: Res<crate::game::shared::Cards>,
) -> Result {
    use crate::game::meta::tutorial::Tutorial;
    if !tut.active {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let width = ctx.content_rect().width();
    let top = super::widgets::below_top_bar(ctx, &cards) + 6.0;
    let gold = egui::Color32::from_rgb(240, 200, 80);
    egui::Area::new("tutorial".into()).anchor(egui::Align2::CENTER_TOP, [0.0, top]).show(ctx, |ui| {
        let card = egui::Frame::new().fill(super::theme::bar(ctx)).inner_margin(10.0).corner_radius(8.0);
        card.stroke(egui::Stroke::new(1.5, gold)).show(ui, |ui| {
            // Within the screen on a phone (its margins and frame included).
            ui.set_max_width((width - 44.0).min(420.0));
            // A family's introduction, or the first tutorial.
            let (head, going, says) = match &tut.intro {
                Some((intro, done)) => match intro.steps.get(*done) {
                    Some(step) => {
                        let n = [("n", (done + 1).into()), ("total", intro.steps.len().into())];
                        (tr.f("intro-step", &n), true, tr.s(step.says))
                    }
                    None => (tr.s("intro-done-title"), false, tr.s(&format!("intro-{}-done", intro.id))),
                },
                None => match tut.current() {
                    Some(step) => {
                        let n = [("n", (tut.done() + 1).into()), ("total", tut.steps.len().into())];
                        (tr.f("tut-step", &n), true, tr.s(&Tutorial::instruction(step, *input)))
                    }
                    None => (tr.s("tut-done-title"), false, tr.s("tut-done")),
                },
            };
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(head).strong().color(gold));
                let close = if going { "tut-skip" } else { "tut-close" };
                if mark(super::widgets::compact_button(ui, tr.s(close)), "tutorial-close").clicked() {
                    skip.write(crate::game::meta::tutorial::SkipTutorial);
                }
            });
            ui.add(egui::Label::new(egui::RichText::new(says).size(17.0)).wrap_mode(egui::TextWrapMode::Wrap));
        });
    });
    Ok(())
}
