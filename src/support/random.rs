//! Small helpers over a seeded generator (`rand_chacha`), for results that must be the same on
//! every machine: the daily puzzles and the edge search's tie-breaking.

use rand_chacha::rand_core::RngCore;

/// A number in `0..n` (`n` at least 1).
pub fn below(rng: &mut impl RngCore, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// Shuffles `v` in place (Fisher and Yates).
pub fn shuffle<T>(rng: &mut impl RngCore, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        v.swap(i, below(rng, i + 1));
    }
}
