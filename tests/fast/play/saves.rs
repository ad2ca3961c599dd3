//! Saved progress, broken files, dailies and share codes, the language, the packs list.

use super::*;

#[test]
fn corrupt_save_and_broken_pack_are_reported_and_nothing_else_is_lost() {
    let path = temp_save("corrupt");
    std::fs::write(&path, "(completed: {\"classic/arrow\": (best_ms: oops").unwrap();
    let dir = path.parent().unwrap().join("levels");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mine.ron"),
        tessera::level::embedded_text(0).replace("name: \"Classic tangram\"", "name: \"Mine\""),
    )
    .unwrap();
    std::fs::write(dir.join("broken.ron"), "(name: \"Broken\", levels: [ (id: \"x\", ").unwrap();
    let (user, errors) = tessera::level::load_dir(&dir);
    let mut packs = tessera::level::embedded_packs();
    packs.extend(user);

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(SaveState::load(path.clone()))
        .insert_resource(Library { packs, errors })
        .add_message::<CursorMoved>()
        .add_plugins(LogicPlugins);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::MainMenu, "the game starts");
    let save = app.world().resource::<SaveState>();
    let notice = EN.text(save.notice.as_ref().expect("the player is told"));
    assert!(notice.contains("could not be read") && notice.contains("corrupt"), "{notice}");
    assert!(!path.exists(), "the bad file was moved aside");
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("corrupt"))
        .collect();
    assert_eq!(kept.len(), 1, "and kept");
    let lib = app.world().resource::<Library>();
    // The embedded packs, today's dailies, and the good user pack.
    assert_eq!(lib.packs.len(), tessera::level::EMBEDDED.len() + 2, "the good user pack still loads");
    assert!(lib.packs.iter().any(|p| p.id == "mine"));
    assert_eq!(lib.errors.len(), 1);
    assert!(lib.errors[0].to_string().contains("broken.ron:1"), "{}", lib.errors[0]);
    // And the game plays on, saving to a fresh file.
    start(&mut app, "mine/arrow");
    assert_eq!(state(&app), AppState::Playing);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// The level's entities live exactly as long as the level: they stay on the solved screen,
/// are replaced when another level starts, and are gone once the player is back in the menus.
#[test]
fn level_entities_are_scoped_to_the_level() {
    use tessera::game::board::pieces::BoardItem;
    let count = |app: &mut App| app.world_mut().query_filtered::<Entity, With<BoardItem>>().iter(app.world()).count();
    let mut app = app("scoped");
    start(&mut app, LEVEL);
    let on_board = count(&mut app);
    assert!(on_board > 7, "the figure and seven pieces: {on_board}");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Solved);
    app.update();
    assert_eq!(count(&mut app), on_board, "the solved screen still shows the board");
    start(&mut app, "classic/arrow");
    assert_eq!(count(&mut app), on_board, "a new start replaces the board, it does not add one");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::LevelSelect);
    assert_eq!(count(&mut app), 0);
}

