//! The level editor's pure half: drafts of each family become levels, the live verdict says
//! what the solver finds, and a finished level loads, verifies and proves like a shipped one.

use tessera::content::analysis::Analysis;
use tessera::content::editor::{self, PolyDraft, TilesDraft, COUNT_LIMIT};
use tessera::level::{pack_of, parse_pack, write_pack, Entry, Level};
use tessera::pieces::PieceSet;

fn level(entry: &Entry) -> Level {
    let mut e = entry.clone();
    if e.id.is_empty() {
        e.id = "draft".into();
        e.name = "Draft".into();
    }
    pack_of("Drafts", vec![e], "draft", "drafts").unwrap_or_else(|e| panic!("{e}")).levels.remove(0)
}

fn verdict(entry: &Entry) -> Analysis {
    Analysis::run(&level(entry), COUNT_LIMIT, &Default::default())
}

/// The saved file reads back, and the level passes what `check-levels` asks.
fn saved_and_checked(entry: &Entry) -> Level {
    let text = write_pack(editor::PACK_NAME, std::slice::from_ref(entry));
    let pack = parse_pack(&text, "mine.ron", editor::PACK).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let l = pack.levels.into_iter().next().unwrap();
    l.check_solution().unwrap();
    l.prove().unwrap();
    l
}

fn shipped(pack: &str, id: &str) -> Level {
    let packs = tessera::level::embedded_packs();
    packs.into_iter().find(|p| p.id == pack).unwrap().levels.into_iter().find(|l| l.id == id).unwrap()
}

#[test]
fn a_tangram_figure_is_not_solvable_until_every_piece_is_laid_then_unique() {
    // The pieces of a figure with one filling, laid one by one.
    let shard = shipped("abstract", "shard-05");
    let set = PieceSet::builtin("tangram").unwrap();
    for k in 1..shard.solution.len() {
        let e = editor::dissection(&set, &shard.solution[..k], true).unwrap();
        let a = verdict(&e);
        assert!(!a.solvable(), "{k} pieces of 7 cannot fill a figure the 7 must fill");
        assert_eq!(a.verdict(), "not solvable");
    }
    let e = editor::dissection(&set, &shard.solution, true).unwrap();
    assert_eq!(e.pieces, Some(tessera::format::Node::Str("tangram".into())));
    let a = verdict(&e);
    assert_eq!(a.verdict(), "unique");
    assert!(a.unique() && a.difficulty().is_some());
    // Finished: named, given an id the pack does not have yet, and its own arrangement kept.
    let done = editor::finish(e, "  My shard  ", &a, &["my-shard"]).unwrap();
    assert_eq!((done.name.as_str(), done.id.as_str()), ("My shard", "my-shard-2"));
    assert_eq!(done.difficulty, a.difficulty().unwrap());
    let l = saved_and_checked(&done);
    // The figure is the shard's: the same area.
    let area = |l: &Level| l.prepared().target.area;
    assert!((area(&l) - area(&shard)).abs() < 1e-9);
}

#[test]
fn a_figure_of_some_pieces_uses_only_those_and_overlaps_are_refused() {
    let set = PieceSet::builtin("tangram").unwrap();
    let square = shipped("classic", "convex-square");
    // Any two pieces of the square's solution that touch along an edge make a figure.
    let two = &square.solution[..2];
    let e = editor::dissection(&set, two, false).unwrap();
    let tessera::format::Node::List(listed) = e.pieces.as_ref().unwrap() else { panic!("a list of pieces") };
    assert_eq!(listed.len(), 2);
    assert!(e.solution.iter().all(|p| p.piece < 2));
    let a = verdict(&e);
    assert!(a.solvable(), "{}", a.verdict());
    saved_and_checked(&editor::finish(e, "Two", &a, &[]).unwrap());
    // Two pieces laid at the same place overlap.
    let s0 = square.solution[0];
    let on_top = tessera::pieces::Placement { piece: (s0.piece + 1) % 7, ..s0 };
    assert!(editor::dissection(&set, &[s0, on_top], false).unwrap_err().contains("overlap"));
    assert!(editor::dissection(&set, &[], true).unwrap_err().contains("Place pieces"));
}

#[test]
fn a_curved_set_laid_as_its_home_figure_makes_a_level_with_arcs() {
    let egg = tessera::pieces::curved::egg();
    let e = editor::dissection(&egg.set, &egg.solution, true).unwrap();
    assert_eq!(e.pieces, Some(tessera::format::Node::Str("egg".into())));
    let text = write_pack("x", std::slice::from_ref(&e));
    assert!(text.contains("arc"), "the egg's outline keeps its arcs:\n{text}");
    let a = verdict(&e);
    assert!(a.solvable(), "{}", a.verdict());
    saved_and_checked(&editor::finish(e, "Egg", &a, &[]).unwrap());
}

