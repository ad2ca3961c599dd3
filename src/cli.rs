//! Headless commands of the `tessera` binary. None of them opens a window (but
//! `screenshot --window`, which exists to test the game window).

use crate::format::{load_puzzle, PuzzleFile};
use std::io::Write;
use std::path::Path;

pub const USAGE: &str = "\
usage:
  tessera                          play (needs the default `game` feature)
  tessera verify FILE... [--json]  judge arrangements of pieces (RON or JSON puzzle files)
  tessera solve FILE... [--all] [--limit N] [--timeout-ms N] [--fewer] [--json]
                                   fill a figure with a set of pieces (RON or JSON: target, pieces);
                                   --fewer: pieces may be left over (no scaling then)
  tessera solve FILE... --method sdp [--index SET] [--limit STEPS] [--timeout-ms N] [--json]
                                   the rank-one SDP (pieces that only translate: rotation_step 360)
  tessera levels [--json]          list level packs (embedded and user) and load errors
  tessera check-levels [DIR] [--json]
                                   check every level (of DIR's packs, or embedded + user): it parses,
                                   its reference solution verifies, and a solver solves it (the geometric
                                   solver for tangram levels, the packer for polyomino levels, the exact
                                   solver for edge-matching levels, which also proves promised uniqueness)
  tessera screenshot --level PACK/ID --size WxH --out FILE [--state start|progress|hint|solved|menu|levels|settings] [--window]
                                   render one frame of the game to a PNG (off-screen; --window: in a window)
  tessera help                     this text (every command also answers --help)";

/// Runs a headless command; returns the process exit code. `None` means no command was
/// given, or a command this layer does not know (`screenshot`, which the game layer runs):
/// the caller decides.
pub fn run(args: &[String]) -> Option<i32> {
    let (cmd, rest) = args.split_first()?;
    let (out, err) = (&mut std::io::stdout().lock(), &mut std::io::stderr().lock());
    Some(match cmd.as_str() {
        "verify" => verify(rest, out, err),
        "levels" => levels(rest, out, err),
        "solve" => solve(rest, out, err),
        "check-levels" => check_levels(rest, out, err),
        "parts" => crate::cli_poly::parts(rest, out, err),
        "pack" => crate::cli_poly::pack(rest, out, err),
        "show" => crate::cli_poly::show(rest, out, err),
        "edge" => crate::cli_edge::run(rest, out, err),
        "share" => crate::cli_share::run(rest, out, err),
        "daily" => crate::cli_daily::run(rest, out, err),
        "import" => crate::cli_import::run(rest, out, err),
        "analyse" | "analyze" => crate::cli_analyse::run(rest, out, err),
        "screenshot" => return None,
        "help" | "--help" | "-h" => {
            let _ = writeln!(out, "{}", full_usage());
            0
        }
        "--version" | "-V" | "version" => {
            let _ = writeln!(out, "tessera {}", env!("CARGO_PKG_VERSION"));
            0
        }
        other => {
            let _ = writeln!(err, "tessera: unknown command `{other}`\n{}", full_usage());
            2
        }
    })
}

/// Every command's usage.
pub fn full_usage() -> String {
    format!(
        "{USAGE}\n{}\n{}\n{}\n{}\n{}\n{}\n  tessera --version                print the version",
        crate::cli_poly::USAGE,
        crate::cli_edge::USAGE,
        crate::cli_share::USAGE,
        crate::cli_daily::USAGE,
        crate::cli_import::USAGE,
        crate::cli_analyse::USAGE
    )
}

/// Parses one command's arguments with clap. `Ok(None)`: help was asked for and printed to
/// `out`. `Err`: what is wrong, in the project's words.
pub(crate) fn try_parse_args<T: clap::Parser>(
    name: &str,
    args: &[String],
    out: &mut impl Write,
) -> Result<Option<T>, String> {
    let argv = std::iter::once(format!("tessera {name}")).chain(args.iter().cloned());
    match T::try_parse_from(argv) {
        Ok(t) => Ok(Some(t)),
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            let _ = write!(out, "{}", e.render());
            Ok(None)
        }
        Err(e) => Err(describe_clap_error(&e)),
    }
}

