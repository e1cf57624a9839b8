//! Per-match random number generators.
//!
//! Reproducibility contract: every match draws only from its own ChaCha8
//! generator, keyed by the 32 bytes `(master seed, first player's index,
//! second player's index, repetition)` as little-endian u64s. Nothing depends
//! on which thread plays the match or in what order, so results are a pure
//! function of (scenario, seed). Within a match the draws are: the length
//! (random horizon only), then each turn player 1's strategy, player 2's
//! strategy, player 1's noise flip, player 2's noise flip.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator every match uses.
pub type MatchRng = ChaCha8Rng;

/// The generator of match (`first`, `second`, `repetition`) under `seed`.
pub fn match_rng(seed: u64, first: u64, second: u64, repetition: u64) -> MatchRng {
    let mut key = [0u8; 32];
    for (chunk, word) in key
        .chunks_exact_mut(8)
        .zip([seed, first, second, repetition])
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A uniform draw in [0, 1) with 53 random bits.
#[inline(always)]
pub fn unit_interval(rng: &mut MatchRng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// True with probability `p` (exactly never for p = 0, always for p = 1).
#[inline(always)]
pub fn bernoulli(rng: &mut MatchRng, p: f64) -> bool {
    unit_interval(rng) < p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_depend_on_every_key_part() {
        let draw = |s, a, b, r| match_rng(s, a, b, r).next_u64();
        let base = draw(1, 2, 3, 4);
        assert_eq!(base, draw(1, 2, 3, 4));
        assert_ne!(base, draw(2, 2, 3, 4));
        assert_ne!(base, draw(1, 3, 3, 4));
        assert_ne!(base, draw(1, 2, 4, 4));
        assert_ne!(base, draw(1, 2, 3, 5));
    }

    #[test]
    fn bernoulli_extremes_are_exact() {
        let mut rng = match_rng(0, 0, 0, 0);
        for _ in 0..10_000 {
            assert!(!bernoulli(&mut rng, 0.0));
            assert!(bernoulli(&mut rng, 1.0));
            let u = unit_interval(&mut rng);
            assert!((0.0..1.0).contains(&u));
        }
    }
}
