//! `tessera import`: a figure drawn in SVG with a set's pieces, as a one-level pack.

use super::args::parse_args;
use std::io::Write;

pub const USAGE: &str = "\
  tessera import FILE.svg --set SET --out FILE.ron [--name NAME]
                                   make a level of an SVG drawing of a set's pieces (their union is the figure)";

#[derive(clap::Parser)]
#[command(about = "Make a level of an SVG drawing of a set's pieces", disable_version_flag = true)]
struct ImportArgs {
    #[arg(value_name = "FILE.svg")]
    file: String,
    /// A built-in set: tangram, tpuzzle, pentominoes.
    #[arg(long, value_name = "SET")]
    set: String,
    /// The pack file to write.
    #[arg(long, value_name = "FILE.ron")]
    out: String,
    /// The level's name (default: the file's name).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
}

pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> i32 {
    let a: ImportArgs = match parse_args("import", args, USAGE, out, err) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let Some(set) = crate::pieces::PieceSet::builtin(&a.set) else {
        let _ =
            writeln!(err, "tessera import: unknown set `{}` (built in: {})", a.set, crate::pieces::BUILTIN.join(", "));
        return 2;
    };
    let path = std::path::Path::new(&a.file);
    let data = match crate::format::read_bytes(path) {
        Ok(d) => d,
        Err(e) => {
            let _ = writeln!(err, "tessera import: {}: {e}", a.file);
            return 2;
        }
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
    match crate::level::parse_pack(&text, &a.out, &crate::content::share::id_from_name(stem)) {
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
    if let Err(e) = std::fs::write(&a.out, text) {
        let _ = writeln!(err, "tessera import: {}: {e}", a.out);
        return 2;
    }
    let _ = writeln!(out, "{}: level `{}` ({} pieces)", a.out, entry.id, entry.solution.len());
    0
}
