//! Hints, the show-thinking view and the solver lab, each answered by a task.

use super::*;
use tessera::game::shared::{Action, Command};
use tessera::game::solver::hints::HintState;

/// The solver lab lies in a card above the board (the board shrinks for it), and a solved
/// run's arrangement can be laid over the board: ghosts of every tile, which solve the level,
/// put away by the next move.
#[test]
fn the_lab_shows_the_arrangement_it_found_without_covering_the_board() {
    use tessera::game::board::view::{lab_card, BoardBounds, OffscreenSize};
    use tessera::game::solver::lab::{LabGhost, LabRun, LabShow, SolverLab};
    use tessera::game::solver::thinking::ThinkingGhost;
    let mut app = app_with("lab", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)));
    });
    start(&mut app, "edge/3x3-1");
    let top_of_board = |app: &App| {
        let b = app.world().resource::<BoardBounds>().0;
        app.world().resource::<View>().to_screen(Vec2::new(b.min.x, b.max.y)).y
    };
    let closed = top_of_board(&app);
    app.world_mut().resource_mut::<SolverLab>().open = true;
    app.update();
    let open = top_of_board(&app);
    assert!(open >= closed + lab_card(1280.0) - 1.0, "the board stays under the lab's card: top {closed} -> {open}");
    app.world_mut().write_message(LabRun(0));
    for _ in 0..20_000 {
        if !app.world().resource::<SolverLab>().results.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    let result = app.world().resource::<SolverLab>().results.first().cloned().expect("the run came back");
    assert!(result.solved && !result.solution.is_empty(), "{result:?}");
    app.world_mut().write_message(LabShow(0));
    app.update();
    let mut shown: Vec<Placement> = app
        .world_mut()
        .query_filtered::<&ThinkingGhost, With<LabGhost>>()
        .iter(app.world())
        .map(|g| g.placement)
        .collect();
    shown.sort_by_key(|p| p.piece);
    let level = app.world().resource::<ActiveLevel>().level.clone();
    assert_eq!(shown.len(), level.set.pieces.len(), "a ghost per tile");
    assert!(level.judge(&shown).solved, "the ghosts are a solution");
    // The next move puts them away.
    let job = jobs(&mut app).remove(0);
    let c = centroid(&mut app, job.entity);
    drag_any(&mut app, c, c + Vec2::new(0.5, 0.0));
    app.update();
    assert_eq!(app.world_mut().query::<&LabGhost>().iter(app.world()).count(), 0);
}

#[test]
fn hints_show_which_piece_then_where_and_following_them_solves() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hints");
    start(&mut app, LEVEL);
    for _ in 0..7 {
        let m = ask_hint(&mut app);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].kind, HintKind::Which, "first step names the piece");
        let m = ask_hint(&mut app);
        let ghost = m
            .iter()
            .find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None })
            .expect("second step shows where");
        let before = app.world().resource::<Progress>().value;
        set_placement(&mut app, ghost.piece, ghost);
        assert!(markers(&mut app).is_empty(), "a placement clears the hint");
        let after = app.world().resource::<Progress>();
        assert!(after.value > before && !after.overlap, "the ghost's placement verifies: {before} -> {}", after.value);
        if after.solved {
            break;
        }
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
}

#[test]
fn a_wrong_placement_gets_a_move_this_piece_hint() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hint-wrong");
    start(&mut app, LEVEL);
    let mut wrong = app.world().resource::<ActiveLevel>().level.solution[0];
    wrong.at.0 += 0.5; // on the figure, off the lattice
    set_placement(&mut app, wrong.piece, wrong);
    let m = ask_hint(&mut app);
    assert_eq!(m, vec![tessera::game::solver::hints::HintMarker { piece: wrong.piece, kind: HintKind::MoveThis }]);
}

#[test]
fn hints_on_a_set_without_the_lattice_solver_come_from_the_geometric_solver() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("hint-pento");
    start(&mut app, "abstract/pentominoes-6x10");
    let m = ask_hint(&mut app);
    assert_eq!(m[0].kind, HintKind::Which);
    let m = ask_hint(&mut app);
    let ghost = m.iter().find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None }).unwrap();
    set_placement(&mut app, ghost.piece, ghost);
    let p = app.world().resource::<Progress>();
    assert!(p.value > 0.0 && !p.overlap, "{}", p.value);
}

