//! The player's files: the save and their own level packs. On the desktop they are files under
//! the data folder ([`super::paths`]); in the browser, which gives a page no files, each is an
//! entry of the page's `localStorage` under the same path (`tessera/progress.ron`), so the rest
//! of the game reads, writes, moves aside and lists them the same way on both
//! ([`crate::platform::store`]).

use crate::platform::store;
use std::io;
use std::path::{Path, PathBuf};

/// Whether `path` names a file (on the desktop, anything there, a link too: it is refused
/// when read, not taken for a missing file).
pub fn exists(path: &Path) -> bool {
    store::exists(path)
}

/// The file's text, within the limits every file is read with (`format::read_bytes`).
pub fn read_text(path: &Path) -> Result<String, String> {
    store::read_text(path)
}

/// Writes `text` to `path` atomically: a crash leaves the old file or the new one.
pub fn write(path: &Path, text: &str) -> io::Result<()> {
    store::write(path, text)
}

/// Moves a file (a save kept aside).
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    store::rename(from, to)
}

pub fn remove(path: &Path) -> io::Result<()> {
    store::remove(path)
}

/// The files directly in `dir` whose extension is `ext`, sorted (none if `dir` is missing).
pub fn list(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut paths = store::list(dir);
    paths.retain(|p| p.extension().is_some_and(|x| x == ext));
    paths.sort();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file written is read back, listed by its extension, moved and removed.
    #[test]
    fn files_are_written_listed_moved_and_removed() {
        let dir = std::env::temp_dir().join(format!("tessera-files-{}", std::process::id()));
        let (a, b) = (dir.join("a.ron"), dir.join("b.txt"));
        assert!(!exists(&a) && list(&dir, "ron").is_empty());
        write(&a, "(x: 1)").unwrap();
        write(&b, "text").unwrap();
        assert_eq!(read_text(&a).unwrap(), "(x: 1)");
        assert_eq!(list(&dir, "ron"), vec![a.clone()]);
        write(&a, "(x: 2)").unwrap();
        assert_eq!(read_text(&a).unwrap(), "(x: 2)", "a write replaces the file whole");
        let aside = dir.join("a.ron.corrupt-1");
        rename(&a, &aside).unwrap();
        assert!(!exists(&a) && exists(&aside) && list(&dir, "ron").is_empty());
        remove(&aside).unwrap();
        assert!(!exists(&aside));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
