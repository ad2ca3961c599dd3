//! `tessera levels` and `tessera check-levels`: the packs the game would load, and the proof
//! that every level parses, its reference solution verifies and its family's solver solves it.

use super::args::{parse_args, USAGE};
use std::io::Write;
use std::path::Path;

#[derive(clap::Parser)]
#[command(about = "List level packs (embedded and user) and load errors", disable_version_flag = true)]
struct LevelsArgs {
    #[arg(long)]
    json: bool,
    /// Measure every level's difficulty with its family's solver (score, stars) and say
    /// whether each pack is in the order of its scores.
    #[arg(long)]
    measure: bool,
    /// With --measure: the whole run stops counting after N ms (0: no limit); the measures it
    /// cut short say so.
    #[arg(long, value_name = "N", requires = "measure", allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: Option<u64>,
}

#[derive(clap::Parser)]
#[command(
    about = "Check every level: it parses, its reference solution verifies, and a solver solves it",
    disable_version_flag = true
)]
struct CheckLevelsArgs {
    /// A folder of packs (default: the embedded and user packs).
    #[arg(value_name = "DIR")]
    dir: Option<String>,
    #[arg(long)]
    json: bool,
}

/// `tessera levels [--json]`: exit 0, or 1 when some pack failed to load (listed too).
pub fn levels(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let started = web_time::Instant::now();
    let (json, measure, timeout_ms) = match parse_args::<LevelsArgs>("levels", args, USAGE, out, err) {
        Ok(a) => (a.json, a.measure, a.timeout_ms),
        Err(code) => return code,
    };
    let (packs, errors) = crate::level::all_packs();
    if measure {
        let deadline = super::args::time_limit(timeout_ms).map(|ms| started + web_time::Duration::from_millis(ms));
        let budget = crate::support::budget::Budget::default().with_deadline(deadline);
        let cut = print_measures(&packs, json, &budget, out);
        if cut > 0 {
            let _ = writeln!(err, "tessera levels: the time limit cut {cut} measure(s) short (marked `cut`)");
        }
    } else if json {
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

/// `levels --measure`: per pack, each level's traits, score, typed and measured stars, each
/// measure within what is left of `budget`. Returns how many the budget cut short (a level
/// measured after the deadline passed counts nothing: it reads as harder than it is).
fn print_measures(
    packs: &[crate::level::Pack],
    json: bool,
    budget: &crate::support::budget::Budget,
    out: &mut impl Write,
) -> usize {
    use crate::content::difficulty::measure_within;
    let mut cut_short = 0;
    for p in packs {
        let measured: Vec<_> = p
            .levels
            .iter()
            .map(|l| {
                let m = measure_within(l, budget);
                (m, budget.expired())
            })
            .collect();
        cut_short += measured.iter().filter(|(_, cut)| *cut).count();
        let (measured, cut): (Vec<_>, Vec<bool>) = measured.into_iter().unzip();
        let in_order = measured.windows(2).all(|w| w[0].score <= w[1].score + 1e-9);
        if !json {
            let _ = writeln!(
                out,
                "{} — {} ({} levels, {})",
                p.id,
                p.name,
                p.levels.len(),
                if in_order { "in order of score" } else { "NOT in order of score" }
            );
            let _ = writeln!(
                out,
                "  {:<28} {:>6} {:>9} {:>7} {:>6} {:>5} {:>8}",
                "level", "pieces", "solutions", "hidden", "ways", "score", "stars"
            );
        }
        for ((l, m), cut) in p.levels.iter().zip(&measured).zip(cut) {
            let t = m.traits;
            let cap = crate::content::difficulty::cap(crate::content::difficulty::kind(&t));
            let sol = if t.solutions >= cap { format!("{}+", t.solutions) } else { t.solutions.to_string() };
            let (hidden, arrangements) = match t.kind {
                crate::family::PuzzleKind::Dissection { hidden } => (Some(hidden), None),
                crate::family::PuzzleKind::Packing => (None, None),
                crate::family::PuzzleKind::Tiles { arrangements, .. } => (None, Some(arrangements)),
            };
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::json!({"pack": p.id, "id": l.id, "name": l.name, "pieces": t.pieces, "solutions": t.solutions,
                        "hidden": hidden, "arrangements": arrangements, "score": m.score, "stars": m.stars,
                        "difficulty": l.difficulty, "pack_in_order": in_order, "cut": cut})
                );
            } else {
                let _ = writeln!(
                    out,
                    "  {:<28} {:>6} {:>9} {:>7} {:>6} {:>5.2} {:>3} {}{}",
                    l.id,
                    t.pieces,
                    sol,
                    hidden.map_or("-".into(), |h| format!("{h:.3}")),
                    arrangements.map_or("-".into(), |a| format!("{a:.1}")),
                    m.score,
                    m.stars,
                    if m.stars == l.difficulty { String::new() } else { format!("(typed {})", l.difficulty) },
                    if cut { " (cut short by the time limit)" } else { "" }
                );
            }
        }
    }
    cut_short
}

/// `tessera check-levels [DIR] [--json]`: exit 0 when every level passes, 1 otherwise.
pub fn check_levels(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: CheckLevelsArgs = match parse_args("check-levels", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let json = a.json;
    let (packs, errors) = match a.dir.as_ref() {
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
            let t0 = web_time::Instant::now();
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
