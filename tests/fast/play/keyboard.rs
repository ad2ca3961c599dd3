//! The keyboard as a model a player can predict (P1a): Tab goes from piece to piece, Enter
//! lifts the selected piece and puts it down, the arrows move it by the grid's steps, Escape
//! puts it back; and the defects met playing the real window, each at its cause.

use super::*;
use tessera::game::board::placement::Selection;

fn selected_number(app: &mut App) -> Option<usize> {
    let e = app.world().resource::<Selection>().selected?;
    app.world_mut().query::<&Piece>().get(app.world(), e).ok().map(|p| p.0)
}

fn moves(app: &App) -> u32 {
    app.world().resource::<ActiveLevel>().moves
}

/// Steps the selected piece with the arrows until its centroid lies on `goal` (each arrow kept
/// only when it brings the piece nearer).
fn arrow_to(app: &mut App, e: Entity, goal: Vec2) {
    let arrows = [(KeyCode::ArrowRight, KeyCode::ArrowLeft), (KeyCode::ArrowUp, KeyCode::ArrowDown)];
    for _ in 0..80 {
        let now = centroid(app, e).distance(goal);
        if now < 1e-3 {
            return;
        }
        // One arrow, else two (on the hexagons' lattice a diagonal is two steps).
        let mut better = false;
        let keys: Vec<(KeyCode, KeyCode)> = arrows.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        let tries: Vec<Vec<(KeyCode, KeyCode)>> = keys
            .iter()
            .map(|&k| vec![k])
            .chain(keys.iter().flat_map(|&k| keys.iter().map(move |&l| vec![k, l])))
            .collect();
        for t in tries {
            for &(a, _) in &t {
                key(app, a, "");
            }
            if centroid(app, e).distance(goal) < now - 1e-4 {
                better = true;
                break;
            }
            for &(_, b) in t.iter().rev() {
                key(app, b, "");
            }
        }
        assert!(better, "no arrow brings the piece nearer: {now}");
    }
    panic!("the piece did not reach its place");
}

/// A polyhex level played to solved with the keys alone: Tab to each piece, Enter, R and F to
/// its turn, the arrows to its place (a cell of the hexagons' lattice a step), Enter.
#[test]
fn a_polyhex_level_is_solved_with_the_keys_alone() {
    let mut app = app("keys-polyhex");
    start(&mut app, "polyhexes/tetrahexes-4x3");
    for job in jobs(&mut app) {
        for _ in 0..8 {
            if selected_number(&mut app) == Some(job.goal.piece) {
                break;
            }
            key(&mut app, KeyCode::Tab, "\t");
        }
        assert_eq!(selected_number(&mut app), Some(job.goal.piece));
        key(&mut app, KeyCode::Enter, "\r");
        assert!(app.world().resource::<Selection>().lifted, "Enter lifts the selected piece");
        let before = moves(&app);
        if placed(&mut app, job.entity).flip != job.goal.flip {
            key(&mut app, KeyCode::KeyF, "f");
        }
        for _ in 0..6 {
            if placed(&mut app, job.entity).rot.rem_euclid(6) == job.goal.rot.rem_euclid(6) {
                break;
            }
            key(&mut app, KeyCode::KeyR, "r");
        }
        arrow_to(&mut app, job.entity, job.goal_centroid);
        assert_eq!(moves(&app), before, "a lifted piece's steps and turns are one move, made when it is put down");
        key(&mut app, KeyCode::Enter, "\r");
        assert!(!app.world().resource::<Selection>().lifted);
        assert_eq!(moves(&app), before + 1);
    }
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<Progress>().solved, "solved by the keys alone");
}

/// Escape puts a lifted piece back where Enter picked it up, as no move (the interface, not
/// in this headless game, leaves the level on an Escape with nothing lifted).
#[test]
fn escape_puts_a_lifted_piece_back() {
    let mut app = app("keys-escape");
    start(&mut app, "polyhexes/tetrahexes-4x3");
    key(&mut app, KeyCode::Tab, "\t");
    let e = app.world().resource::<Selection>().selected.expect("Tab selects a piece");
    let was = placed(&mut app, e);
    key(&mut app, KeyCode::Enter, "\r");
    key(&mut app, KeyCode::ArrowRight, "");
    key(&mut app, KeyCode::ArrowUp, "");
    assert_ne!(placed(&mut app, e), was);
    key(&mut app, KeyCode::Escape, "");
    assert_eq!((placed(&mut app, e), moves(&app), state(&app)), (was, 0, AppState::Playing));
    assert!(!app.world().resource::<Selection>().lifted);
}

/// The keyboard's focus follows the selected piece wherever it goes: it floated over empty
/// board once a hint or an undo had moved the piece.
#[test]
fn the_focus_follows_the_selected_piece() {
    let mut app = app("keys-focus");
    start(&mut app, "polyhexes/tetrahexes-4x3");
    key(&mut app, KeyCode::Tab, "\t");
    let e = app.world().resource::<Selection>().selected.unwrap();
    key(&mut app, KeyCode::ArrowRight, "");
    key(&mut app, KeyCode::ArrowRight, "");
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    app.update();
    let at = centroid(&mut app, e);
    let focus = app.world().resource::<GamepadFocus>().pos;
    assert!(focus.distance(at) < 1e-3, "the focus at {focus}, the piece at {at}");
}

