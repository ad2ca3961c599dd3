//! Small helpers over a seeded generator (`rand_chacha`), for results that must be the same on
//! every machine: the daily puzzles and the edge search's tie-breaking.

use rand_chacha::rand_core::RngCore;

/// A seed from text (FNV-1a, 64 bits): the same text gives the same seed on every machine.
pub fn seed_of(text: &str) -> u64 {
    fnv1a(text.as_bytes())
}

/// The 64-bit FNV-1a hash of some bytes (seeds, and the share codes' check).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// A number in [0, 1), from the top 53 bits of one draw.
pub fn unit(rng: &mut impl RngCore) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

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
