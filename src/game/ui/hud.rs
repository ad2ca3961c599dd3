//! The playing screen's bars: the level, time and moves, the tools (the solver lab's card is `lab.rs`).

use super::prelude::*;
use super::thermometer::{horizontal_thermometer, reading, thermometer};
use super::widgets::{clock, level_name};

/// The share code last copied: when (the HUD says "Copied" for a moment) and, for the level
/// it was copied on, the text itself, shown until hidden.
#[derive(Default)]
pub struct Copied {
    at: Option<f32>,
    shown: Option<(String, String)>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn hud(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    progress: Res<Progress>,
    hist: Res<History>,
    (time, save, mut keys): (Res<Time>, Res<SaveState>, ResMut<crate::game::shared::KeyFocus>),
    state: Res<State<AppState>>,
    info: Option<Res<SolvedInfo>>,
    hints: Res<crate::game::solver::hints::HintState>,
    thinking: Res<crate::game::solver::thinking::Thinking>,
    mut lab: ResMut<crate::game::solver::lab::SolverLab>,
    mut actions: MessageWriter<Action>,
    mut next: ResMut<NextState<AppState>>,
    mut edit: MessageWriter<crate::game::meta::editor::EditRequest>,
    tr: Res<Words>,
    mut cards: ResMut<crate::game::shared::Cards>,
    (mut copied, mut was_in_toolbar): (Local<Copied>, Local<bool>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(active) = active else { return Ok(()) };
    let playing = *state.get() == AppState::Playing;
    // The time: a solve's, or the clock's while playing (unless the player hid it).
    let ms = match (&info, playing) {
        (Some(i), false) => Some(i.ms),
        _ => save.data.settings.show_clock.then(|| ((time.elapsed_secs() - active.started).max(0.0) * 1000.0) as u64),
    };
    let rect = ctx.content_rect();
    let narrow = layout(ctx).narrow;
    // Packing boards with cells that may stay empty say so (once a frame; most levels have none).
    let optional = active.level.offers().optional.is_some();
    let bar = egui::Frame::new().fill(super::theme::bar(ctx)).inner_margin(8.0);
    let top_bar = egui::Area::new("hud-top".into()).anchor(egui::Align2::LEFT_TOP, [0.0, 0.0]).show(ctx, |ui| {
        bar.show(ui, |ui| {
            ui.set_width(rect.width() - 16.0);
            let message = thinking.message.as_ref().or(hints.message.as_ref()).filter(|_| playing);
            let says = Says { ms, optional, copied: copied.at.is_some_and(|t| time.elapsed_secs() - t < 2.0), message };
            let copy = title_row(ui, &active, &says, (&mut next, &mut edit, &mut keys), &tr);
            // The code shown belongs to its level.
            if copied.shown.as_ref().is_some_and(|(key, _)| *key != active.key) {
                copied.shown = None;
            }
            shown_code(
                ui,
                &mut copied,
                copy.then(|| (active.key.as_str(), &*active.level.entry)),
                time.elapsed_secs(),
                &tr,
            );
            notes(ui, &says, narrow, keys.toolbar && playing, &tr);
            if narrow {
                gauge(GaugeAt::Bar(ui), &active, &progress, &tr);
            }
        });
    });
    // The keyboard just moved into the toolbar: its first button takes the focus.
    let focus_first = keys.toolbar && !std::mem::replace(&mut *was_in_toolbar, keys.toolbar);
    let tools = Tools { hist: &hist, thinking: &thinking, focus_first };
    let bottom_bar = playing.then(|| tool_bar(ctx, bar, &active.level, &tools, &mut lab, &mut actions, &tr));
    // The bars as drawn (a phone's wrap to more rows): the view keeps the board clear of them.
    // (Held sideways, the tools stand at the side, in the right inset.)
    let below =
        |b: egui::InnerResponse<()>| if layout(ctx).sideways { 0.0 } else { rect.bottom() - b.response.rect.top() };
    let drawn = (top_bar.response.rect.bottom(), bottom_bar.map_or(0.0, below));
    if (cards.top_bar, cards.bottom_bar) != drawn {
        (cards.top_bar, cards.bottom_bar) = drawn;
    }
    if !narrow {
        gauge(GaugeAt::Edge(ctx), &active, &progress, &tr);
    }
    Ok(())
}

/// The top bar's rows under the title: on a phone the note on optional cells and the hint's
/// words (a row each, never broken after a word); the keyboard in the toolbar (F6) says how it
/// gets back.
fn notes(ui: &mut egui::Ui, says: &Says, narrow: bool, in_toolbar: bool, tr: &Words) {
    if narrow && says.optional {
        ui.weak(tr.s("hud-optional"));
    }
    if let Some(m) = says.message.filter(|_| narrow) {
        ui.colored_label(super::theme::accent_text(ui.ctx()), tr.text(m));
    }
    if in_toolbar {
        ui.colored_label(super::theme::accent_text(ui.ctx()), tr.s("keys-in-toolbar"));
    }
}

/// Where the thermometer stands: in the top bar (a phone), or at the right edge.
enum GaugeAt<'a> {
    Bar(&'a mut egui::Ui),
    Edge(&'a egui::Context),
}

/// The thermometer with its reading, help card and tip.
fn gauge(at: GaugeAt, active: &ActiveLevel, progress: &Progress, tr: &Words) {
    let (help, tip) = (tr.s(active.level.progress_help()), tr.s("thermometer-tip"));
    let value = progress.value as f32;
    let label = reading(value, progress.score, matches!(at, GaugeAt::Edge(_)));
    match at {
        GaugeAt::Bar(ui) => horizontal_thermometer(ui, value, progress.overlap, label, &help, &tip),
        GaugeAt::Edge(ctx) => thermometer(ctx, value, label, progress.overlap.then(|| tr.s("overlap")), &help, &tip),
    }
}

/// What the title row says besides the level: the time, whether the board has cells that may
/// stay empty, whether the code was just copied, and the hint's or the solver's words.
struct Says<'a> {
    ms: Option<u64>,
    optional: bool,
    copied: bool,
    message: Option<&'a crate::support::i18n::Text>,
}

/// The title row: back, the level's name, time and moves, edit (the player's own levels), the
/// share code's button and the notes that fit; true when the code is to be copied. Wraps on a
/// phone, where the way back and the code are icons.
fn title_row(
    ui: &mut egui::Ui,
    active: &ActiveLevel,
    says: &Says,
    (next, edit, keys): (
        &mut NextState<AppState>,
        &mut MessageWriter<crate::game::meta::editor::EditRequest>,
        &mut crate::game::shared::KeyFocus,
    ),
    tr: &Words,
) -> bool {
    let narrow = layout(ui.ctx()).narrow;
    // The share code's button; copies the level's code when pressed (true).
    let copy_code = |ui: &mut egui::Ui, narrow: bool| {
        let share = if narrow {
            ui.add(
                egui::Button::new(egui::RichText::new("📋").size(17.0)).min_size(egui::vec2(super::theme::TOUCH, 0.0)),
            )
        } else {
            super::widgets::compact_button(ui, tr.s("copy-code"))
        };
        super::said::named(mark(share.on_hover_text(tr.s("copy-code-tip")), "copy-code"), &tr.s("copy-code")).clicked()
    };
    let mut copy = false;
    // Wraps on a phone: a long level name must not push the clock and buttons off.
    ui.horizontal_wrapped(|ui| {
        // On a phone the way back and the share code are icons, so one row holds them.
        let back = if narrow {
            egui::Button::new(egui::RichText::new("⬅").size(19.0)).min_size(egui::vec2(super::theme::TOUCH, 0.0))
        } else {
            egui::Button::new(tr.s("back-levels"))
        };
        let back = super::said::named(mark(ui.add(back), "back-levels"), &tr.s("back-levels"));
        if back.on_hover_text(tr.s("back-levels-tip")).clicked() {
            next.set(AppState::LevelSelect);
        }
        // On a phone the copy icon comes first, so the name and clock wrap, not it.
        if narrow && copy_code(ui, true) {
            copy = true;
        }
        name_rows(ui, &level_name(&active.level, tr), narrow);
        // Kept whole: on a phone it moves to the next row rather than breaking as "0 / moves".
        let moves = tr.f("hud-moves", &[("moves", active.moves.into())]);
        let count = match says.ms {
            Some(ms) => format!("{}  ·  {moves}", clock(ms)),
            None => moves,
        };
        ui.add(egui::Label::new(count).wrap_mode(egui::TextWrapMode::Extend));
        let own = active.key.starts_with(&format!("{}/", crate::content::editor::PACK));
        if own && super::widgets::compact_button(ui, tr.s("hud-edit")).on_hover_text(tr.s("hud-edit-tip")).clicked() {
            edit.write(crate::game::meta::editor::EditRequest::Level(active.key.clone()));
        }
        if !narrow && copy_code(ui, false) {
            copy = true;
        }
        // The keys' card, where there is a keyboard to press them.
        if !layout(ui.ctx()).touch {
            let b = super::widgets::compact_button(ui, "⌨").on_hover_text(tr.s("keys-button-tip"));
            if super::said::named(mark(b, "keys"), &tr.s("keys-title")).clicked() {
                keys.help = !keys.help;
            }
        }
        if says.copied {
            ui.weak(tr.s("copied"));
        }
        // (Held sideways the height is the 3D view's: its family's introduction teaches it.)
        if active.level.solid().is_some() && !narrow && !layout(ui.ctx()).sideways {
            ui.weak(tr.s("hud-3d-help"));
        }
        if !narrow && says.optional {
            ui.weak(tr.s("hud-optional"));
        }
        if let Some(m) = says.message.filter(|_| !narrow) {
            ui.colored_label(super::theme::accent_text(ui.ctx()), tr.text(m));
        }
    });
    copy
}

/// The level's name; on a phone a name too long for the row has rows of its own (wrapped
/// beside the buttons, its last row ran into the clock).
fn name_rows(ui: &mut egui::Ui, name: &str, narrow: bool) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let wide = ui.fonts_mut(|f| f.layout_no_wrap(name.to_string(), font, egui::Color32::WHITE).size().x);
    let long = narrow && wide > ui.available_width();
    if long {
        ui.end_row();
    }
    ui.add(egui::Label::new(egui::RichText::new(name).strong()).wrap());
    if long {
        ui.end_row();
    }
}

/// The code copied, shown too (to be read out or copied by hand where the clipboard does not
/// reach) until closed or the level changes; `copy` is the level to copy now (its key and
/// entry).
fn shown_code(
    ui: &mut egui::Ui,
    copied: &mut Copied,
    copy: Option<(&str, &crate::level::Entry)>,
    now: f32,
    tr: &Words,
) {
    if let Some((key, entry)) = copy {
        let text = crate::content::share::text_to_copy(crate::content::share::encode(entry));
        ui.ctx().copy_text(text.clone());
        copied.at = Some(now);
        copied.shown = Some((key.to_string(), text));
    }
    if let Some((_, text)) = copied.shown.as_ref() {
        let mut close = false;
        ui.horizontal(|ui| {
            let hide = super::widgets::compact_button(ui, "🗙").on_hover_text(tr.s("code-close"));
            close = mark(hide, "close-code").clicked();
            ui.weak(tr.s("code-shown"));
            let code = egui::Label::new(egui::RichText::new(text).monospace().small()).selectable(true).wrap();
            mark(ui.add(code), "shown-code");
        });
        if close {
            copied.shown = None;
        }
    }
}

/// The bottom bar of tools (undo, redo, turns, flip or tip, restart, hint, lab, watch): icons
/// alone in finger-sized buttons on a phone, icon and word where there is room; on a phone
/// held sideways, icons in two columns at the right edge, below the top bar.
/// What the toolbar shows besides the level: the history (undo, redo), whether the solver is
/// being watched, and whether its first button takes the keyboard's focus now.
struct Tools<'a> {
    hist: &'a History,
    thinking: &'a crate::game::solver::thinking::Thinking,
    focus_first: bool,
}

