//! Headless game tests: `MinimalPlugins` plus the game's logic plugins, driven by injected
//! mouse, touch and gamepad input until a level is judged solved.
#![cfg(feature = "game")]

use bevy::input::gamepad::{
    GamepadAxis, GamepadButton, GamepadSettings, RawGamepadAxisChangedEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::CursorMoved;
use std::time::Duration;
use tessera::game::board::input::GamepadFocus;
use tessera::game::board::levels::{ActiveLevel, Library, PlayLevel};
use tessera::game::board::pieces::{Piece, PieceGeom, Placed};
use tessera::game::board::verification::Progress;
use tessera::game::board::view::View;
use tessera::game::meta::save::SaveState;
use tessera::game::{AppState, LogicPlugins};
use tessera::pieces::Placement;

const LEVEL: &str = "classic/arrow";
/// The tests read what the game says in English.
const EN: tessera::support::i18n::Tr = tessera::support::i18n::Tr(tessera::support::i18n::Lang::En);

fn temp_save(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tessera-game-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join("progress.ron")
}

/// A headless app on the main menu, 50 ms per frame, saving to a temporary file.
fn app(tag: &str) -> App {
    app_with(tag, |_| {})
}

/// As [`app`], with `setup` inserting resources (where user packs go, the date) before the
/// game's plugins read them.
fn app_with(tag: &str, setup: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .insert_resource(SaveState::load(temp_save(tag)))
        .insert_resource(Library { packs: tessera::level::embedded_packs(), errors: vec![] })
        .add_message::<CursorMoved>();
    setup(&mut app);
    app.add_plugins(LogicPlugins);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::MainMenu);
    app
}

fn start(app: &mut App, key: &str) {
    let (pack, level) = app.world().resource::<Library>().find(key).unwrap();
    app.world_mut().write_message(PlayLevel { pack, level });
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
}

fn state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

/// For each piece: its entity, where its centroid is now, its placement now, and the
/// solution's placement and centroid.
struct Job {
    entity: Entity,
    now: Placement,
    goal: Placement,
    goal_centroid: Vec2,
}

fn jobs(app: &mut App) -> Vec<Job> {
    let active = app.world().resource::<ActiveLevel>().clone();
    let step = active.level.set.step();
    let mut q = app.world_mut().query::<(Entity, &Piece, &PieceGeom, &Placed)>();
    let mut out: Vec<Job> = q
        .iter(app.world())
        .map(|(e, p, g, pl)| {
            let goal = *active.level.solution.iter().find(|s| s.piece == p.0).unwrap();
            Job { entity: e, now: pl.0, goal, goal_centroid: Placed(goal).world_centroid(g, step) }
        })
        .collect();
    out.sort_by_key(|j| j.goal.piece);
    out
}

fn centroid(app: &mut App, e: Entity) -> Vec2 {
    let step = app.world().resource::<ActiveLevel>().level.set.step();
    let (g, p) =
        app.world_mut().query::<(&PieceGeom, &Placed)>().get(app.world(), e).map(|(g, p)| (g.clone(), *p)).unwrap();
    p.world_centroid(&g, step)
}

fn placed(app: &mut App, e: Entity) -> Placement {
    app.world_mut().query::<&Placed>().get(app.world(), e).unwrap().0
}

fn screen(app: &App, world: Vec2) -> Vec2 {
    app.world().resource::<View>().to_screen(world)
}

/// Turns needed from `now` to `goal` (mirror first, then rotation steps, both mod 8).
fn turns(now: &Placement, goal: &Placement) -> (bool, i32) {
    (now.flip != goal.flip, (goal.rot - now.rot).rem_euclid(8))
}

// ---------------------------------------------------------------- mouse

fn cursor(app: &mut App, at: Vec2) {
    app.world_mut().write_message(CursorMoved { window: Entity::PLACEHOLDER, position: at, delta: None });
}

fn button(app: &mut App, button: MouseButton, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput { button, state, window: Entity::PLACEHOLDER });
}

fn key(app: &mut App, code: KeyCode, ch: &str) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: Key::Character(ch.into()),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Presses on `from` and moves to `to` in four steps, without letting go.
fn drag_to(app: &mut App, from: Vec2, to: Vec2) {
    let (a, b) = (screen(app, from), screen(app, to));
    cursor(app, a);
    button(app, MouseButton::Left, ButtonState::Pressed);
    app.update();
    for k in 1..=4 {
        cursor(app, a.lerp(b, k as f32 / 4.0));
        app.update();
    }
}

fn mouse_drag(app: &mut App, from: Vec2, to: Vec2) {
    drag_to(app, from, to);
    let judged = app.world().resource::<Progress>().judged;
    button(app, MouseButton::Left, ButtonState::Released);
    app.update();
    // The drop is judged within the same frame.
    assert_eq!(app.world().resource::<Progress>().judged, judged + 1, "the drop was judged in its own frame");
}

/// Selects piece `e` with a click on it, then mirrors (F) and turns (R) it from `now` to the
/// orientation of `goal`.
fn click_and_turn(app: &mut App, e: Entity, now: &Placement, goal: &Placement) {
    let c = centroid(app, e);
    mouse_click(app, c);
    let (flip, rot) = turns(now, goal);
    if flip {
        key(app, KeyCode::KeyF, "f");
    }
    for _ in 0..rot {
        key(app, KeyCode::KeyR, "r");
    }
}

fn mouse_click(app: &mut App, at: Vec2) {
    cursor(app, screen(app, at));
    button(app, MouseButton::Left, ButtonState::Pressed);
    app.update();
    button(app, MouseButton::Left, ButtonState::Released);
    app.update();
}

#[test]
fn mouse_and_keyboard_solve_a_level() {
    let mut app = app("mouse");
    start(&mut app, LEVEL);
    let mut last_progress = 0.0;
    for (i, job) in jobs(&mut app).into_iter().enumerate() {
        let (flip, rot) = turns(&job.now, &job.goal);
        // Select with a click, then turn: right click, the wheel and the R key all turn.
        let c = centroid(&mut app, job.entity);
        mouse_click(&mut app, c);
        if flip {
            key(&mut app, KeyCode::KeyF, "f");
        }
        for k in 0..rot {
            match (i + k as usize) % 3 {
                0 => {
                    button(&mut app, MouseButton::Right, ButtonState::Pressed);
                    app.update();
                    button(&mut app, MouseButton::Right, ButtonState::Released);
                    app.update();
                }
                1 => key(&mut app, KeyCode::KeyR, "r"),
                _ => {
                    app.world_mut().write_message(bevy::input::mouse::MouseWheel {
                        unit: bevy::input::mouse::MouseScrollUnit::Line,
                        x: 0.0,
                        y: 1.0,
                        window: Entity::PLACEHOLDER,
                        phase: bevy::input::touch::TouchPhase::Moved,
                    });
                    app.update();
                }
            }
        }
        let now = placed(&mut app, job.entity);
        assert_eq!(
            (now.rot.rem_euclid(8), now.flip),
            (job.goal.rot.rem_euclid(8), job.goal.flip),
            "piece {}",
            job.goal.piece
        );
        let c = centroid(&mut app, job.entity);
        mouse_drag(&mut app, c, job.goal_centroid);
        let p = app.world().resource::<Progress>().value;
        assert!(p >= last_progress - 1e-9, "placing piece {} lowered progress {last_progress} -> {p}", job.goal.piece);
        last_progress = p;
    }
    app.update(); // the state change takes effect on the next frame
    assert_eq!(state(&app), AppState::Solved);
    assert!(app.world().resource::<Progress>().solved);
    let save = app.world().resource::<SaveState>();
    assert!(save.data.is_done(LEVEL));
    // The record is on disk too.
    let on_disk = tessera::support::save::load(&save.path);
    assert!(matches!(on_disk, tessera::support::save::Loaded::Ok(ref d) if d.is_done(LEVEL)), "{on_disk:?}");
}

#[test]
fn undo_redo_and_restart() {
    let mut app = app("undo");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let before = placed(&mut app, job.entity);
    let c = centroid(&mut app, job.entity);
    mouse_drag(&mut app, c, c + Vec2::new(1.0, 0.5));
    let moved = placed(&mut app, job.entity);
    assert_ne!(moved, before);
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, job.entity), before, "undo puts the piece back");
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyY);
    assert_eq!(placed(&mut app, job.entity), moved, "redo moves it again");
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyR);
    assert_eq!(placed(&mut app, job.entity), before, "restart restores the start layout");
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, job.entity), moved, "a restart can be undone");
}

/// A family that allows only moves to the left, around the level's own (to try
/// `Family::legal`, which every shipped family answers with yes).
#[derive(Debug)]
struct LeftOnly(std::sync::Arc<dyn tessera::family::Family>);

impl tessera::family::Family for LeftOnly {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn title(&self) -> &'static str {
        self.0.title()
    }
    fn caps(&self, level: &tessera::level::Level) -> tessera::family::Caps {
        self.0.caps(level)
    }
    fn judge(&self, level: &tessera::level::Level, pieces: &[Placement]) -> tessera::family::Judgement {
        self.0.judge(level, pieces)
    }
    fn legal(&self, _level: &tessera::level::Level, from: &Placement, to: &Placement) -> bool {
        to.at.0 <= from.at.0
    }
    fn hint(
        &self,
        level: &tessera::level::Level,
        pieces: &[Placement],
        budget: &tessera::support::budget::Budget,
    ) -> Option<tessera::family::Hint> {
        self.0.hint(level, pieces, budget)
    }
    fn check_solution(&self, level: &tessera::level::Level) -> Result<(), String> {
        self.0.check_solution(level)
    }
    fn prove(&self, level: &tessera::level::Level) -> Result<(), String> {
        self.0.prove(level)
    }
    fn count(
        &self,
        level: &tessera::level::Level,
        limit: u64,
        budget: &tessera::support::budget::Budget,
    ) -> tessera::family::Count {
        self.0.count(level, limit, budget)
    }
}

/// A mouse drag whose drop may be refused (so it is not asserted to be judged).
fn drag_any(app: &mut App, from: Vec2, to: Vec2) {
    drag_to(app, from, to);
    button(app, MouseButton::Left, ButtonState::Released);
    app.update();
}

/// A move the level's family refuses puts the piece back where it was: no move counted, no
/// undo step. An allowed one is kept.
#[test]
fn a_move_the_family_refuses_goes_back() {
    let mut app = app("legal");
    start(&mut app, LEVEL);
    {
        let mut active = app.world_mut().resource_mut::<ActiveLevel>();
        let own = active.level.family.clone();
        active.level.family = std::sync::Arc::new(LeftOnly(own));
    }
    let job = jobs(&mut app).remove(0);
    let before = placed(&mut app, job.entity);
    let c = centroid(&mut app, job.entity);
    drag_any(&mut app, c, c + Vec2::new(1.5, 0.0));
    assert_eq!(placed(&mut app, job.entity), before, "a move to the right is refused");
    assert_eq!(app.world().resource::<ActiveLevel>().moves, 0, "and not counted");
    assert!(app.world().resource::<tessera::game::board::placement::History>().undo.is_empty(), "nor undone");
    drag_any(&mut app, c, c - Vec2::new(1.5, 0.0));
    assert!(placed(&mut app, job.entity).at.0 < before.at.0, "a move to the left is kept");
    assert_eq!(app.world().resource::<ActiveLevel>().moves, 1);
}

/// The board's bounds, and the box around piece `e` as it lies.
fn bounds_and_box(app: &mut App, e: Entity) -> (Rect, Rect) {
    let step = app.world().resource::<ActiveLevel>().level.set.step();
    let bounds = app.world().resource::<tessera::game::board::view::BoardBounds>().0;
    let (g, p) =
        app.world_mut().query::<(&PieceGeom, &Placed)>().get(app.world(), e).map(|(g, p)| (g.clone(), *p)).unwrap();
    let pts: Vec<Vec2> = p.world(&g, step).iter().flatten().map(|v| Vec2::new(v.at.x as f32, v.at.y as f32)).collect();
    (
        bounds,
        Rect::from_corners(
            pts.iter().copied().fold(Vec2::MAX, Vec2::min),
            pts.iter().copied().fold(Vec2::MIN, Vec2::max),
        ),
    )
}

