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

/// The shots of `states` on the classic pack's arrow in `lang` at `w` x `h`: off screen in one
/// run of the game (`--shots`), or one through the real window under Xvfb.
fn shots_in(lang: &str, states: &[&str], (w, h): (u32, u32), window: bool) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let tag = if lang == "en" { String::new() } else { format!("-{lang}") };
    let outs: Vec<_> = states
        .iter()
        .map(|state| dir.join(format!("{state}-{w}x{h}{tag}{}.png", if window { "-window" } else { "" })))
        .collect();
    let mut cmd = if window {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1920x1080x24"]).arg(env!("CARGO_BIN_EXE_tessera"));
        c
    } else {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tessera"));
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        c
    };
    cmd.args(["screenshot", "--force", "--size", &format!("{w}x{h}")]);
    if window {
        assert_eq!(states.len(), 1, "one shot a window");
        cmd.args(["--level", "classic/arrow", "--state", states[0], "--out"]).arg(&outs[0]).arg("--window");
    } else {
        let list: String =
            states.iter().zip(&outs).map(|(s, o)| format!("{s} classic/arrow {}\n", o.display())).collect();
        let file = dir.join(format!("shots-{w}x{h}{tag}.txt"));
        std::fs::write(&file, list).unwrap();
        cmd.arg("--shots").arg(&file);
    }
    cmd.args(["--lang", lang]).env("WGPU_BACKEND", "vulkan").env("TESSERA_DATA_DIR", dir.join("data"));
    let run = cmd.output().expect("the command starts");
    let at = format!("{states:?} {w}x{h}");
    assert!(run.status.success(), "{at}: {}", String::from_utf8_lossy(&run.stderr));
    // Issue P2c: the log, captured here rather than on a terminal, has no colour escapes.
    assert!(!run.stderr.contains(&0x1b), "{at}: escapes in {}", String::from_utf8_lossy(&run.stderr));
    for out in outs {
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(png_size(&bytes), Some((w, h)), "{}", out.display());
        assert!(bytes.len() > 4_000, "{} looks empty ({} bytes)", out.display(), bytes.len());
    }
}

#[test]
fn menu_levels_settings_progress_and_solved_at_desktop_and_phone_sizes() {
    for size in [(1280u32, 800u32), (390, 844)] {
        let states = [
            "menu",
            "levels",
            "settings",
            "stats",
            "progress",
            "hint",
            "check",
            "glide",
            "celebrate",
            "solved",
            "tutorial",
        ];
        shots_in("en", &states, size, false);
        shots_in("pt-BR", &["menu", "progress"], size, false);
    }
}

#[test]
fn the_game_window_renders_under_xvfb() {
    let have_xvfb = Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(have_xvfb, "xvfb-run is missing: run scripts/deps --screenshots (scripts/test does)");
    shots_in("en", &["progress"], (1280, 800), true);
}
