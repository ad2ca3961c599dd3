//! `tessera import`: any bytes as an SVG drawing of the tangram's pieces (first byte picks the
//! set), read and recognised or refused, never a crash.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let set = ["tangram", "tpuzzle", "pentominoes"][kind as usize % 3];
    let set = tessera::pieces::PieceSet::builtin(set).expect("a built-in set");
    if let Ok(entry) = tessera::content::import::import_svg(rest, &set, "fuzz") {
        // What it makes is a level that loads.
        let text = tessera::level::write_pack("Fuzz", std::slice::from_ref(&entry));
        tessera::level::parse_pack(&text, "fuzz.ron", "fuzz").expect("an imported level loads");
    }
});
