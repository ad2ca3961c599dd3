//! Where Tessera keeps the player's files: `TESSERA_DATA_DIR` if set, else the platform's
//! data directory (`$XDG_DATA_HOME/tessera`, `~/.local/share/tessera`, `%APPDATA%\tessera`,
//! `~/Library/Application Support/tessera`); in the browser, `tessera`, the prefix of the
//! page's storage entries (`support::files`).

use std::path::PathBuf;

pub fn data_dir() -> PathBuf {
    if crate::platform::BROWSER {
        return PathBuf::from("tessera");
    }
    if let Some(d) = std::env::var_os("TESSERA_DATA_DIR") {
        return PathBuf::from(d);
    }
    if cfg!(windows) {
        if let Some(a) = std::env::var_os("APPDATA") {
            return PathBuf::from(a).join("tessera");
        }
    }
    if cfg!(target_os = "macos") {
        if let Some(h) = std::env::var_os("HOME") {
            return PathBuf::from(h).join("Library/Application Support/tessera");
        }
    }
    if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|x| !x.is_empty()) {
        return PathBuf::from(x).join("tessera");
    }
    match std::env::var_os("HOME") {
        Some(h) => PathBuf::from(h).join(".local/share/tessera"),
        None => PathBuf::from(".tessera"),
    }
}

/// User level packs: `<data dir>/levels/*.ron`.
pub fn user_levels_dir() -> PathBuf {
    data_dir().join("levels")
}

/// The save file.
pub fn save_file() -> PathBuf {
    data_dir().join("progress.ron")
}
