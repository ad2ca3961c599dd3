//! The rank-one SDP (issue 19): the equations hold at a true placement, a solution's rank-one
//! matrices are a fixed point, a figure whose pieces were moved away is solved and verifies,
//! a wrong piece set never is, and `tessera solve --method sdp` reports and refuses clearly.

use crate::common::cli::run;
use tessera::algebra::IndexSet;
use tessera::geom::{pt, shifted, Vertex};
use tessera::solve::sdp::{Dissection, Options, AUTO};

type Rings = Vec<Vec<Vertex>>;

/// A shipped tangram level's figure and its pieces turned as its reference solution has them
/// (in place).
fn level(id: &str) -> (Rings, Vec<Rings>) {
    let packs = tessera::level::embedded_packs();
    let level = packs.iter().flat_map(|p| p.levels.iter()).find(|l| l.id == id).expect("the level");
    let pieces = level.solution.iter().map(|pl| pl.apply(&level.set.pieces[pl.piece], level.set.step())).collect();
    (level.target.clone(), pieces)
}

/// The pieces moved away from the figure (each its own way) and their order reversed.
fn scattered(pieces: &[Rings]) -> Vec<Rings> {
    let mut v: Vec<Rings> =
        pieces.iter().enumerate().map(|(i, p)| shifted(p, pt(7.0 - 3.0 * i as f64, 2.5 * i as f64 - 9.0))).collect();
    v.reverse();
    v
}

#[test]
fn a_true_placement_satisfies_every_equation() {
    let (target, pieces) = level("convex-square");
    let d = Dissection::new(&target, &pieces, 1).unwrap();
    let t = d.translations(&d.as_given());
    for index in [IndexSet::Degree(2), IndexSet::Degree(3), IndexSet::Grid(2), IndexSet::Axes(4)] {
        let eq = d.equations(index).unwrap();
        assert!(!eq.rows.is_empty());
        let worst = eq.residual(&t).iter().fold(0.0f64, |m, r| m.max(r.abs()));
        assert!(worst < 1e-12, "{index:?}: residual {worst:e}");
    }
    // Moving one piece breaks them.
    let mut moved = t.clone();
    moved[0].0 += 0.05;
    let eq = d.equations(IndexSet::Degree(3)).unwrap();
    assert!(eq.residual(&moved).iter().any(|r| r.abs() > 1e-4));
}

#[test]
fn a_solutions_rank_one_matrices_are_a_fixed_point() {
    let (target, pieces) = level("convex-square");
    let d = Dissection::new(&target, &pieces, 1).unwrap();
    let given = d.as_given();
    let opts = Options { limit: 1, start: Some(d.translations(&given)), ..Options::default() };
    let out = d.solve(&opts, &[IndexSet::Degree(3)]).unwrap();
    let run = &out.runs[0].1;
    assert_eq!(run.iterations, 1);
    assert!(run.objectives[0] < 1e-6, "objective {:e}", run.objectives[0]);
    let placed = out.placed.expect("solved in one step");
    for (p, g) in placed.iter().zip(&given) {
        assert!((p.at - g.at).len() < 1e-6 && p.quarter_turns == 0, "moved to {p:?}");
    }
}

#[test]
fn a_scattered_figure_converges_and_verifies() {
    for id in ["convex-square", "convex-triangle", "convex-pentagon-1"] {
        let (target, pieces) = level(id);
        let d = Dissection::new(&target, &scattered(&pieces), 1).unwrap();
        let out = d.solve(&Options::default(), &AUTO).unwrap();
        let placed = out.placed.unwrap_or_else(|| panic!("{id}: not solved: {:?}", out.runs.last().unwrap().1.stopped));
        assert!(d.verifies(&placed));
        let run = &out.runs.last().unwrap().1;
        assert_eq!(run.objectives.len(), run.iterations);
        assert_eq!(run.sizes.matrices, 7);
    }
}

