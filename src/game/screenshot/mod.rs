//! `tessera screenshot --level PACK/ID --size WxH --out FILE [--state start|progress|hint|check|blocked|turned|thinking|lab|solved|glide|celebrate|tutorial|menu|packs|levels|settings|stats|create|editor] (editor: --level new/SET for a new draft)`:
//! renders the game at a given size and state and saves one frame as PNG, then exits. It renders
//! off-screen into an image (no window, no display server needed: a GPU or Mesa's software
//! Vulkan is enough); `--window` renders in a real window instead (under `xvfb-run` on a machine
//! without a display), which checks the game's own window path. It uses a throw-away save
//! file, so the player's progress is never touched.
//!
//! `--shots FILE` takes several shots in one run, one per line of FILE (`STATE PACK/ID OUT`),
//! back at the menu between them, each with the progress it would have alone: the game starts
//! once for all of them, which is most of a shot's time. With `TESSERA_PROBE` set, each
//! shot's probe report is kept beside its image (OUT with the extension `.json`).

use crate::game::board::levels::{Library, PlayLevel};
use crate::game::board::pieces::{Piece, Placed};
use crate::game::draw::celebration::Celebration;
use crate::game::meta::save::SaveState;
use crate::game::shared::PiecePlaced;
use crate::game::shared::{AppState, Command};
use crate::game::solver::hints::HintState;
use bevy::app::ScheduleRunnerPlugin;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{save_to_disk, Screenshot, ScreenshotCaptured};
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

mod args;
pub use args::USAGE;
use args::{parse, Args};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    Menu,
    Packs,
    Levels,
    Settings,
    /// The statistics screen.
    Stats,
    Start,
    Progress,
    /// In progress, with a hint asked three times (the position checked, which piece, where).
    Hint,
    /// In progress with a piece laid where it blocks every completion, and the hint asked
    /// once: the ladder's first step marks it to lift.
    Check,
    /// In progress on a polycube level: a piece selected (lit in 3D) and a move refused (red).
    Blocked,
    /// At the start, every piece in the tray turned once (R): its neighbours make room.
    Turned,
    /// At the start, watching the solver search for a moment.
    Thinking,
    /// At the start of an edge-matching level, the solver lab after an LP run, Show pressed:
    /// its first iterate on the board, held there.
    Lab,
    Solved,
    /// A piece gliding from the tray to its place (time slowed down twentyfold).
    Glide,
    /// The solve's celebration, before the solved panel opens.
    Celebrate,
    /// The first launch's tutorial, at its first step, on the level.
    Tutorial,
    /// The editor's home screen.
    Create,
    /// The level opened in the editor as a draft, with the solver's verdict.
    Editor,
}

#[derive(Resource)]
struct Plan {
    level: String,
    shot: Shot,
    out: std::path::PathBuf,
    frames: u32,
    asked: bool,
    arranged: bool,
    requested: bool,
    /// Frames in a row drawn with every pipeline compiled.
    quiet: u32,
    /// The lab's result is shown.
    shown: bool,
    /// The frame the shot's state was reached, and held since (it is taken a few frames later).
    ready_at: Option<u32>,
    /// The frame the picture was captured (its file is written a few frames later, or never
    /// when the disk refuses it).
    captured_at: Option<u32>,
    /// The shots still to take after this one (`--shots`), and the progress they start from.
    queue: std::collections::VecDeque<(Shot, String, std::path::PathBuf)>,
    batch: bool,
    solved: usize,
    lang: crate::support::i18n::Lang,
    theme: crate::support::save::Theme,
}

impl Plan {
    fn new(shot: Shot, level: String, out: std::path::PathBuf) -> Plan {
        Plan {
            level,
            shot,
            out,
            frames: 0,
            asked: false,
            arranged: false,
            requested: false,
            quiet: 0,
            shown: false,
            ready_at: None,
            captured_at: None,
            queue: Default::default(),
            batch: false,
            solved: 0,
            lang: crate::support::i18n::Lang::En,
            theme: crate::support::save::Theme::Dark,
        }
    }
}

#[derive(Resource, Default)]
struct Captured(bool);

