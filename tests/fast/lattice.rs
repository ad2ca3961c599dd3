//! Packing boards of triangles and hexagons as levels: a piece's drawing and the cells it is
//! judged on agree wherever it lies, a hint's placement lies on cells, and the analyse command
//! counts the hexiamonds' diamond as published.

use tessera::family::{Cells, Hint};
use tessera::level::{embedded_packs, Level};
use tessera::pieces::Placement;
use tessera::polyform::grid::{lattice, Grid};
use tessera::polyform::pack::Board;
use tessera::polyform::place::{placement_cells, placement_for};
use tessera::support::budget::Budget;

fn find(pack: &str, id: &str) -> Level {
    embedded_packs().into_iter().find(|p| p.id == pack).unwrap().levels.into_iter().find(|l| l.id == id).unwrap()
}

/// Whether point `q` lies inside the polygon `ring` (crossings of a ray to the right).
fn inside(ring: &[(f64, f64)], q: (f64, f64)) -> bool {
    let mut odd = false;
    for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        if (a.1 > q.1) != (b.1 > q.1) && q.0 < a.0 + (q.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) {
            odd = !odd;
        }
    }
    odd
}

fn area(ring: &[(f64, f64)]) -> f64 {
    (0..ring.len())
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            a.0 * b.1 - a.1 * b.0
        })
        .sum::<f64>()
        / 2.0
}

/// Every piece of a triangle level and of a hexagon level, in all twelve ways it can be turned
/// and mirrored, at a lattice point: the outline the game draws holds the centre of every cell
/// the family judges it on, and its area is those cells'.
#[test]
fn a_piece_is_drawn_over_the_cells_it_is_judged_on() {
    for (pack, id, grid, cell_area) in [
        ("polyiamonds", "hexiamonds-diamond", Grid::Triangle, 3f64.sqrt() / 4.0),
        ("polyhexes", "pentahexes-10x5", Grid::Hexagon, 3f64.sqrt() / 2.0),
    ] {
        let level = find(pack, id);
        let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
        assert_eq!(poly.board.grid, grid);
        for piece in 0..level.set.pieces.len() {
            for rot in 0..6 {
                for flip in [false, true] {
                    let [x, y] = lattice::point([3, -2]);
                    let p = Placement { piece, rot, flip, at: (x, y) };
                    let cells = placement_cells(&poly.board, &poly.pieces[piece].cells, &p).unwrap();
                    let drawn = level.place(&[p]);
                    let ring: Vec<(f64, f64)> = drawn[0][0].iter().map(|v| (v.at.x, v.at.y)).collect();
                    assert!((area(&ring).abs() - cell_area * cells.len() as f64).abs() < 1e-9, "{id} {p:?}");
                    for c in &cells {
                        let [cx, cy] = grid.centre(*c);
                        assert!(inside(&ring, (cx, cy)), "{id} {p:?}: cell {c:?} outside the drawing");
                    }
                    // The placement the packer's cells give back covers the same cells.
                    let back = placement_for(&poly.board, piece, &poly.pieces[piece], &cells).unwrap();
                    let mut again = placement_cells(&poly.board, &poly.pieces[piece].cells, &back).unwrap();
                    let mut want = cells.clone();
                    again.sort();
                    want.sort();
                    assert_eq!(again, want, "{id} {p:?} -> {back:?}");
                }
            }
        }
        // Off the lattice a piece covers no cells (the game snaps it back on).
        let off = Placement { piece: 0, rot: 0, flip: false, at: (0.5, 0.1) };
        assert!(placement_cells(&poly.board, &poly.pieces[0].cells, &off).is_none());
    }
}

/// The grids own how pieces step and snap: six lattice steps of unit length, and the nearest
/// lattice point.
#[test]
fn triangles_and_hexagons_step_and_snap_on_the_lattice() {
    for cells in [Cells::On(tessera::family::Grid::Triangle), Cells::On(tessera::family::Grid::Hexagon)] {
        let (x, y) = cells.step(1.0, 0.0).unwrap();
        assert!((x - 1.0).abs() < 1e-12 && y.abs() < 1e-12);
        let (x, y) = cells.step(0.0, -1.0).unwrap();
        assert!((x.hypot(y) - 1.0).abs() < 1e-12 && y < -0.8, "{x} {y}");
        let (x, y) = cells.snap((2.4, 0.9)).unwrap();
        assert!(lattice::exact([x, y]).is_some());
        assert!((x - 2.5).abs() < 1e-12 && (y - 3f64.sqrt() / 2.0).abs() < 1e-12, "{x} {y}");
    }
    assert_eq!(Cells::On(tessera::family::Grid::Square).snap((0.4, 0.2)), None);
    assert_eq!(Cells::On(tessera::family::Grid::Square).step(0.0, 1.0), Some((0.0, 1.0)));
    assert_eq!(Cells::Free.step(0.0, 1.0), None);
}

