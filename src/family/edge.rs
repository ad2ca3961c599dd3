//! Edge-matching puzzles: square tiles with coloured sides in a frame. The pieces are the tiles
//! (unit squares); judged by matched inner sides (mismatched ones are marked), hinted and
//! proved by the exact solver, which also settles a promised uniqueness.

use super::{unit_square, Caps, Family, Fields, Hint, Judgement, Mark, Parsed};
use crate::level::Level;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::verify::Mode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[derive(Debug)]
pub struct Edge;

/// Hints: the exact solver's node budget.
const HINT_NODES: u64 = 50_000_000;
/// `check-levels`: the exact solver's node budget.
const PROVE_NODES: u64 = 100_000_000;

/// An edge-matching level; `unique`: the level promises one solution (up to turning the whole
/// board when tiles turn), which `check-levels` verifies.
#[derive(Clone, Debug)]
pub struct EdgeLevel {
    pub puzzle: crate::edge::Puzzle,
    pub unique: bool,
}

pub fn parse(f: &Fields) -> Result<Parsed, String> {
    let puzzle = f.edge.ok_or("an edge level needs an `edge` puzzle")?.build()?;
    let pieces = (0..puzzle.tiles.len())
        .map(|k| PieceDef { name: format!("tile {k}"), rings: vec![unit_square(0, 0)] })
        .collect();
    // Cell (x, row) from the top-left is the world cell (x, rows - 1 - row).
    let target = (0..puzzle.cells())
        .map(|c| unit_square((c % puzzle.cols) as i32, (puzzle.rows - 1 - c / puzzle.cols) as i32))
        .collect();
    let n = puzzle.tiles.len();
    super::check_solution_pieces(f.solution, n, |p| format!("the solution names tile {p} but there are {n}"))?;
    Ok(Parsed {
        family: &Edge,
        set: PieceSet { name: "tiles".into(), pieces, step_deg: 90.0 },
        target,
        mode: Mode::Anchored,
        allow_mirror: false,
        poly: None,
        edge: Some(EdgeLevel { puzzle, unique: f.unique }),
    })
}

fn data(level: &Level) -> &EdgeLevel {
    level.edge.as_ref().expect("an edge level has its puzzle")
}

impl Family for Edge {
    fn name(&self) -> &'static str {
        "edge"
    }

    /// Tiles never mirror, and turn only where the level says. The geometric solver cannot be
    /// watched on them (it does not see colours); the solver lab compares the paper's methods.
    fn caps(&self, level: &Level) -> Caps {
        let turn = data(level).puzzle.rotate;
        Caps { turn, mirror: false, tip: false, watch: false, lab: true, grid: true, drawings: 0 }
    }

    /// Matched inner sides; tiles count wherever they are (off the board they are in the tray).
    fn judge(&self, level: &Level, pieces: &[Placement]) -> Judgement {
        let j = crate::edge::play::judge(&data(level).puzzle, pieces);
        let marks = j.mismatches.iter().map(|&(cell, side)| Mark::Side { cell, side }).collect();
        Judgement { progress: j.progress, solved: j.solved, overlap: j.overlap, marks }
    }

    fn hint(&self, level: &Level, pieces: &[Placement], cancel: Option<Arc<AtomicBool>>) -> Option<Hint> {
        let puzzle = &data(level).puzzle;
        let on: Vec<Placement> =
            pieces.iter().filter(|p| crate::edge::play::tile_cell(puzzle, p).is_some()).copied().collect();
        crate::edge::play::hint(puzzle, &on, HINT_NODES, cancel)
    }

    fn check_solution(&self, level: &Level) -> Result<(), String> {
        let j = crate::edge::play::judge(&data(level).puzzle, &level.solution);
        if j.solved {
            Ok(())
        } else {
            Err(format!(
                "the reference solution does not match (matched {:.3}, {} mismatched sides)",
                j.progress,
                j.mismatches.len()
            ))
        }
    }

    /// The search and the SAT solver (side by side) find a solution and, when the level promises one, prove it unique
    /// (up to turning the whole board when tiles turn).
    fn count(&self, level: &Level, limit: u64, cancel: Option<Arc<AtomicBool>>) -> super::Count {
        let e = data(level);
        let opts = crate::edge::exact::Options {
            limit: limit.max(1),
            max_nodes: PROVE_NODES,
            up_to_board_turns: e.puzzle.rotate,
            cancel,
            ..Default::default()
        };
        match crate::edge::portfolio::solve(&e.puzzle, &opts) {
            Ok((o, _)) => super::Count { solutions: o.solutions, complete: o.complete, nodes: o.nodes },
            Err(_) => super::Count::default(),
        }
    }

    fn prove(&self, level: &Level) -> Result<(), String> {
        let e = data(level);
        let opts = crate::edge::exact::Options {
            limit: 2,
            max_nodes: PROVE_NODES,
            up_to_board_turns: e.unique && e.puzzle.rotate,
            ..Default::default()
        };
        match crate::edge::portfolio::solve(&e.puzzle, &opts)?.0 {
            o if o.solutions == 0 && o.complete => Err("the solvers prove there is no solution".into()),
            o if o.solutions == 0 => Err(format!("no solution found within {} nodes", o.nodes)),
            o if e.unique && o.solutions > 1 => Err("the level promises a unique solution but there are more".into()),
            o if e.unique && !o.complete => Err(format!("uniqueness not settled within {} nodes", o.nodes)),
            _ => Ok(()),
        }
    }
}
