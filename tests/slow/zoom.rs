//! Zoom, pan and the turned board on a phone's screen (390 x 844), headless: `MinimalPlugins`
//! plus the game's logic plugins, driven by injected keys, wheel, mouse and touch.
#![cfg(feature = "game")]

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::CursorMoved;
use std::time::Duration;
use tessera::game::board::levels::{ActiveLevel, Library, PlayLevel};
use tessera::game::board::pieces::{Piece, PieceGeom, Placed};
use tessera::game::board::view::{BoardBounds, OffscreenSize, View, Zoom, CELL_PX};
use tessera::game::meta::save::SaveState;
use tessera::game::{AppState, LogicPlugins};

const PHONE: Vec2 = Vec2::new(390.0, 844.0);

fn app(tag: &str) -> App {
    let dir = std::env::temp_dir().join(format!("tessera-zoom-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .insert_resource(SaveState::load(dir.join("progress.ron")))
        .insert_resource(Library { packs: tessera::level::embedded_packs(), errors: vec![] })
        .insert_resource(OffscreenSize(PHONE))
        .add_message::<CursorMoved>();
    app.add_plugins(LogicPlugins);
    app.update();
    app.update();
    app
}

fn start(app: &mut App, pack: usize, level: usize) {
    app.world_mut().write_message(PlayLevel { pack, level });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
}

fn view(app: &App) -> View {
    *app.world().resource::<View>()
}

fn zoom(app: &App) -> Zoom {
    *app.world().resource::<Zoom>()
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

fn cursor(app: &mut App, at: Vec2) {
    app.world_mut().write_message(CursorMoved { window: Entity::PLACEHOLDER, position: at, delta: None });
}

fn wheel(app: &mut App, at: Vec2, y: f32) {
    cursor(app, at);
    app.world_mut().write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y,
        window: Entity::PLACEHOLDER,
        phase: TouchPhase::Moved,
    });
    app.update();
}

fn button(app: &mut App, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput { button: MouseButton::Left, state, window: Entity::PLACEHOLDER });
}

fn finger(app: &mut App, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput { phase, position: at, window: Entity::PLACEHOLDER, force: None, id });
}

/// The board's corners on screen all lie inside the screen.
fn whole_board_in_view(app: &App) -> bool {
    let (v, b) = (view(app), app.world().resource::<BoardBounds>().0);
    [b.min, b.max, Vec2::new(b.min.x, b.max.y), Vec2::new(b.max.x, b.min.y)].iter().all(|&c| {
        let s = v.to_screen(c);
        (-0.5..=PHONE.x + 0.5).contains(&s.x) && (-0.5..=PHONE.y + 0.5).contains(&s.y)
    })
}

/// A screen point over the empty board: the first cell of the figure (pieces start in the
/// tray, off the figure), away from a polycube level's 3D view.
fn empty_spot(app: &mut App) -> Vec2 {
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let solid = app.world().resource::<tessera::game::shared::SolidArea>().0;
    let spot = level
        .target
        .iter()
        .map(|r| {
            let c = tessera::pieces::ring_centroid(r);
            Vec2::new(c.x as f32, c.y as f32)
        })
        .find(|c| !solid.is_some_and(|s| s.contains(*c)))
        .expect("a cell outside the 3D view");
    view(app).to_screen(spot)
}

/// Every shipped level with cells or tiles (polyominoes, polycubes, edge matching) starts with
/// its whole board in view on a phone, and zooms in (the + key) until its cells are at least
/// 44 px; zooming out (0) fits it again.
#[test]
fn every_grid_level_starts_whole_and_zooms_to_finger_sized_cells_on_a_phone() {
    let mut app = app("grid");
    let packs = app.world().resource::<Library>().packs.clone();
    let mut checked = 0;
    for (pi, pack) in packs.iter().enumerate() {
        for (li, level) in pack.levels.iter().enumerate() {
            if level.cells() == tessera::family::Cells::Free {
                continue;
            }
            start(&mut app, pi, li);
            let name = format!("{}/{}", pack.id, level.id);
            assert!(whole_board_in_view(&app), "{name}: the board does not start whole in view");
            assert_eq!(zoom(&app).factor, 1.0, "{name}");
            let fitted = 1.0 / view(&app).scale;
            // Zoomed in until a press no longer zooms (at most 40 presses).
            let mut cell = fitted;
            for _ in 0..40 {
                key(&mut app, KeyCode::Equal, "=");
                let grown = 1.0 / view(&app).scale;
                if grown <= cell {
                    break;
                }
                cell = grown;
            }
            assert!(cell >= 44.0, "{name}: cells reach only {cell:.1} px (fitted {fitted:.1} px)");
            assert!(cell >= CELL_PX.min(fitted * 4.0) - 0.01, "{name}: zoom stops at {cell:.1} px");
            key(&mut app, KeyCode::Digit0, "0");
            assert_eq!(zoom(&app).factor, 1.0, "{name}: 0 fits the board again");
            checked += 1;
        }
    }
    assert!(checked >= 85, "only {checked} grid levels checked");
}

