//! Touch: taps, drags, the long press and the two-finger twist.

use super::*;

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

/// P1a: a finger held still on a piece is a long press, the phone's right click. Held 0.45 s
/// nothing has happened; at 0.5 s the piece turns exactly as a right click turns it, and
/// lifting the finger is no tap (no second turn).
#[test]
fn a_long_press_does_what_a_right_click_does() {
    let mut app = app("long-press");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    let s = screen(&app, c);
    finger(&mut app, 1, TouchPhase::Started, s);
    // 50 ms a frame.
    for _ in 0..8 {
        app.update();
    }
    assert_eq!(placed(&mut app, job.entity), job.now, "0.45 s held is not yet a long press");
    for _ in 0..4 {
        app.update();
    }
    finger(&mut app, 1, TouchPhase::Ended, s);
    pause(&mut app);
    let pressed = placed(&mut app, job.entity);
    assert_ne!(pressed.rot, job.now.rot, "a long press turns the piece");

    let mut other = super::app("long-press-mouse");
    start(&mut other, LEVEL);
    let job = jobs(&mut other).remove(0);
    cursor(&mut other, s);
    button(&mut other, MouseButton::Right, ButtonState::Pressed);
    other.update();
    button(&mut other, MouseButton::Right, ButtonState::Released);
    pause(&mut other);
    assert_eq!(pressed, placed(&mut other, job.entity), "as a right click does");
}

/// A drag whose first frame was slow (a still page woken by the finger, drawing in software
/// for 0.7 s) is a drag: the hold is counted from the frame after the press, so the finger's
/// moves, read a frame later, come before any long press.
#[test]
fn a_slow_frame_after_the_press_is_no_long_press() {
    let mut app = app("slow-press");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    let s = screen(&app, c);
    finger(&mut app, 1, TouchPhase::Started, s);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(700)));
    app.world_mut().resource_mut::<Time<Virtual>>().set_max_delta(Duration::from_secs(5));
    app.update();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    for k in 1..=4 {
        finger(&mut app, 1, TouchPhase::Moved, s + Vec2::new(30.0 * k as f32, 0.0));
    }
    finger(&mut app, 1, TouchPhase::Ended, s + Vec2::new(120.0, 0.0));
    pause(&mut app);
    let now = placed(&mut app, job.entity);
    assert_eq!((now.rot, now.flip), (job.now.rot, job.now.flip), "the piece was turned, not carried");
    assert_ne!(now.at, job.now.at, "the piece was not carried");
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

/// P1a: a double tap is judged by when the fingers lifted, not by the frames that read them.
/// Frames half a second apart (a slow phone drawing a heavy frame) read two taps 90 ms apart:
/// in one frame, or in two frames whose lifts carry their own times; both mirror the piece
/// once. Without the stamps the same two frames turn it twice.
#[test]
fn a_double_tap_is_judged_by_the_taps_own_times() {
    for case in ["one frame", "two frames, stamped", "two frames, unstamped"] {
        let mut app = app("double-tap-times");
        start(&mut app, LEVEL);
        let job = jobs(&mut app).remove(0);
        let c = centroid(&mut app, job.entity);
        tap(&mut app, c); // selects
        pause(&mut app);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(500)));
        // (The game's clock counts a long frame whole: game::frames.)
        app.world_mut().resource_mut::<Time<Virtual>>().set_max_delta(Duration::from_secs(5));
        let s = screen(&app, c);
        let tap_now = |app: &mut App, id| {
            for phase in [TouchPhase::Started, TouchPhase::Ended] {
                app.world_mut().write_message(TouchInput {
                    phase,
                    position: s,
                    window: Entity::PLACEHOLDER,
                    force: None,
                    id,
                });
            }
        };
        if case == "one frame" {
            tap_now(&mut app, 10);
            tap_now(&mut app, 11);
            app.update();
        } else {
            // The first finger lifted as its frame began, the second 90 ms later, read by the
            // next frame, 0.5 s on: 0.41 s before it.
            for (id, ago) in [(10, 0.0), (11, 0.41)] {
                tap_now(&mut app, id);
                if case.ends_with(", stamped") {
                    app.world_mut().resource_mut::<LiftedAgo>().0.insert(id, ago);
                }
                app.update();
            }
        }
        pause(&mut app);
        let p = placed(&mut app, job.entity);
        let mirrored = (p.rot, p.flip) == (job.now.rot, !job.now.flip);
        assert_eq!(mirrored, case != "two frames, unstamped", "{case}: {p:?} from {:?}", job.now);
    }
}
