//! What the commands share: the top-level usage text, parsing a command's arguments with clap
//! and wording its mistakes, reporting a file that failed, a vertex as JSON, reading a pack.

use std::io::Write;

pub const USAGE: &str = "\
usage:
  tessera                          play (needs the default `game` feature)
  tessera verify FILE... [--timeout-ms N] [--json]
                                   judge arrangements of pieces (RON or JSON puzzle files)
  tessera solve FILE... [--all] [--limit N] [--timeout-ms N] [--fewer] [--json]
                                   fill a figure with a set of pieces (RON or JSON: target, pieces);
                                   --fewer: pieces may be left over (no scaling then)
  tessera solve FILE... --method sdp [--index SET] [--limit STEPS] [--timeout-ms N] [--json]
                                   the rank-one SDP (pieces that only translate: rotation_step 360)
  tessera levels [--json]          list level packs (embedded and user) and load errors
  tessera levels --measure [--timeout-ms N] [--json]
                                   measure every level's difficulty (the whole run within N ms)
  tessera check-levels [DIR] [--json]
                                   check every level (of DIR's packs, or embedded + user): it parses,
                                   its reference solution verifies, and a solver solves it (the geometric
                                   solver for tangram levels, the packer for polyomino levels, the exact
                                   solver for edge-matching levels, which also proves promised uniqueness)
  tessera screenshot --level PACK/ID --size WxH --out FILE [--state start|progress|hint|solved|menu|levels|settings] [--window]
                                   render one frame of the game to a PNG (off-screen; --window: in a window)
  tessera help                     this text (every command also answers --help)";

/// Parses one command's arguments with clap. `Ok(None)`: help was asked for and printed to
/// `out`. `Err`: what is wrong, in the project's words.
pub(crate) fn try_parse_args<T: clap::Parser>(
    name: &str,
    args: &[String],
    out: &mut impl Write,
) -> Result<Option<T>, String> {
    let argv = std::iter::once(format!("tessera {name}")).chain(args.iter().cloned());
    match T::try_parse_from(argv) {
        Ok(t) => Ok(Some(t)),
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            let _ = write!(out, "{}", e.render());
            Ok(None)
        }
        Err(e) => Err(describe_clap_error(&e)),
    }
}

/// As [`try_parse_args`], answering with the exit code when there is nothing to run: 0 after
/// help, 2 after a mistake (the reason and `usage` went to `err`).
pub(crate) fn parse_args<T: clap::Parser>(
    name: &str,
    args: &[String],
    usage: &str,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<T, i32> {
    match try_parse_args(name, args, out) {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(0),
        Err(problem) => {
            let _ = writeln!(err, "tessera {name}: {problem}\n{usage}");
            Err(2)
        }
    }
}

/// A clap error in the project's words: `unknown option `--x`` for an unknown option, else
/// clap's own first line.
fn describe_clap_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::UnknownArgument {
        if let Some(ContextValue::String(a)) = e.get(ContextKind::InvalidArg) {
            return if a.starts_with('-') {
                format!("unknown option `{a}`")
            } else {
                format!("unexpected argument `{a}`")
            };
        }
    }
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or("invalid arguments");
    first.trim_start_matches("error: ").to_string()
}

/// `--tolerance`: a number in [`crate::geom::Tol::REL_RANGE`].
pub(crate) fn parse_tolerance(s: &str) -> Result<f64, String> {
    let x: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    crate::geom::Tol::check_rel(x)
}

/// Reports a file that could not be read or built: on stderr, and as a JSON line with `file`
/// and `error` when JSON output was asked for (so the output keeps one line per file).
pub fn file_error(cmd: &str, file: &str, problem: &str, json: bool, out: &mut impl Write, err: &mut impl Write) {
    let _ = writeln!(err, "tessera {cmd}: {file}: {problem}");
    if json {
        let _ = writeln!(out, "{}", serde_json::json!({ "file": file, "error": problem }));
    }
}

/// A vertex as JSON: `[x, y]`, or `{"at": [x, y], "arc": {...}}` for an arc's start, as the
/// input format writes it (`-0` printed as `0`).
pub fn vertex_json(v: &crate::geom::Vertex) -> serde_json::Value {
    let n = |x: f64| if x == 0.0 { 0.0 } else { x };
    let at = serde_json::json!([n(v.at.x), n(v.at.y)]);
    match v.arc {
        None => at,
        Some(a) => serde_json::json!({"at": at, "arc": {"center": [n(a.center.x), n(a.center.y)], "ccw": a.ccw}}),
    }
}