/// The render world's count of pipelines still compiling, seen from the main world: a frame
/// drawn while one compiles can lack whatever it draws (the board, or everything).
#[derive(Resource, Clone, Default)]
struct Compiling(std::sync::Arc<std::sync::atomic::AtomicUsize>);

fn count_compiling(cache: Res<bevy::render::render_resource::PipelineCache>, compiling: Res<Compiling>) {
    compiling.0.store(cache.waiting_pipelines().count(), std::sync::atomic::Ordering::Relaxed);
}

/// The progress the shot is taken with: its language and theme, the tutorial's card and the
/// level's introduction seen unless they are the subject, the first `solved` levels of every
/// pack solved (those played for the score with their reference board's score).
fn save_data(
    library: &Library,
    level: &str,
    shot: Shot,
    solved: usize,
    lang: crate::support::i18n::Lang,
    theme: crate::support::save::Theme,
) -> crate::support::save::SaveData {
    let mut data = crate::support::save::SaveData::default();
    data.settings.language = Some(lang);
    data.settings.theme = theme;
    // The tutorial's card only where it is the subject.
    data.settings.tutorial_done = shot != Shot::Tutorial;
    if shot != Shot::Tutorial {
        let intro = library.find(level).and_then(|(p, l)| library.packs[p].levels[l].intro());
        data.intros.extend(intro.map(|i| i.id.to_string()));
    }
    // The statistics with a daily streak: a daily puzzle solved on each of the last three days.
    let today = crate::support::dates::Date::today().days();
    for day in (today - 2..=today).filter(|_| shot == Shot::Stats).map(crate::support::dates::Date::from_days) {
        data.record(&crate::game::meta::daily::key("edge", day), Some(60_000), 20);
    }
    for pi in 0..library.packs.len() {
        for (i, key) in library.keys(pi).iter().take(solved).enumerate() {
            data.record(key, Some(41_000 + 7_000 * i as u64), 9 + i as u32);
            // Every other one solved without a hint (the statistics' count).
            data.unhinted.extend((i % 2 == 0).then(|| key.clone()));
            // A board played for the score, with its reference board's score.
            let level = &library.packs[pi].levels[i];
            if let Some((got, _)) = level.judge(&level.solution).score {
                data.record_score(key, got);
            }
        }
    }
    data
}

/// Bevy's plugins for drawing the shot: in a real window of `size`, or off screen into an
/// image of that size.
fn add_renderer(app: &mut App, size: (u32, u32), window: bool) {
    // Pipelines compile before the frame that first needs them is drawn, not behind it.
    let render = bevy::render::RenderPlugin { synchronous_pipeline_compilation: true, ..default() };
    // The log in colour only on a terminal: redirected to a file it reads plain.
    let log = bevy::log::LogPlugin {
        fmt_layer: |_| {
            use std::io::IsTerminal;
            let layer = bevy::log::tracing_subscriber::fmt::Layer::default()
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal());
            Some(Box::new(layer))
        },
        ..default()
    };
    if window {
        app.add_plugins(DefaultPlugins.set(render).set(log).set(super::task_pools()).set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tessera".into(),
                resolution: bevy::window::WindowResolution::new(size.0, size.1).with_scale_factor_override(1.0),
                ..default()
            }),
            ..default()
        }));
    } else {
        app.add_plugins(
            DefaultPlugins
                .set(render)
                .set(log)
                .set(super::task_pools())
                .set(WindowPlugin { primary_window: None, exit_condition: ExitCondition::DontExit, ..default() })
                .disable::<WinitPlugin>(),
        )
        .add_plugins(ScheduleRunnerPlugin::run_loop(web_time::Duration::from_secs_f64(1.0 / 60.0)));
        let image = Image::new_target_texture(size.0, size.1, TextureFormat::Rgba8UnormSrgb, None);
        let image = app.world_mut().resource_mut::<Assets<Image>>().add(image);
        app.insert_resource(crate::game::shared::OffscreenTarget(image))
            .insert_resource(crate::game::board::view::OffscreenSize(Vec2::new(size.0 as f32, size.1 as f32)));
    }
}

