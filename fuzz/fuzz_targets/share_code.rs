//! Share codes: any text decoded, a decoded level encoded again and decoded to the same entry.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(code) = std::str::from_utf8(data) else { return };
    if let Ok(entry) = tessera::content::share::decode(code) {
        let again = tessera::content::share::decode(&tessera::content::share::encode(&entry))
            .expect("a code made from a decoded level decodes");
        assert_eq!(
            tessera::level::write_pack("x", &[entry]),
            tessera::level::write_pack("x", &[again]),
            "a level survives its code"
        );
    }
});
