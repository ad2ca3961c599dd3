//! What a screen reader says ([`crate::game::meta::speech::Said`]), handed to the platform: a
//! polite live node of egui's AccessKit tree (its words drawn in no colour, at the screen's
//! foot), and in the browser the page's `aria-live` region.

use super::prelude::*;

/// The live node's id, where tests find it in the tree.
pub const LIVE: &str = "tessera-said";

pub(super) fn said(
    mut contexts: EguiContexts,
    said: Res<crate::game::meta::speech::Said>,
    tr: Res<Words>,
    mut last: Local<u64>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(text) = &said.text else { return Ok(()) };
    let words = tr.text(text);
    if *last != said.serial {
        *last = said.serial;
        crate::game::web::say(&words);
    }
    let foot = ctx.content_rect().left_bottom() + egui::vec2(0.0, -2.0);
    egui::Area::new(LIVE.into()).fixed_pos(foot).interactable(false).order(egui::Order::Background).show(ctx, |ui| {
        let label = ui.add(egui::Label::new(egui::RichText::new(&words).size(1.0).color(egui::Color32::TRANSPARENT)));
        ui.ctx().accesskit_node_builder(label.id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
            node.set_label(words.clone());
        });
    });
    Ok(())
}

/// Names a widget for screen readers in the player's words (an icon's glyph is no name).
pub fn named(response: egui::Response, name: &str) -> egui::Response {
    response.ctx.accesskit_node_builder(response.id, |node| node.set_label(name.to_string()));
    response
}
