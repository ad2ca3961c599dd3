//! Level packs: every shipped level parses, its reference solution verifies, and the solver
//! solves it; schema errors name the file and the line.

use tessera::level::{embedded_packs, load_dir, parse_pack};

/// Issue P1d's counts: named figures in themed packs (the generated ones live in "Abstract
/// shapes"), the classic pack keeping the thirteen convex tangrams.
#[test]
fn the_shipped_packs_hold_the_named_figures_the_game_promises() {
    let packs = embedded_packs();
    let pack = |id: &str| packs.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("pack {id}"));
    let classic = pack("classic");
    assert_eq!(classic.levels.iter().filter(|l| l.id.starts_with("convex-")).count(), 13);
    let tangram = packs
        .iter()
        .filter(|p| p.id != "abstract" && p.id != "sliding")
        .flat_map(|p| &p.levels)
        .filter(|l| l.set.name == "tangram")
        .count();
    assert!(tangram >= 150, "{tangram} named tangram figures");
    for set in ["tpuzzle", "egg", "heart", "circle"] {
        let named = pack(set).levels.iter().filter(|l| l.set.name == set).count();
        assert!(named >= 15, "{set}: {named} named figures");
    }
    assert!(pack("pictures").levels.len() >= 40);
    assert!(pack("polycubes").levels.len() >= 25);
    assert!(packs.iter().flat_map(|p| &p.levels).all(|l| !l.name.starts_with("Shard") || l.id.contains("shard")));
}

