//! Tessera's own look for every screen, in place of egui's defaults: a night-blue and a warm
//! paper palette (the board's `draw::paint::Look` picks which), the game's gold as the accent,
//! rounded panels and buttons, roomier spacing, a type scale, and touch targets of at least
//! 44 px on a phone's layout.

use super::prelude::*;
use crate::game::board::view::Layout;
use crate::game::draw::paint::Look;

/// The interface's colours in one look.
pub struct Palette {
    pub panel: egui::Color32,
    pub field: egui::Color32,
    pub button: egui::Color32,
    pub hover: egui::Color32,
    pub press: egui::Color32,
    pub edge: egui::Color32,
    /// A button's rim: 3:1 against the panel (WCAG's contrast for a control's boundary), so
    /// a button stands out on the paper look's pale panels.
    pub rim: egui::Color32,
    pub text: egui::Color32,
    pub weak: egui::Color32,
}

/// The game's gold: titles, the primary button, the selection.
pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(240, 200, 80);

/// Smallest side of anything a finger presses on a touch screen's layout.
pub const TOUCH: f32 = crate::game::board::view::TOUCH;

/// The interface's fonts: Ubuntu Light for words, and egui's icon font for the buttons' signs
/// and a few marks (★ ✔ ⚠), in both families (a level code shown "monospace" is read, never
/// typed over). egui's two other default fonts, a monospace and Noto's emoji, are left out of
/// the build: 0.7 MB of the browser's module for three arrows, now drawn from the icon font.
/// Every character the game writes must be in one of the two (a test reads them all).
pub fn fonts() -> egui::FontDefinitions {
    use egui::{FontData, FontFamily};
    let mut fonts = egui::FontDefinitions::empty();
    for (name, bytes) in [("ubuntu", epaint_default_fonts::UBUNTU_LIGHT), ("icons", epaint_default_fonts::EMOJI_ICON)] {
        fonts.font_data.insert(name.into(), std::sync::Arc::new(FontData::from_static(bytes)));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.into());
        }
    }
    fonts
}

pub fn palette(dark: bool) -> Palette {
    let c = egui::Color32::from_rgb;
    if dark {
        Palette {
            panel: c(30, 35, 48),
            field: c(20, 23, 32),
            button: c(52, 61, 82),
            hover: c(68, 80, 106),
            press: c(86, 100, 132),
            edge: c(70, 80, 104),
            rim: c(108, 120, 148),
            text: c(232, 236, 244),
            weak: c(160, 168, 186),
        }
    } else {
        Palette {
            panel: c(250, 248, 242),
            field: c(255, 255, 255),
            button: c(226, 221, 208),
            hover: c(212, 205, 188),
            press: c(196, 188, 168),
            edge: c(200, 192, 174),
            rim: c(136, 126, 104),
            text: c(34, 36, 44),
            weak: c(98, 102, 114),
        }
    }
}

/// The style for a look, on a narrow screen or not (a phone's gaps are tighter), for a finger
/// or not (a finger's targets are at least [`TOUCH`] high).
pub fn style_for(dark: bool, narrow: bool, touch: bool, base: &egui::Style) -> egui::Style {
    let p = palette(dark);
    let mut style = base.clone();
    let mut v = if dark { egui::Visuals::dark() } else { egui::Visuals::light() };
    v.panel_fill = p.panel;
    v.window_fill = p.panel;
    v.extreme_bg_color = p.field;
    v.faint_bg_color = p.button;
    v.window_stroke = egui::Stroke::new(1.0, p.edge);
    v.window_corner_radius = egui::CornerRadius::same(14);
    v.menu_corner_radius = egui::CornerRadius::same(10);
    v.weak_text_color = Some(p.weak);
    v.selection.bg_fill = ACCENT.linear_multiply(0.45);
    v.selection.stroke = egui::Stroke::new(1.0, p.text);
    v.hyperlink_color = ACCENT;
    for (w, fill) in [
        (&mut v.widgets.noninteractive, p.panel),
        (&mut v.widgets.inactive, p.button),
        (&mut v.widgets.hovered, p.hover),
        (&mut v.widgets.active, p.press),
        (&mut v.widgets.open, p.hover),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = egui::CornerRadius::same(9);
        w.fg_stroke.color = p.text;
    }
    v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, p.edge);
    v.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, p.rim);
    v.widgets.hovered.bg_stroke = egui::Stroke::new(1.0, ACCENT.linear_multiply(0.7));
    style.visuals = v;
    let s = &mut style.spacing;
    // A phone's width is precious: tighter gaps and margins, larger targets.
    s.item_spacing = if narrow { egui::vec2(6.0, 6.0) } else { egui::vec2(10.0, 8.0) };
    s.button_padding = egui::vec2(if narrow { 10.0 } else { 14.0 }, 8.0);
    s.window_margin = egui::Margin::same(if narrow { 10 } else { 16 });
    s.interact_size.y = if touch { TOUCH } else { 30.0 };
    // A finger's check boxes and radio buttons, and the gap between targets.
    if touch {
        s.icon_width = 22.0;
        s.icon_width_inner = 12.0;
        s.item_spacing.y = s.item_spacing.y.max(8.0);
    }
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    style.text_styles = [
        (TextStyle::Heading, FontId::new(26.0, Proportional)),
        (TextStyle::Body, FontId::new(16.5, Proportional)),
        (TextStyle::Button, FontId::new(16.5, Proportional)),
        (TextStyle::Small, FontId::new(13.0, Proportional)),
        (TextStyle::Monospace, FontId::new(15.0, egui::FontFamily::Monospace)),
    ]
    .into();
    style
}

