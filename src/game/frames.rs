//! Drawing only when something changes, on every platform: the window's loop waits for input
//! (reactive updates) instead of drawing 60 frames a second over a still menu, which on a
//! phone, or a desktop drawing in software, is a drained battery. What animates asks for its
//! frames through [`Frames`] (glides, the celebration, the solver's playback and the tasks whose
//! answers are awaited; egui asks for its own, for thumbnails still being drawn); this plugin
//! turns a request into `RequestRedraw`, and wakes once a second in a level for its clock, 30
//! times a second while a gamepad is connected (its input is polled, not sent as window
//! events), and else once a minute ([`IDLE`]).

use crate::game::board::levels::ActiveLevel;
use crate::game::shared::{AppState, Frames};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// How long a still screen waits before drawing again anyway, in the browser too: input wakes
/// it (winit's page loop runs on the page's own events, touches included).
pub const IDLE: Duration = Duration::from_secs(60);

/// How often a running clock is shown anew.
pub const CLOCK: Duration = Duration::from_secs(1);

/// How often a connected gamepad is read (about 30 times a second).
pub const GAMEPAD: Duration = Duration::from_millis(33);

pub struct FramesPlugin;

impl Plugin for FramesPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(settings(IDLE))
            .add_systems(Startup, real_time)
            .add_systems(First, fresh_clock.before(bevy::time::TimeSystems))
            .add_systems(Startup, wake_for_new_gamepads)
            .add_systems(Last, (ask_for_frames, wake_for_clock_and_gamepads));
    }
}

/// A gamepad's first press on a still page arrives as the page's `gamepadconnected` event,
/// which winit does not hear: it wakes the game, which from then on reads the pad 30 times a
/// second. (On the desktop the pad is found at the next frame any input wakes.)
fn wake_for_new_gamepads(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy = (**proxy).clone();
        crate::platform::page::when_gamepad_connects(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        });
    }
}

fn settings(wait: Duration) -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(wait),
        unfocused_mode: UpdateMode::reactive_low_power(wait),
    }
}

/// Each frame's clock reads the moment the frame starts. Left to itself, Bevy's reads the end of
/// the frame before, which after a wait is the moment the wait began: a tap that woke a still
/// screen was pressed, by that clock, a whole wait before it was lifted, and egui took no tap
/// held over 0.8 s for a click (every button of a still menu ignored a finger; a mouse worked,
/// its move waking the page first). A clock a test drives by steps is left as it is.
fn fresh_clock(mut strategy: ResMut<bevy::time::TimeUpdateStrategy>) {
    use bevy::time::TimeUpdateStrategy::{Automatic, ManualInstant};
    if matches!(*strategy, Automatic | ManualInstant(_)) {
        *strategy = ManualInstant(bevy::platform::time::Instant::now());
    }
}

/// A frame after a wait must see the whole wait: the level's clock counts it. (Bevy's virtual
/// clock otherwise counts at most a quarter of a second between two frames.)
fn real_time(mut time: ResMut<Time<Virtual>>) {
    time.set_max_delta(Duration::from_secs(24 * 3600));
}

fn ask_for_frames(
    mut frames: ResMut<Frames>,
    state: Res<State<AppState>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut settling: Local<u8>,
) {
    // A new screen draws a few frames of its own: what it spawns (the board's shapes, the
    // interface's first layout) is drawn a frame or two after it is made, and the first
    // level's first frame stayed stale until the mouse moved.
    if state.is_changed() {
        *settling = SETTLE_FRAMES;
    }
    let settle = *settling > 0;
    *settling = settling.saturating_sub(1);
    // Loading moves on to the menu by itself.
    if frames.take() || settle || *state.get() == AppState::Loading {
        redraw.write(RequestRedraw);
    }
}

/// The frames a new screen draws before it waits for input.
pub const SETTLE_FRAMES: u8 = 3;

/// The wait until the next frame nobody asked for: a second while the level's clock runs, a
/// gamepad's next reading, else [`IDLE`].
///
/// The wait is changed only when what is waited for changes: winit draws a frame at once
/// whenever the wait changes, so a wait counted down to the clock's next second, new each
/// frame, drew frames back to back (12 a second in the browser's software GL, 120% of a core,
/// on any level whose clock ran). A wait of one second, set in the frame the clock starts (the
/// level opened, the tutorial done), keeps winit's wake-ups on the clock's own seconds: winit
/// counts each from the one it had planned, not from the frames input woke meanwhile.
fn wake_for_clock_and_gamepads(
    state: Res<State<AppState>>,
    active: Option<Res<ActiveLevel>>,
    gamepads: Query<(), With<Gamepad>>,
    tutorial: Option<Res<crate::game::meta::tutorial::Tutorial>>,
    save: Option<Res<crate::game::meta::save::SaveState>>,
    mut winit: ResMut<WinitSettings>,
) {
    // A clock held at 0:00 through a lesson, or hidden, has no second to show.
    let held = tutorial.is_some_and(|t| t.holds_clock()) || save.is_some_and(|s| !s.data.settings.show_clock);
    let ticking = *state.get() == AppState::Playing && !held && active.is_some();
    let wait = if !gamepads.is_empty() {
        GAMEPAD
    } else if ticking {
        CLOCK
    } else {
        IDLE
    };
    let next = settings(wait);
    if winit.focused_mode != next.focused_mode {
        *winit = next;
    }
}
