//! Input: mouse, touch, keyboard and gamepad become one stream of [`Action`] messages in
//! board coordinates, so the placement logic never looks at devices.

use crate::game::board::view::{BoardBounds, View};
use crate::game::shared::{Action, Command, InputSet, SolidArea};
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::input::mouse::MouseWheel;
use bevy::input::touch::{TouchInput, TouchPhase, Touches};
use bevy::prelude::*;
use bevy::window::CursorMoved;

/// True while the pointer is over the HUD or a menu (set by the UI), so board input waits.
#[derive(Resource, Default)]
pub struct PointerBlocked(pub bool);

/// Last known cursor position in screen pixels.
#[derive(Resource, Default)]
pub struct Cursor(pub Option<Vec2>);

/// The gamepad's visible focus on the board.
#[derive(Resource, Default, Debug)]
pub struct GamepadFocus {
    pub pos: Vec2,
    /// A piece is held (South pressed on it and not yet dropped).
    pub holding: bool,
    /// A gamepad has been used: show the focus.
    pub active: bool,
    /// The focus moved since the piece was picked up (dropping in place is not a tap).
    pub carried: bool,
    /// A polycube level: the d-pad steps the selected piece, the shoulders lift it, South puts
    /// it in the box or back.
    pub solid: bool,
    /// The focus is on the selected piece (Tab, a step, a pick): it follows the piece wherever
    /// it goes (an undo, a hint, the tray making room), until the stick moves it off.
    pub on_piece: bool,
}

/// Board units per second the gamepad focus travels at full stick.
pub const FOCUS_SPEED: f32 = 5.0;

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        // Registered here too so the logic runs without a window plugin (headless tests).
        app.add_message::<Action>()
            .add_message::<CursorMoved>()
            .init_resource::<PointerBlocked>()
            .init_resource::<Cursor>()
            .init_resource::<GamepadFocus>()
            .init_resource::<SolidArea>()
            .init_resource::<crate::game::shared::Frames>()
            .init_resource::<LiftedAgo>()
            .init_resource::<crate::game::shared::KeyFocus>()
            .add_systems(
                Update,
                (
                    (mouse, keyboard, gamepad).run_if(crate::game::shared::on_board),
                    // Always read, so a board's first frame does not read the touches of the
                    // tap that opened it.
                    (page_lifts, touch).chain(),
                    sense_pointer,
                )
                    .in_set(InputSet),
            );
    }
}

#[allow(clippy::too_many_arguments)]
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    mut moved: MessageReader<CursorMoved>,
    mut wheel: MessageReader<MouseWheel>,
    mut cursor: ResMut<Cursor>,
    view: Res<View>,
    blocked: Res<PointerBlocked>,
    solid: Res<SolidArea>,
    mut out: MessageWriter<Action>,
    (mut down, mut last_notch): (Local<bool>, Local<f32>),
) {
    let mut moved_now = false;
    for m in moved.read() {
        cursor.0 = Some(m.position);
        moved_now = true;
    }
    let Some(pos) = cursor.0 else {
        wheel.clear();
        return;
    };
    let w = view.to_world(pos);
    if buttons.just_pressed(MouseButton::Left) && !blocked.0 {
        out.write(Action::Press(w));
        *down = true;
    } else if *down && moved_now {
        out.write(Action::Drag(w));
    }
    if buttons.just_released(MouseButton::Left) && *down {
        out.write(Action::Release(w, 0.0));
        *down = false;
    }
    if buttons.just_pressed(MouseButton::Right) && !blocked.0 {
        out.write(Action::Select(w));
        out.write(Action::Do(Command::Rotate(1)));
    }
    // One notch of the wheel comes from X11 as two line events, in one frame or in two in a
    // row (the button and its smooth-scroll twin: a notch over a hexagon piece turned it a
    // third of a turn and counted two moves): a frame's lines count one notch at most, and a
    // notch the same way as the last frame's is its twin. A touchpad's pixels add up.
    let (mut lines, mut pixels) = (0.0f32, 0.0f32);
    for e in wheel.read() {
        match e.unit {
            bevy::input::mouse::MouseScrollUnit::Line => lines += e.y,
            bevy::input::mouse::MouseScrollUnit::Pixel => pixels += e.y,
        }
    }
    let notch = lines.clamp(-1.0, 1.0).round();
    let twin = notch != 0.0 && *last_notch == notch;
    *last_notch = if twin { 0.0 } else { notch };
    // About 50 pixels of a touchpad make a wheel's notch.
    let clicks = if twin { 0.0 } else { notch } + pixels / 50.0;
    if !blocked.0 && clicks != 0.0 {
        if solid.0.is_some_and(|r| r.contains(w)) {
            out.write(Action::Zoom(clicks.signum()));
        } else {
            out.write(Action::Wheel(w, clicks));
        }
    }
}

