//! The gamepad alone.

use super::*;

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
