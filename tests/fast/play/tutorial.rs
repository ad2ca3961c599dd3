//! The tutorial and the families' introductions.

use super::*;

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
    app.world_mut().write_message(Action::Do(tessera::play::Command::Rotate(1)));
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
    start(&mut app, "polycubes/soma-2x3x4");
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

/// The clock stands still while the tutorial teaches, and runs once it is done (issue P1b,
/// item 10: the clock ran through the tutorial, so the first solve's time counted the lesson).
#[test]
fn the_clock_starts_when_the_tutorial_is_done() {
    use tessera::game::meta::tutorial::SkipTutorial;
    let path = temp_save("tutorial-clock");
    let _ = std::fs::remove_file(&path);
    let mut app = app("tutorial-clock");
    start(&mut app, LEVEL);
    assert!(tutorial(&app).active, "first launch: the tutorial shows");
    let clock = |app: &App| {
        let now = app.world().resource::<Time>().elapsed_secs();
        now - app.world().resource::<ActiveLevel>().started
    };
    for _ in 0..40 {
        app.update();
    }
    assert!(clock(&app) < 0.1, "the clock ran {} s during the tutorial", clock(&app));
    app.world_mut().write_message(SkipTutorial);
    for _ in 0..20 {
        app.update();
    }
    assert!((0.9..1.2).contains(&clock(&app)), "20 frames of 50 ms after the tutorial: {} s", clock(&app));
}

/// A solve made while the tutorial's card holds the clock counts as solved, with no best time:
/// it was saved as 0:00, a best no later solve could beat.
#[test]
fn a_solve_under_the_tutorial_card_has_no_best_time() {
    let path = temp_save("tutorial-time");
    let _ = std::fs::remove_file(&path);
    let mut app = app("tutorial-time");
    start(&mut app, LEVEL);
    assert!(tutorial(&app).active, "first launch: the tutorial holds the clock");
    for j in jobs(&mut app) {
        put(&mut app, j.goal.piece, j.goal);
    }
    for _ in 0..3 {
        app.update();
    }
    let record = app.world().resource::<SaveState>().data.completed.get(LEVEL).copied();
    assert_eq!(record.map(|r| r.time()), Some(None), "solved, untimed: {record:?}");
}

/// Watching the solver clears a hint's ghost and words: the ghost stayed drawn over the
/// solver's finished board.
#[test]
fn watching_the_solver_clears_the_hint() {
    let mut app = app("watch-clears-hint");
    start(&mut app, LEVEL);
    assert!(!ask_hint(&mut app).is_empty(), "a hint is shown");
    app.world_mut().write_message(tessera::game::shared::Action::Watch);
    app.update();
    app.update();
    assert!(markers(&mut app).is_empty(), "no hint left once the solver is watched");
}
