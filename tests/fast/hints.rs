//! Hints from the player's position on the shipped levels: following the hints always
//! completes the figure; a piece off the figure is named, a position that cannot be completed
//! is said to be stuck, and the ladder's check (`pieces::check`) names the fewest pieces to lift.

use tessera::level::embedded_packs;
use tessera::pieces::{check, Check, Placement, CHECK_ASKS};
use tessera::solve::lattice::{hint, Hint};
use tessera::verify::Piece;

fn frame(level: &tessera::level::Level) -> i32 {
    level.lattice_turn().expect("a lattice level")
}

#[test]
fn following_hints_completes_every_shipped_level() {
    let mut walked = 0;
    for pack in embedded_packs() {
        for level in pack.levels.iter().filter(|l| l.lattice_turn().is_some()) {
            walked += 1;
            let mut placed: Vec<Placement> = Vec::new();
            loop {
                match hint(&level.set, &level.target, frame(level), &placed) {
                    Some(Hint::Next(p)) => {
                        assert!(!placed.iter().any(|q| q.piece == p.piece), "{}: piece {} twice", level.id, p.piece);
                        placed.push(p);
                    }
                    Some(Hint::Done) => break,
                    other => panic!("{}/{}: {other:?} after {placed:?}", pack.id, level.id),
                }
            }
            let puzzle = level.puzzle();
            let pieces: Vec<Piece> = level
                .place(&placed)
                .iter()
                .enumerate()
                .map(|(i, r)| Piece::from_vertices(r, puzzle.target.tol, i).unwrap())
                .collect();
            assert!(puzzle.judge(&pieces).solved, "{}/{}: the hinted placements verify", pack.id, level.id);
        }
    }
    assert!(walked >= 20, "only {walked} lattice levels met: the packs lost their lattice levels");
}

#[test]
fn a_misplaced_piece_is_named() {
    let packs = embedded_packs();
    let level = packs[0].levels.iter().find(|l| l.id == "arrow").unwrap();
    let t = frame(level);
    // Off the lattice: nudged by half a unit.
    let mut p = level.solution[0];
    p.at.0 += 0.5;
    assert_eq!(hint(&level.set, &level.target, t, &[p]), Some(Hint::Move(p.piece)));
    // On the lattice and inside the figure, but where no completion exists: search for such a
    // placement of a large triangle, and check the hint names it.
    let step = level.set.step();
    let mut blocked = None;
    'search: for rot in (0..8).map(|k| k * 2 + t) {
        for dx in -8..8 {
            for dy in -8..8 {
                let w = tessera::geom::pt(dx as f64, dy as f64).rotate(t as f64 * std::f64::consts::FRAC_PI_4);
                let cand = Placement { piece: 0, rot, flip: false, at: (w.x, w.y) };
                let inside = {
                    let puzzle = level.puzzle();
                    let piece =
                        Piece::from_vertices(&cand.apply(&level.set.pieces[0], step), puzzle.target.tol, 0).unwrap();
                    let v = puzzle.judge(&[piece]);
                    v.progress > 0.0 && !v.overlap
                };
                if inside && hint(&level.set, &level.target, t, &[cand]) == Some(Hint::Stuck) {
                    blocked = Some(cand);
                    break 'search;
                }
            }
        }
    }
    let cand = blocked.expect("some inside placement of a large triangle blocks the arrow");
    let ask = |placed: &[Placement]| hint(&level.set, &level.target, t, placed);
    assert_eq!(check(&[cand], CHECK_ASKS, ask), Check::Lift { pieces: vec![0], sure: true });
    // With a piece of the solution placed after it, the check lifts the triangle alone: the
    // other piece, where the solution has it, can stay (even when it overlaps the triangle).
    for other in level.solution.iter().filter(|s| s.piece != 0) {
        assert_eq!(check(&[cand, *other], CHECK_ASKS, ask), Check::Lift { pieces: vec![0], sure: true });
    }
    // The whole solution with the triangle moved there: lifting it is the one way.
    let mut placed: Vec<Placement> = level.solution.iter().filter(|s| s.piece != 0).copied().collect();
    placed.push(cand);
    assert_eq!(check(&placed, CHECK_ASKS, ask), Check::Lift { pieces: vec![0], sure: true });
    // A position that can be completed is fine, and says what comes next.
    assert!(matches!(check(&level.solution[1..3], CHECK_ASKS, ask), Check::Fine(Hint::Next(_))));
}

