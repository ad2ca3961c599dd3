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
                        [--seed S] [--timeout-ms N] [--out FILE]
                                   make a puzzle (text, or RON when FILE ends in .ron); gives up
                                   after --timeout-ms (default 60000; 0: no limit)";

/// A failed command: a usage mistake (answered with the usage text) or a problem with a file.
struct Failure {
    usage: bool,
    file: Option<String>,
    message: String,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { usage: true, file: None, message }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}

fn file_failure(file: &str, message: String) -> Failure {
    Failure { usage: false, file: Some(file.to_string()), message }
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("solve") => solve_cmd(&args[1..], out),
        Some("generate") => generate_cmd(&args[1..], out, err),
        _ => Err(Failure::from("expected `edge solve` or `edge generate`")),
    };
    match result {
        Ok(code) => code,
        Err(f) => {
            let place = f.file.as_deref().map(|x| format!("{x}: ")).unwrap_or_default();
            if f.usage {
                let _ = writeln!(err, "tessera edge: {}\nusage:\n{USAGE}", f.message);
            } else {
                let _ = writeln!(err, "tessera edge: {place}{}", f.message);
            }
            // With --json, errors are JSON too (one line, like `verify`).
            if args.iter().any(|a| a == "--json") {
                let _ = writeln!(out, "{}", serde_json::json!({ "file": f.file, "error": f.message }));
            }
            2
        }
    }
}

fn number<'a>(it: &mut impl Iterator<Item = &'a String>, name: &str) -> Result<u64, String> {
    let v = it.next().ok_or_else(|| format!("{name} needs a number"))?;
    v.parse().map_err(|_| format!("{name}: `{v}` is not a whole number"))
}

/// A number option that must lie in `lo..=hi`.
fn number_in<'a>(it: &mut impl Iterator<Item = &'a String>, name: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let n = number(it, name)?;
    if n < lo || n > hi {
        return Err(format!("{name} is {n}: it must be from {lo} to {hi}"));
    }
    Ok(n)
}

fn placement_json(p: &Placement) -> serde_json::Value {
    serde_json::json!(p.iter().map(|&(t, r)| serde_json::json!({"tile": t, "rot": r})).collect::<Vec<_>>())
}

/// Largest board the LP method takes (cells): its programs grow with the square of the cell
/// count, and one program cannot be interrupted.
pub const LP_MAX_CELLS: usize = 144;

fn solve_cmd(args: &[String], out: &mut impl Write) -> Result<i32, Failure> {
    let (mut file, mut method, mut all, mut limit, mut timeout, mut json, mut rotate) = (None, "exact".to_string(), false, None, None, false, false);
    let mut basis = lp::Basis::Point;
    let mut turns = lp::Turns::Direct;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--method" => method = it.next().ok_or("--method needs exact or lp")?.clone(),
            "--all" => all = true,
            "--limit" => limit = Some(number_in(&mut it, "--limit", 1, u64::MAX)?),
            "--timeout-ms" => timeout = Some(number(&mut it, "--timeout-ms")?),
            "--json" => json = true,
            "--rotate" => rotate = true,
            "--basis" => {
                basis = match it.next().map(String::as_str) {
                    Some("point") => lp::Basis::Point,
                    Some("exponential") => lp::Basis::Exponential,
                    other => return Err(format!("--basis is point or exponential, not `{}`", other.unwrap_or("")).into()),
                }
            }
            "--turns" => {
                turns = match it.next().map(String::as_str) {
                    Some("direct") => lp::Turns::Direct,
                    Some("duplicate") => lp::Turns::Duplicate,
                    other => return Err(format!("--turns is direct or duplicate, not `{}`", other.unwrap_or("")).into()),
                }
            }
            f if !f.starts_with("--") && file.is_none() => file = Some(f.to_string()),
            other => return Err(format!("unknown option `{other}`").into()),
        }
    }
    let file = file.ok_or("no FILE given")?;
    let puzzle: Puzzle = load(std::path::Path::new(&file), rotate).map_err(|e| file_failure(&file, e))?;
    let t0 = std::time::Instant::now();
    match method.as_str() {
        "exact" => {
            let limit = limit.unwrap_or(if all { 1_000_000 } else { 1 });
            let opts = exact::Options { limit, deadline: timeout.map(|ms| t0 + std::time::Duration::from_millis(ms)), ..Default::default() };
            let res = exact::solve(&puzzle, &opts).map_err(|e| file_failure(&file, e))?;
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
            if puzzle.cells() > LP_MAX_CELLS {
                return Err(file_failure(&file, format!("the LP method takes boards of at most {LP_MAX_CELLS} cells; this one has {}", puzzle.cells())));
            }
            let iterations = limit.unwrap_or(50).min(10_000) as usize;
            let copy = puzzle.clone();
            let res = run_with_timeout(timeout, move || lp::solve(&copy, iterations, basis, turns))
                .ok_or_else(|| file_failure(&file, format!("the LP method did not finish within {} ms", timeout.unwrap_or(0))))?
                .map_err(|e| file_failure(&file, e))?;
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
        other => return Err(format!("--method is exact or lp, not `{other}`").into()),
    }
    Ok(0)
}

/// Runs `f` on its own thread and waits at most `timeout_ms` (no limit when `None`); `None`
/// when it did not finish in time (the thread is left to end with the process). For solvers
/// that cannot be interrupted inside one step.
fn run_with_timeout<T: Send + 'static>(timeout_ms: Option<u64>, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let Some(ms) = timeout_ms else { return Some(f()) };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_millis(ms)).ok()
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

/// Most colours `edge generate` takes (inner or frame).
pub const MAX_COLORS: u64 = 1000;

fn generate_cmd(args: &[String], out: &mut impl Write, err: &mut impl Write) -> Result<i32, Failure> {
    let mut spec = generate::Spec { cols: 0, rows: 0, colors: 0, frame_colors: None, rotate: false, unique: false, seed: 1, max_nodes: 50_000_000 };
    let mut file = None;
    let mut timeout = Some(generate::DEFAULT_TIMEOUT_MS);
    let side = crate::edge::MAX_SIDE as u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cols" => spec.cols = number_in(&mut it, "--cols", 1, side)? as usize,
            "--rows" => spec.rows = number_in(&mut it, "--rows", 1, side)? as usize,
            "--colors" => spec.colors = number_in(&mut it, "--colors", 1, MAX_COLORS)? as u16,
            "--frame-colors" => spec.frame_colors = Some(number_in(&mut it, "--frame-colors", 1, MAX_COLORS)? as u16),
            "--rotate" => spec.rotate = true,
            "--unique" => spec.unique = true,
            "--seed" => spec.seed = number(&mut it, "--seed")?,
            "--timeout-ms" => timeout = Some(number(&mut it, "--timeout-ms")?).filter(|&ms| ms > 0),
            "--out" => file = Some(it.next().ok_or("--out needs a file")?.clone()),
            "--json" => {}
            other => return Err(format!("unknown option `{other}`").into()),
        }
    }
    if spec.cols == 0 || spec.rows == 0 || spec.colors == 0 {
        return Err("--cols, --rows and --colors are required".into());
    }
    let deadline = timeout.map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms));
    let g = generate::generate_until(&spec, deadline)?;
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
