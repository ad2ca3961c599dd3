//! A `tessera solve` file (first byte: JSON or RON), parsed and solved within a small budget.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::format::{parse_solve, Syntax};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let syntax = if kind % 2 == 0 { Syntax::Json } else { Syntax::Ron };
    if let Ok(file) = parse_solve(text, syntax) {
        let budget = tessera::support::budget::Budget::ms(Some(200)).with_nodes(2_000);
        let _ = tessera::cli::solve::solve_one(&file, 2, kind & 2 != 0, &budget);
    }
});
