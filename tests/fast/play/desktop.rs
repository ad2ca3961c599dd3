//! Mouse and keyboard: dragging, turning, flipping, undo, refusals and the board's edges.

use super::*;

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
    fn moves(&self, level: &tessera::level::Level) -> tessera::family::Moves {
        self.0.moves(level)
    }
    fn cells(&self) -> tessera::family::Cells {
        self.0.cells()
    }
    fn judge(&self, level: &tessera::level::Level, pieces: &[Placement]) -> tessera::family::Judgement {
        self.0.judge(level, pieces)
    }
    fn legal(&self, _level: &tessera::level::Level, from: &Placement, to: &Placement, _others: &[Placement]) -> bool {
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
    fn traits(
        &self,
        level: &tessera::level::Level,
        budget: &tessera::support::budget::Budget,
    ) -> tessera::family::Traits {
        self.0.traits(level, budget)
    }
    fn progress_help(&self) -> &'static str {
        self.0.progress_help()
    }
    fn offers(&self) -> tessera::family::Offers<'_> {
        self.0.offers()
    }
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

/// The outline of piece `e` as it lies, as sorted points rounded to 1e-6.
fn outline(app: &mut App, e: Entity) -> Vec<(i64, i64)> {
    let step = app.world().resource::<ActiveLevel>().level.set.step();
    let (g, p) =
        app.world_mut().query::<(&PieceGeom, &Placed)>().get(app.world(), e).map(|(g, p)| (g.clone(), *p)).unwrap();
    let mut v: Vec<(i64, i64)> = p
        .world(&g, step)
        .iter()
        .flatten()
        .map(|v| ((v.at.x * 1e6).round() as i64, (v.at.y * 1e6).round() as i64))
        .collect();
    v.sort_unstable();
    v
}

/// F mirrors a piece left to right as the player sees it, however it was turned before: the
/// outline after R then F is the outline after R reflected about the piece's vertical axis
/// through its centroid (issue P1b, item 3: F flipped a turned P pentomino top to bottom, and
/// on a turned triangle looked like another turn).
#[test]
fn flip_mirrors_left_to_right_on_the_screen_after_a_turn() {
    for (level, piece) in [(LEVEL, 3), ("polyominoes/pentominoes-6x10", 0)] {
        let mut app = app("flip");
        start(&mut app, level);
        let e = jobs(&mut app).into_iter().find(|j| j.goal.piece == piece).unwrap().entity;
        let c = centroid(&mut app, e);
        mouse_click(&mut app, c);
        key(&mut app, KeyCode::KeyR, "r");
        let turned = outline(&mut app, e);
        let c = centroid(&mut app, e);
        key(&mut app, KeyCode::KeyF, "f");
        let flipped = outline(&mut app, e);
        let cx = (c.x as f64 * 1e6).round() as i64;
        let mirrored: Vec<(i64, i64)> = turned.iter().map(|&(x, y)| (2 * cx - x, y)).collect();
        // Every corner has its mirror image, to 1e-4 (the centroid is kept in f32).
        let near = |a: &(i64, i64), b: &(i64, i64)| (a.0 - b.0).abs() <= 100 && (a.1 - b.1).abs() <= 100;
        let close = flipped.len() == mirrored.len() && flipped.iter().all(|a| mirrored.iter().any(|b| near(a, b)));
        assert!(
            close,
            "{level}: piece {piece} after R then F\n{flipped:?}\nis not the left-right mirror of\n{mirrored:?}"
        );
    }
}

/// Ctrl+Z pressed and let go of within one frame still undoes (issue P1b, item 10: a quick
/// Ctrl+Z was lost when both keys were released before the next frame).
#[test]
fn a_ctrl_z_within_one_frame_undoes() {
    let mut app = app("quick-undo");
    start(&mut app, LEVEL);
    let job = jobs(&mut app).remove(0);
    let before = placed(&mut app, job.entity);
    let c = centroid(&mut app, job.entity);
    mouse_drag(&mut app, c, c + Vec2::new(1.0, 0.5));
    assert_ne!(placed(&mut app, job.entity), before);
    for (code, state) in [
        (KeyCode::ControlLeft, ButtonState::Pressed),
        (KeyCode::KeyZ, ButtonState::Pressed),
        (KeyCode::KeyZ, ButtonState::Released),
        (KeyCode::ControlLeft, ButtonState::Released),
    ] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
    assert_eq!(placed(&mut app, job.entity), before, "the quick Ctrl+Z undid nothing");
}

