//! The traveler's dilemma: the game, its exact analysis (equilibrium by
//! iterated elimination with mixed dominance), best-response dynamics and
//! the logit quantal-response equilibrium traced by continuation.

pub mod dynamics;
pub mod game;
pub mod qre;

pub use game::{TravelersError, TravelersGame};
