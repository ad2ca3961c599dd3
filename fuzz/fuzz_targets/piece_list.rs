//! A piece list (first byte: tiles turn or not), read by the reader every door shares; a list
//! it accepts is searched for its best score within a few thousand nodes, and the board that
//! comes back lays every tile once, keeps the clues and scores what it says (the fourth sweep's
//! crash: two clues on one cell, read, then an index out of bounds in the search).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::tiles::{best, read};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(list) = read(text, kind & 1 == 1) else { return };
    let p = list.puzzle;
    if p.cells() > 64 {
        return;
    }
    let opts = best::Options { budget: tessera::support::budget::Budget::nodes(3_000), seed: kind as u64 };
    let b = best::best(&p, &opts, |_, _, _| {});
    assert_eq!(b.placement.len(), p.cells(), "every cell laid");
    let mut used = vec![false; p.tiles.len()];
    for &(t, r) in &b.placement {
        assert!(!std::mem::replace(&mut used[t], true), "tile {t} laid twice");
        assert!(p.rotate || r == 0, "a tile turned where tiles do not turn");
    }
    for k in &p.clues {
        assert_eq!(b.placement[k.cell], (k.tile, k.rot), "the clue at cell {} kept", k.cell);
    }
    let cells: Vec<_> = b.placement.iter().map(|&x| Some(x)).collect();
    assert_eq!(p.matched_inner(&cells).0, b.score, "the score said is the board's");
});
