//! `tessera edge solve`, `tessera edge best` and `tessera edge generate` (see [`crate::tiles`]).

use crate::tiles::{exact, generate, lp, portfolio, sat, Order, Placement, Puzzle};
use std::io::Write;

pub const USAGE: &str = "\
  tessera edge solve FILE [--level ID] [--method auto|exact|sat|lp|sdp] [--all] [--limit N]
                        [--timeout-ms N] [--rotate] [--order nesw|nswe] [--seed S] [--fixed-order] [--basis point|exponential]
                        [--turns direct|duplicate] [--lp-solver highs|microlp] [--index SET]
                        [--json]
                                   solve an edge-matching puzzle: RON, or a piece list (`cols rows`,
                                   then four colours a tile, north east south west or north south
                                   west east, told apart by the corners or the rim, or given by
                                   --order or an `order nesw|nswe` line; when nothing tells, both
                                   readings are tried before an answer; --rotate: its tiles turn);
                                   --level: an edge level of a level pack;
                                   auto (default): the search and the SAT solver side by side;
                                   lp: the paper's Algorithm 1 (--limit: linear programs, default 50;
                                   HiGHS, or microlp for comparison);
                                   sdp: its Algorithm 2, no preset locations (tiles that translate;
                                   --limit: semidefinite programs, default 40)
  tessera edge best FILE [--level ID] [--rotate] [--order nesw|nswe] [--timeout-ms N] [--seed S]
                     [--threads N] [--json]
                                   the highest score found within the time (default 10000 ms;
                                   0: until every inner side matches): every tile laid, clues
                                   kept, the score the inner sides whose colours match; with
                                   --threads, that many searches side by side (at most one a
                                   core), the best wins; a piece list whose order nothing tells
                                   is searched in both readings, side by side
  tessera edge generate --cols C --rows R --colors K [--frame-colors F] [--rotate] [--unique]
                        [--seed S] [--timeout-ms N] [--out FILE [--force]]
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
        Some("best") => best_cmd(&args[1..], out),
        Some("generate") => generate_cmd(&args[1..], out, err),
        Some("--help" | "-h" | "help") => {
            let _ = writeln!(out, "usage:\n{USAGE}");
            Ok(0)
        }
        _ => Err(Failure::from("expected `edge solve`, `edge best` or `edge generate`")),
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

/// Parses a subcommand's arguments; help is printed and answered with `Ok(None)`.
fn parse<T: clap::Parser>(name: &str, args: &[String], out: &mut impl Write) -> Result<Option<T>, Failure> {
    super::args::try_parse_args(&format!("edge {name}"), args, out).map_err(Failure::from)
}

/// A number option that must lie in `lo..=hi`.
fn within(n: u64, name: &str, lo: u64, hi: u64) -> Result<u64, String> {
    if n < lo || n > hi {
        return Err(format!("{name} is {n}: it must be from {lo} to {hi}"));
    }
    Ok(n)
}

#[derive(clap::Parser)]
#[command(about = "Solve an edge-matching puzzle (RON, or the text format)", disable_version_flag = true)]
struct SolveArgs {
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// FILE is a level pack: this edge level of it.
    #[arg(long, value_name = "ID")]
    level: Option<String>,
    /// auto (the search and the SAT solver side by side, the first answer wins), exact (the
    /// restarting search), sat (CaDiCaL), lp (the paper's Algorithm 1) or sdp (its Algorithm 2:
    /// no preset locations; tiles that only translate).
    #[arg(long, value_name = "auto|exact|sat|lp|sdp", default_value = "auto")]
    method: String,
    /// exact: the seed of the search's tie-breaking.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// exact: one run in a fixed order, no restarts (for comparison).
    #[arg(long)]
    fixed_order: bool,
    #[command(flatten)]
    counting: super::args::Counting,
    /// The text file's tiles turn.
    #[arg(long)]
    rotate: bool,
    /// A piece list's order of sides: nesw or nswe (default: as the list tells, else both).
    #[arg(long, value_name = "nesw|nswe")]
    order: Option<String>,
    /// lp: test functions, point or exponential.
    #[arg(long, value_name = "point|exponential")]
    basis: Option<String>,
    /// lp: turning tiles, direct or duplicate.
    #[arg(long, value_name = "direct|duplicate")]
    turns: Option<String>,
    /// lp: the linear-programming code, highs (HiGHS's interior-point method) or microlp (a
    /// pure-Rust simplex, for comparison).
    #[arg(long, value_name = "highs|microlp")]
    lp_solver: Option<String>,
    /// sdp: the moment matrices' index set (auto: degree2, then degree3; degreeN, gridN,
    /// axesN).
    #[arg(long, value_name = "SET")]
    index: Option<String>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Parser)]
