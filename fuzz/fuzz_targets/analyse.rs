//! `tessera analyse`: a level pack parsed and every level analysed (solutions counted, the
//! difficulty estimated), each analysis given a budget of 200 ms so slow inputs are not hangs.
#![no_main]
use libfuzzer_sys::fuzz_target;


fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pack) = tessera::level::parse_pack(text, "fuzz.ron", "fuzz") else { return };
    for level in pack.levels.iter().take(4) {
        let budget = tessera::support::budget::Budget::ms(Some(200));
        let a = tessera::content::analysis::Analysis::run(level, 20, &budget);
        // A level that claims a solution was counted with one; a unique one is solvable.
        assert!(!a.unique() || a.solvable());
        let _ = a.verdict();
    }
});
