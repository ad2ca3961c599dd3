//! `tessera screenshot --shots FILE`: any text read as a shot list; a list it accepts has
//! every line's state among the names given, no picture twice, at most the cap of shots.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::cli::shots::{parse, MAX_SHOTS};

const STATES: [&str; 4] = ["menu", "start", "solved", "editor"];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(shots) = parse("shots.txt", text, &STATES) {
        assert!(!shots.is_empty() && shots.len() <= MAX_SHOTS);
        for (i, s) in shots.iter().enumerate() {
            assert!(s.state < STATES.len());
            assert!(!s.level.is_empty() && !s.out.as_os_str().is_empty());
            assert!(shots[..i].iter().all(|t| t.out != s.out), "a picture written twice");
        }
    }
});