/// A piece dropped or turned past the board's edge comes back whole inside it (the view keeps
/// that area clear of the bars; a piece half under a bar could not be grabbed again).
#[test]
fn pieces_dropped_or_turned_at_the_edge_stay_clear_of_the_bars() {
    let inside = |b: Rect, r: Rect| {
        r.min.x >= b.min.x - 1e-3 && r.min.y >= b.min.y - 1e-3 && r.max.x <= b.max.x + 1e-3 && r.max.y <= b.max.y + 1e-3
    };
    for level in [LEVEL, "polyominoes/pentominoes-6x10"] {
        let mut app = app("edges");
        start(&mut app, level);
        for job in jobs(&mut app) {
            let c = centroid(&mut app, job.entity);
            let (b, _) = bounds_and_box(&mut app, job.entity);
            // Dropped beyond the top, then beyond the bottom right corner.
            for to in [Vec2::new(c.x, b.max.y + 3.0), b.max + Vec2::splat(2.0), Vec2::new(b.min.x, b.min.y - 1.0)] {
                let from = centroid(&mut app, job.entity);
                drag_any(&mut app, from, to);
                let (b, r) = bounds_and_box(&mut app, job.entity);
                assert!(inside(b, r), "{level}: piece {} dropped at {to} lies at {r:?}, outside {b:?}", job.goal.piece);
                // Turned where it lies (R), it stays inside too.
                key(&mut app, KeyCode::KeyR, "r");
                let (b, r) = bounds_and_box(&mut app, job.entity);
                assert!(
                    inside(b, r),
                    "{level}: piece {} turned at the edge lies at {r:?}, outside {b:?}",
                    job.goal.piece
                );
            }
        }
    }
}

fn key_combo(app: &mut App, modifier: KeyCode, code: KeyCode) {
    let msg = |key_code, state| KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut().write_message(msg(modifier, ButtonState::Pressed));
    app.world_mut().write_message(msg(code, ButtonState::Pressed));
    app.update();
    app.world_mut().write_message(msg(code, ButtonState::Released));
    app.world_mut().write_message(msg(modifier, ButtonState::Released));
    app.update();
}

// ---------------------------------------------------------------- touch

fn finger(app: &mut App, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput { phase, position: at, window: Entity::PLACEHOLDER, force: None, id });
    app.update();
}

fn tap(app: &mut App, at: Vec2) {
    let s = screen(app, at);
    finger(app, 1, TouchPhase::Started, s);
    finger(app, 1, TouchPhase::Ended, s);
}

fn pause(app: &mut App) {
    for _ in 0..8 {
        app.update();
    }
}

#[test]
fn touch_solves_a_level() {
    let mut app = app("touch");
    start(&mut app, LEVEL);
    for job in jobs(&mut app) {
        let (flip, rot) = turns(&job.now, &job.goal);
        let c = centroid(&mut app, job.entity);
        tap(&mut app, c); // select
        pause(&mut app);
        if flip {
            // A double tap mirrors (without turning).
            tap(&mut app, c);
            tap(&mut app, c);
            pause(&mut app);
            assert_eq!(placed(&mut app, job.entity).rot, job.now.rot, "a double tap does not turn");
        }
        for _ in 0..rot {
            // A tap on the selected piece turns it.
            let c = centroid(&mut app, job.entity);
            tap(&mut app, c);
            pause(&mut app);
        }
        let now = placed(&mut app, job.entity);
        assert_eq!(
            (now.rot.rem_euclid(8), now.flip),
            (job.goal.rot.rem_euclid(8), job.goal.flip),
            "piece {}",
            job.goal.piece
        );
        let c = centroid(&mut app, job.entity);
        let (a, b) = (screen(&app, c), screen(&app, job.goal_centroid));
        finger(&mut app, 1, TouchPhase::Started, a);
        for k in 1..=5 {
            finger(&mut app, 1, TouchPhase::Moved, a.lerp(b, k as f32 / 5.0));
        }
        finger(&mut app, 1, TouchPhase::Ended, b);
        pause(&mut app);
    }
    assert_eq!(state(&app), AppState::Solved);
}

#[test]
fn a_quick_second_tap_after_selecting_mirrors_without_turning() {
    let mut app = app("select-then-double");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    tap(&mut app, c); // selects
    tap(&mut app, c); // within the double-tap time: mirrors
    let p = placed(&mut app, job.entity);
    assert_eq!((p.rot, p.flip), (job.now.rot, !job.now.flip));
    // One undo step takes it back.
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, job.entity), job.now);
}

#[test]
fn two_finger_twist_turns_the_selected_piece() {
    let mut app = app("twist");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    tap(&mut app, c);
    pause(&mut app);
    let before = placed(&mut app, job.entity).rot;
    // Two fingers off the piece, turning a quarter turn counter-clockwise on screen.
    let mid = Vec2::new(200.0, 200.0);
    let (f1, f2) = (mid - Vec2::new(60.0, 0.0), mid + Vec2::new(60.0, 0.0));
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: f1,
        window: Entity::PLACEHOLDER,
        force: None,
        id: 7,
    });
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: f2,
        window: Entity::PLACEHOLDER,
        force: None,
        id: 8,
    });
    app.update();
    for k in 1..=9 {
        let a = std::f32::consts::FRAC_PI_2 * k as f32 / 9.0;
        let d = Vec2::new(a.cos(), -a.sin()) * 60.0; // screen y points down
        app.world_mut().write_message(TouchInput {
            phase: TouchPhase::Moved,
            position: mid - d,
            window: Entity::PLACEHOLDER,
            force: None,
            id: 7,
        });
        app.world_mut().write_message(TouchInput {
            phase: TouchPhase::Moved,
            position: mid + d,
            window: Entity::PLACEHOLDER,
            force: None,
            id: 8,
        });
        app.update();
    }
    assert_eq!(
        placed(&mut app, job.entity).rot.rem_euclid(8),
        (before + 2).rem_euclid(8),
        "a quarter-turn twist turns by two steps"
    );
}

// ---------------------------------------------------------------- gamepad

fn pad_button(app: &mut App, pad: Entity, b: GamepadButton) {
    for v in [1.0, 0.0] {
        app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, b, v)));
        app.update();
    }
}

fn pad_stick(app: &mut App, pad: Entity, v: Vec2) {
    app.world_mut().write_message(RawGamepadEvent::Axis(RawGamepadAxisChangedEvent::new(
        pad,
        GamepadAxis::LeftStickX,
        v.x,
    )));
    app.world_mut().write_message(RawGamepadEvent::Axis(RawGamepadAxisChangedEvent::new(
        pad,
        GamepadAxis::LeftStickY,
        v.y,
    )));
}

fn focus(app: &App) -> Vec2 {
    app.world().resource::<GamepadFocus>().pos
}

#[test]
fn gamepad_alone_solves_a_level() {
    let mut app = app("pad");
    start(&mut app, LEVEL);
    let pad = app.world_mut().spawn((Gamepad::default(), GamepadSettings::default())).id();
    let dt = 0.05;
    for job in jobs(&mut app) {
        // Move the focus from piece to piece until it is on this one.
        let mut hops = 0;
        while focus(&app).distance(centroid(&mut app, job.entity)) > 1e-3 {
            pad_button(&mut app, pad, GamepadButton::RightThumb);
            hops += 1;
            assert!(hops <= 8, "focus never reached piece {}", job.goal.piece);
        }
        // Pick up and drop in place: selects the piece.
        pad_button(&mut app, pad, GamepadButton::South);
        pad_button(&mut app, pad, GamepadButton::South);
        let (flip, rot) = turns(&job.now, &job.goal);
        if flip {
            pad_button(&mut app, pad, GamepadButton::North);
        }
        for _ in 0..rot {
            pad_button(&mut app, pad, GamepadButton::West);
        }
        // The turn moved the piece's centroid only by snapping; aim the focus at it again.
        let c = centroid(&mut app, job.entity);
        let mut hops = 0;
        while focus(&app).distance(c) > 1e-3 {
            pad_button(&mut app, pad, GamepadButton::RightThumb);
            hops += 1;
            assert!(hops <= 8);
        }
        pad_button(&mut app, pad, GamepadButton::South); // pick up
                                                         // Steer with the stick: full tilt, then a partial tilt for the rest.
        let d = job.goal_centroid - c;
        let per_frame = tessera::game::board::input::FOCUS_SPEED * dt;
        let full = (d.length() / per_frame).floor() as usize;
        pad_stick(&mut app, pad, d.normalize_or_zero());
        for _ in 0..full {
            app.update();
        }
        let rest = d.length() - full as f32 * per_frame;
        if rest / per_frame >= 0.25 {
            pad_stick(&mut app, pad, d.normalize_or_zero() * (rest / per_frame));
            app.update();
        }
        pad_stick(&mut app, pad, Vec2::ZERO);
        app.update();
        pad_button(&mut app, pad, GamepadButton::South); // drop (snaps onto the figure)
        let now = placed(&mut app, job.entity);
        assert_eq!((now.rot.rem_euclid(8), now.flip), (job.goal.rot.rem_euclid(8), job.goal.flip));
    }
    assert_eq!(state(&app), AppState::Solved, "progress {:?}", app.world().resource::<Progress>());
}

// ---------------------------------------------------------------- bad files

#[test]
fn corrupt_save_and_broken_pack_are_reported_and_nothing_else_is_lost() {
    let path = temp_save("corrupt");
    std::fs::write(&path, "(completed: {\"classic/arrow\": (best_ms: oops").unwrap();
    let dir = path.parent().unwrap().join("levels");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mine.ron"),
        tessera::level::EMBEDDED[0].2.replace("name: \"Classic tangram\"", "name: \"Mine\""),
    )
    .unwrap();
    std::fs::write(dir.join("broken.ron"), "(name: \"Broken\", levels: [ (id: \"x\", ").unwrap();
    let (user, errors) = tessera::level::load_dir(&dir);
    let mut packs = tessera::level::embedded_packs();
    packs.extend(user);

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(SaveState::load(path.clone()))
        .insert_resource(Library { packs, errors })
        .add_message::<CursorMoved>()
        .add_plugins(LogicPlugins);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::MainMenu, "the game starts");
    let save = app.world().resource::<SaveState>();
    let notice = EN.text(save.notice.as_ref().expect("the player is told"));
    assert!(notice.contains("could not be read") && notice.contains("corrupt"), "{notice}");
    assert!(!path.exists(), "the bad file was moved aside");
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("corrupt"))
        .collect();
    assert_eq!(kept.len(), 1, "and kept");
    let lib = app.world().resource::<Library>();
    // The embedded packs, today's dailies, and the good user pack.
    assert_eq!(lib.packs.len(), tessera::level::EMBEDDED.len() + 2, "the good user pack still loads");
    assert!(lib.packs.iter().any(|p| p.id == "mine"));
    assert_eq!(lib.errors.len(), 1);
    assert!(lib.errors[0].to_string().contains("broken.ron:1"), "{}", lib.errors[0]);
    // And the game plays on, saving to a fresh file.
    start(&mut app, "mine/arrow");
    assert_eq!(state(&app), AppState::Playing);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

// ---------------------------------------------------------------- hints

fn markers(app: &mut App) -> Vec<tessera::game::solver::hints::HintMarker> {
    app.world_mut().query::<&tessera::game::solver::hints::HintMarker>().iter(app.world()).copied().collect()
}