/// From an empty board the hint names a piece and a place on cells; laid there it counts, and
/// the hint after it names another piece.
#[test]
fn a_hint_on_triangles_and_hexagons_lies_on_cells() {
    for (pack, id) in [("polyiamonds", "hexiamonds-6x3"), ("polyhexes", "tetrahexes-7x4")] {
        let level = find(pack, id);
        let budget = Budget::nodes(5_000_000);
        let Some(Hint::Next(p)) = level.hint(&[], &budget) else { panic!("{id}: no hint") };
        let j = level.judge(&[p]);
        assert!(j.progress > 0.0 && !j.overlap && !j.solved, "{id}: {j:?}");
        let Some(Hint::Next(q)) = level.hint(&[p], &budget) else { panic!("{id}: no second hint") };
        assert_ne!(q.piece, p.piece);
        assert!(level.judge(&[p, q]).progress > j.progress, "{id}");
    }
}

/// A board file's grid and its cells are read, and what is wrong with them is said.
#[test]
fn a_board_of_triangles_or_hexagons_is_read_or_refused_with_the_reason() {
    let pack = |board: &str, pieces: &str| {
        format!(
            "(name: \"T\", levels: [(id: \"t\", name: \"T\", family: \"polyomino\", difficulty: 1, pieces: {pieces}, board: {board})])"
        )
    };
    let read = |board: &str, pieces: &str| tessera::level::parse_pack(&pack(board, pieces), "t.ron", "t").map(|_| ());
    assert!(read("(grid: \"triangle\", size: [6, 6])", "\"hexiamonds\"").is_ok());
    assert!(read("(grid: \"hexagon\", size: [7, 4])", "\"tetrahexes\"").is_ok());
    for (board, pieces, says) in [
        ("(grid: \"octagon\", size: [6, 6])", "\"hexiamonds\"", "grid `octagon`"),
        ("(grid: \"triangle\", size: [6, 6])", "\"pentominoes\"", "no part set of the triangle grid"),
        ("(grid: \"triangle\", cells: [[0, 0]])", "\"hexiamonds\"", "[a, b, t]"),
        ("(grid: \"triangle\", cells: [[0, 0, 2]])", "\"hexiamonds\"", "[a, b, t]"),
        ("(grid: \"hexagon\", size: [3, 3], colours: [[0, 0, 1]])", "\"trihexes\"", "no painted cells"),
        ("(grid: \"hexagon\", size: [3, 3])", "[\"[0,0][2,0]\"]", "not joined side to side"),
        ("(grid: \"hexagon\", size: [3, 3], holes: [[5, 5]])", "\"trihexes\"", "hole [5, 5] is not a cell"),
        ("(grid: \"triangle\", size: [99, 2])", "\"hexiamonds\"", "each 1 to 24"),
    ] {
        let e = read(board, pieces).unwrap_err().to_string();
        assert!(e.contains(says), "{board}: {e}");
        assert!(e.contains("t.ron"), "{e}");
    }
}

/// The board's cells are a figure of unit cells of its grid, and its symmetries are the
/// grid's: the diamond has four.
#[test]
fn the_diamond_is_72_triangles_with_four_symmetries() {
    let level = find("polyiamonds", "hexiamonds-diamond");
    let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    assert_eq!(poly.board, Board::on_grid(Grid::Triangle, Grid::Triangle.parallelogram(6, 6)).unwrap());
    assert_eq!(level.target.len(), 72);
    assert_eq!(Grid::Triangle.symmetries(&poly.board.cells).len(), 4);
    assert_eq!(level.caps().cells, Cells::On(tessera::family::Grid::Triangle));
    assert!(level.caps().turn && level.caps().mirror && !level.caps().tip);
    assert_eq!(level.set.step_deg, 60.0);
}

/// The show-thinking view plays the geometric solver on triangles and on hexagons, and it
/// solves small boards of both (a hexagon piece's sides lie at 30 degrees to its turns of 60:
/// the solver once turned every pose 30 degrees off and gave up at its first node).
#[test]
fn the_solver_is_watched_solving_triangles_and_hexagons() {
    for (pack, id) in
        [("polyiamonds", "hexiamonds-4x3"), ("polyhexes", "tetrahexes-4x3"), ("polyhexes", "tetrahexes-7x4")]
    {
        let level = find(pack, id);
        assert!(level.caps().watch, "{id}");
        let watch = level.offers().watch.unwrap().watch(&level);
        let shown = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let keep = shown.clone();
        let end = (watch.run)(std::sync::Arc::new(move |p, _| keep.lock().unwrap().push(p)), Budget::nodes(200_000));
        assert!(end.solved, "{id}: {end:?}");
        // The last step shown is a solution the family judges solved.
        let last = shown.lock().unwrap().last().cloned().unwrap();
        assert!(level.judge(&last).solved, "{id}: {last:?}");
    }
}