/// Figures whose runs stall on both index sets from W = 0 are solved by a restart from
/// perturbed weights, and no run along the way claims the figure has no solution.
#[test]
fn a_stall_is_escaped_by_a_restart_and_never_called_infeasible() {
    for (id, restarted) in [("sleeper", true), ("convex-hexagon-2", false)] {
        let (target, pieces) = level(id);
        let d = Dissection::new(&target, &scattered(&pieces), 1).unwrap();
        let out = d.solve(&Options::default(), &AUTO).unwrap();
        let placed = out.placed.unwrap_or_else(|| panic!("{id}: not solved: {:?}", out.runs.last().unwrap().1.stopped));
        assert!(d.verifies(&placed));
        let ended: Vec<&str> = out.runs.iter().filter_map(|(_, r)| r.stopped.as_deref()).collect();
        // "sleeper" stalls on degree2 and degree3 from W = 0 (with these scattered pieces).
        assert_eq!(out.runs.len() > AUTO.len(), restarted, "{id}: {ended:?}");
        for why in ended {
            assert!(!why.contains("infeasible:") && !why.contains("no placement satisfies"), "{id}: {why}");
        }
    }
}

/// A figure whose hole touches its outline at a corner: the hole must still be read as a hole
/// (turned clockwise for the equations). Judged at that corner, it was taken for a second
/// outline, and every program was infeasible (two of `sdp_random`'s figures, seed 2).
#[test]
fn a_hole_touching_the_outline_is_a_hole() {
    let ring = |c: &[(f64, f64)]| -> Vec<Vertex> { c.iter().map(|&(x, y)| pt(x, y).into()).collect() };
    // A 2 x 2 square, and a triangular hole with its corner on the top side.
    let outline = ring(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    for hole in [vec![(1.0, 2.0), (0.5, 1.5), (1.5, 1.5)], vec![(0.5, 1.5), (1.5, 1.5), (1.0, 2.0)]] {
        let pieces: Vec<Rings> = [
            vec![(0.0, 0.0), (2.0, 0.0), (2.0, 1.5), (0.0, 1.5)],
            vec![(0.0, 1.5), (0.5, 1.5), (1.0, 2.0), (0.0, 2.0)],
            vec![(1.5, 1.5), (2.0, 1.5), (2.0, 2.0), (1.0, 2.0)],
        ]
        .iter()
        .map(|c| vec![ring(c)])
        .collect();
        let target = vec![outline.clone(), ring(&hole)];
        let as_laid = Dissection::new(&target, &pieces, 1).unwrap();
        assert!(as_laid.verifies(&as_laid.as_given()), "the pieces as laid fill the figure");
        let d = Dissection::new(&target, &scattered(&pieces), 1).unwrap();
        let out = d.solve(&Options::default(), &AUTO).unwrap();
        let placed =
            out.placed.unwrap_or_else(|| panic!("{hole:?}: not solved: {:?}", out.runs.last().unwrap().1.stopped));
        assert!(d.verifies(&placed));
    }
}

#[test]
fn a_wrong_piece_set_is_never_solved() {
    let (target, pieces) = level("convex-square");
    // The square (4 corners) swapped for a second copy of a triangle of the same area.
    let square = pieces.iter().position(|p| p[0].len() == 4 && is_square(&p[0])).expect("the square");
    let triangle = pieces
        .iter()
        .position(|p| p[0].len() == 3 && (area(&p[0]) - area(&pieces[square][0])).abs() < 1e-9)
        .expect("the medium triangle");
    let mut wrong = scattered(&pieces);
    let n = wrong.len();
    wrong[n - 1 - square] = shifted(&pieces[triangle], pt(20.0, 20.0));
    let d = Dissection::new(&target, &wrong, 1).unwrap();
    let out = d.solve(&Options::default(), &AUTO).unwrap();
    assert!(out.placed.is_none());
    assert!(out.runs.iter().all(|(_, r)| r.solution.is_none() && r.stopped.is_some()));
}

fn area(r: &[Vertex]) -> f64 {
    (0..r.len())
        .map(|i| r[i].at.x * r[(i + 1) % r.len()].at.y - r[(i + 1) % r.len()].at.x * r[i].at.y)
        .sum::<f64>()
        .abs()
        / 2.0
}

fn is_square(r: &[Vertex]) -> bool {
    let d = |i: usize| (r[(i + 1) % 4].at - r[i].at).len();
    (0..4).all(|i| (d(i) - d(0)).abs() < 1e-9) && ((r[2].at - r[0].at).len() - (r[3].at - r[1].at).len()).abs() < 1e-9
}

// The command.

fn ring_json(r: &[Vertex]) -> serde_json::Value {
    serde_json::Value::Array(r.iter().map(|v| serde_json::json!([v.at.x, v.at.y])).collect())
}

/// A solve file of the scattered figure.
fn solve_file(dir: &std::path::Path, name: &str, step: f64, extra: serde_json::Value) -> String {
    let (target, pieces) = level("convex-square");
    let mut file = serde_json::json!({
        "target": target.iter().map(|r| ring_json(r)).collect::<Vec<_>>(),
        "pieces": scattered(&pieces).iter().map(|p| ring_json(&p[0])).collect::<Vec<_>>(),
        "rotation_step": step,
        "allow_mirror": false,
    });
    for (k, v) in extra.as_object().unwrap() {
        file[k] = v.clone();
    }
    let path = dir.join(name);
    std::fs::write(&path, file.to_string()).unwrap();
    path.to_string_lossy().into()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-sdp-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_command_solves_and_reports_in_json() {
    let dir = temp_dir("json");
    let file = solve_file(&dir, "square.json", 360.0, serde_json::json!({}));
    let (code, out, err) = run(&["solve", &file, "--method", "sdp", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["method"], "sdp");
    assert_eq!(v["solved"], true);
    let iterations = v["iterations"].as_u64().unwrap() as usize;
    assert!(iterations >= 1);
    assert_eq!(v["objectives"].as_array().unwrap().len(), iterations);
    assert!(v["rank_residual"].as_f64().unwrap() < 1e-3);
    assert_eq!(v["sizes"]["matrices"], 7);
    assert!(v["sizes"]["order"].as_u64().unwrap() >= 6);
    assert!(v["sizes"]["constraints"].as_u64().unwrap() > 0);
    let solution = v["solutions"][0].as_array().unwrap();
    assert_eq!(solution.len(), 7);
    // The pieces as placed verify as a puzzle file.
    let puzzle = serde_json::json!({"target": serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(&file).unwrap()).unwrap()["target"],
        "pieces": solution, "mode": "anchored"});
    let pf = dir.join("placed.json");
    std::fs::write(&pf, puzzle.to_string()).unwrap();
    let (code, out, err) = run(&["verify", pf.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"solved\":true"), "{out}");
}

#[test]
fn the_command_refuses_what_it_cannot_take() {
    let dir = temp_dir("refuse");
    // Turning pieces.
    let turning = solve_file(&dir, "turning.json", 45.0, serde_json::json!({}));
    let (code, _, err) = run(&["solve", &turning, "--method", "sdp"]);
    assert_eq!(code, 2);
    assert!(err.contains("turning.json") && err.contains("rotation_step: 360"), "{err}");
    // Mirrored pieces.
    let mirrored = solve_file(&dir, "mirror.json", 360.0, serde_json::json!({"allow_mirror": true}));
    let (code, _, err) = run(&["solve", &mirrored, "--method", "sdp"]);
    assert_eq!(code, 2);
    assert!(err.contains("allow_mirror"), "{err}");
    // Arcs.
    let arcs = dir.join("arcs.json");
    std::fs::write(
        &arcs,
        r#"{"target": [[{"at": [0, 0], "arc": {"center": [1, 0], "ccw": true}}, [2, 0]]],
            "pieces": [[{"at": [0, 0], "arc": {"center": [1, 0], "ccw": true}}, [2, 0]]], "rotation_step": 360}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["solve", arcs.to_str().unwrap(), "--method", "sdp"]);
    assert_eq!(code, 2);
    assert!(err.contains("straight edges"), "{err}");
    // Not a solve file.
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"target\": [[[0, 0], [1, 0]]").unwrap();
    let (code, _, err) = run(&["solve", broken.to_str().unwrap(), "--method", "sdp"]);
    assert_eq!(code, 2);
    assert!(err.contains("broken.json"), "{err}");
    // An unknown index set.
    let ok = solve_file(&dir, "ok.json", 360.0, serde_json::json!({}));
    let (code, _, err) = run(&["solve", &ok, "--method", "sdp", "--index", "cube3"]);
    assert_eq!(code, 2);
    assert!(err.contains("cube3"), "{err}");
}