/// The fill of the bars and cards over the board: the panel's colour, a little see-through.
pub fn bar(ctx: &egui::Context) -> egui::Color32 {
    let p = ctx.global_style().visuals.panel_fill;
    egui::Color32::from_rgba_unmultiplied(p.r(), p.g(), p.b(), 236)
}

/// The accent as text: the gold on a dark panel, a deep amber on a light one (gold on paper
/// cannot be read).
pub fn accent_text(ctx: &egui::Context) -> egui::Color32 {
    if ctx.global_style().visuals.dark_mode {
        ACCENT
    } else {
        egui::Color32::from_rgb(150, 96, 0)
    }
}

/// How long a press may be held and still be a click, in seconds (egui's own is 0.8). egui
/// times a press by the frames that read it, not by the finger: a tap that wakes a still page
/// is read as pressed by the frame it wakes and as lifted by the next, and in the browser's
/// software GL that first frame can take longer than 0.8 s (a still menu at 1024 x 768 and
/// 768 x 1024 in CI ignored a tap, now and then). No widget of the game has a use for a long
/// press (the board's long press, which turns a piece, is the game's own).
const MAX_CLICK_SECONDS: f64 = 3.0;

/// Applies the look, the interface size and the layout (the screen's size and the pointer)
/// whenever one changes; the layout is kept where every screen reads it ([`layout`]).
pub(super) fn apply(
    mut contexts: EguiContexts,
    save: Res<SaveState>,
    look: Res<Look>,
    pointer: Res<crate::game::board::view::Pointer>,
    mut applied: Local<Option<(f32, bool, Layout)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    let layout = Layout::of(bevy::math::Vec2::new(size.x, size.y), pointer.coarse);
    let now = (save.data.settings.ui_scale, look.dark, layout);
    if applied.is_none() {
        ctx.set_fonts(fonts());
        ctx.options_mut(|o| o.input_options.max_click_duration = MAX_CLICK_SECONDS);
    }
    if *applied != Some(now) {
        ctx.set_zoom_factor(now.0);
        let style = style_for(now.1, layout.narrow, layout.touch, &ctx.global_style());
        ctx.set_global_style(style);
        super::screen::keep(ctx, layout);
        *applied = Some(now);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luminance(c: egui::Color32) -> f32 {
        let l = |v: u8| {
            let v = v as f32 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * l(c.r()) + 0.7152 * l(c.g()) + 0.0722 * l(c.b())
    }

    fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// Both looks: body text reads on panels and buttons (WCAG's 4.5:1), weak text on panels
    /// (3:1), and a phone's layout asks 44 px of anything pressed.
    #[test]
    fn both_looks_read_and_a_phone_gets_finger_sized_targets() {
        for dark in [true, false] {
            let p = palette(dark);
            for (what, bg) in [("panel", p.panel), ("button", p.button), ("hover", p.hover)] {
                assert!(contrast(p.text, bg) >= 4.5, "dark {dark}: text on {what}: {}", contrast(p.text, bg));
            }
            assert!(contrast(p.weak, p.panel) >= 3.0, "dark {dark}: weak text");
            // P1b item 10: light buttons barely stood out from the panel.
            assert!(contrast(p.rim, p.panel) >= 3.0, "dark {dark}: a button's rim: {}", contrast(p.rim, p.panel));
            assert!(contrast(p.rim, p.button) >= 2.0, "dark {dark}: the rim on the button");
            let style = style_for(dark, false, true, &egui::Style::default());
            assert!(style.spacing.interact_size.y >= TOUCH);
            assert_eq!(style.visuals.dark_mode, dark);
        }
    }

    /// The characters the game writes beyond ASCII: its words in every language and the signs
    /// in its code (comments left out).
    fn characters() -> std::collections::BTreeSet<char> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut text = String::new();
        for lang in ["en", "pt-BR"] {
            let ftl = std::fs::read_to_string(root.join(format!("assets/i18n/{lang}.ftl"))).unwrap();
            text.extend(ftl.lines().filter(|l| !l.trim_start().starts_with('#')).map(|l| format!("{l}\n")));
        }
        let mut dirs = vec![root.join("src/game")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let code = std::fs::read_to_string(&path).unwrap();
                    text.extend(code.lines().map(|l| l.split("//").next().unwrap_or("").to_string()));
                }
            }
        }
        text.chars().filter(|c| !c.is_ascii()).collect()
    }

    #[test]
    fn every_character_the_game_writes_has_a_glyph() {
        // Read from the fonts' own character maps (egui's `has_glyph` answers no for every
        // character of the font that also holds its replacement mark).
        let fonts = fonts();
        let faces: Vec<_> =
            fonts.font_data.values().map(|d| ttf_parser::Face::parse(&d.font, d.index).expect("a font")).collect();
        let chars = characters();
        // The signs on the buttons are among them (the test reads what it should).
        assert!(chars.contains(&'⮪') && chars.contains(&'ç'), "{chars:?}");
        let missing: String = chars.iter().filter(|&&c| faces.iter().all(|f| f.glyph_index(c).is_none())).collect();
        assert!(missing.is_empty(), "no glyph for {missing:?}");
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            assert_eq!(fonts.families[&family].len(), faces.len(), "{family:?} falls back on every font");
        }
    }
}
