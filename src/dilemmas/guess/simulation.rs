//! Repeated rounds of the guessing game played by a population of mixed
//! thinking levels, with noise: the learning pattern of Nagel (1995) and Ho,
//! Camerer and Weigelt (1998), where choices fall round after round towards
//! the equilibrium.
//!
//! Model. Each player draws a thinking level once from Poisson(tau). In
//! round 1 the anchor is the midpoint of the range and level-0 players pick
//! uniformly at random; from round 2 the anchor is the previous round's mean
//! and level-0 players pick it. A level-k player picks p^k times the anchor
//! (level-k reasoning about the anchor). Every choice is then moved by a
//! uniform draw in ±noise x (hi - lo), kept in the range and, for
//! whole-number games, rounded to the nearest whole number (halves up). The
//! target is p times the mean (rounded when the game says so); the winners
//! are the players closest to it.
//!
//! Reproducibility: all draws come from one ChaCha8 generator seeded with
//! the seed, in a fixed order (levels player by player, then each round
//! player by player: the level-0 draw if any, then the noise draw), so the
//! results are a pure function of (game, settings, seed).

use crate::dilemmas::guess::game::{Choices, GuessGame, Rounding};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Largest number of rounds accepted.
pub const MAX_ROUNDS: usize = 100_000;
/// Largest population x rounds accepted.
pub const MAX_WORK: usize = 50_000_000;

/// Settings of a simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimulationSettings {
    /// Rounds played.
    pub rounds: usize,
    /// Poisson mean of the thinking levels.
    pub tau: f64,
    /// Half-width of the uniform noise, as a share of the range width.
    pub noise: f64,
    /// Seed of the generator.
    pub seed: u64,
}

/// Settings that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimulationError {
    /// Zero or too many rounds.
    #[error("the number of rounds must be a whole number from 1 to {max}, got {got}")]
    Rounds {
        /// Given.
        got: i64,
        /// Largest allowed.
        max: usize,
    },
    /// Noise outside [0, 1].
    #[error("noise must be a number from 0 to 1 (a share of the range width), got {got}")]
    Noise {
        /// Given.
        got: f64,
    },
    /// Players x rounds too large.
    #[error("players x rounds must be at most {max}, got {got}")]
    TooMuchWork {
        /// Given.
        got: u128,
        /// Largest allowed.
        max: usize,
    },
}

impl SimulationSettings {
    /// Validates settings for `game` (tau is checked by the
    /// cognitive-hierarchy module's rule: 0 to 100).
    pub fn new(
        game: &GuessGame,
        rounds: i64,
        tau: f64,
        noise: f64,
        seed: u64,
    ) -> Result<Self, SimulationError> {
        Self::new_within(game, rounds, tau, noise, seed, MAX_WORK as u128)
    }

    /// As [`SimulationSettings::new`], with players x rounds at most
    /// `max_work` instead of [`MAX_WORK`] (`dilemma guess --no-limit`); the
    /// rounds stay at most [`MAX_ROUNDS`].
    pub fn new_within(
        game: &GuessGame,
        rounds: i64,
        tau: f64,
        noise: f64,
        seed: u64,
        max_work: u128,
    ) -> Result<Self, SimulationError> {
        if !(1..=MAX_ROUNDS as i64).contains(&rounds) {
            return Err(SimulationError::Rounds {
                got: rounds,
                max: MAX_ROUNDS,
            });
        }
        if !noise.is_finite() || !(0.0..=1.0).contains(&noise) {
            return Err(SimulationError::Noise { got: noise });
        }
        let work = game.players as u128 * rounds as u128;
        if work > max_work {
            return Err(SimulationError::TooMuchWork {
                got: work,
                max: max_work.min(usize::MAX as u128) as usize,
            });
        }
        Ok(SimulationSettings {
            rounds: rounds as usize,
            tau,
            noise,
            seed,
        })
    }
}

/// One round's summary.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundSummary {
    /// Round number, from 1.
    pub round: usize,
    /// The anchor the levels reasoned from.
    pub anchor: f64,
    /// Mean choice.
    pub mean: f64,
    /// Median choice.
    pub median: f64,
    /// Smallest choice.
    pub min: f64,
    /// Largest choice.
    pub max: f64,
    /// The target (p x mean, rounded if the game rounds).
    pub target: f64,
    /// The winning choice (the smallest if several distinct choices tie).
    pub winning_choice: f64,
    /// Number of winners.
    pub winners: usize,
}

/// The whole simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// Each player's thinking level.
    pub levels: Vec<u32>,
    /// choices[r][i]: player i's choice in round r + 1.
    pub choices: Vec<Vec<f64>>,
    /// Per-round summaries.
    pub rounds: Vec<RoundSummary>,
}

fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

fn poisson(rng: &mut ChaCha8Rng, tau: f64) -> u32 {
    // Inversion: the smallest k whose cumulative probability exceeds u.
    let u = unit(rng);
    let mut k = 0u32;
    let mut term = (-tau).exp();
    let mut cumulative = term;
    while u >= cumulative && k < 1000 {
        k += 1;
        term *= tau / f64::from(k);
        cumulative += term;
        if term == 0.0 && f64::from(k) > tau {
            break;
        }
    }
    k
}

/// Runs the simulation.
pub fn simulate(game: &GuessGame, settings: &SimulationSettings) -> Simulation {
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let n = game.players;
    let (lo, hi) = (game.lo as f64, game.hi as f64);
    let p = game.p.to_f64();
    let levels: Vec<u32> = (0..n).map(|_| poisson(&mut rng, settings.tau)).collect();
    let mut anchor = game.midpoint().to_f64();
    let mut choices = Vec::with_capacity(settings.rounds);
    let mut rounds = Vec::with_capacity(settings.rounds);
    let spread = settings.noise * (hi - lo);
    for round in 1..=settings.rounds {
        let mut picks = Vec::with_capacity(n);
        for &level in &levels {
            let base = if level == 0 && round == 1 {
                lo + unit(&mut rng) * (hi - lo)
            } else {
                anchor * p.powi(level.min(10_000) as i32)
            };
            let noisy = (base + (2.0 * unit(&mut rng) - 1.0) * spread).clamp(lo, hi);
            picks.push(match game.choices {
                Choices::Continuous => noisy,
                Choices::Integer => (noisy + 0.5).floor().clamp(lo, hi),
            });
        }
        // Sum in player order (fixed), so the mean is reproducible.
        let mean = picks.iter().sum::<f64>() / n as f64;
        let mut target = p * mean;
        if game.choices == Choices::Integer && game.rounding == Rounding::Nearest {
            target = (target + 0.5).floor();
        }
        let best = picks
            .iter()
            .map(|x| (x - target).abs())
            .fold(f64::INFINITY, f64::min);
        let winners = picks.iter().filter(|x| (*x - target).abs() == best).count();
        let winning_choice = picks
            .iter()
            .copied()
            .filter(|x| (x - target).abs() == best)
            .fold(f64::INFINITY, f64::min);
        let mut sorted = picks.clone();
        sorted.sort_by(f64::total_cmp);
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        rounds.push(RoundSummary {
            round,
            anchor,
            mean,
            median,
            min: sorted[0],
            max: sorted[n - 1],
            target,
            winning_choice,
            winners,
        });
        choices.push(picks);
        anchor = mean;
    }
    Simulation {
        levels,
        choices,
        rounds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::rational::Rational;

    fn settings(game: &GuessGame, rounds: i64, seed: u64) -> SimulationSettings {
        SimulationSettings::new(game, rounds, 1.5, 0.02, seed).unwrap()
    }

    #[test]
    fn converges_towards_zero() {
        let game = GuessGame::standard(50);
        let sim = simulate(&game, &settings(&game, 15, 7));
        let means: Vec<f64> = sim.rounds.iter().map(|r| r.mean).collect();
        assert!(means[0] > 20.0 && means[0] < 50.0, "{means:?}");
        assert!(means[14] < 3.0, "{means:?}");
        // The trend is downwards: each of the first rounds is below the last.
        assert!(means.windows(2).take(6).all(|w| w[1] < w[0]), "{means:?}");
    }

    #[test]
    fn four_thirds_converges_to_the_top() {
        let game = GuessGame {
            p: Rational::new(4, 3).unwrap(),
            ..GuessGame::standard(50)
        };
        let sim = simulate(&game, &settings(&game, 15, 7));
        assert!(sim.rounds[14].mean > 97.0, "{:?}", sim.rounds[14]);
    }

    #[test]
    fn same_seed_same_result() {
        let game = GuessGame::standard(20);
        let a = simulate(&game, &settings(&game, 5, 3));
        let b = simulate(&game, &settings(&game, 5, 3));
        let c = simulate(&game, &settings(&game, 5, 4));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn bad_settings() {
        let game = GuessGame::standard(20);
        assert!(SimulationSettings::new(&game, 0, 1.5, 0.0, 1).is_err());
        assert!(SimulationSettings::new(&game, 5, 1.5, -0.1, 1).is_err());
        assert!(SimulationSettings::new(&game, 5, 1.5, f64::NAN, 1).is_err());
    }
}