/// Today's daily opens from the menu's message, and solving it is saved under its key.
#[test]
fn todays_daily_opens_and_a_pasted_code_becomes_a_saved_level() {
    let dir = std::env::temp_dir().join(format!("tessera-game-codes-{}", std::process::id()));
    let shared = dir.join("levels").join("shared.ron");
    let today = tessera::support::dates::Date::parse("2026-11-23").unwrap();
    let mut app = app_with("codes", |app| {
        app.insert_resource(tessera::game::meta::daily::Today(today));
        app.insert_resource(tessera::game::meta::codes::SharedPackFile(shared.clone()));
    });
    // The daily pack is made from the date.
    app.world_mut().write_message(tessera::game::meta::daily::OpenDaily { family: "polyomino" });
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(app.world().resource::<ActiveLevel>().key, "daily/daily-polyomino-2026-11-23");
    // A bad code changes nothing but says why.
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode("not a code".into()));
    app.update();
    let err = EN.text(app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.as_ref().unwrap());
    assert!(err.contains("not a Tessera level code"), "{err}");
    assert_eq!(app.world().resource::<ActiveLevel>().key, "daily/daily-polyomino-2026-11-23");
    // A good one opens, lands in the shared pack on disk, and opening it again adds nothing.
    let arrow = tessera::level::embedded_packs()[0].levels.iter().find(|l| l.id == "arrow").unwrap().clone();
    let code = tessera::content::share::encode(&arrow.entry);
    for _ in 0..2 {
        app.world_mut().write_message(tessera::game::meta::codes::OpenCode(code.clone()));
        app.update();
        app.update();
        assert_eq!(app.world().resource::<ActiveLevel>().key, "shared/arrow");
    }
    assert!(app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.is_none());
    let (packs, errors) = tessera::level::load_dir(&dir.join("levels"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(packs[0].levels.len(), 1);
    // The level plays to the solved screen from its own solution.
    let jobs = jobs(&mut app);
    for job in &jobs {
        app.world_mut().get_mut::<Placed>(job.entity).unwrap().0 = job.goal;
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: None, snapped: false });
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A piece list pasted where codes go (north south west east, on one line, as a one-line
/// field leaves it) opens as a board played for the score in the shared pack; laying every
/// tile ends it with its score, saved as the best; a list that does not read says why.
#[test]
fn a_pasted_piece_list_opens_as_a_scored_board_and_saves_its_best() {
    let dir = std::env::temp_dir().join(format!("tessera-game-list-{}", std::process::id()));
    let shared = dir.join("levels").join("shared.ron");
    let mut app = app_with("list", |app| {
        app.insert_resource(tessera::game::meta::codes::SharedPackFile(shared.clone()));
    });
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode("16 16 1 2 3".into()));
    app.update();
    let err = EN.text(app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.as_ref().unwrap());
    assert!(err.contains("a tile is four colours"), "{err}");
    let (p, _) = tessera::tiles::generate::eternity_like(6);
    let tiles: Vec<String> = p.tiles.iter().map(|t| format!("{} {} {} {}", t[0], t[2], t[3], t[1])).collect();
    let k = p.clues[0];
    let list = format!("16 16 {} clue {} {} {}", tiles.join(" "), k.cell, k.tile, k.rot);
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode(list));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(app.world().resource::<ActiveLevel>().key, "shared/list-16x16");
    let jobs = jobs(&mut app);
    assert_eq!(jobs.len(), 256);
    for job in &jobs {
        app.world_mut().get_mut::<Placed>(job.entity).unwrap().0 = job.goal;
    }
    app.world_mut().write_message(tessera::game::shared::PiecePlaced { piece: None, snapped: false });
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    let info = app.world().resource::<tessera::game::shared::SolvedInfo>();
    let (got, max, best, new) = info.score.expect("a score");
    assert!(max == 480 && got > 400 && best == got && new, "{:?}", info.score);
    let save = app.world().resource::<tessera::game::meta::save::SaveState>();
    assert_eq!(save.data.scores.get("shared/list-16x16"), Some(&got));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shared pack on disk that does not load is never written over: the code's level still
/// opens, with a warning.
#[test]
fn a_broken_shared_pack_is_left_alone() {
    let dir = std::env::temp_dir().join(format!("tessera-game-broken-shared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shared = dir.join("shared.ron");
    std::fs::write(&shared, "(name: \"mine\", levels: [ broken").unwrap();
    let mut app = app_with("broken-shared", |app| {
        app.insert_resource(tessera::game::meta::codes::SharedPackFile(shared.clone()));
    });
    let arrow = tessera::level::embedded_packs()[0].levels.iter().find(|l| l.id == "arrow").unwrap().clone();
    app.world_mut().write_message(tessera::game::meta::codes::OpenCode(tessera::content::share::encode(&arrow.entry)));
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::Playing);
    let status = app.world().resource::<tessera::game::meta::codes::CodeStatus>();
    let warning = status.error.as_ref().map(|e| EN.text(e));
    let warning = warning.unwrap_or_else(|| panic!("{status:?} {:?}", std::fs::read_to_string(&shared)));
    assert!(warning.contains("left as it is"), "{warning}");
    assert_eq!(std::fs::read_to_string(&shared).unwrap(), "(name: \"mine\", levels: [ broken");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_first_launch_speaks_the_system_language_and_the_setting_changes_it() {
    use tessera::game::meta::language::{SystemLanguage, Words};
    use tessera::support::i18n::Lang;
    let mut app = app_with("language", |app| {
        app.insert_resource(SystemLanguage(Lang::PtBr));
    });
    assert_eq!(app.world().resource::<SaveState>().data.settings.language, Some(Lang::PtBr));
    let words = *app.world().resource::<Words>();
    assert_eq!(words.s("menu-play"), "Jogar");
    // What the game reports is kept as a message and said in the language of the moment.
    start(&mut app, LEVEL);
    ask_hint(&mut app);
    let hint = app.world().resource::<tessera::game::solver::hints::HintState>().message.clone().unwrap();
    assert_eq!(app.world().resource::<Words>().text(&hint), "Esta peça agora. Peça de novo para ver onde.");
    // The setting, as the settings screen changes it.
    app.world_mut().resource_mut::<SaveState>().data.settings.language = Some(Lang::En);
    app.update();
    let words = *app.world().resource::<Words>();
    assert_eq!(words.s("menu-play"), "Play");
    assert_eq!(words.text(&hint), "This piece next. Ask again to see where.");
    // A saved language wins over the system's.
    app.world_mut().resource_mut::<SaveState>().store();
    let again = app_with("language", |app| {
        app.insert_resource(SystemLanguage(Lang::PtBr));
    });
    assert_eq!(again.world().resource::<Words>().s("menu-play"), "Play");
}

/// Issue 33, item 6: after a restart the level list opens at the pack last played (it opened
/// at the first pack). Since issue 34 the list opens at the packs, that one marked and
/// scrolled to; leaving a level opens its pack's grid.
#[test]
fn the_packs_mark_the_pack_played_last_after_a_restart_and_a_level_returns_to_its_pack() {
    use tessera::game::meta::save::ListFocus;
    let key = "polyominoes/pentominoes-6x10";
    let mut first = app("last-pack");
    start(&mut first, key);
    let pack = first.world().resource::<ActiveLevel>().pack;
    assert!(pack > 0, "a pack other than the first");
    drop(first);
    // The same save file, a new game.
    let mut app = app("last-pack");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::LevelSelect);
    // From the menu the list shows the packs, the one played last marked.
    assert_eq!(app.world().resource::<ListFocus>().last, Some(pack));
    assert_eq!(app.world().resource::<ListFocus>().open, None);
    // Leaving a level opens its pack's grid; the menu closes it again.
    let other = "edge/3x3-1";
    start(&mut app, other);
    let edge = app.world().resource::<ActiveLevel>().pack;
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ListFocus>().open, Some(edge));
    assert_eq!(app.world().resource::<ListFocus>().last, Some(edge));
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ListFocus>().open, None);
}