/// Presses H and waits (frames) for the hint task's answer to become an entity. (The task
/// pool is shared by the tests running side by side, so allow a generous number of frames.)
fn ask_hint(app: &mut App) -> Vec<tessera::game::solver::hints::HintMarker> {
    let before = markers(app).len();
    key(app, KeyCode::KeyH, "h");
    for _ in 0..20_000 {
        let m = markers(app);
        if m.len() > before {
            return m;
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    panic!("no hint arrived");
}

/// The solver lab lies in a card above the board (the board shrinks for it), and a solved
/// run's arrangement can be laid over the board: ghosts of every tile, which solve the level,
/// put away by the next move.
#[test]
fn the_lab_shows_the_arrangement_it_found_without_covering_the_board() {
    use tessera::game::board::view::{lab_card, BoardBounds, OffscreenSize};
    use tessera::game::solver::lab::{LabGhost, LabRun, LabShow, SolverLab};
    use tessera::game::solver::thinking::ThinkingGhost;
    let mut app = app_with("lab", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)));
    });
    start(&mut app, "edge/3x3-1");
    let top_of_board = |app: &App| {
        let b = app.world().resource::<BoardBounds>().0;
        app.world().resource::<View>().to_screen(Vec2::new(b.min.x, b.max.y)).y
    };
    let closed = top_of_board(&app);
    app.world_mut().resource_mut::<SolverLab>().open = true;
    app.update();
    let open = top_of_board(&app);
    assert!(open >= closed + lab_card(1280.0) - 1.0, "the board stays under the lab's card: top {closed} -> {open}");
    app.world_mut().write_message(LabRun(0));
    for _ in 0..20_000 {
        if !app.world().resource::<SolverLab>().results.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    let result = app.world().resource::<SolverLab>().results.first().cloned().expect("the run came back");
    assert!(result.solved && !result.solution.is_empty(), "{result:?}");
    app.world_mut().write_message(LabShow(0));
    app.update();
    let mut shown: Vec<Placement> = app
        .world_mut()
        .query_filtered::<&ThinkingGhost, With<LabGhost>>()
        .iter(app.world())
        .map(|g| g.placement)
        .collect();
    shown.sort_by_key(|p| p.piece);
    let level = app.world().resource::<ActiveLevel>().level.clone();
    assert_eq!(shown.len(), level.set.pieces.len(), "a ghost per tile");
    assert!(level.judge(&shown).solved, "the ghosts are a solution");
    // The next move puts them away.
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    drag_any(&mut app, c, c + Vec2::new(0.5, 0.0));
    app.update();
    assert_eq!(app.world_mut().query::<&LabGhost>().iter(app.world()).count(), 0);
}

fn set_placement(app: &mut App, piece: usize, p: Placement) {
    let mut q = app.world_mut().query::<(&Piece, &mut Placed)>();
    for (pc, mut pl) in q.iter_mut(app.world_mut()) {
        if pc.0 == piece {
            pl.0 = p;
        }
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: None, snapped: false });
    app.update();
}

#[test]
fn hints_show_which_piece_then_where_and_following_them_solves() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hints");
    start(&mut app, LEVEL);
    for _ in 0..7 {
        let m = ask_hint(&mut app);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].kind, HintKind::Which, "first step names the piece");
        let m = ask_hint(&mut app);
        let ghost = m
            .iter()
            .find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None })
            .expect("second step shows where");
        let before = app.world().resource::<Progress>().value;
        set_placement(&mut app, ghost.piece, ghost);
        assert!(markers(&mut app).is_empty(), "a placement clears the hint");
        let after = app.world().resource::<Progress>();
        assert!(after.value > before && !after.overlap, "the ghost's placement verifies: {before} -> {}", after.value);
        if after.solved {
            break;
        }
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

#[test]
fn a_wrong_placement_gets_a_move_this_piece_hint() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hint-wrong");
    start(&mut app, LEVEL);
    let mut wrong = app.world().resource::<ActiveLevel>().level.solution[0];
    wrong.at.0 += 0.5; // on the figure, off the lattice
    set_placement(&mut app, wrong.piece, wrong);
    let m = ask_hint(&mut app);
    assert_eq!(m, vec![tessera::game::solver::hints::HintMarker { piece: wrong.piece, kind: HintKind::MoveThis }]);
}

#[test]
fn hints_on_a_set_without_the_lattice_solver_come_from_the_geometric_solver() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hint-pento");
    start(&mut app, "abstract/pentominoes-6x10");
    let m = ask_hint(&mut app);
    assert_eq!(m[0].kind, HintKind::Which);
    let m = ask_hint(&mut app);
    let ghost = m.iter().find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None }).unwrap();
    set_placement(&mut app, ghost.piece, ghost);
    let p = app.world().resource::<Progress>();
    assert!(p.value > 0.0 && !p.overlap, "{}", p.value);
}

// ---------------------------------------------------------------- show thinking

fn ghosts(app: &mut App) -> Vec<tessera::game::solver::thinking::ThinkingGhost> {
    app.world_mut().query::<&tessera::game::solver::thinking::ThinkingGhost>().iter(app.world()).copied().collect()
}

#[test]
fn watching_the_solver_streams_partial_placements_and_ends_with_a_solution() {
    use tessera::game::solver::thinking::{Thinking, ThinkingPace};
    let mut app = app("watch");
    app.insert_resource(ThinkingPace(Duration::from_millis(1)));
    start(&mut app, LEVEL);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    let mut sizes = Vec::new();
    for _ in 0..2000 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
        sizes.push(ghosts(&mut app).len());
        if !app.world().resource::<Thinking>().running {
            break;
        }
    }
    let t = app.world().resource::<Thinking>();
    assert!(!t.running && t.shown > 1, "shown {}", t.shown);
    let said = EN.text(t.message.as_ref().unwrap());
    assert!(said.contains("found a solution"), "{said}");
    // Partial placements grew and ended with all seven pieces, which verify.
    assert!(sizes.iter().any(|&n| n > 0 && n < 7), "{sizes:?}");
    let g = ghosts(&mut app);
    assert_eq!(g.len(), 7);
    let active = app.world().resource::<ActiveLevel>().clone();
    let puzzle = active.level.puzzle();
    let pieces: Vec<tessera::verify::Piece> = g
        .iter()
        .map(|x| {
            assert!(x.base.abs() < 1e-9);
            tessera::verify::Piece::from_vertices(
                &x.placement.apply(&active.level.set.pieces[x.placement.piece], active.level.set.step()),
                puzzle.target.tol,
                x.placement.piece,
            )
            .unwrap()
        })
        .collect();
    let v = puzzle.judge(&pieces);
    assert!(v.solved || v.mirrored, "{v:?}");
}

#[test]
fn a_second_watch_or_a_placement_stops_the_solver() {
    use tessera::game::solver::thinking::{Thinking, ThinkingPace};
    let mut app = app("watch-stop");
    app.insert_resource(ThinkingPace(Duration::from_millis(200)));
    start(&mut app, LEVEL);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(!app.world().resource::<Thinking>().running);
    assert!(ghosts(&mut app).is_empty());
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    let p = app.world().resource::<ActiveLevel>().level.solution[0];
    set_placement(&mut app, p.piece, p);
    assert!(!app.world().resource::<Thinking>().running);
    // Frames later, nothing from the stopped search appears.
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(50));
        app.update();
    }
    assert!(ghosts(&mut app).is_empty());
}

// ---------------------------------------------------------------- polyomino levels

/// Asks for hints (which piece, then where) and places each ghost's piece, at most `pieces`
/// times, until the level is solved.
fn follow_hints_to_the_solved_screen(app: &mut App, pieces: usize) {
    use tessera::game::solver::hints::HintKind;
    for _ in 0..pieces {
        let m = ask_hint(app);
        assert_eq!(m[0].kind, HintKind::Which);
        let m = ask_hint(app);
        let ghost = m.iter().find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None }).unwrap();
        set_placement(app, ghost.piece, ghost);
        if app.world().resource::<Progress>().solved {
            break;
        }
    }
    app.update();
    assert_eq!(state(app), AppState::Solved);
}

#[test]
fn a_polyomino_level_is_judged_by_cells_and_hints_lead_to_the_solved_screen() {
    let mut app = app("poly");
    start(&mut app, "polyominoes/pento-5x6");
    let cells = app
        .world()
        .resource::<ActiveLevel>()
        .level
        .data::<tessera::family::polyomino::PolyLevel>()
        .unwrap()
        .board
        .cells
        .len();
    assert_eq!(cells, 30);
    // Drag the first piece of the reference solution into place with the mouse: progress is
    // the filled fraction (5 of 30 cells).
    let j = &jobs(&mut app)[0];
    click_and_turn(&mut app, j.entity, &j.now, &j.goal);
    let from = centroid(&mut app, j.entity);
    mouse_drag(&mut app, from, j.goal_centroid);
    let p = app.world().resource::<Progress>().clone();
    assert!((p.value - 5.0 / 30.0).abs() < 1e-9 && !p.overlap, "{p:?}");
    // Hints complete the rest.
    follow_hints_to_the_solved_screen(&mut app, 12);
}

#[test]
fn a_soma_cube_is_played_layer_by_layer_with_turns_in_space_and_hints_finish_it() {
    use tessera::polyform::place::turn;
    let mut app = app("soma");
    start(&mut app, "polyominoes/soma-cube");
    assert!(app.world().resource::<ActiveLevel>().level.solid().is_some());
    // The 3D view sits above the layer panels, and every piece starts clear of it.
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let picture = tessera::game::board::layout::frame(&level).unwrap();
    let top = level.target.iter().flatten().map(|v| v.at.y as f32).fold(f32::MIN, f32::max);
    assert!(picture.min.y > top, "{picture:?} above {top}");
    for j in jobs(&mut app) {
        let rings = level.place(&[j.now]);
        let hit =
            rings[0].iter().flat_map(|r| r.iter()).any(|v| picture.contains(Vec2::new(v.at.x as f32, v.at.y as f32)));
        assert!(!hit, "piece {} starts on the picture", j.now.piece);
    }
    // A piece whose reference rotation is not its start: the shortest run of R (a quarter turn
    // about the axis out of the screen) and F (tipping over) that reaches it.
    let j = jobs(&mut app).into_iter().find(|j| j.goal.rot != j.now.rot).unwrap();
    let mut paths: Vec<(i32, String)> = vec![(j.now.rot, String::new())];
    let mut k = 0;
    while paths.iter().all(|(o, _)| *o != j.goal.rot) {
        let (o, path) = paths[k].clone();
        for (next, key) in [(turn(o, 2, 1), 'r'), (turn(o, 0, 1), 'f')] {
            if paths.iter().all(|(q, _)| *q != next) {
                paths.push((next, format!("{path}{key}")));
            }
        }
        k += 1;
    }
    let keys = paths.iter().find(|(o, _)| *o == j.goal.rot).unwrap().1.clone();
    // Grip the piece by one of its squares (its centroid may lie between two layers).
    let grip = |app: &mut App| {
        let step = app.world().resource::<ActiveLevel>().level.set.step();
        let (g, p) = app
            .world_mut()
            .query::<(&PieceGeom, &Placed)>()
            .get(app.world(), j.entity)
            .map(|(g, p)| (g.clone(), *p))
            .unwrap();
        let c = tessera::pieces::ring_centroid(&p.world(&g, step)[0]);
        Vec2::new(c.x as f32, c.y as f32)
    };
    let at = grip(&mut app);
    mouse_click(&mut app, at);
    for ch in keys.chars() {
        key(&mut app, if ch == 'r' { KeyCode::KeyR } else { KeyCode::KeyF }, &ch.to_string());
    }
    let now = placed(&mut app, j.entity);
    assert_eq!(now.rot, j.goal.rot, "keys {keys}");
    assert_eq!((now.at.0.fract(), now.at.1.fract()), (0.0, 0.0), "a turned polycube lands on whole cells");
    // Drag it to its place: progress counts its cells out of 27.
    let from = grip(&mut app);
    let to = from + Vec2::new((j.goal.at.0 - now.at.0) as f32, (j.goal.at.1 - now.at.1) as f32);
    mouse_drag(&mut app, from, to);
    assert_eq!(placed(&mut app, j.entity), j.goal);
    let size =
        app.world().resource::<ActiveLevel>().level.data::<tessera::family::polyomino::PolyLevel>().unwrap().parts
            [j.goal.piece]
            .cells
            .len();
    let p = app.world().resource::<Progress>().clone();
    assert!((p.value - size as f64 / 27.0).abs() < 1e-9 && !p.overlap, "{p:?}");
    // Tipped over where it lies, it turns in place in the box; undo puts it back.
    key(&mut app, KeyCode::KeyF, "f");
    let tipped = placed(&mut app, j.entity);
    assert_ne!(tipped.rot, j.goal.rot);
    let (board, parts, _) = solid(&app);
    assert!(space::in_box(&board, &parts[j.goal.piece], &tipped).is_some());
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, j.entity), j.goal);
    // Hints complete the cube.
    follow_hints_to_the_solved_screen(&mut app, 7);
}

// ---------------------------------------------------------------- edge-matching levels

