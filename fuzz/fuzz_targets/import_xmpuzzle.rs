//! `tessera import` of BurrTools puzzles: any bytes as a `.xmpuzzle` (gzip or plain XML), read
//! and each problem made a level or refused, never a crash; a level that loads, written back
//! as a puzzle, reads again as the same board.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::family::xmpuzzle;

fuzz_target!(|data: &[u8]| {
    let Ok(puzzle) = xmpuzzle::read(data) else { return };
    for entry in xmpuzzle::levels(&puzzle, "fuzz").into_iter().flatten() {
        let text = tessera::level::write_pack("Fuzz", std::slice::from_ref(&entry));
        // A level may still be refused here (too many copies, too many cells): with a reason.
        let Ok(pack) = tessera::level::parse_pack(&text, "fuzz.ron", "fuzz") else { continue };
        let level = &pack.levels[0];
        let poly = level.data::<tessera::family::polyomino::PolyLevel>().expect("a packing level");
        let file = xmpuzzle::write(&xmpuzzle::of_level(&poly.board, &poly.parts, &level.name));
        let back = xmpuzzle::read(&file).expect("a written puzzle reads");
        let again = xmpuzzle::levels(&back, "fuzz").remove(0).expect("a written problem makes a level");
        let cells = |e: &tessera::level::Entry| {
            let b = e.board.as_ref().expect("a board");
            let (mut c, mut o) = (b.cells.clone(), b.optional.clone());
            c.sort();
            o.sort();
            (c, o)
        };
        assert_eq!(cells(&again), cells(&entry));
    }
});
