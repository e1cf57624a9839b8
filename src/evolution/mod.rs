//! Evolutionary dynamics of strategies: the Moran process (birth-death and
//! death-birth, on graphs, with mutation), fixation probabilities over many
//! independent runs, ecological (replicator) dynamics from a tournament's
//! payoff matrix, and the spatial prisoner's dilemma of Nowak & May (1992).
//!
//! Pure: no IO here. Invariant shared by every file: results are a pure
//! function of (inputs, seed). Every random process draws from ChaCha8
//! generators keyed by what the draw is for (seed, run index, ...), never by
//! scheduling, so any thread count gives identical results.

pub mod error;
pub mod fixation;
pub mod fixation_matrix;
pub mod graph;
pub mod interval;
pub mod invasion;
pub mod long_run;
pub mod moran;
pub mod moran_units;
pub mod payoff_table;
pub mod replicator;
pub mod share_outcome;
pub mod spatial;

pub use error::EvolutionError;
pub use fixation::{FixationResult, FixationStudy, estimate_fixation, moran_fixation_probability};
pub use graph::Graph;
pub use interval::wilson_interval;
pub use moran::{Fitness, Mode, MoranProcess, MoranRun};
pub use payoff_table::PayoffTable;
pub use replicator::{ReplicatorDynamics, ReplicatorKind};
pub use spatial::{Boundary, CellPayoff, Neighbourhood, SpatialGame};
