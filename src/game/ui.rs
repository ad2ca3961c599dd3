//! Menus, HUD, thermometer and the solved screen, with bevy_egui.

use super::input::PointerBlocked;
use super::language::Words;
use super::levels::{ActiveLevel, Library, PlayLevel};
use super::placement::History;
use super::save::SaveState;
use super::shared::Action;
use super::shared::SolvedInfo;
use super::verification::Progress;
use super::view::{hud_insets, NARROW};
use super::AppState;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{egui, EguiContexts, EguiPlugin, EguiPrimaryContextPass};

pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default())
            .init_resource::<Thumbnails>()
            .init_resource::<ListFocus>()
            .add_systems(OnEnter(AppState::LevelSelect), focus_played_pack)
            .add_systems(PreUpdate, block_pointer)
            .add_systems(Update, escape)
            .add_systems(
                EguiPrimaryContextPass,
                (
                    style,
                    main_menu.run_if(in_state(AppState::MainMenu)),
                    level_select.run_if(in_state(AppState::LevelSelect)),
                    settings.run_if(in_state(AppState::Settings)),
                    super::editor_ui::home.run_if(in_state(AppState::Editor)),
                    super::editor_ui::editing.run_if(in_state(AppState::Editing)),
                    hud.run_if(in_state(AppState::Playing).or_else(in_state(AppState::Solved))),
                    layer_labels.run_if(in_state(AppState::Playing)),
                    tutorial.run_if(in_state(AppState::Playing)),
                    solved.run_if(in_state(AppState::Solved)),
                )
                    .chain(),
            );
    }
}

fn block_pointer(wants: Option<Res<EguiWantsInput>>, mut blocked: ResMut<PointerBlocked>) {
    let b = wants.is_some_and(|w| w.wants_any_pointer_input());
    if blocked.0 != b {
        blocked.0 = b;
    }
}

fn escape(keys: Res<ButtonInput<KeyCode>>, state: Res<State<AppState>>, mut next: ResMut<NextState<AppState>>) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    match state.get() {
        AppState::Playing | AppState::Solved => next.set(AppState::LevelSelect),
        AppState::LevelSelect | AppState::Settings | AppState::Editor => next.set(AppState::MainMenu),
        AppState::Editing => next.set(AppState::Editor),
        _ => {}
    }
}

fn style(mut contexts: EguiContexts, save: Res<SaveState>, mut applied: Local<f32>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let s = save.data.settings.ui_scale;
    if *applied != s {
        ctx.set_zoom_factor(s);
        let mut style = (*ctx.global_style()).clone();
        style.spacing.button_padding = egui::vec2(10.0, 6.0);
        for (_, font) in style.text_styles.iter_mut() {
            font.size *= 1.15;
        }
        ctx.set_global_style(style);
        *applied = s;
    }
    Ok(())
}

fn notices(ui: &mut egui::Ui, save: &mut SaveState, library: &Library, tr: &Words) {
    let warn = egui::Color32::from_rgb(255, 196, 64);
    if let Some(n) = save.notice.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(warn, format!("⚠ {}", tr.text(&n)));
            if ui.small_button(tr.s("ok")).clicked() {
                save.notice = None;
            }
        });
    }
    for e in &library.errors {
        ui.colored_label(warn, format!("⚠ {}", tr.f("pack-not-loaded", &[("why", e.to_string().into())])));
    }
}

pub(super) fn centered_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
}