#[test]
fn geometric_hints_complete_every_shipped_level_too() {
    use tessera::solve::geometric::{hint as ghint, Options};
    let opts = Options { limit: 1, budget: tessera::support::budget::Budget::nodes(200_000), ..Options::default() };
    let mut walked = 0;
    for pack in embedded_packs() {
        // Every dissection that turns in eighths: the lattice sets and the curved ones.
        let eighths = |l: &&tessera::level::Level| l.family.name() == "tangram" && l.set.step_deg == 45.0;
        for level in pack.levels.iter().filter(eighths) {
            walked += 1;
            let mut placed: Vec<Placement> = Vec::new();
            loop {
                match ghint(&level.set, &level.target, &placed, &opts) {
                    Some(Hint::Next(p)) => placed.push(p),
                    Some(Hint::Done) => break,
                    other => panic!("{}/{}: {other:?} after {placed:?}", pack.id, level.id),
                }
            }
            let puzzle = level.puzzle();
            let pieces: Vec<Piece> = level
                .place(&placed)
                .iter()
                .enumerate()
                .map(|(i, r)| Piece::from_vertices(r, puzzle.target.tol, i).unwrap())
                .collect();
            assert!(puzzle.judge(&pieces).solved, "{}/{}", pack.id, level.id);
        }
    }
    assert!(walked >= 20, "only {walked} dissections in eighths met");
    // A piece off the figure's grid is named.
    let packs = embedded_packs();
    let level = packs[0].levels.iter().find(|l| l.id == "arrow").unwrap();
    let mut p = level.solution[0];
    p.at.0 += 0.5;
    assert_eq!(ghint(&level.set, &level.target, &[p], &opts), Some(Hint::Move(p.piece)));
}

#[test]
fn packer_hints_complete_every_polyomino_level_and_name_a_blocking_piece() {
    use tessera::family::polyomino::hint as phint;
    let mut walked = 0;
    for pack in embedded_packs() {
        for level in pack.levels.iter() {
            let Some(poly) = level.data::<tessera::family::polyomino::PolyLevel>() else { continue };
            walked += 1;
            let mut placed: Vec<Placement> = Vec::new();
            loop {
                match phint(&poly.board, &poly.parts, &poly.piece_part, &placed, &Default::default()) {
                    Some(Hint::Next(p)) => placed.push(p),
                    Some(Hint::Done) => break,
                    other => panic!("{}/{}: {other:?} after {placed:?}", pack.id, level.id),
                }
            }
            assert!(poly.judge(&placed).solved, "{}/{}", pack.id, level.id);
        }
    }
    assert!(walked >= 20, "only {walked} polyform levels met");
    // A piece off the grid, and a piece that walls off a corner cell, are both named.
    let packs = embedded_packs();
    let level = packs
        .iter()
        .flat_map(|p| p.levels.iter())
        .find(|l| l.id == "pentominoes-6x10" && l.data::<tessera::family::polyomino::PolyLevel>().is_some())
        .unwrap();
    let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    let mut off = level.solution[0];
    off.at.0 += 0.5;
    assert_eq!(
        phint(&poly.board, &poly.parts, &poly.piece_part, &[off], &Default::default()),
        Some(Hint::Move(off.piece))
    );
    // The X pentomino (piece 9) centred on (1, 1) walls off the corner cell (0, 0).
    let x = Placement { piece: 9, rot: 0, flip: false, at: (0.0, 0.0) };
    let cells = tessera::polyform::place::placement_cells(&poly.board, &poly.parts[9].cells, &x).unwrap();
    assert!(cells.contains(&[1, 0, 0]) && cells.contains(&[0, 1, 0]), "{cells:?}");
    assert_eq!(phint(&poly.board, &poly.parts, &poly.piece_part, &[x], &Default::default()), Some(Hint::Stuck));
    let ask = |placed: &[Placement]| phint(&poly.board, &poly.parts, &poly.piece_part, placed, &Default::default());
    assert_eq!(check(&[x], CHECK_ASKS, ask), Check::Lift { pieces: vec![9], sure: true });
    // Off the grid, the piece must come off whatever else lies there; the X still walls off
    // its corner: two to lift.
    assert_eq!(check(&[x, off], CHECK_ASKS, ask), Check::Lift { pieces: vec![off.piece, 9], sure: true });

    // In the Soma cube, drawn layer by layer: a piece with a square in the gap between two
    // layers is off the board.
    let level = packs.iter().flat_map(|p| p.levels.iter()).find(|l| l.id == "soma-cube").unwrap();
    let poly = level.data::<tessera::family::polyomino::PolyLevel>().unwrap();
    let gap = Placement { piece: 1, rot: 0, flip: false, at: (2.0, 0.0) }; // the L along x: columns 2, 3, 4
    assert!(tessera::polyform::place::placement_cells(&poly.board, &poly.parts[1].cells, &gap).is_none());
    assert_eq!(phint(&poly.board, &poly.parts, &poly.piece_part, &[gap], &Default::default()), Some(Hint::Move(1)));
    // The reference solution with its Z (piece 3) tipped over last: every other cell is taken,
    // so the tipped Z is the piece to move; tipped back, the cube is done.
    let mut placed: Vec<Placement> = level.solution.iter().filter(|p| p.piece != 3).copied().collect();
    let z = level.solution[3];
    let tipped = Placement { rot: tessera::polyform::place::turn(z.rot, 0, 1), ..z };
    let cells_of = |p: &Placement| {
        tessera::polyform::place::placement_cells(&poly.board, &poly.parts[3].cells, p)
            .map(|c| tessera::polyform::normalize(&c))
    };
    assert_ne!(cells_of(&tipped), cells_of(&z));
    placed.push(tipped);
    let ask = |placed: &[Placement]| phint(&poly.board, &poly.parts, &poly.piece_part, placed, &Default::default());
    assert_eq!(check(&placed, CHECK_ASKS, ask), Check::Lift { pieces: vec![3], sure: true });
    *placed.last_mut().unwrap() = z;
    assert_eq!(phint(&poly.board, &poly.parts, &poly.piece_part, &placed, &Default::default()), Some(Hint::Done));
    assert!(poly.judge(&placed).solved);
}

