//! `tessera import`: a figure drawn in SVG with a set's pieces, as a one-level pack; or a
//! BurrTools puzzle (`.xmpuzzle`), a level for each of its problems.

use super::args::parse_args;
use std::io::Write;

pub const USAGE: &str = "\
  tessera import FILE.svg --set SET --out FILE.ron [--name NAME] [--force]
                                   make a level of an SVG drawing of a set's pieces (their union is the figure)
  tessera import FILE.xmpuzzle --out FILE.ron [--name NAME] [--timeout-ms N] [--count-most N] [--force] [--json]
                                   make a polyomino or polycube level of each problem of a BurrTools puzzle
                                   (gzip or plain XML; cubes, or triangular prisms in one layer as
                                   polyiamonds) and count its assemblies as BurrTools
                                   does (up to the result's symmetries); --timeout-ms N bounds the whole import:
                                   reading, each problem's reference search, difficulty and count (default 20000
                                   per problem; 0: no limit), --count-most N stops a count at N; painted cells are kept whenever the file
                                   defines colours; one difference: two orientations of a painted piece
                                   on the same cells count once here, as one filling of those cells,
                                   where BurrTools counts each";

#[derive(clap::Parser)]
#[command(
    about = "Make a level of an SVG drawing of a set's pieces, or levels of a BurrTools puzzle (.xmpuzzle)",
    disable_version_flag = true
)]
struct ImportArgs {
    #[arg(value_name = "FILE.svg")]
    file: String,
    /// A built-in set: tangram, tpuzzle, pentominoes (SVG drawings).
    #[arg(long, value_name = "SET")]
    set: Option<String>,
    /// The pack file to write.
    #[arg(long, value_name = "FILE.ron")]
    out: String,
    /// The level's name (default: the file's name); of a puzzle file, the pack's.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The whole import (reference searches, difficulty measures, counts) stops after N ms
    /// (default 20000 per problem; 0: no limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::args::millis)]
    timeout_ms: Option<u64>,
    /// A BurrTools problem's count stops at N assemblies ("at least N").
    #[arg(long = "count-most", value_name = "N")]
    count_most: Option<u64>,
    /// Replace FILE.ron if it exists.
    #[arg(long)]
    force: bool,
    #[arg(long)]
    json: bool,
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: ImportArgs = match parse_args("import", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let path = std::path::Path::new(&a.file);
    let data = match crate::format::read_bytes(path) {
        Ok(d) => d,
        Err(e) => {
            let _ = writeln!(err, "tessera import: {}: {e}", a.file);
            return 2;
        }
    };
    if a.file.to_ascii_lowercase().ends_with(".xmpuzzle") {
        let limits = super::burr::Limits { timeout_ms: a.timeout_ms, count_most: a.count_most };
        return super::burr::import(&a.file, &data, &a.out, a.name.as_deref(), limits, a.force, a.json, out, err);
    }
    let Some(set) = a.set.as_deref().and_then(crate::pieces::PieceSet::builtin) else {
        let what = match &a.set {
            Some(name) => format!("unknown set `{name}`"),
            None => format!("{}: an SVG drawing needs --set SET", a.file),
        };
        let _ = writeln!(err, "tessera import: {what} (built in: {})", crate::pieces::BUILTIN.join(", "));
        return 2;
    };
    let name = a
        .name
        .clone()
        .unwrap_or_else(|| path.file_stem().map_or("Imported".into(), |s| s.to_string_lossy().into_owned()));
    let entry = match crate::content::import::import_svg(&data, &set, &name) {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(err, "tessera import: {}: {e}", a.file);
            return 2;
        }
    };
    let text = crate::level::write_pack(&name, std::slice::from_ref(&entry));
    let stem = std::path::Path::new(&a.out).file_stem().and_then(|s| s.to_str()).unwrap_or("imported");
    match crate::level::parse_pack(&text, &a.out, &crate::format::entry::id_from_name(stem)) {
        Ok(p) => {
            if let Err(e) = p.levels[0].check_solution() {
                let _ = writeln!(err, "tessera import: {}: the drawing does not make a level: {e}", a.file);
                return 2;
            }
        }
        Err(e) => {
            let _ = writeln!(err, "tessera import: {}: the drawing does not make a level: {}", a.file, e.message);
            return 2;
        }
    }
    let written = super::args::may_write(&a.out, a.force)
        .and_then(|()| std::fs::write(&a.out, text).map_err(|e| format!("{}: {e}", a.out)));
    if let Err(e) = written {
        let _ = writeln!(err, "tessera import: {e}");
        return 2;
    }
    let _ = writeln!(out, "{}: level `{}` ({} pieces)", a.out, entry.id, entry.solution.len());
    0
}
