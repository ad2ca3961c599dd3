//! The desktop's side of the seam ([`super`]): files, no page, threads instead of workers.

/// The player's files under the data folder.
pub mod store {
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    pub fn exists(path: &Path) -> bool {
        !std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
    }

    pub fn read_text(path: &Path) -> Result<String, String> {
        crate::format::read_text(path)
    }

    /// Written aside, flushed to the disk, then moved over the old file: a crash leaves the
    /// old file or the new one.
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

/// No page around the game: every question about one is answered `None`, every message to
/// one goes nowhere (the desktop says its words through AccessKit).
pub mod page {
    pub fn address() -> Option<String> {
        None
    }
    pub fn taken_from_address(_key: &str) -> Option<String> {
        None
    }
    pub fn prefers_light() -> Option<bool> {
        None
    }
    pub fn coarse_pointer() -> Option<bool> {
        None
    }
    pub fn in_a_worker() -> bool {
        false
    }
    pub fn say(_words: &str) {}
    pub fn mirror(_json: &str) {}
    pub fn resume_code(_code: Option<&str>) {}
    pub fn resume_board(_board: Option<&str>) {}
    pub fn lifts() -> Vec<(u64, f32)> {
        Vec::new()
    }
    pub fn download(_name: &str, _text: &str) -> Option<Result<(), String>> {
        None
    }
    pub fn pick_file() -> bool {
        false
    }
    pub fn offer_pick(_rect: Option<[f32; 4]>) {}
    pub fn picked() -> Option<Result<Option<(String, String)>, String>> {
        None
    }
    /// The desktop hears a new gamepad at the next frame any input wakes.
    pub fn when_gamepad_connects(_wake: impl Fn() + 'static) {}
}

/// No workers: the desktop runs its solvers on the task pool's threads.
pub mod worker {
    pub fn post(
        _job: u64,
        _message: String,
        _on_message: impl Fn(String) + 'static,
        on_fail: impl Fn(String) + 'static,
    ) {
        on_fail("the desktop runs its solvers on threads, not workers".into());
    }
    pub fn end(_job: u64) {}
}

/// The probe's JSON goes to the file `TESSERA_PROBE` names.
pub mod probe {
    use std::path::{Path, PathBuf};

    pub fn target() -> Option<PathBuf> {
        std::env::var_os("TESSERA_PROBE").map(Into::into)
    }

    /// Written aside, then moved: a reader sees the old JSON or the new one, whole.
    pub fn publish(file: &Path, json: &str) -> bool {
        let tmp = file.with_extension("tmp");
        std::fs::write(&tmp, json).and_then(|_| std::fs::rename(&tmp, file)).is_ok()
    }
}
