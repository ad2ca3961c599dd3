//! `tessera daily`: the day's puzzle of a family, as the game shows it.

use super::args::parse_args;
use std::io::Write;

pub const USAGE: &str = "\
  tessera daily --family tangram|polyomino|edge [--date YYYY-MM-DD] [--out FILE [--force]] [--json]
                                   the daily puzzle (default: today, UTC) as a one-level pack";

#[derive(clap::Parser)]
#[command(about = "The daily puzzle of a family, as a one-level pack", disable_version_flag = true)]
struct DailyArgs {
    /// tangram, polyomino or edge.
    #[arg(long, value_name = "FAMILY")]
    family: String,
    /// The day (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Option<String>,
    /// The pack to FILE (--force: even over a file that holds something other than a
    /// one-level pack); --json: a summary (family, date, weekday, seed, id, name, difficulty,
    /// file, level).
    #[command(flatten)]
    written: super::args::Written,
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: DailyArgs = match parse_args("daily", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let date = match a.date.as_deref().map(crate::support::dates::Date::parse).transpose() {
        Ok(d) => d.unwrap_or_else(crate::support::dates::Date::today),
        Err(e) => {
            let _ = writeln!(err, "tessera daily: {e}");
            return 2;
        }
    };
    let d = match crate::content::daily::daily(&a.family, date) {
        Ok(d) => d,
        Err(e) => {
            let _ = writeln!(err, "tessera daily: {e}");
            return 2;
        }
    };
    let text = crate::level::write_pack(&d.entry.name, std::slice::from_ref(&d.entry));
    if let Some(file) = &a.written.out {
        if let Err(e) = super::args::may_replace_pack(file, a.written.force) {
            let _ = writeln!(err, "tessera daily: {e}");
            return 2;
        }
        if let Err(e) = std::fs::write(file, &text) {
            let _ = writeln!(err, "tessera daily: {file}: {e}");
            return 2;
        }
    }
    if a.written.json {
        let v = serde_json::json!({
            "family": d.family,
            "date": d.date.to_string(),
            "weekday": d.date.weekday(),
            "seed": d.seed,
            "id": d.entry.id,
            "name": d.entry.name,
            "difficulty": d.entry.difficulty,
            "file": a.written.out,
            "level": d.entry,
        });
        let _ = writeln!(out, "{v}");
    } else if let Some(file) = &a.written.out {
        let _ = writeln!(out, "{file}: {} (difficulty {})", d.entry.name, d.entry.difficulty);
    } else {
        let _ = write!(out, "{text}");
    }
    0
}
