//! A `tessera solve` file (first byte: JSON or RON), parsed and solved within a small budget.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::format::{parse_solve, Syntax};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let syntax = if kind % 2 == 0 { Syntax::Json } else { Syntax::Ron };
    if let Ok(file) = parse_solve(text, syntax) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(200);
        let _ = tessera::cli::solve::solve_one(&file, 2, kind & 2 != 0, Some(deadline), 2_000);
    }
});
