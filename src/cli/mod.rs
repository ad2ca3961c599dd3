//! Headless commands of the `tessera` binary. None of them opens a window (but
//! `screenshot --window`, which exists to test the game window).

pub mod analyse;
mod args;
pub mod burr;
pub mod daily;
pub mod import;
mod lattice;
pub mod levels;
pub mod poly;
pub mod sdp;
pub mod share;
pub mod shots;
pub mod solve;
pub mod tiles;
pub mod verify;

pub use args::USAGE;
use std::io::Write;

/// Runs a headless command; returns the process exit code. `None` means no command was
/// given, or a command this layer does not know (`screenshot`, which the game layer runs):
/// the caller decides.
pub fn run(args: &[String]) -> Option<i32> {
    let (cmd, rest) = args.split_first()?;
    // What a person reads: control characters escaped, errors' lines kept short.
    let out = &mut args::Plain::new(std::io::stdout().lock(), None);
    // The error stream is not held for the whole command: a search's threads report progress
    // on it while the command waits for them (held, `pack --progress` and `edge best` on
    // several threads in a terminal waited on each other forever).
    let err = &mut args::Plain::new(std::io::stderr(), Some(args::ERROR_LINE_BYTES));
    Some(match cmd.as_str() {
        "verify" => verify::verify(rest, out, err),
        "levels" => levels::levels(rest, out, err),
        "solve" => solve::solve(rest, out, err),
        "check-levels" => levels::check_levels(rest, out, err),
        "parts" => poly::parts(rest, out, err),
        "pack" => poly::pack(rest, out, err),
        "show" => poly::show(rest, out, err),
        "edge" => tiles::run(rest, out, err),
        "share" => share::run(rest, out, err),
        "daily" => daily::run(rest, out, err),
        "import" => import::run(rest, out, err),
        "export" => burr::export(rest, out, err),
        "analyse" | "analyze" => analyse::run(rest, out, err),
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
        "{USAGE}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n  tessera --version                print the version",
        poly::USAGE,
        tiles::USAGE,
        share::USAGE,
        daily::USAGE,
        import::USAGE,
        burr::USAGE,
        analyse::USAGE
    )
}