/// The lab opened and the family's last method run (the LP on tile puzzles).
fn run_lab(w: &mut World) {
    w.resource_mut::<crate::game::solver::lab::SolverLab>().open = true;
    let methods = w
        .get_resource::<crate::game::board::levels::ActiveLevel>()
        .map_or(0, |a| a.level.offers().lab.map_or(0, |l| l.methods().len()));
    w.write_message(crate::game::solver::lab::LabRun(methods.saturating_sub(1)));
}

/// Once the run is back, Show: its first iterate laid over the board (an LP's fractional
/// assignment as faded tiles), held there by slowing time down.
fn show_lab(w: &mut World) {
    if w.resource::<crate::game::solver::lab::SolverLab>().results.is_empty() {
        return;
    }
    w.write_message(crate::game::solver::lab::LabShow(0));
    w.resource_mut::<Time<Virtual>>().set_relative_speed(0.05);
    let mut plan = w.resource_mut::<Plan>();
    plan.shown = true;
}

/// Shoots once the shot's state has been `ready` for its settling frames and every pipeline
/// has been ready for a few frames.
fn shoot_when_settled(
    plan: &mut Plan,
    ready: bool,
    target: Option<&crate::game::shared::OffscreenTarget>,
    commands: &mut Commands,
) {
    // Counted from when the state was last reached (a hint asked again is not ready meanwhile).
    if !ready {
        plan.ready_at = None;
    } else if plan.ready_at.is_none() {
        plan.ready_at = Some(plan.frames);
    }
    // Give egui and the renderer a few frames to settle once ready, and shoot only after a
    // few frames drawn with every pipeline ready.
    let settle = match plan.shot {
        Shot::Thinking | Shot::Editor => 60,
        Shot::Lab => 15,
        Shot::Glide => 14,
        Shot::Celebrate | Shot::Turned => 20,
        _ => 6,
    };
    let settled = plan.ready_at.is_some_and(|at| plan.frames > at + settle);
    if ready && !plan.requested && settled && plan.quiet >= 4 {
        plan.requested = true;
        commands
            .spawn(match target {
                Some(t) => Screenshot::image(t.0.clone()),
                None => Screenshot::primary_window(),
            })
            .observe(save_to_disk(plan.out.clone()))
            .observe(|_: On<ScreenshotCaptured>, mut c: ResMut<Captured>| c.0 = true);
    }
}

/// Parses the arguments and runs; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let Args { level, size, out, shot, window, solved, lang, theme, touch, layout, more } = match parse(args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (mut packs, _) = crate::level::all_packs();
    // Today's daily puzzles too (the game adds them once the library is loaded).
    if let Ok(daily) = crate::game::meta::daily::todays_pack(crate::support::dates::Date::today()) {
        packs.push(daily);
    }
    let library = Library { packs, errors: vec![] };
    // `--state editor --level new/SET` opens a new draft of a built-in set.
    let new_draft = |shot: Shot, level: &str| {
        shot == Shot::Editor
            && level.strip_prefix("new/").is_some_and(|s| crate::pieces::PieceSet::builtin(s).is_some())
    };
    let levels = std::iter::once((shot, &level)).chain(more.iter().map(|(s, l, _)| (*s, l)));
    for (shot, level) in levels {
        if library.find(level).is_none() && !new_draft(shot, level) {
            eprintln!("tessera screenshot: no level `{level}` (see `tessera levels`)");
            return 2;
        }
    }
    let save_path = std::env::temp_dir().join(format!("tessera-screenshot-{}.ron", std::process::id()));
    let mut data = save_data(&library, &level, shot, solved, lang, theme);
    // `--layout`: the edges rough (the setting's one sample a pixel), as a check needs no more.
    data.settings.smooth_edges = !layout;
    let mut app = App::new();
    app.insert_resource(library)
        .insert_resource(crate::game::board::view::Pointer { coarse: touch, pinned: touch })
        .insert_resource(SaveState { data, path: save_path.clone(), notice: None })
        .insert_resource(Plan {
            batch: !more.is_empty(),
            queue: more.into(),
            solved,
            lang,
            theme,
            ..Plan::new(shot, level, out.clone())
        })
        .init_resource::<Captured>()
        .add_systems(Update, (drive, act, shoot).chain());
    add_renderer(&mut app, size, window);
    app.add_plugins((
        super::LogicPlugins,
        crate::game::draw::DrawPlugin,
        crate::game::ui::UiPlugin,
        crate::game::probe::ProbePlugin,
    ));
    let compiling = Compiling::default();
    app.insert_resource(compiling.clone());
    app.sub_app_mut(bevy::render::RenderApp)
        .insert_resource(compiling)
        .add_systems(bevy::render::Render, count_compiling.in_set(bevy::render::RenderSystems::Cleanup));
    let _ = std::fs::remove_file(&out);
    let exit = app.run();
    let _ = std::fs::remove_file(&save_path);
    if exit.is_success() && out.exists() {
        0
    } else {
        eprintln!("tessera screenshot: no image was captured");
        1
    }
}