/// The pointer in use ([`crate::game::board::view::Pointer`]): in the browser, as the page's
/// media query says when it starts; then a finger once a touch comes down, a mouse again once
/// the wheel turns or a button is pressed with no finger down.
fn sense_pointer(
    touches: Res<Touches>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut wheel: MessageReader<MouseWheel>,
    mut pointer: ResMut<crate::game::board::view::Pointer>,
    mut started: Local<bool>,
) {
    let turned = wheel.read().count() > 0;
    if pointer.pinned {
        return;
    }
    let mut coarse = pointer.coarse;
    if !std::mem::replace(&mut *started, true) {
        coarse = crate::platform::page::coarse_pointer().unwrap_or(coarse);
    }
    if touches.iter_just_pressed().next().is_some() {
        coarse = true;
    } else if turned || (buttons.get_just_pressed().next().is_some() && touches.iter().next().is_none()) {
        coarse = false;
    }
    if pointer.coarse != coarse {
        pointer.coarse = coarse;
    }
}

#[derive(Default)]
struct TouchState {
    primary: Option<u64>,
    /// Angle between the first two fingers last frame, and the turn gathered since.
    twist: Option<(f32, f32)>,
    /// Their distance last frame (a pinch on the 3D view zooms).
    spread: Option<f32>,
    /// Two fingers on the flat board: their midpoint and spread when they came down and last
    /// frame, and whether they have moved apart, together or along enough to zoom and pan
    /// (a twist alone does neither).
    pinch: Option<Pinch>,
    /// The one finger down that may become a long press: where it came down, and the start
    /// of the first frame after the one that read it (`None` until that frame).
    still: Option<(Vec2, Option<f32>)>,
}

/// A finger held this long without moving is a long press, a phone's right click: it turns
/// the piece under it. It may wander this many pixels and still count as held still.
pub const LONG_PRESS_SECS: f32 = 0.5;
pub const LONG_PRESS_SLOP: f32 = 10.0;

#[derive(Clone, Copy)]
struct Pinch {
    start: (Vec2, f32),
    last: (Vec2, f32),
    engaged: bool,
}

/// Two fingers zoom once their spread changes by this share, and pan once their midpoint moves
/// this many pixels.
const PINCH_SPREAD: f32 = 0.08;
const PINCH_TRAVEL: f32 = 12.0;

#[allow(clippy::too_many_arguments)]
fn touch(
    touches: Res<Touches>,
    view: Res<View>,
    blocked: Res<PointerBlocked>,
    solid: Res<SolidArea>,
    time: Res<Time>,
    mut frames: ResMut<crate::game::shared::Frames>,
    (mut events, mut lifted): (MessageReader<TouchInput>, ResMut<LiftedAgo>),
    mut out: MessageWriter<Action>,
    mut st: Local<TouchState>,
    state: Option<Res<State<crate::game::shared::AppState>>>,
) {
    if !crate::game::shared::on_board(state) {
        events.clear();
        lifted.0.clear();
        *st = TouchState::default();
        return;
    }
    let fingers: Vec<_> = touches.iter().collect();
    let middle = |f: &[&bevy::input::touch::Touch]| view.to_world((f[0].position() + f[1].position()) / 2.0);
    if fingers.len() >= 2 && solid.0.is_some_and(|r| r.contains(middle(&fingers))) {
        // A pinch on the 3D view: fingers apart zoom in.
        let spread = fingers[0].position().distance(fingers[1].position()).max(1.0);
        if let Some(last) = st.spread {
            let steps = (spread / last).ln() / 0.9f32.recip().ln();
            if steps.abs() > 1e-4 {
                out.write(Action::Zoom(steps));
            }
        } else if st.primary.take().is_some() {
            out.write(Action::Cancel);
        }
        st.spread = Some(spread);
        st.twist = None;
    } else if fingers.len() >= 2 {
        twist_and_pinch(fingers[0].position(), fingers[1].position(), &view, &mut st, &mut out);
    } else {
        st.twist = None;
        st.spread = None;
        st.pinch = None;
    }
    // The primary finger's story in the order it happened: two quick taps read in one frame
    // are two taps, not one.
    let one_finger = st.twist.is_none() && st.spread.is_none();
    let mut pressed_now = false;
    for t in events.read() {
        let primary = Some(t.id) == st.primary;
        match t.phase {
            TouchPhase::Started if st.primary.is_none() && !blocked.0 => {
                st.primary = Some(t.id);
                st.still = Some((t.position, None));
                pressed_now = true;
                out.write(Action::Press(view.to_world(t.position)));
            }
            TouchPhase::Moved if primary && one_finger => {
                out.write(Action::Drag(view.to_world(t.position)));
            }
            TouchPhase::Ended | TouchPhase::Canceled if primary => {
                st.primary = None;
                let ago = lifted.0.remove(&t.id).unwrap_or(0.0);
                out.write(Action::Release(view.to_world(t.position), ago));
            }
            _ => {}
        }
    }
    let now = (!pressed_now).then(|| time.elapsed_secs());
    long_press(&touches, &view, now, &mut st, &mut frames, &mut out);
    // Stamps of lifts nobody read (another finger's) are old news next frame.
    lifted.0.clear();
}

