//! The family abstraction: every level's rules come from its family, through one `Judgement`
//! and one `Hint`; the core never names the game.

use tessera::family::{Hint, Mark};
use tessera::level::{embedded_packs, parse_pack, Level};
use tessera::pieces::Placement;

fn levels() -> Vec<(String, Level)> {
    embedded_packs().into_iter().flat_map(|p| p.levels.into_iter().map(move |l| (p.id.clone(), l))).collect()
}

fn find(pack: &str, id: &str) -> Level {
    levels().into_iter().find(|(p, l)| p == pack && l.id == id).map(|(_, l)| l).unwrap()
}

#[test]
fn every_level_judges_its_solution_solved_and_less_without_a_piece() {
    for (pack, level) in levels() {
        let who = format!("{pack}/{}", level.id);
        let full = level.judge(&level.solution);
        // A board played for the score is done with every tile laid; its thermometer reads
        // the score, and its mismatches stay marked.
        let scored = full.score.is_some_and(|(got, max)| got < max && full.progress == got as f64 / max as f64);
        assert!(full.solved && (full.progress == 1.0 || scored) && !full.overlap, "{who}: {full:?}");
        assert!(full.marks.is_empty() || scored, "{who}: marks on a solved board");
        // The last piece carried far off the figure: not solved, and the thermometer drops.
        let mut short = level.solution.clone();
        short.last_mut().unwrap().at.0 += 1000.0;
        let j = level.judge(&short);
        assert!(!j.solved && j.progress < 1.0, "{who}: {j:?}");
        assert!(!level.on_board(short.last().unwrap()), "{who}: a piece far away is in the tray");
        assert!(level.solution.iter().all(|p| level.on_board(p)), "{who}: the solution is on the board");
    }
}

#[test]
fn families_name_their_capabilities() {
    use tessera::family::Cells;
    let tangram = find("classic", "convex-triangle").caps();
    assert!(tangram.turn && tangram.mirror && tangram.watch && !tangram.tip && !tangram.lab);
    assert_eq!((tangram.cells, tangram.drawings), (Cells::Free, 0));
    let poly = find("polyominoes", "pentominoes-6x10").caps();
    assert!(poly.turn && poly.mirror && poly.watch && !poly.tip && !poly.lab);
    assert_eq!(poly.cells, Cells::On(tessera::family::Grid::Square));
    let cube = find("polycubes", "soma-cube").caps();
    assert!(cube.turn && cube.tip && !cube.mirror && !cube.watch);
    assert_eq!((cube.cells, cube.drawings), (Cells::On(tessera::family::Grid::Cube), 24));
    for (_, l) in levels().into_iter().filter(|(_, l)| l.data::<tessera::family::tiles::TilesLevel>().is_some()) {
        let c = l.caps();
        assert_eq!(c.turn, l.data::<tessera::family::tiles::TilesLevel>().unwrap().puzzle.rotate, "{}", l.id);
        assert!(c.lab && !c.mirror && !c.watch && !c.tip);
        assert_eq!(c.cells, Cells::On(tessera::family::Grid::Square));
    }
    assert_eq!(find("classic", "convex-triangle").family.name(), "tangram");
    assert_eq!(find("polycubes", "soma-cube").family.name(), "polyomino");
}

#[test]
fn a_redrawn_piece_only_moves_and_a_rigid_one_turns() {
    let cube = find("polycubes", "soma-cube");
    let p = Placement { piece: 0, rot: 5, flip: false, at: (3.0, 2.0) };
    let drawn = cube.drawing(0, 5).expect("polycube pieces are redrawn per rotation");
    let placed = &cube.place(&[p])[0];
    assert_eq!(placed.len(), drawn.len());
    for (a, b) in placed.iter().flatten().zip(drawn.iter().flatten()) {
        assert_eq!((a.at.x, a.at.y), (b.at.x + 3.0, b.at.y + 2.0));
    }
    let tangram = find("classic", "convex-triangle");
    assert!(tangram.drawing(0, 1).is_none());
    assert!(tangram.offers().space.is_none());
    // The narrowest rotation: a flat Soma piece lies in one layer.
    let rest = cube.offers().space.unwrap().rest_rotation(0);
    let cells = tessera::polyform::place::orient(
        &cube.data::<tessera::family::polyomino::PolyLevel>().unwrap().parts[0].cells,
        rest,
    );
    assert!(cells.iter().all(|c| c[2] == 0), "{cells:?}");
}

