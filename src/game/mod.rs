//! The Bevy game layer: thin plugins, one per concern, over the pure core.
//!
//! Logic plugins ([`LogicPlugins`]) run headless (tests use them with `MinimalPlugins`);
//! presentation plugins ([`draw`], [`ui`], [`audio`]) need a renderer and a window.
//!
//! Flow: raw input → [`input`] turns it into [`input::Action`] messages → [`placement`] moves
//! pieces and writes [`placement::PiecePlaced`] → [`verification`] judges and updates
//! [`verification::Progress`] → [`ui`] shows the thermometer and the solved screen.
//! Hints: [`input::Action::Hint`] → [`hints`] starts a solver task on `AsyncComputeTaskPool` →
//! crossbeam channel → a [`hints::HintMarker`] entity, drawn by [`draw`]. Show thinking
//! ([`input::Action::Watch`]) runs the same way: [`thinking`] streams the search's partial
//! placements over a channel as [`thinking::ThinkingGhost`] entities. Polycube levels add an
//! 3D view of the solid ([`solid`], turned as [`orbit`] says), redrawn from each judgement.

pub mod audio;
pub mod celebration;
pub mod codes;
pub mod daily;
pub mod draw;
pub mod editor;
pub mod grip;
pub mod hints;
pub mod input;
pub mod job;
pub mod lab;
pub mod language;
pub mod layout;
pub mod levels;
pub mod motion;
pub mod orbit;
pub mod paint;
pub mod pieces;
pub mod placement;
pub mod save;
pub mod screenshot;
pub mod shared;
pub mod solid;
pub mod thinking;
pub mod tiles;
pub mod tutorial;
pub mod ui;
pub mod verification;
pub mod view;

use bevy::prelude::*;

pub use shared::{on_board, AppState, InLevel};

/// The plugins that hold the game's logic; they need no window or renderer.
pub struct LogicPlugins;

impl Plugin for LogicPlugins {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>().add_computed_state::<InLevel>().add_plugins((
            levels::LevelsPlugin,
            (save::SavePlugin, language::LanguagePlugin),
            view::ViewPlugin,
            input::InputPlugin,
            pieces::PiecesPlugin,
            (placement::PlacementPlugin, motion::MotionPlugin, tutorial::TutorialPlugin),
            verification::VerificationPlugin,
            hints::HintsPlugin,
            thinking::ThinkingPlugin,
            lab::LabPlugin,
            daily::DailyPlugin,
            codes::CodesPlugin,
            editor::EditorPlugin,
            orbit::OrbitPlugin,
            grip::GripPlugin,
        ));
    }
}

/// Starts the game in a window.
pub fn run() {
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
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window { title: "Tessera".into(), resolution: (1280, 800).into(), ..default() }),
            ..default()
        }))
        .add_plugins((LogicPlugins, draw::DrawPlugin, ui::UiPlugin, audio::AudioPlugin))
        .run();
}
