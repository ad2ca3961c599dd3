//! The layout every screen is drawn for ([`crate::game::board::view::Layout`]: the screen's
//! size and the pointer), kept in egui's memory by the theme each time it changes.

use crate::game::board::view::Layout;
use bevy_egui::egui;

/// Where the layout is kept in egui's memory.
const LAYOUT: &str = "tessera-layout";

pub(super) fn keep(ctx: &egui::Context, layout: Layout) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(LAYOUT), layout));
}

/// The layout the screens are drawn for; before the theme's first pass, a fine pointer's for
/// the screen's width.
pub fn layout(ctx: &egui::Context) -> Layout {
    ctx.data(|d| d.get_temp::<Layout>(egui::Id::new(LAYOUT)))
        .unwrap_or_else(|| Layout::for_width(ctx.content_rect().width()))
}