/// A pack file read and checked, its id made from the file's name; the error names the file.
pub(crate) fn read_pack(file: &str) -> Result<crate::level::Pack, String> {
    let text = crate::format::read_text(std::path::Path::new(file)).map_err(|e| format!("{file}: {e}"))?;
    let id = std::path::Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("pack");
    crate::level::parse_pack(&text, file, &crate::format::entry::id_from_name(id)).map_err(|e| e.to_string())
}

/// Whether a command that writes a one-level pack (`share decode`, `daily`) may write `path`:
/// a missing or empty file, or a one-level pack (what these commands write), may be replaced;
/// anything else only with `force`, so that a pack of many levels is not lost to a typo.
pub(crate) fn may_replace_pack(path: &str, force: bool) -> Result<(), String> {
    let p = std::path::Path::new(path);
    let Ok(meta) = std::fs::symlink_metadata(p) else { return Ok(()) };
    if force || (meta.is_file() && meta.len() == 0) {
        return Ok(());
    }
    if !meta.is_file() {
        return Err(format!("{path} exists and is not a regular file"));
    }
    let levels = crate::format::read_text(p).ok().and_then(|t| crate::level::parse_pack(&t, path, "existing").ok());
    match levels {
        Some(pack) if pack.levels.len() == 1 => Ok(()),
        Some(pack) => Err(format!("{path} holds a pack of {} levels; pass --force to replace it", pack.levels.len())),
        None => Err(format!("{path} exists and is not a one-level pack; pass --force to replace it")),
    }
}

/// A file a command is about to write: refused when something is there already, unless
/// `force` (an empty regular file, as `mktemp` leaves, is written anyway). What is not a
/// regular file (a FIFO, a device, a folder) is refused even with `force`: writing to one would
/// block or land somewhere else.
pub(crate) fn may_write(path: &str, force: bool) -> Result<(), String> {
    let Ok(meta) = std::fs::metadata(path) else { return Ok(()) };
    if !meta.is_file() {
        return Err(format!("{path} exists and is not a regular file"));
    }
    if force || meta.len() == 0 {
        return Ok(());
    }
    Err(format!("{path} exists; pass --force to replace it"))
}

/// A pack text a command is about to write: at most what the loader reads back.
pub(crate) fn loadable_size(text: &str) -> Result<(), String> {
    let limit = crate::format::MAX_FILE_BYTES;
    if text.len() as u64 > limit {
        return Err(format!("the pack would be {} bytes, more than the {limit} a pack file may have", text.len()));
    }
    Ok(())
}

/// A terminal stream made safe for what hostile input may hold: control characters (but line
/// feeds and tabs) are written as `\xNN`, and DEL and the C1 controls (U+0080 to U+009F, which
/// some terminals obey as escape sequences) as `\u00NN`, the escape JSON reads (serde_json
/// escapes the others itself but writes these as they are, so `--json` stays JSON); with `cut`, a line longer than that many
/// bytes is cut with a note of how much was left out, so a level name cannot drive the terminal
/// and a huge input quoted in an error cannot flood it.
pub(crate) struct Plain<W: Write> {
    inner: W,
    cut: Option<usize>,
    /// Bytes of the current line written, and left out.
    line: usize,
    dropped: usize,
    /// A 0xC2 byte held back until the next says whether it starts a C1 control.
    held: bool,
}

impl<W: Write> Plain<W> {
    pub(crate) fn new(inner: W, cut: Option<usize>) -> Plain<W> {
        Plain { inner, cut, line: 0, dropped: 0, held: false }
    }

    /// Byte `b` of the text, written as `shown` (the byte itself, or its escape: `len` bytes of
    /// the text in all).
    fn put(&mut self, out: &mut Vec<u8>, b: u8, shown: Option<String>, len: usize) {
        if b == b'\n' {
            if self.dropped > 0 {
                out.extend(format!(" [... {} more bytes]", self.dropped).bytes());
            }
            (self.line, self.dropped) = (0, 0);
            out.push(b);
            return;
        }
        // A continuation byte goes with the character it belongs to.
        let starts_char = b & 0xc0 != 0x80;
        if self.dropped > 0 || (starts_char && self.cut.is_some_and(|c| self.line >= c)) {
            self.dropped += len;
            return;
        }
        match shown {
            Some(text) => {
                self.line += text.len();
                out.extend(text.bytes());
            }
            None => {
                self.line += 1;
                out.push(b);
            }
        }
    }
}

