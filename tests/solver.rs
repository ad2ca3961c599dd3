//! The geometric solver (work in progress for P2) on every shipped level: each solution it
//! finds verifies with the engine.

use tessera::solve::geometric::{solve, Options};
use tessera::verify::Piece;

#[test]
fn the_geometric_solver_solves_every_shipped_level() {
    let mut nodes = Vec::new();
    for pack in tessera::level::embedded_packs() {
        for level in &pack.levels {
            let out = solve(&level.set, &level.target, &Options { limit: 1, max_nodes: 500_000, ..Options::default() }).unwrap();
            let sol = out.solutions.first().unwrap_or_else(|| panic!("{}/{}: no solution after {} nodes", pack.id, level.id, out.nodes));
            let puzzle = level.puzzle();
            let pieces: Vec<Piece> = sol
                .iter()
                .map(|p| Piece::from_vertices(&out.world(&level.set, p), puzzle.target.tol, p.piece).unwrap())
                .collect();
            let v = puzzle.judge(&pieces);
            assert!(v.solved || (level.allow_mirror && v.mirrored), "{}/{}: {v:?}", pack.id, level.id);
            nodes.push(out.nodes);
        }
    }
    nodes.sort();
    eprintln!("nodes per level: median {}, max {}", nodes[nodes.len() / 2], nodes[nodes.len() - 1]);
}

mod common;

#[test]
fn an_off_lattice_figure_with_a_pinched_hole_is_solved() {
    use tessera::geom::Tol;
    // The classic square, with its small square taken out (leaving a hole that touches the
    // outline at one corner) and set against the upper right side at 45 degrees: corners at
    // (a + b sqrt2)/2, off the integer lattice.
    let (_, mut pieces) = common::tangram_square(0);
    pieces.pop();
    let h = std::f64::consts::FRAC_1_SQRT_2;
    pieces.push(common::poly(&[(2.0, 0.0), (2.0 + h, h), (2.0, 2.0 * h), (2.0 - h, h)]));
    let tol = Tol::for_extent(4.0);
    let built: Vec<Piece> = pieces.iter().map(|r| Piece::from_vertices(std::slice::from_ref(r), tol, 0).unwrap()).collect();
    let parts: Vec<_> = built.iter().flat_map(|p| p.parts.iter()).collect();
    let asm = tessera::verify::assemble(&parts, tol.eps);
    assert!(!asm.overlay.overlap);
    // The hole touches the outline at (1, -1), so the outline and the hole form one loop.
    assert!((asm.contours.iter().map(|c| c.area).sum::<f64>() - 8.0).abs() < 1e-9);
    // Its outline passes through that corner twice, which a ring may not: the figure is given
    // as the pieces' rings, whose union the solver and the engine take.
    let target = pieces.clone();

    let set = tessera::pieces::PieceSet::builtin("tangram").unwrap();
    let out = solve(&set, &target, &Options { limit: 1, max_nodes: 500_000, ..Options::default() }).unwrap();
    let sol = out.solutions.first().unwrap_or_else(|| panic!("no solution after {} nodes", out.nodes));
    let puzzle = tessera::verify::Puzzle::new(tessera::verify::Target::from_vertices(&target).unwrap(), tessera::verify::Mode::Anchored, false);
    let got: Vec<Piece> = sol.iter().map(|p| Piece::from_vertices(&out.world(&set, p), puzzle.target.tol, p.piece).unwrap()).collect();
    assert!(puzzle.judge(&got).solved);
    // The lattice solver cannot do this one.
    assert!(tessera::solve::lattice::solve_in_frame(&set, &target, 0, 1).is_none());
}
