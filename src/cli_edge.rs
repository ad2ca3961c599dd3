//! `tessera edge solve` and `tessera edge generate` (see [`crate::edge`]).

use crate::edge::{exact, generate, load, lp, Placement, Puzzle};
use std::io::Write;

pub const USAGE: &str = "\
  tessera edge solve FILE [--method exact|lp] [--all] [--limit N] [--timeout-ms N] [--rotate]
                        [--basis point|exponential] [--turns direct|duplicate] [--json]
                                   solve an edge-matching puzzle: RON, or text (`cols rows`, then
                                   `north east south west` per tile; --rotate: its tiles turn);
                                   lp: the paper's Algorithm 1 (--limit: linear programs, default 50)
  tessera edge generate --cols C --rows R --colors K [--frame-colors F] [--rotate] [--unique]
                        [--seed S] [--out FILE]
                                   make a puzzle (text, or RON when FILE ends in .ron)";

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("solve") => solve_cmd(&args[1..], out),
        Some("generate") => generate_cmd(&args[1..], out, err),
        _ => Err("expected `edge solve` or `edge generate`".to_string()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "tessera edge: {e}\nusage:\n{USAGE}");
            2
        }
    }
}

fn number<'a>(it: &mut impl Iterator<Item = &'a String>, name: &str) -> Result<u64, String> {
    let v = it.next().ok_or_else(|| format!("{name} needs a number"))?;
    v.parse().map_err(|_| format!("{name}: `{v}` is not a whole number"))
}

fn placement_json(p: &Placement) -> serde_json::Value {
    serde_json::json!(p.iter().map(|&(t, r)| serde_json::json!({"tile": t, "rot": r})).collect::<Vec<_>>())
}

fn solve_cmd(args: &[String], out: &mut impl Write) -> Result<i32, String> {
    let (mut file, mut method, mut all, mut limit, mut timeout, mut json, mut rotate) = (None, "exact".to_string(), false, None, None, false, false);
    let mut basis = lp::Basis::Point;
    let mut turns = lp::Turns::Direct;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--method" => method = it.next().ok_or("--method needs exact or lp")?.clone(),
            "--all" => all = true,
            "--limit" => limit = Some(number(&mut it, "--limit")?.max(1)),
            "--timeout-ms" => timeout = Some(number(&mut it, "--timeout-ms")?),
            "--json" => json = true,
            "--rotate" => rotate = true,
            "--basis" => {
                basis = match it.next().map(String::as_str) {
                    Some("point") => lp::Basis::Point,
                    Some("exponential") => lp::Basis::Exponential,
                    other => return Err(format!("--basis is point or exponential, not {other:?}")),
                }
            }
            "--turns" => {
                turns = match it.next().map(String::as_str) {
                    Some("direct") => lp::Turns::Direct,
                    Some("duplicate") => lp::Turns::Duplicate,
                    other => return Err(format!("--turns is direct or duplicate, not {other:?}")),
                }
            }
            f if !f.starts_with("--") && file.is_none() => file = Some(f.to_string()),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    let file = file.ok_or("no FILE given")?;
    let puzzle: Puzzle = load(std::path::Path::new(&file), rotate).map_err(|e| format!("{file}: {e}"))?;
    let t0 = std::time::Instant::now();
    match method.as_str() {
        "exact" => {
            let limit = limit.unwrap_or(if all { 1_000_000 } else { 1 });
            let opts = exact::Options { limit, deadline: timeout.map(|ms| t0 + std::time::Duration::from_millis(ms)), ..Default::default() };
            let res = exact::solve(&puzzle, &opts).map_err(|e| format!("{file}: {e}"))?;
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            if json {
                let v = serde_json::json!({
                    "file": file, "method": "exact", "solved": res.first.is_some(), "solutions": res.solutions,
                    "placement": res.first.as_ref().map(placement_json), "nodes": res.nodes, "elapsed_ms": ms,
                    "complete": res.complete,
                });
                let _ = writeln!(out, "{v}");
            } else {
                let verdict = match (res.solutions, res.complete) {
                    (0, true) => "no solution".to_string(),
                    (0, false) => "no solution found within the budget".to_string(),
                    (k, true) => format!("{k} solution(s)"),
                    (k, false) => format!("{k} solution(s) (search stopped early)"),
                };
                let _ = writeln!(out, "{file}: {verdict} ({} nodes, {ms:.1} ms)", res.nodes);
                if let Some(p) = &res.first {
                    print_grid(out, &puzzle, p);
                }
            }
        }
        "lp" => {
            let res = lp::solve(&puzzle, limit.unwrap_or(50) as usize, basis, turns).map_err(|e| format!("{file}: {e}"))?;
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            if json {
                let v = serde_json::json!({
                    "file": file, "method": "lp", "solved": res.solved, "solutions": u64::from(res.solved),
                    "placement": res.placement.as_ref().map(placement_json), "nodes": 0, "elapsed_ms": ms,
                    "iterations": res.iterations, "permutation": res.permutation, "variables": res.variables,
                    "equations": res.equations, "basis": format!("{basis:?}").to_lowercase(), "turns": format!("{turns:?}").to_lowercase(),
                });
                let _ = writeln!(out, "{v}");
            } else {
                let verdict = match (res.solved, res.permutation) {
                    (true, _) => "solved",
                    (false, true) => "a permutation that does not solve the puzzle",
                    _ => "no permutation reached",
                };
                let _ = writeln!(
                    out,
                    "{file}: {verdict} after {} linear program(s) ({} variables, {} equations, {ms:.1} ms)",
                    res.iterations, res.variables, res.equations
                );
                if let (true, Some(p)) = (res.solved, &res.placement) {
                    print_grid(out, &puzzle, p);
                }
            }
        }
        other => return Err(format!("--method is exact or lp, not `{other}`")),
    }
    Ok(0)
}

