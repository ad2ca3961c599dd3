//! The Bevy game layer: thin plugins, one per concern, over the pure core.
//!
//! Logic plugins ([`LogicPlugins`]) run headless (tests use them with `MinimalPlugins`);
//! presentation plugins ([`draw`], [`ui`], [`audio`]) need a renderer and a window.
//!
//! Folders by concern: [`board`] (the level on the board and its input), [`solver`] (work off
//! the frame), [`space`] (pieces in 3D), [`draw`], [`meta`] (library, saves, language, daily
//! puzzles, codes, tutorial, editor), [`ui`]; [`shared`] holds the states, messages and sets
//! several plugins use.
//!
//! Flow: raw input → [`board::input`] turns it into [`shared::Action`] messages →
//! [`board::placement`] moves pieces and writes [`shared::PiecePlaced`] →
//! [`board::verification`] asks the level's family to judge and updates
//! [`board::verification::Progress`] → [`ui`] shows the thermometer and the solved screen.
//! Hints: [`shared::Action::Hint`] → [`solver::hints`] starts a solver task on
//! `AsyncComputeTaskPool` → crossbeam channel → a [`solver::hints::HintMarker`] entity, drawn by
//! [`draw`]. Show thinking ([`shared::Action::Watch`]) runs the solver the family names the same
//! way: [`solver::thinking`] streams its partial placements over a channel as
//! [`solver::thinking::ThinkingGhost`] entities. A level with a solid board adds a 3D view
//! ([`space::solid`], turned as [`space::orbit`] says), redrawn from each judgement.

pub mod audio;
pub mod board;
pub mod draw;
pub mod frames;
pub mod meta;
pub mod probe;
pub mod screenshot;
pub mod shared;
pub mod solver;
pub mod space;
pub mod ui;

use bevy::prelude::*;

pub use shared::{on_board, AppState, InLevel};

/// The plugins that hold the game's logic; they need no window or renderer.
pub struct LogicPlugins;

impl Plugin for LogicPlugins {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>().add_computed_state::<InLevel>().init_resource::<shared::Frames>().add_plugins((
            board::levels::LevelsPlugin,
            (meta::save::SavePlugin, meta::language::LanguagePlugin),
            (board::view::ViewPlugin, board::zoom::ZoomPlugin),
            board::input::InputPlugin,
            board::pieces::PiecesPlugin,
            (board::placement::PlacementPlugin, board::motion::MotionPlugin, meta::tutorial::TutorialPlugin),
            board::verification::VerificationPlugin,
            solver::hints::HintsPlugin,
            solver::thinking::ThinkingPlugin,
            solver::lab::LabPlugin,
            meta::daily::DailyPlugin,
            (meta::codes::CodesPlugin, meta::resume::ResumePlugin, meta::transfer::TransferPlugin),
            meta::editor::EditorPlugin,
            (space::orbit::OrbitPlugin, space::grip::GripPlugin, meta::speech::SpeechPlugin),
        ));
    }
}

/// Starts the game in a window.
pub fn run() {
    // In the browser the same module also starts in each solver's Web Worker, which has no
    // window: there it only answers requests (solver::worker).
    if crate::platform::page::in_a_worker() {
        return;
    }
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        eprintln!(
            "tessera: no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so the game window cannot open.\n\
             The headless commands work without one: run `tessera help`."
        );
        std::process::exit(1);
    }
    App::new()
        .add_plugins(DefaultPlugins.set(task_pools()).set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tessera".into(),
                resolution: (1280, 800).into(),
                // In the browser: the page's canvas, sized to the page, and the browser's own
                // gestures and keys (page zoom, scroll, pull-to-refresh) kept off it.
                canvas: Some("#tessera".into()),
                fit_canvas_to_parent: true,
                prevent_default_event_handling: true,
                ..default()
            }),
            ..default()
        }))
        .add_plugins((LogicPlugins, draw::DrawPlugin, ui::UiPlugin, audio::AudioPlugin, probe::ProbePlugin))
        .add_plugins(frames::FramesPlugin)
        .run();
}

/// Bevy's task pools with room for solver work beside Bevy's own: at least three threads for
/// async tasks (Bevy gives a quarter of the cores, one on a 2-core machine, where the lab's
/// ten-minute chase of a best score held it, and no hint, nor the screenshot Bevy finishes
/// there, came until it ended).
pub fn task_pools() -> bevy::app::TaskPoolPlugin {
    let mut options = bevy::app::TaskPoolOptions::default();
    options.async_compute.min_threads = 3;
    bevy::app::TaskPoolPlugin { task_pool_options: options }
}