#[test]
fn a_timeout_is_reported_not_solved() {
    let dir = temp_dir("timeout");
    let file = solve_file(&dir, "square.json", 360.0, serde_json::json!({}));
    let (code, out, err) = run(&["solve", &file, "--method", "sdp", "--timeout-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solved"], false);
    assert_eq!(v["stopped"], "out of time");
    let (_, text, _) = run(&["solve", &file, "--method", "sdp", "--timeout-ms", "1"]);
    assert!(text.contains("not solved: out of time"), "{text}");
}

#[test]
fn edge_matching_without_preset_locations() {
    use tessera::tiles::generate::{generate, Spec};
    let spec = |cols, rows, rotate, seed| Spec {
        cols,
        rows,
        colors: 4,
        frame_colors: None,
        rotate,
        unique: false,
        seed,
        max_nodes: 0,
    };
    for (cols, rows) in [(3, 3), (4, 3)] {
        let g = generate(&spec(cols, rows, false, 5)).unwrap();
        let out = tessera::tiles::sdp::solve(&g.puzzle, &Options::default(), &AUTO).unwrap();
        let placement = out.placement.expect("solved");
        assert!(g.puzzle.check(&placement).is_ok());
    }
    // A clue tile stays where it is.
    let mut g = generate(&spec(3, 3, false, 6)).unwrap();
    g.puzzle.clues = vec![tessera::tiles::Clue { cell: 4, tile: g.solution[4].0, rot: 0 }];
    let placement = tessera::tiles::sdp::solve(&g.puzzle, &Options::default(), &AUTO).unwrap().placement.unwrap();
    assert_eq!(placement[4].0, g.solution[4].0);
    // Tiles that turn are refused.
    let turning = generate(&spec(3, 3, true, 5)).unwrap();
    let e = tessera::tiles::sdp::solve(&turning.puzzle, &Options::default(), &AUTO).err().unwrap();
    assert!(e.contains("translate"), "{e}");
}

