//! A `tessera verify` file (first byte: JSON or RON), parsed, built and judged.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera::format::{parse_puzzle, Syntax};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let syntax = if kind % 2 == 0 { Syntax::Json } else { Syntax::Ron };
    if let Ok(file) = parse_puzzle(text, syntax) {
        if let Ok((puzzle, pieces, _)) = file.build_repaired() {
            let v = puzzle.judge(&pieces);
            assert!((0.0..=1.0).contains(&v.progress), "progress {}", v.progress);
        }
    }
});
