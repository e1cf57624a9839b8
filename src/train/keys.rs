//! The generators of a training run. Reproducibility contract: every draw
//! of a restart comes from a ChaCha8 generator keyed by the 32 bytes
//! `(seed, restart, generation, role)` as little-endian u64s, on the stream
//! of what it is for (a candidate's index, or a match's opponent and
//! repetition). Nothing depends on the thread that draws or on the order
//! in which candidates are handled, so results are a pure function of the
//! setup and the seed.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a generator is for: one key per role, so no two uses share draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The random candidates of the first generation (stream: candidate).
    Start = 1,
    /// Breeding the next generation (stream: the child's index).
    Breed = 2,
    /// The matches of a generation's evaluation (stream: opponent x
    /// repetitions + repetition; the same for every candidate, so the
    /// candidates of a generation meet the same draws: common random
    /// numbers).
    Match = 3,
    /// The candidate's matches against itself (Moran objective; stream:
    /// repetition).
    SelfPlay = 4,
    /// The opponents' matches against themselves, once per run (Moran
    /// objective; restart and generation 0; stream: opponent x
    /// repetitions + repetition).
    Residents = 5,
}

/// The generator of `role` in `generation` of `restart` under `seed`, on
/// stream `stream`.
pub fn generator(seed: u64, restart: u64, generation: u64, role: Role, stream: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    for (chunk, word) in key
        .chunks_exact_mut(8)
        .zip([seed, restart, generation, role as u64])
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(stream);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn every_part_of_the_key_and_the_stream_changes_the_draws() {
        let first = |rng: &mut ChaCha8Rng| rng.next_u64();
        let base = first(&mut generator(1, 0, 0, Role::Start, 0));
        assert_eq!(base, first(&mut generator(1, 0, 0, Role::Start, 0)));
        for mut other in [
            generator(2, 0, 0, Role::Start, 0),
            generator(1, 1, 0, Role::Start, 0),
            generator(1, 0, 1, Role::Start, 0),
            generator(1, 0, 0, Role::Breed, 0),
            generator(1, 0, 0, Role::Start, 1),
        ] {
            assert_ne!(base, first(&mut other));
        }
    }
}
