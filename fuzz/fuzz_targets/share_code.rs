//! Share codes: any text decoded; a decoded level's code decodes, and codes are stable after
//! one trip (the compact form writes a number within 1e-9 of the lattice as the lattice
//! number, by design, so the first trip may move a number by that much, never the second).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::content::share::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let Ok(code) = std::str::from_utf8(data) else { return };
    if let Ok(entry) = decode(code) {
        let once = decode(&encode(&entry)).expect("a code made from a decoded level decodes");
        let twice = decode(&encode(&once)).expect("and so does the next");
        assert_eq!(once, twice, "a level's code is stable after one trip");
    }
});
