//! `tessera verify`: judge arrangements of pieces given as RON or JSON puzzle files.

use super::args::{file_error, parse_args, parse_tolerance, USAGE};
use crate::format::{load_puzzle, PuzzleFile};
use std::io::Write;
use std::path::Path;
use web_time::{Duration, Instant};

#[derive(clap::Parser)]
#[command(about = "Judge arrangements of pieces (RON or JSON puzzle files)", disable_version_flag = true)]
struct VerifyArgs {
    /// Puzzle files: `target`, `pieces`, `mode`, optional `allow_mirror`, `tolerance`.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Tolerance as a fraction of the figure's size (default 2e-4; overrides the files').
    #[arg(long, value_name = "REL", value_parser = parse_tolerance)]
    tolerance: Option<f64>,
    /// Give up a file's judgement after N milliseconds (default 20000; 0: no limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: Option<u64>,
    /// One JSON object per file.
    #[arg(long)]
    json: bool,
}

/// How long one file's judgement may take unless `--timeout-ms` says otherwise: far longer
/// than any level's (milliseconds), short enough that a hostile file cannot hold the command.
pub const VERIFY_DEFAULT_TIMEOUT_MS: u64 = 20_000;

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
        let timeout = super::args::time_limit(Some(a.timeout_ms.unwrap_or(VERIFY_DEFAULT_TIMEOUT_MS)));
        let judged = load_puzzle(Path::new(file))
            .map(|p| PuzzleFile { tolerance: a.tolerance.or(p.tolerance), ..p })
            .and_then(|p| p.build_repaired().map_err(|e| e.to_string()))
            .and_then(|(puzzle, pieces, repairs)| {
                // The engine does not watch the clock: the judgement runs on its own thread.
                crate::support::budget::within(
                    timeout.map(|ms| Instant::now() + Duration::from_millis(ms)),
                    move || puzzle.judge(&pieces),
                )
                .map(|v| (v, repairs))
                .ok_or_else(|| {
                    format!(
                        "no verdict within {} ms (the time limit; --timeout-ms sets another, 0 none)",
                        timeout.unwrap_or(0)
                    )
                })
            });
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
