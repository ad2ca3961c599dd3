//! Polycubes in 3D: the orbit, layers, and solving by mouse, touch and gamepad.

use super::*;

/// The 3D view of a polycube level turns with a drag that starts on it (no piece moves), with
/// the gamepad's right stick, and its slice hides the upper layers one by one.
#[test]
fn the_solid_view_turns_by_drag_and_stick_and_slices_its_layers() {
    use tessera::game::space::orbit::Orbit;
    let mut app = app("orbit");
    start(&mut app, "polycubes/soma-steps");
    let view = app.world().resource::<tessera::game::shared::SolidArea>().0.unwrap();
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

#[derive(Clone, Copy, PartialEq, Debug)]
enum Hand {
    /// Mouse clicks and drags, keys to turn pieces in the tray.
    Mouse,
    /// One finger: taps and drags.
    Touch,
    /// Gamepad buttons only.
    Pad,
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
    start(&mut app, "polycubes/soma-cube");
    solve_in_3d(&mut app, Hand::Mouse);
}

#[test]
fn a_soma_cube_is_solved_in_3d_by_touch() {
    let mut app = app("soma-touch");
    start(&mut app, "polycubes/soma-cube");
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
    start(&mut app, "polycubes/soma-cube");
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
    // Refused again; asking for a hint puts it away too: the hint's ghost stood beside the
    // old red one (P1b item 5).
    pad_button(&mut app, pad, GamepadButton::LeftThumb);
    assert_eq!(selected(&app), Some(second));
    pad_button(&mut app, pad, toward);
    assert!(refusal(&app).is_some());
    press_key(&mut app, KeyCode::KeyH, ButtonState::Pressed);
    app.update();
    press_key(&mut app, KeyCode::KeyH, ButtonState::Released);
    app.update();
    assert_eq!(refusal(&app), None, "the hint put the refusal away");
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

/// A polycube piece turned while it waits in the tray stays there, drawn as its picture (P1b
/// item 5: R on a selected tray piece turned its picture into flat squares).
#[test]
fn a_piece_turned_in_the_tray_stays_in_the_tray() {
    use tessera::game::board::pieces::resting_in_tray;
    for level in ["polycubes/cubes-2x2x3", "polycubes/soma-steps"] {
        let mut app = app("tray-turn");
        start(&mut app, level);
        let pad = app.world_mut().spawn((Gamepad::default(), GamepadSettings::default())).id();
        let n = app.world().resource::<ActiveLevel>().level.set.pieces.len();
        for _ in 0..n {
            pad_button(&mut app, pad, GamepadButton::RightThumb);
            let e = selected(&app).unwrap();
            for turn in 0..4 {
                press_key(&mut app, KeyCode::KeyR, ButtonState::Pressed);
                app.update();
                press_key(&mut app, KeyCode::KeyR, ButtonState::Released);
                app.update();
                let p = placed(&mut app, e);
                let lvl = app.world().resource::<ActiveLevel>().level.clone();
                assert!(resting_in_tray(&lvl, &p), "{level}: piece {} left the tray on turn {turn}: {p:?}", p.piece);
            }
        }
    }
}