/// The pieces each turned by (i mod 4) quarter turns about their centroid.
fn turned(pieces: &[Rings]) -> Vec<Rings> {
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let c = tessera::pieces::ring_centroid(&p[0]);
            let m = tessera::geom::Motion {
                mirror: false,
                angle: (i % 4) as f64 * std::f64::consts::FRAC_PI_2,
                shift: pt(0.0, 0.0),
            };
            let back = tessera::geom::Motion { mirror: false, angle: 0.0, shift: c };
            let at0 = shifted(p, c);
            at0.iter().map(|r| tessera::pieces::move_ring(&tessera::pieces::move_ring(r, &m), &back)).collect()
        })
        .collect()
}

#[test]
fn turning_pieces_satisfy_the_duplicated_equations() {
    let (target, pieces) = level("convex-square");
    let d = Dissection::new(&target, &turned(&pieces), 4).unwrap();
    // Piece i, given turned by q = i mod 4, lies in the figure's copy q: t' = R(q) (u + o).
    let truth: Vec<(f64, f64)> = d
        .translations(&d.as_given())
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| tessera::algebra::turn((x + 0.6, y), i % 4))
        .collect();
    let eq = d.equations(IndexSet::Ball(2)).unwrap();
    let worst = eq.residual(&truth).iter().fold(0.0f64, |m, r| m.max(r.abs()));
    assert!(worst < 1e-10, "residual {worst:e}");
    // Read back, each piece is turned back by its quarter turns to where it was.
    for (i, p) in d.placed(&truth).iter().enumerate() {
        assert_eq!(p.quarter_turns.rem_euclid(4), (4 - (i % 4) as i32) % 4);
    }
    assert!(d.verifies(&d.placed(&truth)));
    assert!(d.equations(IndexSet::Degree(3)).is_err());
}

/// Section 6.3 on pieces that turn: each piece given turned by (i mod 4) quarter turns and
/// moved away, the SDP over the duplicated equations finds turns and places that verify (the
/// turns read off the iterates, the places then found by the translation-only SDP).
#[test]
fn turned_and_scattered_pieces_are_turned_back_and_placed() {
    use tessera::solve::sdp::AUTO_TURNING;
    for id in ["convex-rectangle", "arrow", "waving"] {
        let (target, pieces) = level(id);
        let d = Dissection::new(&target, &scattered(&turned(&pieces)), 4).unwrap();
        let out = d.solve(&Options::default(), &AUTO_TURNING).unwrap();
        let placed = out.placed.unwrap_or_else(|| panic!("{id}: not solved: {:?}", out.runs.last().unwrap().1.stopped));
        assert!(d.verifies(&placed), "{id}");
        assert!(placed.iter().any(|p| p.quarter_turns.rem_euclid(4) != 0), "{id}: some piece had to turn");
    }
}