#[test]
fn a_painted_pentomino_board_counts_its_fillings_and_gets_a_packed_solution() {
    let mut d = PolyDraft::new("pentominoes", [6, 10, 1]).unwrap();
    assert_eq!(d.areas(), (60, 60));
    // The 6 x 10 rectangle has 2339 fillings: more than the editor counts.
    let a = verdict(&d.entry().unwrap());
    assert!(a.more(), "{}", a.verdict());
    assert_eq!(a.verdict(), "1000+ solutions");
    // Only the I pentomino, on a 5 x 1 strip: one filling.
    d.resize([5, 1, 1]);
    assert_eq!(d.on.len(), 5);
    let i = d.parts.iter().position(|(n, _)| n == "I").unwrap();
    d.picked = (0..d.parts.len()).map(|k| k == i).collect();
    let a = verdict(&d.entry().unwrap());
    assert_eq!(a.verdict(), "unique");
    // One cell unpainted: four cells cannot take a pentomino.
    d.on[4] = false;
    let e = d.entry().unwrap();
    assert_eq!(e.board.as_ref().unwrap().holes, vec![vec![4, 0]]);
    let a = verdict(&e);
    assert_eq!(a.verdict(), "not solvable");
    assert!(editor::finish(e, "Four", &a, &[]).unwrap_err().contains("no solution"));
    // Painted back and saved: the packer supplies the reference solution.
    d.on[4] = true;
    let e = d.entry().unwrap();
    assert!(e.solution.is_empty());
    let done = editor::finish(e.clone(), "Strip", &verdict(&e), &[]).unwrap();
    assert_eq!(done.solution.len(), 1);
    let l = saved_and_checked(&done);
    assert_eq!(PolyDraft::of(&l).unwrap().on, d.on);
    // Nothing picked, nothing painted: said plainly.
    d.picked.iter_mut().for_each(|p| *p = false);
    assert!(d.entry().unwrap_err().contains("Pick"));
}

/// A ringed cell may stay empty, and a part's copies are kept: a 3 x 3 square with its
/// centre ringed and two L tetrominoes is solvable, saves, and reads back the same.
#[test]
fn ringed_cells_and_copies_survive_saving_and_editing_again() {
    let mut d = PolyDraft::new("tetrominoes", [3, 3, 1]).unwrap();
    let l = d.parts.iter().position(|(n, _)| n == "L").unwrap();
    d.picked = (0..d.parts.len()).map(|k| k == l).collect();
    d.copies[l] = (2, 2);
    // Without the ring, nine cells cannot take two tetrominoes.
    assert_eq!(d.areas(), (9, 8));
    assert!(!d.areas_fit());
    assert_eq!(verdict(&d.entry().unwrap()).verdict(), "not solvable");
    let centre = d.index(1, 1, 0);
    d.ring(centre, true);
    assert!(d.areas_fit() && d.required() == 8);
    let e = d.entry().unwrap();
    assert_eq!(e.board.as_ref().unwrap().optional, vec![vec![1, 1]]);
    let a = verdict(&e);
    assert!(a.solvable(), "{}", a.verdict());
    let saved = saved_and_checked(&editor::finish(e, "Ring of two", &a, &[]).unwrap());
    let again = PolyDraft::of(&saved).unwrap();
    assert_eq!((again.on.clone(), again.optional.clone()), (d.on.clone(), d.optional.clone()));
    assert_eq!(again.copies, vec![(2, 2)]);
    // Painting a ringed cell out takes its ring too; ringing a cell out paints it in.
    d.paint(centre, false);
    assert!(!d.on[centre] && !d.optional[centre]);
    d.ring(centre, true);
    assert!(d.on[centre] && d.optional[centre]);
}

