//! Hostile input, fourth sweep (P1b): the scored boards, piece lists, painted BurrTools files
//! and screenshots. Each test names the defect it holds down; each failed before its fix.

use crate::common::cli::{call, run};
use std::path::{Path, PathBuf};
use tessera::tiles::generate::{generate, Spec};
use tessera::tiles::{read, Order, Puzzle};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tessera-sweep4-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn edge(args: &[&str]) -> (i32, String, String) {
    call(tessera::cli::tiles::run, args)
}

/// A generated board with a full solution.
fn board(cols: usize, colors: u16, seed: u64) -> Puzzle {
    let spec = Spec { cols, rows: cols, colors, frame_colors: None, rotate: true, unique: false, seed, max_nodes: 0 };
    generate(&spec).unwrap().puzzle
}

fn nesw(p: &Puzzle) -> String {
    let mut s = format!("{} {}\n", p.cols, p.rows);
    for t in &p.tiles {
        s += &format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]);
    }
    s
}

/// The same list written north south west east, as Eternity II's is published.
fn nswe(p: &Puzzle) -> String {
    let mut s = format!("{} {}\n", p.cols, p.rows);
    for t in &p.tiles {
        s += &format!("{} {} {} {}\n", t[0], t[2], t[3], t[1]);
    }
    s
}

