//! `tessera analyse`: what a level designer wants to know of a level: is it solvable, how
//! many solutions it has (up to a limit), is it unique, and how hard the solver found it.

use crate::cli::parse_args;
use std::io::Write;

pub const USAGE: &str = "\
  tessera analyse FILE [--level ID] [--limit N] [--json]
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
    /// One JSON object per level.
    #[arg(long)]
    json: bool,
}

/// A difficulty estimate, 1 to 5, from the search nodes the solver spent on its first solution.
pub fn difficulty(first_nodes: u64) -> u8 {
    match first_nodes {
        0..=30 => 1,
        31..=300 => 2,
        301..=3_000 => 3,
        3_001..=30_000 => 4,
        _ => 5,
    }
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: AnalyseArgs = match parse_args("analyse", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let pack = match crate::cli_share::read_pack(&a.file) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tessera analyse: {e}");
            return 2;
        }
    };
    let levels: Vec<_> = pack.levels.iter().filter(|l| a.level.as_ref().is_none_or(|id| &l.id == id)).collect();
    if levels.is_empty() {
        let _ = writeln!(err, "tessera analyse: {}: no level `{}`", a.file, a.level.unwrap_or_default());
        return 2;
    }
    for l in levels {
        let first = l.count(1);
        // One past the limit tells "exactly N" from "more than N".
        let mut all = if first.solutions == 0 { first } else { l.count(a.limit + 1) };
        let more = all.solutions > a.limit;
        all.solutions = all.solutions.min(a.limit);
        let unique = all.solutions == 1 && all.complete;
        let est = (first.solutions > 0).then(|| difficulty(first.nodes));
        if a.json {
            let v = serde_json::json!({
                "file": a.file, "level": l.id, "family": l.family.name(), "solvable": first.solutions > 0,
                "solutions": all.solutions, "more": more, "unique": unique, "complete": all.complete,
                "nodes": all.nodes, "first_nodes": first.nodes, "difficulty": est,
            });
            let _ = writeln!(out, "{v}");
            continue;
        }
        let says = match (all.solutions, all.complete) {
            (0, true) => "no solution (proved)".to_string(),
            (0, false) => format!("no solution found within {} nodes (not proved)", all.nodes),
            (1, true) => "1 solution: unique".to_string(),
            (n, _) if more => format!("more than {n} solutions"),
            (n, true) => format!("{n} solutions"),
            (n, false) => format!("at least {n} solution(s) (not proved to be all)"),
        };
        let hard =
            est.map_or(String::new(), |d| format!("; difficulty estimate {d} ({} nodes to the first)", first.nodes));
        let _ = writeln!(out, "{}/{}: {says}{hard}", pack.id, l.id);
    }
    0
}
