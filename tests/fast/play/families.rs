//! Each family judged and hinted: polyomino boards, Soma cubes, edge matching, curved sets.

use super::*;

#[test]
fn a_polyomino_level_is_judged_by_cells_and_hints_lead_to_the_solved_screen() {
    let mut app = app("poly");
    start(&mut app, "polyominoes/pento-5x6");
    let cells = app
        .world()
        .resource::<ActiveLevel>()
        .level
        .data::<tessera::family::polyomino::PolyLevel>()
        .unwrap()
        .board
        .cells
        .len();
    assert_eq!(cells, 30);
    // Drag the first piece of the reference solution into place with the mouse: progress is
    // the filled fraction (5 of 30 cells).
    let j = &jobs(&mut app)[0];
    click_and_turn(&mut app, j.entity, &j.now, &j.goal);
    let from = centroid(&mut app, j.entity);
    mouse_drag(&mut app, from, j.goal_centroid);
    let p = app.world().resource::<Progress>().clone();
    assert!((p.value - 5.0 / 30.0).abs() < 1e-9 && !p.overlap, "{p:?}");
    // Hints complete the rest.
    follow_hints_to_the_solved_screen(&mut app, 12);
}

#[test]
fn a_soma_cube_is_played_layer_by_layer_with_turns_in_space_and_hints_finish_it() {
    use tessera::polyform::place::turn;
    let mut app = app("soma");
    start(&mut app, "polycubes/soma-cube");
    assert!(app.world().resource::<ActiveLevel>().level.solid().is_some());
    // The 3D view sits above the layer panels, and every piece starts clear of it.
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let picture = app.world().resource::<tessera::game::shared::SolidArea>().0.unwrap();
    let top = level.target.iter().flatten().map(|v| v.at.y as f32).fold(f32::MIN, f32::max);
    assert!(picture.min.y > top, "{picture:?} above {top}");
    for j in jobs(&mut app) {
        let rings = level.place(&[j.now]);
        let hit =
            rings[0].iter().flat_map(|r| r.iter()).any(|v| picture.contains(Vec2::new(v.at.x as f32, v.at.y as f32)));
        assert!(!hit, "piece {} starts on the picture", j.now.piece);
    }
    // A piece whose reference rotation is not its start: the shortest run of R (a quarter turn
    // about the axis out of the screen) and F (tipping over) that reaches it.
    let j = jobs(&mut app).into_iter().find(|j| j.goal.rot != j.now.rot).unwrap();
    let mut paths: Vec<(i32, String)> = vec![(j.now.rot, String::new())];
    let mut k = 0;
    while paths.iter().all(|(o, _)| *o != j.goal.rot) {
        let (o, path) = paths[k].clone();
        for (next, key) in [(turn(o, 2, 1), 'r'), (turn(o, 0, 1), 'f')] {
            if paths.iter().all(|(q, _)| *q != next) {
                paths.push((next, format!("{path}{key}")));
            }
        }
        k += 1;
    }
    let keys = paths.iter().find(|(o, _)| *o == j.goal.rot).unwrap().1.clone();
    // Grip the piece by one of its squares (its centroid may lie between two layers).
    let grip = |app: &mut App| {
        let step = app.world().resource::<ActiveLevel>().level.set.step();
        let (g, p) = app
            .world_mut()
            .query::<(&PieceGeom, &Placed)>()
            .get(app.world(), j.entity)
            .map(|(g, p)| (g.clone(), *p))
            .unwrap();
        let c = tessera::pieces::ring_centroid(&p.world(&g, step)[0]);
        Vec2::new(c.x as f32, c.y as f32)
    };
    let at = grip(&mut app);
    mouse_click(&mut app, at);
    for ch in keys.chars() {
        key(&mut app, if ch == 'r' { KeyCode::KeyR } else { KeyCode::KeyF }, &ch.to_string());
    }
    let now = placed(&mut app, j.entity);
    assert_eq!(now.rot, j.goal.rot, "keys {keys}");
    assert_eq!((now.at.0.fract(), now.at.1.fract()), (0.0, 0.0), "a turned polycube lands on whole cells");
    // Drag it to its place: progress counts its cells out of 27.
    let from = grip(&mut app);
    let to = from + Vec2::new((j.goal.at.0 - now.at.0) as f32, (j.goal.at.1 - now.at.1) as f32);
    mouse_drag(&mut app, from, to);
    assert_eq!(placed(&mut app, j.entity), j.goal);
    let size =
        app.world().resource::<ActiveLevel>().level.data::<tessera::family::polyomino::PolyLevel>().unwrap().parts
            [j.goal.piece]
            .cells
            .len();
    let p = app.world().resource::<Progress>().clone();
    assert!((p.value - size as f64 / 27.0).abs() < 1e-9 && !p.overlap, "{p:?}");
    // Tipped over where it lies, it turns in place in the box; undo puts it back.
    key(&mut app, KeyCode::KeyF, "f");
    let tipped = placed(&mut app, j.entity);
    assert_ne!(tipped.rot, j.goal.rot);
    let (board, parts, _) = solid(&app);
    assert!(space::in_box(&board, &parts[j.goal.piece], &tipped).is_some());
    key_combo(&mut app, KeyCode::ControlLeft, KeyCode::KeyZ);
    assert_eq!(placed(&mut app, j.entity), j.goal);
    // Hints complete the cube.
    follow_hints_to_the_solved_screen(&mut app, 7);
}