/// The crash: two `clue` lines on one cell passed the reader (it checked a tile clued twice,
/// not a cell) and `edge best` panicked after its whole budget; a pack holding such a board,
/// and a share code carrying it, went through too. The reader every door shares refuses it.
#[test]
fn a_cell_clued_twice_is_refused_at_every_door() {
    let p = board(4, 3, 1);
    let text = format!("{}clue 5 0 0\nclue 5 1 0\n", nesw(&p));
    let e = read(&text, true).unwrap_err();
    assert!(e.contains("cell 5 is clued twice (tiles 0 and 1)"), "{e}");
    let d = scratch("clued");
    let f = write(&d, "twice.txt", &text);
    let (code, _, err) = edge(&["best", &f, "--rotate", "--timeout-ms", "200"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("twice.txt") && err.contains("clued twice"), "{err}");
    // A scored level with the same two clues: the pack does not load, so check-levels names it.
    let tiles: Vec<String> = p.tiles.iter().map(|t| format!("({}, {}, {}, {})", t[0], t[1], t[2], t[3])).collect();
    let pack = format!(
        "(name: \"Twice\", levels: [(id: \"twice\", name: \"Twice\", family: \"edge\", edge: (cols: 4, rows: 4, \
         rotate: true, scored: true, tiles: [{}], clues: [(cell: 5, tile: 0, rot: 0), (cell: 5, tile: 1, rot: 0)]), \
         solution: [])])",
        tiles.join(", ")
    );
    let packs = d.join("packs");
    std::fs::create_dir_all(&packs).unwrap();
    write(&packs, "twice.ron", &pack);
    let (code, out, err) = run(&["check-levels", packs.to_str().unwrap()]);
    assert_ne!(code, 0, "{out}");
    assert!(format!("{out}{err}").contains("clued twice"), "{out}{err}");
}

/// Wrong answers: `edge best` read a list written north south west east as north east south
/// west without a word. The command line now reads lists with the game's reader, which tells
/// the orders apart by the corners, and says which it read.
#[test]
fn the_command_line_reads_either_order_of_sides() {
    let p = board(5, 4, 2);
    let d = scratch("order");
    for (name, text, order) in [("nesw.txt", nesw(&p), "nesw"), ("nswe.txt", nswe(&p), "nswe")] {
        let read = read(&text, true).unwrap();
        assert_eq!(read.puzzle.tiles, p.tiles, "{name}");
        assert_eq!(read.order, if order == "nesw" { Order::Nesw } else { Order::Nswe });
        let f = write(&d, name, &text);
        let (code, out, err) = edge(&["best", &f, "--rotate", "--timeout-ms", "0", "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(
            (v["score"].as_u64(), v["max_score"].as_u64(), v["order"].as_str()),
            (Some(40), Some(40), Some(order))
        );
        let (code, out, err) = edge(&["solve", &f, "--rotate", "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!((v["solved"].as_bool(), v["order"].as_str()), (Some(true), Some(order)), "{v}");
    }
}

/// Wrong answers: on small solvable boards `edge best` stopped short of the full solution
/// `edge solve` finds at once (a 6 x 6 with 5 colours: 57 of 60 in 30 s; with `--timeout-ms 0`
/// it never ended). The exact search goes first, so a full solution is the answer; without a
/// limit the two take turns and the search ends with the maximum. Bounded by nodes, so the
/// test holds on any machine.
#[test]
fn the_best_score_of_a_solvable_board_is_its_full_solution() {
    for seed in 1..=4 {
        let p = board(6, 5, seed);
        let opts = tessera::tiles::best::Options { budget: tessera::support::budget::Budget::nodes(100_000), seed: 0 };
        let b = tessera::tiles::best::best(&p, &opts, |_, _, _| {});
        assert_eq!((b.score, b.max_score), (60, 60), "seed {seed}");
        p.check(&b.placement).unwrap();
        // No limit at all: it ends, with the maximum.
        let b = tessera::tiles::best::best(&p, &Default::default(), |_, _, _| {});
        assert_eq!(b.score, 60, "seed {seed}");
    }
}

/// Over time: `edge best --threads 256 --timeout-ms 1000` on a 32 x 32 board took 11 s (each
/// search laid 65,535 tiles before reading the clock; 256 threads on 2 cores). The threads are
/// capped at the cores, and the JSON says how many ran.
#[test]
fn best_runs_at_most_one_search_a_core() {
    let d = scratch("threads");
    let f = write(&d, "p.txt", &nesw(&board(4, 3, 5)));
    let (code, out, err) = edge(&["best", &f, "--rotate", "--threads", "256", "--timeout-ms", "100", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let cores = std::thread::available_parallelism().unwrap().get() as u64;
    assert_eq!(v["threads"].as_u64(), Some(cores.min(256)), "{v}");
}

/// Messages: `--json` wrote U+009B (a file name holding it) as `\u{9b}`, which no JSON parser
/// reads. The terminal-safe stream now writes the C1 controls as JSON's own `\u009b`.
#[test]
fn json_output_stays_json_with_control_characters_in_names() {
    let d = scratch("json");
    let f = write(&d, "a\u{9b}b.txt", &nesw(&board(3, 2, 1)));
    for args in [
        vec!["edge", "best", &f, "--rotate", "--timeout-ms", "0", "--json"],
        vec!["edge", "solve", &f, "--rotate", "--json"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
        assert_eq!(v["file"].as_str(), Some(f.as_str()));
        assert!(!out.contains('\u{9b}'), "{out}");
    }
}

/// Messages in the list's own terms: a clue line before the size line, a byte-order mark,
/// Eternity II's list without `--rotate`, a level pack given as a puzzle, numbers out of range
/// reported as written (not clamped).
#[test]
fn piece_lists_get_messages_in_their_own_terms() {
    let p = board(4, 3, 4);
    let text = nesw(&p);
    // A clue before the size line, and a byte-order mark, are read as meant.
    let (size, tiles) = text.split_once('\n').unwrap();
    let first = read(&format!("clue 0 3 1\n{size}\n{tiles}"), true).unwrap().puzzle;
    assert_eq!((first.cols, first.rows, first.clues.len(), &first.tiles), (4, 4, 1, &p.tiles));
    assert_eq!(first.clues[0], tessera::tiles::Clue { cell: 0, tile: 3, rot: 1 });
    let plain = read(&format!("{size}\n{tiles}"), true).unwrap();
    assert_eq!(read(&format!("\u{feff}{text}"), true).unwrap(), plain);
    for (bad, says) in [
        (format!("{text}clue 0 0 7\n"), "a tile turns 0 to 3 quarter turns, not 7"),
        (format!("{text}clue 0 0 -1\n"), "not negative"),
        ("4 4\n0 0 1 99999\n".to_string(), "line 2: colour 99999 is too large"),
        ("40 4\n".to_string(), "not 40 x 4"),
        ("4 4\n0 0 1 99999999999999999999\n".to_string(), "far too large a number"),
        (format!("{text}0 0 1\n"), "line 18: a tile is four colours"),
    ] {
        let e = read(&bad, true).unwrap_err();
        assert!(e.contains(says), "{bad:?}: {e}");
    }
    let d = scratch("messages");
    // Eternity II-like: pairs only when the tiles turn.
    let (e2, _) = tessera::tiles::generate::eternity_like(6);
    let f = write(&d, "e2.txt", &nesw(&e2));
    let (code, _, err) = edge(&["best", &f, "--timeout-ms", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("pass --rotate"), "{err}");
    // A level pack: named as one, with the way to pick a level of it.
    let pack = format!("{}/levels/edge.ron", env!("CARGO_MANIFEST_DIR"));
    let (code, _, err) = edge(&["best", &pack, "--timeout-ms", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("a level pack, not a puzzle") && err.contains("--level"), "{err}");
    let (code, out, err) = edge(&["solve", &pack, "--level", "4x4-1", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"solved\":true"), "{out}");
    let (code, _, err) = edge(&["solve", &pack, "--level", "no-such", "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("no level `no-such`"), "{err}");
}

/// Messages: a one-line piece list given to `share decode` was called a bad code, though the
/// game opens it. The command reads what the game's paste field reads.
#[test]
fn share_decode_opens_a_piece_list_as_the_game_does() {
    let p = board(4, 3, 6);
    let line = nesw(&p).replace('\n', " ");
    let d = scratch("share");
    let out = d.join("list.ron");
    let (code, said, err) = run(&["share", "decode", &line, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("list-4x4"), "{said}");
    let pack = tessera::level::parse_pack(&std::fs::read_to_string(&out).unwrap(), "list.ron", "list").unwrap();
    assert!(pack.levels[0].judge(&pack.levels[0].solution).score.is_some());
}

/// Messages: `check-levels` said a scored reference board "must lay every tile" when it laid
/// every tile but moved a clued tile. It says what is wrong.
#[test]
fn a_scored_reference_board_is_faulted_for_what_is_wrong_with_it() {
    let text = std::fs::read_to_string(format!("{}/levels/scored.ron", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let pack = tessera::level::parse_pack(&text, "scored.ron", "scored").unwrap();
    let level = &pack.levels[0];
    assert!(level.check_solution().is_ok());
    let tiles = level.data::<tessera::family::tiles::TilesLevel>().unwrap();
    let clue = tiles.puzzle.clues[0];
    // Swap the clued tile with another tile: every tile still laid, the clue moved.
    let mut moved = level.solution.clone();
    let a = moved.iter().position(|p| p.piece == clue.tile).unwrap();
    let b = (a + 1) % moved.len();
    let (pa, pb) = (moved[a].piece, moved[b].piece);
    moved[a].piece = pb;
    moved[b].piece = pa;
    let mut wrong = level.clone();
    wrong.solution = moved;
    let e = wrong.check_solution().unwrap_err();
    assert!(e.contains(&format!("moves the clue at cell {}", clue.cell)), "{e}");
    // One tile taken off: the empty cell is named.
    let mut short = level.clone();
    short.solution.pop();
    let e = short.check_solution().unwrap_err();
    assert!(e.contains("leaves cell") && e.contains("255 of 256 cells laid"), "{e}");
}

/// Files: `screenshot` deleted an existing `--out` before it rendered (no `--force`), rendered
/// on until killed when the picture could not be saved (not `.png`, a missing folder), read
/// `--shots /dev/zero` until memory ran out and blocked on a FIFO. All are refused before the
/// game starts.
#[cfg(feature = "game")]
#[test]
fn screenshot_checks_its_files_before_it_draws() {
    let d = scratch("screenshot");
    let kept = write(&d, "kept.png", "a picture the player keeps");
    for (args, says) in [
        (vec!["--out", kept.as_str()], "kept.png exists; pass --force"),
        (vec!["--out", "picture.jpg"], "ends in .png"),
        (vec!["--out", "/no/such/folder/a.png"], "does not exist"),
        (vec!["--shots", "/dev/zero"], "not a regular file"),
    ] {
        let mut all = vec!["screenshot", "--level", "classic/arrow"];
        all.extend(args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "a picture the player keeps");
    let list = write(&d, "shots.txt", &format!("menu classic/arrow {kept}\n"));
    let (code, _, err) = run(&["screenshot", "--shots", &list]);
    assert_eq!(code, 2);
    assert!(err.contains("pass --force"), "{err}");
    let fifo = d.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    if made {
        let (code, _, err) = run(&["screenshot", "--shots", fifo.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert!(err.contains("not a regular file"), "{err}");
    }
}
