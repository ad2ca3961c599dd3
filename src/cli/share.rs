//! `tessera share`: a level as a share code and back.

use super::args::{parse_args, read_pack};
use std::io::Write;

pub const USAGE: &str = "\
  tessera share encode FILE [--level ID]
                                   print the share code of a level of pack FILE (the first, or ID)
  tessera share decode CODE --out FILE [--force]
                                   write the level a share code holds as a one-level pack (or, as
                                   the game's paste field does, the scored board of a piece list)";

#[derive(clap::Parser)]
#[command(about = "Print the share code of a level", disable_version_flag = true)]
struct EncodeArgs {
    /// A pack file.
    #[arg(value_name = "FILE")]
    file: String,
    /// The level's id (default: the pack's first level).
    #[arg(long, value_name = "ID")]
    level: Option<String>,
}

#[derive(clap::Parser)]
#[command(about = "Write the level a share code holds as a one-level pack", disable_version_flag = true)]
struct DecodeArgs {
    #[arg(value_name = "CODE")]
    code: String,
    /// The pack file to write.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Replace FILE even when it holds something other than a one-level pack.
    #[arg(long)]
    force: bool,
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    match args.first().map(String::as_str) {
        Some("encode") => encode(&args[1..], out, err),
        Some("decode") => decode(&args[1..], out, err),
        Some("--help" | "-h") | None => {
            let _ = writeln!(if args.is_empty() { err as &mut dyn Write } else { out }, "usage:\n{USAGE}");
            if args.is_empty() {
                2
            } else {
                0
            }
        }
        Some(other) => {
            let _ = writeln!(err, "tessera share: unknown command `{other}` (encode or decode)\nusage:\n{USAGE}");
            2
        }
    }
}

fn encode(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: EncodeArgs = match parse_args("share encode", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let pack = match read_pack(&a.file) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "tessera share: {e}");
            return 2;
        }
    };
    let level = match &a.level {
        None => pack.levels.first(),
        Some(id) => pack.levels.iter().find(|l| &l.id == id),
    };
    let Some(level) = level else {
        let _ = writeln!(err, "tessera share: {}: no level `{}`", a.file, a.level.unwrap_or_default());
        return 2;
    };
    let code = crate::content::share::encode(&level.entry);
    // A code longer than `decode` takes would be a code nobody can open.
    if code.len() > crate::content::share::MAX_CODE {
        let _ = writeln!(
            err,
            "tessera share: {}: level `{}` makes a code of {} characters, more than the {} a code may have: share the pack file instead",
            a.file,
            level.id,
            code.len(),
            crate::content::share::MAX_CODE
        );
        return 2;
    }
    let _ = writeln!(out, "{code}");
    0
}

fn decode(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: DecodeArgs = match parse_args("share decode", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    // What the game's paste field opens, this opens: a family's own text (an edge-matching
    // piece list), else a share code.
    let read = crate::family::registry::pasted(&a.code).unwrap_or_else(|| crate::content::share::decode(&a.code));
    let entry = match read {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(err, "tessera share: {e}");
            return 2;
        }
    };
    let text = crate::level::write_pack(&entry.name, std::slice::from_ref(&entry));
    // The level must stand as a pack of its own before it is written.
    let stem = std::path::Path::new(&a.out).file_stem().and_then(|s| s.to_str()).unwrap_or("shared");
    if let Err(e) = crate::level::parse_pack(&text, &a.out, &crate::format::entry::id_from_name(stem)) {
        let _ = writeln!(err, "tessera share: the code holds a level that does not load: {}", e.message);
        return 2;
    }
    if let Err(e) = super::args::loadable_size(&text).and_then(|()| super::args::may_replace_pack(&a.out, a.force)) {
        let _ = writeln!(err, "tessera share: {e}");
        return 2;
    }
    if let Err(e) = std::fs::write(&a.out, text) {
        let _ = writeln!(err, "tessera share: {}: {e}", a.out);
        return 2;
    }
    let _ = writeln!(out, "{}: level `{}` ({})", a.out, entry.id, entry.name);
    0
}