/// Once a shot is saved: its probe report kept beside it (`--shots`), then the next shot
/// started from the menu with its own progress, or the run ended.
fn next_shot(w: &mut World) {
    let mut plan = w.resource_mut::<Plan>();
    println!("{}", plan.out.display());
    if plan.batch {
        if let Some(probe) = std::env::var_os("TESSERA_PROBE") {
            let _ = std::fs::copy(probe, plan.out.with_extension("json"));
        }
    }
    let Some((shot, level, out)) = plan.queue.pop_front() else {
        w.write_message(AppExit::Success);
        return;
    };
    let _ = std::fs::remove_file(&out);
    let next = Plan {
        queue: std::mem::take(&mut plan.queue),
        batch: true,
        solved: plan.solved,
        lang: plan.lang,
        theme: plan.theme,
        quiet: plan.quiet,
        ..Plan::new(shot, level, out)
    };
    *plan = next;
    let plan = w.resource::<Plan>();
    let mut data = save_data(w.resource::<Library>(), &plan.level, shot, plan.solved, plan.lang, plan.theme);
    // The edges stay as the batch began them (`--layout`: rough).
    data.settings.smooth_edges = w.resource::<SaveState>().data.settings.smooth_edges;
    w.resource_mut::<SaveState>().data = data;
    w.resource_mut::<Captured>().0 = false;
    w.resource_mut::<Time<Virtual>>().set_relative_speed(1.0);
    w.resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
}

/// Frames a captured picture has to appear on disk before the command gives up on it.
const SAVE_FRAMES: u32 = 300;

/// Once the picture is captured: the next shot when its file is written; an error when it is
/// not written after [`SAVE_FRAMES`] (Bevy logs why; the command says it and stops).
fn after_capture(plan: &mut Plan, commands: &mut Commands, exit: &mut MessageWriter<AppExit>) {
    let now = plan.frames;
    let at = *plan.captured_at.get_or_insert(now);
    if plan.out.exists() {
        commands.queue(next_shot);
    } else if now > at + SAVE_FRAMES {
        eprintln!("tessera screenshot: {}: the picture could not be saved", plan.out.display());
        exit.write(AppExit::error());
    }
}

