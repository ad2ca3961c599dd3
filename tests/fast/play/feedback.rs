//! What a move shows: glides, and the solved figure beside its panel.

use super::*;

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

/// P1b item 6: a window narrowed mid-level to a phone's shape (or a phone turned) lays the
/// board out again: a wide grid board turns to run along the tall screen, the pieces still in
/// the tray move to a tray laid out for it, a piece the player moved stays put, and the board
/// is drawn as large as before rather than as a postage stamp.
#[test]
fn a_resized_window_lays_the_board_out_again() {
    use tessera::game::board::view::{BoardBounds, BoardTurned, OffscreenSize};
    let mut app = app_with("relayout", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)));
    });
    start(&mut app, "polyominoes/pentominoes-6x10");
    app.update();
    assert!(!app.world().resource::<BoardTurned>().0);
    let moved = jobs(&mut app).into_iter().next().unwrap();
    set_placement(&mut app, moved.goal.piece, moved.goal);
    app.update();
    let before: Vec<Placement> = jobs(&mut app).iter().map(|j| j.now).collect();
    app.insert_resource(OffscreenSize(Vec2::new(420.0, 800.0)));
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<BoardTurned>().0, "the 10 x 6 board turns on a tall screen");
    let after: Vec<Placement> = jobs(&mut app).iter().map(|j| j.now).collect();
    assert_eq!(after[moved.goal.piece], moved.goal, "the piece the player placed stays");
    let relaid = (0..after.len()).filter(|&i| after[i] != before[i]).count();
    assert_eq!(relaid, after.len() - 1, "every other piece goes to the new tray");
    // Every piece within the bounds the view fits, and the board drawn as large as on a
    // level started at this size.
    let bounds = app.world().resource::<BoardBounds>().0;
    for j in jobs(&mut app) {
        let c = centroid(&mut app, j.entity);
        assert!(bounds.contains(c), "piece {} at {c} outside {bounds:?}", j.goal.piece);
    }
    let mut fresh = app_with("relayout-fresh", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(420.0, 800.0)));
    });
    start(&mut fresh, "polyominoes/pentominoes-6x10");
    fresh.update();
    let (now, there) = (1.0 / app.world().resource::<View>().scale, 1.0 / fresh.world().resource::<View>().scale);
    assert!((now - there).abs() < 0.5, "a cell is {now} px after the resize, {there} px on a level started there");
}

/// P1b item 9: on a tall screen a wide plain board is turned to run along it, but a picture
/// drawn in cells stays upright ("Little boat" turned a quarter turn was no boat).
#[test]
fn pictures_stay_upright_on_a_phone() {
    use tessera::game::board::view::{BoardTurned, OffscreenSize};
    let mut app = app_with("upright", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(390.0, 844.0)));
    });
    app.update();
    for (level, turned) in [("pictures/small-boat", false), ("polyominoes/pentominoes-6x10", true)] {
        start(&mut app, level);
        app.update();
        assert_eq!(app.world().resource::<BoardTurned>().0, turned, "{level}");
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
        app.update();
        app.update();
    }
}
