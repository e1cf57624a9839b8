//! Exact analysis of a match between two finite-state players: expected
//! outcomes without sampling (pure, no IO).
//!
//! A player whose state is finite ([`reading`]) is a [`machine::Machine`];
//! two machines and the match's noise make a Markov chain on their joint
//! state ([`chain`]), whose expected outcome over a fixed horizon, a
//! random horizon or play without end is computed in the field of
//! [`number`]: exact rationals when every input is a fraction, doubles
//! always. [`matrix`] gives every ordered pair of a list at once (the
//! payoff table of the evolutionary kinds).

pub mod analysis;
pub mod chain;
pub mod fingerprint;
pub mod machine;
pub mod matrix;
pub mod number;
pub mod reading;
pub mod solve;

#[cfg(test)]
mod tests;
