//! The card that lists a level's keys (F1, ?, or the keyboard button of the title row): the
//! keyboard's model as the player meets it, for the level's family (turns and flips where its
//! pieces have them, the 3D moves of a polycube level).

use super::prelude::*;

/// The keys of a level, as (keys, what they do) message ids.
pub fn rows(caps: &crate::family::Caps, solid: bool) -> Vec<(&'static str, &'static str)> {
    let mut rows = vec![("keys-tab", "keys-tab-does")];
    if solid {
        rows.extend([
            ("keys-arrows", "keys-arrows-solid"),
            ("keys-page", "keys-page-does"),
            ("keys-enter", "keys-enter-solid"),
            ("keys-roll", "keys-roll-does"),
        ]);
    } else {
        rows.extend([
            ("keys-enter", "keys-enter-does"),
            ("keys-arrows", "keys-arrows-does"),
            ("keys-escape", "keys-escape-does"),
        ]);
    }
    if caps.turn {
        rows.push(("keys-turn", "keys-turn-does"));
    }
    if caps.mirror || caps.tip {
        rows.push(("keys-flip", if caps.tip { "keys-tip-does" } else { "keys-flip-does" }));
    }
    rows.extend([
        ("keys-hint", "keys-hint-does"),
        ("keys-undo", "keys-undo-does"),
        ("keys-zoom", "keys-zoom-does"),
        ("keys-toolbar", "keys-toolbar-does"),
        ("keys-help", "keys-help-does"),
    ]);
    rows
}

pub(super) fn keys_card(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    mut focus: ResMut<crate::game::shared::KeyFocus>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(active) = active.filter(|_| focus.help) else { return Ok(()) };
    let mut open = true;
    super::widgets::centered_window("keys").show(ctx, |ui| {
        ui.heading(tr.s("keys-title"));
        egui::Grid::new("keys-grid").num_columns(2).spacing([16.0, 6.0]).show(ui, |ui| {
            for (keys, does) in rows(&active.level.caps(), active.level.solid().is_some()) {
                ui.label(egui::RichText::new(tr.s(keys)).strong());
                ui.label(tr.s(does));
                ui.end_row();
            }
        });
        ui.add_space(6.0);
        if mark(super::widgets::tap_button(ui, tr.s("ok")), "keys-close").clicked() {
            open = false;
        }
    });
    if !open {
        focus.help = false;
    }
    Ok(())
}