/// A refused code is said whole in the player's language, and leaving the level list forgets
/// it (issue P1b, item 8: the error outlived the screen and a change of language, then read
/// half Portuguese, half English).
#[test]
fn a_refused_code_is_said_in_the_players_language_and_forgotten_on_leaving_the_list() {
    use tessera::support::i18n::{Lang, Tr};
    let mut app = app("code-refused");
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::LevelSelect);
    app.update();
    app.update();
    assert_eq!(state(&app), AppState::LevelSelect);
    let status = |app: &App| app.world().resource::<tessera::game::meta::codes::CodeStatus>().error.clone();
    for (code, english) in [("%%% not a code", "not a Tessera level code"), ("", "empty")] {
        app.world_mut().write_message(tessera::game::meta::codes::OpenCode(code.into()));
        app.update();
        let error = status(&app).expect("a refused code says why");
        assert!(EN.text(&error).contains(english), "{}", EN.text(&error));
        let pt = Tr(Lang::PtBr).text(&error);
        assert!(!pt.contains("code") && !pt.contains(english), "half translated: {pt}");
    }
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MainMenu);
    app.update();
    app.update();
    assert!(status(&app).is_none(), "the refusal outlived the level list");
}

/// A solve keeps the pieces as the player left them, and the level list draws those (P1b item
/// 10: it drew the level's reference solution): here the two large triangles swapped.
#[test]
fn a_solve_keeps_the_players_own_solution() {
    let mut app = app("own-solution");
    start(&mut app, LEVEL);
    let mut goals = app.world().resource::<ActiveLevel>().level.solution.clone();
    goals.sort_by_key(|p| p.piece);
    let swapped = [Placement { piece: 0, ..goals[1] }, Placement { piece: 1, ..goals[0] }];
    for p in swapped.iter().chain(&goals[2..]) {
        set_placement(&mut app, p.piece, *p);
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    let key = app.world().resource::<ActiveLevel>().key.clone();
    let kept = app.world().resource::<SaveState>().data.solutions.get(&key).cloned().expect("kept");
    assert_eq!(kept[0], swapped[0], "the player's large triangle, not the reference's");
    assert_eq!(kept.len(), goals.len());
}

/// P1a: progress carried to another device. One device solves a level and has a pack of its
/// own; it exports. Another, with a solve of its own, imports the file: both levels are
/// solved, its own record stays, the pack arrives on disk and in the list, and importing the
/// same progress again as a code adds nothing. A file cut short, another program's file and a
/// file that is not there are refused saying why, changing nothing.
#[test]
fn progress_exported_on_one_device_imports_on_another_losing_nothing() {
    use tessera::game::meta::transfer::{ExportDir, ExportProgress, ImportProgress, Transfer};
    let root = std::env::temp_dir().join(format!("tessera-game-transfer-{}", std::process::id()));
    let device = |name: &str| {
        let dir = root.join(name);
        std::fs::create_dir_all(dir.join("levels")).unwrap();
        let (levels, exports) = (dir.join("levels"), dir.join("exports"));
        let mut app = app_with(&format!("transfer-{name}"), |app| {
            app.insert_resource(tessera::game::meta::codes::SharedPackFile(levels.join("shared.ron")));
            app.insert_resource(ExportDir(exports.clone()));
        });
        app.world_mut().resource_mut::<SaveState>().data = Default::default();
        (app, levels, exports)
    };
    let said = |app: &App| {
        let t = app.world().resource::<Transfer>();
        (EN.text(t.said.as_ref().expect("something said")), t.refused)
    };

    let (mut a, a_levels, a_exports) = device("a");
    a.world_mut().resource_mut::<SaveState>().data.record("classic/arrow", Some(40_000), 9);
    let mine = tessera::level::embedded_text(0).replace("name: \"Classic tangram\"", "name: \"Mine\"");
    std::fs::write(a_levels.join("mine.ron"), &mine).unwrap();
    a.world_mut().write_message(ExportProgress);
    a.update();
    let (words, refused) = said(&a);
    assert!(!refused && words.contains("exports"), "{words}");
    let file = std::fs::read_dir(&a_exports).unwrap().next().unwrap().unwrap().path();
    assert!(file.file_name().unwrap().to_string_lossy().starts_with("tessera-progress-"));
    let code = a.world().resource::<Transfer>().code.clone().unwrap();

    let (mut b, b_levels, _) = device("b");
    b.world_mut().resource_mut::<SaveState>().data.record("classic/arrow", Some(30_000), 12);
    b.world_mut().resource_mut::<SaveState>().data.record("classic/swan", Some(50_000), 8);
    let before = b.world().resource::<SaveState>().data.clone();
    let text = std::fs::read_to_string(&file).unwrap();
    let junk = root.join("junk.ron");
    for (bad, why) in [
        (text[..text.len() / 2].to_string(), "is damaged"),
        (tessera::level::embedded_text(0), "not a Tessera progress file"),
    ] {
        std::fs::write(&junk, bad).unwrap();
        b.world_mut().write_message(ImportProgress::File(junk.clone()));
        b.update();
        let (words, refused) = said(&b);
        assert!(refused && words.contains(why) && words.contains("junk.ron"), "{words}");
        assert_eq!(b.world().resource::<SaveState>().data, before, "a refused file changes nothing");
    }
    b.world_mut().write_message(ImportProgress::File(root.join("missing.ron")));
    b.update();
    assert!(said(&b).1 && said(&b).0.contains("missing.ron"), "{}", said(&b).0);

    b.world_mut().write_message(ImportProgress::File(file.clone()));
    b.update();
    let (words, refused) = said(&b);
    assert!(!refused && words.contains("newly solved: 0") && words.contains("improved: 1"), "{words}");
    assert!(words.contains("packs added: 1"), "{words}");
    let data = b.world().resource::<SaveState>().data.clone();
    assert_eq!((data.completed["classic/arrow"].best_ms, data.completed["classic/arrow"].best_moves), (30_000, 9));
    assert!(data.is_done("classic/swan"), "its own solve stays");
    assert_eq!(std::fs::read_to_string(b_levels.join("mine.ron")).unwrap(), mine);
    assert!(b.world().resource::<Library>().packs.iter().any(|p| p.id == "mine"));
    // Saved on disk too: a restart keeps it.
    let saved = tessera::support::save::load(&b.world().resource::<SaveState>().path);
    assert_eq!(saved, tessera::support::save::Loaded::Ok(data.clone()));

    b.world_mut().write_message(ImportProgress::Text { text: code, name: "the pasted text".into() });
    b.update();
    let (words, refused) = said(&b);
    assert!(
        !refused && words.contains("solved: 0") && words.contains("improved: 0") && words.contains("added: 0"),
        "{words}"
    );
    assert_eq!(b.world().resource::<SaveState>().data, data);
    std::fs::remove_dir_all(&root).unwrap();
}

/// The record of play: a level solved without asking for a hint counts as one, a level
/// solved after a hint does not; the statistics read both from the save.
#[test]
fn a_solve_without_a_hint_is_counted_as_one_and_a_hinted_solve_is_not() {
    let mut app = app("unhinted");
    start(&mut app, LEVEL);
    let solution = app.world().resource::<ActiveLevel>().level.solution.clone();
    for p in &solution {
        set_placement(&mut app, p.piece, *p);
    }
    app.update();
    assert_eq!(state(&app), AppState::Solved);
    let second = {
        let lib = app.world().resource::<Library>();
        lib.key(0, 1)
    };
    start(&mut app, &second);
    follow_hints_to_the_solved_screen(&mut app, 16);
    let save = &app.world().resource::<SaveState>().data;
    assert!(save.is_done(LEVEL) && save.is_done(&second));
    assert!(save.unhinted.contains(LEVEL), "{:?}", save.unhinted);
    assert!(!save.unhinted.contains(&second), "solved after hints: {:?}", save.unhinted);
    let lib = app.world().resource::<Library>();
    let packs = vec![(lib.packs[0].id.clone(), lib.keys(0))];
    let s = tessera::content::stats::stats(save, &packs, tessera::support::dates::Date::today());
    assert_eq!((s.all.solved, s.all.unhinted), (2, 1));
}

/// "Smooth edges" sets every camera's samples, a camera that comes later's too (cameras
/// drawing to one target must agree); a save from before the setting keeps the edges smooth.
#[test]
fn smooth_edges_set_every_cameras_samples_and_an_older_save_keeps_them_smooth() {
    let older = tessera::support::save::parse("(settings: (sound: false))").unwrap();
    assert!(older.settings.smooth_edges && !older.settings.sound);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(SaveState::load(temp_save("edges")))
        .add_systems(Update, tessera::game::draw::edges);
    let first = app.world_mut().spawn((Camera2d, Msaa::Off)).id();
    app.update();
    assert_eq!(app.world().get::<Msaa>(first), Some(&Msaa::Sample4), "smooth: four samples");
    app.world_mut().resource_mut::<SaveState>().data.settings.smooth_edges = false;
    let later = app.world_mut().spawn(Camera2d).id();
    app.update();
    for camera in [first, later] {
        assert_eq!(app.world().get::<Msaa>(camera), Some(&Msaa::Off), "rough: one sample");
    }
}