/// One wheel notch over a hexagon piece turns it one sixth of a turn, one move (it turned a
/// third of a turn and counted two moves), as one notch over a square piece turns it a
/// quarter.
#[test]
fn one_wheel_notch_turns_a_piece_one_step() {
    for (level, sixths) in [("polyhexes/tetrahexes-4x3", 6), ("polyominoes/pentominoes-6x10", 4)] {
        let mut app = app(&format!("wheel-{sixths}"));
        start(&mut app, level);
        let j = &jobs(&mut app)[0];
        let (e, before) = (j.entity, j.now);
        let c = centroid(&mut app, e);
        let at = screen(&app, c);
        cursor(&mut app, at);
        app.update();
        let notch = |app: &mut App| {
            app.world_mut().write_message(bevy::input::mouse::MouseWheel {
                unit: bevy::input::mouse::MouseScrollUnit::Line,
                x: 0.0,
                y: 1.0,
                window: Entity::PLACEHOLDER,
                phase: bevy::input::touch::TouchPhase::Moved,
            });
        };
        // X11 gives a notch as two line events (the button and its smooth-scroll twin), in
        // one frame or in two in a row.
        notch(&mut app);
        notch(&mut app);
        app.update();
        app.update();
        let now = placed(&mut app, e);
        assert_eq!(((now.rot - before.rot).rem_euclid(sixths), moves(&app)), (1, 1), "{level}: twins in one frame");
        notch(&mut app);
        app.update();
        notch(&mut app);
        app.update();
        app.update();
        let now = placed(&mut app, e);
        assert_eq!(((now.rot - before.rot).rem_euclid(sixths), moves(&app)), (2, 2), "{level}: twins a frame apart");
    }
}

/// A piece turned in the tray makes room among its neighbours and may grow the board's
/// bounds: the board stays where it is while everything still shows (it jumped about 42 px at
/// each such turn).
#[test]
fn a_turn_in_the_tray_does_not_move_the_board() {
    use tessera::game::board::view::{BoardBounds, OffscreenSize};
    let mut app = app_with("tray-turn", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)));
    });
    start(&mut app, LEVEL);
    app.update();
    let mut grew = 0;
    for j in jobs(&mut app) {
        let (view, bounds) = (*app.world().resource::<View>(), app.world().resource::<BoardBounds>().0);
        let c = centroid(&mut app, j.entity);
        app.world_mut().write_message(tessera::game::shared::Action::Select(c));
        app.world_mut().write_message(tessera::game::shared::Action::Do(tessera::play::Command::Rotate(1)));
        app.update();
        app.update();
        let now = app.world().resource::<BoardBounds>().0;
        if now == bounds {
            continue;
        }
        grew += 1;
        // Still all on screen as the board was shown: shown the same.
        let corners = [now.min, now.max, Vec2::new(now.min.x, now.max.y), Vec2::new(now.max.x, now.min.y)];
        let on_screen = corners.iter().all(|&k| {
            let p = view.to_screen(k);
            p.x >= 0.0 && p.y >= 0.0 && p.x <= 1280.0 && p.y <= 800.0
        });
        if on_screen {
            assert_eq!(*app.world().resource::<View>(), view, "the board moved at a turn in the tray");
        }
    }
    assert!(grew > 0, "no turn in the tray grew the bounds: the test saw nothing");
}

/// On a level the board's keys never reach egui: Tab moved egui's focus into the toolbar
/// (and Enter then pressed a button), and a click left a button focused for Enter to press.
/// In the toolbar (F6) they are egui's.
#[test]
fn tab_never_moves_focus_into_the_toolbar_while_a_level_has_pieces() {
    use bevy_egui::{egui, EguiContext, EguiInput};
    use tessera::game::shared::KeyFocus;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(AppState::Playing)
        .init_resource::<KeyFocus>()
        .add_systems(Update, tessera::game::ui::keys_stay_on_board);
    let key = |k| egui::Event::Key {
        key: k,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    let button = egui::Id::new("tool-undo");
    let mut ctx = EguiContext::default();
    ctx.get_mut().memory_mut(|m| m.request_focus(button));
    assert_eq!(ctx.get_mut().memory(|m| m.focused()), Some(button), "a button focused, as a click leaves it");
    let mut input = EguiInput::default();
    input.0.events = vec![key(egui::Key::Tab), key(egui::Key::Enter), key(egui::Key::H)];
    let e = app.world_mut().spawn((ctx, input)).id();
    app.update();
    let kept = |app: &App| app.world().get::<EguiInput>(e).unwrap().0.events.clone();
    assert_eq!(kept(&app), vec![key(egui::Key::H)], "Tab and Enter are the board's");
    let focused = app.world_mut().get_mut::<EguiContext>(e).unwrap().get_mut().memory(|m| m.focused());
    assert_eq!(focused, None, "no widget keeps the focus");
    // In the toolbar (F6), Tab and Enter go to egui.
    app.world_mut().resource_mut::<KeyFocus>().toolbar = true;
    app.world_mut().get_mut::<EguiInput>(e).unwrap().0.events = vec![key(egui::Key::Tab), key(egui::Key::Enter)];
    app.update();
    assert_eq!(kept(&app), vec![key(egui::Key::Tab), key(egui::Key::Enter)]);
}
