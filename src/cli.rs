//! Headless commands of the `tessera` binary. None of them opens a window.

use crate::format::load_puzzle;
use std::io::Write;
use std::path::Path;

pub const USAGE: &str = "\
usage:
  tessera                          play (needs the default `game` feature)
  tessera verify FILE... [--json]  judge arrangements of pieces (RON or JSON puzzle files)
  tessera help                     this text";

/// Runs a headless command; returns the process exit code. `None` means no command was
/// given (the caller starts the game).
pub fn run(args: &[String]) -> Option<i32> {
    let (cmd, rest) = args.split_first()?;
    Some(match cmd.as_str() {
        "verify" => verify(rest, &mut std::io::stdout().lock(), &mut std::io::stderr().lock()),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            0
        }
        other => {
            eprintln!("tessera: unknown command `{other}`\n{USAGE}");
            2
        }
    })
}

/// `tessera verify FILE... [--json]`: exit 0 when every file was judged, 2 when any file was
/// malformed (the others are still judged).
pub fn verify(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let json = args.iter().any(|a| a == "--json");
    if let Some(bad) = args.iter().find(|a| a.starts_with("--") && *a != "--json") {
        let _ = writeln!(err, "tessera verify: unknown option `{bad}`\n{USAGE}");
        return 2;
    }
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    if files.is_empty() {
        let _ = writeln!(err, "tessera verify: no FILE given\n{USAGE}");
        return 2;
    }
    let mut code = 0;
    for file in files {
        let judged = load_puzzle(Path::new(file))
            .and_then(|p| p.build().map_err(|e| e.to_string()))
            .map(|(puzzle, pieces)| puzzle.judge(&pieces));
        match judged {
            Ok(v) => {
                let line = if json {
                    serde_json::json!({
                        "file": file,
                        "solved": v.solved,
                        "progress": v.progress,
                        "overlap": v.overlap,
                        "holes": v.holes,
                        "contours": v.contours,
                        "mirrored": v.mirrored,
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
            }
            Err(problem) => {
                code = 2;
                let _ = writeln!(err, "tessera verify: {file}: {problem}");
                if json {
                    let _ = writeln!(out, "{}", serde_json::json!({ "file": file, "error": problem }));
                }
            }
        }
    }
    code
}
