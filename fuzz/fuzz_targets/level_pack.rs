//! A level pack, parsed and validated; each level's reference solution judged.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pack) = tessera::level::parse_pack(text, "fuzz.ron", "fuzz") {
        for level in &pack.levels {
            let _ = level.check_solution();
        }
    }
});
