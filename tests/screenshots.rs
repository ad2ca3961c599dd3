//! Screenshots of the real window under `xvfb-run` with Mesa's software Vulkan: the menu, a
//! level in progress and the solved screen, at desktop and phone sizes, saved under
//! `target/screenshots/`. `scripts/test` installs xvfb and Mesa first.
#![cfg(feature = "game")]

use std::process::Command;

fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((be(16), be(20)))
}

#[test]
fn menu_progress_and_solved_at_desktop_and_phone_sizes() {
    let have_xvfb = Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(have_xvfb, "xvfb-run is missing: run scripts/deps --screenshots (scripts/test does)");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    for (w, h) in [(1280u32, 800u32), (390, 844)] {
        for state in ["menu", "levels", "progress", "solved"] {
            let out = dir.join(format!("{state}-{w}x{h}.png"));
            let run = Command::new("xvfb-run")
                .args(["-a", "-s", "-screen 0 1920x1080x24"])
                .arg(env!("CARGO_BIN_EXE_tessera"))
                .args(["screenshot", "--level", "classic/arrow", "--size", &format!("{w}x{h}"), "--state", state, "--out"])
                .arg(&out)
                .env("WGPU_BACKEND", "vulkan")
                .env("TESSERA_DATA_DIR", dir.join("data"))
                .output()
                .expect("xvfb-run starts");
            assert!(run.status.success(), "{state} {w}x{h}: {}", String::from_utf8_lossy(&run.stderr));
            let bytes = std::fs::read(&out).unwrap();
            assert_eq!(png_size(&bytes), Some((w, h)), "{}", out.display());
            assert!(bytes.len() > 4_000, "{} looks empty ({} bytes)", out.display(), bytes.len());
        }
    }
}
