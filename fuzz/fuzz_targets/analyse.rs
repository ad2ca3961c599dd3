//! `tessera analyse`: a level pack parsed and every level analysed (solutions counted, the
//! difficulty estimated), each analysis cancelled after 200 ms so slow inputs are not hangs.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pack) = tessera::level::parse_pack(text, "fuzz.ron", "fuzz") else { return };
    for level in pack.levels.iter().take(4) {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        });
        let a = tessera::content::analysis::Analysis::run(level, 20, Some(cancel));
        // A level that claims a solution was counted with one; a unique one is solvable.
        assert!(!a.unique() || a.solvable());
        let _ = a.verdict();
        timer.join().unwrap();
    }
});
