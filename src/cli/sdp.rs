//! `tessera solve FILE... --method sdp`: the rank-one SDP ([`crate::solve::sdp`]) on solve
//! files whose pieces only translate.

use crate::algebra::IndexSet;
use crate::solve::sdp::{Dissection, Options, AUTO, AUTO_TURNING};
use std::io::Write;
use std::path::Path;
use web_time::Instant;

/// Solves each file; exit 0 when every file was processed (solved or not), 2 when any was
/// malformed or unsupported.
pub fn solve(
    files: &[String],
    limit: Option<usize>,
    index: Option<&str>,
    timeout_ms: Option<u64>,
    json: bool,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    let indexes: Vec<IndexSet> = match index.unwrap_or("auto") {
        "auto" => AUTO.to_vec(),
        name => match IndexSet::parse(name) {
            Ok(i) => vec![i],
            Err(e) => {
                let _ = writeln!(err, "tessera solve: --index: {e}");
                return 2;
            }
        },
    };
    let mut code = 0;
    for file in files {
        let start = Instant::now();
        let opts = Options {
            limit: limit.unwrap_or(Options::default().limit).min(1000),
            budget: crate::support::budget::Budget::ms(timeout_ms),
            ..Options::default()
        };
        let problem = load(file);
        let (d, turns, origin) = match problem {
            Ok(p) => p,
            Err(problem) => {
                code = 2;
                super::args::file_error("solve", file, &problem, json, out, err);
                continue;
            }
        };
        let indexes = match (index, turns) {
            (None | Some("auto"), 4) => AUTO_TURNING.to_vec(),
            _ => indexes.clone(),
        };
        let found = match d.solve(&opts, &indexes) {
            Ok(found) => found,
            Err(problem) => {
                code = 2;
                super::args::file_error("solve", file, &problem, json, out, err);
                continue;
            }
        };
        report(file, &d, origin, &found, start.elapsed().as_secs_f64() * 1000.0, json, out);
    }
    code
}

/// A solve file as the SDP takes it: the dissection, its pieces' turns (1 or 4) and where its
/// figure was moved from.
fn load(file: &str) -> Result<(Dissection, usize, crate::geom::Pt), String> {
    let f = crate::format::load_solve(Path::new(file))?;
    let turns = match f.set.step_deg {
        360.0 => 1,
        90.0 => 4,
        step => {
            return Err(format!(
                "the SDP method places pieces that translate (`rotation_step: 360`) or turn by quarter turns (`rotation_step: 90`); this file turns them by {step} degrees"
            ))
        }
    };
    if f.allow_mirror == Some(true) {
        return Err("the SDP method does not mirror pieces: give `allow_mirror: false`".into());
    }
    let pieces: Vec<_> = f.set.pieces.iter().map(|p| p.rings.clone()).collect();
    // The figure as the other methods take it: moved near the origin by whole numbers
    // (f64 keeps the programs' digits there) and refused where they refuse it (too far
    // for its size, too small to have corners apart).
    let origin = crate::geom::origin_of(&f.target);
    let moved = crate::geom::shifted(&f.target, origin);
    let rel = f.tolerance.unwrap_or(crate::geom::Tol::REL);
    crate::verify::Target::from_vertices_rel(&moved, origin, 0.0, rel).map_err(|e| e.to_string())?;
    Ok((Dissection::new(&moved, &pieces, turns)?, turns, origin))
}

/// One file's outcome, as a JSON line or a sentence.
fn report(
    file: &str,
    d: &Dissection,
    origin: crate::geom::Pt,
    found: &crate::solve::sdp::DissectionOutcome,
    ms: f64,
    json: bool,
    out: &mut impl Write,
) {
    let last = &found.runs.last().expect("at least one index set").1;
    let iterations: usize = found.runs.iter().map(|(_, r)| r.iterations).sum();
    let solutions: Vec<Vec<Vec<Vec<serde_json::Value>>>> = found
        .placed
        .iter()
        .map(|placed| {
            placed
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let ring = crate::geom::shifted(&[d.ring(i, p)], -origin).remove(0);
                    vec![ring.iter().map(super::args::vertex_json).collect()]
                })
                .collect()
        })
        .collect();
    let solved = found.placed.is_some();
    if json {
        let runs: Vec<serde_json::Value> = found
            .runs
            .iter()
            .map(|(i, r)| {
                serde_json::json!({"index_set": i.name(), "iterations": r.iterations, "objectives": r.objectives,
                    "rank_residual": r.rank_residual, "converged": r.converged, "sizes": r.sizes,
                    "sdp_ms": r.sdp_ms, "stopped": r.stopped})
            })
            .collect();
        let objectives: Vec<f64> = found.runs.iter().flat_map(|(_, r)| r.objectives.iter().copied()).collect();
        let line = serde_json::json!({
            "file": file, "method": "sdp", "solved": solved, "iterations": iterations,
            "objectives": objectives, "rank_residual": last.rank_residual, "sizes": last.sizes,
            "index_set": found.runs.last().map(|(i, _)| i.name()), "runs": runs,
            "solutions": solutions, "elapsed_ms": ms, "quarter_turns": found.placed.as_ref().map(|p| p.iter().map(|q| q.quarter_turns).collect::<Vec<_>>()),
            "turn_sets_tried": found.turn_sets_tried, "restarts": found.restarts, "turns_changed": found.turns_changed, "stopped": if solved { None } else { last.stopped.clone() },
        });
        let _ = writeln!(out, "{line}");
    } else {
        let steps: Vec<String> =
            found.runs.iter().map(|(i, r)| format!("{} {} steps", i.name(), r.iterations)).collect();
        let verdict = verdict(solved, last.stopped.as_deref());
        let _ = writeln!(
            out,
            "{file}: {verdict} ({}; rank residual {:.1e}; {ms:.1} ms)",
            steps.join(", then "),
            last.rank_residual
        );
    }
}

/// The rank-one SDP's outcome in words: solved, or why not.
pub(super) fn verdict(solved: bool, stopped: Option<&str>) -> String {
    if solved {
        "solved".to_string()
    } else {
        format!("not solved: {}", stopped.unwrap_or("the step limit came first"))
    }
}
