//! Touch: taps, drags and the two-finger twist.

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
