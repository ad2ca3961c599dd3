//! Dissection puzzles (the tangram and every other set of rigid pieces, arcs included): judged
//! by the contour engine, hinted by the lattice solver where the figure is on the tangram
//! lattice and by the geometric solver otherwise.

pub mod daily;

use super::{Cells, Family, Hint, Judgement, Level, Moves, Parsed, Watch};
use crate::format::entry::Entry;
use crate::format::{piece, ring, Node};
use crate::geom::Vertex;
use crate::pieces::{PieceDef, PieceSet, Placement};
use crate::support::budget::Budget;
use crate::verify::{Piece, Target};
use std::sync::Arc;

#[derive(Debug)]
pub struct Tangram;

/// Hints on figures off the lattice: the geometric solver's budget.
const HINT_NODES: u64 = 500_000;
const HINT_SECONDS: u64 = 10;
/// `check-levels`: the geometric solver's budget.
const PROVE_NODES: u64 = 2_000_000;

pub fn parse(f: &Entry) -> Result<Parsed, String> {
    if f.board.is_some() {
        return Err("`board` is for polyomino levels (family: \"polyomino\")".into());
    }
    let mode = f.mode.ok_or("missing field `mode` (anchored or free)")?;
    let set = match f.pieces.as_ref().ok_or("missing field `pieces`")? {
        Node::Str(name) => PieceSet::builtin(name)
            .ok_or_else(|| format!("unknown piece set `{name}` (built in: {})", crate::pieces::BUILTIN.join(", ")))?,
        Node::List(items) => PieceSet {
            name: "custom".into(),
            step_deg: f.rotation_step,
            pieces: items
                .iter()
                .enumerate()
                .map(|(k, n)| {
                    piece(n, &format!("pieces[{k}]")).map(|rings| PieceDef { name: format!("piece {k}"), rings })
                })
                .collect::<Result<_, _>>()?,
        },
        other => return Err(format!("`pieces` must name a set or list pieces, found {}", other.describe())),
    };
    crate::pieces::check_step(set.step_deg)?;
    let target =
        f.target.iter().enumerate().map(|(k, n)| ring(n, &format!("target[{k}]"))).collect::<Result<Vec<_>, _>>()?;
    let rel = f.tolerance.map(crate::geom::Tol::check_rel).transpose()?.unwrap_or(crate::geom::Tol::REL);
    let t = Target::from_vertices_rel(&target, crate::geom::pt(0.0, 0.0), 0.0, rel).map_err(|e| e.to_string())?;
    for (k, p) in set.pieces.iter().enumerate() {
        Piece::from_vertices(&p.rings, t.tol, k).map_err(|e| e.to_string())?;
    }
    let n = set.pieces.len();
    super::check_solution_pieces(&f.solution, n, |p| format!("the solution names piece {p} but the set has {n}"))?;
    Ok(Parsed { family: Arc::new(Tangram), set, target, mode, allow_mirror: f.allow_mirror })
}

