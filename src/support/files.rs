//! The player's files: the save and their own level packs. On the desktop they are files under
//! the data folder ([`super::paths`]); in the browser, which gives a page no files, each is an
//! entry of the page's `localStorage` under the same path (`tessera/progress.ron`), so the rest
//! of the game reads, writes, moves aside and lists them the same way on both.

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

#[cfg(not(target_arch = "wasm32"))]
mod store {
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    pub fn exists(path: &Path) -> bool {
        !std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
    }

    pub fn read_text(path: &Path) -> Result<String, String> {
        crate::format::read_text(path)
    }

    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let tmp = path.with_file_name(format!("{name}.tmp-{}", std::process::id()));
        {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
        std::fs::rename(&tmp, path)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    pub fn list(dir: &Path) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
        entries.filter_map(|e| e.ok().map(|e| e.path())).collect()
    }
}

#[cfg(target_arch = "wasm32")]
mod store {
    use std::io;
    use std::path::{Path, PathBuf};

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser gives the page no storage (private mode?)"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().replace('\\', "/")
    }

    fn get(path: &Path) -> Option<String> {
        storage().ok()?.get_item(&key(path)).ok().flatten()
    }

    fn refused(e: wasm_bindgen::JsValue) -> io::Error {
        let why = js_sys::Error::from(e).message().as_string().unwrap_or_default();
        io::Error::other(format!("the browser's storage refused it (full?): {why}"))
    }

    pub fn exists(path: &Path) -> bool {
        get(path).is_some()
    }

    pub fn read_text(path: &Path) -> Result<String, String> {
        let text = get(path).ok_or("cannot read: no such file in the browser's storage")?;
        if text.len() as u64 > crate::format::MAX_FILE_BYTES {
            return Err(format!(
                "file is {} bytes, more than the limit of {}",
                text.len(),
                crate::format::MAX_FILE_BYTES
            ));
        }
        Ok(text)
    }

    /// One `setItem` replaces the whole entry or fails leaving it as it was: atomic.
    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        storage()?.set_item(&key(path), text).map_err(refused)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = get(from).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        write(to, &text)?;
        remove(from)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        storage()?.remove_item(&key(path)).map_err(refused)
    }

    pub fn list(dir: &Path) -> Vec<PathBuf> {
        let Ok(s) = storage() else { return Vec::new() };
        let prefix = format!("{}/", key(dir).trim_end_matches('/'));
        (0..s.length().unwrap_or(0))
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| k.strip_prefix(&prefix).is_some_and(|rest| !rest.is_empty() && !rest.contains('/')))
            .map(PathBuf::from)
            .collect()
    }
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