/// Takes the game to the shot's screen: a state from the menu, the level opened, its pieces
/// laid (half or all of the solution) where the shot asks.
#[allow(clippy::too_many_arguments)]
fn drive(
    mut plan: ResMut<Plan>,
    captured: Res<Captured>,
    state: Res<State<AppState>>,
    library: Res<Library>,
    mut next: ResMut<NextState<AppState>>,
    mut play: MessageWriter<PlayLevel>,
    mut pieces: Query<(&Piece, &mut Placed)>,
    mut placed: MessageWriter<PiecePlaced>,
    mut edit: MessageWriter<crate::game::meta::editor::EditRequest>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    compiling: Res<Compiling>,
) {
    plan.frames += 1;
    if compiling.0.load(std::sync::atomic::Ordering::Relaxed) == 0 {
        plan.quiet += 1;
    } else {
        plan.quiet = 0;
    }
    if captured.0 {
        return after_capture(&mut plan, &mut commands, &mut exit);
    }
    if plan.frames > 600 {
        exit.write(AppExit::error());
        return;
    }
    let (pi, li) = library.find(&plan.level).unwrap_or_default();
    match (state.get(), plan.shot) {
        (AppState::MainMenu, Shot::Levels | Shot::Packs) => {
            // The list opens at the pack of `--level`'s grid, or the packs with it marked.
            let grid = plan.shot == Shot::Levels;
            commands.queue(move |w: &mut World| {
                let mut focus = w.resource_mut::<crate::game::meta::save::ListFocus>();
                focus.open = grid.then_some(pi);
                focus.last = Some(pi);
            });
            next.set(AppState::LevelSelect);
        }
        (AppState::MainMenu, Shot::Settings) => next.set(AppState::Settings),
        (AppState::MainMenu, Shot::Stats) => next.set(AppState::Stats),
        (AppState::MainMenu, Shot::Create) => next.set(AppState::Editor),
        (AppState::MainMenu, Shot::Editor) if !plan.asked => {
            edit.write(match plan.level.strip_prefix("new/") {
                Some(set) => crate::game::meta::editor::EditRequest::Pieces(set.into()),
                None => crate::game::meta::editor::EditRequest::Level(plan.level.clone()),
            });
            plan.asked = true;
        }
        (AppState::Editing, Shot::Editor) if !plan.arranged => {
            plan.arranged = true;
            plan.frames = 0;
        }
        (AppState::MainMenu, shot) if shot.on_level() && !plan.asked => {
            play.write(PlayLevel { pack: pi, level: li });
            plan.asked = true;
        }
        (
            AppState::Playing,
            Shot::Progress | Shot::Hint | Shot::Check | Shot::Blocked | Shot::Solved | Shot::Celebrate,
        ) if !plan.arranged && !pieces.is_empty() => {
            let level = &library.packs[pi].levels[li];
            let all = matches!(plan.shot, Shot::Solved | Shot::Celebrate);
            let mut laid = level.solution[..if all { level.solution.len() } else { level.solution.len() / 2 }].to_vec();
            if plan.shot == Shot::Check {
                laid.extend(level.blocker(&laid));
            }
            lay(&mut pieces, &laid, &mut placed);
            plan.arranged = true;
            plan.frames = 0;
        }
        (AppState::Playing, Shot::Start | Shot::Turned | Shot::Thinking | Shot::Lab | Shot::Tutorial | Shot::Glide)
            if !plan.arranged && !pieces.is_empty() =>
        {
            plan.arranged = true;
            plan.frames = 0;
        }
        _ => {}
    }
}