fn print_grid(out: &mut impl Write, p: &Puzzle, placement: &Placement) {
    for row in placement.chunks(p.cols) {
        let line: Vec<String> = row.iter().map(|&(t, r)| format!("{t:>3}{}", ["", "'", "\"", "*"][r as usize % 4])).collect();
        let _ = writeln!(out, "{}", line.join(" "));
    }
}

/// The text format.
pub fn to_text(p: &Puzzle) -> String {
    let mut s = format!("{} {}\n", p.cols, p.rows);
    for t in &p.tiles {
        s.push_str(&format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]));
    }
    s
}

/// The RON format.
pub fn to_ron(p: &Puzzle) -> String {
    let raw = crate::edge::RawPuzzle {
        cols: p.cols,
        rows: p.rows,
        rotate: p.rotate,
        tiles: p.tiles.iter().map(|t| (t[0] as i64, t[1] as i64, t[2] as i64, t[3] as i64)).collect(),
        clues: p.clues.clone(),
    };
    ron::ser::to_string_pretty(&raw, ron::ser::PrettyConfig::default().compact_arrays(true)).unwrap_or_default()
}

fn generate_cmd(args: &[String], out: &mut impl Write, err: &mut impl Write) -> Result<i32, String> {
    let mut spec = generate::Spec { cols: 0, rows: 0, colors: 0, frame_colors: None, rotate: false, unique: false, seed: 1, max_nodes: 50_000_000 };
    let mut file = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cols" => spec.cols = number(&mut it, "--cols")?.min(1000) as usize,
            "--rows" => spec.rows = number(&mut it, "--rows")?.min(1000) as usize,
            "--colors" => spec.colors = number(&mut it, "--colors")?.min(1000) as u16,
            "--frame-colors" => spec.frame_colors = Some(number(&mut it, "--frame-colors")?.min(1000) as u16),
            "--rotate" => spec.rotate = true,
            "--unique" => spec.unique = true,
            "--seed" => spec.seed = number(&mut it, "--seed")?,
            "--out" => file = Some(it.next().ok_or("--out needs a file")?.clone()),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    if spec.cols == 0 || spec.rows == 0 || spec.colors == 0 {
        return Err("--cols, --rows and --colors are required".into());
    }
    let g = generate::generate(&spec)?;
    let text = match &file {
        Some(f) if f.ends_with(".ron") => to_ron(&g.puzzle),
        _ => to_text(&g.puzzle),
    };
    match &file {
        Some(f) => std::fs::write(f, &text).map_err(|e| format!("cannot write {f}: {e}"))?,
        None => {
            let _ = write!(out, "{text}");
        }
    }
    let _ = writeln!(
        err,
        "{} x {}{}: {} frame + {} inner colours (expected solutions about 10^{:.1}); {} solver nodes to the first solution{}",
        g.puzzle.cols,
        g.puzzle.rows,
        if g.puzzle.rotate { ", turning tiles" } else { "" },
        g.frame_colors,
        spec.colors,
        g.log10_expected,
        g.nodes,
        if spec.unique { format!("; unique (after {} attempt(s))", g.attempts) } else { String::new() }
    );
    Ok(0)
}