#[command(about = "Make an edge-matching puzzle (text, or RON when FILE ends in .ron)", disable_version_flag = true)]
struct GenerateArgs {
    #[arg(long, value_name = "C")]
    cols: Option<u64>,
    #[arg(long, value_name = "R")]
    rows: Option<u64>,
    /// Inner colours.
    #[arg(long, value_name = "K")]
    colors: Option<u64>,
    /// Colours between border tiles (default: from the expected-solution estimate).
    #[arg(long, value_name = "F")]
    frame_colors: Option<u64>,
    #[arg(long)]
    rotate: bool,
    /// Regenerate until the solution is unique (up to turning the whole board).
    #[arg(long)]
    unique: bool,
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Give up after N ms (default 60000; 0: no limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: Option<u64>,
    #[command(flatten)]
    written: super::args::Written,
}

#[derive(clap::Parser)]
#[command(about = "The highest-scoring board found within the time (every tile laid)", disable_version_flag = true)]
struct BestArgs {
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// FILE is a level pack: this edge level of it.
    #[arg(long, value_name = "ID")]
    level: Option<String>,
    /// The text file's tiles turn.
    #[arg(long)]
    rotate: bool,
    /// A piece list's order of sides: nesw or nswe (default: as the list tells, else both).
    #[arg(long, value_name = "nesw|nswe")]
    order: Option<String>,
    /// Stop after N milliseconds (0: only when every inner side matches).
    #[arg(long, value_name = "N", default_value_t = BEST_TIMEOUT_MS, allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: u64,
    /// The first search's seed (the others take the next ones).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Searches side by side, one a thread (at most one a core).
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: u64,
    #[arg(long)]
    json: bool,
}

/// The time `edge best` gives itself by default.
pub const BEST_TIMEOUT_MS: u64 = 10_000;

/// `edge best`: [`crate::tiles::best`] on each of `--threads` threads (seeds `--seed` on), the
/// best board of them all; each new best overall is told on standard error when it is a
/// terminal.
fn best_cmd(args: &[String], out: &mut impl Write) -> Result<i32, Failure> {
    use std::io::IsTerminal;
    use std::sync::{Arc, Mutex};
    let Some(a) = parse::<BestArgs>("best", args, out)? else { return Ok(0) };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = (within(a.threads, "--threads", 1, 256)? as usize).min(cores);
    let file = a.file.ok_or("no FILE given")?;
    let loaded = load(&file, a.rotate, a.level.as_deref(), a.order.as_deref())?;
    // A list whose order nothing tells is searched in both readings, side by side.
    let readings = loaded.readings();
    let searches = threads.max(readings.len());
    let t0 = web_time::Instant::now();
    let budget = crate::support::budget::Budget::ms(super::args::time_limit(Some(a.timeout_ms)));
    // Each new best score over every search, with its time.
    let overall: Arc<Mutex<Vec<(f64, usize)>>> = Arc::new(Mutex::new(Vec::new()));
    let progress = std::io::stderr().is_terminal();
    let search = |k: usize| {
        let (overall, budget) = (overall.clone(), budget.clone());
        let puzzle = readings[k % readings.len()].0.clone();
        let seed = a.seed.wrapping_add(k as u64);
        move || {
            let opts = crate::tiles::best::Options { budget, seed };
            let best = crate::tiles::best::best(&puzzle, &opts, |ms, score, _| {
                let mut o = overall.lock().unwrap_or_else(|e| e.into_inner());
                if o.last().is_none_or(|&(_, best)| score > best) {
                    o.push((ms, score));
                    if progress {
                        eprintln!("{ms:>9.0} ms  {score}");
                    }
                }
            });
            (k, best)
        }
    };
    let results: Vec<(usize, crate::tiles::best::Best)> = if searches == 1 {
        vec![search(0)()]
    } else {
        let handles: Vec<_> = (0..searches).map(|k| std::thread::spawn(search(k))).collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| file_failure(&file, "a search failed".into())))
            .collect::<Result<_, _>>()?
    };
    let (k, won) = results
        .iter()
        .max_by_key(|(_, b)| (b.score, std::cmp::Reverse(b.history.last().map(|h| h.0 as u64))))
        .expect("one search");
    let (puzzle, order) = &readings[k % readings.len()];
    let history = overall.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    let moves: u64 = results.iter().map(|(_, b)| b.moves).sum();
    if a.json {
        let history: Vec<serde_json::Value> =
            history.iter().map(|&(ms, score)| serde_json::json!({ "elapsed_ms": ms, "score": score })).collect();
        let mut v = serde_json::json!({
            "file": file, "score": won.score, "max_score": won.max_score, "placement": placement_json(&won.placement),
            "elapsed_ms": ms, "history": history, "threads": searches, "moves": moves,
        });
        loaded.order_json(&mut v, *order);
        let _ = writeln!(out, "{v}");
    } else {
        let _ =
            writeln!(out, "{file}: {} of {} inner sides matched ({moves} moves, {ms:.0} ms)", won.score, won.max_score);
        if let (Some(o), 2) = (order, readings.len()) {
            let _ = writeln!(out, "(the best board reads the list {})", o.name());
        }
        print_grid(out, puzzle, &won.placement);
    }
    Ok(0)
}

