//! A save file's text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(d) = tessera::support::save::parse(text) {
        assert!((0.5..=3.0).contains(&d.settings.ui_scale));
    }
});
