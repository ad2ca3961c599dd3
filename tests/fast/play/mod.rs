//! Headless game tests: `MinimalPlugins` plus the game's logic plugins, driven by injected
//! mouse, touch and gamepad input until a level is judged solved. This file is the harness
//! (an app on the main menu, levels started, input written as the window would write it,
//! hints asked and followed); the tests sit in one file per subject.

mod cubes;
mod desktop;
mod editor;
mod families;
mod feedback;
mod gamepad;
mod hints;
mod keyboard;
mod saves;
mod touch;
mod tutorial;

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
use tessera::game::board::input::{GamepadFocus, LiftedAgo};
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
    // The mirror is the screen's (left to right): it takes a piece turned by r to the mirrored
    // piece turned by -r.
    let flip = now.flip != goal.flip;
    let rot = if flip { -now.rot } else { now.rot };
    (flip, (goal.rot - rot).rem_euclid(8))
}

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

/// A mouse drag whose drop may be refused (so it is not asserted to be judged).
fn drag_any(app: &mut App, from: Vec2, to: Vec2) {
    drag_to(app, from, to);
    button(app, MouseButton::Left, ButtonState::Released);
    app.update();
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

fn pad_button(app: &mut App, pad: Entity, b: GamepadButton) {
    for v in [1.0, 0.0] {
        app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, b, v)));
        app.update();
    }
}

fn markers(app: &mut App) -> Vec<tessera::game::solver::hints::HintMarker> {
    app.world_mut().query::<&tessera::game::solver::hints::HintMarker>().iter(app.world()).copied().collect()
}

/// Presses H and waits (frames) for the hint task's answer to become an entity. (The task
/// pool is shared by the tests running side by side, so allow a generous number of frames.)
fn ask_hint(app: &mut App) -> Vec<tessera::game::solver::hints::HintMarker> {
    use tessera::game::solver::hints::HintState;
    use tessera::pieces::{Check, Hint};
    let before = markers(app).len();
    // On a position found fine the ladder's first step marks nothing: ask on to the next.
    for _ in 0..3 {
        let (_, m) = hint_step(app);
        let fine = matches!(app.world().resource::<HintState>().last, Some(Check::Fine(Hint::Next(_))));
        if m.len() > before || !fine {
            return m;
        }
    }
    panic!("no hint marked a piece");
}

/// Asks for the hint ladder's next step (H) and waits for its answer: what it says (the
/// message's id) and the marks on the board.
fn hint_step(app: &mut App) -> (String, Vec<tessera::game::solver::hints::HintMarker>) {
    use tessera::game::solver::hints::HintState;
    let asked = |h: &HintState| (h.shown, h.search());
    let before = asked(app.world().resource::<HintState>());
    key(app, KeyCode::KeyH, "h");
    for _ in 0..20_000 {
        let h = app.world().resource::<HintState>();
        let said = h.message.as_ref().map(|t| t.id.to_string()).unwrap_or_default();
        if !h.thinking() && said != "hint-thinking" && (asked(h) != before || h.last.is_none()) {
            return (said, markers(app));
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    panic!("no hint arrived");
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

use tessera::polyform::{lowest, space, Cell};

/// The level's box, its parts, and the 3D view's rectangle.
fn solid(app: &App) -> (tessera::polyform::pack::Board, Vec<Vec<Cell>>, Rect) {
    let level = &app.world().resource::<ActiveLevel>().level;
    let poly = level.solid().unwrap();
    let rect = app.world().resource::<tessera::game::shared::SolidArea>().0.unwrap();
    (poly.board.clone(), poly.parts.iter().map(|p| p.cells.clone()).collect(), rect)
}

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