fn ghosts(app: &mut App) -> Vec<tessera::game::solver::thinking::ThinkingGhost> {
    app.world_mut().query::<&tessera::game::solver::thinking::ThinkingGhost>().iter(app.world()).copied().collect()
}

#[test]
fn watching_the_solver_streams_partial_placements_and_ends_with_a_solution() {
    use tessera::game::solver::thinking::{Thinking, ThinkingPace};
    let mut app = app("watch");
    app.insert_resource(ThinkingPace(Duration::from_millis(1)));
    start(&mut app, LEVEL);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    let mut sizes = Vec::new();
    for _ in 0..2000 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
        sizes.push(ghosts(&mut app).len());
        if !app.world().resource::<Thinking>().running {
            break;
        }
    }
    let t = app.world().resource::<Thinking>();
    assert!(!t.running && t.shown > 1, "shown {}", t.shown);
    let said = EN.text(t.message.as_ref().unwrap());
    assert!(said.contains("found a solution"), "{said}");
    // Partial placements grew and ended with all seven pieces, which verify.
    assert!(sizes.iter().any(|&n| n > 0 && n < 7), "{sizes:?}");
    let g = ghosts(&mut app);
    assert_eq!(g.len(), 7);
    let active = app.world().resource::<ActiveLevel>().clone();
    let puzzle = active.level.puzzle();
    let pieces: Vec<tessera::verify::Piece> = g
        .iter()
        .map(|x| {
            assert!(x.base.abs() < 1e-9);
            tessera::verify::Piece::from_vertices(
                &x.placement.apply(&active.level.set.pieces[x.placement.piece], active.level.set.step()),
                puzzle.target.tol,
                x.placement.piece,
            )
            .unwrap()
        })
        .collect();
    let v = puzzle.judge(&pieces);
    assert!(v.solved || v.mirrored, "{v:?}");
}

#[test]
fn a_second_watch_or_a_placement_stops_the_solver() {
    use tessera::game::solver::thinking::{Thinking, ThinkingPace};
    let mut app = app("watch-stop");
    app.insert_resource(ThinkingPace(Duration::from_millis(200)));
    start(&mut app, LEVEL);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    key(&mut app, KeyCode::KeyW, "w");
    assert!(!app.world().resource::<Thinking>().running);
    assert!(ghosts(&mut app).is_empty());
    key(&mut app, KeyCode::KeyW, "w");
    assert!(app.world().resource::<Thinking>().running);
    let p = app.world().resource::<ActiveLevel>().level.solution[0];
    set_placement(&mut app, p.piece, p);
    assert!(!app.world().resource::<Thinking>().running);
    // Frames later, nothing from the stopped search appears.
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(50));
        app.update();
    }
    assert!(ghosts(&mut app).is_empty());
}