#[allow(clippy::too_many_arguments)]
fn main_menu(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    library: Res<Library>,
    today: Res<super::daily::Today>,
    mut daily: MessageWriter<super::daily::OpenDaily>,
    mut exit: MessageWriter<AppExit>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    centered_window("menu").show(ctx, |ui| {
        ui.set_max_width(360.0);
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Tessera").size(40.0).strong());
            ui.label(tr.s("menu-tagline"));
            ui.add_space(16.0);
            let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(20.0)).min_size(egui::vec2(220.0, 40.0));
            if ui.add(big(&tr.s("menu-play"))).clicked() {
                next.set(AppState::LevelSelect);
            }
            ui.add_space(8.0);
            ui.label(egui::RichText::new(tr.f("menu-daily", &[("date", today.0.to_string().into())])).strong());
            ui.horizontal_wrapped(|ui| {
                for family in crate::daily::FAMILIES {
                    let done = save.data.is_done(&super::daily::key(family, today.0));
                    let text = format!("{}{}", if done { "✔ " } else { "" }, tr.s(daily_family(family)));
                    if ui.add(egui::Button::new(text).min_size(egui::vec2(100.0, 32.0))).clicked() {
                        daily.write(super::daily::OpenDaily { family });
                    }
                }
            });
            let streak = save.data.daily_streak(today.0);
            if streak > 0 {
                ui.label(tr.f("menu-streak", &[("days", streak.into())]));
            }
            ui.add_space(8.0);
            if ui.add(big(&tr.s("menu-create"))).on_hover_text(tr.s("menu-create-tip")).clicked() {
                next.set(AppState::Editor);
            }
            if ui.add(big(&tr.s("menu-settings"))).clicked() {
                next.set(AppState::Settings);
            }
            if ui.add(big(&tr.s("menu-quit"))).clicked() {
                exit.write(AppExit::Success);
            }
            ui.add_space(8.0);
        });
        notices(ui, &mut save, &library, &tr);
    });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn level_select(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    library: Res<Library>,
    mut play: MessageWriter<PlayLevel>,
    mut open_code: MessageWriter<super::codes::OpenCode>,
    status: Res<super::codes::CodeStatus>,
    mut thumbs: ResMut<Thumbnails>,
    mut focus: ResMut<ListFocus>,
    tr: Res<Words>,
    mut code: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    centered_window("levels").fixed_size([(size.x - 40.0).min(1000.0), (size.y - 60.0).max(200.0)]).show(ctx, |ui| {
        ui.horizontal(|ui| {
            if ui.button(tr.s("back-menu")).clicked() {
                next.set(AppState::MainMenu);
            }
            ui.heading(tr.s("levels-title"));
        });
        notices(ui, &mut save, &library, &tr);
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut *code)
                    .hint_text(tr.s("levels-code-hint"))
                    .desired_width((ui.available_width() - 150.0).clamp(120.0, 260.0)),
            );
            if ui.add_enabled(!code.trim().is_empty(), egui::Button::new(tr.s("levels-open-code"))).clicked() {
                open_code.write(super::codes::OpenCode(code.trim().to_string()));
            }
        });
        if let Some(e) = &status.error {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), tr.text(e));
        }
        let narrow = ui.ctx().content_rect().width() < NARROW;
        let mut budget = Budget { until: std::time::Instant::now() + THUMBS_TIME, left_out: false };
        let locked = tr.s("levels-locked");
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            for (pi, pack) in library.packs.iter().enumerate() {
                let keys = library.keys(pi);
                let done = keys.iter().filter(|k| save.data.is_done(k)).count();
                ui.add_space(10.0);
                if focus.0 == Some(pi) {
                    ui.scroll_to_cursor(Some(egui::Align::TOP));
                    focus.0 = None;
                }
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(pack_name(pack, &tr)).strong().size(19.0));
                    ui.add(
                        egui::ProgressBar::new(done as f32 / keys.len().max(1) as f32)
                            .desired_width(120.0)
                            .text(tr.f("levels-solved", &[("done", done.into()), ("total", keys.len().into())])),
                    );
                });
                if !pack.author.is_empty() {
                    ui.small(tr.f("levels-by", &[("author", pack.author.as_str().into())]));
                }
                ui.horizontal_wrapped(|ui| {
                    for (li, level) in pack.levels.iter().enumerate() {
                        let solved = save.data.is_done(&keys[li]);
                        let card = Card {
                            name: level_name(level, &tr),
                            difficulty: level.difficulty,
                            best: save.data.completed.get(&keys[li]).map(|r| r.best_ms),
                            open: save.data.unlocked(&keys, li),
                            small: narrow,
                            locked: &locked,
                        };
                        // Pictures are drawn for the cards in view only.
                        let thumb = |ctx: &egui::Context| thumbs.get(ctx, &keys[li], level, solved, &mut budget);
                        if card.show(ui, thumb).clicked() {
                            play.write(PlayLevel { pack: pi, level: li });
                        }
                    }
                });
            }
        });
        if budget.left_out {
            // Pictures still to draw: come back next frame.
            ui.ctx().request_repaint();
        }
    });
    Ok(())
}