/// The rounding of turns keeps to sets that balance the figure's side lengths: every shipped
/// straight-edged figure's reference solution does, and where pieces have slanted sides,
/// turning one of them a quarter turn breaks it.
#[test]
fn every_shipped_solution_balances_the_figures_sides_and_a_turned_piece_does_not() {
    let (mut checked, mut slanted_checked) = (0, 0);
    for pack in tessera::level::embedded_packs() {
        for level in &pack.levels {
            if level.data::<tessera::family::polyomino::PolyLevel>().is_some()
                || level.data::<tessera::family::tiles::TilesLevel>().is_some()
                || level.solution.is_empty()
                || level.set.pieces.iter().flat_map(|p| p.rings.iter().flatten()).any(|v| v.arc.is_some())
            {
                continue;
            }
            let pieces: Vec<Rings> =
                level.solution.iter().map(|pl| pl.apply(&level.set.pieces[pl.piece], level.set.step())).collect();
            let Ok(d) = Dissection::new(&level.target, &pieces, 4) else { continue };
            let balance = d.balance().expect("turning pieces");
            let n = pieces.len();
            assert!(balance.balanced(&vec![0; n]), "{}: the reference solution", level.id);
            // With a slanted side somewhere (a tangram's triangles), some piece turned a
            // quarter turn leaves sides unmatched. (Sides along the axes alone, as a
            // polyomino's, balance whatever the turns: each axis's lengths cancel out.)
            let slanted = pieces.iter().flatten().any(|r| {
                (0..r.len()).any(|k| {
                    let d = r[(k + 1) % r.len()].at - r[k].at;
                    d.x.abs() > 1e-9 && d.y.abs() > 1e-9
                })
            });
            if slanted {
                let breaks = (0..n).any(|i| {
                    let mut turns = vec![0; n];
                    turns[i] = 1;
                    !balance.balanced(&turns)
                });
                assert!(breaks, "{}: no single quarter turn breaks the balance", level.id);
                slanted_checked += 1;
            }
            checked += 1;
        }
    }
    assert!(checked > 100 && slanted_checked > 100, "only {checked} figures checked, {slanted_checked} slanted");
}

/// Issue P2a, item 3: two runs give the same verdicts and the same iterates, to the last bit
/// (the restarts are seeded; no decision reads the clock without a deadline), translation-only
/// and with quarter turns.
#[test]
fn two_runs_give_the_same_iterates() {
    for (id, turns) in [("sleeper", 1), ("convex-hexagon-2", 1), ("convex-square", 4), ("letter-l", 4)] {
        let (target, pieces) = level(id);
        let pieces: Vec<Rings> = if turns == 1 {
            scattered(&pieces)
        } else {
            // Each piece a quarter turn on from where it lies, then moved away.
            let quarter =
                tessera::geom::Motion { mirror: false, angle: std::f64::consts::FRAC_PI_2, shift: pt(0.0, 0.0) };
            let turned: Vec<Rings> =
                pieces.iter().map(|p| p.iter().map(|r| tessera::pieces::move_ring(r, &quarter)).collect()).collect();
            scattered(&turned)
        };
        let d = Dissection::new(&target, &pieces, turns).unwrap();
        let indexes = if turns == 1 { AUTO.to_vec() } else { tessera::solve::sdp::AUTO_TURNING.to_vec() };
        let once = || {
            let out = d.solve(&Options::default(), &indexes).unwrap();
            let objectives: Vec<Vec<u64>> =
                out.runs.iter().map(|(_, r)| r.objectives.iter().map(|x| x.to_bits()).collect()).collect();
            (out.placed.is_some(), objectives, out.restarts)
        };
        let (first, second) = (once(), once());
        assert!(!first.1.is_empty(), "{id}");
        assert_eq!(first, second, "{id}");
    }
}
