//! The geometric solver: every shipped level, the other built-in sets, fewer pieces, decimal
//! coordinates off the lattice, and the live view. Every solution it finds verifies with the
//! engine.

use tessera::solve::geometric::{solve, Options};
use tessera::verify::Piece;

#[test]
fn the_geometric_solver_solves_every_shipped_level() {
    let mut nodes = Vec::new();
    for pack in tessera::level::embedded_packs() {
        // Polyomino boards are the packer's (tests/fast/levels.rs).
        for level in pack.levels.iter().filter(|l| {
            l.data::<tessera::family::polyomino::PolyLevel>().is_none()
                && l.data::<tessera::family::tiles::TilesLevel>().is_none()
        }) {
            let out = solve(
                &level.set,
                &level.target,
                &Options { limit: 1, budget: tessera::support::budget::Budget::nodes(500_000), ..Options::default() },
            )
            .unwrap();
            let sol = out
                .solutions
                .first()
                .unwrap_or_else(|| panic!("{}/{}: no solution after {} nodes", pack.id, level.id, out.nodes));
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

use crate::common;

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
    let built: Vec<Piece> =
        pieces.iter().map(|r| Piece::from_vertices(std::slice::from_ref(r), tol, 0).unwrap()).collect();
    let parts: Vec<_> = built.iter().flat_map(|p| p.parts.iter()).collect();
    let asm = tessera::verify::assemble(&parts, tol.eps);
    assert!(!asm.overlay.overlap);
    // The hole touches the outline at (1, -1), so the outline and the hole form one loop.
    assert!((asm.contours.iter().map(|c| c.area).sum::<f64>() - 8.0).abs() < 1e-9);
    // Its outline passes through that corner twice, which a ring may not: the figure is given
    // as the pieces' rings, whose union the solver and the engine take.
    let target = pieces.clone();

    let set = tessera::pieces::PieceSet::builtin("tangram").unwrap();
    let out = solve(
        &set,
        &target,
        &Options { limit: 1, budget: tessera::support::budget::Budget::nodes(500_000), ..Options::default() },
    )
    .unwrap();
    let sol = out.solutions.first().unwrap_or_else(|| panic!("no solution after {} nodes", out.nodes));
    let puzzle = tessera::verify::Puzzle::new(
        tessera::verify::Target::from_vertices(&target).unwrap(),
        tessera::verify::Mode::Anchored,
        false,
    );
    let got: Vec<Piece> =
        sol.iter().map(|p| Piece::from_vertices(&out.world(&set, p), puzzle.target.tol, p.piece).unwrap()).collect();
    assert!(puzzle.judge(&got).solved);
    // The lattice solver cannot do this one.
    assert!(tessera::solve::lattice::solve_in_frame(&set, &target, 0, 1).is_none());
}

fn ring(pts: &[(f64, f64)]) -> Vec<tessera::geom::Vertex> {
    pts.iter().map(|&(x, y)| tessera::geom::pt(x, y).into()).collect()
}

/// Solves and checks every solution with the engine (anchored: in place); returns the outcome.
fn solve_and_verify(
    set: &tessera::pieces::PieceSet,
    target: &[Vec<tessera::geom::Vertex>],
    opts: &Options,
) -> tessera::solve::geometric::Outcome {
    let out = solve(set, target, opts).unwrap();
    let puzzle = tessera::verify::Puzzle::new(
        tessera::verify::Target::from_vertices(target).unwrap(),
        tessera::verify::Mode::Anchored,
        false,
    );
    for sol in &out.solutions {
        let got: Vec<Piece> =
            sol.iter().map(|p| Piece::from_vertices(&out.world(set, p), puzzle.target.tol, p.piece).unwrap()).collect();
        assert!(puzzle.judge(&got).solved, "{sol:?}");
    }
    out
}

#[test]
fn the_t_puzzle_makes_its_t_and_nothing_with_the_wrong_shape() {
    let set = tessera::pieces::PieceSet::builtin("tpuzzle").unwrap();
    let area: f64 = set.pieces.iter().map(tessera::pieces::piece_area).sum();
    assert!((area - 6.0).abs() < 1e-12);
    let t =
        vec![ring(&[(1.0, 0.0), (2.0, 0.0), (2.0, 3.0), (3.0, 3.0), (3.0, 4.0), (0.0, 4.0), (0.0, 3.0), (1.0, 3.0)])];
    let out = solve_and_verify(&set, &t, &Options { limit: 100, ..Options::default() });
    assert!(out.complete && !out.solutions.is_empty());
    // Every piece is used once in each solution.
    for sol in &out.solutions {
        let mut used: Vec<usize> = sol.iter().map(|p| p.piece).collect();
        used.sort();
        assert_eq!(used, vec![0, 1, 2, 3]);
    }
    // A 2 x 3 rectangle has the right area, but the long trapezoid's slanted side forces a
    // corner no other piece can fill.
    let rect = vec![ring(&[(0.0, 0.0), (3.0, 0.0), (3.0, 2.0), (0.0, 2.0)])];
    let out = solve_and_verify(&set, &rect, &Options { limit: 1, ..Options::default() });
    eprintln!("T puzzle: 2 x 3 rectangle: {} solutions, {} nodes", out.solutions.len(), out.nodes);
    assert!(out.complete);
}

#[test]
fn pentominoes_fill_a_6_by_10_rectangle() {
    let set = tessera::pieces::PieceSet::builtin("pentominoes").unwrap();
    assert_eq!(set.pieces.len(), 12);
    let rect = vec![ring(&[(0.0, 0.0), (10.0, 0.0), (10.0, 6.0), (0.0, 6.0)])];
    let out = solve_and_verify(
        &set,
        &rect,
        &Options { limit: 1, budget: tessera::support::budget::Budget::nodes(2_000_000), ..Options::default() },
    );
    assert_eq!(out.solutions.len(), 1, "{} nodes", out.nodes);
    eprintln!("pentominoes 6 x 10: first solution after {} nodes", out.nodes);
}

#[test]
fn fewer_pieces_may_fill_a_smaller_figure_only_when_allowed() {
    let set = tessera::pieces::PieceSet::builtin("tangram").unwrap();
    // A 2 x 2 square: area 4 of the set's 8.
    let square = vec![ring(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])];
    let strict = solve(&set, &square, &Options { limit: 1, ..Options::default() }).unwrap();
    assert!(strict.solutions.is_empty() && strict.complete);
    let out = solve_and_verify(&set, &square, &Options { limit: 10_000, fewer: true, ..Options::default() });
    assert!(out.complete);
    // Solutions up to identical pieces, checked by hand: two large triangles (one way: the two
    // halves are the same piece kind); a large triangle and any filling of the other half by
    // medium + 2 small, or square + 2 small, or parallelogram + 2 small.
    let mut shapes: Vec<Vec<usize>> = out
        .solutions
        .iter()
        .map(|s| {
            let mut v: Vec<usize> = s.iter().map(|p| p.piece).collect();
            v.sort();
            v
        })
        .collect();
    shapes.sort();
    shapes.dedup();
    assert!(shapes.contains(&vec![0, 1]), "{shapes:?}");
    assert!(shapes.iter().all(|s| {
        let a: f64 = s.iter().map(|&i| tessera::pieces::piece_area(&set.pieces[i])).sum();
        (a - 4.0).abs() < 1e-9
    }));
    assert!(
        shapes.iter().any(|s| s.contains(&5) && s.contains(&3) && s.contains(&4)),
        "square + two small triangles: {shapes:?}"
    );
}

#[test]
fn decimal_coordinates_with_pieces_sliding_off_the_lattice() {
    // The T puzzle's T with its triangle slid by 0.3 along the pentagon's slanted edge: the
    // outline gets corners at irrational positions, written with 9 decimals as an editor would
    // save them.
    let set = tessera::pieces::PieceSet::builtin("tpuzzle").unwrap();
    let d = 0.3 * std::f64::consts::FRAC_1_SQRT_2;
    let r9 = |x: f64| (x * 1e9).round() / 1e9;
    let slid = vec![ring(&[
        (1.0, 0.0),
        (2.0, 0.0),
        (2.0, 3.0),
        (3.0, 3.0),
        (3.0, 4.0),
        (1.0, 4.0),
        (r9(1.0 + d), r9(4.0 + d)),
        (r9(d), r9(4.0 + d)),
        (r9(d), r9(3.0 + d)),
        (0.0, 3.0),
        (1.0, 3.0),
    ])];
    let out = solve_and_verify(&set, &slid, &Options { limit: 1, ..Options::default() });
    assert_eq!(out.solutions.len(), 1, "{} nodes, complete {}", out.nodes, out.complete);
    // The triangle really is off the unit lattice.
    let tri = out.solutions[0].iter().find(|p| p.piece == 0).unwrap();
    assert!((tri.at.0 - tri.at.0.round()).abs() > 0.1 || (tri.at.1 - tri.at.1.round()).abs() > 0.1, "{tri:?}");
    assert!(tessera::solve::lattice::solve(&set, &slid, 1).is_none());
}

#[test]
fn the_live_view_sees_partial_placements_at_a_bounded_rate() {
    use std::sync::{Arc, Mutex};
    let set = tessera::pieces::PieceSet::builtin("pentominoes").unwrap();
    let rect = vec![ring(&[(0.0, 0.0), (10.0, 0.0), (10.0, 6.0), (0.0, 6.0)])];
    let seen: Arc<Mutex<Vec<usize>>> = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let watch = tessera::solve::geometric::Watch {
        every: std::time::Duration::ZERO,
        show: Arc::new(move |placed: &[tessera::pieces::Placement], _| sink.lock().unwrap().push(placed.len())),
    };
    let out = solve(&set, &rect, &Options { limit: 1, watch: Some(watch), ..Options::default() }).unwrap();
    let seen = seen.lock().unwrap();
    // With no interval, every node is shown: partial placements grow to the full twelve.
    assert_eq!(seen.len() as u64, out.nodes);
    assert_eq!(seen.iter().max(), Some(&12));
    // With a long interval only the first node is shown.
    let count = Arc::new(Mutex::new(0));
    let c = count.clone();
    let watch = tessera::solve::geometric::Watch {
        every: std::time::Duration::from_secs(3600),
        show: Arc::new(move |_: &[tessera::pieces::Placement], _| *c.lock().unwrap() += 1),
    };
    solve(&set, &rect, &Options { limit: 1, watch: Some(watch), ..Options::default() }).unwrap();
    assert_eq!(*count.lock().unwrap(), 1);
}

/// Issue P2b, item 2: 200 identical right triangles in a 10 x 10 square. The table of
/// searched states (a key holds the whole region's edges) grew without bound, about 40 MB a
/// second. It is now emptied when full: with a 64 KB table, 3,000 nodes never hold more, and
/// the search goes on to its node budget.
#[test]
fn the_table_of_searched_states_stays_within_its_bytes() {
    use tessera::format::{parse_solve, Syntax};
    let tri = "[[0,0],[1,0],[0,1]]";
    let text = format!(r#"{{"target": [[[0,0],[10,0],[10,10],[0,10]]], "pieces": [{}]}}"#, vec![tri; 200].join(","));
    let file = parse_solve(&text, Syntax::Json).unwrap();
    let budget = 64 << 10;
    let opts = Options {
        limit: 1,
        budget: tessera::support::budget::Budget { nodes: 3_000, bytes: budget, ..Default::default() },
        ..Options::default()
    };
    let out = solve(&file.set, &file.target, &opts).unwrap();
    assert_eq!(out.nodes, 3_000, "the search ran to its budget");
    assert!(out.memo_peak_bytes <= budget && out.memo_peak_bytes > budget / 2, "{}", out.memo_peak_bytes);
    assert!(out.memo_emptied > 0);
}
