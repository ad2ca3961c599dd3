//! BurrTools puzzles in and out: `tessera import FILE.xmpuzzle` (a level for each problem,
//! its assemblies counted) and `tessera export LEVEL --xmpuzzle FILE`
//! (see [`crate::family::xmpuzzle`]).

use super::args::parse_args;
use crate::family::xmpuzzle;
use crate::level::{Entry, Level};
use crate::support::budget::Budget;
use std::io::Write;

pub const USAGE: &str = "\
  tessera export LEVEL --xmpuzzle FILE [--level ID] [--force]
                                   write a polyomino or polycube level (PACK/ID, or a pack FILE with
                                   --level ID) as a BurrTools puzzle";

/// How long importing one problem (its reference search, difficulty measure and count) may
/// take by default.
pub const COUNT_TIMEOUT_MS: u64 = 20_000;

/// How far an import goes: the whole command's time (`None`: [`COUNT_TIMEOUT_MS`] a problem;
/// `Some(0)`: no limit), and the assemblies a count stops at (`None`: all).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub timeout_ms: Option<u64>,
    pub count_most: Option<u64>,
}

/// `tessera import FILE.xmpuzzle --out FILE.ron`.
#[allow(clippy::too_many_arguments)]
pub fn import(
    file: &str,
    data: &[u8],
    out_file: &str,
    name: Option<&str>,
    limits: Limits,
    force: bool,
    json: bool,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    // One clock for the whole command: every phase (reading, each problem's reference search,
    // difficulty measure and count) draws on it. By default each problem brings its share.
    let started = web_time::Instant::now();
    let puzzle = match xmpuzzle::read(data) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tessera import: {file}: {e}");
            return 2;
        }
    };
    let stem = std::path::Path::new(file).file_stem().map_or("Imported".into(), |s| s.to_string_lossy().into_owned());
    let title = name.map_or(stem, str::to_string);
    let ms = limits.timeout_ms.unwrap_or(COUNT_TIMEOUT_MS.saturating_mul(puzzle.problems.len().max(1) as u64));
    let budget = Budget::default()
        .with_deadline(super::args::time_limit(Some(ms)).map(|ms| started + web_time::Duration::from_millis(ms)));
    let mut entries = Vec::new();
    for (k, made) in xmpuzzle::levels(&puzzle, &title).into_iter().enumerate() {
        match made.and_then(|e| solved(e, &budget)) {
            Ok(e) => entries.push(e),
            Err(why) => {
                let named = &puzzle.problems[k].name;
                let label = if named.trim().is_empty() { String::new() } else { format!(" `{}`", named.trim()) };
                let _ = writeln!(err, "tessera import: {file}: problem {}{label}: {why}", k + 1);
            }
        }
    }
    if entries.is_empty() {
        let _ = writeln!(err, "tessera import: {file}: no problem makes a level");
        return 2;
    }
    let text = crate::level::write_pack(&title, &entries);
    let stem = std::path::Path::new(out_file).file_stem().and_then(|s| s.to_str()).unwrap_or("imported");
    let pack = match crate::level::parse_pack(&text, out_file, &crate::format::entry::id_from_name(stem)) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tessera import: {file}: the levels do not load: {}", e.message);
            return 2;
        }
    };
    let written = super::args::loadable_size(&text)
        .and_then(|()| super::args::may_write(out_file, force))
        .and_then(|()| std::fs::write(out_file, &text).map_err(|e| format!("{out_file}: {e}")));
    if let Err(e) = written {
        let _ = writeln!(err, "tessera import: {e}");
        return 2;
    }
    write_report(&pack, &budget, limits.count_most.unwrap_or(u64::MAX), json, out_file, out);
    0
}

/// Each imported level's assemblies, counted as BurrTools counts them, a line (or a JSON
/// record) each.
fn write_report(
    pack: &crate::level::Pack,
    budget: &Budget,
    most: u64,
    json: bool,
    out_file: &str,
    out: &mut impl Write,
) {
    let mut report = Vec::new();
    for level in &pack.levels {
        let count = count(level, budget, most);
        let pieces = level.set.pieces.len();
        if json {
            report.push(serde_json::json!({
                "id": level.id, "name": level.name, "pieces": pieces,
                "assemblies": count.solutions, "complete": count.complete,
            }));
        } else {
            let _ = writeln!(
                out,
                "{out_file}: level `{}` ({pieces} pieces): {}{} assemblies up to symmetry{}",
                level.id,
                if count.complete { "" } else { "at least " },
                count.solutions,
                if count.complete { "" } else { " (counting stopped at its limit)" }
            );
        }
    }
    if json {
        let _ = writeln!(out, "{}", serde_json::json!({ "file": out_file, "levels": report }));
    }
}