/// A puzzle loaded from FILE: for a piece list, how it was read.
struct Loaded {
    puzzle: Puzzle,
    read: Option<crate::tiles::Read>,
}

impl Loaded {
    /// The readings to answer from: the puzzle, then the list read the other way when its
    /// order was guessed (an answer from the first alone could be false).
    fn readings(&self) -> Vec<(Puzzle, Option<Order>)> {
        let mut v = vec![(self.puzzle.clone(), self.read.as_ref().map(|r| r.order))];
        if let Some(other) = self.read.as_ref().and_then(|r| r.other()) {
            v.push((other.puzzle, Some(other.order)));
        }
        v
    }

    /// The JSON fields on the order: `order` (a list's, else null), `order_known` (false only
    /// for a list whose order nothing tells) and `order_by` (how it is known).
    fn order_json(&self, v: &mut serde_json::Value, order: Option<Order>) {
        v["order"] = order.map(Order::tag).into();
        v["order_known"] = self.read.as_ref().is_none_or(|r| r.known.is_known()).into();
        v["order_by"] = self.read.as_ref().map(|r| r.known.tag()).into();
    }
}

/// The puzzle in FILE (RON, or a piece list read by [`crate::tiles::read_as`], in `order` when
/// given), or its edge level `level` when FILE is a level pack. How a list was read is said on
/// standard error when it is not the usual order or is a guess. Errors say what is wrong in
/// the file's terms: a level pack given without `--level`, a list that pairs only when its
/// tiles turn.
fn load(file: &str, rotate: bool, level: Option<&str>, order: Option<&str>) -> Result<Loaded, Failure> {
    let fail = |e: String| file_failure(file, e);
    let order = match order {
        None => None,
        Some(tag) => {
            Some(Order::parse(tag).ok_or_else(|| Failure::from(format!("--order is nesw or nswe, not `{tag}`")))?)
        }
    };
    if let Some(id) = level {
        let pack = super::args::read_pack(file).map_err(|e| {
            // A piece list is no pack: say so rather than how RON fails on it.
            let list = crate::format::read_text(std::path::Path::new(file))
                .is_ok_and(|t| crate::tiles::read(&t, true).is_ok());
            match list {
                true => file_failure(
                    file,
                    "a piece list, not a level pack: --level names a level of a pack (drop it)".into(),
                ),
                false => Failure { usage: false, file: None, message: e },
            }
        })?;
        let l = pack.levels.iter().find(|l| l.id == id).ok_or_else(|| fail(format!("no level `{id}`")))?;
        let raw =
            l.entry.edge.as_ref().ok_or_else(|| {
                fail(format!("level `{id}` is a {} level, not an edge-matching puzzle", l.family.name()))
            })?;
        return Ok(Loaded { puzzle: raw.build().map_err(fail)?, read: None });
    }
    let text = crate::format::read_text(std::path::Path::new(file)).map_err(fail)?;
    let pack = |e: String| {
        if crate::level::parse_pack(&text, file, "pack").is_ok() {
            "a level pack, not a puzzle: name one of its edge levels with --level ID (`tessera levels` lists them)"
                .to_string()
        } else {
            e
        }
    };
    if file.ends_with(".ron") {
        let raw: crate::tiles::RawPuzzle =
            crate::format::ron_options().from_str(&text).map_err(|e| fail(pack(crate::format::ron_error(&e))))?;
        return Ok(Loaded { puzzle: raw.build().map_err(fail)?, read: None });
    }
    match crate::tiles::read_as(&text, rotate, order) {
        Ok(read) => {
            if read.order == Order::Nswe || !read.known.is_known() {
                eprintln!(
                    "tessera edge: {file}: each tile's sides read {} ({}){}",
                    read.order.name(),
                    crate::tiles::text::how(read.known),
                    if read.other().is_some() { "; the other reading is tried too" } else { "" }
                );
            }
            Ok(Loaded { puzzle: read.puzzle.clone(), read: Some(read) })
        }
        Err(e) if !rotate && crate::tiles::read_as(&text, true, order).is_ok() => {
            Err(fail(format!("{e}; the tiles pair only if they turn: pass --rotate (Eternity II's tiles turn)")))
        }
        Err(e) => Err(fail(pack(e))),
    }
}