/// As [`try_parse_args`], answering with the exit code when there is nothing to run: 0 after
/// help, 2 after a mistake (the reason and `usage` went to `err`).
pub(crate) fn parse_args<T: clap::Parser>(
    name: &str,
    args: &[String],
    usage: &str,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<T, i32> {
    match try_parse_args(name, args, out) {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(0),
        Err(problem) => {
            let _ = writeln!(err, "tessera {name}: {problem}\n{usage}");
            Err(2)
        }
    }
}

/// A clap error in the project's words: `unknown option `--x`` for an unknown option, else
/// clap's own first line.
fn describe_clap_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::UnknownArgument {
        if let Some(ContextValue::String(a)) = e.get(ContextKind::InvalidArg) {
            return if a.starts_with('-') {
                format!("unknown option `{a}`")
            } else {
                format!("unexpected argument `{a}`")
            };
        }
    }
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or("invalid arguments");
    first.trim_start_matches("error: ").to_string()
}

#[derive(clap::Parser)]
#[command(about = "Judge arrangements of pieces (RON or JSON puzzle files)", disable_version_flag = true)]
struct VerifyArgs {
    /// Puzzle files: `target`, `pieces`, `mode`, optional `allow_mirror`, `tolerance`.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Tolerance as a fraction of the figure's size (default 2e-4; overrides the files').
    #[arg(long, value_name = "REL", value_parser = parse_tolerance)]
    tolerance: Option<f64>,
    /// One JSON object per file.
    #[arg(long)]
    json: bool,
}

/// `--tolerance`: a number in [`crate::geom::Tol::REL_RANGE`].
fn parse_tolerance(s: &str) -> Result<f64, String> {
    let x: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    crate::geom::Tol::check_rel(x)
}

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
    /// Every solution up to identical pieces (at most --limit, default 1000).
    #[arg(long)]
    all: bool,
    /// Most solutions (at least 1).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Stop the search after N milliseconds.
    #[arg(long, value_name = "N")]
    timeout_ms: Option<u64>,
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

#[derive(clap::Parser)]
#[command(about = "List level packs (embedded and user) and load errors", disable_version_flag = true)]
struct LevelsArgs {
    #[arg(long)]
    json: bool,
}

#[derive(clap::Parser)]
#[command(
    about = "Check every level: it parses, its reference solution verifies, and a solver solves it",
    disable_version_flag = true
)]
struct CheckLevelsArgs {
    /// A folder of packs (default: the embedded and user packs).
    #[arg(value_name = "DIR")]
    dirs: Vec<String>,
    #[arg(long)]
    json: bool,
}

