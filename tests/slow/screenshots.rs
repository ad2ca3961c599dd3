//! Screenshots with Mesa's software Vulkan: the menu, the level list, a level in progress, a piece
//! mid-glide, the solve's celebration, the solved screen and the tutorial, at desktop and phone
//! sizes, and the menu and a level in Brazilian Portuguese, rendered off-screen (no display needed), plus one
//! through the game's real window under `xvfb-run`. Saved under `target/screenshots/`;
//! `scripts/test` installs xvfb and Mesa first.
#![cfg(feature = "game")]

use std::process::Command;

fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((be(16), be(20)))
}

fn shot(state: &str, (w, h): (u32, u32), window: bool) {
    shot_in("en", state, (w, h), window)
}

fn shot_in(lang: &str, state: &str, (w, h): (u32, u32), window: bool) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let tag = if lang == "en" { String::new() } else { format!("-{lang}") };
    let out = dir.join(format!("{state}-{w}x{h}{tag}{}.png", if window { "-window" } else { "" }));
    let mut cmd = if window {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1920x1080x24"]).arg(env!("CARGO_BIN_EXE_tessera"));
        c
    } else {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tessera"));
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        c
    };
    cmd.args(["screenshot", "--level", "classic/arrow", "--size", &format!("{w}x{h}"), "--state", state, "--out"])
        .arg(&out)
        .args(["--lang", lang])
        .env("WGPU_BACKEND", "vulkan")
        .env("TESSERA_DATA_DIR", dir.join("data"));
    if window {
        cmd.arg("--window");
    }
    let run = cmd.output().expect("the command starts");
    assert!(run.status.success(), "{state} {w}x{h}: {}", String::from_utf8_lossy(&run.stderr));
    // Issue P2c: the log, captured here rather than on a terminal, has no colour escapes.
    assert!(!run.stderr.contains(&0x1b), "{state} {w}x{h}: escapes in {}", String::from_utf8_lossy(&run.stderr));
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(png_size(&bytes), Some((w, h)), "{}", out.display());
    assert!(bytes.len() > 4_000, "{} looks empty ({} bytes)", out.display(), bytes.len());
}

#[test]
fn menu_levels_settings_progress_and_solved_at_desktop_and_phone_sizes() {
    for size in [(1280u32, 800u32), (390, 844)] {
        for state in ["menu", "levels", "settings", "progress", "hint", "glide", "celebrate", "solved", "tutorial"] {
            shot(state, size, false);
        }
        for state in ["menu", "progress"] {
            shot_in("pt-BR", state, size, false);
        }
    }
}

#[test]
fn the_game_window_renders_under_xvfb() {
    let have_xvfb = Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(have_xvfb, "xvfb-run is missing: run scripts/deps --screenshots (scripts/test does)");
    shot("progress", (1280, 800), true);
}