#[test]
fn the_solver_lab_runs_the_lp_method_and_the_exact_search_as_tasks() {
    use tessera::game::solver::lab::{LabRun, SolverLab};
    let mut app = app("lab");
    start(&mut app, "edge/5x5-1");
    // The tile family's methods: 0 the exact search, 1 the LP.
    for run in [LabRun(1), LabRun(0)] {
        app.world_mut().write_message(run);
        for _ in 0..20_000 {
            app.update();
            if !app.world().resource::<SolverLab>().running {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let lab = app.world().resource::<SolverLab>();
    assert_eq!(lab.results.len(), 2, "{:?}", lab.results);
    assert!(lab.results.iter().all(|r| r.solved), "{:?}", lab.results);
    assert!(EN.text(&lab.results[0].work).contains("linear program"), "{:?}", lab.results[0]);
}

/// Show on an LP result plays its iterates first: the fractional assignment as faded tiles
/// (each tile's shares summing to 1 over the places the iterate holds it), one iterate per
/// pace, then the arrangement found, whole, which solves the level.
#[test]
fn the_lab_plays_the_lp_iterates_as_faded_tiles_then_the_solution() {
    use tessera::game::solver::lab::{LabGhost, LabRun, LabShow, SolverLab, ITERATE_PACE};
    use tessera::game::solver::thinking::ThinkingGhost;
    let mut app = app("lab-iterates");
    // Turning 6 x 6: the LP needs several programs here (5 when measured).
    start(&mut app, "edge/turn-6x6-2");
    app.world_mut().write_message(LabRun(1));
    for _ in 0..20_000 {
        app.update();
        if !app.world().resource::<SolverLab>().results.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let result = app.world().resource::<SolverLab>().results.first().cloned().expect("the run came back");
    assert!(result.solved && result.iterates.len() >= 2, "{} iterates", result.iterates.len());
    let tiles = app.world().resource::<ActiveLevel>().level.set.pieces.len();
    app.world_mut().write_message(LabShow(0));
    let ghosts = |app: &mut App| -> Vec<ThinkingGhost> {
        app.world_mut().query_filtered::<&ThinkingGhost, With<LabGhost>>().iter(app.world()).copied().collect()
    };
    let (mut frames, mut at): (Vec<Vec<ThinkingGhost>>, Vec<usize>) = (Vec::new(), Vec::new());
    for k in 0..2_000 {
        app.update();
        let now = ghosts(&mut app);
        if frames.last() != Some(&now) {
            frames.push(now);
            at.push(k);
        }
        if app.world().resource::<SolverLab>().playing.is_none() {
            break;
        }
    }
    assert!(app.world().resource::<SolverLab>().playing.is_none(), "the playback ends");
    assert_eq!(frames.len(), result.iterates.len() + 1, "every iterate, then the solution");
    let first = &frames[0];
    assert!(first.iter().any(|g| g.weight < 0.99), "the first iterate is fractional");
    for piece in 0..tiles {
        let share: f32 = first.iter().filter(|g| g.placement.piece == piece).map(|g| g.weight).sum();
        assert!(share <= 1.0 + 1e-4 && share > 0.4, "tile {piece}: its shares sum to {share}");
    }
    let last = frames.last().unwrap();
    assert!(last.iter().all(|g| g.weight == 1.0) && last.len() == tiles);
    let placed: Vec<Placement> = last.iter().map(|g| g.placement).collect();
    assert!(app.world().resource::<ActiveLevel>().level.judge(&placed).solved, "the last frame solves the level");
    // Each iterate stood for the pace (the test's clock steps 50 ms an update).
    let updates = (ITERATE_PACE / 0.05).round() as usize;
    assert!(at.windows(2).all(|w| w[1] - w[0] >= updates - 1), "frames at updates {at:?}");
}

/// The ghost stays while the player turns, mirrors or moves the piece it names (issue P1b,
/// item 4: it went away exactly when the player was matching its orientation); it goes once
/// that piece is in its place, or when another piece moves.
#[test]
fn the_ghost_stays_while_its_piece_is_turned_and_goes_when_it_is_placed() {
    use tessera::game::solver::hints::HintKind;
    let mut app = app("ghost-turn");
    start(&mut app, LEVEL);
    ask_hint(&mut app);
    let ghost = ask_hint(&mut app)
        .iter()
        .find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None })
        .expect("second step shows where");
    let job = jobs(&mut app).into_iter().find(|j| j.goal.piece == ghost.piece).unwrap();
    let c = centroid(&mut app, job.entity);
    mouse_click(&mut app, c);
    key(&mut app, KeyCode::KeyR, "r");
    key(&mut app, KeyCode::KeyF, "f");
    let c = centroid(&mut app, job.entity);
    mouse_drag(&mut app, c, c + Vec2::new(0.3, 0.2));
    assert!(
        markers(&mut app).iter().any(|m| matches!(m.kind, HintKind::Ghost(p) if p == ghost)),
        "the ghost went away when its piece was turned, mirrored or moved"
    );
    set_placement(&mut app, ghost.piece, ghost);
    assert!(markers(&mut app).is_empty(), "the piece in its place ends the hint");
    // Another piece moved makes a new hint stale.
    ask_hint(&mut app);
    let named = markers(&mut app)[0].piece;
    let other = jobs(&mut app).into_iter().find(|j| j.goal.piece != named && j.goal.piece != ghost.piece).unwrap();
    let c = centroid(&mut app, other.entity);
    mouse_click(&mut app, c);
    key(&mut app, KeyCode::KeyR, "r");
    assert!(markers(&mut app).is_empty(), "a move of another piece clears the hint");
}

/// A hint asked again while the first is being worked out leaves the search running (starting
/// it over threw its work away, and in the browser its worker: a player tapping again because
/// nothing came yet waited longer with every tap). Its answer is then the first step: the
/// position checked.
#[test]
fn asking_again_while_a_hint_is_worked_out_keeps_the_search() {
    use tessera::game::shared::{Action, PiecePlaced};
    use tessera::game::solver::hints::HintState;
    let mut app = app("hint-again");
    start(&mut app, LEVEL);
    // A search that answers within its own frame cannot be asked again while it runs: put its
    // hint away (a placement does) and ask once more.
    for _ in 0..100 {
        app.world_mut().write_message(Action::Hint);
        app.update();
        let hints = app.world().resource::<HintState>();
        if !hints.thinking() {
            app.world_mut().write_message(PiecePlaced { piece: None, snapped: false });
            app.update();
            continue;
        }
        let search = hints.search();
        app.world_mut().write_message(Action::Hint);
        app.update();
        assert_eq!(app.world().resource::<HintState>().search(), search, "the second ask started the search over");
        for _ in 0..20_000 {
            if !app.world().resource::<HintState>().thinking() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
            app.update();
        }
        let hints = app.world().resource::<HintState>();
        assert_eq!((hints.shown, hints.message.as_ref().map(|t| t.id)), (1, Some("hint-fine")));
        assert!(markers(&mut app).is_empty());
        return;
    }
    panic!("every hint was answered within the frame it was asked in");
}

/// On a board played for the score the lab chases the best score: each new best board comes
/// while the run goes on (every tile laid, scoring what the lab says), Stop ends the run and
/// keeps the best so far, and Show lays that board over the player's.
#[test]
fn the_lab_chases_a_scored_boards_best_live_and_stop_keeps_it() {
    use tessera::game::board::view::OffscreenSize;
    use tessera::game::solver::lab::{LabGhost, LabRun, LabShow, LabStop, SolverLab};
    use tessera::game::solver::thinking::ThinkingGhost;
    let mut app = app_with("lab-chase", |app| {
        app.insert_resource(OffscreenSize(Vec2::new(1280.0, 800.0)));
    });
    start(&mut app, "scored/16x16-1");
    let level = app.world().resource::<ActiveLevel>().level.clone();
    assert_eq!(level.offers().lab.unwrap().methods(), ["lab-best"]);
    app.world_mut().resource_mut::<SolverLab>().open = true;
    app.world_mut().write_message(LabRun(0));
    // Two boards found, the second better than the first.
    let mut seen = Vec::new();
    for _ in 0..20_000 {
        app.update();
        let lab = app.world().resource::<SolverLab>();
        if let Some(r) = lab.results.last().filter(|r| r.live) {
            assert!(lab.running && lab.results.len() == 1, "a live result replaces the one before");
            let score = level.judge(&r.solution).score.expect("a scored board").0;
            if seen.last() != Some(&score) {
                assert_eq!(r.solution.len(), level.set.pieces.len(), "every tile laid");
                let (max, said) = (level.judge(&r.solution).score.unwrap().1, EN.text(&r.work));
                assert_eq!(said, format!("{score} of {max} sides matched"));
                seen.push(score);
            }
            if seen.len() >= 2 {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(seen.len() >= 2 && seen.windows(2).all(|w| w[1] > w[0]), "better boards come live: {seen:?}");
    app.world_mut().write_message(LabStop);
    app.update();
    let lab = app.world().resource::<SolverLab>();
    assert!(!lab.running, "Stop ends the run");
    let kept = lab.results.last().cloned().expect("the best so far stays");
    assert!(!kept.live && !kept.solution.is_empty());
    let kept_score = level.judge(&kept.solution).score.unwrap().0;
    assert!(kept_score >= *seen.last().unwrap());
    // Nothing more comes from the stopped run.
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(app.world().resource::<SolverLab>().results, vec![kept.clone()]);
    app.world_mut().write_message(LabShow(0));
    app.update();
    let shown: Vec<Placement> = app
        .world_mut()
        .query_filtered::<&ThinkingGhost, With<LabGhost>>()
        .iter(app.world())
        .map(|g| g.placement)
        .collect();
    assert_eq!(shown.len(), level.set.pieces.len(), "a ghost per tile");
    assert_eq!(level.judge(&shown).score.unwrap().0, kept_score, "the ghosts are the best board");
}

/// The hint ladder on a dissection, a polyomino box, a polyhex board and an edge-matching
/// board: each step only when asked, each in words. 1: the position is checked (fine at the
/// start; a planted piece that blocks every completion is marked to lift); 2: which piece
/// next; 3: where it goes; 4: it is laid there, as a move that undo takes back.
#[test]
fn the_hint_ladder_checks_then_names_shows_and_places_on_every_family() {
    use tessera::game::solver::hints::{HintKind, HintMarker};
    for level in ["classic/arrow", "polyominoes/pentominoes-6x10", "polyhexes/tetrahexes-7x4", "edge/3x3-1"] {
        let mut app = app("ladder");
        start(&mut app, level);
        assert_eq!(hint_step(&mut app), ("hint-fine".into(), vec![]), "{level}: step 1 on an empty board");
        let (said, m) = hint_step(&mut app);
        assert_eq!(said, "hint-next", "{level}");
        let [HintMarker { piece, kind: HintKind::Which }] = m[..] else { panic!("{level}: step 2 marks {m:?}") };
        let (said, m) = hint_step(&mut app);
        assert_eq!(said, "hint-here", "{level}");
        let goal = m
            .iter()
            .find_map(|x| if let HintKind::Ghost(p) = x.kind { Some(p) } else { None })
            .unwrap_or_else(|| panic!("{level}: step 3 shows no ghost: {m:?}"));
        assert_eq!(goal.piece, piece, "{level}");
        let start_at = placement_of(&mut app, piece);
        let moves = app.world().resource::<ActiveLevel>().moves;
        hint_step(&mut app);
        app.update();
        app.update();
        assert_eq!(placement_of(&mut app, piece), goal, "{level}: step 4 lays the piece where the ghost was");
        assert_eq!(app.world().resource::<ActiveLevel>().moves, moves + 1, "{level}: as a move");
        let said = app.world().resource::<HintState>().message.as_ref().map(|t| t.id);
        assert_eq!(said, Some("hint-placed"), "{level}");
        assert!(markers(&mut app).is_empty(), "{level}");
        // Undone like a move.
        app.world_mut().write_message(Action::Do(Command::Undo));
        app.update();
        assert_eq!(placement_of(&mut app, piece), start_at, "{level}: undo takes the hinted piece back");
        // A piece planted where it blocks every completion: step 1 marks it, and says so.
        let active = app.world().resource::<ActiveLevel>().level.clone();
        let wrong = active.blocker(&[]).expect("a piece that blocks the figure");
        let home = placement_of(&mut app, wrong.piece);
        set_placement(&mut app, wrong.piece, wrong);
        let (said, m) = hint_step(&mut app);
        assert_eq!(said, "hint-lift", "{level}");
        assert_eq!(m, vec![HintMarker { piece: wrong.piece, kind: HintKind::MoveThis }], "{level}");
        // Lifted back to where it started, the position is fine again.
        set_placement(&mut app, wrong.piece, home);
        assert_eq!(hint_step(&mut app).0, "hint-fine", "{level}");
    }
}

/// Where piece `piece` lies.
fn placement_of(app: &mut App, piece: usize) -> Placement {
    app.world_mut()
        .query::<(&Piece, &Placed)>()
        .iter(app.world())
        .find(|(p, _)| p.0 == piece)
        .map(|(_, at)| at.0)
        .expect("the piece")
}