/// Every shipped pack and level is named in every language the game speaks (English in
/// `name`, the others in `names`), and a name in another language is read back by its tag.
#[test]
fn every_shipped_pack_and_level_is_named_in_every_language() {
    use tessera::support::i18n::Lang;
    let mut missing = Vec::new();
    for pack in embedded_packs() {
        for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
            let tag = lang.tag();
            if pack.names.get(tag).is_none_or(|n| n.trim().is_empty()) {
                missing.push(format!("pack {} in {tag}", pack.id));
            }
            for level in &pack.levels {
                match level.entry.names.get(tag) {
                    Some(n) if !n.trim().is_empty() => assert_eq!(level.name_in(tag), n),
                    _ => missing.push(format!("{}/{} in {tag}", pack.id, level.id)),
                }
            }
        }
    }
    assert!(missing.is_empty(), "names missing: {missing:?}");
    let text = "(name: \"Squares\", names: {\"pt-BR\": \"Quadrados\"}, levels: [(id: \"a\", name: \"Square\", \
        names: {\"pt-BR\": \"Quadrado\"}, pieces: [[(0,0),(1,0),(1,1),(0,1)]], rotation_step: 90.0, mode: anchored, \
        target: [[(0,0),(1,0),(1,1),(0,1)]], solution: [(piece: 0, at: (0, 0))])])";
    let pack = parse_pack(text, "squares.ron", "squares").unwrap();
    assert_eq!((pack.name_in("pt-BR"), pack.name_in("en")), ("Quadrados", "Squares"));
    assert_eq!((pack.levels[0].name_in("pt-BR"), pack.levels[0].name_in("xx")), ("Quadrado", "Square"));
    // An empty name, or a tag that is not one, is refused with the file and the level.
    for (bad, says) in
        [(r#"{"pt-BR": " "}"#, "the name in pt-BR is 0 characters"), (r#"{"pt BR": "x"}"#, "a language tag")]
    {
        let text = text.replacen(r#"{"pt-BR": "Quadrado"}"#, bad, 1);
        let e = parse_pack(&text, "squares.ron", "squares").unwrap_err().to_string();
        assert!(e.contains("squares.ron") && e.contains("level `a`") && e.contains(says), "{e}");
    }
}

/// Each family proves its own levels (`Level::prove`, the check `tessera check-levels` runs):
/// the tangram family's geometric solver, whose answer must pass the judge; the packer on
/// polyomino boards; the tile solvers, with uniqueness where the level promises it.
#[test]
fn every_shipped_level_verifies_its_solution_and_is_solved_by_the_solver() {
    for pack in embedded_packs() {
        for level in &pack.levels {
            level.check_solution().unwrap_or_else(|e| panic!("{}/{}: {e}", pack.id, level.id));
            level.prove().unwrap_or_else(|e| panic!("{}/{}: {e}", pack.id, level.id));
        }
    }
}

#[test]
fn schema_errors_name_file_and_line() {
    let e = parse_pack(
        "(name: \"x\", levels: [\n  (id: \"a\", name: \"A\", pieces: \"tangram\", target: [], mode: sideways),\n])",
        "bad.ron",
        "bad",
    )
    .unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("bad.ron", Some(2)), "{e}");
    let text = "(name: \"x\", levels: [\n\n  (id: \"b\", name: \"B\", pieces: \"hexominoes\", target: [[(0,0),(1,0),(1,1)]], mode: free),\n])";
    let e = parse_pack(text, "bad.ron", "bad").unwrap_err();
    assert_eq!(e.line, Some(3));
    assert!(e.to_string().contains("unknown piece set `hexominoes`"), "{e}");
    let text = "(name: \"x\", levels: [\n  (id: \"c\", name: \"C\", pieces: \"tangram\", target: [[(0,0),(1,1),(1,0),(0,1)]], mode: free),\n])";
    let e = parse_pack(text, "bad.ron", "bad").unwrap_err();
    assert!(e.to_string().starts_with("bad.ron:2: level `c`: target ring 0: ring is self-intersecting"), "{e}");
    assert!(parse_pack("", "empty.ron", "empty").unwrap_err().to_string().contains("empty"));
}

#[test]
fn polyomino_boards_in_two_and_three_dimensions_parse_or_are_refused_with_reasons() {
    let level =
        |body: &str| format!("(name: \"x\", levels: [\n  (id: \"p\", name: \"P\", family: \"polyomino\", {body}),\n])");
    // A 2 x 2 x 2 box without one corner, from a tripod and a flat L tromino: drawn as two
    // layers of 2 x 2 squares, side by side with a one-column gap.
    let ok = parse_pack(&level("pieces: [\"[0,0,0][1,0,0][0,1,0][0,0,1]\", \"[0,0][1,0][1,1]\"], board: (size: [2, 2, 2], holes: [[0, 0, 0]])"), "p.ron", "p").unwrap();
    let l = &ok.levels[0];
    let poly = l.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    assert_eq!((poly.board.dim, poly.board.cells.len(), l.target.len()), (3, 7, 7));
    let xs: Vec<i64> = l.target.iter().map(|r| r[0].at.x as i64).collect();
    assert!(xs.contains(&3) && xs.contains(&4) && !xs.contains(&2), "{xs:?}");
    // The tripod's drawing: three squares in the bottom layer and one in the next.
    assert_eq!(l.set.pieces[0].rings.len(), 4);
    // The same figure listed cell by cell; and flat parts on a 3D board turn in space.
    let listed = "board: (cells: [[1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]])";
    let by_cells = parse_pack(
        &level(&format!("pieces: [\"[0,0,0][1,0,0][0,1,0][0,0,1]\", \"[0,0][1,0][1,1]\"], {listed}")),
        "p.ron",
        "p",
    )
    .unwrap();
    assert_eq!(by_cells.levels[0].data::<tessera::family::polyomino::PolyLevel>().unwrap().board, poly.board);
    assert_eq!(by_cells.levels[0].caps().drawings, 24);
    for (body, says) in [
        ("pieces: \"soma\", board: (size: [3, 3, 3, 3])", "[x, y] or [x, y, z]"),
        ("pieces: \"soma\", board: (size: [3, 3, 40])", "at most 64 (16 for a 3D board)"),
        ("pieces: \"soma\", board: (size: [3, 3, 0])", "at least one layer"),
        ("pieces: \"soma\", board: (size: [3, 3, 3], holes: [[1, 1]])", "is not [x, y, z]"),
        ("pieces: \"soma\", board: (size: [9, 3])", "a 2D board needs flat parts"),
        ("pieces: \"soma\", board: (size: [3, 3, 3], holes: [[5, 5, 5]])", "hole"),
        ("pieces: \"dodecacubes\", board: (size: [3, 3, 3])", "unknown part set"),
        ("pieces: \"soma\", board: ()", "`size` (a box) or `cells`"),
        ("pieces: \"soma\", board: (size: [3, 3, 3], cells: [[0, 0, 0]])", "not both"),
        ("pieces: \"soma\", board: (cells: [[0, 0, 0], [1, 0]])", "every cell is"),
        ("pieces: \"soma\", board: (cells: [[0, 0, 20]])", "coordinates are 0 to 15"),
        ("pieces: \"soma\", board: (cells: [[0, 0, 0], [0, 0, 0]])", "twice"),
    ] {
        let e = parse_pack(&level(body), "p.ron", "p").unwrap_err().to_string();
        assert!(e.starts_with("p.ron:2: level `p`:") && e.contains(says), "{body}: {e}");
    }
}

#[test]
fn a_broken_user_pack_does_not_hide_the_good_ones() {
    let dir = std::env::temp_dir().join(format!("tessera-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("good.ron"), tessera::level::embedded_text(0)).unwrap();
    std::fs::write(dir.join("broken.ron"), "(name: \"oops\", levels: [ (id: ").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a pack").unwrap();
    let (packs, errors) = load_dir(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(packs.len(), 1);
    assert_eq!(packs[0].id, "good");
    assert_eq!(errors.len(), 1);
    assert!(errors[0].file.ends_with("broken.ron") && errors[0].line.is_some(), "{}", errors[0]);
}

/// A pack never names two levels alike, in any language, and an edge board's name counts the
/// colours a player sees on its tiles (P1b item 7: "3 x 3, 3 colours" showed five).
#[test]
fn level_names_are_distinct_and_count_what_the_board_shows() {
    use std::collections::HashSet;
    use tessera::support::i18n::Lang;
    let mut wrong = Vec::new();
    for pack in embedded_packs() {
        for lang in Lang::ALL {
            let mut seen = HashSet::new();
            for level in &pack.levels {
                if !seen.insert(level.name_in(lang.tag())) {
                    wrong.push(format!(
                        "{}: two levels named {:?} in {}",
                        pack.id,
                        level.name_in(lang.tag()),
                        lang.tag()
                    ));
                }
            }
        }
        for level in &pack.levels {
            let Some(edge) = &level.entry.edge else { continue };
            let colours: HashSet<i64> =
                edge.tiles.iter().flat_map(|&(n, e, s, w)| [n, e, s, w]).filter(|&c| c != 0).collect();
            let said = level.name.split(", ").find_map(|part| part.strip_suffix(" colours")?.parse::<usize>().ok());
            if said.is_some_and(|n| n != colours.len()) {
                wrong.push(format!("{}/{}: {:?} shows {} colours", pack.id, level.id, level.name, colours.len()));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// P1b item 10: the 3D pack starts with its gentlest box (two pieces), and the polyominoes
/// pack holds flat boards only (the two-piece 3D introduction sat there while Polycubes
/// opened on the seven-piece Soma).
#[test]
fn the_3d_levels_open_the_polycubes_pack() {
    let packs = embedded_packs();
    let pack = |id: &str| packs.iter().find(|p| p.id == id).unwrap();
    let first = &pack("polycubes").levels[0];
    assert!(first.solid().is_some() && first.set.pieces.len() <= 2, "{} opens Polycubes", first.id);
    let flat = pack("polyominoes").levels.iter().filter(|l| l.solid().is_some()).map(|l| &l.id).collect::<Vec<_>>();
    assert!(flat.is_empty(), "3D levels among the polyominoes: {flat:?}");
}
