//! What a screen reader says ([`crate::game::meta::speech::Said`]), handed to the platform: a
//! polite live node of egui's AccessKit tree (its words drawn in no colour, at the screen's
//! foot), and in the browser the page's `aria-live` region. In the browser, which has no
//! AccessKit adapter, the page also keeps a hidden mirror of the screen's buttons ([`mirror`]):
//! a screen reader finds them by name, and pressing one presses the game's.

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
        crate::platform::page::say(&words);
    }
    let foot = ctx.content_rect().left_bottom() + egui::vec2(0.0, -2.0);
    egui::Area::new(LIVE.into()).fixed_pos(foot).interactable(false).order(egui::Order::Background).show(ctx, |ui| {
        let text = egui::RichText::new(&words).size(1.0).color(egui::Color32::TRANSPARENT);
        let label = ui.add(egui::Label::new(text).extend());
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

/// In the browser: the widgets that take a click, from egui's AccessKit tree (built each pass
/// for it), handed to the page's mirror (`platform::page::mirror`) whenever they change.
pub(super) fn mirror(
    mut contexts: EguiContexts,
    outputs: Query<&bevy_egui::EguiOutput>,
    mut last: Local<String>,
) -> Result {
    if crate::platform::page::address().is_none() {
        return Ok(());
    }
    contexts.ctx_mut()?.enable_accesskit();
    let Some(output) = outputs.iter().next() else { return Ok(()) };
    let (widgets, _) = crate::game::probe::accessible(output);
    let list: Vec<serde_json::Value> = widgets
        .into_iter()
        .filter(|w| w["enabled"] == true && w["rect"].is_array() && w["role"] != "ScrollBar" && w["role"] != "Label")
        .map(|w| serde_json::json!({ "name": w["words"], "rect": w["rect"] }))
        .collect();
    let json = serde_json::Value::from(list).to_string();
    if json != *last {
        crate::platform::page::mirror(&json);
        *last = json;
    }
    Ok(())
}