/// A level's name: as its pack names it, but a daily puzzle's (made by the game, named in
/// English by the core) in the player's language.
fn level_name(level: &crate::level::Level, tr: &Words) -> String {
    let Some((family, date)) = crate::daily::parse_level_id(&level.id) else { return level.name.clone() };
    let day = ["day-1", "day-2", "day-3", "day-4", "day-5", "day-6", "day-7"][date.weekday() as usize % 7];
    tr.f(
        "daily-level",
        &[("family", tr.s(daily_family(family)).into()), ("day", tr.s(day).into()), ("date", date.to_string().into())],
    )
}

/// The message naming a daily puzzle's family.
fn daily_family(family: &str) -> &'static str {
    match family {
        "tangram" => "daily-tangram",
        "polyomino" => "daily-pentominoes",
        _ => "daily-edges",
    }
}

/// A pack's name: the game's own packs (daily puzzles, the player's levels, shared levels) in
/// the player's language, the others as their files name them.
fn pack_name(pack: &crate::level::Pack, tr: &Words) -> String {
    match pack.id.as_str() {
        super::daily::PACK => tr.s("pack-daily"),
        crate::editor::PACK => tr.s("pack-mine"),
        super::codes::PACK => tr.s("pack-shared"),
        _ => pack.name.clone(),
    }
}

/// The pack the level list scrolls to when it opens: the one of the level just played.
#[derive(Resource, Default)]
pub struct ListFocus(pub Option<usize>);

fn focus_played_pack(active: Option<Res<ActiveLevel>>, mut focus: ResMut<ListFocus>) {
    if let Some(a) = active {
        focus.0 = Some(a.pack);
    }
}

/// Time a frame may spend drawing new thumbnails (about 1 ms each at 192 px, up to 4.3 ms for
/// the largest polycube box): the list opens at once and fills in over a few frames.
const THUMBS_TIME: std::time::Duration = std::time::Duration::from_millis(6);

/// This frame's thumbnail drawing: until when, and whether a picture had to wait.
struct Budget {
    until: std::time::Instant,
    left_out: bool,
}
/// Thumbnail pictures' size in pixels (shown at most this large, in points, on a 2x screen).
const THUMB_PIXELS: u32 = 192;

/// Level thumbnails, drawn once (by [`crate::thumbnail`]) and kept as textures; a level is drawn
/// again only when it becomes solved.
#[derive(Resource, Default)]
pub struct Thumbnails(std::collections::HashMap<String, (bool, egui::TextureHandle)>);

impl Thumbnails {
    /// The level's picture, drawn now if the frame's `budget` allows (`None` until then).
    fn get(
        &mut self,
        ctx: &egui::Context,
        key: &str,
        level: &crate::level::Level,
        solved: bool,
        budget: &mut Budget,
    ) -> Option<egui::TextureHandle> {
        match self.0.get(key) {
            Some((s, t)) if *s == solved => Some(t.clone()),
            _ if std::time::Instant::now() >= budget.until => {
                budget.left_out = true;
                None
            }
            _ => {
                let pic = crate::thumbnail::thumbnail(level, solved, THUMB_PIXELS);
                let n = pic.size as usize;
                let image = egui::ColorImage::from_rgba_unmultiplied([n, n], &pic.rgba);
                let t = ctx.load_texture(format!("thumb:{key}"), image, egui::TextureOptions::LINEAR);
                self.0.insert(key.to_string(), (solved, t.clone()));
                Some(t)
            }
        }
    }
}

/// One level in the list: its picture, name, difficulty and best time; greyed while locked.
struct Card<'a> {
    name: String,
    difficulty: u8,
    best: Option<u64>,
    open: bool,
    small: bool,
    /// What a locked card says.
    locked: &'a str,
}