fn placement_json(p: &Placement) -> serde_json::Value {
    serde_json::json!(p.iter().map(|&(t, r)| serde_json::json!({"tile": t, "rot": r})).collect::<Vec<_>>())
}

/// Largest board the LP method takes (cells): its programs grow with the square of the cell
/// count, and one program cannot be interrupted.
pub const LP_MAX_CELLS: usize = 144;

fn solve_cmd(args: &[String], out: &mut impl Write) -> Result<i32, Failure> {
    let Some(a) = parse::<SolveArgs>("solve", args, out)? else { return Ok(0) };
    let (file, method, all, json, rotate) = (a.file, a.method, a.counting.all, a.json, a.rotate);
    let timeout = super::args::time_limit(a.counting.timeout_ms);
    let limit = match a.counting.limit {
        Some(n) => Some(within(n, "--limit", 1, u64::MAX)?),
        None => None,
    };
    let basis = match a.basis.as_deref() {
        None | Some("point") => lp::Basis::Point,
        Some("exponential") => lp::Basis::Exponential,
        Some(other) => return Err(format!("--basis is point or exponential, not `{other}`").into()),
    };
    let turns = match a.turns.as_deref() {
        None | Some("direct") => lp::Turns::Direct,
        Some("duplicate") => lp::Turns::Duplicate,
        Some(other) => return Err(format!("--turns is direct or duplicate, not `{other}`").into()),
    };
    let lp_solver = match a.lp_solver.as_deref() {
        None | Some("highs") => lp::Solver::Highs,
        Some("microlp") => lp::Solver::Microlp,
        Some(other) => return Err(format!("--lp-solver is highs or microlp, not `{other}`").into()),
    };
    let file = file.ok_or("no FILE given")?;
    let loaded = load(&file, rotate, a.level.as_deref(), a.order.as_deref())?;
    let puzzle = loaded.puzzle.clone();
    let t0 = web_time::Instant::now();
    match method.as_str() {
        "auto" | "exact" | "sat" => {
            let limit = limit.unwrap_or(if all { 1_000_000 } else { 1 });
            let opts = exact::Options {
                limit,
                budget: crate::support::budget::Budget::ms(timeout),
                seed: a.seed,
                fixed_order: a.fixed_order,
                ..Default::default()
            };
            // Each reading in turn (a guessed order has two) until one is solved: none
            // solved is a proof only when every reading was searched to its end.
            let readings = loaded.readings();
            let mut complete = true;
            let mut answer = None;
            for (k, (p, order)) in readings.iter().enumerate() {
                let (res, by) = match method.as_str() {
                    "auto" => portfolio::solve(p, &opts),
                    "sat" => sat::solve(p, &opts).map(|o| (o, portfolio::By::Sat)),
                    _ => exact::solve(p, &opts).map(|o| (o, portfolio::By::Search)),
                }
                .map_err(|e| file_failure(&file, e))?;
                complete &= res.complete;
                if res.solutions > 0 || k + 1 == readings.len() {
                    answer = Some((res, by, *order, p.clone()));
                    break;
                }
            }
            let (mut res, by, order, puzzle) = answer.expect("one reading");
            if res.solutions == 0 {
                res.complete = complete;
            }
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            let work = if by == portfolio::By::Sat { "conflicts" } else { "nodes" };
            if json {
                let mut v = serde_json::json!({
                    "file": file, "method": method, "solved": res.first.is_some(), "solutions": res.solutions,
                    "placement": res.first.as_ref().map(placement_json), "nodes": 0, "elapsed_ms": ms,
                    "complete": res.complete, "by": by.name(),
                });
                loaded.order_json(&mut v, order);
                v[work] = res.nodes.into();
                if by == portfolio::By::Search {
                    v["runs"] = res.runs.into();
                }
                let _ = writeln!(out, "{v}");
            } else {
                let verdict = match (res.solutions, res.complete) {
                    (0, true) => "no solution".to_string(),
                    (0, false) => "no solution found within the budget".to_string(),
                    (k, true) => format!("{k} solution(s)"),
                    (k, false) => format!("{k} solution(s) (search stopped early)"),
                };
                let _ = writeln!(out, "{file}: {verdict} (by {}: {} {work}, {ms:.1} ms)", by.name(), res.nodes);
                if let Some(p) = &res.first {
                    print_grid(out, &puzzle, p);
                }
            }
        }
        "lp" => {
            if puzzle.cells() > LP_MAX_CELLS {
                return Err(file_failure(
                    &file,
                    format!(
                        "the LP method takes boards of at most {LP_MAX_CELLS} cells; this one has {}",
                        puzzle.cells()
                    ),
                ));
            }
            let opts = lp::Options {
                max_iterations: limit.unwrap_or(50).min(10_000) as usize,
                basis,
                turns,
                solver: lp_solver,
                budget: crate::support::budget::Budget::ms(timeout),
                ..Default::default()
            };
            let res = if lp_solver == lp::Solver::Highs {
                // HiGHS watches the deadline itself; stopped there (an error, or no answer yet),
                // it is a time-out as microlp's is.
                Some(lp::solve(&puzzle, &opts))
                    .filter(|r| !(opts.budget.expired() && r.as_ref().map_or(true, |r| !r.solved && !r.infeasible)))
            } else {
                let copy = puzzle.clone();
                let o = opts.clone();
                crate::support::budget::within(opts.budget.deadline, move || lp::solve(&copy, &o))
            }
            .ok_or_else(|| {
                file_failure(&file, format!("the LP method did not finish within {} ms", timeout.unwrap_or(0)))
            })?
            .map_err(|e| file_failure(&file, e))?;
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            // An infeasible first program proves nothing of a list read in a guessed order.
            let order = loaded.read.as_ref().map(|r| r.order);
            let infeasible = res.infeasible && loaded.read.as_ref().is_none_or(|r| r.known.is_known());
            if json {
                let mut v = serde_json::json!({
                    "file": file, "method": "lp", "solved": res.solved, "solutions": u64::from(res.solved),
                    "placement": res.placement.as_ref().map(placement_json), "nodes": 0, "elapsed_ms": ms,
                    "iterations": res.iterations, "permutation": res.permutation, "variables": res.variables,
                    "equations": res.equations, "basis": format!("{basis:?}").to_lowercase(), "turns": format!("{turns:?}").to_lowercase(),
                    "lp_solver": lp_solver.name(), "presets": res.presets, "infeasible": infeasible,
                });
                loaded.order_json(&mut v, order);
                let _ = writeln!(out, "{v}");
            } else {
                let verdict = match (res.solved, res.permutation, infeasible) {
                    (true, _, _) => "solved",
                    (false, true, _) => "a permutation that does not solve the puzzle",
                    (false, false, true) => "no solution (the first linear program has no feasible point)",
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
        "sdp" => {
            let indexes = match a.index.as_deref().unwrap_or("auto") {
                "auto" => crate::solve::sdp::AUTO.to_vec(),
                name => vec![crate::algebra::IndexSet::parse(name)?],
            };
            let opts = crate::solve::sdp::Options {
                limit: limit.map_or(crate::solve::sdp::Options::default().limit, |n| n.min(1000) as usize),
                budget: crate::support::budget::Budget::ms(timeout),
                ..Default::default()
            };
            let res = crate::tiles::sdp::solve(&puzzle, &opts, &indexes).map_err(|e| file_failure(&file, e))?;
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            let last = res.runs.last().map(|(_, r)| r.clone()).unwrap_or_default();
            let iterations: usize = res.runs.iter().map(|(_, r)| r.iterations).sum();
            let solved = res.placement.is_some();
            if json {
                let objectives: Vec<f64> = res.runs.iter().flat_map(|(_, r)| r.objectives.iter().copied()).collect();
                let mut v = serde_json::json!({
                    "file": file, "method": "sdp", "solved": solved, "solutions": u64::from(solved),
                    "placement": res.placement.as_ref().map(placement_json), "elapsed_ms": ms,
                    "iterations": iterations, "objectives": objectives, "rank_residual": last.rank_residual,
                    "sizes": last.sizes, "index_set": res.runs.last().map(|(i, _)| i.name()),
                    "stopped": if solved { None } else { last.stopped.clone() },
                });
                loaded.order_json(&mut v, loaded.read.as_ref().map(|r| r.order));
                let _ = writeln!(out, "{v}");
            } else {
                let verdict = super::sdp::verdict(solved, last.stopped.as_deref());
                let _ = writeln!(
                    out,
                    "{file}: {verdict} after {iterations} semidefinite program(s) (rank residual {:.1e}, {ms:.1} ms)",
                    last.rank_residual
                );
                if let Some(p) = &res.placement {
                    print_grid(out, &puzzle, p);
                }
            }
        }
        other => return Err(format!("--method is auto, exact, sat, lp or sdp, not `{other}`").into()),
    }
    Ok(0)
}

fn print_grid(out: &mut impl Write, p: &Puzzle, placement: &Placement) {
    for row in placement.chunks(p.cols) {
        let line: Vec<String> =
            row.iter().map(|&(t, r)| format!("{t:>3}{}", ["", "'", "\"", "*"][r as usize % 4])).collect();
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
    let raw = crate::tiles::RawPuzzle {
        cols: p.cols,
        rows: p.rows,
        rotate: p.rotate,
        tiles: p.tiles.iter().map(|t| (t[0] as i64, t[1] as i64, t[2] as i64, t[3] as i64)).collect(),
        clues: p.clues.clone(),
        scored: false,
    };
    ron::ser::to_string_pretty(&raw, ron::ser::PrettyConfig::default().compact_arrays(true)).unwrap_or_default()
}

/// Most colours `edge generate` takes (inner or frame).
pub const MAX_COLORS: u64 = crate::tiles::MAX_COLOURS as u64;

fn generate_cmd(args: &[String], out: &mut impl Write, err: &mut impl Write) -> Result<i32, Failure> {
    let Some(a) = parse::<GenerateArgs>("generate", args, out)? else { return Ok(0) };
    let side = crate::tiles::MAX_SIDE as u64;
    // The generator cuts boards of at least 2 x 2 (a row of one has no inner edges to match).
    let size = |v: Option<u64>, name: &str| v.map_or(Ok(0), |n| within(n, name, 2, side));
    let mut spec = generate::Spec {
        cols: size(a.cols, "--cols")? as usize,
        rows: size(a.rows, "--rows")? as usize,
        colors: a.colors.map_or(Ok(0), |n| within(n, "--colors", 1, MAX_COLORS))? as u16,
        frame_colors: None,
        rotate: a.rotate,
        unique: a.unique,
        seed: a.seed,
        max_nodes: 50_000_000,
    };
    if let Some(f) = a.frame_colors {
        spec.frame_colors = Some(within(f, "--frame-colors", 1, MAX_COLORS)? as u16);
        if u64::from(spec.colors) + f > MAX_COLORS {
            return Err(format!(
                "--colors and --frame-colors make {} colours; at most {MAX_COLORS}",
                u64::from(spec.colors) + f
            )
            .into());
        }
    }
    let file = a.written.out;
    let timeout = Some(a.timeout_ms.unwrap_or(generate::DEFAULT_TIMEOUT_MS)).filter(|&ms| ms > 0);
    if spec.cols == 0 || spec.rows == 0 || spec.colors == 0 {
        return Err("--cols, --rows and --colors are required".into());
    }
    if let Some(f) = &file {
        super::args::may_write(f, a.written.force).map_err(|message| Failure { usage: false, file: None, message })?;
    }
    // The generator's own failures (out of time, no unique puzzle) are no usage mistakes.
    let g = generate::generate_until(&spec, &crate::support::budget::Budget::ms(timeout))
        .map_err(|message| Failure { usage: false, file: None, message })?;
    let text = match &file {
        Some(f) if f.ends_with(".ron") => to_ron(&g.puzzle),
        _ => to_text(&g.puzzle),
    };
    if let Some(f) = &file {
        std::fs::write(f, &text).map_err(|e| format!("cannot write {f}: {e}"))?;
    }
    if a.written.json {
        let v = serde_json::json!({
            "cols": g.puzzle.cols, "rows": g.puzzle.rows, "rotate": g.puzzle.rotate,
            "frame_colors": g.frame_colors, "colors": spec.colors, "log10_expected": g.log10_expected,
            "nodes": g.nodes, "first_found": g.first_found, "unique": spec.unique, "attempts": g.attempts, "file": file,
            "puzzle": if file.is_none() { Some(&text) } else { None },
        });
        let _ = writeln!(out, "{v}");
        return Ok(0);
    }
    if file.is_none() {
        let _ = write!(out, "{text}");
    }
    let _ = writeln!(
        err,
        "{} x {}{}: {} frame + {} inner colours (expected solutions about 10^{:.1}); {}{}{}",
        g.puzzle.cols,
        g.puzzle.rows,
        if g.puzzle.rotate { ", turning tiles" } else { "" },
        g.frame_colors,
        spec.colors,
        g.log10_expected,
        g.nodes,
        if g.first_found {
            " solver nodes to the first solution"
        } else {
            " solver nodes spent without finding a solution (the limit ran out first)"
        },
        if spec.unique { format!("; unique (after {} attempt(s))", g.attempts) } else { String::new() }
    );
    Ok(0)
}