#[test]
fn an_edge_level_counts_matched_sides_names_a_wrong_tile_and_hints_solve_it() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("edge");
    start(&mut app, "edge/turn-4x4-1");
    let solution = app.world().resource::<ActiveLevel>().level.solution.clone();
    // The top-left corner's tile, turned as there, in the top-right corner: its east side
    // meets the frame.
    let puzzle = app
        .world()
        .resource::<ActiveLevel>()
        .level
        .data::<tessera::family::tiles::TilesLevel>()
        .unwrap()
        .puzzle
        .clone();
    let corner = solution
        .iter()
        .find(|p| tessera::family::tiles::cells::tile_cell(&puzzle, p).map(|c| c.0) == Some(0))
        .copied()
        .unwrap();
    let rot = tessera::family::tiles::cells::tile_cell(&puzzle, &corner).unwrap().1;
    let wrong = tessera::family::tiles::cells::placement_of(&puzzle, corner.piece, 3, rot);
    set_placement(&mut app, corner.piece, wrong);
    assert!(!app.world().resource::<tessera::game::board::verification::Marks>().0.is_empty(), "its sides are marked");
    let m = ask_hint(&mut app);
    assert_eq!(m[0], tessera::game::solver::hints::HintMarker { piece: corner.piece, kind: HintKind::MoveThis });
    // Put it right: progress counts matched inner sides (none yet with one tile).
    set_placement(&mut app, corner.piece, corner);
    assert!(app.world().resource::<tessera::game::board::verification::Marks>().0.is_empty());
    for _ in 0..16 {
        let m = ask_hint(&mut app);
        if m.is_empty() {
            break;
        }
        assert_eq!(m[0].kind, HintKind::Which);
        let m = ask_hint(&mut app);
        let ghost = m.iter().find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None }).unwrap();
        let before = app.world().resource::<Progress>().value;
        set_placement(&mut app, ghost.piece, ghost);
        let after = app.world().resource::<Progress>().value;
        assert!(after >= before, "{before} -> {after}");
        if app.world().resource::<Progress>().solved {
            break;
        }
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