/// How long before this frame each finger lifted, by touch id, where the input has a clock of
/// its own (the page's touch events: [`crate::platform::page::lifts`]); a lift with no stamp
/// happened at the frame's time.
#[derive(Resource, Default)]
pub struct LiftedAgo(pub std::collections::HashMap<u64, f32>);

fn page_lifts(mut lifted: ResMut<LiftedAgo>) {
    lifted.0.extend(crate::platform::page::lifts());
}

/// A finger held still for [`LONG_PRESS_SECS`] turns the piece under it as a right click does
/// (and its lifting is no tap); while one may be, frames are asked for, so that a still screen
/// waiting for input still sees the moment come.
///
/// The hold is counted from the frame after the one that read the finger: a tap wakes a still
/// page, and the frame it wakes can itself take over half a second in software GL, while the
/// browser hands a finger's moves over at the start of a frame. Counted from the press, the
/// frame after that slow one can find a finger held still for 0.5 s before any of its moves
/// arrived, and turn the piece a drag should carry (the likely cause of a phone's drag in the
/// browser test turning its piece, now and then). `now` is the frame's start, `None` in the
/// frame that read the finger come down.
fn long_press(
    touches: &Touches,
    view: &View,
    now: Option<f32>,
    st: &mut TouchState,
    frames: &mut crate::game::shared::Frames,
    out: &mut MessageWriter<Action>,
) {
    let finger = st.primary.and_then(|id| touches.get_pressed(id));
    let Some(((from, since), finger)) = st.still.zip(finger) else {
        st.still = None;
        return;
    };
    if touches.iter().count() > 1 || finger.position().distance(from) > LONG_PRESS_SLOP {
        st.still = None;
        return;
    }
    match (since, now) {
        (Some(at), Some(now)) if now - at >= LONG_PRESS_SECS => {
            let w = view.to_world(finger.position());
            for a in [Action::Cancel, Action::Select(w), Action::Do(Command::Rotate(1))] {
                out.write(a);
            }
            (st.still, st.primary) = (None, None);
        }
        (None, Some(now)) => {
            st.still = Some((from, Some(now)));
            frames.ask();
        }
        _ => frames.ask(),
    }
}