/// On the level, what the shot shows happening: a piece gliding, a hint asked, a move refused,
/// pieces turned, the solver watched, the lab run and shown.
#[allow(clippy::too_many_arguments)]
fn act(
    plan: ResMut<Plan>,
    state: Res<State<AppState>>,
    library: Res<Library>,
    mut pieces: Query<(&Piece, &mut Placed)>,
    mut placed: MessageWriter<PiecePlaced>,
    mut actions: MessageWriter<crate::game::shared::Action>,
    mut commands: Commands,
    hints: Res<HintState>,
) {
    let (pi, li) = library.find(&plan.level).unwrap_or_default();
    let halfway = halfway(&hints);
    match (state.get(), plan.shot) {
        (AppState::Playing, Shot::Glide) if plan.arranged && plan.frames == 6 => {
            // The first piece of the solution goes to its place, in slow motion.
            commands.queue(|w: &mut World| w.resource_mut::<Time<Virtual>>().set_relative_speed(0.05));
            let solution = &library.packs[pi].levels[li].solution;
            lay(&mut pieces, &solution[..solution.len().min(1)], &mut placed);
        }
        // The hint ladder's first three steps: the position checked, once the answer is in
        // which piece, then where.
        (AppState::Playing, Shot::Hint) if plan.arranged && (plan.frames == 3 || halfway) => {
            actions.write(crate::game::shared::Action::Hint);
        }
        (AppState::Playing, Shot::Check) if plan.arranged && plan.frames == 3 => {
            actions.write(crate::game::shared::Action::Hint);
        }
        (AppState::Playing, Shot::Blocked) if plan.arranged && plan.frames == 3 => {
            // The first piece, pushed down until the floor stops it.
            actions.write(crate::game::shared::Action::Do(Command::FocusNext(1)));
            for _ in 0..3 {
                actions.write(crate::game::shared::Action::Lift(-1));
            }
        }
        (AppState::Playing, Shot::Turned) if plan.arranged && plan.frames == 3 => {
            for _ in 0..pieces.iter().len() {
                actions.write(crate::game::shared::Action::Do(Command::FocusNext(1)));
                actions.write(crate::game::shared::Action::Do(Command::Rotate(1)));
            }
        }
        (AppState::Playing, Shot::Thinking) if plan.arranged && plan.frames == 3 => {
            actions.write(crate::game::shared::Action::Watch);
        }
        // The solve's time is taken; its celebration hurried through (the solved panel after it
        // is the picture, drawn some fifty frames sooner).
        (AppState::Solved, Shot::Solved) if plan.arranged => {
            commands.queue(|w: &mut World| w.resource_mut::<Time<Virtual>>().set_relative_speed(8.0));
        }
        (AppState::Playing, Shot::Lab) if plan.arranged && plan.frames == 3 => commands.queue(run_lab),
        (AppState::Playing, Shot::Lab) if plan.arranged && plan.frames >= 4 && !plan.shown => commands.queue(show_lab),
        _ => {}
    }
}

/// Lays the pieces the placements name where they say, and has the board judged.
fn lay(
    pieces: &mut Query<(&Piece, &mut Placed)>,
    places: &[crate::pieces::Placement],
    placed: &mut MessageWriter<PiecePlaced>,
) {
    for (piece, mut p) in pieces.iter_mut() {
        if let Some(s) = places.iter().find(|s| s.piece == piece.0) {
            p.0 = *s;
        }
    }
    placed.write(PiecePlaced { piece: None, snapped: false });
}

impl Shot {
    /// The shots taken on a level (opened from the menu).
    fn on_level(self) -> bool {
        !matches!(
            self,
            Shot::Menu | Shot::Packs | Shot::Levels | Shot::Settings | Shot::Stats | Shot::Create | Shot::Editor
        )
    }
}

/// The position is checked and found fine, and the ladder not yet at its third step (where
/// the piece goes).
fn halfway(hints: &HintState) -> bool {
    matches!(hints.last, Some(crate::pieces::Check::Fine(crate::pieces::Hint::Next(_)))) && matches!(hints.shown, 1 | 2)
}

/// Whether the shot's moment has come, and the shot once it has settled.
fn shoot(
    mut plan: ResMut<Plan>,
    state: Res<State<AppState>>,
    mut commands: Commands,
    target: Option<Res<crate::game::shared::OffscreenTarget>>,
    (hints, celebration, time): (Res<HintState>, Res<Celebration>, Res<Time>),
) {
    let halfway = halfway(&hints);
    let ready = match plan.shot {
        Shot::Menu => *state.get() == AppState::MainMenu,
        Shot::Levels | Shot::Packs => *state.get() == AppState::LevelSelect,
        Shot::Settings => *state.get() == AppState::Settings,
        Shot::Stats => *state.get() == AppState::Stats,
        Shot::Create => *state.get() == AppState::Editor,
        Shot::Lab => plan.shown,
        Shot::Turned => plan.arranged && plan.frames > 3,
        // The hint's answer is in (both steps, or the one a level without a next piece gives).
        Shot::Hint => plan.arranged && plan.frames > 3 && !hints.thinking() && !halfway,
        Shot::Check => plan.arranged && plan.frames > 3 && !hints.thinking() && hints.shown == 1,
        // After the celebration the solved panel opens.
        Shot::Solved => plan.arranged && *state.get() == AppState::Solved && celebration.over(time.elapsed_secs()),
        _ => plan.arranged,
    };
    shoot_when_settled(&mut plan, ready, target.as_deref(), &mut commands);
}
