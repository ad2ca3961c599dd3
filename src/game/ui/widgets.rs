//! Small pieces several screens use: windows, colours, a time and a level's name in words.

use super::prelude::*;

/// Where the cards under the top bar start: below the bar as it was last drawn
/// (`Cards::top_bar`; on a phone it can wrap to more rows than the layout reserves), or below
/// the room reserved for it.
pub(super) fn below_top_bar(ctx: &egui::Context, cards: &crate::game::shared::Cards) -> f32 {
    cards.top_bar.max(layout(ctx).hud_insets().0)
}

/// A window in the middle of the screen, without a title bar.
pub fn centered_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
}

/// Words that warn (an error, "not solvable"), readable on the look's panels.
pub(super) fn warn(ctx: &egui::Context) -> egui::Color32 {
    if ctx.global_style().visuals.dark_mode {
        egui::Color32::from_rgb(240, 120, 100)
    } else {
        egui::Color32::from_rgb(176, 48, 28)
    }
}

/// Words that say all is well, readable on the look's panels.
pub(super) fn good(ctx: &egui::Context) -> egui::Color32 {
    if ctx.global_style().visuals.dark_mode {
        egui::Color32::from_rgb(130, 220, 140)
    } else {
        egui::Color32::from_rgb(28, 120, 56)
    }
}

/// A colour of the game's palette in egui's terms.
pub(super) fn rgb(c: [f32; 3]) -> egui::Color32 {
    egui::Color32::from_rgb((c[0] * 255.0) as u8, (c[1] * 255.0) as u8, (c[2] * 255.0) as u8)
}

pub(super) fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// A level's name in the player's language: as its pack names it in that language (English
/// when it gives none), a daily puzzle's (made by the game, named in English by the core) from
/// the catalogue.
pub(super) fn level_name(level: &crate::level::Level, tr: &Words) -> String {
    let own = || level.name_in(tr.tag()).to_string();
    let Some((family, date)) = crate::content::daily::parse_level_id(&level.id) else { return own() };
    let Some(title) = crate::family::registry::daily_title(family) else { return own() };
    let day = ["day-1", "day-2", "day-3", "day-4", "day-5", "day-6", "day-7"][date.weekday() as usize % 7];
    tr.f("daily-level", &[("family", tr.s(title).into()), ("day", tr.s(day).into()), ("date", tr.date(&date).into())])
}

/// A pack's name in the player's language: the game's own packs (daily puzzles, the player's
/// levels, shared levels) from the catalogue, the others as their files name them.
pub(super) fn pack_name(pack: &crate::level::Pack, tr: &Words) -> String {
    match pack.id.as_str() {
        crate::game::meta::daily::PACK => tr.s("pack-daily"),
        crate::content::editor::PACK => tr.s("pack-mine"),
        crate::game::meta::codes::PACK => tr.s("pack-shared"),
        _ => pack.name_in(tr.tag()).to_string(),
    }
}

/// A compact button: small where a mouse presses it, finger-sized (44 px each way) for a
/// finger.
pub(super) fn compact_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    if layout(ui.ctx()).touch {
        tap_button(ui, text)
    } else {
        ui.small_button(text)
    }
}

/// A button at least 44 px each way for a finger (a narrow icon or word grows to a finger's
/// size), as usual elsewhere.
pub(super) fn tap_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let min = if layout(ui.ctx()).touch { super::theme::TOUCH } else { 0.0 };
    ui.add(egui::Button::new(text).min_size(egui::vec2(min, min)))
}

/// A pack's "3/21 solved", its words beside a thin bar (not over it), the bar filled only as
/// far as levels are solved.
pub(super) fn solved_bar(ui: &mut egui::Ui, done: usize, total: usize, tr: &Words) {
    ui.label(tr.f("levels-solved", &[("done", done.into()), ("total", total.into())]));
    let (track, _) = ui.allocate_exact_size(egui::vec2(120.0, 8.0), egui::Sense::hover());
    let radius = track.height() / 2.0;
    ui.painter().rect_filled(track, radius, ui.visuals().extreme_bg_color);
    if let Some(part) = bar_fill(track, done as f32 / total.max(1) as f32) {
        ui.painter().rect_filled(part, radius, super::theme::ACCENT);
    }
}

/// The filled part of a bar's `track` at `frac` (0 to 1): none at all at 0 (egui's own bar
/// draws a dot there).
fn bar_fill(track: egui::Rect, frac: f32) -> Option<egui::Rect> {
    let frac = frac.clamp(0.0, 1.0);
    (frac > 0.0).then(|| egui::Rect::from_min_size(track.min, egui::vec2(track.width() * frac, track.height())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P1b item 10: a pack with nothing solved showed a gold dot on an empty bar.
    #[test]
    fn an_empty_bar_has_no_fill() {
        let track = egui::Rect::from_min_size(egui::pos2(10.0, 5.0), egui::vec2(120.0, 8.0));
        assert_eq!(bar_fill(track, 0.0), None);
        assert_eq!(bar_fill(track, 1.0), Some(track));
        assert_eq!(bar_fill(track, 0.25).map(|r| r.width()), Some(30.0));
    }
}