#[test]
fn exact_solver_hints_complete_every_edge_level_from_half_its_solution() {
    use tessera::family::tiles::{hint as ehint, judge};
    let mut walked = 0;
    for pack in embedded_packs() {
        for level in pack.levels.iter() {
            let Some(e) = level.data::<tessera::family::tiles::TilesLevel>().filter(|e| !e.scored) else { continue };
            walked += 1;
            // Half of the reference solution (tiles with symmetric looks included), then hints.
            let mut placed: Vec<Placement> = level.solution[..level.solution.len() / 2].to_vec();
            loop {
                match ehint(&e.puzzle, &placed, &Default::default()) {
                    Some(Hint::Next(p)) => placed.push(p),
                    Some(Hint::Done) => break,
                    other => panic!("{}/{}: {other:?} after {} tiles", pack.id, level.id, placed.len()),
                }
            }
            assert!(judge(&e.puzzle, &placed).solved, "{}/{}", pack.id, level.id);
        }
    }
    assert!(walked >= 5, "only {walked} edge levels met");
}

/// On a board played for the score, hints lay the tiles left from a half-laid board: each
/// is a tile not yet laid, the tiles laid stay, and the board ends full, scoring what the
/// judgement says.
#[test]
fn score_hints_lay_every_tile_left_on_a_scored_board() {
    use tessera::family::tiles::{judge_score, score_hint};
    use tessera::support::budget::Budget;
    let (mut puzzle, painted) = tessera::tiles::generate::eternity_like(5);
    // A corner of it: the top-left 5 x 5 of the painted board, cut up again.
    let keep: Vec<usize> = (0..25).map(|k| (k / 5) * 16 + k % 5).collect();
    let mut grid: Vec<_> =
        keep.iter().map(|&c| tessera::tiles::turned(&puzzle.tiles[painted[c].0], painted[c].1)).collect();
    // The cut edges become the frame.
    for (k, tile) in grid.iter_mut().enumerate() {
        if k % 5 == 4 {
            tile[1] = 0;
        }
        if k / 5 == 4 {
            tile[2] = 0;
        }
    }
    puzzle = tessera::tiles::generate::cut_grid(5, 5, &grid, true, 9).0;
    puzzle.validate().unwrap();
    let mut placed: Vec<Placement> = Vec::new();
    for k in 0..12 {
        // Twelve tiles laid by hand, in reading order, each in its first turn.
        placed.push(tessera::family::tiles::cells::placement_of(&puzzle, k, k, 0));
    }
    let before = placed.clone();
    loop {
        match score_hint(&puzzle, &placed, &Budget::nodes(20_000)) {
            Some(Hint::Next(p)) => {
                assert!(!placed.iter().any(|q| q.piece == p.piece), "tile {} twice", p.piece);
                placed.push(p);
            }
            Some(Hint::Done) => break,
            other => panic!("{other:?} after {} tiles", placed.len()),
        }
    }
    assert_eq!(&placed[..12], &before[..]);
    let j = judge_score(&puzzle, &placed);
    let (got, max) = j.score.unwrap();
    assert!(j.solved && max == 40 && j.progress == got as f64 / max as f64, "{j:?}");
}