/// Triangles and hexagons are painted as polygons: a cell found under a point of the plane,
/// painted out as a hole written `[a, b, t]`; the live count, the packed reference solution,
/// and the level read back into the editor as painted.
#[test]
fn boards_of_triangles_and_hexagons_are_painted_as_polygons() {
    use tessera::polyform::grid::Grid;
    // The 12 hexiamonds in their diamond: the live count is the published 156.
    let mut d = PolyDraft::new("hexiamonds", [6, 6, 1]).unwrap();
    assert_eq!((d.grid, d.size, d.areas()), (Grid::Triangle, [6, 6, 2], (72, 72)));
    assert_eq!(d.polygons().unwrap().len(), 72);
    assert_eq!(verdict(&d.entry().unwrap()).solutions(), 156);
    // Four hexiamonds in a 4 x 3 parallelogram less two triangles: the point just above the
    // middle of the first row's first side is in its up triangle; painted out, it is a hole.
    d.resize([4, 3, 1]);
    let at = d.cell_at([0.5, 0.1]).unwrap();
    assert_eq!(at, d.index(0, 0, 0));
    assert_eq!(d.cell_at([-0.5, 0.1]), None);
    d.paint(at, false);
    let next = d.cell_at(Grid::Triangle.centre([0, 0, 1])).unwrap();
    d.paint(next, false);
    // Four bars of six (a 3 x 1 parallelogram) for the 22 triangles left: the areas say so.
    let free = tessera::polyform::Symmetry::RotationsAndMirrors;
    let shape = Grid::Triangle.canonical(&Grid::Triangle.parallelogram(3, 1), free);
    let bar = d.parts.iter().position(|(_, c)| Grid::Triangle.canonical(c, free) == shape).unwrap();
    d.picked = (0..d.parts.len()).map(|k| k == bar).collect();
    d.copies[bar] = (4, 4);
    assert_eq!(d.areas(), (22, 24));
    assert!(!d.areas_fit());
    let e = d.entry().unwrap();
    let board = e.board.as_ref().unwrap();
    assert_eq!((board.grid.as_deref(), board.holes.clone()), (Some("triangle"), vec![vec![0, 0, 0], vec![0, 0, 1]]));
    assert_eq!(verdict(&e).verdict(), "not solvable");
    // Tetrahexes on a 7 x 4 parallelogram: solvable, saved with a packed solution, and read
    // back into the editor as painted.
    let d = PolyDraft::new("tetrahexes", [7, 4, 1]).unwrap();
    assert_eq!((d.grid, d.size, d.areas()), (Grid::Hexagon, [7, 4, 1], (28, 28)));
    let e = d.entry().unwrap();
    let a = verdict(&e);
    assert_eq!(a.solutions(), 9, "{}", a.verdict());
    let l = saved_and_checked(&editor::finish(e, "Tetrahexes", &a, &[]).unwrap());
    assert_eq!(PolyDraft::of(&l).unwrap().on, d.on);
    // A shipped star, edited again: the same cells.
    let star = shipped("polyiamonds", "hexiamonds-star");
    let again = PolyDraft::of(&star).unwrap();
    let back = level(&again.entry().unwrap());
    let poly = |l: &Level| l.data::<tessera::family::polyomino::PolyLevel>().unwrap().board.cells.clone();
    assert_eq!(poly(&back), poly(&star));
}

#[test]
fn a_soma_box_is_painted_on_layers() {
    let d = PolyDraft::new("soma", [3, 3, 3]).unwrap();
    assert_eq!((d.dim, d.areas()), (3, (27, 27)));
    let e = d.entry().unwrap();
    assert_eq!(e.board.as_ref().unwrap().size, vec![3, 3, 3]);
    let a = verdict(&e);
    assert!(a.solvable() && a.solutions() > 1, "{}", a.verdict());
    let l = saved_and_checked(&editor::finish(e, "Soma cube", &a, &[]).unwrap());
    // Read back: the same board and parts (named again by their shapes).
    assert_eq!(PolyDraft::of(&l).unwrap(), d);
}

#[test]
fn an_edge_grid_repainted_by_hand_stays_solved_and_reads_back() {
    let mut d = TilesDraft::generate(3, 3, 3, false, 7).unwrap();
    assert_eq!(d.grid.len(), 9);
    // Frame sides are 0 and cannot be painted.
    assert!(d.on_frame(0, 0) && d.on_frame(0, 3) && !d.on_frame(0, 1));
    d.paint(0, 0, 5);
    assert_eq!(d.side(0, 0), 0);
    // An inner side: the neighbour's touching side follows.
    d.paint(4, 1, 9);
    assert_eq!((d.side(4, 1), d.side(5, 3)), (9, 9));
    assert_eq!(d.colors(), d.grid.iter().flatten().copied().max().unwrap());
    let e = d.entry().unwrap();
    assert_eq!(e, d.entry().unwrap(), "the same draft gives the same file");
    let a = verdict(&e);
    assert!(a.solvable(), "{}", a.verdict());
    let done = editor::finish(e, "Tiles", &a, &[]).unwrap();
    assert_eq!(done.unique, a.unique());
    let l = saved_and_checked(&done);
    assert_eq!(TilesDraft::of(&l).unwrap().grid, d.grid);
    // Turning tiles: still a solved grid.
    let t = TilesDraft::generate(4, 4, 4, true, 3).unwrap();
    let e = t.entry().unwrap();
    assert!(verdict(&e).solvable());
    assert_eq!(TilesDraft::of(&level(&e)).unwrap().grid, t.grid);
}

#[test]
fn a_saved_level_takes_the_place_of_the_one_it_edits() {
    let e = |id: &str| {
        let mut x =
            editor::dissection(&PieceSet::builtin("tangram").unwrap(), &shipped("abstract", "shard-05").solution, true)
                .unwrap();
        x.id = id.into();
        x
    };
    let mut entries = vec![e("a"), e("b")];
    editor::put(&mut entries, e("b2"), Some("b"));
    editor::put(&mut entries, e("c"), None);
    let ids: Vec<&str> = entries.iter().map(|x| x.id.as_str()).collect();
    assert_eq!(ids, ["a", "b2", "c"]);
}