#[test]
fn an_edge_level_counts_matched_sides_names_a_wrong_tile_and_hints_solve_it() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("edge");
    start(&mut app, "edge/turn-4x4-1");
    let solution = app.world().resource::<ActiveLevel>().level.solution.clone();
    // The top-left corner's tile, turned as there, in the top-right corner: its east side
    // meets the frame.
    let puzzle =
        app.world().resource::<ActiveLevel>().level.data::<tessera::family::tiles::TileLevel>().unwrap().puzzle.clone();
    let corner = solution
        .iter()
        .find(|p| tessera::family::tiles::cells::tile_cell(&puzzle, p).map(|c| c.0) == Some(0))
        .copied()
        .unwrap();
    let rot = tessera::family::tiles::cells::tile_cell(&puzzle, &corner).unwrap().1;
    let wrong = tessera::family::tiles::cells::placement_of(&puzzle, corner.piece, 3, rot);
    set_placement(&mut app, corner.piece, wrong);
    assert!(
        !app.world().resource::<tessera::game::board::verification::Mismatched>().0.is_empty(),
        "its sides are marked"
    );
    let m = ask_hint(&mut app);
    assert_eq!(m[0], tessera::game::solver::hints::HintMarker { piece: corner.piece, kind: HintKind::MoveThis });
    // Put it right: progress counts matched inner sides (none yet with one tile).
    set_placement(&mut app, corner.piece, corner);
    assert!(app.world().resource::<tessera::game::board::verification::Mismatched>().0.is_empty());
    for _ in 0..16 {
        let m = ask_hint(&mut app);
        if m.is_empty() {
            break;
        }
        assert_eq!(m[0].kind, HintKind::Which);
        let m = ask_hint(&mut app);
        let ghost = m.iter().find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None }).unwrap();
        let before = app.world().resource::<Progress>().value;
        set_placement(&mut app, ghost.piece, ghost);
        let after = app.world().resource::<Progress>().value;
        assert!(after >= before, "{before} -> {after}");
        if app.world().resource::<Progress>().solved {
            break;
        }
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

