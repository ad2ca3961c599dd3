//! Drawing only when something changes (`game::frames`), headless: a still menu asks for no
//! frame and waits long; a level wakes each second for its clock (not while a lesson holds
//! it at 0:00); a turned piece's glide asks
//! for the frames it needs and then stops asking.
#![cfg(feature = "game")]

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;
use tessera::game::board::levels::{Library, PlayLevel};
use tessera::game::board::view::OffscreenSize;
use tessera::game::frames::{FramesPlugin, CLOCK, IDLE};
use tessera::game::meta::save::SaveState;
use tessera::game::meta::tutorial::{SkipTutorial, Tutorial};
use tessera::game::shared::{Action, Command};
use tessera::game::{AppState, LogicPlugins};

fn app() -> App {
    let dir = std::env::temp_dir().join(format!("tessera-frames-{}", std::process::id()));
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .insert_resource(SaveState::load(dir.join("progress.ron")))
        .insert_resource(Library { packs: tessera::level::embedded_packs(), errors: vec![] })
        .insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)))
        .add_message::<bevy::window::CursorMoved>()
        .add_message::<RequestRedraw>()
        .add_plugins((LogicPlugins, FramesPlugin));
    app
}

/// Updates `n` times; how many of them asked for a redraw.
fn frames_asked(app: &mut App, n: usize) -> usize {
    (0..n)
        .filter(|_| {
            app.update();
            app.world_mut().resource_mut::<Messages<RequestRedraw>>().drain().count() > 0
        })
        .count()
}

fn wait(app: &App) -> Duration {
    match app.world().resource::<WinitSettings>().focused_mode {
        UpdateMode::Reactive { wait, .. } => wait,
        UpdateMode::Continuous => Duration::ZERO,
    }
}

#[test]
fn frames_are_drawn_only_while_something_changes() {
    let mut app = app();
    frames_asked(&mut app, 3);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::MainMenu);
    // A still menu: no frame asked for, and a long wait for input.
    assert_eq!(frames_asked(&mut app, 10), 0, "a still menu asks for frames");
    assert_eq!(wait(&app), IDLE);

    // A first level, with the tutorial: its clock stands at 0:00 through the lesson, so
    // nothing needs a frame.
    app.world_mut().write_message(PlayLevel { pack: 0, level: 0 });
    frames_asked(&mut app, 4);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
    assert!(app.world().resource::<Tutorial>().holds_clock());
    assert_eq!(wait(&app), IDLE, "a clock held by the tutorial wakes the screen");
    // On their own, the clock runs: its next second is the longest wait.
    app.world_mut().write_message(SkipTutorial);
    frames_asked(&mut app, 2);
    assert!(!app.world().resource::<Tutorial>().holds_clock());
    assert_eq!(wait(&app), CLOCK, "a level waits {:?}, not a second, for its clock", wait(&app));
    // ... the same wait from frame to frame: winit draws at once whenever the wait changes (a
    // wait counted down to the next second drew frames back to back).
    for _ in 0..7 {
        app.update();
        assert_eq!(wait(&app), CLOCK);
    }
    assert_eq!(frames_asked(&mut app, 5), 0, "a still board asks for frames");
    // A clock the player hid shows no seconds: the screen waits for input again.
    app.world_mut().resource_mut::<SaveState>().data.settings.show_clock = false;
    frames_asked(&mut app, 1);
    assert_eq!(wait(&app), IDLE, "a hidden clock wakes the screen");
    app.world_mut().resource_mut::<SaveState>().data.settings.show_clock = true;
    frames_asked(&mut app, 1);
    assert_eq!(wait(&app), CLOCK);

    // A turn glides: frames are asked for until the glide ends (0.12 s at most 1/30 s a
    // frame: four or five frames), then no more.
    app.world_mut().write_message(Action::Do(Command::FocusNext(1)));
    app.update();
    app.world_mut().write_message(Action::Do(Command::Rotate(1)));
    let gliding = frames_asked(&mut app, 12);
    assert!((3..=8).contains(&gliding), "a glide asked for {gliding} frames");
    assert_eq!(frames_asked(&mut app, 5), 0, "frames are still asked for after the glide");
}

/// A new screen draws a few frames of its own, with no input: what it spawned is drawn a frame
/// or two after it is made (the first level's first frame stayed stale until the mouse moved);
/// then it waits.
#[test]
fn a_new_screen_draws_its_first_frames_by_itself() {
    let mut app = app();
    frames_asked(&mut app, 6);
    assert_eq!(frames_asked(&mut app, 5), 0, "a still menu");
    app.world_mut().write_message(PlayLevel { pack: 0, level: 0 });
    app.update();
    app.world_mut().resource_mut::<Messages<RequestRedraw>>().drain().count();
    let asked = frames_asked(&mut app, 2 * tessera::game::frames::SETTLE_FRAMES as usize);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
    assert!(asked >= tessera::game::frames::SETTLE_FRAMES as usize - 1, "the level drew {asked} frames of its own");
}