/// `tessera verify FILE... [--json]`: exit 0 when every file was judged, 2 when any file was
/// malformed (the others are still judged).
pub fn verify(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: VerifyArgs = match parse_args("verify", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let json = a.json;
    let files = a.files;
    if files.is_empty() {
        let _ = writeln!(err, "tessera verify: no FILE given\n{USAGE}");
        return 2;
    }
    let mut code = 0;
    for file in &files {
        let judged = load_puzzle(Path::new(file))
            .map(|p| PuzzleFile { tolerance: a.tolerance.or(p.tolerance), ..p })
            .and_then(|p| p.build_repaired().map_err(|e| e.to_string()))
            .map(|(puzzle, pieces, repairs)| (puzzle.judge(&pieces), repairs));
        match judged {
            Ok((v, repairs)) => {
                let line = if json {
                    serde_json::json!({
                        "file": file,
                        "solved": v.solved,
                        "progress": v.progress,
                        "overlap": v.overlap,
                        "holes": v.holes,
                        "contours": v.contours,
                        "mirrored": v.mirrored,
                        "repairs": repairs,
                    })
                    .to_string()
                } else {
                    format!(
                        "{file}: {} (progress {:.0}%{}{}, {} contour(s), {} hole(s))",
                        if v.solved { "solved" } else { "not solved" },
                        v.progress * 100.0,
                        if v.overlap { ", pieces overlap" } else { "" },
                        if v.mirrored { ", mirrored" } else { "" },
                        v.contours,
                        v.holes
                    )
                };
                let _ = writeln!(out, "{line}");
                if !json {
                    for r in &repairs {
                        let _ = writeln!(out, "  repaired: {r}");
                    }
                }
            }
            Err(problem) => {
                code = 2;
                file_error("verify", file, &problem, json, out, err);
            }
        }
    }
    code
}

/// Reports a file that could not be read or built: on stderr, and as a JSON line with `file`
/// and `error` when JSON output was asked for (so the output keeps one line per file).
pub fn file_error(cmd: &str, file: &str, problem: &str, json: bool, out: &mut impl Write, err: &mut impl Write) {
    let _ = writeln!(err, "tessera {cmd}: {file}: {problem}");
    if json {
        let _ = writeln!(out, "{}", serde_json::json!({ "file": file, "error": problem }));
    }
}

/// `tessera levels [--json]`: exit 0, or 1 when some pack failed to load (listed too).
pub fn levels(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let json = match parse_args::<LevelsArgs>("levels", args, USAGE, out, err) {
        Ok(a) => a.json,
        Err(code) => return code,
    };
    let (packs, errors) = crate::level::all_packs();
    if json {
        let levels: Vec<_> = packs
            .iter()
            .flat_map(|p| {
                p.levels.iter().map(move |l| {
                    serde_json::json!({"pack": p.id, "id": l.id, "name": l.name, "family": l.family.name(), "difficulty": l.difficulty})
                })
            })
            .collect();
        let pack_list: Vec<_> = packs
            .iter()
            .map(|p| serde_json::json!({"id": p.id, "name": p.name, "author": p.author, "version": p.version, "file": p.file, "levels": p.levels.len()}))
            .collect();
        let errs: Vec<_> =
            errors.iter().map(|e| serde_json::json!({"file": e.file, "line": e.line, "message": e.message})).collect();
        let _ = writeln!(out, "{}", serde_json::json!({"packs": pack_list, "levels": levels, "errors": errs}));
    } else {
        for p in &packs {
            let _ = writeln!(
                out,
                "{} — {} by {} (v{}, {} levels, {})",
                p.id,
                p.name,
                p.author,
                p.version,
                p.levels.len(),
                p.file
            );
            for l in &p.levels {
                let _ = writeln!(
                    out,
                    "  {}/{:<24} {:<28} {:<8} difficulty {}",
                    p.id,
                    l.id,
                    l.name,
                    l.family.name(),
                    l.difficulty
                );
            }
        }
        for e in &errors {
            let _ = writeln!(err, "tessera levels: {e}");
        }
    }
    if errors.is_empty() {
        0
    } else {
        1
    }
}

/// `tessera check-levels [DIR] [--json]`: exit 0 when every level passes, 1 otherwise.
pub fn check_levels(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: CheckLevelsArgs = match parse_args("check-levels", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (json, dirs) = (a.json, a.dirs);
    if dirs.len() > 1 {
        let _ = writeln!(err, "tessera check-levels: takes one DIR and --json\n{USAGE}");
        return 2;
    }
    let (packs, errors) = match dirs.first() {
        Some(d) => {
            let dir = Path::new(d.as_str());
            if !dir.is_dir() {
                let _ = writeln!(err, "tessera check-levels: {d} is not a directory");
                return 2;
            }
            crate::level::load_dir(dir)
        }
        None => crate::level::all_packs(),
    };
    let mut failed = errors.len();
    for e in &errors {
        if json {
            let _ = writeln!(out, "{}", serde_json::json!({"file": e.file, "line": e.line, "error": e.message}));
        } else {
            let _ = writeln!(out, "FAIL {e}");
        }
    }
    let mut levels = 0;
    for pack in &packs {
        for level in &pack.levels {
            levels += 1;
            let t0 = std::time::Instant::now();
            let verified = level.check_solution();
            let solved = level.prove();
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            let problem = verified.as_ref().err().or(solved.as_ref().err()).cloned();
            if problem.is_some() {
                failed += 1;
            }
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::json!({"pack": pack.id, "id": level.id, "file": pack.file, "line": level.line,
                        "solution_verifies": verified.is_ok(), "solver_solves": solved.is_ok(),
                        "elapsed_ms": ms, "error": problem})
                );
            } else if let Some(p) = problem {
                let _ = writeln!(out, "FAIL {}:{}: {}/{}: {p}", pack.file, level.line, pack.id, level.id);
            }
        }
    }
    if !json {
        let _ = writeln!(out, "check-levels: {} levels in {} packs, {} failed", levels, packs.len(), failed);
    }
    i32::from(failed > 0)
}