impl Card<'_> {
    /// Lays the card out; `thumb` gives its picture when the card is in view.
    fn show(
        self,
        ui: &mut egui::Ui,
        thumb: impl FnOnce(&egui::Context) -> Option<egui::TextureHandle>,
    ) -> egui::Response {
        let (w, pic) = if self.small { (104.0, 64.0) } else { (150.0, 100.0) };
        let size = egui::vec2(w, pic + 62.0);
        let sense = if self.open { egui::Sense::click() } else { egui::Sense::hover() };
        let (rect, resp) = ui.allocate_exact_size(size, sense);
        if !ui.is_rect_visible(rect) {
            return resp;
        }
        let look = ui.style().interact(&resp);
        let p = ui.painter();
        let fill = if self.open { look.weak_bg_fill } else { egui::Color32::from_gray(34) };
        p.rect(rect, 8.0, fill, look.bg_stroke, egui::StrokeKind::Inside);
        let img = egui::Rect::from_center_size(
            egui::pos2(rect.center().x, rect.top() + 4.0 + pic / 2.0),
            egui::vec2(pic, pic),
        );
        if let Some(t) = thumb(ui.ctx()) {
            let tint = if self.open { egui::Color32::WHITE } else { egui::Color32::from_white_alpha(70) };
            egui::Image::new((t.id(), img.size())).tint(tint).paint_at(ui, img);
        }
        let colour = if self.open { look.text_color() } else { egui::Color32::from_gray(110) };
        // Centred lines; the name may take two.
        let line = |text: String, size: f32, y: f32, colour: egui::Color32, rows: usize| {
            let mut job = egui::text::LayoutJob::simple(text, egui::FontId::proportional(size), colour, w - 10.0);
            job.halign = egui::Align::Center;
            job.wrap.max_rows = rows;
            let g = p.layout_job(job);
            p.galley(egui::pos2(rect.center().x, y), g, colour);
        };
        line(self.name, if self.small { 13.0 } else { 15.0 }, img.bottom() + 3.0, colour, 2);
        let stars = "★".repeat(self.difficulty as usize);
        let under = match (self.open, self.best) {
            (false, _) => self.locked.to_string(),
            (true, Some(ms)) => format!("✔ {}  {stars}", clock(ms)),
            (true, None) => stars,
        };
        let gold = egui::Color32::from_rgb(240, 200, 80);
        line(under, 12.0, rect.bottom() - 19.0, if self.open { gold } else { colour }, 1);
        resp
    }
}

fn settings(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut save: ResMut<SaveState>,
    tr: Res<Words>,
    mut tutorial: MessageWriter<super::tutorial::StartTutorial>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = save.data.settings;
    centered_window("settings").show(ctx, |ui| {
        ui.heading(tr.s("settings-title"));
        ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0).text(tr.s("settings-size")));
        ui.checkbox(&mut s.sound, tr.s("settings-sound"));
        ui.checkbox(&mut s.reduce_motion, tr.s("settings-motion")).on_hover_text(tr.s("settings-motion-tip"));
        ui.horizontal(|ui| {
            ui.label(tr.s("settings-language"));
            let now = s.language.unwrap_or_default();
            egui::ComboBox::from_id_salt("language").selected_text(now.name()).show_ui(ui, |ui| {
                for lang in crate::i18n::Lang::ALL {
                    if ui.selectable_label(now == lang, lang.name()).clicked() {
                        s.language = Some(lang);
                    }
                }
            });
        });
        if ui.button(tr.s("settings-tutorial")).clicked() {
            tutorial.write(super::tutorial::StartTutorial);
        }
        if ui.button(tr.s("back")).clicked() {
            next.set(AppState::MainMenu);
        }
    });
    if s != save.data.settings {
        save.data.settings = s;
        save.store();
    }
    Ok(())
}

fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    progress: Res<Progress>,
    hist: Res<History>,
    time: Res<Time>,
    state: Res<State<AppState>>,
    info: Option<Res<SolvedInfo>>,
    hints: Res<super::hints::HintState>,
    thinking: Res<super::thinking::Thinking>,
    mut lab: ResMut<super::lab::SolverLab>,
    mut lab_runs: MessageWriter<super::lab::LabRun>,
    mut actions: MessageWriter<Action>,
    mut next: ResMut<NextState<AppState>>,
    mut edit: MessageWriter<super::editor::EditRequest>,
    tr: Res<Words>,
    mut copied_at: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(active) = active else { return Ok(()) };
    let playing = *state.get() == AppState::Playing;
    let ms = match (&info, playing) {
        (Some(i), false) => i.ms,
        _ => ((time.elapsed_secs() - active.started).max(0.0) * 1000.0) as u64,
    };
    let rect = ctx.content_rect();
    let narrow = rect.width() < NARROW;
    let bar = egui::Frame::new().fill(egui::Color32::from_black_alpha(170)).inner_margin(8.0);
    egui::Area::new("hud-top".into()).anchor(egui::Align2::LEFT_TOP, [0.0, 0.0]).show(ctx, |ui| {
        bar.show(ui, |ui| {
            ui.set_width(rect.width() - 16.0);
            // Wraps on a phone: a long level name must not push the clock and buttons off.
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr.s("back-levels")).on_hover_text(tr.s("back-levels-tip")).clicked() {
                    next.set(AppState::LevelSelect);
                }
                ui.label(egui::RichText::new(level_name(&active.level, &tr)).strong());
                ui.label(format!("{}  ·  {}", clock(ms), tr.f("hud-moves", &[("moves", active.moves.into())])));
                let own = active.key.starts_with(&format!("{}/", crate::editor::PACK));
                if own && ui.small_button(tr.s("hud-edit")).on_hover_text(tr.s("hud-edit-tip")).clicked() {
                    edit.write(super::editor::EditRequest::Level(active.key.clone()));
                }
                let share = ui.small_button(tr.s("copy-code")).on_hover_text(tr.s("copy-code-tip"));
                if share.clicked() {
                    ui.ctx().copy_text(crate::share::encode(&active.level.entry));
                    *copied_at = Some(time.elapsed_secs());
                }
                if copied_at.is_some_and(|t| time.elapsed_secs() - t < 2.0) {
                    ui.weak(tr.s("copied"));
                }
                if active.level.solid().is_some() && !narrow {
                    ui.weak(tr.s("hud-3d-help"));
                }
                if let Some(m) = thinking.message.as_ref().or(hints.message.as_ref()).filter(|_| playing) {
                    ui.colored_label(egui::Color32::from_rgb(255, 220, 120), tr.text(m));
                }
            });
            if narrow {
                horizontal_thermometer(ui, progress.value as f32, progress.overlap);
            }
        });
    });
    egui::Area::new("hud-bottom".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -6.0]).show(ctx, |ui| {
        if !playing {
            return;
        }
        bar.corner_radius(8.0).show(ui, |ui| {
            if narrow {
                ui.spacing_mut().button_padding = egui::vec2(6.0, 5.0);
                ui.spacing_mut().item_spacing.x = 5.0;
            }
            ui.add_enabled_ui(playing, |ui| {
                let buttons = |ui: &mut egui::Ui| {
                    if ui
                        .add_enabled(!hist.undo.is_empty(), egui::Button::new(tr.s("undo")))
                        .on_hover_text("Ctrl+Z")
                        .clicked()
                    {
                        actions.write(Action::Undo);
                    }
                    if ui
                        .add_enabled(!hist.redo.is_empty(), egui::Button::new(tr.s("redo")))
                        .on_hover_text("Ctrl+Y")
                        .clicked()
                    {
                        actions.write(Action::Redo);
                    }
                    let caps = active.level.caps();
                    if caps.turn && ui.button("⟲").on_hover_text(tr.s("turn-left-tip")).clicked() {
                        actions.write(Action::Rotate(1));
                    }
                    if caps.turn && ui.button("⟳").on_hover_text(tr.s("turn-right-tip")).clicked() {
                        actions.write(Action::Rotate(-1));
                    }
                    // A polycube tips over instead of mirroring.
                    let (flip, flip_says) = if caps.tip { ("tip", "tip-tip") } else { ("flip", "flip-tip") };
                    if (caps.mirror || caps.tip) && ui.button(tr.s(flip)).on_hover_text(tr.s(flip_says)).clicked() {
                        actions.write(Action::Flip);
                    }
                    if ui.button(tr.s("restart")).on_hover_text("Ctrl+R").clicked() {
                        actions.write(Action::Restart);
                    }
                    if ui.button(tr.s("hint")).on_hover_text(tr.s("hint-tip")).clicked() {
                        actions.write(Action::Hint);
                    }
                    if caps.lab && ui.button(tr.s("lab")).on_hover_text(tr.s("lab-tip")).clicked() {
                        lab.open = !lab.open;
                    }
                    let watch = tr.s(if thinking.running { "watch-stop" } else { "watch" });
                    if caps.watch && ui.button(watch).on_hover_text(tr.s("watch-tip")).clicked() {
                        actions.write(Action::Watch);
                    }
                };
                // A phone's bar wraps rather than running off the screen.
                if narrow {
                    ui.set_max_width(rect.width() - 28.0);
                    ui.horizontal_wrapped(buttons);
                } else {
                    ui.horizontal(buttons);
                }
            });
        });
    });
    if lab.open && playing {
        let mut open = true;
        egui::Window::new(tr.s("lab-title")).open(&mut open).resizable(false).show(ctx, |ui| {
            ui.label(tr.s("lab-about"));
            ui.horizontal(|ui| {
                ui.add_enabled_ui(!lab.running, |ui| {
                    for (k, method) in active.level.family.lab().iter().enumerate() {
                        if ui.button(tr.s(method)).clicked() {
                            lab_runs.write(super::lab::LabRun(k));
                        }
                    }
                });
                if lab.running {
                    ui.label(tr.s("lab-running"));
                }
            });
            for r in lab.results.iter().rev().take(6) {
                ui.label(tr.f(
                    if r.solved { "lab-solved" } else { "lab-unsolved" },
                    &[
                        ("method", tr.s(r.method).into()),
                        ("work", tr.text(&r.work).into()),
                        ("ms", format!("{:.1}", r.ms).into()),
                    ],
                ));
            }
        });
        lab.open = open;
    }
    if !narrow {
        thermometer(ctx, progress.value as f32, progress.overlap.then(|| tr.s("overlap")));
    }
    Ok(())
}

