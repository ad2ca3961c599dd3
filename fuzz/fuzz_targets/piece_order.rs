//! A piece list's order of sides (first byte: tiles turn or not): read again in the order the
//! reader says, the same puzzle; a guessed order has its other reading to try, a known one
//! none; and on small boards a known order is a fact: the other reading has no solution (the
//! corners and the rim are proofs, never guesses).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::support::budget::Budget;
use tessera::tiles::{exact, read, read_as, Known};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let rotate = kind & 1 == 1;
    let Ok(r) = read(text, rotate) else { return };
    let again = read_as(text, rotate, Some(r.order)).expect("read again in its own order");
    assert_eq!(again.puzzle, r.puzzle);
    let other = read_as(text, rotate, Some(r.order.other()));
    match r.known {
        Known::Guessed => assert_eq!(r.other().map(|o| o.puzzle), other.as_ref().ok().map(|o| o.puzzle.clone())),
        _ => assert!(r.other().is_none(), "a known order has no other reading to try"),
    }
    if matches!(r.known, Known::Corners | Known::Rim) && r.puzzle.cells() <= 9 {
        if let Ok(o) = other {
            let opts = exact::Options { limit: 1, budget: Budget::nodes(200_000), ..Default::default() };
            if let Ok(res) = exact::solve(&o.puzzle, &opts) {
                assert_eq!(res.solutions, 0, "{:?} says the order, but the other reading solves", r.known);
            }
        }
    }
});