fn tool_bar(
    ctx: &egui::Context,
    bar: egui::Frame,
    level: &crate::level::Level,
    Tools { hist, thinking, focus_first }: &Tools,
    lab: &mut crate::game::solver::lab::SolverLab,
    actions: &mut MessageWriter<Action>,
    tr: &Words,
) -> egui::InnerResponse<()> {
    let rect = ctx.content_rect();
    let lay = layout(ctx);
    // Icons alone: on a phone, upright or sideways.
    let (narrow, side) = (lay.narrow || lay.sideways, lay.sideways);
    let area = if side {
        let top = lay.hud_insets().0 + 4.0;
        egui::Area::new("hud-bottom".into()).anchor(egui::Align2::RIGHT_TOP, [-6.0, top])
    } else {
        egui::Area::new("hud-bottom".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -6.0])
    };
    area.show(ctx, |ui| {
        bar.corner_radius(8.0).inner_margin(if narrow { 4.0 } else { 8.0 }).show(ui, |ui| {
            if narrow {
                ui.spacing_mut().button_padding = egui::vec2(4.0, 4.0);
                ui.spacing_mut().item_spacing.x = 2.0;
            }
            let mut buttons = |ui: &mut egui::Ui, columns: Option<usize>| {
                let caps = level.caps();
                // A polycube tips over instead of mirroring.
                let (flip, flip_says) = if caps.tip { ("tip", "tip-tip") } else { ("flip", "flip-tip") };
                let watch = if thinking.running { "watch-stop" } else { "watch" };
                let tools = [
                    (true, !hist.undo.is_empty(), "⮪", "undo", "Ctrl+Z".into(), Some(Action::Do(Command::Undo))),
                    (true, !hist.redo.is_empty(), "⮫", "redo", "Ctrl+Y".into(), Some(Action::Do(Command::Redo))),
                    (caps.turn, true, "⟲", "", tr.s("turn-left-tip"), Some(Action::Do(Command::Rotate(1)))),
                    (caps.turn, true, "⟳", "", tr.s("turn-right-tip"), Some(Action::Do(Command::Rotate(-1)))),
                    (caps.mirror || caps.tip, true, "⬌", flip, tr.s(flip_says), Some(Action::Do(Command::Flip))),
                    (true, true, "🔁", "restart", "Ctrl+R".into(), Some(Action::Do(Command::Restart))),
                    (true, true, "💡", "hint", tr.s("hint-tip"), Some(Action::Hint)),
                    // The lab is a card of the HUD, not an action on the board: `None` opens it.
                    (caps.lab, true, "🔬", "lab", tr.s("lab-tip"), None),
                    (caps.watch, true, "👁", watch, tr.s("watch-tip"), Some(Action::Watch)),
                ];
                let mut shown_so_far = 0;
                let mut focus_first = *focus_first;
                for (shown, enabled, icon, word, tip, action) in tools {
                    if !shown {
                        continue;
                    }
                    if columns.is_some_and(|c| shown_so_far > 0 && shown_so_far % c == 0) {
                        ui.end_row();
                    }
                    shown_so_far += 1;
                    // Icons alone on a phone, in one row of finger-sized buttons; icon
                    // and word where there is room.
                    let button = if narrow || word.is_empty() {
                        egui::Button::new(egui::RichText::new(icon).size(19.0))
                            .min_size(egui::vec2(if lay.touch { super::theme::TOUCH } else { 34.0 }, 0.0))
                    } else {
                        egui::Button::new(format!("{icon}  {}", tr.s(word)))
                    };
                    let tip = if narrow && !word.is_empty() { format!("{} ({tip})", tr.s(word)) } else { tip };
                    let id = format!("tool-{}", if word.is_empty() { icon } else { word });
                    let name = if word.is_empty() { tip.clone() } else { tr.s(word) };
                    let button = super::said::named(mark(ui.add_enabled(enabled, button), id), &name);
                    if focus_first && enabled {
                        button.request_focus();
                        focus_first = false;
                    }
                    if button.on_hover_text(tip).clicked() {
                        match action {
                            Some(a) => {
                                actions.write(a);
                            }
                            None => lab.open = !lab.open,
                        }
                    }
                }
            };
            // A phone's bar wraps rather than running off the screen; held sideways, the
            // tools stand in two columns.
            if side {
                egui::Grid::new("tools").spacing(egui::vec2(4.0, 4.0)).show(ui, |ui| buttons(ui, Some(2)));
            } else if narrow {
                ui.set_max_width(rect.width() - 12.0);
                ui.horizontal_wrapped(|ui| buttons(ui, None));
            } else {
                ui.horizontal(|ui| buttons(ui, None));
            }
        });
    })
}

/// Zoomed in: a button brings the whole board back into view.
pub(super) fn fit_button(
    mut contexts: EguiContexts,
    zoom: Res<crate::game::board::view::Zoom>,
    cards: Res<crate::game::shared::Cards>,
    mut actions: MessageWriter<Action>,
    tr: Res<Words>,
) -> Result {
    if zoom.factor <= 1.01 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let right = layout(ctx).hud_insets().2 + 8.0;
    egui::Area::new("hud-fit".into()).anchor(egui::Align2::RIGHT_TOP, [-right, cards.top_bar + 8.0]).show(ctx, |ui| {
        let b = egui::Button::new(tr.s("fit-board")).min_size(egui::vec2(super::theme::TOUCH, super::theme::TOUCH));
        if mark(ui.add(b), "fit-board").on_hover_text(tr.s("fit-board-tip")).clicked() {
            actions.write(Action::FitBoard);
        }
    });
    Ok(())
}