/// The tutorial's card under the top bar: the step to do, said for the input in use, and a
/// way out.
fn tutorial(
    mut contexts: EguiContexts,
    tut: Res<super::tutorial::Tutorial>,
    input: Res<super::tutorial::InputKind>,
    mut skip: MessageWriter<super::tutorial::SkipTutorial>,
    tr: Res<Words>,
) -> Result {
    use super::tutorial::Tutorial;
    if !tut.active {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let top = hud_insets(ctx.content_rect().width()).0 + 6.0;
    let gold = egui::Color32::from_rgb(240, 200, 80);
    egui::Area::new("tutorial".into()).anchor(egui::Align2::CENTER_TOP, [0.0, top]).show(ctx, |ui| {
        let card = egui::Frame::new().fill(egui::Color32::from_rgb(34, 44, 66)).inner_margin(10.0).corner_radius(8.0);
        card.stroke(egui::Stroke::new(1.5, gold)).show(ui, |ui| {
            ui.set_max_width(420.0);
            ui.horizontal(|ui| {
                let (done, total) = (tut.done(), tut.steps.len());
                let head = match tut.current() {
                    Some(_) => tr.f("tut-step", &[("n", (done + 1).into()), ("total", total.into())]),
                    None => tr.s("tut-done-title"),
                };
                ui.label(egui::RichText::new(head).strong().color(gold));
                let close = if tut.current().is_some() { "tut-skip" } else { "tut-close" };
                if ui.small_button(tr.s(close)).clicked() {
                    skip.write(super::tutorial::SkipTutorial);
                }
            });
            let says = match tut.current() {
                Some(step) => tr.s(&Tutorial::instruction(step, *input)),
                None => tr.s("tut-done"),
            };
            ui.add(egui::Label::new(egui::RichText::new(says).size(17.0)).wrap_mode(egui::TextWrapMode::Wrap));
        });
    });
    Ok(())
}

/// Polycube levels: the 3D view's controls, the piece's moves in space, a refused move's
/// reason, and the layers' names under their panels.
fn layer_labels(
    mut contexts: EguiContexts,
    active: Option<Res<ActiveLevel>>,
    view: Res<super::view::View>,
    mut orbit: ResMut<super::orbit::Orbit>,
    refused: Res<super::grip::Refused>,
    mut actions: MessageWriter<Action>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(poly) = active.as_ref().and_then(|a| a.level.solid()) else { return Ok(()) };
    // The 3D view's controls, in rows above the bottom bar (clear of the view, which is drawn
    // over the UI): the slice that hides the upper layers, zoom, and the selected piece's moves
    // in space (turning and tipping are in the bar). A drag around the solid, or the right
    // stick, turns the view.
    let narrow = ctx.content_rect().width() < NARROW;
    let lift = hud_insets(ctx.content_rect().width()).1 + 2.0;
    egui::Area::new("solid-controls".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -lift]).show(ctx, |ui| {
        let view_row = |ui: &mut egui::Ui, orbit: &mut super::orbit::Orbit| {
            ui.weak(tr.s("layers"));
            if ui.small_button("-").on_hover_text(tr.s("layers-less-tip")).clicked() {
                orbit.step_slice(-1);
            }
            ui.weak(format!("{}/{}", orbit.slice.unwrap_or(orbit.layers), orbit.layers));
            if ui.small_button("+").on_hover_text(tr.s("layers-more-tip")).clicked() {
                orbit.step_slice(1);
            }
            ui.weak(tr.s("zoom"));
            if ui.small_button("-").on_hover_text(tr.s("zoom-out-tip")).clicked() {
                orbit.zoom_by(-1.0);
            }
            if ui.small_button("+").on_hover_text(tr.s("zoom-in-tip")).clicked() {
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
                if ui.small_button(tr.s(label)).on_hover_text(tr.s(says)).clicked() {
                    actions.write(action);
                }
            }
        };
        if narrow {
            ui.vertical_centered(|ui| {
                ui.horizontal(|ui| view_row(ui, &mut orbit));
                ui.horizontal(|ui| piece_row(ui, &mut actions));
            });
        } else {
            ui.horizontal(|ui| {
                view_row(ui, &mut orbit);
                ui.separator();
                piece_row(ui, &mut actions);
            });
        }
    });
    // A refused move's reason, just above those rows.
    if let Some(r) = &refused.0 {
        let above = lift + super::view::solid_bar(ctx.content_rect().width()) + 4.0;
        egui::Area::new("refused".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -above]).interactable(false).show(
            ctx,
            |ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 120, 100),
                    tr.f("refused", &[("why", tr.s(blocked_id(&r.why)).into())]),
                )
            },
        );
    }
    let Some(stride) = crate::polyform::place::layer_stride(&poly.board) else { return Ok(()) };
    let layers = poly.board.cells.iter().map(|c| c[2]).max().unwrap_or(0) + 1;
    for z in 0..layers {
        let name = match z {
            0 => tr.s("layer-bottom"),
            z if z == layers - 1 => tr.s("layer-top"),
            z => tr.f("layer-n", &[("layer", (z + 1).into())]),
        };
        let at = view.to_screen(Vec2::new((z * stride) as f32 + (stride - 1) as f32 / 2.0, -0.15));
        egui::Area::new(egui::Id::new(("layer", z)))
            .fixed_pos(egui::pos2(at.x, at.y))
            .pivot(egui::Align2::CENTER_TOP)
            .interactable(false)
            .show(ctx, |ui| ui.weak(name));
    }
    Ok(())
}