#[test]
fn the_solver_lab_runs_the_lp_method_and_the_exact_search_as_tasks() {
    use tessera::game::solver::lab::{LabRun, SolverLab};
    let mut app = app("lab");
    start(&mut app, "edge/5x5-1");
    // The tile family's methods: 0 the exact search, 1 the LP.
    for run in [LabRun(1), LabRun(0)] {
        app.world_mut().write_message(run);
        for _ in 0..20_000 {
            app.update();
            if !app.world().resource::<SolverLab>().running {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let lab = app.world().resource::<SolverLab>();
    assert_eq!(lab.results.len(), 2, "{:?}", lab.results);
    assert!(lab.results.iter().all(|r| r.solved), "{:?}", lab.results);
    assert!(EN.text(&lab.results[0].work).contains("linear program"), "{:?}", lab.results[0]);
}

/// Show on an LP result plays its iterates first: the fractional assignment as faded tiles
/// (each tile's shares summing to 1 over the places the iterate holds it), one iterate per
/// pace, then the arrangement found, whole, which solves the level.
#[test]
fn the_lab_plays_the_lp_iterates_as_faded_tiles_then_the_solution() {
    use tessera::game::solver::lab::{LabGhost, LabRun, LabShow, SolverLab, ITERATE_PACE};
    use tessera::game::solver::thinking::ThinkingGhost;
    let mut app = app("lab-iterates");
    // Turning 6 x 6: the LP needs several programs here (5 when measured).
    start(&mut app, "edge/turn-6x6-2");
    app.world_mut().write_message(LabRun(1));
    for _ in 0..20_000 {
        app.update();
        if !app.world().resource::<SolverLab>().results.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let result = app.world().resource::<SolverLab>().results.first().cloned().expect("the run came back");
    assert!(result.solved && result.iterates.len() >= 2, "{} iterates", result.iterates.len());
    let tiles = app.world().resource::<ActiveLevel>().level.set.pieces.len();
    app.world_mut().write_message(LabShow(0));
    let ghosts = |app: &mut App| -> Vec<ThinkingGhost> {
        app.world_mut().query_filtered::<&ThinkingGhost, With<LabGhost>>().iter(app.world()).copied().collect()
    };
    let (mut frames, mut at): (Vec<Vec<ThinkingGhost>>, Vec<usize>) = (Vec::new(), Vec::new());
    for k in 0..2_000 {
        app.update();
        let now = ghosts(&mut app);
        if frames.last() != Some(&now) {
            frames.push(now);
            at.push(k);
        }
        if app.world().resource::<SolverLab>().playing.is_none() {
            break;
        }
    }
    assert!(app.world().resource::<SolverLab>().playing.is_none(), "the playback ends");
    assert_eq!(frames.len(), result.iterates.len() + 1, "every iterate, then the solution");
    let first = &frames[0];
    assert!(first.iter().any(|g| g.weight < 0.99), "the first iterate is fractional");
    for piece in 0..tiles {
        let share: f32 = first.iter().filter(|g| g.placement.piece == piece).map(|g| g.weight).sum();
        assert!(share <= 1.0 + 1e-4 && share > 0.4, "tile {piece}: its shares sum to {share}");
    }
    let last = frames.last().unwrap();
    assert!(last.iter().all(|g| g.weight == 1.0) && last.len() == tiles);
    let placed: Vec<Placement> = last.iter().map(|g| g.placement).collect();
    assert!(app.world().resource::<ActiveLevel>().level.judge(&placed).solved, "the last frame solves the level");
    // Each iterate stood for the pace (the test's clock steps 50 ms an update).
    let updates = (ITERATE_PACE / 0.05).round() as usize;
    assert!(at.windows(2).all(|w| w[1] - w[0] >= updates - 1), "frames at updates {at:?}");
}

/// The level's entities live exactly as long as the level: they stay on the solved screen,
/// are replaced when another level starts, and are gone once the player is back in the menus.
#[test]
fn level_entities_are_scoped_to_the_level() {
    use tessera::game::board::pieces::BoardItem;
    let count = |app: &mut App| app.world_mut().query_filtered::<Entity, With<BoardItem>>().iter(app.world()).count();
    let mut app = app("scoped");
    start(&mut app, LEVEL);
    let on_board = count(&mut app);
    assert!(on_board > 7, "the figure and seven pieces: {on_board}");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Solved);
    app.update();
    assert_eq!(count(&mut app), on_board, "the solved screen still shows the board");
    start(&mut app, "classic/arrow");
    assert_eq!(count(&mut app), on_board, "a new start replaces the board, it does not add one");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::LevelSelect);
    assert_eq!(count(&mut app), 0);
}

/// Curved pieces dropped a little off their place snap home: the first one, away from every
/// corner, by laying its arc on the figure's circle; the rest corner to corner.
#[test]
fn curved_pieces_snap_arc_to_arc_and_solve_the_circle() {
    let mut app = app("curved");
    start(&mut app, "circle/circle");
    let mut all = jobs(&mut app);
    // A segment first: its corners are far from the disc's (the figure has none nearby).
    let first = all.iter().position(|j| j.goal.piece == 4).unwrap();
    let seg = all.remove(first);
    all.insert(0, seg);
    for (i, job) in all.iter().enumerate() {
        let (flip, rot) = turns(&job.now, &job.goal);
        let c = centroid(&mut app, job.entity);
        mouse_click(&mut app, c);
        if flip {
            key(&mut app, KeyCode::KeyF, "f");
        }
        for _ in 0..rot {
            key(&mut app, KeyCode::KeyR, "r");
        }
        let c = centroid(&mut app, job.entity);
        mouse_drag(&mut app, c, job.goal_centroid + Vec2::new(0.09, -0.06));
        let now = placed(&mut app, job.entity);
        let off = (now.at.0 - job.goal.at.0).hypot(now.at.1 - job.goal.at.1);
        assert!(off < 1e-6, "piece {} (drop {i}) snapped {off} away from its place", job.goal.piece);
        assert_eq!((now.rot.rem_euclid(8), now.flip), (job.goal.rot.rem_euclid(8), job.goal.flip));
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

/// Today's daily opens from the menu's message, and solving it is saved under its key.
#[test]
fn todays_daily_opens_and_a_pasted_code_becomes_a_saved_level() {
    let dir = std::env::temp_dir().join(format!("tessera-game-codes-{}", std::process::id()));
    let shared = dir.join("levels").join("shared.ron");
    let today = tessera::support::dates::Date::parse("2026-11-23").unwrap();
    let mut app = app_with("codes", |app| {
        app.insert_resource(tessera::game::meta::daily::Today(today));
        app.insert_resource(tessera::game::meta::codes::SharedPackFile(shared.clone()));
    });
    // The daily pack is made from the date.
    app.world_mut().write_message(tessera::game::meta::daily::OpenDaily { family: "polyomino" });
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(app.world().resource::<ActiveLevel>().key, "daily/daily-polyomino-2026-11-23");
    // A bad code changes nothing but says why.
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode("not a code".into()));
    app.update();
    let err = EN.text(app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.as_ref().unwrap());
    assert!(err.contains("not a Tessera level code"), "{err}");
    assert_eq!(app.world().resource::<ActiveLevel>().key, "daily/daily-polyomino-2026-11-23");
    // A good one opens, lands in the shared pack on disk, and opening it again adds nothing.
    let arrow = tessera::level::embedded_packs()[0].levels.iter().find(|l| l.id == "arrow").unwrap().clone();
    let code = tessera::content::share::encode(&arrow.entry);
    for _ in 0..2 {
        app.world_mut().write_message(tessera::game::meta::codes::OpenCode(code.clone()));
        app.update();
        app.update();
        assert_eq!(app.world().resource::<ActiveLevel>().key, "shared/arrow");
    }
    assert!(app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.is_none());
    let (packs, errors) = tessera::level::load_dir(&dir.join("levels"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(packs[0].levels.len(), 1);
    // The level plays to the solved screen from its own solution.
    let jobs = jobs(&mut app);
    for job in &jobs {
        app.world_mut().get_mut::<Placed>(job.entity).unwrap().0 = job.goal;
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: None, snapped: false });
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shared pack on disk that does not load is never written over: the code's level still
/// opens, with a warning.
#[test]
fn a_broken_shared_pack_is_left_alone() {
    let dir = std::env::temp_dir().join(format!("tessera-game-broken-shared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shared = dir.join("shared.ron");
    std::fs::write(&shared, "(name: \"mine\", levels: [ broken").unwrap();
    let mut app = app_with("broken-shared", |app| {
        app.insert_resource(tessera::game::meta::codes::SharedPackFile(shared.clone()));
    });
    let arrow = tessera::level::embedded_packs()[0].levels.iter().find(|l| l.id == "arrow").unwrap().clone();
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode(tessera::content::share::encode(&arrow.entry)));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    let status = app.world().resource::<tessera::game::meta::codes::CodeStatus>();
    let warning = status.error.as_ref().map(|e| EN.text(e));
    let warning = warning.unwrap_or_else(|| panic!("{status:?} {:?}", std::fs::read_to_string(&shared)));
    assert!(warning.contains("left as it is"), "{warning}");
    assert_eq!(std::fs::read_to_string(&shared).unwrap(), "(name: \"mine\", levels: [ broken");
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------- the editor

/// Updates until the editor's verdict is in (the solver runs on the task pool); a guard against
/// a hang, not a speed limit.
fn verdict(app: &mut App) -> tessera::game::meta::editor::Verdict {
    use tessera::game::meta::editor::{Editor, Verdict};
    for _ in 0..20_000 {
        app.update();
        let v = app.world().resource::<Editor>().verdict.clone();
        if !matches!(v, Verdict::Thinking) {
            return v;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the verdict never came");
}

/// Presses on `from`, drags to `to` and lets go (no judgement: the editor does not judge).
fn drag(app: &mut App, from: Vec2, to: Vec2) {
    let (a, b) = (screen(app, from), screen(app, to));
    cursor(app, a);
    button(app, MouseButton::Left, ButtonState::Pressed);
    app.update();
    for k in 1..=4 {
        cursor(app, a.lerp(b, k as f32 / 4.0));
        app.update();
    }
    button(app, MouseButton::Left, ButtonState::Released);
    app.update();
}

/// A tangram figure is laid out in the editor with the mouse and keys; with "All pieces" on the
/// live verdict asks for every piece until the seventh is down, then says "unique"; saved, it
/// plays to the solved screen and is in the player's pack on disk.
#[test]
fn a_tangram_level_built_in_the_editor_is_judged_live_saved_and_played() {
    use tessera::game::meta::editor::{EditRequest, Editor, EditorPackFile, SaveDraft, Verdict};
    let dir = std::env::temp_dir().join(format!("tessera-game-editor-{}", std::process::id()));
    let mine = dir.join("levels").join("mine.ron");
    let mut app = app_with("editor", |app| {
        app.insert_resource(EditorPackFile(mine.clone()));
    });
    app.world_mut().write_message(EditRequest::Pieces("tangram".into()));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Editing);
    match verdict(&mut app) {
        Verdict::Refused(why) => assert_eq!(EN.text(&why), tessera::content::editor::NO_PIECES),
        v => panic!("an empty canvas has no figure to judge: {v:?}"),
    }
    assert!(verdict(&mut app).is_guidance(), "the first words are an instruction, not an error");
    // A figure with one filling (abstract/shard-05), moved onto the canvas by whole units.
    let (pack, level) = app.world().resource::<Library>().find("abstract/shard-05").unwrap();
    let shard = app.world().resource::<Library>().packs[pack].levels[level].clone();
    let n = shard.solution.len() as f64;
    let (cx, cy) = shard.solution.iter().fold((0.0, 0.0), |s, p| (s.0 + p.at.0 / n, s.1 + p.at.1 / n));
    let goals: Vec<Placement> =
        shard.solution.iter().map(|p| Placement { at: (p.at.0 - cx.round(), p.at.1 - cy.round()), ..*p }).collect();
    let step = shard.set.step();
    for (k, goal) in goals.iter().enumerate() {
        let mut q = app.world_mut().query::<(Entity, &Piece, &PieceGeom)>();
        let (e, geom) =
            q.iter(app.world()).find(|(_, p, _)| p.0 == goal.piece).map(|(e, _, g)| (e, g.clone())).unwrap();
        let now = placed(&mut app, e);
        click_and_turn(&mut app, e, &now, goal);
        let from = centroid(&mut app, e);
        drag(&mut app, from, Placed(*goal).world_centroid(&geom, step));
        let now = placed(&mut app, e);
        assert!((now.at.0 - goal.at.0).abs() < 1e-6 && (now.at.1 - goal.at.1).abs() < 1e-6, "{now:?} {goal:?}");
        let v = verdict(&mut app);
        if k + 1 < goals.len() {
            // With "All pieces" on, part of the set is not a level yet: the editor says what to
            // do, as an instruction (issue 33, item 8; it said "not solvable").
            assert!(v.is_guidance(), "{} of 7 pieces laid: {v:?}", k + 1);
            assert_eq!(v.text(&EN), EN.s("editor-use-all"), "{} of 7 pieces laid", k + 1);
            if k == 0 {
                // Unticked, the pieces laid are the level: one piece fills its own outline.
                app.world_mut().resource_mut::<Editor>().whole_set = false;
                app.world_mut().write_message(tessera::game::meta::editor::DraftChanged);
                assert!(matches!(verdict(&mut app), Verdict::Done(a) if a.unique()));
                app.world_mut().resource_mut::<Editor>().whole_set = true;
                app.world_mut().write_message(tessera::game::meta::editor::DraftChanged);
                assert!(verdict(&mut app).is_guidance());
            }
            continue;
        }
        let says = match &v {
            Verdict::Done(a) => a.verdict(),
            other => panic!("piece {k}: {other:?}"),
        };
        assert_eq!(says, "unique");
        assert!(v.text(&EN).contains("difficulty"), "{}", v.text(&EN));
    }
    // Saved under its name, then played.
    app.world_mut().resource_mut::<Editor>().name = "My shard".into();
    app.world_mut().write_message(SaveDraft { playtest: true });
    app.update();
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(app.world().resource::<ActiveLevel>().key, "mine/my-shard");
    let (packs, errors) = tessera::level::load_dir(&dir.join("levels"));
    assert!(errors.is_empty(), "{errors:?}");
    let saved = &packs[0].levels[0];
    assert_eq!((saved.name.as_str(), saved.difficulty > 0), ("My shard", true));
    // `tessera check-levels` accepts the saved pack.
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["check-levels", dir.join("levels").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    for job in jobs(&mut app) {
        click_and_turn(&mut app, job.entity, &job.now, &job.goal);
        let c = centroid(&mut app, job.entity);
        mouse_drag(&mut app, c, job.goal_centroid);
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    // Back in the editor the level reopens as saved; deleting it empties the pack and its file.
    app.world_mut().write_message(EditRequest::Level("mine/my-shard".into()));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Editing);
    assert!(matches!(verdict(&mut app), Verdict::Done(a) if a.unique()));
    app.world_mut().write_message(tessera::game::meta::editor::DeleteLevel("my-shard".into()));
    app.update();
    assert!(app.world().resource::<Library>().find("mine/my-shard").is_none());
    assert!(!mine.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Boards and tiles are painted in the editor's UI, which changes the draft and writes
/// `DraftChanged`: the verdict follows each change, and both save into the player's pack.
#[test]
fn painted_boards_and_tiles_are_judged_and_saved() {
    use tessera::game::meta::editor::{Draft, DraftChanged, EditRequest, Editor, EditorPackFile, SaveDraft, Verdict};
    let dir = std::env::temp_dir().join(format!("tessera-game-painted-{}", std::process::id()));
    let mine = dir.join("mine.ron");
    let mut app = app_with("painted", |app| {
        app.insert_resource(EditorPackFile(mine.clone()));
    });
    let says = |app: &mut App| match verdict(app) {
        Verdict::Done(a) => a.verdict(),
        Verdict::Refused(why) => EN.text(&why),
        v => panic!("{v:?}"),
    };
    // A new pentomino board: a 6 x 5 box cannot take all twelve parts (60 cells).
    app.world_mut().write_message(EditRequest::Poly("pentominoes".into()));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Editing);
    assert_eq!(says(&mut app), "not solvable");
    // Painted down to a 5 x 1 strip with only the I: one filling.
    {
        let mut ed = app.world_mut().resource_mut::<Editor>();
        let Some(Draft::Poly(d)) = ed.draft.as_mut() else { panic!("a board draft") };
        d.resize([5, 1, 1]);
        let i = d.parts.iter().position(|(n, _)| n == "I").unwrap();
        d.picked = (0..d.parts.len()).map(|k| k == i).collect();
        ed.name = "Strip".into();
    }
    app.world_mut().write_message(DraftChanged);
    assert_eq!(says(&mut app), "unique");
    app.world_mut().write_message(SaveDraft { playtest: false });
    app.update();
    assert!(app.world().resource::<Library>().find("mine/strip").is_some());
    // Edge tiles: generated, then a side repainted; still solvable, saved beside the strip.
    app.world_mut().write_message(EditRequest::Edge);
    app.update();
    app.update();
    let first = says(&mut app);
    assert!(first == "unique" || first.contains("solutions"), "{first}");
    {
        let mut ed = app.world_mut().resource_mut::<Editor>();
        let Some(Draft::Edge(d)) = ed.draft.as_mut() else { panic!("a tile draft") };
        d.paint(5, 1, 9);
        ed.name = "Tiles".into();
    }
    app.world_mut().write_message(DraftChanged);
    let after = says(&mut app);
    assert!(after == "unique" || after.contains("solutions"), "{after}");
    app.world_mut().write_message(SaveDraft { playtest: true });
    app.update();
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing, "{:?}", app.world().resource::<Editor>().status);
    assert_eq!(app.world().resource::<ActiveLevel>().key, "mine/tiles");
    let (packs, errors) = tessera::level::load_dir(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let ids: Vec<&str> = packs[0].levels.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["strip", "tiles"]);
    for l in &packs[0].levels {
        l.check_solution().unwrap();
        l.prove().unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 3D view of a polycube level turns with a drag that starts on it (no piece moves), with
/// the gamepad's right stick, and its slice hides the upper layers one by one.
#[test]
fn the_solid_view_turns_by_drag_and_stick_and_slices_its_layers() {
    use tessera::game::space::orbit::Orbit;
    let mut app = app("orbit");
    start(&mut app, "polycubes/soma-steps");
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let view = tessera::game::board::layout::frame(&level).unwrap();
    let before = *app.world().resource::<Orbit>();
    assert_eq!((before.layers, before.slice), (3, None));
    let pieces_before: Vec<Placement> = jobs(&mut app).iter().map(|j| j.now).collect();
    drag(&mut app, view.center(), view.center() + Vec2::new(1.0, 0.5));
    let after = *app.world().resource::<Orbit>();
    assert!(after.yaw < before.yaw - 0.2 && after.pitch < before.pitch, "{before:?} -> {after:?}");
    let pieces_after: Vec<Placement> = jobs(&mut app).iter().map(|j| j.now).collect();
    assert_eq!(pieces_before, pieces_after, "turning the view moves no piece");
    // A drag that starts off the view does not turn it.
    let far = view.min - Vec2::splat(3.0);
    drag(&mut app, far, far + Vec2::new(1.0, 0.0));
    assert_eq!(app.world().resource::<Orbit>().yaw, after.yaw);
    // The right stick turns it while held.
    let pad = app.world_mut().spawn((Gamepad::default(), GamepadSettings::default())).id();
    app.world_mut().write_message(RawGamepadEvent::Axis(RawGamepadAxisChangedEvent::new(
        pad,
        GamepadAxis::RightStickX,
        1.0,
    )));
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().resource::<Orbit>().yaw < after.yaw - 0.3);
    // The wheel over the view zooms in; two fingers spreading on it too.
    let zoom = app.world().resource::<Orbit>().zoom;
    let c = screen(&app, view.center());
    cursor(&mut app, c);
    app.world_mut().write_message(bevy::input::mouse::MouseWheel {
        unit: bevy::input::mouse::MouseScrollUnit::Line,
        x: 0.0,
        y: 1.0,
        window: Entity::PLACEHOLDER,
        phase: TouchPhase::Moved,
    });
    app.update();
    let wheeled = app.world().resource::<Orbit>().zoom;
    assert!(wheeled < zoom, "{zoom} -> {wheeled}");
    finger(&mut app, 1, TouchPhase::Started, c - Vec2::new(20.0, 0.0));
    finger(&mut app, 2, TouchPhase::Started, c + Vec2::new(20.0, 0.0));
    finger(&mut app, 2, TouchPhase::Moved, c + Vec2::new(60.0, 0.0));
    finger(&mut app, 1, TouchPhase::Ended, c - Vec2::new(20.0, 0.0));
    finger(&mut app, 2, TouchPhase::Ended, c + Vec2::new(60.0, 0.0));
    let pinched = app.world().resource::<Orbit>().zoom;
    assert!(pinched < wheeled, "{wheeled} -> {pinched}");
    assert_eq!(jobs(&mut app).iter().map(|j| j.now).collect::<Vec<_>>(), pieces_before, "no piece turned");
    // The slice: two layers, one, and never none; back to all.
    let mut orbit = *app.world().resource::<Orbit>();
    orbit.step_slice(-1);
    assert_eq!(orbit.slice, Some(2));
    assert!(orbit.shows(1) && !orbit.shows(2));
    orbit.step_slice(-1);
    orbit.step_slice(-1);
    assert_eq!(orbit.slice, Some(1));
    orbit.step_slice(5);
    assert_eq!(orbit.slice, None);
    // Zoom stays within its bounds.
    for _ in 0..50 {
        orbit.zoom_by(1.0);
    }
    assert_eq!(orbit.zoom, Orbit::ZOOM.0);
}

// ---------------------------------------------------------------- polycubes in 3D

use tessera::polyform::{lowest, space, Cell};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Hand {
    /// Mouse clicks and drags, keys to turn pieces in the tray.
    Mouse,
    /// One finger: taps and drags.
    Touch,
    /// Gamepad buttons only.
    Pad,
}

/// The level's box, its parts, and the 3D view's rectangle.
fn solid(app: &App) -> (tessera::polyform::pack::Board, Vec<Vec<Cell>>, Rect) {
    let level = &app.world().resource::<ActiveLevel>().level;
    let poly = level.solid().unwrap();
    let rect = tessera::game::board::layout::frame(level).unwrap();
    (poly.board.clone(), poly.parts.iter().map(|p| p.cells.clone()).collect(), rect)
}

fn orbit(app: &App) -> tessera::game::space::orbit::Orbit {
    *app.world().resource::<tessera::game::space::orbit::Orbit>()
}

/// Every piece in the box: its number and cells.
fn boxed(app: &mut App) -> Vec<(usize, Vec<Cell>)> {
    let (board, parts, _) = solid(app);
    let mut q = app.world_mut().query::<&Placed>();
    q.iter(app.world()).filter_map(|p| space::in_box(&board, &parts[p.0.piece], &p.0).map(|c| (p.0.piece, c))).collect()
}

fn selected(app: &App) -> Option<Entity> {
    app.world().resource::<tessera::game::board::placement::Selection>().selected
}

/// Where on the screen (board coordinates) the player would grab piece `k` by a face across
/// `axis`: the middle of a face of one of its cubes that the eye sees first.
fn face(app: &mut App, k: usize, axis: usize) -> Option<[f64; 3]> {
    let (board, _, rect) = solid(app);
    let o = orbit(app);
    let all = boxed(app);
    let cubes: Vec<(usize, Cell)> = all.iter().flat_map(|(p, cs)| cs.iter().map(move |c| (*p, *c))).collect();
    let mine = &all.iter().find(|(p, _)| *p == k)?.1;
    for c in mine {
        for side in [0.0, 1.0] {
            let mut q = [c[0] as f64 + 0.5, c[1] as f64 + 0.5, c[2] as f64 + 0.5];
            q[axis] = c[axis] as f64 + side;
            let Some(s) = o.project(board.extent(), rect, q).filter(|s| rect.contains(*s)) else { continue };
            let hit = space::pick(&o.ray(board.extent(), rect, s), cubes.iter().copied());
            if hit.is_some_and(|h| (h.tag, h.cell, h.axis) == (k, *c, axis)) {
                return Some(q);
            }
        }
    }
    None
}

/// Turns the view a little with a drag on its empty corner, as a player looking for a better
/// side would.
fn look_around(app: &mut App, hand: Hand) {
    let (_, _, rect) = solid(app);
    let yaw = orbit(app).yaw;
    let at = rect.min + Vec2::splat(0.1);
    stroke(app, hand, at, at + Vec2::new(1.0, 0.0));
    assert!(orbit(app).yaw < yaw, "the view turns");
}

/// Retries `find` from up to a dozen sides of the figure.
fn from_some_side<T>(app: &mut App, hand: Hand, mut find: impl FnMut(&mut App) -> Option<T>) -> T {
    for _ in 0..13 {
        if let Some(t) = find(app) {
            return t;
        }
        look_around(app, hand);
    }
    panic!("not seen from any side");
}

/// A board point on the view whose ray meets no piece and enters an empty cell where piece
/// `k`, turned `rot`, has room, and from where it can be dragged to `goal`.
fn room(app: &mut App, k: usize, rot: i32, goal: &[Cell]) -> Option<Vec2> {
    let (board, parts, rect) = solid(app);
    let o = orbit(app);
    let all = boxed(app);
    let taken: Vec<Cell> = all.iter().flat_map(|(_, c)| c.clone()).collect();
    let cubes: Vec<(usize, Cell)> = all.iter().flat_map(|(p, cs)| cs.iter().map(move |c| (*p, *c))).collect();
    for c in board.cells.iter().filter(|c| !taken.contains(c)) {
        let q = [c[0] as f64 + 0.5, c[1] as f64 + 0.5, c[2] as f64 + 0.5];
        let Some(s) = o.project(board.extent(), rect, q).filter(|s| rect.contains(*s)) else { continue };
        let ray = o.ray(board.extent(), rect, s);
        if space::pick(&ray, cubes.iter().copied()).is_some() {
            continue;
        }
        let empty = board.cells.iter().filter(|c| !taken.contains(c)).map(|&c| (0, c));
        let Some(hit) = space::pick(&ray, empty) else { continue };
        if let (cells, Ok(_)) = space::entry(&board, &parts[k], k, rot, Some(hit.cell), &all) {
            if way(&board, &all, &cells, goal).is_some() {
                return Some(s);
            }
        }
    }
    None
}

/// How to drag a piece from `now` to `goal`, each drag landing on free cells: a drag across
/// a face moves it in that face's plane (a top face, axis 2: over the floor). The fewest
/// drags, or `None`.
fn way(
    board: &tessera::polyform::pack::Board,
    others: &[(usize, Vec<Cell>)],
    now: &[Cell],
    goal: &[Cell],
) -> Option<Vec<(usize, Cell)>> {
    let (a, b) = (lowest(now), lowest(goal));
    let free = |at: Cell| {
        let cells: Vec<Cell> =
            now.iter().map(|c| [c[0] - a[0] + at[0], c[1] - a[1] + at[1], c[2] - a[2] + at[2]]).collect();
        space::check(board, &cells, others).is_ok()
    };
    let e = board.extent();
    let mut seen: Vec<(Cell, Vec<(usize, Cell)>)> = vec![(a, vec![])];
    let mut i = 0;
    while i < seen.len() {
        let (at, path) = seen[i].clone();
        if at == b {
            return Some(path);
        }
        let all = (0..e[0]).flat_map(|x| (0..e[1]).flat_map(move |y| (0..e[2]).map(move |z| [x, y, z])));
        for (axis, to) in all.flat_map(|to| (0..3).filter(move |&a| to[a] == at[a]).map(move |a| (a, to))) {
            if to != at && free(to) && seen.iter().all(|(q, _)| *q != to) {
                let d = [to[0] - at[0], to[1] - at[1], to[2] - at[2]];
                seen.push((to, [path.clone(), vec![(axis, d)]].concat()));
            }
        }
        i += 1;
    }
    None
}

/// Press at `from`, move to `to` in four steps, let go (board coordinates).
fn stroke(app: &mut App, hand: Hand, from: Vec2, to: Vec2) {
    if hand == Hand::Mouse {
        return drag(app, from, to);
    }
    let (a, b) = (screen(app, from), screen(app, to));
    finger(app, 1, TouchPhase::Started, a);
    for k in 1..=4 {
        finger(app, 1, TouchPhase::Moved, a.lerp(b, k as f32 / 4.0));
    }
    finger(app, 1, TouchPhase::Ended, b);
}

fn press(app: &mut App, hand: Hand, at: Vec2) {
    if hand == Hand::Mouse {
        mouse_click(app, at)
    } else {
        tap(app, at)
    }
}

/// The shortest run of quarter turns (each about one of `axes`, a letter each) from one
/// rotation to another.
fn turn_path(from: i32, to: i32, axes: &[(usize, char)]) -> String {
    use tessera::polyform::place::turn;
    let mut paths: Vec<(i32, String)> = vec![(from, String::new())];
    let mut k = 0;
    while paths.iter().all(|(o, _)| *o != to) {
        let (o, path) = paths[k].clone();
        for &(axis, ch) in axes {
            let next = turn(o, axis, 1);
            if paths.iter().all(|(q, _)| *q != next) {
                paths.push((next, format!("{path}{ch}")));
            }
        }
        k += 1;
    }
    paths.into_iter().find(|(o, _)| *o == to).unwrap().1
}

/// The grip point of a tray piece: the middle of one of its drawn squares.
fn square_of(app: &mut App, e: Entity) -> Vec2 {
    let step = app.world().resource::<ActiveLevel>().level.set.step();
    let (g, p) =
        app.world_mut().query::<(&PieceGeom, &Placed)>().get(app.world(), e).map(|(g, p)| (g.clone(), *p)).unwrap();
    let c = tessera::pieces::ring_centroid(&p.world(&g, step)[0]);
    Vec2::new(c.x as f32, c.y as f32)
}

/// The cell step each d-pad direction and shoulder moves the selected piece by, as the view
/// is turned now.
fn pad_moves(app: &App) -> Vec<(Cell, GamepadButton)> {
    let (right, ahead) = orbit(app).floor_axes();
    [
        (IVec2::X, GamepadButton::DPadRight),
        (-IVec2::X, GamepadButton::DPadLeft),
        (IVec2::Y, GamepadButton::DPadUp),
        (-IVec2::Y, GamepadButton::DPadDown),
    ]
    .into_iter()
    .map(|(v, b)| (std::array::from_fn(|a| right[a] * v.x + ahead[a] * v.y), b))
    .chain([([0, 0, 1], GamepadButton::RightTrigger), ([0, 0, -1], GamepadButton::LeftTrigger)])
    .collect()
}

/// Solves a polycube level in its 3D view with one kind of input: each piece (bottom layers
/// first) is selected, turned in the tray, put in the box and moved to its place there.
fn solve_in_3d(app: &mut App, hand: Hand) {
    let pad = app.world_mut().spawn((Gamepad::default(), GamepadSettings::default())).id();
    let (board, parts, _) = solid(app);
    let mut todo = jobs(app);
    todo.sort_by_key(|j| {
        let cells = space::in_box(&board, &parts[j.goal.piece], &j.goal).unwrap();
        (lowest(&cells)[2], j.goal.piece)
    });
    let total = todo.len();
    for (n, j) in todo.iter().enumerate() {
        let k = j.goal.piece;
        // Select it.
        if hand == Hand::Pad {
            for _ in 0..total {
                if selected(app) == Some(j.entity) {
                    break;
                }
                pad_button(app, pad, GamepadButton::RightThumb);
            }
        } else {
            let at = square_of(app, j.entity);
            press(app, hand, at);
        }
        assert_eq!(selected(app), Some(j.entity), "{hand:?} selects piece {k}");
        // Turn it in the tray: R, F, T (keys), tap and double tap (finger), West, North, East.
        let now = placed(app, j.entity).rot;
        let axes: &[(usize, char)] =
            if hand == Hand::Touch { &[(2, 'r'), (0, 'f')] } else { &[(2, 'r'), (0, 'f'), (1, 't')] };
        for ch in turn_path(now, j.goal.rot, axes).chars() {
            match (hand, ch) {
                (Hand::Mouse, c) => {
                    let code = [KeyCode::KeyR, KeyCode::KeyF, KeyCode::KeyT]["rft".find(c).unwrap()];
                    key(app, code, &c.to_string());
                }
                (Hand::Touch, c) => {
                    pause(app);
                    let at = square_of(app, j.entity);
                    tap(app, at);
                    if c == 'f' {
                        let at = square_of(app, j.entity);
                        tap(app, at);
                    }
                }
                (Hand::Pad, c) => {
                    let b = [GamepadButton::West, GamepadButton::North, GamepadButton::East]["rft".find(c).unwrap()];
                    pad_button(app, pad, b);
                }
            }
        }
        pause(app);
        assert_eq!(placed(app, j.entity).rot, j.goal.rot, "{hand:?} turns piece {k}");
        // Into the box: a click or tap on an empty cell, or South.
        let goal = space::in_box(&board, &parts[k], &j.goal).unwrap();
        if hand == Hand::Pad {
            pad_button(app, pad, GamepadButton::South);
        } else {
            let at = from_some_side(app, hand, |app| room(app, k, j.goal.rot, &goal));
            press(app, hand, at);
        }
        let now = space::in_box(&board, &parts[k], &placed(app, j.entity)).expect("in the box");
        let (a, b) = (lowest(&now), lowest(&goal));
        let d: Cell = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let others: Vec<(usize, Vec<Cell>)> = boxed(app).into_iter().filter(|(p, _)| *p != k).collect();
        if hand == Hand::Pad {
            // Steps through free places: the d-pad as seen (floor), the shoulders (layers).
            let moves = pad_moves(app);
            let mut paths: Vec<(Cell, Vec<GamepadButton>)> = vec![([0; 3], vec![])];
            let mut i = 0;
            while paths.iter().all(|(s, _)| *s != d) {
                let (s, path) = paths[i].clone();
                for (m, b) in &moves {
                    let t = [s[0] + m[0], s[1] + m[1], s[2] + m[2]];
                    let cells: Vec<Cell> = now.iter().map(|c| [c[0] + t[0], c[1] + t[1], c[2] + t[2]]).collect();
                    if paths.iter().all(|(q, _)| *q != t) && space::check(&board, &cells, &others).is_ok() {
                        paths.push((t, [path.clone(), vec![*b]].concat()));
                    }
                }
                i += 1;
            }
            for b in paths.into_iter().find(|(s, _)| *s == d).unwrap().1 {
                pad_button(app, pad, b);
            }
        } else {
            let order = way(&board, &others, &now, &goal).unwrap_or_else(|| panic!("no free way for piece {k}"));
            for (axis, m) in order {
                let q = from_some_side(app, hand, |app| face(app, k, axis));
                let (board, _, rect) = solid(app);
                let o = orbit(app);
                let to = [q[0] + m[0] as f64, q[1] + m[1] as f64, q[2] + m[2] as f64];
                let (from, to) =
                    (o.project(board.extent(), rect, q).unwrap(), o.project(board.extent(), rect, to).unwrap());
                stroke(app, hand, from, to);
            }
        }
        assert_eq!(
            space::in_box(&board, &parts[k], &placed(app, j.entity)).map(|c| lowest(&c)),
            Some(b),
            "{hand:?} moves piece {k} into place"
        );
        let p = app.world().resource::<Progress>().clone();
        assert!(!p.overlap, "{p:?}");
        if n + 1 < total {
            assert!(!p.solved, "{p:?}");
        }
    }
    app.update();
    assert_eq!(state(app), AppState::Solved, "{hand:?}");
}

#[test]
fn a_soma_cube_is_solved_in_3d_with_the_mouse() {
    let mut app = app("soma-mouse");
    start(&mut app, "polyominoes/soma-cube");
    solve_in_3d(&mut app, Hand::Mouse);
}

#[test]
fn a_soma_cube_is_solved_in_3d_by_touch() {
    let mut app = app("soma-touch");
    start(&mut app, "polyominoes/soma-cube");
    solve_in_3d(&mut app, Hand::Touch);
}

#[test]
fn a_soma_figure_is_solved_in_3d_with_the_gamepad() {
    let mut app = app("soma-pad");
    start(&mut app, "polycubes/soma-steps");
    solve_in_3d(&mut app, Hand::Pad);
}

/// A move out of the box or into another piece is refused: the piece stays, no move is
/// counted, and the refusal says where it would have gone and why, until the next move.
#[test]
fn moves_out_of_the_box_or_into_a_piece_are_refused_and_shown() {
    use tessera::game::space::grip::Refused;
    use tessera::polyform::space::Blocked;
    let mut app = app("refused");
    start(&mut app, "polyominoes/soma-cube");
    let pad = app.world_mut().spawn((Gamepad::default(), GamepadSettings::default())).id();
    let refusal = |app: &App| app.world().resource::<Refused>().0.clone();
    // The first piece goes in at the first free place, on the floor.
    pad_button(&mut app, pad, GamepadButton::RightThumb);
    let first = selected(&app).unwrap();
    pad_button(&mut app, pad, GamepadButton::South);
    let (board, parts, _) = solid(&app);
    let p0 = placed(&mut app, first);
    let cells0 = space::in_box(&board, &parts[p0.piece], &p0).expect("in the box");
    assert_eq!(lowest(&cells0)[2], 0);
    let moves = app.world().resource::<ActiveLevel>().moves;
    // Down through the floor: refused, shown below it.
    pad_button(&mut app, pad, GamepadButton::LeftTrigger);
    let r = refusal(&app).expect("refused");
    assert_eq!(r.why, Blocked::Outside);
    assert!(r.cells.iter().all(|c| c[2] == cells0.iter().find(|d| d[0] == c[0] && d[1] == c[1]).unwrap()[2] - 1));
    assert_eq!(placed(&mut app, first), p0);
    assert_eq!(app.world().resource::<ActiveLevel>().moves, moves);
    // The second piece goes in beside it; stepped into it, it is refused with its name.
    pad_button(&mut app, pad, GamepadButton::RightThumb);
    let second = selected(&app).unwrap();
    pad_button(&mut app, pad, GamepadButton::South);
    let p1 = placed(&mut app, second);
    let cells1 = space::in_box(&board, &parts[p1.piece], &p1).unwrap();
    let toward = pad_moves(&app)
        .into_iter()
        .find(|(d, _): &(Cell, GamepadButton)| {
            let cells: Vec<Cell> = cells1.iter().map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]]).collect();
            space::check(&board, &cells, &[(p0.piece, cells0.clone())]) == Err(Blocked::Overlap(p0.piece))
        })
        .map(|(_, b)| b)
        .expect("a step that runs into the first piece");
    pad_button(&mut app, pad, toward);
    assert_eq!(refusal(&app).map(|r| r.why), Some(Blocked::Overlap(p0.piece)));
    assert_eq!(placed(&mut app, second), p1);
    // The refusal stays however slowly frames come (at 1280x800 on a software renderer a
    // timed one was gone before it was drawn), until the player's next move.
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(refusal(&app).map(|r| r.why), Some(Blocked::Overlap(p0.piece)));
    pad_button(&mut app, pad, GamepadButton::RightThumb);
    assert_eq!(refusal(&app), None);
}

// ---------------------------------------------------------------- keyboard only, motion

fn selected_piece(app: &App) -> Option<Entity> {
    app.world().resource::<tessera::game::board::placement::Selection>().selected
}

fn press_key(app: &mut App, code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// Solves the level with keys alone: Tab to each piece, F and R to turn it, arrows to move it.
fn keyboard_solve(app: &mut App, rotations: i32) {
    for job in jobs(app) {
        let mut tabs = 0;
        while selected_piece(app) != Some(job.entity) {
            key(app, KeyCode::Tab, "\t");
            tabs += 1;
            assert!(tabs <= 40, "Tab never reached piece {}", job.goal.piece);
        }
        if placed(app, job.entity).flip != job.goal.flip {
            key(app, KeyCode::KeyF, "f");
        }
        let mut presses = 0;
        while placed(app, job.entity).rot.rem_euclid(rotations) != job.goal.rot.rem_euclid(rotations) {
            key(app, KeyCode::KeyR, "r");
            presses += 1;
            assert!(presses <= rotations, "R never turned piece {} into place", job.goal.piece);
        }
        assert_eq!(placed(app, job.entity).flip, job.goal.flip);
        let mut steps = 0;
        loop {
            let d = job.goal_centroid - centroid(app, job.entity);
            if d.length() < 1e-4 {
                break;
            }
            let code = if d.x.abs() >= d.y.abs() {
                if d.x > 0.0 {
                    KeyCode::ArrowRight
                } else {
                    KeyCode::ArrowLeft
                }
            } else if d.y > 0.0 {
                KeyCode::ArrowUp
            } else {
                KeyCode::ArrowDown
            };
            key(app, code, "");
            steps += 1;
            assert!(steps <= 200, "arrows never brought piece {} into place (off by {d})", job.goal.piece);
        }
    }
    app.update();
    assert_eq!(state(app), AppState::Solved, "progress {:?}", app.world().resource::<Progress>());
}

#[test]
fn keyboard_alone_solves_a_board_and_a_tangram() {
    let mut app = app("keys");
    start(&mut app, "polyominoes/pento-5x3");
    keyboard_solve(&mut app, 4);
    // Steps of one piece in a row are one move and one undo step.
    let mut app = self::app("keys-undo");
    start(&mut app, "polyominoes/pento-5x3");
    key(&mut app, KeyCode::Tab, "\t");
    let e = selected_piece(&app).expect("Tab selects a piece");
    let start_at = placed(&mut app, e).at;
    for _ in 0..3 {
        key(&mut app, KeyCode::ArrowRight, "");
    }
    let moved = placed(&mut app, e).at;
    assert!((moved.0 - start_at.0 - 3.0).abs() < 1.0 + 1e-9, "three cells right: {start_at:?} -> {moved:?}");
    assert_eq!(app.world().resource::<ActiveLevel>().moves, 1);
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, e).at, start_at);
    // A tangram: steps of a quarter unit, snapping on the way.
    let mut app = self::app("keys-tangram");
    start(&mut app, LEVEL);
    keyboard_solve(&mut app, 8);
}

#[test]
fn pieces_glide_unless_motion_is_reduced() {
    for reduce in [false, true] {
        let mut app = app(if reduce { "still" } else { "glide" });
        app.world_mut().resource_mut::<SaveState>().data.settings.reduce_motion = reduce;
        start(&mut app, "polyominoes/pento-5x3");
        key(&mut app, KeyCode::Tab, "\t");
        let e = selected_piece(&app).unwrap();
        // The first step puts the piece on the grid's cells; let that glide end.
        key(&mut app, KeyCode::ArrowUp, "");
        for _ in 0..3 {
            app.update();
        }
        let shown = |app: &mut App| app.world_mut().query::<&Transform>().get(app.world(), e).unwrap().translation;
        let goal = |app: &mut App| {
            let step = app.world().resource::<ActiveLevel>().level.set.step();
            let (g, p) = app.world_mut().query::<(&PieceGeom, &Placed)>().get(app.world(), e).unwrap();
            p.transform(g, step, 0.0).translation
        };
        let before = shown(&mut app);
        assert!((before - goal(&mut app)).truncate().length() < 1e-5, "at rest, drawn where placed");
        // One frame: the key goes down and the placement (already judged) moves a cell.
        press_key(&mut app, KeyCode::ArrowUp, ButtonState::Pressed);
        app.update();
        press_key(&mut app, KeyCode::ArrowUp, ButtonState::Released);
        let (now, want) = (shown(&mut app), goal(&mut app));
        assert!(
            (want - before).truncate().length() > 0.9,
            "the placement moved a cell: {before} -> {want}, drawn {now}"
        );
        if reduce {
            assert!((now - want).truncate().length() < 1e-5, "reduced motion: in place in the same frame");
        } else {
            let gone = (now - before).truncate().length() / (want - before).truncate().length();
            assert!(gone > 0.0 && gone < 1.0, "mid-glide after one frame: {gone}");
            // 50 ms frames: the 120 ms glide is over after three.
            for _ in 0..3 {
                app.update();
            }
            assert!((shown(&mut app) - want).truncate().length() < 1e-5, "the glide ends in place");
        }
    }
}

// ---------------------------------------------------------------- tutorial and languages

fn tutorial(app: &App) -> &tessera::game::meta::tutorial::Tutorial {
    app.world().resource::<tessera::game::meta::tutorial::Tutorial>()
}

#[test]
fn the_tutorial_teaches_each_control_by_doing_it_and_shows_once() {
    use tessera::game::meta::tutorial::{InputKind, StartTutorial, Step, Tutorial};
    use tessera::game::shared::Action;
    let path = temp_save("tutorial");
    let _ = std::fs::remove_file(&path);
    let mut app = app("tutorial");
    start(&mut app, LEVEL);
    assert!(tutorial(&app).active, "first launch: the tutorial shows");
    assert_eq!(tutorial(&app).steps, [Step::Move, Step::Turn, Step::Flip, Step::Hint, Step::Undo]);
    assert_eq!(tutorial(&app).current(), Some(Step::Move));
    // Said for the input in use: the mouse at first on a desktop, the keyboard once a key is down.
    assert_eq!(*app.world().resource::<InputKind>(), InputKind::Mouse);
    // A turn is not a move: the step stays until a piece is moved.
    app.world_mut().write_message(Action::Rotate(1));
    app.update();
    assert_eq!(tutorial(&app).current(), Some(Step::Move));
    let j = jobs(&mut app);
    let from = centroid(&mut app, j[0].entity);
    mouse_drag(&mut app, from, from + Vec2::new(0.5, 0.0));
    assert_eq!(tutorial(&app).current(), Some(Step::Turn));
    key(&mut app, KeyCode::KeyR, "r");
    assert_eq!(*app.world().resource::<InputKind>(), InputKind::Keyboard);
    assert_eq!(Tutorial::instruction(Step::Flip, InputKind::Keyboard), "tut-flip-keys");
    assert_eq!(tutorial(&app).current(), Some(Step::Flip));
    key(&mut app, KeyCode::KeyF, "f");
    assert_eq!(tutorial(&app).current(), Some(Step::Hint));
    assert!(!app.world().resource::<SaveState>().data.settings.tutorial_done);
    key(&mut app, KeyCode::KeyH, "h");
    assert_eq!(tutorial(&app).current(), Some(Step::Undo));
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(tutorial(&app).current(), None, "all done");
    assert!(tutorial(&app).active, "the card says so until it is closed or the level left");
    assert!(app.world().resource::<SaveState>().data.settings.tutorial_done);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("tutorial_done: true"), "{saved}");

    // Launched again on the same save: no tutorial.
    let mut again = self::app("tutorial");
    start(&mut again, LEVEL);
    assert!(!tutorial(&again).active, "shown once");
    // The settings' button plays it again, on the first level.
    again.world_mut().write_message(StartTutorial);
    again.update();
    again.update();
    assert_eq!(state(&again), AppState::Playing);
    let first = &again.world().resource::<Library>().packs[0].levels[0].id;
    assert_eq!(&again.world().resource::<ActiveLevel>().level.id, first);
    assert_eq!(tutorial(&again).current(), Some(Step::Move));
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn the_tutorial_can_be_skipped_and_fits_the_level() {
    use tessera::game::meta::tutorial::{SkipTutorial, Step};
    let mut app = app("tutorial-skip");
    // Pieces that only slide: no turn or flip step.
    start(&mut app, "sliding/convex-square");
    let caps = app.world().resource::<ActiveLevel>().level.caps();
    assert!(!caps.turn && !caps.mirror, "{caps:?}");
    assert_eq!(tutorial(&app).steps, [Step::Move, Step::Hint, Step::Undo]);
    app.world_mut().write_message(SkipTutorial);
    app.update();
    assert!(!tutorial(&app).active);
    assert!(app.world().resource::<SaveState>().data.settings.tutorial_done, "skipping counts as seen");
    start(&mut app, LEVEL);
    assert!(!tutorial(&app).active);
}

/// A polycube piece resting in the tray is drawn as a picture of its cubes over its box, so a
/// press anywhere in that box picks it (not only on its layers' squares, which are not drawn).
#[test]
fn a_polycube_piece_in_the_tray_is_picked_anywhere_in_its_picture() {
    let mut app = app("tray-pick");
    start(&mut app, "polycubes/soma-steps");
    let step = app.world().resource::<ActiveLevel>().level.set.step();
    let mut q = app.world_mut().query::<(Entity, &PieceGeom, &Placed)>();
    let pieces: Vec<(Entity, PieceGeom, Placed)> = q.iter(app.world()).map(|(e, g, p)| (e, g.clone(), *p)).collect();
    // A point of a piece's box that none of its squares covers.
    let (e, at) = pieces
        .iter()
        .find_map(|(e, g, p)| {
            let rings = p.world(g, step);
            let b = tessera::game::board::pieces::bbox_of(&rings);
            let on = |x: f64, y: f64| {
                rings.iter().any(|r| {
                    let s = tessera::game::board::pieces::bbox_of(std::slice::from_ref(r));
                    (s.min.x..=s.max.x).contains(&x) && (s.min.y..=s.max.y).contains(&y)
                })
            };
            (0..=8).flat_map(|i| (0..=8).map(move |j| (i, j))).find_map(|(i, j)| {
                let (x, y) = (
                    b.min.x + (b.max.x - b.min.x) * (0.05 + 0.9 * i as f64 / 8.0),
                    b.min.y + (b.max.y - b.min.y) * (0.05 + 0.9 * j as f64 / 8.0),
                );
                (!on(x, y)
                    && !pieces.iter().any(|(o, og, op)| {
                        o != e
                            && tessera::game::board::pieces::bbox_of(&op.world(og, step))
                                .contains(tessera::geom::pt(x, y), 0.0)
                    }))
                .then(|| (*e, Vec2::new(x as f32, y as f32)))
            })
        })
        .expect("a piece whose layers leave a gap in its box");
    mouse_click(&mut app, at);
    assert_eq!(app.world().resource::<tessera::game::board::placement::Selection>().selected, Some(e));
}

/// Solved, the figure is drawn above the solved panel, not under it (it covered the figure's
/// bottom), at both sizes.
#[test]
fn the_solved_figure_stays_clear_of_the_solved_panel() {
    use tessera::game::board::view::{solved_panel, FigureBounds, OffscreenSize};
    for size in [Vec2::new(1280.0, 800.0), Vec2::new(390.0, 844.0)] {
        let mut app = app_with("solved-panel", |app| {
            app.insert_resource(OffscreenSize(size));
        });
        start(&mut app, LEVEL);
        for p in app.world().resource::<ActiveLevel>().level.solution.clone() {
            set_placement(&mut app, p.piece, p);
        }
        app.update();
        assert_eq!(state(&app), AppState::Solved);
        let f = app.world().resource::<FigureBounds>().0.unwrap();
        let view = *app.world().resource::<View>();
        let (top, bottom) = (view.to_screen(f.max).y, view.to_screen(f.min).y);
        assert!(
            bottom <= size.y - solved_panel(size.x) + 0.5,
            "{size}: the figure reaches y {bottom}, under the panel"
        );
        // Drawn large: the tray is empty now, so the figure alone is fitted.
        assert!(
            bottom - top >= 0.4 * (size.y - solved_panel(size.x)),
            "{size}: the figure is {} px high",
            bottom - top
        );
    }
}

/// Puts piece `piece` at `p` as a player's move would (a placement naming its piece).
fn put(app: &mut App, piece: usize, p: Placement) {
    let mut q = app.world_mut().query::<(Entity, &Piece, &mut Placed)>();
    let mut moved = None;
    for (e, pc, mut pl) in q.iter_mut(app.world_mut()) {
        if pc.0 == piece {
            pl.0 = p;
            moved = Some(e);
        }
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: moved, snapped: false });
    app.update();
}

/// Edge matching has its own introduction, taught by doing: a tile placed, two that match, a
/// dark side against the frame. It shows on the first edge level instead of the first
/// tutorial, which still waits for a dissection; once done it does not come back.
#[test]
fn edge_matching_is_introduced_by_doing_once() {
    let mut app = app("intro-tiles");
    start(&mut app, "edge/3x3-1");
    let says = |app: &App| tutorial(app).intro_step().map(|s| s.says);
    assert_eq!(says(&app), Some("intro-tiles-place"));
    let steps = tutorial(&app).intro.as_ref().unwrap().0.steps.len();
    assert_eq!(steps, 3, "3x3-1's tiles do not turn: no turning step");
    let solution = app.world().resource::<ActiveLevel>().level.solution.clone();
    // A tile alone on the board: placed, but nothing matched yet.
    put(&mut app, solution[4].piece, solution[4]);
    assert_eq!(says(&app), Some("intro-tiles-match"));
    // The rest of the solution, in order: neighbours match, edge tiles lie against the frame.
    for p in solution.iter().filter(|p| p.piece != solution[4].piece) {
        put(&mut app, p.piece, *p);
    }
    assert_eq!(says(&app), None, "done");
    assert!(tutorial(&app).active, "the card says so until closed");
    let save = &app.world().resource::<SaveState>().data;
    assert_eq!(save.intros, ["tiles"]);
    assert!(!save.settings.tutorial_done, "the first tutorial is still to come");
    start(&mut app, "edge/3x3-2");
    assert!(!tutorial(&app).active, "shown once");
    start(&mut app, LEVEL);
    assert!(tutorial(&app).active && tutorial(&app).intro.is_none(), "the first tutorial on a dissection");
}

/// Polycubes too: a piece into the box, slid, turned, the view turned, the layers hidden.
#[test]
fn polycubes_are_introduced_by_doing() {
    use tessera::game::space::orbit::Orbit;
    let mut app = app("intro-solid");
    start(&mut app, "polyominoes/soma-2x3x4");
    let says = |app: &App| tutorial(app).intro_step().map(|s| s.says);
    assert_eq!(says(&app), Some("intro-solid-in"));
    let solution = app.world().resource::<ActiveLevel>().level.solution.clone();
    put(&mut app, solution[0].piece, solution[0]);
    assert_eq!(says(&app), Some("intro-solid-slide"));
    put(&mut app, solution[1].piece, solution[1]);
    assert_eq!(says(&app), Some("intro-solid-turn"));
    app.world_mut().write_message(tessera::game::shared::Action::Roll(1));
    app.update();
    assert_eq!(says(&app), Some("intro-solid-look"));
    app.world_mut().resource_mut::<Orbit>().drag(Vec2::new(0.3, 0.0));
    app.update();
    assert_eq!(says(&app), Some("intro-solid-layers"));
    app.world_mut().resource_mut::<Orbit>().step_slice(-1);
    app.update();
    assert_eq!(says(&app), None);
    assert_eq!(app.world().resource::<SaveState>().data.intros, ["solid"]);
}

#[test]
fn the_first_launch_speaks_the_system_language_and_the_setting_changes_it() {
    use tessera::game::meta::language::{SystemLanguage, Words};
    use tessera::support::i18n::Lang;
    let mut app = app_with("language", |app| {
        app.insert_resource(SystemLanguage(Lang::PtBr));
    });
    assert_eq!(app.world().resource::<SaveState>().data.settings.language, Some(Lang::PtBr));
    let words = *app.world().resource::<Words>();
    assert_eq!(words.s("menu-play"), "Jogar");
    // What the game reports is kept as a message and said in the language of the moment.
    start(&mut app, LEVEL);
    ask_hint(&mut app);
    let hint = app.world().resource::<tessera::game::solver::hints::HintState>().message.clone().unwrap();
    assert_eq!(app.world().resource::<Words>().text(&hint), "Esta peça agora. Peça de novo para ver onde.");
    // The setting, as the settings screen changes it.
    app.world_mut().resource_mut::<SaveState>().data.settings.language = Some(Lang::En);
    app.update();
    let words = *app.world().resource::<Words>();
    assert_eq!(words.s("menu-play"), "Play");
    assert_eq!(words.text(&hint), "This piece next. Ask again to see where.");
    // A saved language wins over the system's.
    app.world_mut().resource_mut::<SaveState>().store();
    let again = app_with("language", |app| {
        app.insert_resource(SystemLanguage(Lang::PtBr));
    });
    assert_eq!(again.world().resource::<Words>().s("menu-play"), "Play");
}

/// Issue 33, item 1: the red bars on mismatched sides belong to the level. Leaving it for the
/// menu takes them away (they stayed on the menu, the settings and the editor's canvas).
#[test]
fn mismatch_bars_leave_with_the_level() {
    use tessera::game::draw::tiles::{MismatchMarker, TilesPlugin};
    let mut app = app("bars");
    app.add_plugins(TilesPlugin);
    start(&mut app, "edge/turn-4x4-1");
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let puzzle = level.data::<tessera::family::tiles::TileLevel>().unwrap().puzzle.clone();
    let corner = level
        .solution
        .iter()
        .find(|p| tessera::family::tiles::cells::tile_cell(&puzzle, p).map(|c| c.0) == Some(0))
        .copied()
        .unwrap();
    let rot = tessera::family::tiles::cells::tile_cell(&puzzle, &corner).unwrap().1;
    set_placement(&mut app, corner.piece, tessera::family::tiles::cells::placement_of(&puzzle, corner.piece, 3, rot));
    app.update();
    let bars =
        |app: &mut App| app.world_mut().query_filtered::<Entity, With<MismatchMarker>>().iter(app.world()).count();
    assert!(bars(&mut app) > 0, "a wrong tile's sides get red bars");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::MainMenu);
    assert_eq!(bars(&mut app), 0, "no red bar stays on the menu");
}

/// Issue 33, item 2: a right-click turns the piece under the pointer, not the one selected
/// before (the tutorial says "right-click it").
#[test]
fn a_right_click_turns_the_piece_under_the_pointer() {
    let mut app = app("right-click");
    start(&mut app, LEVEL);
    let pieces = jobs(&mut app);
    let (first, second) = (pieces[0].entity, pieces[1].entity);
    let at = centroid(&mut app, first);
    mouse_click(&mut app, at);
    let (first_before, second_before) = (placed(&mut app, first), placed(&mut app, second));
    let there = centroid(&mut app, second);
    let there = screen(&app, there);
    cursor(&mut app, there);
    button(&mut app, MouseButton::Right, ButtonState::Pressed);
    app.update();
    button(&mut app, MouseButton::Right, ButtonState::Released);
    app.update();
    assert_eq!(placed(&mut app, first), first_before, "the piece selected before stays as it was");
    assert_ne!(placed(&mut app, second).rot, second_before.rot, "the piece under the pointer turns");
}

/// Issue 33, item 6: after a restart the level list opens at the pack last played (it opened
/// at the first pack). Since issue 34 the list opens at the packs, that one marked and
/// scrolled to; leaving a level opens its pack's grid.
#[test]
fn the_packs_mark_the_pack_played_last_after_a_restart_and_a_level_returns_to_its_pack() {
    use tessera::game::meta::save::ListFocus;
    let key = "polyominoes/pentominoes-6x10";
    let mut first = app("last-pack");
    start(&mut first, key);
    let pack = first.world().resource::<ActiveLevel>().pack;
    assert!(pack > 0, "a pack other than the first");
    drop(first);
    // The same save file, a new game.
    let mut app = app("last-pack");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::LevelSelect);
    // From the menu the list shows the packs, the one played last marked.
    assert_eq!(app.world().resource::<ListFocus>().last, Some(pack));
    assert_eq!(app.world().resource::<ListFocus>().open, None);
    // Leaving a level opens its pack's grid; the menu closes it again.
    let other = "edge/3x3-1";
    start(&mut app, other);
    let edge = app.world().resource::<ActiveLevel>().pack;
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ListFocus>().open, Some(edge));
    assert_eq!(app.world().resource::<ListFocus>().last, Some(edge));
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ListFocus>().open, None);
}