/// Two fingers on the board: turning them turns the selected piece by steps (the first turn
/// cancels a press the first finger began), and spreading or moving them zooms and pans.
fn twist_and_pinch(a: Vec2, b: Vec2, view: &View, st: &mut TouchState, out: &mut MessageWriter<Action>) {
    st.spread = None;
    let d = b - a;
    let angle = -d.y.atan2(d.x); // screen y points down
    let step = std::f32::consts::FRAC_PI_4;
    let (last, mut acc) = st.twist.unwrap_or((angle, 0.0));
    let mut delta = angle - last;
    if delta > std::f32::consts::PI {
        delta -= std::f32::consts::TAU;
    } else if delta < -std::f32::consts::PI {
        delta += std::f32::consts::TAU;
    }
    acc += delta;
    while acc >= step * 0.75 {
        out.write(Action::Do(Command::Rotate(1)));
        acc -= step;
    }
    while acc <= -step * 0.75 {
        out.write(Action::Do(Command::Rotate(-1)));
        acc += step;
    }
    if st.twist.is_none() && st.primary.take().is_some() {
        out.write(Action::Cancel);
    }
    st.twist = Some((angle, acc));
    // The same fingers zoom and pan the board.
    let now = ((a + b) / 2.0, d.length().max(1.0));
    let mut p = st.pinch.unwrap_or(Pinch { start: now, last: now, engaged: false });
    p.engaged |= (now.1 / p.start.1).ln().abs() > PINCH_SPREAD || now.0.distance(p.start.0) > PINCH_TRAVEL;
    if p.engaged && now != p.last {
        out.write(Action::Pinch { ratio: now.1 / p.last.1, from: view.to_world(p.last.0), to: view.to_world(now.0) });
    }
    p.last = now;
    st.pinch = Some(p);
}

/// The keyboard on a level: a model a player can predict. Tab and Shift+Tab go from piece to
/// piece, Enter lifts the selected piece and puts it down, the arrows move it a cell (or a
/// step), Escape puts a lifted piece back; R, F, H, W, Ctrl+Z/Y/R as the toolbar's tips say.
/// F6 moves the keyboard into the toolbar and back (there Tab goes from button to button, as
/// egui has it); F1 or ? shows the card that lists the keys.
fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    view: Res<View>,
    mut focus: ResMut<crate::game::shared::KeyFocus>,
    mut out: MessageWriter<Action>,
) {
    // A modifier let go of in this very frame still held the key pressed with it (a quick
    // Ctrl+Z arrives whole within one frame).
    let held = |k: [KeyCode; 2]| keys.any_pressed(k) || keys.any_just_released(k);
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight]) || held([KeyCode::SuperLeft, KeyCode::SuperRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F6) {
        focus.toolbar = !focus.toolbar;
    }
    if keys.just_pressed(KeyCode::F1) || (keys.just_pressed(KeyCode::Slash) && shift) {
        focus.help = !focus.help;
    }
    // (With nothing lifted the rules ignore it, and the interface goes back a screen.)
    if keys.just_pressed(KeyCode::Escape) {
        out.write(Action::Do(Command::PutBack));
    }
    // In the toolbar, Tab, Enter and the arrows are egui's.
    if focus.toolbar {
        return;
    }
    if keys.just_pressed(KeyCode::KeyZ) && ctrl {
        out.write(if shift { Action::Do(Command::Redo) } else { Action::Do(Command::Undo) });
    } else if keys.just_pressed(KeyCode::KeyY) && ctrl {
        out.write(Action::Do(Command::Redo));
    } else if keys.just_pressed(KeyCode::KeyR) && ctrl {
        out.write(Action::Do(Command::Restart));
    } else if keys.just_pressed(KeyCode::KeyR) {
        out.write(Action::Do(Command::Rotate(if shift { -1 } else { 1 })));
    } else if keys.just_pressed(KeyCode::KeyF) {
        out.write(Action::Do(Command::Flip));
    } else if keys.just_pressed(KeyCode::KeyH) {
        out.write(Action::Hint);
    } else if keys.just_pressed(KeyCode::KeyW) {
        out.write(Action::Watch);
    } else if keys.just_pressed(KeyCode::Tab) {
        out.write(Action::Do(Command::FocusNext(if shift { -1 } else { 1 })));
    } else if keys.just_pressed(KeyCode::KeyT) {
        out.write(Action::Roll(if shift { -1 } else { 1 }));
    } else if keys.just_pressed(KeyCode::PageUp) {
        out.write(Action::Lift(1));
    } else if keys.just_pressed(KeyCode::PageDown) {
        out.write(Action::Lift(-1));
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        out.write(Action::Place);
    } else if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
        out.write(Action::ZoomBoard(1));
    } else if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
        out.write(Action::ZoomBoard(-1));
    } else if keys.any_just_pressed([KeyCode::Digit0, KeyCode::Numpad0]) {
        out.write(Action::FitBoard);
    }
    for (k, v) in [
        (KeyCode::ArrowUp, IVec2::Y),
        (KeyCode::ArrowDown, -IVec2::Y),
        (KeyCode::ArrowLeft, -IVec2::X),
        (KeyCode::ArrowRight, IVec2::X),
    ] {
        if keys.just_pressed(k) {
            // Arrows move pieces as the screen shows the board (turned or not).
            out.write(Action::Step(view.board_dir(v.as_vec2()).round().as_ivec2()));
        }
    }
}

