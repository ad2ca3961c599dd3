//! `tessera solve`: fill a figure with a set of pieces, with the geometric solver (or, with
//! `--method sdp`, the rank-one SDP in [`super::sdp`]).

use super::args::{file_error, parse_args, parse_tolerance, vertex_json, USAGE};
use std::io::Write;
use std::path::Path;

#[derive(clap::Parser)]
#[command(about = "Fill a figure with a set of pieces (RON or JSON: target, pieces)", disable_version_flag = true)]
struct SolveArgs {
    /// Solve files: `target`, `pieces` (a set's name or rings), optional `rotation_step`,
    /// `tolerance`.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Tolerance as a fraction of the figure's size (default 2e-4; overrides the files').
    #[arg(long, value_name = "REL", value_parser = parse_tolerance)]
    tolerance: Option<f64>,
    /// --all: every solution up to identical pieces (at most --limit, default 1000).
    #[command(flatten)]
    counting: super::args::Counting,
    /// Pieces may be left over (no scaling then).
    #[arg(long)]
    fewer: bool,
    /// One JSON object per file.
    #[arg(long)]
    json: bool,
    /// geometric (default): the search that cuts pieces out of the figure; sdp: the rank-one
    /// SDP of the edge-matching paper (pieces that only translate; --limit counts its steps).
    #[arg(long, value_name = "METHOD", default_value = "geometric", value_parser = ["geometric", "sdp"])]
    method: String,
    /// The SDP's moment matrices' index set: auto (degree2, then degree3), degreeN, gridN,
    /// axesN.
    #[arg(long, value_name = "SET")]
    index: Option<String>,
}

