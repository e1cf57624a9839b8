//! Training strategies (issue 25): a genetic algorithm searches a
//! representation (axelrod's lookup tables, cycles, gamblers, state
//! machines, hidden Markov models, neural networks) for the player that
//! does best by an objective (mean score per turn, or score difference)
//! against a field of opponents, as axelrod-dojo does (Harper, Knight et
//! al. 2017). Pure: no IO, no clock; the study (`study/kinds/train.rs`)
//! writes the files.
//!
//! One concept per file:
//! - [`keys`]: every random draw comes from a ChaCha8 generator keyed by
//!   (seed, restart, generation, role) and a stream (a candidate, a match);
//! - [`genome`]: a candidate's genes (moves, states, reals) and their text;
//! - [`representation`]: what a candidate is, one file per kind, and the
//!   strategy it plays (one of our existing strategy file kinds), its
//!   random genomes and its mutation;
//! - [`operators`]: crossover (one point, uniform, none) over a
//!   representation's loci, the move flip and the Gaussian step;
//! - [`objective`]: a candidate's value against the field, its matches
//!   played by the engine's match loop (`ipd::play`);
//! - [`genetic`]: the generations: evaluate in parallel, keep the best,
//!   breed the rest (or move a swarm's particles);
//! - [`swarm`]: particle swarm optimisation of the real-valued kinds.
//!
//! Invariants: a restart is a pure function of (setup, seed, restart): the
//! candidates are evaluated in parallel (rayon) but their values are
//! collected in candidate order, and no draw depends on the thread that
//! makes it, so 1 and N threads give the same bytes. Restarts use disjoint
//! generators, so independent restarts (the shard units of the next slice)
//! can run anywhere and be merged by their objective.

pub mod genetic;
pub mod genome;
pub mod keys;
pub mod objective;
pub mod operators;
pub mod representation;
pub mod swarm;

pub use genetic::{Generation, Individual, Training};
pub use genome::{Genome, GenomeError, Layout};
pub use objective::{Field, Objective};
pub use operators::{Crossover, Genetic};
pub use representation::Representation;
pub use swarm::Swarm;