/// The thermometer lying across the top bar (phone layout).
fn horizontal_thermometer(ui: &mut egui::Ui, value: f32, overlap: bool) {
    let w = ui.available_width();
    let (r, _) = ui.allocate_exact_size(egui::vec2(w, 22.0), egui::Sense::hover());
    let p = ui.painter();
    let h = 14.0;
    let bulb = egui::pos2(r.left() + h, r.center().y);
    let tube = egui::Rect::from_min_max(
        egui::pos2(bulb.x, r.center().y - h / 2.0),
        egui::pos2(r.right() - 44.0, r.center().y + h / 2.0),
    );
    let fill = if value >= 1.0 { egui::Color32::from_rgb(240, 200, 80) } else { egui::Color32::from_rgb(230, 80, 60) };
    p.rect_filled(tube, h / 2.0, egui::Color32::from_gray(40));
    let right = tube.left() + (tube.width()) * value.clamp(0.0, 1.0);
    p.rect_filled(
        egui::Rect::from_min_max(egui::pos2(tube.left(), tube.top() + 3.0), egui::pos2(right, tube.bottom() - 3.0)),
        4.0,
        fill,
    );
    p.circle_filled(bulb, h * 0.8, fill);
    p.rect_stroke(tube, h / 2.0, egui::Stroke::new(1.5, egui::Color32::from_gray(200)), egui::StrokeKind::Outside);
    let label = if overlap { format!("{:.0}% !", value * 100.0) } else { format!("{:.0}%", value * 100.0) };
    p.text(
        egui::pos2(r.right(), r.center().y),
        egui::Align2::RIGHT_CENTER,
        label,
        egui::FontId::proportional(14.0),
        egui::Color32::WHITE,
    );
}