impl Family for Tangram {
    fn name(&self) -> &'static str {
        "tangram"
    }

    fn title(&self) -> &'static str {
        "family-tangram"
    }

    fn progress_help(&self) -> &'static str {
        "progress-help-figure"
    }

    fn moves(&self, level: &Level) -> Moves {
        // `rotation_step: 360`: pieces only slide (neither turn nor flip).
        let moves = level.set.step_deg < 360.0;
        Moves { turn: moves, mirror: moves }
    }

    fn cells(&self) -> Cells {
        Cells::Free
    }

    /// The pieces' outlines through the contour engine (a piece that cannot be built is left out).
    fn judge(&self, level: &Level, pieces: &[Placement]) -> Judgement {
        let puzzle = level.prepared();
        let tol = puzzle.target.tol;
        let judged: Vec<Piece> = pieces
            .iter()
            .zip(level.place(pieces))
            .filter_map(|(p, rings)| Piece::from_vertices(&rings, tol, p.piece).ok())
            .collect();
        let v = puzzle.judge(&judged);
        Judgement { progress: v.progress, solved: v.solved, overlap: v.overlap, marks: Vec::new(), score: None }
    }

    /// The pieces on the figure count as placed. The lattice solver answers lattice levels at
    /// once; other figures get the geometric solver, within the budget.
    fn hint(&self, level: &Level, pieces: &[Placement], budget: &Budget) -> Option<Hint> {
        let placed: Vec<Placement> = pieces.iter().filter(|p| level.on_board(p)).copied().collect();
        let (set, target) = (&level.set, &level.target);
        level.lattice_turn().and_then(|turn| crate::solve::lattice::hint(set, target, turn, &placed)).or_else(|| {
            let opts = crate::solve::geometric::Options {
                limit: 1,
                budget: budget.clone().or_nodes(HINT_NODES).or_within(web_time::Duration::from_secs(HINT_SECONDS)),
                tolerance: level.tolerance,
                no_mirror: level.set.step_deg >= 360.0,
                ..Default::default()
            };
            crate::solve::geometric::hint(set, target, &placed, &opts)
        })
    }

    /// A solver to watch on every dissection.
    fn offers(&self) -> super::Offers<'_> {
        super::Offers { watch: Some(self), ..Default::default() }
    }

    fn check_solution(&self, level: &Level) -> Result<(), String> {
        let puzzle = level.prepared();
        let pieces = level
            .place(&level.solution)
            .iter()
            .enumerate()
            .map(|(i, r)| Piece::from_vertices(r, puzzle.target.tol, i).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let v = puzzle.judge(&pieces);
        if v.solved {
            Ok(())
        } else {
            Err(format!("the reference solution does not verify (progress {:.3}, overlap {})", v.progress, v.overlap))
        }
    }

    fn count(&self, level: &Level, limit: u64, budget: &Budget) -> super::Count {
        let opts = crate::solve::geometric::Options {
            limit: limit.max(1) as usize,
            budget: budget.clone().or_nodes(PROVE_NODES),
            tolerance: level.tolerance,
            no_mirror: level.set.step_deg >= 360.0,
            ..Default::default()
        };
        crate::solve::geometric::solve(&level.set, &level.target, &opts).map_or(super::Count::default(), |o| {
            super::Count { solutions: o.solutions.len() as u64, complete: o.complete, nodes: o.nodes, measured: true }
        })
    }

    /// Dissections: the solutions the geometric solver counts, and the share of the pieces'
    /// outlines the figure hides (the pieces' perimeters less the figure's, over the pieces').
    fn traits(&self, level: &Level, budget: &Budget) -> super::Traits {
        let eps = crate::geom::Tol::default().eps;
        let perimeter = |rings: &[Vec<Vertex>]| -> f64 {
            rings.iter().flat_map(|r| crate::geom::ring::ring_edges(r)).map(|e| e.length(eps)).sum()
        };
        let pieces: f64 = level.set.pieces.iter().map(|p| perimeter(&p.rings)).sum();
        let figure = perimeter(&level.target);
        let count = self.count(level, super::MEASURE_CAP, budget);
        super::Traits {
            pieces: level.set.pieces.len(),
            solutions: count.solutions.min(super::MEASURE_CAP),
            kind: super::PuzzleKind::Dissection { hidden: ((pieces - figure) / pieces).clamp(0.0, 1.0) },
        }
    }

    fn prove(&self, level: &Level) -> Result<(), String> {
        let opts = crate::solve::geometric::Options {
            limit: 1,
            budget: Budget::nodes(PROVE_NODES),
            tolerance: level.tolerance,
            no_mirror: level.set.step_deg >= 360.0,
            ..Default::default()
        };
        match crate::solve::geometric::solve(&level.set, &level.target, &opts) {
            None => Err("the solver cannot read this figure (its outline does not make simple rings)".into()),
            Some(o) if !o.solutions.is_empty() => {
                // The solver's answer must pass the judge too.
                let puzzle = level.prepared();
                let pieces = o.solutions[0]
                    .iter()
                    .map(|p| Piece::from_vertices(&o.world(&level.set, p), puzzle.target.tol, p.piece))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("the solver's solution has a bad piece: {e}"))?;
                let v = puzzle.judge(&pieces);
                if v.solved {
                    Ok(())
                } else {
                    Err(format!("the solver's solution does not verify (progress {:.3})", v.progress))
                }
            }
            Some(o) if o.complete => Err("the solver proves there is no solution".into()),
            Some(o) => Err(format!("the solver found no solution within {} nodes", o.nodes)),
        }
    }
}

impl super::Watching for Tangram {
    /// The geometric solver's search; on pieces that only slide, with straight edges, the
    /// rank-one SDP's iterates instead.
    fn watch(&self, level: &Level) -> Watch {
        let curved = level.set.pieces.iter().flat_map(|p| p.rings.iter().flatten()).any(|v| v.arc.is_some());
        if level.set.step_deg >= 360.0 && !curved {
            super::watch::sdp(level)
        } else {
            super::watch::search(level)
        }
    }
}