/// Whether two pieces as they lie share some area: a point strictly inside both, on a fine
/// grid over where their boxes meet (offset from whole and half units, where edges lie).
fn pieces_overlap(level: &tessera::level::Level, a: (&PieceGeom, &Placed), b: (&PieceGeom, &Placed)) -> bool {
    use tessera::game::board::pieces::bbox_of;
    let (step, tol) = (level.set.step(), level.prepared().target.tol);
    let (ba, bb) = (bbox_of(&a.1.world(a.0, step)), bbox_of(&b.1.world(b.0, step)));
    if !tessera::content::tray::overlap(&ba, &bb) {
        return false;
    }
    let (lo, hi) = (ba.min.x.max(bb.min.x), ba.max.x.min(bb.max.x));
    let (bottom, top) = (ba.min.y.max(bb.min.y), ba.max.y.min(bb.max.y));
    let n = 40;
    (0..n).any(|i| {
        (0..n).any(|j| {
            let x = lo + (hi - lo) * (i as f64 + 0.437) / n as f64;
            let y = bottom + (top - bottom) * (j as f64 + 0.391) / n as f64;
            let p = Vec2::new(x as f32, y as f32);
            let inside = |(g, pl): (&PieceGeom, &Placed)| {
                pl.contains(g, step, tol, p)
                    && [(0.02, 0.0), (-0.02, 0.0), (0.0, 0.02), (0.0, -0.02)]
                        .iter()
                        .all(|&(dx, dy)| pl.contains(g, step, tol, p + Vec2::new(dx, dy)))
            };
            inside(a) && inside(b)
        })
    })
}

/// Issue P1b, item 10: a piece turned where it waits in the tray (R, F) no longer lies over its
/// neighbours: they make room, each moving the least way clear. Every turn of every piece, on a
/// wide and a phone's screen.
#[test]
fn a_piece_turned_in_the_tray_does_not_lie_over_its_neighbours() {
    use tessera::game::board::pieces::bbox_of;
    use tessera::game::board::view::{BoardBounds, OffscreenSize};
    for size in [Vec2::new(1280.0, 800.0), Vec2::new(390.0, 844.0)] {
        for level in [LEVEL, "polyominoes/pentominoes-6x10"] {
            let mut app = app_with("tray-turn", |app| {
                app.insert_resource(OffscreenSize(size));
            });
            start(&mut app, level);
            app.update();
            let active = app.world().resource::<ActiveLevel>().level.clone();
            let step = active.set.step();
            for job in jobs(&mut app) {
                let c = centroid(&mut app, job.entity);
                mouse_click(&mut app, c);
                for (code, ch) in [(KeyCode::KeyR, "r"), (KeyCode::KeyF, "f"), (KeyCode::KeyR, "r")] {
                    key(&mut app, code, ch);
                    let all: Vec<(usize, PieceGeom, Placed)> = app
                        .world_mut()
                        .query::<(&Piece, &PieceGeom, &Placed)>()
                        .iter(app.world())
                        .map(|(p, g, pl)| (p.0, g.clone(), *pl))
                        .collect();
                    let bounds = app.world().resource::<BoardBounds>().0;
                    let at = format!("{level} at {size}: after {ch} on piece {}", job.goal.piece);
                    for (i, g, pl) in &all {
                        for (j, h, ql) in all.iter().filter(|(j, ..)| j < i) {
                            assert!(!pieces_overlap(&active, (g, pl), (h, ql)), "{at}: piece {i} lies over piece {j}");
                        }
                        let b = bbox_of(&pl.world(g, step));
                        let inside = b.min.x >= (bounds.min.x - 1e-3) as f64
                            && b.min.y >= (bounds.min.y - 1e-3) as f64
                            && b.max.x <= (bounds.max.x + 1e-3) as f64
                            && b.max.y <= (bounds.max.y + 1e-3) as f64;
                        assert!(inside, "{at}: piece {i} lies outside the board's bounds");
                    }
                }
            }
        }
    }
}
