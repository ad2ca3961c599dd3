//! An edge-matching puzzle (first byte: text or RON, turning or not), parsed and solved within
//! a small node budget.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::tiles::{exact, parse_text, RawPuzzle};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let puzzle = if kind % 2 == 0 {
        parse_text(text, kind & 2 != 0)
    } else {
        tessera::format::ron_options()
            .from_str::<RawPuzzle>(text)
            .map_err(|e| tessera::format::ron_error(&e))
            .and_then(|raw| raw.build())
    };
    if let Ok(p) = puzzle {
        let opts = exact::Options { limit: 2, budget: tessera::support::budget::Budget::nodes(5_000), ..Default::default() };
        if let Ok(out) = exact::solve(&p, &opts) {
            if let Some(first) = out.first {
                p.check(&first).expect("a solution the solver returns checks");
            }
        }
    }
});