impl<W: Write> Write for Plain<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = Vec::with_capacity(buf.len());
        for &b in buf {
            if std::mem::take(&mut self.held) {
                if (0x80..=0x9f).contains(&b) {
                    self.put(&mut out, 0xc2, Some(format!("\\u{b:04x}")), 2);
                    continue;
                }
                self.put(&mut out, 0xc2, None, 1);
            }
            if b == 0xc2 {
                self.held = true;
            } else if b < 0x20 && b != b'\t' && b != b'\n' {
                self.put(&mut out, b, Some(format!("\\x{b:02x}")), 1);
            } else if b == 0x7f {
                self.put(&mut out, b, Some("\\u007f".into()), 1);
            } else {
                self.put(&mut out, b, None, 1);
            }
        }
        self.inner.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The longest line a command writes to standard error.
pub(crate) const ERROR_LINE_BYTES: usize = 1000;

/// A `--timeout-ms` as given: 0 means no limit, in every command.
pub fn time_limit(ms: Option<u64>) -> Option<u64> {
    ms.filter(|&ms| ms > 0)
}

/// `--timeout-ms`'s value: a whole number of milliseconds, 0 or more (a negative number is
/// named as such, not taken for an unknown option).
pub fn millis(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| format!("`{s}` is not a whole number of milliseconds, 0 or more (0: no limit)"))
}

/// The packer's count as a sentence: how many solutions, whether up to symmetry, whether the
/// search went to its end, and its nodes and time.
pub(crate) fn counted(res: &crate::polyform::pack::PackOutcome, unique: bool, ms: f64) -> String {
    format!(
        "{} solution(s){}{} ({} nodes, {ms:.1} ms)",
        res.solutions,
        if unique { " up to symmetry" } else { "" },
        if res.complete { "" } else { ", search stopped early" },
        res.nodes
    )
}

#[cfg(test)]
mod tests {
    /// Issue P2b, item 13: a pack larger than the loader reads is not written.
    #[test]
    fn a_pack_larger_than_a_pack_file_may_be_is_refused() {
        let limit = crate::format::MAX_FILE_BYTES as usize;
        assert!(super::loadable_size(&"x".repeat(limit)).is_ok());
        let e = super::loadable_size(&"x".repeat(limit + 1)).unwrap_err();
        assert!(e.contains("more than"), "{e}");
    }

    /// Issue P2b, items 16 and 17: control characters are shown, not sent, and a long line is
    /// cut with a note (never inside a character).
    #[test]
    fn the_terminal_sees_escapes_and_short_lines() {
        use std::io::Write;
        let mut out = super::Plain::new(Vec::new(), None);
        writeln!(out, "a\x1b[2Jb\x07\tc").unwrap();
        assert_eq!(String::from_utf8(out.inner).unwrap(), "a\\x1b[2Jb\\x07\tc\n");
        // Issue P2c: the C1 controls too (CSI and OSC); other characters after 0xC2 pass.
        let mut out = super::Plain::new(Vec::new(), None);
        writeln!(out, "a\u{9b}2Jb\u{9d}0;x\u{7}§é").unwrap();
        assert_eq!(String::from_utf8(out.inner).unwrap(), "a\\u009b2Jb\\u009d0;x\\x07§é\n");
        let mut err = super::Plain::new(Vec::new(), Some(10));
        write!(err, "{}\nok\n", "é".repeat(20)).unwrap();
        let text = String::from_utf8(err.inner).expect("still UTF-8");
        assert_eq!(text, format!("{} [... 30 more bytes]\nok\n", "é".repeat(5)));
    }
}

/// How many answers a search may give and for how long: `--all`, `--limit N`,
/// `--timeout-ms N` (`tessera solve`, `tessera edge solve`).
#[derive(clap::Args)]
pub(crate) struct Counting {
    /// Every solution (at most --limit).
    #[arg(long)]
    pub all: bool,
    /// Most solutions (at least 1); `edge solve --method lp`: most linear programs (default 50).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Stop the search after N milliseconds (0: no limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = millis)]
    pub timeout_ms: Option<u64>,
}

/// Where a command that makes a file writes it: `--out FILE`, `--force`, and `--json` for a
/// summary (`tessera daily`, `tessera edge generate`).
#[derive(clap::Args)]
pub(crate) struct Written {
    /// Write the file here (default: print it).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Replace the --out file when it is there already.
    #[arg(long)]
    pub force: bool,
    /// Print a JSON summary.
    #[arg(long)]
    pub json: bool,
}