#[test]
fn each_family_hints_from_an_empty_board_and_says_done_on_its_solution() {
    // Every registered family, read from the code: its first shipped level, and each level
    // whose board has another number of dimensions (the polycubes beside the polyominoes).
    let all = levels();
    for family in tessera::family::FAMILIES.iter().map(|f| f.name) {
        let mut dims_met = Vec::new();
        let theirs: Vec<&(String, Level)> = all.iter().filter(|(_, l)| l.family.name() == family).collect();
        assert!(!theirs.is_empty(), "family {family} ships no level");
        for (pack, level) in theirs {
            let dims = level.caps().tip;
            if dims_met.contains(&dims) {
                continue;
            }
            dims_met.push(dims);
            let who = format!("{family}: {pack}/{}", level.id);
            // Hints followed from the empty board lay the level, one piece each, then say done.
            let mut placed: Vec<Placement> = Vec::new();
            loop {
                match level.hint(&placed, &Default::default()) {
                    Some(Hint::Next(p)) if placed.len() < level.set.pieces.len() => placed.push(p),
                    Some(Hint::Done) => break,
                    other => panic!("{who}: {other:?} after {} pieces", placed.len()),
                }
            }
            assert!(level.judge(&placed).solved, "{who}: the hinted board is solved");
            assert_eq!(level.hint(&level.solution, &Default::default()), Some(Hint::Done), "{who}");
        }
    }
}

#[test]
fn an_edge_judgement_marks_the_sides_that_do_not_match() {
    let (_, level) = levels()
        .into_iter()
        .find(|(_, l)| l.data::<tessera::family::tiles::TilesLevel>().is_some_and(|e| !e.puzzle.rotate))
        .unwrap();
    // Swap two tiles of the solution whose colours differ.
    let mut swapped = level.solution.clone();
    let (a, b) = (swapped[0].at, swapped[4].at);
    swapped[0].at = b;
    swapped[4].at = a;
    let j = level.judge(&swapped);
    assert!(!j.solved);
    assert!(!j.marks.is_empty());
    assert!(j.marks.iter().all(|Mark::Side { cell, side }| *cell < 9 && *side < 4), "{:?}", j.marks);
}

#[test]
fn an_unknown_family_is_refused_with_the_known_ones() {
    let text = r#"(name: "x", levels: [(id: "a", name: "A", family: "hexes", pieces: "tangram", mode: anchored,
        target: [[(0, 0), (1, 0), (1, 1)]], solution: [])])"#;
    let e = parse_pack(text, "x.ron", "x").unwrap_err();
    let known: Vec<&str> = tessera::family::FAMILIES.iter().map(|f| f.name).collect();
    assert!(e.to_string().contains(&format!("unknown family `hexes` (known: {})", known.join(", "))), "{e}");
}

/// The pure core never names the game layer or Bevy: it must build and test without them.
#[test]
fn the_core_never_names_the_game() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().unwrap() != "game" {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|x| x == "rs") && p.file_name().unwrap() != "main.rs" {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 20, "{} files", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap();
            let named = code.contains("game::") || code.contains("bevy");
            // lib.rs declares the game module behind its feature.
            let allowed = f.ends_with("lib.rs") && (code.contains("mod game") || code.contains("feature = \"game\""));
            assert!(!named || allowed, "{}:{}: {line}", f.display(), n + 1);
        }
    }
}