/// `tessera solve FILE... [--all] [--limit N] [--timeout-ms N] [--json]`: exit 0 when every
/// file was processed (solved or not), 2 when any was malformed.
pub fn solve(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: SolveArgs = match parse_args("solve", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (json, all, fewer, timeout, files) = (a.json, a.all, a.fewer, a.timeout_ms, a.files);
    let limit = match a.limit {
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
        return crate::cli_sdp::solve(&files, limit, a.index.as_deref(), timeout, json, out, err);
    }
    if a.index.is_some() {
        let _ = writeln!(err, "tessera solve: --index is for --method sdp\n{USAGE}");
        return 2;
    }
    let limit = limit.unwrap_or(if all { 1000 } else { 1 });
    let mut code = 0;
    for file in &files {
        let start = std::time::Instant::now();
        let deadline = timeout.map(|ms| start + std::time::Duration::from_millis(ms));
        let result = crate::format::load_solve(Path::new(file))
            .map(|f| crate::format::SolveFile { tolerance: a.tolerance.or(f.tolerance), ..f })
            .and_then(|f| solve_one(&f, limit, fewer, deadline, 0));
        match result {
            Ok(solved) => {
                let Solved { outcome, set, scale, origin, repairs } = solved;
                let ms = start.elapsed().as_secs_f64() * 1000.0;
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
                    let used: Vec<Vec<usize>> =
                        outcome.solutions.iter().map(|s| s.iter().map(|p| p.piece).collect()).collect();
                    let mut line = serde_json::json!({
                        "file": file, "solved": !solutions.is_empty(), "solutions": solutions,
                        "nodes": outcome.nodes, "elapsed_ms": ms, "scale": scale, "complete": outcome.complete,
                        "pieces_used": used, "repairs": repairs,
                    });
                    if let Some(why) = &outcome.incomplete_reason {
                        line["incomplete_reason"] = why.clone().into();
                    }
                    let _ = writeln!(out, "{line}");
                } else {
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
            }
            Err(problem) => {
                code = 2;
                file_error("solve", file, &problem, json, out, err);
            }
        }
    }
    code
}

/// A vertex as JSON: `[x, y]`, or `{"at": [x, y], "arc": {...}}` for an arc's start, as the
/// input format writes it (`-0` printed as `0`).
pub fn vertex_json(v: &crate::geom::Vertex) -> serde_json::Value {
    let n = |x: f64| if x == 0.0 { 0.0 } else { x };
    let at = serde_json::json!([n(v.at.x), n(v.at.y)]);
    match v.arc {
        None => at,
        Some(a) => serde_json::json!({"at": at, "arc": {"center": [n(a.center.x), n(a.center.y)], "ccw": a.ccw}}),
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
/// `max_nodes` 0: no node budget.
pub fn solve_one(
    f: &crate::format::SolveFile,
    limit: usize,
    fewer: bool,
    deadline: Option<std::time::Instant>,
    max_nodes: u64,
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
        let n = crate::normalize::normalize(&p.rings, tol, &format!("piece {k}"), crate::geom::pt(0.0, 0.0))
            .map_err(|(ring, error)| format!("piece {k}, ring {ring}: {error}"))?;
        if n.rings.len() != 1 {
            return Err(format!(
                "piece {k}: the solver takes pieces with one outline and no holes; this one has {} rings{}",
                n.rings.len(),
                if n.repairs.is_empty() { String::new() } else { format!(" ({})", n.repairs.join("; ")) }
            ));
        }
        p.rings = vec![crate::normalize::vertices(&n.rings[0])];
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
        max_nodes,
        deadline,
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