/// The 6 x 10 pentomino board is shown turned on a portrait phone (its long side along the
/// screen's), and not on a desktop window; the wheel over the empty board zooms about the
/// pointer, a drag on it pans, and a pinch zooms in too.
#[test]
fn a_wide_board_turns_on_a_phone_and_wheel_drag_and_pinch_zoom_and_pan_it() {
    let mut app = app("wide");
    let (pi, li) = app.world().resource::<Library>().find("polyominoes/pentominoes-6x10").unwrap();
    start(&mut app, pi, li);
    let v = view(&app);
    assert!(v.turned, "the 10 x 6 board turns on a portrait phone");
    // The board's long axis (x) runs down the screen.
    let (a, b) = (v.to_screen(Vec2::ZERO), v.to_screen(Vec2::new(10.0, 0.0)));
    assert!((a.x - b.x).abs() < 0.01 && (a.y - b.y).abs() > 100.0, "{a} {b}");
    assert!(whole_board_in_view(&app));

    // The wheel over the empty board zooms in. Once the board overflows the screen both ways
    // (a board that fits along an axis stays centred on it), the board point under the
    // pointer stays put.
    let pieces_before: Vec<i32> = app.world_mut().query::<&Placed>().iter(app.world()).map(|p| p.0.rot).collect();
    let spot = empty_spot(&mut app);
    wheel(&mut app, spot, 1.0);
    app.update();
    assert!(zoom(&app).factor > 1.2, "the wheel zooms in: {:?}", zoom(&app));
    for _ in 0..4 {
        let spot = empty_spot(&mut app);
        wheel(&mut app, spot, 1.0);
    }
    let spot = empty_spot(&mut app) + Vec2::new(20.0, -30.0);
    let under = view(&app).to_world(spot);
    let before = zoom(&app).factor;
    wheel(&mut app, spot, 1.0);
    app.update();
    assert!(zoom(&app).factor > before * 1.2, "{before} {:?}", zoom(&app));
    assert!(view(&app).to_world(spot).distance(under) < 1e-3, "the point under the pointer moved");
    let pieces_after: Vec<i32> = app.world_mut().query::<&Placed>().iter(app.world()).map(|p| p.0.rot).collect();
    assert_eq!(pieces_before, pieces_after, "a wheel over the empty board turns no piece");

    // A drag on the empty board pans: the point pressed stays under the pointer.
    let spot = empty_spot(&mut app);
    let grabbed = view(&app).to_world(spot);
    cursor(&mut app, spot);
    button(&mut app, ButtonState::Pressed);
    app.update();
    let to = spot + Vec2::new(0.0, 40.0);
    cursor(&mut app, to);
    app.update();
    app.update();
    button(&mut app, ButtonState::Released);
    app.update();
    assert!(zoom(&app).pan.length() > 0.1, "the drag pans");
    assert!(view(&app).to_world(to).distance(grabbed) < 0.05, "the board followed the pointer");

    // Fit, then a pinch on the empty board: fingers apart zoom in.
    key(&mut app, KeyCode::Digit0, "0");
    assert_eq!(zoom(&app).factor, 1.0);
    let mid = empty_spot(&mut app);
    finger(&mut app, 1, TouchPhase::Started, mid - Vec2::new(0.0, 30.0));
    finger(&mut app, 2, TouchPhase::Started, mid + Vec2::new(0.0, 30.0));
    app.update();
    for k in 1..=10 {
        let d = 30.0 + 9.0 * k as f32;
        finger(&mut app, 1, TouchPhase::Moved, mid - Vec2::new(0.0, d));
        finger(&mut app, 2, TouchPhase::Moved, mid + Vec2::new(0.0, d));
        app.update();
    }
    finger(&mut app, 1, TouchPhase::Ended, mid - Vec2::new(0.0, 120.0));
    finger(&mut app, 2, TouchPhase::Ended, mid + Vec2::new(0.0, 120.0));
    app.update();
    let z = zoom(&app).factor;
    assert!(z > 2.0, "a pinch from 60 to 240 px zooms in: {z}");

    // Solved, the board is fitted whole again.
    let active = app.world().resource::<ActiveLevel>().level.clone();
    let mut q = app.world_mut().query::<(&Piece, &mut Placed, &PieceGeom)>();
    for (p, mut placed, _) in q.iter_mut(app.world_mut()) {
        placed.0 = *active.solution.iter().find(|s| s.piece == p.0).unwrap();
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: None, snapped: false });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Solved);
    assert_eq!(zoom(&app).factor, 1.0, "a solved board is fitted again");
}