/// A vertical thermometer at the right edge: the completeness level.
fn thermometer(ctx: &egui::Context, value: f32, overlap: Option<String>) {
    let rect = ctx.content_rect();
    let w = 22.0;
    let h = (rect.height() * 0.45).clamp(120.0, 320.0);
    let x = rect.right() - w - 14.0;
    let y = rect.top() + hud_insets(rect.width()).0 + 24.0;
    egui::Area::new("thermometer".into()).fixed_pos([x - 10.0, y]).interactable(false).show(ctx, |ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(w + 20.0, h + w + 24.0), egui::Sense::hover());
        let p = ui.painter();
        let tube = egui::Rect::from_min_size(egui::pos2(r.left() + 10.0, r.top()), egui::vec2(w, h));
        let bulb = egui::pos2(tube.center().x, tube.bottom() + w * 0.55);
        let red = egui::Color32::from_rgb(230, 80, 60);
        let gold = egui::Color32::from_rgb(240, 200, 80);
        let fill = if value >= 1.0 { gold } else { red };
        p.rect_filled(tube, w / 2.0, egui::Color32::from_gray(40));
        let top = tube.bottom() - (h - w / 2.0) * value.clamp(0.0, 1.0);
        p.rect_filled(
            egui::Rect::from_min_max(egui::pos2(tube.left() + 4.0, top), egui::pos2(tube.right() - 4.0, tube.bottom())),
            6.0,
            fill,
        );
        p.circle_filled(bulb, w * 0.75, fill);
        p.rect_stroke(tube, w / 2.0, egui::Stroke::new(2.0, egui::Color32::from_gray(200)), egui::StrokeKind::Outside);
        p.text(
            egui::pos2(tube.center().x, bulb.y + w * 0.95),
            egui::Align2::CENTER_TOP,
            format!("{:.0}%", value * 100.0),
            egui::FontId::proportional(14.0),
            egui::Color32::WHITE,
        );
        if let Some(overlap) = overlap {
            p.text(
                egui::pos2(tube.center().x, tube.top() - 4.0),
                egui::Align2::CENTER_BOTTOM,
                overlap,
                egui::FontId::proportional(12.0),
                red,
            );
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn solved(
    mut contexts: EguiContexts,
    info: Option<Res<SolvedInfo>>,
    active: Option<Res<ActiveLevel>>,
    library: Res<Library>,
    mut play: MessageWriter<PlayLevel>,
    mut next: ResMut<NextState<AppState>>,
    celebration: Res<super::celebration::Celebration>,
    time: Res<Time>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(info), Some(active)) = (info, active) else { return Ok(()) };
    if !celebration.over(time.elapsed_secs()) {
        return Ok(());
    }
    egui::Window::new("solved")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(
                    egui::RichText::new(tr.s("solved-title")).size(30.0).color(egui::Color32::from_rgb(240, 200, 80)),
                );
                ui.label(tr.f(
                    "solved-line",
                    &[
                        ("name", level_name(&active.level, &tr).into()),
                        ("time", clock(info.ms).into()),
                        ("moves", info.moves.into()),
                    ],
                ));
                if info.new_best {
                    ui.label(tr.s("solved-best"));
                }
                ui.horizontal(|ui| {
                    let has_next = active.index + 1 < library.packs[active.pack].levels.len();
                    if has_next && ui.button(egui::RichText::new(tr.s("solved-next")).size(18.0)).clicked() {
                        play.write(PlayLevel { pack: active.pack, level: active.index + 1 });
                    }
                    if ui.button(tr.s("solved-replay")).clicked() {
                        play.write(PlayLevel { pack: active.pack, level: active.index });
                    }
                    if ui.button(tr.s("solved-levels")).clicked() {
                        next.set(AppState::LevelSelect);
                    }
                });
            });
        });
    Ok(())
}

/// The message saying why a polycube move was refused.
fn blocked_id(why: &crate::polyform::space::Blocked) -> &'static str {
    use crate::polyform::space::Blocked;
    match why {
        Blocked::Outside => "blocked-outside",
        Blocked::Overlap(_) => "blocked-overlap",
        Blocked::NoRoom => "blocked-no-room",
    }
}
