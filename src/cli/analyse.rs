//! `tessera analyse`: what a level designer wants to know of a level: is it solvable, how
//! many solutions it has (up to a limit), is it unique, and how hard the solver found it.

use super::args::parse_args;
use crate::content::analysis::Found;
use std::io::Write;

pub const USAGE: &str = "\
  tessera analyse FILE [--level ID] [--limit N] [--timeout-ms N] [--json]
                                   count each level's solutions (up to N, default 1000): solvable, unique,
                                   and a difficulty estimate from the solver's effort to its first solution";

#[derive(clap::Parser)]
#[command(about = "Count a level's solutions and estimate its difficulty", disable_version_flag = true)]
struct AnalyseArgs {
    /// A pack file.
    #[arg(value_name = "FILE")]
    file: String,
    /// Only this level (default: every level of the pack).
    #[arg(long, value_name = "ID")]
    level: Option<String>,
    /// Stop counting here ("N+" beyond).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    limit: u64,
    /// Stop each level's count after N milliseconds (0: no limit); what was settled by then
    /// is reported, and `out_of_time` says so.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: Option<u64>,
    /// One JSON object per level.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let args: AnalyseArgs = match parse_args("analyse", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let pack = match super::args::read_pack(&args.file) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tessera analyse: {e}");
            return 2;
        }
    };
    let levels: Vec<_> = pack.levels.iter().filter(|l| args.level.as_ref().is_none_or(|id| &l.id == id)).collect();
    if levels.is_empty() {
        let _ = writeln!(err, "tessera analyse: {}: no level `{}`", args.file, args.level.unwrap_or_default());
        return 2;
    }
    for l in levels {
        let budget = crate::support::budget::Budget::ms(super::args::time_limit(args.timeout_ms));
        let a = crate::content::analysis::Analysis::run(l, args.limit, &budget);
        let out_of_time = !a.all.complete && a.score.is_none() && budget.expired();
        if args.json {
            let mut v = serde_json::json!({
                "file": args.file, "level": l.id, "family": l.family.name(),
                "solvable": a.solvable_known(!l.solution.is_empty() && l.judge(&l.solution).solved),
                "solutions": a.solutions(), "more": a.more(), "unique": a.unique(), "complete": a.all.complete,
                "nodes": a.all.nodes, "first_nodes": a.first.measured.then_some(a.first.nodes),
                "difficulty": a.difficulty(), "out_of_time": out_of_time,
            });
            // A board played for the score counts no solutions: it says its score instead.
            if let Some((score, max)) = a.score {
                v["scored"] = true.into();
                v["solutions"] = serde_json::Value::Null;
                v["unique"] = serde_json::Value::Null;
                v["score"] = score.into();
                v["max_score"] = max.into();
            }
            let _ = writeln!(out, "{v}");
            continue;
        }
        let says = match a.found() {
            Found::Unsolvable => "no solution (proved)".to_string(),
            Found::Unique => "1 solution: unique".to_string(),
            Found::MoreThan(n) => format!("more than {n} solutions"),
            Found::Exactly(n) => format!("{n} solutions"),
            Found::NotFound { .. } | Found::AtLeast(_) | Found::Scored { .. } => a.verdict(),
        };
        let hard = match a.difficulty() {
            Some(d) => format!("; difficulty estimate {d} ({} nodes to the first)", a.first.nodes),
            None if a.solvable() && a.score.is_none() => {
                "; difficulty not measured (the SAT solver answered first, counting no nodes)".into()
            }
            None => String::new(),
        };
        let late = if out_of_time { " (stopped at the time limit)" } else { "" };
        let _ = writeln!(out, "{}/{}: {says}{hard}{late}", pack.id, l.id);
    }
    0
}
