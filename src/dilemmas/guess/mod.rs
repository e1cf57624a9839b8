//! Guess p of the average (GAMES.md section 5; Moulin 1986, Nagel 1995),
//! the "beauty contest": each player picks a number in a range and the one
//! closest to p times the mean wins.
//!
//! * [`analysis`]: all of the below for one game.
//! * [`ratio`]: exact rationals (p, targets, bounds).
//! * [`game`]: the game, its parameters and the stated rounding rule.
//! * [`elimination`]: iterated elimination of dominated choices by round.
//! * [`equilibria`]: every pure equilibrium (exhaustive for small games,
//!   symmetric profiles otherwise, verified exactly).
//! * [`level_k`]: level-k predictions.
//! * [`cognitive_hierarchy`]: Camerer-Ho-Chong's Poisson model.
//! * [`simulation`]: seeded repeated rounds of a mixed-level population.

pub mod analysis;
pub mod cognitive_hierarchy;
pub mod elimination;
pub mod equilibria;
pub mod game;
pub mod inputs;
pub mod level_k;
pub mod simulation;

pub use game::{Choices, GuessError, GuessGame, Rounding};
