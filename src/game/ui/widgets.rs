//! Small pieces several screens use.

use super::prelude::*;

/// A window in the middle of the screen, without a title bar.
pub fn centered_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
}

/// Words that warn (an error, "not solvable").
pub(super) const WARN: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);

/// Words that say all is well.
pub(super) const GOOD: egui::Color32 = egui::Color32::from_rgb(130, 220, 140);

/// A colour of the game's palette in egui's terms.
pub(super) fn rgb(c: [f32; 3]) -> egui::Color32 {
    egui::Color32::from_rgb((c[0] * 255.0) as u8, (c[1] * 255.0) as u8, (c[2] * 255.0) as u8)
}