/// Curved pieces dropped a little off their place snap home: the first one, away from every
/// corner, by laying its arc on the figure's circle; the rest corner to corner.
#[test]
fn curved_pieces_snap_arc_to_arc_and_solve_the_circle() {
    let mut app = app("curved");
    start(&mut app, "circle/circle");
    let mut all = jobs(&mut app);
    // A segment first: its corners are far from the disc's (the figure has none nearby).
    let first = all.iter().position(|j| j.goal.piece == 4).unwrap();
    let seg = all.remove(first);
    all.insert(0, seg);
    for (i, job) in all.iter().enumerate() {
        let (flip, rot) = turns(&job.now, &job.goal);
        let c = centroid(&mut app, job.entity);
        mouse_click(&mut app, c);
        if flip {
            key(&mut app, KeyCode::KeyF, "f");
        }
        for _ in 0..rot {
            key(&mut app, KeyCode::KeyR, "r");
        }
        let c = centroid(&mut app, job.entity);
        mouse_drag(&mut app, c, job.goal_centroid + Vec2::new(0.09, -0.06));
        let now = placed(&mut app, job.entity);
        let off = (now.at.0 - job.goal.at.0).hypot(now.at.1 - job.goal.at.1);
        assert!(off < 1e-6, "piece {} (drop {i}) snapped {off} away from its place", job.goal.piece);
        assert_eq!((now.rot.rem_euclid(8), now.flip), (job.goal.rot.rem_euclid(8), job.goal.flip));
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

/// Issue 33, item 1: the red bars on mismatched sides belong to the level. Leaving it for the
/// menu takes them away (they stayed on the menu, the settings and the editor's canvas).
#[test]
fn mismatch_bars_leave_with_the_level() {
    use tessera::game::draw::tiles::{MismatchMarker, TilesPlugin};
    let mut app = app("bars");
    app.add_plugins(TilesPlugin);
    start(&mut app, "edge/turn-4x4-1");
    let level = app.world().resource::<ActiveLevel>().level.clone();
    let puzzle = level.data::<tessera::family::tiles::TilesLevel>().unwrap().puzzle.clone();
    let corner = level
        .solution
        .iter()
        .find(|p| tessera::family::tiles::cells::tile_cell(&puzzle, p).map(|c| c.0) == Some(0))
        .copied()
        .unwrap();
    let rot = tessera::family::tiles::cells::tile_cell(&puzzle, &corner).unwrap().1;
    set_placement(&mut app, corner.piece, tessera::family::tiles::cells::placement_of(&puzzle, corner.piece, 3, rot));
    app.update();
    let bars =
        |app: &mut App| app.world_mut().query_filtered::<Entity, With<MismatchMarker>>().iter(app.world()).count();
    assert!(bars(&mut app) > 0, "a wrong tile's sides get red bars");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::MainMenu);
    assert_eq!(bars(&mut app), 0, "no red bar stays on the menu");
}

/// Issue P2c: a level with BurrTools' colour constraints is played by them. Its painted board
/// cells are laid out; a filling that puts the L's painted corner on the board's painted
/// corner (which takes only the domino's colour) and the domino on the other painted cell
/// covers every cell yet is not solved; the reference filling is.
#[test]
fn a_painted_board_is_judged_by_its_colours() {
    let text = r#"(name: "Painted", levels: [(id: "corner", name: "Painted corner", family: "polyomino",
        pieces: [(cells: "[0,0][1,0][0,1]", colours: [[0, 0, 2]]), (cells: "[0,0][1,0]", colours: [[0, 0, 1], [1, 0, 1]]), "[0,0]"],
        board: (size: [3, 2], colours: [[0, 0, 1], [2, 1, 2]], colour_rules: [[1, 1]]),
        solution: [(piece: 0, rot: 0, flip: false, at: (1, 0)), (piece: 1, rot: 1, flip: false, at: (1, 0)),
                   (piece: 2, rot: 0, flip: false, at: (2, 1))])])"#;
    let pack = tessera::level::parse_pack(text, "painted.ron", "painted").unwrap();
    let mut app = app_with("painted", |app| {
        app.world_mut().resource_mut::<Library>().packs.push(pack);
    });
    start(&mut app, "painted/corner");
    let mut board = app.world_mut().query_filtered::<&tessera::game::board::pieces::PaintedCell, Without<ChildOf>>();
    let mut colours: Vec<u32> = board.iter(app.world()).map(|c| c.0).collect();
    colours.sort();
    assert_eq!(colours, vec![1, 2]);
    let p = |piece, rot, x, y| Placement { piece, rot, flip: false, at: (x, y) };
    // The L on (0, 0), (1, 0), (0, 1); the domino on (1, 1), (2, 1); the monomino on (2, 0).
    set_placement(&mut app, 0, p(0, 0, 0.0, 0.0));
    set_placement(&mut app, 1, p(1, 0, 1.0, 1.0));
    set_placement(&mut app, 2, p(2, 0, 2.0, 0.0));
    let progress = app.world().resource::<Progress>().clone();
    assert!(!progress.solved && !progress.overlap && progress.value < 0.5, "{progress:?}");
    assert_eq!(state(&app), AppState::Playing);
    // The reference filling.
    set_placement(&mut app, 0, p(0, 0, 1.0, 0.0));
    set_placement(&mut app, 1, p(1, 1, 1.0, 0.0));
    set_placement(&mut app, 2, p(2, 0, 2.0, 1.0));
    assert!(app.world().resource::<Progress>().solved);
}

/// A hexiamond and a polyhex level with the mouse: a piece turned by sixths of a turn (R) and
/// mirrored (F), dropped a little off its place (farther than a corner snaps), lands on the
/// cells nearest to the drop; the thermometer counts its cells, and hints finish the board.
#[test]
fn hexiamonds_and_polyhexes_turn_by_sixths_and_snap_onto_their_cells() {
    for (name, cells, total) in [("polyiamonds/hexiamonds-6x3", 6.0, 36.0), ("polyhexes/tetrahexes-7x4", 4.0, 28.0)] {
        let mut app = app("lattice");
        start(&mut app, name);
        let j = jobs(&mut app).into_iter().find(|j| j.goal.rot.rem_euclid(6) != 0 || j.goal.flip).unwrap();
        let c = centroid(&mut app, j.entity);
        mouse_click(&mut app, c);
        if j.now.flip != j.goal.flip {
            key(&mut app, KeyCode::KeyF, "f");
        }
        let rot = if j.now.flip != j.goal.flip { -j.now.rot } else { j.now.rot };
        for _ in 0..(j.goal.rot - rot).rem_euclid(6) {
            key(&mut app, KeyCode::KeyR, "r");
        }
        let from = centroid(&mut app, j.entity);
        mouse_drag(&mut app, from, j.goal_centroid + Vec2::new(0.4, -0.2));
        let now = placed(&mut app, j.entity);
        assert!((now.at.0 - j.goal.at.0).hypot(now.at.1 - j.goal.at.1) < 1e-9, "{name}: {now:?} for {:?}", j.goal);
        assert_eq!(((now.rot - j.goal.rot).rem_euclid(6), now.flip), (0, j.goal.flip), "{name}");
        let p = app.world().resource::<Progress>().clone();
        assert!((p.value - cells / total).abs() < 1e-9 && !p.overlap, "{name}: {p:?}");
        let left = jobs(&mut app).len() - 1;
        follow_hints_to_the_solved_screen(&mut app, left);
    }
}
