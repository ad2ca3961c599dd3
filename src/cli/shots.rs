//! `tessera screenshot`'s files, checked before the game starts (the command itself lives in
//! the game layer): the `--shots` list, one `STATE PACK/ID OUT` a line, and every picture a run
//! is to write. Nothing is drawn, and no file is touched, until all of them stand.

use std::path::{Path, PathBuf};

/// The most shots one list may ask for (each is a run of the game to a screen).
pub const MAX_SHOTS: usize = 1000;

/// One line of a `--shots` list: the state (its place in the `states` the command names), the
/// level and the picture to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub state: usize,
    pub level: String,
    pub out: PathBuf,
}

/// Reads the list in `file` through the bounded reader every command uses (regular files only,
/// at most [`crate::format::MAX_FILE_BYTES`]: a device or a pipe is refused at once).
pub fn read(file: &str, states: &[&str]) -> Result<Vec<Line>, String> {
    let text = crate::format::read_text(Path::new(file)).map_err(|e| format!("{file}: {e}"))?;
    parse(file, &text, states)
}

/// The lines of a list's text; errors name `file` and the line.
pub fn parse(file: &str, text: &str, states: &[&str]) -> Result<Vec<Line>, String> {
    let mut shots: Vec<Line> = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        // STATE and PACK/ID are words; OUT is the rest of the line (a name may hold spaces).
        let word = |s: &str| -> (String, String) {
            let s = s.trim();
            let (w, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
            (w.to_string(), rest.trim().to_string())
        };
        let (state, rest) = word(line);
        let (level, out) = word(&rest);
        let state = states.iter().position(|k| *k == state);
        let (Some(state), false, false) = (state, level.is_empty(), out.is_empty()) else {
            return Err(format!("{file}:{}: expected `STATE PACK/ID OUT`, found {line:?}", n + 1));
        };
        if let Some(k) = shots.iter().position(|s| s.out == Path::new(&out)) {
            return Err(format!("{file}:{}: {out} is written by an earlier line too (shot {})", n + 1, k + 1));
        }
        if shots.len() == MAX_SHOTS {
            return Err(format!("{file}: more than {MAX_SHOTS} shots"));
        }
        shots.push(Line { state, level, out: out.into() });
    }
    if shots.is_empty() {
        return Err(format!("{file}: no shots"));
    }
    Ok(shots)
}

/// Whether a picture may be saved at `out`: a name ending in `.png` (the one format written),
/// in a folder that exists, and no file there already unless `force` (an empty one aside).
pub fn may_save(out: &Path, force: bool) -> Result<(), String> {
    let shown = out.display();
    if !out.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        return Err(format!("{shown}: pictures are saved as PNG, so the name ends in .png"));
    }
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!("{shown}: the folder {} does not exist", folder.display()));
    }
    super::args::may_write(&out.to_string_lossy(), force)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATES: [&str; 2] = ["menu", "start"];

    #[test]
    fn lists_are_read_line_by_line() {
        let shots = parse("s.txt", "menu a/b x.png\n\nstart c/d y y.png\n", &STATES).unwrap();
        assert_eq!(shots[1], Line { state: 1, level: "c/d".into(), out: "y y.png".into() });
        // Words apart by more than one space (a line the fuzzer wrote read an empty level).
        let shots = parse("s.txt", "start \t a/b   x.png \n", &STATES).unwrap();
        assert_eq!(shots[0], Line { state: 1, level: "a/b".into(), out: "x.png".into() });
        for (text, says) in [
            ("menu a/b\n", "s.txt:1: expected"),
            ("sideways a/b x.png\n", "s.txt:1: expected"),
            ("menu a/b x.png\nstart a/b x.png\n", "s.txt:2: x.png is written by an earlier line too"),
            ("\n \n", "s.txt: no shots"),
        ] {
            let e = parse("s.txt", text, &STATES).unwrap_err();
            assert!(e.contains(says), "{text:?}: {e}");
        }
        let many: String = (0..=MAX_SHOTS).map(|k| format!("menu a/b {k}.png\n")).collect();
        assert!(parse("s.txt", &many, &STATES).unwrap_err().contains("more than 1000 shots"));
    }

    #[test]
    fn pictures_go_where_they_can_be_saved() {
        let dir = std::env::temp_dir().join(format!("tessera-shots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(may_save(&dir.join("a.png"), false).is_ok());
        assert!(may_save(&dir.join("a.jpg"), false).unwrap_err().contains("ends in .png"));
        assert!(may_save(&dir.join("no/a.png"), false).unwrap_err().contains("does not exist"));
        std::fs::write(dir.join("b.png"), "x").unwrap();
        assert!(may_save(&dir.join("b.png"), false).unwrap_err().contains("--force"));
        assert!(may_save(&dir.join("b.png"), true).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