/// The entry with the packer's first solution as its reference, and its stars as the
/// shipped levels' are measured (as far as the budget lets the measure count).
fn solved(mut entry: Entry, budget: &Budget) -> Result<Entry, String> {
    let level = built(&entry)?;
    if let Some(writer) = level.offers().writer {
        writer.finish(&level, &mut entry, false, budget)?;
    }
    let level = built(&entry)?;
    level.check_solution()?;
    entry.difficulty = crate::content::difficulty::measure_within(&level, budget).stars;
    Ok(entry)
}

fn built(entry: &Entry) -> Result<Level, String> {
    let pack = crate::level::pack_of("import", vec![entry.clone()], "the puzzle", "import").map_err(|e| e.message)?;
    Ok(pack.levels.into_iter().next().expect("a pack of one entry"))
}

/// The level's assemblies, counted as BurrTools counts them: up to the result's symmetries
/// (mirror images merged when the pieces' mirror images are pieces of the set), stopped when
/// `budget` is spent or at `most` assemblies. A count stopped before it met any assembly
/// still knows one: the level's reference solution, found and verified on import.
pub fn count(level: &Level, budget: &Budget, most: u64) -> crate::family::Count {
    let mut count = level.family.count(level, most, budget);
    if !count.complete && count.solutions == 0 && level.check_solution().is_ok() {
        count.solutions = 1;
    }
    count
}

#[derive(clap::Parser)]
#[command(about = "Write a polyomino or polycube level as a BurrTools puzzle", disable_version_flag = true)]
struct ExportArgs {
    /// PACK/ID of a level the game loads, or a pack file.
    #[arg(value_name = "LEVEL")]
    level: String,
    /// With a pack file: the level's id (default: its first level).
    #[arg(long = "level", value_name = "ID")]
    id: Option<String>,
    /// The BurrTools file to write.
    #[arg(long, value_name = "FILE")]
    xmpuzzle: String,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
}

/// `tessera export LEVEL --xmpuzzle FILE`.
pub fn export(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: ExportArgs = match parse_args("export", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match export_inner(&a) {
        Ok(name) => {
            let _ = writeln!(out, "{}: level `{name}` as a BurrTools puzzle", a.xmpuzzle);
            0
        }
        Err(e) => {
            let _ = writeln!(err, "tessera export: {e}");
            2
        }
    }
}

fn export_inner(a: &ExportArgs) -> Result<String, String> {
    let level = find_level(&a.level, a.id.as_deref())?;
    let data = xmpuzzle::export(&level)?;
    super::args::may_write(&a.xmpuzzle, a.force)?;
    std::fs::write(&a.xmpuzzle, data).map_err(|e| format!("{}: {e}", a.xmpuzzle))?;
    Ok(level.id.clone())
}

/// A level by PACK/ID among the packs the game loads, or in a pack file.
fn find_level(what: &str, id: Option<&str>) -> Result<Level, String> {
    let path = std::path::Path::new(what);
    if path.exists() && !path.is_file() {
        return Err(format!("{what} is not a regular file: give a pack file or a level as PACK/ID"));
    }
    if path.is_file() {
        let pack = super::args::read_pack(what)?;
        let level = match id {
            None => pack.levels.into_iter().next(),
            Some(id) => pack.levels.into_iter().find(|l| l.id == id),
        };
        return level.ok_or_else(|| format!("{what}: no level `{}`", id.unwrap_or("")));
    }
    let ids = |(p, l): &(&str, &str)| crate::level::check_id(p, "pack").and(crate::level::check_id(l, "level")).is_ok();
    let (pack_id, level_id) = what
        .split_once('/')
        .filter(ids)
        .ok_or_else(|| format!("`{what}` is neither a pack file nor a level as PACK/ID"))?;
    let (packs, _) = crate::level::all_packs();
    let pack = packs.into_iter().find(|p| p.id == pack_id).ok_or_else(|| format!("no pack `{pack_id}`"))?;
    pack.levels
        .into_iter()
        .find(|l| l.id == level_id)
        .ok_or_else(|| format!("pack `{pack_id}` has no level `{level_id}`"))
}
