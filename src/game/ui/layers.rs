//! The 3D view's words: a refused move's reason, and the layers' names under their panels.

use super::prelude::*;

/// Polycube levels: the 3D view's controls, the piece's moves in space, a refused move's
/// reason, and the layers' names under their panels.
#[allow(clippy::too_many_arguments)]
pub(super) fn layer_labels(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    view: Res<crate::game::board::view::View>,
    mut orbit: ResMut<crate::game::space::orbit::Orbit>,
    refused: Res<crate::game::space::grip::Refused>,
    cards: Res<crate::game::shared::Cards>,
    mut actions: MessageWriter<Action>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(poly) = active.as_ref().and_then(|a| a.level.solid()) else { return Ok(()) };
    controls(ctx, &mut orbit, &mut actions, &cards, &tr);
    if let Some(r) = &refused.0 {
        refusal(ctx, r, &tr);
    }
    layer_names(ctx, poly.board, &view, &tr);
    Ok(())
}

/// The 3D view's controls, in rows above the bottom bar.
fn controls(
    ctx: &egui::Context,
    orbit: &mut crate::game::space::orbit::Orbit,
    actions: &mut MessageWriter<Action>,
    cards: &crate::game::shared::Cards,
    tr: &Words,
) {
    // The 3D view's controls, in rows above the bottom bar (clear of the view, which is drawn
    // over the UI): the slice that hides the upper layers, zoom, and the selected piece's moves
    // in space (turning and tipping are in the bar). A drag around the solid, or the right
    // stick, turns the view.
    let narrow = layout(ctx).narrow;
    // Above the toolbar as drawn (a phone's is one row of icons, lower than its reserve).
    let reserved = layout(ctx).hud_insets().1;
    let lift = if cards.bottom_bar > 0.0 { cards.bottom_bar.min(reserved) } else { reserved } + 4.0;
    egui::Area::new("solid-controls".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -lift]).show(ctx, |ui| {
        let view_row = |ui: &mut egui::Ui, orbit: &mut crate::game::space::orbit::Orbit| {
            ui.weak(tr.s("layers"));
            if super::said::named(super::widgets::compact_button(ui, "-"), &tr.s("layers-less-tip"))
                .on_hover_text(tr.s("layers-less-tip"))
                .clicked()
            {
                orbit.step_slice(-1);
            }
            ui.weak(format!("{}/{}", orbit.slice.unwrap_or(orbit.layers), orbit.layers));
            if super::said::named(super::widgets::compact_button(ui, "+"), &tr.s("layers-more-tip"))
                .on_hover_text(tr.s("layers-more-tip"))
                .clicked()
            {
                orbit.step_slice(1);
            }
            ui.weak(tr.s("zoom"));
            if super::said::named(super::widgets::compact_button(ui, "-"), &tr.s("zoom-out-tip"))
                .on_hover_text(tr.s("zoom-out-tip"))
                .clicked()
            {
                orbit.zoom_by(-1.0);
            }
            if super::said::named(super::widgets::compact_button(ui, "+"), &tr.s("zoom-in-tip"))
                .on_hover_text(tr.s("zoom-in-tip"))
                .clicked()
            {
                orbit.zoom_by(1.0);
            }
        };
        let piece_row = |ui: &mut egui::Ui, actions: &mut MessageWriter<Action>| {
            ui.weak(tr.s("piece"));
            for (label, says, action) in [
                ("piece-in-out", "piece-in-out-tip", Action::Place),
                ("piece-roll", "piece-roll-tip", Action::Roll(1)),
                ("piece-up", "piece-up-tip", Action::Lift(1)),
                ("piece-down", "piece-down-tip", Action::Lift(-1)),
            ] {
                if super::widgets::compact_button(ui, tr.s(label)).on_hover_text(tr.s(says)).clicked() {
                    actions.write(action);
                }
            }
        };
        if narrow {
            ui.vertical_centered(|ui| {
                ui.horizontal(|ui| view_row(ui, orbit));
                ui.horizontal(|ui| piece_row(ui, actions));
            });
        } else {
            ui.horizontal(|ui| {
                view_row(ui, orbit);
                ui.separator();
                piece_row(ui, actions);
            });
        }
    });
}

/// A refused move's reason, at the top of the 3D view (clear of the layers' names).
fn refusal(ctx: &egui::Context, r: &crate::game::space::grip::Refusal, tr: &Words) {
    let below = layout(ctx).hud_insets().0 + 8.0;
    egui::Area::new("refused".into()).anchor(egui::Align2::CENTER_TOP, [0.0, below]).interactable(false).show(
        ctx,
        |ui| {
            egui::Frame::new().fill(super::theme::bar(ctx)).corner_radius(6.0).inner_margin(6.0).show(ui, |ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 120, 100),
                    tr.f("refused", &[("why", tr.s(blocked_id(&r.why)).into())]),
                )
            })
        },
    );
}

/// Each layer's name under its panel.
fn layer_names(
    ctx: &egui::Context,
    board: &crate::polyform::pack::Board,
    view: &crate::game::board::view::View,
    tr: &Words,
) {
    let Some(stride) = crate::polyform::place::layer_stride(board) else { return };
    let layers = board.cells.iter().map(|c| c[2]).max().unwrap_or(0) + 1;
    // Where layers stand close (a phone), the middle ones are named by their number alone.
    let close = stride as f32 / view.scale < 90.0;
    for z in 0..layers {
        let name = match z {
            0 => tr.s("layer-bottom"),
            z if z == layers - 1 => tr.s("layer-top"),
            z if close => (z + 1).to_string(),
            z => tr.f("layer-n", &[("layer", (z + 1).into())]),
        };
        // A window's pixels to the interface's points (its zoom is the interface size).
        let at = view.to_screen(Vec2::new((z * stride) as f32 + (stride - 1) as f32 / 2.0, -0.15)) / ctx.zoom_factor();
        egui::Area::new(egui::Id::new(("layer", z)))
            .fixed_pos(egui::pos2(at.x, at.y))
            .pivot(egui::Align2::CENTER_TOP)
            .interactable(false)
            .show(ctx, |ui| {
                ui.add(egui::Label::new(egui::RichText::new(name).weak()).wrap_mode(egui::TextWrapMode::Extend))
            });
    }
}

/// The message saying why a polycube move was refused.
pub(super) fn blocked_id(why: &crate::polyform::space::Blocked) -> &'static str {
    use crate::polyform::space::Blocked;
    match why {
        Blocked::Outside => "blocked-outside",
        Blocked::Overlap(_) => "blocked-overlap",
        Blocked::NoRoom => "blocked-no-room",
    }
}