fn gamepad(
    pads: Query<&Gamepad>,
    time: Res<Time>,
    view: Res<View>,
    bounds: Res<BoardBounds>,
    mut focus: ResMut<GamepadFocus>,
    mut out: MessageWriter<Action>,
) {
    for pad in &pads {
        let mut dir = pad.left_stick();
        if dir.length() < 0.2 {
            dir = Vec2::ZERO;
        }
        for (b, v) in [
            (GamepadButton::DPadUp, Vec2::Y),
            (GamepadButton::DPadDown, -Vec2::Y),
            (GamepadButton::DPadLeft, -Vec2::X),
            (GamepadButton::DPadRight, Vec2::X),
        ] {
            // On a polycube level the d-pad steps the selected piece a cell per press.
            if focus.solid && pad.just_pressed(b) {
                out.write(Action::Step(v.as_ivec2()));
            } else if pad.pressed(b) && !focus.solid {
                dir += v;
            }
        }
        let dir = view.board_dir(dir);
        let used = dir != Vec2::ZERO || pad.get_just_pressed().next().is_some();
        if used && !focus.active {
            focus.active = true;
            focus.pos = bounds.0.center();
        }
        if dir != Vec2::ZERO {
            focus.on_piece = false;
            let step = dir.clamp_length_max(1.0) * FOCUS_SPEED * time.delta_secs().min(0.1);
            focus.pos = (focus.pos + step).clamp(bounds.0.min, bounds.0.max);
            if focus.holding {
                focus.carried = true;
                out.write(Action::Drag(focus.pos));
            }
        }
        buttons(pad, &mut focus, &mut out);
        if !focus.holding {
            if pad.just_pressed(GamepadButton::RightThumb) {
                out.write(Action::Do(Command::FocusNext(1)));
            }
            if pad.just_pressed(GamepadButton::LeftThumb) {
                out.write(Action::Do(Command::FocusNext(-1)));
            }
        }
    }
}

/// A pad's buttons: the same on every level, then a polycube level's or a flat board's.
fn buttons(pad: &Gamepad, focus: &mut GamepadFocus, out: &mut MessageWriter<Action>) {
    let drop = |focus: &mut GamepadFocus| {
        focus.holding = false;
        if focus.carried {
            Action::Release(focus.pos, 0.0)
        } else {
            Action::Cancel
        }
    };
    // Buttons that do the same on every level.
    for (b, a) in [
        (GamepadButton::West, Action::Do(Command::Rotate(1))),
        (GamepadButton::North, Action::Do(Command::Flip)),
        (GamepadButton::LeftTrigger2, Action::Do(Command::Undo)),
        (GamepadButton::RightTrigger2, Action::Do(Command::Redo)),
        (GamepadButton::Start, Action::Do(Command::Redo)),
        (GamepadButton::Select, Action::Hint),
    ] {
        if pad.just_pressed(b) {
            out.write(a);
        }
    }
    if focus.solid {
        // A polycube level: South puts the selected piece in or out, East rolls it, the
        // shoulders lift it (the d-pad steps it, above).
        for (b, a) in [
            (GamepadButton::South, Action::Place),
            (GamepadButton::East, Action::Roll(1)),
            (GamepadButton::LeftTrigger, Action::Lift(-1)),
            (GamepadButton::RightTrigger, Action::Lift(1)),
        ] {
            if pad.just_pressed(b) {
                out.write(a);
            }
        }
    } else {
        if pad.just_pressed(GamepadButton::South) {
            if focus.holding {
                out.write(drop(focus));
            } else {
                out.write(Action::Press(focus.pos));
                focus.holding = true;
                focus.carried = false;
            }
        }
        if pad.just_pressed(GamepadButton::East) && focus.holding {
            out.write(drop(focus));
        }
        if pad.just_pressed(GamepadButton::LeftTrigger) {
            out.write(Action::Do(Command::Rotate(-1)));
        }
        if pad.just_pressed(GamepadButton::RightTrigger) {
            out.write(Action::Do(Command::Rotate(1)));
        }
        if pad.just_pressed(GamepadButton::DPadUp) {
            out.write(Action::Watch);
        }
    }
}