/// `tessera solve FILE... [--all] [--limit N] [--timeout-ms N] [--json]`: exit 0 when every
/// file was processed (solved or not), 2 when any was malformed.
pub fn solve(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: SolveArgs = match parse_args("solve", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (json, all, fewer, files) = (a.json, a.counting.all, a.fewer, a.files);
    let timeout = super::args::time_limit(a.counting.timeout_ms);
    let limit = match a.counting.limit {
        Some(0) => {
            let _ = writeln!(err, "tessera solve: --limit takes a whole number of at least 1\n{USAGE}");
            return 2;
        }
        l => l.map(|n| n.min(1_000_000) as usize),
    };
    if files.is_empty() {
        let _ = writeln!(err, "tessera solve: no FILE given\n{USAGE}");
        return 2;
    }
    if a.method == "sdp" {
        return super::sdp::solve(&files, limit, a.index.as_deref(), timeout, json, out, err);
    }
    if a.index.is_some() {
        let _ = writeln!(err, "tessera solve: --index is for --method sdp\n{USAGE}");
        return 2;
    }
    let limit = limit.unwrap_or(if all { 1000 } else { 1 });
    let mut code = 0;
    for file in &files {
        let start = web_time::Instant::now();
        let budget = crate::support::budget::Budget::ms(timeout);
        let result = crate::format::load_solve(Path::new(file))
            .map(|f| crate::format::SolveFile { tolerance: a.tolerance.or(f.tolerance), ..f })
            .and_then(|f| solve_one(&f, limit, fewer, &budget));
        match result {
            Ok(solved) => report(file, solved, start.elapsed().as_secs_f64() * 1000.0, json, out),
            Err(problem) => {
                code = 2;
                file_error("solve", file, &problem, json, out, err);
            }
        }
    }
    code
}

/// One file's outcome, as a JSON line or a sentence with its repairs.
fn report(file: &str, solved: Solved, ms: f64, json: bool, out: &mut impl Write) {
    let Solved { outcome, set, scale, origin, repairs } = solved;
    let solutions: Vec<Vec<Vec<Vec<serde_json::Value>>>> = outcome
        .solutions
        .iter()
        .map(|sol| {
            sol.iter()
                .map(|p| {
                    let world = crate::geom::shifted(&outcome.world(&set, p), -origin);
                    world.iter().map(|r| r.iter().map(vertex_json).collect()).collect()
                })
                .collect()
        })
        .collect();
    if json {
        let used: Vec<Vec<usize>> = outcome.solutions.iter().map(|s| s.iter().map(|p| p.piece).collect()).collect();
        let mut line = serde_json::json!({
            "file": file, "solved": !solutions.is_empty(), "solutions": solutions,
            "nodes": outcome.nodes, "elapsed_ms": ms, "scale": scale, "complete": outcome.complete,
            "pieces_used": used, "repairs": repairs,
        });
        if let Some(why) = &outcome.incomplete_reason {
            line["incomplete_reason"] = why.clone().into();
        }
        let _ = writeln!(out, "{line}");
        return;
    }
    let verdict = match (solutions.len(), outcome.complete) {
        (0, true) => "no solution".to_string(),
        (0, false) => match &outcome.incomplete_reason {
            Some(why) => format!("no solution found, but no proof either: {why}"),
            None => "no solution found within the budget".to_string(),
        },
        (n, true) => format!("solved, {n} solution(s), no more exist"),
        (n, false) => format!("solved, {n} solution(s)"),
    };
    let _ = writeln!(out, "{file}: {verdict} ({} nodes, {ms:.1} ms, scale {scale})", outcome.nodes);
    for r in &repairs {
        let _ = writeln!(out, "  repaired: {r}");
    }
}

/// What `solve_one` found, with what the output needs: the pieces as solved (scaled, and
/// normalised), the scale, where the figure was moved from, and the repairs.
pub struct Solved {
    pub outcome: crate::solve::geometric::Outcome,
    pub set: crate::pieces::PieceSet,
    pub scale: f64,
    pub origin: crate::geom::Pt,
    pub repairs: Vec<String>,
}

/// Solves one file, scaling the pieces uniformly when the target's area differs from theirs.
/// The figure is moved near the origin (by whole numbers, exactly) and the solutions back.
pub fn solve_one(
    f: &crate::format::SolveFile,
    limit: usize,
    fewer: bool,
    budget: &crate::support::budget::Budget,
) -> Result<Solved, String> {
    let origin = crate::geom::origin_of(&f.target);
    let moved = crate::geom::shifted(&f.target, origin);
    let rel = f.tolerance.unwrap_or(crate::geom::Tol::REL);
    let target = crate::verify::Target::from_vertices_rel(&moved, origin, 0.0, rel).map_err(|e| e.to_string())?;
    let mut repairs = target.repairs.clone();
    let mut set = f.set.clone();
    for (k, p) in set.pieces.iter_mut().enumerate() {
        // Pieces are normalised on their own scale, in their own coordinates.
        let bb = crate::geom::BBox::of_rings(&p.rings);
        let tol = crate::geom::Tol::for_figure(bb.size(), bb.magnitude());
        let n = crate::verify::normalize::normalize(&p.rings, tol, &format!("piece {k}"), crate::geom::pt(0.0, 0.0))
            .map_err(|(ring, error)| format!("piece {k}, ring {ring}: {error}"))?;
        if n.rings.len() != 1 {
            return Err(format!(
                "piece {k}: the solver takes pieces with one outline and no holes; this one has {} rings{}",
                n.rings.len(),
                if n.repairs.is_empty() { String::new() } else { format!(" ({})", n.repairs.join("; ")) }
            ));
        }
        p.rings = vec![crate::verify::normalize::vertices(&n.rings[0])];
        repairs.extend(n.repairs);
    }
    let pieces_area: f64 = set.pieces.iter().map(crate::pieces::piece_area).sum();
    if !(pieces_area.is_finite() && pieces_area > 0.0) {
        return Err(format!("the pieces' total area is {pieces_area}, not a positive number"));
    }
    let scale = (target.area / pieces_area).sqrt();
    if !(scale.is_finite() && scale > 0.0) {
        return Err(format!(
            "the figure's area ({}) and the pieces' ({pieces_area}) give no usable scale",
            target.area
        ));
    }
    let scale = if fewer || (scale - 1.0).abs() < 1e-9 { 1.0 } else { scale };
    for p in &mut set.pieces {
        for v in p.rings.iter_mut().flatten() {
            v.at = v.at * scale;
            if let Some(a) = v.arc.as_mut() {
                a.center = a.center * scale;
            }
        }
    }
    let opts = crate::solve::geometric::Options {
        limit,
        budget: budget.clone(),
        fewer,
        tolerance: f.tolerance,
        no_mirror: f.allow_mirror == Some(false),
        ..Default::default()
    };
    let outcome = crate::solve::geometric::solve(&set, &moved, &opts)
        .ok_or("the solver cannot read this figure (its outline does not make simple rings)")?;
    repairs.extend(outcome.repairs.iter().cloned());
    Ok(Solved { outcome, set, scale, origin, repairs })
}
